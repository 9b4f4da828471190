"""Benchmark: ``pbem tick`` over many due 5-seat games, 1 and 2 workers, SQLite and PostgreSQL.

Not a timed test: run it by hand::

    .venv/bin/python bench/tick_many.py [--games 100] [--backends sqlite,postgresql]
    .venv/bin/python bench/tick_many.py --games 10000      # the issue's size (a long run)

For each backend and worker count, a fresh database gets ``--games`` 5-seat Mare Nostrum games
whose first turn is past its deadline (players with addresses: every close renders the reports
and queues the mails). Then 1 or 2 ``pbem tick --no-poll --no-flush`` processes run at once and
the wall time until they are all done is taken; afterwards every game must have turn 1 closed
exactly once and turn 2 open (checked, not assumed). The setting up is not timed.

Anchor, measured in the same run: the same number of bare ``ruleset.resolve`` calls of a
5-seat first turn in this process (what the rules alone cost).
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from sqlalchemy import text

from adjudicator.dice import Dice
from adjudicator.engine import Referee
from adjudicator.games import get_ruleset
from adjudicator.store import Database, loads, utcnow

PG_ADMIN = os.environ.get("PBEM_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
PBEM = str(Path(sys.executable).with_name("pbem"))


def set_up(url: str, games: int) -> None:
    db = Database(url)
    db.migrate()
    past = utcnow() - timedelta(hours=3)
    referee = Referee(db, clock=lambda: past)
    for n in range(games):
        game_id = f"g{n:05d}"
        _game, seats, _ = referee.new_game("mare-nostrum", game_id, {"nations": "5"}, deadline="1h")
        for seat in seats:
            referee.join(game_id, seat, email=f"{seat.lower()}.{n}@bench.invalid", name=seat)
        referee.start(game_id)
    db.dispose()


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


def run_ticks(url: str, workers: int) -> float:
    env = {**os.environ, "PBEM_OUTBOX": os.devnull}
    command = [PBEM, "tick", "--db", url, "--no-poll", "--no-flush", "-q"]
    start = time.perf_counter()
    procs = [subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL) for _ in range(workers)]
    codes = [p.wait() for p in procs]
    seconds = time.perf_counter() - start
    assert codes == [0] * workers, codes
    return seconds


def pg_database() -> tuple[str, str] | None:
    try:
        import psycopg

        admin = psycopg.connect(PG_ADMIN.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)
    except Exception:
        return None
    name = f"pbem_bench_{secrets.token_hex(4)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
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
    args = parser.parse_args()
    os.environ.setdefault("PBEM_PEPPER", "bench pepper, not a secret: 0123456789abcdef")
    print(f"pbem tick over {args.games} due 5-seat Mare Nostrum games (reports rendered, mail queued)")
    for backend in args.backends.split(","):
        for workers in [int(w) for w in args.workers.split(",")]:
            with tempfile.TemporaryDirectory() as tmp:
                dropped: str | None = None
                if backend == "sqlite":
                    url = f"sqlite:///{Path(tmp) / 'bench.db'}"
                else:
                    made = pg_database()
                    if made is None:
                        print(f"  {backend:10s} {workers} worker(s): no PostgreSQL server answers; skipped")
                        continue
                    url, dropped = made
                try:
                    set_up(url, args.games)
                    seconds = run_ticks(url, workers)
                    check_each_turn_closed_once(url, args.games)
                finally:
                    if dropped:
                        drop_pg(dropped)
            print(
                f"  {backend:10s} {workers} worker(s): {args.games / seconds:8.1f} games/s "
                f"({seconds:.1f} s; every turn closed exactly once)"
            )
    bare = bare_resolves(args.games)
    print(f"  anchor: bare resolve of the same turn, 1 process: {args.games / bare:8.1f} games/s")


if __name__ == "__main__":
    main()
