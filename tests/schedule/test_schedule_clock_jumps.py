"""Whatever the clock does (jumps forward, backward, long outages), ticks close every turn once,
never before its deadline, and skip none."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import select

from adjudicator.clock.tick import tick
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, DiceRoll, Turn, as_utc

_ids = itertools.count()
moves = st.lists(
    st.one_of(
        st.integers(min_value=-72, max_value=72),  # hours, back or forward
        st.integers(min_value=24 * 20, max_value=24 * 90),  # a long outage
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=moves)
def test_clock_jumps_never_close_a_turn_twice_early_or_skip_one(db: Database, moves: list[int]) -> None:
    now = [datetime(2026, 11, 22, 12, 0, tzinfo=UTC)]
    referee = Referee(db, clock=lambda: now[0])
    game_id = f"jump-{next(_ids)}"
    referee.new_game("toy-guess", game_id, {"points": "999"}, deadline="48h")
    referee.join(game_id, "north", bot=True)
    referee.join(game_id, "south", bot=True)
    referee.start(game_id)
    closed_by_ticks = 0
    for hours in moves:
        now[0] += timedelta(hours=hours)
        for _ in range(2):  # a second pass at the same moment does nothing
            summary = tick(db, now[0], referee=referee, poll=False, flush=False)
            mine = [item for item in summary.closed if item[0] == game_id]  # (the db holds earlier examples)
            closed_by_ticks += len(mine)
            assert len(mine) <= 1  # at most the one open turn: later ones get their full time
    with db.session() as session:
        turns = session.exec(select(Turn).where(Turn.game_id == game_id).order_by(Turn.number)).all()  # type: ignore[arg-type]
        numbers = [t.number for t in turns]
        assert numbers == list(range(1, len(turns) + 1))  # none skipped, none doubled
        assert [t.status for t in turns] == ["closed"] * (len(turns) - 1) + ["open"]
        assert closed_by_ticks == len(turns) - 1
        for turn in turns[:-1]:
            assert as_utc(turn.closed_at) >= as_utc(turn.deadline_at)  # type: ignore[operator]
            rolls = session.exec(
                select(DiceRoll).where(DiceRoll.game_id == game_id, DiceRoll.turn_number == turn.number)
            ).all()
            assert len(rolls) == 1
    referee.set_status(game_id, "paused")  # out of the way of the next examples (they share the database)
