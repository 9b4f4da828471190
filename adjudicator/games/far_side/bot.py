"""A bot that plays the game's aims: win the weather gage, engage, grapple small ships and capture.

It reads the wind published for its turn (2 WIND and 3 EVENT are known before the orders):

* a white 1 (a skill gained) goes to its flagship, the ship with the most COMMAND; a red 1 or a
  storm goes to a "sacrificial" ship (which skill, and what the storm damages, are rolled at
  resolution; a kedge forfeits only the MOVE, not the events);
* with no engagement token in play it looks for a sail of exactly MOVE squares that ends with an
  enemy ship in range and a windward position above +4: the weather gage, and fires first;
* with tokens in play it sails a ship alongside an engaged enemy ship (or rams one), and every
  ship of its own already alongside one (and not smaller) fires at short range and grapples it;
  grappled ships always try to repel (a boarding can only lose the boarded ship); under the house
  rule ``ram-opens`` it also rams to open a fight;
* it repairs (never lending BRD from a ship in a grapple), docks only damaged ships (never an
  undamaged class-1 ship), and keeps the standing order ``fire at will``.

It writes order text and keeps only what parses and checks clean (falling back to the default
turn), so demos, fuzzing and property tests exercise the whole language.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from adjudicator.games.base import OrderRequest
from adjudicator.games.far_side import board as B
from adjudicator.games.far_side import tables as T
from adjudicator.games.far_side.tables import REPAIR_SKILLS

if TYPE_CHECKING:
    from adjudicator.games.far_side.rules import FarSide

State = dict[str, Any]
Ship = dict[str, Any]


def exact_paths(state: State, ship: Ship, move: int, last: str | None = None) -> dict[str, list[str]]:
    """Every end square of a sail of exactly ``move`` squares (unoccupied, never back to the square
    just left), with one path to it; ``{}`` when no such sail exists."""
    if move <= 0:
        return {}
    busy = B.occupied(state) - {ship["square"]}
    layer: dict[tuple[str, str | None], list[str]] = {(ship["square"], last): []}
    for _ in range(move):
        nxt: dict[tuple[str, str | None], list[str]] = {}
        for (here, before), path in layer.items():
            for square in B.neighbours(here):
                if square in busy or square == before or (square, here) in nxt:
                    continue
                nxt[(square, here)] = [*path, square]
        layer = nxt
        if not layer:
            return {}
    ends: dict[str, list[str]] = {}
    for (square, _), path in sorted(layer.items()):
        ends.setdefault(square, path)
    return ends


def _bound(state: State, sid: str) -> bool:
    return any(s["transfer"] and (s["id"] == sid or s["transfer"]["to"] == sid) for s in B.afloat(state))


def _negatives(ship: Ship) -> int:
    return max(0, -ship["skills"]["SEA"]) + max(0, -ship["skills"]["CMD"])


def flagship(ships: list[Ship]) -> Ship:
    return min(ships, key=lambda s: (-s["skills"]["CMD"], -s["class"], s["number"]))


def sacrificial(ships: list[Ship]) -> Ship:
    return min(ships, key=lambda s: (-_negatives(s), s["class"], -s["number"]))


#: the lines of a turn that are asked after the movement when ``reactions=live``
ATTACK_LINES = ("fire ", "grapple ", "repel ")


class Plan:
    """One bot turn being written."""

    def __init__(self, state: State, seat: str, rng: random.Random) -> None:
        self.state, self.seat, self.rng = state, seat, rng
        self.enemy = B.enemy_of(seat)
        self.wind: dict[str, Any] = state.get("wind") or {"white": 2, "red": 2, "move": 0}
        self.mine = B.afloat(state, seat)
        self.foes = B.afloat(state, self.enemy)
        self.movable = [s for s in self.mine if not _bound(state, s["id"]) and s["broken"] < s["masts"]]
        self.lines: list[str] = []
        self.moving: set[str] = set()
        self.fires: dict[str, str] = {}
        self.grappling: set[str] = set()

    # -- 2, 3: what the published wind does to the ship in turn ---------------------------------
    def skills_in_turn(self, ship: Ship) -> dict[str, int]:
        """The ship's skills as the published wind leaves them, as far as it is known: a skill the
        wind names (a state that rolled it with the wind) changes; a skill rolled at resolution is
        unknown and left as it is."""
        skills = dict(ship["skills"])
        for key, delta in (("skill_white", 1), ("skill_red", -1)):
            skill = self.wind.get(key)
            if isinstance(skill, str):
                skills[skill] = max(T.SKILL_MIN, min(T.SKILL_MAX, skills[skill] + delta))
        storm = self.wind.get("storm")
        if isinstance(storm, dict) and storm.get("skill"):
            skills[storm["skill"]] = max(T.SKILL_MIN, skills[storm["skill"]] - 1)
        return skills

    def move_of(self, ship: Ship) -> int:
        sea = self.skills_in_turn(ship)["SEA"]
        return max(0, int(self.wind["move"]) - ship["broken"] + max(0, sea))

    def windward(self, ship: Ship, target: Ship) -> int:
        """6 WINDWARD POSITION of ``ship`` (the ship in turn, after the wind's events) on ``target``."""
        skills = self.skills_in_turn(ship)
        storm = self.wind.get("storm")
        broken = ship["broken"] + (1 if isinstance(storm, dict) and storm.get("letter") == "R" else 0)
        return (
            T.WIND_MOVE[self.wind["white"]]
            - T.WIND_MOVE[self.wind["red"]]
            - min(broken, ship["masts"])
            + max(0, skills["CMD"])
            + _negatives(target)
        )

    # -- 4 MOVEMENT --------------------------------------------------------------------------------
    def sail(self, ship: Ship, path: list[str], extra: list[str]) -> None:
        self.lines.append(f"sail {ship['id']} " + " ".join(path))
        if self.wind.get("gusts"):
            self.lines.append("if move > path: ask")
        self.lines.extend(extra)
        self.moving.add(ship["id"])

    def seek_the_weather_gage(self) -> bool:
        """No token in play: a sail of exactly MOVE squares that wins the gage on a target in range."""
        best: tuple[tuple[int, int, int, str], Ship, list[str], Ship] | None = None
        for ship in self.movable:
            for end, path in exact_paths(self.state, ship, self.move_of(ship)).items():
                for target in self.foes:
                    if B.squares_between(end, target["square"]) > ship["class"]:
                        continue
                    if self.windward(ship, target) > T.WEATHER_GAGE_ABOVE:
                        score = (target["class"], -ship["class"], B.distance(end, target["square"]), end)
                        if best is None or score < best[0]:
                            best = (score, ship, path, target)
        if best is None:
            return False
        _, ship, path, target = best
        self.sail(ship, path, [f"windward {target['id']}", f"fire {ship['id']} at {target['id']}"])
        self.fires[ship["id"]] = target["id"]
        return True

    def close_with_the_enemy(self) -> bool:
        """Tokens in play: sail a ship alongside an engaged enemy ship (to grapple it next turn)."""
        engaged = [f for f in self.foes if f["engaged"]]
        if not engaged:
            return False
        best: tuple[tuple[int, int, int, str], Ship, list[str], Ship] | None = None
        for ship in self.movable:
            if B.grappled(self.state, ship["id"]) or ship["id"] in self.grappling:
                continue
            if any(B.adjacent(ship["square"], f["square"]) for f in engaged):
                continue
            for end, path in exact_paths(self.state, ship, self.move_of(ship)).items():
                for target in engaged:
                    if B.adjacent(end, target["square"]) and ship["class"] >= target["class"]:
                        score = (target["class"], -ship["class"], ship["number"], end)
                        if best is None or score < best[0]:
                            best = (score, ship, path, target)
        if best is None:
            return self.ram(engaged)
        _, ship, path, target = best
        self.sail(ship, path, [f"fire {ship['id']} at {target['id']}"])
        self.fires[ship["id"]] = target["id"]
        return True

    def ram(self, targets: list[Ship]) -> bool:
        """RAM: a sail of MOVE-1 squares ending alongside a target, the last MOVE absorbed by the ram
        (an engaged target, or any target under the house rule ``ram-opens``)."""
        for ship in self.movable:
            if B.grappled(self.state, ship["id"]):
                continue
            for end, path in exact_paths(self.state, ship, self.move_of(ship) - 1).items():
                for target in targets:
                    if B.adjacent(end, target["square"]):
                        self.sail(ship, path, [f"ram {target['id']}"])
                        return True
        return False

    def approach(self) -> bool:
        """No shot this turn: the flagship keeps the best gage target at the edge of its range."""
        if not self.movable or not self.foes:
            return False
        ship = flagship(self.movable)
        target = max(self.foes, key=lambda f: (_negatives(f), -f["class"], -f["number"]))
        ends = exact_paths(self.state, ship, self.move_of(ship))
        if not ends:
            return False
        end = min(ends, key=lambda q: (abs(B.squares_between(q, target["square"]) - ship["class"]), q))
        self.sail(ship, ends[end], [])
        return True

    def meet_a_bad_wind(self) -> bool:
        """A red 1 or a storm: give it to the sacrificial ship (a kedge would not forfeit it)."""
        storm = self.wind.get("storm")
        if not (self.wind.get("skill_red") or storm) or not self.mine:
            return False
        self.lines.append(f"anchor {sacrificial(self.mine)['id']}")
        return True

    def dock_a_wreck(self) -> bool:
        """DOCK only a damaged ship (hull at most 1 and below its class, or taking on water)."""
        home = B.HOME_Y[self.seat]
        for ship in self.movable:
            damaged = ship["hull"] == 0 or (ship["hull"] <= 1 and ship["hull"] < ship["class"])
            if damaged and not ship["engaged"] and B.xy(ship["square"])[1] == home and self.move_of(ship):
                self.lines.append(f"sail {ship['id']} dock")
                self.moving.add(ship["id"])
                return True
        return False

    def movement(self) -> None:
        if B.engagement_in_play(self.state):
            done = self.close_with_the_enemy()
        else:
            done = self.seek_the_weather_gage()
        if not done and self.state["options"].get("ram-opens") and not B.engagement_in_play(self.state):
            done = self.ram(self.foes)
        if done:
            return
        if self.meet_a_bad_wind() or self.dock_a_wreck():
            return
        if self.wind.get("skill_white") and self.movable:
            ship = flagship(self.movable)
            ends = exact_paths(self.state, ship, self.move_of(ship))
            if ends:
                self.sail(ship, ends[min(ends)], [])
            else:
                self.lines.append(f"anchor {ship['id']}")
            return
        if not self.approach():
            self.lines.append("anchor")

    # -- 13 attacks, 26 grapple, 27 repel ----------------------------------------------------------
    def grapples(self) -> None:
        """Each ship alongside an engaged enemy ship not larger than itself fires at it at short
        range and grapples it (not a ship that moved, nor one already in a grapple)."""
        taken: set[str] = {b for _, b in self.state["grapples"]}
        for ship in self.mine:
            if ship["id"] in self.moving or B.grappled(self.state, ship["id"]):
                continue
            near = [
                f
                for f in self.foes
                if f["engaged"]
                and B.adjacent(ship["square"], f["square"])
                and f["class"] <= ship["class"]
                and f["id"] not in taken
            ]
            if not near:
                continue
            target = min(near, key=lambda f: (f["class"], f["hull"], f["number"]))
            taken.add(target["id"])
            self.fires[ship["id"]] = target["id"]
            self.grappling.add(ship["id"])
            self.lines.append(f"fire {ship['id']} at {target['id']}")
            self.lines.append(f"grapple {ship['id']} at {target['id']}")

    def repels(self) -> None:
        for b in sorted({b for _, b in self.state["grapples"]}):
            if self.state["ships"][b]["side"] == self.seat:
                self.lines.append(f"repel {b}")

    # -- 7 REPAIRS & DAMAGE CONTROL ----------------------------------------------------------------
    def repairs(self) -> None:
        in_grapple = {sid for pair in self.state["grapples"] for sid in pair} | self.grappling
        for ship in self.mine:
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
            skills = [k for k in REPAIR_SKILLS if not (k == "BRD" and ship["id"] in in_grapple)]
            sources: dict[str, int] = {}
            for skill in sorted(skills, key=lambda k: (-(ship["skills"][k] + ship["repair"][k]), k)):
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
            self.lines.append(f"repair {ship['id']} {task_text} from {source_text}")

    def transfer_to_the_flagship(self) -> None:
        """TRANSFER COMMAND: a ship with CMD next to the flagship passes it on."""
        if not self.movable:
            return
        flag = flagship(self.movable)
        for ship in self.mine:
            if (
                ship["id"] != flag["id"]
                and ship["skills"]["CMD"] > 0
                and not ship["transfer"]
                and {ship["id"], flag["id"]}.isdisjoint(self.moving)
                and B.adjacent(ship["square"], flag["square"])
                and not any(f"repair {ship['id']} " in line for line in self.lines)
            ):
                spare = [k for k in ("GUN", "AIM", "SEA") if ship["skills"][k] + ship["repair"][k] > -2]
                if spare:
                    self.lines.append(
                        f"transfer {ship['id']} cmd 1 to {flag['id']} from {spare[0].lower()} 1"
                    )
                    return

    def write(self) -> str:
        self.movement()
        self.grapples()
        self.repels()
        self.repairs()
        self.transfer_to_the_flagship()
        self.lines.append("fire at will")
        if self.state["standing"][self.seat]["fire"] != "will":
            self.lines.append("standing fire at will")
        if self.state["options"].get("reactions") == "live":  # the attacks are asked after the movement
            self.lines = [line for line in self.lines if not line.startswith(ATTACK_LINES)]
        return "\n".join(self.lines) + "\n"

    def attacks(self) -> str:
        """The attacks of a live-reaction round, the movement done: the same aims as in a turn."""
        self.moving = set((self.state.get("pending") or {}).get("moved", []))
        self.grapples()
        self.repels()
        self.lines.append("fire at will")
        return "\n".join(self.lines) + "\n"


def _continue(state: State, seat: str) -> str:
    """The rest of a sail: alongside an engaged enemy ship if the MOVE left allows, else straight."""
    pending = state.get("pending") or {}
    lead = state["ships"][pending["chain"][0]]
    engaged = [f for f in B.afloat(state, B.enemy_of(seat)) if f["engaged"]]
    ends = exact_paths(state, lead, int(pending.get("move_left", 0)), pending.get("last_from"))
    for end in sorted(ends):
        if any(B.adjacent(end, f["square"]) for f in engaged):
            return "continue " + " ".join(ends[end]) + "\n"
    return "continue straight\n"


def _drift_choice(state: State, seat: str) -> str:
    """1 DRIFT & TIDES, asked: drift the enemy ship that is grappling one of ours (the drift may
    cast the grapple off) or else the one nearest to our ships."""
    enemy = B.enemy_of(seat)
    foes = B.afloat(state, enemy)
    for a, b in state["grapples"]:
        if state["ships"][a]["side"] == enemy and state["ships"][b]["side"] == seat:
            return f"drift {a}\n"
    mine = B.afloat(state, seat)
    if not foes or not mine:
        return "drift ignore\n"
    nearest = min(foes, key=lambda f: (min(B.distance(f["square"], m["square"]) for m in mine), f["number"]))
    return f"drift {nearest['id']}\n"


def bot_orders(game: FarSide, state: State, request: OrderRequest, rng: random.Random) -> str:
    """Order text for ``request`` that parses and checks clean (warnings allowed)."""
    seat = request.seat
    kind = request.key.split(":", 1)[0]
    if kind == "standing":
        text = "drift ask\n" if rng.random() < 0.02 else ""
    elif kind == "drift":
        text = _drift_choice(state, seat)
    elif kind == "reaction":
        text = "fire at will\n"
    elif kind == "continue":
        text = _continue(state, seat)
    elif kind == "attack":
        text = Plan(state, seat, rng).attacks()
    else:
        text = Plan(state, seat, rng).write()
    parsed = game.parse(request, text)
    if parsed.ok and not [p for p in game.check(state, request, parsed.orders) if p.kind != "warning"]:
        return text
    return request.default
