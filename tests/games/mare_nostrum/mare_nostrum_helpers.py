"""Shared helpers for the Mare Nostrum tests: small positions on the packaged map, pinned dice."""

from __future__ import annotations

import json
from typing import Any

from adjudicator.games.base import Event, OrderRequest
from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum.phase import new_army, new_fleet
from adjudicator.games.mare_nostrum.rules import MareNostrum

RS = MareNostrum()
State = dict[str, Any]


def new_game(nations: int = 3, battles: str = "dice", empty: bool = True, **options: str) -> State:
    """A game of the first ``nations`` nations; ``empty`` removes the starting armies and bands."""
    opts = RS.parse_options({"nations": str(nations), "battles": battles, **options})
    state = RS.setup(opts, RS.seat_names(opts), Dice(b"setup"))
    if empty:
        state["units"].clear()
        state["bands"].clear()
        for nation in state["nations"].values():
            nation["next_army"] = 1
    return state


def army(state: State, seat: str, number: int, at: str, **fields: Any) -> str:
    unit = new_army(seat, number, at, 0)
    unit.update(fields)
    state["units"][f"{seat}:A{number}"] = unit
    state["nations"][seat]["next_army"] = max(state["nations"][seat]["next_army"], number + 1)
    return f"{seat}:A{number}"


def fleet(state: State, seat: str, number: int, at: str, carrying: str | None = None) -> str:
    unit = new_fleet(seat, number, at, 0)
    key = f"{seat}:F{number}"
    state["units"][key] = unit
    state["nations"][seat]["next_fleet"] = max(state["nations"][seat]["next_fleet"], number + 1)
    if carrying:
        unit["carrying"] = carrying
        state["units"][carrying]["aboard"] = key
        state["units"][carrying]["at"] = None
    return key


def give(state: State, province: str, seat: str | None) -> None:
    state["provinces"][province]["owner"] = seat


def request(seat: str) -> OrderRequest:
    return OrderRequest(key=f"orders:{seat}", seat=seat)


def play(
    state: State,
    orders: dict[str, str] | None = None,
    pins: dict[str, Any] | None = None,
    seed: bytes = b"test",
    check: bool = True,
) -> tuple[State, list[Event], Dice]:
    """Parse, check and resolve one turn; every order must be clean unless ``check`` is False."""
    parsed = {}
    for seat, text in (orders or {}).items():
        req = request(seat)
        p = RS.parse(req, text)
        assert not p.problems, [str(x) for x in p.problems]
        if check:
            problems = RS.check(state, req, p.orders)
            assert not problems, [str(x) for x in problems]
        parsed[req.key] = p.orders
    dice = Dice(seed, pins=pins or {})
    new_state, events = RS.resolve(json.loads(json.dumps(state)), parsed, dice)
    json.dumps(new_state)  # stays JSON-able
    return new_state, events, dice


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def problems(state: State, seat: str, text: str) -> list[str]:
    req = request(seat)
    p = RS.parse(req, text)
    return [str(x) for x in [*p.problems, *RS.check(state, req, p.orders)]]


def win(winner: str, loser: str, battle: str, rounds: int = 6) -> dict[str, list[int]]:
    """Pins that make ``winner`` win every round of ``battle`` (e.g. ``battle:Pannonia:1``)."""
    return {f"{battle}:{winner}": [6] * rounds, f"{battle}:{loser}": [1] * rounds}
