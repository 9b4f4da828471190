"""The one parser of incoming mail: one RFC 5322 message -> game, seat, secret, orders.

Every way mail arrives (stdin, Maildir, IMAP, the SMTP listener) hands its raw
bytes to :func:`parse_message`, which never raises: whatever it is given, it
returns a :class:`ParsedMail` whose ``error`` says in one sentence what is
wrong, or ``None``.

The body follows the convention of PBEM judges (see ``orders/README.md``)::

    game: rome-27
    seat: carthage
    secret: 5kT2...
    turn: 4                       (the turn the orders are for: an old mail sent again is refused)
    request: orders:carthage      (optional, when a seat owes several)
    final                         (optional, anywhere: the turn may close early)

    F Carthago - Sicilia
    A Numidia holds
    end                           (optional: nothing after it is read)

The header lines may be written in French too (``partie:``, ``place:`` or ``siège:``, ``secret:``,
``tour:``, ``langue:``; the one table :data:`~adjudicator.mail.words.HEADER_WORDS`),

or, instead of orders, one command: ``status``, ``report``, ``history``, ``orders``,
``help [topic]`` or ``lang CODE`` (alone, or as ``command: status``), in English or in French
(``état``, ``rapport``, ``historique``, ``ordres``, ``aide``, ``langue``: the one table of
:mod:`adjudicator.mail.words`; the parsed command is its English word). A ``lang: fr`` line (or
``langue: fr``) asks for the seat's own language: alone it is the ``lang`` command, beside orders
the language is set before they are read. A command word is read in context by the
handler: where the game's orders use the word (``vote mors`` in Planet Masters, ``help bleu
with ...`` in Eollis) and the seat owes such orders, the line is orders
(:mod:`adjudicator.mail.in_context`).

The text is the first text/plain part, or the HTML part turned into text; an
attached ``.txt`` file (or unnamed text/plain attachment) with text in it is
the orders, the body then giving only the header lines. A message the MIME
parser cannot walk (nesting too deep, a multipart without boundary) is read
as plain text with its MIME scaffolding (boundaries, part headers) left out.
Quoted replies (``> ...``, ``On ... wrote:``, ``-----Original Message-----``)
and signatures (after ``-- ``) are dropped.

What is kept of a message (:func:`record_of`) is not its raw bytes: its
decoded headers and the text that was read, with every secret redacted.
"""

from __future__ import annotations

import codecs
import contextlib
import email
import hashlib
import re
from dataclasses import dataclass, field
from email.header import decode_header, make_header
from email.message import Message
from email.parser import BytesHeaderParser
from email.policy import compat32
from email.policy import default as default_policy
from functools import lru_cache

from adjudicator.games.language import N_, fold
from adjudicator.mail.authentication import authentication_failures
from adjudicator.mail.words import COMMAND_WORDS, command_of, header_of

COMMANDS = ("status", "report", "history", "orders", "help", "lang")
#: Commands that take words after them on their one line (``help vote``, ``lang fr``).
COMMANDS_WITH_TOPIC = ("help", "lang")
#: One-line actions between the players (``mail/between.py``): the first word of the only line.
ACTIONS = ("join", "confirm", "absence", "resign", "propose", "vote")
HEADER_KEYS = ("game", "seat", "secret", "turn", "request", "command", "lang")
#: Longest orders text taken from one message (the engine's own limit is 64 KiB).
MAX_TEXT_CHARS = 64 * 1024
#: Parts larger than this are not decoded at all (a 10 MB attachment is never read into text).
MAX_PART_BYTES = 4 * 1024 * 1024

#: A header line: a word of :data:`~adjudicator.mail.words.HEADER_WORDS` (any language, any case, with
#: or without its accents), a colon or ``=``, its value.
_HEADER_LINE = re.compile(r"^\s*([^\W\d_]{1,12})\s*[:=]\s*(.*?)\s*$")
_SECRET_LINE = re.compile(r"^(\s*secret\s*[:=]\s*)(.*)$", re.IGNORECASE | re.MULTILINE)
#: A sign-up's confirmation in any language (``confirm CODE``, ``confirmer CODE``): its code is a secret too.
_CONFIRM_LINE = re.compile(
    r"^(\s*(?:" + "|".join(w for w, c in COMMAND_WORDS.items() if c == "confirm") + r")\s+)(.*)$",
    re.IGNORECASE | re.MULTILINE,
)
_BOUNDARY_LINE = re.compile(r"^--[\x21-\x7e]{1,200}\s*$")
_PART_HEADER = re.compile(r"^(content-[a-z-]+|mime-version)\s*:", re.IGNORECASE)
#: How much of the stored record of a message is kept (the whole of it for a verified one).
REDACTED = "[redacted]"
#: A word of the shape of a seat's secret (22 URL-safe characters, ``store.new_secret``) wherever
#: it is written: not kept, whether or not it is one.
_SECRET_SHAPED = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])")
_SUBJECT_GAME = re.compile(r"\[([a-z0-9][a-z0-9_-]{0,62})\]")
_MSGID = re.compile(r"^<[\x21-\x3b\x3d\x3f-\x7e]{1,240}@[\x21-\x3b\x3d\x3f-\x7e]{1,240}>$")
_ATTRIBUTION = re.compile(
    r"^\s*(on\s.{0,200}\bwrote:|le\s.{0,200}\ba écrit\s?:|am\s.{0,200}\bschrieb\s.{0,80}:)\s*$", re.I
)
_ORIGINAL = re.compile(
    r"^\s*(-{2,}\s*(original message|forwarded message|message d'origine|ursprüngliche nachricht)\s*-{2,}"
    r"|_{10,})\s*$",
    re.IGNORECASE,
)
_REPLY_SUBJECT = re.compile(r"^\s*(re|fwd?|aw|wg|tr|sv|vs|antw|r|rif|réf)\s*(\[\d+\])?\s*:", re.IGNORECASE)
_END = re.compile(r"^\s*(end|endorders|signoff|fin)\s*$", re.IGNORECASE)  # fin: French
_MOBILE_SIG = re.compile(r"^\s*(sent from my .{1,40}|get outlook for .{1,40})\s*$", re.IGNORECASE)
_AUTOMATIC_SENDERS = ("mailer-daemon", "postmaster", "noreply", "no-reply", "do-not-reply", "donotreply")


@dataclass
class ParsedMail:
    """What one message says. ``error`` is ``None`` when it could be read."""

    message_id: str
    sender: str = ""  # the bare From address, lower case
    subject: str = ""
    in_reply_to: str | None = None
    references: list[str] = field(default_factory=list)  # the Message-IDs of References, oldest first
    game: str | None = None
    seat: str | None = None
    secret: str | None = None
    turn: str | None = None  # the turn line as written (the handler checks it against the open turn)
    request: str | None = None
    command: str | None = None
    #: the command came from a ``command:`` line (never read as orders, whatever the game's words)
    command_written: bool = False
    #: the ``lang:`` line as written: the language the seat (or observer) asks to read from now on
    lang: str | None = None
    orders: str = ""
    automatic: str | None = None  # why this message must never be answered (bounce, auto-reply...)
    #: DKIM/DMARC failures the referee's server found for the From domain (``dkim=fail``...)
    authentication: tuple[str, ...] = ()
    error: str | None = None
    #: the values of ``error``'s message when it has some (the message is then ``error_message``)
    error_message: str | None = None
    error_params: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    headers_text: str = field(default="", repr=False)  # every header, decoded, one per line
    text_read: str = field(default="", repr=False)  # the body (and attachment) text as read


# -- headers ---------------------------------------------------------------
def _decoded(value: object) -> str:
    """A header value as text, decoded from RFC 2047, control characters removed; never raises."""
    try:
        text = str(value)
        if "=?" in text:  # an encoded word may be in it (without one, decode_header returns it as is)
            with contextlib.suppress(Exception):
                text = str(make_header(decode_header(text)))
    except Exception:
        return ""
    return re.sub(r"[\x00-\x1f\x7f]+", " ", text).strip()[:2000]


def _header(msg: Message, name: str) -> str:
    """A header as text, decoded from RFC 2047, control characters removed; never raises."""
    try:
        value = msg.get(name)
    except Exception:
        return ""
    return "" if value is None else _decoded(value)


def sender_address(msg: Message) -> str:
    """The From address as the standard parser reads it (RFC 5322 via ``email.headerregistry``).

    The header is parsed as it came, never decoded first: an encoded word such as
    ``=?utf-8?q?rome@example.org?=`` is a display name, not an address, so it yields none.
    Returns ``""`` unless there is exactly one address with a local part and a domain.
    """
    try:
        value = msg.get("From")
        if value is None:
            return ""
        text = str(value)
        # The RFC 5322 parser costs more than the rest of the message: what it read of a short From
        # is kept for the next mail from the same sender (4,096 of them, at most 1 KB each).
        return _kept_address_in(text) if len(text) <= 1024 else _address_in(text)
    except Exception:  # a header the parser cannot read names nobody
        return ""


def _address_in(value: str) -> str:
    """The one address of a From header's text, or ``""``."""
    try:
        addresses = default_policy.header_factory("From", value).addresses  # type: ignore[attr-defined]
        if len(addresses) != 1 or not addresses[0].username or not addresses[0].domain:
            return ""
        address = str(addresses[0].addr_spec)
    except Exception:  # a header the parser cannot read names nobody
        return ""
    if re.search(r"[\x00-\x20\x7f]", address):
        return ""
    return address


_kept_address_in = lru_cache(maxsize=4096)(_address_in)


def clean_message_id(value: str) -> str | None:
    """A Message-ID fit to store and to put in our own headers (``In-Reply-To``), or ``None``."""
    value = value.strip()
    match = re.search(r"<[^<>\s]+>", value)
    if match and _MSGID.match(match.group(0)):
        return match.group(0)
    return None


def message_ids_in(value: str, limit: int = 50) -> list[str]:
    """The sound Message-IDs of a ``References`` header, oldest first (at most the ``limit`` newest)."""
    found = [m for m in re.findall(r"<[^<>\s]{1,500}>", value) if _MSGID.match(m)]
    return found[-limit:]


def message_id_of(raw: bytes, msg: Message | None = None) -> str:
    """The message's own Message-ID when it has a sound one, else one derived from its bytes."""
    if msg is not None:
        found = clean_message_id(_header(msg, "Message-ID"))
        if found is not None and len(found) <= 250:  # the column's size
            return found
    return f"<sha256.{hashlib.sha256(raw).hexdigest()[:40]}@inbound.invalid>"


def automatic_reason(msg: Message, sender: str) -> str | None:
    """Why a message comes from a machine and must never be answered (RFC 3834), or ``None``."""
    local = sender.split("@", 1)[0].lower()
    if any(local == name or local.startswith(name) for name in _AUTOMATIC_SENDERS):
        return f"sent by {local}"
    auto = _header(msg, "Auto-Submitted").lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto[:40]}"
    precedence = _header(msg, "Precedence").lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"Precedence: {precedence}"
    if "Return-Path" in msg and _header(msg, "Return-Path").strip() in ("<>", ""):
        return "empty Return-Path (a bounce)"
    for name in ("X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress", "List-Id", "List-Unsubscribe"):
        if name in msg:
            return f"{name} header"
    try:
        ctype = msg.get_content_type()
        report = msg.get_param("report-type") if ctype == "multipart/report" else None
    except Exception:
        ctype, report = "", None
    if ctype == "multipart/report":
        return f"a delivery report ({report or 'multipart/report'})"
    return None


# -- bodies ----------------------------------------------------------------
def _charset(part: Message) -> str:
    try:
        name = part.get_content_charset() or "utf-8"
        codecs.lookup(name)
        return name
    except (LookupError, ValueError, TypeError):
        return "utf-8"


def _decode(part: Message) -> str | None:
    """A leaf part's text: transfer encoding and charset undone; unknown charsets read as UTF-8."""
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        payload = None
    if payload is None:
        try:
            raw = part.get_payload()
            payload = raw.encode("utf-8", "replace") if isinstance(raw, str) else b""
        except Exception:
            return None
    if not isinstance(payload, bytes) or len(payload) > MAX_PART_BYTES:
        return None
    try:
        text = payload.decode(_charset(part), errors="replace")
    except Exception:
        text = payload.decode("utf-8", errors="replace")
    return text.replace("\x00", "")


def _html_to_text(html: str) -> str:
    try:
        from inscriptis import get_text

        return get_text(html)
    except Exception:
        return re.sub(r"<[^>]*>", " ", html)


def _is_attachment(part: Message) -> bool:
    try:
        disposition = (part.get("Content-Disposition") or "").lower()
        return disposition.strip().startswith("attachment") or bool(part.get_filename())
    except Exception:
        return True


def _filename(part: Message) -> str:
    try:
        return str(part.get_filename() or "")
    except Exception:
        return ""


def _leaves(msg: Message) -> list[Message]:
    try:
        return [p for p in msg.walk() if not p.is_multipart()][:200]
    except Exception:
        return []


def without_mime_scaffolding(text: str) -> str:
    """The text of a body the MIME parser could not walk: boundary lines and part headers left out."""
    out: list[str] = []
    in_part_headers = False
    for line in text.split("\n"):
        bare = line.rstrip("\r")
        if _BOUNDARY_LINE.match(bare):
            in_part_headers = True
            continue
        if in_part_headers:
            if not bare.strip():
                in_part_headers = False
                continue
            if _PART_HEADER.match(bare) or bare[:1] in (" ", "\t"):
                continue
            in_part_headers = False
        out.append(bare)
    return "\n".join(out)


def _raw_body(raw: bytes) -> str:
    """Everything after the header block, as UTF-8 text, MIME scaffolding left out."""
    cut = [i for i in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if i >= 0]
    body = raw[min(cut) :] if cut else b""
    return without_mime_scaffolding(body[:MAX_PART_BYTES].decode("utf-8", "replace").replace("\x00", ""))


def body_text(msg: Message) -> tuple[str, str, list[str]]:
    """``(body text, attached orders text, notes)``: the first text/plain part, else the HTML as text."""
    notes: list[str] = []
    plain: str | None = None
    html: str | None = None
    attached = ""
    for part in _leaves(msg):
        try:
            ctype = part.get_content_type()
        except Exception:
            ctype = "text/plain"
        if _is_attachment(part):
            name = _filename(part).lower()
            if not attached and (name.endswith(".txt") or (not name and ctype == "text/plain")):
                text = _decode(part)
                if text is not None:
                    attached = text
                    notes.append(f"orders attachment {name or '(unnamed)'}")
            continue
        if ctype == "text/plain" and plain is None:
            plain = _decode(part)
        elif ctype.startswith("multipart/") and plain is None:  # a multipart without boundary
            payload = part.get_payload()
            if isinstance(payload, str):
                plain = without_mime_scaffolding(payload[:MAX_PART_BYTES])
                notes.append("a multipart without boundary read as plain text")
        elif ctype == "text/html" and html is None:
            html = _decode(part)
    if plain is not None and plain.strip():
        return plain, attached, notes
    if html is not None:
        notes.append("HTML part read as text")
        return _html_to_text(html), attached, notes
    return plain or "", attached, notes


def strip_quotes_and_signature(text: str) -> str:
    """Drop quoted replies and signatures; what remains is what the player wrote now."""
    out: list[str] = []
    for line in text.split("\n"):
        bare = line.rstrip("\r")
        if bare in ("-- ", "--") or _ORIGINAL.match(bare) or _MOBILE_SIG.match(bare):
            break
        if bare.lstrip().startswith(">") or _ATTRIBUTION.match(bare):
            continue
        out.append(bare)
    return "\n".join(out)


def split_headers(text: str) -> tuple[dict[str, str], str]:
    """The judge header lines (``game:``, ``seat:``, ...) found before the orders, and the orders.

    Header lines may come in any order, with blank lines between them; the
    first other line starts the orders. A header line among the orders is
    taken too and blanked, keeping the orders' line numbers.
    """
    headers: dict[str, str] = {}
    lines = text.split("\n")
    for i, line in enumerate(lines):
        match = _HEADER_LINE.match(line)
        key = header_of(match.group(1)) if match else None
        if match and key:
            headers.setdefault(key, match.group(2)[:200])
            lines[i] = ""
    # Orders end at an `end` line; the lines up to the first order keep their numbers as blanks.
    for i, line in enumerate(lines):
        if _END.match(line):
            lines = lines[:i]
            break
    while lines and not lines[0].strip():
        lines.pop(0)
    return headers, "\n".join(lines).strip("\n")


def subject_orders(subject: str) -> str:
    """What a player wrote in the subject of a fresh mail (not a reply, not a forward), without the
    game's ``[tag]``: read as the orders when the body holds only the header lines."""
    if _REPLY_SUBJECT.match(subject):
        return ""
    written = re.sub(r"\[[A-Za-z0-9][A-Za-z0-9_-]{0,62}\]", " ", subject).strip()[:400]
    # "Orders" ("Ordres") is what most orders mails are titled: a body left empty is an error, not
    # that command
    return "" if fold(written) in ("orders", "my orders", "ordres", "mes ordres") else written


def _command(headers: dict[str, str], orders: str) -> str | None:
    """The command a mail gives, as its English word (:mod:`adjudicator.mail.words` reads the
    words of every language); a ``command:`` line naming no command is kept as written (refused)."""
    if "command" in headers:
        written = headers["command"].strip().lower()
        first = written.split()[0] if written.split() else written
        return command_of(first) or written
    words = [command_of(w) or w.lower() for w in orders.split()[:2]]
    if len(orders.split()) == 1 and words[0] in COMMANDS:
        return words[0]
    lines = [line for line in orders.split("\n") if line.strip()]
    if len(lines) == 1 and words and words[0] in ACTIONS + COMMANDS_WITH_TOPIC:
        return words[0]
    if not orders.strip() and "lang" in headers:  # a `lang: fr` line alone: the language command
        return "lang"
    return None


def record_of(parsed: ParsedMail, limit: int) -> bytes:
    """What is stored of a message: its decoded headers and the text read, every secret redacted.

    Each ``secret:`` line keeps its key but not its value, and the secret given is replaced
    wherever else it appears (the subject, a quoted line). Parts that were not read (images,
    an HTML part beside the plain one) are not kept. At most ``limit`` bytes.
    """
    text = f"{parsed.headers_text}\n\n{parsed.text_read}"
    text = _SECRET_LINE.sub(lambda m: m.group(1) + REDACTED, text)
    text = _CONFIRM_LINE.sub(lambda m: m.group(1) + REDACTED, text)
    if parsed.secret and len(parsed.secret) >= 4:
        text = text.replace(parsed.secret, REDACTED)
    text = _SECRET_SHAPED.sub(REDACTED, text)  # a secret written elsewhere (prose, a quoted mail)
    return text.encode("utf-8", "replace")[: max(limit, 0)]


def _headers_text(msg: Message) -> str:
    try:
        items = msg.items()[:200]
    except Exception:
        return ""
    return "\n".join(f"{_decoded(name)[:80]}: {_decoded(value)}" for name, value in items)


def parse_message(raw: bytes) -> ParsedMail:
    """Read one message; never raises. ``error`` explains what could not be read."""
    if not isinstance(raw, bytes | bytearray):
        return ParsedMail(message_id=message_id_of(b""), error="not a message")
    raw = bytes(raw)
    walkable = True
    try:
        msg = email.message_from_bytes(raw, policy=compat32)
    except Exception:  # e.g. nesting deeper than the parser goes: its headers and its text are still read
        walkable = False
        try:
            msg = BytesHeaderParser(policy=compat32).parsebytes(raw)
        except Exception:
            return ParsedMail(message_id=message_id_of(raw), error="the message could not be read as MIME")
    result = ParsedMail(message_id=message_id_of(raw, msg))
    sender = sender_address(msg)
    result.sender = sender.strip().lower()[:320] if "@" in sender else ""
    result.subject = _header(msg, "Subject")[:400]
    result.in_reply_to = clean_message_id(_header(msg, "In-Reply-To"))
    result.references = message_ids_in(_header(msg, "References"))
    result.automatic = automatic_reason(msg, result.sender)
    result.authentication = tuple(authentication_failures(msg, result.sender.rpartition("@")[2]))
    result.headers_text = _headers_text(msg)[:16384]
    try:
        body, attached, notes = body_text(msg) if walkable else ("", "", [])
    except Exception:  # a MIME structure the email package cannot walk
        body, attached, notes = "", "", []
    unwalkable = not walkable or (msg.is_multipart() and not _leaves(msg))  # nesting deeper than walk goes
    if not body.strip() and not attached.strip() and unwalkable:
        body = _raw_body(raw)
        notes.append("read as plain text: the MIME structure could not be walked")
    result.notes = notes
    result.text_read = (body + ("\n\n" + attached if attached else ""))[: 2 * MAX_TEXT_CHARS]
    headers, orders = split_headers(strip_quotes_and_signature(body.replace("\r\n", "\n")))
    if attached:
        extra, attached_orders = split_headers(strip_quotes_and_signature(attached.replace("\r\n", "\n")))
        for key, value in extra.items():
            headers.setdefault(key, value)
        if attached_orders.strip():  # an orders attachment is the orders, whatever the body says beside
            if orders.strip():
                result.notes.append("orders read from the attachment; the rest of the body was not read")
            orders = attached_orders
    result.game = (headers.get("game") or "").strip().lower() or None
    if result.game is None:
        tag = _SUBJECT_GAME.search(result.subject.lower())
        if tag:
            result.game = tag.group(1)
            result.notes.append("game taken from the subject")
    result.seat = (headers.get("seat") or "").strip().lower() or None
    result.secret = (headers.get("secret") or "").strip() or None
    result.turn = (headers.get("turn") or "").strip() or None
    result.request = (headers.get("request") or "").strip() or None
    result.lang = (headers.get("lang") or "").strip() or None
    if not orders.strip() and "command" not in headers and "lang" not in headers:
        written = subject_orders(result.subject)
        if written:  # a fresh mail with its one order (or command) in the subject and none below
            orders = written
            result.notes.append("orders read from the subject")
    result.command = _command(headers, orders)
    result.command_written = "command" in headers
    result.orders = orders[:MAX_TEXT_CHARS]
    if not sender or "@" not in sender:
        result.error = N_("no sender address (From) could be read")
    elif not body.strip() and not attached.strip():
        result.error = N_("the message has no text: write the orders in the body as plain text")
    elif result.game is None:
        result.error = N_("no 'game:' line: start the message with game:, seat: and secret: lines")
    elif result.seat is None:
        result.error = N_("no 'seat:' line: say which seat you play (seat: NAME)")
    elif result.command is not None and result.command not in COMMANDS + ACTIONS:
        result.error_message = N_("unknown command %(command)s: use one of %(commands)s")
        result.error_params = {"command": repr(result.command[:30]), "commands": ", ".join(COMMANDS)}
        result.error = result.error_message % result.error_params
    elif result.command is None and not result.orders.strip():
        result.error = N_("no orders after the game:, seat: and secret: lines")
    return result
