"""Book 2, 3, 4.3, 8 and 9: purchases, mercenaries, garrisons, fleets, blockades, brigands and pirates."""

from __future__ import annotations

from mare_nostrum_helpers import army, fleet, give, new_game, play, texts, win

from adjudicator.games.mare_nostrum.phase import BLOCKADE_TABLE, INTERCEPTION_TABLE

# ----------------------------------------------------------------------------- 2. purchases


def test_army_bought_for_50_po_is_raised_in_the_home_province_and_does_not_move_this_turn() -> None:
    state = new_game()
    state["nations"]["rome"]["treasury"] = 60
    state, events, _ = play(state, {"rome": "buy army Latium"})
    unit = state["units"]["rome:A1"]
    assert unit["at"] == "Latium" and unit["built"] == 1
    assert state["nations"]["rome"]["treasury"] == 60 - 50 + 20 + 16
    assert "II/33 Polybian Roman" in texts(events)


def test_army_may_be_raised_in_a_controlled_province_with_that_provinces_army_list() -> None:
    state = new_game()
    state, events, _ = play(state, {"rome": "buy army Campania"})
    assert state["units"]["rome:A1"]["at"] == "Campania"
    assert "Campanian" in texts(events)


def test_fleet_bought_for_100_po_is_deployed_in_the_sea_zone_next_to_its_arsenal() -> None:
    state = new_game()
    state, _, _ = play(state, {"rome": "buy fleet Latium Mare-Tyrrhenum"})
    assert state["units"]["rome:F1"]["at"] == "Mare-Tyrrhenum"
    assert state["nations"]["rome"]["treasury"] == 100 - 100 + 36


def test_purchase_fails_at_resolution_when_the_province_was_lost_this_turn() -> None:
    state = new_game()
    give(state, "Apulia", "carthage")
    army(state, "carthage", 1, "Apulia")
    state, events, _ = play(state, {"rome": "buy army Campania", "carthage": "A1 move Campania"})
    assert state["provinces"]["Campania"]["owner"] == "carthage"
    assert "rome:A1" not in state["units"]
    assert "Rome cannot buy army Campania" in texts(events)
    assert state["nations"]["rome"]["treasury"] == 100 + 20


def test_mercenaries_hired_wait_in_garrison_and_replace_elements_of_a_new_army() -> None:
    state = new_game()
    state["nations"]["rome"]["treasury"] = 200
    state, _, _ = play(state, {"rome": "hire mercenaries 3"})
    assert state["nations"]["rome"]["mercenaries"] == 3
    state, _, _ = play(state, {"rome": "buy army Latium mercenaries 2"})
    assert state["units"]["rome:A1"]["mercenaries"] == 2
    assert state["nations"]["rome"]["mercenaries"] == 1


def test_engineer_and_war_priest_join_an_army() -> None:
    state = new_game()
    army(state, "rome", 1, "Latium")
    state, _, _ = play(state, {"rome": "hire engineer A1\nhire priest A1"})
    assert state["units"]["rome:A1"]["engineer"] and state["units"]["rome:A1"]["priest"]
    assert state["nations"]["rome"]["treasury"] == 100 - 50 + 36


def test_income_is_the_local_market_of_controlled_provinces_not_besieged_pillaged_or_blockaded() -> None:
    state = new_game()
    state, events, _ = play(state, {})
    assert state["nations"]["rome"]["treasury"] == 100 + 20 + 16
    assert "Rome collects 36 PO" in texts(events)


def test_brigands_in_a_province_keep_its_market_from_its_owner() -> None:
    state = new_game()
    state["bands"].append({"kind": "brigands", "at": "Campania", "quiet_turn": 0})
    state, _, _ = play(state, {})
    assert state["nations"]["rome"]["treasury"] == 100 + 20


# ----------------------------------------------------------------------------- 4.3 garrison


def test_army_in_garrison_pillages_half_the_local_market_rounded_up() -> None:
    state = new_game()
    army(state, "rome", 1, "Etruria")  # independent, market 14 -> 7
    state, events, _ = play(state, {"rome": "A1 pillage"})
    assert state["nations"]["rome"]["treasury"] == 100 + 7 + 36
    assert "pillages Etruria for 7 PO" in texts(events)
    army(state, "rome", 2, "Picenum")  # market 8 -> 4; Etruria again 7
    before = state["nations"]["rome"]["treasury"]
    state, _, _ = play(state, {"rome": "A1 hold pillage\nA2 hold pillage"})
    assert state["nations"]["rome"]["treasury"] == before + 7 + 4 + 36


def test_pillaged_players_province_yields_no_market_to_its_owner() -> None:
    state = new_game()
    army(state, "rome", 1, "Emporia")
    state["provinces"]["Carthago"]["siege"] = None
    before = state["nations"]["carthage"]["treasury"]
    state, _, _ = play(state, {"rome": "A1 pillage"}, check=False)
    assert state["nations"]["carthage"]["treasury"] == before + 24  # Carthago only


def test_army_in_garrison_may_cut_the_trade_routes() -> None:
    state = new_game()
    army(state, "rome", 1, "Etruria")
    state, events, _ = play(state, {"rome": "A1 cut"})
    assert state["provinces"]["Etruria"]["routes_cut"]
    assert "cuts the trade routes of Etruria" in texts(events)


def test_army_that_moved_does_not_pillage_as_a_garrison() -> None:
    state = new_game()
    army(state, "rome", 1, "Etruria")
    state, _, _dice = play(state, {"rome": "A1 move Cisalpina"}, {"invasion:Cisalpina": 10})
    assert state["nations"]["rome"]["treasury"] == 100 + 36 + 11


# ----------------------------------------------------------------------------- 8. fleets


def test_fleet_transports_an_army_embark_then_land() -> None:
    state = new_game()
    army(state, "rome", 1, "Latium")
    fleet(state, "rome", 1, "Mare-Tyrrhenum")
    state, _, _ = play(state, {"rome": "A1 embark F1"})
    assert state["units"]["rome:A1"]["aboard"] == "rome:F1" and state["units"]["rome:A1"]["at"] is None
    assert state["units"]["rome:F1"]["carrying"] == "rome:A1"
    state, _, _ = play(state, {"rome": "F1 move Mare-Sardoum"})
    assert state["units"]["rome:F1"]["at"] == "Mare-Sardoum"
    state, _, _ = play(state, {"rome": "A1 land Numidia"}, {"invasion:Numidia": 10})
    assert state["units"]["rome:A1"]["at"] == "Numidia"
    assert state["units"]["rome:F1"]["carrying"] is None
    assert state["provinces"]["Numidia"]["owner"] == "rome"


def test_army_lands_from_the_sea_zone_its_fleet_sails_to_in_the_same_turn() -> None:
    state = new_game()
    army(state, "rome", 1, "Latium")
    fleet(state, "rome", 1, "Mare-Tyrrhenum", carrying="rome:A1")
    state, _, _ = play(state, {"rome": "F1 move Mare-Sardoum\nA1 land Numidia"}, {"invasion:Numidia": 10})
    assert state["units"]["rome:A1"]["at"] == "Numidia"


def test_naval_battle_only_when_one_side_engages() -> None:
    state = new_game()
    fleet(state, "rome", 1, "Mare-Tyrrhenum")
    fleet(state, "carthage", 1, "Fretum-Siculum")
    calm, _, dice = play(state, {"carthage": "F1 move Mare-Tyrrhenum"})
    assert "rome:F1" in calm["units"] and "carthage:F1" in calm["units"]
    assert not [r for r in dice.log if r.key.startswith("naval")]
    pins = win("rome", "carthage", "naval:Mare-Tyrrhenum:1")
    fought, _events, _ = play(state, {"carthage": "F1 move Mare-Tyrrhenum", "rome": "F1 hold engage"}, pins)
    assert "carthage:F1" not in fought["units"] and "rome:F1" in fought["units"]


def test_naval_battle_loser_is_destroyed_with_the_army_it_carries() -> None:
    state = new_game()
    army(state, "carthage", 1, "Carthago")
    fleet(state, "carthage", 1, "Fretum-Siculum", carrying="carthage:A1")
    fleet(state, "rome", 1, "Mare-Tyrrhenum")
    pins = win("rome", "carthage", "naval:Fretum-Siculum:1")
    state, events, _ = play(state, {"rome": "F1 move Fretum-Siculum engage"}, pins)
    assert "carthage:F1" not in state["units"] and "carthage:A1" not in state["units"]
    assert "when it sank" in texts(events)


def test_blockade_table_follows_the_book() -> None:
    assert [BLOCKADE_TABLE[r] for r in range(1, 7)] == ["none"] * 3 + ["routes"] * 2 + ["routes-and-market"]


def _blockade_carthago() -> dict:
    state = new_game()
    fleet(state, "rome", 1, "Mare-Sardoum")
    return state


def test_blockade_of_an_enemy_port_has_no_effect_on_one_to_three() -> None:
    state, _events, _ = play(_blockade_carthago(), {"rome": "F1 blockade Carthago"}, {"blockade:Carthago": 3})
    assert not state["provinces"]["Carthago"]["routes_cut"]
    assert state["nations"]["carthage"]["treasury"] == 100 + 24 + 12


def test_blockade_cuts_the_trade_routes_on_four_or_five() -> None:
    state, _, _ = play(_blockade_carthago(), {"rome": "F1 blockade Carthago"}, {"blockade:Carthago": 5})
    assert state["provinces"]["Carthago"]["routes_cut"]
    assert state["nations"]["carthage"]["treasury"] == 100 + 24 + 12


def test_blockade_on_six_cuts_routes_and_the_local_market_taxes() -> None:
    state, events, _ = play(_blockade_carthago(), {"rome": "F1 blockade Carthago"}, {"blockade:Carthago": 6})
    assert state["provinces"]["Carthago"]["routes_cut"]
    assert state["nations"]["carthage"]["treasury"] == 100 + 12
    assert "no market taxes this turn" in texts(events)


def test_fleet_in_a_sea_zone_closes_it_to_caravans_on_the_board() -> None:
    from mare_nostrum_helpers import RS

    state = _blockade_carthago()
    assert "Mare-Sardoum     rome F1 | closed to caravans" in RS.board_text(state)


# ----------------------------------------------------------------------------- 9. brigands and pirates


def test_interception_table_follows_the_book() -> None:
    assert [INTERCEPTION_TABLE[r] for r in range(1, 7)] == ["escapes", "flees"] + ["destroyed"] * 4


def _brigands_in_etruria() -> dict:
    state = new_game()
    state["bands"].append({"kind": "brigands", "at": "Etruria", "quiet_turn": 0})
    army(state, "rome", 1, "Latium")
    return state


def test_interception_destroys_the_band_on_three_or_more() -> None:
    state, events, _ = play(
        _brigands_in_etruria(),
        {"rome": "A1 move Etruria intercept"},
        {"brigands:Etruria:rome:A1": 3, "invasion:Etruria": 10},
    )
    assert state["bands"] == []
    assert "intercept the brigand band in Etruria (d6 3+0): destroyed" in texts(events)


def test_interception_adds_one_in_a_controlled_province() -> None:
    state = _brigands_in_etruria()
    give(state, "Etruria", "rome")
    state, _events, _ = play(state, {"rome": "A1 move Etruria intercept"}, {"brigands:Etruria:rome:A1": 2})
    assert state["bands"] == []


def test_interception_on_one_the_band_escapes_to_an_adjacent_zone() -> None:
    state, _events, _dice = play(
        _brigands_in_etruria(),
        {"rome": "A1 move Etruria intercept"},
        {"brigands:Etruria:rome:A1": 1, "brigands-escape:Etruria": 1, "invasion:Etruria": 10},
    )
    # the first of Etruria's neighbours in the map file's order (never the alphabet's)
    assert state["bands"][0]["at"] == "Liguria"
    assert state["bands"][0]["quiet_turn"] == 1


def test_interception_on_two_the_band_flees_where_the_player_chooses() -> None:
    state, events, _ = play(
        _brigands_in_etruria(),
        {"rome": "A1 move Etruria intercept"},
        {"brigands:Etruria:rome:A1": 2, "invasion:Etruria": 10},
    )
    # no drive order: out of his lands, to the first neighbour (map order) he does not control
    assert state["bands"][0]["at"] == "Liguria"
    assert "panics and flees" in texts(events)


def test_interception_on_two_the_player_drives_the_band_where_his_order_says() -> None:
    state, _, _ = play(
        _brigands_in_etruria(),
        {"rome": "A1 move Etruria intercept drive Picenum"},
        {"brigands:Etruria:rome:A1": 2, "invasion:Etruria": 10},
    )
    assert state["bands"][0]["at"] == "Picenum"


def test_fleet_entering_a_pirate_zone_intercepts_the_pirate_ship() -> None:
    state = new_game()
    state["bands"].append({"kind": "pirates", "at": "Mare-Ligusticum", "quiet_turn": 0})
    fleet(state, "rome", 1, "Mare-Tyrrhenum")
    state, _, dice = play(
        state, {"rome": "F1 move Mare-Ligusticum intercept"}, {"pirates:Mare-Ligusticum:rome:F1": 6}
    )
    assert state["bands"] == []
    assert [r.key for r in dice.log] == ["pirates:Mare-Ligusticum:rome:F1"]


def test_three_fleets_only_pairs_where_one_side_engages_fight() -> None:
    state = new_game()
    for seat in ("rome", "carthage", "macedon"):
        fleet(state, seat, 1, "Mare-Ionium")
    pins = {
        "naval-contest:Mare-Ionium:rome": 1,
        "naval-contest:Mare-Ionium:carthage": 2,
        "naval-contest:Mare-Ionium:macedon": 3,
        **win("carthage", "rome", "naval:Mare-Ionium:1"),
    }
    state, events, _ = play(state, {"rome": "F1 hold engage"}, pins)
    assert "rome:F1" not in state["units"]
    assert "carthage:F1" in state["units"] and "macedon:F1" in state["units"]
    assert len([e for e in events if e.kind == "battle"]) == 1


def test_a_fleet_transports_one_army() -> None:
    from mare_nostrum_helpers import problems

    state = new_game()
    army(state, "rome", 1, "Latium")
    army(state, "rome", 2, "Latium")
    fleet(state, "rome", 1, "Mare-Tyrrhenum")
    [problem] = problems(state, "rome", "A1 embark F1\nA2 embark F1")
    assert problem.startswith("line 2: fleet F1 already carries an army")
