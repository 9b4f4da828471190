"""``pbem referee adjust GAME FILE``: a referee's adjustment between turns, as a recorded step.

The book of a game may leave whole phases to the table (Mare Nostrum's economic phase:
income, upkeep, new brigands, arsenals built). A referee applies them with an adjustment file;
the ruleset reads it (``parse_adjustment``) and applies it purely (``adjust(state, adjustment)
-> (state, events)``). Nothing is edited silently:

* the adjustment is an **entry of the turn history**, chained like a turn record: its
  ``prev_record_hash`` is the hash of the step before (the last closed turn, or the adjustment
  before it), its own hash covers the file as given, the adjustment as read, who made it and
  when, the state hashes before and after and the events; the open turn is then chained to it
  (its ``prev_record_hash`` becomes the adjustment's hash, its starting state the adjusted one);
* it is stored with the open turn's rows (a ``Submission`` of the referee with status
  ``adjustment``, request ``adjustment:N``; the entry is its canonical text, the entry's hash its
  receipt), so no schema change was needed;
* the next report lists it, the archive publishes it (``adjustments/NNNN.json``) and
  ``pbem verify`` replays it between the turns it sits between, byte for byte.

An adjustment applies to the open turn, before it closes. Orders already sealed for that turn
stay sealed and count; those that no longer pass against the adjusted state are named in the
result so the referee can tell their players (they may resend; the last valid orders count). A
bot seat whose orders no longer pass writes new ones against the adjusted state.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from adjudicator.core import seal
from adjudicator.core.engine import Referee, RefereeError, Refused
from adjudicator.core.record import record_hash
from adjudicator.core.store import Branch, Database, Submission, Turn, as_utc, dumps, loads, utcnow
from adjudicator.games.base import REFEREE, AdjustmentError, Event, Problem, Ruleset

ENTRY_FORMAT = 1
STATUS = "adjustment"
MAX_ADJUSTMENT_BYTES = 64 * 1024


@dataclass
class Adjusted:
    """What ``pbem referee adjust`` did."""

    game_id: str
    number: int  # 1, 2, ... per game
    after_turn: int
    turn: int  # the open turn that now starts from the adjusted state
    record_hash: str
    events: list[Event]
    #: seats whose sealed orders for the open turn no longer pass, with the problems
    stale_orders: dict[str, list[Problem]] = field(default_factory=dict)
    #: bot seats whose orders no longer passed and that wrote new ones against the adjusted state
    bots_replayed: list[str] = field(default_factory=list)


def request_key(number: int) -> str:
    return f"{STATUS}:{number}"


def entry_rows(session: Session, game_id: str, turn_number: int | None = None) -> list[Submission]:
    """The adjustment rows of a game (or of the turn they precede), oldest first."""
    query = select(Submission).where(Submission.game_id == game_id, Submission.status == STATUS)
    if turn_number is not None:
        query = query.where(Submission.turn_number == turn_number)
    return list(session.exec(query.order_by(Submission.id)).all())  # type: ignore[arg-type]


def entry_of(row: Submission) -> dict[str, Any]:
    """The published entry: the chained content and its hash."""
    entry = loads(row.canonical)
    entry["record_hash"] = row.receipt
    return dict(entry)


def entries(session: Session, game_id: str) -> list[dict[str, Any]]:
    return [entry_of(row) for row in entry_rows(session, game_id)]


def numbers_used(session: Session, game_id: str) -> list[int]:
    """Every adjustment number given in this game, on the main line or in a rollback's branch
    (a number is never given twice, so a published ``adjustments/NNNN.json`` is never replaced)."""
    used = [int(row.request_key.split(":")[1]) for row in entry_rows(session, game_id)]
    for branch in session.exec(select(Branch).where(Branch.game_id == game_id)).all():
        used += [int(entry["number"]) for entry in loads(branch.data_json).get("adjustments", [])]
    return used


def check_by(by: str) -> str:
    if not isinstance(by, str) or not by.strip() or len(by) > 200 or any(ord(c) < 32 for c in by):
        raise RefereeError("--by must name who adjusts in at most 200 printable characters")
    return by.strip()


def replay(ruleset: Ruleset, state: dict[str, Any], text: str) -> tuple[dict[str, Any], Any, list[Event]]:
    """Read and apply an adjustment to a copy of ``state``: (new state, adjustment read, events)."""
    adjustment = ruleset.parse_adjustment(text)
    adjustment = loads(dumps(adjustment))
    new_state, events = ruleset.adjust(copy.deepcopy(state), copy.deepcopy(adjustment))
    return loads(dumps(new_state)), adjustment, list(events)


def apply_adjustment(
    db: Database,
    game_id: str,
    text: str,
    *,
    by: str = "",
    clock: Callable[[], datetime] = utcnow,
) -> Adjusted:
    """Apply ``text`` (an adjustment file) to the open turn of ``game_id`` as a recorded step."""
    referee = Referee(db, clock=clock, reports=False)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_ADJUSTMENT_BYTES:
        raise RefereeError(f"the adjustment file is larger than {MAX_ADJUSTMENT_BYTES // 1024} KiB")
    with db.session() as session:
        game = referee.game(session, game_id)
        ruleset = referee.ruleset_of(game)
        if not getattr(ruleset, "accepts_adjustments", False):
            raise Refused(f"{game.ruleset} takes no referee adjustments")
        if game.status == "setup":
            raise Refused(
                f"game {game_id!r} has not started: start it, or give its starting position as a scenario"
            )
        if game.status == "over":
            raise Refused(f"game {game_id!r} is over; there is no next turn to adjust")
        # The open turn's row is the lock, taken in the order close_turn takes it: an adjustment and
        # a close never interleave (the close resolves the adjusted state, or the adjustment finds
        # no open turn and changes nothing).
        turn = session.exec(
            select(Turn).where(Turn.game_id == game_id, Turn.status == "open").with_for_update()
        ).first()
        if turn is None:
            raise Refused(f"game {game_id!r} has no open turn to adjust; adjust after a turn opens")
        who = check_by(by or "referee")
        state = loads(turn.state_json)
        try:
            new_state, adjustment, events = replay(ruleset, state, text)
        except AdjustmentError as exc:
            raise RefereeError(f"adjustment not applied: {exc}") from exc
        if ruleset.outcome(copy.deepcopy(new_state)) is not None:
            raise Refused("adjustment not applied: it would end the game; a game ends by its rules")
        requests = ruleset.requests(copy.deepcopy(new_state))
        old_keys = {r["key"] for r in loads(turn.requests_json)}
        new_keys = {r.key for r in requests}
        for key in sorted(old_keys - new_keys):
            if referee._accepted(session, game_id, turn.number, key) is not None:
                raise Refused(
                    f"adjustment not applied: the sealed orders of {key} would no longer be asked for"
                )
        number = 1 + max(numbers_used(session, game_id), default=0)
        now = as_utc(clock())
        assert now is not None
        entry: dict[str, Any] = {
            "format": ENTRY_FORMAT,
            "kind": STATUS,
            "game": game.id,
            "ruleset": game.ruleset,
            "ruleset_version": game.ruleset_version,
            "number": number,
            "after_turn": turn.number - 1,
            "by": who,
            "at": now.isoformat(),
            "text": text,
            "adjustment": adjustment,
            "state_before_hash": turn.state_hash,
            "state_after_hash": seal.state_hash(new_state),
            "events": [e.to_json() for e in events],
            "prev_record_hash": turn.prev_record_hash,
        }
        entry = loads(dumps(entry))
        own = record_hash(entry)
        session.add(
            Submission(
                game_id=game.id,
                turn_number=turn.number,
                request_key=request_key(number),
                seat=REFEREE,
                text=text,
                canonical=dumps(entry),
                salt="",
                receipt=own,
                status=STATUS,
                final=True,
                source="referee",
                created_at=now,
            )
        )
        turn.state_json = dumps(new_state)
        turn.state_hash = seal.state_hash(new_state)
        turn.prev_record_hash = own
        turn.requests_json = dumps([r.to_json() for r in requests])
        turn.label = ruleset.label(copy.deepcopy(new_state))
        session.add(turn)
        stale: dict[str, list[Problem]] = {}
        for request in requests:
            sub = referee._accepted(session, game_id, turn.number, request.key)
            if sub is None:
                continue
            parsed = ruleset.parse(request, sub.canonical)
            problems = list(parsed.problems) + ruleset.check(copy.deepcopy(new_state), request, parsed.orders)
            if problems:
                stale.setdefault(request.seat, []).extend(problems)
        bots = {s.name for s in referee.seats(session, game_id) if s.is_bot}
        again = [r for r in requests if r.seat in stale and r.seat in bots]
        if again:
            session.flush()
            referee._bots_play(session, game, turn, ruleset, again, new_state)
            for request in again:
                stale.pop(request.seat, None)
        replayed = sorted({r.seat for r in again})
        return Adjusted(game.id, number, turn.number - 1, turn.number, own, events, stale, replayed)


def state_after_adjustments(
    ruleset: Ruleset, state: dict[str, Any], rows: list[Submission]
) -> tuple[dict[str, Any], str | None]:
    """Replay recorded adjustments on ``state``: the adjusted state and the last entry's hash."""
    last: str | None = None
    for row in rows:
        state = replay(ruleset, state, row.text)[0]
        last = row.receipt
    return state, last
