"""Schema migrations with Alembic, configured in code (no alembic.ini to lose).

``pbem init`` calls :func:`upgrade`; developers create a new revision after a
model change with ``python -m adjudicator.migrate revision "what changed"``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from alembic import command
from alembic.config import Config

if TYPE_CHECKING:
    from adjudicator.store import Database

MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(db: Database) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", db.url.replace("%", "%%"))
    config.attributes["engine"] = db.engine
    return config


def upgrade(db: Database, revision: str = "head") -> None:
    command.upgrade(alembic_config(db), revision)


def current(db: Database) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head() -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(MIGRATIONS)).get_current_head()


def main(argv: list[str]) -> None:  # pragma: no cover - a developer's tool
    from adjudicator.store import Database

    if len(argv) != 3 or argv[1] != "revision":
        print("usage: python -m adjudicator.migrate revision MESSAGE")
        raise SystemExit(2)
    db = Database("sqlite:///:memory:")
    upgrade(db)
    command.revision(alembic_config(db), message=argv[2], autogenerate=True)


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv)
