"""A simple bot: closes with the enemy to ram and board, fires at will, repairs, docks wrecks.

It writes order text and keeps only what parses and checks clean (falling back
to the default turn), so demos and property tests exercise the whole language.
"""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Any

from adjudicator.games.releases.v0_1_0.base import OrderRequest
from adjudicator.games.releases.v0_1_0.far_side import board as B
from adjudicator.games.releases.v0_1_0.far_side.tables import REPAIR_SKILLS

if TYPE_CHECKING:
    from adjudicator.games.releases.v0_1_0.far_side.rules import FarSide

State = dict[str, Any]
Ship = dict[str, Any]


def _path_to(state: State, ship: Ship, goal: set[str]) -> list[str] | None:
    """Shortest path over unoccupied squares to any goal square (BFS)."""
    start = ship["square"]
    busy = B.occupied(state)
    seen = {start: ""}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here in goal and here != start:
            path = [here]
            while seen[path[-1]] != start:
                path.append(seen[path[-1]])
            return path[::-1]
        for nxt in B.neighbours(here):
            if nxt not in seen and nxt not in busy:
                seen[nxt] = here
                queue.append(nxt)
    return None


def _wreck(ship: Ship) -> bool:
    """A damaged ship worth saving by docking."""
    return ship["hull"] <= 1 and ship["hull"] < ship["class"]


def _bound(state: State, sid: str) -> bool:
    return any(s["transfer"] and (s["id"] == sid or s["transfer"]["to"] == sid) for s in B.afloat(state))


def _movement(state: State, seat: str, rng: random.Random) -> tuple[list[str], set[str]]:
    enemy = B.enemy_of(seat)
    mine = [s for s in B.afloat(state, seat) if not _bound(state, s["id"]) and s["broken"] < s["masts"]]
    foes = B.afloat(state, enemy)
    if not mine or not foes or rng.random() < 0.08:
        return (["anchor"], set())
    home = B.HOME_Y[seat]
    for ship in mine:
        if (
            ship["hull"] <= 1
            and not ship["engaged"]
            and B.xy(ship["square"])[1] == home
            and rng.random() < 0.6
        ):
            return ([f"sail {ship['id']} dock"], {ship["id"]})
    if rng.random() < 0.08:
        ship = rng.choice(mine)
        free = [q for q in B.neighbours(ship["square"]) if B.at(state, q) is None]
        if free:
            return ([f"kedge {ship['id']} to {rng.choice(free)}"], {ship["id"]})
    ship = rng.choice(mine)
    if _wreck(ship) and not ship["engaged"]:
        goal = {B.name(x, home) for x in range(B.SIZE)}
        path = _path_to(state, ship, goal) if B.xy(ship["square"])[1] != home else None
        if path:
            return (
                [f"sail {ship['id']} " + " ".join(path[:3]) + (" dock" if len(path) <= 2 else "")],
                {ship["id"]},
            )
    target = min(foes, key=lambda f: B.distance(ship["square"], f["square"]))
    goal = {q for q in B.neighbours(target["square"]) if B.at(state, q) is None}
    path = _path_to(state, ship, goal)
    if not path:
        return (["anchor"], set())
    length = rng.randint(1, 3)
    lines = [f"sail {ship['id']} " + " ".join(path[:length])]
    moving = {ship["id"]}
    if len(path) <= length:
        lines.append(f"ram {target['id']}")
    else:
        lines.append(
            f"if move > path: {rng.choice(['continue straight', 'stop', 'continue straight', 'ask'])}"
        )
    if rng.random() < 0.15:
        mates = [
            s
            for s in mine
            if s["id"] != ship["id"] and B.adjacent(s["square"], ship["square"]) and s["square"] not in path
        ]
        if mates:
            mate = rng.choice(mates)
            lines.append(f"tow {mate['id']}")
            moving.add(mate["id"])
    lines.append(f"windward {target['id']}")
    return lines, moving


def _repairs(state: State, seat: str, moving: set[str], rng: random.Random) -> list[str]:
    lines = []
    for ship in B.afloat(state, seat):
        tasks: dict[str, int] = {}
        if ship["hull"] == 0:
            tasks["pumps"] = 2
        if ship["broken"]:
            tasks["rigging"] = 1
        fires = ship["fires"]["uncontrolled"] + ship["fires"]["controlled"]
        if fires:
            tasks["fires"] = min(fires + 1, 4)
        need = sum(tasks.values())
        if not need:
            continue
        sources: dict[str, int] = {}
        for skill in sorted(REPAIR_SKILLS, key=lambda s: -(ship["skills"][s] + ship["repair"][s])):
            spare = ship["skills"][skill] + ship["repair"][skill] + 2  # lend down to -2 at most
            take = max(0, min(spare, need))
            if take:
                sources[skill] = take
                need -= take
            if not need:
                break
        if need:
            continue
        task_text = " ".join(f"{k} {v}" for k, v in tasks.items())
        source_text = " ".join(f"{k.lower()} {v}" for k, v in sources.items())
        lines.append(f"repair {ship['id']} {task_text} from {source_text}")
    if rng.random() < 0.1:
        for ship in B.afloat(state, seat):
            if (
                ship["skills"]["CMD"] > 0
                and ship["id"] not in moving
                and not ship["transfer"]
                and ship["hull"] <= 1
            ):
                if any(f"repair {ship['id']} " in line for line in lines):
                    continue
                mates = [
                    s
                    for s in B.afloat(state, seat)
                    if s["id"] != ship["id"]
                    and s["id"] not in moving
                    and B.adjacent(s["square"], ship["square"])
                ]
                spare = [k for k in REPAIR_SKILLS if ship["skills"][k] + ship["repair"][k] > -2]
                if mates and spare:
                    lines.append(
                        f"transfer {ship['id']} cmd 1 to {rng.choice(mates)['id']} from {spare[0].lower()} 1"
                    )
                    break
    return lines


def _combat(state: State, seat: str, moving: set[str], rng: random.Random) -> list[str]:
    lines = ["fire at will"]
    enemy = B.enemy_of(seat)
    for ship in B.afloat(state, seat):
        if ship["id"] in moving or B.grappled(state, ship["id"]) or ship["engaged"] != "short":
            continue
        near = [e for e in B.afloat(state, enemy) if e["engaged"] and B.adjacent(e["square"], ship["square"])]
        if near and rng.random() < 0.7:
            lines.append(f"grapple {ship['id']} at {rng.choice(near)['id']}")
    for b in sorted({b for _, b in state["grapples"]}):
        if state["ships"][b]["side"] == seat and rng.random() < 0.7:
            lines.append(f"repel {b}")
    return lines


def _standing(state: State, seat: str, rng: random.Random) -> list[str]:
    if rng.random() < 0.1:
        foes = B.afloat(state, B.enemy_of(seat))
        if foes and rng.random() < 0.6:
            return ["drift " + " ".join(s["id"] for s in rng.sample(foes, min(2, len(foes))))]
        return ["drift ignore"]
    return []


def bot_orders(game: FarSide, state: State, request: OrderRequest, rng: random.Random) -> str:
    """Order text for ``request`` that parses and checks clean."""
    seat = request.seat
    kind = request.key.split(":", 1)[0]
    if kind == "standing":
        text = "\n".join(_standing(state, seat, rng))
    elif kind == "continue":
        text = rng.choice(["continue straight", "stop", "continue straight"])
    else:
        moves, moving = _movement(state, seat, rng)
        lines = (
            moves
            + _repairs(state, seat, moving, rng)
            + _combat(state, seat, moving, rng)
            + _standing(state, seat, rng)
        )
        text = "\n".join(lines)
    text = text + "\n" if text else ""
    parsed = game.parse(request, text)
    if parsed.ok and not game.check(state, request, parsed.orders):
        return text
    return request.default
