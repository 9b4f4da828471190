"""The outbox delivered: each queued message's bytes (composed now for a message queued by
reference) and delivery into a Maildir folder."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from adjudicator.core import progress
from adjudicator.core.store import Database, OutboxMessage, utcnow
from adjudicator.mail.list_headers import OBSERVER_KINDS, headers_for, with_headers
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
    MIME composed now (the same Message-ID, recipient, subject and Date every time), with the
    list headers of its game (:mod:`adjudicator.mail.list_headers`)."""
    raw = row.raw if row.compose is None else composed(db, row)
    if not row.game_id:
        return raw
    if row.kind not in OBSERVER_KINDS:  # no look-up: the game's List-Id only
        return with_headers(raw, headers_for(None, row))
    with db.session() as session:
        return with_headers(raw, headers_for(session, row))


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
