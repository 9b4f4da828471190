"""Storage: Alembic migrations match the models, SQLite runs in WAL mode, PostgreSQL works."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlmodel import SQLModel

from adjudicator import migrate
from adjudicator.engine import Referee
from adjudicator.store import Database, check_secret, hash_secret


def _diff(db: Database) -> list[object]:
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, SQLModel.metadata)


def test_the_migrations_create_exactly_the_tables_of_the_models(db: Database) -> None:
    assert migrate.current(db) == migrate.head()
    assert _diff(db) == []


def test_init_on_an_existing_database_is_an_upgrade_that_keeps_data(db: Database, referee: Referee) -> None:
    referee.new_game("toy-guess", "kept")
    db.migrate()  # a second `pbem init`
    with db.session() as session:
        assert session.exec(text("select id from game")).all() == [("kept",)]  # type: ignore[call-overload]


def test_sqlite_runs_in_wal_mode(db: Database) -> None:
    with db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_secret_hashes_are_salted_and_checkable() -> None:
    a, b = hash_secret("s3cret"), hash_secret("s3cret")
    assert a != b and check_secret("s3cret", a) and check_secret("s3cret", b)
    assert not check_secret("s3cret!", a)
    assert not check_secret("s3cret", "garbage") and not check_secret("s3cret", "")


@pytest.mark.postgres
def test_the_migrations_match_the_models_on_postgresql(pg_db: Database) -> None:
    assert migrate.current(pg_db) == migrate.head()
    assert _diff(pg_db) == []


@pytest.mark.postgres
def test_a_whole_game_plays_on_postgresql(pg_db: Database) -> None:
    referee = Referee(pg_db)
    referee.new_game("toy-guess", "pg-game", {"points": "2"})
    referee.join("pg-game", "north", bot=True)
    referee.join("pg-game", "south", bot=True)
    referee.start("pg-game")
    for _ in range(50):
        closed = referee.close_turn("pg-game")
        assert closed is not None
        if closed.outcome:
            break
    assert closed.outcome is not None
