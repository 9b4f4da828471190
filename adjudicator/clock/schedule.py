"""``pbem serve``: one long-running process that keeps a campaign moving on its own.

APScheduler (3.11 line) runs the time side:

* a ``date`` job per open turn at the moment it closes by itself (its
  deadline, or the end of the grace period while orders are missing under NMR
  ``wait``), and one per reminder still to come. These jobs live in the
  game's own database (``SQLAlchemyJobStore``, table ``apscheduler_jobs``), so
  they survive a restart;
* in memory, a *reconcile* job every ``interval`` seconds: it closes whatever
  is due (a deadline missed while the server was down closes at start, once),
  sends due reminders, and brings the date jobs in line with the database
  (a turn closed early, extended, paused, a new turn opened from the CLI or by
  another worker);
* in memory, a *mail* job every ``interval`` seconds: polling the configured
  mailboxes and flushing the outbox; and the inbound SMTP listener when
  ``--listen`` is given.

Every job only *asks* the engine to do something that is safe to ask twice,
so several ``pbem serve`` workers may share one PostgreSQL database (and its
job table): each due turn is closed by exactly one of them (conditional
UPDATE, ``SKIP LOCKED``), each reminder is recorded once. SIGTERM (or Ctrl-C)
stops the process cleanly: no new work is started, running jobs finish,
the listener and the database are closed.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime, timedelta
from typing import Any

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.jobstores.base import ConflictingIdError, JobLookupError
from apscheduler.jobstores.memory import MemoryJobStore
from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.background import BackgroundScheduler

from adjudicator.clock.reminders import reminder_times
from adjudicator.clock.tick import TickSummary, close_due, flush_mail, poll_mail, send_reminders
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, utcnow

log = logging.getLogger("adjudicator.clock.schedule")

JOB_TABLE = "apscheduler_jobs"
DEFAULT_INTERVAL = 60.0
#: The server a persisted job runs against (jobs are stored by reference: module and function name).
_CURRENT: dict[str, Server] = {}


class SharedJobStore(SQLAlchemyJobStore):
    """The SQLAlchemy job store, tolerant of other workers changing the same rows.

    Two ``pbem serve`` processes on one database add, run and remove the same
    jobs; a job already there is updated, a job already gone is simply gone.
    """

    def start(self, scheduler: Any, alias: str) -> None:
        for attempt in range(5):
            try:
                super().start(scheduler, alias)
                return
            except Exception:  # two workers creating the table at once: the loser retries
                if attempt == 4:
                    raise
                time.sleep(0.2 * (attempt + 1))

    def add_job(self, job: Any) -> None:
        try:
            super().add_job(job)
        except ConflictingIdError:
            self.update_job(job)

    def update_job(self, job: Any) -> None:
        # another worker ran and removed it; the next reconcile adds it again if still needed
        with suppress(JobLookupError):
            super().update_job(job)

    def remove_job(self, job_id: str) -> None:
        with suppress(JobLookupError):
            super().remove_job(job_id)


# -- the jobs (module-level functions: the job store keeps them by reference) ----
def run_deadline(game_id: str, number: int) -> None:
    """A turn's closing moment has come: close it if it is (still) due."""
    server = _CURRENT.get("server")
    if server is not None:
        with server.job():
            server.close_turn_if_due(game_id, number)


def run_reminders(game_id: str, number: int) -> None:
    """A reminder moment has come: send the reminders that are due."""
    server = _CURRENT.get("server")
    if server is not None:
        with server.job():
            server.remind()


def run_reconcile() -> None:
    server = _CURRENT.get("server")
    if server is not None:
        with server.job():
            server.reconcile()


def run_mail() -> None:
    server = _CURRENT.get("server")
    if server is not None:
        with server.job():
            server.mail()


class Server:
    """The scheduler, the listener and the periodic jobs of one ``pbem serve`` process."""

    def __init__(
        self,
        db: Database,
        *,
        interval: float = DEFAULT_INTERVAL,
        listen: tuple[str, int] | None = None,
        referee: Referee | None = None,
    ) -> None:
        self.db = db
        self.interval = interval
        self.listen = listen
        self.referee = referee or Referee(db)
        self.stopping = threading.Event()
        self.listener: Any = None
        self.scheduler = BackgroundScheduler(
            jobstores={
                "default": SharedJobStore(engine=db.engine, tablename=JOB_TABLE),
                "local": MemoryJobStore(),
            },
            executors={"default": ThreadPoolExecutor(4)},
            job_defaults={"coalesce": True, "misfire_grace_time": None, "max_instances": 1},
            timezone=UTC,
        )
        self.closed_count = 0
        self._active = 0
        self._idle = threading.Condition()
        self._polling = threading.Lock()  # one poll of the mailboxes at a time (mail job, closes)

    @contextmanager
    def job(self) -> Iterator[None]:
        """Count a running job, so :meth:`stop` can wait for them before shutting the scheduler down."""
        with self._idle:
            self._active += 1
        try:
            yield  # a job started while stopping checks ``stopping`` itself and returns early
        finally:
            with self._idle:
                self._active -= 1
                self._idle.notify_all()

    # -- work ------------------------------------------------------------------
    def _report(self, summary: TickSummary) -> None:
        self.closed_count += len(summary.closed)
        for error in summary.errors:
            log.error("%s", error)

    def take_in(self, until: datetime, summary: TickSummary) -> None:
        """Before turns due at ``until`` close: read the mailboxes, and handle every message the
        listener answered ``250`` up to ``until``, so orders received before a deadline count
        for their turn however much other mail came in before them."""
        if self.stopping.is_set():
            return
        with self._polling:
            poll_mail(self.db, summary)
        drain = getattr(self.listener, "drain", None)
        if drain is not None:
            try:
                drain(until)
            except Exception as exc:
                log.exception("handling the listener's spool failed")
                summary.errors.append(f"spool: {exc}")

    def close_turn_if_due(self, game_id: str, number: int) -> None:
        summary = TickSummary()
        now = utcnow()
        if self.referee.due_turns(now, only=(game_id, number)):
            self.take_in(now, summary)
        close_due(self.referee, now, summary, only=(game_id, number), stop=self.stopping.is_set)
        self._report(summary)
        if summary.closed:
            self.remind()
            self.mail(poll=False)
            self.sync_jobs(utcnow())  # the next turn's deadline job, without waiting for a reconcile

    def remind(self) -> None:
        if self.stopping.is_set():
            return
        summary = TickSummary()
        send_reminders(self.referee, utcnow(), summary)
        self._report(summary)

    def mail(self, poll: bool = True) -> None:
        summary = TickSummary()
        if poll:
            with self._polling:
                poll_mail(self.db, summary)
        flush_mail(self.db, summary)
        self._report(summary)

    def reconcile(self) -> None:
        """Close what is due, send due reminders, and make the date jobs match the database."""
        if self.stopping.is_set():
            return
        now = utcnow()
        summary = TickSummary()
        if self.referee.due_turns(now):
            self.take_in(now, summary)
        close_due(self.referee, now, summary, stop=self.stopping.is_set)
        if self.stopping.is_set():
            self._report(summary)
            return
        send_reminders(self.referee, now, summary)
        self._report(summary)
        if summary.closed or summary.reminders:
            self.mail(poll=False)
        self.sync_jobs(utcnow())

    def desired_jobs(self, now: datetime) -> dict[str, tuple[datetime, Any, tuple[str, int]]]:
        from sqlalchemy.orm import load_only
        from sqlmodel import select

        from adjudicator.core.store import Game, Turn

        wanted: dict[str, tuple[datetime, Any, tuple[str, int]]] = {}
        with self.db.session() as session:
            # Only the columns that say when (a sync follows every close: with thousands of open
            # turns, reading their states each time would grow with the square of the games).
            rows = session.exec(
                select(Game, Turn)
                .where(Turn.game_id == Game.id, Turn.status == "open", Game.status == "running")
                .options(
                    load_only(Game.id, Game.status, Game.reminders, Game.nmr, Game.grace),  # type: ignore[arg-type]
                    load_only(Turn.game_id, Turn.number, Turn.status, Turn.deadline_at, Turn.opened_at),  # type: ignore[arg-type]
                )
            ).all()
            for game, turn in rows:
                closes = self.referee.closes_at(session, game, turn)
                if closes is not None:
                    wanted[f"deadline:{game.id}:{turn.number}"] = (
                        closes,
                        run_deadline,
                        (game.id, turn.number),
                    )
                for label, at in reminder_times(game, turn):
                    if at > now:
                        wanted[f"reminder:{game.id}:{turn.number}:{label}"] = (
                            at,
                            run_reminders,
                            (game.id, turn.number),
                        )
        return wanted

    def sync_jobs(self, now: datetime) -> None:
        if self.stopping.is_set():
            return
        wanted = self.desired_jobs(now)
        try:
            existing = {job.id: job for job in self.scheduler.get_jobs(jobstore="default")}
        except Exception:
            log.exception("cannot read the job store")
            return
        for job_id in existing.keys() - wanted.keys():
            if job_id.startswith(("deadline:", "reminder:")):
                with suppress(JobLookupError):
                    self.scheduler.remove_job(job_id, jobstore="default")
        for job_id, (at, func, args) in wanted.items():
            job = existing.get(job_id)
            if (
                job is not None
                and job.next_run_time is not None
                and abs(job.next_run_time - at) < timedelta(seconds=1)
            ):
                continue
            try:
                self.scheduler.add_job(
                    func,
                    "date",
                    run_date=at,
                    id=job_id,
                    args=list(args),
                    jobstore="default",
                    replace_existing=True,
                    name=job_id,
                )
            except Exception:
                log.exception("cannot schedule %s", job_id)

    # -- life cycle --------------------------------------------------------------
    def start(self) -> None:
        _CURRENT["server"] = self
        self.scheduler.start()
        log.info("pbem serve started on %s (every %ss)", _safe_url(self.db.url), self.interval)
        # Catch up first: what fell due while nobody was running closes now, once.
        self.reconcile()
        start = datetime.now(UTC)
        self.scheduler.add_job(
            run_reconcile,
            "interval",
            seconds=self.interval,
            id="reconcile",
            jobstore="local",
            next_run_time=start + timedelta(seconds=self.interval),
            replace_existing=True,
        )
        self.scheduler.add_job(
            run_mail,
            "interval",
            seconds=self.interval,
            id="mail",
            jobstore="local",
            next_run_time=start,
            replace_existing=True,
        )
        if self.listen is not None:
            self.listener = start_listener(self.db, *self.listen)

    def stop(self) -> None:
        self.stopping.set()
        if self.scheduler.running:
            # No new runs; let the running ones finish *before* shutdown, which holds the job-store
            # lock while it waits (a job touching the scheduler then would wait forever).
            self.scheduler.pause()
            with self._idle:
                self._idle.wait_for(lambda: self._active == 0, timeout=120)
        if self.listener is not None:
            try:
                self.listener.stop()
            except Exception:
                log.exception("stopping the SMTP listener failed")
            self.listener = None
        if self.scheduler.running:
            self.scheduler.shutdown(wait=True)
        _CURRENT.pop("server", None)
        log.info("pbem serve stopped cleanly (%d turn(s) closed)", self.closed_count)


def start_listener(db: Database, host: str, port: int) -> Any:
    """The inbound SMTP listener of the mail service (``adjudicator.mail.service.start_listener``)."""
    if importlib.util.find_spec("adjudicator.mail.service") is None:
        log.warning("no inbound SMTP listener: adjudicator.mail.service is not installed")
        return None
    service = importlib.import_module("adjudicator.mail.service")
    starter = getattr(service, "start_listener", None)
    if starter is None:
        log.warning("no inbound SMTP listener: adjudicator.mail.service has no start_listener")
        return None
    listener = starter(db, host, port)
    log.info("SMTP listener on %s:%d", host, port)
    return listener


def _safe_url(url: str) -> str:
    """The database URL without its password, for logs."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(database)"


def serve(
    db: Database,
    *,
    interval: float = DEFAULT_INTERVAL,
    listen: tuple[str, int] | None = None,
    stop: threading.Event | None = None,
) -> int:
    """Run until SIGTERM/SIGINT (or ``stop`` is set); returns the exit code."""
    stop = stop or threading.Event()
    server = Server(db, interval=interval, listen=listen)

    def _on_signal(signum: int, _frame: Any) -> None:
        log.info("signal %s: stopping", signal.Signals(signum).name)
        server.stopping.set()
        stop.set()

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGINT):
            previous[sig] = signal.signal(sig, _on_signal)
    try:
        server.start()
        while not stop.wait(0.5):
            pass
    finally:
        server.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 0


def parse_listen(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:2525`` for IPv6) -> ``(host, port)``, or ValueError with what is valid."""
    raw = (text or "").strip()
    host, sep, port_text = raw.rpartition(":")
    host = host.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not sep or not host or not port_text.isascii() or not port_text.isdigit():
        raise ValueError(f"cannot read --listen {text!r}: write HOST:PORT, e.g. 127.0.0.1:2525 or [::1]:2525")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise ValueError(f"port {port} in --listen {text!r} is not between 1 and 65535")
    if any(c.isspace() for c in host) or len(host) > 253:
        raise ValueError(f"invalid host in --listen {text!r}")
    return host, port


__all__ = ["Server", "SharedJobStore", "parse_listen", "serve"]
