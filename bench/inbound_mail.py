"""Benchmark: authenticated order mails through the mail handler, in-process, on SQLite.

Not a timed test: run it by hand::

    .venv/bin/python bench/inbound_mail.py [--mails 300] [--profile]

A 6-seat Mare Nostrum game; each mail comes from a seat's registered address with its
secret and a valid order, and replaces that seat's previous orders (the usual traffic before
a deadline). ``MailHandler.handle`` is timed over all of them: parse, claim, authenticate,
rate limit, submit, acknowledgement queued, finish.

Anchor, measured in the same run: the ceiling of the parts - the stdlib parse of the same
bytes plus one SQLite commit (an INSERT of the raw message into a table, WAL, the same
synchronous setting as the referee's database: SQLite's default) per mail.
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

from adjudicator.engine import Referee
from adjudicator.games import get_ruleset
from adjudicator.mail.handler import MailHandler
from adjudicator.store import Database, loads

SENDER = "{seat}@bench.invalid"


def orders_mail(seat: str, secret: str, n: int, body: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = SENDER.format(seat=seat)
    msg["To"] = "referee@pbem.invalid"
    msg["Subject"] = "orders"
    msg["Message-ID"] = f"<bench-{n}@bench.invalid>"
    msg.set_content(f"game: bench\nseat: {seat}\nsecret: {secret}\nturn: 1\n\n{body}\n")
    return msg.as_bytes()


def ceiling(mails: list[bytes], folder: Path) -> float:
    """Mails per second for the stdlib parse + one SQLite commit per mail."""
    con = sqlite3.connect(folder / "ceiling.db", isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE mail (id INTEGER PRIMARY KEY, message_id TEXT UNIQUE, raw BLOB)")
    start = time.perf_counter()
    for raw in mails:
        msg = message_from_bytes(raw, policy=default)
        body = msg.get_body(("plain",))
        assert body is not None and body.get_content()
        con.execute("BEGIN IMMEDIATE")
        con.execute("INSERT INTO mail (message_id, raw) VALUES (?, ?)", (str(msg["Message-ID"]), raw))
        con.execute("COMMIT")
    seconds = time.perf_counter() - start
    con.close()
    return len(mails) / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=300)
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
        for n in range(args.mails):
            seat = seats[n % len(seats)]
            orders = ruleset.bot(loads(state_json), requests[seat], rng)  # legal orders, new each time
            mails.append(orders_mail(seat, secrets[seat], n, orders))
        handler_db = db
        profile = cProfile.Profile() if args.profile else None
        statuses: dict[str, int] = {}
        start = time.perf_counter()
        if profile is not None:
            profile.enable()
        for raw in mails:
            handled = MailHandler(handler_db, referee).handle(raw, via="bench")
            statuses[handled.status] = statuses.get(handled.status, 0) + 1
            if handled.status != "handled" and len(statuses) == 1 and statuses[handled.status] == 1:
                print("first mail:", handled.status, handled.detail)
        if profile is not None:
            profile.disable()
        seconds = time.perf_counter() - start
        top = ceiling(mails, Path(tmp))
        db.dispose()
    print(f"{args.mails} authenticated order mails, 6-seat Mare Nostrum, SQLite, in-process")
    print(f"  handler                              {args.mails / seconds:9.1f} mails/s  {statuses}")
    print(f"  stdlib parse + SQLite commit (anchor) {top:8.1f} mails/s")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(35)


if __name__ == "__main__":
    main()
