"""Building messages with the email package's policies.

Only text we choose (game ids, turn labels, fixed words) reaches a header;
the email package's ``SMTP`` policy refuses CR/LF in header values, so even a
mistake cannot inject a header. Player text only ever goes in bodies.
"""

from __future__ import annotations

import binascii
import copy
import functools
import hashlib
import re
from datetime import UTC, datetime
from email.generator import BytesGenerator
from email.headerregistry import HeaderRegistry
from email.message import EmailMessage, MIMEPart
from email.policy import SMTP, EmailPolicy
from email.utils import format_datetime, make_msgid, parseaddr
from io import BytesIO
from typing import Any

from adjudicator.post.config import setting

DEFAULT_FROM = "referee@pbem.invalid"
_HEADER_SAFE = re.compile(r"[^\x20-\x7e\u00a0-\u2027\u202a-\uffff]")


def referee_address() -> str:
    """The From of every message (``PBEM_FROM``), e.g. ``Referee <referee@example.org>``."""
    return setting("PBEM_FROM") or DEFAULT_FROM


def referee_mailbox() -> str:
    """The bare address of the referee (the SMTP envelope sender)."""
    return parseaddr(referee_address())[1] or DEFAULT_FROM


def mail_domain() -> str:
    domain = referee_mailbox().rsplit("@", 1)[-1]
    return re.sub(r"[^A-Za-z0-9.-]", "", domain) or "pbem.invalid"


def inline_css(html: str) -> str:
    """Inline the ``<style>`` rules into ``style=`` attributes: webmail and phone clients drop ``<style>``."""
    import css_inline

    try:
        return css_inline.inline(html)
    except Exception:  # a template mistake must not stop a turn: send it as written
        return html


def stable_message_id(*parts: object, domain: str | None = None) -> str:
    """``<game.turn.seat.kind@domain>``: the same email always gets the same id (a resend is recognisable).

    ``domain``: :func:`mail_domain` when the caller read it already (a close reads it once for
    every seat's mail, not once per seat)."""
    local = ".".join(re.sub(r"[^A-Za-z0-9_-]", "-", str(p)) for p in parts if p is not None and p != "")
    return f"<{local}@{mail_domain() if domain is None else domain}>"


def header_text(text: str, limit: int = 200) -> str:
    """Text made safe for a header: no control characters, bounded length."""
    return _HEADER_SAFE.sub(" ", text)[:limit]


def compose(
    *,
    to: str,
    subject: str,
    text: str,
    html: str | None = None,
    message_id: str | None = None,
    from_addr: str | None = None,
    in_reply_to: str | None = None,
    date: datetime | None = None,
    attachments: list[tuple[str, str, bytes]] | None = None,
    auto_submitted: bool = True,
) -> EmailMessage:
    """A multipart/alternative message (text + HTML) with optional attachments.

    ``attachments`` are ``(filename, mime type, bytes)``; the type may carry parameters
    (``text/calendar; method=PUBLISH``).
    """
    msg = EmailMessage(policy=MAIL_POLICY)
    msg["From"] = fixed_header("From", from_addr or referee_address())
    msg["To"] = to
    msg["Subject"] = header_text(subject)
    msg["Message-ID"] = message_id or make_msgid(domain=mail_domain())
    msg["Date"] = format_datetime(date if date is not None else datetime.now(UTC))
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    if auto_submitted:
        # RFC 3834: tells well-behaved auto-responders not to answer us (no mail loops); an answer
        # to a player's mail is auto-replied, anything else the referee sends auto-generated.
        value = "auto-replied" if in_reply_to else "auto-generated"
        msg["Auto-Submitted"] = fixed_header("Auto-Submitted", value)
    msg["MIME-Version"] = fixed_header("MIME-Version", "1.0")
    if html is None:
        set_text(msg, text)
    else:
        msg["Content-Type"] = fixed_header("Content-Type", "multipart/alternative")
        for body, subtype in ((text, "plain"), (inline_css(html), "html")):
            part = MIMEPart(policy=MAIL_POLICY)
            set_text(part, body, subtype)
            msg.attach(part)
    for filename, mime, data in attachments or []:
        attach(msg, filename, mime, data)
    return msg


@functools.lru_cache(maxsize=64)
def fixed_header(name: str, value: str) -> Any:
    """The SMTP policy's parsed header for a value every mail repeats (the referee's From, the
    content types): parsed once per process instead of once per mail. A header object is
    immutable, and the email package takes one as it is (``header_store_parse``); the values
    given here are the referee's own, never a player's, and are refused like any header if they
    hold a line break.

    >>> fixed_header("MIME-Version", "1.0") is fixed_header("MIME-Version", "1.0")
    True
    """
    if "\r" in value or "\n" in value:
        raise ValueError(f"a header value may not hold a line break: {value!r}")
    return MAIL_POLICY.header_factory(name, value)


def text_payload(body: str) -> tuple[str, str]:
    r"""The ``Content-Transfer-Encoding`` and the encoded payload of a UTF-8 text body, chosen as
    the email package's ``set_content`` chooses (``7bit`` when the text is ASCII in lines of at
    most 998 bytes, else the shorter of quoted-printable and base64; it compares the first ten
    lines, this the whole body), encoded by ``binascii`` in C instead of the package's
    quoted-printable encoder in Python (a report with its board drawing inline spent a third of
    its composing there). Decoded, it gives back the text with its line ends made ``\n``.

    >>> text_payload("hello\n")
    ('7bit', 'hello\n')
    >>> text_payload("Carthage takes Nîmes = 3 ")
    ('quoted-printable', 'Carthage takes N=C3=AEmes =3D 3=20\n')
    >>> text_payload("Ἀθῆναι")
    ('base64', '4byIzrjhv4bOvc6xzrkK\n')
    """
    lines = body.encode("utf-8").splitlines()
    data = b"\n".join(lines) + b"\n"
    if data.isascii() and max(map(len, lines), default=0) <= SMTP.max_line_length:
        return "7bit", data.decode("ascii")
    quoted = binascii.b2a_qp(data, istext=True)
    based = binascii.b2a_base64(data, newline=False)
    if len(quoted) <= len(based) * 77 // 76:  # base64 written in lines of 76
        return "quoted-printable", quoted.decode("ascii")
    return "base64", "".join(based[i : i + 76].decode("ascii") + "\n" for i in range(0, len(based), 76))


def set_text(part: MIMEPart, body: str, subtype: str = "plain") -> None:
    """Make ``part`` a ``text/<subtype>`` part holding ``body`` in UTF-8 (see :func:`text_payload`)."""
    cte, payload = text_payload(body)
    part["Content-Type"] = fixed_header("Content-Type", f'text/{subtype}; charset="utf-8"')
    part["Content-Transfer-Encoding"] = fixed_header("Content-Transfer-Encoding", cte)
    part.set_payload(payload)


def stable_boundaries(msg: EmailMessage, message_id: str) -> None:
    """Derive every MIME boundary of ``msg`` from its Message-ID (the email package draws them at
    random), so a message composed again when it is sent again gives the same bytes."""
    for n, part in enumerate(p for p in msg.walk() if p.is_multipart()):
        boundary = "=_" + hashlib.sha256(f"{message_id}:{n}".encode()).hexdigest()[:40]
        kind = part.get("Content-Type")
        if kind is not None and ";" not in str(kind):  # a bare type (the multiparts made here): one parse
            part.replace_header("Content-Type", f'{part.get_content_type()}; boundary="{boundary}"')
        else:
            part.set_boundary(boundary)


def attach(msg: EmailMessage, filename: str, mime: str, data: bytes) -> None:
    """Add an attachment; ``mime`` may carry parameters (``text/calendar; method=PUBLISH``).

    The same bytes as the email package's ``add_attachment``, made faster: the headers of an
    attachment named ``filename`` of type ``mime`` are made by that method once per process
    (:func:`_attachment_headers`) and given to every part, whose base64 body is encoded here."""
    if msg.get_content_maintype() != "multipart" or msg.get_content_subtype() != "mixed":
        msg.make_mixed()
    if len(data) <= _KEPT_PART_BYTES:  # a copy: the generator sets a policy on what it writes
        msg.attach(copy.copy(_attachment_part(filename, mime, data, msg.policy)))
    else:
        msg.attach(_made_part(filename, mime, data, msg.policy))


#: An attachment at most this long (a calendar event) is made once and each mail given a copy:
#: every seat's report of a turn may attach the same one.
_KEPT_PART_BYTES = 16 * 1024


def _made_part(filename: str, mime: str, data: bytes, policy: Any) -> EmailMessage:
    part = EmailMessage(policy=policy)
    for name, value in _attachment_headers(filename, mime, policy):
        part[name] = value
    part.set_payload(_base64_lines(data, policy.max_line_length))
    return part


@functools.lru_cache(maxsize=128)
def _attachment_part(filename: str, mime: str, data: bytes, policy: Any) -> EmailMessage:
    return _made_part(filename, mime, data, policy)


@functools.lru_cache(maxsize=64)
def _attachment_headers(filename: str, mime: str, policy: Any) -> tuple[tuple[str, Any], ...]:
    """The headers ``add_attachment`` gives an attachment named ``filename`` of type ``mime``, in
    its order (header objects are immutable: every part may hold the same ones)."""
    kind, *options = (part.strip() for part in mime.split(";"))
    maintype, subtype = kind.split("/", 1)
    params = dict(option.split("=", 1) for option in options if "=" in option)
    model = EmailMessage(policy=policy)
    model.add_attachment(b"", maintype=maintype, subtype=subtype, filename=filename, params=params or None)
    only = model.get_payload()[0]
    return tuple(only.items())


def _base64_lines(data: bytes, max_line_length: int | None) -> str:
    """``data`` in base64 lines as ``set_content`` writes an attachment's body (``max_line_length``
    // 4 * 3 bytes a line, each line ended by a newline)."""
    step = (max_line_length or 76) // 4 * 3
    return "".join(binascii.b2a_base64(data[i : i + step]).decode("ascii") for i in range(0, len(data), step))


class _BulkBytesGenerator(BytesGenerator):
    """The email package's ``BytesGenerator`` writing each body in one piece instead of one write
    per line (a 500 KB base64 picture is 7,000 lines): the same bytes, several times faster."""

    def _write_lines(self, lines: str) -> None:
        if lines:  # what the base class writes line by line: every line end (its NLCRE) made ``self._NL``
            self.write(lines.replace("\r\n", "\n").replace("\r", "\n").replace("\n", self._NL))


class _KeptClasses(HeaderRegistry):
    """The email package's header registry, making each header class once: the package's own
    makes a new class (``type(...)``) for every header it parses, a tenth of composing a mail."""

    def __init__(self) -> None:
        super().__init__()
        self.made: dict[str, type] = {}

    def __getitem__(self, name: str) -> type:
        key = name.lower()
        made = self.made.get(key)
        if made is None:
            made = self.made[key] = super().__getitem__(name)
        return made


#: The ``SMTP`` policy (CRLF, lines of 78), its header classes made once (:class:`_KeptClasses`).
MAIL_POLICY = SMTP.clone(header_factory=_KeptClasses())

#: The boundaries :func:`stable_boundaries` draws: a header naming one folds as it would with any
#: other (the same length, the same kind of characters), so its fold is made once with a stand-in.
_STABLE_BOUNDARY = re.compile(r'boundary="(=_[0-9a-f]{40})"')
_STAND_IN_BOUNDARY = "=_" + "0" * 40


class _KeptFolds(EmailPolicy):
    """The ``SMTP`` policy, keeping on each header object the lines it folds to: a header object
    is immutable, and the ones every mail of a turn shares (the referee's From, the content types,
    an attachment's headers, the picture part's) are folded once, not once per mail (folding was
    two thirds of writing a report mail out). A header every mail has its own value of is folded
    without the folding algorithm when it is one short line of ASCII (:func:`_one_line`), and a
    multipart's content type from one fold kept per type (:data:`_STABLE_BOUNDARY`)."""

    def _fold(self, name: str, value: Any, refold_binary: bool = False) -> str:
        if not hasattr(value, "name"):
            return super()._fold(name, value, refold_binary)
        kept = value.__dict__.get("_smtp_folded")
        if kept is None:
            kept = _one_line(name, value, self.max_line_length) or self._boundary_fold(name, value)
            if kept is None:
                kept = super()._fold(name, value, refold_binary)
            value.__dict__["_smtp_folded"] = kept
        return kept  # type: ignore[no-any-return]

    def _boundary_fold(self, name: str, value: Any) -> str | None:
        found = _STABLE_BOUNDARY.search(str(value)) if name.lower() == "content-type" else None
        if found is None:
            return None
        model = str(value).replace(found.group(1), _STAND_IN_BOUNDARY)
        folded = _model_folds.get(model)
        if folded is None:
            folded = _model_folds.setdefault(model, super()._fold(name, self.header_factory(name, model)))
        return folded.replace(_STAND_IN_BOUNDARY, found.group(1))


#: Folded content types, by their text with a stand-in boundary (a few per process).
_model_folds: dict[str, str] = {}

#: What makes the folding algorithm write a token otherwise than as it reads (RFC 2047 encoded
#: words for a phrase holding one of these, RFC 2231 for parameters): such headers are folded by it.
_SPECIALS = frozenset('()<>@,:;."[]')


def _one_line(name: str, value: Any, max_line_length: int | None) -> str | None:
    """``name: value`` and CRLF as the folding algorithm writes a header that fits on one line in
    ASCII, none of whose phrases needs encoding and with no MIME parameters; ``None`` for any other
    header (it goes through the algorithm)."""
    tree = getattr(value, "_parse_tree", None)
    if tree is None:
        return None
    text = str(tree)
    line = f"{name}: {text}" if text else f"{name}:"
    if not line.isascii() or len(line) > (max_line_length or 78) or "\r" in line or "\n" in line:
        return None
    stack = [tree]
    while stack:  # the tokens the algorithm treats apart
        token = stack.pop()
        kind = getattr(token, "token_type", "")
        if kind == "mime-parameters" or (kind == "ptext" and _SPECIALS & set(str(token))):
            return None
        if isinstance(token, list):
            stack.extend(token)
    return line + "\r\n"


#: ``SMTP`` as it is (its settings that differ from the defaults, its header classes), keeping folds.
_SMTP_KEPT_FOLDS = _KeptFolds(**{**vars(MAIL_POLICY), "header_factory": MAIL_POLICY.header_factory})


def as_bytes(msg: EmailMessage) -> bytes:
    """``msg.as_bytes()``, byte for byte, made faster (see :class:`_BulkBytesGenerator`; a message
    of the ``SMTP`` policy is written with :class:`_KeptFolds`)."""
    out = BytesIO()
    policy = _SMTP_KEPT_FOLDS if msg.policy in (SMTP, MAIL_POLICY) else msg.policy
    _BulkBytesGenerator(out, mangle_from_=False, policy=policy).flatten(msg, unixfrom=False)
    return out.getvalue()
