"""languages: a game's language, and a seat's and an observer's own

Revision ID: 0010
Revises: 0009
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_str = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("lang", sa.String(length=16), nullable=False, server_default="en"))
    with op.batch_alter_table("seat") as batch:
        batch.add_column(sa.Column("lang", _str(length=16), nullable=True))
    with op.batch_alter_table("observer") as batch:
        batch.add_column(sa.Column("lang", _str(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("observer") as batch:
        batch.drop_column("lang")
    with op.batch_alter_table("seat") as batch:
        batch.drop_column("lang")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("lang")
