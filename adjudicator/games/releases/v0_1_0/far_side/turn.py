"""One player's game turn: the 28 (29) steps of the TURN SEQUENCE, one method per step.

The player in turn is "you" (the white die); the other player is "the enemy"
(the red die). Both dice are rolled by the adjudicator with keyed dice. Steps
13-29 (combat) live in :mod:`adjudicator.games.releases.v0_1_0.far_side.combat`.

A turn can stop after step 4 when the wind gives more MOVE than the path and
the orders said ``if move > path: ask``: the turn's context is kept in the
state (``state["pending"]``) and the next request asks the player how to go
on; the turn then resumes at the rest of step 4.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.releases.v0_1_0.dice import Dice
from adjudicator.games.releases.v0_1_0.base import Event
from adjudicator.games.releases.v0_1_0.far_side import board as B
from adjudicator.games.releases.v0_1_0.far_side import tables as T
from adjudicator.games.releases.v0_1_0.far_side.orders import Orders, parse_orders
from adjudicator.games.releases.v0_1_0.far_side.ships import (
    break_mast,
    change_skill,
    dock,
    hull_damage,
    hull_repair,
    positive,
    sink,
)

State = dict[str, Any]
Ship = dict[str, Any]


class Suspend(Exception):
    """The turn waits for the player's follow-up (the rest of a sail)."""


class Turn:
    """The resolution of one game turn of ``seat``; ``ctx`` is the JSON-able memory of the turn."""

    def __init__(self, state: State, dice: Dice, orders: Orders, ctx: dict[str, Any]) -> None:
        self.state = state
        self.dice = dice
        self.orders = orders
        self.ctx = ctx
        self.seat: str = ctx["seat"]
        self.enemy: str = B.enemy_of(self.seat)
        self.events: list[Event] = []

    # -- helpers -------------------------------------------------------------
    def say(self, text: str, kind: str = "", **data: Any) -> None:
        self.events.append(Event(text, kind, data))

    def ship(self, sid: str | None) -> Ship | None:
        if sid is None:
            return None
        ship = self.state["ships"].get(sid)
        return ship if ship is not None and ship["square"] is not None else None

    def own(self, number: int | None) -> Ship | None:
        return None if number is None else self.ship(B.ship_id(self.seat, number))

    def foe(self, number: int | None) -> Ship | None:
        return None if number is None else self.ship(B.ship_id(self.enemy, number))

    def d6(self, key: str) -> int:
        return self.dice.d6(key)

    def skill_roll(self, ship: Ship, delta: int, key: str) -> str:
        """SKILL TABLE: roll a die for the skill, change it by ``delta``; a sentence of what happened."""
        skill = T.skill_for_roll(self.d6(key))
        done = change_skill(ship, skill, delta)
        level = ship["skills"][skill]
        if done:
            return f"{ship['id']} {'gains' if delta > 0 else 'loses'} a level of {skill} (now {level:+d})"
        return f"{ship['id']}'s {skill} stays at {level:+d} (limit)"

    def damage(self, ship: Ship, row: str, key: str) -> tuple[str, str | None]:
        """23 DAMAGE DISTRIBUTION: one DAMAGE point on ``row``, applied now.

        Returns (letter, the skill reduced or None)."""
        letter = T.DAMAGE_ROWS[row][self.d6(key) - 1]
        reduced: str | None = None
        if letter == "H":
            lost = hull_damage(ship)
            self.say(
                f"{ship['id']} takes hull damage (hull {ship['hull']})" + ("" if lost else ", ignored"),
                "damage",
            )
        elif letter == "S":
            skill = T.skill_for_roll(self.d6(key + ":skill"))
            if change_skill(ship, skill, -1):
                reduced = skill
            self.say(f"{ship['id']} loses a level of {skill} (now {ship['skills'][skill]:+d}).", "damage")
        elif letter == "R":
            broke = break_mast(ship)
            self.say(
                f"{ship['id']} has a mast broken ({ship['broken']}/{ship['masts']})"
                + ("." if broke else ", ignored."),
                "damage",
            )
        else:
            self.say(f"The damage to {ship['id']} misses (x).", "damage")
        return letter, reduced

    # -- the turn --------------------------------------------------------------
    def run(self) -> None:
        """Steps 1-29, or the rest of them after a follow-up."""
        from adjudicator.games.releases.v0_1_0.far_side import combat

        if self.ctx.get("stage") == "continue":
            self.ctx["stage"] = "resumed"
            self.say(f"{self.state['label']}.", "turn")
            self.step_04_continue()
        else:
            self.start()
            self.step_01_drift_and_tides()
            self.step_02_wind()
            self.step_03_event()
            self.step_04_movement()
        self.step_05_range_in_all_guns()
        self.step_06_windward_position()
        self.step_07_repairs_and_damage_control()
        self.step_08_burn_damage()
        self.step_09_sinking_ships()
        combat.step_11_raise_the_ensign(self)
        combat.step_12_to_25_combat(self)
        combat.step_26_grapple(self)
        combat.step_27_28_repel_and_board(self)

    def start(self) -> None:
        self.ctx.setdefault("moved", [])
        self.ctx["grappled_at_start"] = [list(p) for p in self.state["grapples"]]
        self.ctx["engaged_at_start"] = [s["id"] for s in B.afloat(self.state) if s["engaged"]]
        self.say(f"{self.state['label']}.", "turn")

    # -- 1 DRIFT & TIDES -------------------------------------------------------
    def step_01_drift_and_tides(self) -> None:
        """1 DRIFT & TIDES: only while engagement tokens are in play; the enemy may ignore drift
        or select one of your ships (the enemy's standing orders). White die yours (left/right as
        you see it), red die the enemy's (up/down as the enemy sees it)."""
        if not B.engagement_in_play(self.state):
            return
        choice = self.state["standing"][self.enemy]["drift"]
        ship = next((s for n in choice if (s := self.own(n)) is not None), None)
        if ship is None:
            self.say(f"The {self.enemy.capitalize()} ignore drift.", "drift")
            return
        white, red = self.d6("drift:white"), self.d6("drift:red")
        vertical = {"up": 1, "none": 0, "down": -1}[T.DRIFT_RED[red]] * B.FORWARD[self.enemy]
        horizontal = {"left": 1, "none": 0, "right": -1}[T.DRIFT_WHITE[white]] * B.LEFT[self.seat]
        x, y = B.xy(ship["square"])
        nx, ny = x + horizontal, y + vertical
        words = f"red {red} ({T.DRIFT_RED[red]}), white {white} ({T.DRIFT_WHITE[white]})"
        if (nx, ny) == (x, y):
            self.say(f"{ship['id']} is picked to drift: {words}; it stays at {ship['square']}.", "drift")
        elif not B.on_board(nx, ny) or B.at(self.state, B.name(nx, ny)) is not None:
            self.say(f"{ship['id']} is picked to drift: {words}; off the map or occupied, ignored.", "drift")
        else:
            target = B.name(nx, ny)
            self.say(
                f"{ship['id']} is picked to drift: {words}; it drifts from {ship['square']} to {target}.",
                "drift",
            )
            ship["square"] = target

    # -- 2 WIND ---------------------------------------------------------------
    def step_02_wind(self) -> None:
        """2 WIND: white and red dice; MOVE is the sum of both dice's MOVE. Kedging forfeits the roll."""
        movement = self.orders.movement
        if movement is not None and movement.kind == "kedge":
            self.ctx["wind"] = None
            self.say("The wind roll is forfeited to kedge.", "wind")
            return
        white, red = self.d6("wind:white"), self.d6("wind:red")
        self.ctx["wind"] = {"white": white, "red": red}
        self.ctx["move"] = T.WIND_MOVE[white] + T.WIND_MOVE[red]
        self.say(f"Wind: white {white}, red {red}: MOVE {self.ctx['move']}.", "wind", white=white, red=red)

    def ship_in_turn(self) -> Ship | None:
        """The ship that meets the wind's events: the ship that sails, or the one named by anchor
        (the lowest-numbered ship afloat if none is named)."""
        movement = self.orders.movement
        if (
            movement is not None
            and movement.ship is not None
            and (ship := self.own(movement.ship)) is not None
        ):
            return ship
        ships = B.afloat(self.state, self.seat)
        return ships[0] if ships else None

    # -- 3 EVENT --------------------------------------------------------------
    def step_03_event(self) -> None:
        """3 EVENT: unless both wind dice are even: 1 skill roll, 3 gusts, 5 repairs/storm damage."""
        wind = self.ctx.get("wind")
        self.ctx["gusts"] = 0
        if not wind or (wind["white"] % 2 == 0 and wind["red"] % 2 == 0):
            return
        ship = self.ship_in_turn()
        if ship is None:
            return
        white, red = wind["white"], wind["red"]
        if white == 1:
            self.say("Wind event, white 1: " + self.skill_roll(ship, +1, "event:skill:white") + ".", "event")
        if red == 1:
            self.say("Wind event, red 1: " + self.skill_roll(ship, -1, "event:skill:red") + ".", "event")
        self.ctx["gusts"] = (white == 3) + (red == 3)
        if self.ctx["gusts"]:
            self.say(f"Wind event: {self.ctx['gusts']} gust(s) and shifting winds.", "event")
        if white == 5:
            gained = hull_repair(ship)
            self.say(
                f"Wind event, white 5: {ship['id']} repairs its hull (hull {ship['hull']})"
                + ("" if gained else ", already at its class")
                + ".",
                "event",
            )
        if red == 5:
            self.say(f"Wind event, red 5: storm damage on {ship['id']}.", "event")
            self.damage(ship, T.STORM_ROW, f"storm:{ship['id']}")

    # -- 4 MOVEMENT -------------------------------------------------------------
    def step_04_movement(self) -> None:
        """4 MOVEMENT: anchor, kedge or sail one ship (with tow, ram or dock)."""
        movement = self.orders.movement
        self.ctx["sailed"] = None
        if movement is None or movement.kind == "anchor":
            self.say(f"The {self.seat.capitalize()} anchor: no ship moves.", "move")
            return
        ship = self.own(movement.ship)
        if ship is None:
            self.say(
                f"{B.ship_id(self.seat, movement.ship or 0)} is not on the board; no ship moves.", "move"
            )
            return
        if movement.kind == "kedge":
            self.kedge(ship, movement.path[0])
        else:
            self.sail(ship)

    def kedge(self, ship: Ship, square: str) -> None:
        """KEDGE/WARP: die + positive SEA & MOR; 4+ moves to the adjacent unoccupied square."""
        if self.transfer_bound(ship):
            self.say(f"{ship['id']} is bound by a command transfer and can not move.", "move")
            return
        if not B.adjacent(ship["square"], square) or B.at(self.state, square) is not None:
            self.say(f"{ship['id']} can not kedge to {square}: not an unoccupied adjacent square.", "move")
            return
        roll = self.d6(f"kedge:{ship['id']}")
        total = roll + positive(ship, "SEA") + positive(ship, "MOR")
        if total >= T.KEDGE_SUCCESS:
            self.say(
                f"{ship['id']} kedges (roll {roll}, total {total}) from {ship['square']} to {square}.", "move"
            )
            ship["square"] = square
            self.ctx["moved"].append(ship["id"])
        else:
            self.say(f"{ship['id']} fails to kedge (roll {roll}, total {total}).", "move")

    def transfer_bound(self, ship: Ship) -> bool:
        """TRANSFER COMMAND: neither ship of a pending transfer can move."""
        for other in B.afloat(self.state, ship["side"]):
            t = other["transfer"]
            if t and (other["id"] == ship["id"] or t["to"] == ship["id"]):
                return True
        return False

    def sail(self, lead: Ship) -> None:
        """SAIL: MOVE = wind - broken masts + positive SEA, then gusts, then the TOW table."""
        o = self.orders
        if lead["broken"] >= lead["masts"]:
            self.say(f"{lead['id']} has no mast standing and can not sail.", "move")
            return
        if self.transfer_bound(lead):
            self.say(f"{lead['id']} is bound by a command transfer and can not move.", "move")
            return
        move = self.ctx["move"] - lead["broken"] + positive(lead, "SEA")
        parts = f"wind {self.ctx['move']}, broken masts -{lead['broken']}, SEA +{positive(lead, 'SEA')}"
        for k in range(1, self.ctx.get("gusts", 0) + 1):
            roll = self.d6(f"gust:{lead['id']}:{k}")
            change = T.gust_move(roll + lead["skills"]["SEA"])
            move += change
            parts += f", gust {roll}{lead['skills']['SEA']:+d} -> {change:+d}"
        chain = [lead["id"]]
        front = lead
        for number in o.tow:
            towed = self.own(number)
            if (
                towed is None
                or not B.adjacent(towed["square"], front["square"])
                or self.transfer_bound(towed)
            ):
                self.say(f"{B.ship_id(self.seat, number)} can not be taken in tow.", "move")
                break
            if len(chain) > 1 and towed["class"] >= front["class"]:
                self.say(
                    f"{towed['id']} is not of a smaller class than {front['id']}; the tow stops there.",
                    "move",
                )
                break
            if move <= 0:
                self.say(f"No movement remains to take {towed['id']} in tow.", "move")
                break
            change = T.tow_move(front["class"] - towed["class"])
            move += change
            parts += f", tow {towed['id']} {change:+d}"
            chain.append(towed["id"])
            front = towed
        move = max(0, move)
        self.say(f"{lead['id']} sails with MOVE {move} ({parts}).", "move", move=move)
        self.ctx["sailed"] = lead["id"]
        self.ctx["chain"] = chain
        self.ctx["move_left"] = move
        self.ctx["last_from"] = None
        self.ctx["start_square"] = lead["square"]
        self.follow(o.movement.path if o.movement else [])
        self.end_of_path(o.movement.dock if o.movement else False, o.policy or "straight")

    def step(self, square: str) -> bool:
        """One square of a sail; the towed ships follow in line. False if the square is not open."""
        chain = [self.state["ships"][sid] for sid in self.ctx["chain"]]
        lead = chain[0]
        if not B.is_square(square) or not B.adjacent(lead["square"], square):
            self.say(f"{lead['id']} can not sail to {square}: not adjacent.", "move")
            return False
        if square == self.ctx.get("last_from"):
            self.say(f"{lead['id']} can not return to {square}, the square it just left.", "move")
            return False
        if B.at(self.state, square) is not None:
            self.say(
                f"{lead['id']} can not sail into {square}: occupied; it stops at {lead['square']}.", "move"
            )
            return False
        squares = [s["square"] for s in chain]
        self.ctx["last_from"] = lead["square"]
        lead["square"] = square
        for ship, behind in zip(chain[1:], squares[:-1], strict=True):
            ship["square"] = behind
        for ship in chain:
            if ship["id"] not in self.ctx["moved"]:
                self.ctx["moved"].append(ship["id"])
        self.ctx["move_left"] -= 1
        return True

    def follow(self, path: list[str]) -> None:
        for square in path:
            if self.ctx["move_left"] <= 0:
                lead = self.state["ships"][self.ctx["chain"][0]]
                self.say(
                    f"{lead['id']}'s MOVE is spent at {lead['square']}, before the end of its path.", "move"
                )
                return
            if not self.step(square):
                self.ctx["move_left"] = 0
                return
        lead = self.state["ships"][self.ctx["chain"][0]]
        if path:
            self.say(f"{lead['id']} sails to {lead['square']}.", "move")

    def end_of_path(self, docking: bool, policy: str) -> None:
        """What the MOVE left after the path does: dock, ram, continue straight, stop or ask."""
        lead = self.state["ships"][self.ctx["chain"][0]]
        if lead["square"] is None or self.ctx["move_left"] <= 0:
            if docking:
                self.say(f"{lead['id']} has no movement left to sail off the board and dock.", "move")
            return
        if docking:
            self.dock(lead)
            return
        target = self.foe(self.orders.ram)
        if target is not None:
            self.ram(lead, target)
            return
        if self.orders.ram is not None:
            self.say(f"{B.ship_id(self.enemy, self.orders.ram)} is not on the board; no ram.", "move")
        if policy == "stop":
            self.say(f"{lead['id']} stops with {self.ctx['move_left']} MOVE unused, as ordered.", "move")
            self.ctx["move_left"] = 0
        elif policy == "ask":
            self.ctx["stage"] = "continue"
            self.say(
                f"{lead['id']} has {self.ctx['move_left']} MOVE left after its path; "
                f"the {self.seat.capitalize()} are asked how to go on.",
                "ask",
            )
            raise Suspend
        else:
            self.continue_straight(lead)

    def continue_straight(self, lead: Ship) -> None:
        last = self.ctx.get("last_from")
        if last is None:
            self.say(f"{lead['id']} has no heading to continue; it stops.", "move")
            self.ctx["move_left"] = 0
            return
        (lx, ly), (x, y) = B.xy(last), B.xy(lead["square"])
        dx, dy = x - lx, y - ly
        start = lead["square"]
        while self.ctx["move_left"] > 0:
            x, y = B.xy(lead["square"])
            if not B.on_board(x + dx, y + dy) or not self.step(B.name(x + dx, y + dy)):
                self.ctx["move_left"] = 0
                break
        if lead["square"] != start:
            self.say(f"{lead['id']} continues straight to {lead['square']}.", "move")

    def step_04_continue(self) -> None:
        """The rest of step 4 after the player's follow-up: continue the path, straight, or stop."""
        o = self.orders
        lead = self.state["ships"][self.ctx["chain"][0]]
        if o.cont_stop:
            self.say(f"{lead['id']} stops with {self.ctx['move_left']} MOVE unused.", "move")
            self.ctx["move_left"] = 0
            return
        if o.cont_straight or not o.cont_line:
            self.continue_straight(lead)
            return
        self.follow(o.cont_path)
        self.end_of_path(o.cont_dock, "stop")

    def dock(self, ship: Ship) -> None:
        """DOCK: enough movement to sail off your side of the board; not while engaged."""
        if B.xy(ship["square"])[1] != B.HOME_Y[self.seat]:
            self.say(f"{ship['id']} is not on its own edge and can not dock.", "move")
        elif ship["engaged"]:
            self.say(f"{ship['id']} is engaged and can not dock.", "move")
        else:
            self.say(
                f"{ship['id']} sails off the board from {ship['square']} and docks: it is out of the game.",
                "dock",
            )
            dock(self.state, ship)
        self.ctx["move_left"] = 0

    def ram(self, ship: Ship, target: Ship) -> None:
        """RAM: an adjacent enemy and movement left; the ram absorbs the remaining movement."""
        self.ctx["move_left"] = 0
        if not B.adjacent(ship["square"], target["square"]):
            self.say(f"{target['id']} is not adjacent to {ship['id']}; no ram.", "move")
            return
        self.say(f"{ship['id']} rams {target['id']}!", "ram")
        self.ctx["ram"] = [ship["id"], target["id"]]
        for s in (ship, target):
            if not s["engaged"]:
                s["engaged"] = "short"

    # -- 5 RANGE IN ALL GUNS ------------------------------------------------------
    def targets_in_range(self, ship: Ship) -> list[Ship]:
        """Enemy ships within range: short (0 squares between) or long (1..class)."""
        return [
            e
            for e in B.afloat(self.state, B.enemy_of(ship["side"]))
            if B.squares_between(ship["square"], e["square"]) <= ship["class"]
        ]

    def step_05_range_in_all_guns(self) -> None:
        """5 RANGE IN ALL GUNS: the sailing ship's targets; none -> no windward position."""
        lead = self.ship(self.ctx.get("sailed"))
        self.ctx["targets"] = [e["id"] for e in self.targets_in_range(lead)] if lead else []

    # -- 6 WINDWARD POSITION -------------------------------------------------------
    def step_06_windward_position(self) -> None:
        """6 WINDWARD POSITION: only if you sailed and no engagement tokens are in play.
        White MOVE - red MOVE - broken masts + positive CMD + target's negative SEA & CMD;
        above +4 is the weather gage."""
        self.ctx["gage"] = None
        lead = self.ship(self.ctx.get("sailed"))
        if (
            lead is None
            or B.engagement_in_play(self.state)
            or not self.ctx["targets"]
            or not self.ctx.get("wind")
        ):
            return
        wanted = B.ship_id(self.enemy, self.orders.windward) if self.orders.windward else None
        targets = [self.state["ships"][t] for t in self.ctx["targets"]]
        target = next((t for t in targets if t["id"] == wanted), None) or min(
            targets, key=lambda t: (B.distance(lead["square"], t["square"]), t["number"])
        )
        wind = self.ctx["wind"]
        wp = (
            T.WIND_MOVE[wind["white"]]
            - T.WIND_MOVE[wind["red"]]
            - lead["broken"]
            + positive(lead, "CMD")
            + max(0, -target["skills"]["SEA"])
            + max(0, -target["skills"]["CMD"])
        )
        gage = wp > T.WEATHER_GAGE_ABOVE
        self.say(
            f"Windward position of {lead['id']} on {target['id']}: {wp:+d}"
            + (": it has the weather gage." if gage else "."),
            "windward",
            wp=wp,
        )
        if not gage:
            return
        self.ctx["gage"] = [lead["id"], target["id"]]
        square = self.orders.gage_move
        if square:
            self.ctx["chain"] = [lead["id"]]
            self.ctx["move_left"] = 1
            if self.step(square):
                self.say(f"{lead['id']} takes its optional weather-gage MOVE to {square}.", "move")

    # -- 7 REPAIRS & DAMAGE CONTROL ---------------------------------------------
    def step_07_repairs_and_damage_control(self) -> None:
        """7 REPAIRS & DAMAGE CONTROL: last turn's repair tokens are removed (the levels return),
        pending command transfers take place, then new repair tokens are allocated."""
        pumped: list[str] = []
        attempted: dict[str, int] = {}
        self.ctx["pumped"], self.ctx["attempted"] = pumped, attempted
        for ship in B.afloat(self.state, self.seat):
            for skill, levels in ship["repair"].items():
                if levels:
                    change_skill(ship, skill, levels)
            ship["repair"] = dict.fromkeys(T.SKILLS, 0)
        for ship in B.afloat(self.state, self.seat):
            self.transfer_takes_place(ship)
        for repair in self.orders.repairs:
            ship = self.own(repair.ship)
            if ship is None or not self.lend(ship, repair.sources):
                continue
            for task, points in repair.tasks.items():
                for k in range(1, points + 1):
                    getattr(self, f"repair_{task}")(ship, k)
        for transfer in self.orders.transfers:
            self.transfer_command(transfer.ship, transfer.to, transfer.levels, transfer.sources)

    def lend(self, ship: Ship, sources: dict[str, int]) -> bool:
        """Temporarily reduce skills (not CMD or MOR) into repair tokens; not below -3."""
        for skill, levels in sources.items():
            if skill not in T.REPAIR_SKILLS or ship["skills"][skill] - levels < T.SKILL_MIN:
                self.say(f"{ship['id']} can not lend {levels} level(s) of {skill} to repairs.", "repair")
                return False
        for skill, levels in sources.items():
            change_skill(ship, skill, -levels)
            ship["repair"][skill] += levels
        lent = ", ".join(f"{levels} {skill}" for skill, levels in sources.items())
        self.say(f"{ship['id']} turns {lent} to repairs & damage control.", "repair")
        return True

    def repair_pumps(self, ship: Ship, k: int) -> None:
        """MAN THE PUMPS: 1,2 ship is kept afloat; 3-6 keep pumping."""
        roll = self.d6(f"pumps:{ship['id']}:{k}")
        if T.PUMPS[roll] == "afloat":
            if ship["id"] not in self.ctx["pumped"]:
                self.ctx["pumped"].append(ship["id"])
            self.say(f"{ship['id']} mans the pumps ({roll}): the ship is kept afloat.", "repair")
        else:
            self.say(f"{ship['id']} mans the pumps ({roll}): keep pumping.", "repair")

    def repair_rigging(self, ship: Ship, k: int) -> None:
        """UNFOUL SPARS & RIGGING: 1,2 remove 1 broken mast; 3-6 rigging is a mess."""
        roll = self.d6(f"rigging:{ship['id']}:{k}")
        if T.RIGGING[roll] == "mast" and ship["broken"] > 0:
            ship["broken"] -= 1
            self.say(f"{ship['id']} unfouls its rigging ({roll}): a mast is restored.", "repair")
        else:
            self.say(f"{ship['id']} works at its rigging ({roll}): no mast restored.", "repair")

    def repair_fires(self, ship: Ship, k: int) -> None:
        """EXTINGUISH FIRES: 1,2 out; 3,4 (the book's "2-4") a controlled fire is out, an
        uncontrolled fire is controlled; 5,6 rages on. Points go to controlled fires not yet
        attempted, then to uncontrolled fires, then to any fire still burning."""
        fires = ship["fires"]
        attempted = self.ctx["attempted"].get(ship["id"], 0)
        if fires["controlled"] > attempted:
            which = "controlled"
        elif fires["uncontrolled"]:
            which = "uncontrolled"
        elif fires["controlled"]:
            which = "controlled"
        else:
            self.say(f"{ship['id']} has no fire to fight.", "repair")
            return
        roll = self.d6(f"fires:{ship['id']}:{k}")
        result = T.FIRES[roll]
        if result == "out" or (result == "control" and which == "controlled"):
            fires[which] -= 1
            if which == "controlled" and attempted > fires["controlled"]:
                attempted = fires["controlled"]
            self.say(f"{ship['id']} fights a {which} fire ({roll}): extinguished.", "repair")
        elif result == "control":
            fires["uncontrolled"] -= 1
            fires["controlled"] += 1
            attempted += 1
            self.say(f"{ship['id']} fights an uncontrolled fire ({roll}): now controlled.", "repair")
        else:
            if which == "controlled":
                attempted += 1
            self.say(f"{ship['id']} fights a {which} fire ({roll}): the fire rages on.", "repair")
        self.ctx["attempted"][ship["id"]] = min(attempted, fires["controlled"])

    def transfer_command(self, number: int, to: int, levels: int, sources: dict[str, int]) -> None:
        """TRANSFER COMMAND: to a single adjacent ship; neither moved this turn; one repair token
        per level; the CMD levels become transfer tokens and pass next turn."""
        giver, taker = self.own(number), self.own(to)
        if giver is None or taker is None:
            self.say("A command transfer names a ship not on the board; no transfer.", "repair")
            return
        if not B.adjacent(giver["square"], taker["square"]):
            self.say(f"{taker['id']} is not adjacent to {giver['id']}; no transfer.", "repair")
            return
        if giver["id"] in self.ctx["moved"] or taker["id"] in self.ctx["moved"]:
            self.say(f"{giver['id']} or {taker['id']} moved this turn; no transfer.", "repair")
            return
        if giver["transfer"] or positive(giver, "CMD") < levels:
            self.say(f"{giver['id']} has not {levels} level(s) of command to transfer.", "repair")
            return
        if not self.lend(giver, sources):
            return
        change_skill(giver, "CMD", -levels)
        giver["transfer"] = {"to": taker["id"], "levels": levels}
        self.say(
            f"{giver['id']} prepares to transfer {levels} level(s) of command to {taker['id']}.", "repair"
        )

    def transfer_takes_place(self, giver: Ship) -> None:
        t = giver["transfer"]
        if not t:
            return
        giver["transfer"] = None
        taker = self.ship(t["to"])
        if taker is not None and B.adjacent(giver["square"], taker["square"]):
            change_skill(taker, "CMD", t["levels"])
            self.say(
                f"Command passes from {giver['id']} to {taker['id']} (CMD {taker['skills']['CMD']:+d}).",
                "repair",
            )
        else:
            change_skill(giver, "CMD", t["levels"])
            self.say(f"The command transfer from {giver['id']} fails; the levels stay aboard.", "repair")

    # -- 8 BURN DAMAGE ----------------------------------------------------------
    def step_08_burn_damage(self) -> None:
        """8 BURN DAMAGE: unattended controlled fires become uncontrolled; each uncontrolled fire
        rolls: 1 spreads, 2,3 +1 DAMAGE (BURN row), 4-6 nothing."""
        for ship in B.afloat(self.state, self.seat):
            fires = ship["fires"]
            neglected = fires["controlled"] - self.ctx["attempted"].get(ship["id"], 0)
            if neglected > 0:
                fires["controlled"] -= neglected
                fires["uncontrolled"] += neglected
                self.say(
                    f"{neglected} controlled fire(s) aboard {ship['id']} were not attended: uncontrolled.",
                    "fire",
                )
            for k in range(1, fires["uncontrolled"] + 1):
                roll = self.d6(f"burn:{ship['id']}:{k}")
                result = T.BURN[roll]
                if result == "spreads":
                    fires["uncontrolled"] += 1
                    self.say(f"Fire aboard {ship['id']} spreads ({roll}).", "fire")
                elif result == "damage":
                    self.say(f"Fire aboard {ship['id']} ignites powder ({roll}): +1 DAMAGE.", "fire")
                    self.damage(ship, "burn", f"burn-damage:{ship['id']}:{k}")

    # -- 9 SINKING SHIPS, 10 SUNK SHIPS -------------------------------------------
    def step_09_sinking_ships(self) -> None:
        """9 SINKING SHIPS: hull 0 and no successful pumping: 1-3 afloat (sinking token), 4-6 sinks."""
        for ship in B.afloat(self.state, self.seat):
            if ship["hull"] > 0 or ship["id"] in self.ctx["pumped"]:
                continue
            roll = self.d6(f"sinking:{ship['id']}")
            if T.SINKING[roll] == "afloat":
                ship["sinking"] = True
                self.say(f"{ship['id']} is taking on water ({roll}) but remains afloat.", "sinking")
            else:
                self.step_10_sunk_ship(ship, roll)

    def step_10_sunk_ship(self, ship: Ship, roll: int) -> None:
        """10 SUNK SHIPS and RESCUE OPERATIONS: each adjacent ship rolls for the remaining
        (positive) skill levels, taken in turn: 1,2 the level passes to the rescuer; 3-6 lost."""
        square = ship["square"]
        self.say(f"{ship['id']} sinks ({roll}) at {square}!", "sunk")
        rescuers = [
            s for s in B.afloat(self.state) if s["id"] != ship["id"] and B.adjacent(s["square"], square)
        ]
        sink(self.state, ship)
        if not rescuers:
            return
        k = 0
        for skill in T.SKILLS:
            for level in range(1, ship["skills"][skill] + 1):
                rescuer = rescuers[k % len(rescuers)]
                k += 1
                roll = self.d6(f"rescue:{ship['id']}:{rescuer['id']}:{skill}:{level}")
                if T.RESCUE[roll] == "rescued":
                    change_skill(rescuer, skill, +1)
                    self.say(
                        f"{rescuer['id']} rescues a crew member of {ship['id']} ({roll}): +1 {skill}.",
                        "rescue",
                    )
                else:
                    self.say(
                        f"A crew member of {ship['id']} ({skill}) is drowned or captured ({roll}).", "rescue"
                    )
            ship["skills"][skill] = 0


def run_turn(state: State, dice: Dice, ctx: dict[str, Any]) -> tuple[Turn, bool]:
    """Run (or resume) the turn whose context is ``ctx``; True if it finished, False if suspended."""
    parsed = parse_orders(ctx["seat"], "turn", ctx["orders_text"])
    orders: Orders = parsed.orders
    if ctx.get("stage") == "continue":
        cont = parse_orders(ctx["seat"], "continue", ctx.get("continue_text", "")).orders
        orders.cont_path, orders.cont_dock = cont.cont_path, cont.cont_dock
        orders.cont_stop, orders.cont_straight, orders.cont_line = (
            cont.cont_stop,
            cont.cont_straight,
            cont.cont_line,
        )
    turn = Turn(state, dice, orders, ctx)
    try:
        turn.run()
    except Suspend:
        return turn, False
    return turn, True
