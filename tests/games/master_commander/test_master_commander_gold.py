"""Where the book moves gold: the Company (ICROE and terms of trade), pillage, events, actions.

The gold victory (« commencer votre tour avec 10 Or ou plus ») must be reachable: cards give gold
from the bank's reserve (the twenty gold tokens of the material, less the Company's stock).
"""

from __future__ import annotations

from mc_helpers import RULES, add, attach, bot_game, clear_board, new_game, play, texts_of

from adjudicator.games.master_commander.icroe import COMPANY_BASE_GOLD, GOLD_TOKENS


def test_the_reserve_holds_the_twenty_gold_tokens_less_the_companys_stock() -> None:
    for players in (2, 3, 5):
        state = new_game(players)
        assert state["company_gold"] == COMPANY_BASE_GOLD + players
        assert state["gold_reserve"] == GOLD_TOKENS - COMPANY_BASE_GOLD - players


def test_an_action_giving_gold_takes_it_from_the_reserve() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "royal-charter", "hand")
    reserve = state["gold_reserve"]
    state, events = play(state, {"turn:spanish": "play royal charter"})
    assert state["players"]["spanish"]["gold"] == 1 and state["gold_reserve"] == reserve - 1
    assert "spanish takes 1 gold from the reserve: Royal Charter" in texts_of(events)


def test_card_gold_stops_when_the_reserve_is_empty() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "royal-charter", "hand")
    state["gold_reserve"] = 0
    state, events = play(state, {"turn:spanish": "play royal charter"})
    assert state["players"]["spanish"]["gold"] == 0
    assert "the reserve held only 0" in texts_of(events)


def test_event_treasure_galleon_revealed_gives_two_gold() -> None:
    state = new_game()
    clear_board(state)
    uid = add(state, "english", "treasure-galleon", "hand")
    state["players"]["english"]["hand"].remove(uid)
    state["players"]["english"]["event"] = {"uid": uid, "tokens": 2}  # trigger 3
    state, events = play(state, {"turn:spanish": "pass"})
    assert state["players"]["english"]["gold"] == 2
    assert "english takes 2 gold from the reserve" in texts_of(events)


def test_terms_of_trade_lower_each_gold_bought_never_below_one() -> None:
    """India Company Contract (icroe 1): from a stock of 13, 3 gold cost 1 + 1 + 1 instead of 1 + 2 + 2."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "company-contract", "agreements")
    state["company_gold"] = 13
    state["players"]["spanish"]["doublons"] = 3
    state, _ = play(state, {"turn:spanish": "buy 3 gold"})
    assert state["players"]["spanish"]["gold"] == 3 and state["players"]["spanish"]["doublons"] == 0


def test_terms_of_trade_raise_each_gold_sold() -> None:
    """Selling 1 gold to a stock of 9 fetches the ICROE 3, plus 1 for the contract."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "company-contract", "agreements")
    state["company_gold"] = 9
    state["players"]["spanish"].update(gold=1, doublons=0)
    state, _ = play(state, {"turn:spanish": "sell 1 gold"})
    assert state["players"]["spanish"]["doublons"] == 4


def test_pillage_with_a_treasure_map_in_the_fleet_takes_one_more_gold() -> None:
    state = new_game()
    clear_board(state)
    captain = add(state, "spanish", "galleon-captain", "characters")
    add(state, "spanish", "teniente", "characters")
    attach(state, captain, "treasure-map", "spanish")
    state["players"]["english"]["gold"] = 3
    state, events = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    assert "spanish pillages 2 gold from english (1 + 1 from the fleet's cards)." in texts_of(events)
    assert state["players"]["spanish"]["gold"] == 2 and state["players"]["english"]["gold"] == 1


def test_turn_limit_is_off_by_default_and_an_explicit_option() -> None:
    assert RULES.parse_options({"players": "3"})["turn_limit"] == 0
    assert new_game(3)["options"]["turn_limit"] == 0
    assert RULES.parse_options({"players": "3", "turn_limit": "40"})["turn_limit"] == 40


def test_bot_games_reach_the_books_gold_victory() -> None:
    """Seeded bot games end by the book's gold victory too, not only by the seven seas."""
    reasons = []
    for seed in range(30):
        reasons.append(RULES.outcome(bot_game(seed, 3)).reason)  # type: ignore[union-attr]
        if "starts a turn with" in reasons[-1]:
            break
    assert "gold" in reasons[-1] and "starts a turn with" in reasons[-1], reasons
