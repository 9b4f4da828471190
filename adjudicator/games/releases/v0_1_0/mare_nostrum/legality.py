"""Legality of a nation's orders against the current state (the engine's ``check``).

Each problem is ``illegal`` (well formed, not allowed now), carries the line of the
order and, where it helps, what would have been valid.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.releases.v0_1_0.base import Problem

from .map import GameMap
from .orders import Order
from .phase import uid

State = dict[str, Any]


def _units_of(state: State, seat: str) -> list[str]:
    units = [u["id"] for u in state["units"].values() if u["nation"] == seat]
    return sorted(units, key=lambda u: (u[0], int(u[1:])))


def _listing(names: list[str] | tuple[str, ...], none: str = "none") -> str:
    return ", ".join(names) if names else none


def cost_of(order: Order, costs: dict[str, int]) -> int:
    return {
        "buy-army": costs["army"],
        "buy-fleet": costs["fleet"],
        "hire-engineer": costs["engineer"],
        "hire-priest": costs["priest"],
        "hire-mercenaries": costs["mercenary"] * order.count,
    }.get(order.verb, 0)


def check_orders(state: State, game_map: GameMap, seat: str, orders: list[Order]) -> list[Problem]:
    """Every legality problem of ``orders`` for ``seat``, each on its line."""
    problems: list[Problem] = []
    nation = state["nations"].get(seat)
    if nation is None or not nation["alive"]:
        return [Problem(None, "illegal", f"{seat} is not a living nation of this game")]

    def bad(order: Order, message: str, suggestion: str = "", rule: str = "") -> None:
        problems.append(Problem(order.line or None, "illegal", message, suggestion, rule))

    units = state["units"]
    provinces = state["provinces"]
    mine = _units_of(state, seat)
    seen: dict[str, int] = {}
    fleet_moves = {o.unit: o.target for o in orders if o.unit.startswith("F") and o.verb == "move"}
    embarking: dict[str, int] = {}
    for order in orders:
        if not order.unit or order.verb.startswith("hire-"):
            continue
        key = uid(seat, order.unit)
        unit = units.get(key)
        if unit is None:
            bad(
                order,
                f"you have no {'army' if order.unit[0] == 'A' else 'fleet'} {order.unit}",
                f"your units: {_listing(mine)}",
            )
            continue
        if order.unit in seen:
            bad(order, f"{order.unit} already has an order on line {seen[order.unit]}: one order per unit")
            continue
        seen[order.unit] = order.line
        if unit["kind"] == "army":
            _check_army_order(state, game_map, seat, order, unit, fleet_moves, embarking, bad)
        else:
            _check_fleet_order(state, game_map, seat, order, unit, bad)

    # purchases and choices
    costs = game_map.costs
    spent = 0
    mercenaries = nation["mercenaries"] + sum(o.count for o in orders if o.verb == "hire-mercenaries")
    hired: set[tuple[str, str]] = set()
    my_provinces = [p for p, rec in provinces.items() if rec["owner"] == seat]
    for order in orders:
        if order.verb == "buy-army":
            if provinces[order.target]["owner"] != seat:
                bad(
                    order,
                    f"you can raise an army only in your home or a province you control, not {order.target}",
                    f"your provinces: {_listing(my_provinces)}",
                    "2",
                )
                continue
            if provinces[order.target]["siege"]:
                bad(order, f"{order.target} is besieged: no army can be raised there")
                continue
            if order.count:
                if order.count > mercenaries:
                    bad(
                        order,
                        f"{order.count} mercenaries wanted, {mercenaries} in garrison (hire them first)",
                        rule="3",
                    )
                    continue
                mercenaries -= order.count
        elif order.verb == "buy-fleet":
            prov = game_map.provinces[order.target]
            if provinces[order.target]["owner"] != seat:
                bad(
                    order,
                    f"you can build a fleet only where you control an arsenal, not in {order.target}",
                    _arsenals(game_map, my_provinces),
                    "2",
                )
                continue
            if not prov.arsenal:
                bad(
                    order,
                    f"no arsenal in {order.target}: fleets are built only where an arsenal stands",
                    _arsenals(game_map, my_provinces),
                    "2",
                )
                continue
            if order.sea not in prov.seas:
                bad(
                    order,
                    f"{order.sea} is not next to {order.target}",
                    f"sea zones there: {_listing(prov.seas)}",
                )
                continue
            if provinces[order.target]["siege"]:
                bad(order, f"{order.target} is besieged: its arsenal cannot build")
                continue
        elif order.verb in {"hire-engineer", "hire-priest"}:
            role = order.verb[5:]
            army = units.get(uid(seat, order.unit))
            if army is None or army["kind"] != "army":
                bad(order, f"you have no army {order.unit}", f"your units: {_listing(mine)}")
                continue
            if army[role] or (order.unit, role) in hired:
                bad(order, f"army {order.unit} already has a{'n' if role == 'engineer' else ''} {role}")
                continue
            hired.add((order.unit, role))
        elif order.verb == "battle-order":
            for army in order.units:
                if uid(seat, army) not in units:
                    bad(order, f"you have no army {army}", f"your units: {_listing(mine)}")
                    break
            continue
        elif order.verb == "government":
            if provinces[order.target]["owner"] != seat or order.target == nation["home"]:
                others = [p for p in my_provinces if p != nation["home"]]
                bad(
                    order,
                    f"the government can only move to another province you control, not {order.target}",
                    f"your other provinces: {_listing(others)}",
                )
            continue
        else:
            continue
        price = cost_of(order, costs)
        if spent + price > nation["treasury"]:
            bad(
                order,
                f"this spends {spent + price} PO in all but the treasury holds {nation['treasury']} PO",
                f"{max(0, nation['treasury'] - spent)} PO are left for this purchase",
            )
            continue
        spent += price
    problems.sort(key=lambda p: p.line or 0)
    return problems


def _arsenals(game_map: GameMap, mine: list[str]) -> str:
    found = [p for p in mine if game_map.provinces[p].arsenal]
    return f"your arsenals: {_listing(found)}"


def _check_army_order(
    state: State,
    game_map: GameMap,
    seat: str,
    order: Order,
    unit: dict[str, Any],
    fleet_moves: dict[str, str],
    embarking: dict[str, int],
    bad: Any,
) -> None:
    name = order.unit
    at = unit["at"]
    provinces = state["provinces"]
    if order.verb == "blockade":
        bad(order, f"{name} is an army: only fleets blockade")
        return
    if order.verb != "hold" and unit["exhausted"]:
        level = "I" if unit["exhausted"] == 1 else "II"
        bad(
            order,
            f"{name} is exhausted (Exhausted {level}) and cannot move this turn",
            f"'{name} hold' keeps it in place",
            "5",
        )
        return
    if order.verb == "hold" and order.has("control"):
        bad(order, f"{name} hold: 'control' goes with a move ('{name} move <province> control')")
        return
    if order.verb == "hold" and order.has("siege"):
        bad(order, f"{name} hold: a siege goes on while the army stays; write '{name} hold'")
        return
    if (
        order.has("siege")
        and order.target in game_map.provinces
        and not game_map.provinces[order.target].fortress
    ):
        bad(order, f"{order.target} has no fortress: there is nothing to besiege", rule="4.2")
        return
    if order.has("siege") and not unit["engineer"]:
        bad(
            order,
            f"{name} has no engineer: only an army with an engineer can lay a siege",
            f"hire one first ('hire engineer {name}'), it joins at the end of the turn",
            "4.2",
        )
        return
    if unit["aboard"]:
        fleet_id = unit["aboard"].split(":")[1]
        if order.verb in {"move", "embark"}:
            bad(order, f"{name} is aboard fleet {fleet_id}: order it to land ('{name} land <province>')")
            return
        if order.verb == "land":
            fleet = state["units"].get(unit["aboard"])
            sea = fleet_moves.get(fleet_id, fleet["at"] if fleet else "")
            coasts = game_map.seas[sea].coasts if sea in game_map.seas else ()
            if order.target not in coasts:
                bad(
                    order,
                    f"{order.target} is not on the coast of {sea}, where fleet {fleet_id} will be",
                    f"coasts of {sea}: {_listing(coasts)}",
                )
            return
        if order.has("pillage") or order.has("cut"):
            bad(order, f"{name} is aboard fleet {fleet_id}: it cannot pillage or cut routes at sea")
        return
    if order.verb == "land":
        bad(order, f"{name} is not aboard a fleet: it can only land from one", f"'{name} move <province>'")
        return
    if order.verb == "hold":
        if (order.has("pillage") or order.has("cut")) and provinces[at]["owner"] == seat:
            bad(
                order, f"{name} cannot pillage or cut the routes of {at}: it is your own province", rule="4.3"
            )
        elif (
            order.retreat
            and not order.retreat.startswith("F")
            and order.retreat not in game_map.provinces[at].land
        ):
            bad(
                order,
                f"retreat {order.retreat}: it is not adjacent to {at}",
                f"adjacent to {at}: {_listing(game_map.provinces[at].land)}",
            )
        return
    if order.verb == "move":
        target = order.target
        if target in game_map.seas:
            bad(
                order,
                f"{name} is an army: armies march on land; to cross {target}, embark on a fleet",
                f"'{name} embark F1' with a fleet in a sea zone next to {at}",
            )
            return
        here = game_map.provinces[at]
        if target not in here.land:
            bad(
                order,
                f"{target} is not adjacent to {at}: an army moves one province a turn",
                f"adjacent to {at}: {_listing(here.land)}",
                "4",
            )
            return
        if order.retreat and order.retreat.startswith("F"):
            if uid(seat, order.retreat) not in state["units"]:
                bad(order, f"you have no fleet {order.retreat} to retreat onto")
        elif order.retreat and order.retreat not in game_map.provinces[target].land:
            bad(
                order,
                f"retreat {order.retreat}: it is not adjacent to {target}",
                f"adjacent to {target}: {_listing(game_map.provinces[target].land)}",
            )
        return
    if order.verb == "embark":
        fleet = state["units"].get(uid(seat, order.target))
        if fleet is None or fleet["kind"] != "fleet":
            bad(order, f"you have no fleet {order.target}")
            return
        seas = game_map.provinces[at].seas
        if fleet["at"] not in seas:
            bad(
                order,
                f"fleet {order.target} is in {fleet['at']}, not in a sea zone next to {at}",
                f"sea zones next to {at}: {_listing(seas)}",
            )
            return
        if order.target in fleet_moves:
            bad(order, f"fleet {order.target} sails this turn: an army embarks on a fleet at anchor")
            return
        if fleet["carrying"] or order.target in embarking:
            bad(order, f"fleet {order.target} already carries an army: a fleet transports one army")
            return
        embarking[order.target] = order.line


def _check_fleet_order(
    state: State, game_map: GameMap, seat: str, order: Order, unit: dict[str, Any], bad: Any
) -> None:
    name = order.unit
    sea = unit["at"]
    if order.verb in {"embark", "land"}:
        bad(order, f"{name} is a fleet: it can hold, move or blockade; armies embark and land")
        return
    if order.retreat or any(order.has(o) for o in ("control", "pillage", "siege", "cut")):
        bad(order, f"{name} is a fleet: its only option is 'engage'")
        return
    if order.verb == "move":
        if order.target in game_map.provinces:
            bad(
                order,
                f"{name} is a fleet: fleets sail between sea zones, {order.target} is land",
                f"sea zones next to {sea}: {_listing(game_map.seas[sea].seas)}",
            )
            return
        if order.target not in game_map.seas[sea].seas:
            bad(
                order,
                f"{order.target} is not adjacent to {sea}: a fleet moves one sea zone a turn",
                f"adjacent to {sea}: {_listing(game_map.seas[sea].seas)}",
                "4",
            )
        return
    if order.verb == "blockade":
        owner = state["provinces"][order.target]["owner"]
        prov = game_map.provinces[order.target]
        if not prov.port or sea not in prov.seas:
            ports = [p for p in game_map.seas[sea].coasts if game_map.provinces[p].port]
            bad(order, f"{order.target} is not a port on {sea}", f"ports on {sea}: {_listing(ports)}", "8")
        elif owner is None or owner == seat:
            bad(
                order,
                f"{order.target} is not an enemy port: a blockade is laid against another player",
                rule="8",
            )
