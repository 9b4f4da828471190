"""Alembic environment: runs migrations on the engine the application already has."""

from alembic import context
from sqlmodel import SQLModel

import adjudicator.store  # noqa: F401  (registers the tables)

config = context.config
target_metadata = SQLModel.metadata


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
        )
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()


run()
