"""Shared fixtures: a real SQLite file per test, a real PostgreSQL database when one answers,
and the test-only ruleset ``toy-guess`` registered for engine tests."""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from toy_ruleset import ClosestGuess

import adjudicator.publish  # noqa: F401  (registers the report hooks every Referee uses)
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.games import register

register(ClosestGuess)
#: The secrets' pepper of every test and of the processes tests start (no pepper file in the working tree).
os.environ.setdefault("PBEM_PEPPER", "tests-only pepper: not secret, 0123456789abcdef")

PG_ADMIN_URL = os.environ.get("PBEM_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


class FakeClock:
    """A clock the test moves by hand (the engine takes any callable)."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'pbem.db'}"


@pytest.fixture
def db(sqlite_url: str) -> Iterator[Database]:
    database = Database(sqlite_url)
    database.migrate()
    yield database
    database.dispose()


def _pg_admin():  # type: ignore[no-untyped-def]
    import psycopg

    url = PG_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")
    return psycopg.connect(url, autocommit=True, connect_timeout=3)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database for one test; skipped with the reason when none answers."""
    try:
        admin = _pg_admin()
    except Exception as exc:  # any connection failure means: no server here
        pytest.skip(f"PostgreSQL does not answer on 127.0.0.1:5432 ({type(exc).__name__}: {exc})")
    name = f"pbem_test_{secrets.token_hex(4)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base = PG_ADMIN_URL.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with _pg_admin() as admin2:
            admin2.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def pg_db(pg_url: str) -> Iterator[Database]:
    database = Database(pg_url)
    database.migrate()
    yield database
    database.dispose()


@pytest.fixture
def referee(db: Database, clock: FakeClock) -> Referee:
    return Referee(db, clock=clock)


@pytest.fixture
def toy_game(referee: Referee) -> dict[str, str]:
    """A started two-seat toy game; returns the seats' secrets."""
    referee.new_game("toy-guess", "toy", {"points": "2"}, deadline="48h")
    secrets_by_seat = {
        "north": referee.join("toy", "north", email="north@example.org", name="Ana"),
        "south": referee.join("toy", "south", email="south@example.org", name="Ben"),
    }
    referee.start("toy")
    return secrets_by_seat  # type: ignore[return-value]
