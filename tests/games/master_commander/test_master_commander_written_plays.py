"""Plays written in advance in the manoeuvre segment, and how they end (orders/master-commander.md,
"Manoeuvres by email"): the book asks every player in turn until all pass in a row, so a player
whose written plays are spent while the others pass is asked again, unless it wrote 'pass'."""

from __future__ import annotations

import re

from mc_helpers import add, asked, engagement_passed, pass_out, play, problems, request, texts_of
from test_master_commander_raid import two_fleets


def _battle_with_two_broadsides() -> dict:
    """Spanish (5) raid English (8 with their Boatswain), the Spanish holding two Broadsides (+2 each)
    and the English no manoeuvre: one Broadside loses 7-8, two win 9-8."""
    state, _ = two_fleets(["galleon-captain", "teniente"], ["post-captain", "boatswain"])
    add(state, "spanish", "broadside", "hand")
    add(state, "spanish", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "oppose with post captain, boatswain"})
    state, _ = engagement_passed(state)  # the engagement segment: every player holding cards passes
    assert asked(state) == ["manoeuvre:spanish"]
    return state


def _battle_line(events: list) -> list[str]:
    return re.findall(r"Battle: [^.]*\.", texts_of(events))


def test_a_player_whose_written_plays_are_spent_while_the_others_pass_is_asked_again() -> None:
    state = _battle_with_two_broadsides()
    state, events = play(state, {"manoeuvre:spanish": "play broadside"})
    assert "english passes (no card in hand and no card in play to use: not asked)." in texts_of(events)
    assert _battle_line(events) == []  # the battle is not over: the Spanish are asked again
    assert asked(state) == ["manoeuvre:spanish"]
    assert "attackers 7, defenders 8" in request(state, "manoeuvre:spanish").prompt
    state, events = play(state, {"manoeuvre:spanish": "play broadside"})
    state, more = pass_out(state)
    assert _battle_line(events + more) == ["Battle: spanish 9 against english 8."]


def test_a_pass_written_after_the_plays_ends_the_players_manoeuvres_there() -> None:
    state = _battle_with_two_broadsides()
    assert problems(state, "manoeuvre:spanish", "play broadside\npass") == []
    state, events = play(state, {"manoeuvre:spanish": "play broadside\npass"})
    assert "spanish passes (as it wrote: nothing new since its last answer)." in texts_of(events)
    assert _battle_line(events) == ["Battle: spanish 7 against english 8."]


def test_a_pass_before_a_play_or_in_the_engagement_segment_stays_ambiguous() -> None:
    state = _battle_with_two_broadsides()
    (found,) = problems(state, "manoeuvre:spanish", "pass\nplay broadside")
    assert found.kind == "ambiguous" and "'pass' with a play" in found.message
    state, _ = two_fleets(["galleon-captain", "teniente"], ["boatswain"])
    add(state, "spanish", "weather-gauge", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "no opposition"})
    assert request(state, "manoeuvre:spanish").label.endswith("engagement manoeuvre, spanish")
    (found,) = problems(state, "manoeuvre:spanish", "play weather gauge\npass")
    assert found.kind == "ambiguous"


def test_the_manoeuvre_request_warns_how_plays_written_in_advance_end() -> None:
    state = _battle_with_two_broadsides()
    prompt = request(state, "manoeuvre:spanish").prompt
    assert "You may write several plays, one per line" in prompt
    assert "End with 'pass' to stop after them; without it you are asked again" in prompt
