"""Fewer exchanges by email, each a reading of the book (see orders/master-commander.md):
answers for the case the players before pass, duel steps written in advance, and standing answers
that answer a request before it is asked."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from mc_helpers import (
    RULES,
    add,
    asked,
    asked_optional,
    clear_board,
    engagement_passed,
    new_game,
    play,
    problems,
    texts_of,
)

from adjudicator.games.master_commander.orders import canonical, parse


def three_fleets() -> dict:
    """Spanish raids English; French is the English's ally with a broadside of its own."""
    state = new_game(3)
    clear_board(state)
    for p in state["players"].values():
        p["doublons"] = 10
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "english", "post-captain", "characters")
    add(state, "french", "lieutenant-de-vaisseau", "characters")
    return state


def test_a_later_player_answers_for_the_case_the_players_before_it_pass() -> None:
    """« En commençant par l'attaquant, puis dans l'ordre du tour »: the defender is asked in the same
    exchange as the attacker; its answer counts because the attacker passed (nothing changed)."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "english", "post-captain", "characters")
    add(state, "spanish", "broadside", "hand")
    add(state, "english", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    state, _ = engagement_passed(state)  # holding cards, both are asked there
    assert asked(state) == ["manoeuvre:spanish"] and asked_optional(state) == ["manoeuvre:english"]
    english = next(r for r in RULES.requests(state) if r.key == "manoeuvre:english")
    assert "your answer counts only if it passes" in english.prompt and english.default == "later"
    state, events = play(state, {"manoeuvre:spanish": "pass", "manoeuvre:english": "play broadside"})
    text = texts_of(events)
    assert text.index("spanish passes.") < text.index("english's answer stands")
    assert "The defender's fleet gains 2 power." in text
    assert asked(state) == ["manoeuvre:spanish"]  # something new: the attacker is asked again


def test_an_answer_for_the_case_the_players_before_pass_is_dropped_when_one_plays() -> None:
    """« Résolvez l'effet immédiatement »: a player after a play answers seeing it."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "english", "post-captain", "characters")
    add(state, "spanish", "broadside", "hand")
    add(state, "english", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    state, _ = engagement_passed(state)  # holding cards, both are asked there
    state, events = play(state, {"manoeuvre:spanish": "play broadside", "manoeuvre:english": "pass"})
    assert "english's answer, written in case the players before it passed, is dropped" in texts_of(events)
    (again,) = RULES.requests(state)
    assert again.key == "manoeuvre:english" and "attackers " in again.prompt
    assert "gains 2 power" in texts_of(events) and "english passes" not in texts_of(events)


def test_answers_for_the_case_the_players_before_pass_are_their_writers_secret() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "english", "post-captain", "characters")
    add(state, "spanish", "broadside", "hand")
    add(state, "english", "broadside", "hand")
    add(state, "english", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    # an answer kept across an exchange, as after the Spanish passed with their own answer to come
    state["battle"]["conditional"] = {"english": {"orders": [{"verb": "pass"}], "plays": 0}}
    spanish = RULES.view(state, "spanish")
    assert "conditional" not in spanish["battle"] and spanish["you"]["conditional_answer"] is None
    assert "conditional" not in RULES.view(state, None)["battle"]
    assert RULES.view(state, "english")["you"]["conditional_answer"] == [{"verb": "pass"}]


def test_the_engagement_manoeuvres_are_asked_together_each_for_the_case_those_before_pass() -> None:
    """« L'attaquant, suivi de ses alliés ... Le défenseur, puis ses alliés »: one exchange when
    everyone before passes."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "english", "post-captain", "characters")
    add(state, "spanish", "weather-gauge", "hand")  # an engagement manoeuvre
    add(state, "english", "weather-gauge", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    assert asked(state) == ["manoeuvre:spanish"] and asked_optional(state) == ["manoeuvre:english"]
    state, events = play(state, {"manoeuvre:spanish": "pass", "manoeuvre:english": "play weather gauge"})
    assert "english's answer stands" in texts_of(events)
    assert "english plays Weather Gauge" in texts_of(events)


def test_duel_steps_written_in_advance_are_played_at_the_players_next_steps() -> None:
    """« tour à tour ... jouer une carte de sa main face cachée ou mettre fin au duel »: between two
    steps of a player the opponent can only play one more card face down, so a list loses nothing."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "teniente", "characters")
    add(state, "english", "boatswain", "characters")
    add(state, "spanish", "boarding-party", "hand")
    add(state, "spanish", "cutlass", "hand")
    add(state, "spanish", "cutlass", "hand")
    add(state, "english", "brace-of-pistols", "hand")
    add(state, "english", "cutlass", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with teniente"})
    state, _ = play(state, {"defend:english": "oppose with boatswain"})
    state, _ = engagement_passed(state)  # holding cards, both are asked there
    state, _ = play(state, {"manoeuvre:spanish": "play boarding party challenge boatswain with teniente"})
    state, _ = play(state, {"duel:english": "accept\nplay brace of pistols\nplay cutlass\nstop"})
    english = RULES.view(state, "english")["you"]["written_duel_steps"]
    assert [o["verb"] for o in english] == ["play", "stop"]
    assert "ahead" not in RULES.view(state, "spanish")["battle"]["duel"]
    state, events = play(state, {"duel:spanish": "play cutlass\nplay cutlass"})
    text = texts_of(events)
    assert "english's next duel step, written in advance: play cutlass." in text
    assert "spanish's next duel step, written in advance: play cutlass." in text
    assert "english's next duel step, written in advance: stop." in text
    assert "english reveals Brace of Pistols #" in text and "Boatswain #" in text and "totals 5" in text
    assert "spanish reveals Cutlass #" in text and "totals 4" in text  # 2 + 1 + 1 against 2 + 2 + 1
    assert not any(k.startswith("duel:") for k in asked(state))


def test_standing_oppose_with_all_opposes_with_every_character_that_may_engage() -> None:
    state = three_fleets()
    second = add(state, "english", "boatswain", "characters")
    state, _ = play(state, {"turn:spanish": "pass"})
    state, _ = play(state, {"turn:english": "standing oppose with all"})
    state, _ = play(state, {"turn:french": "pass"})
    state, events = play(state, {"turn:spanish": "raid english with galleon captain"})
    assert "english's standing answer: oppose with #" in texts_of(events)
    assert "defend:english" not in asked(state)
    assert second in state["battle"]["fleet"]["defender"] and len(state["battle"]["fleet"]["defender"]) == 2


def rally_table() -> tuple[dict, str, str]:
    state = new_game()
    clear_board(state)
    mine = add(state, "spanish", "anne-bonny", "tavern")
    theirs = add(state, "english", "anne-bonny", "characters")
    state["players"]["spanish"]["doublons"] = 10
    state["players"]["english"]["doublons"] = 6
    return state, mine, theirs


def test_standing_bids_answer_a_rally_and_the_bids_are_revealed_at_once() -> None:
    """« Révélez vos mises simultanément »: both bids written before either is seen."""
    state, mine, _theirs = rally_table()
    state["standing"] = {"english": {"bid": {"verb": "standing", "what": "bid", "amount": 2}}}
    state, events = play(state, {"turn:spanish": "rally anne bonny\nstanding bid 3"})
    text = texts_of(events)
    assert "spanish's standing answer: bid 3." in text and "english's standing answer: bid 2." in text
    assert "Rally bids revealed: spanish 3, english 2." in text
    assert mine in state["players"]["spanish"]["characters"]
    assert not any(k.startswith("bid:") for k in asked(state))


def test_a_standing_bid_is_capped_at_the_doublons_held() -> None:
    state, _mine, theirs = rally_table()
    state["standing"] = {"english": {"bid": {"verb": "standing", "what": "bid", "amount": 9}}}
    state, events = play(state, {"turn:spanish": "rally anne bonny"})
    assert asked(state) == ["bid:spanish"]  # only the player without a standing bid is asked
    state, events = play(state, {"bid:spanish": "bid 6"})
    assert "Rally bids revealed: spanish 6, english 6." in texts_of(events)
    assert theirs in state["players"]["english"]["characters"]  # a tie: the holder keeps it


def test_a_player_without_doublons_is_not_asked_to_bid() -> None:
    """« une somme de ses propres Doublons »: with none, the only bid is 0 (the default)."""
    state, _mine, _theirs = rally_table()
    state["players"]["english"]["doublons"] = 0
    state, events = play(state, {"turn:spanish": "rally anne bonny"})
    assert "english holds no doublon: not asked, its rally bid is 0." in texts_of(events)
    assert asked(state) == ["bid:spanish"]


def captive_table() -> tuple[dict, str]:
    state = new_game(3)
    clear_board(state)
    captive = add(state, "english", "post-captain", "captured")  # owned by english, ransom 3
    state["players"]["spanish"]["captured"] = state["players"]["english"].pop("captured")
    state["players"]["english"]["captured"] = []
    for p in state["players"].values():
        p["doublons"] = 10
    return state, captive


def test_standing_offers_answer_a_ransom_auction_without_an_exchange() -> None:
    """« Chaque joueur peut indiquer qu'il souhaite payer une rançon »: written in advance."""
    state, captive = captive_table()
    state["standing"] = {
        "english": {"offer": {"verb": "standing", "what": "offer-mine"}},
        "french": {"offer": {"verb": "standing", "what": "offer-none"}},
    }
    state, events = play(state, {"turn:spanish": "ransom post captain"})
    text = texts_of(events)
    assert "english's standing answer: offer 3 return." in text
    assert "french's standing answer: no offer." in text
    assert "One offer only: spanish sells to english." in text
    assert captive in state["players"]["english"]["characters"]
    assert not any(k.startswith(("offer:", "choice:")) for k in asked(state))


def test_standing_offer_ransom_for_mine_makes_no_offer_for_another_players_captive() -> None:
    state, captive = captive_table()
    state["standing"] = {"french": {"offer": {"verb": "standing", "what": "offer-mine"}}}
    state, events = play(state, {"turn:spanish": "ransom post captain"})
    assert asked(state) == ["offer:english"]  # the French answer is given: no offer
    state, events = play(state, {"offer:english": "no offer"})
    assert "french's standing answer: no offer." in texts_of(events)
    assert captive in state["players"]["spanish"]["captured"]


def test_standing_vote_against_others_votes_every_character_against_another_seats_agreement() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "teniente", "characters")
    add(state, "spanish", "trade-treaty", "hand")
    add(state, "english", "post-captain", "characters")
    state["standing"] = {"english": {"vote-others": {"verb": "standing", "what": "against-others"}}}
    state, events = play(state, {"turn:spanish": "agreement trade treaty by teniente"})
    assert "english's standing answer: against on spanish's agreement." in texts_of(events)
    assert "vote:english" not in asked(state)


def test_standing_abstain_on_others_leaves_the_ballot_without_being_asked() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "teniente", "characters")
    add(state, "spanish", "trade-treaty", "hand")
    add(state, "english", "post-captain", "characters")
    state["standing"] = {"english": {"vote-others": {"verb": "standing", "what": "abstain-others"}}}
    state, events = play(state, {"turn:spanish": "agreement trade treaty by teniente"})
    assert "english's standing answer: abstain on spanish's agreement." in texts_of(events)
    assert "votes against" not in texts_of(events) and "vote:english" not in asked(state)


def test_the_new_standing_answers_parse_and_print_back() -> None:
    text = (
        "standing oppose with all\nstanding bid 2\nstanding offer the ransom for mine\n"
        "standing offer nothing\nstanding vote against others\nstanding abstain on others\n"
    )
    parsed = parse("defend", text)
    assert parsed.ok and [o["what"] for o in parsed.orders] == [
        "oppose-all",
        "bid",
        "offer-mine",
        "offer-none",
        "against-others",
        "abstain-others",
    ]
    assert parse("defend", canonical(parsed.orders)).orders == parsed.orders


@settings(max_examples=60, deadline=None)
@given(tail=st.sampled_from(["bid", "bid -1", "bid x", "bid 12345", "offer", "oppose with", "vote against"]))
def test_malformed_standing_answers_are_problems_and_keep_the_good_lines(tail: str) -> None:
    state = new_game()
    found = problems(state, "turn:spanish", f"pass\nstanding {tail}\nstanding bid 2")
    assert [p.line for p in found] == [2]


def test_a_player_asked_for_the_case_the_players_before_pass_may_answer_later() -> None:
    """An optional request: unanswered (or ``later``) the player is dealt with at its turn as before."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "english", "post-captain", "characters")
    add(state, "spanish", "broadside", "hand")
    add(state, "english", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    state, events = play(state, {"manoeuvre:spanish": "pass"})  # the English leave theirs unanswered
    assert "english's answer stands" not in texts_of(events)
    assert asked(state) == ["manoeuvre:english"]  # asked at its turn, as before
    assert problems(state, "manoeuvre:english", "later")  # 'later' answers only the optional request


def test_who_is_asked_for_the_case_the_players_before_pass_tells_nothing_of_their_hands() -> None:
    """The player deciding first must not learn, from who else is asked, whether they hold a card:
    a later participant with no manoeuvre is asked too (it may leave the request unanswered)."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "english", "post-captain", "characters")
    add(state, "spanish", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    state, _ = engagement_passed(state)  # holding cards, both are asked there
    assert asked(state) == ["manoeuvre:spanish"] and asked_optional(state) == ["manoeuvre:english"]
    state, events = play(state, {"manoeuvre:spanish": "pass"})
    assert "english passes (no card in hand and no card in play to use: not asked)." in texts_of(events)


def test_a_duellist_with_no_card_in_hand_is_not_asked_and_ends_the_duel() -> None:
    """« jouer une carte de sa main face cachée ou mettre fin au duel »: with no card, only the end."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "teniente", "characters")
    add(state, "english", "boatswain", "characters")
    add(state, "spanish", "boarding-party", "hand")  # played: the Spanish hand is then empty
    add(state, "english", "brace-of-pistols", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with teniente"})
    state, _ = play(state, {"defend:english": "oppose with boatswain"})
    state, _ = engagement_passed(state)  # holding cards, both are asked there
    state, _ = play(state, {"manoeuvre:spanish": "play boarding party challenge boatswain with teniente"})
    state, events = play(state, {"duel:english": "accept\nplay brace of pistols"})
    assert "spanish has no card in hand: not asked, it ends the duel." in texts_of(events)
    assert "english reveals Brace of Pistols #" in texts_of(events)
    assert not any(k.startswith("duel:") for k in asked(state))
