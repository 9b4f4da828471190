"""The outbox: messages queued in the close transaction, delivered afterwards.

With no SMTP server configured (``PBEM_SMTP_URL`` unset) messages are
delivered into a Maildir (``./outbox/`` by default, ``PBEM_OUTBOX`` to
change it) as ``.eml`` files, so a referee trying the tool sees real messages.

Every delivery, SMTP or Maildir, first *claims* a message: a conditional
UPDATE records the flusher (``host:pid``) in ``claimed_by`` with a short lease
in ``next_attempt_at``, so two flushers (two hosts on one PostgreSQL database)
never deliver the same message. Just before the message is handed over (the
SMTP ``DATA`` or the Maildir write) it becomes ``sending``. A flusher that
died is noticed at the next flush: on the same host at once (its process is
gone), elsewhere when the lease ends. What it had claimed but not begun to
hand over is queued again at once; what it was handing over (``sending``) is
written again for a Maildir (same file name: no copy) but never sent again
over SMTP: it becomes ``in-doubt`` - the server may have taken it in the
moment between its ``250`` and our record of it - and waits for the referee
(``pbem mail status`` lists it, ``pbem mail retry`` sends it again).
"""

from __future__ import annotations

import hashlib
import os
import socket
from datetime import datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import Connection, bindparam, or_, update
from sqlmodel import Session, select

from adjudicator.core.store import Database, OutboxMessage, as_utc, utcnow

DEFAULT_OUTBOX = "outbox"
#: How long a claim holds when its flusher cannot be seen (another host): longer than one send can take.
CLAIM = timedelta(minutes=2)
IN_DOUBT = (
    "in doubt: the flusher stopped while the server was receiving this message, so it may have been "
    "delivered; it is not sent again by itself (`pbem mail retry` sends it again)"
)


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
    compose: str | None = None,
    picture: str | None = None,
) -> OutboxMessage | None:
    """Queue a message once: a message id already queued is not queued again.

    With ``compose="report"`` the message is queued by reference: ``raw`` is empty and
    :func:`message_bytes` composes it when it is sent, from the stored reports of
    (game, turn, seat) and the turn's picture ``picture`` (see :mod:`adjudicator.publish.report_mail`)."""
    # Rows queued earlier in this transaction are looked up in the session, not flushed one by
    # one before each look-up: a close's mails are written with one INSERT (executemany).
    if any(isinstance(o, OutboxMessage) and o.message_id == message_id for o in session.new):
        return None
    with session.no_autoflush:
        existing = session.exec(
            select(OutboxMessage.id).where(OutboxMessage.message_id == message_id)
        ).first()
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
        compose=compose,
        picture=picture,
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
    from adjudicator.post.config import setting

    return Path(setting("PBEM_OUTBOX") or DEFAULT_OUTBOX)


def maildir_name(message_id: str) -> str:
    """The file name of a message in the Maildir: derived from its Message-ID, so a
    redelivery after a crash overwrites the same file instead of adding a copy."""
    return hashlib.sha256(message_id.encode()).hexdigest()[:24] + ".eml"


def write_maildir(folder: Path, message_id: str, raw: bytes) -> Path:
    """Maildir delivery: write into tmp/, then rename into new/ (atomic on one file system).

    The folders are created 0700 and the files 0600: a sign-up letter carries a seat's secret,
    a report a seat's hidden hand."""
    private_maildir(folder)
    name = maildir_name(message_id)
    tmp = folder / "tmp" / name
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)  # a file left by an earlier run keeps no wider mode
        view = memoryview(raw)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)
    target = folder / "new" / name
    os.replace(tmp, target)
    return target


def private_maildir(folder: Path) -> None:
    """``folder`` and its ``tmp``, ``new`` and ``cur`` created readable by the owner only (0700)."""
    for where in (folder, folder / "tmp", folder / "new", folder / "cur"):
        if not where.exists():
            where.mkdir(parents=True, mode=0o700, exist_ok=True)
            os.chmod(where, 0o700)  # whatever the umask


# -- claims ------------------------------------------------------------------
def claimer() -> str:
    """Who claims: this process, as ``host:pid``."""
    return f"{socket.gethostname()[:150]}:{os.getpid()}"


def claimer_gone(claimed_by: str | None) -> bool:
    """``True`` when the flusher that claimed a message ran on this host and its process is gone."""
    host, _, pid = (claimed_by or "").rpartition(":")
    if host != socket.gethostname()[:150] or not pid.isdecimal():
        return False  # another host: only its lease tells
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError):
        return False
    return False


def recover(db: Database, now: datetime, *, resend_sending: bool) -> int:
    """Release what flushers that are gone had claimed; returns how many messages were released.

    ``resend_sending`` is ``True`` for a Maildir (writing again replaces the same file) and
    ``False`` for SMTP (a message the server may have taken becomes ``in-doubt``)."""
    released = 0
    with db.session() as session:
        rows = session.exec(
            select(OutboxMessage)
            .where(OutboxMessage.status.in_(["queued", "sending"]))  # type: ignore[attr-defined]
            .where(OutboxMessage.claimed_by.is_not(None))  # type: ignore[union-attr]
        ).all()
        for row in rows:
            lease = as_utc(row.next_attempt_at)
            gone = claimer_gone(row.claimed_by) or (lease is not None and lease <= now)
            if not gone:
                continue
            if row.status == "sending" and not resend_sending:
                row.status, row.last_error = "in-doubt", IN_DOUBT
            else:
                row.status = "queued"
            row.claimed_by, row.next_attempt_at = None, None
            session.add(row)
            released += 1
    return released


def due_ids(db: Database, now: datetime, limit: int | None = None) -> list[int]:
    with db.session() as session:
        query = (
            select(OutboxMessage.id)
            .where(OutboxMessage.status == "queued")
            .where(or_(OutboxMessage.next_attempt_at.is_(None), OutboxMessage.next_attempt_at <= now))  # type: ignore[union-attr,operator]
            .order_by(OutboxMessage.id)  # type: ignore[arg-type]
        )
        if limit is not None:
            query = query.limit(limit)
        return [i for i in session.exec(query).all() if i is not None]


def claim(db: Database, message_id: int, now: datetime, me: str) -> OutboxMessage | None:
    """Reserve one due message for this flusher; ``None`` if someone else has it or it is not due."""
    with db.session() as session:
        won = session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == message_id, OutboxMessage.status == "queued")  # type: ignore[arg-type]
            .where(or_(OutboxMessage.next_attempt_at.is_(None), OutboxMessage.next_attempt_at <= now))  # type: ignore[union-attr,operator]
            .values(next_attempt_at=now + CLAIM, claimed_by=me)
        )
        if won.rowcount != 1:  # type: ignore[attr-defined]
            return None
        return session.get(OutboxMessage, message_id)


def claim_many(db: Database, message_ids: list[int], now: datetime, me: str) -> list[OutboxMessage]:
    """Reserve several due messages for this flusher in one transaction (what :func:`claim` does
    for one); returns those won, in id order. The lease covers the batch: keep batches small
    enough to be sent well within :data:`CLAIM`."""
    if not message_ids:
        return []
    with db.session() as session:
        session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id.in_(message_ids), OutboxMessage.status == "queued")  # type: ignore[union-attr]
            .where(or_(OutboxMessage.next_attempt_at.is_(None), OutboxMessage.next_attempt_at <= now))  # type: ignore[union-attr,operator]
            .values(next_attempt_at=now + CLAIM, claimed_by=me)
        )
        return list(
            session.exec(
                select(OutboxMessage)
                .where(OutboxMessage.id.in_(message_ids), OutboxMessage.status == "queued")  # type: ignore[union-attr]
                .where(OutboxMessage.claimed_by == me)
                .order_by(OutboxMessage.id)  # type: ignore[arg-type]
            ).all()
        )


def begin_sending(db: Database, message_id: int, me: str, sent: int | None = None) -> bool:
    """Mark a claimed message ``sending`` just before it is handed over; ``False`` if the claim was lost.

    ``sent``: a message this flusher's connection has just handed over (the server answered its
    DATA) and not yet recorded; it is recorded ``sent`` in the same transaction, so a connection
    pays one write per message. Until then it stays ``sending``: a flusher dying in between leaves
    it ``in-doubt``, never sent again by itself."""
    return begin_sending_many(db, [(message_id, sent)], me)[0]


def begin_sending_many(db: Database, requests: list[tuple[int, int | None]], me: str) -> list[bool]:
    """:func:`begin_sending` for several connections at once, in one transaction: each request is
    (message to mark ``sending``, message its connection handed over last or ``None``). Returns,
    per request, whether the claim was still held. Statements without the ORM, built once (this
    runs once per message sent)."""
    now = utcnow()
    won: list[bool] = []
    with db.engine.begin() as connection:
        for message_id, sent in requests:
            if sent is not None:
                connection.execute(_SENT, {"message": sent, "moment": now})
                forget_secret_letter(connection, sent)
            marked = connection.execute(_SENDING, {"message": message_id, "claimer": me})
            won.append(marked.rowcount == 1)
    return won


#: Letters that carry a seat's secret (sign-up by mail): once sent, only their headers are kept.
FORGET_BODY_KINDS = ("seat",)

_SENT = (
    update(OutboxMessage)
    .where(OutboxMessage.id == bindparam("message"))  # type: ignore[arg-type]
    .values(
        status="sent",
        sent_at=bindparam("moment"),
        attempts=OutboxMessage.attempts + 1,
        last_error=None,
        next_attempt_at=None,
        claimed_by=None,
    )
)
_SENDING = (
    update(OutboxMessage)
    .where(OutboxMessage.id == bindparam("message"), OutboxMessage.status == "queued")  # type: ignore[arg-type]
    .where(OutboxMessage.claimed_by == bindparam("claimer"))  # type: ignore[arg-type]
    .values(status="sending")
)
_KIND = select(OutboxMessage.kind).where(OutboxMessage.id == bindparam("message"))  # type: ignore[arg-type]


def forget_secret_letter(connection: Session | Connection, message_id: int) -> None:
    """A letter that carried a seat's secret keeps only its headers once sent or failed for good
    (sign-up by mail): the seat's secret is not kept at rest. Other messages are not read again
    (only their kind is)."""
    kind = connection.execute(_KIND, {"message": message_id}).scalar()  # type: ignore[call-overload]
    if kind not in FORGET_BODY_KINDS:
        return
    where = OutboxMessage.id == message_id
    raw = connection.execute(select(OutboxMessage.raw).where(where)).scalar()  # type: ignore[arg-type]
    if raw:
        head = raw.split(b"\r\n\r\n", 1)[0]
        kept = head + b"\r\n\r\n(not kept: this letter carried a seat's secret)\r\n"
        connection.execute(update(OutboxMessage).where(where).values(raw=kept))  # type: ignore[arg-type]


def mark_sent(db: Database, message_id: int, now: datetime | None = None) -> None:
    with db.session() as session:
        session.execute(_SENT, {"message": message_id, "moment": now or utcnow()})
        forget_secret_letter(session, message_id)


def mark_failed(db: Database, message_id: int, error: str) -> None:
    """A message that cannot be made: ``failed`` at once, shown by ``pbem mail status``."""
    with db.session() as session:
        row = session.get(OutboxMessage, message_id)
        if row is not None:
            row.status, row.claimed_by, row.next_attempt_at = "failed", None, None
            row.attempts += 1
            row.last_error = error[:2000]
            session.add(row)
            session.flush()
            forget_secret_letter(session, message_id)  # failed for good: the secret is not kept


def release(db: Database, message_id: int, error: str | None = None) -> None:
    """Give a claimed message back untried (the server could not be reached): no attempt is counted."""
    with db.session() as session:
        row = session.get(OutboxMessage, message_id)
        if row is not None and row.status in ("queued", "sending"):
            row.status, row.claimed_by, row.next_attempt_at = "queued", None, None
            if error:
                row.last_error = error[:2000]
            session.add(row)
