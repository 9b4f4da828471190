"""`pbem serve` as a real process: it closes a turn at its deadline by itself, survives SIGKILL
in the middle of a run of due turns, and stops cleanly on SIGTERM."""

from __future__ import annotations

import signal
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
from sqlmodel import func, select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Report, Turn, utcnow

pytestmark = pytest.mark.slow


def test_serve_closes_a_turn_at_its_deadline_and_queues_the_reports_without_any_command(
    db: Database, sqlite_url: str, tmp_path: Path
) -> None:
    referee = Referee(db)
    referee.new_game("toy-guess", "soon", {"points": "99"}, deadline="3s")
    referee.join("soon", "north", email="north@example.org")
    referee.join("soon", "south", email="south@example.org", timezone="Europe/Paris")
    referee.start("soon")
    log = tmp_path / "serve.log"
    server = start_serve(sqlite_url, log)
    try:

        def reports_queued() -> bool:
            closed = count_closed(sqlite_url)
            mails = count_rows(
                sqlite_url, "SELECT count(*) FROM outboxmessage WHERE kind = 'report' AND turn_number = 1"
            )
            return closed == 1 and mails == 2

        assert wait_for(reports_queued), log.read_text()
        with db.session() as session:
            turn = session.exec(select(Turn).where(Turn.game_id == "soon", Turn.number == 1)).one()
            assert turn.close_reason == "deadline"
            assert (
                session.exec(select(func.count()).select_from(Report).where(Report.turn_number == 1)).one()
                == 6
            )
        # the outbox is flushed too: the reports land in the Maildir
        assert wait_for(lambda: len(list((tmp_path / "outbox" / "new").glob("*.eml"))) >= 4), log.read_text()
    finally:
        code = stop(server)
    assert code == 0, log.read_text()
    assert "stopped cleanly" in log.read_text()
    closed = closed_in_log(log)
    assert len(closed) == len(set(closed))  # nothing closed twice


def test_serve_killed_during_a_run_of_due_turns_finishes_them_after_a_restart_each_once(
    db: Database, sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("adjudicator.core.engine.hash_secret", lambda secret: "test-only")  # fast setup
    past = utcnow() - timedelta(hours=2)
    referee = Referee(db, clock=lambda: past)  # the games opened two hours ago: every 1h deadline is due
    games = new_games(referee, "down", 30)
    first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
    server = start_serve(sqlite_url, first_log, slow=0.15)
    try:
        assert wait_for(lambda: count_closed(sqlite_url) >= 3), first_log.read_text()
    finally:
        stop(server, signal.SIGKILL)
    closed_before = count_closed(sqlite_url)
    assert 3 <= closed_before < len(games), "the kill was meant to land in the middle of the run"
    server = start_serve(sqlite_url, second_log)
    try:
        assert wait_for(lambda: count_closed(sqlite_url) == len(games)), second_log.read_text()
    finally:
        assert stop(server) == 0
    assert_closed_exactly_once(db, games)
    first, second = closed_in_log(first_log), closed_in_log(second_log)
    assert not set(first) & set(second)  # what was closed before the kill was not closed again
    assert (
        len(set(first) | set(second)) >= len(games) - 1
    )  # (the kill may land after a commit, before its log line)
    with db.session() as session:  # no turn 1 left open
        assert session.exec(select(func.count()).select_from(Turn).where(Turn.status == "open")).one() == len(
            games
        )


def test_serve_refuses_bad_options(tmp_path: Path) -> None:
    from adjudicator.cli import main

    assert main(["serve", "--db", f"sqlite:///{tmp_path}/x.db", "--listen", "nowhere"]) == 2
    assert main(["serve", "--db", f"sqlite:///{tmp_path}/x.db", "--listen", "127.0.0.1:70000"]) == 2
    assert main(["serve", "--db", f"sqlite:///{tmp_path}/x.db", "--interval", "0"]) == 2
