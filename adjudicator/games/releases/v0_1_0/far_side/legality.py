"""``check``: problems of well-formed orders against the current state (python-chess's "illegal")."""

from __future__ import annotations

from typing import Any

from adjudicator.games.releases.v0_1_0.base import Problem
from adjudicator.games.releases.v0_1_0.far_side import board as B
from adjudicator.games.releases.v0_1_0.far_side import orders as O
from adjudicator.games.releases.v0_1_0.far_side.orders import Orders
from adjudicator.games.releases.v0_1_0.far_side.tables import SKILL_MIN

State = dict[str, Any]


def _bound(state: State, sid: str) -> bool:
    """A ship of a pending command transfer (giver or receiver) can not move this turn."""
    return any(s["transfer"] and (s["id"] == sid or s["transfer"]["to"] == sid) for s in B.afloat(state))


def check_orders(state: State, seat: str, kind: str, o: Orders) -> list[Problem]:
    problems: list[Problem] = []
    enemy = B.enemy_of(seat)
    ships = state["ships"]

    def add(line: int, message: str, suggestion: str, rule: str) -> None:
        problems.append(Problem(line or None, "illegal", message, suggestion, rule))

    def own(number: int | None, line: int, what: str) -> dict[str, Any] | None:
        if number is None:
            return None
        ship = ships.get(B.ship_id(seat, number))
        if ship is None or ship["square"] is None:
            mine = ", ".join(s["id"] for s in B.afloat(state, seat)) or "none"
            add(
                line,
                f"{B.ship_id(seat, number)} is not on the board ({what})",
                f"your ships afloat: {mine}",
                O.RULE_MOVE,
            )
            return None
        return ship

    def foe(number: int | None, line: int) -> dict[str, Any] | None:
        if number is None:
            return None
        ship = ships.get(B.ship_id(enemy, number))
        if ship is None or ship["square"] is None:
            theirs = ", ".join(s["id"] for s in B.afloat(state, enemy)) or "none"
            add(
                line,
                f"{B.ship_id(enemy, number)} is not on the board",
                f"enemy ships afloat: {theirs}",
                O.RULE_ENGAGE,
            )
            return None
        return ship

    if kind == "continue":
        pending = state.get("pending") or {}
        chain = pending.get("chain") or []
        lead = ships.get(chain[0]) if chain else None
        if lead is not None and lead["square"] is not None and o.cont_path:
            problems.extend(
                _path_problems(state, lead, o.cont_path, o.cont_dock, o.cont_line, pending.get("last_from"))
            )
        return problems
    if kind != "turn":
        return problems

    moving: set[str] = set()
    m = o.movement
    if m is not None and m.kind in ("sail", "kedge"):
        ship = own(m.ship, m.line, m.kind)
        if ship is not None:
            moving.add(ship["id"])
            if _bound(state, ship["id"]):
                add(
                    m.line,
                    f"{ship['id']} is bound by a command transfer and can not move",
                    "anchor it",
                    O.RULE_TRANSFER,
                )
            if m.kind == "kedge":
                square = m.path[0]
                if not B.adjacent(ship["square"], square) or B.at(state, square) is not None:
                    free = [q for q in B.neighbours(ship["square"]) if B.at(state, q) is None]
                    add(
                        m.line,
                        f"{ship['id']} can not kedge to {square}",
                        "kedge to one of: " + " ".join(free),
                        O.RULE_KEDGE,
                    )
            else:
                if ship["broken"] >= ship["masts"]:
                    add(
                        m.line,
                        f"{ship['id']} has no mast standing and can not sail",
                        "kedge or repair the rigging",
                        O.RULE_SAIL,
                    )
                problems.extend(_path_problems(state, ship, m.path, m.dock, m.line, None, tows=o.tow))
                front = ship
                for i, number in enumerate(o.tow):
                    towed = own(number, o.tow_line, "tow")
                    if towed is None:
                        break
                    moving.add(towed["id"])
                    if not B.adjacent(towed["square"], front["square"]):
                        add(
                            o.tow_line,
                            f"{towed['id']} is not adjacent to {front['id']}",
                            "tow ships next to the last in line",
                            O.RULE_TOW,
                        )
                    if i > 0 and towed["class"] >= front["class"]:
                        add(
                            o.tow_line,
                            f"{towed['id']} (class {towed['class']}) is not of a smaller class than "
                            f"{front['id']} (class {front['class']})",
                            "each further ship in tow must be of a smaller class than the one before it",
                            O.RULE_TOW,
                        )
                    if _bound(state, towed["id"]):
                        add(
                            o.tow_line,
                            f"{towed['id']} is bound by a command transfer",
                            "leave it out of the tow",
                            O.RULE_TRANSFER,
                        )
                    front = towed
                if m.dock and ship["engaged"]:
                    add(
                        m.line,
                        f"{ship['id']} is engaged and can not dock",
                        "sail out of range first",
                        O.RULE_DOCK,
                    )
                target = foe(o.ram, o.ram_line)
                if target is not None:
                    end = m.path[-1] if m.path else ship["square"]
                    if not B.adjacent(end, target["square"]):
                        add(
                            o.ram_line,
                            f"{target['id']} is not adjacent to {end}, the end of the path",
                            "end the path next to the ship to ram",
                            O.RULE_RAM,
                        )
    elif m is not None and m.kind == "anchor" and m.ship is not None:
        own(m.ship, m.line, "anchor")
    if o.windward is not None:
        foe(o.windward, o.windward_line)
    for fire in o.fires:
        own(fire.ship, fire.line, "fire")
        foe(fire.target, fire.line)
    for repair in o.repairs:
        ship = own(repair.ship, repair.line, "repair")
        if ship is not None:
            _lending(add, ship, repair.sources, repair.line)
    for t in o.transfers:
        giver, taker = own(t.ship, t.line, "transfer"), own(t.to, t.line, "transfer")
        if giver is None or taker is None:
            continue
        _lending(add, giver, t.sources, t.line)
        if not B.adjacent(giver["square"], taker["square"]):
            add(
                t.line,
                f"{taker['id']} is not adjacent to {giver['id']}",
                "transfer command to a single adjacent ship",
                O.RULE_TRANSFER,
            )
        for s in (giver, taker):
            if s["id"] in moving:
                add(
                    t.line,
                    f"{s['id']} moves this turn and can not take part in a command transfer",
                    "neither ship may move",
                    O.RULE_TRANSFER,
                )
        if giver["transfer"]:
            add(
                t.line,
                f"{giver['id']} already has a command transfer pending",
                "wait for it to take place",
                O.RULE_TRANSFER,
            )
        if giver["skills"]["CMD"] < t.levels:
            add(
                t.line,
                f"{giver['id']} has CMD {giver['skills']['CMD']:+d}, not {t.levels} level(s) to transfer",
                "transfer at most its positive CMD levels",
                O.RULE_TRANSFER,
            )
    for number, target_number, line in o.grapples:
        ship, target = own(number, line, "grapple"), foe(target_number, line)
        if ship is None or target is None:
            continue
        if ship["id"] in moving:
            add(
                line,
                f"{ship['id']} moves this turn and can not grapple",
                "neither ship may have moved this turn",
                O.RULE_GRAPPLE,
            )
        if B.grappled(state, ship["id"]):
            add(line, f"{ship['id']} is already grappled", "repel instead", O.RULE_GRAPPLE)
        if not B.adjacent(ship["square"], target["square"]):
            add(
                line,
                f"{target['id']} is not adjacent to {ship['id']}",
                "grapple a ship engaged at short range",
                O.RULE_GRAPPLE,
            )
    for number, line in o.repels:
        ship = own(number, line, "repel")
        if ship is not None and not any(b == ship["id"] for _, b in state["grapples"]):
            add(
                line,
                f"{ship['id']} is not grappled",
                "repel only with a ship that carries a grapple token",
                O.RULE_REPEL,
            )
    for number in o.standing.drift or []:
        foe(number, o.standing.drift_line)
    return problems


def _lending(add: Any, ship: dict[str, Any], sources: dict[str, int], line: int) -> None:
    for skill, levels in sources.items():
        available = ship["skills"][skill] + ship["repair"].get(skill, 0)
        if available - levels < SKILL_MIN:
            add(
                line,
                f"{ship['id']} can not lend {levels} level(s) of {skill} "
                f"(it has {available:+d}; no skill goes below -3)",
                f"lend at most {available - SKILL_MIN}",
                O.RULE_REPAIRS,
            )


def _path_problems(
    state: State,
    ship: dict[str, Any],
    path: list[str],
    dock: bool,
    line: int,
    last_from: str | None,
    tows: list[int] | None = None,
) -> list[Problem]:
    """SAIL: adjacent squares, unoccupied, not back to the square just left, dock off your own edge."""
    out: list[Problem] = []
    here, before = ship["square"], last_from
    towed = {B.ship_id(ship["side"], n) for n in tows or []}
    for square in path:
        if not B.adjacent(here, square):
            out.append(
                Problem(
                    line,
                    "illegal",
                    f"{square} is not adjacent to {here}",
                    "each square of the path is next to the one before",
                    O.RULE_SAIL,
                )
            )
            return out
        if square == before:
            out.append(
                Problem(
                    line,
                    "illegal",
                    f"the path returns to {square}, the square just left",
                    "the ship can not return to the last square from which it just sailed",
                    O.RULE_SAIL,
                )
            )
            return out
        other = B.at(state, square)
        if other is not None and other["id"] != ship["id"]:
            what = "one of its towed ships" if other["id"] in towed else other["id"]
            free = [q for q in B.neighbours(here) if B.at(state, q) is None and q != before]
            out.append(
                Problem(
                    line,
                    "illegal",
                    f"{square} is occupied by {what}",
                    "sail through unoccupied squares: from " + here + " to " + (" ".join(free) or "nowhere"),
                    O.RULE_SAIL,
                )
            )
            return out
        before, here = here, square
    if dock:
        if B.xy(here)[1] != B.HOME_Y[ship["side"]]:
            edge = B.HOME_Y[ship["side"]] + 1
            out.append(
                Problem(
                    line,
                    "illegal",
                    f"{here} is not on your own edge (rank {edge}); "
                    "a ship can only sail off the board to dock there",
                    f"end the path on rank {edge}, then dock",
                    O.RULE_DOCK,
                )
            )
        if ship["engaged"]:
            out.append(
                Problem(
                    line,
                    "illegal",
                    f"{ship['id']} is engaged and can not dock",
                    "sail out of range first",
                    O.RULE_DOCK,
                )
            )
    return out
