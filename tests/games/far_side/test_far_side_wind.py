"""2 WIND and 3 EVENT known before the orders: rolled at the close of the turn before, published,
applied to the ship the player chooses; gusts rolled at resolution for every MOVE expended."""

from __future__ import annotations

from far_side_helpers import GAME, board, play, said

from adjudicator.games.dice import Dice
from adjudicator.games.far_side.wind import roll_wind, wind_text


def test_step_02_wind_of_the_first_turn_is_rolled_from_the_setup_seed() -> None:
    pins = {"wind:white": 6, "wind:red": 3}
    state = GAME.setup(GAME.parse_options({"first": "french"}), ["british", "french"], Dice(b"s", pins=pins))
    wind = state["wind"]
    assert (wind["turn"], wind["seat"], wind["white"], wind["red"], wind["move"], wind["gusts"]) == (
        1,
        "french",
        6,
        3,
        3,
        1,
    )
    assert "Wind for turn 1 (French): white 6, red 3: MOVE 3" in GAME.board_text(GAME.view(state, "french"))


def test_step_02_the_next_players_wind_is_rolled_at_the_close_of_the_turn_and_published() -> None:
    state = board({"B3": "d4", "F3": "e1"})
    pins = {"wind:white": 2, "wind:red": 2}  # this turn's wind (published before)
    state, events, dice = play(state, "anchor", pins | {"wind:white": 2})
    assert state["active"] == "french" and state["wind"]["turn"] == 2 and state["wind"]["seat"] == "french"
    rolled = {r.key for r in dice.log}
    assert {"wind:white", "wind:red"} <= rolled  # from this turn's dice, after every order was sealed
    published = [e for e in events if e.kind == "wind" and e.text.startswith("Wind for turn 2 (French)")]
    assert published and published[0].data["wind"] == state["wind"]


def test_step_02_the_published_wind_decides_the_move_of_the_next_turn() -> None:
    state = board({"B3": "d4", "F3": "e1"})
    state, _, _ = play(state, "anchor", {"wind:white": 2, "wind:red": 2})
    state["wind"] = roll_wind(Dice(b"w", pins={"wind:white": 6, "wind:red": 4}), 2, "french")
    state, events, _ = play(state, "sail F3 e2 e3 e4")  # no wind pins: the published wind applies
    assert said(events, "Wind (published last turn): white 6, red 4: MOVE 3")
    assert state["ships"]["F3"]["square"] == "e4"


def test_step_02_no_new_wind_while_the_turn_waits_for_the_rest_of_the_sail() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    state, _, _ = play(state, "sail B3 d5\nif move > path: ask", {"wind:white": 6, "wind:red": 6})
    assert state["pending"] and state["wind"]["turn"] == 1
    state, events, _ = play(state, "continue straight")
    assert state["wind"]["turn"] == 2 and said(events, "Wind for turn 2 (French)")


def test_step_03_event_skill_roll_falls_on_the_chosen_ship_its_skill_rolled_at_resolution() -> None:
    """The white 1 is published with the wind; the skill it raises is rolled at resolution."""
    wind = roll_wind(Dice(b"w", pins={"wind:white": 1, "wind:red": 2}), 1, "british")
    assert wind["skill_white"] is True and "white 1: +1 to a skill to the ship in turn" in wind_text(wind)
    state = board({"B3": "d4", "B5": "a4", "F1": "a1"})
    state["wind"] = wind
    state, _, _ = play(state, "anchor B5", {"event:skill:white": 3})
    assert state["ships"]["B5"]["skills"]["CMD"] == 1 and state["ships"]["B3"]["skills"]["CMD"] == 0


def test_step_03_storm_known_in_advance_can_be_answered_by_pumping() -> None:
    """A red 5 storm: the player knows a storm strikes the ship in turn, not what it damages; the
    damage (here hull, its last point) is rolled at resolution and the pumps keep the ship afloat."""
    wind = roll_wind(Dice(b"w", pins={"wind:white": 2, "wind:red": 5}), 1, "british")
    assert wind["storm"] is True and "red 5: storm damage to the ship in turn" in wind_text(wind)
    state = board({"B7": "d4", "F1": "a1"})
    state["wind"] = wind
    state, events, _ = play(state, "anchor B7\nrepair B7 pumps 1 from gun 1", {"storm": 1, "pumps:B7:1": 2})
    assert state["ships"]["B7"]["hull"] == 0 and state["ships"]["B7"]["square"] == "d4"
    assert said(events, "kept afloat") and not said(events, "sinks")


def test_step_03_the_storm_damage_and_its_skill_are_rolled_at_resolution_not_with_the_wind() -> None:
    """Reading: the book's captain chose his ship before the storm was rolled, so its damage is not
    published: nobody can put a known damage on a ship where it does nothing."""
    dice = Dice(b"w", pins={"wind:white": 2, "wind:red": 5})
    wind = roll_wind(dice, 3, "british")
    assert wind["storm"] is True and not any(r.key.startswith("storm") for r in dice.log)
    state = board({"B3": "d4", "F1": "a1"})
    state["wind"] = wind
    state, events, dice = play(state, "anchor B3", {"storm": 3, "storm:skill": 4})
    assert {r.key for r in dice.log} >= {"storm", "storm:skill"} and said(events, "B3 loses a level of MOR")
    calm = roll_wind(Dice(b"w", pins={"wind:white": 2, "wind:red": 4}), 3, "french")
    assert not calm["storm"] and calm["gusts"] == 0 and "no event" in wind_text(calm)


def test_step_02_a_state_without_a_published_wind_rolls_it_at_resolution() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    del state["wind"]
    req = GAME.requests(state)[0]
    orders = {req.key: GAME.parse(req, "sail B3 d5 d6 d7").orders}
    pins = {"wind:white": [6, 2], "wind:red": [4, 2]}  # this turn's, then the next turn's
    state, events = GAME.resolve(state, orders, Dice(b"t", pins=pins))
    assert said(events, "Wind (rolled now): white 6, red 4: MOVE 3")
    assert state["ships"]["B3"]["square"] == "d7" and state["wind"]["white"] == 2
