"""Helpers of the mail tests: message builders, outbox readers and a real SMTP sink (aiosmtpd)."""

from __future__ import annotations

import socket
import threading
from email import message_from_bytes
from email.message import EmailMessage, Message
from email.policy import default
from typing import Any

from aiosmtpd.controller import Controller

from adjudicator.core.store import Database, OutboxMessage

REFEREE = "referee@pbem.test"


def orders_mail(
    *,
    sender: str = "north@example.org",
    game: str | None = "toy",
    seat: str | None = "north",
    secret: str | None = None,
    turn: int | str | None = 1,
    body: str = "guess 3",
    subject: str = "orders",
    message_id: str | None = None,
    headers: dict[str, str] | None = None,
    html: str | None = None,
) -> bytes:
    """A player's message with the judge header lines (``turn: 1`` unless told), as raw bytes."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = REFEREE
    msg["Subject"] = subject
    if message_id:
        msg["Message-ID"] = message_id
    for key, value in (headers or {}).items():
        msg[key] = value
    lines = []
    if game is not None:
        lines.append(f"game: {game}")
    if seat is not None:
        lines.append(f"seat: {seat}")
    if secret is not None:
        lines.append(f"secret: {secret}")
    if turn is not None:
        lines.append(f"turn: {turn}")
    text = "\n".join(lines) + "\n\n" + body + "\n"
    if html is None:
        msg.set_content(text)
    else:
        msg.set_content(html, subtype="html")
    return msg.as_bytes()


def outbox_rows(db: Database, kind: str | None = None) -> list[OutboxMessage]:
    from sqlmodel import select

    with db.session() as session:
        query = select(OutboxMessage).order_by(OutboxMessage.id)  # type: ignore[arg-type]
        if kind is not None:
            query = query.where(OutboxMessage.kind == kind)
        return list(session.exec(query).all())


def mail_bytes(row: OutboxMessage, db: Database | None = None) -> bytes:
    """The bytes the flush sends for ``row`` (``outbox.message_bytes``): its ``raw``, or the MIME
    composed from what it refers to (an acknowledgement needs no database, a report does)."""
    if db is not None:
        from adjudicator.mail.delivery import message_bytes

        return message_bytes(db, row)
    if row.compose == "ack":
        from adjudicator.post.acks import composed_ack

        return composed_ack(row)
    assert row.compose is None, "a report queued by reference: use outbox.message_bytes(db, row)"
    return row.raw


def parts(raw: bytes) -> dict[str, Any]:
    """The text and HTML bodies, attachments and headers of a message we sent."""
    msg = message_from_bytes(raw, policy=default)
    out: dict[str, Any] = {"msg": msg, "attachments": {}}
    for part in msg.walk():
        if part.is_multipart():
            continue
        if part.get_filename():
            out["attachments"][part.get_filename()] = part.get_content()
        elif part.get_content_type() == "text/plain":
            out.setdefault("text", part.get_content())
        elif part.get_content_type() == "text/html":
            out.setdefault("html", part.get_content())
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sink:
    """A real SMTP server (aiosmtpd) on loopback that keeps what it receives."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.received: list[tuple[str, list[str], bytes]] = []
        self.connections = 0  # EHLOs seen: one per SMTP session
        self.lock = threading.Lock()
        self.controller: Controller | None = None

    async def handle_EHLO(
        self, server: Any, session: Any, envelope: Any, hostname: str, responses: list[str]
    ) -> list[str]:
        session.host_name = hostname
        with self.lock:
            self.connections += 1
        return responses

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.received.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.original_content))
        return "250 OK"

    def start(self) -> Sink:
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}?starttls=0&timeout=5"

    def messages(self) -> list[Message]:
        return [message_from_bytes(raw, policy=default) for _, _, raw in self.received]

    def message_ids(self) -> list[str]:
        return [str(m["Message-ID"]) for m in self.messages()]
