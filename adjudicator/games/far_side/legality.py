"""``check``: problems of well-formed orders against the current state (python-chess's "illegal")."""

from __future__ import annotations

import copy
from typing import Any

from adjudicator.games.base import Problem
from adjudicator.games.far_side import board as B
from adjudicator.games.far_side import orders as O
from adjudicator.games.far_side.orders import Orders
from adjudicator.games.far_side.tables import SKILL_MIN

State = dict[str, Any]
RULE_SIMULTANEOUS = "13 Simultaneous Attack"


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
    if kind in ("drift", "reaction", "standing"):
        for number in o.standing.drift or []:
            foe(number, o.standing.drift_line)
        for fire in o.fires:
            own(fire.ship, fire.line, "fire")
            foe(fire.target, fire.line)
        return problems
    if kind not in ("turn", "attack"):
        return problems
    live = state["options"].get("reactions") == "live"
    if kind == "turn" and live:
        problems.extend(_attacks_wait_for_the_round(seat, o))

    moving: set[str] = set()
    warned = o
    if kind == "attack":  # the round after the movement: the ships that moved are known
        pending = state.get("pending") or {}
        moving = set(pending.get("moved", []))
        if pending.get("orders_text"):
            warned = copy.copy(o)  # the BRD the turn lends to repairs counts in the boarding
            warned.repairs = O.parse_orders(seat, "turn", pending["orders_text"]).orders.repairs
    m = o.movement if kind == "turn" else None
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
                if target is not None and not target["engaged"] and not state["options"].get("ram-opens"):
                    problems.append(
                        Problem(
                            o.ram_line,
                            "warning",
                            f"{target['id']} has no engagement token: "
                            + (
                                "no ship can win the weather gage while engagement tokens are in play,"
                                " so the ram will be refused and the ship sails on"
                                if B.engagement_in_play(state)
                                else f"the ram is made only if {ship['id']} wins the weather gage at step 6,"
                                " otherwise it is called off"
                            ),
                            "ram a ship with an engagement token, or win the weather gage first",
                            "12 Weather Gage",
                        )
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
    problems.extend(boarding_warnings(state, seat, warned))
    if kind == "turn":
        problems.extend(wind_event_warnings(state, seat, o))
    return problems


def ship_in_turn(state: State, seat: str, o: Orders) -> dict[str, Any] | None:
    """The ship that meets the wind's events: the ship moved or named by ``anchor``, else the
    lowest-numbered ship afloat."""
    m = o.movement
    if m is not None and m.ship is not None:
        ship = state["ships"].get(B.ship_id(seat, m.ship))
        if ship is not None and ship["square"] is not None:
            return ship
    ships = B.afloat(state, seat)
    return ships[0] if ships else None


def wind_event_warnings(state: State, seat: str, o: Orders) -> list[Problem]:
    """3 EVENT and 7 REPAIRS: the published wind says a red 1 or a storm will strike the ship in
    turn before the repairs; the skill it lowers is rolled at resolution. A repair of that ship
    lending a skill so far that one level less would go below -3 is warned of: if that skill is
    the one lowered, the repair is cut from its last task (the orders are accepted)."""
    wind = state.get("wind") or {}
    if not (wind.get("skill_red") or wind.get("storm")):
        return []
    ship = ship_in_turn(state, seat, o)
    if ship is None:
        return []
    storm = wind.get("storm")
    lowered: list[str | None] = []  # the skill a known event lowers, None: any skill
    if wind.get("skill_red"):
        lowered.append(wind["skill_red"] if isinstance(wind["skill_red"], str) else None)
    if storm and (not isinstance(storm, dict) or storm.get("letter") == "S"):
        lowered.append(storm.get("skill") if isinstance(storm, dict) else None)
    out: list[Problem] = []
    lines = [(r.ship, r.sources, r.line) for r in o.repairs] + [
        (t.ship, t.sources, t.line) for t in o.transfers
    ]
    for number, sources, line in lines:
        if B.ship_id(seat, number) != ship["id"]:
            continue
        for skill, levels in sources.items():
            loss = sum(1 for s in lowered if s is None or s == skill)
            left = ship["skills"][skill] + ship["repair"].get(skill, 0) - levels
            if loss and left - loss < SKILL_MIN:
                events = " and ".join(
                    what for what, on in (("a red 1", wind.get("skill_red")), ("a storm", storm)) if on
                )
                out.append(
                    Problem(
                        line or None,
                        "warning",
                        f"the published wind brings {events} to {ship['id']}, the ship in turn, before the"
                        f" repairs: if it lowers {skill} ({left:+d} after lending {levels}), the repair is"
                        " cut from its last task",
                        f"lend less {skill}, or let another ship meet the wind",
                        "3 Event",
                    )
                )
                break
    return out


def _attacks_wait_for_the_round(seat: str, o: Orders) -> list[Problem]:
    """Option ``reactions=live``: the turn email is read, and shown, before the enemy's reaction is
    asked, so the attacks (13), grapples (26) and repels (27) are not in it: they are asked after
    the movement, sealed together with his reaction."""
    lines = [f.line for f in o.fires] + [n for _, _, n in o.grapples] + [n for _, n in o.repels]
    if o.fire_at_will:
        lines.append(o.fire_at_will_line)
    return [
        Problem(
            line or None,
            "illegal",
            "with reactions=live your attacks, grapples and repels are not written in the turn email:"
            " they are asked after your movement, sealed together with the enemy's reaction",
            f"leave them out; send them in answer to the request attack:{seat} when it comes",
            RULE_SIMULTANEOUS,
        )
        for line in sorted(lines)
    ]


def boarding_warnings(state: State, seat: str, o: Orders) -> list[Problem]:
    """7 REPAIRS and 28 BOARD: levels lent to repairs are a real reduction of the skill until your
    next turn ("temporarily reduce one or more skills"), so BRD lent from a ship that is grappled,
    grappling, or ordered to grapple fights the boarding without them. A warning, not a problem:
    the orders are legal."""
    out: list[Problem] = []
    ordered = {B.ship_id(seat, n) for n, _, _ in o.grapples}
    lines = [(r.ship, r.sources, r.line) for r in o.repairs] + [
        (t.ship, t.sources, t.line) for t in o.transfers
    ]
    for number, sources, line in lines:
        lent = sources.get("BRD", 0)
        ship = state["ships"].get(B.ship_id(seat, number))
        if not lent or ship is None or ship["square"] is None:
            continue
        foes = sorted({a if b == ship["id"] else b for a, b in state["grapples"] if ship["id"] in (a, b)})
        if not foes and ship["id"] not in ordered:
            continue
        after = ship["skills"]["BRD"] + ship["repair"].get("BRD", 0) - lent
        limit = -min(ship["class"], 3)
        where = f"grappled with {', '.join(foes)}" if foes else "ordered to grapple"
        lose = (
            f"; it is beaten at BRD {limit}: it would lose the boarding before the first round"
            if after <= limit
            else ""
        )
        out.append(
            Problem(
                line,
                "warning",
                f"{ship['id']} is {where}: lending {lent} BRD to repairs leaves it BRD {after:+d} for the"
                f" boarding until your next turn{lose}",
                "lend SEA, GUN or AIM instead, or keep BRD aboard",
                "28 Board",
            )
        )
    return out


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
