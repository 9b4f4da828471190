"""The three optional rule sets, rule by rule: Technology (Stars of Hope), Politics (Shattered Throne),
Exploration (Unknown Sectors, Deep Space). Dice pinned by key."""

from __future__ import annotations

from pm_helpers import RULES, new_game, play, problems, put, texts_of

from adjudicator.games.planet_masters import empire as E
from adjudicator.games.planet_masters.tables import DEEP_SPACE, POLITICS, TECHNOLOGY, UNKNOWN_SECTORS


def test_optional_tables_are_the_books() -> None:
    assert list(TECHNOLOGY.values()) == [
        "advanced fighters", "terraforming", "assault cannon", "long range cannon", "stasis chambers",
        "sonic deflector",
    ]  # fmt: skip
    assert list(POLITICS.values()) == [
        "ceasefire", "council censure", "fleet regulations", "planetary conscription", "ship tax",
        "martial politics",
    ]  # fmt: skip
    assert list(UNKNOWN_SECTORS.values()) == [
        "empty space", "wormhole", "asteroids", "nebula", "supernova", "electromagnetic storm",
    ]  # fmt: skip
    assert list(DEEP_SPACE.values()) == [
        "peaceful annexation", "developed society", "radiation", "the ancients", "colonists",
        "industrial society",
    ]  # fmt: skip


# -- Les Technologies ------------------------------------------------------------------------------
def test_technology_costs_two_resources_and_is_taken_once_per_game() -> None:
    state = new_game(4, technology="on")
    put(state, "terre", planets=[3, 3, 3, 1])  # 4 resources
    state, events = play(state, {"turn:terre": "tech\ntech\nbuild"}, {"tech:terre": 3, "build:terre": 1})
    p = state["players"]["terre"]
    assert p["tech"] == 3 and p["weapons"] == [1]
    assert "only one technology per game" in texts_of(events)


def test_technology_needs_the_option() -> None:
    state = new_game(2)
    assert [p.kind for p in problems(state, "turn:terre", "tech")] == ["illegal"]


def test_rebuild_tech_costs_two_resources() -> None:
    state = new_game(2, technology="on")
    put(state, "terre", tech=1)  # one resource only
    state, events = play(state, {"turn:terre": "rebuild tech"})
    assert state["players"]["terre"]["tech"] == 1 and "no resource left" in texts_of(events)
    state = new_game(2, technology="on")
    put(state, "terre", planets=[3], tech=1)
    state, events = play(state, {"turn:terre": "rebuild tech"}, {"tech:terre": 4})
    assert state["players"]["terre"]["tech"] == 4


def test_advanced_fighters_add_fighters_in_attack() -> None:
    p = E.new_player("mors")
    p.update(home=3, weapons=[6, 1])
    assert E.attack_power(p) == 1
    p["tech"] = E.ADVANCED_FIGHTERS
    assert E.attack_power(p) == 2


def test_terraforming_adds_one_resource_per_active_resource_die() -> None:
    p = E.new_player("mors")
    p.update(home=3, planets=[{"face": 2, "fresh": False}, {"face": 5, "fresh": False}])
    assert E.resources(p, None) == 2
    p["tech"] = E.TERRAFORMING
    assert E.resources(p, None) == 4


def test_assault_cannon_adds_one_to_cruisers_and_battleships() -> None:
    p = E.new_player("freebooters")
    p.update(home=1, weapons=[1, 2, 3])  # trait cruiser 1 + cruiser 1 + battleship 2 + station 3
    assert E.attack_power(p) == 7
    p["tech"] = E.ASSAULT_CANNON
    assert E.attack_power(p) == 10


def test_long_range_cannon_adds_planetary_defences_in_attack() -> None:
    p = E.new_player("mors")
    p.update(home=3, weapons=[5])
    assert E.attack_power(p) == 0
    p["tech"] = E.LONG_RANGE_CANNON
    assert E.attack_power(p) == 2


def test_stasis_chambers_gain_a_planet_with_a_cruiser_or_battleship() -> None:
    state = new_game(2, technology="on")
    put(state, "terre", planets=[3], weapons=[2])
    state, _ = play(state, {"turn:terre": "tech"}, {"tech:terre": 5, "planet:terre": 3})
    assert [p["face"] for p in state["players"]["terre"]["planets"]] == [3, 3]
    state = new_game(2, technology="on")
    put(state, "terre", planets=[3], weapons=[3])
    state, _events = play(state, {"turn:terre": "tech"}, {"tech:terre": 5})
    assert len(state["players"]["terre"]["planets"]) == 1


def test_sonic_deflector_rerolls_an_opponents_home_instead_of_conquest() -> None:
    state = new_game(2, technology="on")
    put(state, "terre", tech=6)
    state, _events = play(state, {"turn:terre": "deflect mors"}, {"deflect:mors": 2})
    assert state["players"]["mors"]["home"] == 2 and state["players"]["mors"]["planets"] == []
    assert state["pending"] is None and state["active"] == "mors"


# -- La politique ----------------------------------------------------------------------------------
def test_politics_die_starts_blank_and_its_roll_persists() -> None:
    state = new_game(2, politics="on")
    assert state["politics"] is None
    state, _ = play(state, {"turn:terre": "politics"}, {"politics": 5})
    assert state["politics"] == 5 and state["pending"] is None
    state, _ = play(state, {"turn:mors": "build"}, {"build:mors": 1})
    assert state["politics"] == 5


def test_ceasefire_forbids_attack_but_not_vote() -> None:
    state = new_game(2, politics="on")
    state["politics"] = 1
    assert [p.kind for p in problems(state, "turn:terre", "attack mors")] == ["illegal"]
    assert problems(state, "turn:terre", "vote mors") == []


def test_council_censure_forbids_vote_but_not_attack() -> None:
    state = new_game(2, politics="on")
    state["politics"] = 2
    assert [p.kind for p in problems(state, "turn:terre", "vote mors")] == ["illegal"]
    assert problems(state, "turn:terre", "attack mors") == []
    state, events = play(state, {"turn:terre": "build"}, {"build:terre": 1})
    assert state["pending"] is None and "neither attacks nor votes" in texts_of(events)


def test_fleet_regulations_remove_the_construction_phase() -> None:
    state = new_game(2, politics="on")
    state["politics"] = 3
    assert [p.kind for p in problems(state, "turn:terre", "build")] == ["illegal"]


def test_planetary_conscription_removes_the_management_phase() -> None:
    state = new_game(2, politics="on")
    state["politics"] = 4
    assert [p.kind for p in problems(state, "turn:terre", "reroll home")] == ["illegal"]


def test_ship_tax_resources_count_as_influence() -> None:
    p = E.new_player("mors")
    p.update(home=3, planets=[{"face": 5, "fresh": False}])
    assert E.influence(p, None) == 1 and E.influence(p, E.SHIP_TAX) == 2


def test_martial_politics_influence_counts_as_resources() -> None:
    p = E.new_player("mors")
    p.update(home=5, planets=[{"face": 2, "fresh": False}])
    assert E.resources(p, None) == 1 and E.resources(p, E.MARTIAL_POLITICS) == 2


def test_ship_tax_gives_immunity_through_resources() -> None:
    state = new_game(2, politics="on")
    state["politics"] = 5
    put(state, "terre", home=6, weapons=[3])
    state, _ = play(state, {"turn:terre": "attack mors"})
    assert state["pending"]["kind"] == "immunity"


# -- Exploration: Secteurs Inconnus ----------------------------------------------------------------
def _attack(sector: int, **pins: int) -> tuple[dict, list]:
    state = new_game(2, exploration="on")
    put(state, "terre", planets=[3], weapons=[2, 1])  # attack 3
    put(state, "mors", home=6, weapons=[6])  # defence 2
    return play(
        state, {"turn:terre": "attack mors\non win destroy"}, {"unknown-sectors:terre": sector, **pins}
    )


def test_unknown_sectors_empty_space_has_no_effect() -> None:
    state, events = _attack(1)
    assert "terre wins" in texts_of(events) and state["players"]["mors"]["weapons"] == []


def test_unknown_sectors_wormhole_plays_again_at_the_end_of_the_turn() -> None:
    state, _events = _attack(2)
    assert state["active"] == "terre" and state["round"] == 1 and not state["again"]


def test_unknown_sectors_asteroids_lose_a_weapon_of_your_choice_first() -> None:
    state, events = _attack(3)
    assert state["players"]["terre"]["weapons"] == [2]  # the cruiser goes by the default order
    assert "mors holds" in texts_of(events)  # 2 against 2


def test_unknown_sectors_nebula_gives_the_defender_two() -> None:
    _state, events = _attack(4)
    assert "terre 3 in attack against mors 4 in defence" in texts_of(events)


def test_unknown_sectors_supernova_ends_the_turn_before_the_battle() -> None:
    state, events = _attack(5)
    assert "Battle" not in texts_of(events) and state["active"] == "mors"


def test_unknown_sectors_storm_silences_fighters_and_cruisers() -> None:
    _state, events = _attack(6)
    assert "terre 2 in attack against mors 1 in defence" in texts_of(events)


def test_unknown_sectors_are_rolled_before_immunity() -> None:
    state = new_game(2, exploration="on")
    put(state, "terre", weapons=[3])
    put(state, "mors", home=5)
    state, _events = play(state, {"turn:terre": "attack mors"}, {"unknown-sectors:terre": 4})
    assert state["pending"]["kind"] == "immunity" and state["pending"]["nebula"] is True


# -- Exploration: Deep Space -----------------------------------------------------------------------
def _new_planet(result: int, technology: str = "off", **pins: int) -> tuple[dict, list]:
    state = new_game(2, exploration="on", technology=technology)
    put(state, "terre", weapons=[3])
    texts = {"turn:terre": "reroll home\nvote mors"}
    return play(state, texts, {"reroll:terre:home": 2, "deep-space:terre": result, **pins})


def test_deep_space_peaceful_annexation_rolls_the_planet() -> None:
    state, _ = _new_planet(1, **{"planet:terre": 6})
    assert [p["face"] for p in state["players"]["terre"]["planets"]] == [6]


def test_deep_space_developed_society_gives_a_technology_die() -> None:
    state, _ = _new_planet(2, technology="on", **{"tech:terre": 4, "planet:terre": 6})
    assert state["players"]["terre"]["tech"] == 4
    state, _ = _new_planet(2, technology="off", **{"planet:terre": 6})
    assert state["players"]["terre"]["tech"] is None


def test_deep_space_radiation_loses_every_weapon() -> None:
    state, _ = _new_planet(3, **{"planet:terre": 6})
    assert state["players"]["terre"]["weapons"] == []


def test_deep_space_the_ancients_colonists_and_industry_place_the_planet() -> None:
    for result, face in ((4, 5), (5, 6), (6, 3)):
        state, events = _new_planet(result)
        assert [p["face"] for p in state["players"]["terre"]["planets"]] == [face]
        assert not any(r.startswith("planet:") for r in [e.text for e in events])


def test_options_combine() -> None:
    opts = RULES.parse_options({"technology": "on", "politics": "on", "exploration": "off"})
    assert (opts["technology"], opts["politics"], opts["exploration"]) == (True, True, False)


def test_stasis_chambers_count_the_freebooters_cruiser() -> None:
    state = new_game(6, technology="on")
    state["active"] = "freebooters"
    put(state, "freebooters", home=1, planets=[3, 3])  # two Resources: 2 actions
    state, _ = play(
        state, {"turn:freebooters": "tech\nvote mors"}, {"tech:freebooters": 5, "planet:freebooters": 2}
    )
    assert len(state["players"]["freebooters"]["planets"]) == 3
