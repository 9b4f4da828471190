"""The close runs its statements on the DB-API driver (:mod:`adjudicator.core.driver_sql`): every row it
writes must be what SQLAlchemy's own execution wrote, value and type (the stored text of a time on
SQLite, a timezone-aware time on PostgreSQL, bytes, NULLs), on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Boolean, Column, DateTime, Integer, LargeBinary, MetaData, String, Table, Text, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from adjudicator.clock.tick import tick
from adjudicator.core import driver_sql, engine, seal
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Report
from adjudicator.publish import reports

START = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
#: the tables a close writes
TABLES = ("game", "seat", "turn", "submission", "diceroll", "event", "report", "turnpicture", "outboxmessage")


def stored(database: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of :data:`TABLES` as the driver gives it back (no SQLAlchemy type processing):
    the stored values themselves, by id. Mail the close does not write (the opening notices, the
    civil disorder notices: composed with the time of day) is kept by its Message-ID and kind."""
    rows = {}
    with database.engine.connect() as connection:
        for table in TABLES:
            got = [tuple(row) for row in connection.exec_driver_sql(f"SELECT * FROM {table} ORDER BY id")]
            if table == "outboxmessage":
                names = list(connection.exec_driver_sql("SELECT * FROM outboxmessage LIMIT 0").keys())
                kind, message_id = names.index("kind"), names.index("message_id")
                got = [
                    row if row[kind] in ("report", "game-over") else (row[message_id], row[kind])
                    for row in got
                ]
            rows[table] = got
    return rows


def typed(rows: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
    """The rows with each value's type beside it (and a time's offset from UTC)."""
    return {
        table: [
            tuple((type(v), v.utcoffset() if isinstance(v, datetime) else None) for v in row) for row in got
        ]
        for table, got in rows.items()
    }


def deterministic(monkeypatch: pytest.MonkeyPatch, clock: Any) -> None:
    """Secrets, salts and the reports' time drawn from a counter and the clock: two plays alike."""
    counter = itertools.count()

    def token(n: int) -> str:
        return hashlib.sha256(str(next(counter)).encode()).hexdigest()[: 2 * n]

    monkeypatch.setattr(seal, "new_salt", lambda: token(16))
    monkeypatch.setattr(seal, "new_turn_secret", lambda: token(32))
    monkeypatch.setattr(engine, "new_secret", lambda: token(16))
    monkeypatch.setattr(reports, "utcnow", clock)


def play(database: Database, monkeypatch: pytest.MonkeyPatch, clock: Any) -> None:
    """A three-seat game to its end: secret notes (events for one seat), a seat missing every turn
    (defaults, missed turns, civil disorder), dice, pictures, reports and mail; closed by the
    referee and by the scheduler's tick (``SKIP LOCKED`` on PostgreSQL)."""
    clock.now = START  # (the conftest's clock, set back for each play)
    deterministic(monkeypatch, clock)
    referee = Referee(database, clock=clock)
    referee.new_game(
        "toy-guess", "toy", {"points": "2", "seats": "3"}, deadline="48h", civil_disorder_after=2
    )
    names = _seat_names(referee)
    secret = {
        name: referee.join("toy", name, email=f"{name}@example.org", name=name.title()) for name in names
    }
    referee.start("toy")
    for number in itertools.count(1):
        referee.submit("toy", names[0], f"secret n{number}\nguess {number % 6 + 1}", secret[names[0]])
        if number % 2:
            referee.submit("toy", names[1], "guess 3", secret[names[1]])
        clock.advance(hours=49)
        if number % 2:
            closed = referee.close_turn("toy", number, reason="deadline")
            over = closed is not None and closed.outcome is not None
        else:
            assert tick(database, clock(), referee=referee, poll=False, flush=False).closed == [
                ("toy", number)
            ]
            with database.session() as session:
                over = referee.game(session, "toy").status == "over"
        if over:
            break
        assert number < 12, "the game should have ended"


def _seat_names(referee: Referee) -> list[str]:
    with referee.db.session() as session:
        return [seat.name for seat in referee.seats(session, "toy")]


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Database]]:
    """Databases made afresh, the same each time (PostgreSQL: the schema dropped and migrated
    again, its sequences with it)."""
    made: list[Database] = []
    url = request.getfixturevalue("pg_url") if request.param == "postgresql" else None

    def new() -> Database:
        if url is None:
            database = Database(f"sqlite:///{tmp_path / f'play{len(made)}.db'}")
        else:
            database = Database(url)
            with database.engine.begin() as connection:
                connection.execute(text("DROP SCHEMA public CASCADE"))
                connection.execute(text("CREATE SCHEMA public"))
        database.migrate()
        made.append(database)
        return database

    yield new
    for database in made:
        database.dispose()


def test_the_close_on_the_driver_writes_what_sqlalchemy_wrote(
    fresh: Callable[[], Database], monkeypatch: pytest.MonkeyPatch, clock: Any
) -> None:
    monkeypatch.setattr(driver_sql, "THROUGH_SQLALCHEMY", True)
    database = fresh()
    play(database, monkeypatch, clock)
    through_sqlalchemy = stored(database)
    database.dispose()
    monkeypatch.setattr(driver_sql, "THROUGH_SQLALCHEMY", False)
    database = fresh()
    play(database, monkeypatch, clock)
    on_driver = stored(database)
    for table in TABLES:  # table by table, row by row: a difference is shown by its column
        assert len(on_driver[table]) == len(through_sqlalchemy[table]), table
        for mine, theirs in zip(on_driver[table], through_sqlalchemy[table], strict=True):
            assert mine == theirs, (
                table,
                [(i, x, y) for i, (x, y) in enumerate(zip(mine, theirs, strict=True)) if x != y],
            )
    assert typed(on_driver) == typed(through_sqlalchemy)
    # what the play covers: defaults, dice, events for one seat, pictures, the end of the game
    assert len(on_driver["diceroll"]) >= 2 and len(on_driver["turnpicture"]) >= 2
    assert any(row[-1] is not None for row in on_driver["event"])  # seats_json of a secret note
    assert any(row[-1] is None for row in on_driver["event"])
    assert any("default" in row for row in on_driver["submission"])
    assert any("game-over" in row for row in on_driver["outboxmessage"])


# -- the parameters, one by one ------------------------------------------------------------------
_metadata = MetaData()
_sample = Table(
    "sample",
    _metadata,
    Column("id", Integer, primary_key=True),
    Column("word", String(64)),
    Column("body", Text),
    Column("number", Integer),
    Column("flag", Boolean),
    Column("data", LargeBinary),
    Column("at", DateTime(timezone=True)),
)
_INSERT = driver_sql.Insert(_sample, ("word", "body", "number", "flag", "data", "at"), returning="id")

_times = st.datetimes(
    min_value=datetime(1970, 1, 2),
    max_value=datetime(2200, 1, 1),
    timezones=st.sampled_from(
        [UTC, timezone(timedelta(hours=-7, minutes=-30)), timezone(timedelta(hours=13))]
    ),
)
_rows = st.fixed_dictionaries(
    {
        "word": st.none()
        | st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=64),
        "body": st.none() | st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00")),
        "number": st.none() | st.integers(-(2**31), 2**31 - 1),
        "flag": st.none() | st.booleans(),
        "data": st.none() | st.binary(max_size=64),
        "at": st.none() | _times,
    }
)


@pytest.fixture(params=["sqlite", "postgresql"])
def sample_db(request: pytest.FixtureRequest) -> Iterator[Database]:
    url = request.getfixturevalue("pg_url") if request.param == "postgresql" else "sqlite://"
    database = Database(url)
    _metadata.create_all(database.engine)
    yield database
    database.dispose()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(_rows, min_size=1, max_size=4))
def test_parameters_are_stored_as_sqlalchemy_stores_them(
    sample_db: Database, rows: list[dict[str, Any]]
) -> None:
    """The same rows inserted through SQLAlchemy and on the driver are stored alike (each value
    read back raw from the driver), and read back alike through SQLAlchemy's types."""
    with sample_db.engine.begin() as connection:
        connection.execute(_sample.delete())
        through = list(
            connection.execute(
                _sample.insert().returning(_sample.c.id, sort_by_parameter_order=True), rows
            ).scalars()
        )
        ids = driver_sql.insert_rows(connection, _INSERT, rows)
        assert len(ids) == len(through) == len(rows)
        raw = {row[0]: row[1:] for row in connection.exec_driver_sql("SELECT * FROM sample")}
        for mine, theirs in zip(ids, through, strict=True):
            assert raw[mine] == raw[theirs]
            assert [type(v) for v in raw[mine]] == [type(v) for v in raw[theirs]]
        read = {row.id: tuple(row)[1:] for row in connection.execute(_sample.select())}
        for mine, theirs in zip(ids, through, strict=True):
            assert read[mine] == read[theirs]
        # and read on the driver as SQLAlchemy reads them (its result processors)
        selected = driver_sql.rows(connection, _sample.select().order_by(_sample.c.id), {})
        assert [tuple(row.values())[1:] for row in selected] == [read[key] for key in sorted(read)]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> Database:
    return request.getfixturevalue("db" if request.param == "sqlite" else "pg_db")  # type: ignore[no-any-return]


def test_a_driver_error_is_raised_as_sqlalchemy_raises_it(database: Database, clock: Any) -> None:
    """A unique row inserted twice: SQLAlchemy's IntegrityError (what the callers catch), and the
    session's transaction rolled back as usual, the connection usable again."""
    referee = Referee(database, clock=clock)
    referee.new_game("toy-guess", "toy", {"points": "2"}, deadline="48h")
    row = {
        "game_id": "toy",
        "turn_number": 1,
        "seat": "",
        "format": "text",
        "body": "x",
        "created_at": clock(),
    }
    with pytest.raises(IntegrityError), database.session() as session:
        driver_sql.insert_rows(session.connection(), reports._INSERT_REPORTS, [row, row])
    with database.session() as session:
        assert driver_sql.rows(session.connection(), select(Report.id), {}) == []
        driver_sql.insert_rows(session.connection(), reports._INSERT_REPORTS, [row])
    with database.session() as session:
        assert [r.body for r in session.exec(select(Report)).all()] == ["x"]
