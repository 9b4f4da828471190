"""mail hardening: verified inbound mail, indexed rate limits, outbox claims by flusher

Revision ID: 0003
Revises: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("inboundmessage", schema=None) as batch_op:
        batch_op.add_column(sa.Column("verified", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.create_index(
            "ix_inboundmessage_sender_verified_received", ["sender", "verified", "received_at"], unique=False
        )
        batch_op.create_index("ix_inboundmessage_verified_received", ["verified", "received_at"], unique=False)
    with op.batch_alter_table("outboxmessage", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("claimed_by", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True)
        )
        batch_op.create_index(
            "ix_outboxmessage_seat_kind_created", ["game_id", "seat", "kind", "created_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("outboxmessage", schema=None) as batch_op:
        batch_op.drop_index("ix_outboxmessage_seat_kind_created")
        batch_op.drop_column("claimed_by")
    with op.batch_alter_table("inboundmessage", schema=None) as batch_op:
        batch_op.drop_index("ix_inboundmessage_verified_received")
        batch_op.drop_index("ix_inboundmessage_sender_verified_received")
        batch_op.drop_column("verified")
