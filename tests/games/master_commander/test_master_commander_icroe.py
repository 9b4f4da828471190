"""The trade phase: one transaction with the India Company, gold moved one at a time, ICROE updated."""

from __future__ import annotations

import pytest
from mc_helpers import add, clear_board, new_game, play, problems, texts_of

from adjudicator.games.master_commander.icroe import ICROE_TABLE, buying_cost, icroe, selling_price


@pytest.mark.parametrize(
    ("stock", "rate"),
    [(20, 1), (13, 1), (12, 2), (10, 2), (9, 3), (7, 3), (6, 4), (4, 4), (3, 5), (1, 5), (0, 6)],
)
def test_icroe_table(stock: int, rate: int) -> None:
    assert icroe(stock) == rate


def test_icroe_table_as_printed() -> None:
    assert ICROE_TABLE == ((13, 1), (10, 2), (7, 3), (4, 4), (1, 5), (0, 6))


def test_the_company_starts_with_8_gold_plus_1_per_player() -> None:
    assert new_game(2)["company_gold"] == 10
    assert new_game(5)["company_gold"] == 13


def test_buying_moves_one_gold_at_a_time_and_the_icroe_follows() -> None:
    """From 13 in stock: the 1st gold at 1, then the stock is 12 and the 2nd and 3rd cost 2 each."""
    assert buying_cost(13, 3) == 1 + 2 + 2
    state = new_game()
    clear_board(state)
    state["company_gold"] = 13
    state["players"]["spanish"]["doublons"] = 5
    state, events = play(state, {"turn:spanish": "buy 3 gold"})
    rates = [e.data["rate"] for e in events if e.kind == "icroe"]
    assert rates == [1, 2, 2]
    assert state["company_gold"] == 10 and state["players"]["spanish"]["gold"] == 3
    assert "the ICROE is now 2" in texts_of(events)


def test_selling_moves_one_gold_at_a_time() -> None:
    """Selling 2 gold to a stock of 9: the 1st at 3 (stock 9), the 2nd at 2 (stock 10)."""
    assert selling_price(9, 2) == 3 + 2
    state = new_game()
    clear_board(state)
    state["company_gold"] = 9
    state["players"]["spanish"].update(gold=2, doublons=0)
    state, events = play(state, {"turn:spanish": "sell 2 gold"})
    assert [e.data["rate"] for e in events if e.kind == "icroe"] == [3, 2]
    assert state["company_gold"] == 11 and state["players"]["spanish"]["gold"] == 0


def test_buying_more_gold_than_the_company_holds_is_a_problem() -> None:
    state = new_game()
    state["company_gold"] = 2
    state["players"]["spanish"]["doublons"] = 50
    (found,) = problems(state, "turn:spanish", "buy 3 gold")
    assert "holds only 2 gold" in found.message and found.suggestion == "buy 2 gold"


def test_one_transaction_of_at_most_three_gold_a_turn() -> None:
    state = new_game()
    state["players"]["spanish"]["doublons"] = 50
    assert "1 to 3 gold" in problems(state, "turn:spanish", "buy 4 gold")[0].message
    found = problems(state, "turn:spanish", "buy 1 gold\nbuy 1 gold")
    assert [p.line for p in found] == [2] and "only one transaction" in found[0].message


def test_buying_beyond_the_doublons_held_is_a_problem_with_what_is_affordable() -> None:
    state = new_game()
    state["company_gold"] = 10
    state["players"]["spanish"]["doublons"] = 5  # 2 (stock 10) + 3 (stock 9) + 3 (stock 8) = 8 for three
    (found,) = problems(state, "turn:spanish", "buy 3 gold")
    assert "3 gold cost 8 doublons" in found.message and found.suggestion == "buy 2 gold"


def test_gold_paid_for_recruits_returns_to_the_company() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "free-gunner", "tavern")
    state["players"]["spanish"]["gold"] = 1
    total = state["company_gold"] + sum(p["gold"] for p in state["players"].values())
    state, _ = play(state, {"turn:spanish": "enlist"})
    assert state["company_gold"] + sum(p["gold"] for p in state["players"].values()) == total
