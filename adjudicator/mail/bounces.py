"""Mail that did not arrive: bounce addresses per message, and the reports that come back.

Every message is sent with its own envelope sender (VERP): ``referee+b<row>-<mac>@domain``,
where ``row`` is the outbox row and ``mac`` a keyed hash of the row and its Message-ID under the
server's pepper. A receiving server that cannot deliver sends its report to that address; the
referee's mailbox gets it (plus-addressing), and :func:`read_bounce` matches it to the very
message, hence the game, the turn and the seat.

A bounce carries no seat secret, so the address is the proof: a report that names no valid
bounce address (a forged one, or one that quotes a Message-ID, which anyone can guess) changes
nothing. A permanent failure for the seat's current address marks the seat *mail failing since
turn N* (:func:`mark_failing`); the seat's next verified mail clears it (:func:`clear_failing`).
A delayed delivery (a temporary failure) is only logged. Reports are read with flufl.bounce,
which knows RFC 3464 delivery status notifications and the common non-standard shapes (qmail,
Exim, Exchange, GroupWise, Yahoo, ...).
"""

from __future__ import annotations

import email
import hashlib
import hmac
import logging
import re
from dataclasses import dataclass
from datetime import datetime
from email.message import Message
from email.policy import compat32

from sqlmodel import Session, select

from adjudicator.core.readers import game_language
from adjudicator.core.store import Game, OutboxMessage, Seat, Turn, pepper
from adjudicator.games.language import ENGLISH, Language
from adjudicator.post.compose import referee_mailbox

log = logging.getLogger(__name__)

#: ``+b<row>-<mac>`` in the local part of the bounce address
_TAG = re.compile(r"\+b(\d{1,18})-([0-9a-f]{16})@", re.IGNORECASE)
#: headers a bounce's envelope recipient may be found in (servers differ)
_ENVELOPE_HEADERS = (
    "To",
    "Delivered-To",
    "X-Original-To",
    "Envelope-To",
    "X-Envelope-To",
    "X-Failed-Recipients",
)
MAX_REASON = 300


def _mac(row_id: int, message_id: str) -> str:
    return hmac.new(pepper(), f"bounce {row_id} {message_id}".encode(), hashlib.sha256).hexdigest()[:16]


def bounce_address(row_id: int, message_id: str, mailbox: str | None = None) -> str:
    """The envelope sender of outbox row ``row_id``: the referee's address, plus-tagged.

    >>> import os; os.environ.setdefault("PBEM_PEPPER", "doctest pepper, 32 characters or more")
    '...'
    >>> bounce_address(7, "<g.1.rome.report@pbem.test>", "referee@pbem.test")[:19]
    'referee+b7-'
    """
    local, _, domain = (mailbox or referee_mailbox()).partition("@")
    local = local.split("+", 1)[0]
    return f"{local}+b{row_id}-{_mac(row_id, message_id)}@{domain}"


@dataclass(frozen=True)
class Bounce:
    """A delivery failure matched to the message that failed."""

    row_id: int
    game_id: str | None
    seat: str | None
    to_addr: str
    permanent: bool
    reason: str


def _delivery_failed(msg: Message) -> bool:
    """An RFC 3464 report whose per-recipient fields say ``Action: failed``."""
    for part in msg.walk():
        if part.get_content_type() == "message/delivery-status" and part.is_multipart():
            for block in part.get_payload():
                if isinstance(block, Message) and str(block.get("Action", "")).strip().lower() == "failed":
                    return True
    return False


def _tags(msg: Message) -> list[tuple[int, str]]:
    """Every bounce tag in the report's envelope headers, and in the headers of the message it
    quotes (some servers put the original Return-Path there)."""
    found: list[tuple[int, str]] = []
    for part in msg.walk():
        for name in (*_ENVELOPE_HEADERS, "Return-Path"):
            for value in part.get_all(name, []) or []:
                found += [(int(m.group(1)), m.group(2).lower()) for m in _TAG.finditer(str(value))]
        if part.get_content_type() in ("text/rfc822-headers", "message/rfc822") and not part.is_multipart():
            payload = part.get_payload(decode=True) or b""
            text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else str(payload)
            found += [(int(m.group(1)), m.group(2).lower()) for m in _TAG.finditer(text[:20000])]
    return found


def _reason(msg: Message) -> str:
    """What the receiving server said, in one bounded line: the RFC 3464 Diagnostic-Code or
    Status when there is one, else the report's subject."""
    for part in msg.walk():
        if part.get_content_type() != "message/delivery-status":
            continue
        blocks = part.get_payload() if part.is_multipart() else []  # each a block of fields
        for key in ("Diagnostic-Code", "Status"):
            for block in blocks:
                if isinstance(block, Message) and block.get(key):
                    return _one_line(str(block.get(key)))
    return _one_line(str(msg.get("Subject", "delivery failed")))


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()[:MAX_REASON] or "delivery failed"


def _failures(msg: Message) -> tuple[set[str], set[str]]:
    from flufl.bounce import all_failures

    try:
        temporary, permanent = all_failures(msg)
    except Exception:  # a report the detectors cannot read: no addresses, not a crash
        return set(), set()
    decode = lambda found: {a.decode("utf-8", "replace").lower() for a in found}  # noqa: E731
    return decode(temporary), decode(permanent)


def read_bounce(session: Session, raw: bytes) -> Bounce | None:
    """The failure ``raw`` reports, matched to an outbox row by a valid bounce tag; ``None``
    when it names no message of ours, its tag does not check, or it reports no failure (an
    auto-reply such as a vacation notice is sent to the same address, and is no bounce)."""
    msg = email.message_from_bytes(raw, policy=compat32)
    for row_id, mac in _tags(msg):
        row = session.get(OutboxMessage, row_id)
        if row is None or not hmac.compare_digest(_mac(row_id, row.message_id), mac):
            continue
        temporary, permanent = _failures(msg)
        if permanent or _delivery_failed(msg):
            return Bounce(row_id, row.game_id, row.seat, row.to_addr, True, _reason(msg))
        if temporary:
            return Bounce(row_id, row.game_id, row.seat, row.to_addr, False, _reason(msg))
        return None
    return None


def mark_failing(session: Session, bounce: Bounce, now: datetime) -> Seat | None:
    """Mark the seat the bounced message went to, when it still has that address; the seat is
    returned when this is the first failure since its last mail (the referee is told once)."""
    if not bounce.permanent or bounce.game_id is None or bounce.seat is None:
        return None
    seat = session.exec(select(Seat).where(Seat.game_id == bounce.game_id, Seat.name == bounce.seat)).first()
    if seat is None or (seat.email or "").lower() != bounce.to_addr.lower():
        return None  # the seat has a new address since: the old one's failure is history
    first = seat.mail_failing_turn is None
    if first:
        open_turn = session.exec(
            select(Turn.number)
            .where(Turn.game_id == bounce.game_id, Turn.status == "open")
            .order_by(Turn.number.desc())  # type: ignore[attr-defined]
        ).first()
        last = session.exec(
            select(Turn.number).where(Turn.game_id == bounce.game_id).order_by(Turn.number.desc())  # type: ignore[attr-defined]
        ).first()
        seat.mail_failing_turn = open_turn or last or 0
        seat.mail_failing_at = now
    seat.mail_failing_reason = bounce.reason[:MAX_REASON]
    session.add(seat)
    return seat if first else None


def clear_failing(session: Session, seat: Seat) -> bool:
    """The seat's mail arrived: its address works again (a verified mail only)."""
    if seat.mail_failing_turn is None:
        return False
    seat.mail_failing_turn = None
    seat.mail_failing_at = None
    seat.mail_failing_reason = None
    session.add(seat)
    return True


def failing_line(seat: Seat, lang: Language = ENGLISH) -> str | None:
    """``mail failing since turn 4 (550 5.1.1 user unknown)`` in ``lang``, or ``None`` when it is not."""
    if seat.mail_failing_turn is None:
        return None
    reason = f" ({seat.mail_failing_reason})" if seat.mail_failing_reason else ""
    return lang._("mail failing since turn %(turn)s%(reason)s", turn=seat.mail_failing_turn, reason=reason)


def tell_the_referee(session: Session, game: Game, seat: Seat) -> bool:
    """A short letter to the game's referee address: this seat's mail bounces."""
    if not game.referee_email:
        return False
    from adjudicator.post.compose import compose, stable_message_id
    from adjudicator.post.outbox import queue_message

    lang = game_language(game)  # the referee reads the game's language
    text = lang._(
        "Game %(game)s: mail to seat %(seat)s <%(address)s> bounces: %(failing)s.\n\n"
        "The seat's player may not be receiving turn notices, requests or reports. Missing orders\n"
        "will be shown as such in the reports. The mark clears when the seat's next mail arrives;\n"
        "to give the seat a new address:\n"
        "    pbem seat replace %(game)s %(seat)s --email NEW-ADDRESS\n",
        game=game.id,
        seat=seat.name,
        address=seat.email,
        failing=failing_line(seat, lang),
    )
    message_id = stable_message_id(game.id, seat.mail_failing_turn, seat.name, "mail-failing")
    msg = compose(
        to=game.referee_email,
        subject=f"[{game.id}] " + lang._("Mail to seat %(seat)s is failing", seat=seat.name),
        text=text,
        message_id=message_id,
    )
    queue_message(session, msg, kind="mail-failing", game_id=game.id, seat=seat.name)
    return True
