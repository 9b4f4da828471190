"""Several workers on one PostgreSQL database share the work: each due turn closed by exactly one,
each reminder sent once. Skipped with the reason where no PostgreSQL server answers."""

from __future__ import annotations

import threading
from datetime import timedelta
from pathlib import Path

import pytest
from schedule_helpers import (
    assert_closed_exactly_once,
    closed_in_log,
    count_closed,
    count_rows,
    new_games,
    start_serve,
    stop,
    wait_for,
)
from sqlmodel import select

from adjudicator.clock.reminders import send_due_reminders
from adjudicator.clock.tick import tick
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, OutboxMessage, ReminderSent, utcnow

pytestmark = pytest.mark.postgres


@pytest.mark.slow
def test_two_serve_processes_on_postgresql_close_200_due_turns_each_once(
    pg_db: Database, pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("adjudicator.core.engine.hash_secret", lambda secret: "test-only")  # fast setup
    past = utcnow() - timedelta(hours=2)
    games = new_games(Referee(pg_db, clock=lambda: past), "pg", 200)
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    servers = [start_serve(pg_url, log) for log in logs]
    try:
        assert wait_for(lambda: count_closed(pg_url) == len(games), timeout=60), logs[0].read_text()[-3000:]
    finally:
        codes = [stop(server) for server in servers]
    assert codes == [0, 0], [log.read_text()[-2000:] for log in logs]
    assert_closed_exactly_once(pg_db, games)
    by_worker = [set(closed_in_log(log)) for log in logs]
    assert not by_worker[0] & by_worker[1]  # no turn closed by both
    assert by_worker[0] | by_worker[1] == {(g, 1) for g in games}
    assert count_rows(pg_url, "SELECT count(*) FROM turn WHERE number = 1 AND status = 'open'") == 0
    print(f"worker a closed {len(by_worker[0])}, worker b closed {len(by_worker[1])}")


def test_two_ticks_in_threads_on_postgresql_close_each_turn_once_and_remind_once(pg_db: Database) -> None:
    start = utcnow() - timedelta(hours=47)
    referee = Referee(pg_db, clock=lambda: start)
    referee.new_game("toy-guess", "due", {"points": "99"}, deadline="1h")
    referee.join("due", "north", email="n@example.org")
    referee.join("due", "south", email="s@example.org")
    referee.start("due")
    referee.new_game("toy-guess", "remind", {"points": "99"}, deadline="48h")
    referee.join("remind", "north", email="n2@example.org")
    referee.join("remind", "south", email="s2@example.org")
    referee.start("remind")
    barrier = threading.Barrier(4)
    results: list[object] = []

    def worker() -> None:
        ref = Referee(pg_db)
        barrier.wait()
        results.append(tick(pg_db, referee=ref, poll=False, flush=False))

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    closed = [c for r in results for c in r.closed]  # type: ignore[attr-defined]
    assert closed == [("due", 1)]
    assert sum(r.reminders for r in results) == 2  # type: ignore[attr-defined]  the 2h reminder, to each seat of "remind"
    assert_closed_exactly_once(pg_db, ["due"])
    with pg_db.session() as session:
        reminders = session.exec(select(OutboxMessage).where(OutboxMessage.kind == "reminder")).all()
        assert sorted(m.to_addr for m in reminders) == ["n2@example.org", "s2@example.org"]
        assert len(session.exec(select(ReminderSent)).all()) == 4  # 24h (passed) and 2h, per seat
    assert send_due_reminders(Referee(pg_db), utcnow()) == 0
