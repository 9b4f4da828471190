"""press between seats, observers, the game's press option

Revision ID: 0004
Revises: 0003
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("press", sa.String(length=8), server_default="white", nullable=False))
    op.create_table(
        "press",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("turn_number", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("sender", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("signed", sa.Boolean(), nullable=False),
        sa.Column("to_json", sa.Text(), nullable=False),
        sa.Column("sent_json", sa.Text(), nullable=False),
        sa.Column("held_json", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("inbound_id", sqlmodel.sql.sqltypes.AutoString(length=250), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("branch", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "turn_number", "seq"),
    )
    with op.batch_alter_table("press", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_press_game_id"), ["game_id"], unique=False)
    op.create_table(
        "observer",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("email", sqlmodel.sql.sqltypes.AutoString(length=320), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column("code_hash", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("codes_sent", sa.Integer(), nullable=False),
        sa.Column("code_sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "email"),
    )
    with op.batch_alter_table("observer", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_observer_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("observer", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_observer_game_id"))
    op.drop_table("observer")
    with op.batch_alter_table("press", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_press_game_id"))
    op.drop_table("press")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("press")
