"""Delivery: a flusher killed with SIGKILL mid-flush, a long outage, two flushers on PostgreSQL.

Real parts only: aiosmtpd on loopback counts what arrives, the flusher is a process of its own,
killed with SIGKILL; the concurrent Maildir flushers run on a real PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from mailkit import Sink, free_port, outbox_rows
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.core.store import Database, utcnow
from adjudicator.mail import delivery
from adjudicator.mail.outbound import SmtpConfig, flush_smtp, retry_failed
from adjudicator.post import outbox
from adjudicator.post.compose import compose, stable_message_id


def queue_many(db: Database, count: int) -> list[str]:
    ids = []
    with db.session() as session:
        for i in range(count):
            message_id = stable_message_id("g", 1, f"seat{i}", "report")
            msg = compose(
                to=f"p{i}@example.org", subject=f"[g] {i}", text=f"report {i}", message_id=message_id
            )
            outbox.queue_message(session, msg, kind="report", game_id=None)
            ids.append(message_id)
    return ids


class SlowSink(Sink):
    """Keeps each message, then takes a moment before its 250: a kill often lands in between."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.received.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.original_content))
        await asyncio.sleep(0.03)
        return "250 OK"


FLUSHER = (
    "import sys\n"
    "from adjudicator.mail.outbound import SmtpConfig, flush_smtp\n"
    "from adjudicator.core.store import Database\n"
    "flush_smtp(Database(sys.argv[1]), SmtpConfig.from_url(sys.argv[2]), parallel=3)\n"
)


@pytest.mark.parametrize("kill_after", [15, 40, 70])
def test_a_flusher_killed_mid_flush_sends_nothing_twice_and_its_claims_wait_no_lease(
    db: Database, sqlite_url: str, tmp_path: Path, kill_after: int
) -> None:
    ids = queue_many(db, 120)
    sink = SlowSink().start()
    try:
        env = {**os.environ, "PBEM_FROM": "referee@pbem.test"}
        proc = subprocess.Popen([sys.executable, "-c", FLUSHER, sqlite_url, sink.url], env=env, cwd=tmp_path)
        deadline = time.monotonic() + 60
        while len(sink.received) < kill_after and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        assert proc.poll() is None, "the flusher ended before it could be killed"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        at_kill = {r.message_id: r.status for r in outbox_rows(db)}
        assert "queued" in at_kill.values()  # it was mid-flush
        # The next flush, right away: what the dead flusher had claimed does not wait for a lease.
        flush_smtp(db, SmtpConfig.from_url(sink.url), now=utcnow(), parallel=3)
        # ... and much later: nothing it could have sent already goes out again by itself.
        flush_smtp(db, SmtpConfig.from_url(sink.url), now=utcnow() + timedelta(hours=1), parallel=3)
    finally:
        sink.stop()
    counts = Counter(sink.message_ids())
    assert max(counts.values()) == 1, [m for m, n in counts.items() if n > 1]  # nothing twice
    rows = {r.message_id: r for r in outbox_rows(db)}
    assert set(rows) == set(ids)
    in_doubt = [m for m, r in rows.items() if r.status == "in-doubt"]
    assert {r.status for r in rows.values()} <= {"sent", "in-doubt"}
    assert len(in_doubt) <= 3  # at most one per connection of the dead flusher
    assert all(counts[m] == 1 for m, r in rows.items() if r.status == "sent")  # sent means received once
    assert all("in doubt" in (rows[m].last_error or "") for m in in_doubt)
    # the referee decides: `pbem mail retry` sends an in-doubt message again
    assert retry_failed(db, in_doubt) == len(in_doubt)


def test_a_long_outage_is_one_failure_per_flush_not_per_message(db: Database) -> None:
    ids = queue_many(db, 12)
    port = free_port()
    config = SmtpConfig.from_url(f"smtp://127.0.0.1:{port}?starttls=0&timeout=2")  # nobody listens
    now = utcnow()
    for _ in range(30):  # a day and more of flushes every hour: the server is down
        result = flush_smtp(db, config, now=now)
        assert (result.sent, result.failed) == (0, 0) and result.unreachable
        now += timedelta(hours=1)
    rows = outbox_rows(db)
    assert {(r.status, r.attempts) for r in rows} == {("queued", 0)}
    assert all("unreachable" in (r.last_error or "") for r in rows[:1])
    sink = Sink(port).start()  # back
    try:
        assert flush_smtp(db, config, now=now).sent == 12
    finally:
        sink.stop()
    assert sorted(sink.message_ids()) == sorted(ids)


@pytest.mark.postgres
def test_two_maildir_flushers_on_postgresql_write_each_message_once(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = Database(pg_url)
    setup.migrate()
    ids = queue_many(setup, 150)
    setup.dispose()
    writes: Counter[str] = Counter()
    lock = threading.Lock()
    real_write = outbox.write_maildir

    def counting_write(folder: Path, message_id: str, raw: bytes) -> Path:  # the real write, counted
        with lock:
            writes[message_id] += 1
        return real_write(folder, message_id, raw)

    monkeypatch.setattr(delivery, "write_maildir", counting_write)
    start = threading.Barrier(2)
    delivered: list[int] = []

    def flusher() -> None:
        database = Database(pg_url)  # a connection pool of its own, like a second process
        try:
            start.wait()
            delivered.append(delivery.deliver_to_maildir(database, tmp_path / "outbox"))
        finally:
            database.dispose()

    threads = [threading.Thread(target=flusher) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sum(delivered) == 150
    assert sorted(writes) == sorted(ids) and max(writes.values()) == 1, writes.most_common(3)
    assert len(list((tmp_path / "outbox" / "new").iterdir())) == 150


class HangUpAfterData(Sink):
    """Takes the first message whole, then drops the connection instead of answering its DATA."""

    hung_up = False

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.received.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.original_content))
        if not self.hung_up:
            self.hung_up = True
            server.transport.close()
        return "250 OK"


def test_a_message_without_an_answer_to_its_data_is_in_doubt_and_never_resent_by_itself(
    db: Database, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    [message_id] = queue_many(db, 1)
    server = HangUpAfterData().start()
    try:
        config = SmtpConfig.from_url(server.url)
        result = flush_smtp(db, config, now=utcnow())
        assert (result.sent, result.in_doubt) == (0, 1)
        assert flush_smtp(db, config, now=utcnow() + timedelta(days=1)).sent == 0  # not by itself
        [row] = outbox_rows(db)
        assert row.status == "in-doubt" and row.attempts == 0
        monkeypatch.setenv("PBEM_SMTP_URL", server.url)
        shown = CliRunner().invoke(app, ["mail", "status", "--db", sqlite_url])
        assert "1 in-doubt" in shown.output and "IN-DOUBT" in shown.output and message_id in shown.output
        assert retry_failed(db, [message_id]) == 1  # the referee decides to send it again
        assert flush_smtp(db, config, now=utcnow()).sent == 1
    finally:
        server.stop()
    assert server.message_ids() == [message_id, message_id]  # twice: only because the referee asked
