"""Recruitment of named characters and the rally (book p. 8): bids sealed, revealed together."""

from __future__ import annotations

from mc_helpers import RULES, add, clear_board, new_game, play, problems, texts_of


def rally_table() -> tuple[dict, str, str]:
    """Spanish to play with Anne Bonny in its tavern; Anne Bonny in activity with the English."""
    state = new_game()
    clear_board(state)
    mine = add(state, "spanish", "anne-bonny", "tavern")
    theirs = add(state, "english", "anne-bonny", "characters")
    state["players"]["spanish"]["doublons"] = 10
    state["players"]["english"]["doublons"] = 6
    return state, mine, theirs


def open_rally(state: dict) -> dict:
    state, events = play(state, {"turn:spanish": "rally anne bonny"})
    assert "tries to rally Anne Bonny from english" in texts_of(events)
    assert sorted(r.key for r in RULES.requests(state)) == ["bid:english", "bid:spanish"]
    assert state["players"]["spanish"]["doublons"] == 7  # "Payez son prix en doublons": cost 3
    return state


def test_rally_won_by_the_higher_bid_puts_your_copy_in_play_and_theirs_back_in_the_tavern() -> None:
    state, mine, theirs = rally_table()
    state = open_rally(state)
    state, events = play(state, {"bid:spanish": "bid 4", "bid:english": "bid 2"})
    assert "Rally bids revealed: spanish 4, english 2." in texts_of(events)
    spanish, english = state["players"]["spanish"], state["players"]["english"]
    assert mine in spanish["characters"] and not state["cards"][mine]["tapped"]
    assert theirs in english["tavern"] and theirs not in english["characters"]
    assert spanish["doublons"] == 3  # 10 - 3 (cost) - 4 (winning bid)
    assert english["doublons"] == 6 + 3  # the loser pays nothing; then collects its haven at its turn


def test_rally_lost_the_holder_keeps_the_character_and_pays_its_bid() -> None:
    state, mine, theirs = rally_table()
    state = open_rally(state)
    state, _ = play(state, {"bid:spanish": "bid 1", "bid:english": "3"})
    spanish, english = state["players"]["spanish"], state["players"]["english"]
    assert theirs in english["characters"] and mine in spanish["tavern"]
    assert spanish["doublons"] == 7  # the cost stays paid, the losing bid is not
    assert english["doublons"] == 6 - 3 + 3


def test_rally_tie_rule_the_holder_keeps_the_character_and_pays() -> None:
    """The book is silent on equal bids: the holder keeps the character (status quo) and pays its bid."""
    state, mine, theirs = rally_table()
    state = open_rally(state)
    state, events = play(state, {"bid:spanish": "bid 2", "bid:english": "bid 2"})
    assert theirs in state["players"]["english"]["characters"]
    assert mine in state["players"]["spanish"]["tavern"]
    assert state["players"]["english"]["doublons"] == 6 - 2 + 3
    assert "english keeps Anne Bonny" in texts_of(events)


def test_a_missing_bid_counts_as_zero() -> None:
    state, mine, _ = rally_table()
    state = open_rally(state)
    state, _ = play(state, {"bid:spanish": "bid 1"})
    assert mine in state["players"]["spanish"]["characters"]


def test_bid_above_the_doublons_held_is_a_problem() -> None:
    state, _, _ = rally_table()
    state = open_rally(state)
    found = problems(state, "bid:english", "# my bid\nbid 7")
    assert len(found) == 1 and found[0].line == 2 and "hold 6" in found[0].message
    assert found[0].suggestion == "bid 6 at most"
    assert problems(state, "bid:english", "bid 6") == []


def test_a_use_line_in_a_bid_answer_is_checked_as_a_use_not_as_a_bid() -> None:
    """A bid answer may also use an ability (« ou celui d'un adversaire »); a ``use`` line with
    no bid beside it was checked as a bid and crashed the check (found by the hostile-input test)."""
    state, _, _ = rally_table()
    state = open_rally(state)
    found = problems(state, "bid:english", "use bid")
    assert found and all("amount" not in p.message for p in found)
    assert problems(state, "bid:english", "bid 6\nstanding bid 2") == []


def test_both_bids_are_asked_in_the_same_sealed_turn_and_revealed_only_together() -> None:
    state, _, _ = rally_table()
    state = open_rally(state)
    asked = RULES.requests(state)
    assert {r.seat for r in asked} == {"spanish", "english"}  # one engine turn, neither waits for the other
    assert all(r.default == "bid 0" for r in asked)
    for seat in ("spanish", "english", None):
        assert "bids" not in str(RULES.view(state, seat))  # no bid is stored before the close
    state, events = play(state, {"bid:spanish": "bid 4", "bid:english": "bid 2"})
    (reveal,) = [e for e in events if e.kind == "rally-bids"]
    assert reveal.seats is None and reveal.data["bids"] == {"spanish": 4, "english": 2}


def test_recruiting_a_named_character_already_in_play_is_a_problem_that_suggests_the_rally() -> None:
    state, _, _ = rally_table()
    (found,) = problems(state, "turn:spanish", "recruit anne bonny")
    assert "already in play" in found.message and found.suggestion == "rally anne bonny"


def test_a_dead_named_character_is_never_recruited_nor_rallied() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "blas-de-lezo", "tavern")
    add(state, "english", "blas-de-lezo", "dead")
    state["players"]["spanish"]["doublons"] = 10
    (found,) = problems(state, "turn:spanish", "recruit blas de lezo")
    assert "dead" in found.message
    (found,) = problems(state, "turn:spanish", "rally blas de lezo")
    assert "dead" in found.message


def test_recruit_outside_your_faction_costs_two_gold_more() -> None:
    state = new_game()
    clear_board(state)
    uid = add(state, "spanish", "post-captain", "tavern")
    state["players"]["spanish"]["doublons"] = 10
    (found,) = problems(state, "turn:spanish", "recruit post captain")
    assert "2 gold more" in found.message
    state["players"]["spanish"]["gold"] = 2
    stock = state["company_gold"]
    state, _ = play(state, {"turn:spanish": "recruit post captain"})
    assert uid in state["players"]["spanish"]["characters"]
    assert state["players"]["spanish"]["gold"] == 0 and state["company_gold"] == stock + 2


def test_new_recruit_costs_one_gold_and_goes_home_instead_of_dying() -> None:
    state = new_game()
    clear_board(state)
    state["players"]["spanish"]["gold"] = 1
    top = state["players"]["spanish"]["crew"][0]
    state, _ = play(state, {"turn:spanish": "enlist"})
    assert top in state["players"]["spanish"]["characters"] and state["cards"][top]["recruit"]
    assert state["players"]["spanish"]["gold"] == 0


def test_the_tavern_is_refilled_to_three_at_the_end_of_the_turn() -> None:
    state = new_game()
    tavern = list(state["players"]["spanish"]["tavern"])
    state["players"]["spanish"]["doublons"] = 20
    cheapest = min(tavern, key=lambda u: state["catalogue"][state["cards"][u]["id"]]["cost"])
    state, _ = play(
        state, {"turn:spanish": f"recruit #{cheapest}\ndismiss #{tavern[1 if cheapest != tavern[1] else 0]}"}
    )
    assert len(state["players"]["spanish"]["tavern"]) == 3
