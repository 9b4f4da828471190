"""Book 4.1 and 4.2: invasions of independent provinces and of players' provinces, sieges, the government."""

from __future__ import annotations

import pytest
from mare_nostrum_helpers import army, fleet, give, new_game, play, texts, win

from adjudicator.games.mare_nostrum.phase import resistance


@pytest.mark.parametrize(
    ("demography", "needed"), [(1, 3), (5, 3), (6, 4), (10, 4), (11, 5), (15, 5), (16, 7), (18, 7)]
)
def test_resistance_table_follows_the_demographic_factor(demography: int, needed: int) -> None:
    assert resistance(demography) == needed


def _rome_next_to_gallia(**fields: object) -> dict:
    state = new_game()
    give(state, "Narbonensis", "rome")
    army(state, "rome", 1, "Narbonensis", **fields)
    return state


def test_invasion_of_independent_province_succeeds_on_roll_at_resistance_and_takes_control() -> None:
    state = _rome_next_to_gallia()  # Gallia: demography 14, resistance 5+
    state, events, dice = play(state, {"rome": "A1 move Gallia"}, {"invasion:Gallia": 5})
    assert state["provinces"]["Gallia"]["owner"] == "rome"
    assert state["units"]["rome:A1"]["at"] == "Gallia"
    assert any(r.key == "invasion:Gallia" and r.sides == 10 for r in dice.log)
    assert "takes control" in texts(events)


def test_invasion_of_independent_province_fails_on_roll_below_resistance_and_retreats_exhausted() -> None:
    state = _rome_next_to_gallia()
    state, events, _ = play(state, {"rome": "A1 move Gallia"}, {"invasion:Gallia": 4})
    assert state["provinces"]["Gallia"]["owner"] is None
    unit = state["units"]["rome:A1"]
    assert unit["at"] == "Narbonensis"
    assert unit["exhausted"] == 1
    assert "Exhausted I marker" in texts(events)


def test_failed_invasion_retreats_to_the_province_named_in_the_orders() -> None:
    state = _rome_next_to_gallia()
    give(state, "Massalia", "rome")
    state, _, _ = play(state, {"rome": "A1 move Gallia retreat Massalia"}, {"invasion:Gallia": 1})
    assert state["units"]["rome:A1"]["at"] == "Massalia"


def test_failed_invasion_embarks_on_an_adjacent_fleet_when_no_controlled_province_is_adjacent() -> None:
    state = new_game()
    fleet(state, "rome", 1, "Mare-Tyrrhenum")
    fleet_key = "rome:F1"
    army(state, "rome", 1, "Latium")
    state["units"]["rome:A1"].update(at=None, aboard=fleet_key)
    state["units"][fleet_key]["carrying"] = "rome:A1"
    state, events, _ = play(state, {"rome": "A1 land Sardinia"}, {"invasion:Sardinia": 1})
    unit = state["units"]["rome:A1"]
    assert unit["aboard"] == fleet_key and unit["at"] is None and unit["exhausted"] == 1
    assert state["units"][fleet_key]["carrying"] == "rome:A1"
    assert "aboard" in texts(events)


def test_failed_invasion_with_nowhere_to_retreat_destroys_the_army() -> None:
    state = new_game()
    # Etruria's neighbours are Cisalpina, Latium, Liguria and Picenum: none of them is rome's
    give(state, "Latium", "carthage")
    army(state, "rome", 1, "Cisalpina")
    state, events, _ = play(state, {"rome": "A1 move Etruria"}, {"invasion:Etruria": 1})
    assert "rome:A1" not in state["units"]
    assert "no province or fleet to retreat to" in texts(events)


def test_retreat_never_goes_into_a_province_holding_another_nations_army() -> None:
    state = _rome_next_to_gallia()
    give(state, "Massalia", "rome")
    army(state, "carthage", 1, "Aquitania")
    give(state, "Aquitania", "rome")
    army(state, "carthage", 2, "Narbonensis")  # sits in rome's Narbonensis (e.g. pillaging it)
    state, _, _ = play(state, {"rome": "A1 move Gallia"}, {"invasion:Gallia": 1}, check=False)
    # Narbonensis (where it came from) and Aquitania hold carthage's armies: Massalia it is
    assert state["units"]["rome:A1"]["at"] == "Massalia"


def test_pillaging_a_fortress_province_with_nowhere_to_fall_back_destroys_the_army() -> None:
    state = new_game()
    army(state, "rome", 3, "Emporia")  # Emporia stays carthage's: no controlled province next to Carthago
    state, events, _ = play(state, {"rome": "A3 move Carthago"}, {"invasion:Carthago": 5}, check=False)
    assert "rome:A3" not in state["units"]
    assert state["nations"]["rome"]["treasury"] == 100 + 8 + 36
    assert "no province or fleet to retreat to from Carthago" in texts(events)


def test_fortress_adds_two_to_resistance() -> None:
    state = new_game()
    army(state, "macedon", 2, "Thessalia")  # Attica: demography 11 (5+), fortress +2 -> 7+
    failed, _, _ = play(state, {"macedon": "A2 move Attica"}, {"invasion:Attica": 6})
    assert failed["provinces"]["Attica"]["owner"] is None
    taken, _, _ = play(state, {"macedon": "A2 move Attica"}, {"invasion:Attica": 7})
    assert taken["provinces"]["Attica"]["owner"] == "macedon"


def test_fortress_adds_only_one_when_the_army_has_an_engineer() -> None:
    state = new_game()
    army(state, "macedon", 2, "Thessalia", engineer=True)
    taken, events, _ = play(state, {"macedon": "A2 move Attica"}, {"invasion:Attica": 6})
    assert taken["provinces"]["Attica"]["owner"] == "macedon"
    assert "fortress +1" in texts(events)


def test_war_priest_takes_one_off_resistance_and_is_not_spent_by_the_roll() -> None:
    state = _rome_next_to_gallia(priest=True)
    state, events, _ = play(state, {"rome": "A1 move Gallia"}, {"invasion:Gallia": 4})
    assert state["provinces"]["Gallia"]["owner"] == "rome"
    assert state["units"]["rome:A1"]["priest"] is True
    assert "war priest -1" in texts(events)


def test_successful_invasion_may_pillage_the_local_market_instead_of_taking_control() -> None:
    state = _rome_next_to_gallia()
    before = state["nations"]["rome"]["treasury"]
    state, _, _ = play(state, {"rome": "A1 move Gallia pillage"}, {"invasion:Gallia": 9})
    assert state["provinces"]["Gallia"]["owner"] is None
    market = 9  # Gallia's local market
    income = 20 + 16 + 10  # Latium, Campania, Narbonensis
    assert state["nations"]["rome"]["treasury"] == before + market + income
    assert state["units"]["rome:A1"]["at"] == "Gallia"


def test_two_armies_invading_one_independent_province_roll_in_turn_until_one_succeeds() -> None:
    state = _rome_next_to_gallia()
    army(state, "rome", 2, "Narbonensis")
    state, _, dice = play(state, {"rome": "A1 move Gallia\nA2 move Gallia"}, {"invasion:Gallia": [2, 8]})
    assert state["provinces"]["Gallia"]["owner"] == "rome"
    assert [r.label for r in dice.log if r.key == "invasion:Gallia"] == [
        "invasion:Gallia",
        "invasion:Gallia#1",
    ]
    assert state["units"]["rome:A1"]["exhausted"] == 1
    assert state["units"]["rome:A2"]["at"] == "Gallia"


# ----------------------------------------------------------------------------- 4.2 players' provinces


def test_invasion_of_a_players_province_without_fortress_is_captured_after_winning_the_battle() -> None:
    state = new_game()
    army(state, "rome", 2, "Latium")
    army(state, "carthage", 1, "Emporia")
    give(state, "Tripolitania", "rome")
    army(state, "rome", 3, "Tripolitania")
    pins = win("rome", "carthage", "battle:Emporia:1")
    state, events, _ = play(state, {"rome": "A3 move Emporia"}, pins)
    assert state["provinces"]["Emporia"]["owner"] == "rome"
    assert "carthage:A1" not in state["units"]
    assert "Battle of Emporia" in texts(events)


def test_undefended_players_province_resists_with_its_own_resistance_and_falls_on_success() -> None:
    """Reading 6 (was: it fell with no roll at all, easier to take than an independent one)."""
    state = new_game()
    give(state, "Tripolitania", "rome")
    army(state, "rome", 3, "Tripolitania")
    # Emporia: demography 8, resistance 4+; no army of carthage in it
    state, events, dice = play(state, {"rome": "A3 move Emporia"}, {"invasion:Emporia": 4})
    assert state["provinces"]["Emporia"]["owner"] == "rome"
    assert [r.key for r in dice.log if r.key.startswith(("battle", "invasion"))] == ["invasion:Emporia"]
    assert "takes undefended Emporia" in texts(events)
    assert " wins Emporia" not in texts(events)


def test_undefended_players_province_repulses_a_roll_below_its_resistance() -> None:
    state = new_game()
    give(state, "Tripolitania", "rome")
    army(state, "rome", 3, "Tripolitania")
    state, events, _ = play(state, {"rome": "A3 move Emporia"}, {"invasion:Emporia": 3})
    assert state["provinces"]["Emporia"]["owner"] == "carthage"
    assert state["units"]["rome:A3"]["at"] == "Tripolitania"
    assert state["units"]["rome:A3"]["exhausted"] == 1
    assert "meets no army in Carthage's Emporia: d10 3, resistance 4+: repulsed" in texts(events)


def test_defender_winning_the_battle_destroys_the_invading_army() -> None:
    state = new_game()
    army(state, "carthage", 1, "Emporia")
    give(state, "Tripolitania", "rome")
    army(state, "rome", 3, "Tripolitania")
    state, _, _ = play(state, {"rome": "A3 move Emporia"}, win("carthage", "rome", "battle:Emporia:1"))
    assert "rome:A3" not in state["units"]
    assert state["provinces"]["Emporia"]["owner"] == "carthage"
    assert state["units"]["carthage:A1"]["at"] == "Emporia"


def test_winning_against_a_fortress_without_engineer_pillages_half_the_demography_and_falls_back() -> None:
    state = new_game()
    give(state, "Emporia", "rome")
    army(state, "rome", 3, "Emporia")
    before = state["nations"]["rome"]["treasury"]
    state, events, _ = play(state, {"rome": "A3 move Carthago"}, {"invasion:Carthago": 5})
    # Carthago: demography 15 -> 8 PO (half, rounded up); the army falls back to Emporia
    assert state["provinces"]["Carthago"]["owner"] == "carthage"
    assert state["units"]["rome:A3"]["at"] == "Emporia"
    assert state["units"]["rome:A3"]["exhausted"] == 0
    income = 20 + 16 + 12  # Latium, Campania, Emporia
    assert state["nations"]["rome"]["treasury"] == before + 8 + income
    assert "half the demographic factor 15" in texts(events)


def test_winning_against_a_fortress_with_an_engineer_lays_a_siege() -> None:
    state = new_game()
    give(state, "Emporia", "rome")
    army(state, "rome", 3, "Emporia", engineer=True)
    state, _, _ = play(state, {"rome": "A3 move Carthago"}, {"invasion:Carthago": 5})
    siege = state["provinces"]["Carthago"]["siege"]
    assert siege == {"nation": "rome", "army": "rome:A3", "turns": 0, "since": 1}
    assert state["units"]["rome:A3"]["at"] == "Carthago"
    assert state["provinces"]["Carthago"]["owner"] == "carthage"


def test_army_with_engineer_may_still_choose_to_pillage_the_fortress_province() -> None:
    state = new_game()
    give(state, "Emporia", "rome")
    army(state, "rome", 3, "Emporia", engineer=True)
    state, _, _ = play(state, {"rome": "A3 move Carthago pillage"}, {"invasion:Carthago": 5})
    assert state["provinces"]["Carthago"]["siege"] is None
    assert state["units"]["rome:A3"]["at"] == "Emporia"


def _besieged_carthago() -> dict:
    state = new_game()
    give(state, "Emporia", "rome")
    army(state, "rome", 3, "Carthago", engineer=True)
    state["provinces"]["Carthago"]["siege"] = {"nation": "rome", "army": "rome:A3", "turns": 0, "since": 0}
    return state


def test_siege_surrender_test_falls_on_d10_at_or_below_turns_of_siege() -> None:
    state = _besieged_carthago()
    state, events, _ = play(state, {}, {"siege:Carthago": 1})
    assert state["provinces"]["Carthago"]["owner"] == "rome"
    assert "the city falls" in texts(events)


def test_siege_continues_when_d10_is_above_turns_of_siege_and_counts_the_turns() -> None:
    state = _besieged_carthago()
    state, _, _ = play(state, {}, {"siege:Carthago": 2})
    assert state["provinces"]["Carthago"]["owner"] == "carthage"
    assert state["provinces"]["Carthago"]["siege"]["turns"] == 1
    state, _, _ = play(state, {}, {"siege:Carthago": 2})
    assert state["provinces"]["Carthago"]["owner"] == "rome"


def test_besieged_province_yields_no_market() -> None:
    state = _besieged_carthago()
    before = state["nations"]["carthage"]["treasury"]
    state, _, _ = play(state, {}, {"siege:Carthago": 10})
    assert state["nations"]["carthage"]["treasury"] == before  # Carthago besieged, Emporia lost to rome


def test_invader_lifts_a_siege_by_falling_back_to_a_controlled_province() -> None:
    state = _besieged_carthago()
    state, events, dice = play(state, {"rome": "A3 move Emporia"})
    assert state["provinces"]["Carthago"]["siege"] is None
    assert not [r for r in dice.log if r.key == "siege:Carthago"]
    assert "siege of Carthago is lifted" in texts(events)


def test_loss_of_the_home_province_moves_the_government() -> None:
    state = _besieged_carthago()
    give(state, "Emporia", "carthage")
    give(state, "Numidia", "carthage")
    state, events, _ = play(state, {"carthage": "government Emporia"}, {"siege:Carthago": 1})
    assert state["nations"]["carthage"]["home"] == "Emporia"
    assert state["nations"]["carthage"]["alive"]
    assert "government moves to Emporia" in texts(events)


def test_loss_of_the_home_province_moves_the_government_to_the_most_populous_province_by_default() -> None:
    state = _besieged_carthago()
    give(state, "Emporia", "carthage")  # demography 8
    give(state, "Numidia", "carthage")  # demography 9
    state, _, _ = play(state, {}, {"siege:Carthago": 1})
    assert state["nations"]["carthage"]["home"] == "Numidia"


def test_loss_of_the_home_province_with_no_other_province_eliminates_the_player() -> None:
    state = _besieged_carthago()
    army(state, "carthage", 4, "Numidia")
    state, events, _ = play(state, {}, {"siege:Carthago": 1})
    assert not state["nations"]["carthage"]["alive"]
    assert not [k for k in state["units"] if k.startswith("carthage:")]
    assert "Carthage is eliminated" in texts(events)
