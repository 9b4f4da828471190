"""The outbox delivered: each queued message's bytes (composed now for a message queued by
reference) and delivery into a Maildir folder."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from adjudicator.core import progress
from adjudicator.core.store import Database, OutboxMessage, utcnow
from adjudicator.post.outbox import (
    begin_sending,
    claim_many,
    claimer,
    due_ids,
    mark_failed,
    mark_sent,
    outbox_dir,
    recover,
    write_maildir,
)
from adjudicator.publish.report_mail import ComposeError, composed


def message_bytes(db: Database, row: OutboxMessage) -> bytes:
    """The bytes to hand over for ``row``: its ``raw``, or for a message queued by reference the
    MIME composed now (the same Message-ID, recipient, subject and Date every time)."""
    if row.compose is None:
        return row.raw
    return composed(db, row)


def deliver_to_maildir(db: Database, folder: Path | None = None, now: datetime | None = None) -> int:
    """Write every queued message into a Maildir as an ``.eml`` file; returns how many.

    Each message is claimed first, so two flushers on one database never both write it."""
    folder = folder or outbox_dir()
    moment = now or utcnow()
    me = claimer()
    recover(db, moment, resend_sending=True)
    delivered = 0
    ids = due_ids(db, moment)
    progress.expect(len(ids))
    for start in range(0, len(ids), 16):  # claimed 16 at a time, one transaction each
        for row in claim_many(db, ids[start : start + 16], moment, me):
            progress.step()
            assert row.id is not None
            if not begin_sending(db, row.id, me):
                continue
            try:
                raw = message_bytes(db, row)
            except ComposeError as exc:  # a report whose turn was rolled back: kept, marked failed
                mark_failed(db, row.id, str(exc))
                continue
            write_maildir(folder, row.message_id, raw)
            mark_sent(db, row.id, moment)
            delivered += 1
    return delivered
