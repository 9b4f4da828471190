"""Ransom (book p. 7) and the multi-player ransom auction (p. 10)."""

from __future__ import annotations

from mc_helpers import RULES, add, clear_board, new_game, play, problems, texts_of


def captive_table(players: int) -> tuple[dict, str]:
    state = new_game(players)
    clear_board(state)
    captive = add(state, "english", "post-captain", "captured")  # owned by english, ransom 3
    state["players"]["spanish"]["captured"] = state["players"]["english"].pop("captured")
    state["players"]["english"]["captured"] = []
    for p in state["players"].values():
        p["doublons"] = 10
    return state, captive


def test_two_player_ransom_paid_returns_the_character_tapped() -> None:
    state, captive = captive_table(2)
    state, events = play(state, {"turn:spanish": "ransom post captain"})
    assert [r.key for r in RULES.requests(state)] == ["ransom:english"]
    state, events = play(state, {"ransom:english": "pay"})
    assert captive in state["players"]["english"]["characters"] and state["cards"][captive]["tapped"] is False
    # tapped on return, then untapped by the English "retour au port" at the start of their turn
    assert "returns to english, tapped" in texts_of(events)
    assert state["players"]["spanish"]["doublons"] == 13
    assert state["players"]["english"]["doublons"] == 10 - 3 + 3  # + the haven's collection


def test_two_player_ransom_refused_keeps_the_captive() -> None:
    state, captive = captive_table(2)
    state, _ = play(state, {"turn:spanish": "ransom post captain"})
    state, events = play(state, {"ransom:english": "refuse"})
    assert captive in state["players"]["spanish"]["captured"]
    assert "stays captive" in texts_of(events)


def test_multi_player_auction_every_offer_sealed_then_the_captor_chooses() -> None:
    state, captive = captive_table(3)
    state, _ = play(state, {"turn:spanish": "ransom post captain"})
    assert sorted(r.key for r in RULES.requests(state)) == ["offer:english", "offer:french"]
    state, events = play(state, {"offer:english": "offer 3", "offer:french": "offer 5 keep"})
    assert "Ransom offers revealed: english 3, french 5." in texts_of(events)
    (choice,) = RULES.requests(state)
    assert choice.key == "choice:spanish" and choice.default == "sell to french"
    state, events = play(state, {"choice:spanish": "sell to english"})  # not bound to the highest
    assert captive in state["players"]["english"]["characters"]
    assert state["players"]["spanish"]["doublons"] == 13
    assert state["players"]["french"]["doublons"] == 10


def test_multi_player_auction_a_third_party_may_keep_the_captive() -> None:
    state, captive = captive_table(3)
    state, _ = play(state, {"turn:spanish": "ransom post captain"})
    state, events = play(state, {"offer:english": "no offer", "offer:french": "offer 4 keep"})
    assert "One offer only: spanish sells to french." in texts_of(events)  # no choice to ask
    assert captive in state["players"]["french"]["captured"]
    assert state["players"]["spanish"]["doublons"] == 14 and state["players"]["french"]["doublons"] == 6


def test_the_captor_must_sell_to_a_bidder_keeping_is_no_answer() -> None:
    """ "le ravisseur doit choisir à qui il vend son prisonnier"."""
    state, captive = captive_table(3)
    state, _ = play(state, {"turn:spanish": "ransom post captain"})
    state, _ = play(state, {"offer:english": "offer 3", "offer:french": "offer 5 keep"})
    (found,) = problems(state, "choice:spanish", "keep")
    assert found.kind == "invalid"
    state, _ = play(state, {})  # no answer: sold to the best offer
    assert captive in state["players"]["french"]["captured"]


def test_standing_answer_sell_to_best_offer_answers_the_captors_choice_before_it_is_asked() -> None:
    state, captive = captive_table(3)
    state, _ = play(state, {"turn:spanish": "ransom post captain\nstanding sell to best offer"})
    state, events = play(state, {"offer:english": "offer 3", "offer:french": "offer 5 return"})
    assert "spanish's standing answer: sell to french." in texts_of(events)
    assert captive in state["players"]["english"]["characters"]  # returned to its owner by the French
    assert state["players"]["spanish"]["doublons"] == 15


def test_offers_below_the_printed_ransom_or_above_the_doublons_held_are_problems() -> None:
    state, _ = captive_table(3)
    state["players"]["french"]["doublons"] = 4
    state, _ = play(state, {"turn:spanish": "ransom post captain"})
    (low,) = problems(state, "offer:french", "offer 2")
    assert "at least" in low.message and low.suggestion == "offer 3"
    (high,) = problems(state, "offer:french", "offer 9")
    assert "hold 4" in high.message
    (nobody,) = problems(
        {**state, "pending": {**state["pending"], "offers": [{"seat": "english", "amount": 3}]}},
        "offer:french",
        "offer 3\noffer 4",
    )
    assert nobody.kind == "ambiguous"


def test_nobody_offers_the_captive_stays() -> None:
    state, captive = captive_table(3)
    state, _ = play(state, {"turn:spanish": "ransom post captain"})
    state, events = play(state, {})
    assert "Nobody offers a ransom" in texts_of(events)
    assert captive in state["players"]["spanish"]["captured"]


def test_nobody_who_cannot_pay_the_printed_ransom_is_asked() -> None:
    """Doublons are public: a player holding less than the printed ransom could only say no."""
    state, _ = captive_table(3)
    state["players"]["english"]["doublons"] = 2  # the Post Captain's ransom is 3
    state, _ = play(state, {"turn:spanish": "ransom post captain"})
    assert [r.key for r in RULES.requests(state)] == ["offer:french"]


def test_a_ransom_nobody_can_pay_asks_nobody() -> None:
    state, captive = captive_table(2)
    state["players"]["english"]["doublons"] = 1
    state, events = play(state, {"turn:spanish": "ransom post captain"})
    assert "Nobody can pay 3 doublons: nobody is asked" in texts_of(events)
    assert captive in state["players"]["spanish"]["captured"]
    assert [r.key for r in RULES.requests(state)] == ["turn:english"]
