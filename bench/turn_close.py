"""Benchmark: closing a 6-seat Mare Nostrum turn, reports and board picture queued.

Not a timed test: run it by hand::

    .venv/bin/python bench/turn_close.py [--turns 12] [--profile [--sort tottime]]

Six players (all with an email address, none a bot, so no bot plays inside the close) get
orders written by the ruleset's bot and submitted before the clock starts; then
``Referee.close_turn`` is timed: the conditional UPDATE, resolve, the record, the next turn,
every seat's text and HTML report, the board picture and the queued mails - the engine's share
of a close (sending the mail is the outbox's business and is measured by bench/outbox_flush.py).

Anchor, measured in the same run: the bare ``ruleset.resolve`` of the same turn (same state,
same orders, same seed). Also printed: the close's CPU time (``time.process_time``: what the
machine's other jobs inflate least; the wall time includes the commit's fsync), the SQL
statements a close sends, the report bodies rendered whole per close (once per distinct view;
the seats' own parts are small blocks), and the database bytes added per closed turn (SQLite
pages in use), beside the bytes of the two report texts per view, the anchor of what must be
kept at least.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import event, text
from sqlmodel import select

import adjudicator.publish  # noqa: F401  (registers the report hooks every Referee uses)
from adjudicator.core.engine import Referee
from adjudicator.core.record import counting_submissions
from adjudicator.core.store import Database, Report, loads
from adjudicator.games import get_ruleset
from adjudicator.games.dice import Dice
from adjudicator.post import render
from adjudicator.publish import reports as reports_module

try:  # the close's statements on the driver; absent in the code before
    from adjudicator.core import driver_sql
except ImportError:  # pragma: no cover - measuring an older checkout
    driver_sql = None  # type: ignore[assignment]


def used_bytes(db: Database) -> int:
    with db.session() as session:
        pages = session.execute(text("PRAGMA page_count")).scalar_one()
        free = session.execute(text("PRAGMA freelist_count")).scalar_one()
        size = session.execute(text("PRAGMA page_size")).scalar_one()
    return int((pages - free) * size)


def submit_bot_orders(referee: Referee, game_id: str, rng: random.Random) -> None:
    ruleset = get_ruleset("mare-nostrum")
    with referee.db.session() as session:
        turn = referee.turn(session, game_id)
        state = loads(turn.state_json)
        requests = referee.requests_of(turn)
    for request in requests:
        orders = ruleset.bot(loads(turn.state_json), request, rng)
        if not orders.strip():
            continue  # nothing to order: the default counts
        referee.submit(game_id, request.seat, orders, request_key=request.key, final=False, as_referee=True)
    del state


def bare_resolve_seconds(referee: Referee, game_id: str, number: int, repeat: int = 5) -> float:
    """The fastest of ``repeat`` bare resolves of closed turn ``number`` from its stored inputs."""
    ruleset = get_ruleset("mare-nostrum")
    with referee.db.session() as session:
        turn = referee.turn(session, game_id, number)
        requests = {r.key: r for r in referee.requests_of(turn)}
        orders = {
            s.request_key: ruleset.parse(requests[s.request_key], s.canonical).orders
            for s in counting_submissions(session, game_id, number)
        }
        seed = bytes.fromhex(turn.seed_hex or "")
        state_json = turn.state_json
    best = float("inf")
    for _ in range(repeat):
        state = loads(state_json)
        start = time.perf_counter()
        ruleset.resolve(state, orders, Dice(seed))
        best = min(best, time.perf_counter() - start)
    return best


def write_seconds(db: Database, game_id: str) -> float:
    """One write transaction of one row (BEGIN IMMEDIATE, an UPDATE, the commit and its fsync):
    the floor under any close's wall time on this disk."""
    start = time.perf_counter()
    with db.session() as session:
        session.execute(text("UPDATE game SET current_turn = current_turn WHERE id = :id"), {"id": game_id})
    return time.perf_counter() - start


def report_bytes(db: Database, game_id: str, number: int) -> int:
    with db.session() as session:
        rows = session.exec(
            select(Report).where(Report.game_id == game_id, Report.turn_number == number)
        ).all()
        return sum(len(r.body.encode()) for r in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12, help="turns closed (default 12)")
    parser.add_argument("--profile", action="store_true", help="print the cProfile of the closes")
    parser.add_argument("--callers", help="also print the callers of the functions matching this")
    parser.add_argument("--sort", default="cumulative", help="the profile's order (cumulative, tottime...)")
    args = parser.parse_args()
    os.environ.setdefault("PBEM_PEPPER", "bench pepper, not a secret: 0123456789abcdef")
    full = run(args.turns, args.profile, reports=True)
    bare = run(args.turns, False, reports=False)  # the same game's closes without the reports stage
    print(f"6-seat Mare Nostrum, {len(full.closes)} turns closed (text + HTML reports, picture, mail queued)")
    print(f"  close (engine's share)             median {statistics.median(full.closes) * 1000:9.2f} ms")
    print(f"    its CPU time                     median {statistics.median(full.cpu) * 1000:9.2f} ms")
    print(f"    the same close without reports   median {statistics.median(bare.closes) * 1000:9.2f} ms")
    print(f"  bare resolve of the turn (anchor)  median {statistics.median(full.resolves) * 1000:9.2f} ms")
    print(f"  one-row write transaction (anchor) median {statistics.median(full.commits) * 1000:9.2f} ms")
    print(f"  SQL statements per close           median {statistics.median(full.statements):9.0f}")
    print(f"    the same close without reports   median {statistics.median(bare.statements):9.0f}")
    print(f"  report bodies rendered per close   median {statistics.median(full.bodies):9.0f} (14 reports)")
    print(f"  database bytes per closed turn     median {statistics.median(full.grown):9.0f}")
    print(f"    the same close without reports   median {statistics.median(bare.grown):9.0f}")
    print(f"  report bytes per turn              median {statistics.median(full.kept):9.0f} (7 views x 2)")
    if full.profile is not None:
        stats = pstats.Stats(full.profile).sort_stats(args.sort)
        stats.print_stats(40)
        if args.callers:
            stats.print_callers(args.callers)


@dataclass
class Run:
    closes: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    statements: list[int] = field(default_factory=list)
    bodies: list[int] = field(default_factory=list)
    resolves: list[float] = field(default_factory=list)
    commits: list[float] = field(default_factory=list)
    grown: list[int] = field(default_factory=list)
    kept: list[int] = field(default_factory=list)
    profile: cProfile.Profile | None = None


def run(turns: int, profiling: bool, *, reports: bool) -> Run:
    rng = random.Random(18)
    result = Run(profile=cProfile.Profile() if profiling else None)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'bench.db'}")
        db.migrate()
        sent = [0]
        event.listen(db.engine, "before_cursor_execute", lambda *_args: sent.__setitem__(0, sent[0] + 1))
        if driver_sql is not None:  # and those the close sends on the driver itself
            driver_sql.on_statement = lambda _sql: sent.__setitem__(0, sent[0] + 1)
        rendered = [0]  # whole report bodies: a shared body per distinct view, or a whole report
        shared_class = getattr(render, "Shared", None)  # absent in older code without shared bodies
        common, whole = (shared_class.common if shared_class else None), render.render

        def counted_common(self: object, context: dict) -> list[str] | None:  # type: ignore[type-arg]
            rendered[0] += 1
            return common(self, context)  # type: ignore[misc]

        def counted_render(name: str, *args: object, **kwargs: object) -> str:
            rendered[0] += name.startswith("report.")
            return whole(name, *args, **kwargs)  # type: ignore[arg-type]

        if shared_class is not None:
            shared_class.common = counted_common  # type: ignore[method-assign]
        reports_module.render = counted_render  # type: ignore[assignment]
        referee = Referee(db, reports=reports)
        game_id = "bench"
        _game, seats, _secret = referee.new_game("mare-nostrum", game_id, {"nations": "6"}, deadline="48h")
        for seat in seats:
            referee.join(game_id, seat, email=f"{seat.lower()}@bench.invalid", name=seat)
        referee.start(game_id)
        for _ in range(turns):
            submit_bot_orders(referee, game_id, rng)
            before = used_bytes(db)
            sent[0] = rendered[0] = 0
            cpu = time.process_time()
            start = time.perf_counter()
            if result.profile is not None:
                result.profile.enable()
            closed = referee.close_turn(game_id, reason="bench")
            if result.profile is not None:
                result.profile.disable()
            result.closes.append(time.perf_counter() - start)
            result.cpu.append(time.process_time() - cpu)
            result.statements.append(sent[0])
            result.bodies.append(rendered[0])
            result.grown.append(used_bytes(db) - before)
            assert closed is not None
            result.resolves.append(bare_resolve_seconds(referee, game_id, closed.number))
            result.kept.append(report_bytes(db, game_id, closed.number))
            result.commits.append(write_seconds(db, game_id))
            if closed.outcome is not None:
                break
        db.dispose()
        reports_module.render = whole  # type: ignore[assignment]
        if shared_class is not None:
            shared_class.common = common  # type: ignore[method-assign]
    return result


if __name__ == "__main__":
    main()
