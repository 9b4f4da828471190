"""The bot plays the game's aims: it seeks the weather gage with the wind it knows, closes with and
grapples engaged ships it can board, routes the wind's events, and docks only damaged ships."""

from __future__ import annotations

import random

from far_side_helpers import GAME, board, play, request, said

from adjudicator.games.dice import Dice
from adjudicator.games.far_side.bot import exact_paths
from adjudicator.games.far_side.wind import roll_wind


def publish(state: dict, **pins: int) -> dict:
    keys = {k.replace("_", ":"): v for k, v in pins.items()}
    state["wind"] = roll_wind(Dice(b"w", pins=keys), state["turn"], state["active"])
    return state


def bot_text(state: dict, seed: int = 0) -> str:
    return GAME.bot(state, request(state), random.Random(seed))


def test_exact_paths_sail_the_whole_move_never_back_to_the_square_just_left() -> None:
    state = board({"B3": "a8", "F1": "h1"})
    assert "a8" not in exact_paths(state, state["ships"]["B3"], 2)  # a8 a7 a8 returns to a8 at once
    ends = exact_paths(state, state["ships"]["B3"], 3)
    assert "a8" in ends and len(set(ends["a8"])) == 3  # a loop back over the start is allowed
    assert all(len(p) == 3 for p in ends.values()) and exact_paths(state, state["ships"]["B3"], 0) == {}


def test_bot_step_06_seeks_the_weather_gage_with_the_wind_it_knows() -> None:
    # white 6 (2) - red 2 (0) + CMD 3 = +5 on any target: B1 sails 2 squares to have F8 in range
    state = publish(
        board({"B1": "d8", "F8": "d2", "F1": "a1"}, B1={"skills": {"CMD": 3}}), wind_white=6, wind_red=2
    )
    text = bot_text(state)
    assert text.startswith("sail B1 ") and "windward F8" in text and "fire B1 at F8" in text
    state, events, _ = play(state, text)
    assert said(events, "B1 has the weather gage and attacks F8 first")


def test_bot_step_26_grapples_an_engaged_ship_alongside_that_is_not_larger() -> None:
    state = publish(
        board(
            {"B1": "d4", "B8": "a8", "F7": "d5", "F1": "h1"},
            B1={"engaged": "long"},
            F7={"engaged": "long"},
        ),
        wind_white=2,
        wind_red=2,
    )
    text = bot_text(state)
    assert "fire B1 at F7" in text and "grapple B1 at F7" in text and "repair B1" not in text


def test_bot_step_27_always_repels_and_never_lends_brd_from_a_grappled_ship() -> None:
    state = board({"B1": "d4", "F3": "d5"}, active="french", B1={"engaged": "short"}, F3={"engaged": "short"})
    state["grapples"] = [["B1", "F3"]]
    state["ships"]["F3"]["hull"] = 0
    publish(state, wind_white=2, wind_red=2)
    text = GAME.bot(state, request(state), random.Random(1))
    assert "repel F3" in text and "repair F3 pumps 2 from" in text and "brd" not in text.split("repair F3")[1]


def test_bot_step_03_a_white_1_goes_to_the_flagship_and_a_red_1_to_the_sacrificial_ship() -> None:
    places = {"B1": "a8", "B8": "h8", "F1": "a1"}
    gain = publish(board(places), wind_white=1, wind_red=4, event_skill_white=3)
    assert bot_text(gain).splitlines()[0].split()[:2] in (["sail", "B1"], ["anchor", "B1"])
    loss = publish(board(places), wind_white=4, wind_red=1, event_skill_red=3)
    assert bot_text(loss).splitlines()[0] == "anchor B8"


def test_bot_step_04_never_docks_an_undamaged_class_1_ship() -> None:
    state = publish(board({"B8": "h8", "F1": "a1"}), wind_white=4, wind_red=4)
    assert "dock" not in bot_text(state)
    state["ships"]["B8"]["hull"] = 0
    assert bot_text(state).startswith("sail B8 dock")
