"""The whole game: setup, requests and labels, standing orders, end of game and victory,
the text board and the SVG board, and whole bot games that keep every invariant."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from far_side_helpers import GAME, board, new_state, play, said
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games import get_ruleset
from adjudicator.games.base import OptionError
from adjudicator.games.dice import Dice
from adjudicator.games.far_side import board as B
from adjudicator.games.far_side.tables import SKILL_MAX, SKILL_MIN

CALM = {"wind:white": 2, "wind:red": 2}


def test_registered_as_far_side() -> None:
    game = get_ruleset("far-side")
    assert game.name == "far-side" and game.seat_names({}) == ["british", "french"]
    assert (game.min_seats, game.max_seats, game.has_hidden_information) == (2, 2, False)


def test_options_first_player_and_turn_limit() -> None:
    assert GAME.parse_options({}) == {
        "first": "british",
        "max-turns": 600,
        "ram-opens": False,
        "reactions": "standing",
    }
    raw = {"first": "French", "max-turns": "0", "ram-opens": "yes", "reactions": "live"}
    assert GAME.parse_options(raw) == {
        "first": "french",
        "max-turns": 0,
        "ram-opens": True,
        "reactions": "live",
    }
    with pytest.raises(OptionError, match="standing, live"):
        GAME.parse_options({"reactions": "sometimes"})
    with pytest.raises(OptionError, match="yes, no"):
        GAME.parse_options({"ram-opens": "maybe"})
    with pytest.raises(OptionError, match="british, french"):
        GAME.parse_options({"first": "spanish"})
    with pytest.raises(OptionError, match="valid options"):
        GAME.parse_options({"wind": "strong"})
    with pytest.raises(OptionError, match="whole number"):
        GAME.parse_options({"max-turns": "many"})


def test_setup_two_fleets_of_eight_on_their_home_ranks() -> None:
    state = new_state()
    assert len(B.afloat(state, "british")) == len(B.afloat(state, "french")) == 8
    assert [s["square"] for s in B.afloat(state, "british")] == [f"{f}8" for f in "abcdefgh"]
    assert [s["square"] for s in B.afloat(state, "french")] == [f"{f}1" for f in "abcdefgh"]
    b1 = state["ships"]["B1"]
    assert (b1["class"], b1["hull"], b1["masts"], b1["broken"]) == (4, 4, 3, 0)
    assert state["ships"]["F8"]["masts"] == 1 and set(state["ships"]["F8"]["skills"].values()) == {0}
    import json

    assert json.loads(json.dumps(state)) == state


def test_requests_the_player_in_turn_and_optional_standing_orders_of_the_enemy() -> None:
    state = new_state()
    turn, standing = GAME.requests(state)
    assert (turn.key, turn.seat, turn.label, turn.optional) == (
        "turn:british",
        "british",
        "Turn 1, British",
        False,
    )
    assert GAME.parse(turn, turn.default).ok
    assert (standing.key, standing.optional, standing.default) == ("standing:french", True, "")
    assert GAME.label(state) == "Turn 1, British"


def test_players_take_turns() -> None:
    state = new_state(first="french")
    assert GAME.label(state) == "Turn 1, French"
    state, _, _ = play(state, "anchor", CALM)
    assert GAME.label(state) == "Turn 2, British" and GAME.requests(state)[0].key == "turn:british"


def test_default_turn_repels_every_grappled_ship() -> None:
    state = board({"B1": "d4", "F7": "d5"}, active="french") | {"grapples": [["B1", "F7"]]}
    turn = GAME.requests(state)[0]
    assert "repel F7" in turn.default and GAME.check(state, turn, GAME.parse(turn, turn.default).orders) == []


def test_standing_orders_can_be_changed_in_the_players_own_turn_email() -> None:
    state = new_state()
    state, events, _ = play(state, "anchor\ndrift F2\nhold fire", CALM)
    assert state["standing"]["british"] == {"drift": [2], "fire": "hold", "hold": [], "priority": {}}
    assert said(events, "The British standing orders now: drift F2")


def test_standing_orders_of_the_enemy_apply_from_the_optional_request() -> None:
    state = new_state()
    state, _, _ = play(state, "anchor", CALM, standing="drift B1 B2")
    assert state["standing"]["french"]["drift"] == [1, 2]


# -- END OF GAME and VICTORY -----------------------------------------------------------------
def test_end_of_game_when_no_ship_is_left_to_capture_or_sink() -> None:
    state = board({"B3": "d4", "F1": "d8"}, B3={"hull": 0})
    state, events, _ = play(state, "anchor", {**CALM, "sinking:B3": 6})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("french",) and "captures tied" in outcome.reason
    assert GAME.requests(state) == [] and said(events, "The game is over")


def test_victory_most_captured_ships_wins_before_sinkings() -> None:
    state = board({"B3": "d7", "F1": "a1"})
    state["tally"] = {"british": {"captured": 1, "sunk": 0}, "french": {"captured": 0, "sunk": 5}}
    state, _, _ = play(state, "sail B3 d8 dock", {"wind:white": 4, "wind:red": 4})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("british",) and "most ships captured" in outcome.reason


def test_victory_tied_captures_and_sinkings_is_a_draw() -> None:
    state = board({"B3": "d7", "F1": "a1"})
    state, _, _ = play(state, "sail B3 d8 dock", {"wind:white": 4, "wind:red": 4})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and "tied" in outcome.reason


def test_turn_limit_option_ends_the_game_by_the_victory_rule() -> None:
    state = new_state(**{"max-turns": "2"})
    state, _, _ = play(state, "anchor", CALM)
    assert GAME.outcome(state) is None
    state, _, _ = play(state, "anchor", CALM)
    assert GAME.outcome(state) is not None and "max-turns" in GAME.outcome(state).reason


# -- boards ------------------------------------------------------------------------------
def test_board_text_upper_case_british_lower_case_french_and_a_ship_table() -> None:
    state = board({"B1": "d4", "F3": "e5"}, F3={"hull": 2, "fires": {"uncontrolled": 1, "controlled": 0}})
    text = GAME.board_text(GAME.view(state, None))
    assert "4   .." in text and "1Q" in text and "3d" in text
    assert any(line.startswith("B1   d4") for line in text.splitlines())
    assert "1u0c" in text and "British: captured 0, sunk 0" in text


def test_board_svg_is_self_contained_and_draws_each_ship() -> None:
    state = board({"B1": "d4", "F3": "e5"}, B1={"broken": 1})
    svg = GAME.board_svg(state)
    root = ET.fromstring(svg)
    ids = {g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")}
    assert {"B1", "F3"} <= ids
    assert "href" not in svg and "stroke-dasharray" in svg  # the broken mast


# -- whole games ---------------------------------------------------------------------------
def invariants(state: dict[str, Any]) -> None:
    squares = [s["square"] for s in B.afloat(state)]
    assert len(squares) == len(set(squares)), "two ships on a square"
    for ship in state["ships"].values():
        assert 0 <= ship["hull"] <= ship["class"]
        assert 0 <= ship["broken"] <= ship["masts"] <= 3
        assert all(SKILL_MIN <= v <= SKILL_MAX for v in ship["skills"].values())
        assert ship["fires"]["uncontrolled"] >= 0 and ship["fires"]["controlled"] >= 0
        if ship["square"] is None:
            assert ship["status"] in ("docked", "sunk", "captured")
        else:
            assert B.is_square(ship["square"]) and ship["status"] == "afloat"
    gone = sum(1 for s in state["ships"].values() if s["status"] in ("sunk", "captured"))
    tallied = sum(t["captured"] + t["sunk"] for t in state["tally"].values())
    assert gone == tallied


def play_bot_game(seed: int, limit: int = 2000, **options: str) -> tuple[dict[str, Any], int]:
    """The pure loop: setup -> requests -> bot text -> parse -> check -> canonical -> re-parse -> resolve."""
    rng = random.Random(seed)
    state = new_state(**options)
    n = 0
    while GAME.outcome(state) is None and n < limit:
        n += 1
        orders = {}
        for req in GAME.requests(state):
            text = GAME.bot(state, req, rng)
            parsed = GAME.parse(req, text)
            assert parsed.ok, (text, parsed.problems)
            assert [p for p in GAME.check(state, req, parsed.orders) if p.kind != "warning"] == [], text
            canon = GAME.canonical(req, parsed.orders)
            orders[req.key] = GAME.parse(req, canon).orders
        before = {sid: (s["status"], s["hull"], s["class"]) for sid, s in state["ships"].items()}
        state, events = GAME.resolve(state, orders, Dice(f"{seed}:{n}".encode()))
        assert all(e.text for e in events)
        for sid, (status, hull, klass) in before.items():
            if status == "afloat" and state["ships"][sid]["status"] == "docked":  # the bot docks wrecks only
                assert hull == 0 or (hull <= 1 and hull < klass), (sid, hull, klass)
        invariants(state)
    return state, n


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    reactions=st.sampled_from(["standing", "live"]),
    ram=st.sampled_from(["no", "yes"]),
)
def test_bot_games_keep_every_invariant_and_end(seed: int, reactions: str, ram: str) -> None:
    state, turns = play_bot_game(seed, reactions=reactions, **{"ram-opens": ram})
    outcome = GAME.outcome(state)
    assert outcome is not None, f"game {seed} did not end in {turns} turns"
    assert "max-turns" not in outcome.reason  # natural ends
    assert any(not B.afloat(state, side) for side in B.SIDES)
