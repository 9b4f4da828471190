"""Alembic environment: runs migrations on the engine the application already has."""

from alembic import context
from sqlmodel import SQLModel

import adjudicator.core.store  # noqa: F401  (registers the tables)

config = context.config
target_metadata = SQLModel.metadata


#: Tables that live in our database but belong to others (APScheduler's job store).
FOREIGN_TABLES = {"apscheduler_jobs"}


def include_object(obj: object, name: str | None, type_: str, reflected: bool, compare_to: object) -> bool:
    return not (type_ == "table" and name in FOREIGN_TABLES)


def run() -> None:
    engine = config.attributes.get("engine")
    if engine is None:
        from sqlalchemy import create_engine

        engine = create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # SQLite rebuilds a table to change a column (batch mode); with foreign keys enforced,
            # dropping the old ``game`` table under its seats would fail. SQLite's own procedure
            # for such changes: keys off for the migration (outside any transaction), checked after.
            connection.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")  # type: ignore[union-attr]
        try:
            # One transaction for the whole upgrade, begun here so that Alembic runs in it (it then
            # begins none of its own): the read of the current revision and every migration after
            # it. On SQLite it begins with BEGIN IMMEDIATE (adjudicator.core.store), so concurrent
            # `pbem init`s queue on the write lock and the next one finds the schema at head;
            # Alembic's own way on SQLite (a transaction per migration, the revision read apart)
            # let two of them run the same migration (seen: "duplicate column name").
            with connection.begin():
                context.configure(
                    connection=connection,
                    target_metadata=target_metadata,
                    render_as_batch=connection.dialect.name == "sqlite",
                    compare_type=True,
                    include_object=include_object,
                )
                with context.begin_transaction():  # ours: Alembic adds none
                    context.run_migrations()
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"the migration broke foreign keys: {broken[:5]}")
        finally:
            if sqlite:
                connection.connection.driver_connection.execute("PRAGMA foreign_keys=ON")  # type: ignore[union-attr]


run()
