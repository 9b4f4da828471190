"""Migration 0007: on PostgreSQL the large text columns a close writes are compressed with LZ4.

pglz, PostgreSQL's default, was about a fifth of the server's CPU per close in
``bench/tick_many.py``; the setting is storage only (the schema compares equal, values read back
the same, values stored before keep their method).
"""

from __future__ import annotations

import importlib

import pytest
from alembic import command
from sqlalchemy import text

from adjudicator.core import migrate
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database

lz4 = importlib.import_module("adjudicator.core.migrations.versions.0007_lz4_compression")


def _compression(db: Database, table: str, column: str) -> str:
    with db.engine.connect() as connection:
        return str(
            connection.execute(
                text(
                    "SELECT attcompression FROM pg_attribute "
                    "WHERE attrelid = CAST(:table AS regclass) AND attname = :column"
                ),
                {"table": table, "column": column},
            ).scalar()
        )


def _server_has_lz4(db: Database) -> bool:
    with db.engine.connect() as connection:
        if int(connection.exec_driver_sql("SHOW server_version_num").scalar() or 0) < 140000:
            return False
        try:
            connection.exec_driver_sql("CREATE TEMPORARY TABLE probe (x text COMPRESSION lz4)")
        except Exception:
            return False
    return True


@pytest.mark.postgres
def test_a_close_stores_its_reports_and_states_compressed_with_lz4(pg_db: Database) -> None:
    if not _server_has_lz4(pg_db):
        pytest.skip("this PostgreSQL server has no LZ4 (older than 14 or built without it)")
    for table, column in lz4.COLUMNS:
        assert _compression(pg_db, table, column) == "l", (table, column)
    referee = Referee(pg_db)
    _game, seats, _ = referee.new_game("mare-nostrum", "g", {"nations": "5"})
    for n, seat in enumerate(seats):
        referee.join("g", seat, email=f"p{n}@example.org")
    referee.start("g")
    assert referee.close_turn("g") is not None
    with pg_db.engine.connect() as connection:
        methods = connection.execute(
            text("SELECT DISTINCT pg_column_compression(body) FROM report WHERE octet_length(body) > 4000")
        ).all()
        states = connection.execute(
            text("SELECT pg_column_compression(result_state_json) FROM turn WHERE number = 1")
        ).scalar()
    assert methods == [("lz4",)] and states == "lz4"


@pytest.mark.postgres
def test_the_lz4_migration_downgrades_to_pglz_and_upgrades_again(pg_db: Database) -> None:
    if not _server_has_lz4(pg_db):
        pytest.skip("this PostgreSQL server has no LZ4 (older than 14 or built without it)")
    command.downgrade(migrate.alembic_config(pg_db), "0006")
    assert _compression(pg_db, "report", "body") == "p"
    pg_db.migrate()
    assert migrate.current(pg_db) == migrate.head()  # 0007 and every later migration applied again
    assert _compression(pg_db, "report", "body") == "l"


def test_the_lz4_migration_changes_nothing_on_sqlite(db: Database) -> None:
    assert migrate.current(db) == migrate.head()
    with db.engine.connect() as connection:  # the tables are as 0006 left them: no rebuild
        sql = connection.exec_driver_sql("SELECT sql FROM sqlite_master WHERE name = 'report'").scalar()
    assert "lz4" not in str(sql).lower()
