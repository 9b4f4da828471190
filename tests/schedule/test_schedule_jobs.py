"""The scheduler's jobs live in the game database and follow it: reconciled at start and after changes."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import text

from adjudicator.clock.schedule import JOB_TABLE, Server
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, as_utc, utcnow


def _jobs(db: Database) -> dict[str, float]:
    with db.engine.connect() as connection:
        rows = connection.execute(text(f"SELECT id, next_run_time FROM {JOB_TABLE}")).all()
    return {row[0]: row[1] for row in rows}


def test_jobs_are_stored_in_the_database_and_follow_extends_closes_and_pauses(db: Database) -> None:
    referee = Referee(db)
    referee.new_game("toy-guess", "j", {"points": "99"}, deadline="48h")
    referee.join("j", "north", email="n@example.org")
    referee.join("j", "south", email="s@example.org")
    referee.start("j")
    servers = [Server(db), Server(db)]  # two workers sharing one job table
    for server in servers:
        server.scheduler.start(paused=True)  # keep the jobs from running: only their bookkeeping is tested
    try:
        for server in servers:
            server.sync_jobs(utcnow())
        jobs = _jobs(db)
        assert set(jobs) == {"deadline:j:1", "reminder:j:1:24h", "reminder:j:1:2h"}
        with db.session() as session:
            deadline = as_utc(referee.turn(session, "j").deadline_at)
        assert deadline is not None and abs(jobs["deadline:j:1"] - deadline.timestamp()) < 1

        referee.extend("j", "24h")  # from the command line, in another process
        servers[1].sync_jobs(utcnow())
        assert abs(_jobs(db)["deadline:j:1"] - (deadline + timedelta(hours=24)).timestamp()) < 1

        referee.close_turn("j")
        servers[0].sync_jobs(utcnow())
        assert set(_jobs(db)) == {"deadline:j:2", "reminder:j:2:24h", "reminder:j:2:2h"}

        referee.set_status("j", "paused")
        servers[1].sync_jobs(utcnow())
        assert _jobs(db) == {}
    finally:
        for server in servers:
            server.stop()
