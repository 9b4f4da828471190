"""Rules of the book that used to be bent, and the reports that describe them."""

from __future__ import annotations

from mare_nostrum_helpers import RS, army, fleet, give, new_game, play, problems, texts, win

from adjudicator.games.dice import Dice

# ----------------------------------------------------------------------------- 5. exhausted armies


def test_exhausted_army_retreating_on_four_or_five_goes_to_any_adjacent_region_it_may_enter() -> None:
    """« L'armee retraite dans une autre region »: with no province of its own next door it goes to
    the first adjacent province (map order) holding no other nation's army - no longer destroyed."""
    state = new_game()
    give(state, "Pannonia", "rome")  # none of Noricum, Dalmatia, Moesia, Dacia is rome's
    army(state, "rome", 1, "Pannonia", exhausted=1, exhausted_turn=1)
    give(state, "Dalmatia", "carthage")
    army(state, "carthage", 2, "Dalmatia")
    state, events, _ = play(state, {"carthage": "A2 move Pannonia"}, {"exhausted:Pannonia:rome:A1": 4})
    unit = state["units"]["rome:A1"]
    assert unit["at"] == "Noricum" and unit["exhausted"] == 2
    assert state["provinces"]["Noricum"]["owner"] is None  # a retreat is not an invasion
    assert "retreats from Pannonia to Noricum with an Exhausted II marker" in texts(events)


def test_exhausted_army_retreating_is_destroyed_only_when_no_region_is_open() -> None:
    state = new_game()
    give(state, "Pannonia", "rome")
    army(state, "rome", 1, "Pannonia", exhausted=1, exhausted_turn=1)
    for n, where in enumerate(("Noricum", "Dalmatia", "Moesia", "Dacia", "Dalmatia"), start=2):
        army(state, "carthage", n, where)
    state, events, _ = play(state, {"carthage": "A6 move Pannonia"}, {"exhausted:Pannonia:rome:A1": 5})
    assert "rome:A1" not in state["units"]
    assert "no province or fleet to retreat to from Pannonia" in texts(events)


def test_exhausted_marker_is_removed_at_the_end_of_the_next_turn_so_the_army_reacts_if_attacked_then() -> (
    None
):
    """Reading 12: repulsed in turn 1, the army still rolls its reaction when attacked in turn 2."""
    state = new_game()
    give(state, "Narbonensis", "rome")
    army(state, "rome", 1, "Narbonensis")
    state, _, _ = play(state, {"rome": "A1 move Gallia"}, {"invasion:Gallia": 1})
    assert state["units"]["rome:A1"]["exhausted"] == 1
    give(state, "Aquitania", "carthage")
    army(state, "carthage", 1, "Aquitania")
    pins = {"exhausted:Narbonensis:rome:A1": 6, **win("rome", "carthage", "battle:Narbonensis:1")}
    state, _, dice = play(state, {"carthage": "A1 move Narbonensis"}, pins)
    assert [r.key for r in dice.log if r.key.startswith("exhausted")] == ["exhausted:Narbonensis:rome:A1"]
    assert state["units"]["rome:A1"]["exhausted"] == 0


# ----------------------------------------------------------------------------- 8. fleets


def test_table_naval_battle_result_sinks_only_the_sides_that_fought_the_winner() -> None:
    """« si l'un des deux joueurs le souhaite »: Macedon's fleet, which never engaged and was never
    engaged by the winner, survives Carthage's victory."""
    state = new_game(battles="table")
    for seat in ("rome", "carthage", "macedon"):
        fleet(state, seat, 1, "Mare-Ionium")
    pins = {
        "naval-contest:Mare-Ionium:rome": 1,
        "naval-contest:Mare-Ionium:carthage": 2,
        "naval-contest:Mare-Ionium:macedon": 3,
    }
    state, _, _ = play(state, {"rome": "F1 hold engage"}, pins)
    assert state["pending"]["stage"] == "naval"
    assert RS.label(state) == "218 BC: naval battle results"
    [req] = RS.requests(state)
    assert "carthage and macedon do not fight each other (neither engages)" in req.prompt
    parsed = RS.parse(req, "battle Mare-Ionium: carthage wins")
    state, _ = RS.resolve(state, {"battles": parsed.orders}, Dice(b"r"))
    assert "rome:F1" not in state["units"]
    assert "carthage:F1" in state["units"] and "macedon:F1" in state["units"]
    assert state["turn"] == 2


def test_naval_battle_comes_before_the_landing_and_an_army_whose_fleet_sinks_is_lost() -> None:
    state = new_game()
    army(state, "rome", 1, "Latium")
    fleet(state, "rome", 1, "Mare-Tyrrhenum", carrying="rome:A1")
    fleet(state, "carthage", 1, "Fretum-Siculum")
    pins = {**win("carthage", "rome", "naval:Mare-Tyrrhenum:1"), "invasion:Etruria": 10}
    orders = {"rome": "A1 land Etruria", "carthage": "F1 move Mare-Tyrrhenum engage"}
    state, events, dice = play(state, orders, pins)
    assert "rome:F1" not in state["units"] and "rome:A1" not in state["units"]
    assert state["provinces"]["Etruria"]["owner"] is None
    assert not [r for r in dice.log if r.key.startswith("invasion")]
    assert "aboard Rome fleet F1 when it sank" in texts(events)


def test_table_mode_asks_for_the_naval_battles_then_for_the_land_battles_of_the_landings() -> None:
    state = new_game(battles="table")
    army(state, "rome", 1, "Latium")
    fleet(state, "rome", 1, "Mare-Tyrrhenum", carrying="rome:A1")
    fleet(state, "carthage", 1, "Fretum-Siculum")
    give(state, "Etruria", "carthage")
    army(state, "carthage", 2, "Etruria")
    orders = {"rome": "A1 land Etruria", "carthage": "F1 move Mare-Tyrrhenum engage"}
    state, _, _ = play(state, orders)
    assert state["pending"]["stage"] == "naval"
    [req] = RS.requests(state)
    state, _ = RS.resolve(
        state, {"battles": RS.parse(req, "battle Mare-Tyrrhenum: rome wins").orders}, Dice(b"r")
    )
    assert state["pending"]["stage"] == "land" and state["units"]["rome:A1"]["at"] == "Etruria"
    [req] = RS.requests(state)
    state, _ = RS.resolve(state, {"battles": RS.parse(req, "battle Etruria: rome wins").orders}, Dice(b"r"))
    assert state["pending"] is None and state["provinces"]["Etruria"]["owner"] == "rome"


# ----------------------------------------------------------------------------- 4.2 sieges and options


def test_control_by_an_army_with_an_engineer_against_a_fortress_lays_the_siege() -> None:
    """4.2 b « Installer le siege »: control of a fortress is won by its siege, not turned into pillage."""
    state = new_game()
    give(state, "Emporia", "rome")
    army(state, "rome", 3, "Emporia", engineer=True)
    state, events, _ = play(state, {"rome": "A3 move Carthago control"}, {"invasion:Carthago": 10})
    assert state["provinces"]["Carthago"]["siege"] == {
        "nation": "rome",
        "army": "rome:A3",
        "turns": 0,
        "since": 1,
    }
    assert state["units"]["rome:A3"]["at"] == "Carthago"
    assert "pillages" not in texts(events)


def test_control_of_a_fortress_without_an_engineer_is_a_problem_when_the_orders_are_checked() -> None:
    state = new_game()
    give(state, "Emporia", "rome")
    army(state, "rome", 3, "Emporia")
    [problem] = problems(state, "rome", "A3 move Carthago control")
    assert "Carthago has a fortress: it is taken only by a siege" in problem
    assert "pillage" in problem


def test_siege_of_an_independent_province_is_a_problem_when_the_orders_are_checked() -> None:
    state = new_game()
    army(state, "macedon", 2, "Thessalia", engineer=True)
    [problem] = problems(state, "macedon", "A2 move Attica siege")
    assert "Attica is independent" in problem


def test_pillage_of_a_players_province_without_fortress_is_a_problem_when_the_orders_are_checked() -> None:
    state = new_game()
    give(state, "Tripolitania", "rome")
    army(state, "rome", 3, "Tripolitania")
    [problem] = problems(state, "rome", "A3 move Emporia pillage")
    assert "Emporia has no fortress: a victory there takes control of it" in problem


def test_cutting_routes_on_the_march_is_a_problem_when_the_orders_are_checked() -> None:
    state = new_game()
    give(state, "Tripolitania", "rome")
    army(state, "rome", 3, "Tripolitania")
    [problem] = problems(state, "rome", "A3 move Emporia cut")
    assert "cuts trade routes in garrison, not on the march" in problem


def test_an_option_for_ones_own_province_is_a_problem_when_the_orders_are_checked() -> None:
    state = new_game()
    army(state, "rome", 1, "Latium")
    [problem] = problems(state, "rome", "A1 move Campania control")
    assert "Campania is your own province" in problem


def test_intercept_where_no_band_stands_is_a_problem_when_the_orders_are_checked() -> None:
    state = new_game()
    army(state, "rome", 1, "Latium")
    [problem] = problems(state, "rome", "A1 move Etruria intercept")
    assert "there is no brigand band in Etruria to intercept" in problem
    state["bands"].append({"kind": "brigands", "at": "Etruria", "quiet_turn": 0})
    [problem] = problems(state, "rome", "A1 move Etruria intercept drive Sicilia")
    assert "can only be driven to a zone next to Etruria" in problem
    assert problems(state, "rome", "A1 move Etruria intercept drive Picenum") == []


def test_retreat_to_a_province_not_controlled_is_a_problem_when_the_orders_are_checked() -> None:
    """4.1: « retraite dans une province adjacente controlee par le joueur »."""
    state = new_game()
    give(state, "Narbonensis", "rome")
    army(state, "rome", 1, "Narbonensis")
    [problem] = problems(state, "rome", "A1 move Gallia retreat Aquitania")
    assert "falls back only into a province you control" in problem
    assert "yours next to Gallia: Narbonensis" in problem


# ----------------------------------------------------------------------------- 7. contested provinces


def _pannonia_marchers() -> dict:
    state = new_game()
    give(state, "Noricum", "rome")
    army(state, "rome", 1, "Noricum")
    give(state, "Dalmatia", "carthage")
    army(state, "carthage", 1, "Dalmatia")
    return state


def test_truce_lets_two_nations_share_a_contested_province_without_battle() -> None:
    """« s'ils decident d'en venir aux mains »: both keep the truce, nobody fights, nobody invades."""
    orders = {"rome": "A1 move Pannonia\ntruce Pannonia", "carthage": "A1 move Pannonia\ntruce Pannonia"}
    state, _, dice = play(_pannonia_marchers(), orders)
    assert state["units"]["rome:A1"]["at"] == "Pannonia" and state["units"]["carthage:A1"]["at"] == "Pannonia"
    assert not [r for r in dice.log if r.key.startswith(("battle", "invasion"))]
    assert state["provinces"]["Pannonia"]["owner"] is None


def test_a_truce_kept_by_one_side_alone_does_not_stop_the_battle() -> None:
    orders = {"rome": "A1 move Pannonia\ntruce Pannonia", "carthage": "A1 move Pannonia"}
    pins = {**win("carthage", "rome", "battle:Pannonia:1"), "invasion:Pannonia": 10}
    state, _, _ = play(_pannonia_marchers(), orders, pins)
    assert "rome:A1" not in state["units"] and state["provinces"]["Pannonia"]["owner"] == "carthage"


def test_truce_needs_an_army_in_or_entering_the_province() -> None:
    [problem] = problems(_pannonia_marchers(), "rome", "truce Pannonia")
    assert "you have no army there and none goes there this turn" in problem


def test_an_army_already_in_an_independent_province_that_wins_rolls_to_take_control() -> None:
    """« le vainqueur va devoir jeter ... pour prendre le controle »: the winner, wherever he came from."""
    state = _pannonia_marchers()
    state["units"]["rome:A1"]["at"] = "Pannonia"
    pins = {**win("rome", "carthage", "battle:Pannonia:1"), "invasion:Pannonia": 10}
    state, events, dice = play(state, {"carthage": "A1 move Pannonia"}, pins)
    assert [r.key for r in dice.log if r.key.startswith("invasion")] == ["invasion:Pannonia"]
    assert state["provinces"]["Pannonia"]["owner"] == "rome"
    assert "Rome army A1 invades independent Pannonia" in texts(events)


def test_government_by_default_goes_to_the_greatest_demography_then_market_never_the_alphabet() -> None:
    """Celtiberia and Narbonensis have the same demographic factor (9); Narbonensis has the greater
    market (10 against 8), so the government goes there although Celtiberia sorts first."""
    state = new_game()
    give(state, "Emporia", None)
    give(state, "Celtiberia", "carthage")
    give(state, "Narbonensis", "carthage")
    army(state, "rome", 3, "Carthago", engineer=True)
    state["provinces"]["Carthago"]["siege"] = {"nation": "rome", "army": "rome:A3", "turns": 0, "since": 0}
    state, _, _ = play(state, {}, {"siege:Carthago": 1})
    assert state["nations"]["carthage"]["home"] == "Narbonensis"


# ----------------------------------------------------------------------------- reports


def test_battle_report_names_the_real_attacker_first() -> None:
    state = new_game()
    army(state, "carthage", 1, "Emporia")
    give(state, "Tripolitania", "rome")
    army(state, "rome", 3, "Tripolitania")
    state, events, _ = play(state, {"rome": "A3 move Emporia"}, win("rome", "carthage", "battle:Emporia:1"))
    [battle] = [e for e in events if e.kind == "battle"]
    assert "Rome army A3 (12 elements) attacks Carthage army A1 (12)" in battle.text
    assert battle.data["attacker"] == "rome:A3" and battle.data["defender"] == "carthage:A1"
    assert "Rome army A3 wins Emporia" in texts(events)  # a battle was won: "wins" is right


def test_war_priests_spent_line_comes_after_its_battle() -> None:
    state = new_game()
    give(state, "Etruria", "rome")
    army(state, "rome", 1, "Etruria", priest=True)
    give(state, "Picenum", "carthage")
    army(state, "carthage", 2, "Picenum")
    pins = {"battle:Etruria:1:rome": [1, 6, 6, 6, 6], "battle:Etruria:1:carthage": [2, 1, 1, 1, 1]}
    _, events, _ = play(state, {"carthage": "A2 move Etruria"}, pins)
    kinds = [e.kind for e in events if e.kind in ("battle", "priest")]
    assert kinds == ["battle", "priest"]


def test_board_title_shows_the_year_of_the_turn_it_follows() -> None:
    state = new_game(nations=2)
    assert RS.board_text(state).splitlines()[0] == "218 BC (turn 1): the starting position"
    state, _, _ = play(state, {})
    state, _, _ = play(state, {})
    first = RS.board_text(state).splitlines()[0]
    assert first == "217 BC (turn 2): the position after the turn"
    assert RS.label(state) == "216 BC"
