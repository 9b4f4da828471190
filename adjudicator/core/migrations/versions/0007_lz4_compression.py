"""PostgreSQL: the large text columns compressed with LZ4 instead of pglz (no change on SQLite)

A turn close stores about 150 KB of text on PostgreSQL (the seats' reports, the states, the
board drawing); each value over 2 KB is compressed when stored ("TOAST"), and PostgreSQL's
default pglz compressor was about a fifth of the server's CPU per close in ``bench/tick_many.py``.
LZ4 compresses several times faster at a similar ratio. The setting is per column and applies to
values stored from now on; values stored before stay as they are and read as before (PostgreSQL
knows each value's method). A server built without LZ4 support, or older than PostgreSQL 14
(which has no per-column compression), keeps pglz: the migration then changes nothing.

Revision ID: 0007
Revises: 0006
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: (table, column) of the values a close stores that are large enough to be compressed
COLUMNS = (
    ("report", "body"),
    ("turn", "state_json"),
    ("turn", "result_state_json"),
    ("turn", "requests_json"),
    ("turnpicture", "svg"),
    ("outboxmessage", "raw"),
    ("event", "data_json"),
    ("submission", "text"),
    ("submission", "canonical"),
    ("game", "setup_state_json"),
)


def _lz4_available() -> bool:
    """PostgreSQL 14 or newer, built with LZ4 (tried in a savepoint on a throwaway table)."""
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return False
    if int(bind.exec_driver_sql("SHOW server_version_num").scalar() or 0) < 140000:
        return False
    try:
        with bind.begin_nested():
            bind.exec_driver_sql("CREATE TEMPORARY TABLE pbem_lz4_probe (x text COMPRESSION lz4)")
            bind.exec_driver_sql("DROP TABLE pbem_lz4_probe")
    except Exception:  # "compression method lz4 not supported": a server built without it
        return False
    return True


def _set(method: str) -> None:
    for table, column in COLUMNS:
        op.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {method}")


def upgrade() -> None:
    if _lz4_available():
        _set("lz4")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql" and int(
        op.get_bind().exec_driver_sql("SHOW server_version_num").scalar() or 0
    ) >= 140000:
        _set("pglz")
