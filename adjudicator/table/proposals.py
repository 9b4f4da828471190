"""Ending a game by agreement: ``propose draw`` or ``propose concede SEAT``, then a sealed vote.

- The *voters* are the seats still in the game when the proposal is made: seats a player holds
  (``taken``), not bots and not seats in civil disorder. A concession is to one of them.
- One proposal at a time per game. The proposer's vote is yes; every other voter is mailed the
  proposal (without the proposer's name) and answers ``vote yes`` or ``vote no``, once.
- The vote is sealed: nobody is told how anyone voted. It passes only when every voter has voted
  yes; the result (passed or failed) is announced to the voters when the last vote is in. A
  proposal still missing votes when its turn closes lapses.
- A passed proposal ends the game like any game end: the game is over with the engine's
  :class:`~adjudicator.games.base.Outcome` (a draw has no winners; a concession has the one seat
  it was made to), the open turn is left unresolved (status ``ended``), and the archive publishes
  the agreement (:func:`agreement_of`) so ``pbem verify`` can check the outcome against the votes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, select

from adjudicator.core.engine import Referee, RefereeError
from adjudicator.core.readers import game_language, reader_language
from adjudicator.core.store import Game, Proposal, Seat, Turn, Vote, dumps, loads
from adjudicator.games.base import Outcome, outcome_text
from adjudicator.games.language import ENGLISH, N_, Language
from adjudicator.post.letters import queue_letter
from adjudicator.table.refusals import refused

KINDS = ("draw", "concede")
#: the reasons the record keeps (English); a reader reads them in their language
REASONS = {
    "draw": N_("draw agreed by every seat in the game"),
    "concede": N_("conceded by every other seat in the game"),
}


def agreed_outcome(kind: str, conceded_to: str | None) -> Outcome:
    """The outcome a passed proposal records (the same rule ``pbem verify`` applies)."""
    if kind == "draw":
        return Outcome((), REASONS["draw"])
    assert conceded_to is not None
    return Outcome((conceded_to,), REASONS["concede"])


def voters(session: Session, game_id: str) -> list[str]:
    """The seats still in the game, in the game's seat order."""
    seats = session.exec(select(Seat).where(Seat.game_id == game_id).order_by(Seat.position)).all()  # type: ignore[arg-type]
    return [s.name for s in seats if s.status == "taken" and not s.is_bot]


def open_proposal(session: Session, game: Game) -> Proposal | None:
    """The game's open proposal of the open turn (see :func:`lapse_stale`)."""
    row = session.exec(select(Proposal).where(Proposal.game_id == game.id, Proposal.status == "open")).first()
    return row if row is not None and row.turn_number == game.current_turn else None


def lapse_stale(referee: Referee, game_id: str) -> None:
    """A proposal made in a turn that has closed since lapses (its own transaction: it stays lapsed
    whatever becomes of the message that noticed)."""
    with referee.db.session() as session:
        game = referee.game(session, game_id)
        for row in session.exec(
            select(Proposal).where(Proposal.game_id == game_id, Proposal.status == "open")
        ):
            if row.turn_number != game.current_turn or game.status not in ("running", "paused"):
                row.status = "lapsed"
                session.add(row)


def what(kind: str, conceded_to: str | None, lang: Language = ENGLISH) -> str:
    """What a proposal proposes, in ``lang``."""
    if kind == "draw":
        return lang._("a draw")
    return lang._("a concession of the game to %(seat)s", seat=conceded_to)


def _what(row: Proposal, lang: Language = ENGLISH) -> str:
    return what(row.kind, row.conceded_to, lang)


def made_text(result: Result, seat: str, lang: Language = ENGLISH) -> str:
    """What the proposer is told of the proposal made, in ``lang``."""
    return lang._(
        "proposal %(id)s (%(what)s) made by %(seat)s",
        id=result.proposal,
        what=what(result.kind, result.conceded_to, lang),
        seat=seat,
    )


@dataclass
class Result:
    detail: str
    replies: int = 0
    outcome: Outcome | None = None
    #: the proposal made (its number, kind and the seat it concedes to)
    proposal: int = 0
    kind: str = ""
    conceded_to: str | None = None


def propose(referee: Referee, game_id: str, seat: str, kind: str, conceded_to: str | None = None) -> Result:
    if kind not in KINDS:
        raise refused(
            N_("unknown proposal %(kind)s: write 'propose draw' or 'propose concede SEAT'"),
            RefereeError,
            kind=repr(kind),
        )
    now = referee.clock()
    lapse_stale(referee, game_id)
    with referee.db.session() as session:
        game = referee.game(session, game_id, lock=True)
        if game.status not in ("running", "paused"):
            raise refused(
                N_("game %(game)s is not running (status %(status)s); nothing to propose"),
                game=repr(game_id),
                status=game.status,
            )
        if open_proposal(session, game) is not None:
            raise refused(N_("a proposal is being voted on already; wait for its result"))
        names = voters(session, game_id)
        if seat not in names:
            raise refused(N_("seat %(seat)s is not in the game any more and cannot propose"), seat=seat)
        if kind == "concede":
            if conceded_to not in names:
                raise (
                    refused(
                        N_("a concession is to a seat still in the game: %(seats)s"),
                        RefereeError,
                        seats=", ".join(names),
                    )
                    if conceded_to
                    else refused(
                        N_("write 'propose concede SEAT', naming the seat the game is conceded to"),
                        RefereeError,
                    )
                )
        else:
            conceded_to = None
        row = Proposal(
            game_id=game_id,
            kind=kind,
            conceded_to=conceded_to,
            proposed_by=seat,
            turn_number=game.current_turn,
            voters_json=dumps(names),
            created_at=now,
        )
        session.add(row)
        session.flush()
        session.add(Vote(proposal_id=row.id, seat=seat, vote="yes", created_at=now))  # type: ignore[arg-type]
        session.flush()
        result = Result(
            f"proposal {row.id} ({_what(row)}) made by {seat}",
            proposal=row.id or 0,
            kind=kind,
            conceded_to=conceded_to,
        )
        seats = {s.name: s for s in referee.seats(session, game_id)}
        for name in names:
            if name == seat or name not in seats or not seats[name].email:
                continue
            lang = reader_language(game, seats[name])
            text = lang._(
                "A seat proposes %(what)s (proposal %(id)s).\n\n"
                "Vote with your game:, seat:, secret: and turn: %(turn)s lines and one line:\n\n"
                "    vote yes %(id)s        or        vote no %(id)s\n\n"
                "The vote is sealed: nobody is told how anyone voted. It passes only if every seat still "
                "in the game (%(seats)s) votes yes, and lapses if votes are missing when turn "
                "%(turn)s closes.",
                what=_what(row, lang),
                id=row.id,
                turn=row.turn_number,
                seats=", ".join(names),
            )
            if queue_letter(
                session,
                game=game,
                to=seats[name].email,  # type: ignore[arg-type]
                title=lang._("A proposal to end the game"),
                text=text,
                kind="proposal",
                key=(row.id, name),
                seat=name,
            ):
                result.replies += 1
        result.replies += _settle(session, game, row, now)
        return result


def vote(referee: Referee, game_id: str, seat: str, choice: str, *, proposal: int) -> Result:
    """A seat's sealed vote on the proposal numbered ``proposal``: a vote counts only on the
    proposal it names (an old ``vote yes`` never counts on a later proposal)."""
    choice = choice.strip().lower()
    if choice not in ("yes", "no"):
        raise refused(N_("write 'vote yes' or 'vote no'"), RefereeError)
    now = referee.clock()
    lapse_stale(referee, game_id)
    with referee.db.session() as session:
        game = referee.game(session, game_id, lock=True)
        row = open_proposal(session, game) if game.status in ("running", "paused") else None
        if row is None:
            raise refused(N_("there is no proposal to vote on in this turn"))
        if row.id != proposal:
            raise refused(
                N_(
                    "proposal %(proposal)s is not the one being voted on (proposal %(id)s is): a vote counts "
                    "only on the proposal it names. Nothing was changed."
                ),
                proposal=proposal,
                id=row.id,
            )
        if seat not in loads(row.voters_json):
            raise refused(N_("seat %(seat)s does not vote on this proposal"), seat=seat)
        if (
            session.exec(select(Vote).where(Vote.proposal_id == row.id, Vote.seat == seat)).first()
            is not None
        ):
            raise refused(N_("your vote on this proposal is in already; a vote is given once"))
        session.add(Vote(proposal_id=row.id, seat=seat, vote=choice, created_at=now))  # type: ignore[arg-type]
        session.flush()
        replies = _settle(session, game, row, now)
        outcome = loads(game.outcome_json) if game.status == "over" else None
        return Result(
            f"vote on proposal {row.id} by {seat} recorded; proposal {row.status}",
            replies,
            Outcome.from_json(outcome) if outcome else None,
        )


def _settle(session: Session, game: Game, row: Proposal, now: object) -> int:
    """When every voter has voted: pass (the game ends) or fail; tell the voters. Returns mails queued."""
    names: list[str] = loads(row.voters_json)
    votes = {v.seat: v.vote for v in session.exec(select(Vote).where(Vote.proposal_id == row.id)).all()}
    if any(name not in votes for name in names):
        return 0
    passed = all(votes[name] == "yes" for name in names)
    row.status = "passed" if passed else "failed"
    row.closed_at = now  # type: ignore[assignment]
    session.add(row)
    if passed:
        outcome = agreed_outcome(row.kind, row.conceded_to)
        turn = session.exec(
            select(Turn).where(Turn.game_id == game.id, Turn.number == game.current_turn)
        ).first()
        if turn is not None and turn.status == "open":
            turn.status = "ended"  # never resolved: the game ended while it was open
            turn.closed_at = now  # type: ignore[assignment]
            turn.close_reason = "agreement"
            session.add(turn)
        game.status = "over"
        game.outcome_json = dumps(outcome.to_json())
        game.finished_at = now  # type: ignore[assignment]
        session.add(game)

    def text(lang: Language) -> str:
        if passed:
            ended = outcome_text(outcome, lang, lang.gettext(REASONS[row.kind]))
            return lang._(
                "Every seat still in the game voted for %(what)s. The game is over: %(outcome)s.",
                what=_what(row, lang),
                outcome=ended,
            )
        return lang._(
            "The proposal of %(what)s did not pass (not every seat voted yes). The game goes on.",
            what=_what(row, lang),
        )

    sent = 0
    seats = {s.name: s for s in session.exec(select(Seat).where(Seat.game_id == game.id)).all()}
    recipients = [(name, seats[name].email if name in seats else None) for name in names]
    if passed and game.referee_email:
        recipients.append(("referee", game.referee_email))
    for name, address in recipients:
        lang = reader_language(game, seats.get(name)) if name != "referee" else game_language(game)
        if address and queue_letter(
            session,
            game=game,
            to=address,
            title=lang._("The game is over") if passed else lang._("Proposal failed"),
            text=text(lang),
            kind="proposal-result",
            key=(row.id, name),
            seat=name if name != "referee" else None,
        ):
            sent += 1
    return sent


def agreement_of(session: Session, game_id: str) -> dict[str, object] | None:
    """What the archive publishes of the proposal that ended the game, or ``None``."""
    row = session.exec(
        select(Proposal).where(Proposal.game_id == game_id, Proposal.status == "passed")
    ).first()
    if row is None:
        return None
    from adjudicator.core.press_record import press_digest, press_entries

    votes = session.exec(select(Vote).where(Vote.proposal_id == row.id)).all()
    turn = session.exec(select(Turn).where(Turn.game_id == game_id, Turn.number == row.turn_number)).first()
    # The press of the turn the agreement ended: never closed, so no record carries it; published here.
    press = press_entries(session, game_id, row.turn_number)
    return {
        "press": press,
        "press_hash": press_digest(press),
        "proposal": row.kind,
        "conceded_to": row.conceded_to,
        "during_turn": row.turn_number,
        "after_record_hash": turn.prev_record_hash if turn is not None else None,
        "voters": loads(row.voters_json),
        "votes": {v.seat: v.vote for v in sorted(votes, key=lambda v: v.seat)},
    }


def check_agreement(
    agreement: Any, outcome: Any, *, closed_turns: int, last_record_hash: str | None, seats: list[str]
) -> Outcome:
    """``pbem verify``'s reading of a published agreement: it follows the last closed turn, every
    voter is a seat and voted yes, and the outcome is the one the proposal records. Raises
    ``ValueError`` saying what does not hold; returns the outcome."""
    if not isinstance(agreement, dict):
        raise ValueError("the agreement is not an object")
    kind, to = agreement.get("proposal"), agreement.get("conceded_to")
    names, votes = agreement.get("voters"), agreement.get("votes")
    if kind not in KINDS or (kind == "concede") != isinstance(to, str):
        raise ValueError(f"unknown proposal {str(kind)[:20]!r}")
    if agreement.get("during_turn") != closed_turns + 1:
        raise ValueError("the agreement was not made during the turn after the last closed one")
    if agreement.get("after_record_hash") != last_record_hash:
        raise ValueError("the agreement does not chain to the last closed turn's record")
    if not isinstance(names, list) or not names or not isinstance(votes, dict):
        raise ValueError("the agreement lists no voters or no votes")
    if any(name not in seats for name in names) or len(set(names)) != len(names):
        raise ValueError("the agreement's voters are not seats of the game")
    if sorted(votes) != sorted(names) or any(votes[name] != "yes" for name in names):
        raise ValueError("the agreement is not a unanimous yes of its voters")
    if kind == "concede" and to not in names:
        raise ValueError("the game was conceded to a seat that was not in it")
    if "press" in agreement or "press_hash" in agreement:
        from adjudicator.core.press_record import press_digest

        press = agreement.get("press")
        if not isinstance(press, list) or press_digest(press) != agreement.get("press_hash"):
            raise ValueError("the press of the turn the agreement ended does not match its press_hash")
    agreed = agreed_outcome(kind, to)
    if agreed.to_json() != outcome:
        raise ValueError("the published outcome is not the one the agreement records")
    return agreed


__all__ = [
    "KINDS",
    "Result",
    "agreed_outcome",
    "agreement_of",
    "check_agreement",
    "propose",
    "vote",
    "voters",
]
