"""Alembic environment: runs migrations on the engine the application already has."""

from alembic import context
from sqlmodel import SQLModel

import adjudicator.store  # noqa: F401  (registers the tables)

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
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=connection.dialect.name == "sqlite",
            compare_type=True,
            include_object=include_object,
        )
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()


run()
