"""Steps 7-10: repairs & damage control (pumps, rigging, command transfer, fires), burn damage,
sinking ships, sunk ships and rescue operations."""

from __future__ import annotations

from far_side_helpers import board, play, problems, said

from adjudicator.games.far_side import tables as T

CALM = {"wind:white": 2, "wind:red": 2}  # MOVE 0, no event


# -- 7 REPAIRS & DAMAGE CONTROL --------------------------------------------------------
def test_repairs_skills_lent_are_reduced_and_return_next_turn() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"skills": {"GUN": 1}, "broken": 1})
    state, _, _ = play(
        state, "anchor\nrepair B3 rigging 2 from gun 2", {**CALM, "rigging:B3:1": 4, "rigging:B3:2": 4}
    )
    ship = state["ships"]["B3"]
    assert ship["skills"]["GUN"] == -1 and ship["repair"]["GUN"] == 2
    state, _, _ = play(state, "anchor", CALM)  # the French turn
    state, _, _ = play(state, "anchor", CALM)  # the British turn: repair tokens removed
    assert state["ships"]["B3"]["skills"]["GUN"] == 1 and state["ships"]["B3"]["repair"]["GUN"] == 0


def test_repairs_allocating_cmd_or_mor_is_a_problem() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    for skill in ("cmd", "mor"):
        found = problems(state, f"anchor\nrepair B3 pumps 1 from {skill} 1")
        assert found and found[0].line == 2 and found[0].rule.startswith("7")
        assert "can not be allocated" in found[0].message and "SEA, GUN, AIM or BRD" in found[0].suggestion


def test_repairs_no_skill_may_be_lent_below_minus_3() -> None:
    found = problems(
        board({"B3": "d4", "F1": "a1"}, B3={"skills": {"SEA": -2}}), "repair B3 pumps 2 from sea 2"
    )
    assert found and "below -3" in found[0].message


def test_repairs_tasks_and_skills_must_balance() -> None:
    found = problems(board({"B3": "d4", "F1": "a1"}), "repair B3 pumps 2 from sea 1")
    assert found and found[0].kind == "invalid"


def test_man_the_pumps_1_2_keeps_the_ship_afloat() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"hull": 0})
    state, _events, dice = play(state, "repair B3 pumps 1 from sea 1", {**CALM, "pumps:B3:1": 2})
    assert state["ships"]["B3"]["status"] == "afloat"
    assert not any(r.key.startswith("sinking") for r in dice.log)


def test_man_the_pumps_3_6_keep_pumping_then_the_sinking_roll() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"hull": 0})
    state, events, _ = play(state, "repair B3 pumps 1 from sea 1", {**CALM, "pumps:B3:1": 3, "sinking:B3": 2})
    assert said(events, "keep pumping") and state["ships"]["B3"]["sinking"] is True


def test_unfoul_spars_and_rigging_1_2_removes_a_broken_mast() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"broken": 2})
    state, _, _ = play(
        state, "repair B3 rigging 2 from sea 1 aim 1", {**CALM, "rigging:B3:1": 1, "rigging:B3:2": 3}
    )
    assert state["ships"]["B3"]["broken"] == 1


def test_extinguish_fires_1_2_removes_the_fire() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"fires": {"uncontrolled": 1, "controlled": 0}})
    state, _, _ = play(state, "repair B3 fires 1 from sea 1", {**CALM, "fires:B3:1": 2})
    assert state["ships"]["B3"]["fires"] == {"uncontrolled": 0, "controlled": 0}


def test_extinguish_fires_reading_2_4_after_1_2_is_3_4_an_uncontrolled_fire_is_controlled() -> None:
    """Reading of the book's "1,2 ... 2-4 ...": the overlapping 2 belongs to the first band."""
    assert [T.FIRES[f] for f in range(1, 7)] == ["out", "out", "control", "control", "rages", "rages"]
    state = board({"B3": "d4", "F1": "a1"}, B3={"fires": {"uncontrolled": 1, "controlled": 0}})
    state, _, _ = play(state, "repair B3 fires 1 from sea 1", {**CALM, "fires:B3:1": 3})
    assert state["ships"]["B3"]["fires"] == {"uncontrolled": 0, "controlled": 1}


def test_extinguish_fires_3_4_puts_out_a_controlled_fire() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"fires": {"uncontrolled": 0, "controlled": 1}})
    state, _, _ = play(state, "repair B3 fires 1 from sea 1", {**CALM, "fires:B3:1": 4})
    assert state["ships"]["B3"]["fires"] == {"uncontrolled": 0, "controlled": 0}


def test_extinguish_fires_5_6_rages_on_but_the_controlled_fire_was_attended() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"fires": {"uncontrolled": 0, "controlled": 1}})
    state, _, dice = play(state, "repair B3 fires 1 from sea 1", {**CALM, "fires:B3:1": 6})
    assert state["ships"]["B3"]["fires"] == {"uncontrolled": 0, "controlled": 1}
    assert not any(r.key.startswith("burn:") for r in dice.log)  # controlled and attended: no burn roll


# -- TRANSFER COMMAND ------------------------------------------------------------------
def test_transfer_command_takes_place_next_turn() -> None:
    state = board({"B3": "d4", "B4": "e4", "F1": "a1"}, B3={"skills": {"CMD": 2}})
    state, events, _ = play(state, "anchor\ntransfer B3 cmd 2 to B4 from gun 1 aim 1", CALM)
    assert state["ships"]["B3"]["transfer"] == {"to": "B4", "levels": 2}
    assert state["ships"]["B3"]["skills"]["CMD"] == 0  # replaced by transfer tokens
    state, _, _ = play(state, "anchor", CALM)
    state, events, _ = play(state, "anchor", CALM)
    assert state["ships"]["B4"]["skills"]["CMD"] == 2 and state["ships"]["B3"]["transfer"] is None
    assert said(events, "Command passes from B3 to B4")


def test_transfer_command_to_a_ship_not_adjacent_is_a_problem() -> None:
    found = problems(
        board({"B3": "d4", "B4": "g4", "F1": "a1"}, B3={"skills": {"CMD": 1}}),
        "transfer B3 cmd 1 to B4 from gun 1",
    )
    assert found and "not adjacent" in found[0].message and found[0].rule == "7 Repairs: Transfer Command"


def test_transfer_command_to_a_ship_that_moved_is_a_problem() -> None:
    state = board({"B3": "d4", "B4": "e4", "F1": "a1"}, B3={"skills": {"CMD": 1}})
    found = problems(state, "sail B4 e5\ntransfer B3 cmd 1 to B4 from gun 1")
    assert found and found[0].line == 2 and "moves this turn" in found[0].message


def test_transfer_command_ships_can_not_move_until_it_takes_place() -> None:
    state = board({"B3": "d4", "B4": "e4", "F1": "a1"}, B3={"skills": {"CMD": 1}})
    state, _, _ = play(state, "anchor\ntransfer B3 cmd 1 to B4 from gun 1", CALM)
    state, _, _ = play(state, "anchor", CALM)
    found = problems(state, "sail B4 e5")
    assert found and "bound by a command transfer" in found[0].message


def test_transfer_command_more_levels_than_cmd_is_a_problem() -> None:
    found = problems(board({"B3": "d4", "B4": "e4", "F1": "a1"}), "transfer B3 cmd 1 to B4 from gun 1")
    assert found and "CMD" in found[0].message


# -- 8 BURN DAMAGE ---------------------------------------------------------------------------
def test_burn_damage_controlled_fire_not_attended_becomes_uncontrolled() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"fires": {"uncontrolled": 0, "controlled": 1}})
    state, _events, _ = play(state, "anchor", {**CALM, "burn:B3:1": 5})
    assert state["ships"]["B3"]["fires"] == {"uncontrolled": 1, "controlled": 0}


def test_burn_damage_1_fire_spreads() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"fires": {"uncontrolled": 1, "controlled": 0}})
    state, _, _ = play(state, "anchor", {**CALM, "burn:B3:1": 1})
    assert state["ships"]["B3"]["fires"]["uncontrolled"] == 2


def test_burn_damage_2_3_powder_keg_one_damage_on_the_burn_row() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"fires": {"uncontrolled": 1, "controlled": 0}})
    state, _, _ = play(state, "anchor", {**CALM, "burn:B3:1": 3, "burn-damage:B3:1": 6})
    assert state["ships"]["B3"]["broken"] == 1  # BURN row: H H S S S R
    state = board({"B3": "d4", "F1": "a1"}, B3={"fires": {"uncontrolled": 1, "controlled": 0}})
    state, _, _ = play(state, "anchor", {**CALM, "burn:B3:1": 2, "burn-damage:B3:1": 2})
    assert state["ships"]["B3"]["hull"] == 2


def test_burn_damage_4_6_no_damage() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"fires": {"uncontrolled": 1, "controlled": 0}})
    state, _, _ = play(state, "anchor", {**CALM, "burn:B3:1": 4})
    assert state["ships"]["B3"]["hull"] == 3 and state["ships"]["B3"]["fires"]["uncontrolled"] == 1


# -- 9 SINKING SHIPS, 10 SUNK SHIPS --------------------------------------------------------
def test_sinking_1_3_remains_afloat_with_a_sinking_token() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"hull": 0})
    state, _, _ = play(state, "anchor", {**CALM, "sinking:B3": 3})
    assert state["ships"]["B3"]["square"] == "d4" and state["ships"]["B3"]["sinking"]


def test_sinking_4_6_ship_sinks_and_the_enemy_tallies_it() -> None:
    state = board({"B3": "d4", "B4": "a8", "F1": "a1"}, B3={"hull": 0})
    state, _events, _ = play(state, "anchor", {**CALM, "sinking:B3": 4})
    ship = state["ships"]["B3"]
    assert ship["status"] == "sunk" and ship["square"] is None
    assert state["tally"]["french"]["sunk"] == 1


def test_sinking_only_the_ships_of_the_player_in_turn_roll() -> None:
    """Reading: steps 7-10 are the player in turn's own ships (only they could man the pumps)."""
    state = board({"B3": "d4", "F1": "a1", "F2": "h1"}, F1={"hull": 0})
    state, _, dice = play(state, "anchor", CALM)
    assert not any(r.key.startswith("sinking") for r in dice.log)


def test_sunk_ships_negative_skills_and_broken_masts_are_removed() -> None:
    state = board(
        {"B3": "d4", "B4": "a8", "F1": "a1"}, B3={"hull": 0, "broken": 2, "skills": {"GUN": -2, "SEA": 1}}
    )
    state, _, _ = play(state, "anchor", {**CALM, "sinking:B3": 6})
    ship = state["ships"]["B3"]
    assert ship["broken"] == 0 and ship["skills"]["GUN"] == 0


def test_rescue_operations_1_2_a_crew_member_is_rescued_by_an_adjacent_ship() -> None:
    state = board({"B3": "d4", "F2": "d5", "F1": "a1"}, B3={"hull": 0, "skills": {"SEA": 1, "CMD": 1}})
    pins = {**CALM, "sinking:B3": 5, "rescue:B3:F2:SEA:1": 1, "rescue:B3:F2:CMD:1": 4}
    state, events, _ = play(state, "anchor", pins)
    assert state["ships"]["F2"]["skills"]["SEA"] == 1  # rescued
    assert state["ships"]["F2"]["skills"]["CMD"] == 0  # drowned or captured
    assert said(events, "drowned or captured")


def test_rescue_levels_go_in_turn_to_each_adjacent_ship() -> None:
    state = board({"B3": "d4", "F2": "d5", "B4": "c4", "F1": "a1"}, B3={"hull": 0, "skills": {"SEA": 2}})
    pins = {**CALM, "sinking:B3": 5, "rescue:B3:B4:SEA:1": 2, "rescue:B3:F2:SEA:2": 2}
    state, _, _ = play(state, "anchor", pins)
    assert state["ships"]["B4"]["skills"]["SEA"] == 1 and state["ships"]["F2"]["skills"]["SEA"] == 1


def test_rescue_no_adjacent_ship_no_rescue_roll() -> None:
    state = board({"B3": "d4", "B4": "a8", "F1": "a1"}, B3={"hull": 0, "skills": {"SEA": 2}})
    state, _, dice = play(state, "anchor", {**CALM, "sinking:B3": 5})
    assert not any(r.key.startswith("rescue") for r in dice.log)
