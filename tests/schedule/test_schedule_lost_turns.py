"""A pass that loses a turn to another worker reads again what is still due instead of trying
every turn of its list: the turns the other worker closed are not tried again, none is tried twice,
none that was not due when the pass began is added, and every due turn is closed exactly once."""

from __future__ import annotations

from typing import Any

from schedule_helpers import FakeClock
from sqlmodel import select

from adjudicator.clock.tick import TickSummary, close_due
from adjudicator.core.engine import Referee
from adjudicator.core.store import Turn

GAMES = 12


def _games(referee: Referee) -> None:
    for n in range(GAMES):
        game_id = f"g{n:02d}"
        referee.new_game("toy-guess", game_id, {"points": "99"}, deadline="48h")
        referee.join(game_id, "north", email=f"north{n}@example.org")
        referee.join(game_id, "south", email=f"south{n}@example.org")
        referee.start(game_id)


def test_a_lost_turn_makes_the_pass_read_what_is_still_due(referee: Referee, clock: FakeClock) -> None:
    _games(referee)
    clock.advance(hours=48)
    other = Referee(referee.db, clock=clock, reports=False)  # the other worker
    tried: list[tuple[str, int]] = []
    close = referee.close_turn

    def worker(game_id: str, number: int | None = None, **kwargs: Any) -> Any:
        assert number is not None
        tried.append((game_id, number))
        if len(tried) == 1:  # the other worker has just closed this turn and every even game's
            for n in range(0, GAMES, 2):
                assert other.close_turn(f"g{n:02d}", 1, reason="deadline") is not None
        return close(game_id, number, **kwargs)

    referee.close_turn = worker  # type: ignore[method-assign]
    summary = TickSummary()
    close_due(referee, clock(), summary)
    odd = {(f"g{n:02d}", 1) for n in range(1, GAMES, 2)}
    assert tried[0] == ("g00", 1) and set(summary.closed) == odd
    assert sorted(tried[1:]) == sorted(odd)  # no turn the other closed is tried, none twice
    with referee.db.session() as session:
        turns = session.exec(select(Turn.game_id, Turn.number, Turn.status)).all()
    assert sorted(turns) == sorted(
        [(f"g{n:02d}", 1, "closed") for n in range(GAMES)] + [(f"g{n:02d}", 2, "open") for n in range(GAMES)]
    )


def test_a_turn_that_stays_lost_is_not_tried_again_in_the_same_pass(
    referee: Referee, clock: FakeClock
) -> None:
    _games(referee)
    clock.advance(hours=48)
    tried: list[tuple[str, int]] = []
    close = referee.close_turn

    def worker(game_id: str, number: int | None = None, **kwargs: Any) -> Any:
        assert number is not None
        tried.append((game_id, number))
        return None if game_id == "g03" else close(game_id, number, **kwargs)  # held by another worker

    referee.close_turn = worker  # type: ignore[method-assign]
    summary = TickSummary()
    close_due(referee, clock(), summary)
    assert sorted(tried) == sorted((f"g{n:02d}", 1) for n in range(GAMES))
    assert len(summary.closed) == GAMES - 1 and ("g03", 1) not in summary.closed
