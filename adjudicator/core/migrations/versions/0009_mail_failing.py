"""mail failing: a seat whose mail bounces is marked, with the turn it began and why

Revision ID: 0009
Revises: 0007
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0009"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_str = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    with op.batch_alter_table("seat") as batch:
        batch.add_column(sa.Column("mail_failing_turn", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("mail_failing_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("mail_failing_reason", _str(length=300), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seat") as batch:
        batch.drop_column("mail_failing_reason")
        batch.drop_column("mail_failing_at")
        batch.drop_column("mail_failing_turn")
