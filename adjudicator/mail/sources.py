"""The four ways mail arrives, all feeding :class:`~adjudicator.mail.handler.MailHandler`.

- :func:`ingest` - one message from a file or standard input (``pbem mail ingest -``
  in a ``.forward`` or procmail pipe);
- :func:`poll_maildir` - every unread message of a Maildir (moved to ``cur/`` with
  the ``S`` flag once handled);
- :func:`poll_imap` - every unseen message of an IMAP mailbox over TLS (marked
  ``\\Seen`` once handled);
- :class:`Listener` - an aiosmtpd SMTP server for hosts that route a domain to it.

Each keeps the raw bytes and the Message-ID through the handler, so the same
message arriving by two ways, or twice by one, is handled once. None of them
lets an exception out of one message stop the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import imaplib
import logging
import os
import re
import ssl
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any
from urllib.parse import parse_qs, unquote, urlsplit

from adjudicator.core.store import Database
from adjudicator.mail.handler import Handled, MailHandler, max_bytes

log = logging.getLogger(__name__)

#: The SMTP listener refuses (552) messages above this; below it, over ``PBEM_MAIL_MAX_BYTES``,
#: a message is taken and refused by a reply instead.
LISTENER_HARD_LIMIT = 32 * 1024 * 1024


class MailSourceError(RuntimeError):
    """A mail source cannot be used (bad URL, no such Maildir, login refused...)."""


@dataclass
class PollResult:
    handled: list[Handled] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.handled)


# -- one message -------------------------------------------------------------
def read_limited(stream: IO[bytes], limit: int) -> tuple[bytes, int]:
    """The first ``limit`` bytes of a stream and its full size (the rest is read and dropped)."""
    head = stream.read(limit)
    size = len(head)
    while True:
        chunk = stream.read(1 << 20)
        if not chunk:
            break
        size += len(chunk)
    return head, size


def ingest(db: Database, source: str | None = "-", handler: MailHandler | None = None) -> Handled:
    """Handle one message from a file, or from standard input with ``-``."""
    handler = handler or MailHandler(db)
    limit = max_bytes()
    if source in (None, "-"):
        raw, size = read_limited(sys.stdin.buffer, limit)
        via = "stdin"
    else:
        path = Path(source)
        if not path.is_file():
            raise MailSourceError(f"no such message file: {source}")
        with path.open("rb") as handle:
            raw, size = read_limited(handle, limit)
        via = "file"
    return handler.handle(raw, via, size)


# -- Maildir -----------------------------------------------------------------
def _unread(folder: Path) -> list[Path]:
    found = sorted(p for p in (folder / "new").iterdir() if p.is_file() and not p.name.startswith("."))
    for path in sorted((folder / "cur").iterdir()):
        name = path.name
        flags = name.rsplit(":2,", 1)[1] if ":2," in name else ""
        if path.is_file() and not name.startswith(".") and "S" not in flags:
            found.append(path)
    return found


def _mark_seen(path: Path, folder: Path) -> None:
    name = path.name
    base, _, flags = name.partition(":2,")
    flags = "".join(sorted(set(flags) | {"S"}))
    target = folder / "cur" / f"{base}:2,{flags}"
    os.replace(path, target)


def poll_maildir(db: Database, folder: str | Path, handler: MailHandler | None = None) -> PollResult:
    """Handle every unread message of a Maildir; each is then moved to ``cur/`` and flagged seen."""
    folder = Path(folder)
    if not (folder / "new").is_dir() or not (folder / "cur").is_dir():
        raise MailSourceError(f"{folder} is not a Maildir (it needs new/ and cur/ folders)")
    handler = handler or MailHandler(db)
    limit = max_bytes()
    result = PollResult()
    for path in _unread(folder):
        try:
            with path.open("rb") as stream:
                delivered = datetime.fromtimestamp(os.fstat(stream.fileno()).st_mtime, UTC)
                raw, size = read_limited(stream, limit)
        except OSError as exc:  # taken by another poller in the meantime
            result.errors.append(f"{path.name}: {exc}")
            continue
        # The file's delivery time is when the mail system took the message: a deadline that
        # passed between the delivery and this poll does not make the orders late.
        handled = handler.handle(raw, "maildir", size, received_at=delivered)
        result.handled.append(handled)
        if handled.status == "error":  # left unread: the next poll tries it again
            continue
        try:
            _mark_seen(path, folder)
        except OSError as exc:
            result.errors.append(f"{path.name}: {exc}")
    return result


# -- IMAP --------------------------------------------------------------------
@dataclass(frozen=True)
class ImapConfig:
    host: str
    port: int
    username: str
    password: str
    mailbox: str = "INBOX"
    tls: bool = True  # imaps://: TLS from the first byte
    starttls: bool = False
    cafile: str | None = None
    insecure: bool = False
    timeout: float = 30.0

    @classmethod
    def from_url(cls, url: str) -> ImapConfig:
        try:
            return cls._from_url(url)
        except MailSourceError:
            raise
        except ValueError as exc:  # urlsplit: a bad port, a broken IPv6 literal, a bad timeout...
            raise MailSourceError(f"cannot read the IMAP URL: {exc}") from exc

    @classmethod
    def _from_url(cls, url: str) -> ImapConfig:
        parts = urlsplit(url.strip())
        if parts.scheme not in ("imaps", "imap") or not parts.hostname:
            raise MailSourceError(
                "cannot read the IMAP URL: write imaps://user:password@host/INBOX "
                "(imap://...?starttls=1 for STARTTLS on port 143)"
            )
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        tls = parts.scheme == "imaps"
        username = unquote(parts.username or "") or os.environ.get("PBEM_IMAP_USER", "")
        password = unquote(parts.password or "") or os.environ.get("PBEM_IMAP_PASSWORD", "")
        if not username or not password:
            raise MailSourceError(
                "the IMAP URL needs a user and a password (or PBEM_IMAP_USER/PBEM_IMAP_PASSWORD)"
            )
        try:
            port = parts.port or (993 if tls else 143)
        except ValueError as exc:
            raise MailSourceError(f"cannot read the IMAP URL: {exc}") from exc
        return cls(
            host=parts.hostname,
            port=port,
            username=username,
            password=password,
            mailbox=unquote(parts.path.lstrip("/")) or "INBOX",
            tls=tls,
            starttls=query.get("starttls", "").lower() in ("1", "true", "yes"),
            cafile=query.get("cafile"),
            insecure=query.get("insecure", "").lower() in ("1", "true", "yes"),
            timeout=float(query.get("timeout", "30")),
        )

    def context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(cafile=self.cafile)
        if self.insecure:
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        return context

    def connect(self) -> imaplib.IMAP4:
        if self.tls:
            conn: imaplib.IMAP4 = imaplib.IMAP4_SSL(
                self.host, self.port, ssl_context=self.context(), timeout=self.timeout
            )
        else:
            conn = imaplib.IMAP4(self.host, self.port, timeout=self.timeout)
            if self.starttls:
                conn.starttls(ssl_context=self.context())
        conn.login(self.username, self.password)
        return conn


_SIZE = re.compile(rb"RFC822\.SIZE (\d+)")


def internal_date(blob: bytes) -> datetime | None:
    """The INTERNALDATE of an IMAP FETCH answer (when the server took the message), in UTC."""
    found = imaplib.Internaldate2tuple(blob) if b"INTERNALDATE" in blob else None
    if found is None:
        return None
    return datetime.fromtimestamp(time.mktime(found), UTC)


def _fetch(conn: imaplib.IMAP4, uid: bytes, limit: int) -> tuple[bytes, int, datetime | None]:
    """The message's first ``limit`` bytes (never the whole of a huge one), its full size and
    when the server received it."""
    typ, data = conn.uid("fetch", uid, "(RFC822.SIZE INTERNALDATE)")
    size = 0
    received: datetime | None = None
    for item in data or []:
        blob = item[0] if isinstance(item, tuple) else item
        if isinstance(blob, bytes) and (match := _SIZE.search(blob)):
            size = int(match.group(1))
        if isinstance(blob, bytes) and received is None:
            received = internal_date(blob)
    typ, data = conn.uid("fetch", uid, f"(BODY.PEEK[]<0.{limit}>)")
    if typ != "OK":
        raise MailSourceError(f"IMAP fetch of {uid!r} failed: {typ}")
    raw = b"".join(item[1] for item in data or [] if isinstance(item, tuple) and isinstance(item[1], bytes))
    return raw, max(size, len(raw)), received


def poll_imap(db: Database, url: str, handler: MailHandler | None = None) -> PollResult:
    """Handle every unseen message of the mailbox; each is then flagged ``\\Seen``."""
    config = ImapConfig.from_url(url)
    handler = handler or MailHandler(db)
    limit = max_bytes()
    result = PollResult()
    try:
        conn = config.connect()
    except (OSError, imaplib.IMAP4.error, ssl.SSLError) as exc:
        raise MailSourceError(f"cannot log in to IMAP {config.host}:{config.port}: {exc}") from exc
    try:
        typ, _ = conn.select(_quote(config.mailbox))
        if typ != "OK":
            raise MailSourceError(f"no IMAP mailbox {config.mailbox!r}")
        typ, data = conn.uid("search", None, "UNSEEN")
        uids = data[0].split() if typ == "OK" and data and data[0] else []
        for uid in uids:
            try:
                raw, size, received = _fetch(conn, uid, limit)
            except (imaplib.IMAP4.error, MailSourceError, OSError) as exc:
                result.errors.append(f"uid {uid.decode()}: {exc}")
                continue
            handled = handler.handle(raw, "imap", size, received_at=received)
            result.handled.append(handled)
            if handled.status != "error":  # an error is left unseen: the next poll tries it again
                conn.uid("store", uid, "+FLAGS", "(\\Seen)")
    finally:
        with contextlib.suppress(Exception):
            conn.logout()
    return result


def _quote(mailbox: str) -> str:
    return '"' + mailbox.replace("\\", "\\\\").replace('"', '\\"') + '"'


# -- the SMTP listener -------------------------------------------------------
def spool_dir() -> Path:
    from adjudicator.post.config import setting

    return Path(setting("PBEM_MAIL_SPOOL") or "spool")


def receipt_of(path: Path) -> datetime | None:
    """When the listener took a spooled message: its file name starts with the time before its ``250``."""
    head = path.name.split(".", 1)[0]
    if not head.isascii() or not head.isdigit():
        return None
    return datetime.fromtimestamp(int(head) / 1e9, UTC)


class StrangerGate:
    """Who may put mail into the spool, decided at ``MAIL FROM`` before anything is stored.

    A *known* sender is an address registered for a seat or as a game's referee; everyone else is
    a stranger (sign-up and ``watch`` mail come from strangers too, a few a day). Strangers are
    counted per client address and per envelope sender (its mailbox, without ``+tag``) over the
    last hour: beyond ``PBEM_LISTEN_PER_CLIENT`` and ``PBEM_LISTEN_PER_SENDER`` they are told to
    come back later (``450``, which real mail servers do), and while more than
    ``PBEM_LISTEN_BACKLOG`` messages wait in the spool every stranger is (``451``). A known
    sender is counted per client address *and* sender, up to ``PBEM_LISTEN_KNOWN_RATE``: someone
    forging a seat's address from elsewhere uses up his own allowance, not the player's.
    """

    WINDOW = 3600.0
    KNOWN_FOR = 30.0  # seconds the registered addresses are read again after

    def __init__(self, db: Database | None) -> None:
        self.db = db
        self._known: frozenset[str] = frozenset()
        self._known_at = float("-inf")
        self._lock = threading.Lock()
        self._seen: dict[tuple[str, str], deque[float]] = {}

    def known_if_fresh(self) -> frozenset[str] | None:
        """The registered addresses when read less than ``KNOWN_FOR`` seconds ago, else ``None``."""
        if self.db is None or time.monotonic() - self._known_at < self.KNOWN_FOR:
            return self._known
        return None

    def known_senders(self) -> frozenset[str]:
        """The registered addresses (seats and referees), read again every ``KNOWN_FOR`` seconds."""
        if self.db is None:
            return self._known
        now = time.monotonic()
        if now - self._known_at < self.KNOWN_FOR:
            return self._known
        from sqlmodel import select

        from adjudicator.core.naming import mailbox_of
        from adjudicator.core.store import Game, Seat

        try:
            with self.db.session() as session:
                seats = session.exec(select(Seat.email).where(Seat.email != None)).all()  # noqa: E711
                referees = session.exec(select(Game.referee_email)).all()
        except Exception:  # the database is away: keep what was known
            log.exception("listener: cannot read the registered addresses")
            return self._known
        self._known = frozenset(mailbox_of(a) for a in [*seats, *referees] if a)
        self._known_at = now
        return self._known

    def _count(self, key: tuple[str, str], now: float) -> deque[float]:
        seen = self._seen.setdefault(key, deque())
        while seen and seen[0] <= now - self.WINDOW:
            seen.popleft()
        return seen

    def admit(
        self, client: str, sender: str, known: bool, waiting: int, now: float | None = None
    ) -> str | None:
        """``None`` to take the message (and count it), else the SMTP reply that defers it."""
        from adjudicator.post.config import int_setting

        now = time.monotonic() if now is None else now
        with self._lock:
            if len(self._seen) > 100_000:  # keys of a wide flood: drop those with nothing in the window
                for key in [k for k, v in self._seen.items() if not v or v[-1] <= now - self.WINDOW]:
                    del self._seen[key]
            if known:
                pair = self._count(("known", f"{client} {sender}"), now)
                if len(pair) >= int_setting("PBEM_LISTEN_KNOWN_RATE"):
                    return "450 4.7.1 Too many messages from this address; try again later"
                pair.append(now)
                return None
            if waiting >= int_setting("PBEM_LISTEN_BACKLOG"):
                return "451 4.3.2 Busy; try again later"
            by_client = self._count(("client", client), now)
            by_sender = self._count(("sender", sender), now)
            if len(by_client) >= int_setting("PBEM_LISTEN_PER_CLIENT"):
                return "450 4.7.1 Too many messages from your address; try again later"
            if len(by_sender) >= int_setting("PBEM_LISTEN_PER_SENDER"):
                return "450 4.7.1 Too many messages from this sender; try again later"
            by_client.append(now)
            by_sender.append(now)
            return None


class ListenerHandler:
    """aiosmtpd handler: a message is answered ``250`` once it is safe in the spool, then handled.

    The SMTP dialogue never waits for the handling, so its timing says nothing about the
    message (whether its address is a seat's, whether its secret is right): every accepted
    message costs the same write to the spool before the ``250``. A worker thread then hands
    each spooled message to the mail handler and deletes it (a message whose handling failed
    for a passing reason, ``error``, stays and is tried again). Messages spooled before a
    crash are handled when the listener starts again: nothing answered ``250`` is lost.

    The spool file's name starts with the time the message was taken (before its ``250``): the
    handler judges lateness by it, and :meth:`drain` lets a close take in everything received up
    to a deadline first. Strangers are bounded before the spool (:class:`StrangerGate`).
    """

    RETRY = 30.0  # seconds before a message left in the spool by an error is tried again

    def __init__(self, handler: MailHandler, spool: Path, gate: StrangerGate | None = None) -> None:
        self.handler = handler
        self.spool = spool
        self.gate = gate or StrangerGate(handler.db)
        self.results: list[Handled] = []
        self._wake = threading.Event()
        self._stop = False
        self._count = 0
        self._lock = threading.Lock()
        self._busy: set[str] = set()  # spool files being handled (by the worker or a drain)
        self._done = threading.Condition(self._lock)
        self._thread: threading.Thread | None = None
        for where in (spool, spool / "tmp", spool / "new"):  # the mail of strangers and players: ours only
            if not where.exists():
                where.mkdir(parents=True, mode=0o700, exist_ok=True)
                os.chmod(where, 0o700)
        self._waiting = sum(1 for p in (spool / "new").iterdir() if p.name.endswith(".eml"))

    # -- the SMTP side (the event loop) ------------------------------------
    async def handle_MAIL(
        self, server: Any, session: Any, envelope: Any, address: str, mail_options: list[str]
    ) -> str:
        """Strangers beyond their allowance are deferred here, before anything is stored."""
        from adjudicator.core.naming import mailbox_of

        peer = session.peer
        client = str(peer[0] if isinstance(peer, tuple) and peer else peer)
        sender = mailbox_of(address)
        known = self.gate.known_if_fresh()
        if known is None:  # read again from the database, off the event loop
            known = await asyncio.get_running_loop().run_in_executor(None, self.gate.known_senders)
        refusal = self.gate.admit(client, sender, bool(sender) and sender in known, self._waiting)
        if refusal is not None:
            return refusal
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        mail_from = envelope.mail_from or ""
        # What an MDA does: the envelope sender becomes Return-Path (empty for bounces).
        clean_from = re.sub(r"[^\x21-\x7e]|[<>]", "", mail_from)[:320]
        raw = f"Return-Path: <{clean_from}>\r\n".encode() + raw
        try:
            await asyncio.get_running_loop().run_in_executor(None, self.spool_message, raw)
        except OSError:
            log.exception("listener: the spool %s cannot be written", self.spool)
            return "451 4.3.0 Temporary failure, please retry"
        self._wake.set()
        return "250 2.0.0 Message accepted"

    def spool_message(self, raw: bytes) -> Path:
        """Write one message durably into ``spool/new`` (tmp, fsync, rename), readable by us only.

        Its name starts with the time it was taken, which is before its ``250``."""
        with self._lock:
            self._count += 1
            name = f"{time.time_ns()}.{os.getpid()}.{self._count}.eml"
        tmp = self.spool / "tmp" / name
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, raw)
            os.fsync(fd)
        finally:
            os.close(fd)
        target = self.spool / "new" / name
        os.replace(tmp, target)
        with self._lock:
            self._waiting += 1
        return target

    # -- the handling side (a worker thread, or a close draining the spool) -
    def start(self) -> None:
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="pbem-mail-spool", daemon=True)
        self._thread.start()
        self._wake.set()  # what an earlier run left in the spool

    def stop(self) -> None:
        self._stop = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=60)
            self._thread = None

    def _run(self) -> None:
        failed: set[str] = set()
        while not self._stop:
            woken = self._wake.wait(timeout=self.RETRY)
            self._wake.clear()
            if not woken:
                failed.clear()  # the retry time has come for messages left by an error
            for path in sorted((self.spool / "new").iterdir()):
                if self._stop:
                    break
                if path.name in failed or not path.name.endswith(".eml"):
                    continue
                self._handle_file(path, failed)

    def drain(self, until: datetime, timeout: float = 300.0) -> int:
        """Handle now, in the calling thread, every spooled message taken up to ``until`` (those the
        worker has in hand are waited for); how many this call handled.

        The clock calls it before closing the turns due at ``until``: orders answered ``250``
        before a deadline are in before the turn closes, however many strangers' mails came
        before them. A message whose handling fails for a passing reason is left for the worker.
        """
        handled = 0
        failed: set[str] = set()
        mine: list[str] = []
        for path in sorted((self.spool / "new").iterdir()):
            received = receipt_of(path)
            if not path.name.endswith(".eml") or received is None:
                continue
            if received > until:
                break
            mine.append(path.name)
            if self._handle_file(path, failed):
                handled += 1
        with self._done:  # those the worker had in hand
            self._done.wait_for(lambda: not self._busy.intersection(mine), timeout=timeout)
        return handled

    def _handle_file(self, path: Path, failed: set[str]) -> bool:
        with self._lock:
            if path.name in self._busy:
                return False
            self._busy.add(path.name)
        try:
            try:
                raw = path.read_bytes()
            except OSError:  # handled meanwhile
                return False
            handled = self.handler.handle(raw, "smtp", received_at=receipt_of(path))
            self.results.append(handled)
            del self.results[:-100]
            if handled.status == "error":
                failed.add(path.name)
                return True
            with contextlib.suppress(OSError):
                path.unlink()
                with self._lock:
                    self._waiting = max(0, self._waiting - 1)
            return True
        finally:
            with self._done:
                self._busy.discard(path.name)
                self._done.notify_all()


class Listener:
    """The inbound SMTP listener (aiosmtpd ``Controller``) on ``host:port``; ``stop()`` ends it.

    Messages are answered once spooled in ``spool`` (``PBEM_MAIL_SPOOL``, default ``./spool``)
    and handled afterwards by a worker thread (see :class:`ListenerHandler`)."""

    def __init__(
        self,
        db: Database,
        host: str = "127.0.0.1",
        port: int = 2525,
        handler: MailHandler | None = None,
        spool: Path | None = None,
    ):
        from aiosmtpd.controller import Controller

        self.handler = ListenerHandler(handler or MailHandler(db), spool or spool_dir())
        self.controller = Controller(
            self.handler,
            hostname=host,
            port=port,
            data_size_limit=LISTENER_HARD_LIMIT,
            server_hostname="pbem",
            ready_timeout=10,
        )
        self.host = host
        self.port = port

    def start(self) -> Listener:
        self.handler.start()
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()
        self.handler.stop()

    def drain(self, until: datetime) -> int:
        """Handle every message taken up to ``until`` now (see :meth:`ListenerHandler.drain`)."""
        return self.handler.drain(until)

    @property
    def results(self) -> list[Handled]:
        return self.handler.results
