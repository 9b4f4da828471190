"""The base game, rule by rule, dice pinned by key (rule book: shared/rules/003_77f0e8b08b0d0e02.txt)."""

from __future__ import annotations

from pm_helpers import RULES, new_game, play, problems, put, request, texts_of

from adjudicator.games.dice import Dice
from adjudicator.games.planet_masters import empire as E
from adjudicator.games.planet_masters.tables import HOME, NEUTRAL, RACE_ORDER, WEAPON


# -- Description des templates ---------------------------------------------------------------------
def test_templates_match_the_books_table() -> None:
    book = {
        1: ("Trait racial", "Épuisé", "Croiseur"),
        2: ("Transporteur", "Ressource", "Cuirassé"),
        3: ("Ressource", "Ressource", "Station Orbitale"),
        4: ("Ressource", "Ressource", "Transporteur"),
        5: ("Influence", "Influence", "Défense planétaire"),
        6: ("Infanterie", "Infanterie", "Chasseurs"),
    }
    english = {
        "Trait racial": "trait",
        "Épuisé": "exhausted",
        "Ressource": "resource",
        "Transporteur": "transporter",
        "Influence": "influence",
        "Infanterie": "infantry",
        "Croiseur": "cruiser",
        "Cuirassé": "battleship",
        "Station Orbitale": "station",
        "Défense planétaire": "defence",
        "Chasseurs": "fighters",
    }
    for face, (home, neutral, weapon) in book.items():
        assert (HOME[face], NEUTRAL[face], WEAPON[face]) == (english[home], english[neutral], english[weapon])


def test_weapon_powers_follow_explication_templates() -> None:
    p = E.new_player("mors")
    p["home"] = 3
    p["planets"] = [{"face": 3, "fresh": False}] * 5
    p["weapons"] = [
        1,
        2,
        3,
        4,
        5,
        6,
    ]  # cruiser 1, battleship 2, station 3, transporter 0, defence 2, fighters 1
    assert E.attack_power(p) == 1 + 2 + 3
    assert E.defence_power(p) == 1 + 2 + 3 + 2 + 1


# -- Installation ----------------------------------------------------------------------------------
def test_setup_galaxy_has_one_neutral_planet_per_player() -> None:
    for n in (2, 5, 8):
        state = new_game(n)
        assert state["galaxy"] == n
        assert all(p["weapons"] == [] for p in state["players"].values())


def test_setup_rolls_each_home_die_keyed_by_seat() -> None:
    opts = RULES.parse_options({"players": "3"})
    seats = RULES.seat_names(opts)
    state = RULES.setup(opts, seats, Dice(b"x", pins={"first-player": 2, "home:terre": 5, "home:mors": 6}))
    assert state["players"]["terre"]["home"] == 5 and state["players"]["mors"]["home"] == 6
    assert state["order"] == ["mors", "roach", "terre"] and state["active"] == "mors"


def test_setup_home_transporter_gains_a_planet() -> None:
    opts = RULES.parse_options({"players": "2"})
    pins = {"first-player": 1, "home:terre": 2, "home:mors": 3, "planet:terre": 5}
    state = RULES.setup(opts, RULES.seat_names(opts), Dice(b"x", pins=pins))
    assert state["players"]["terre"]["planets"] == [{"face": 5, "fresh": False}]
    assert state["galaxy"] == 1


def test_players_option_names_seats_after_races_repeating_after_six() -> None:
    opts = RULES.parse_options({"players": "8"})
    assert RULES.seat_names(opts) == [*RACE_ORDER, "terre-2", "mors-2"]
    opts = RULES.parse_options({"races": "pacal, pacal, roach"})
    assert RULES.seat_names(opts) == ["pacal", "pacal-2", "roach"]


def test_options_reject_bad_values_with_a_clear_message() -> None:
    import pytest

    from adjudicator.games.base import OptionError

    for raw in ({"players": "9"}, {"players": "x"}, {"races": "terre,elves"}, {"politics": "maybe"}):
        with pytest.raises(OptionError):
            RULES.parse_options(raw)


# -- Conditions de victoire ------------------------------------------------------------------------
def test_victory_needs_players_plus_one_planets_home_included() -> None:
    state = new_game(2)
    put(state, "terre", home=5, planets=[3])
    assert not E.is_victorious(state["players"]["terre"], 2)
    put(state, "terre", planets=[3, 5])
    assert E.is_victorious(state["players"]["terre"], 2)


def test_victory_needs_every_planet_on_influence_or_resource() -> None:
    state = new_game(2)
    for home, planets, wins in (
        (5, [3, 6], False),
        (6, [3, 5], False),
        (2, [3, 5], False),
        (4, [1, 5], False),
    ):
        put(state, "terre", home=home, planets=planets)
        assert E.is_victorious(state["players"]["terre"], 2) is wins


def test_victory_counts_mors_trait_as_resource_and_pacal_trait_as_influence() -> None:
    state = new_game(4)
    for seat, wins in (("mors", True), ("pacal", True), ("terre", False), ("roach", False)):
        put(state, seat, home=1, planets=[3, 4, 5, 2])
        assert E.is_victorious(state["players"][seat], 4) is wins, seat


def test_victory_is_declared_after_management_rerolls() -> None:
    state = new_game(2)
    put(state, "terre", home=3, planets=[5, 1])
    state, _events = play(state, {"turn:terre": "reroll exhausted"}, {"reroll:terre:planet": 4})
    assert RULES.outcome(state) is not None and RULES.outcome(state).winners == ("terre",)
    assert RULES.requests(state) == []


# -- Races et traits spécifiques -------------------------------------------------------------------
def test_terre_lightning_infantry_adds_two_in_defence_only() -> None:
    p = E.new_player("terre")
    p["home"] = 1
    assert (E.attack_power(p), E.defence_power(p)) == (0, 2)


def test_mors_trait_is_a_resource() -> None:
    p = E.new_player("mors")
    p["home"] = 1
    assert E.resources(p, None) == 1 and E.influence(p, None) == 0


def test_roach_trait_rolled_gains_a_planet() -> None:
    state = new_game(3)
    state["active"] = "roach"
    state, _events = play(state, {"turn:roach": "reroll home"}, {"reroll:roach:home": 1, "planet:roach": 2})
    assert [p["face"] for p in state["players"]["roach"]["planets"]] == [2]


def test_pacal_trait_is_an_influence_and_a_vote() -> None:
    p = E.new_player("pacal")
    p["home"] = 1
    assert E.influence(p, None) == 1 and E.votes(p, None) == 2


def test_matriks_expert_fighters_add_two_in_defence_only() -> None:
    p = E.new_player("matriks")
    p["home"] = 1
    assert (E.attack_power(p), E.defence_power(p)) == (0, 2)


def test_freebooters_trait_cruiser_adds_one_in_attack_and_defence() -> None:
    p = E.new_player("freebooters")
    p["home"] = 1
    assert (E.attack_power(p), E.defence_power(p)) == (1, 1)


# -- 1. Construction -------------------------------------------------------------------------------
def test_construction_one_action_per_active_resource() -> None:
    state = new_game(2)
    put(state, "terre", home=3, planets=[2, 5])  # 2 Resources, 3 planets
    state, events = play(state, {"turn:terre": "build\nbuild\nbuild"}, {"build:terre": [1, 2, 3]})
    assert state["players"]["terre"]["weapons"] == [1, 2]
    assert "no resource left" in texts_of(events)


def test_fleet_maintenance_one_weapon_per_planet_blocks_build() -> None:
    state = new_game(2)
    put(state, "terre", home=3, planets=[3], weapons=[1, 2])
    state, events = play(state, {"turn:terre": "build"}, {"build:terre": 3})
    assert state["players"]["terre"]["weapons"] == [1, 2]
    assert "fleet maintenance" in texts_of(events)


def test_rebuild_rerolls_the_weapon_last_rolled_when_the_condition_holds() -> None:
    state = new_game(2)
    put(state, "terre", home=3, planets=[3])
    state, _ = play(
        state, {"turn:terre": "build; if weapon < 3 rebuild"}, {"build:terre": 1, "rebuild:terre": 3}
    )
    assert state["players"]["terre"]["weapons"] == [3]


def test_conditional_rebuild_is_skipped_when_the_condition_fails() -> None:
    state = new_game(2)
    put(state, "terre", home=3, planets=[3])
    state, events = play(
        state, {"turn:terre": "build\nif weapon < 3 rebuild\nbuild"}, {"build:terre": [3, 2]}
    )
    assert sorted(state["players"]["terre"]["weapons"]) == [2, 3]
    assert "condition does not hold" in texts_of(events)


def test_rebuild_named_weapon_rerolls_one_showing_that_face() -> None:
    state = new_game(2)
    put(state, "terre", home=3, weapons=[1])
    state, _ = play(state, {"turn:terre": "rebuild cruiser"}, {"rebuild:terre": 2})
    assert state["players"]["terre"]["weapons"] == [2]


def test_weapon_transporter_gains_a_planet_from_the_galaxy() -> None:
    state = new_game(2)
    put(state, "mors", weapons=[1])  # an armed leader: the vote on it is asked, the turn goes on
    state, _events = play(state, {"turn:terre": "build"}, {"build:terre": 4, "planet:terre": 6})
    assert state["players"]["terre"]["planets"] == [{"face": 6, "fresh": True}]  # until the turn ends
    assert state["galaxy"] == 1


def test_transporter_with_an_empty_galaxy_gains_nothing() -> None:
    state = new_game(2)
    put(state, "mors", planets=[3, 3])
    assert state["galaxy"] == 0
    state, events = play(state, {"turn:terre": "build"}, {"build:terre": 4})
    assert state["players"]["terre"]["planets"] == []
    assert "no planet left" in texts_of(events)


def test_planets_gained_during_construction_do_not_add_resources_this_turn() -> None:
    state = new_game(2)  # home on Resource: 1 action
    state, _events = play(state, {"turn:terre": "build\nrebuild"}, {"build:terre": 4, "planet:terre": 3})
    assert state["players"]["terre"]["weapons"] == [4]


# -- 2. Management ---------------------------------------------------------------------------------
def test_management_rerolls_each_planet_die_at_most_once() -> None:
    state = new_game(2)
    put(state, "terre", home=6, planets=[1, 1])
    text = "reroll home\nreroll home\nreroll all exhausted\nreroll exhausted"
    pins = {"reroll:terre:home": [5, 5], "reroll:terre:planet": [1, 1, 1]}
    state, events = play(state, {"turn:terre": text}, pins)
    rolls = [e for e in events if e.kind in ("home", "reroll")]
    assert len(rolls) == 3  # home once, each planet once
    assert "rerolled already" in texts_of(events)


def test_management_cannot_reroll_a_planet_gained_this_turn_by_a_transporter() -> None:
    state = new_game(2)
    state, events = play(
        state, {"turn:terre": "build\nreroll exhausted"}, {"build:terre": 4, "planet:terre": 1}
    )
    assert [p["face"] for p in state["players"]["terre"]["planets"]] == [1]
    assert "may be rerolled" in texts_of(events)


def test_home_transporter_rerolled_in_management_gains_a_planet() -> None:
    state = new_game(2)
    state, _ = play(state, {"turn:terre": "reroll home"}, {"reroll:terre:home": 2, "planet:terre": 5})
    assert [p["face"] for p in state["players"]["terre"]["planets"]] == [5]


# -- 3. La Conquête --------------------------------------------------------------------------------
def test_attack_wins_only_with_greater_total_power() -> None:
    state = new_game(2)
    put(state, "terre", weapons=[2])
    put(state, "mors", home=6, planets=[3])  # infantry home: defence 1
    state, events = play(state, {"turn:terre": "attack mors\non win destroy"})
    assert "terre wins" in texts_of(events)
    state = new_game(2)
    put(state, "terre", weapons=[1])
    put(state, "mors", home=6)
    state, events = play(state, {"turn:terre": "attack mors"})
    assert "mors holds" in texts_of(events)  # a tie: the defender holds


def test_defence_only_weapons_count_in_defence_not_attack() -> None:
    state = new_game(2)
    put(state, "terre", planets=[3, 3], weapons=[5, 6, 1])  # attack 1
    put(state, "mors", planets=[3], weapons=[5, 6])  # defence 3
    assert E.attack_power(state["players"]["terre"]) == 1
    assert E.defence_power(state["players"]["mors"]) == 3


def test_infantry_planet_adds_one_in_defence_only() -> None:
    state = new_game(2)
    put(state, "mors", home=6, planets=[6])
    assert E.defence_power(state["players"]["mors"]) == 2 and E.attack_power(state["players"]["mors"]) == 0


def test_immunity_asks_the_defender_with_more_influence_and_silence_cancels() -> None:
    state = new_game(2)
    put(state, "terre", weapons=[3])
    put(state, "mors", home=5)
    state, events = play(state, {"turn:terre": "attack mors\non win pressure"})
    r = request(state, "immunity:mors")
    assert r.default.strip() == "cancel"
    state, events = play(state, {})
    assert "attack is cancelled" in texts_of(events)
    assert state["active"] == "mors"


def test_immunity_allow_lets_the_battle_happen() -> None:
    state = new_game(2)
    put(state, "terre", weapons=[3])
    put(state, "mors", home=5)
    state, _ = play(state, {"turn:terre": "attack mors\non win pressure"})
    state, events = play(state, {"immunity:mors": "allow"}, {"pressure:mors": 6})
    assert "Diplomatic Pressure" in texts_of(events)
    assert state["players"]["mors"]["home"] == 6


def test_no_immunity_when_the_defender_has_no_more_influence() -> None:
    state = new_game(2)
    put(state, "terre", home=5, weapons=[3])
    put(state, "mors", home=5)
    state, events = play(state, {"turn:terre": "attack mors\non win pressure"}, {"pressure:mors": 4})
    assert state["pending"] is None and "terre wins" in texts_of(events)


def test_invasion_captures_a_planet_rolls_it_and_enforces_fleet_maintenance() -> None:
    state = new_game(2)
    put(state, "terre", weapons=[3])
    put(state, "mors", planets=[3], weapons=[1, 6])  # 2 planets, 2 weapons, defence 2
    state, _events = play(state, {"turn:terre": "attack mors\non win invade"}, {"planet:terre": 5})
    assert state["players"]["terre"]["planets"] == [{"face": 5, "fresh": False}]
    assert state["players"]["mors"]["planets"] == []
    # the default sacrifice order gives up the weakest first: transporter, cruiser, fighters ...
    assert state["players"]["mors"]["weapons"] == [6]


def test_invasion_takes_the_face_written_in_the_orders() -> None:
    state = new_game(2)
    put(state, "terre", home=5, weapons=[3])
    put(state, "mors", planets=[3, 5, 6])
    state, _events = play(state, {"turn:terre": "attack mors\non win invade influence"}, {"planet:terre": 2})
    assert [p["face"] for p in state["players"]["mors"]["planets"]] == [3, 6]


def test_destruction_removes_the_named_weapon() -> None:
    state = new_game(2)
    put(state, "terre", planets=[3], weapons=[3, 3])
    put(state, "mors", planets=[3], weapons=[6, 2])
    state, _events = play(state, {"turn:terre": "attack mors\non win destroy fighters"})
    assert state["players"]["mors"]["weapons"] == [2]


def test_diplomatic_pressure_transporter_has_no_effect() -> None:
    state = new_game(2)
    put(state, "terre", weapons=[3])
    state, events = play(state, {"turn:terre": "attack mors\non win pressure"}, {"pressure:mors": 2})
    assert state["players"]["mors"]["home"] == 2 and state["players"]["mors"]["planets"] == []
    assert "no effect" in texts_of(events)


def test_reward_falls_back_when_the_written_choice_is_impossible() -> None:
    state = new_game(2)
    put(state, "terre", weapons=[3])
    put(state, "mors", weapons=[1])
    state, _events = play(state, {"turn:terre": "attack mors\non win invade\non win destroy"})
    assert state["players"]["mors"]["weapons"] == []


# -- Le Vote ---------------------------------------------------------------------------------------
def test_vote_majority_makes_the_target_lose_a_weapon_of_its_choice() -> None:
    state = new_game(3)
    put(state, "roach", planets=[3, 3], weapons=[3, 1, 2])
    state, _ = play(state, {"turn:terre": "vote roach"})
    assert {r.key for r in RULES.requests(state)} == {"vote:mors", "vote:roach"}
    state, events = play(state, {"vote:mors": "for", "vote:roach": "against\nsacrifice station"})
    assert "it passes" in texts_of(events)
    assert state["players"]["roach"]["weapons"] == [1, 2]


def test_vote_counts_one_per_player_plus_one_per_influence() -> None:
    state = new_game(3)
    put(state, "roach", home=5, planets=[5], weapons=[1])  # 3 votes against
    state, _ = play(state, {"turn:terre": "vote roach"})
    state, events = play(state, {"vote:mors": "for", "vote:roach": "against"})
    assert "2 of 5 votes for" in texts_of(events) and "it fails" in texts_of(events)


def test_vote_needs_more_than_half_a_tie_fails() -> None:
    state = new_game(2)
    put(state, "mors", weapons=[1])
    state, _ = play(state, {"turn:terre": "vote mors"})
    state, events = play(state, {"vote:mors": "against"})
    assert "1 of 2 votes for" in texts_of(events) and state["players"]["mors"]["weapons"] == [1]


def test_vote_silence_is_against() -> None:
    state = new_game(3)
    put(state, "roach", weapons=[1])
    state, _ = play(state, {"turn:terre": "vote roach"})
    assert request(state, "vote:mors").default.strip() == "against"
    state, events = play(state, {"vote:mors": "for"})
    assert "roach against" in texts_of(events) and "it passes" in texts_of(events)


def test_no_conquest_line_calls_a_vote_on_the_leader() -> None:
    state = new_game(3)
    put(state, "roach", planets=[3], weapons=[1])
    state, _events = play(state, {"turn:terre": "build"}, {"build:terre": 1})
    assert state["pending"] == {"kind": "vote", "proposer": "terre", "target": "roach"}


def test_turns_pass_in_order_and_rounds_count() -> None:
    state = new_game(2)
    state, _ = play(state, {"turn:terre": "attack mors"})
    assert (state["active"], state["round"]) == ("mors", 1)
    state, _ = play(state, {"turn:mors": "attack terre"})
    assert (state["active"], state["round"]) == ("terre", 2)


def test_orders_name_only_players_at_the_table() -> None:
    state = new_game(2)
    found = problems(state, "turn:terre", "build\nattack morse\nvote terre")
    assert [(p.line, p.kind) for p in found] == [(2, "illegal"), (3, "illegal")]
    assert "did you mean 'mors'" in found[0].suggestion


def test_red_dice_are_limited_only_by_fleet_maintenance() -> None:
    state = new_game(4)
    put(state, "terre", home=3, planets=[3, 3, 1])  # 3 Resources, 4 planets
    state, _ = play(state, {"turn:terre": "build\nbuild\nbuild\nvote mors"}, {"build:terre": [1, 2, 3]})
    assert sorted(state["players"]["terre"]["weapons"]) == [1, 2, 3]


def test_racial_trait_units_count_as_their_kind() -> None:
    freebooters = E.new_player("freebooters")
    freebooters["home"] = 1
    assert E.attack_power(freebooters, storm=True) == 0  # the trait is a cruiser: silenced by the Storm
    freebooters["tech"] = E.ASSAULT_CANNON
    assert E.attack_power(freebooters) == 2
    matriks = E.new_player("matriks")
    matriks.update(home=1, tech=E.ADVANCED_FIGHTERS)
    assert E.attack_power(matriks) == 2  # Expert Fighters are fighters


def test_a_vote_may_be_won_on_another_players_turn_by_diplomatic_pressure() -> None:
    state = new_game(2)
    put(state, "terre", weapons=[3])
    put(state, "mors", home=4, planets=[3, 4])
    state, _events = play(state, {"turn:terre": "attack mors\non win pressure"}, {"pressure:mors": 5})
    assert RULES.outcome(state) is not None and RULES.outcome(state).winners == ("mors",)
