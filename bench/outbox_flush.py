"""Benchmark: the outbox flush over SMTP against a raw aiosmtplib loop, same server, same bytes.

Not a timed test: run it by hand::

    .venv/bin/python bench/outbox_flush.py [--games 20] [--rounds 3] [--parallel 3] [--profile]
    .venv/bin/python bench/outbox_flush.py --stored [--messages 300]

Default (report mails, what a close queues): ``--games`` Mare Nostrum games of 6 nations are
started and their first turn closed by the referee, which queues each seat's report *by
reference* (no MIME stored). The flush (``flush_smtp``: claims, ``sending``/``sent`` records,
retries) composes each report mail when it sends it: the seat's stored text and HTML report,
the turn's board drawing, its PNG and the next turn's ``deadline.ics``. Before the timed runs
every mail is composed once, untimed: that makes each turn's PNG (kept with the turn, as the
first mail of a real turn does; the longest compose printed is that) and gives the bytes of
the anchor. The turn's board then stays in the flusher's memory, as after a turn's first mail.

``--stored``: ``--messages`` synthetic 88 KiB messages stored whole in the outbox (the
figure this bench printed before report mails were composed at send time).

Anchor, measured in the same run: the same bytes sent by one aiosmtplib connection in a plain
loop (``sendmail`` per message) to the same sink, an aiosmtpd server in a process of its own.
The sink hashes what it receives: each run checks that the flush and the raw loop delivered
the very same messages, byte for byte. ``--rounds`` alternates which goes first (the rows are
put back in the queue between rounds) and prints every round, the machine's load moves both;
beside the rates, the CPU milliseconds per message of this process (the flusher with its
threads, or the raw loop's client) and of the sink: when the machine has no core to spare, the
ratio follows them. ``--profile`` profiles the flushing process, its worker threads (composing,
database) included, wall clock, and prints where the time goes.

Before the timed rounds the set-up's objects (the games closed in this process, the composed
bytes of the anchor) are frozen out of the garbage collector's walks (``gc.freeze``), as
``bench/mare_nostrum_resolve.py --scale`` does: otherwise the first full collection of the
process falls in the first round and walks the whole set-up (one call of 45-50 ms, traced with
cProfile inside the composing thread: about 6 % of a 60-mail round). The collector still runs as
usual over everything the rounds make. ``--no-freeze`` times as before.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import cProfile
import gc
import os
import pstats
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosmtplib
from sqlalchemy import update
from sqlmodel import select

os.environ.setdefault("PBEM_PEPPER", "bench pepper, not a secret: 0123456789abcdef")

import adjudicator.publish  # noqa: F401  (registers the report hooks every Referee uses)
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, OutboxMessage
from adjudicator.mail.delivery import message_bytes
from adjudicator.mail.outbound import SmtpConfig, flush_smtp, flush_smtp_async
from adjudicator.post.compose import compose
from adjudicator.post.outbox import queue_message

#: The sink runs in a process of its own, as a real server would: its work does not share the
#: flusher's interpreter lock. Each line on its standard input ends a phase: it answers with the
#: number of messages taken in that phase and a digest of their bytes (order-free).
SINK = """
import hashlib, sys, threading, time
from aiosmtpd.controller import Controller

lock = threading.Lock()
digests = []

class Sink:
    async def handle_DATA(self, server, session, envelope):
        digest = hashlib.sha256(envelope.original_content).hexdigest()
        with lock:
            digests.append(digest)
        return "250 OK"

controller = Controller(Sink(), hostname="127.0.0.1", port=int(sys.argv[1]), data_size_limit=0)
controller.start()
print("ready", flush=True)
cpu = time.process_time()
for _line in sys.stdin:
    with lock:
        taken = sorted(digests)
        digests.clear()
    used, cpu = time.process_time() - cpu, time.process_time()
    print(len(taken), hashlib.sha256("".join(taken).encode()).hexdigest(), used, flush=True)
controller.stop()
"""

SENDER = "referee@pbem.invalid"


class SinkProcess:
    def __init__(self) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SINK, str(self.port)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None and self.proc.stdout.readline().strip() == "ready"

    def phase(self) -> tuple[int, str, float]:
        """Messages taken since the last phase, the digest of their bytes, and the sink's CPU seconds."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write("next\n")
        self.proc.stdin.flush()
        count, digest, cpu = self.proc.stdout.readline().split()
        return int(count), digest, float(cpu)

    def stop(self) -> None:
        self.proc.communicate("", timeout=60)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- what is queued ------------------------------------------------------------------------
def queue_reports(db: Database, games: int) -> list[int]:
    """Close one Mare Nostrum turn in each of ``games`` games; the ids of the report mails queued."""
    referee = Referee(db)
    for g in range(games):
        game_id = f"bench{g}"
        _game, seats, _secret = referee.new_game("mare-nostrum", game_id, {"nations": "6"}, deadline="48h")
        for seat in seats:
            referee.join(game_id, seat, email=f"{seat.lower()}@bench.invalid", name=seat)
        referee.start(game_id)
        assert referee.close_turn(game_id, reason="bench") is not None
    with db.session() as session:
        rows = session.exec(select(OutboxMessage).order_by(OutboxMessage.id)).all()  # type: ignore[arg-type]
        ids = [r.id for r in rows if r.kind == "report" and r.id is not None]
        session.execute(  # the start notices went out when the games started: not this flush's work
            update(OutboxMessage).where(OutboxMessage.kind != "report").values(status="sent")  # type: ignore[arg-type]
        )
    return ids


def queue_stored(db: Database, n: int) -> list[int]:
    picture = os.urandom(60_000)
    with db.session() as session:
        for i in range(n):
            msg = compose(
                to=f"seat{i % 6}@bench.invalid",
                subject=f"[bench] Report: turn {i}",
                text="The report.\n" * 200,
                html="<p>The report.</p>\n" * 200,
                message_id=f"<bench.{i}@bench.invalid>",
                attachments=[("board.png", "image/png", picture)],
            )
            queue_message(session, msg, kind="report")
    with db.session() as session:
        return [i for i in session.exec(select(OutboxMessage.id).order_by(OutboxMessage.id)).all() if i]  # type: ignore[arg-type]


def the_bytes(db: Database, ids: list[int]) -> tuple[list[tuple[str, bytes]], list[float]]:
    """Every message's bytes as the flush will send them (composed once now, untimed)."""
    raws, seconds = [], []
    for message_id in ids:
        with db.session() as session:
            row = session.get(OutboxMessage, message_id)
            assert row is not None
        start = time.perf_counter()
        raws.append((row.to_addr, message_bytes(db, row)))
        seconds.append(time.perf_counter() - start)
    return raws, seconds


def requeue(db: Database, ids: list[int]) -> None:
    with db.session() as session:
        session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id.in_(ids))  # type: ignore[union-attr]
            .values(status="queued", sent_at=None, attempts=0, claimed_by=None, next_attempt_at=None)
        )


# -- the two ways of sending ---------------------------------------------------------------
async def raw_loop(port: int, raws: list[tuple[str, bytes]]) -> None:
    client = aiosmtplib.SMTP(hostname="127.0.0.1", port=port, start_tls=False)
    await client.connect()
    for to_addr, raw in raws:
        await client.sendmail(SENDER, [to_addr], raw)
    await client.quit()


@dataclass
class Figure:
    rate: float  # messages per second
    cpu: float  # CPU milliseconds per message in this process (threads included)
    sink_cpu: float  # CPU milliseconds per message in the sink
    taken: tuple[int, str]  # what the sink took: how many, and the digest of their bytes


def timed(count: int, run: Callable[[], object], sink: SinkProcess) -> Figure:
    cpu, start = time.process_time(), time.perf_counter()
    run()
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    taken, digest, sink_cpu = sink.phase()
    assert taken == count, (taken, count)
    return Figure(count / wall, 1000 * used / count, 1000 * sink_cpu / count, (taken, digest))


def flush(
    db: Database, config: SmtpConfig, parallel: int, profile: cProfile.Profile | None, threads: ThreadProfiles
) -> None:
    if profile is None:
        result = flush_smtp(db, config, parallel=parallel)
    else:
        result = asyncio.run(profiled_flush(db, config, parallel, threads))
    assert (result.failed, result.in_doubt, result.unreachable) == (0, 0, None), result


class ThreadProfiles:
    """A cProfile per worker thread of the flush's event loop (cProfile sees one thread only)."""

    def __init__(self) -> None:
        self.profiles: list[cProfile.Profile] = []
        self.lock = threading.Lock()

    def start(self) -> None:
        profile = cProfile.Profile()
        with self.lock:
            self.profiles.append(profile)
        profile.enable()


async def profiled_flush(db: Database, config: SmtpConfig, parallel: int, threads: ThreadProfiles) -> Any:
    loop = asyncio.get_running_loop()
    loop.set_default_executor(concurrent.futures.ThreadPoolExecutor(initializer=threads.start))
    return await flush_smtp_async(db, config, parallel=parallel)


#: (label, file suffix, function) whose cumulative time the profile summary shows.
WATCHED = [
    ("composing MIME (threads)", "mail/delivery.py", "message_bytes"),
    ("  of which the email package's compose", "post/compose.py", "compose"),
    ("  of which serialising", "post/compose.py", "as_bytes"),
    ("claims (threads)", "post/outbox.py", "claim_many"),
    ("marks sending/sent (threads)", "post/outbox.py", "begin_sending_many"),
    ("marks sent at the end (threads)", "post/outbox.py", "mark_sent"),
    ("SQLite statements, lock waits incl.", "", "<method 'execute' of 'sqlite3.Cursor' objects>"),
    ("SQLite commits", "", "<method 'commit' of 'sqlite3.Connection' objects>"),
    ("waiting on sockets (event loop)", "selectors.py", "select"),
    ("DATA (event loop)", "mail/outbound.py", "data"),
    ("MAIL FROM + RCPT TO (event loop)", "mail/outbound.py", "_envelope"),
]


def summary(stats: pstats.Stats, wall: float) -> None:
    table: dict[tuple[str, int, str], Any] = stats.stats  # type: ignore[attr-defined]
    print(f"  where the flush's {wall:.2f} s went (wall clock, cumulative; threads overlap the event loop):")
    for label, suffix, name in WATCHED:
        total = sum(v[3] for (f, _line, fn), v in table.items() if fn == name and f.endswith(suffix))
        print(f"    {label:36s} {total:7.2f} s  {100 * total / wall:5.0f} %")


# -- main ----------------------------------------------------------------------------------
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="Mare Nostrum games, 6 report mails each")
    parser.add_argument("--stored", action="store_true", help="synthetic 88 KiB messages stored whole")
    parser.add_argument("--messages", type=int, default=300, help="with --stored")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--parallel", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--no-freeze",
        action="store_true",
        help="leave the set-up's objects to the garbage collector (see the module's docstring)",
    )
    args = parser.parse_args()
    sink = SinkProcess()
    figures: list[tuple[Figure, Figure]] = []
    profile = cProfile.Profile() if args.profile else None
    threads = ThreadProfiles()
    flush_wall = 0.0
    try:
        with tempfile.TemporaryDirectory() as tmp:
            db = Database(f"sqlite:///{Path(tmp) / 'bench.db'}")
            db.migrate()
            ids = queue_stored(db, args.messages) if args.stored else queue_reports(db, args.games)
            raws, first = the_bytes(db, ids)
            config = SmtpConfig.from_url(f"smtp://127.0.0.1:{sink.port}?starttls=0&timeout=60")
            sink.phase()  # what the sink did so far is not counted
            if not args.no_freeze:  # the set-up's objects out of the collector's walks (docstring)
                gc.collect()
                gc.freeze()
            for n in range(args.rounds):  # flush first in odd rounds, raw loop first in even ones
                order = ("flush", "raw") if n % 2 == 0 else ("raw", "flush")
                done: dict[str, Figure] = {}
                for way in order:
                    if way == "raw":
                        done[way] = timed(len(ids), lambda: asyncio.run(raw_loop(sink.port, raws)), sink)
                        continue
                    requeue(db, ids)
                    if profile is not None:
                        profile.enable()
                    done[way] = timed(
                        len(ids), lambda: flush(db, config, args.parallel, profile, threads), sink
                    )
                    if profile is not None:
                        profile.disable()
                    flush_wall += len(ids) / done[way].rate
                assert done["flush"].taken == done["raw"].taken, (
                    "the flush and the raw loop sent different bytes"
                )
                figures.append((done["flush"], done["raw"]))
            db.dispose()
    finally:
        sink.stop()
    size = sum(len(r) for _, r in raws) / len(raws)
    what = "stored messages" if args.stored else f"report mails composed when sent ({args.games} games x 6)"
    print(f"{len(raws)} {what}, {size / 1024:.0f} KiB on average, to an aiosmtpd sink on loopback")
    if not args.stored:
        print(
            f"  each composed once before the timed runs (this made and kept the turns' PNGs): median "
            f"{1000 * statistics.median(first):.1f} ms, longest {1000 * max(first):.0f} ms"
        )
    print("  CPU ms per message: this process (flusher / raw loop client) and the sink's, beside the rates")
    print("  round  flush msg/s  raw loop msg/s (anchor)  ratio   CPU flusher  raw client  sink(flush/raw)")
    for n, (flush_figure, raw_figure) in enumerate(figures, 1):
        print(
            f"  {n:5d}  {flush_figure.rate:11.1f}  {raw_figure.rate:23.1f}  "
            f"{flush_figure.rate / raw_figure.rate:5.2f}x  {flush_figure.cpu:11.1f}  {raw_figure.cpu:10.1f}  "
            f"{flush_figure.sink_cpu:6.1f} / {raw_figure.sink_cpu:.1f}"
        )
    ratios = [f.rate / r.rate for f, r in figures]
    print(
        f"  flush ({args.parallel} connections) / raw loop (1 connection), same bytes: "
        f"{min(ratios):.2f}-{max(ratios):.2f}x"
    )
    # all rounds together: the messages over the seconds each way took (a round's rate is count/wall)
    flush_rate = len(figures) / sum(1 / f.rate for f, _ in figures)
    raw_rate = len(figures) / sum(1 / r.rate for _, r in figures)
    print(
        f"  all rounds together: flush {flush_rate:.1f} msg/s, raw loop {raw_rate:.1f} msg/s, "
        f"ratio {flush_rate / raw_rate:.2f}x"
    )
    if profile is not None:
        stats = pstats.Stats(profile)
        for p in threads.profiles:
            stats.add(p)
        summary(stats, flush_wall)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
