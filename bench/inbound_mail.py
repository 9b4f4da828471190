"""Benchmark: authenticated order mails through the mail handler, in-process, on SQLite.

Not a timed test: run it by hand::

    .venv/bin/python bench/inbound_mail.py [--mails 600] [--rounds 6] [--profile]

A 6-seat Mare Nostrum game; each mail comes from a seat's registered address with its
secret and a valid order, and replaces that seat's previous orders (the usual traffic before
a deadline). ``MailHandler.handle`` is timed over all of them: parse, authenticate, rate
limit, submit, acknowledgement queued (by reference: its MIME is composed by the flush),
message recorded.

Anchor, measured in the same run: the ceiling of the parts - the stdlib parse of the same
bytes plus one SQLite commit (an INSERT of the raw message into a table, WAL, the same
synchronous setting as the referee's database: SQLite's default) per mail.

The two are timed in alternating rounds over the same mails (round i: the handler on its
share of the mails, then the anchor on the same share), so a burst of load on this shared
machine falls on both; the figures are totals over the rounds, with the range of the
per-round ratio. Commits and SQL statements per mail are counted on the referee's database.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sqlite3
import tempfile
import time
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

from sqlalchemy import event

import adjudicator.publish  # noqa: F401  (registers the report hooks every Referee uses)
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, loads
from adjudicator.games import get_ruleset
from adjudicator.mail.handler import MailHandler

SENDER = "{seat}@bench.invalid"


def orders_mail(seat: str, secret: str, n: int, body: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = SENDER.format(seat=seat)
    msg["To"] = "referee@pbem.invalid"
    msg["Subject"] = "orders"
    msg["Message-ID"] = f"<bench-{n}@bench.invalid>"
    msg.set_content(f"game: bench\nseat: {seat}\nsecret: {secret}\nturn: 1\n\n{body}\n")
    return msg.as_bytes()


def ceiling_db(folder: Path) -> sqlite3.Connection:
    con = sqlite3.connect(folder / "ceiling.db", isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE mail (id INTEGER PRIMARY KEY, message_id TEXT UNIQUE, raw BLOB)")
    return con


def ceiling(con: sqlite3.Connection, mails: list[bytes]) -> float:
    """Seconds for the stdlib parse + one SQLite commit per mail."""
    start = time.perf_counter()
    for raw in mails:
        msg = message_from_bytes(raw, policy=default)
        body = msg.get_body(("plain",))
        assert body is not None and body.get_content()
        con.execute("BEGIN IMMEDIATE")
        con.execute("INSERT INTO mail (message_id, raw) VALUES (?, ?)", (str(msg["Message-ID"]), raw))
        con.execute("COMMIT")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        import os

        os.environ.setdefault("PBEM_PEPPER", "bench pepper, not a secret: 0123456789abcdef")
        os.environ["PBEM_MAIL_RATE"] = str(args.mails + 1)  # the bench sends more than a player would
        os.environ["PBEM_CONFIG"] = str(Path(tmp) / "none.toml")
        db = Database(f"sqlite:///{Path(tmp) / 'bench.db'}")
        db.migrate()
        referee = Referee(db)
        _game, seats, _ = referee.new_game("mare-nostrum", "bench", {"nations": "6"}, deadline="48h")
        secrets = {
            seat: referee.join("bench", seat, email=SENDER.format(seat=seat), name=seat) or ""
            for seat in seats
        }
        referee.start("bench")
        with db.session() as session:
            turn = referee.turn(session, "bench")
            requests = {r.seat: r for r in referee.requests_of(turn)}
            state_json = turn.state_json
        ruleset, rng = get_ruleset("mare-nostrum"), random.Random(18)
        mails = []
        for n in range(args.mails + 12):
            seat = seats[n % len(seats)]
            orders = ruleset.bot(loads(state_json), requests[seat], rng)  # legal orders, new each time
            mails.append(orders_mail(seat, secrets[seat], n, orders))
        mails, counted = mails[: args.mails], mails[args.mails :]
        anchor_db = ceiling_db(Path(tmp))
        profile = cProfile.Profile() if args.profile else None
        statuses: dict[str, int] = {}
        size = -(-len(mails) // args.rounds)
        rounds: list[tuple[int, float, float]] = []
        for first in range(0, len(mails), size):
            share = mails[first : first + size]
            start = time.perf_counter()
            if profile is not None:
                profile.enable()
            for raw in share:
                handled = MailHandler(db, referee).handle(raw, via="bench")
                statuses[handled.status] = statuses.get(handled.status, 0) + 1
                if handled.status != "handled" and statuses[handled.status] == 1:
                    print("first mail not handled:", handled.status, handled.detail)
            if profile is not None:
                profile.disable()
            rounds.append((len(share), time.perf_counter() - start, ceiling(anchor_db, share)))
        counts = {"commit": 0, "statement": 0}  # counted after the timed rounds: tracing costs time

        def trace(sql: str) -> None:
            counts["statement"] += 1
            counts["commit"] += sql.upper().startswith("COMMIT")

        db.engine.dispose()  # every connection from now on is traced, as SQLite runs its statements
        event.listen(db.engine, "connect", lambda connection, _record: connection.set_trace_callback(trace))
        for raw in counted:
            assert MailHandler(db, referee).handle(raw, via="bench").status == "handled"
        anchor_db.close()
        db.dispose()
    n = sum(r[0] for r in rounds)
    handler_rate, anchor_rate = n / sum(r[1] for r in rounds), n / sum(r[2] for r in rounds)
    ratios = sorted(r[2] / r[1] for r in rounds)
    print(f"{n} authenticated order mails, 6-seat Mare Nostrum, SQLite, in-process, {len(rounds)} rounds")
    print(f"  handler                               {handler_rate:8.1f} mails/s  {statuses}")
    print(f"  stdlib parse + SQLite commit (anchor) {anchor_rate:8.1f} mails/s")
    print(f"  handler / anchor: {handler_rate / anchor_rate:.2f} (rounds: {ratios[0]:.2f}-{ratios[-1]:.2f})")
    per = len(counted)
    commits, statements = counts["commit"] / per, counts["statement"] / per
    print(f"  per mail: {commits:.2f} commits, {statements:.1f} SQL statements (BEGIN, COMMIT included)")
    if profile is not None:
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(25)
        stats.sort_stats("cumulative").print_stats(35)


if __name__ == "__main__":
    main()
