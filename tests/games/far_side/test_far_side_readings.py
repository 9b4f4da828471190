"""Readings where the book's order of decisions meets orders sealed a turn ahead: a ship sails its
whole MOVE whatever a standing drift or a ram that cannot happen does to its path; repairs are
checked against the published wind; the board shows the ranges and the standing orders in force."""

from __future__ import annotations

from far_side_helpers import GAME, board, play, problems, said

from adjudicator.games.dice import Dice
from adjudicator.games.far_side.wind import roll_wind

MOVE_4 = {"wind:white": 6, "wind:red": 6}
WEST = {"drift:white": 5, "drift:red": 3}  # as the British see it: one square west (c4 from d4)
ENGAGED = {"engaged": "long"}


def drifting() -> dict:
    """B3 at d4 engaged with F1 far off; the French standing order drifts B3."""
    state = board({"B3": "d4", "F1": "h1"}, B3=ENGAGED, F1=ENGAGED)
    state["standing"]["french"]["drift"] = [3]
    return state


# -- 4 MOVEMENT: must sail ----------------------------------------------------------------------
def test_must_sail_a_standing_drift_shifts_the_sealed_path_with_the_ship() -> None:
    """1 DRIFT & TIDES before 4 MOVEMENT: the standing drift (chosen before the enemy saw this
    turn) takes B3 from d4 to c4; its path e5 e6, written from d4, is sailed shifted with it
    (d5 d6) and the rest of the MOVE straight on, instead of being void at its first square."""
    state, events, _ = play(drifting(), "sail B3 e5 e6", {**MOVE_4, **WEST})
    assert said(events, "it drifts from d4 to c4") and said(events, "e5 e6 -> d5 d6")
    assert state["ships"]["B3"]["square"] == "d8"  # d5 d6, then straight on: d7 d8


def test_must_sail_a_ram_out_of_reach_after_a_drift_does_not_stop_the_ship() -> None:
    """The drift shifts the path out of reach of the ship to ram: no ram, and B3 sails on."""
    state = board({"B3": "d4", "F1": "e6", "F2": "h1"}, B3=ENGAGED, F1=ENGAGED)
    state["standing"]["french"]["drift"] = [3]
    state, events, _ = play(state, "sail B3 d5\nram F1", {**MOVE_4, **WEST})
    assert said(events, "F1 is not adjacent to B3: no ram, B3 sails on")
    assert state["ships"]["B3"]["square"] == "c8"  # c5, then straight on: c6 c7 c8


def test_step_04_a_ram_without_move_left_is_reported() -> None:
    """A ram needs MOVE left after the path: when the path spends it all, the report says so."""
    state = board({"B3": "d4", "F1": "d8"}, B3=ENGAGED, F1=ENGAGED)
    state, events, _ = play(state, "sail B3 d5 d6 d7 c7\nram F1", MOVE_4)
    assert state["ships"]["B3"]["square"] == "c7"
    assert said(events, "B3 has no MOVE left to ram F1")


# -- 3 EVENT and 7 REPAIRS: the published wind ---------------------------------------------------
def red_one(state: dict) -> dict:
    state["wind"] = roll_wind(
        Dice(b"w", pins={"wind:white": 2, "wind:red": 1}), state["turn"], state["active"]
    )
    return state


def test_step_07_warning_when_a_published_red_1_may_leave_a_repair_of_the_ship_in_turn_short() -> None:
    """The published red 1 lowers a skill of the ship in turn (rolled at resolution) before the
    repairs: lending GUN down to -3 is warned of (it is cut if GUN is the skill lowered)."""
    state = red_one(board({"B1": "a8", "B3": "d4", "F1": "a1"}, B3={"hull": 1}))
    found = problems(state, "anchor B3\nrepair B3 pumps 1 rigging 2 from gun 3")
    assert [(p.kind, p.line, p.rule) for p in found] == [("warning", 2, "3 Event")]
    assert "red 1" in found[0].message and "GUN" in found[0].message
    assert problems(state, "anchor B3\nrepair B3 pumps 1 rigging 1 from gun 2") == []
    assert problems(state, "anchor B1\nrepair B3 pumps 1 rigging 2 from gun 3") == []  # B1 meets it


def test_step_07_a_repair_a_wind_event_leaves_short_is_cut_from_its_last_task_not_dropped() -> None:
    """Reading: the red 1 took a level of GUN before the repairs; the repair that lent 3 GUN gets
    2 tokens: the pumps (written first) and one rigging roll are kept, the last rigging roll cut."""
    state = red_one(board({"B3": "d4", "F1": "a1"}, B3={"hull": 0, "broken": 2}))
    pins = {"event:skill:red": 2, "pumps:B3:1": 1, "rigging:B3:1": 1}  # skill roll 2 = GUN
    state, events, dice = play(state, "anchor B3\nrepair B3 pumps 1 rigging 2 from gun 3", pins)
    assert said(events, "B3 loses a level of GUN") and said(events, "short: GUN 1")
    assert said(events, "kept afloat") and state["ships"]["B3"]["broken"] == 1
    assert "rigging:B3:2" not in {r.key for r in dice.log} and said(events, "cut from its last task")
    assert state["ships"]["B3"]["skills"]["GUN"] == -3 and state["ships"]["B3"]["repair"]["GUN"] == 2


# -- 5 RANGE IN ALL GUNS and the standing orders, on the board ------------------------------------
def test_step_05_the_board_lists_the_ranges_of_every_ship() -> None:
    state = board({"B1": "d4", "B8": "h8", "F1": "d6", "F7": "d5"})
    text = GAME.board_text(state)
    assert "  B1: F7 short, F1 long 1" in text  # class 4: both in range, nearest first
    assert "  B8: no enemy ship in range" in text
    assert "  F7: B1 short" in text and "  F1: B1 long 1" in text


def test_standing_orders_in_force_are_shown_on_the_board() -> None:
    state = board({"B1": "d4", "F1": "d6"})
    state["standing"]["french"] = {"drift": [1], "fire": "will", "hold": [2], "priority": {"1": [1]}}
    text = GAME.board_text(state)
    assert "  British: drift ignore; return fire" in text
    assert "  French: drift B1; fire at will; hold fire F2; priority F1 B1" in text
