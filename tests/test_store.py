"""Storage: Alembic migrations match the models, SQLite runs in WAL mode, PostgreSQL works."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlmodel import SQLModel

from adjudicator.core import migrate
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, check_secret, hash_secret, upgraded_hash


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


def test_secret_hashes_are_peppered_hmac_and_checkable() -> None:
    a = hash_secret("s3cret")
    assert a.startswith("hmac-sha256$") and "s3cret" not in a and check_secret("s3cret", a)
    assert not check_secret("s3cret!", a)
    assert not check_secret("s3cret", "garbage") and not check_secret("s3cret", "")
    assert not check_secret("s3cret", a.replace("hmac-sha256$", "md5$"))


def test_a_hash_made_under_another_pepper_does_not_match(monkeypatch: pytest.MonkeyPatch) -> None:
    a = hash_secret("s3cret")
    monkeypatch.setenv("PBEM_PEPPER", "another pepper, another server, 0123456789")
    assert not check_secret("s3cret", a)
    assert check_secret("s3cret", hash_secret("s3cret"))


def test_older_scrypt_hashes_still_match_and_are_upgraded() -> None:
    import hashlib

    salt = bytes(range(16))
    digest = hashlib.scrypt(b"s3cret", salt=salt, dklen=32, n=2**14, r=8, p=1)
    old = f"scrypt${salt.hex()}${digest.hex()}"  # as the first releases stored it
    assert check_secret("s3cret", old) and not check_secret("s3cret!", old)
    new = upgraded_hash("s3cret", old)
    assert new is not None and new.startswith("hmac-sha256$") and check_secret("s3cret", new)
    assert upgraded_hash("s3cret", new) is None


def test_the_pepper_file_is_made_once_private_and_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("PBEM_PEPPER", raising=False)
    monkeypatch.setenv("PBEM_PEPPER_FILE", str(tmp_path / "pepper"))
    a = hash_secret("s3cret")
    assert (tmp_path / "pepper").stat().st_mode & 0o777 == 0o600
    assert len((tmp_path / "pepper").read_text().strip()) == 64
    assert check_secret("s3cret", a) and hash_secret("s3cret") == a


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
