"""Steps 1-4: drift & tides, wind, events (skill roll, gusts, storm damage),
movement (kedge, sail, tow, ram, dock)."""

from __future__ import annotations

from far_side_helpers import board, play, problems, said

from adjudicator.games.far_side import tables as T

# wind dice: 2,4 -> MOVE 0+1 = 1; 4,4 -> 2; 6,6 -> 4; all even: no event
MOVE_1 = {"wind:white": 2, "wind:red": 4}
MOVE_2 = {"wind:white": 4, "wind:red": 4}
MOVE_4 = {"wind:white": 6, "wind:red": 6}


def engaged(**more: dict) -> dict:
    return {"engaged": "long", **more}


# -- 1 DRIFT & TIDES ------------------------------------------------------------------
def test_drift_only_applies_while_engagement_tokens_are_in_play() -> None:
    state = board({"B1": "d4", "F1": "d1"})
    state["standing"]["french"]["drift"] = [1]
    state, _events, dice = play(state, "anchor", MOVE_2)
    assert not any(r.key.startswith("drift") for r in dice.log)
    assert state["ships"]["B1"]["square"] == "d4"


def test_drift_the_enemy_may_ignore_drift() -> None:
    state = board({"B1": "d4", "F1": "d6"}, B1=engaged(), F1=engaged())
    state, events, dice = play(state, "anchor", MOVE_2)
    assert said(events, "The French ignore drift")
    assert not any(r.key.startswith("drift") for r in dice.log)


def test_drift_red_up_is_away_from_the_enemy_who_rolls_it() -> None:
    """The French roll the red die during the British turn: "up" is away from the French, north."""
    state = board({"B1": "d4", "F1": "d1"}, B1=engaged(), F1=engaged())
    state, _events, _ = play(
        state, "anchor", {"drift:red": 1, "drift:white": 3, **MOVE_2}, standing="drift B1"
    )
    assert state["ships"]["B1"]["square"] == "d5"


def test_drift_white_left_is_seen_by_the_player_in_turn() -> None:
    """The British sit at the top edge facing south: their left is east (towards file h)."""
    state = board({"B1": "d4", "F1": "d1"}, B1=engaged(), F1=engaged())
    state["standing"]["french"]["drift"] = [1]
    state, _, _ = play(state, "anchor", {"drift:red": 5, "drift:white": 1, **MOVE_2})
    assert (
        state["ships"]["B1"]["square"] == "e3"
    )  # down for the French (south) and left for the British (east)


def test_drift_for_the_french_in_turn_red_up_is_south() -> None:
    state = board({"F1": "d4", "B1": "d8"}, active="french", B1=engaged(), F1=engaged())
    state["standing"]["british"]["drift"] = [1]
    state, _, _ = play(state, "anchor", {"drift:red": 2, "drift:white": 6, **MOVE_2})
    assert (
        state["ships"]["F1"]["square"] == "e3"
    )  # away from the British (south), right for the French (east)


def test_drift_into_an_occupied_square_is_ignored() -> None:
    state = board({"B1": "d4", "B2": "d5", "F1": "d1"}, B1=engaged(), F1=engaged())
    state["standing"]["french"]["drift"] = [1]
    state, events, _ = play(state, "anchor", {"drift:red": 1, "drift:white": 3, **MOVE_2})
    assert state["ships"]["B1"]["square"] == "d4"
    assert said(events, "occupied, ignored")


def test_drift_off_the_map_is_ignored() -> None:
    state = board({"B1": "d8", "F1": "d1"}, B1=engaged(), F1=engaged())
    state["standing"]["french"]["drift"] = [1]
    state, _, _ = play(state, "anchor", {"drift:red": 1, "drift:white": 3, **MOVE_2})
    assert state["ships"]["B1"]["square"] == "d8"


def test_drift_standing_order_picks_the_first_listed_ship_still_afloat() -> None:
    state = board({"B2": "d4", "F1": "d1"}, B2=engaged(), F1=engaged())
    state, _, _ = play(state, "anchor", {"drift:red": 1, "drift:white": 3, **MOVE_2}, standing="drift B1 B2")
    assert state["ships"]["B2"]["square"] == "d5"


# -- 2 WIND ---------------------------------------------------------------------------------
def test_wind_table_move_per_die() -> None:
    assert [T.WIND_MOVE[f] for f in range(1, 7)] == [0, 0, 1, 1, 2, 2]


def test_wind_move_is_the_sum_of_white_and_red() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    state, events, _ = play(state, "sail B3 d5 d6 d7 c7", {"wind:white": 6, "wind:red": 4})
    assert said(events, "MOVE 3")
    assert state["ships"]["B3"]["square"] == "d7"  # the path was longer than MOVE: it stops after 3


# -- 3 EVENT --------------------------------------------------------------------------------
def test_event_both_wind_dice_even_no_event() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    _, _, dice = play(state, "anchor", {"wind:white": 2, "wind:red": 6})
    assert [r.key for r in dice.log] == ["wind:white", "wind:red"]


def test_event_skill_roll_white_1_raises_a_skill_of_the_ship_in_turn() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    state, _events, _ = play(state, "anchor B3", {"wind:white": 1, "wind:red": 2, "event:skill:white": 3})
    assert state["ships"]["B3"]["skills"]["CMD"] == 1


def test_event_skill_roll_red_1_lowers_a_skill() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    state, _, _ = play(state, "sail B3 d5", {"wind:white": 2, "wind:red": 1, "event:skill:red": 6})
    assert state["ships"]["B3"]["skills"]["BRD"] == -1


def test_event_skill_roll_excess_level_is_lost() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"skills": {"SEA": 3}})
    state, _, _ = play(state, "anchor B3", {"wind:white": 1, "wind:red": 2, "event:skill:white": 1})
    assert state["ships"]["B3"]["skills"]["SEA"] == 3


def test_event_anchor_without_a_ship_the_lowest_numbered_ship_meets_the_wind() -> None:
    state = board({"B3": "d4", "B5": "e4", "F1": "a1"})
    state, _, _ = play(state, "anchor", {"wind:white": 1, "wind:red": 2, "event:skill:white": 2})
    assert state["ships"]["B3"]["skills"]["GUN"] == 1


def test_gust_table() -> None:
    assert [T.gust_move(t) for t in (-2, 0, 1, 2, 3, 4, 5, 6, 7, 9)] == [-2, -2, -1, -1, 0, 0, 1, 1, 2, 2]


def test_gusts_a_roll_for_every_move_expended_with_seamanship() -> None:
    """GUSTS & SHIFTING WINDS: "Repeat the following roll for every MOVE you expend during this turn"."""
    state = board({"B3": "d2", "F1": "a1"}, B3={"skills": {"SEA": 1}})
    # white 3 (+1 MOVE, 1 gust), red 4 (+1): MOVE 2 + SEA 1 = 3. After MOVE 1: 6+1 = 7 -> +2 (4 left);
    # after MOVE 2: 2+1 = 3 -> 0; after MOVE 3: 1+1 = 2 -> -1 (1 left); after MOVE 4: 3+1 -> 0 (0 left).
    pins = {
        "wind:white": 3,
        "wind:red": 4,
        "gust:B3:1:1": 6,
        "gust:B3:2:1": 2,
        "gust:B3:3:1": 1,
        "gust:B3:4:1": 3,
    }
    state, events, dice = play(state, "sail B3 d3 d4 d5 d6 d7 d8", pins)
    assert said(events, "sails with MOVE 3") and said(events, "Gust after MOVE 1 (6+1): +2 MOVE, 4 left")
    assert state["ships"]["B3"]["square"] == "d6"
    assert [r.key for r in dice.log if r.key.startswith("gust")] == [f"gust:B3:{n}:1" for n in (1, 2, 3, 4)]


def test_gusts_both_dice_3_two_gust_rolls_per_move_can_stop_the_ship() -> None:
    state = board({"B3": "d2", "F1": "a1"}, B3={"skills": {"SEA": -1}})
    # MOVE 2; after MOVE 1 the gusts 1-1=0 -> -2 and 2-1=1 -> -1: no MOVE left (never negative)
    pins = {"wind:white": 3, "wind:red": 3, "gust:B3:1:1": 1, "gust:B3:1:2": 2}
    state, events, _ = play(state, "sail B3 d3 d4", pins)
    assert said(events, "sails with MOVE 2") and said(events, "-1 MOVE, 0 left")
    assert state["ships"]["B3"]["square"] == "d3"


def test_gusts_no_move_expended_no_gust_roll() -> None:
    state = board({"B3": "d2", "F1": "a1"}, B3={"broken": 1})
    _, _, dice = play(state, "sail B3 d3", {"wind:white": 3, "wind:red": 2})  # MOVE 1 - 1 mast = 0
    assert not [r for r in dice.log if r.key.startswith("gust")]


def test_gust_that_adds_moves_continues_straight_by_default() -> None:
    state = board({"B3": "d2", "F1": "a1"})
    pins = {"wind:white": 3, "wind:red": 2, "gust:B3:1:1": 5, "gust:B3:2:1": 3}
    state, _events, _ = play(state, "sail B3 d3", pins)
    assert state["ships"]["B3"]["square"] == "d4"  # MOVE 1 + gust +1: one square past the path


def test_repairs_white_5_adds_hull_strength_limited_to_class() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"hull": 1})
    state, _, _ = play(state, "anchor B3", {"wind:white": 5, "wind:red": 2})
    assert state["ships"]["B3"]["hull"] == 2
    state2 = board({"B3": "d4", "F1": "a1"})
    state2, _, _ = play(state2, "anchor B3", {"wind:white": 5, "wind:red": 2})
    assert state2["ships"]["B3"]["hull"] == 3


def test_storm_damage_red_5_one_damage_on_the_short_row() -> None:
    """Reading: the storm's +1 DAMAGE names no row; the SHORT row (H H S S R R) is used."""
    state = board({"B3": "d4", "F1": "a1"})
    state, _, _ = play(state, "anchor B3", {"wind:white": 2, "wind:red": 5, "storm": 1})
    assert state["ships"]["B3"]["hull"] == 2
    state, _, _ = play(
        board({"B3": "d4", "F1": "a1"}), "anchor B3", {"wind:white": 2, "wind:red": 5, "storm": 6}
    )
    assert state["ships"]["B3"]["broken"] == 1


# -- 4 MOVEMENT: ANCHOR, KEDGE ------------------------------------------------------------------
def test_anchor_no_ship_moves() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    state, events, _ = play(state, "anchor", MOVE_4)
    assert state["ships"]["B3"]["square"] == "d4"
    assert said(events, "anchor")


def test_kedge_forfeits_the_move_not_the_published_events_and_moves_on_4_or_more() -> None:
    """Reading: "forfeit your wind roll" was decided by the book's captain before the wind was
    rolled; the wind is published here, so a kedge forfeits the MOVE (and the windward position)
    but a known storm or red 1 still falls on the ship in turn, the kedging ship."""
    state = board({"B3": "d4", "F1": "a1"})
    pins = {"kedge:B3": 4, "wind:white": 1, "wind:red": 5, "event:skill:white": 3, "storm": 5}
    state, events, _ = play(state, "kedge B3 to e5", pins)
    assert state["ships"]["B3"]["square"] == "e5"
    assert said(events, "its MOVE is forfeited to kedge; its events still fall on the ship in turn")
    assert said(events, "Wind event, white 1: B3 gains a level of CMD") and said(events, "storm damage on B3")
    assert state["ships"]["B3"]["broken"] == 1  # the storm's R: a broken mast


def test_kedge_fails_on_1_to_3() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    state, _, _ = play(state, "kedge B3 to e5", {"kedge:B3": 3})
    assert state["ships"]["B3"]["square"] == "d4"


def test_kedge_adds_positive_seamanship_and_morale() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"skills": {"SEA": 1, "MOR": 1, "CMD": -2}})
    state, _, _ = play(state, "kedge B3 to e5", {"kedge:B3": 2})
    assert state["ships"]["B3"]["square"] == "e5"


def test_kedge_into_a_dock_is_a_problem() -> None:
    state = board({"B3": "d8", "F1": "a1"})
    found = problems(state, "kedge B3 dock")
    assert (
        found
        and found[0].line == 1
        and "kedge into a dock" in found[0].message
        and found[0].rule.startswith("4")
    )


def test_kedge_to_a_square_not_adjacent_is_a_problem() -> None:
    found = problems(board({"B3": "d4", "F1": "a1"}), "kedge 3 to f6")
    assert found and "kedge" in found[0].message


# -- SAIL -----------------------------------------------------------------------------------
def test_sail_the_ship_must_sail_move_squares_and_stops_when_move_is_spent() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    state, _, _ = play(state, "sail B3 d5 d6 d7", MOVE_2)
    assert state["ships"]["B3"]["square"] == "d6"


def test_sail_subtract_one_move_per_broken_mast_add_positive_seamanship() -> None:
    state = board({"B3": "d4", "F1": "a1"}, B3={"broken": 1, "skills": {"SEA": 2}})
    state, events, _ = play(state, "sail B3 d5 d6 d7 d8", MOVE_2)
    assert said(events, "MOVE 3")
    assert state["ships"]["B3"]["square"] == "d7"


def test_sail_a_ship_with_every_mast_broken_can_not_sail() -> None:
    found = problems(board({"B3": "d4", "F1": "a1"}, B3={"broken": 3}), "sail B3 d5")
    assert found and "no mast standing" in found[0].message


def test_sail_two_ships_is_a_problem() -> None:
    found = problems(board({"B3": "d4", "B4": "e4", "F1": "a1"}), "sail B3 d5\nsail B4 e5")
    assert [(p.line, p.kind) for p in found] == [(2, "illegal")]
    assert "only one ship" in found[0].suggestion and found[0].rule.startswith("4")


def test_sail_and_kedge_in_one_turn_is_a_problem() -> None:
    found = problems(board({"B3": "d4", "B4": "e4", "F1": "a1"}), "kedge B4 to e5\nsail B3 d5")
    assert found and found[0].line == 2


def test_sail_through_an_occupied_square_is_a_problem() -> None:
    found = problems(board({"B3": "d4", "F2": "d5", "F1": "a1"}), "sail B3 d5 d6")
    assert found and "occupied" in found[0].message and found[0].line == 1


def test_sail_off_the_board_without_docking_is_a_problem() -> None:
    found = problems(board({"B3": "a4", "F1": "h1"}), "sail B3 a5 `5")
    assert found and found[0].kind == "invalid" and "dock" in found[0].suggestion
    found = problems(board({"B3": "d8", "F1": "h1"}), "sail B3 d9")
    assert found and "not a square" in found[0].message


def test_sail_returning_to_the_square_just_left_is_a_problem() -> None:
    found = problems(board({"B3": "d4", "F1": "a1"}), "sail B3 d5 d4")
    assert found and "just left" in found[0].message
    found = problems(board({"B3": "d4", "F1": "a1"}), "sail B3 d5 e6 d5")
    assert found and "just left" in found[0].message


def test_sail_a_path_that_skips_a_square_is_a_problem() -> None:
    found = problems(board({"B3": "d4", "F1": "a1"}), "sail B3 d6")
    assert found and "not adjacent" in found[0].message


def test_sail_a_loop_back_past_the_start_is_allowed() -> None:
    """Reading: only the square just left is forbidden, not every square of the path."""
    assert problems(board({"B3": "d4", "F1": "a1"}), "sail B3 d5 e5 e4 d4") == []


def test_sail_square_taken_by_drift_stops_the_ship() -> None:
    state = board({"B3": "d4", "F1": "a1", "F2": "h1"})
    state["ships"]["F2"]["square"] = "d6"  # placed after the orders were written
    state, events, _ = play(state, "sail B3 d5", MOVE_4)
    assert state["ships"]["B3"]["square"] == "d5"  # then continues straight, blocked by F2 at d6
    assert said(events, "occupied")


def test_sail_must_sail_its_whole_move_if_move_greater_than_path_stop_is_refused() -> None:
    """4 SAIL: "The MOVE determined by the wind dice indicates how many squares a ship must sail"."""
    found = problems(board({"B3": "d4", "F1": "a1"}), "sail B3 d5\nif move > path: stop")
    assert found and found[0].line == 2 and found[0].kind == "illegal" and "whole MOVE" in found[0].message
    assert found[0].rule == "4 Movement: Sail"
    state = board({"B3": "d4", "F1": "a1"})
    state, events, _ = play(state, "sail B3 d5", MOVE_4)
    assert state["ships"]["B3"]["square"] == "d8" and not said(events, "unused")


def test_if_move_greater_than_path_continue_straight_is_the_default() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    state, _, _ = play(state, "sail B3 e5", MOVE_4)
    assert state["ships"]["B3"]["square"] == "h8"  # e5 f6 g7 h8, then the edge stops it


def test_if_move_greater_than_path_ask_sends_a_follow_up_request() -> None:
    state = board({"B3": "d4", "F1": "a1", "F5": "h1"})
    state, events, _ = play(state, "sail B3 d5\nif move > path: ask\nfire at will", MOVE_4)
    assert state["pending"] and state["active"] == "british"
    assert said(events, "B3 has 3 MOVE left after its path; the British are asked")
    from far_side_helpers import GAME

    keys = [r.key for r in GAME.requests(state)]
    assert keys == ["continue:british", "standing:french"]
    assert GAME.label(state) == "Turn 1, British: the rest of the sail"
    state, _events, _ = play(state, "continue c6 b6 a6")
    assert state["ships"]["B3"]["square"] == "a6"
    assert state["pending"] is None and state["active"] == "french"


def test_follow_up_continue_path_then_the_rest_of_the_move_straight() -> None:
    state = board({"B3": "d4", "F1": "a1"})
    state, _, _ = play(state, "sail B3 d5\nif move > path: ask", MOVE_4)
    state, _events, _ = play(state, "continue c6")
    assert state["ships"]["B3"]["square"] == "a8" and state["active"] == "french"  # c6, b7, a8


def test_follow_up_path_through_an_occupied_square_is_a_problem() -> None:
    state = board({"B3": "d4", "F1": "a1", "F2": "d7"})
    state, _, _ = play(state, "sail B3 d5\nif move > path: ask", MOVE_4)
    found = problems(state, "continue d6 d7", kind="continue")
    assert found and "occupied" in found[0].message


# -- TOW ----------------------------------------------------------------------------------
def test_tow_table() -> None:
    assert [T.tow_move(t) for t in (-3, -2, -1, 0, 1, 3)] == [-3, -3, -2, -2, -1, -1]


def test_tow_the_towed_ship_follows_and_move_is_reduced() -> None:
    # B1 class 4 tows B5 class 2: TOW 2 -> -1 MOVE; MOVE 4 - 1 = 3
    state = board({"B1": "d4", "B5": "d3", "F1": "a1"})
    state, events, _ = play(state, "sail B1 d5 d6 d7 d8\ntow B5", MOVE_4)
    assert said(events, "MOVE 3")
    assert (state["ships"]["B1"]["square"], state["ships"]["B5"]["square"]) == ("d7", "d6")


def test_tow_a_larger_ship_costs_three_move() -> None:
    state = board({"B7": "d4", "B1": "d3", "F1": "a1"})
    state, events, _ = play(state, "sail B7 d5 d6 d7 d8\ntow B1", MOVE_4)
    assert said(events, "MOVE 1")
    assert (state["ships"]["B7"]["square"], state["ships"]["B1"]["square"]) == ("d5", "d4")


def test_tow_a_chain_each_further_ship_must_be_of_a_smaller_class() -> None:
    state = board({"B1": "d4", "B3": "d3", "B5": "d2", "F1": "a1"})
    # TOW 4-3 = 1: -1; TOW 3-2 = 1: -1; MOVE 4 - 2 = 2
    state, events, _ = play(state, "sail B1 d5 d6 d7\ntow B3 B5", MOVE_4)
    assert said(events, "MOVE 2")
    squares = [state["ships"][s]["square"] for s in ("B1", "B3", "B5")]
    assert squares == ["d6", "d5", "d4"]


def test_tow_a_ship_of_a_larger_class_than_the_one_before_it_is_a_problem() -> None:
    state = board({"B5": "d4", "B7": "d3", "B3": "d2", "F1": "a1"})
    found = problems(state, "sail B5 d5\ntow B7 B3")
    assert (
        found
        and found[0].line == 2
        and "smaller class" in found[0].message
        and found[0].rule == "4 Movement: Tow"
    )


def test_tow_of_an_equal_class_behind_the_first_is_a_problem() -> None:
    """Reading: the book says "less than the class of the ship in front"; an equal class is refused."""
    state = board({"B1": "d4", "B5": "d3", "B6": "d2", "F1": "a1"})
    assert problems(state, "sail B1 d5\ntow B5 B6")


def test_tow_needs_movement_remaining_for_each_further_ship() -> None:
    state = board({"B7": "d4", "B1": "d3", "B2": "d2", "F1": "a1"})
    state, events, _ = play(state, "sail B7 d5\ntow B1", MOVE_1)  # MOVE 1 - 3 -> 0
    assert said(events, "MOVE 0")
    assert state["ships"]["B7"]["square"] == "d4"


def test_tow_ship_not_adjacent_is_a_problem() -> None:
    found = problems(board({"B1": "d4", "B5": "d2", "F1": "a1"}), "sail B1 d5\ntow B5")
    assert found and "not adjacent" in found[0].message


# -- RAM -------------------------------------------------------------------------------------
def test_ram_absorbs_the_remaining_movement_and_attacks_on_the_ram_chart() -> None:
    state = board({"B3": "d4", "B1": "f8", "F1": "d7", "F2": "a1"}, B1=engaged(), F1=engaged())
    pins = {
        **MOVE_4,
        "attack:B3-F1:1": 1,
        "attack:B3-F1:2": 1,
        "attack:B3-F1:3": 5,
        "damage:B3-F1:1": 1,
        "damage:B3-F1:2": 6,
        "damage:B3-F1:2:skill": 2,
    }
    state, events, _ = play(state, "sail B3 d5 d6\nram F1\nhold fire", pins)
    assert state["ships"]["B3"]["square"] == "d6"  # MOVE 4: two squares, the ram absorbs the rest
    assert said(events, "B3 rams F1 with 3 attack dice")
    assert (
        state["ships"]["F1"]["hull"] == 3 and state["ships"]["F1"]["skills"]["GUN"] == -1
    )  # RAM row: H ... S
    assert state["ships"]["B3"]["engaged"] == "short"


def test_must_sail_a_ram_that_would_be_called_off_does_not_absorb_the_move() -> None:
    """12 WEATHER GAGE: "Only a ship with weather gage can attack a ship that does not have an
    engagement token." No tokens in play, and B3 will not have the gage where the ram would leave
    it (decided by step 6's sum, known then): the ram is not made and B3 sails its whole MOVE
    ("must sail"), not stopping alongside for a ram called off."""
    state = board({"B3": "d4", "F1": "d7", "F2": "a1"})
    state, events, dice = play(state, "sail B3 d5 e6\nram F1", MOVE_4)
    assert state["ships"]["B3"]["square"] == "g8"  # e6, then straight on: f7, g8
    assert said(events, "the ram would be called off, so B3 sails on")
    assert not any(r.key.startswith("attack:") for r in dice.log)
    assert state["ships"]["F1"]["engaged"] is None and state["ships"]["B3"]["engaged"] is None


def test_step_12_a_ram_on_a_ship_without_engagement_token_is_refused_while_tokens_are_in_play() -> None:
    """No ship may have the weather gage while engagement tokens are in play, so the ram is refused
    at once and the ship sails on (its whole MOVE)."""
    state = board({"B3": "d4", "B8": "h8", "F8": "h6", "F1": "d7"}, B8=engaged(), F8=engaged())
    state, events, _ = play(state, "sail B3 d5 d6\nram F1\nif move > path: ask", MOVE_4)
    assert said(events, "can not ram it (12 Weather Gage)") and state["pending"]


def test_step_12_a_ram_with_the_weather_gage_hits_first_a_ship_without_engagement_token() -> None:
    # white 6 (2) - red 4 (1) + CMD 3 + F1's SEA -1 = +5: the weather gage; MOVE 3, path 2, ram with 1
    state = board({"B3": "d4", "F1": "d7", "F2": "a1"}, B3={"skills": {"CMD": 3}}, F1={"skills": {"SEA": -1}})
    pins = {"wind:white": 6, "wind:red": 4, "attack:B3-F1:1": 1, "damage:B3-F1:1": 1}
    state, events, _ = play(state, "sail B3 d5 d6\nram F1", pins)
    assert said(events, "B3 has the weather gage and attacks F1 first") and said(events, "B3 rams F1 with")
    assert state["ships"]["F1"]["hull"] == 3 and state["ships"]["F1"]["engaged"] == "short"


def test_step_12_a_ram_on_a_ship_without_engagement_token_is_warned_in_the_acknowledgement() -> None:
    found = problems(board({"B3": "d4", "F1": "d7", "F2": "a1"}), "sail B3 d5 d6\nram F1")
    assert [(p.kind, p.line, p.rule) for p in found] == [("warning", 2, "12 Weather Gage")]
    assert "only if B3 wins the weather gage" in found[0].message
    state = board({"B3": "d4", "B8": "h8", "F8": "h6", "F1": "d7"}, B8=engaged(), F8=engaged())
    assert "the ram will be refused" in problems(state, "sail B3 d5 d6\nram F1")[0].message
    state = board({"B3": "d4", "B1": "f8", "F1": "d7"}, B1=engaged(), F1=engaged())
    assert problems(state, "sail B3 d5 d6\nram F1") == []


def test_ram_opens_house_rule_lets_a_ram_hit_a_ship_without_engagement_token() -> None:
    state = board({"B3": "d4", "F1": "d7", "F2": "a1"})
    state["options"]["ram-opens"] = True
    state, events, _ = play(state, "sail B3 d5 d6\nram F1\nhold fire", MOVE_4)
    assert said(events, "B3 rams F1 with 3 attack dice")
    assert state["ships"]["B3"]["engaged"] == "short" and state["ships"]["F1"]["engaged"] == "short"


def test_ram_without_movement_left_does_not_happen() -> None:
    state = board({"B3": "d4", "F1": "d7", "F2": "a1"})
    state, events, _ = play(state, "sail B3 d5 d6\nram F1", MOVE_2)
    assert not said(events, "rams")
    assert state["ships"]["F1"]["engaged"] is None


def test_ram_a_ship_not_adjacent_to_the_end_of_the_path_is_a_problem() -> None:
    found = problems(board({"B3": "d4", "F1": "d8", "F2": "a1"}), "sail B3 d5\nram F1")
    assert found and found[0].line == 2 and "not adjacent" in found[0].message


def test_ram_and_fire_at_another_target_is_attacking_two_targets() -> None:
    found = problems(board({"B3": "d4", "F1": "d7", "F2": "e7"}), "sail B3 d5 d6\nram F1\nfire B3 at F2")
    assert found and found[0].line == 3 and found[0].rule.startswith("11")


# -- DOCK ------------------------------------------------------------------------------------
def test_dock_needs_movement_to_sail_off_your_own_edge() -> None:
    state = board({"B3": "d7", "F1": "a1"})
    state, _events, _ = play(state, "sail B3 d8 dock", MOVE_2)
    assert state["ships"]["B3"]["square"] is None and state["ships"]["B3"]["status"] == "docked"


def test_dock_without_enough_movement_stays_on_the_board() -> None:
    state = board({"B3": "d7", "F1": "a1"})
    state, events, _ = play(state, "sail B3 d8 dock", MOVE_1)
    assert state["ships"]["B3"]["square"] == "d8"
    assert said(events, "no movement left")


def test_dock_off_the_enemy_edge_is_a_problem() -> None:
    found = problems(board({"B3": "d2", "F1": "a8"}), "sail B3 d1 dock")
    assert found and "own edge" in found[0].message and found[0].rule == "4 Movement: Dock"


def test_dock_while_engaged_is_a_problem() -> None:
    found = problems(board({"B3": "d8", "F1": "d6"}, B3=engaged(), F1=engaged()), "sail B3 dock")
    assert found and "engaged" in found[0].message and found[0].rule == "4 Movement: Dock"


def test_dock_for_the_french_is_off_rank_1() -> None:
    state = board({"F3": "c1", "B1": "h8"}, active="french")
    state, _, _ = play(state, "sail F3 dock", MOVE_1)
    assert state["ships"]["F3"]["status"] == "docked"


def test_ram_fallback_fire_line_is_used_only_if_the_ram_fails() -> None:
    state = board(
        {"B3": "d4", "B1": "f8", "F1": "d7", "F2": "a1"}, B1={"engaged": "long"}, F1={"engaged": "long"}
    )
    _, events, dice = play(
        state, "sail B3 d5 d6\nram F1\nfire B3 at F1\nhold fire", MOVE_2, standing="hold fire"
    )
    assert not said(events, "rams") and any(r.key.startswith("attack:B3-F1") for r in dice.log)
    state = board(
        {"B3": "d4", "B1": "f8", "F1": "d7", "F2": "a1"}, B1={"engaged": "long"}, F1={"engaged": "long"}
    )
    _, events, dice = play(state, "sail B3 d5 d6\nram F1\nfire B3 at F1", MOVE_4, standing="hold fire")
    assert said(events, "B3 rams F1 with") and not any(r.key.startswith("tact:B3-F1") for r in dice.log)


def test_dock_the_ships_in_tow_stay_on_the_board() -> None:
    state = board({"B3": "d7", "B5": "d6", "F1": "a1"})
    state, _, _ = play(state, "sail B3 d8 dock\ntow B5", MOVE_4)
    assert state["ships"]["B3"]["status"] == "docked" and state["ships"]["B5"]["square"] == "d7"


def test_follow_up_missing_answer_continues_straight() -> None:
    from far_side_helpers import GAME

    state = board({"B3": "d4", "F1": "a1"})
    state, _, _ = play(state, "sail B3 d5\nif move > path: ask", MOVE_4)
    req = GAME.requests(state)[0]
    assert req.default == "continue straight\n"
    state, _, _ = play(state, req.default)
    assert state["ships"]["B3"]["square"] == "d8"
