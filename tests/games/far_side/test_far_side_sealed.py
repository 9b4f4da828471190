"""Sealed means sealed: what the French, an observer and the public archive receive while the
British attacks of a round are sealed must not depend on those attacks (non-interference), and
nothing the enemy sends after reading the player's orders changes the round they are for.

Played through the real engine (SQLite, reports, the mail outbox, the archive): two games with the
same public inputs whose only difference is the British attack lines, compared byte for byte at
every step until the close that resolves the attacks (the book reveals them there: "all attacks
are simultaneous")."""

from __future__ import annotations

from typing import Any

import pytest
from far_side_helpers import GAME, board, play, request, said
from games.noninterference_far_side import first_difference, table
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from adjudicator.games.dice import Dice

PLACES = {"B1": "d4", "B3": "e4", "F1": "d6", "F2": "e6"}
ENGAGED = {"engaged": "long"}
TARGETS = ("F1", "F2", "nearest")


def engaged(state: dict[str, Any]) -> None:
    """Four ships engaged at long range, the others docked."""
    for sid, ship in state["ships"].items():
        ship["square"] = PLACES.get(sid)
        ship["status"] = "afloat" if sid in PLACES else "docked"
        ship["engaged"] = "long" if sid in PLACES else None


attack_lines = st.builds(
    lambda b1, b3, will: (
        [f"fire {s} at {t}" for s, t in (("B1", b1), ("B3", b3)) if t] + (["fire at will"] if will else [])
    ),
    st.sampled_from((None, *TARGETS)),
    st.sampled_from((None, *TARGETS)),
    st.booleans(),
).filter(bool)


def observed_round(attacks: list[str], french_first: bool) -> list[dict[str, Any]]:
    """A British turn with ``attacks`` in a live-reaction game, seen by everyone but the British:
    after the start, after the British turn email, after the French reaction (and, when the
    French answer last, after the British attacks). Only what happens before the close that
    resolves the attacks is returned."""
    seen: list[dict[str, Any]] = []
    with table({"reactions": "live"}) as t:
        t.edit_state(engaged)
        seen.append(t.seen_by_others("british"))
        lines = "\n".join(attacks)
        if not t.submit("british", f"anchor\n{lines}\nfinal"):
            assert t.submit("british", "anchor\nfinal")  # the page: attacks are asked after movement
        seen.append(t.seen_by_others("british"))
        keys = {r["request"] for r in t.open_requests()}
        assert "reaction:french" in keys
        attack_key = "attack:british" if "attack:british" in keys else None

        def british_attacks() -> None:
            if attack_key is not None:
                assert t.submit("british", f"{lines}\nfinal", attack_key)

        if not french_first:
            british_attacks()
            seen.append(t.seen_by_others("british"))
        assert t.submit("french", "fire at will\nfinal", "reaction:french")
        if french_first:
            seen.append(t.seen_by_others("british"))
            british_attacks()
    return seen


@pytest.mark.slow
@settings(
    max_examples=4,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(a=attack_lines, b=attack_lines, french_first=st.booleans())
def test_live_reaction_the_enemy_observers_and_archive_learn_nothing_of_the_sealed_attacks(
    a: list[str], b: list[str], french_first: bool
) -> None:
    """13 SIMULTANEOUS ATTACK ("all attacks are simultaneous"), option ``reactions=live``: until
    the round closes, every byte the French, an observer and the public archive receive (mail,
    reports, who is asked, when the turn closes) is the same whatever the British attacks are."""
    seen_a = observed_round(a, french_first)
    seen_b = observed_round(b, french_first)
    assert len(seen_a) == len(seen_b)
    for step, (x, y) in enumerate(zip(seen_a, seen_b, strict=True)):
        assert x == y, f"step {step}: {first_difference(x, y)}"


def test_live_reaction_the_round_asks_the_attacks_and_the_reaction_together() -> None:
    """``reactions=live``: after the movement, the player's attacks and the enemy's reaction are
    two sealed requests of one engine turn, so neither is written knowing the other."""
    state = board(PLACES, **{sid: {"engaged": "long"} for sid in PLACES})
    state["options"]["reactions"] = "live"
    state, _events, _dice = play(state, "anchor")
    assert [(r.key, r.optional) for r in GAME.requests(state)] == [
        ("attack:british", False),
        ("reaction:french", False),
    ]
    assert "fire" not in state["pending"]["orders_text"]


def test_live_reaction_attack_lines_in_the_turn_email_are_refused() -> None:
    """``reactions=live``: the turn email is read (and shown) before the enemy's reaction is
    asked, so it may not carry attacks, grapples or repels: they are asked with the reaction."""
    state = board(PLACES, **{sid: {"engaged": "long"} for sid in PLACES})
    state["options"]["reactions"] = "live"
    req = request(state)
    parsed = GAME.parse(req, "anchor\nfire B1 at F1\nfire at will\ngrapple B3 at F2\nrepel B1")
    problems = parsed.problems + GAME.check(state, req, parsed.orders)
    sealed = [p for p in problems if p.rule == "13 Simultaneous Attack"]
    assert [(p.line, p.kind) for p in sealed] == [
        (2, "illegal"),
        (3, "illegal"),
        (4, "illegal"),
        (5, "illegal"),
    ]
    assert "attack:british" in sealed[0].suggestion
    assert not problems_of_a_standing_game()


def problems_of_a_standing_game() -> list[Any]:
    """The same lines with the book's standing fire orders: the turn email holds the attacks."""
    state = board(PLACES, **{sid: {"engaged": "long"} for sid in PLACES})
    req = request(state)
    parsed = GAME.parse(req, "anchor\nfire B1 at F1\nfire at will")
    return parsed.problems + GAME.check(state, req, parsed.orders)


def test_live_reaction_the_round_resolves_the_attacks_sent_with_it() -> None:
    state = board(PLACES, **{sid: {"engaged": "long"} for sid in PLACES})
    state["options"]["reactions"] = "live"
    state, _events, _dice = play(state, "anchor")
    reqs = {r.key: r for r in GAME.requests(state)}
    orders = {
        "attack:british": GAME.parse(reqs["attack:british"], "fire B3 at F2").orders,
        "reaction:french": GAME.parse(reqs["reaction:french"], "hold fire").orders,
    }
    state, events = GAME.resolve(state, orders, Dice(b"round"))
    assert said(events, "B3 fires") and said(events, "on F2") and not said(events, "B1 fires")
    assert state["pending"] is None and state["active"] == "french"


def test_rest_of_the_sail_standing_fire_orders_sent_in_that_round_apply_from_the_next_turn() -> None:
    """The turn email is shown when the player is asked for the rest of his sail; a standing fire
    order the enemy sends then was written knowing it, so it applies from the next turn only, not
    to the round it could answer."""
    state = board({"B1": "d4", "F1": "d6"}, B1={"engaged": "long"}, F1={"engaged": "long"})
    pins = {"wind:white": 6, "wind:red": 6}  # MOVE 4: more than the one-square path
    state, _events, _dice = play(state, "sail B1 c4\nif move > path: ask\nfire B1 at F1", pins)
    assert state["pending"]["stage"] == "continue"
    assert state["standing"]["french"]["fire"] == "return"
    state, events, _dice = play(state, "continue straight", standing="hold fire")
    assert state["standing"]["french"]["fire"] == "hold"  # in force from the next turn
    assert said(events, "F1 fires")  # this round: return fire, the orders in force before


standing_changes = st.lists(
    st.sampled_from(
        ["hold fire", "fire at will", "return fire", "hold fire F1", "hold fire none", "priority F1 B3"]
    ),
    min_size=1,
    max_size=3,
)


@settings(max_examples=25, deadline=None)
@given(change=standing_changes)
def test_rest_of_the_sail_nothing_the_enemy_sends_after_reading_the_turn_changes_its_round(
    change: list[str],
) -> None:
    """The turn email is shown with the request for the rest of the sail; whatever standing fire
    orders the enemy sends in that round, the round is fought as if he had sent nothing."""

    def rest_of_the_sail(standing: str | None) -> list[str]:
        state = board({"B1": "d4", "B3": "e3", "F1": "d6"}, B1=ENGAGED, F1=ENGAGED, B3=ENGAGED)
        pins = {"wind:white": 6, "wind:red": 6}
        state, _events, _dice = play(state, "sail B1 c4\nif move > path: ask\nfire B1 at F1", pins)
        assert state["pending"]["stage"] == "continue"
        state, events, _dice = play(state, "continue straight", standing=standing)
        return [e.text for e in events if e.kind != "standing"]

    assert rest_of_the_sail("\n".join(change)) == rest_of_the_sail(None)
