"""Raids and refutations (book pp. 6-9): engagement, allies, manoeuvre rounds, resolution."""

from __future__ import annotations

from mc_helpers import RULES, add, attach, clear_board, new_game, play, problems, request, texts_of

from adjudicator.dice import Dice


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


def both_pass(state: dict) -> tuple[dict, list]:
    texts = {r.key: "pass" for r in RULES.requests(state)}
    assert texts and all(k.startswith("manoeuvre:") for k in texts)
    return play(state, texts)


def test_raid_on_a_haven_won_pillages_one_gold() -> None:
    state, uids = two_fleets(["galleon-captain", "teniente"], [])
    state["players"]["english"]["gold"] = 2
    state, events = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    assert [r.key for r in RULES.requests(state)] == ["defend:english"]
    state, events = play(state, {"defend:english": "no opposition"})
    assert sorted(r.key for r in RULES.requests(state)) == ["manoeuvre:english", "manoeuvre:spanish"]
    state, events = both_pass(state)
    text = texts_of(events)
    assert "Battle: spanish 5 against english 3." in text  # 3 + 2 against the haven's 3
    assert "spanish pillages 1 gold from english." in text
    assert state["players"]["spanish"]["gold"] == 1 and state["players"]["english"]["gold"] == 1
    assert state["cards"][uids["galleon-captain"]][
        "tapped"
    ]  # "Inclinez toute les cartes de la flotte attaquante"


def test_pillage_doublons_takes_four() -> None:
    state, _ = two_fleets(["galleon-captain", "teniente"], [])
    state, _ = play(
        state, {"turn:spanish": "raid port antonio with galleon captain, teniente pillage doublons"}
    )
    state, _ = play(state, {"defend:english": "no opposition"})
    state, events = both_pass(state)
    assert "spanish pillages 4 doublons from english." in texts_of(events)


def test_raid_lost_the_defender_captures_an_attacker_within_the_power_difference() -> None:
    state, uids = two_fleets(["teniente", "contramaestre"], ["post-captain"])
    state, _ = play(state, {"turn:spanish": "raid english with teniente, contramaestre"})
    state, _ = play(state, {"defend:english": "oppose with post captain\ncapture best"})
    state, events = both_pass(state)
    text = texts_of(events)
    assert "Battle: spanish 4 against english 6." in text  # 2 + 2 against 3 (haven) + 3
    assert "english captures Teniente" in text  # difference 2: both have command 1, the dearer one
    assert uids["teniente"] in state["players"]["english"]["captured"]
    assert uids["teniente"] not in state["players"]["spanish"]["characters"]


def test_capture_is_limited_to_a_command_within_the_difference() -> None:
    state, uids = two_fleets(["galleon-captain", "contramaestre"], ["post-captain"])
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, contramaestre"})
    state, _ = play(state, {"defend:english": "oppose with post captain\ncapture galleon captain"})
    state, events = both_pass(state)
    assert "Battle: spanish 5 against english 6." in texts_of(events)
    # difference 1: the Galleon Captain (command 2) cannot be taken, the Contramaestre (command 1) is
    assert uids["contramaestre"] in state["players"]["english"]["captured"]
    assert uids["galleon-captain"] in state["players"]["spanish"]["characters"]


def test_a_tie_goes_to_the_defender_and_nobody_above_command_zero_is_captured() -> None:
    state, _uids = two_fleets(["galleon-captain", "contramaestre"], ["boatswain"])
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, contramaestre"})
    state, _ = play(state, {"defend:english": "oppose with boatswain"})
    state, events = both_pass(state)
    text = texts_of(events)
    assert "Battle: spanish 5 against english 5." in text and "english wins the battle." in text
    assert "no capture" in text and not state["players"]["english"]["captured"]


def test_raid_on_a_territory_won_conquers_it_and_discards_its_supports() -> None:
    state, _uids = two_fleets(["galleon-captain", "teniente"], [])
    azores = add(state, "english", "azores", "territories")
    fort = attach(state, azores, "fortifications", "english")
    state, _ = play(state, {"turn:spanish": "raid azores with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "no opposition"})
    state, events = both_pass(state)
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
    return state, uids


def test_a_tactical_manoeuvre_in_an_economic_battle_is_a_problem() -> None:
    state, _ = economic_battle()
    (found,) = problems(state, "manoeuvre:english", "play broadside")
    assert "tactical manoeuvre and this is an economic battle" in found.message


def test_bankruptcy_is_the_power_difference_capped_at_four() -> None:
    state, uids = economic_battle()
    state, _ = play(state, {"manoeuvre:spanish": "pass", "manoeuvre:english": "play bribe"})
    state, events = both_pass(state)
    text = texts_of(events)
    assert "Battle: spanish 1 against english 7." in text  # 3 + the agreement's 2 + the bribe's 2
    assert "Bankruptcy: spanish pays 4 doublons to the bank (difference 6, max 4)." in text
    assert state["players"]["spanish"]["doublons"] == 6
    assert uids["treaty"] in state["players"]["english"]["agreements"]


def test_refutation_won_discards_the_agreement() -> None:
    state, _uids = two_fleets(["governor-of-cartagena", "segundo"], [])
    treaty = add(state, "english", "spice-route", "agreements")  # diplomacy 1
    state, _ = play(state, {"turn:spanish": "refute spice route with governor of cartagena, segundo"})
    state, _ = play(state, {"defend:english": "no opposition"})
    state, events = both_pass(state)
    assert "Spice Route" in texts_of(events) and "refuted" in texts_of(events)
    assert treaty not in state["players"]["english"]["agreements"]


def test_allies_are_asked_and_paid_one_doublon_per_character() -> None:
    state, _uids = two_fleets(["galleon-captain"], [], players=3)
    ally = add(state, "french", "lieutenant-de-vaisseau", "characters")
    state["players"]["french"]["doublons"] = 0
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain allies french"})
    assert sorted(r.key for r in RULES.requests(state)) == ["ally:french", "defend:english"]
    state, events = play(
        state, {"ally:french": "send lieutenant de vaisseau", "defend:english": "no opposition"}
    )
    assert "french joins spanish" in texts_of(events)
    assert state["players"]["spanish"]["doublons"] == 9 and state["players"]["french"]["doublons"] == 1
    assert [r.seat for r in RULES.requests(state)] == ["spanish", "english", "french"]  # turn order
    state, events = both_pass(state)
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


def test_the_defender_may_ask_allies_answered_in_a_second_sealed_round_and_paid_by_the_defender() -> None:
    state, _uids = two_fleets(["galleon-captain", "teniente"], [], players=3)
    helper = add(state, "french", "capitaine-de-fregate", "characters")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, events = play(state, {"defend:english": "no opposition\nask french"})
    assert [r.key for r in RULES.requests(state)] == ["ally:french"]
    assert RULES.label(state).endswith("the defender's allies")
    state, events = play(state, {"ally:french": "send capitaine de fregate"})
    assert state["players"]["english"]["doublons"] == 9 and state["players"]["french"]["doublons"] == 11
    state, events = both_pass(state)
    assert "Battle: spanish 5 against english 6." in texts_of(events)  # haven 3 + the French captain 3
    assert not state["cards"][helper]["tapped"]  # only the attacking fleet taps


def test_a_player_cannot_ally_with_both_sides() -> None:
    state, _ = two_fleets(["galleon-captain"], [], players=3)
    add(state, "french", "capitaine-de-fregate", "characters")
    add(state, "french", "gouverneur", "characters")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain allies french"})
    state, _ = play(
        state, {"ally:french": "send capitaine de fregate", "defend:english": "no opposition\nask french"}
    )
    # the French already fight for the Spanish: the English request is not even sent
    assert sorted(r.key for r in RULES.requests(state)) == [
        "manoeuvre:english",
        "manoeuvre:french",
        "manoeuvre:spanish",
    ]


def test_an_engagement_manoeuvre_is_playable_in_the_first_round_only() -> None:
    state, _ = two_fleets(["galleon-captain", "teniente"], [])
    add(state, "spanish", "weather-gauge", "hand")
    add(state, "spanish", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "no opposition"})
    assert problems(state, "manoeuvre:spanish", "play weather gauge") == []
    state, _ = play(state, {"manoeuvre:spanish": "play broadside", "manoeuvre:english": "pass"})
    (found,) = problems(state, "manoeuvre:spanish", "play weather gauge")
    assert "first round only" in found.message


def test_a_tap_manoeuvre_removes_an_opposing_character_from_the_count() -> None:
    state, _uids = two_fleets(["galleon-captain", "teniente"], ["post-captain"])
    add(state, "english", "feint", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    state, _ = play(
        state, {"manoeuvre:spanish": "pass", "manoeuvre:english": "play feint on galleon captain"}
    )
    state, events = both_pass(state)
    assert "Battle: spanish 2 against english 6." in texts_of(events)


def test_a_captured_character_loses_its_items_and_its_supports_are_reassigned() -> None:
    state, uids = two_fleets(["teniente", "contramaestre"], ["post-captain"])
    cutlass = attach(state, uids["teniente"], "spyglass", "spanish")  # an item: discarded
    interpreter = attach(state, uids["teniente"], "interpreter", "spanish")  # a support: reassigned
    state["cards"][uids["teniente"]]["attached"] = [cutlass, interpreter]
    state, _ = play(state, {"turn:spanish": "raid english with teniente, contramaestre"})
    state, _ = play(state, {"defend:english": "oppose with post captain\ncapture teniente"})
    state, events = both_pass(state)
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
    state, _ = play(state, {"ally:french": "send capitaine de fregate"})  # french helps the English
    state, _ = both_pass(state)
    assert sorted(r.key for r in RULES.requests(state)) == ["ally:french", "defend:english"]  # the refutation
    (found,) = problems(state, "ally:french", "send gouverneur")
    assert "already english's ally" in found.message
    parsed = RULES.parse(request(state, "ally:french"), "send gouverneur")
    state, events = RULES.resolve(state, {"ally:french": parsed.orders}, Dice(b"x"))  # even unchecked
    assert "french declines to help spanish." in texts_of(events)
