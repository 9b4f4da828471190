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

from adjudicator.core.engine import Referee, RefereeError, Refused
from adjudicator.core.store import Game, Proposal, Seat, Turn, Vote, dumps, loads
from adjudicator.games.base import Outcome
from adjudicator.post.letters import queue_letter

KINDS = ("draw", "concede")
REASONS = {
    "draw": "draw agreed by every seat in the game",
    "concede": "conceded by every other seat in the game",
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


def _what(row: Proposal) -> str:
    return "a draw" if row.kind == "draw" else f"a concession of the game to {row.conceded_to}"


@dataclass
class Result:
    detail: str
    replies: int = 0
    outcome: Outcome | None = None


def propose(referee: Referee, game_id: str, seat: str, kind: str, conceded_to: str | None = None) -> Result:
    if kind not in KINDS:
        raise RefereeError(f"unknown proposal {kind!r}: write 'propose draw' or 'propose concede SEAT'")
    now = referee.clock()
    lapse_stale(referee, game_id)
    with referee.db.session() as session:
        game = referee.game(session, game_id, lock=True)
        if game.status not in ("running", "paused"):
            raise Refused(f"game {game_id!r} is not running (status {game.status}); nothing to propose")
        if open_proposal(session, game) is not None:
            raise Refused("a proposal is being voted on already; wait for its result")
        names = voters(session, game_id)
        if seat not in names:
            raise Refused(f"seat {seat} is not in the game any more and cannot propose")
        if kind == "concede":
            if conceded_to not in names:
                raise RefereeError(
                    f"a concession is to a seat still in the game: {', '.join(names)}"
                    if conceded_to
                    else "write 'propose concede SEAT', naming the seat the game is conceded to"
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
        result = Result(f"proposal {row.id} ({_what(row)}) made by {seat}")
        addresses = {s.name: s.email for s in referee.seats(session, game_id)}
        for name in names:
            if name == seat or not addresses.get(name):
                continue
            text = (
                f"A seat proposes {_what(row)} (proposal {row.id}).\n\n"
                f"Vote with your game:, seat:, secret: and turn: {row.turn_number} lines and one line:\n\n"
                f"    vote yes {row.id}        or        vote no {row.id}\n\n"
                f"The vote is sealed: nobody is told how anyone voted. It passes only if every seat still "
                f"in the game ({', '.join(names)}) votes yes, and lapses if votes are missing when turn "
                f"{row.turn_number} closes."
            )
            if queue_letter(
                session,
                game=game,
                to=addresses[name],  # type: ignore[arg-type]
                title="A proposal to end the game",
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
        raise RefereeError("write 'vote yes' or 'vote no'")
    now = referee.clock()
    lapse_stale(referee, game_id)
    with referee.db.session() as session:
        game = referee.game(session, game_id, lock=True)
        row = open_proposal(session, game) if game.status in ("running", "paused") else None
        if row is None:
            raise Refused("there is no proposal to vote on in this turn")
        if row.id != proposal:
            raise Refused(
                f"proposal {proposal} is not the one being voted on (proposal {row.id} is): a vote counts "
                "only on the proposal it names. Nothing was changed."
            )
        if seat not in loads(row.voters_json):
            raise Refused(f"seat {seat} does not vote on this proposal")
        if (
            session.exec(select(Vote).where(Vote.proposal_id == row.id, Vote.seat == seat)).first()
            is not None
        ):
            raise Refused("your vote on this proposal is in already; a vote is given once")
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
        text = f"Every seat still in the game voted for {_what(row)}. The game is over: {outcome}."
    else:
        text = f"The proposal of {_what(row)} did not pass (not every seat voted yes). The game goes on."
    sent = 0
    addresses = {s.name: s.email for s in session.exec(select(Seat).where(Seat.game_id == game.id)).all()}
    recipients = [(name, addresses.get(name)) for name in names]
    if passed and game.referee_email:
        recipients.append(("referee", game.referee_email))
    for name, address in recipients:
        if address and queue_letter(
            session,
            game=game,
            to=address,
            title="The game is over" if passed else "Proposal failed",
            text=text,
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
