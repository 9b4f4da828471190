"""The headers receiving servers expect of a game's mail, added when a message is sent.

- ``List-Id`` on every mail of a game (RFC 2919): ``"pbem game rome-27" <rome-27.pbem.example.org>``,
  so that a player can file a campaign's mail and a server can tell it from spam;
- ``List-Unsubscribe`` (RFC 2369) on an observer's public report: a ``mailto:`` link to the
  referee's unsubscribe address for that observer, ``referee+u<observer>-<mac>@domain``, with the
  subject ``unwatch GAME``. The keyed tag is the proof that the request comes from the observer's
  own mailbox (the link is only in mail sent to it); :mod:`adjudicator.mail.watch` reads it.

``Auto-Submitted`` (RFC 3834) is set when a message is composed (``auto-generated``, or
``auto-replied`` for an answer to a player's mail), and ``Date`` and ``Message-ID`` too.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from email.message import Message
from urllib.parse import quote

from sqlmodel import Session, select

from adjudicator.core.store import Observer, OutboxMessage, pepper
from adjudicator.post.compose import mail_domain, referee_mailbox

#: ``+u<observer>-<mac>`` in the local part of an unsubscribe address
_UNSUBSCRIBE_TAG = re.compile(r"\+u(\d{1,18})-([0-9a-f]{16})@", re.IGNORECASE)
#: the kinds of mail an observer receives (its public reports)
OBSERVER_KINDS = ("observer",)


def _mac(observer_id: int, game_id: str, address: str) -> str:
    material = f"unwatch {observer_id} {game_id} {address.lower()}".encode()
    return hmac.new(pepper(), material, hashlib.sha256).hexdigest()[:16]


def unsubscribe_address(observer_id: int, game_id: str, address: str, mailbox: str | None = None) -> str:
    local, _, domain = (mailbox or referee_mailbox()).partition("@")
    return f"{local.split('+', 1)[0]}+u{observer_id}-{_mac(observer_id, game_id, address)}@{domain}"


def list_id(game_id: str) -> str:
    return f'"pbem game {game_id}" <{game_id}.{mail_domain()}>'


def headers_for(session: Session | None, row: OutboxMessage) -> list[tuple[str, str]]:
    """The list headers ``row`` is sent with (none for mail that belongs to no game); the
    observer's unsubscribe link needs ``session`` to find the observer."""
    if not row.game_id:
        return []
    found = [("List-Id", list_id(row.game_id))]
    if row.kind in OBSERVER_KINDS and session is not None:
        observer = session.exec(
            select(Observer).where(Observer.game_id == row.game_id, Observer.email == row.to_addr.lower())
        ).first()
        if observer is not None and observer.id is not None:
            target = unsubscribe_address(observer.id, row.game_id, observer.email)
            subject = quote(f"unwatch {row.game_id}")
            found.append(("List-Unsubscribe", f"<mailto:{target}?subject={subject}>"))
    return found


def with_headers(raw: bytes, headers: list[tuple[str, str]]) -> bytes:
    """``raw`` with ``headers`` put before its own (values are the referee's, ASCII, one line)."""
    if not headers:
        return raw
    present = {name.lower() for name in re.findall(rb"(?m)^([A-Za-z-]+):", raw.split(b"\r\n\r\n", 1)[0])}
    lines = b"".join(
        f"{name}: {value}\r\n".encode("ascii")
        for name, value in headers
        if name.lower().encode() not in present
    )
    return lines + raw


def unsubscribe_tag_of(msg: Message, game_id: str, address: str) -> bool:
    """Whether ``msg`` was sent to a valid unsubscribe address of ``address`` for ``game_id``."""
    for name in ("To", "Delivered-To", "X-Original-To", "Envelope-To", "Cc"):
        for value in msg.get_all(name, []) or []:
            for match in _UNSUBSCRIBE_TAG.finditer(str(value)):
                observer_id, mac = int(match.group(1)), match.group(2).lower()
                if hmac.compare_digest(_mac(observer_id, game_id, address), mac):
                    return True
    return False
