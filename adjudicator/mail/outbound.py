"""Draining the outbox over SMTP with aiosmtplib.

``PBEM_SMTP_URL`` names the server::

    smtp://user:pass@mail.example.org:587?starttls=1   submission with STARTTLS (the usual)
    smtps://user:pass@mail.example.org:465             TLS from the first byte
    smtp://127.0.0.1:25                                a local relay, no login

Query options: ``starttls=0|1`` (default: STARTTLS when the server offers it),
``timeout=SECONDS``, ``cafile=PATH`` (a private CA), ``insecure=1`` (do not
check the certificate; a test server only). User and password may be left out
of the URL and given as ``PBEM_SMTP_USER`` / ``PBEM_SMTP_PASSWORD`` instead,
or in the ``[mail]`` table of ``pbem.toml`` (see :mod:`adjudicator.mail.config`).

How a flush works: each message is *claimed* by a conditional UPDATE that
pushes its ``next_attempt_at`` a few minutes ahead (so two flushers never send
the same message, and one that died releases it by itself), then sent on one
of ``PBEM_SMTP_PARALLEL`` connections, each reused for many messages. A
message the server accepted is marked ``sent`` at once, in its own
transaction. A failure is kept: ``attempts`` goes up, ``last_error`` says why
and ``next_attempt_at`` backs off exponentially (1 min, 2, 4 ... up to 6 h);
after ``PBEM_SMTP_MAX_ATTEMPTS`` failures, or at once on a permanent refusal
(5xx), the message is marked ``failed`` and shown by ``pbem mail status``
until the referee retries it (``pbem mail retry``). Nothing is ever dropped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import re
import ssl
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import parse_qs, unquote, urlsplit

import aiosmtplib
from sqlalchemy import or_, update
from sqlmodel import select

from adjudicator.mail.compose import referee_mailbox
from adjudicator.mail.config import int_setting, setting
from adjudicator.store import Database, OutboxMessage, utcnow

log = logging.getLogger(__name__)

#: How long a claimed message is reserved for the flusher that claimed it.
CLAIM = timedelta(minutes=5)
BACKOFF_BASE = timedelta(minutes=1)
BACKOFF_CAP = timedelta(hours=6)


class SmtpConfigError(ValueError):
    """``PBEM_SMTP_URL`` cannot be read; the message shows a valid form."""


@dataclass(frozen=True)
class SmtpConfig:
    host: str
    port: int
    username: str | None = None
    password: str | None = None
    use_tls: bool = False
    start_tls: bool | None = None
    timeout: float = 30.0
    cafile: str | None = None
    insecure: bool = False

    @classmethod
    def from_url(cls, url: str) -> SmtpConfig:
        try:
            return cls._from_url(url)
        except SmtpConfigError:
            raise
        except ValueError as exc:  # urlsplit: a bad port, a broken IPv6 literal...
            raise SmtpConfigError(f"cannot read PBEM_SMTP_URL {redact(url)!r}: {exc}") from exc

    @classmethod
    def _from_url(cls, url: str) -> SmtpConfig:
        parts = urlsplit(url.strip())
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise SmtpConfigError(
                f"cannot read PBEM_SMTP_URL {redact(url)!r}: write smtp://user:pass@host:587?starttls=1 "
                "or smtps://user:pass@host:465"
            )
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        use_tls = parts.scheme == "smtps"
        starttls_raw = query.get("starttls")
        start_tls = None if starttls_raw is None else starttls_raw.lower() in ("1", "true", "yes", "on")
        if use_tls:
            start_tls = False
        try:
            port = parts.port or (465 if use_tls else 587 if start_tls else 25)
            timeout = float(query.get("timeout") or setting("PBEM_SMTP_TIMEOUT") or 30)
        except ValueError as exc:
            raise SmtpConfigError(f"cannot read PBEM_SMTP_URL {redact(url)!r}: {exc}") from exc
        username = unquote(parts.username) if parts.username else setting("PBEM_SMTP_USER")
        password = unquote(parts.password) if parts.password else setting("PBEM_SMTP_PASSWORD")
        return cls(
            host=parts.hostname,
            port=port,
            username=username or None,
            password=password or None,
            use_tls=use_tls,
            start_tls=start_tls,
            timeout=timeout,
            cafile=query.get("cafile"),
            insecure=query.get("insecure", "").lower() in ("1", "true", "yes"),
        )

    def tls_context(self) -> ssl.SSLContext | None:
        if not (self.use_tls or self.start_tls is not False):
            return None
        context = ssl.create_default_context(cafile=self.cafile)
        if self.insecure:
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        return context

    def client(self) -> aiosmtplib.SMTP:
        return aiosmtplib.SMTP(
            hostname=self.host,
            port=self.port,
            username=self.username,
            password=self.password,
            use_tls=self.use_tls,
            start_tls=self.start_tls,
            timeout=self.timeout,
            tls_context=self.tls_context(),
        )


def redact(url: str) -> str:
    """The URL with its password hidden (for messages and logs)."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return re.sub(r"(//[^:/@]*:)[^@]*@", r"\1***@", url)
    if password:
        netloc = parts.netloc.replace(f":{password}@", ":***@")
        return parts._replace(netloc=netloc).geturl()
    return url


def smtp_config() -> SmtpConfig | None:
    url = setting("PBEM_SMTP_URL")
    return SmtpConfig.from_url(url) if url else None


def backoff(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failure: 1, 2, 4 ... minutes, at most 6 hours."""
    return min(BACKOFF_BASE * (2 ** max(attempts - 1, 0)), BACKOFF_CAP)


def max_attempts() -> int:
    return int_setting("PBEM_SMTP_MAX_ATTEMPTS") or 8


def _permanent(exc: Exception) -> bool:
    """A refusal the server means for good (5xx): no point retrying it every hour."""
    if isinstance(exc, aiosmtplib.SMTPRecipientsRefused):
        return all(500 <= r.code < 600 for r in exc.recipients)
    if isinstance(exc, aiosmtplib.SMTPResponseException):
        return 500 <= exc.code < 600 and not isinstance(exc, aiosmtplib.SMTPAuthenticationError)
    return False


# -- the database side (sync; called from worker threads) ------------------
def _due_ids(db: Database, now: datetime, limit: int | None) -> list[int]:
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


def _claim(db: Database, message_id: int, now: datetime) -> OutboxMessage | None:
    """Reserve one due message for this flusher; ``None`` if someone else has it or it is not due."""
    with db.session() as session:
        won = session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == message_id, OutboxMessage.status == "queued")  # type: ignore[arg-type]
            .where(or_(OutboxMessage.next_attempt_at.is_(None), OutboxMessage.next_attempt_at <= now))  # type: ignore[union-attr,operator]
            .values(next_attempt_at=now + CLAIM)
        )
        if won.rowcount != 1:  # type: ignore[attr-defined]
            return None
        return session.get(OutboxMessage, message_id)


def _mark_sent(db: Database, message_id: int) -> None:
    with db.session() as session:
        row = session.get(OutboxMessage, message_id)
        if row is not None:
            row.status = "sent"
            row.sent_at = utcnow()
            row.attempts += 1
            row.last_error = None
            row.next_attempt_at = None
            session.add(row)


def _mark_failed(db: Database, message_id: int, error: str, now: datetime, permanent: bool) -> None:
    with db.session() as session:
        row = session.get(OutboxMessage, message_id)
        if row is None:
            return
        row.attempts += 1
        row.last_error = error[:2000]
        if permanent or row.attempts >= max_attempts():
            row.status = "failed"
            row.next_attempt_at = None
        else:
            row.next_attempt_at = now + backoff(row.attempts)
        session.add(row)


# -- sending -----------------------------------------------------------------
@dataclass
class FlushResult:
    sent: int = 0
    failed: int = 0  # attempts that failed this time (kept for a retry, or marked failed)


class _Worker:
    """One SMTP connection, reused for every message it is handed."""

    def __init__(self, config: SmtpConfig, sender: str) -> None:
        self.config = config
        self.sender = sender
        self.client: aiosmtplib.SMTP | None = None

    async def send(self, row: OutboxMessage) -> None:
        if self.client is None or not self.client.is_connected:
            self.client = self.config.client()
            await self.client.connect()
        try:
            await self.client.sendmail(self.sender, [row.to_addr], row.raw)
        except (aiosmtplib.SMTPServerDisconnected, ConnectionError):
            self.client = None
            raise
        except aiosmtplib.SMTPResponseException:
            try:
                await self.client.rset()  # the connection stays good for the next message
            except Exception:
                self.client = None
            raise

    async def close(self) -> None:
        if self.client is not None and self.client.is_connected:
            try:
                await self.client.quit()
            except Exception:
                self.client.close()
        self.client = None


async def flush_smtp_async(
    db: Database,
    config: SmtpConfig,
    *,
    now: datetime | None = None,
    limit: int | None = None,
    parallel: int | None = None,
) -> FlushResult:
    """Send every due queued message (at most ``limit``) over ``parallel`` reused connections."""
    now = now or utcnow()
    parallel = max(1, parallel or int_setting("PBEM_SMTP_PARALLEL") or 3)
    ids = await asyncio.to_thread(_due_ids, db, now, limit)
    result = FlushResult()
    if not ids:
        return result
    queue: asyncio.Queue[int] = asyncio.Queue()
    for message_id in ids:
        queue.put_nowait(message_id)
    sender = referee_mailbox()
    unreachable: list[str] = []  # once the server cannot be reached, the rest of this flush is not tried

    async def run(worker: _Worker) -> None:
        while not unreachable:
            try:
                message_id = queue.get_nowait()
            except asyncio.QueueEmpty:
                break
            row = await asyncio.to_thread(_claim, db, message_id, now)
            if row is None:
                continue
            try:
                await worker.send(row)
            except Exception as exc:
                error = f"{type(exc).__name__}: {exc}"
                if isinstance(exc, aiosmtplib.SMTPConnectError | aiosmtplib.SMTPTimeoutError | OSError):
                    unreachable.append(error)
                log.warning("sending %s failed: %s", row.message_id, error)
                await asyncio.to_thread(_mark_failed, db, message_id, error, now, _permanent(exc))
                result.failed += 1
                continue
            await asyncio.to_thread(_mark_sent, db, message_id)
            result.sent += 1
        await worker.close()

    workers = [_Worker(config, sender) for _ in range(min(parallel, len(ids)))]
    await asyncio.gather(*(run(w) for w in workers))
    if unreachable:
        # The server is down: the messages not tried count one failed attempt each, with backoff,
        # so `pbem mail status` shows them waiting and the next flush does not hammer the server.
        remaining = []
        while not queue.empty():
            remaining.append(queue.get_nowait())
        for message_id in remaining:
            row = await asyncio.to_thread(_claim, db, message_id, now)
            if row is not None:
                await asyncio.to_thread(_mark_failed, db, message_id, unreachable[0], now, False)
                result.failed += 1
    return result


def flush_smtp(
    db: Database,
    config: SmtpConfig,
    *,
    now: datetime | None = None,
    limit: int | None = None,
    parallel: int | None = None,
) -> FlushResult:
    """Sync wrapper of :func:`flush_smtp_async` (its own event loop; a thread of its own when called
    from inside a running loop, e.g. a job of an asyncio scheduler)."""
    coro = flush_smtp_async(db, config, now=now, limit=limit, parallel=parallel)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def retry_failed(db: Database, message_ids: list[str] | None = None) -> int:
    """Put ``failed`` messages back in the queue (all, or those Message-IDs); returns how many."""
    with db.session() as session:
        query = select(OutboxMessage).where(OutboxMessage.status == "failed")
        if message_ids:
            query = query.where(OutboxMessage.message_id.in_(message_ids))  # type: ignore[attr-defined]
        rows = session.exec(query).all()
        for row in rows:
            row.status = "queued"
            row.next_attempt_at = None
            session.add(row)
        return len(rows)
