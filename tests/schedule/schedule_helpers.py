"""Running `pbem serve` as a real subprocess in tests, with the test-only ruleset registered."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Protocol

from sqlalchemy import Engine, create_engine, text
from sqlmodel import func, select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, DiceRoll, EventRecord, Report, Turn

TESTS = Path(__file__).resolve().parent.parent

# The child registers toy-guess (which lives in tests/), optionally slows every close down
# (so a test can kill it in the middle of a run of due turns), then runs the real CLI.
BOOT = f"""
import os, sys, time
sys.path.insert(0, {str(TESTS)!r})
from toy_ruleset import ClosestGuess
from adjudicator.games import register
register(ClosestGuess)
delay = float(os.environ.get("PBEM_TEST_SLOW_CLOSE", "0"))
if delay:
    from adjudicator.core.engine import Referee
    _resolve = Referee._resolve
    def _slow(self, *args, **kwargs):
        time.sleep(delay)
        return _resolve(self, *args, **kwargs)
    Referee._resolve = _slow
from adjudicator.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


class FakeClock(Protocol):
    """The ``clock`` fixture of tests/conftest.py (imported by shape: several conftest modules exist)."""

    def __call__(self) -> datetime: ...

    def advance(self, **kwargs: float) -> datetime: ...


CLOSED_LINE = re.compile(r"closed (\S+) turn (\d+) ")


def start_serve(
    url: str, log: Path, *args: str, slow: float = 0.0, outbox: Path | None = None
) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env["PBEM_TEST_SLOW_CLOSE"] = str(slow)
    env["PBEM_OUTBOX"] = str(outbox or log.parent / "outbox")
    env.pop("PBEM_SMTP_URL", None)
    env.pop("PBEM_IMAP_URL", None)
    env.pop("PBEM_POLL_MAILDIR", None)
    handle = log.open("ab")
    return subprocess.Popen(
        [sys.executable, "-c", BOOT, "serve", "--db", url, "--interval", "1", *args],
        stdout=handle,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=str(log.parent),
    )


def stop(process: subprocess.Popen[bytes], sig: int = signal.SIGTERM, timeout: float = 30) -> int:
    if process.poll() is None:
        process.send_signal(sig)
    return process.wait(timeout=timeout)


def wait_for(condition: Callable[[], bool], timeout: float = 30.0, every: float = 0.05) -> bool:
    """Poll ``condition`` until it holds or ``timeout`` seconds pass (no fixed sleeps in tests)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(every)
    return condition()


def closed_in_log(log: Path) -> list[tuple[str, int]]:
    text = log.read_text(errors="replace") if log.exists() else ""
    return [(g, int(n)) for g, n in CLOSED_LINE.findall(text)]


_READERS: dict[str, Engine] = {}


def reader(url: str) -> Engine:
    """A plain read-only engine: the application's SQLite engine takes the write lock for every
    transaction (BEGIN IMMEDIATE), and a test polling with it would queue behind the server."""
    if url not in _READERS:
        _READERS[url] = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    return _READERS[url]


def count_closed(url: str, number: int = 1) -> int:
    with reader(url).connect() as connection:
        return connection.execute(
            text("SELECT count(*) FROM turn WHERE number = :n AND status = 'closed'"), {"n": number}
        ).scalar_one()


def count_rows(url: str, sql: str, **params: object) -> int:
    with reader(url).connect() as connection:
        return connection.execute(text(sql), params).scalar_one()


def new_games(
    referee: Referee, prefix: str, count: int, *, deadline: str = "1h", bots: bool = True
) -> list[str]:
    ids = []
    for i in range(count):
        game_id = f"{prefix}-{i}"
        referee.new_game("toy-guess", game_id, {"points": "99"}, deadline=deadline)
        if bots:
            referee.join(game_id, "north", bot=True)
            referee.join(game_id, "south", bot=True)
        else:
            referee.join(game_id, "north", email=f"north-{i}@example.org")
            referee.join(game_id, "south", email=f"south-{i}@example.org", timezone="Europe/Paris")
        referee.start(game_id)
        ids.append(game_id)
    return ids


def assert_closed_exactly_once(db: Database, game_ids: list[str], number: int = 1, seats: int = 2) -> None:
    """Each turn closed once: one closed row; dice, events, reports not duplicated; the next turn open."""
    with db.session() as session:
        for game_id in game_ids:
            where = (Turn.game_id == game_id, Turn.number == number)
            assert session.exec(select(func.count()).select_from(Turn).where(*where)).one() == 1, game_id
            turn = session.exec(select(Turn).where(*where)).one()
            assert turn.status == "closed", game_id
            rolls = session.exec(
                select(DiceRoll.seq).where(DiceRoll.game_id == game_id, DiceRoll.turn_number == number)
            ).all()
            assert len(rolls) == len(set(rolls)) == 1, game_id  # toy-guess rolls one die a turn
            events = session.exec(
                select(EventRecord.seq).where(
                    EventRecord.game_id == game_id, EventRecord.turn_number == number
                )
            ).all()
            assert events and len(events) == len(set(events)), game_id
            reports = session.exec(
                select(func.count())
                .select_from(Report)
                .where(Report.game_id == game_id, Report.turn_number == number)
            ).one()
            assert reports == (seats + 1) * 2, game_id  # each seat's and the public one, text and HTML
            nxt = session.exec(select(Turn).where(Turn.game_id == game_id, Turn.number == number + 1)).all()
            assert len(nxt) == 1 and nxt[0].status == "open", game_id
