"""Rules the first reading left out or bent, each against the book (shared/rules/002_...txt) or
the project's own promise in orders/mare-nostrum.md; dice pinned by key."""

from __future__ import annotations

from pathlib import Path

import pytest
from mare_nostrum_helpers import RS, army, fleet, give, new_game, play, problems, texts

from adjudicator.games.base import OptionError, ScenarioError

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE_SCENARIO = ROOT / "orders" / "scenarios" / "mare-nostrum-example.toml"


# -- 2. purchases: the order check counts every PO the close will spend ------------------------------
def test_purchase_check_counts_the_mercenaries_hired_against_the_treasury() -> None:
    """100 PO: 6 mercenaries (60) and an army (50) overspend; the check says so before the close."""
    state = new_game()
    found = problems(state, "rome", "hire mercenaries 6\nbuy army Latium")
    assert any("spends 110 PO" in p and "100 PO" in p for p in found), found


def test_purchase_check_passes_mercenaries_and_an_army_the_treasury_pays() -> None:
    state = new_game()
    assert problems(state, "rome", "hire mercenaries 5\nbuy army Latium") == []
    state, events, _ = play(state, {"rome": "hire mercenaries 5\nbuy army Latium"})
    assert state["nations"]["rome"]["treasury"] >= 0
    assert "cannot" not in texts(events)


# -- 5. an exhausted army's retreat order ----------------------------------------------------------------
def test_exhausted_army_retreats_to_the_province_its_retreat_order_names() -> None:
    """« retraite dans une autre région »: the named refuge comes first, even when the nation owns
    another adjacent province (Rome owns Latium; the order names independent Cisalpina)."""
    state = new_game()
    give(state, "Etruria", "rome")
    give(state, "Latium", "rome")
    army(state, "rome", 1, "Etruria", exhausted=1, exhausted_turn=1)
    give(state, "Picenum", "carthage")
    army(state, "carthage", 2, "Picenum")
    orders = {"rome": "A1 hold retreat Cisalpina", "carthage": "A2 move Etruria"}
    state, _, _ = play(state, orders, {"exhausted:Etruria:rome:A1": 4})
    unit = state["units"]["rome:A1"]
    assert unit["at"] == "Cisalpina" and unit["exhausted"] == 2


def test_exhausted_army_without_a_retreat_order_still_prefers_its_own_province() -> None:
    state = new_game()
    give(state, "Etruria", "rome")
    give(state, "Latium", "rome")
    army(state, "rome", 1, "Etruria", exhausted=1, exhausted_turn=1)
    give(state, "Picenum", "carthage")
    army(state, "carthage", 2, "Picenum")
    state, _, _ = play(state, {"carthage": "A2 move Etruria"}, {"exhausted:Etruria:rome:A1": 4})
    assert state["units"]["rome:A1"]["at"] == "Latium"


# -- 4.1 retreat onto a fleet: the fleet must be next to where the army falls back from ---------------
def test_retreat_onto_a_fleet_far_away_is_refused_by_the_order_check() -> None:
    state = new_game()
    give(state, "Latium", "rome")
    give(state, "Campania", None)
    army(state, "rome", 1, "Latium")
    fleet(state, "rome", 1, "Mare-Aegaeum")
    for text in ("A1 move Campania control retreat F1", "A1 hold retreat F1"):
        found = problems(state, "rome", text)
        assert any("fleet F1 is in Mare-Aegaeum, not in a sea zone next to" in p for p in found), found


def test_retreat_onto_a_fleet_next_to_the_province_passes() -> None:
    state = new_game()
    give(state, "Latium", "rome")
    give(state, "Campania", None)
    army(state, "rome", 1, "Latium")
    fleet(state, "rome", 1, "Mare-Tyrrhenum")
    assert problems(state, "rome", "A1 hold retreat F1") == []
    assert problems(state, "rome", "A1 move Campania control retreat F1") == []


def test_retreat_onto_a_fleet_counts_where_the_fleet_sails_this_turn() -> None:
    state = new_game()
    give(state, "Latium", "rome")
    army(state, "rome", 1, "Latium")
    fleet(state, "rome", 1, "Mare-Tyrrhenum")
    found = problems(state, "rome", "A1 hold retreat F1\nF1 move Mare-Sardoum")
    assert any("fleet F1 will be in Mare-Sardoum" in p for p in found), found


# -- 4.2 b no siege of an independent province --------------------------------------------------------
def test_scenario_siege_of_an_independent_province_is_refused() -> None:
    text = EXAMPLE_SCENARIO.read_text(encoding="utf-8").replace('"Sardinia", "Massalia"]', '"Sardinia"]')
    with pytest.raises((ScenarioError, OptionError), match="Massalia is independent"):
        RS.with_scenario(RS.parse_options({}), text)


def test_the_example_scenario_besieges_a_fortress_the_order_check_would_besiege() -> None:
    """The rules and the order check agree: the example's siege is of another nation's fortress."""
    opts = RS.with_scenario(RS.parse_options({}), EXAMPLE_SCENARIO.read_text(encoding="utf-8"))
    from adjudicator.games.dice import Dice

    state = RS.setup(opts, RS.seat_names(opts), Dice(b"setup"))
    assert state["provinces"]["Massalia"]["owner"] == "rome"
    assert state["provinces"]["Massalia"]["siege"]["nation"] == "carthage"
    # the same siege, ordered: an army with an engineer next to Massalia may lay it
    army(state, "carthage", 7, "Narbonensis", engineer=True)
    give(state, "Narbonensis", "carthage")
    assert problems(state, "carthage", "A7 move Massalia siege") == []


# -- table mode: the prompt names fleets as the results name units ----------------------------------
def test_table_mode_prompt_names_the_nation_of_each_fleet_that_engages() -> None:
    state = new_game(battles="table")
    fleet(state, "rome", 1, "Mare-Ionium")
    fleet(state, "carthage", 1, "Mare-Ionium")
    state, _, _ = play(state, {"rome": "F1 hold engage", "carthage": "F1 hold engage"})
    [req] = RS.requests(state)
    assert "fleets that engage: Rome fleet F1, Carthage fleet F1" in req.prompt, req.prompt  # seat order


# -- 3g. two blockades of one port: credited in the seats' order, never by name ---------------------------
def test_blockades_of_one_port_roll_in_seat_order_not_by_name() -> None:
    state = new_game()
    give(state, "Carthago", "carthage")
    fleet(state, "rome", 1, "Mare-Sardoum")
    fleet(state, "macedon", 1, "Fretum-Siculum")
    orders = {"rome": "F1 blockade Carthago", "macedon": "F1 blockade Carthago"}
    _, events, _ = play(state, orders, {"blockade:Carthago": [2, 6]})
    lines = [e.text for e in events if e.kind == "blockade"]
    assert lines[0].startswith("Rome fleet F1 blockades Carthago") and "d6 2" in lines[0], lines
    assert lines[1].startswith("Macedon fleet F1 blockades Carthago") and "d6 6" in lines[1], lines
