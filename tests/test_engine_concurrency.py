"""Two concurrent closes of one turn resolve it once: threads and processes, SQLite and PostgreSQL."""

from __future__ import annotations

import multiprocessing
import threading
import time

import pytest
from close_worker import close_at
from sqlmodel import func, select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, DiceRoll, EventRecord, OutboxMessage, Report, Turn

ROUNDS = 4


def _new_game(db: Database, game_id: str) -> Referee:
    referee = Referee(db)
    referee.new_game("toy-guess", game_id, {"points": "99"})
    referee.join(game_id, "north", email="n@example.org")
    referee.join(game_id, "south", email="s@example.org")
    referee.start(game_id)
    return referee


def _assert_each_turn_resolved_once(db: Database, game_id: str, turns: int) -> None:
    with db.session() as session:
        for number in range(1, turns + 1):
            closed = session.exec(
                select(func.count())
                .select_from(Turn)
                .where(Turn.game_id == game_id, Turn.number == number, Turn.status == "closed")
            ).one()
            assert closed == 1
            rolls = session.exec(
                select(func.count())
                .select_from(DiceRoll)
                .where(DiceRoll.game_id == game_id, DiceRoll.turn_number == number)
            ).one()
            assert rolls == 1  # toy-guess rolls one die per turn
            reports = session.exec(
                select(func.count())
                .select_from(Report)
                .where(Report.game_id == game_id, Report.turn_number == number)
            ).one()
            assert reports == 6
            mails = session.exec(
                select(func.count())
                .select_from(OutboxMessage)
                .where(OutboxMessage.game_id == game_id, OutboxMessage.turn_number == number)
            ).one()
            assert mails == 2 + (2 if number == 1 else 0)  # reports (+ the turn-1 notices)
            assert (
                session.exec(
                    select(func.count())
                    .select_from(EventRecord)
                    .where(EventRecord.game_id == game_id, EventRecord.turn_number == number)
                ).one()
                >= 1
            )
        assert (
            session.exec(select(func.count()).select_from(Turn).where(Turn.game_id == game_id)).one()
            == turns + 1
        )


def _race_threads(db: Database, game_id: str) -> None:
    referee = _new_game(db, game_id)
    for number in range(1, ROUNDS + 1):
        barrier = threading.Barrier(2)
        wins: list[bool] = []

        def worker(
            number: int = number, barrier: threading.Barrier = barrier, wins: list[bool] = wins
        ) -> None:
            barrier.wait()
            wins.append(referee.close_turn(game_id, number, reason="race") is not None)

        threads = [threading.Thread(target=worker) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(wins) == [False, True]
    _assert_each_turn_resolved_once(db, game_id, ROUNDS)


def _race_processes(db: Database, url: str, game_id: str) -> None:
    _new_game(db, game_id)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        pool.apply(time.sleep, (0,))  # both workers up before the race starts
        for number in range(1, ROUNDS + 1):
            start_at = time.time() + 0.5
            results = [pool.apply_async(close_at, (url, game_id, number, start_at)) for _ in range(2)]
            assert sorted(r.get(120) for r in results) == [False, True]
    _assert_each_turn_resolved_once(db, game_id, ROUNDS)


def test_two_concurrent_closes_in_threads_resolve_a_turn_once_on_sqlite(db: Database) -> None:
    _race_threads(db, "race-threads")


def test_two_concurrent_closes_in_processes_resolve_a_turn_once_on_sqlite(
    db: Database, sqlite_url: str
) -> None:
    _race_processes(db, sqlite_url, "race-procs")


@pytest.mark.postgres
def test_two_concurrent_closes_in_threads_resolve_a_turn_once_on_postgresql(pg_db: Database) -> None:
    _race_threads(pg_db, "race-threads")


@pytest.mark.postgres
def test_two_concurrent_closes_in_processes_resolve_a_turn_once_on_postgresql(
    pg_db: Database, pg_url: str
) -> None:
    _race_processes(pg_db, pg_url, "race-procs")
