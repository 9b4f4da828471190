"""between the players: sign-up terms, confirmation codes, absences, proposals and votes

Revision ID: 0005
Revises: 0004
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_str = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.create_table(
        "gameterms",
        sa.Column("game_id", _str(length=64), nullable=False),
        sa.Column("signup", _str(length=16), nullable=False),
        sa.Column("start_when_full", sa.Boolean(), nullable=False),
        sa.Column("absence_days", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_table(
        "confirmation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", _str(length=64), nullable=False),
        sa.Column("kind", _str(length=16), nullable=False),
        sa.Column("address", _str(length=320), nullable=False),
        sa.Column("seat", _str(length=64), nullable=True),
        sa.Column("code_hash", _str(length=200), nullable=False),
        sa.Column("status", _str(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_confirmation_game_id", "confirmation", ["game_id"], unique=False)
    op.create_index("ix_confirmation_address_created", "confirmation", ["address", "created_at"], unique=False)
    op.create_table(
        "absence",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", _str(length=64), nullable=False),
        sa.Column("seat", _str(length=64), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_absence_game_id", "absence", ["game_id"], unique=False)
    op.create_table(
        "proposal",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", _str(length=64), nullable=False),
        sa.Column("kind", _str(length=16), nullable=False),
        sa.Column("conceded_to", _str(length=64), nullable=True),
        sa.Column("proposed_by", _str(length=64), nullable=False),
        sa.Column("turn_number", sa.Integer(), nullable=False),
        sa.Column("voters_json", sa.Text(), nullable=False),
        sa.Column("status", _str(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_proposal_game_id", "proposal", ["game_id"], unique=False)
    op.create_table(
        "vote",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("proposal_id", sa.Integer(), nullable=False),
        sa.Column("seat", _str(length=64), nullable=False),
        sa.Column("vote", _str(length=8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["proposal_id"], ["proposal.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("proposal_id", "seat"),
    )
    op.create_index("ix_vote_proposal_id", "vote", ["proposal_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_vote_proposal_id", table_name="vote")
    op.drop_table("vote")
    op.drop_index("ix_proposal_game_id", table_name="proposal")
    op.drop_table("proposal")
    op.drop_index("ix_absence_game_id", table_name="absence")
    op.drop_table("absence")
    op.drop_index("ix_confirmation_address_created", table_name="confirmation")
    op.drop_index("ix_confirmation_game_id", table_name="confirmation")
    op.drop_table("confirmation")
    op.drop_table("gameterms")
