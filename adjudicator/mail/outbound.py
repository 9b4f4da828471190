"""Draining the outbox over SMTP with aiosmtplib.

``PBEM_SMTP_URL`` names the server::

    smtp://user:pass@mail.example.org:587?starttls=1   submission with STARTTLS (the usual)
    smtps://user:pass@mail.example.org:465             TLS from the first byte
    smtp://127.0.0.1:25                                a local relay, no login

Query options: ``starttls=0|1`` (default: STARTTLS when the server offers it; with a user and
password STARTTLS is required, and ``starttls=0`` is the explicit way to log in in clear),
``timeout=SECONDS``, ``cafile=PATH`` (a private CA), ``insecure=1`` (do not
check the certificate; a test server only). User and password may be left out
of the URL and given as ``PBEM_SMTP_USER`` / ``PBEM_SMTP_PASSWORD`` instead,
or in the ``[mail]`` table of ``pbem.toml`` (see :mod:`adjudicator.post.config`).

How a flush works: each message is *claimed* (see :mod:`adjudicator.post.outbox`:
a conditional UPDATE records the flusher and a short lease, so two flushers
never send the same message, and one that died is noticed at the next flush),
then sent on one of ``PBEM_SMTP_PARALLEL`` connections, each reused for many
messages; each connection claims a batch of them in one transaction. A message
is marked ``sending`` before its DATA (while the server answers MAIL and RCPT);
once the server answered its DATA it is recorded ``sent`` in the transaction that
marks the connection's next message ``sending`` (or at once when a failure or the
end of the flush comes first): one write per message, and the connections that ask
at the same moment share one transaction (one commit). The next message is composed
(in a worker thread) while the current one is in DATA. A failure is kept:
``attempts`` goes up, ``last_error`` says why and ``next_attempt_at`` backs off
exponentially (1 min, 2, 4 ... up to 6 h); after ``PBEM_SMTP_MAX_ATTEMPTS``
failures, or at once on a permanent refusal (5xx) or a report that cannot be
made any more (its turn was rolled back), the message is marked ``failed`` and shown by ``pbem mail
status`` until the referee retries it (``pbem mail retry``). Nothing is ever
dropped.

A server that cannot be reached (no connection, TLS or login failing) is one
failure of the flush, not of each message: the flush stops, no message counts
an attempt, and the next flush tries again.

What SMTP leaves possible: a message is sent twice only if the referee sends
an ``in-doubt`` one again (``pbem mail retry``) after the server had in fact
taken it - the flusher died, or the connection broke, between the end of DATA
and our record of the server's answer. It is never resent by itself.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
import re
import ssl
from collections.abc import Awaitable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import parse_qs, unquote, urlsplit

import aiosmtplib
from sqlmodel import select

from adjudicator.core import progress
from adjudicator.core.store import Database, OutboxMessage, utcnow
from adjudicator.mail import delivery
from adjudicator.mail.bounces import bounce_address
from adjudicator.mail.dkim_signing import DkimKey, load_key
from adjudicator.mail.list_headers import OBSERVER_KINDS, headers_for, with_headers
from adjudicator.post import outbox
from adjudicator.post.compose import referee_mailbox
from adjudicator.post.config import int_setting, setting
from adjudicator.publish.report_mail import ComposeError

log = logging.getLogger(__name__)

BACKOFF_BASE = timedelta(minutes=1)
BACKOFF_CAP = timedelta(hours=6)
#: Messages a connection claims at once (one transaction), well within the claim's lease.
CLAIM_BATCH = 16


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
        if (username or password) and start_tls is None:
            # A login never goes out in clear unless the URL says so (?starttls=0): a server that
            # offers no STARTTLS (or an attacker who strips it) makes the connection fail instead.
            start_tls = True
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
        return _tls_context(self.cafile, self.insecure)

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


@functools.lru_cache(maxsize=8)
def _tls_context(cafile: str | None, insecure: bool) -> ssl.SSLContext:
    """The TLS context of the SMTP connections, made once per process: loading the CA certificates
    costs 20-50 ms of CPU, which every flush (every turn's mail) paid before. Connections and
    threads share it; nothing changes it once made. A CA file changed on disk is read again when
    the process starts again."""
    context = ssl.create_default_context(cafile=cafile)
    if insecure:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def envelope_sender(row: OutboxMessage, mailbox: str) -> str:
    """The SMTP envelope sender of ``row``: its own bounce address (``referee+b<row>-<mac>@...``,
    so that a bounce names the message it is about), or the referee's plain address when
    ``PBEM_VERP=off`` (for a relay that refuses plus-addressed senders; bounces then cannot be
    matched to a seat)."""
    if (setting("PBEM_VERP") or "on").strip().lower() in ("off", "0", "no", "false") or row.id is None:
        return mailbox
    return bounce_address(row.id, row.message_id, mailbox)


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
    """A refusal the server means for good (5xx), or a message that cannot be made any more (a
    report of a turn rolled back): no point retrying it every hour."""
    if isinstance(exc, ComposeError):
        return True
    if isinstance(exc, aiosmtplib.SMTPRecipientsRefused):
        return all(500 <= r.code < 600 for r in exc.recipients)
    if isinstance(exc, aiosmtplib.SMTPResponseException):
        return 500 <= exc.code < 600 and not isinstance(exc, aiosmtplib.SMTPAuthenticationError)
    return False


# -- the database side (sync; called from worker threads) ------------------
def _mark_failed(db: Database, message_id: int, error: str, now: datetime, permanent: bool) -> None:
    with db.session() as session:
        row = session.get(OutboxMessage, message_id)
        if row is None:
            return
        row.attempts += 1
        row.last_error = error[:2000]
        row.claimed_by = None
        if row.status == "sending":
            row.status = "queued"
        if permanent or row.attempts >= max_attempts():
            row.status = "failed"
            row.next_attempt_at = None
        else:
            row.next_attempt_at = now + backoff(row.attempts)
        session.add(row)
        if row.status == "failed":  # failed for good: a letter with a seat's secret does not keep it
            session.flush()
            outbox.forget_secret_letter(session, message_id)


# -- sending -----------------------------------------------------------------
class Unreachable(Exception):
    """The server cannot be reached (connection, TLS, login): a failure of the flush, not of a message."""


class InDoubt(Exception):
    """The connection broke while the server was receiving DATA: it may have taken the message."""


@dataclass
class FlushResult:
    sent: int = 0
    failed: int = 0  # attempts that failed this time (kept for a retry, or marked failed)
    in_doubt: int = 0  # handed to the server without its answer: kept for the referee
    unreachable: str | None = None  # why the server could not be reached (then nothing was tried)


def wire_form(raw: bytes) -> bytes | None:
    """What DATA puts on the wire for ``raw`` (its lines dot-stuffed, then ``.``), made with two
    ``bytes.replace`` when every line of ``raw`` already ends in CRLF (as the email package writes
    them); ``None`` otherwise. aiosmtplib's ``data`` makes the same bytes with regular
    expressions over the whole message: 7 ms of CPU for a 600 KB report mail."""
    crlf = raw.count(b"\r\n")
    if raw.count(b"\r") != crlf or raw.count(b"\n") != crlf:
        return None
    stuffed = raw.replace(b"\r\n.", b"\r\n..")
    if stuffed.startswith(b"."):
        stuffed = b"." + stuffed
    if not stuffed.endswith(b"\r\n"):
        stuffed += b"\r\n"
    return stuffed + b".\r\n"


async def data(client: aiosmtplib.SMTP, raw: bytes) -> None:
    """``client.data(raw)``, the same bytes on the wire, without the library's regular expressions
    when :func:`wire_form` can make them (the client is this flush's own: no other command runs
    on it meanwhile). Raises what ``client.data`` raises."""
    wire = wire_form(raw)
    protocol = client.protocol
    if wire is None or protocol is None:
        await client.data(raw)
        return
    start = await client.execute_command(b"DATA")
    if start.code != aiosmtplib.SMTPStatus.start_input:
        raise aiosmtplib.SMTPDataError(start.code, start.message)
    try:
        protocol.write(wire)
        answer = await protocol.read_response(timeout=client.timeout)
    except (aiosmtplib.SMTPServerDisconnected, aiosmtplib.SMTPTimeoutError):
        client.close()
        raise
    if answer.code != aiosmtplib.SMTPStatus.completed:
        raise aiosmtplib.SMTPDataError(answer.code, answer.message)


class _Marks:
    """Marks the connections' next messages ``sending`` (each recording the message its connection
    handed over last ``sent``): the requests of connections that ask while a transaction is being
    written go together in the next one (:func:`outbox.begin_sending_many`), so parallel
    connections share their commits instead of queueing on the database's write lock. Each
    request is answered only once its transaction is committed: a message is ``sending`` in the
    database before its DATA begins, as with one transaction per message."""

    def __init__(self, db: Database, me: str) -> None:
        self.db = db
        self.me = me
        self.waiting: list[tuple[int, int | None, asyncio.Future[bool]]] = []
        self.writer: asyncio.Task[None] | None = None

    async def begin_sending(self, message_id: int, sent: int | None) -> bool:
        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.waiting.append((message_id, sent, answer))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.ensure_future(self._write())
        return await answer

    async def _write(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            try:
                won = await asyncio.to_thread(
                    outbox.begin_sending_many, self.db, [(m, s) for m, s, _ in batch], self.me
                )
            except Exception as exc:  # nothing of this transaction was recorded: each connection is told
                for _m, _s, answer in batch:
                    if not answer.done():  # (a connection cancelled meanwhile waits no more)
                        answer.set_exception(exc)
                continue
            for (_m, _s, answer), marked in zip(batch, won, strict=True):
                if not answer.done():
                    answer.set_result(marked)


class _Worker:
    """One SMTP connection, reused for every message it is handed."""

    def __init__(
        self, config: SmtpConfig, sender: str, db: Database, marks: _Marks, signer: DkimKey | None = None
    ) -> None:
        self.config = config
        self.sender = sender
        self.signer = signer  # DKIM, for a referee who sends directly
        self.db = db
        self.marks = marks
        self.client: aiosmtplib.SMTP | None = None
        #: the message whose DATA the server answered last, not yet recorded ``sent``: it is recorded
        #: with the next message's ``sending`` (one transaction), or by :meth:`record`
        self.unrecorded: int | None = None

    async def connect(self) -> aiosmtplib.SMTP:
        if self.client is None or not self.client.is_connected:
            client = self.config.client()
            try:
                await client.connect()
            except Exception as exc:  # refused, timed out, TLS, login: nothing can go out now
                raise Unreachable(f"{type(exc).__name__}: {exc}") from exc
            self.client = client
        return self.client

    async def send(self, row: OutboxMessage, made: Awaitable[bytes]) -> bool:
        """Send one claimed message whose bytes ``made`` gives (composed ahead, in a thread, while
        the message before it was in DATA); ``False`` if the claim was lost before DATA.

        The transaction that marks it ``sending`` (and records the message before it ``sent``)
        runs while the server answers MAIL FROM and RCPT TO; DATA starts only once both are done."""
        assert row.id is not None
        raw = await made  # a report that cannot be made any more fails here, before MAIL FROM
        if self.signer is not None:
            raw = self.signer.sign(raw)
        client = await self.connect()
        sent, self.unrecorded = self.unrecorded, None
        envelope = asyncio.ensure_future(self._envelope(client, row))
        try:
            marked = await self.marks.begin_sending(row.id, sent)
        except BaseException:
            self.unrecorded = sent  # not recorded: recorded by `record`, or with the next message
            await asyncio.gather(envelope, return_exceptions=True)
            await self._reset()
            raise
        refused: Exception | None = None
        try:
            await envelope
        except (aiosmtplib.SMTPServerDisconnected, ConnectionError) as exc:
            self.client, refused = None, exc
        except aiosmtplib.SMTPResponseException as exc:
            await self._reset()
            refused = exc
        if not marked:  # someone else has it now: what happens to it is theirs to record
            if refused is None:
                await self._reset()
            return False
        if refused is not None:  # marked `sending` but never handed over: `_mark_failed` queues it again
            raise refused
        try:
            await data(client, raw)
        except aiosmtplib.SMTPResponseException:  # the server answered: it refused the message
            await self._reset()
            raise
        except Exception as exc:  # no answer to DATA: it may have been taken
            self.client = None
            raise InDoubt(f"{type(exc).__name__}: {exc}") from exc
        self.unrecorded = row.id
        return True

    async def _envelope(self, client: aiosmtplib.SMTP, row: OutboxMessage) -> None:
        await client.mail(envelope_sender(row, self.sender))
        await client.rcpt(row.to_addr)

    async def record(self) -> None:
        """Record ``sent`` the message handed over last, if it is not recorded yet."""
        if self.unrecorded is not None:
            message_id, self.unrecorded = self.unrecorded, None
            await asyncio.to_thread(outbox.mark_sent, self.db, message_id)

    async def _reset(self) -> None:
        if self.client is None:
            return
        try:
            await self.client.rset()  # the connection stays good for the next message
        except Exception:
            self.client = None

    async def close(self) -> None:
        if self.client is not None and self.client.is_connected:
            try:
                await self.client.quit()
            except Exception:
                self.client.close()
        self.client = None


def _mark_in_doubt(db: Database, message_id: int, error: str) -> None:
    with db.session() as session:
        row = session.get(OutboxMessage, message_id)
        if row is not None and row.status == "sending":
            row.status, row.claimed_by, row.next_attempt_at = "in-doubt", None, None
            row.last_error = f"{outbox.IN_DOUBT} ({error})"[:2000]
            session.add(row)


def _compose_ahead(db: Database, row: OutboxMessage) -> asyncio.Future[bytes]:
    """The bytes of ``row``, being composed in a worker thread (a stored message's at once)."""
    if row.compose is None and row.kind not in OBSERVER_KINDS:  # stored whole: only the game's List-Id
        done: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        done.set_result(with_headers(row.raw, headers_for(None, row)))
        return done
    return asyncio.ensure_future(asyncio.to_thread(delivery.message_bytes, db, row))


async def _forget(made: Iterable[asyncio.Future[bytes]]) -> None:
    """Drop the bytes composed ahead for messages this batch does not send (the server was found
    gone): such a message is composed again when it is sent."""
    pending = list(made)
    for future in pending:
        future.cancel()
    await asyncio.gather(*pending, return_exceptions=True)


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
    me = outbox.claimer()
    await asyncio.to_thread(outbox.recover, db, now, resend_sending=False)
    ids = await asyncio.to_thread(outbox.due_ids, db, now, limit)
    result = FlushResult()
    if not ids:
        return result
    queue: asyncio.Queue[int] = asyncio.Queue()
    for message_id in ids:
        queue.put_nowait(message_id)
    progress.expect(len(ids))
    sender = referee_mailbox()

    async def drain(worker: _Worker) -> None:
        while result.unreachable is None:
            batch: list[int] = []
            while len(batch) < CLAIM_BATCH and not queue.empty():
                batch.append(queue.get_nowait())
            if not batch:
                break
            rows = await asyncio.to_thread(outbox.claim_many, db, batch, now, me)  # one transaction
            ahead: dict[int, asyncio.Future[bytes]] = {}  # bytes composed ahead, by position in `rows`
            try:
                await send_batch(worker, rows, ahead)
            finally:
                await _forget(ahead.values())

    async def send_batch(
        worker: _Worker, rows: list[OutboxMessage], ahead: dict[int, asyncio.Future[bytes]]
    ) -> None:
        for position, row in enumerate(rows):
            progress.step()
            assert row.id is not None
            if result.unreachable is not None:  # another connection found the server gone
                await asyncio.to_thread(
                    outbox.release, db, row.id, f"server unreachable: {result.unreachable}"
                )
                continue
            made = ahead.pop(position, None) or _compose_ahead(db, row)
            if position + 1 < len(rows):  # the next one is composed while this one is sent
                ahead[position + 1] = _compose_ahead(db, rows[position + 1])
            try:
                try:
                    handed_over = await worker.send(row, made)
                except Exception:
                    await worker.record()  # the message before this one went through: say so first
                    raise
                if not handed_over:
                    continue
            except Unreachable as exc:  # one failure of the flush: the message is given back untried
                result.unreachable = result.unreachable or str(exc)
                await asyncio.to_thread(outbox.release, db, row.id, f"server unreachable: {exc}")
                for rest in rows[position + 1 :]:
                    assert rest.id is not None
                    await asyncio.to_thread(outbox.release, db, rest.id, f"server unreachable: {exc}")
                break
            except InDoubt as exc:
                log.warning("sending %s: no answer to DATA (%s); kept in doubt", row.message_id, exc)
                await asyncio.to_thread(_mark_in_doubt, db, row.id, str(exc))
                result.in_doubt += 1
                continue
            except Exception as exc:
                error = f"{type(exc).__name__}: {exc}"
                log.warning("sending %s failed: %s", row.message_id, error)
                await asyncio.to_thread(_mark_failed, db, row.id, error, now, _permanent(exc))
                result.failed += 1
                continue
            result.sent += 1  # recorded with the next message's `sending`, or at the end

    async def run(worker: _Worker) -> None:
        try:
            await drain(worker)
        finally:
            await worker.record()
            await worker.close()

    marks = _Marks(db, me)
    signer = load_key()  # a DKIM setting that cannot sign stops the flush with its reason
    workers = [_Worker(config, sender, db, marks, signer) for _ in range(min(parallel, len(ids)))]
    await asyncio.gather(*(run(w) for w in workers))
    if result.unreachable:
        log.warning(
            "the SMTP server %s:%s cannot be reached: %s", config.host, config.port, result.unreachable
        )
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
    """Put ``failed`` and ``in-doubt`` messages back in the queue (all, or those Message-IDs)."""
    with db.session() as session:
        query = select(OutboxMessage).where(OutboxMessage.status.in_(["failed", "in-doubt"]))  # type: ignore[attr-defined]
        if message_ids:
            query = query.where(OutboxMessage.message_id.in_(message_ids))  # type: ignore[attr-defined]
        rows = session.exec(query).all()
        for row in rows:
            row.status = "queued"
            row.next_attempt_at = None
            session.add(row)
        return len(rows)
