"""Reminders after a rollback, early closes after a crash, extending an overdue turn."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

from schedule_helpers import BOOT, FakeClock, count_closed, start_serve, stop, wait_for
from sqlmodel import select

from adjudicator.cli import main
from adjudicator.clock.tick import TickSummary, tick
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, OutboxMessage, Turn, as_utc
from adjudicator.publish.rollback import rollback


def _game(referee: Referee, game_id: str = "g", **kwargs: object) -> dict[str, str]:
    referee.new_game("toy-guess", game_id, {"points": "99"}, **kwargs)  # type: ignore[arg-type]
    secrets = {
        "north": referee.join(game_id, "north", email="north@example.org"),
        "south": referee.join(game_id, "south", email="south@example.org"),
    }
    referee.start(game_id)
    return secrets  # type: ignore[return-value]


def _tick(referee: Referee) -> TickSummary:
    return tick(referee.db, referee.clock(), referee=referee, poll=False, flush=False)


def _reminders(db: Database, turn: int) -> list[str]:
    with db.session() as session:
        rows = session.exec(
            select(OutboxMessage).where(OutboxMessage.kind == "reminder", OutboxMessage.turn_number == turn)
        ).all()
        return sorted(m.message_id for m in rows)


# -- reminders of a turn reopened by a rollback ----------------------------------------
def test_a_turn_reopened_by_rollback_gets_its_reminders_again(referee: Referee, clock: FakeClock) -> None:
    secrets = _game(referee, deadline="48h", reminders="24h")
    referee.submit("g", "north", "guess 1", secrets["north"])
    referee.submit("g", "south", "guess 2", secrets["south"])
    assert referee.close_turn("g") is not None  # turn 2 opens
    clock.advance(hours=24)
    assert _tick(referee).reminders == 2
    first = _reminders(referee.db, 2)
    assert len(first) == 2
    referee.close_turn("g")
    rollback(referee.db, "g", 1, clock=clock)  # turn 2 opens again, with a fresh deadline
    clock.advance(hours=24)
    summary = _tick(referee)
    again = _reminders(referee.db, 2)
    assert len(again) == 4, again  # two new emails, not dropped as duplicates of the first two
    assert summary.reminders == 2
    assert set(again) - set(first) and all(".b1" in mid for mid in set(again) - set(first))


def test_the_tick_counts_only_reminders_that_were_queued(referee: Referee, clock: FakeClock) -> None:
    _game(referee, deadline="48h", reminders="24h")
    clock.advance(hours=24)
    with referee.db.session() as session:  # an email with the same Message-ID is queued already
        from adjudicator.clock.reminders import due_reminders

        due = due_reminders(referee, session, clock())
        from adjudicator.mail.service import queue_reminder

        turn = session.exec(select(Turn)).one()
        game = referee.game(session, "g")
        queue_reminder(session, game, turn, due[0].seat, due[0].label)
    summary = _tick(referee)
    assert summary.reminders == 1  # the other one was recorded, but its email was already there


# -- an early close interrupted by a crash -----------------------------------------------
def test_a_turn_whose_orders_are_all_in_and_final_closes_at_the_next_tick(
    referee: Referee, clock: FakeClock
) -> None:
    secrets = _game(referee, deadline="48h")
    # the last final order is stored, but the close that should follow never ran (a crash)
    referee.submit("g", "north", "guess 2", secrets["north"], final=True)
    with referee.db.session() as session:
        from adjudicator.core.store import Submission

        session.add(
            Submission(
                game_id="g",
                turn_number=1,
                request_key="guess:south",
                seat="south",
                text="guess 5",
                canonical="guess 5",
                final=True,
                source="cli",
            )
        )
    assert referee.ready_to_close("g") == 1
    summary = _tick(referee)  # 47 hours before the deadline
    assert summary.closed == [("g", 1)]
    with referee.db.session() as session:
        turn = session.exec(select(Turn).where(Turn.number == 1)).one()
        assert turn.close_reason == "early"


def test_a_turn_of_bots_only_still_waits_for_its_deadline(referee: Referee, clock: FakeClock) -> None:
    referee.new_game("toy-guess", "bots", {"points": "99"}, deadline="48h")
    referee.join("bots", "north", bot=True)
    referee.join("bots", "south", bot=True)
    referee.start("bots")  # the bots' orders are in and final at once: no submission closes it
    assert referee.ready_to_close("bots") is None  # as the pass says: bots' orders alone close nothing early
    assert _tick(referee).closed == []
    clock.advance(hours=48)
    assert _tick(referee).closed == [("bots", 1)]


def test_an_early_close_killed_midway_is_finished_by_the_next_tick(tmp_path: Path) -> None:
    """A real process submits the last final order and is killed inside the close."""
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    db = Database(url)
    db.migrate()
    referee = Referee(db)
    secrets = _game(referee, deadline="48h")
    referee.submit("g", "north", "guess 2", secrets["north"], final=True)
    orders = tmp_path / "south.txt"
    orders.write_text("guess 5\nfinal\n")
    env = dict(os.environ, PBEM_TEST_SLOW_CLOSE="30", PBEM_OUTBOX=str(tmp_path / "outbox"))
    secret_and_db = ["--secret", secrets["south"], "--db", url]
    process = subprocess.Popen(
        [sys.executable, "-c", BOOT, "orders", "submit", "g", "south", str(orders), *secret_and_db],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    # read without the write lock (the child holds it while it closes): plain WAL reads
    reader = sqlite3.connect(tmp_path / "pbem.db")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the order is in (committed) and the close is under way
        if reader.execute("select count(*) from submission where seat = 'south'").fetchone()[0]:
            break
        time.sleep(0.1)
    time.sleep(1.0)
    reader.close()
    assert process.poll() is None, process.communicate()[0]
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    with db.session() as session:
        assert session.exec(select(Turn).where(Turn.number == 1)).one().status == "open"
    summary = tick(db, poll=False, flush=False)  # long before the deadline
    assert summary.closed == [("g", 1)]
    db.dispose()


def test_serve_closes_a_turn_whose_orders_are_all_in_and_final(tmp_path: Path) -> None:
    """`pbem serve` started after the crash closes the turn at once, not at the deadline."""
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    db = Database(url)
    db.migrate()
    referee = Referee(db)
    secrets = _game(referee, deadline="48h")
    referee.submit("g", "north", "guess 2", secrets["north"], final=True)
    slow = Referee(db)
    slow.close_turn = lambda *args, **kwargs: None  # type: ignore[method-assign]  # the close never runs
    assert slow.submit("g", "south", "guess 5", secrets["south"], final=True).closed_turn is None
    db.dispose()
    log = tmp_path / "serve.log"
    server = start_serve(url, log)
    try:
        assert wait_for(lambda: count_closed(url) == 1), log.read_text()
    finally:
        assert stop(server) == 0
    db = Database(url)
    with db.session() as session:
        assert session.exec(select(Turn).where(Turn.number == 1)).one().close_reason == "early"
    db.dispose()


# -- extending an overdue turn --------------------------------------------------------
def test_extending_an_overdue_turn_counts_from_now(referee: Referee, clock: FakeClock) -> None:
    _game(referee, deadline="48h")
    clock.advance(hours=72)  # the deadline passed a day ago; no tick ran
    when = referee.extend("g", "12h")
    assert as_utc(when) == clock() + timedelta(hours=12)
    assert _tick(referee).closed == []


def test_extending_during_a_pause_counts_from_the_pause(referee: Referee, clock: FakeClock) -> None:
    _game(referee, deadline="48h")
    opened = clock()
    clock.advance(hours=1)
    referee.set_status("g", "paused")  # 47 hours left
    clock.advance(hours=72)  # past the deadline on the wall clock, not in the game
    referee.extend("g", "12h")
    referee.set_status("g", "running")
    with referee.db.session() as session:
        deadline = as_utc(session.exec(select(Turn)).one().deadline_at)
    assert deadline == opened + timedelta(hours=48 + 12 + 72)  # 47h + 12h left after the resume
    assert deadline - clock() == timedelta(hours=59)


def test_turn_extend_prints_the_whole_new_deadline(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    db = Database(url)
    db.migrate()
    _game(Referee(db), deadline="48h")
    assert main(["turn", "extend", "g", "90m", "--db", url]) == 0
    out = capsys.readouterr().out
    with db.session() as session:
        deadline = as_utc(session.exec(select(Turn)).one().deadline_at)
    assert deadline is not None
    assert deadline.strftime("%Y-%m-%d %H:%M:%S") in out and "UTC" in out
    db.dispose()
