"""Helpers of the Eollis tests: a table set as a test needs it, and one engine turn played through
parse -> check -> canonical -> re-parse -> resolve, with dice pinned by key."""

from __future__ import annotations

import random
from typing import Any

from adjudicator.games.base import Event, Problem
from adjudicator.games.dice import Dice
from adjudicator.games.eollis.adventure import join
from adjudicator.games.eollis.orders import POSTS
from adjudicator.games.eollis.rules import Eollis, ask_tests
from adjudicator.games.eollis.table import Table

RULES = Eollis()


def new_game(players: int = 3, seed: bytes = b"test", pins: dict[str, Any] | None = None) -> dict[str, Any]:
    options = RULES.parse_options({"players": str(players)})
    return RULES.setup(options, RULES.seat_names(options), Dice(seed, pins=pins or {"youngest-player": 1}))


def scene(
    players: int = 3,
    crews: dict[str, list[str]] | None = None,
    posts: dict[str, str] | None = None,
    hold: list[str] | None = None,
    hands: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    """A game with exactly the pirates, posts and hands a test talks about (no missions)."""
    state = new_game(players)
    t = Table(state)
    for seat in state["seats"]:
        c = t.clan(seat)
        c["hand"], c["missions"], c["pirates"] = [], [], []
        # the scenes' clans are asked at every moment (`lookout ask`, `plan ask`), as the tests of
        # those moments need; a new game's clans are not (see test_a_new_clans_defaults_...)
        c["standing"]["lookout"], c["standing"]["plan"] = {"mode": "ask", "above": 0}, None
    state["piles"]["pirates"] = state["market"] + [u for u in state["piles"]["pirates"]]
    state["piles"]["pirates"] += [u for u in state["pirates"] if u not in state["piles"]["pirates"]]
    state["market"], state["pirates"] = [], {}
    used = {u for uids in (crews or {}).values() for u in uids} | {
        u for uids in (hands or {}).values() for u in uids
    }
    state["piles"]["pirates"] = [u for u in state["piles"]["pirates"] if u not in used]
    state["piles"]["actions"] = [u for u in state["piles"]["actions"] if u not in used]
    state["piles"]["actions_discard"] = []
    for seat, uids in (crews or {}).items():
        for uid in uids:
            join(t, seat, uid, "test")
    for post, uid in (posts or {}).items():
        assert post in POSTS
        t.place(uid, post)
    for uid in hold or []:
        t.place(uid, "hold")
    for seat, uids in (hands or {}).items():
        t.clan(seat)["hand"] = list(uids)
    state["pending"] = None
    return state


def at_event(state: dict[str, Any], event: str) -> dict[str, Any]:
    """The table waiting for the tests of ``event`` (already revealed)."""
    state["event"] = {"uid": event, "revealed": True}
    state["piles"]["events"] = [u for u in state["piles"]["events"] if u != event]
    ask_tests(Table(state))
    return state


def table(state: dict[str, Any], pins: dict[str, Any] | None = None) -> Table:
    return Table(state, Dice(b"rule", pins=pins or {}))


def request(state: dict[str, Any], key: str) -> Any:
    for r in RULES.requests(state):
        if r.key == key:
            return r
    raise AssertionError(f"{key} is not asked; asked: {[r.key for r in RULES.requests(state)]}")


def problems(state: dict[str, Any], key: str, text: str) -> list[Problem]:
    r = request(state, key)
    parsed = RULES.parse(r, text)
    return parsed.problems + RULES.check(state, r, parsed.orders)


def play(
    state: dict[str, Any], texts: dict[str, str], pins: dict[str, Any] | None = None, seed: bytes = b"turn"
) -> tuple[dict[str, Any], list[Event]]:
    """One engine turn: every text parsed, checked clean, canonicalised, re-parsed and resolved."""
    orders: dict[str, Any] = {}
    for r in RULES.requests(state):
        if r.key not in texts:
            continue
        parsed = RULES.parse(r, texts[r.key])
        assert parsed.ok, parsed.problems
        found = RULES.check(state, r, parsed.orders)
        assert not found, [str(p) for p in found]
        again = RULES.parse(r, RULES.canonical(r, parsed.orders))
        assert again.orders == parsed.orders
        orders[r.key] = again.orders
    unknown = set(texts) - {r.key for r in RULES.requests(state)}
    assert not unknown, f"not asked: {unknown}"
    return RULES.resolve(state, orders, Dice(seed, pins=pins or {}))


def texts_of(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def bot_game(seed: int, players: int, each: Any = None, clans: str = "") -> dict[str, Any]:
    """A whole game of bots (keyed by seed), calling ``each(state)`` after every turn."""
    options = RULES.parse_options({"clans": clans} if clans else {"players": str(players)})
    state = RULES.setup(options, RULES.seat_names(options), Dice(f"setup{seed}".encode()))
    turns = 0
    while RULES.outcome(state) is None:
        assert turns < 600, "a bot game that does not end"
        orders = {}
        for i, r in enumerate(RULES.requests(state)):
            text = RULES.bot(state, r, random.Random(f"{seed}:{turns}:{i}"))
            parsed = RULES.parse(r, text)
            assert parsed.ok and not RULES.check(state, r, parsed.orders), (r.key, text)
            orders[r.key] = parsed.orders
        state, _ = RULES.resolve(state, orders, Dice(f"{seed}:{turns}".encode()))
        turns += 1
        if each:
            each(state)
    return state
