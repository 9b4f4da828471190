"""Duels (book p. 9): a challenge in battle, cards played face down in turn, revealed when one side stops."""

from __future__ import annotations

import json

from mc_helpers import (
    RULES,
    add,
    clear_board,
    engagement_passed,
    new_game,
    pass_out,
    play,
    problems,
    texts_of,
)


def duel_in_a_raid() -> tuple[dict, dict[str, str]]:
    """Spanish Teniente (combat 2) raids; the English Boatswain (combat 2) opposes; a challenge."""
    state = new_game()
    clear_board(state)
    uids = {
        "teniente": add(state, "spanish", "teniente", "characters"),
        "boatswain": add(state, "english", "boatswain", "characters"),
        "boarding": add(state, "spanish", "boarding-party", "hand"),
        "cutlass": add(state, "spanish", "cutlass", "hand"),
        "pistols": add(state, "english", "brace-of-pistols", "hand"),
        "broadside": add(state, "english", "broadside", "hand"),
    }
    state, _ = play(state, {"turn:spanish": "raid english with teniente"})
    state, _ = play(state, {"defend:english": "oppose with boatswain"})
    state, _ = engagement_passed(state)  # both hold cards: both asked in the engagement segment
    # the manoeuvre segment starts with the attacker.
    # The English are asked at the same time, for the case the Spanish pass (they do not)
    assert [r.key for r in RULES.requests(state)] == ["manoeuvre:spanish", "manoeuvre:english"]
    state, events = play(
        state, {"manoeuvre:spanish": "play boarding party challenge boatswain with teniente"}
    )
    assert "Teniente #" in texts_of(events) and "challenges Boatswain" in texts_of(events)
    assert [r.key for r in RULES.requests(state)] == ["duel:english"]  # the challenged player first
    return state, uids


def test_duel_cards_face_down_then_revealed_the_loser_dies() -> None:
    state, uids = duel_in_a_raid()
    state, events = play(state, {"duel:english": "accept\nplay brace of pistols"})
    assert [r.key for r in RULES.requests(state)] == ["duel:spanish"]
    state, events = play(state, {"duel:spanish": "play cutlass"})
    state, events = play(state, {"duel:english": "stop"})
    text = texts_of(events)
    assert "english reveals Brace of Pistols" in text and "totals 4" in text  # 2 + pistols 2
    assert "spanish reveals Cutlass" in text and "totals 3" in text  # 2 + cutlass 1
    assert uids["teniente"] in state["players"]["spanish"]["dead"]
    assert uids["pistols"] in state["players"]["english"]["discard"]
    # the battle goes on: the next player in turn order may play a manoeuvre
    assert [r.key for r in RULES.requests(state) if not r.optional] == ["manoeuvre:english"]


def test_face_down_duel_cards_are_hidden_from_the_other_seat_until_the_reveal() -> None:
    state, uids = duel_in_a_raid()
    state, _ = play(state, {"duel:english": "accept\nplay brace of pistols"})
    spanish_view = RULES.view(state, "spanish")
    assert spanish_view["battle"]["duel"]["played"]["english"] == 1
    assert uids["pistols"] not in spanish_view["cards"]
    assert uids["pistols"] not in spanish_view["you"]["cards"]
    assert "Brace of Pistols" not in json.dumps(spanish_view["pending"])  # the prompt gives a count only
    public = RULES.view(state, None)
    assert uids["pistols"] not in public["cards"]
    english_view = RULES.view(state, "english")
    assert english_view["you"]["duel_cards"] == [uids["pistols"]]
    assert english_view["you"]["cards"][uids["pistols"]]["id"] == "brace-of-pistols"


def test_refusing_a_duel_withdraws_the_challenged_character_tapped() -> None:
    state, uids = duel_in_a_raid()
    state, events = play(state, {"duel:english": "refuse"})
    assert "leaves the battle, tapped" in texts_of(events)
    assert state["cards"][uids["boatswain"]]["tapped"]
    assert uids["boatswain"] not in state["battle"]["fleet"]["defender"]


def test_a_duel_draw_leaves_both_characters() -> None:
    """Reading: equal totals, nobody wins the duel; both characters stay in the battle."""
    state, uids = duel_in_a_raid()
    state, events = play(state, {"duel:english": "accept\nstop"})
    assert "The duel is a draw" in texts_of(events)
    assert uids["teniente"] in state["players"]["spanish"]["characters"]
    assert uids["boatswain"] in state["players"]["english"]["characters"]


def test_accepting_twice_or_playing_a_card_not_in_hand_is_a_problem() -> None:
    state, _ = duel_in_a_raid()
    found = problems(state, "duel:english", "accept\nplay feint")
    assert [p.line for p in found] == [2]
    found = problems(state, "duel:english", "accept\nrefuse")
    assert found and found[0].kind == "ambiguous"


def test_the_capture_line_says_no_attacker_is_left_when_the_duel_killed_the_whole_fleet() -> None:
    """The Teniente, the only attacker, dies in the duel; the defender wins and has nobody to
    capture: the report says so, not that no attacker has a small enough command."""
    state, uids = duel_in_a_raid()
    state, _ = play(state, {"duel:english": "accept\nplay brace of pistols"})
    state, _ = play(state, {"duel:spanish": "play cutlass"})
    state, events = play(state, {"duel:english": "stop"})
    state, more = pass_out(state)
    text = texts_of(events + more)
    assert uids["teniente"] in state["players"]["spanish"]["dead"]
    assert "english wins the battle." in text
    assert "No attacker is left in the battle: no capture." in text
    assert "command of" not in text
