"""The outbox: messages queued in the close transaction, delivered afterwards.

With no SMTP server configured (``PBEM_SMTP_URL`` unset) messages are
delivered into a Maildir (``./outbox/`` by default, ``PBEM_OUTBOX`` to
change it) as ``.eml`` files, so a referee trying the tool sees real messages.
"""

from __future__ import annotations

import hashlib
import os
from datetime import datetime
from email.message import EmailMessage
from pathlib import Path

from sqlmodel import Session, select

from adjudicator.store import Database, OutboxMessage, utcnow

DEFAULT_OUTBOX = "outbox"


def queue(
    session: Session,
    *,
    message_id: str,
    raw: bytes,
    to_addr: str,
    subject: str,
    kind: str,
    game_id: str | None = None,
    turn_number: int | None = None,
    seat: str | None = None,
) -> OutboxMessage | None:
    """Queue a message once: a message id already queued is not queued again."""
    existing = session.exec(select(OutboxMessage).where(OutboxMessage.message_id == message_id)).first()
    if existing is not None:
        return None
    row = OutboxMessage(
        message_id=message_id,
        raw=raw,
        to_addr=to_addr,
        subject=subject,
        kind=kind,
        game_id=game_id,
        turn_number=turn_number,
        seat=seat,
    )
    session.add(row)
    return row


def queue_message(
    session: Session,
    msg: EmailMessage,
    *,
    kind: str,
    game_id: str | None = None,
    turn_number: int | None = None,
    seat: str | None = None,
) -> OutboxMessage | None:
    """Queue a composed message: its Message-ID, recipient and subject come from its headers."""
    return queue(
        session,
        message_id=str(msg["Message-ID"]),
        raw=msg.as_bytes(),
        to_addr=str(msg["To"]),
        subject=str(msg["Subject"]),
        kind=kind,
        game_id=game_id,
        turn_number=turn_number,
        seat=seat,
    )


def outbox_dir() -> Path:
    from adjudicator.mail.config import setting

    return Path(setting("PBEM_OUTBOX") or DEFAULT_OUTBOX)


def maildir_name(message_id: str) -> str:
    """The file name of a message in the Maildir: derived from its Message-ID, so a
    redelivery after a crash overwrites the same file instead of adding a copy."""
    return hashlib.sha256(message_id.encode()).hexdigest()[:24] + ".eml"


def write_maildir(folder: Path, message_id: str, raw: bytes) -> Path:
    """Maildir delivery: write into tmp/, then rename into new/ (atomic on one file system)."""
    for sub in ("tmp", "new", "cur"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    name = maildir_name(message_id)
    tmp = folder / "tmp" / name
    tmp.write_bytes(raw)
    target = folder / "new" / name
    os.replace(tmp, target)
    return target


def deliver_to_maildir(db: Database, folder: Path | None = None, now: datetime | None = None) -> int:
    """Write every queued message into a Maildir as an ``.eml`` file; returns how many."""
    folder = folder or outbox_dir()
    delivered = 0
    with db.session() as session:
        rows = session.exec(
            select(OutboxMessage).where(OutboxMessage.status == "queued").order_by(OutboxMessage.id)  # type: ignore[arg-type]
        ).all()
        for row in rows:
            write_maildir(folder, row.message_id, row.raw)
            row.status = "sent"
            row.sent_at = now or utcnow()
            row.attempts += 1
            session.add(row)
            delivered += 1
    return delivered
