"""Hostile orders against live tables: parse, check and resolve never crash, whatever is sent."""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mc_helpers import RULES, play

from adjudicator.games.dice import Dice
from adjudicator.games.master_commander.orders import EXAMPLES, VERBS


@cache
def tables() -> dict[str, dict[str, Any]]:
    """The first table of a bot game waiting on each kind of request."""
    found: dict[str, dict[str, Any]] = {}
    for seed in range(40):
        options = RULES.parse_options({"players": str(2 + seed % 4)})
        state = RULES.setup(options, RULES.seat_names(options), Dice(f"hostile-{seed}".encode()))
        rng = random.Random(seed)
        for step in range(400):
            if RULES.outcome(state):
                break
            for r in RULES.requests(state):
                found.setdefault(r.kind, copy.deepcopy(state))
            texts = {r.key: RULES.bot(state, r, rng) for r in RULES.requests(state)}
            texts = {  # without the bots' standing answers, every kind of request is asked
                k: "\n".join(x for x in t.splitlines() if not x.startswith("standing")) or "keep"
                for k, t in texts.items()
            }
            state, _ = play(state, texts, Dice(f"h-{seed}-{step}".encode()))
        if len(found) == len(VERBS):
            break
    return found


def test_bot_games_reach_every_kind_of_request() -> None:
    assert set(tables()) == set(VERBS)


def words(state: dict[str, Any]) -> list[str]:
    names = [c["name"].lower() for c in state["catalogue"].values()][:60]
    return [*names, *(f"#{u}" for u in list(state["cards"])[:80]), *state["order"], "99999", "0", "3", "all"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_orders_never_crash_check_or_resolve(data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(sorted(VERBS)))
    state = copy.deepcopy(tables()[kind])
    request = next(r for r in RULES.requests(state) if r.kind == kind)
    verbs = [EXAMPLES[v].split("  (")[0].split(" ")[0] for v in VERBS[kind]]
    glue = ["with", "to", "on", "by", "from", "allies", "pillage", "challenge", "gold", ",", "and", "keep"]
    line = st.lists(st.sampled_from(verbs + glue + words(state)), min_size=1, max_size=7).map(" ".join)
    text = "\n".join(data.draw(st.lists(line, max_size=6)))
    parsed = RULES.parse(request, text)
    problems = RULES.check(state, request, parsed.orders)
    for problem in problems:
        assert problem.line is not None and problem.message
    if not parsed.problems and not problems:
        canon = RULES.parse(request, RULES.canonical(request, parsed.orders)).orders
        orders = {r.key: [] for r in RULES.requests(state)}
        orders[request.key] = canon
        orders = {k: v for k, v in orders.items() if v}
        new_state, _ = RULES.resolve(state, orders, Dice(b"hostile"))
        for p in new_state["players"].values():
            assert p["doublons"] >= 0 and p["gold"] >= 0


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_shuffled_and_repeated_bot_lines_check_and_resolve_cleanly(data: st.DataObject) -> None:
    """Well-formed orders in odd orders and repeats: every problem is reported, never a crash."""
    kind = data.draw(st.sampled_from(sorted(VERBS)))
    state = copy.deepcopy(tables()[kind])
    request = next(r for r in RULES.requests(state) if r.kind == kind)
    seed = data.draw(st.integers(0, 1000))
    lines = [line for line in RULES.bot(state, request, random.Random(seed)).splitlines() if line.strip()]
    lines = data.draw(st.lists(st.sampled_from(lines), max_size=8)) if lines else []
    text = "\n".join(data.draw(st.permutations(lines)))
    parsed = RULES.parse(request, text)
    problems = RULES.check(state, request, parsed.orders)
    assert all(p.line is not None for p in problems)
    if parsed.ok and not problems:
        new_state, _ = RULES.resolve(state, {request.key: parsed.orders}, Dice(b"shuffled"))
        for p in new_state["players"].values():
            assert p["doublons"] >= 0 and p["gold"] >= 0


def test_an_answer_no_longer_valid_when_read_is_never_dropped_silently() -> None:
    """A defence checked clean when sent but illegal when read (its character was tapped meanwhile)."""
    from mc_helpers import RULES, add, clear_board, new_game, play, request, texts_of

    from adjudicator.games.dice import Dice

    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    boatswain = add(state, "english", "boatswain", "characters")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain"})
    parsed = RULES.parse(request(state, "defend:english"), "oppose with boatswain")
    state["cards"][boatswain]["tapped"] = True
    state, events = RULES.resolve(state, {"defend:english": parsed.orders}, Dice(b"x"))
    assert "english's defence is not valid any more" in texts_of(events)
