"""Raids and refutations (book pp. 6-9): engagement, allies, manoeuvre rounds, resolution."""

from __future__ import annotations

from mc_helpers import (
    RULES,
    add,
    asked,
    asked_optional,
    attach,
    clear_board,
    engagement_passed,
    new_game,
    pass_out,
    play,
    problems,
    request,
    texts_of,
)


def two_fleets(spanish: list[str], english: list[str], players: int = 2) -> tuple[dict, dict[str, str]]:
    state = new_game(players)
    clear_board(state)
    uids: dict[str, str] = {}
    for card_id in spanish:
        uids[card_id] = add(state, "spanish", card_id, "characters")
    for card_id in english:
        uids[card_id] = add(state, "english", card_id, "characters")
    for p in state["players"].values():
        p["doublons"] = 10
    return state, uids


def fight(state: dict, texts: dict[str, str]) -> tuple[dict, list]:
    """Answer one request, then pass every manoeuvre request until the battle is over."""
    state, events = play(state, texts)
    state, more = pass_out(state)
    return state, events + more


def test_raid_on_a_haven_won_pillages_one_gold() -> None:
    state, uids = two_fleets(["galleon-captain", "teniente"], ["boatswain"])
    state["players"]["english"]["gold"] = 2
    state, events = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    assert asked(state) == ["defend:english"]
    state, events = play(state, {"defend:english": "no opposition"})
    # nobody holds a manoeuvre: nobody is asked, the report says so, and the battle is resolved
    assert asked(state) == ["turn:english"]
    text = texts_of(events)
    assert "spanish passes (no card in hand and no card in play to use: not asked)." in text
    assert "Battle: spanish 5 against english 3." in text  # 3 + 2 against the haven's 3
    assert "spanish pillages 1 gold from english." in text
    assert state["players"]["spanish"]["gold"] == 1 and state["players"]["english"]["gold"] == 1
    assert state["cards"][uids["galleon-captain"]]["tapped"]  # "Inclinez toute les cartes de la flotte"


def test_a_defender_with_nobody_to_engage_or_ask_is_not_asked() -> None:
    state, _ = two_fleets(["galleon-captain", "teniente"], [])
    state, events = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    text = texts_of(events)
    assert "english has no untapped character with conquest and nobody to ask: not asked" in text
    assert "Battle: spanish 5 against english 3." in text


def test_pillage_doublons_takes_four() -> None:
    state, _ = two_fleets(["galleon-captain", "teniente"], [])
    state, events = play(
        state, {"turn:spanish": "raid port antonio with galleon captain, teniente pillage doublons"}
    )
    assert "spanish pillages 4 doublons from english." in texts_of(events)


def test_raid_lost_the_defender_captures_an_attacker_within_the_power_difference() -> None:
    state, uids = two_fleets(["teniente", "contramaestre"], ["post-captain"])
    state, _ = play(state, {"turn:spanish": "raid english with teniente, contramaestre"})
    state, events = fight(state, {"defend:english": "oppose with post captain\ncapture best"})
    text = texts_of(events)
    assert "Battle: spanish 4 against english 6." in text  # 2 + 2 against 3 (haven) + 3
    assert "english captures Teniente" in text  # difference 2: both have command 1, the dearer one
    assert uids["teniente"] in state["players"]["english"]["captured"]
    assert uids["teniente"] not in state["players"]["spanish"]["characters"]


def test_capture_is_limited_to_a_command_within_the_difference() -> None:
    state, uids = two_fleets(["galleon-captain", "contramaestre"], ["post-captain"])
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, contramaestre"})
    state, events = fight(state, {"defend:english": "oppose with post captain\ncapture galleon captain"})
    assert "Battle: spanish 5 against english 6." in texts_of(events)
    # difference 1: the Galleon Captain (command 2) cannot be taken, the Contramaestre (command 1) is
    assert uids["contramaestre"] in state["players"]["english"]["captured"]
    assert uids["galleon-captain"] in state["players"]["spanish"]["characters"]


def test_a_tie_goes_to_the_defender_and_nobody_above_command_zero_is_captured() -> None:
    state, _uids = two_fleets(["galleon-captain", "contramaestre"], ["boatswain"])
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, contramaestre"})
    state, events = fight(state, {"defend:english": "oppose with boatswain"})
    text = texts_of(events)
    assert "Battle: spanish 5 against english 5." in text and "english wins the battle." in text
    assert "no capture" in text and not state["players"]["english"]["captured"]


def test_raid_on_a_territory_won_conquers_it_and_discards_its_supports() -> None:
    state, _uids = two_fleets(["galleon-captain", "teniente"], [])
    azores = add(state, "english", "azores", "territories")
    fort = attach(state, azores, "fortifications", "english")
    state, events = play(state, {"turn:spanish": "raid azores with galleon captain, teniente"})
    assert "Battle: spanish 5 against english 4." in texts_of(events)  # Azores 2 + Fortifications 2
    assert azores in state["players"]["spanish"]["territories"]
    assert fort in state["players"]["english"]["discard"] and not state["cards"][azores]["attached"]


def economic_battle() -> tuple[dict, dict[str, str]]:
    state, uids = two_fleets(["teniente"], ["colonial-governor"])
    uids["treaty"] = add(state, "english", "trade-treaty", "agreements")
    uids["bribe"] = add(state, "english", "bribe", "hand")
    uids["broadside"] = add(state, "english", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "refute trade treaty with teniente"})
    state, _ = play(state, {"defend:english": "oppose with colonial governor"})
    state, _ = engagement_passed(state)  # holding cards, both are asked there
    return state, uids


def test_a_tactical_manoeuvre_in_an_economic_battle_is_a_problem() -> None:
    state, _ = economic_battle()
    (found,) = problems(state, "manoeuvre:english", "play broadside")
    assert "tactical manoeuvre and this is an economic battle" in found.message


def test_bankruptcy_is_the_power_difference_capped_at_four() -> None:
    state, uids = economic_battle()
    assert asked(state) == ["manoeuvre:english"]  # the Spanish hold no card: not asked
    state, events = fight(state, {"manoeuvre:english": "play bribe"})
    text = texts_of(events)
    assert "Battle: spanish 1 against english 7." in text  # 3 + the agreement's 2 + the bribe's 2
    assert "Bankruptcy: spanish pays 4 doublons to the bank (difference 6, max 4)." in text
    assert state["players"]["spanish"]["doublons"] == 6
    assert uids["treaty"] in state["players"]["english"]["agreements"]


def test_refutation_won_discards_the_agreement() -> None:
    state, _uids = two_fleets(["governor-of-cartagena", "segundo"], [])
    treaty = add(state, "english", "spice-route", "agreements")  # diplomacy 1
    state, events = play(state, {"turn:spanish": "refute spice route with governor of cartagena, segundo"})
    assert "Spice Route" in texts_of(events) and "refuted" in texts_of(events)
    assert treaty not in state["players"]["english"]["agreements"]


def test_allies_of_the_attacker_engage_before_the_defender_and_are_paid_one_doublon_each() -> None:
    """ "L'attaquant, puis ses alliés dans l'ordre du tour, engagent ... Ensuite le défenseur"."""
    state, _uids = two_fleets(["galleon-captain"], [], players=3)
    ally = add(state, "french", "lieutenant-de-vaisseau", "characters")
    add(state, "english", "boatswain", "characters")
    state["players"]["french"]["doublons"] = 0
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain allies french"})
    assert asked(state) == ["ally:french"]  # the ally first, alone
    state, events = play(state, {"ally:french": "send lieutenant de vaisseau"})
    assert "french joins spanish" in texts_of(events)
    assert state["players"]["spanish"]["doublons"] == 9 and state["players"]["french"]["doublons"] == 1
    assert asked(state) == ["defend:english"]  # then the defender, who sees the ally's characters
    assert "Lieutenant de vaisseau" in request(state, "defend:english").prompt
    state, events = fight(state, {"defend:english": "no opposition"})
    assert "Battle: spanish 5 against english 3." in texts_of(events)
    assert state["cards"][ally]["tapped"]


def test_raiding_with_a_tapped_character_is_a_problem() -> None:
    state, uids = two_fleets(["galleon-captain"], [])
    state["cards"][uids["galleon-captain"]]["tapped"] = True
    (found,) = problems(state, "turn:spanish", "raid english with galleon captain")
    assert "untapped" in found.message


def test_explore_or_raid_once_a_turn() -> None:
    state, _ = two_fleets(["galleon-captain", "teniente", "contramaestre", "segundo"], [])
    found = problems(
        state,
        "turn:spanish",
        "explore with galleon captain, teniente, contramaestre\nraid english with segundo",
    )
    assert [p.line for p in found] == [2] and "already explored or raided" in found[0].message


def test_the_defender_may_ask_allies_who_engage_after_it_and_are_paid_by_the_defender() -> None:
    state, _uids = two_fleets(["galleon-captain", "teniente"], [], players=3)
    helper = add(state, "french", "capitaine-de-fregate", "characters")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, events = play(state, {"defend:english": "no opposition\nask french"})
    assert asked(state) == ["ally:french"]
    assert RULES.label(state).endswith("the defender's allies")
    state, events = play(state, {"ally:french": "send capitaine de fregate"})
    assert "english pays 1 doublons" in texts_of(events) and state["players"]["french"]["doublons"] == 11
    state, more = pass_out(state)
    events += more
    assert "Battle: spanish 5 against english 6." in texts_of(events)  # haven 3 + the French captain 3
    assert not state["cards"][helper]["tapped"]  # only the attacking fleet taps


def test_a_player_cannot_ally_with_both_sides() -> None:
    state, _ = two_fleets(["galleon-captain"], ["boatswain"], players=3)
    add(state, "french", "capitaine-de-fregate", "characters")
    add(state, "french", "gouverneur", "characters")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain allies french"})
    state, _ = play(state, {"ally:french": "send capitaine de fregate"})
    (found,) = problems(state, "defend:english", "no opposition\nask french")
    assert "already fights for spanish" in found.message


def test_an_engagement_manoeuvre_is_played_in_the_engagement_segment_only() -> None:
    state, _ = two_fleets(["galleon-captain", "teniente"], ["boatswain"])
    add(state, "spanish", "weather-gauge", "hand")
    add(state, "spanish", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "no opposition"})
    assert RULES.label(state).endswith("engagement segment, spanish")
    (found,) = problems(state, "manoeuvre:spanish", "play broadside")
    assert "battle manoeuvre" in found.message and "engagement segment" in found.message
    state, _ = play(state, {"manoeuvre:spanish": "pass"})
    assert RULES.label(state).endswith("manoeuvre segment, spanish")
    (found,) = problems(state, "manoeuvre:spanish", "play weather gauge")
    assert "engagement segment only" in found.message


def test_a_tap_manoeuvre_removes_an_opposing_character_from_the_count() -> None:
    state, _uids = two_fleets(["galleon-captain", "teniente"], ["post-captain"])
    add(state, "english", "feint", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    state, _ = engagement_passed(state)  # holding cards, both are asked there
    state, events = fight(state, {"manoeuvre:english": "play feint on galleon captain"})
    assert "Battle: spanish 2 against english 6." in texts_of(events)


def test_manoeuvres_in_turn_order_each_seeing_the_previous_effect_until_all_pass_in_turn() -> None:
    """ "En commençant par l'attaquant, puis dans l'ordre du tour ... Résolvez l'effet immédiatement"."""
    state, _uids = two_fleets(["galleon-captain", "teniente"], ["post-captain"])
    add(state, "spanish", "broadside", "hand")
    add(state, "english", "broadside", "hand")
    add(state, "english", "feint", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    state, _ = engagement_passed(state)  # holding cards, both are asked there
    # the English are asked at the same time, for the case the Spanish pass
    assert asked(state) == ["manoeuvre:spanish"] and asked_optional(state) == ["manoeuvre:english"]
    state, events = play(state, {"manoeuvre:spanish": "play broadside", "manoeuvre:english": "pass"})
    assert "The attacker's fleet gains 2 power." in texts_of(events)
    assert "english's answer, written in case the players before it passed, is dropped" in texts_of(events)
    assert asked(state) == ["manoeuvre:english"]
    assert "attackers 7, defenders 6" in request(state, "manoeuvre:english").prompt  # it sees the effect
    state, events = play(state, {"manoeuvre:english": "play broadside"})
    # the Spanish have no card left: they pass without being asked; the English wrote no
    # 'pass' after their play and still hold the Feint: they are asked again
    assert "spanish passes (no card in hand and no card in play to use: not asked)." in texts_of(events)
    assert asked(state) == ["manoeuvre:english"]
    state, events = play(state, {"manoeuvre:english": "pass"})
    assert "Every player passes in turn" in texts_of(events)
    assert "Battle: spanish 7 against english 8." in texts_of(events)


def test_plays_written_in_advance_are_played_while_nobody_else_plays() -> None:
    state, _uids = two_fleets(["galleon-captain", "teniente"], ["post-captain"])
    add(state, "spanish", "broadside", "hand")
    add(state, "spanish", "broadside", "hand")
    add(state, "english", "feint", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    state, _ = engagement_passed(state)  # holding cards, both are asked there
    state, events = play(state, {"manoeuvre:spanish": "play broadside\nplay broadside"})
    assert asked(state) == ["manoeuvre:english"]
    english_view = RULES.view(state, "english")  # the plays written in advance are hidden
    assert "written" not in english_view["battle"] and english_view["you"]["written_plays"] == []
    assert "written" not in RULES.view(state, None)["battle"]
    assert [o["card"] for o in RULES.view(state, "spanish")["you"]["written_plays"]] == ["broadside"]
    state, events = play(state, {"manoeuvre:english": "pass"})
    assert "spanish's next written play: play broadside." in texts_of(events)
    assert asked(state) == ["manoeuvre:english"]  # something new: the English are asked again
    state, events = play(state, {"manoeuvre:english": "pass"})
    assert "Battle: spanish 9 against english 6." in texts_of(events)


def test_plays_written_in_advance_are_dropped_when_another_player_plays_since() -> None:
    state, _uids = two_fleets(["galleon-captain", "teniente"], ["post-captain"])
    add(state, "spanish", "broadside", "hand")
    add(state, "spanish", "broadside", "hand")
    add(state, "english", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    state, _ = engagement_passed(state)  # holding cards, both are asked there
    state, _ = play(state, {"manoeuvre:spanish": "play broadside\nplay broadside"})
    state, events = play(state, {"manoeuvre:english": "play broadside"})
    assert "spanish's further written plays are dropped: another player played since." in texts_of(events)
    assert asked(state) == ["manoeuvre:spanish"]


def test_a_captured_character_loses_its_items_and_its_supports_are_reassigned() -> None:
    state, uids = two_fleets(["teniente", "contramaestre"], ["post-captain"])
    cutlass = attach(state, uids["teniente"], "spyglass", "spanish")  # an item: discarded
    interpreter = attach(state, uids["teniente"], "interpreter", "spanish")  # a support: reassigned
    state["cards"][uids["teniente"]]["attached"] = [cutlass, interpreter]
    state, _ = play(state, {"turn:spanish": "raid english with teniente, contramaestre"})
    state, events = fight(state, {"defend:english": "oppose with post captain\ncapture teniente"})
    assert uids["teniente"] in state["players"]["english"]["captured"]
    assert cutlass in state["players"]["spanish"]["discard"]
    # to the first Spanish character with command to spare: the Contramaestre (command 1, nothing held)
    assert state["cards"][uids["contramaestre"]]["attached"] == [interpreter]
    assert "Interpreter" in texts_of(events) and "is reassigned" in texts_of(events)


def test_an_ally_of_the_defender_cannot_join_the_attacker_later_in_the_same_phase() -> None:
    """ "Un joueur ne peut s'allier qu'à un seul autre joueur par phase"."""
    state, _ = two_fleets(["galleon-captain", "governor-of-cartagena"], [], players=3)
    add(state, "french", "capitaine-de-fregate", "characters")
    add(state, "french", "gouverneur", "characters")
    add(state, "english", "spice-route", "agreements")
    turn = "raid english with galleon captain\nrefute spice route with governor of cartagena allies french"
    state, _ = play(state, {"turn:spanish": turn})
    state, _ = play(state, {"defend:english": "no opposition\nask french"})
    state, events = play(state, {"ally:french": "send capitaine de fregate"})  # french helps the English
    state, more = pass_out(state)
    events += more
    # the refutation: the French are not asked to help the Spanish, and the report says why
    assert "french is not asked to help spanish (already english's ally in this phase)" in texts_of(events)
    assert asked(state) == ["defend:english"]


def test_each_support_discarded_from_a_conquered_territory_gets_a_report_line() -> None:
    """« Défaussez tous les soutiens »: every discarded support is told, after the conquest."""
    state, _uids = two_fleets(["galleon-captain", "teniente"], [])
    azores = add(state, "english", "azores", "territories")
    attach(state, azores, "fortifications", "english")
    state, events = play(state, {"turn:spanish": "raid azores with galleon captain, teniente"})
    text = texts_of(events)
    assert "spanish conquers Azores" in text
    line = next(line for line in text.splitlines() if "Fortifications" in line and "discarded" in line)
    assert "is discarded from Azores" in line and text.index("conquers Azores") < text.index(line)
