"""The military phase, adjudicated simultaneously: one function per step of the book.

Book, "Deroulement de la phase militaire":

1. Ecriture des ordres de mouvement   - the sealed orders (see :mod:`.orders`)
2. Mouvements des armees et des flottes - :meth:`MilitaryPhase.movement`
3. Combats, sieges et pillages          - interception, naval battles, land battles,
                                          invasions, sieges, garrison pillage, blockades
4. Achats de nouvelles armees et flottes - :meth:`MilitaryPhase.purchases`

then the project's stand-in for the economic phase (:meth:`MilitaryPhase.income`)
and the removal of old Exhausted markers. Every die roll is keyed by the rule and
its subject (``invasion:Gallia``, ``battle:Pannonia:1:rome``, ``siege:Syracusae``).

With ``battles=table`` the phase stops after the movement, writes the battles to
fight into ``state["pending"]`` and finishes when the referee's results come in
(:meth:`MilitaryPhase.apply_referee_results`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from adjudicator.games.releases.v0_1_0.dice import Dice
from adjudicator.games.releases.v0_1_0.base import Event

from .battle import ELEMENTS, SACRED_GUARD, Fighter, tactical_battle
from .map import GameMap
from .orders import BattleResult, Order

State = dict[str, Any]

# ----------------------------------------------------------------------------- the book's tables

#: TABLE D'INVASION DES PROVINCES INDEPENDANTES: facteur demographique -> resistance (d10, this or more)
RESISTANCE_TABLE: tuple[tuple[range, int], ...] = (
    (range(1, 6), 3),
    (range(6, 11), 4),
    (range(11, 16), 5),
)
RESISTANCE_16_AND_MORE = 7
#: "La capitale dispose d'une forteresse: +2", "+1 seulement si l'armee est accompagnee par un Ingenieur"
FORTRESS_RESISTANCE = 2
FORTRESS_RESISTANCE_WITH_ENGINEER = 1
#: "-1 de resistance si l'armee est accompagnee par un pretre du dieu de la Guerre"
WAR_PRIEST_RESISTANCE = -1

#: REACTION D'UNE ARMEE EPUISEE (d6, +1 in its home province)
EXHAUSTED_REACTION = {1: "destroyed", 2: "destroyed", 3: "destroyed", 4: "retreat", 5: "retreat", 6: "fight"}
EXHAUSTED_HOME_BONUS = 1

#: BLOCUS MARITIME (d6)
BLOCKADE_TABLE = {1: "none", 2: "none", 3: "none", 4: "routes", 5: "routes", 6: "routes-and-market"}

#: INTERCEPTION DE PIRATES ET DE BRIGANDS (d6, +1 in a province the player controls)
INTERCEPTION_TABLE = {
    1: "escapes",
    2: "flees",
    3: "destroyed",
    4: "destroyed",
    5: "destroyed",
    6: "destroyed",
}
INTERCEPTION_CONTROLLED_BONUS = 1


def resistance(demography: int) -> int:
    """The Resistance of an independent province from its demographic factor."""
    for band, value in RESISTANCE_TABLE:
        if demography in band:
            return value
    return RESISTANCE_16_AND_MORE


def half_up(value: int) -> int:
    """Half, rounded up ("arrondi a l'entier superieur")."""
    return -(-value // 2)


# ----------------------------------------------------------------------------- state helpers


def uid(seat: str, unit: str) -> str:
    return f"{seat}:{unit}"


def new_army(seat: str, number: int, where: str, turn: int, mercenaries: int = 0) -> dict[str, Any]:
    return {
        "nation": seat,
        "id": f"A{number}",
        "kind": "army",
        "at": where,
        "aboard": None,
        "exhausted": 0,
        "exhausted_turn": 0,
        "engineer": False,
        "priest": False,
        "mercenaries": mercenaries,
        "raised": where,
        "built": turn,
    }


def new_fleet(seat: str, number: int, sea: str, turn: int) -> dict[str, Any]:
    return {"nation": seat, "id": f"F{number}", "kind": "fleet", "at": sea, "carrying": None, "built": turn}


def owned_provinces(state: State, seat: str) -> list[str]:
    return [p for p, rec in state["provinces"].items() if rec["owner"] == seat]


class MilitaryPhase:
    """One turn's military phase over a mutable state."""

    def __init__(self, state: State, game_map: GameMap, dice: Dice) -> None:
        self.state = state
        self.map = game_map
        self.dice = dice
        self.events: list[Event] = []
        self.turn: int = state["turn"]
        self.units: dict[str, dict[str, Any]] = state["units"]
        self.provinces: dict[str, dict[str, Any]] = state["provinces"]
        self.nations: dict[str, dict[str, Any]] = state["nations"]
        self.orders: dict[str, list[Order]] = {}
        self.unit_orders: dict[str, Order] = {}
        #: army uid -> the place it came from, for every army that entered a province this turn
        self.entered: dict[str, str] = {}
        self.fleets_moved: set[str] = set()
        self.battle_counter: dict[str, int] = {}
        #: the order of battles already rolled for a place (kept across a table-battle pause)
        self.stored_order: dict[str, list[str]] = {}
        #: besieging army -> the province it besieges, built when the movement first needs it
        self.besiegers: dict[str, str] | None = None
        #: exhausted armies that rolled a 6 this turn and fight normally
        self.steady: set[str] = set()

    # ------------------------------------------------------------------ helpers
    def say(self, text: str, kind: str, **data: Any) -> None:
        self.events.append(Event(text, kind, data))

    def name(self, u: dict[str, Any] | str) -> str:
        unit = self.units[u] if isinstance(u, str) else u
        kind = "army" if unit["kind"] == "army" else "fleet"
        return f"{self.nations[unit['nation']]['name']} {kind} {unit['id']}"

    def nation_name(self, seat: str) -> str:
        return self.nations[seat]["name"]

    def owner(self, province: str) -> str | None:
        return self.provinces[province]["owner"]

    def armies_at(self, place: str) -> list[str]:
        return [k for k, u in self.units.items() if u["kind"] == "army" and u["at"] == place]

    def home_of(self, seat: str) -> str:
        return self.nations[seat]["home"]

    def destroy(self, key: str, why: str) -> None:
        """Remove a unit; its war priest dies with it, an army aboard a sunk fleet drowns."""
        unit = self.units.pop(key, None)
        if unit is None:
            return
        self.say(f"{self.name(unit)} is destroyed ({why}).", "destroyed", unit=key)
        if unit["kind"] == "fleet" and unit["carrying"]:
            self.destroy(unit["carrying"], f"aboard {self.name(unit)} when it sank")
        if unit["kind"] == "army":
            if unit["aboard"] and unit["aboard"] in self.units:
                self.units[unit["aboard"]]["carrying"] = None
            for rec in self.provinces.values():
                if rec["siege"] and rec["siege"]["army"] == key:
                    rec["siege"] = None

    def next_battle_key(self, rule: str, place: str) -> str:
        n = self.battle_counter.get(place, 0) + 1
        self.battle_counter[place] = n
        return f"{rule}:{place}:{n}"

    # ------------------------------------------------------------------ 1. orders
    def write_orders(self, orders_by_seat: dict[str, list[Order]]) -> None:
        """Ecriture des ordres: index the sealed orders of every living nation by unit."""
        for prov in self.provinces.values():
            prov["pillaged"] = False
            prov["routes_cut"] = False
            prov["blockade"] = ""
        for seat, orders in orders_by_seat.items():
            if not self.nations.get(seat, {}).get("alive"):
                continue
            self.orders[seat] = list(orders)
            for order in orders:
                if order.unit and order.verb in {"hold", "move", "embark", "land", "blockade"}:
                    key = uid(seat, order.unit)
                    if key in self.units and key not in self.unit_orders:
                        self.unit_orders[key] = order

    # ------------------------------------------------------------------ 2. movement
    def movement(self) -> None:
        """Mouvements: every army and fleet built before this turn moves one step, all at once.

        A fleet moves to an adjacent sea zone and carries its army; an army moves to an
        adjacent province, embarks on a fleet anchored in an adjacent sea zone, or lands
        from its fleet into a province next to the fleet's (new) sea zone. A unit that does
        not move is "en mouillage" (fleet) or "en garnison" (army). There is no bounce:
        armies of several nations that meet in a province fight (see :meth:`land_battles`),
        armies that swap provinces pass each other.
        """
        fleet_moves: list[tuple[str, str, str]] = []
        for key, order in self.unit_orders.items():
            unit = self.units[key]
            if unit["kind"] != "fleet" or order.verb != "move":
                continue
            if order.target in self.map.seas[unit["at"]].seas:
                fleet_moves.append((key, unit["at"], order.target))
        for key, src, dst in fleet_moves:
            self.units[key]["at"] = dst
            self.fleets_moved.add(key)
            cargo = self.units[key]["carrying"]
            extra = f", carrying {self.name(cargo)}" if cargo else ""
            self.say(
                f"{self.name(key)} sails from {src} to {dst}{extra}.", "move", unit=key, src=src, dst=dst
            )

        for key, order in list(self.unit_orders.items()):
            unit = self.units[key]
            if unit["kind"] != "army" or order.verb == "hold" or unit["exhausted"]:
                continue
            if order.verb == "move" and unit["at"] and order.target in self.map.provinces[unit["at"]].land:
                self.lift_siege_by(key)
                src = unit["at"]
                unit["at"] = order.target
                self.entered[key] = src
                self.say(
                    f"{self.name(key)} marches from {src} to {order.target}.",
                    "move",
                    unit=key,
                    src=src,
                    dst=order.target,
                )
            elif order.verb == "embark":
                self.embark(key, unit, uid(unit["nation"], order.target))
            elif order.verb == "land" and unit["aboard"] in self.units:
                fleet = self.units[unit["aboard"]]
                if order.target in self.map.seas[fleet["at"]].coasts:
                    fleet["carrying"] = None
                    unit["aboard"] = None
                    unit["at"] = order.target
                    self.entered[key] = fleet["at"]
                    self.say(
                        f"{self.name(key)} lands from {fleet['at']} in {order.target}.",
                        "move",
                        unit=key,
                        src=fleet["at"],
                        dst=order.target,
                    )

    def embark(self, key: str, army: dict[str, Any], fleet_key: str) -> None:
        fleet = self.units.get(fleet_key)
        if (
            fleet is None
            or fleet_key in self.fleets_moved
            or fleet["carrying"]
            or not army["at"]
            or fleet["at"] not in self.map.provinces[army["at"]].seas
        ):
            self.say(
                f"{self.name(key)} cannot embark on {fleet_key.split(':')[1]}: it stays.", "move", unit=key
            )
            return
        self.lift_siege_by(key)
        fleet["carrying"] = key
        army["aboard"] = fleet_key
        src, army["at"] = army["at"], None
        self.say(
            f"{self.name(key)} embarks from {src} on {self.name(fleet)} in {fleet['at']}.", "move", unit=key
        )

    def lift_siege_by(self, key: str) -> None:
        """Book: "un envahisseur peut toujours lever un siege en repliant ... ou en embarquant"."""
        if self.besiegers is None:
            self.besiegers = {rec["siege"]["army"]: p for p, rec in self.provinces.items() if rec["siege"]}
        prov = self.besiegers.pop(key, None)
        if (
            prov is not None
            and self.provinces[prov]["siege"]
            and self.provinces[prov]["siege"]["army"] == key
        ):
            self.provinces[prov]["siege"] = None
            self.say(f"The siege of {prov} is lifted: {self.name(key)} leaves.", "siege", province=prov)

    # ------------------------------------------------------------------ 3a. brigands and pirates
    def interception_of_brigands_and_pirates(self) -> None:
        """Interception: a unit entering the zone of a brigand band or a pirate ship tries to destroy it.

        d6, +1 in a province the player controls: 1 the band escapes to an adjacent zone
        (chosen by a die, the band having no player here); 2 it panics and flees, the
        player choosing where (the first adjacent zone he does not control); 3-6 destroyed.
        """
        bands = self.state["bands"]
        if not bands:
            return
        comers: dict[str, list[str]] = {}
        for key in sorted(self.entered):
            comers.setdefault(self.units[key]["at"], []).append(key)
        for key in sorted(self.fleets_moved):
            if key in self.units:
                comers.setdefault(self.units[key]["at"], []).append(key)
        for band in list(bands):
            place = band["at"]
            for key in comers.get(place, []):
                if band not in bands or band["at"] != place or key not in self.units:
                    break
                seat = self.units[key]["nation"]
                roll = self.dice.d6(f"{band['kind']}:{place}")
                bonus = (
                    INTERCEPTION_CONTROLLED_BONUS
                    if self.map.is_province(place) and self.owner(place) == seat
                    else 0
                )
                result = INTERCEPTION_TABLE[min(6, roll + bonus)]
                what = "the brigand band" if band["kind"] == "brigands" else "the pirate ship"
                if result == "destroyed":
                    bands.remove(band)
                    self.say(
                        f"{self.name(key)} intercepts {what} in {place} (d6 {roll}+{bonus}): destroyed.",
                        "interception",
                        place=place,
                        roll=roll,
                    )
                    continue
                options = list(self.map.neighbours(place))
                if not options:
                    continue
                if result == "escapes":
                    dest = self.dice.choice(options, f"{band['kind']}-escape:{place}")
                else:
                    free = [p for p in options if not (self.map.is_province(p) and self.owner(p) == seat)]
                    dest = (free or options)[0]
                band["at"] = dest
                band["quiet_turn"] = self.turn
                verb = "escapes" if result == "escapes" else "panics and flees"
                self.say(
                    f"{self.name(key)} fails to catch {what} in {place} (d6 {roll}+{bonus}): "
                    f"{what.removeprefix('the ')} {verb} to {dest}.",
                    "interception",
                    place=place,
                    roll=roll,
                    to=dest,
                )

    # ------------------------------------------------------------------ 3b. battles
    def hostile_zones(self) -> list[tuple[str, str]]:
        """Every (kind, place) where a battle must be fought after the movement."""
        battles: list[tuple[str, str]] = []
        fleets: dict[str, dict[str, list[str]]] = {}
        armies: dict[str, dict[str, list[str]]] = {}
        for key, unit in self.units.items():
            if unit["at"] is None:
                continue
            table = fleets if unit["kind"] == "fleet" else armies
            table.setdefault(unit["at"], {}).setdefault(unit["nation"], []).append(key)
        for sea in sorted(fleets):
            sides = fleets[sea]
            if len(sides) > 1 and any(self.wants_naval_battle(k) for keys in sides.values() for k in keys):
                battles.append(("naval", sea))
        for prov in sorted(armies):
            if len(armies[prov]) > 1:
                battles.append(("land", prov))
        return battles

    def wants_naval_battle(self, fleet_key: str) -> bool:
        """Book: "il peut se produire une bataille navale si l'un des deux joueurs le souhaite".

        In the orders, a fleet that wants the battle says ``engage``."""
        order = self.unit_orders.get(fleet_key)
        return bool(order and order.has("engage"))

    def sides_at(self, kind: str, place: str) -> dict[str, list[str]]:
        """Each nation's units at a place, in the order its player wants them to fight.

        Book, Jonction d'armee: armies never merge; facing two armies of one player, an
        army fights them one after the other, "c'est le joueur qui decide laquelle de ses
        deux armees va livrer la premiere bataille" (order ``battle order A2 A1``; by
        default fresh armies before exhausted ones, then by number).
        """
        sides: dict[str, list[str]] = {}
        for key, unit in self.units.items():
            if unit["at"] == place and unit["kind"] == ("fleet" if kind == "naval" else "army"):
                sides.setdefault(unit["nation"], []).append(key)
        for seat, keys in sides.items():
            preferred = self.battle_order(seat)
            keys.sort(
                key=lambda k: (
                    preferred.get(self.units[k]["id"], 999),
                    self.units[k].get("exhausted", 0) > 0,
                    int(self.units[k]["id"][1:]),
                )
            )
        return sides

    def battle_order(self, seat: str) -> dict[str, int]:
        for order in self.orders.get(seat, []):
            if order.verb == "battle-order":
                return {u: i for i, u in enumerate(order.units)}
        return {}

    def order_of_battles(self, place: str, seats: Iterable[str], rule: str = "contest") -> list[str]:
        """Province contestee: every player rolls a d6, battles go from the lowest score to the highest.

        "Le joueur A obtient 2, le joueur B obtient 1 et le joueur C obtient 5: le joueur A
        va affronter le joueur B, et le vainqueur du combat va affronter le joueur C."
        Ties are rolled again (the same key, next roll) between the tied players.
        With two players nobody rolls: the newcomer fights the one already there.
        """
        seats = list(seats)
        if len(seats) < 3:
            present = [
                s
                for s in seats
                if any(
                    self.units[k]["nation"] == s and k not in self.entered
                    for k in self.units
                    if self.units[k]["at"] == place
                )
            ]
            return sorted(seats, key=lambda s: (s not in present, s))
        if place in self.stored_order:
            return self.stored_order[place]
        scores: dict[str, tuple[int, ...]] = {s: (self.dice.d6(f"{rule}:{place}:{s}"),) for s in seats}
        for _ in range(5):
            groups = Counter(scores.values())
            tied = [s for s in seats if groups[scores[s]] > 1]
            if not tied:
                break
            for s in sorted(tied):
                scores[s] = (*scores[s], self.dice.d6(f"{rule}:{place}:{s}"))
        order = sorted(seats, key=lambda s: (scores[s], s))
        self.stored_order[place] = order
        shown = ", ".join(f"{self.nation_name(s)} {scores[s][0]}" for s in order)
        self.say(
            f"{place} is contested: order of battles by d6 ({shown}).", "contest", place=place, order=order
        )
        return order

    def naval_battles(self, sea: str, results: dict[str, BattleResult] | None = None) -> None:
        """Flottes: a naval battle when one side wants it (``engage``); the loser is destroyed."""
        sides = self.sides_at("naval", sea)
        order = self.order_of_battles(sea, sorted(sides), rule="naval-contest")
        if results and sea in results and results[sea].winner != "dice":
            self.apply_result(sea, sides, results[sea])
            return
        champion = order[0]
        for challenger in order[1:]:
            hostile = any(self.wants_naval_battle(k) for k in sides[champion] + sides[challenger])
            if not hostile:
                continue
            champion = self.fight_sides(sea, "naval", sides, champion, challenger)

    def land_battles(self, province: str, results: dict[str, BattleResult] | None = None) -> None:
        """Combats in one province: armies of different nations that meet always fight.

        Several players: the d6 order of battles, the winner fights on (Province contestee).
        The consequences for the province (control, pillage, siege, the independent-province
        roll) come after, in :meth:`invasions`.
        """
        sides = self.sides_at("land", province)
        if len(sides) < 2:
            return
        if results and province in results and results[province].winner != "dice":
            self.apply_result(province, sides, results[province])
            return
        order = self.order_of_battles(province, sorted(sides))
        champion = order[0]
        for challenger in order[1:]:
            champion = self.fight_sides(province, "land", sides, champion, challenger)

    def fight_sides(self, place: str, kind: str, sides: dict[str, list[str]], a: str, b: str) -> str:
        """Two players' forces fight, one army (or fleet) against one, until one player has none."""
        while True:
            sides[a] = [k for k in sides[a] if k in self.units and self.units[k]["at"] == place]
            sides[b] = [k for k in sides[b] if k in self.units and self.units[k]["at"] == place]
            if not sides[a] or not sides[b]:
                return a if sides[a] else b
            x, y = sides[a][0], sides[b][0]
            # the unit already in place defends; the newcomer attacks
            attacker, defender = (x, y) if x in self.entered or y not in self.entered else (y, x)
            if kind == "land" and not self.exhausted_army_reacts(place, defender, attacker):
                continue
            if kind == "land" and not self.exhausted_army_reacts(place, attacker, defender):
                continue
            self.battle(place, kind, attacker, defender)

    def exhausted_army_reacts(self, place: str, key: str, enemy: str) -> bool:
        """Armee epuisee attaquee: d6 (+1 in its home province) on the reaction table.

        1-3 the army is destroyed; 4-5 it retreats to another region with an Exhausted II
        marker; 6 it fights normally. Returns True when the army fights.
        """
        army = self.units[key]
        if not army.get("exhausted") or key in self.steady:
            return True
        roll = self.dice.d6(f"exhausted:{place}:{key}")
        bonus = EXHAUSTED_HOME_BONUS if place == self.home_of(army["nation"]) else 0
        reaction = EXHAUSTED_REACTION[min(6, roll + bonus)]
        self.say(
            f"{self.name(key)} is exhausted and attacked by {self.name(enemy)}: "
            f"reaction d6 {roll}+{bonus} -> "
            f"{reaction}.",
            "exhausted",
            unit=key,
            roll=roll,
            reaction=reaction,
        )
        if reaction == "destroyed":
            self.destroy(key, "exhausted army routed")
            return False
        if reaction == "retreat":
            self.retreat(key, place, exhausted=2, why="exhausted army falls back")
            return False
        self.steady.add(key)  # it rallied: it fights on this turn without rolling again
        return True

    def battle(self, place: str, kind: str, attacker: str, defender: str) -> None:
        """One tactical battle by dice (see :mod:`.battle`); the loser is destroyed."""
        rule = "battle" if kind == "land" else "naval"
        key = self.next_battle_key(rule, place)
        a, d = self.fighter(attacker, place), self.fighter(defender, place)
        report = tactical_battle(self.dice, key, a, d)
        for fighter in (a, d):
            if fighter.priest_used and fighter.uid in self.units:
                self.units[fighter.uid]["priest"] = False
                self.say(
                    f"The war priest of {self.name(fighter.uid)} is spent in the battle.",
                    "priest",
                    unit=fighter.uid,
                )
        win, lose = report.winner, report.loser
        how = "holds the field" if report.held else f"breaks {self.name(lose.uid)}"
        self.say(
            f"Battle of {place} ({key}): {self.name(attacker)} ({a.elements} elements) against "
            f"{self.name(defender)} ({d.elements}); {self.name(win.uid)} {how} after {report.rounds} rounds "
            f"(losses {a.lost}-{d.lost}).",
            "battle",
            place=place,
            key=key,
            winner=win.uid,
            loser=lose.uid,
        )
        self.destroy(lose.uid, f"lost the battle of {place}")

    def fighter(self, key: str, place: str) -> Fighter:
        unit = self.units[key]
        elements = ELEMENTS
        if unit["kind"] == "army" and place == self.home_of(unit["nation"]):
            elements += SACRED_GUARD
        return Fighter(unit["nation"], key, elements, bool(unit.get("priest")))

    def apply_result(self, place: str, sides: dict[str, list[str]], result: BattleResult) -> None:
        """A battle fought on the table: every other player's units there are destroyed."""
        self.say(
            f"Battle of {place} fought on the table: {self.nation_name(result.winner)} wins.",
            "battle",
            place=place,
            winner=result.winner,
            table=True,
        )
        for seat, keys in sides.items():
            for key in keys:
                if seat != result.winner or key in result.lost:
                    self.destroy(key, f"lost the battle of {place}")
        for key in result.priests:
            if key in self.units and self.units[key].get("priest"):
                self.units[key]["priest"] = False
                self.say(f"The war priest of {self.name(key)} is spent in the battle.", "priest", unit=key)

    # ------------------------------------------------------------------ 3c. retreats
    def retreat(self, key: str, frm: str, exhausted: int, why: str) -> None:
        """Retreat into an adjacent province the player controls, or onto his fleet in an adjacent sea.

        Tried in turn: the ``retreat`` the orders named, the province the army came from,
        the other adjacent controlled provinces (alphabetical), an own fleet with room in an
        adjacent sea zone. A province holding another nation's army is no refuge. With
        nowhere to go the army is destroyed.
        """
        army = self.units[key]
        seat = army["nation"]
        order = self.unit_orders.get(key)
        wanted = order.retreat if order else ""
        came_from = self.entered.get(key, "")
        candidates: list[str] = []
        for place in (wanted, came_from, *self.map.provinces[frm].land):
            if place and place not in candidates:
                candidates.append(place)
        fleets = [
            k
            for k, u in self.units.items()
            if u["kind"] == "fleet"
            and u["nation"] == seat
            and u["at"] in self.map.provinces[frm].seas
            and not u["carrying"]
        ]
        if wanted.startswith("F") and uid(seat, wanted) in fleets:
            fleets.remove(uid(seat, wanted))
            fleets.insert(0, uid(seat, wanted))
        dest: str | None = None
        for place in candidates:
            if (
                place in self.map.provinces
                and place in self.map.provinces[frm].land
                and self.owner(place) == seat
                and all(self.units[k]["nation"] == seat for k in self.armies_at(place))
            ):
                dest = place
                break
        marker = {0: "", 1: " with an Exhausted I marker", 2: " with an Exhausted II marker"}[exhausted]
        if exhausted:
            army["exhausted"] = max(exhausted, army.get("exhausted", 0))
            army["exhausted_turn"] = self.turn
        if dest is not None:
            army["at"] = dest
            self.entered.pop(key, None)
            self.say(
                f"{self.name(key)} retreats from {frm} to {dest}{marker} ({why}).",
                "retreat",
                unit=key,
                to=dest,
            )
            return
        if fleets:
            fleet = self.units[fleets[0]]
            fleet["carrying"] = key
            army["aboard"], army["at"] = fleets[0], None
            self.entered.pop(key, None)
            self.say(
                f"{self.name(key)} retreats from {frm} aboard {self.name(fleet)}{marker} ({why}).",
                "retreat",
                unit=key,
                to=fleets[0],
            )
            return
        self.destroy(key, f"no province or fleet to retreat to from {frm}")

    # ------------------------------------------------------------------ 3d. invasions
    def invasions(self) -> None:
        """After the battles, the armies that entered a province they do not control invade it."""
        invaded: dict[str, list[str]] = {}
        for key in sorted(self.entered, key=lambda k: (k.split(":")[0], int(k.split(":")[1][1:]))):
            unit = self.units.get(key)
            if unit and unit["at"] and self.owner(unit["at"]) != unit["nation"]:
                invaded.setdefault(unit["at"], []).append(key)
        for province in sorted(invaded):
            keys = [k for k in invaded[province] if k in self.units and self.units[k]["at"] == province]
            if not keys:
                continue
            if self.owner(province) is None:
                self.invasion_of_independent_province(province, keys)
            else:
                self.invasion_of_players_province(province, keys)

    def invasion_of_independent_province(self, province: str, keys: list[str]) -> None:
        """4.1: d10 against the Resistance; success: control or pillage; failure: retreat, Exhausted I.

        Each invading army rolls in turn (``invasion:<province>``, then ``#1``...) until one
        succeeds. The fortress adds +2 (+1 only if the army has an engineer); a war priest
        takes 1 off (he is not spent: only battles spend him).
        """
        prov = self.map.provinces[province]
        for key in keys:
            army = self.units[key]
            needed = resistance(prov.demography)
            mods = []
            if prov.fortress:
                bonus = FORTRESS_RESISTANCE_WITH_ENGINEER if army["engineer"] else FORTRESS_RESISTANCE
                needed += bonus
                mods.append(f"fortress +{bonus}")
            if army["priest"]:
                needed += WAR_PRIEST_RESISTANCE
                mods.append("war priest -1")
            roll = self.dice.d10(f"invasion:{province}")
            shown = f"resistance {needed}+" + (f" ({', '.join(mods)})" if mods else "")
            if roll >= needed:
                order = self.unit_orders.get(key)
                if order and order.has("pillage"):
                    loot = prov.market
                    self.nations[army["nation"]]["treasury"] += loot
                    self.provinces[province]["pillaged"] = True
                    self.say(
                        f"{self.name(key)} invades independent {province}: d10 {roll}, {shown}: success; it "
                        f"pillages the province for {loot} PO.",
                        "invasion",
                        province=province,
                        roll=roll,
                        result="pillage",
                        loot=loot,
                    )
                else:
                    self.take_control(province, army["nation"])
                    self.say(
                        f"{self.name(key)} invades independent {province}: d10 {roll}, {shown}: success; "
                        f"{self.nation_name(army['nation'])} takes control.",
                        "invasion",
                        province=province,
                        roll=roll,
                        result="control",
                    )
                return
            self.say(
                f"{self.name(key)} invades independent {province}: d10 {roll}, {shown}: repulsed.",
                "invasion",
                province=province,
                roll=roll,
                result="failure",
            )
            self.retreat(key, province, exhausted=1, why="invasion repulsed")

    def invasion_of_players_province(self, province: str, keys: list[str]) -> None:
        """4.2: the invader won the tactical battle (or met no army).

        Without a fortress the invader takes control. With one he may (a) pillage for half
        the demographic factor and fall back to an adjacent controlled province, or (b) lay
        siege if the army has an engineer (order option ``siege``; the default when it has
        one). A province the same player already besieges is simply reinforced.
        """
        seat = self.units[keys[0]]["nation"]
        rec = self.provinces[province]
        prov = self.map.provinces[province]
        defender = rec["owner"]
        if rec["siege"] and rec["siege"]["nation"] == seat:
            return
        if not prov.fortress:
            self.say(
                f"{self.name(keys[0])} wins {province}: {self.nation_name(seat)} takes it from "
                f"{self.nation_name(defender)}.",
                "capture",
                province=province,
                loser=defender,
            )
            self.take_control(province, seat)
            return
        besieger = next(
            (k for k in keys if self.units[k]["engineer"] and self.wants(k, "siege", default=True)), None
        )
        if besieger is not None:
            rec["siege"] = {"nation": seat, "army": besieger, "turns": 0, "since": self.turn}
            self.say(
                f"{self.name(besieger)} lays siege to the fortress of {province}.",
                "siege",
                province=province,
                army=besieger,
            )
            return
        loot = half_up(prov.demography)
        self.nations[seat]["treasury"] += loot
        rec["pillaged"] = True
        self.say(
            f"{self.name(keys[0])} cannot take the fortress of {province}: "
            f"it pillages the province for {loot} PO "
            f"(half the demographic factor {prov.demography}).",
            "pillage",
            province=province,
            loot=loot,
        )
        for key in keys:
            self.retreat(key, province, exhausted=0, why="falls back after pillaging the fortress province")

    def wants(self, key: str, option: str, default: bool) -> bool:
        order = self.unit_orders.get(key)
        if order and any(order.has(o) for o in ("control", "pillage", "siege")):
            return order.has(option)
        return default

    def take_control(self, province: str, seat: str) -> None:
        rec = self.provinces[province]
        loser = rec["owner"]
        rec["owner"] = seat
        rec["siege"] = None
        if loser and self.nations[loser]["home"] == province:
            self.move_government(loser, province)

    def move_government(self, seat: str, lost: str) -> None:
        """Loss of the home province: the government moves to a controlled province, or the player is out.

        Where to: the province named by the player's ``government`` order if he still
        controls it, else his province with the greatest demographic factor (then by name).
        """
        mine = [p for p in owned_provinces(self.state, seat) if p != lost]
        if not mine:
            self.eliminate(seat, f"lost {lost}, its home province, and controls no other")
            return
        wanted = next((o.target for o in self.orders.get(seat, []) if o.verb == "government"), "")
        if wanted not in mine:
            wanted = sorted(mine, key=lambda p: (-self.map.provinces[p].demography, p))[0]
        self.nations[seat]["home"] = wanted
        self.say(
            f"{self.nation_name(seat)} loses {lost}: its government moves to {wanted}.",
            "government",
            nation=seat,
            home=wanted,
        )

    def eliminate(self, seat: str, why: str) -> None:
        nation = self.nations[seat]
        if not nation["alive"]:
            return
        nation["alive"] = False
        nation["eliminated_turn"] = self.turn
        for key in [k for k, u in self.units.items() if u["nation"] == seat]:
            self.units.pop(key)
        for rec in self.provinces.values():
            if rec["owner"] == seat:
                rec["owner"] = None
            if rec["siege"] and rec["siege"]["nation"] == seat:
                rec["siege"] = None
        for unit in self.units.values():
            if unit["kind"] == "fleet" and unit["carrying"] and unit["carrying"] not in self.units:
                unit["carrying"] = None
        self.say(f"{nation['name']} is eliminated: it {why}.", "elimination", nation=seat)

    # ------------------------------------------------------------------ 3e. sieges
    def sieges(self) -> None:
        """Siege: each turn after the siege is laid the defender tests his surrender on a d10.

        "Si le score est inferieur ou egal au nombre de tours de siege, la cite tombe."
        """
        for province in sorted(self.provinces):
            rec = self.provinces[province]
            siege = rec["siege"]
            if not siege or siege["since"] >= self.turn:
                continue
            army = self.units.get(siege["army"])
            if army is None or army["at"] != province:
                rec["siege"] = None
                continue
            siege["turns"] += 1
            roll = self.dice.d10(f"siege:{province}")
            if roll <= siege["turns"]:
                self.say(
                    f"Siege of {province}: d10 {roll} <= {siege['turns']} turns of siege: the city falls to "
                    f"{self.nation_name(siege['nation'])}.",
                    "siege",
                    province=province,
                    roll=roll,
                    result="falls",
                )
                self.take_control(province, siege["nation"])
            else:
                self.say(
                    f"Siege of {province}: d10 {roll} > {siege['turns']} turns of siege: the city holds.",
                    "siege",
                    province=province,
                    roll=roll,
                    result="holds",
                )

    # ------------------------------------------------------------------ 3f. garrisons
    def garrison_pillage_and_cut_routes(self) -> None:
        """Armee en garnison: an army that did not move MAY pillage (half the local market, rounded
        up) and MAY cut the trade routes of the province it occupies."""
        for key, order in sorted(self.unit_orders.items()):
            unit = self.units.get(key)
            if (
                not unit
                or unit["kind"] != "army"
                or order.verb != "hold"
                or not unit["at"]
                or key in self.entered
            ):
                continue
            province = unit["at"]
            if self.owner(province) == unit["nation"]:
                continue
            rec = self.provinces[province]
            if order.has("pillage"):
                loot = half_up(self.map.provinces[province].market)
                self.nations[unit["nation"]]["treasury"] += loot
                rec["pillaged"] = True
                self.say(
                    f"{self.name(key)} in garrison pillages {province} for {loot} PO (half its market).",
                    "pillage",
                    province=province,
                    loot=loot,
                )
            if order.has("cut"):
                rec["routes_cut"] = True
                self.say(
                    f"{self.name(key)} cuts the trade routes of {province}.", "routes", province=province
                )

    # ------------------------------------------------------------------ 3g. blockades
    def blockades(self) -> None:
        """Blocus maritime: a fleet next to an enemy port rolls a d6 on the blockade table."""
        for key, order in sorted(self.unit_orders.items()):
            fleet = self.units.get(key)
            if not fleet or fleet["kind"] != "fleet" or order.verb != "blockade" or key in self.fleets_moved:
                continue
            port = order.target
            owner = self.owner(port) if port in self.provinces else None
            if owner in (None, fleet["nation"]) or port not in self.map.seas[fleet["at"]].coasts:
                continue
            roll = self.dice.d6(f"blockade:{port}")
            effect = BLOCKADE_TABLE[roll]
            rec = self.provinces[port]
            if effect != "none":
                rec["routes_cut"] = True
            if effect == "routes-and-market":
                rec["blockade"] = "market"
            text = {
                "none": "no effect",
                "routes": "its trade routes are cut",
                "routes-and-market": "no market taxes this turn and its trade routes are cut",
            }[effect]
            self.say(
                f"{self.name(key)} blockades {port} from {fleet['at']}: d6 {roll}, {text}.",
                "blockade",
                port=port,
                roll=roll,
                effect=effect,
            )

    # ------------------------------------------------------------------ 4. purchases
    def purchases(self) -> None:
        """Achats: armies (50 PO) where raised, fleets (100 PO) in a sea zone next to an arsenal.

        Bought units appear now and move from next turn. Mercenaries hired go into garrison
        in the home province; an army raised may replace elements by mercenaries from there.
        Engineers and war priests join an army (project stand-ins for the economic phase).
        """
        costs = self.map.costs
        for seat in sorted(self.orders):
            nation = self.nations[seat]
            if not nation["alive"]:
                continue
            ranked = sorted(
                (o for o in self.orders[seat] if o.is_purchase),
                key=lambda o: (
                    ("hire-mercenaries", "buy-army", "buy-fleet").index(o.verb)
                    if o.verb in ("hire-mercenaries", "buy-army", "buy-fleet")
                    else 3
                ),
            )
            for order in ranked:
                self.purchase(seat, nation, order, costs)

    def purchase(self, seat: str, nation: dict[str, Any], order: Order, costs: dict[str, int]) -> None:
        verb = order.verb
        price = {
            "buy-army": costs["army"],
            "buy-fleet": costs["fleet"],
            "hire-engineer": costs["engineer"],
            "hire-priest": costs["priest"],
            "hire-mercenaries": costs["mercenary"] * order.count,
        }[verb]
        refusal = self.purchase_refusal(seat, nation, order)
        if refusal is None and price > nation["treasury"]:
            refusal = f"it costs {price} PO and the treasury holds {nation['treasury']} PO"
        if refusal:
            self.say(
                f"{nation['name']} cannot {order.text()}: {refusal}.", "purchase", nation=seat, refused=True
            )
            return
        nation["treasury"] -= price
        if verb == "buy-army":
            nation["next_army"] += 1
            army = new_army(seat, nation["next_army"] - 1, order.target, self.turn, order.count)
            nation["mercenaries"] -= order.count
            self.units[uid(seat, army["id"])] = army
            merc = f" with {order.count} mercenary elements" if order.count else ""
            what = f"army {army['id']} ({self.map.provinces[order.target].army_list}){merc} in {order.target}"
        elif verb == "buy-fleet":
            nation["next_fleet"] += 1
            fleet = new_fleet(seat, nation["next_fleet"] - 1, order.sea, self.turn)
            self.units[uid(seat, fleet["id"])] = fleet
            what = f"fleet {fleet['id']} in {order.sea} (arsenal of {order.target})"
        elif verb == "hire-mercenaries":
            nation["mercenaries"] += order.count
            what = f"{order.count} mercenary elements, in garrison in {nation['home']}"
        else:
            role = verb[5:]
            self.units[uid(seat, order.unit)][role] = True
            what = f"a{'n' if role == 'engineer' else ' war'} {role} for army {order.unit}"
        self.say(f"{nation['name']} buys {what} for {price} PO.", "purchase", nation=seat, price=price)

    def purchase_refusal(self, seat: str, nation: dict[str, Any], order: Order) -> str | None:
        if order.verb in {"buy-army", "buy-fleet"}:
            rec = self.provinces.get(order.target)
            if rec is None or rec["owner"] != seat:
                return f"{order.target} is no longer under its control"
            if rec["siege"]:
                return f"{order.target} is besieged"
            if order.verb == "buy-army" and order.count > nation["mercenaries"]:
                return f"only {nation['mercenaries']} mercenaries are in garrison"
            if order.verb == "buy-fleet" and (
                not self.map.provinces[order.target].arsenal
                or order.sea not in self.map.provinces[order.target].seas
            ):
                return f"no arsenal in {order.target} next to {order.sea}"
        if order.verb in {"hire-engineer", "hire-priest"}:
            army = self.units.get(uid(seat, order.unit))
            if army is None:
                return f"army {order.unit} no longer exists"
            if army[order.verb[5:]]:
                return f"army {order.unit} already has one"
        return None

    # ------------------------------------------------------------------ economic stand-in
    def income(self) -> None:
        """Project stand-in for the economic phase: each nation collects the local market of its
        provinces that are not besieged, not pillaged this turn, not blockaded (d6 6) and hold no
        brigands. No upkeep is charged (the book's upkeep belongs to the economic phase)."""
        brigands = {b["at"] for b in self.state["bands"] if b["kind"] == "brigands"}
        markets: dict[str | None, int] = {}
        for province, rec in self.provinces.items():
            if rec["siege"] or rec["pillaged"] or rec["blockade"] or province in brigands:
                continue
            markets[rec["owner"]] = markets.get(rec["owner"], 0) + self.map.provinces[province].market
        for seat in sorted(self.nations):
            nation = self.nations[seat]
            if not nation["alive"]:
                continue
            total = markets.get(seat, 0)
            nation["treasury"] += total
            nation["income"] = total
            self.say(
                f"{nation['name']} collects {total} PO of local markets (treasury {nation['treasury']} PO).",
                "income",
                nation=seat,
                income=total,
            )

    def remove_exhausted_markers(self) -> None:
        """ "Un marqueur epuise est retire a la fin de la phase de mouvement du tour suivant":
        a marker placed in turn t keeps the army still through turn t+1 and goes at its end."""
        for key, unit in self.units.items():
            if unit["kind"] == "army" and unit["exhausted"] and unit["exhausted_turn"] < self.turn:
                unit["exhausted"] = 0
                self.say(f"{self.name(key)} is no longer exhausted.", "exhausted", unit=key)

    # ------------------------------------------------------------------ the whole turn
    def first_half(self, orders_by_seat: dict[str, list[Order]]) -> list[tuple[str, str]]:
        self.write_orders(orders_by_seat)
        self.movement()
        self.interception_of_brigands_and_pirates()
        return self.hostile_zones()

    def fight(self, battles: list[tuple[str, str]], results: dict[str, BattleResult] | None = None) -> None:
        for kind, place in battles:
            if kind == "naval":
                self.naval_battles(place, results)
        for kind, place in battles:
            if kind == "land":
                self.land_battles(place, results)

    def second_half(self) -> None:
        self.invasions()
        self.sieges()
        self.garrison_pillage_and_cut_routes()
        self.blockades()
        self.purchases()
        self.income()
        self.remove_exhausted_markers()
        self.state["turn"] = self.turn + 1
        self.state["pending"] = None
