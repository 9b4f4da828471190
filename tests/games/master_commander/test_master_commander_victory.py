"""Victory (book p. 2): 10 gold or more at the start of your turn, or the seven seas at any time."""

from __future__ import annotations

from mc_helpers import RULES, add, clear_board, new_game, play

from adjudicator.games.master_commander.cards import SEVEN_SEAS


def test_victory_with_ten_gold_at_the_start_of_your_turn() -> None:
    state = new_game()
    state["players"]["english"]["gold"] = 10
    state["players"]["spanish"]["gold"] = 12  # the Spanish turn has already started: no victory yet
    assert RULES.outcome(state) is None
    state, _events = play(state, {"turn:spanish": "pass"})
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == ("english",)
    assert "starts a turn with 10 gold" in outcome.reason
    assert RULES.requests(state) == []
    assert RULES.label(state) == "Game over"


def test_nine_gold_is_not_enough() -> None:
    state = new_game()
    state["players"]["english"]["gold"] = 9
    state, _ = play(state, {"turn:spanish": "pass"})
    assert RULES.outcome(state) is None


def test_victory_holding_the_seven_seas() -> None:
    state = new_game()
    clear_board(state)
    for card_id in ("azores", "malta", "texel-roads", "zanzibar", "acapulco"):
        add(state, "spanish", card_id, "territories")  # with the Caribbean haven: six seas
    for card_id in ("galleon-captain", "teniente", "contramaestre"):
        add(state, "spanish", card_id, "characters")
    formosa = add(state, "english", "formosa", "exploration")
    state["players"]["english"]["exploration"].insert(0, state["players"]["english"]["exploration"].pop())
    assert state["players"]["english"]["exploration"][0] == formosa
    state, _events = play(
        state, {"turn:spanish": "explore with galleon captain, teniente, contramaestre from english"}
    )
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == ("spanish",) and "seven seas" in outcome.reason
    assert len(SEVEN_SEAS) == 7


def test_exploration_needs_more_than_five_conquest() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "spanish", "teniente", "characters")
    (found,) = [p for p in _problems(state, "explore with galleon captain, teniente")]
    assert "conquest is 5" in found.message


def test_a_unique_place_already_in_play_is_explored_as_a_barren_island() -> None:
    state = new_game()
    clear_board(state)
    add(state, "english", "malta", "territories")
    for card_id in ("galleon-captain", "teniente", "contramaestre"):
        add(state, "spanish", card_id, "characters")
    malta = add(state, "spanish", "malta", "exploration")
    state["players"]["spanish"]["exploration"].insert(0, state["players"]["spanish"]["exploration"].pop())
    state, _events = play(state, {"turn:spanish": "explore with galleon captain, teniente, contramaestre"})
    assert state["cards"][malta]["barren"] and malta in state["players"]["spanish"]["territories"]


def test_turn_limit_option_gives_the_game_to_the_most_gold() -> None:
    state = new_game()
    state["options"]["turn_limit"] = 1
    state["players"]["english"]["gold"] = 1
    state, _ = play(state, {"turn:spanish": "pass"})
    assert RULES.outcome(state) is None
    state, _ = play(state, {"turn:english": "pass"})
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == ("english",) and "turn limit" in outcome.reason


def _problems(state: dict, text: str) -> list:
    from mc_helpers import problems

    return problems(state, "turn:spanish", text)
