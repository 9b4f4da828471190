"""Establishing a trade agreement: the referendum (book p. 7), an open ballot in rounds."""

from __future__ import annotations

from mc_helpers import RULES, add, asked, clear_board, new_game, play, problems, request, texts_of

from adjudicator.games.master_commander.table import GRADE_VOTES, Table


def test_grade_table_of_votes() -> None:
    """Bosun/Boatswain 1, Lieutenant 2, Second 3, Captain or Governor 4."""
    assert GRADE_VOTES == {
        "bosun": 1,
        "boatswain": 1,
        "lieutenant": 2,
        "second": 3,
        "captain": 4,
        "governor": 4,
        "": 0,
    }


def referendum(english_chars: list[str], english_hand: tuple[str, ...] = ()) -> tuple[dict, dict[str, str]]:
    """Spanish proposes a Trade Treaty through its Teniente (lieutenant: 2 + 1 for the proposer)."""
    state = new_game()
    clear_board(state)
    uids = {
        "teniente": add(state, "spanish", "teniente", "characters"),
        "treaty": add(state, "spanish", "trade-treaty", "hand"),
    }
    for card_id in english_chars:
        uids[card_id] = add(state, "english", card_id, "characters")
    for card_id in english_hand:
        uids[card_id] = add(state, "english", card_id, "hand")
    state, events = play(state, {"turn:spanish": "agreement trade treaty by teniente"})
    assert "a referendum opens" in texts_of(events)
    assert state["cards"][uids["teniente"]]["tapped"]
    return state, uids


def test_proposer_votes_with_grade_plus_one() -> None:
    state, uids = referendum(["post-captain"])
    assert Table(state).votes(uids["teniente"], proposer=uids["teniente"]) == 3
    assert Table(state).votes(uids["post-captain"], proposer=uids["teniente"]) == 4


def test_referendum_passed_puts_the_agreement_in_play_and_it_produces() -> None:
    state, uids = referendum(["first-lieutenant", "boatswain"])
    state, events = play(
        state, {"vote:spanish": "for teniente", "vote:english": "against boatswain\nabstain"}
    )
    assert "The referendum passes 3 to 1" in texts_of(events)
    assert uids["treaty"] in state["players"]["spanish"]["agreements"]


def test_referendum_tied_fails_and_the_agreement_is_discarded() -> None:
    """ "Sinon, ou en cas d'égalité, l'accord échoue": 3 for (lieutenant + proposer) against 2 + 1."""
    state, uids = referendum(["first-lieutenant", "boatswain"])
    state, events = play(
        state,
        {"vote:spanish": "for teniente", "vote:english": "against first lieutenant\nvote against boatswain"},
    )
    assert "The referendum fails 3 to 3" in texts_of(events)
    assert uids["treaty"] not in state["players"]["spanish"]["agreements"]
    assert uids["treaty"] in state["players"]["spanish"]["discard"]


def test_a_player_may_split_between_characters_and_abstain() -> None:
    state, _ = referendum(["post-captain", "boatswain"])
    state, events = play(
        state, {"vote:spanish": "for teniente", "vote:english": "for boatswain\nagainst post captain"}
    )
    assert "The referendum fails 4 to 4" in texts_of(events)


def test_every_player_who_can_vote_answers_the_first_round_default_abstain() -> None:
    state, _ = referendum(["post-captain"])
    assert sorted(asked(state)) == ["vote:english", "vote:spanish"]
    assert all(r.default == "abstain" for r in RULES.requests(state))
    state, events = play(state, {"vote:spanish": "for teniente"})  # the English do not answer
    assert "The referendum passes 3 to 0" in texts_of(events)


def test_the_ballot_closes_when_nothing_left_can_change_the_result() -> None:
    """Nobody is asked a question whose answer cannot matter."""
    state, _ = referendum(["boatswain"])
    add(state, "spanish", "contramaestre", "characters")  # a bosun: 1 vote, kept back
    state, events = play(state, {"vote:spanish": "for teniente", "vote:english": "against boatswain"})
    # 3 for, 1 against; the Contramaestre's 1 vote left cannot turn it: no second round
    assert "No vote or reaction left can change the result: the ballot closes." in texts_of(events)
    assert "The referendum passes 3 to 1" in texts_of(events)
    assert asked(state) == ["turn:english"]


def test_a_vote_once_cast_cannot_change_the_next_round_sees_the_last() -> None:
    """ "Une fois exprimée, une voix ne peut être changée": a player who kept characters back is asked
    again, seeing the votes cast, and may vote with those only."""
    state, _ = referendum(["post-captain"])
    add(state, "spanish", "segundo", "characters")
    state, _ = play(state, {"vote:spanish": "for teniente", "vote:english": "against post captain"})
    assert asked(state) == ["vote:spanish"]  # the English cast everything; the Spanish kept one back
    assert "Ballot so far: 3 for, 4 against" in request(state, "vote:spanish").prompt
    (found,) = problems(state, "vote:spanish", "against teniente")
    assert "already voted" in found.message and "cannot change" in found.message
    state, events = play(state, {"vote:spanish": "for segundo"})
    assert "The referendum passes 6 to 4" in texts_of(events)


def test_a_player_with_no_character_is_asked_if_it_holds_a_political_reaction() -> None:
    """ "Chaque joueur peut jouer des réactions politiques durant le scrutin"."""
    state, _ = referendum([], ("bought-delegate",))  # 3 votes
    assert sorted(asked(state)) == ["vote:english", "vote:spanish"]
    state, events = play(
        state, {"vote:spanish": "for teniente", "vote:english": "play bought delegate against"}
    )
    assert "The referendum fails 3 to 3" in texts_of(events)


def test_a_political_reaction_can_answer_a_reaction_in_the_next_round() -> None:
    state, _ = referendum(["boatswain"])
    add(state, "english", "lobbying", "hand")  # 2 votes
    add(state, "spanish", "bought-delegate", "hand")  # 3 votes
    state, _ = play(
        state, {"vote:spanish": "for teniente", "vote:english": "against boatswain\nplay lobbying against"}
    )
    assert asked(state) == ["vote:spanish"]  # 3 to 3: the Spanish may react to the reaction
    state, events = play(state, {"vote:spanish": "play bought delegate for"})
    assert "The referendum passes 6 to 3" in texts_of(events)


def test_vote_from_a_character_not_in_activity_is_a_problem() -> None:
    state, _ = referendum(["post-captain"])
    add(state, "english", "boatswain", "tavern")
    (found,) = problems(state, "vote:english", "against post captain\nagainst boatswain")
    assert found.line == 2 and "in activity" in found.message


def test_a_characters_votes_are_not_split_a_second_vote_is_a_problem() -> None:
    state, _ = referendum(["post-captain"])
    (found,) = problems(state, "vote:english", "for post captain\nagainst post captain")
    assert found.line == 2 and "already voted" in found.message


def test_standing_answer_vote_for_a_seat_answers_its_referendum_before_it_is_asked() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "teniente", "characters")
    add(state, "spanish", "trade-treaty", "hand")
    add(state, "english", "post-captain", "characters")
    state, _ = play(state, {"turn:spanish": "pass"})
    state, _ = play(state, {"turn:english": "standing vote for spanish"})
    state, events = play(
        state, {"turn:spanish": "agreement trade treaty by teniente\nstanding vote for spanish"}
    )
    assert "english's standing answer: vote for spanish's agreement." in texts_of(events)
    assert "The referendum passes 7 to 0" in texts_of(events)
    assert asked(state) == ["turn:english"]  # nobody was asked


def test_proposing_without_diplomacy_is_a_problem() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "contramaestre", "characters")  # diplomacy 0
    add(state, "spanish", "trade-treaty", "hand")
    (found,) = problems(state, "turn:spanish", "agreement trade treaty by contramaestre")
    assert "no rank in diplomacy" in found.message


def test_a_checked_vote_leaves_the_table_untouched_until_the_reveal() -> None:
    """Checking a sealed vote (the engine does it on receipt) changes nothing another seat could see."""
    import json

    state, _ = referendum(["post-captain"])
    before = json.dumps(state, sort_keys=True)
    for key, text in (("vote:english", "against post captain"), ("vote:spanish", "for teniente")):
        r = request(state, key)
        assert RULES.check(state, r, RULES.parse(r, text).orders) == []
        assert json.dumps(state, sort_keys=True) == before


def test_a_checked_turn_leaves_the_table_untouched() -> None:
    import json

    from mc_helpers import request

    state = new_game()
    state["players"]["spanish"]["doublons"] = 30
    before = json.dumps(state, sort_keys=True)
    r = request(state, "turn:spanish")
    tavern = state["players"]["spanish"]["tavern"]
    orders = RULES.parse(r, f"buy 2 gold\nrecruit #{tavern[0]}").orders
    assert RULES.check(state, r, orders) == []
    assert json.dumps(state, sort_keys=True) == before


def test_a_political_reaction_adds_its_votes() -> None:
    """A political reaction ("réactions politiques durant le scrutin") adds its votes."""
    state, _ = referendum(["boatswain"])
    lobbying = add(state, "english", "lobbying", "hand")  # 2 votes
    state, events = play(
        state, {"vote:spanish": "for teniente", "vote:english": "against boatswain\nplay lobbying against"}
    )
    assert "english plays Lobbying" in texts_of(events)
    assert "The referendum fails 3 to 3" in texts_of(events)  # 1 + 2 against the proposer's 3
    assert lobbying in state["players"]["english"]["discard"]


def test_a_reaction_not_in_hand_is_a_problem() -> None:
    state, _ = referendum(["post-captain"])
    (found,) = problems(state, "vote:english", "abstain\nplay lobbying for")
    assert found.line == 2 and "political reaction" in found.message
