"""Reports: each card's text where a player meets it, a territory's values, how a battle total was reached."""

from __future__ import annotations

from mc_helpers import RULES, add, attach, clear_board, new_game, play, texts_of

from adjudicator.games.master_commander.cards import card_text, catalogue


def test_card_text_says_what_each_kind_of_card_does() -> None:
    cards = catalogue()
    assert card_text(cards["cutlass"]) == "item on a character, cost 1: +1 combat, +1 conquest; duel 1"
    assert card_text(cards["azores"]) == "territory, atlantic; production 1, conquest 2, command 1"
    assert card_text(cards["royal-charter"]) == "action: take 1 gold from the reserve"
    assert "tactical battle manoeuvre: +2 power to your fleet" in card_text(cards["broadside"])
    assert "terms of trade 1" in card_text(cards["company-contract"])


def test_the_hand_on_a_players_own_board_shows_each_cards_text() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "cutlass", "hand")
    board = RULES.board_text(RULES.view(state, "spanish"))
    assert "Cutlass #" in board and "(item on a character, cost 1: +1 combat, +1 conquest; duel 1)" in board
    assert "(item on a character" not in RULES.board_text(RULES.view(state, "english"))


def test_a_territory_on_the_table_shows_its_values() -> None:
    state = new_game()
    clear_board(state)
    azores = add(state, "english", "azores", "territories")
    attach(state, azores, "fortifications", "english")
    board = RULES.board_text(RULES.view(state, None))
    assert "Azores #" in board and "(atlantic, production 1, conquest 2, command 1)" in board
    assert "Fortifications #" in board and "support on a place, cost 2: +2 conquest" in board


def test_a_card_played_is_reported_with_its_text() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "royal-charter", "hand")
    _, events = play(state, {"turn:spanish": "play royal charter"})
    assert "spanish plays Royal Charter #" in texts_of(events)
    assert "(action: take 1 gold from the reserve)" in texts_of(events)


def test_the_battle_report_shows_how_each_total_was_reached() -> None:
    state = new_game()
    clear_board(state)
    captain = add(state, "spanish", "galleon-captain", "characters")
    attach(state, captain, "cutlass", "spanish")
    add(state, "spanish", "teniente", "characters")
    add(state, "english", "boatswain", "characters")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, events = play(state, {"defend:english": "oppose with boatswain"})
    text = texts_of(events)
    assert "Battle: spanish 6 against english 5." in text
    assert f"spanish: Galleon Captain #{captain} 4 + Teniente #" in text
    assert " 2 = 6; english: Boatswain #" in text
    assert "Port Antonio #" in text and " 3 = 5." in text


def test_a_players_own_board_lists_its_standing_answers_and_nobody_elses_does() -> None:
    state = new_game()
    state, _ = play(state, {"turn:spanish": "standing never oppose"})
    assert "Your standing answers: standing never oppose" in RULES.board_text(RULES.view(state, "spanish"))
    assert "standing" not in RULES.board_text(RULES.view(state, "english"))
