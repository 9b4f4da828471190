"""Profile of one ``pbem tick`` pass over due 5-seat games: SQL statements per game, and cProfile.

Not a timed test: run it by hand::

    .venv/bin/python bench/tick_profile.py [--games 100] [--backend sqlite|postgresql] [--top 25]

The games are set up as in ``bench/tick_many.py`` (the referee's own calls); then one pass of
:func:`adjudicator.clock.tick.tick` (no poll, no flush) runs in this process under cProfile, with a
SQLAlchemy ``before_cursor_execute`` listener and :data:`adjudicator.core.driver_sql.on_statement`
counting the statements sent, through SQLAlchemy and on the driver (an executemany counts once:
it is one round trip). Printed: games/s of the pass, the
statements per game by kind and table, the share of the pass spent in the stages of a close
(the engine's resolve and record, the reports hook, the opening of the next turn) and in the
scheduler around it, and the functions with the most cumulative time.

Anchor, measured in the same run: bare ``ruleset.resolve`` calls of the same turn (as in
``bench/tick_many.py``).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

from sqlalchemy import event

sys.path.insert(0, str(Path(__file__).parent))

import tick_many  # the bench beside this one

from adjudicator.clock.tick import tick
from adjudicator.core import driver_sql
from adjudicator.core.store import Database

TABLE = re.compile(r"\bFROM\s+(\w+)", re.S)

#: (label, file, function) of the stages reported
STAGES = [
    ("the whole pass", "tick.py", "tick"),
    ("  finding due turns", "engine.py", "due_turns"),
    ("  finding ready turns", "tick.py", "ready_turns"),
    ("  closing the turns (close_turn)", "engine.py", "close_turn"),
    ("    reports hook (render, store, queue mail)", "reports.py", "on_close"),
    ("    opening the next turn", "engine.py", "_open_turn"),
    ("    record hash (turn_record)", "record.py", "turn_record"),
    ("  reminders", "reminders.py", "send_due_reminders"),
]


def kind_of(statement: str) -> str:
    """``SELECT seat``, ``INSERT report``, ``UPDATE turn``... (the first table named)."""
    words = statement.split()
    verb = words[0].upper() if words else ""
    if verb in ("INSERT", "DELETE") and len(words) > 2:
        return f"{verb} {words[2]}"
    if verb == "UPDATE" and len(words) > 1:
        return f"UPDATE {words[1]}"
    match = TABLE.search(statement)
    return f"{verb} {match.group(1)}" if match else verb


def caller() -> str:
    """The innermost frames of the referee's own code that sent a statement."""
    frames = [f for f in traceback.extract_stack() if "/adjudicator/" in f.filename]
    return " < ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(frames[-3:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--backend", default="postgresql", choices=["sqlite", "postgresql"])
    parser.add_argument("--top", type=int, default=25, help="functions listed by cumulative time")
    parser.add_argument("--save", help="write the cProfile data to this file")
    parser.add_argument(
        "--show-sql", type=int, default=0, metavar="N", help="print the first N statements and their callers"
    )
    args = parser.parse_args()
    os.environ.setdefault("PBEM_PEPPER", "bench pepper, not a secret: 0123456789abcdef")
    dropped = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.backend == "sqlite":
            url = f"sqlite:///{Path(tmp) / 'profile.db'}"
        else:
            made = tick_many.pg_database()
            if made is None:
                sys.exit("no PostgreSQL server answers")
            url, dropped = made
        try:
            tick_many.set_up(url, args.games, 2)
            db = Database(url)
            kinds: Counter[str] = Counter()
            shown: list[str] = []

            def _sent(statement: str) -> None:
                kinds[kind_of(statement)] += 1
                if len(shown) < args.show_sql:
                    shown.append(f"{' '.join(statement.split())[:110]}\n        <- {caller()}")

            # SQLAlchemy's statements, and those the close sends on the driver itself
            event.listen(
                db.engine, "before_cursor_execute", lambda _c, _cur, statement, *_a: _sent(statement)
            )
            driver_sql.on_statement = _sent

            profile = cProfile.Profile()
            start = time.perf_counter()
            profile.enable()
            summary = tick(db, poll=False, flush=False)
            profile.disable()
            seconds = time.perf_counter() - start
            db.dispose()
            assert len(summary.closed) == args.games, summary
        finally:
            if dropped:
                tick_many.drop_pg(dropped)
    for line in shown:
        print("  " + line)
    bare = tick_many.bare_resolves(args.games)
    n = args.games
    print(f"one tick pass over {n} due 5-seat games on {args.backend}, in process, under cProfile")
    print(f"  {n / seconds:.1f} games/s ({seconds * 1000 / n:.1f} ms a game, profiler overhead included)")
    print(f"  anchor: bare resolve of the same turn: {bare * 1000 / n:.2f} ms a game")
    print(f"  SQL statements per game: {sum(kinds.values()) / n:.1f}")
    for kind, count in sorted(kinds.items(), key=lambda item: (-item[1], item[0])):
        if count / n >= 0.1:
            print(f"    {count / n:5.1f}  {kind}")
    stats = pstats.Stats(profile)
    table = stats.stats  # type: ignore[attr-defined]
    total = next(
        (v[3] for (f, _l, name), v in table.items() if f.endswith("tick.py") and name == "tick"), seconds
    )
    print("  where the pass goes (cumulative, ms a game, share of the pass):")
    for label, file, name in STAGES:
        cum = sum(v[3] for (f, _l, fn), v in table.items() if f.endswith(file) and fn == name)
        print(f"    {label:48s} {cum * 1000 / n:7.1f} ms  {cum / total:6.1%}")
    if args.save:
        stats.dump_stats(args.save)
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
