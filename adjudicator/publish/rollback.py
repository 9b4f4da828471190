"""A referee's rollback: ``pbem turn rollback GAME N`` takes the game back to the end of turn N.

History is never erased. The turns after N (closed ones with their full records, record
hashes and stored reports, and the open turn with its sealed submissions) are moved whole
into a :class:`~adjudicator.core.store.Branch` row; the main line keeps turns 1..N, and turn N+1
opens again from the state after turn N with a fresh turn secret, chained to turn N's record
hash. The archive publishes the branch under ``branches/K/`` and ``pbem verify`` replays it,
chained from turn N like the main line. ``N = 0`` goes back to the setup.

Seats' missed-turn counts and civil-disorder status are left as they are: the referee
decides those (``pbem seat replace``).

A referee's adjustments made after turn N (``pbem referee adjust``) stay on the main line and
turn N+1 reopens from the adjusted state, chained to the last of them. Later adjustments belong to
the abandoned line: they move into the branch with its turns (published and verified there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, update
from sqlmodel import Session, select

from adjudicator.core.engine import Referee, RefereeError, Refused
from adjudicator.core.record import turn_record
from adjudicator.core.store import (
    Branch,
    Database,
    DiceRoll,
    EventRecord,
    ReminderSent,
    Report,
    Submission,
    Turn,
    as_utc,
    dumps,
    loads,
    utcnow,
)


@dataclass
class RollbackResult:
    game_id: str
    branch: int
    after_turn: int
    abandoned: list[int]  # closed turns moved to the branch
    abandoned_open: int | None  # the open turn moved to the branch, if there was one
    reopened: int  # the turn now open


def _submission_json(s: Submission) -> dict[str, object]:
    return {
        "request": s.request_key,
        "seat": s.seat,
        "text": s.text,
        "canonical": s.canonical,
        "salt": s.salt,
        "receipt": s.receipt,
        "status": s.status,
        "final": s.final,
        "source": s.source,
        "created_at": as_utc(s.created_at).isoformat() if s.created_at else None,  # type: ignore[union-attr]
    }


def rollback(
    db: Database,
    game_id: str,
    after_turn: int,
    *,
    reason: str = "",
    clock: Callable[[], datetime] = utcnow,
) -> RollbackResult:
    """Move every turn after ``after_turn`` into a new branch and open turn ``after_turn + 1``."""
    referee = Referee(db, clock=clock)
    if not isinstance(after_turn, int) or after_turn < 0:
        raise RefereeError(f"turn {after_turn!r}: give the number of the last turn to keep (0 for the setup)")
    if len(reason) > 2000:
        raise RefereeError("the reason must be at most 2000 characters")
    with db.session() as session:
        game = referee.game(session, game_id, lock=True)
        if game.status == "setup":
            raise Refused(f"game {game_id!r} has not started; there is nothing to roll back")
        turns = list(
            session.exec(select(Turn).where(Turn.game_id == game_id).order_by(Turn.number)).all()  # type: ignore[arg-type]
        )
        later = [t for t in turns if t.number > after_turn]
        closed_later = [t for t in later if t.status == "closed"]
        if not closed_later:
            last = max((t.number for t in turns if t.status == "closed"), default=0)
            raise Refused(
                f"no closed turn after turn {after_turn} of {game_id!r} (the last closed turn is {last}); "
                "nothing to roll back"
            )
        kept = next((t for t in turns if t.number == after_turn), None)
        if after_turn > 0 and (kept is None or kept.status != "closed" or not kept.record_hash):
            raise Refused(f"turn {after_turn} of {game_id!r} is not a closed turn")

        from adjudicator.table.adjustments import entry_of, entry_rows, state_after_adjustments

        adjusted = entry_rows(session, game_id)
        kept_adjustments = [row for row in adjusted if row.turn_number == after_turn + 1]
        data = _branch_data(session, game_id, later, clock)
        data["adjustments"] = [entry_of(row) for row in adjusted if row.turn_number > after_turn + 1]
        # the record the branch leaves from (None: the setup); a later rollback to an earlier
        # point moves that record off the main line too, so verify finds it by this hash
        data["anchor_record_hash"] = kept.record_hash if after_turn > 0 and kept is not None else None
        number = 1 + len(session.exec(select(Branch).where(Branch.game_id == game_id)).all())
        branch = Branch(
            game_id=game_id,
            number=number,
            after_turn=after_turn,
            reason=reason,
            head_record_hash=closed_later[-1].record_hash,
            data_json=dumps(data),
            created_at=clock(),
        )
        session.add(branch)
        for table in (Submission, DiceRoll, EventRecord, Report, ReminderSent):
            query = delete(table).where(table.game_id == game_id, table.turn_number > after_turn)  # type: ignore[attr-defined]
            if table is Submission:  # the adjustments made after the kept turn stay
                query = query.where(Submission.id.not_in([row.id for row in kept_adjustments]))  # type: ignore[union-attr]
            session.execute(query)
        session.execute(delete(Turn).where(Turn.game_id == game_id, Turn.number > after_turn))  # type: ignore[arg-type]
        from adjudicator.core.store import PressMessage

        session.execute(  # the press of the abandoned turns was sent: kept, off the main line
            update(PressMessage)
            .where(PressMessage.game_id == game_id, PressMessage.turn_number > after_turn)  # type: ignore[arg-type]
            .where(PressMessage.branch == 0)  # type: ignore[arg-type]
            .values(branch=number)
        )
        session.flush()

        if after_turn == 0:
            state, prev_hash = loads(game.setup_state_json), None
        else:
            assert kept is not None
            state, prev_hash = loads(kept.result_state_json), kept.record_hash
        state, last_adjustment = state_after_adjustments(referee.ruleset_of(game), state, kept_adjustments)
        prev_hash = last_adjustment or prev_hash
        game.status = "running"
        game.outcome_json = None
        game.finished_at = None
        session.add(game)
        session.flush()
        reopened = referee._open_turn(session, game, after_turn + 1, state, prev_record_hash=prev_hash)
        open_later = [t.number for t in later if t.status == "open"]
        return RollbackResult(
            game_id=game_id,
            branch=number,
            after_turn=after_turn,
            abandoned=[t.number for t in closed_later],
            abandoned_open=open_later[0] if open_later else None,
            reopened=reopened.number,
        )


def _branch_data(
    session: Session, game_id: str, later: list[Turn], clock: Callable[[], datetime]
) -> dict[str, object]:
    """Everything about the abandoned turns, kept whole."""
    from adjudicator.core.store import Game

    game = session.get(Game, game_id)
    assert game is not None
    turns = []
    open_turn = None
    for turn in later:
        if turn.status == "closed":
            record = turn_record(session, game, turn)
            record["record_hash"] = turn.record_hash
            reports: dict[str, dict[str, str]] = {}
            for row in session.exec(
                select(Report).where(Report.game_id == game_id, Report.turn_number == turn.number)
            ).all():
                reports.setdefault(row.seat, {})[row.format] = row.body
            turns.append({"record": record, "reports": reports})
        else:
            subs = session.exec(
                select(Submission)
                .where(Submission.game_id == game_id, Submission.turn_number == turn.number)
                .order_by(Submission.id)  # type: ignore[arg-type]
            ).all()
            open_turn = {
                "number": turn.number,
                "label": turn.label,
                "commitment": turn.commitment,
                "secret": turn.secret,  # never used now; kept, not published
                "requests": loads(turn.requests_json),
                "state_hash": turn.state_hash,
                "prev_record_hash": turn.prev_record_hash,
                "sealed_submissions": [_submission_json(s) for s in subs],  # never published
            }
    return {"created_at": as_utc(clock()).isoformat(), "turns": turns, "open_turn": open_turn}  # type: ignore[union-attr]
