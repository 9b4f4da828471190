"""The close writes with Core statements and hands its hooks model instances attached to no
session: what it hands them must be exactly what it stored, read back through the ORM (SQLite and
PostgreSQL), and the rows must be what the ORM's unit of work wrote before (every column)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlmodel import select

from adjudicator.core import seal
from adjudicator.core.engine import Referee
from adjudicator.core.record import Recorded, record_hash, turn_record
from adjudicator.core.store import Database, Game, Seat, Submission, Turn


def columns(row: Any) -> dict[str, Any]:
    return {c.key: getattr(row, c.key) for c in type(row).__table__.columns}


def same(handed: Any, stored: Any) -> None:
    """Every column equal (times compared as instants: SQLite gives them back without a zone)."""
    for key, value in columns(stored).items():
        mine = getattr(handed, key)
        if hasattr(value, "tzinfo") and value is not None and mine is not None:
            assert mine.replace(tzinfo=None) == value.replace(tzinfo=None), key
        else:
            assert mine == value, key


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> Database:
    return request.getfixturevalue("db" if request.param == "sqlite" else "pg_db")  # type: ignore[no-any-return]


def test_what_the_close_hands_its_hooks_is_what_it_stored(database: Database, clock: Any) -> None:
    referee = Referee(database, clock=clock)
    referee.new_game("toy-guess", "toy", {"points": "50"}, deadline="48h", civil_disorder_after=2)
    north = referee.join("toy", "north", email="north@example.org", name="Ana")
    referee.join("toy", "south", email="south@example.org", name="Ben")
    referee.start("toy")
    checked: list[int] = []
    fell: list[list[str]] = []
    reports = referee.on_close
    assert reports is not None

    def hook(session: Any, game: Game, turn: Turn, recorded: Recorded) -> None:
        """Compare what is handed with the rows read back in the close's own transaction."""
        same(turn, session.exec(select(Turn).where(Turn.game_id == "toy", Turn.number == turn.number)).one())
        same(game, session.exec(select(Game).where(Game.id == "toy")).one())
        assert game.current_turn == turn.number + 1
        assert recorded.next_turn is not None
        nxt = session.exec(select(Turn).where(Turn.game_id == "toy", Turn.number == turn.number + 1)).one()
        same(recorded.next_turn, nxt)
        assert nxt.state_hash == seal.sha256_hex(nxt.state_json.encode())
        counted = session.exec(
            select(Submission)
            .where(Submission.game_id == "toy", Submission.turn_number == turn.number)
            .where(Submission.status.in_(["accepted", "default"]))  # type: ignore[attr-defined]
            .order_by(Submission.request_key, Submission.id)  # type: ignore[arg-type]
        ).all()
        assert len(counted) == len(recorded.submissions) == 2
        for mine, stored in zip(recorded.submissions, counted, strict=True):
            same(mine, stored)
        default = next(s for s in counted if s.seat == "south")
        assert (default.status, default.source, default.final) == ("default", "default", True)
        assert (default.problems_json, default.lines_json, default.text) == ("[]", "[]", "pass")
        assert turn.record_hash == record_hash(turn_record(session, game, turn))
        seats = session.exec(select(Seat).where(Seat.game_id == "toy").order_by(Seat.position)).all()  # type: ignore[arg-type]
        assert len(seats) == len(recorded.seats)
        for mine, stored in zip(recorded.seats, seats, strict=True):
            same(mine, stored)
        checked.append(turn.number)
        reports(session, game, turn, recorded)  # the reports stage still runs on what it is handed

    referee.on_close = hook
    referee.on_civil_disorder = lambda _s, _g, _t, seats: fell.append([s.name for s in seats])
    for number in (1, 2, 3):
        if number != 2:  # north misses turn 2 only; south misses every turn (civil disorder at 2)
            assert referee.submit("toy", "north", f"guess {number}", north).accepted
        clock.advance(hours=1)
        closed = referee.close_turn("toy", number, reason="deadline")
        assert closed is not None and closed.next_turn == number + 1
    assert checked == [1, 2, 3]
    assert fell == [["south"]]
    with database.session() as session:
        seats = session.exec(select(Seat).where(Seat.game_id == "toy").order_by(Seat.position)).all()  # type: ignore[arg-type]
        assert [(s.name, s.missed_turns, s.status) for s in seats] == [
            ("north", 0, "taken"),
            ("south", 3, "civil_disorder"),
        ]
        assert session.get(Game, "toy").current_turn == 4  # type: ignore[union-attr]
