"""Establishing a trade agreement: the referendum (book p. 7), votes sealed and revealed together."""

from __future__ import annotations

from mc_helpers import RULES, add, clear_board, new_game, play, problems, texts_of

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


def referendum(english_chars: list[str]) -> tuple[dict, dict[str, str]]:
    """Spanish proposes a Trade Treaty through its Teniente (lieutenant: 2 + 1 for the proposer)."""
    state = new_game()
    clear_board(state)
    uids = {
        "teniente": add(state, "spanish", "teniente", "characters"),
        "treaty": add(state, "spanish", "trade-treaty", "hand"),
    }
    for card_id in english_chars:
        uids[card_id] = add(state, "english", card_id, "characters")
    state, events = play(state, {"turn:spanish": "agreement trade treaty by teniente"})
    assert "a referendum opens" in texts_of(events)
    assert state["cards"][uids["teniente"]]["tapped"]
    return state, uids


def test_proposer_votes_with_grade_plus_one() -> None:
    state, uids = referendum(["post-captain"])
    assert Table(state).votes(uids["teniente"], proposer=uids["teniente"]) == 3
    assert Table(state).votes(uids["post-captain"], proposer=uids["teniente"]) == 4


def test_referendum_passed_puts_the_agreement_in_play_and_it_produces() -> None:
    state, uids = referendum(["boatswain"])
    state, events = play(state, {"vote:spanish": "for teniente", "vote:english": "against boatswain"})
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


def test_every_seat_with_characters_is_asked_at_once_default_abstain() -> None:
    state, _ = referendum(["post-captain"])
    asked = RULES.requests(state)
    assert sorted(r.key for r in asked) == ["vote:english", "vote:spanish"]
    assert all(r.default == "abstain" for r in asked)
    state, events = play(state, {"vote:spanish": "for teniente"})  # the English do not answer
    assert "The referendum passes 3 to 0" in texts_of(events)


def test_vote_from_a_character_not_in_activity_is_a_problem() -> None:
    state, _ = referendum(["post-captain"])
    add(state, "english", "boatswain", "tavern")
    (found,) = problems(state, "vote:english", "against post captain\nagainst boatswain")
    assert found.line == 2 and "in activity" in found.message


def test_a_characters_votes_are_not_split_a_second_vote_is_a_problem() -> None:
    state, _ = referendum(["post-captain"])
    (found,) = problems(state, "vote:english", "for post captain\nagainst post captain")
    assert found.line == 2 and "already voted" in found.message


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

    from mc_helpers import request

    state, _ = referendum(["post-captain"])
    before = json.dumps(state, sort_keys=True)
    r = request(state, "vote:english")
    assert RULES.check(state, r, RULES.parse(r, "against post captain").orders) == []
    assert json.dumps(state, sort_keys=True) == before
    r = request(state, "vote:spanish")
    assert RULES.check(state, r, RULES.parse(r, "for teniente").orders) == []
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


def test_a_political_reaction_adds_its_votes_revealed_with_the_ballots() -> None:
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
    state, _ = referendum(["boatswain"])
    (found,) = problems(state, "vote:english", "abstain\nplay lobbying for")
    assert found.line == 2 and "political reaction" in found.message
