"""« Tous les mouvements doivent etre effectues simultanement »: each step resolved against the
state at its start, its consequences applied together; arrivals together are equals."""

from __future__ import annotations

from mare_nostrum_helpers import army, give, new_game, play, texts

# ----------------------------------------------------------------------------- invasions


def test_invasions_are_simultaneous_a_nation_losing_its_home_moves_to_the_province_it_takes() -> None:
    """Carthage loses its only province, Emporia, while it takes Tripolitania in the same step.

    Visited in alphabetical order, Emporia fell first and Carthage was eliminated before its
    own invasion was looked at; now both invasions happen together and its government moves."""
    state = new_game()
    give(state, "Carthago", None)
    state["nations"]["carthage"]["home"] = "Emporia"
    army(state, "carthage", 1, "Emporia")
    give(state, "Numidia", "rome")
    army(state, "rome", 1, "Numidia")
    orders = {"carthage": "A1 move Tripolitania", "rome": "A1 move Emporia"}
    pins = {"invasion:Emporia": 10, "invasion:Tripolitania": 10}
    state, events, _ = play(state, orders, pins)
    assert state["provinces"]["Emporia"]["owner"] == "rome"
    assert state["provinces"]["Tripolitania"]["owner"] == "carthage"
    assert state["nations"]["carthage"]["alive"]
    assert state["nations"]["carthage"]["home"] == "Tripolitania"
    assert "government moves to Tripolitania" in texts(events)


def test_a_repulsed_army_retreats_by_the_provinces_as_they_stood_at_the_start_of_the_step() -> None:
    """Rome takes Aquitania in the step its other army is repulsed from Gallia next door: Aquitania
    was not Rome's when the step began, so it is no refuge (alphabetically, Aquitania used to be
    taken "first" and the army was saved by the order of the names)."""
    state = new_game()
    army(state, "rome", 1, "Helvetia")  # in independent Helvetia: no refuge where it came from
    give(state, "Tarraconensis", "rome")
    army(state, "rome", 2, "Tarraconensis")
    orders = {"rome": "A1 move Gallia\nA2 move Aquitania"}
    state, events, _ = play(state, orders, {"invasion:Gallia": 1, "invasion:Aquitania": 10})
    assert state["provinces"]["Aquitania"]["owner"] == "rome"
    assert "rome:A1" not in state["units"]
    assert "no province or fleet to retreat to from Gallia" in texts(events)


# ----------------------------------------------------------------------------- sieges


def test_sieges_are_rolled_together_two_capitals_fall_in_the_same_turn() -> None:
    """Rome besieges Carthago and Carthage besieges Latium, each its enemy's only province.

    Both sieges are rolled; both cities fall together and each government moves into the
    city its army took (the second siege used to be dropped when the first eliminated)."""
    state = new_game(nations=2)
    give(state, "Campania", None)
    give(state, "Emporia", None)
    army(state, "rome", 1, "Carthago", engineer=True)
    army(state, "carthage", 1, "Latium", engineer=True)
    state["provinces"]["Carthago"]["siege"] = {"nation": "rome", "army": "rome:A1", "turns": 0, "since": 0}
    state["provinces"]["Latium"]["siege"] = {
        "nation": "carthage",
        "army": "carthage:A1",
        "turns": 0,
        "since": 0,
    }
    state, events, dice = play(state, {}, {"siege:Carthago": 1, "siege:Latium": 1})
    assert {r.key for r in dice.log if r.key.startswith("siege")} == {"siege:Carthago", "siege:Latium"}
    assert state["provinces"]["Carthago"]["owner"] == "rome"
    assert state["provinces"]["Latium"]["owner"] == "carthage"
    assert state["nations"]["rome"]["alive"] and state["nations"]["carthage"]["alive"]
    assert state["nations"]["rome"]["home"] == "Carthago"
    assert state["nations"]["carthage"]["home"] == "Latium"
    assert "eliminated" not in texts(events)


# ----------------------------------------------------------------------------- arrivals together


def _rome_and_carthage_march_on_pannonia() -> dict:
    state = new_game()
    give(state, "Noricum", "rome")
    army(state, "rome", 1, "Noricum")
    give(state, "Dalmatia", "carthage")
    army(state, "carthage", 1, "Dalmatia")
    return state


BOTH = {"rome": "A1 move Pannonia", "carthage": "A1 move Pannonia"}


def test_armies_arriving_together_are_equals_after_the_last_round_fewer_losses_win() -> None:
    """Nobody holds the field when both arrived: the side with fewer losses wins the 40th round
    (the alphabetically second nation used to "hold" as if it had been there first)."""
    pins = {
        "battle:Pannonia:1:rome": [1] + [3] * 39,
        "battle:Pannonia:1:carthage": [6] + [3] * 39,
        "invasion:Pannonia": 10,
    }
    state, events, _ = play(_rome_and_carthage_march_on_pannonia(), BOTH, pins)
    assert "rome:A1" not in state["units"] and "carthage:A1" in state["units"]
    assert "arrived together" in texts(events) and "holds the field" not in texts(events)
    assert state["provinces"]["Pannonia"]["owner"] == "carthage"


def test_armies_arriving_together_with_equal_losses_draw_and_both_stay() -> None:
    pins = {"battle:Pannonia:1:rome": [3] * 40, "battle:Pannonia:1:carthage": [3] * 40}
    state, events, dice = play(_rome_and_carthage_march_on_pannonia(), BOTH, pins)
    assert state["units"]["rome:A1"]["at"] == "Pannonia" and state["units"]["carthage:A1"]["at"] == "Pannonia"
    assert "a draw, both stay" in texts(events)
    assert not [r for r in dice.log if r.key.startswith("invasion")]  # two nations: nobody invades
    assert state["provinces"]["Pannonia"]["owner"] is None


# ----------------------------------------------------------------------------- interception


def test_interception_by_several_nations_each_rolls_and_the_best_result_counts() -> None:
    """Which nation rolled first used to depend on the seat names; now each hunter rolls its own
    die, keyed by its unit, and the band meets the worst fate any of them dealt it."""
    state = new_game()
    state["bands"].append({"kind": "brigands", "at": "Etruria", "quiet_turn": 0})
    army(state, "rome", 1, "Latium")
    give(state, "Liguria", "carthage")
    army(state, "carthage", 1, "Liguria")
    orders = {
        "rome": "A1 move Etruria intercept\ntruce Etruria",
        "carthage": "A1 move Etruria intercept\ntruce Etruria",
    }
    pins = {"brigands:Etruria:rome:A1": 1, "brigands:Etruria:carthage:A1": 4}
    state, _, dice = play(state, orders, pins)
    assert state["bands"] == []
    assert {r.key for r in dice.log if r.key.startswith("brigands")} == {
        "brigands:Etruria:rome:A1",
        "brigands:Etruria:carthage:A1",
    }


def test_interception_is_an_order_a_unit_without_intercept_does_not_try() -> None:
    """« le joueur peut tenter de l'intercepter »: it may, it need not."""
    state = new_game()
    state["bands"].append({"kind": "brigands", "at": "Etruria", "quiet_turn": 0})
    army(state, "rome", 1, "Latium")
    state, _, dice = play(state, {"rome": "A1 move Etruria"}, {"invasion:Etruria": 10})
    assert not [r for r in dice.log if r.key.startswith("brigands")]
    assert state["bands"] == [{"kind": "brigands", "at": "Etruria", "quiet_turn": 0}]


def test_interception_on_two_by_two_nations_a_die_picks_between_their_drives() -> None:
    state = new_game()
    state["bands"].append({"kind": "brigands", "at": "Etruria", "quiet_turn": 0})
    army(state, "rome", 1, "Latium")
    give(state, "Liguria", "carthage")
    army(state, "carthage", 1, "Liguria")
    orders = {
        "rome": "A1 move Etruria intercept drive Picenum\ntruce Etruria",
        "carthage": "A1 move Etruria intercept drive Cisalpina\ntruce Etruria",
    }
    # both roll 2 (rome has no +1: Etruria is independent); choices in map order: Cisalpina, Picenum
    pins = {"brigands:Etruria:rome:A1": 2, "brigands:Etruria:carthage:A1": 2, "brigands-flee:Etruria": 2}
    state, _, _ = play(state, orders, pins)
    assert state["bands"][0]["at"] == "Picenum"
