"""reports composed when sent: outbox rows reference the stored reports; one picture per turn board

Revision ID: 0006
Revises: 0005
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("outboxmessage", schema=None) as batch_op:
        batch_op.add_column(sa.Column("compose", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True))
        batch_op.add_column(sa.Column("picture", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
    op.create_table(
        "turnpicture",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("turn_number", sa.Integer(), nullable=False),
        sa.Column("digest", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("svg", sa.Text(), nullable=False),
        sa.Column("png", sa.LargeBinary(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "turn_number", "digest"),
    )
    with op.batch_alter_table("turnpicture", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_turnpicture_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("turnpicture", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_turnpicture_game_id"))
    op.drop_table("turnpicture")
    with op.batch_alter_table("outboxmessage", schema=None) as batch_op:
        batch_op.drop_column("picture")
        batch_op.drop_column("compose")
