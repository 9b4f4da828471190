"""Run in child processes by the concurrency tests: close one turn at a given moment."""

from __future__ import annotations

import time


def close_at(url: str, game_id: str, number: int, start_at: float) -> bool:
    from toy_ruleset import ClosestGuess

    import adjudicator.publish  # noqa: F401  (registers the report hooks every Referee uses)
    from adjudicator.core.engine import Referee
    from adjudicator.core.store import Database
    from adjudicator.games import register

    register(ClosestGuess)
    referee = Referee(Database(url))
    while time.time() < start_at:
        time.sleep(0.001)
    return referee.close_turn(game_id, number, reason="race") is not None
