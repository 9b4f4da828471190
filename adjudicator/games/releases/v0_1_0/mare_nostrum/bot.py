"""Random legal orders, for demos, fuzzing and load tests.

The bot buys what its treasury allows, marches armies to adjacent provinces
(often towards land it does not hold), pillages now and then, ferries armies on
its fleets, engages and blockades. Whatever it writes is parsed and checked; a
line that would not pass is dropped, so its text is always clean.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from adjudicator.games.releases.v0_1_0.base import OrderRequest

from .legality import check_orders, cost_of
from .map import GameMap, map_of
from .orders import Order, canonical_orders, parse_orders

if TYPE_CHECKING:
    from .rules import MareNostrum

State = dict[str, Any]


def _army_order(
    state: State,
    game_map: GameMap,
    seat: str,
    unit: dict[str, Any],
    fleets: dict[str, Any],
    rng: random.Random,
    taken_fleets: set[str],
) -> str:
    name = unit["id"]
    if unit["aboard"]:
        fleet = state["units"].get(unit["aboard"])
        if fleet and game_map.seas[fleet["at"]].coasts and rng.random() < 0.7:
            return f"{name} land {rng.choice(game_map.seas[fleet['at']].coasts)}"
        return f"{name} hold"
    if unit["exhausted"]:
        return f"{name} hold"
    at = unit["at"]
    owner = state["provinces"][at]["owner"]
    here = game_map.provinces[at]
    if owner != seat and rng.random() < 0.5:
        return f"{name} hold pillage" + (" cut" if rng.random() < 0.3 else "")
    if unit["exhausted"] == 0 and here.land and rng.random() < 0.05:
        return f"{name} hold retreat {rng.choice(here.land)}"
    if rng.random() < 0.15:
        near = [
            k
            for k, f in fleets.items()
            if f["at"] in here.seas and not f["carrying"] and k not in taken_fleets
        ]
        if near:
            fleet = rng.choice(near)
            taken_fleets.add(fleet)
            return f"{name} embark {fleet}"
    if here.land and rng.random() < 0.75:
        foreign = [p for p in here.land if state["provinces"][p]["owner"] != seat]
        target = rng.choice(foreign if foreign and rng.random() < 0.8 else list(here.land))
        fortress = game_map.provinces[target].fortress
        option = rng.choice(
            ["", "", " control", " pillage", " siege" if unit["engineer"] and fortress else ""]
        )
        if state["provinces"][target]["owner"] == seat:
            option = ""
        if rng.random() < 0.2:
            option += f" retreat {rng.choice(game_map.provinces[target].land or (at,))}"
        return f"{name} move {target}{option}"
    return f"{name} hold"


def _fleet_order(state: State, game_map: GameMap, seat: str, unit: dict[str, Any], rng: random.Random) -> str:
    name = unit["id"]
    sea = game_map.seas[unit["at"]]
    engage = " engage" if rng.random() < 0.4 else ""
    enemy_ports = [
        p
        for p in sea.coasts
        if game_map.provinces[p].port and state["provinces"][p]["owner"] not in (None, seat)
    ]
    if unit["carrying"]:
        return f"{name} hold{engage}"
    if enemy_ports and rng.random() < 0.4:
        return f"{name} blockade {rng.choice(enemy_ports)}{engage}"
    if sea.seas and rng.random() < 0.6:
        return f"{name} move {rng.choice(sea.seas)}{engage}"
    return f"{name} hold{engage}"


def _purchases(state: State, game_map: GameMap, seat: str, rng: random.Random) -> list[str]:
    nation = state["nations"][seat]
    budget = nation["treasury"]
    costs = game_map.costs
    mine = [p for p, rec in state["provinces"].items() if rec["owner"] == seat and not rec["siege"]]
    lines = []
    if not mine:
        return lines
    if budget >= costs["mercenary"] * 2 and rng.random() < 0.15:
        lines.append("hire mercenaries 2")
        budget -= costs["mercenary"] * 2
    mercenaries = nation["mercenaries"] + (2 if lines else 0)
    armies = [u for u in state["units"].values() if u["nation"] == seat and u["kind"] == "army"]
    for _ in range(2):
        if budget >= costs["army"] and rng.random() < 0.7:
            where = nation["home"] if nation["home"] in mine and rng.random() < 0.5 else rng.choice(mine)
            merc = ""
            if mercenaries and rng.random() < 0.5:
                merc = f" mercenaries {mercenaries}"
                mercenaries = 0
            lines.append(f"buy army {where}{merc}")
            budget -= costs["army"]
    arsenals = [p for p in mine if game_map.provinces[p].arsenal]
    if arsenals and budget >= costs["fleet"] and rng.random() < 0.4:
        where = rng.choice(arsenals)
        lines.append(f"buy fleet {where} {rng.choice(game_map.provinces[where].seas)}")
        budget -= costs["fleet"]
    for role in ("engineer", "priest"):
        candidates = [a for a in armies if not a[role]]
        if candidates and budget >= costs[role] and rng.random() < 0.25:
            lines.append(f"hire {role} {rng.choice(candidates)['id']}")
            budget -= costs[role]
    return lines


def bot_orders(ruleset: MareNostrum, state: State, request: OrderRequest, rng: random.Random) -> str:
    """Order text for ``request.seat`` that parses and checks clean."""
    game_map = map_of(state)
    seat = request.seat
    if not state["nations"].get(seat, {}).get("alive"):
        return ""
    own = {k: u for k, u in sorted(state["units"].items()) if u["nation"] == seat}
    fleets = {u["id"]: u for u in own.values() if u["kind"] == "fleet"}
    taken: set[str] = set()
    lines = []
    for unit in own.values():
        if unit["kind"] == "army":
            lines.append(_army_order(state, game_map, seat, unit, fleets, rng, taken))
    moving_fleets = set()
    for unit in own.values():
        if unit["kind"] == "fleet":
            line = _fleet_order(state, game_map, seat, unit, rng)
            if unit["id"] in taken and " move " in line:
                line = f"{unit['id']} hold"
            if " move " in line:
                moving_fleets.add(unit["id"])
            lines.append(line)
    lines += _purchases(state, game_map, seat, rng)
    armies = [u["id"] for u in own.values() if u["kind"] == "army"]
    if len(armies) > 1 and rng.random() < 0.2:
        lines.append("battle order " + " ".join(rng.sample(armies, len(armies))))
    mine = [
        p
        for p, rec in state["provinces"].items()
        if rec["owner"] == seat and p != state["nations"][seat]["home"]
    ]
    if mine and rng.random() < 0.2:
        lines.append(f"government {rng.choice(mine)}")
    return _clean(state, game_map, seat, "\n".join(lines))


def _clean(state: State, game_map: GameMap, seat: str, text: str) -> str:
    """Drop every line that does not parse or check, until the whole text is clean."""
    for _ in range(10):
        parsed = parse_orders(game_map, text)
        orders: list[Order] = list(parsed.orders)
        problems = check_orders(state, game_map, seat, orders)
        bad = {p.line for p in [*parsed.problems, *problems]}
        if not bad:
            return canonical_orders(orders)
        if None in bad:
            return ""
        text = "\n".join(line if n not in bad else "" for n, line in enumerate(text.splitlines(), start=1))
    return ""


__all__ = ["bot_orders", "cost_of"]
