"""Helpers for the Master & Commander tests: a game after the mulligan, cards put where a test needs them,
and one engine turn played through parse -> check -> canonical -> re-parse -> resolve."""

from __future__ import annotations

import random
from typing import Any

from adjudicator.games.base import Event, Problem
from adjudicator.games.dice import Dice
from adjudicator.games.master_commander.rules import MasterCommander
from adjudicator.games.master_commander.table import Table

RULES = MasterCommander()


def new_game(players: int = 2, decks: str = "", seed: bytes = b"test") -> dict[str, Any]:
    """A game whose first player is the first seat (pinned), after every seat kept its hand."""
    raw = {"decks": decks} if decks else {"players": str(players)}
    options = RULES.parse_options(raw)
    seats = RULES.seat_names(options)
    state = RULES.setup(options, seats, Dice(seed, pins={"first-player": 1}))
    state, _ = play(state, {})
    return state


def clear_board(state: dict[str, Any]) -> None:
    """Empty hands and taverns so a test places exactly the cards it talks about."""
    for p in state["players"].values():
        p["hand"] = []
        p["tavern"] = []


def add(state: dict[str, Any], seat: str, card_id: str, zone: str, **flags: Any) -> str:
    """A new instance of ``card_id`` owned by ``seat`` put into one of its zones."""
    table = Table(state)
    uid = table.new_instance(card_id, seat)
    state["cards"][uid].update(flags)
    state["players"][seat][zone].append(uid)
    return uid


def attach(state: dict[str, Any], host: str, card_id: str, seat: str) -> str:
    uid = Table(state).new_instance(card_id, seat)
    state["cards"][host]["attached"].append(uid)
    return uid


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
    state: dict[str, Any], texts: dict[str, str], dice: Dice | None = None
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
    return RULES.resolve(state, orders, dice or Dice(b"turn"))


def texts_of(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def bot_game(seed: int, players: int, each: Any = None, max_steps: int = 4000) -> dict[str, Any]:
    """A whole game of bots; ``each(state)`` is called after setup and after every engine turn."""
    options = RULES.parse_options({"players": str(players)})
    state = RULES.setup(options, RULES.seat_names(options), Dice(f"setup-{seed}".encode()))
    rng = random.Random(seed)
    if each:
        each(state)
    for step in range(max_steps):
        if RULES.outcome(state):
            break
        texts = {r.key: RULES.bot(state, r, rng) for r in RULES.requests(state)}
        state, _ = play(state, texts, Dice(f"turn-{seed}-{step}".encode()))
        if each:
            each(state)
    return state


def asked(state: dict[str, Any]) -> list[str]:
    """The keys of the requests open now that must be answered (the optional ones apart: a manoeuvre
    answer for the case the players before pass, see ``asked_optional``)."""
    return [r.key for r in RULES.requests(state) if not r.optional]


def asked_optional(state: dict[str, Any]) -> list[str]:
    """The keys of the optional requests open now."""
    return [r.key for r in RULES.requests(state) if r.optional]


def pass_out(state: dict[str, Any]) -> tuple[dict[str, Any], list[Event]]:
    """Every manoeuvre request answered 'pass' until the battle is over; all the events told."""
    events: list[Event] = []
    while any(k.startswith("manoeuvre:") for k in asked(state)):
        state, more = play(state, {k: "pass" for k in asked(state)})
        events += more
    return state, events


def engagement_passed(state: dict[str, Any]) -> tuple[dict[str, Any], list[Event]]:
    """Every engagement-manoeuvre request answered 'pass' (a participant holding cards is asked,
    whatever they are), so the battle is at its manoeuvre segment or over; all the events told."""
    events: list[Event] = []
    while (state.get("battle") or {}).get("stage") == "engagement" and any(
        k.startswith("manoeuvre:") for k in asked(state)
    ):
        state, more = play(state, {k: "pass" for k in asked(state)})
        events += more
    return state, events
