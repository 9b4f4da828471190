"""A seat in civil disorder holds up neither the early close nor the grace, in `tick` as at a
submission, on SQLite and on PostgreSQL (``adjudicator/core/waiting.py``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from schedule_helpers import FakeClock
from sqlmodel import select

from adjudicator.clock.tick import TickSummary, ready_turns, tick
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, OutboxMessage, ReminderSent, Turn, as_utc


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> Database:
    return request.getfixturevalue("db" if request.param == "sqlite" else "pg_db")  # type: ignore[no-any-return]


def _tick(referee: Referee) -> TickSummary:
    return tick(referee.db, referee.clock(), referee=referee, poll=False, flush=False)


def _turns(db: Database, game_id: str = "g") -> list[tuple[int, str, str | None]]:
    with db.session() as session:
        rows = session.exec(select(Turn).where(Turn.game_id == game_id).order_by(Turn.number)).all()  # type: ignore[arg-type]
        return [(t.number, t.status, t.close_reason) for t in rows]


def _statuses(referee: Referee, game_id: str = "g") -> dict[str, str]:
    with referee.db.session() as session:
        return {s.name: s.status for s in referee.seats(session, game_id)}


def _game(referee: Referee, seats: tuple[str, ...] = ("north", "south"), **kwargs: object) -> dict[str, str]:
    """A started toy game ``g`` whose seats fall into civil disorder after one missed turn."""
    options = {"points": "99", "seats": str(len(seats))}
    referee.new_game("toy-guess", "g", options, civil_disorder_after=1, **kwargs)  # type: ignore[arg-type]
    secrets = {s: referee.join("g", s, email=f"{s}@example.org") for s in seats}
    referee.start("g")
    return secrets  # type: ignore[return-value]


def _idle(referee: Referee) -> Referee:
    """A referee on the same database whose closes never run: a submission that completes a turn
    leaves it open, as a crash in that close would, and the clock's pass is what closes it."""
    idle = Referee(referee.db, clock=referee.clock)
    idle.close_turn = lambda *args, **kwargs: None  # type: ignore[method-assign]
    return idle


def _south_falls_into_civil_disorder(referee: Referee, clock: FakeClock, secrets: dict[str, str]) -> None:
    """Turn 1: every seat but south sends orders; at the deadline south is in civil disorder."""
    for seat, secret in secrets.items():
        if seat != "south":
            referee.submit("g", seat, "guess 3", secret)
    clock.advance(hours=48)
    assert _tick(referee).civil_disorder == [("g", "south")]


def test_civil_disorder_seat_does_not_hold_up_early_close_in_tick(
    database: Database, clock: FakeClock
) -> None:
    referee = Referee(database, clock=clock)
    secrets = _game(referee)
    _south_falls_into_civil_disorder(referee, clock, secrets)
    assert _idle(referee).submit("g", "north", "guess 2", secrets["north"], final=True).closed_turn is None
    assert ready_turns(referee) == [("g", 2)]
    assert _tick(referee).closed == [("g", 2)]  # 48 hours before the deadline
    assert _turns(referee.db) == [(1, "closed", "deadline"), (2, "closed", "early"), (3, "open", None)]
    assert _statuses(referee)["south"] == "civil_disorder"  # its defaults stood in again


def test_returning_civil_disorder_player_is_waited_for_until_final_in_tick(
    database: Database, clock: FakeClock
) -> None:
    referee = Referee(database, clock=clock)
    secrets = _game(referee)
    _south_falls_into_civil_disorder(referee, clock, secrets)
    idle = _idle(referee)
    idle.submit("g", "north", "guess 2", secrets["north"], final=True)
    assert _tick(referee).closed == [("g", 2)]  # south, away, is not waited for
    # turn 3: south's player comes back with plain orders: the turn waits for them to be final
    idle.submit("g", "south", "guess 4", secrets["south"])
    idle.submit("g", "north", "guess 2", secrets["north"], final=True)
    assert _statuses(referee)["south"] == "civil_disorder"
    assert ready_turns(referee) == []
    assert _tick(referee).closed == []
    idle.submit("g", "south", "guess 5", secrets["south"], final=True)
    assert _tick(referee).closed == [("g", 3)]
    assert _turns(referee.db)[2] == (3, "closed", "early")
    assert _statuses(referee) == {"north": "taken", "south": "taken"}
    # turn 4: south is taken again and waited for like anyone; north alone does not close it
    idle.submit("g", "north", "guess 1", secrets["north"], final=True)
    assert _tick(referee).closed == []


def test_turn_with_every_seat_in_civil_disorder_waits_for_its_deadline_in_tick(
    database: Database, clock: FakeClock
) -> None:
    referee = Referee(database, clock=clock)
    secrets = _game(referee)
    clock.advance(hours=48)  # nobody sends anything: both seats fall into civil disorder
    assert sorted(_tick(referee).civil_disorder) == [("g", "north"), ("g", "south")]
    assert ready_turns(referee) == [] and _tick(referee).closed == []  # nothing to wait for: no early close
    # until one player comes back with final orders: the other seat, still abandoned, holds nothing up
    _idle(referee).submit("g", "north", "guess 2", secrets["north"], final=True)
    assert _tick(referee).closed == [("g", 2)]
    assert _turns(referee.db)[1] == (2, "closed", "early")
    # turn 3: nobody back; no early close, the deadline closes it
    assert _tick(referee).closed == []
    clock.advance(hours=48)
    assert _tick(referee).closed == [("g", 3)]
    assert _turns(referee.db)[2] == (3, "closed", "deadline")


def test_grace_is_not_waited_for_a_civil_disorder_seat(database: Database, clock: FakeClock) -> None:
    referee = Referee(database, clock=clock)
    secrets = _game(referee, ("north", "south", "east"), deadline="48h", grace="12h", reminders="none")
    for seat in ("north", "east"):
        referee.submit("g", seat, "guess 3", secrets[seat])
    clock.advance(hours=48)
    assert _tick(referee).closed == []  # south is missing and still held: its grace runs
    clock.advance(hours=12)
    assert _tick(referee).civil_disorder == [("g", "south")]
    opened = clock()
    # turn 2: east is late too; the grace runs for east, not for south
    referee.submit("g", "north", "guess 3", secrets["north"])
    with referee.db.session() as session:
        game, turn = referee.game(session, "g"), referee.turn(session, "g")
        assert as_utc(referee.closes_at(session, game, turn)) == opened + timedelta(hours=60)
    clock.advance(hours=48)
    assert _tick(referee).closed == []
    with referee.db.session() as session:  # the late notice goes to a seat in civil disorder too
        late = session.exec(select(ReminderSent).where(ReminderSent.turn_number == 2)).all()
        assert sorted(r.seat for r in late) == ["east", "south"]
        notices = session.exec(select(OutboxMessage).where(OutboxMessage.kind == "reminder")).all()
        told = {m.seat: m.raw for m in notices if m.turn_number == 2}
        assert b"civil disorder" in told["south"] and b"civil disorder" not in told["east"]
    clock.advance(hours=1)
    referee.submit("g", "east", "guess 4", secrets["east"])  # inside the grace: only south is missing now
    with referee.db.session() as session:
        game, turn = referee.game(session, "g"), referee.turn(session, "g")
        assert as_utc(referee.closes_at(session, game, turn)) == opened + timedelta(hours=48)
    assert _tick(referee).closed == [("g", 2)]  # nobody it waits for is missing: no more grace
    assert _turns(referee.db)[1] == (2, "closed", "deadline")
    # turn 3: north's orders in, south (civil disorder) missing: it closes at the deadline, no grace
    referee.submit("g", "north", "guess 3", secrets["north"])
    referee.submit("g", "east", "guess 3", secrets["east"])
    clock.advance(hours=48)
    assert _tick(referee).closed == [("g", 3)]
