"""Steps 11-29: rules of engagement, weather gage, simultaneous attacks, tactical advantage,
bow chasers, the combat charts, heavy broadside, fire, accuracy, muskets, inept crews,
blunders, damage distribution, heated shot, grapeshot, grapple, repel, board, captured ships."""

from __future__ import annotations

from typing import Any

import pytest
from far_side_helpers import board, play, problems, said, texts

from adjudicator.games.far_side import tables as T
from adjudicator.games.far_side.combat import attack_dice
from adjudicator.games.far_side.ships import new_ship

CALM = {"wind:white": 2, "wind:red": 2}  # MOVE 0, no event
ENGAGED = {"engaged": "long"}


def misses(prefix: str, n: int) -> dict[str, int]:
    return {f"{prefix}:{k}": 6 for k in range(1, n + 1)}


def keys(dice: Any, prefix: str) -> list[str]:
    return [r.key for r in dice.log if r.key.startswith(prefix)]


# -- 11 RAISE THE ENSIGN (RULES OF ENGAGEMENT) -------------------------------------------
def test_rules_of_engagement_a_ship_without_engagement_token_can_not_be_attacked_without_the_gage() -> None:
    state = board({"B1": "d4", "F1": "d6"})
    state, events, dice = play(state, "anchor\nfire B1 at F1", CALM)
    assert said(events, "F1 is not engaged") and not keys(dice, "attack")


def test_rules_of_engagement_an_engaged_ship_is_fair_game_and_the_attacker_becomes_engaged() -> None:
    state = board({"B1": "d4", "B2": "a8", "F1": "d6", "F2": "h1"}, B2=ENGAGED, F1=ENGAGED)
    state["ships"]["B2"]["square"] = "c7"  # an engaged British ship in range of F1
    state, _events, dice = play(state, "anchor\nfire B1 at F1\nhold fire", CALM, standing="hold fire")
    assert keys(dice, "attack:B1-F1")
    assert state["ships"]["B1"]["engaged"] == "long" and state["ships"]["B1"]["fired"] is True


def test_rules_of_engagement_tokens_turn_heads_up_each_round() -> None:
    state = board(
        {"B1": "d4", "F1": "d6"}, B1={"engaged": "long", "fired": True}, F1={"engaged": "long", "fired": True}
    )
    state, _, _ = play(state, "anchor", CALM, standing="hold fire")
    assert state["ships"]["B1"]["fired"] is False and state["ships"]["F1"]["fired"] is False


def test_rules_of_engagement_engaged_ship_out_of_range_of_all_engaged_enemies_loses_its_token() -> None:
    state = board({"B7": "a8", "F7": "h1"}, B7=ENGAGED, F7=ENGAGED)
    state, _events, _ = play(state, "anchor", CALM)
    assert state["ships"]["B7"]["engaged"] is None and state["ships"]["F7"]["engaged"] is None


def test_rules_of_engagement_no_ship_attacks_two_targets() -> None:
    found = problems(board({"B1": "d4", "F1": "d6", "F2": "e6"}), "fire B1 at F1\nfire B1 at F2")
    assert found and found[0].line == 2 and "more than one target" in found[0].suggestion
    assert found[0].rule.startswith("11")


# -- 6 WINDWARD POSITION and 12 WEATHER GAGE ----------------------------------------------
GAGE_ORDERS = "sail B1 d5 d6\nfire B1 at F1"  # MOVE 2: two squares, F1 at long range
# white 6 (MOVE 2) - red 2 (MOVE 0) + CMD 3 = 5 > 4: the weather gage
GAGE_WIND = {"wind:white": 6, "wind:red": 2}


def test_windward_position_greater_than_4_gives_the_weather_gage() -> None:
    state = board({"B1": "d4", "F1": "d8"}, B1={"skills": {"CMD": 3}})
    state, events, _ = play(state, GAGE_ORDERS, {**GAGE_WIND, "tact:B1-F1:white": 1, "tact:B1-F1:red": 6})
    assert said(events, "Windward position of B1 on F1: +5: it has the weather gage")
    assert said(events, "B1 has the weather gage and attacks F1 first")
    assert state["ships"]["F1"]["engaged"] and state["ships"]["B1"]["engaged"]


def test_windward_position_exactly_4_is_not_the_gage() -> None:
    state = board({"B1": "d4", "F1": "d8"}, B1={"skills": {"CMD": 2}})
    state, events, dice = play(state, GAGE_ORDERS, GAGE_WIND)
    assert said(events, "Windward position of B1 on F1: +4.") and not keys(dice, "attack")


def test_windward_position_counts_broken_masts_and_the_targets_negative_sea_and_cmd() -> None:
    state = board({"B1": "d4", "F1": "d8"}, B1={"broken": 1}, F1={"skills": {"SEA": -2, "CMD": -2}})
    state, events, _ = play(
        state, GAGE_ORDERS + "\nwindward F1", {**GAGE_WIND, "tact:B1-F1:white": 1, "tact:B1-F1:red": 6}
    )
    assert said(events, "Windward position of B1 on F1: +5")  # 2 - 0 - 1 + 0 + 2 + 2


def test_windward_position_not_when_engagement_tokens_are_in_play() -> None:
    state = board(
        {"B1": "d4", "F1": "d8", "B8": "h8", "F8": "h6"}, B1={"skills": {"CMD": 3}}, B8=ENGAGED, F8=ENGAGED
    )
    state, events, _ = play(state, GAGE_ORDERS, GAGE_WIND, standing="hold fire")
    assert not said(events, "Windward position")


def test_weather_gage_damage_is_assessed_before_the_target_returns_fire() -> None:
    state = board({"B1": "d4", "F1": "d8"}, B1={"skills": {"CMD": 3}})
    pins = {
        **GAGE_WIND,
        "tact:B1-F1:white": 1,
        "tact:B1-F1:red": 6,  # TACT 1+3-6 = -2: broadside both ways
        **misses("attack:B1-F1", 7),
        "attack:B1-F1:1": 1,
        "accuracy:B1-F1:1": 4,
        "blunder:B1-F1": 6,
        "damage:B1-F1:1": 3,
        "damage:B1-F1:1:skill": 2,  # S on GUN: F1 GUN -1 at once
        "grapeshot:B1-F1:1": 6,
        "heated:B1-F1:1": 6,
    }
    state, _events, dice = play(state, GAGE_ORDERS, pins)
    assert state["ships"]["F1"]["skills"]["GUN"] == -1
    assert keys(dice, "inept:F1-B1")  # F1 returned fire with its GUN already reduced


def test_weather_gage_optional_move() -> None:
    state = board({"B1": "d4", "F1": "d8"}, B1={"skills": {"CMD": 3}})
    state, events, _ = play(
        state, GAGE_ORDERS + "\ngage move e6", {**GAGE_WIND, "tact:B1-F1:white": 1, "tact:B1-F1:red": 6}
    )
    assert said(events, "optional weather-gage MOVE to e6")


# -- 13 SIMULTANEOUS ATTACKS ----------------------------------------------------------------
def test_simultaneous_attacks_damage_waits_in_the_pending_damage_log() -> None:
    state = board({"B1": "d4", "F1": "d6"}, B1=ENGAGED, F1=ENGAGED)
    pins = {
        "tact:B1-F1:white": 3,
        "tact:B1-F1:red": 4,  # TACT -1: broadside
        **misses("attack:B1-F1", 4),
        "attack:B1-F1:1": 1,
        "accuracy:B1-F1:1": 3,  # 3 is not listed: no change (reading)
        "blunder:B1-F1": 6,
        "damage:B1-F1:1": 3,
        "damage:B1-F1:1:skill": 2,  # S on GUN
        "grapeshot:B1-F1:1": 6,
        "heated:B1-F1:1": 6,
    }
    state, _events, dice = play(state, "anchor\nfire B1 at F1", {**CALM, **pins})
    assert state["ships"]["F1"]["skills"]["GUN"] == -1
    assert keys(dice, "attack:F1-B1") and not keys(dice, "inept:F1-B1")  # F1 fired with its GUN intact


def test_simultaneous_attacks_the_enemy_may_hold_fire() -> None:
    state = board({"B1": "d4", "F1": "d6"}, B1=ENGAGED, F1=ENGAGED)
    state, _events, dice = play(state, "anchor\nfire B1 at F1", CALM, standing="hold fire")
    assert keys(dice, "attack:B1-F1") and not keys(dice, "attack:F1-B1")


def test_fire_at_will_each_ship_picks_the_nearest_fair_target() -> None:
    state = board({"B1": "d4", "B2": "a4", "F1": "d6", "F2": "h1"}, F1=ENGAGED, B1=ENGAGED)
    state, _, dice = play(state, "anchor\nfire at will", CALM, standing="hold fire")
    assert keys(dice, "attack:B1-F1") and keys(dice, "attack:B2-F1")


# -- 14 TACTICAL ADVANTAGE, 15 BOW CHASERS, 17 HEAVY BROADSIDE --------------------------
def test_tactical_advantage_table() -> None:
    assert [T.tact_position(t) for t in (-3, -1, 0, 1, 4, 5, 9)] == [
        "broadside",
        "broadside",
        "bows-on",
        "heavy broadside",
        "heavy broadside",
        "rake the bow",
        "rake the bow",
    ]


def one_exchange(tact_white: int, tact_red: int, **ships: dict) -> tuple[dict, list, Any]:
    state = board(
        {"B1": "d4", "F1": "d5"},
        B1={"engaged": "short", **ships.get("B1", {})},
        F1={"engaged": "short", **ships.get("F1", {})},
    )
    pins = {
        **CALM,
        "tact:B1-F1:white": tact_white,
        "tact:B1-F1:red": tact_red,
        "blunder:B1-F1": 6,
        "blunder:F1-B1": 6,
        **misses("attack:B1-F1", 9),
        **misses("attack:F1-B1", 9),
    }
    return play(state, "anchor\nfire B1 at F1", pins)


def test_tactical_advantage_adds_sea_and_cmd_and_subtracts_broken_masts() -> None:
    _, events, _ = one_exchange(
        3, 3, B1={"skills": {"SEA": 1, "CMD": 1}, "broken": 1}, F1={"skills": {"SEA": -1}}
    )
    assert said(events, "white 3 -> 4, red 3 -> 2: TACT +2, heavy broadside")


def test_tactical_advantage_is_one_roll_per_pair_and_round() -> None:
    _, _, dice = one_exchange(3, 4)
    assert keys(dice, "tact") == ["tact:B1-F1:white", "tact:B1-F1:red"]


def test_bow_chasers_bows_on_both_fire_a_single_die() -> None:
    _, events, dice = one_exchange(4, 4)
    assert len(keys(dice, "attack:B1-F1")) == 1 and len(keys(dice, "attack:F1-B1")) == 1
    assert said(events, "B1 fires its bow-chasers") and said(events, "F1 fires its bow-chasers")


def test_bow_chasers_rake_the_bow_only_the_enemy_fires_chasers() -> None:
    _, _events, dice = one_exchange(6, 1)  # TACT +5
    assert len(keys(dice, "attack:F1-B1")) == 1
    assert len(keys(dice, "attack:B1-F1")) == 5  # reading: raking is a heavy broadside (4 + 1)


def test_heavy_broadside_adds_one_attack_die_for_the_player_in_turn() -> None:
    _, events, dice = one_exchange(5, 3)  # TACT +2
    assert len(keys(dice, "attack:B1-F1")) == 5 and len(keys(dice, "attack:F1-B1")) == 4
    assert said(events, "heavy broadside")


def test_bow_chasers_ignore_skill_levels() -> None:
    _, _, dice = one_exchange(4, 4, B1={"skills": {"GUN": -2, "AIM": -2}})
    assert not keys(dice, "inept:B1") and not keys(dice, "muskets:B1")


# -- 16 COMBAT CHARTS --------------------------------------------------------------------
def ship(klass: int = 2, **skills: int) -> dict:
    s = new_ship("british", 1, klass, "a1")
    s["skills"].update(skills)
    return s


@pytest.mark.parametrize(
    ("chart", "attacker", "target", "dice"),
    [
        ("range", {"SEA": 1, "GUN": 2, "CMD": 1, "MOR": 1, "AIM": 3, "BRD": 3}, {}, 2 + 5),
        ("range", {"SEA": -2}, {"SEA": -1, "CMD": -2, "GUN": -3, "MOR": -3}, 2 + 3),
        ("close", {"SEA": 3, "GUN": 1, "CMD": 1, "MOR": 1, "AIM": 1}, {}, 2 + 4),
        ("close", {}, {"SEA": -3, "CMD": -1, "MOR": -1, "AIM": -1, "BRD": -3}, 2 + 3),
        (
            "board",
            {"MOR": 1, "AIM": 1, "BRD": 2, "GUN": 3},
            {"MOR": -1, "AIM": -1, "BRD": -1, "CMD": -3},
            2 + 4 + 3,
        ),
        ("ram", {"SEA": 3, "GUN": 3, "BRD": 3}, {"SEA": -3}, 2),
    ],
)
def test_attack_dice_chart_for_range_close_board_and_ram(
    chart: str, attacker: dict, target: dict, dice: int
) -> None:
    assert attack_dice(ship(**attacker), ship(**target), chart) == dice


def test_attack_dice_never_fewer_than_one() -> None:
    weak = ship(1)
    weak["class"] = 0
    assert attack_dice(weak, ship(), "ram") == 1


# -- 18 FIRE!, 19 ACCURACY, 20 MUSKETS, 21 INEPT CREWS, 22 BLUNDERS -------------------------
def long_shot(pins: dict, **b1: Any) -> tuple[dict, list, Any]:
    state = board({"B3": "d4", "F1": "d7"}, B3={"engaged": "long", **b1}, F1=ENGAGED)
    base = {
        **CALM,
        "tact:B3-F1:white": 3,
        "tact:B3-F1:red": 4,
        "blunder:B3-F1": 6,
        **misses("attack:B3-F1", 9),
    }
    return play(state, "anchor\nfire B3 at F1", {**base, **pins}, standing="hold fire")


def test_fire_each_attack_die_of_1_is_a_hit() -> None:
    _, events, _ = long_shot(
        {
            "attack:B3-F1:1": 1,
            "attack:B3-F1:2": 1,
            "accuracy:B3-F1:1": 6,
            "accuracy:B3-F1:2": 6,
            "damage:B3-F1:1": 1,
            "damage:B3-F1:2": 1,
        }
    )
    assert said(events, "2 HIT") and said(events, "2 DAMAGE on F1 (long row): H, H")


def test_accuracy_dice_equal_the_range_less_gunnery() -> None:
    _, _, dice = long_shot({})
    assert len(keys(dice, "accuracy")) == 2  # two squares between d4 and d7
    _, _, dice = long_shot({}, skills={"GUN": 1})
    assert len(keys(dice, "accuracy")) == 1
    _, _, dice = long_shot({}, skills={"GUN": 3})
    assert len(keys(dice, "accuracy")) == 1  # never fewer than one


def test_accuracy_1_2_misses_the_target_minus_one_hit() -> None:
    _, events, _ = long_shot({"attack:B3-F1:1": 1, "accuracy:B3-F1:1": 2, "accuracy:B3-F1:2": 5})
    assert said(events, "No damage to F1")


def test_accuracy_3_is_not_listed_and_changes_nothing() -> None:
    _, events, _ = long_shot(
        {"attack:B3-F1:1": 1, "accuracy:B3-F1:1": 3, "accuracy:B3-F1:2": 3, "damage:B3-F1:1": 6}
    )
    assert said(events, "1 DAMAGE on F1 (long row): x")


def short_shot(pins: dict, **b1: Any) -> tuple[dict, list, Any]:
    state = board({"B3": "d4", "F1": "d5"}, B3={"engaged": "short", **b1}, F1={"engaged": "short"})
    base = {
        **CALM,
        "tact:B3-F1:white": 3,
        "tact:B3-F1:red": 4,
        "blunder:B3-F1": 6,
        **misses("attack:B3-F1", 9),
    }
    return play(state, "anchor\nfire B3 at F1", {**base, **pins}, standing="hold fire")


def test_muskets_on_the_fighting_top_one_die_per_negative_aim_at_short_range() -> None:
    _, events, dice = short_shot(
        {"attack:B3-F1:1": 1, "muskets:B3-F1:1": 1, "muskets:B3-F1:2": 5}, skills={"AIM": -2}
    )
    assert len(keys(dice, "muskets")) == 2 and said(events, "No damage to F1")
    _, _, dice = long_shot({}, skills={"AIM": -2})
    assert not keys(dice, "muskets")  # short range only


def test_inept_gun_crews_one_die_per_negative_gun_1_2_minus_one_hit() -> None:
    _, events, dice = short_shot({"attack:B3-F1:1": 1, "inept:B3-F1:1": 2}, skills={"GUN": -1})
    assert keys(dice, "inept") == ["inept:B3-F1:1"] and said(events, "No damage to F1")


def test_blunders_1_minus_one_hit_and_3_4_minus_one_gun() -> None:
    state, events, _ = short_shot({"attack:B3-F1:1": 1, "blunder:B3-F1": 1, "blunder-result:B3-F1": 3})
    assert said(events, "No damage to F1") and state["ships"]["B3"]["skills"]["GUN"] == -1


def test_blunders_5_6_lose_a_skill_level_by_the_skill_table() -> None:
    state, _, _ = short_shot({"blunder:B3-F1": 1, "blunder-result:B3-F1": 6, "blunder-skill:B3-F1": 4})
    assert state["ships"]["B3"]["skills"]["MOR"] == -1


def test_blunders_1_2_on_the_blunder_die_went_as_planned() -> None:
    state, events, _ = short_shot({"blunder:B3-F1": 1, "blunder-result:B3-F1": 2})
    assert state["ships"]["B3"]["skills"] == dict.fromkeys(T.SKILLS, 0) and said(events, "went as planned")


def test_blunders_2_4_not_listed_no_blunder() -> None:
    _, _, dice = short_shot({"blunder:B3-F1": 3})
    assert not keys(dice, "blunder-result")


# -- 23 DAMAGE DISTRIBUTION ------------------------------------------------------------
def test_damage_distribution_rows() -> None:
    assert T.DAMAGE_ROWS == {
        "long": "HHSSRx",
        "short": "HHSSRR",
        "board-defender": "SSSSRR",
        "board-attacker": "SSSSSS",
        "ram": "HHSSSS",
        "burn": "HHSSSR",
    }


@pytest.mark.parametrize(
    ("face", "hull", "broken", "gun"), [(1, 3, 0, 0), (3, 4, 0, -1), (5, 4, 1, 0), (6, 4, 1, 0)]
)
def test_damage_distribution_short_row(face: int, hull: int, broken: int, gun: int) -> None:
    state, _, _ = short_shot(
        {"attack:B3-F1:1": 1, "damage:B3-F1:1": face, "damage:B3-F1:1:skill": 2, "grapeshot:B3-F1:1": 6}
    )
    f1 = state["ships"]["F1"]
    assert (f1["hull"], f1["broken"], f1["skills"]["GUN"]) == (hull, broken, gun)


def test_damage_distribution_long_row_6_is_a_miss() -> None:
    state, _events, _ = long_shot(
        {"attack:B3-F1:1": 1, "accuracy:B3-F1:1": 6, "accuracy:B3-F1:2": 6, "damage:B3-F1:1": 6}
    )
    assert state["ships"]["F1"]["hull"] == 4 and state["ships"]["F1"]["broken"] == 0


def test_damage_distribution_hull_never_negative_and_masts_never_exceed() -> None:
    state2 = board(
        {"B3": "d4", "F7": "d5"}, B3={"engaged": "short"}, F7={"engaged": "short", "hull": 0, "broken": 1}
    )
    pins = {
        **CALM,
        "tact:B3-F7:white": 3,
        "tact:B3-F7:red": 4,
        "blunder:B3-F7": 6,
        **misses("attack:B3-F7", 9),
        "attack:B3-F7:1": 1,
        "attack:B3-F7:2": 1,
        "damage:B3-F7:1": 1,
        "damage:B3-F7:2": 5,
    }
    state2, _, _ = play(state2, "anchor\nfire B3 at F7", pins, standing="hold fire")
    assert state2["ships"]["F7"]["hull"] == 0 and state2["ships"]["F7"]["broken"] == 1


# -- 24 HEATED SHOT, 25 GRAPESHOT ---------------------------------------------------------
def test_heated_shot_ship_1_sets_fire_on_a_1() -> None:
    state = board({"B1": "d4", "F3": "d5"}, B1={"engaged": "short"}, F3={"engaged": "short"})
    pins = {
        **CALM,
        "tact:B1-F3:white": 3,
        "tact:B1-F3:red": 4,
        "blunder:B1-F3": 6,
        **misses("attack:B1-F3", 9),
        "attack:B1-F3:1": 1,
        "damage:B1-F3:1": 1,
        "heated:B1-F3:1": 1,
    }
    state, _events, _ = play(state, "anchor\nfire B1 at F3", pins, standing="hold fire")
    assert state["ships"]["F3"]["fires"]["uncontrolled"] == 1


def test_heated_shot_only_for_ship_number_1() -> None:
    _, _, dice = short_shot({"attack:B3-F1:1": 1, "damage:B3-F1:1": 1})
    assert not keys(dice, "heated")


def test_grapeshot_1_loses_another_skill_level() -> None:
    state, _, _ = short_shot(
        {
            "attack:B3-F1:1": 1,
            "damage:B3-F1:1": 3,
            "damage:B3-F1:1:skill": 1,
            "grapeshot:B3-F1:1": 1,
            "grapeshot:B3-F1:1:skill": 6,
        }
    )
    assert state["ships"]["F1"]["skills"]["SEA"] == -1 and state["ships"]["F1"]["skills"]["BRD"] == -1


def test_grapeshot_no_roll_when_the_skill_was_already_at_minus_3() -> None:
    state = board(
        {"B3": "d4", "F1": "d5"}, B3={"engaged": "short"}, F1={"engaged": "short", "skills": {"SEA": -3}}
    )
    pins = {
        **CALM,
        "tact:B3-F1:white": 3,
        "tact:B3-F1:red": 4,
        "blunder:B3-F1": 6,
        **misses("attack:B3-F1", 9),
        "attack:B3-F1:1": 1,
        "damage:B3-F1:1": 3,
        "damage:B3-F1:1:skill": 1,
    }
    _, _, dice = play(state, "anchor\nfire B3 at F1", pins, standing="hold fire")
    assert not keys(dice, "grapeshot")


# -- 26 GRAPPLE, 27 REPEL, 28 BOARD, 29 CAPTURED SHIPS -----------------------------------------
def test_grapple_1_4_succeeds_and_puts_a_grapple_token_on_the_target() -> None:
    state = board({"B3": "d4", "F1": "d5"}, B3={"engaged": "short"}, F1={"engaged": "short"})
    state, _events, _ = play(
        state, "anchor\ngrapple B3 at F1", {**CALM, "grapple:B3-F1": 4}, standing="hold fire"
    )
    assert state["grapples"] == [["B3", "F1"]]


def test_grapple_5_6_fails() -> None:
    state = board({"B3": "d4", "F1": "d5"}, B3={"engaged": "short"}, F1={"engaged": "short"})
    state, _, _ = play(state, "anchor\ngrapple B3 at F1", {**CALM, "grapple:B3-F1": 5}, standing="hold fire")
    assert state["grapples"] == []


def test_grapple_needs_engagement_at_short_range() -> None:
    state = board({"B3": "d4", "F1": "d5"})
    state, events, dice = play(state, "anchor\ngrapple B3 at F1", CALM)
    assert said(events, "not engaged with F1 at short range") and not keys(dice, "grapple")


def test_step_05_range_commit_a_ship_engaged_at_long_range_moves_to_short_next_turn_and_grapples() -> None:
    """5 RANGE IN ALL GUNS: "Once you commit to a range you can not alter it until next turn":
    B3 was engaged at long range; this turn it attacks F1 alongside, its box is SHORT, it grapples."""
    state = board({"B3": "d4", "F1": "d5"}, B3=ENGAGED, F1=ENGAGED)
    pins = {**CALM, **misses("attack:B3-F1", 8), "blunder:B3-F1": 6, "grapple:B3-F1": 2}
    state, events, _ = play(state, "anchor\nfire B3 at F1\ngrapple B3 at F1", pins, standing="hold fire")
    assert state["ships"]["B3"]["engaged"] == "short" and said(events, "B3 grapples F1")
    assert state["grapples"] == [["B3", "F1"]]


def test_step_05_range_commit_a_ship_that_does_not_attack_keeps_its_long_box() -> None:
    state = board({"B3": "d4", "F1": "d5"}, B3=ENGAGED, F1=ENGAGED)
    state, events, _ = play(state, "anchor\ngrapple B3 at F1", CALM, standing="hold fire")
    assert state["ships"]["B3"]["engaged"] == "long" and said(events, "not engaged with F1 at short range")


def test_grapple_neither_ship_may_have_moved_this_turn() -> None:
    found = problems(board({"B3": "d4", "F1": "d6"}), "sail B3 d5\ngrapple B3 at F1")
    assert found and found[0].line == 2 and found[0].rule == "26 Grapple"


def grappled_french_turn(**f7: Any) -> dict:
    return board(
        {"B1": "d4", "F7": "d5"},
        active="french",
        B1={"engaged": "short"},
        F7={"engaged": "short", **f7},
    ) | {"grapples": [["B1", "F7"]]}


def test_repel_1_2_removes_the_grapple_token() -> None:
    state, _events, dice = play(
        grappled_french_turn(), "anchor\nrepel F7", {**CALM, "repel:F7": 2}, standing="hold fire"
    )
    assert state["grapples"] == [] and not keys(dice, "board")


def test_repel_failed_boarding_until_the_target_is_captured() -> None:
    # round 1: B1 (4 dice) hits once, F7 (1 die) misses; the hit is S on BRD: F7 BRD -1 = -class: captured
    pins = {
        **CALM,
        "repel:F7": 3,
        **misses("board:B1-F7:1:B1", 4),
        "board:B1-F7:1:B1:1": 1,
        "board:B1-F7:1:F7:1": 6,
        "board:B1-F7:1:F7:damage:1": 1,
        "board:B1-F7:1:F7:damage:1:skill": 6,
    }
    state, _events, _ = play(grappled_french_turn(), "anchor\nrepel F7", pins, standing="hold fire")
    f7 = state["ships"]["F7"]
    assert f7["status"] == "captured" and f7["square"] is None and f7["engaged"] is None
    assert state["tally"]["british"]["captured"] == 1 and state["grapples"] == []


def test_board_without_a_repel_attempt_boarding_occurs() -> None:
    pins = {
        **CALM,
        **misses("board:B1-F7:1:B1", 4),
        "board:B1-F7:1:F7:1": 1,
        "board:B1-F7:1:B1:damage:1": 2,
        "board:B1-F7:1:B1:damage:1:skill": 6,
    }
    _state, events, _ = play(grappled_french_turn(), "anchor", pins, standing="hold fire")
    assert said(events, "does not try to repel") and said(events, "B1 boards F7")


def test_board_the_attacker_beaten_ends_the_hand_to_hand() -> None:
    state = board({"B7": "d4", "F1": "d5"}, active="french", B7={"engaged": "short"}, F1={"engaged": "short"})
    state["grapples"] = [["B7", "F1"]]
    pins = {
        **CALM,
        "repel:F1": 5,
        "board:B7-F1:1:B7:1": 6,
        **misses("board:B7-F1:1:F1", 4),
        "board:B7-F1:1:F1:1": 1,
        "board:B7-F1:1:B7:damage:1": 1,
        "board:B7-F1:1:B7:damage:1:skill": 6,
    }
    state, events, _ = play(state, "anchor\nrepel F1", pins, standing="hold fire")
    assert said(events, "boarders are beaten back") and state["ships"]["F1"]["status"] == "afloat"
    assert state["grapples"] == [] and state["ships"]["B7"]["status"] == "afloat"


def test_board_uses_the_defender_row_for_the_boarded_ship() -> None:
    """Reading: BOARD (defender) is the row of damage the boarded ship takes: S S S S R R."""
    pins = {
        **CALM,
        "repel:F7": 3,
        **misses("board:B1-F7:1:B1", 4),
        "board:B1-F7:1:B1:1": 1,
        "board:B1-F7:1:F7:1": 6,
        "board:B1-F7:1:F7:damage:1": 5,
        **misses("board:B1-F7:2:B1", 4),
        "board:B1-F7:2:B1:1": 1,
        "board:B1-F7:2:F7:1": 6,
        "board:B1-F7:2:F7:damage:1": 1,
        "board:B1-F7:2:F7:damage:1:skill": 6,
    }
    state, events, _ = play(grappled_french_turn(), "anchor\nrepel F7", pins, standing="hold fire")
    assert said(events, "after 2 round(s)")
    assert state["ships"]["F7"]["broken"] == 1 and state["ships"]["F7"]["status"] == "captured"


def test_repel_a_ship_that_is_not_grappled_is_a_problem() -> None:
    found = problems(board({"B3": "d4", "F1": "a1"}), "repel B3")
    assert found and found[0].rule == "27 Repel Attack"


def test_captured_ships_leave_the_board_and_are_no_longer_attacked() -> None:
    pins = {
        **CALM,
        "repel:F7": 3,
        **misses("board:B1-F7:1:B1", 4),
        "board:B1-F7:1:B1:1": 1,
        "board:B1-F7:1:F7:1": 6,
        "board:B1-F7:1:F7:damage:1": 1,
        "board:B1-F7:1:F7:damage:1:skill": 6,
    }
    state = grappled_french_turn()
    state["ships"]["F6"].update(square="h1", status="afloat")
    state, events, _ = play(state, "anchor\nrepel F7", pins, standing="hold fire")
    from far_side_helpers import GAME

    grid = GAME.board_text(state).split("\n\n")[0]
    assert "7p" not in grid and "F7 is captured by B1" in texts(events)
    assert "F7   --   1  captured" in GAME.board_text(state)


# -- 5 RANGE IN ALL GUNS ---------------------------------------------------------------------
def test_ranges_short_is_adjacent_long_is_up_to_the_class_in_squares_between() -> None:
    # B7 (class 1) at d4: F1 at d6 has one square between (long range 1): in range
    state = board({"B7": "d4", "F1": "d6"}, B7=ENGAGED, F1=ENGAGED)
    _, events, dice = play(state, "anchor\nfire B7 at F1", CALM, standing="hold fire")
    assert keys(dice, "attack:B7-F1") and said(events, "at long range")
    # two squares between is beyond a class-1 ship's guns
    state = board({"B7": "d4", "F1": "d7"}, B7=ENGAGED, F1=ENGAGED)
    _, events, dice = play(state, "anchor\nfire B7 at F1", CALM, standing="hold fire")
    assert not keys(dice, "attack:B7-F1") and said(events, "no target F1 in range")
    state = board({"B7": "d4", "F1": "e5"}, B7={"engaged": "short"}, F1={"engaged": "short"})
    _, events, _ = play(state, "anchor\nfire B7 at F1", CALM, standing="hold fire")
    assert said(events, "at short range")
