"""repair databases made by the first release

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 13:40:00

Migration 0001 was rewritten in place after the first release shipped it: ``game.reminders``,
``game.paused_at`` and the ``branch`` table (with its index) were added to it. A database the
first release created is stamped 0001 without them, so ``pbem init`` said "ready" and the next
command failed with ``no such column``. This revision looks at what the database has and adds
only what is missing, so a database of the first release and one made by today's 0001 end with
the same schema (``tests/test_store_upgrade.py`` compares them). Released migrations are never
edited again; every schema change is a new revision.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: The value every game had before the column existed (the model's default).
DEFAULT_REMINDERS = "24h,2h"


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    game_columns = {c["name"] for c in inspector.get_columns("game")}
    missing = [name for name in ("reminders", "paused_at") if name not in game_columns]
    sqlite = op.get_bind().dialect.name == "sqlite"
    if missing:
        # In their places of a new database (SQLite rebuilds the table; PostgreSQL appends them).
        # Existing games get the default reminder rule; then the default goes, as in a new database.
        with op.batch_alter_table("game", schema=None, recreate="always" if sqlite else "auto") as batch_op:
            where = {"insert_after": "civil_disorder_after"} if sqlite else {}
            if "reminders" in missing:
                batch_op.add_column(
                    sa.Column(
                        "reminders",
                        sqlmodel.sql.sqltypes.AutoString(length=64),
                        nullable=False,
                        server_default=DEFAULT_REMINDERS,
                    ),
                    **where,
                )
            if "paused_at" in missing:
                batch_op.add_column(
                    sa.Column("paused_at", sa.DateTime(timezone=True), nullable=True),
                    **({"insert_after": "reminders"} if sqlite else {}),
                )
        if "reminders" in missing:
            with op.batch_alter_table("game", schema=None) as batch_op:
                batch_op.alter_column(
                    "reminders",
                    existing_type=sqlmodel.sql.sqltypes.AutoString(length=64),
                    existing_nullable=False,
                    server_default=None,
                )
    if "branch" not in inspector.get_table_names():
        op.create_table(
            "branch",
            sa.Column("id", sa.Integer(), nullable=False),
            sa.Column("game_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
            sa.Column("number", sa.Integer(), nullable=False),
            sa.Column("after_turn", sa.Integer(), nullable=False),
            sa.Column("reason", sa.Text(), nullable=False),
            sa.Column("head_record_hash", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True),
            sa.Column("data_json", sa.Text(), nullable=False),
            sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
            sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
            sa.PrimaryKeyConstraint("id"),
            sa.UniqueConstraint("game_id", "number"),
        )
    if "ix_branch_game_id" not in {i["name"] for i in sa.inspect(op.get_bind()).get_indexes("branch")}:
        with op.batch_alter_table("branch", schema=None) as batch_op:
            batch_op.create_index(batch_op.f("ix_branch_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    # Nothing to undo: what this revision adds is what 0001 creates in a new database today.
    pass
