"""The lookups of a resolve as plain scans over every unit, province and order, as they were
written before the per-resolve indexes: what every indexed lookup must give."""

from __future__ import annotations

from typing import Any

from adjudicator.games.mare_nostrum.phase import MilitaryPhase, Retreat, uid


def units_at(phase: MilitaryPhase, place: str, kind: str) -> list[str]:
    return [k for k, u in phase.units.items() if u["kind"] == kind and u["at"] == place]


def battle_order(phase: MilitaryPhase, seat: str) -> dict[str, int]:
    for order in phase.orders.get(seat, []):
        if order.verb == "battle-order":
            return {u: i for i, u in enumerate(order.units)}
    return {}


def keeps_truce(phase: MilitaryPhase, seat: str, province: str) -> bool:
    return any(o.verb == "truce" and o.target == province for o in phase.orders.get(seat, []))


def sides_at(phase: MilitaryPhase, kind: str, place: str) -> dict[str, list[str]]:
    sides: dict[str, list[str]] = {}
    for key, unit in phase.units.items():
        if (
            unit["at"] == place
            and unit["kind"] == ("fleet" if kind == "naval" else "army")
            and key not in phase.withdrawn
        ):
            sides.setdefault(unit["nation"], []).append(key)
    for seat, keys in sides.items():
        preferred = battle_order(phase, seat)
        keys.sort(
            key=lambda k: (
                preferred.get(phase.units[k]["id"], 999),
                phase.units[k].get("exhausted", 0) > 0,
                phase.number(k),
            )
        )
    return sides


def invaders(phase: MilitaryPhase, province: str) -> list[str]:
    keys = [
        k
        for k, u in phase.units.items()
        if u["kind"] == "army" and u["at"] == province and k not in phase.withdrawn
    ]
    nations = {phase.units[k]["nation"] for k in keys}
    if len(nations) != 1 or phase.owner(province) in nations:
        return []
    seat = next(iter(nations))
    ranked = sides_at(phase, "land", province).get(seat, [])
    return [k for k in ranked if k in phase.entered or k in phase.won]


def hunters(phase: MilitaryPhase, place: str) -> list[str]:
    return [
        key
        for key, order in phase.unit_orders.items()
        if order.has("intercept")
        and key in phase.units
        and phase.units[key]["at"] == place
        and (key in phase.entered or key in phase.fleets_moved)
    ]


def refuges(phase: MilitaryPhase, r: Retreat, occupied: dict[str, set[str]]) -> list[str]:
    army = phase.units[r.key]
    seat = army["nation"]
    order = phase.unit_orders.get(r.key)
    wanted = order.retreat if order else ""
    adjacent = phase.in_map_order(phase.map.provinces[r.frm].land)

    def free(p: str) -> bool:
        return p in adjacent and occupied.get(p, set()) <= {seat}

    ranked = [p for p in dict.fromkeys((wanted, phase.entered.get(r.key, ""), *adjacent)) if p]
    places = [p for p in ranked if free(p) and phase.owner(p) == seat]
    if r.anywhere:
        places = [p for p in ranked if free(p) and (p == wanted or phase.owner(p) == seat)]
        places += [p for p in ranked if free(p) and p != wanted and phase.owner(p) != seat]
    fleets = sorted(
        (
            k
            for k, u in phase.units.items()
            if u["kind"] == "fleet"
            and u["nation"] == seat
            and u["at"] in phase.map.provinces[r.frm].seas
            and not u["carrying"]
        ),
        key=lambda k: (k != uid(seat, wanted), phase.number(k)),
    )
    return [*places, *fleets]


def zones(phase: MilitaryPhase, kind: str) -> list[tuple[str, str]]:
    places = phase.map.seas if kind == "naval" else phase.map.provinces
    return [(kind, p) for p in places if phase.hostile_pairs(p, kind, sides_at(phase, kind, p))]


def seat_rank(phase: MilitaryPhase, seat: str) -> int:
    seats = phase.state.get("seats", [])
    return seats.index(seat) if seat in seats else len(seats)


def same_as_scan(phase: MilitaryPhase) -> list[str]:
    """Every place and seat of the game looked up both ways; the differences found, if any."""
    found: list[str] = []
    for place in phase.map.places:
        for kind in ("army", "fleet"):
            if phase.units_at(place, kind) != units_at(phase, place, kind):
                found.append(f"units_at({place}, {kind})")
        kind = "naval" if place in phase.map.seas else "land"
        if list(phase.sides_at(kind, place).items()) != list(sides_at(phase, kind, place).items()):
            found.append(f"sides_at({kind}, {place})")
        if place in phase.map.provinces and phase.invaders(place) != invaders(phase, place):
            found.append(f"invaders({place})")
        if phase.hunters().get(place, []) != hunters(phase, place):
            found.append(f"hunters at {place}")
        for seat in phase.state["seats"]:
            if phase.keeps_truce(seat, place) != keeps_truce(phase, seat, place):
                found.append(f"keeps_truce({seat}, {place})")
    for seat in phase.state["seats"]:
        if phase.battle_order(seat) != battle_order(phase, seat):
            found.append(f"battle_order({seat})")
        if phase.seat_rank(seat) != seat_rank(phase, seat):
            found.append(f"seat_rank({seat})")
    for kind in ("land", "naval"):
        indexed = phase.land_zones() if kind == "land" else phase.naval_zones()
        if indexed != zones(phase, kind):
            found.append(f"{kind} zones")
    return found


def checked(name: str, plain: Any) -> Any:
    """``MilitaryPhase.<name>``, comparing each answer with the plain scan's."""
    indexed = getattr(MilitaryPhase, name)

    def both(phase: MilitaryPhase, *args: Any) -> Any:
        answer = indexed(phase, *args)
        expected = plain(phase, *args)
        same = (
            list(answer.items()) == list(expected.items()) if isinstance(answer, dict) else answer == expected
        )
        assert same, f"{name}{args}: indexed {answer!r}, plain scan {expected!r}"
        return answer

    return both
