"""Schema migrations with Alembic, configured in code (no alembic.ini to lose).

``pbem init`` calls :func:`upgrade`; developers create a new revision after a
model change with ``python -m adjudicator.core.migrate revision "what changed"``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from alembic import command
from alembic.config import Config

if TYPE_CHECKING:
    from adjudicator.core.store import Database

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(db: Database) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", db.url.replace("%", "%%"))
    config.attributes["engine"] = db.engine
    return config


#: The PostgreSQL advisory lock ``pbem init`` holds while it migrates (any fixed 64-bit number).
INIT_LOCK = 0x70626D5F696E6974  # "pbm_init"


def upgrade(db: Database, revision: str = "head") -> None:
    """Create or upgrade the schema; several processes may call this at once.

    On PostgreSQL the upgrade runs under an advisory lock, so three ``pbem init`` (a unit that
    runs it before every start, several workers) queue: the first migrates, the others find the
    schema at head and do nothing. On SQLite the whole upgrade is one transaction (the migration
    environment, ``migrations/env.py``, begins it before Alembic reads the current revision), and
    every transaction begins with ``BEGIN IMMEDIATE`` (see :mod:`adjudicator.core.store`): the inits
    queue on the write lock the same way.
    """
    if db.engine.dialect.name != "postgresql":
        command.upgrade(alembic_config(db), revision)
        return
    with db.engine.connect() as lock:
        lock.exec_driver_sql(f"SELECT pg_advisory_lock({INIT_LOCK})")
        lock.commit()  # a session lock: held until unlocked, across transactions
        try:
            command.upgrade(alembic_config(db), revision)
        finally:
            lock.exec_driver_sql(f"SELECT pg_advisory_unlock({INIT_LOCK})")
            lock.commit()


def current(db: Database) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head() -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(MIGRATIONS)).get_current_head()


def main(argv: list[str]) -> None:  # pragma: no cover - a developer's tool
    from adjudicator.core.store import Database

    if len(argv) != 3 or argv[1] != "revision":
        print("usage: python -m adjudicator.core.migrate revision MESSAGE")
        raise SystemExit(2)
    db = Database("sqlite:///:memory:")
    upgrade(db)
    command.revision(alembic_config(db), message=argv[2], autogenerate=True)


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv)
