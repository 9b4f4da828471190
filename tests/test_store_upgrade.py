"""Databases made by earlier releases upgrade, and `pbem init` may run three times at once.

The first release's migration 0001 is kept byte for byte in tests/fixtures/schema_release_1.py
(``git show 56a24d8:adjudicator/core/migrations/versions/0001_initial_schema.py``); 0001 was later
rewritten in place (``game.reminders``, ``game.paused_at`` and the ``branch`` table were added to
it), so a database made by the first release is stamped 0001 without them. Migration 0002
brings any database stamped 0001 to the same schema.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlmodel import SQLModel

from adjudicator.cli import main
from adjudicator.core import migrate, seal
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database

FIXTURES = Path(__file__).parent / "fixtures"
TESTS = Path(__file__).parent


def _release_1_database(url: str) -> Database:
    """A database exactly as the first release's ``pbem init`` left it: its 0001, stamped 0001."""
    spec = importlib.util.spec_from_file_location("schema_release_1", FIXTURES / "schema_release_1.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    db = Database(url)
    with db.engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"as_sql": False, "render_as_batch": db.is_sqlite}
        )
        with Operations.context(context):
            spec.loader.exec_module(module)
            module.upgrade()
        connection.exec_driver_sql(
            "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)"
        )
        connection.exec_driver_sql("INSERT INTO alembic_version (version_num) VALUES ('0001')")
        connection.commit()
    return db


def _schema(db: Database, ordered: bool = True) -> dict[str, Any]:
    """Every table's columns (type, nullability, default), indexes and unique constraints.

    PostgreSQL cannot put an added column anywhere but last, so there columns compare by name
    (``ordered=False``); every query names its columns.
    """
    found: dict[str, Any] = {}
    inspector = inspect(db.engine)
    for table in sorted(inspector.get_table_names()):
        columns = [
            (c["name"], str(c["type"]), c["nullable"], c.get("default")) for c in inspector.get_columns(table)
        ]
        found[table] = {
            "columns": columns if ordered else sorted(columns),
            "indexes": sorted(
                (i["name"], tuple(i["column_names"]), bool(i["unique"])) for i in inspector.get_indexes(table)
            ),
            "unique": sorted(tuple(u["column_names"]) for u in inspector.get_unique_constraints(table)),
            "foreign_keys": sorted(
                (tuple(f["constrained_columns"]), f["referred_table"])
                for f in inspector.get_foreign_keys(table)
            ),
        }
    return found


def _diff(db: Database) -> list[object]:
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, SQLModel.metadata)


def _play(db: Database) -> None:
    referee = Referee(db)
    referee.new_game("toy-guess", "old", {"points": "2"}, reminders="24h")
    referee.join("old", "north", email="north@example.org")
    referee.join("old", "south", bot=True)
    referee.start("old")
    referee.set_status("old", "paused")  # game.paused_at
    referee.set_status("old", "running")
    for _ in range(50):
        referee.submit("old", "north", "guess 3", as_referee=True)
        closed = referee.close_turn("old")
        assert closed is not None
        if closed.outcome:
            break
    from adjudicator.publish.rollback import rollback

    rollback(db, "old", 0)  # the branch table


def test_the_first_release_schema_lacks_what_0001_now_creates(tmp_path: Path) -> None:
    db = _release_1_database(f"sqlite:///{tmp_path / 'old.db'}")
    assert migrate.current(db) == "0001"
    assert "branch" not in inspect(db.engine).get_table_names()
    assert "reminders" not in {c["name"] for c in inspect(db.engine).get_columns("game")}
    db.dispose()


def test_pbem_init_upgrades_a_first_release_database_which_then_plays(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    old = _release_1_database(url)
    with old.engine.begin() as connection:  # a game the first release had created
        secret = "ab" * 32
        connection.execute(
            text(
                "INSERT INTO game (id, ruleset, ruleset_version, options_json, status, deadline_rule, nmr, "
                "civil_disorder_after, current_turn, created_at, setup_secret, setup_commitment) "
                "VALUES ('before', 'toy-guess', '1', '{\"points\": 2}', 'setup', '48h', 'default', 3, 0, "
                "'2026-11-22 12:00:00', :secret, :commitment)"
            ),
            {"secret": secret, "commitment": seal.commitment(secret)},
        )
        connection.execute(  # its seats refer to it: the rebuilt game table keeps them
            text(
                "INSERT INTO seat (game_id, name, position, timezone, is_bot, status, missed_turns) "
                "VALUES ('before', 'north', 0, 'UTC', 0, 'open', 0), "
                "('before', 'south', 1, 'UTC', 0, 'open', 0)"
            )
        )
    old.dispose()
    assert main(["init", "--db", url]) == 0
    db = Database(url)
    assert migrate.current(db) == migrate.head()
    assert _diff(db) == []
    with db.session() as session:  # the old game got the default reminder rule
        assert session.exec(text("select reminders from game where id = 'before'")).one() == ("24h,2h",)  # type: ignore[call-overload]
        seats = session.exec(text("select name from seat where game_id = 'before' order by position")).all()  # type: ignore[call-overload]
        assert [s[0] for s in seats] == ["north", "south"]
    _play(db)
    referee = Referee(db)  # the game made by the first release plays too
    referee.join("before", "north", bot=True)
    referee.join("before", "south", bot=True)
    referee.start("before")
    assert referee.close_turn("before") is not None
    db.dispose()


def test_an_upgraded_first_release_database_equals_a_new_one(tmp_path: Path) -> None:
    old = _release_1_database(f"sqlite:///{tmp_path / 'old.db'}")
    old.migrate()
    new = Database(f"sqlite:///{tmp_path / 'new.db'}")
    new.migrate()
    assert _schema(old) == _schema(new)
    old.dispose()
    new.dispose()


@pytest.mark.postgres
def test_a_first_release_database_upgrades_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    old = _release_1_database(pg_url)
    old.migrate()
    assert migrate.current(old) == migrate.head() and _diff(old) == []
    _play(old)
    old.dispose()


@pytest.mark.postgres
def test_an_upgraded_first_release_database_equals_a_new_one_on_postgresql(pg_url: str) -> None:
    import secrets

    old = _release_1_database(pg_url)
    old.migrate()
    # a second fresh database beside it, on the same server
    import psycopg
    from sqlalchemy.engine import make_url

    # the server's admin database, as tests/conftest.py's pg_url fixture connects to it
    server = os.environ.get("PBEM_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
    admin_url = make_url(server).set(drivername="postgresql")
    admin_dsn = admin_url.render_as_string(hide_password=False)
    name = f"pbem_test_{secrets.token_hex(4)}"
    with psycopg.connect(admin_dsn, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    new = Database(make_url(pg_url).set(database=name).render_as_string(hide_password=False))
    try:
        new.migrate()
        assert _schema(old, ordered=False) == _schema(new, ordered=False)
    finally:
        new.dispose()
        old.dispose()
        with psycopg.connect(admin_dsn, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# -- three `pbem init` at once ------------------------------------------------------
def _init_three(url: str, cwd: Path) -> list[tuple[int, str]]:
    env = dict(os.environ)
    env.pop("PBEM_DB", None)
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "adjudicator", "init", "--db", url],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        for _ in range(3)
    ]
    return [(p.wait(timeout=120), p.communicate()[0].decode(errors="replace")) for p in processes]


@pytest.mark.slow
@pytest.mark.postgres
def test_three_concurrent_inits_on_a_fresh_postgresql_database_all_succeed(
    pg_url: str, tmp_path: Path
) -> None:
    results = _init_three(pg_url, tmp_path)
    assert [code for code, _ in results] == [0, 0, 0], results
    db = Database(pg_url)
    assert migrate.current(db) == migrate.head() and _diff(db) == []
    db.dispose()


@pytest.mark.slow
@pytest.mark.parametrize("attempt", range(4))
def test_three_concurrent_inits_on_a_fresh_sqlite_database_all_succeed(tmp_path: Path, attempt: int) -> None:
    # Several attempts: a race shows only now and then. Alembic's own way on SQLite (a transaction
    # per migration, the current revision read apart) let two inits run the same migration
    # ("duplicate column name: compose") about once in 10-30 tries on a loaded machine.
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    results = _init_three(url, tmp_path)
    assert [code for code, _ in results] == [0, 0, 0], results
    db = Database(url)
    assert migrate.current(db) == migrate.head() and _diff(db) == []
    db.dispose()


# -- released migrations are never edited -------------------------------------------------
#: The SHA-256 of each released migration file. A released migration is never edited again (the
#: first release's 0001 was, which is what 0002 repairs): change the schema with a new revision.
RELEASED = {
    "0001_initial_schema.py": "3b0f0b8e498b7a7cb1a28904b14d4d19aa335c60e4fc12ffd2d02e8621ffcecd",
    "0002_repair_release_1.py": "f7491e3ae786942c755cdf981875a15f3d693fd5b2c80027f485d015283d40a3",
    "0003_mail_hardening.py": "ce4d495302c5fd6c83011d8dbe9e42f8ffce5aa28b3e79df40c304afbcca7e7b",
    "0004_press_observers.py": "206f57dd32840df87ea412a0e42903c264f805931e94f49a97ae01e9a1937c20",
    "0005_between_players.py": "9c3af500ef7ec21ef74dd1f1f72aadc216372d3ed888e1fb49ef46744da440a6",
    "0006_mail_composed_when_sent.py": "8b698e73c0a1192edcccd8880a19ada02d21743fd09b359fda54ac38a2d2f180",
}


def test_released_migrations_are_unchanged() -> None:
    import hashlib

    versions = Path(migrate.MIGRATIONS) / "versions"
    for name, digest in RELEASED.items():
        assert hashlib.sha256((versions / name).read_bytes()).hexdigest() == digest, (
            f"{name} was edited after its release: add a new migration instead"
        )
