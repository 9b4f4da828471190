"""Helpers for the Planet Masters tests: a table set up die by die, one engine turn played through
parse -> check -> canonical -> re-parse -> resolve, with dice pinned by key."""

from __future__ import annotations

import random
from typing import Any

from adjudicator.games.base import Event, OrderRequest, Problem
from adjudicator.games.dice import Dice, Pin
from adjudicator.games.planet_masters.rules import PlanetMasters

RULES = PlanetMasters()
ALL_ON = {"technology": "on", "politics": "on", "exploration": "on"}


def new_game(players: int = 2, seed: bytes = b"test", **options: str) -> dict[str, Any]:
    """A game whose first player is the first seat; every home die on 3 (Resource), no planet yet."""
    opts = RULES.parse_options({"players": str(players), **options})
    seats = RULES.seat_names(opts)
    pins: dict[str, Pin] = {"first-player": 1, **{f"home:{s}": 3 for s in seats}}
    return RULES.setup(opts, seats, Dice(seed, pins=pins))


def put(
    state: dict[str, Any],
    seat: str,
    *,
    home: int | None = None,
    planets: list[int] | None = None,
    weapons: list[int] | None = None,
    tech: int | None = None,
) -> None:
    """Place a player's dice on the templates (planets taken from the galaxy)."""
    p = state["players"][seat]
    if home is not None:
        p["home"] = home
    if planets is not None:
        state["galaxy"] += len(p["planets"]) - len(planets)
        p["planets"] = [{"face": f, "fresh": False} for f in planets]
    if weapons is not None:
        p["weapons"] = list(weapons)
    if tech is not None:
        p["tech"] = tech
        p["tech_taken"] = True


def request(state: dict[str, Any], key: str) -> OrderRequest:
    for r in RULES.requests(state):
        if r.key == key:
            return r
    raise AssertionError(f"{key} is not asked; asked: {[r.key for r in RULES.requests(state)]}")


def problems(state: dict[str, Any], key: str, text: str) -> list[Problem]:
    r = request(state, key)
    parsed = RULES.parse(r, text)
    return parsed.problems + RULES.check(state, r, parsed.orders)


def play(
    state: dict[str, Any], texts: dict[str, str], pins: dict[str, Pin] | None = None, seed: bytes = b"turn"
) -> tuple[dict[str, Any], list[Event]]:
    """One engine turn: every text parsed, checked clean, canonicalised, re-parsed and resolved."""
    orders: dict[str, Any] = {}
    asked = {r.key: r for r in RULES.requests(state)}
    unknown = set(texts) - set(asked)
    assert not unknown, f"not asked: {unknown}; asked: {list(asked)}"
    for key, text in texts.items():
        r = asked[key]
        parsed = RULES.parse(r, text)
        assert parsed.ok, [str(p) for p in parsed.problems]
        found = RULES.check(state, r, parsed.orders)
        assert not found, [str(p) for p in found]
        again = RULES.parse(r, RULES.canonical(r, parsed.orders))
        assert again.orders == parsed.orders
        orders[key] = again.orders
    return RULES.resolve(state, orders, Dice(seed, pins=pins or {}))


def texts_of(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def bot_game(seed: int, players: int, max_steps: int = 4000, **options: str) -> tuple[dict[str, Any], int]:
    """A whole game of bots; returns the last state and the number of engine turns."""
    opts = RULES.parse_options({"players": str(players), **options})
    state = RULES.setup(opts, RULES.seat_names(opts), Dice(f"setup-{seed}".encode()))
    rng = random.Random(seed)
    steps = 0
    while not RULES.outcome(state) and steps < max_steps:
        texts = {r.key: RULES.bot(state, r, rng) for r in RULES.requests(state)}
        state, _ = play(state, texts, seed=f"turn-{seed}-{steps}".encode())
        steps += 1
    return state, steps
