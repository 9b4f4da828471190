"""The referee's recorded, verified way out of a stalled game: ``pbem referee adjust`` with a round
limit (a club rule, not the book's), chained in the turn history and replayed by ``pbem verify``."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.engine import Referee, RefereeError
from adjudicator.games.base import AdjustmentError
from adjudicator.games.planet_masters.rules import PlanetMasters
from adjudicator.publish.archive import export_game
from adjudicator.publish.verify import summary, verify_archive
from adjudicator.table.adjustments import apply_adjustment, entry_rows

RULES = PlanetMasters()


def bot_game(referee: Referee, game_id: str = "stall") -> None:
    referee.new_game("planet-masters", game_id, {"players": "3"})
    for seat in ("terre", "mors", "roach"):
        referee.join(game_id, seat, bot=True)
    referee.start(game_id)


def close_until_round(referee: Referee, game_id: str, wanted: int) -> dict[str, object]:
    from adjudicator.core.store import loads

    for _ in range(200):
        with referee.db.session() as session:
            turn = referee.turn(session, game_id)
            state = loads(turn.state_json)
        if state["round"] >= wanted or state.get("over"):
            return dict(state)
        referee.close_turn(game_id)
    raise AssertionError("the game did not reach the round")


def test_referee_end_step_ends_a_running_game_after_the_turn_under_way_and_verifies(
    referee: Referee, tmp_path: Path
) -> None:
    bot_game(referee)
    state = close_until_round(referee, "stall", 2)
    if state.get("over"):
        pytest.skip("this seed ended by the book's victory before round 2")
    adjusted = apply_adjustment(
        referee.db, "stall", 'end = true\nnote = "stalled <b>for months</b>"\n', by="Ana"
    )
    assert "ends the game" in " ".join(e.text for e in adjusted.events)
    with referee.db.session() as session:
        assert [r.request_key for r in entry_rows(session, "stall")] == ["adjustment:1"]
    for _ in range(20):
        with referee.db.session() as session:
            if referee.game(session, "stall").status == "over":
                break
        referee.close_turn("stall")
    with referee.db.session() as session:
        game = referee.game(session, "stall")
        assert game.status == "over"
    folder = export_game(referee.db, "stall", tmp_path / "turns")
    results = verify_archive(folder)
    assert summary(results)[1] == 0, [r.line() for r in results if not r.ok]


def test_referee_round_limit_ends_the_game_when_that_round_is_over() -> None:
    from pm_helpers import new_game, play, put

    state = new_game(2)
    put(state, "mors", planets=[1])
    state, events = RULES.adjust(state, RULES.parse_adjustment("round-limit = 1\n"))
    assert state["options"]["round-limit"] == 1 and "round limit to 1" in events[0].text
    state, _ = play(state, {"turn:terre": "vote mors"})
    assert RULES.outcome(state) is None
    state, _ = play(state, {"turn:mors": "vote terre"})
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == ("mors",) and "club rule" in outcome.reason


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "exactly one of"),
        ("end = true\nround-limit = 4\n", "exactly one of"),
        ("round-limit = -1\n", "whole number"),
        ("round-limit = true\n", "whole number"),
        ("end = 1\n", "true or false"),
        ("rounds = 3\n", "unknown key"),
        ("round-limit = [\n", "not a TOML file"),
        (f'end = true\nnote = "{"x" * 600}"\n', "at most 500"),
    ],
)
def test_referee_adjustment_file_is_refused_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(AdjustmentError, match=why):
        RULES.parse_adjustment(text)


def test_referee_round_limit_below_the_round_under_way_is_refused(referee: Referee) -> None:
    from pm_helpers import new_game

    state = new_game(2)
    state["round"] = 3
    with pytest.raises(AdjustmentError, match="3 or more"):
        RULES.adjust(state, RULES.parse_adjustment("round-limit = 2\n"))
    with pytest.raises(AdjustmentError, match="first round"):
        RULES.adjust(new_game(2), RULES.parse_adjustment("end = true\n"))
    bot_game(referee, "early")
    with pytest.raises(RefereeError, match="first round"):
        apply_adjustment(referee.db, "early", "end = true\n")
