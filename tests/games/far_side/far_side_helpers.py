"""Helpers for the Far Side tests: a board with only the ships a test needs, and one turn played."""

from __future__ import annotations

from typing import Any

from adjudicator.games.base import Event, OrderRequest
from adjudicator.games.dice import Dice
from adjudicator.games.far_side.rules import FarSide
from adjudicator.games.far_side.wind import roll_wind

GAME = FarSide()
#: the dice rolled at the close of the turn before and published (2 WIND); the events' skill rolls
#: and the storm damage are rolled at resolution with the turn's dice
WIND_KEYS = ("wind:white", "wind:red")


def publish_wind(state: dict[str, Any], pins: dict[str, Any]) -> None:
    """The wind of the turn in play, as the turn before would have rolled and published it with
    these pinned dice (the wind keys of ``pins``)."""
    wind_pins = {k: v for k, v in pins.items() if k in WIND_KEYS}
    if wind_pins:
        state["wind"] = roll_wind(Dice(b"wind", pins=wind_pins), state["turn"], state["active"])


def new_state(**options: str) -> dict[str, Any]:
    return GAME.setup(GAME.parse_options(options), ["british", "french"], Dice(b"setup"))


def board(placement: dict[str, str], active: str = "british", **changes: dict[str, Any]) -> dict[str, Any]:
    """A game with only the named ships on the board (``{"B1": "d4", "F2": "d5"}``); the others docked.

    ``changes`` updates ship fields: ``B1={"hull": 0, "skills": {"SEA": 2}}``.
    """
    state = new_state()
    for sid, ship in state["ships"].items():
        if sid in placement:
            ship["square"] = placement[sid]
        else:
            ship["square"], ship["status"] = None, "docked"
    for sid, fields in changes.items():
        ship = state["ships"][sid]
        for key, value in fields.items():
            if isinstance(value, dict) and isinstance(ship.get(key), dict):
                ship[key].update(value)
            else:
                ship[key] = value
    state["active"] = active
    state["label"] = GAME.label(state)
    return state


def request(state: dict[str, Any], kind: str = "turn", seat: str | None = None) -> OrderRequest:
    seat = seat or (
        state["active"] if kind != "standing" else ("french" if state["active"] == "british" else "british")
    )
    return next(r for r in GAME.requests(state) if r.key == f"{kind}:{seat}")


def problems(state: dict[str, Any], text: str, kind: str = "turn") -> list[Any]:
    """Every problem of ``text``: parse problems, then check problems."""
    req = request(state, kind)
    parsed = GAME.parse(req, text)
    return parsed.problems + GAME.check(state, req, parsed.orders)


def play(
    state: dict[str, Any],
    text: str = "anchor",
    pins: dict[str, Any] | None = None,
    standing: str | None = None,
) -> tuple[dict[str, Any], list[Event], Dice]:
    """Resolve one turn of the player in turn with ``text`` and pinned dice."""
    if not state.get("pending"):
        publish_wind(state, pins or {})
    kind = "continue" if state.get("pending") else "turn"
    req = request(state, kind)
    parsed = GAME.parse(req, text)
    assert parsed.ok, parsed.problems
    checked = [p for p in GAME.check(state, req, parsed.orders) if p.kind != "warning"]
    assert not checked, checked
    orders: dict[str, Any] = {req.key: GAME.parse(req, GAME.canonical(req, parsed.orders)).orders}
    if standing is not None:
        sreq = request(state, "standing")
        orders[sreq.key] = GAME.parse(sreq, standing).orders
    dice = Dice(b"test", pins=pins or {})
    new, events = GAME.resolve(state, orders, dice)
    return new, events, dice


def said(events: list[Event], fragment: str) -> bool:
    return any(fragment in e.text for e in events)


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
