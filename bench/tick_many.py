"""Benchmark: ``pbem tick`` over many due 5-seat games, 1 and 2 workers, SQLite and PostgreSQL.

Not a timed test: run it by hand::

    .venv/bin/python bench/tick_many.py [--games 100] [--backends sqlite,postgresql] [--workers 1,2]
    .venv/bin/python bench/tick_many.py --games 10000 --backends postgresql --workers 2   # the issue's run

For each backend a fresh database gets ``--games`` 5-seat Mare Nostrum games whose first turn is
past its deadline (players with addresses: every close renders the reports and queues the mails).
Then, for each worker count, a copy of that database (PostgreSQL ``CREATE DATABASE ... TEMPLATE``,
a file copy for SQLite) is ticked by 1 or 2 ``pbem tick --no-poll --no-flush`` processes started at
once, and the wall time until they are all done is taken (process start-up included); afterwards
every game must have turn 1 closed exactly once, turn 2 open and one report mail per seat
(checked, not assumed); the CPU time of the workers and, on PostgreSQL, of the local server's
processes (read from ``/proc``) is printed per game beside it. The setting up and the copying
are not timed. Then one more pass of one process is timed over the last copy, where every
game's turn 2 is open and not due: what a cron ``pbem tick`` costs while nothing happens
(process start-up included).

The set-up makes every game with the referee's own ``new_game``, ``join`` and ``start`` (the
code path of ``pbem game new`` / ``seat join`` / ``game start``) with two differences, so that
10,000 games take minutes instead of an hour: the calls of 50 games share one transaction, and
the referee used for the set-up has no report hooks, so turn 1's opening notices are not queued
(they are not what is measured: the tick never reads them, and at 10,000 games their full MIME
would be gigabytes). ``--setup-workers`` processes set up disjoint ranges of games in parallel.

``--send``: a second figure per worker count, with the mail sent: another copy is ticked by
``pbem tick --no-poll`` (the flush included) with ``PBEM_SMTP_URL`` naming an aiosmtpd sink in a
process of its own, and the sink must have taken every report mail (5 a game, checked): games/s
with mail sent. Every game's first turn ends on the same board here, so a worker converts it to
PNG once for all its games (the picture is kept by its drawing); ``bench/turn_mail.py`` prints a
turn's cost with its own board's conversion.

Anchor, measured in the same run: the same number of bare ``ruleset.resolve`` calls of a
5-seat first turn in this process (what the rules alone cost).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import secrets
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from sqlalchemy import text
from sqlmodel import Session

import adjudicator.publish  # noqa: F401  (registers the report hooks every Referee uses)
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, loads, utcnow
from adjudicator.games import get_ruleset
from adjudicator.games.dice import Dice

PG_ADMIN = os.environ.get("PBEM_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
PBEM = str(Path(sys.executable).with_name("pbem"))


#: Games whose set-up shares one transaction (the referee's calls for each game are unchanged).
SETUP_BATCH = 50


class BatchedDatabase(Database):
    """A database whose ``session()`` hands out one open transaction while ``batch`` is set, so
    the referee's own methods for several games commit together (set-up only)."""

    batch: Session | None = None

    @contextmanager
    def session(self) -> Iterator[Session]:
        if self.batch is None:
            with super().session() as session:
                yield session
        else:
            yield self.batch


def set_up_range(url: str, first: int, last: int) -> None:
    """Games ``first`` to ``last - 1``: new game, five players join, start; past their deadline."""
    db = BatchedDatabase(url)
    past = utcnow() - timedelta(hours=3)
    referee = Referee(db, clock=lambda: past, reports=False)  # no opening notices (see the docstring)
    for start in range(first, last, SETUP_BATCH):
        with Database.session(db) as batch:
            db.batch = batch
            try:
                for n in range(start, min(start + SETUP_BATCH, last)):
                    game_id = f"g{n:05d}"
                    _game, seats, _ = referee.new_game(
                        "mare-nostrum", game_id, {"nations": "5"}, deadline="1h"
                    )
                    for seat in seats:
                        referee.join(game_id, seat, email=f"{seat.lower()}.{n}@bench.invalid", name=seat)
                    referee.start(game_id)
            finally:
                db.batch = None
    db.dispose()


def set_up(url: str, games: int, workers: int) -> None:
    db = Database(url)
    db.migrate()
    db.dispose()
    if workers <= 1 or games < 2 * SETUP_BATCH:
        set_up_range(url, 0, games)
    else:
        step = -(-games // workers)
        with ProcessPoolExecutor(workers) as pool:
            jobs = [pool.submit(set_up_range, url, k, min(k + step, games)) for k in range(0, games, step)]
            for job in jobs:
                job.result()
    if db.is_sqlite:  # everything into the main file, so that a file copy is the whole database
        with sqlite3.connect(url.split("///", 1)[1]) as con:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def check_each_turn_closed_once(url: str, games: int) -> None:
    db = Database(url)
    with db.session() as session:
        closed = session.execute(
            text("SELECT count(*) FROM turn WHERE number = 1 AND status = 'closed'")
        ).scalar()
        opened = session.execute(
            text("SELECT count(*) FROM turn WHERE number = 2 AND status = 'open'")
        ).scalar()
        reports = session.execute(text("SELECT count(*) FROM outboxmessage WHERE kind = 'report'")).scalar()
    db.dispose()
    assert closed == games and opened == games, (closed, opened)
    assert reports == 5 * games, reports  # one report mail per seat: nothing queued twice


def _proc_cpu(entry: Path) -> int:
    """Clock ticks of CPU a process has used (its own and its waited-for children's)."""
    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime


def server_cpu_seconds() -> float | None:
    """CPU time used so far by the local PostgreSQL server's processes (Linux ``/proc``; ``None``
    elsewhere). Every database of the server counts, other users' included."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").exists():
        return None
    ticks = 0
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().startswith("postgres"):
                ticks += _proc_cpu(entry)
        except OSError:  # a process that ended meanwhile
            continue
    return ticks / os.sysconf("SC_CLK_TCK")


class BackendSampler(threading.Thread):
    """The CPU time of the PostgreSQL backends serving one database, sampled from ``/proc`` every
    20 ms while the workers run (a backend ends with its worker's connection: its last sample is
    kept). What other databases of the same server do (other jobs on the machine) is left out;
    the server's shared processes (WAL writer, checkpointer) are left out too."""

    def __init__(self, database: str) -> None:
        super().__init__(daemon=True)
        self.tag = f" {database} ".encode()
        self.seen: dict[str, int] = {}
        self.done = threading.Event()

    def run(self) -> None:
        proc = Path("/proc")
        while not self.done.is_set():
            for entry in proc.iterdir():
                if not entry.name.isdigit():
                    continue
                try:
                    if self.tag in (entry / "cmdline").read_bytes().replace(b"\0", b" "):
                        self.seen[entry.name] = _proc_cpu(entry)
                except OSError:
                    continue
            self.done.wait(0.02)

    def seconds(self) -> float:
        self.done.set()
        self.join()
        return sum(self.seen.values()) / os.sysconf("SC_CLK_TCK")


@dataclass
class Ticked:
    """One timed run of the workers: wall seconds, and the CPU seconds of the workers, of the
    PostgreSQL backends serving the bench's database and of the whole PostgreSQL server (``None``
    for SQLite, or where ``/proc`` cannot tell)."""

    seconds: float
    workers_cpu: float
    backends_cpu: float | None
    server_cpu: float | None

    def per_game(self, games: int) -> str:
        """``CPU a game: workers 8.1 ms, their PostgreSQL backends 2.9 ms (whole server 3.2 ms)``."""
        text = f"CPU a game: workers {1000 * self.workers_cpu / games:.1f} ms"
        if self.backends_cpu is not None:
            text += f", their PostgreSQL backends {1000 * self.backends_cpu / games:.1f} ms"
        if self.server_cpu is not None:
            text += f" (whole server {1000 * self.server_cpu / games:.1f} ms)"
        return text


def run_ticks(url: str, workers: int, smtp: str | None = None) -> Ticked:
    """``workers`` ``pbem tick`` processes at once; with ``smtp``, each flushes the outbox there."""
    env = {**os.environ, "PBEM_OUTBOX": os.devnull}
    command = [PBEM, "tick", "--db", url, "--no-poll", "--no-flush", "-q"]
    if smtp is not None:
        env["PBEM_SMTP_URL"] = smtp
        command.remove("--no-flush")
    postgres = not url.startswith("sqlite")
    server_before = server_cpu_seconds() if postgres else None
    sampler = BackendSampler(url.rsplit("/", 1)[1]) if server_before is not None else None
    if sampler is not None:
        sampler.start()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    procs = [subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL) for _ in range(workers)]
    codes = [p.wait() for p in procs]
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    backends = None if sampler is None else sampler.seconds()
    server_after = server_cpu_seconds() if postgres else None
    assert codes == [0] * workers, codes
    workers_cpu = after.ru_utime - children.ru_utime + after.ru_stime - children.ru_stime
    server = None if server_before is None or server_after is None else server_after - server_before
    return Ticked(seconds, workers_cpu, backends, server)


def pg_database(template: str | None = None) -> tuple[str, str] | None:
    """A new PostgreSQL database (a copy of ``template`` when given): its URL and name."""
    try:
        import psycopg

        admin = psycopg.connect(PG_ADMIN.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)
    except Exception:
        return None
    name = f"pbem_bench_{secrets.token_hex(4)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    return f"{PG_ADMIN.rsplit('/', 1)[0]}/{name}", name


def drop_pg(name: str) -> None:
    import psycopg

    with psycopg.connect(
        PG_ADMIN.replace("postgresql+psycopg://", "postgresql://"), autocommit=True
    ) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def bare_resolves(games: int) -> float:
    """Seconds for ``games`` bare resolves of a 5-seat first turn with the bot's orders."""
    ruleset = get_ruleset("mare-nostrum")
    opts = ruleset.parse_options({"nations": "5"})
    state = ruleset.setup(opts, ruleset.seat_names(opts), Dice(b"bench"))
    rng = random.Random(5)
    orders = {}
    for request in ruleset.requests(state):
        orders[request.key] = ruleset.parse(request, ruleset.bot(loads_copy(state), request, rng)).orders
    start = time.perf_counter()
    for n in range(games):
        ruleset.resolve(loads_copy(state), orders, Dice(f"bench:{n}".encode()))
    return time.perf_counter() - start


def loads_copy(state: object) -> dict:  # type: ignore[type-arg]
    import json

    return loads(json.dumps(state))  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="due games (the issue's target: 10000)")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--setup-workers", type=int, default=2, help="processes setting the games up")
    parser.add_argument("--send", action="store_true", help="a second figure: the ticks send their mail")
    args = parser.parse_args()
    sink = None
    if args.send:
        sys.path.insert(0, str(Path(__file__).parent))
        from outbox_flush import SinkProcess

        sink = SinkProcess()
    os.environ.setdefault("PBEM_PEPPER", "bench pepper, not a secret: 0123456789abcdef")
    print(f"pbem tick over {args.games} due 5-seat Mare Nostrum games (reports rendered, mail queued)")
    for backend in args.backends.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            dropped: list[str] = []
            try:
                if backend == "sqlite":
                    template = str(Path(tmp) / "template.db")
                    template_url = f"sqlite:///{template}"
                else:
                    made = pg_database()
                    if made is None:
                        print(f"  {backend:10s}: no PostgreSQL server answers; skipped")
                        continue
                    template_url, template = made
                    dropped.append(template)
                start = time.perf_counter()
                set_up(template_url, args.games, args.setup_workers)
                took = time.perf_counter() - start
                print(f"  {backend:10s} set-up of {args.games} games: {took:.0f} s (not timed)", flush=True)
                for workers in [int(w) for w in args.workers.split(",")]:
                    if backend == "sqlite":
                        copy = Path(tmp) / f"tick{workers}.db"
                        shutil.copyfile(template, copy)
                        url = f"sqlite:///{copy}"
                    else:
                        url, name = pg_database(template)  # type: ignore[misc]
                        dropped.append(name)
                    ticked = run_ticks(url, workers)
                    seconds = ticked.seconds
                    check_each_turn_closed_once(url, args.games)
                    print(
                        f"  {backend:10s} {workers} worker(s): {args.games / seconds:8.1f} games/s "
                        f"({seconds:.1f} s; every turn closed exactly once; {ticked.per_game(args.games)})",
                        flush=True,
                    )
                    if sink is None:
                        continue
                    if backend == "sqlite":
                        copy = Path(tmp) / f"send{workers}.db"
                        shutil.copyfile(template, copy)
                        url = f"sqlite:///{copy}"
                    else:
                        url, name = pg_database(template)  # type: ignore[misc]
                        dropped.append(name)
                    sink.phase()  # what the sink took before is not this run's
                    ticked = run_ticks(url, workers, f"smtp://127.0.0.1:{sink.port}")
                    taken, _digest, sink_cpu = sink.phase()
                    check_each_turn_closed_once(url, args.games)
                    assert taken == 5 * args.games, taken  # every report mail sent, once
                    print(
                        f"  {backend:10s} {workers} worker(s), mail sent: "
                        f"{args.games / ticked.seconds:8.1f} games/s "
                        f"({ticked.seconds:.1f} s; {taken} mails taken by the sink, its CPU "
                        f"{1000 * sink_cpu / args.games:.1f} ms a game; {ticked.per_game(args.games)})",
                        flush=True,
                    )
                idle = run_ticks(url, 1).seconds  # turn 2 of every game is open and not due
                print(f"  {backend:10s} a pass with nothing due over {args.games} open turns: {idle:.1f} s")
            finally:
                for name in dropped:
                    drop_pg(name)
    if sink is not None:
        sink.stop()
    bare = bare_resolves(args.games)
    print(f"  anchor: bare resolve of the same turn, 1 process: {args.games / bare:8.1f} games/s")


if __name__ == "__main__":
    main()
