"""The military phase, adjudicated simultaneously: one function per step of the book.

Book, "Deroulement de la phase militaire":

1. Ecriture des ordres de mouvement   - the sealed orders (see :mod:`.orders`)
2. Mouvements des armees et des flottes - :meth:`MilitaryPhase.movement`
3. Combats, sieges et pillages          - naval battles, landings, interception, land
                                          battles, invasions, sieges, garrison pillage,
                                          blockades
4. Achats de nouvelles armees et flottes - :meth:`MilitaryPhase.purchases`

then the project's stand-in for the economic phase (:meth:`MilitaryPhase.income`)
and the removal of old Exhausted markers. Every die roll is keyed by the rule and
its subject (``invasion:Gallia``, ``battle:Pannonia:1:rome``, ``siege:Syracusae``).

Every step is simultaneous: it is resolved against the state at the start of the step
and its consequences are applied together (see :class:`MilitaryPhase`).

With ``battles=table`` the phase stops before the naval battles and again before the
land battles (when there are any), writes the battles to fight into
``state["pending"]`` and goes on when the referee's results come in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from adjudicator.games.base import Event
from adjudicator.games.dice import Dice

# The map and the orders stay Python; the battle is compiled with this phase (see .native): the
# copy that setup.py compiles in .native imports its own compiled battle.py, and these two
# modules by their full names.
from adjudicator.games.mare_nostrum.map import GameMap
from adjudicator.games.mare_nostrum.orders import BattleResult, Order, canonical_orders

from .battle import ELEMENTS, SACRED_GUARD, Fighter, tactical_battle

_new_object = object.__new__

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

#: contest d6 ties are rolled again; past this many rerolls (only pinned dice get there) the
#: order of the seats stands
MAX_CONTEST_REROLLS = 50

#: Achats: the order in which one nation's purchases are made
#: the map's cost of what each purchase buys (mercenaries are priced per element)
PRICED_AS = {"buy-army": "army", "buy-fleet": "fleet", "hire-engineer": "engineer", "hire-priest": "priest"}
PURCHASE_ORDER = ("hire-mercenaries", "buy-army", "buy-fleet", "hire-engineer", "hire-priest")
#: each purchase verb's place in PURCHASE_ORDER (the verbs of ``Order.is_purchase``)
PURCHASE_RANK = {verb: i for i, verb in enumerate(PURCHASE_ORDER)}


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


@dataclass
class Retreat:
    """An army that must leave a province: where from, with which marker, and where it may go.

    ``anywhere``: the exhausted reaction 4-5 (« l'armee retraite dans une autre region »): any
    adjacent province it may enter, its own first. Otherwise (a repulsed invasion, 4.1; the
    fall-back after pillaging a fortress, 4.2 a) only an adjacent province it controls.
    Either way an own fleet with room in an adjacent sea zone takes it when no province does.
    """

    key: str
    frm: str
    exhausted: int
    why: str
    anywhere: bool = False


class MilitaryPhase:
    """One turn's military phase over a mutable state.

    Simultaneity: every step is resolved against the state at the start of that step and
    its consequences (captures, losses, retreats, eliminations) are applied together, so
    no outcome depends on the order in which provinces, sea zones or nations are visited.
    """

    def __init__(self, state: State, game_map: GameMap, dice: Dice) -> None:
        self.state = state
        self.map = game_map
        self.dice = dice
        #: each place's position in the map file
        self.rank: dict[str, int] = game_map.rank
        self.events: list[Event] = []
        #: unit key -> its name in reports (see :meth:`name`)
        self.names: dict[str, str] = {}
        self.turn: int = state["turn"]
        self.units: dict[str, dict[str, Any]] = state["units"]
        self.provinces: dict[str, dict[str, Any]] = state["provinces"]
        self.nations: dict[str, dict[str, Any]] = state["nations"]
        self.orders: dict[str, list[Order]] = {}
        self.unit_orders: dict[str, Order] = {}
        #: each seat's place in the game's seat list
        self.seat_ranks: dict[str, int] = {s: i for i, s in enumerate(state.get("seats", []))}
        # Lookups built once per resolve and kept up to date by every change they index, so that
        # no step scans every unit or province for each place it looks at. Each gives
        # what the plain scan gives, in the same order (tests/games/mare_nostrum/conftest.py
        # checks every lookup against the scan while the rule tests run).
        #: each unit's position in the state's table of units (the order a scan visits them in)
        self.ordinal: dict[str, int] = dict(zip(self.units, range(len(self.units)), strict=True))
        #: place -> the units there (the keys of a dict used as a set)
        self.here: dict[str, dict[str, None]] = {}
        here = self.here
        for key, unit in self.units.items():
            at = unit["at"]
            if at:
                there = here.get(at)
                if there is None:
                    here[at] = {key: None}
                else:
                    there[key] = None
        #: army -> the provinces whose siege record names it (possibly stale: checked when used)
        self.sieges_by: dict[str, list[str]] = {}
        for province, rec in self.provinces.items():
            if rec["siege"]:
                self.sieges_by.setdefault(rec["siege"]["army"], []).append(province)
        #: per seat, from its orders: the provinces where it keeps a truce, its battle order
        self.truces: set[tuple[str, str]] = set()
        self.battle_orders: dict[str, dict[str, int]] = {}
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
        #: armies that won a battle this turn (an army already in a province that wins invades it)
        self.won: set[str] = set()
        #: provinces whose owner had an army in them when the land battles began
        self.defended: set[str] = set()
        #: pairs of nations that fought to a draw in a place this turn: they fight no more there
        self.drawn: set[tuple[str, str, str]] = set()
        #: armies that left a battle (exhausted reaction 4-5) and retreat at the end of the step
        self.withdrawn: set[str] = set()
        self.step_retreats: list[Retreat] = []
        #: the nations in each province when the land battles began
        self.battle_start: dict[str, set[str]] = {}
        #: each battle zone's sides as the last :meth:`naval_zones` or :meth:`land_zones` found
        #: them, taken by the battle fought there next: a battle changes only the units of its own
        #: place (it destroys, or withdraws, or spends priests there; retreats wait for the end of
        #: the step), so a zone's sides are still what :meth:`sides_at` would give when its turn
        #: comes (tests/games/mare_nostrum/conftest.py checks it)
        self.zone_sides: dict[str, dict[str, dict[str, list[str]]]] = {"naval": {}, "land": {}}

    # ------------------------------------------------------------------ helpers
    def say(self, text: str, kind: str, **data: Any) -> None:
        # Event(text, kind, data), the same fields in the same order, without the frozen
        # dataclass's __init__ (four object.__setattr__ calls): 0.45 instead of 0.9 us an event
        event = _new_object(Event)
        fields = event.__dict__
        fields["text"] = text
        fields["kind"] = kind
        fields["data"] = data
        fields["seats"] = None
        self.events.append(event)

    def name(self, u: dict[str, Any] | str) -> str:
        if isinstance(u, str):
            # a unit's name follows from its key (nation, kind and number), so it is kept
            named = self.names.get(u)
            if named is None:
                named = self.names[u] = self.unit_name(self.units[u])
            return named
        return self.unit_name(u)

    def unit_name(self, unit: dict[str, Any]) -> str:
        kind = "army" if unit["kind"] == "army" else "fleet"
        return f"{self.nations[unit['nation']]['name']} {kind} {unit['id']}"

    def nation_name(self, seat: str) -> str:
        return self.nations[seat]["name"]

    def owner(self, province: str) -> str | None:
        return self.provinces[province]["owner"]

    def units_at(self, place: str, kind: str) -> list[str]:
        """The units of ``kind`` (army or fleet) at ``place``, in the order of the state's table."""
        here = self.here.get(place)
        if not here:
            return []
        units = self.units
        if len(here) == 1:  # the common case, without a comprehension's frame
            (key,) = here
            return [key] if units[key]["kind"] == kind else []
        found = [k for k in here if units[k]["kind"] == kind]
        if len(found) > 1:
            found.sort(key=self.ordinal.__getitem__)
        return found

    def relocate(self, key: str, where: str | None) -> None:
        """Put a unit at ``where`` (None: aboard a fleet), keeping the lookup by place up to date."""
        unit = self.units[key]
        here = self.here
        if unit["at"]:
            here[unit["at"]].pop(key, None)
        unit["at"] = where
        if where:
            there = here.get(where)
            if there is None:
                here[where] = {key: None}
            else:
                there[key] = None

    def add_unit(self, key: str, unit: dict[str, Any]) -> None:
        self.units[key] = unit
        self.ordinal[key] = len(self.ordinal)
        at = unit["at"]
        if at:
            there = self.here.get(at)
            if there is None:
                self.here[at] = {key: None}
            else:
                there[key] = None

    def forget(self, key: str, unit: dict[str, Any]) -> None:
        """A unit left the table (destroyed, or its nation eliminated): out of the lookups too."""
        if unit["at"] and unit["at"] in self.here:
            self.here[unit["at"]].pop(key, None)

    def home_of(self, seat: str) -> str:
        return self.nations[seat]["home"]

    def seat_rank(self, seat: str) -> int:
        """The nation's place in the game's seat list (the map's order): for the wording of reports."""
        seats = self.state.get("seats", [])
        rank = self.seat_ranks.get(seat)
        return len(seats) if rank is None else rank

    def fleet_rank(self, key: str) -> tuple[int, int]:
        """A unit's place among several nations' units: its nation's seat, then its number."""
        return self.seat_rank(key.rsplit(":", 1)[0]), self.number(key)

    def in_map_order(self, places: Iterable[str]) -> list[str]:
        """Places in the order the map file lists them: wherever the rules need an order among
        places (a default refuge, a band's escape), it is the map's, never the alphabet's."""
        return sorted(places, key=lambda p: self.rank.get(p, len(self.rank)))

    @staticmethod
    def number(key: str) -> int:
        return int(key.rsplit(":", 1)[1][1:])

    def occupancy(self) -> dict[str, set[str]]:
        """Province -> the nations with an army in it (not counting armies leaving a battle)."""
        out: dict[str, set[str]] = {}
        withdrawn = self.withdrawn
        for key, unit in self.units.items():
            at = unit["at"]
            if at and unit["kind"] == "army" and key not in withdrawn:
                nations = out.get(at)
                if nations is None:
                    out[at] = {unit["nation"]}
                else:
                    nations.add(unit["nation"])
        return out

    def destroy(self, key: str, why: str) -> None:
        """Remove a unit; its war priest dies with it, an army aboard a sunk fleet drowns."""
        unit = self.units.get(key)
        if unit is None:
            return
        name = self.name(key)  # kept per key, while the unit is still on the table
        del self.units[key]
        self.forget(key, unit)
        self.say(f"{name} is destroyed ({why}).", "destroyed", unit=key)
        if unit["kind"] == "fleet" and unit["carrying"]:
            self.destroy(unit["carrying"], f"aboard {name} when it sank")
        if unit["kind"] == "army":
            if unit["aboard"] and unit["aboard"] in self.units:
                self.units[unit["aboard"]]["carrying"] = None
            for province in self.sieges_by.pop(key, ()):
                rec = self.provinces[province]
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
            units, unit_orders = self.units, self.unit_orders
            for order in orders:
                verb = order.verb
                if verb == "truce":
                    self.truces.add((seat, order.target))
                elif verb == "battle-order" and seat not in self.battle_orders:
                    self.battle_orders[seat] = {u: i for i, u in enumerate(order.units)}
                if order.unit and verb in {"hold", "move", "embark", "land", "blockade"}:
                    key = f"{seat}:{order.unit}"  # uid(seat, order.unit)
                    if key in units and key not in unit_orders:
                        unit_orders[key] = order

    # ------------------------------------------------------------------ 2. movement
    def movement(self) -> None:
        """Mouvements: every army and fleet built before this turn moves one step, all at once.

        A fleet moves to an adjacent sea zone and carries its army; an army moves to an
        adjacent province or embarks on a fleet anchored in an adjacent sea zone. Landings
        wait for the naval battles (:meth:`landings`): a fleet must survive to put its army
        ashore. A unit that does not move is "en mouillage" (fleet) or "en garnison" (army).
        There is no bounce: armies of several nations that meet in a province fight (see
        :meth:`land_battles`), armies that swap provinces pass each other.
        """
        fleet_moves: list[tuple[str, str, str]] = []
        #: the armies' moves and embarkations, in the orders' order, made after the fleets'
        army_moves: list[tuple[str, Order, dict[str, Any]]] = []
        units, seas, provinces = self.units, self.map.seas, self.map.provinces
        for key, order in self.unit_orders.items():
            verb = order.verb
            if verb != "move" and verb != "embark":
                continue  # the other orders (hold, land, blockade) move nothing now
            unit = units[key]
            if unit["kind"] == "fleet":
                if verb == "move" and order.target in seas[unit["at"]].seas:
                    fleet_moves.append((key, unit["at"], order.target))
            elif not unit["exhausted"]:
                army_moves.append((key, order, unit))
        for key, src, dst in fleet_moves:
            self.relocate(key, dst)
            self.fleets_moved.add(key)
            cargo = units[key]["carrying"]
            extra = f", carrying {self.name(cargo)}" if cargo else ""
            self.say(
                f"{self.name(key)} sails from {src} to {dst}{extra}.", "move", unit=key, src=src, dst=dst
            )

        for key, order, unit in army_moves:
            if order.verb == "move" and unit["at"] and order.target in provinces[unit["at"]].land:
                self.lift_siege_by(key)
                src = unit["at"]
                self.relocate(key, order.target)
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
        src = army["at"]
        self.relocate(key, None)
        self.say(
            f"{self.name(key)} embarks from {src} on {self.name(fleet)} in {fleet['at']}.", "move", unit=key
        )

    def landings(self) -> None:
        """After the naval battles, armies aboard surviving fleets land on a coast of their sea zone.

        « Une flotte de guerre peut transporter une armee »: an army whose fleet was sunk
        went down with it (:meth:`destroy`) and lands nowhere.
        """
        for key, order in list(self.unit_orders.items()):
            if order.verb != "land":
                continue
            unit = self.units.get(key)
            if unit is None or unit["kind"] != "army" or unit["exhausted"]:
                continue
            fleet = self.units.get(unit["aboard"] or "")
            if fleet is None or order.target not in self.map.seas[fleet["at"]].coasts:
                continue
            fleet["carrying"] = None
            unit["aboard"] = None
            self.relocate(key, order.target)
            self.entered[key] = fleet["at"]
            self.say(
                f"{self.name(key)} lands from {fleet['at']} in {order.target}.",
                "move",
                unit=key,
                src=fleet["at"],
                dst=order.target,
            )

    def lift_siege_by(self, key: str) -> None:
        """Book: "un envahisseur peut toujours lever un siege en repliant ... ou en embarquant"."""
        if self.besiegers is None:
            self.besiegers = {rec["siege"]["army"]: p for p, rec in self.provinces.items() if rec["siege"]}
        if not self.besiegers:
            return
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
        """Interception: « le joueur peut tenter » to destroy a band in the zone his unit enters.

        Only a unit ordered to ``intercept`` tries, when it entered this turn the zone where
        the band stood at the start of the step. Every hunter of a band rolls its own d6
        (``brigands:<province>:<nation>:<unit>``, ``pirates:<sea>:...``), +1 in a province
        its player controls; the best result decides, all bands at once:
        3-6 destroyed; 2 it panics and flees where the player drives it (``drive``; by
        default the first adjacent zone, in the map's order, he does not control; when
        several nations rolled the 2, a die picks among their choices); 1 it escapes to an
        adjacent zone picked by a die (the band has no player here).
        """
        bands = self.state["bands"]
        plans: list[tuple[dict[str, Any], str, str | None]] = []
        hunting = self.hunters()
        for band in bands:
            place = band["at"]
            hunters = hunting.get(place, [])
            if not hunters:
                continue
            what = "the brigand band" if band["kind"] == "brigands" else "the pirate ship"
            results: dict[str, str] = {}
            for key in hunters:
                seat = self.units[key]["nation"]
                roll = self.dice.d6(f"{band['kind']}:{place}:{key}")
                bonus = (
                    INTERCEPTION_CONTROLLED_BONUS
                    if self.map.is_province(place) and self.owner(place) == seat
                    else 0
                )
                results[key] = INTERCEPTION_TABLE[min(6, roll + bonus)]
                self.say(
                    f"{self.name(key)} tries to intercept {what} in {place} (d6 {roll}+{bonus}): "
                    f"{results[key]}.",
                    "interception",
                    place=place,
                    unit=key,
                    roll=roll,
                    result=results[key],
                )
            best = next(r for r in ("destroyed", "flees", "escapes") if r in results.values())
            options = self.map.neighbours_in_map_order[place]
            if best == "destroyed":
                plans.append((band, "destroyed", None))
            elif not options:
                continue
            elif best == "escapes":
                plans.append((band, best, self.dice.choice(options, f"{band['kind']}-escape:{place}")))
            else:
                wanted = {
                    self.flee_destination(key, place, options) for key, r in results.items() if r == best
                }
                choices = [p for p in options if p in wanted]
                dest = (
                    choices[0]
                    if len(choices) == 1
                    else self.dice.choice(choices, f"{band['kind']}-flee:{place}")
                )
                plans.append((band, best, dest))
        for band, result, to in plans:
            what = "The brigand band" if band["kind"] == "brigands" else "The pirate ship"
            if result == "destroyed":
                bands.remove(band)
                self.say(f"{what} in {band['at']} is destroyed.", "interception", place=band["at"])
                continue
            src, band["at"], band["quiet_turn"] = band["at"], to, self.turn
            verb = "escapes" if result == "escapes" else "panics and flees"
            self.say(f"{what} in {src} {verb} to {to}.", "interception", place=src, to=to)

    def hunters(self) -> dict[str | None, list[str]]:
        """Place -> the units that entered it this turn ordered to ``intercept``, in the orders' order."""
        hunting: dict[str | None, list[str]] = {}
        for key, order in self.unit_orders.items():
            if (
                "intercept" in order.options  # order.has("intercept"), without a call per order
                and key in self.units
                and (key in self.entered or key in self.fleets_moved)
            ):
                hunting.setdefault(self.units[key]["at"], []).append(key)
        return hunting

    def flee_destination(self, key: str, place: str, options: tuple[str, ...]) -> str:
        """Where the player drives a panicking band: his ``drive`` order, else the first
        adjacent zone (map order) he does not control."""
        order = self.unit_orders.get(key)
        if order and order.drive in options:
            return order.drive
        seat = self.units[key]["nation"]
        free = [p for p in options if not (self.map.is_province(p) and self.owner(p) == seat)]
        return (free or options)[0]

    # ------------------------------------------------------------------ 3b. battles
    def crowded(self, places: Mapping[str, Any]) -> list[str]:
        """The places among ``places`` (the map's provinces, or its sea zones) where two units or
        more stand, in the map's order: the only places where a battle can be (looked up by
        place, so that a step does not visit every place of a large map)."""
        return sorted(
            (p for p, here in self.here.items() if len(here) > 1 and p in places), key=self.rank.__getitem__
        )

    def naval_zones(self) -> list[tuple[str, str]]:
        """Every sea zone where a naval battle must be fought after the movement."""
        battles = []
        units = self.units
        kept = self.zone_sides["naval"] = {}
        for sea in self.crowded(self.map.seas):
            if len({units[k]["nation"] for k in self.here[sea]}) < 2:
                continue  # the fleets of one nation at most: no battle
            sides = self.sides_at("naval", sea)
            if self.hostile_pairs(sea, "naval", sides):
                battles.append(("naval", sea))
                kept[sea] = sides
        return battles

    def land_zones(self) -> list[tuple[str, str]]:
        """Every province where a land battle must be fought (some pair of nations there fights)."""
        battles = []
        units, withdrawn = self.units, self.withdrawn
        kept = self.zone_sides["land"] = {}
        for prov in self.crowded(self.map.provinces):
            if len({units[k]["nation"] for k in self.here[prov] if k not in withdrawn}) < 2:
                continue  # the armies of one nation at most: no battle
            sides = self.sides_at("land", prov)
            if self.hostile_pairs(prov, "land", sides):
                battles.append(("land", prov))
                kept[prov] = sides
        return battles

    def wants_naval_battle(self, fleet_key: str) -> bool:
        """Book: "il peut se produire une bataille navale si l'un des deux joueurs le souhaite".

        In the orders, a fleet that wants the battle says ``engage``."""
        order = self.unit_orders.get(fleet_key)
        return bool(order and order.has("engage"))

    def keeps_truce(self, seat: str, province: str) -> bool:
        return (seat, province) in self.truces

    def hostile(self, place: str, kind: str, sides: dict[str, list[str]], a: str, b: str) -> bool:
        """Do nations ``a`` and ``b`` fight each other in ``place``?

        At sea when a fleet of either side engages; on land unless both keep a ``truce``
        there (« s'ils decident d'en venir aux mains »: one side alone cannot refuse the
        battle the other brings). A pair that fought to a draw fights no more this turn.
        """
        if self.drawn and (place, min(a, b), max(a, b)) in self.drawn:
            return False
        if kind == "naval":
            return any(self.wants_naval_battle(k) for k in sides.get(a, []) + sides.get(b, []))
        return not (self.keeps_truce(a, place) and self.keeps_truce(b, place))

    def hostile_pairs(self, place: str, kind: str, sides: dict[str, list[str]]) -> list[tuple[str, str]]:
        seats = [s for s in sides if sides[s]]
        return [(a, b) for a, b in combinations(seats, 2) if self.hostile(place, kind, sides, a, b)]

    def sides_at(self, kind: str, place: str) -> dict[str, list[str]]:
        """Each nation's units at a place, in the order its player wants them to fight.

        Book, Jonction d'armee: armies never merge; facing two armies of one player, an
        army fights them one after the other, "c'est le joueur qui decide laquelle de ses
        deux armees va livrer la premiere bataille" (order ``battle order A2 A1``; by
        default fresh armies before exhausted ones, then by number).
        """
        sides: dict[str, list[str]] = {}
        units = self.units
        withdrawn = self.withdrawn
        for key in self.units_at(place, "fleet" if kind == "naval" else "army"):
            if key not in withdrawn:
                sides.setdefault(units[key]["nation"], []).append(key)
        for seat, keys in sides.items():
            if len(keys) > 1:
                self.in_fighting_order(seat, keys)
        return sides

    def in_fighting_order(self, seat: str, keys: list[str]) -> None:
        """Sort one nation's units at a place (in place): its ``battle order``, then fresh
        before exhausted, then by number (see :meth:`sides_at`)."""
        units = self.units
        preferred = self.battle_order(seat)
        keys.sort(
            key=lambda k: (
                preferred.get(units[k]["id"], 999),
                units[k].get("exhausted", 0) > 0,
                self.number(k),
            )
        )

    def battle_order(self, seat: str) -> dict[str, int]:
        """The seat's ``battle order`` (its first one), as unit -> rank; {} without one."""
        return self.battle_orders.get(seat, {})

    def newcomer(self, key: str) -> bool:
        return key in self.entered or key in self.fleets_moved

    def order_of_battles(self, place: str, seats: Iterable[str], rule: str = "contest") -> list[str]:
        """Province contestee: every player rolls a d6, battles go from the lowest score to the highest.

        "Le joueur A obtient 2, le joueur B obtient 1 et le joueur C obtient 5: le joueur A
        va affronter le joueur B, et le vainqueur du combat va affronter le joueur C."
        Ties are rolled again (the same key, next roll) between the tied players.
        With two players nobody rolls: the newcomer fights the one already there.
        """
        seats = sorted(seats, key=self.seat_rank)
        if len(seats) < 3:
            return seats
        if place in self.stored_order:
            return self.stored_order[place]
        scores: dict[str, tuple[int, ...]] = {s: (self.dice.d6(f"{rule}:{place}:{s}"),) for s in seats}
        for _ in range(MAX_CONTEST_REROLLS):
            groups = Counter(scores.values())
            tied = [s for s in seats if groups[scores[s]] > 1]
            if not tied:
                break
            for s in tied:
                scores[s] = (*scores[s], self.dice.d6(f"{rule}:{place}:{s}"))
        order = sorted(seats, key=lambda s: scores[s])  # stable: still tied only with pinned dice
        self.stored_order[place] = order
        shown = ", ".join(f"{self.nation_name(s)} {scores[s][0]}" for s in order)
        self.say(
            f"{place} is contested: order of battles by d6 ({shown}).", "contest", place=place, order=order
        )
        return order

    def naval_battles(self, sea: str, results: dict[str, BattleResult] | None = None) -> None:
        """Flottes: a naval battle when one side wants it (``engage``); the loser is destroyed."""
        # sides kept by the zone step are hostile: that step checked it, and no battle elsewhere
        # since changes who fights here (truces, engagements and draws are all per place)
        sides = self.zone_sides["naval"].pop(sea, None)
        if not sides:
            sides = self.sides_at("naval", sea)
            if not self.hostile_pairs(sea, "naval", sides):
                return
        order = self.order_of_battles(sea, list(sides), rule="naval-contest")
        if results and sea in results and results[sea].winner != "dice":
            self.apply_result(sea, "naval", sides, results[sea])
            return
        self.fight_in_order(sea, "naval", sides, order)

    def land_battles(self, province: str, results: dict[str, BattleResult] | None = None) -> None:
        """Combats in one province: armies of different nations that meet fight unless both keep a truce.

        Several players: the d6 order of battles, the winner fights on (Province contestee).
        The consequences for the province (control, pillage, siege, the independent-province
        roll) come after, in :meth:`invasions`.
        """
        # sides kept by the zone step are hostile: that step checked it, and no battle elsewhere
        # since changes who fights here (truces, engagements and draws are all per place)
        sides = self.zone_sides["land"].pop(province, None)
        if not sides:
            sides = self.sides_at("land", province)
            if not self.hostile_pairs(province, "land", sides):
                return
        order = self.order_of_battles(province, list(sides))
        if results and province in results and results[province].winner != "dice":
            self.apply_result(province, "land", sides, results[province])
            return
        self.fight_in_order(province, "land", sides, order)

    def fight_in_order(self, place: str, kind: str, sides: dict[str, list[str]], order: list[str]) -> None:
        """The first pair in the order of battles that fights, fights; then the next, until peace.

        With the book's example (B 1, A 2, C 5): B against A, then the winner against C.
        Pairs that do not fight (no ``engage`` at sea, a truce, a draw) are passed over.
        """
        for _ in range(len(order) * len(order)):
            standing = [s for s in order if self.standing(sides, s, place)]
            if len(standing) < 2:
                return  # one side left (the usual end of a battle): no pair to look for
            pair = next(
                (
                    (a, b)
                    for i, a in enumerate(standing)
                    for b in standing[i + 1 :]
                    if self.hostile(place, kind, sides, a, b)
                ),
                None,
            )
            if pair is None:
                return
            self.fight_sides(place, kind, sides, *pair)

    def standing(self, sides: dict[str, list[str]], seat: str, place: str) -> bool:
        units, withdrawn = self.units, self.withdrawn
        left = sides[seat] = [
            k for k in sides[seat] if k in units and units[k]["at"] == place and k not in withdrawn
        ]
        return bool(left)

    def fight_sides(self, place: str, kind: str, sides: dict[str, list[str]], a: str, b: str) -> None:
        """Two players' forces fight, one army (or fleet) against one, until one player has none."""
        while self.standing(sides, a, place) and self.standing(sides, b, place):
            x, y = sides[a][0], sides[b][0]
            # the unit already in place defends; the newcomer attacks; arrivals together are equals
            x_new = self.newcomer(x)
            together = x_new == self.newcomer(y)
            if together:  # the first in the seat list first (x first when the ranks are equal)
                swap = self.seat_rank(self.units[y]["nation"]) < self.seat_rank(self.units[x]["nation"])
                first, second = (y, x) if swap else (x, y)
            else:
                first, second = (x, y) if x_new else (y, x)
            if kind == "land" and not self.exhausted_army_reacts(place, second, first):
                continue
            if kind == "land" and not self.exhausted_army_reacts(place, first, second):
                continue
            if not self.battle(place, kind, first, second, together):
                self.drawn.add((place, min(a, b), max(a, b)))  # the pair, sorted
                return

    def exhausted_army_reacts(self, place: str, key: str, enemy: str | None) -> bool:
        """Armee epuisee attaquee: d6 (+1 in its home province) on the reaction table.

        1-3 the army is destroyed; 4-5 it retreats to another region with an Exhausted II
        marker (at the end of the step, with every other retreat); 6 it fights normally.
        Returns True when the army fights.
        """
        army = self.units[key]
        if not army.get("exhausted") or key in self.steady:
            return True
        roll = self.dice.d6(f"exhausted:{place}:{key}")
        bonus = EXHAUSTED_HOME_BONUS if place == self.home_of(army["nation"]) else 0
        reaction = EXHAUSTED_REACTION[min(6, roll + bonus)]
        by = f"by {self.name(enemy)}" if enemy else f"in {place}"
        self.say(
            f"{self.name(key)} is exhausted and attacked {by}: reaction d6 {roll}+{bonus} -> {reaction}.",
            "exhausted",
            unit=key,
            roll=roll,
            reaction=reaction,
        )
        if reaction == "fight":
            self.steady.add(key)  # it rallied: it fights on this turn without rolling again
            return True
        if enemy:
            self.won.add(enemy)
        if reaction == "destroyed":
            self.destroy(key, "exhausted army routed")
        else:
            self.withdraw(key, place)
        return False

    def withdraw(self, key: str, place: str) -> None:
        """Exhausted reaction 4-5: the army leaves the battle now, retreats with the step's other retreats."""
        army = self.units[key]
        army["exhausted"] = 2
        army["exhausted_turn"] = self.turn
        self.withdrawn.add(key)
        self.step_retreats.append(Retreat(key, place, 2, "exhausted army falls back", anywhere=True))

    def battle(self, place: str, kind: str, attacker: str, defender: str, together: bool) -> bool:
        """One tactical battle by dice (see :mod:`.battle`); the loser is destroyed. False on a draw."""
        rule = "battle" if kind == "land" else "naval"
        key = self.next_battle_key(rule, place)
        a, d = self.fighter(attacker, place), self.fighter(defender, place)
        report = tactical_battle(self.dice, key, a, d, together=together)
        if together:
            opening = (
                f"Battle of {place} ({key}): {self.name(attacker)} ({a.elements} elements) and "
                f"{self.name(defender)} ({d.elements}), arrived together, meet; "
            )
        else:
            opening = (
                f"Battle of {place} ({key}): {self.name(attacker)} ({a.elements} elements) attacks "
                f"{self.name(defender)} ({d.elements}); "
            )
        win, lose = report.winner, report.loser
        if report.drawn:
            ending = f"neither breaks after {report.rounds} rounds: a draw, both stay"
        elif report.held:
            ending = f"{self.name(win.uid)} holds the field after {report.rounds} rounds"
        else:
            ending = f"{self.name(win.uid)} breaks {self.name(lose.uid)} after {report.rounds} rounds"
        self.say(
            f"{opening}{ending} (losses {a.lost}-{d.lost}).",
            "battle",
            place=place,
            key=key,
            attacker=attacker,
            defender=defender,
            winner=None if report.drawn else win.uid,
            loser=None if report.drawn else lose.uid,
        )
        for fighter in (a, d):
            if fighter.priest_used and fighter.uid in self.units:
                self.units[fighter.uid]["priest"] = False
                self.say(
                    f"The war priest of {self.name(fighter.uid)} is spent in the battle.",
                    "priest",
                    unit=fighter.uid,
                )
        if report.drawn:
            return False
        self.won.add(win.uid)
        self.destroy(lose.uid, f"lost the battle of {place}")
        return True

    def fighter(self, key: str, place: str) -> Fighter:
        unit = self.units[key]
        elements = ELEMENTS
        if unit["kind"] == "army" and place == self.home_of(unit["nation"]):
            elements += SACRED_GUARD
        return Fighter(unit["nation"], key, elements, bool(unit.get("priest")))

    def apply_result(self, place: str, kind: str, sides: dict[str, list[str]], result: BattleResult) -> None:
        """A battle fought on the table: the sides that fought the winner are destroyed.

        Only a side that fights the winner (at sea: one of the two engages; on land: no
        mutual truce) loses its units; ``lost`` names any other unit destroyed on the way.
        """
        self.say(
            f"Battle of {place} fought on the table: {self.nation_name(result.winner)} wins.",
            "battle",
            place=place,
            winner=result.winner,
            table=True,
        )
        for key in result.priests:
            if key in self.units and self.units[key].get("priest"):
                self.units[key]["priest"] = False
                self.say(f"The war priest of {self.name(key)} is spent in the battle.", "priest", unit=key)
        beaten = [
            s for s in sides if s != result.winner and self.hostile(place, kind, sides, result.winner, s)
        ]
        for seat, keys in sides.items():
            for key in keys:
                if seat in beaten or key in result.lost:
                    self.destroy(key, f"lost the battle of {place}")
                elif seat == result.winner:
                    self.won.add(key)

    # ------------------------------------------------------------------ 3c. retreats
    def resolve_retreats(self, retreats: list[Retreat], occupied: dict[str, set[str]]) -> None:
        """Every retreat of a step at once, against the positions at the start of the step.

        A province holding another nation's army at the start of the step is no refuge, and
        a province that armies of two nations would retreat into is refused to both (each
        takes its next choice), so no retreat starts a battle and none depends on which
        army is looked at first. With nowhere to go the army is destroyed.
        """
        banned: dict[str, set[str]] = {r.key: set() for r in retreats}
        live = [r for r in retreats if r.key in self.units]
        # each army's refuges, once: they depend on the positions at the start of the step,
        # which no round of choices below changes
        tries = [(r, self.refuges(r, occupied)) for r in live]
        choice: dict[str, str | None] = {}
        for _ in range(len(self.map.provinces) + 1):
            taken_fleets: set[str] = set()
            choice = {}
            for r, refuges in tries:
                dest = next(
                    (c for c in refuges if c not in banned[r.key] and c not in taken_fleets),
                    None,
                )
                choice[r.key] = dest
                if dest and dest in self.units:
                    taken_fleets.add(dest)
            nations_into: dict[str, set[str]] = {}
            for r in live:
                dest = choice[r.key]
                if dest and dest in self.provinces:
                    nations_into.setdefault(dest, set()).add(self.units[r.key]["nation"])
            clashes = {p for p, nations in nations_into.items() if len(nations) > 1}
            if not clashes:
                break
            for r in live:
                if choice[r.key] in clashes:
                    banned[r.key].add(choice[r.key] or "")
        for r in live:
            self.retreat_to(r, choice.get(r.key))

    def refuges(self, r: Retreat, occupied: dict[str, set[str]]) -> list[str]:
        """Where a retreating army may go, in the order it tries them.

        The ``retreat`` its orders named, the province it came from, the adjacent provinces
        its nation controls (map order); for the exhausted reaction, then any other adjacent
        province (map order); last, an own fleet with room in an adjacent sea zone. The exhausted
        reaction goes « dans une autre région »: the province its ``retreat`` names comes first
        whoever controls it (a repulsed invasion falls back only into a province it controls).
        """
        army = self.units[r.key]
        seat = army["nation"]
        order = self.unit_orders.get(r.key)
        wanted = order.retreat if order else ""
        adjacent = self.map.neighbours_in_map_order[r.frm]  # a province's: its land neighbours
        provinces = self.provinces
        mine = {seat}
        free = [  # adjacent, and no other nation's army there at the start of the step
            p
            for p in dict.fromkeys((wanted, self.entered.get(r.key, ""), *adjacent))
            if p in adjacent and occupied.get(p, mine) <= mine
        ]
        places = [p for p in free if provinces[p]["owner"] == seat]
        if r.anywhere:
            places += [p for p in free if provinces[p]["owner"] != seat]
            if wanted in places:  # the named refuge first, even another's province
                places.remove(wanted)
                places.insert(0, wanted)
        units = self.units
        fleets = [
            k
            for sea in self.map.provinces[r.frm].seas
            for k in self.units_at(sea, "fleet")
            if units[k]["nation"] == seat and not units[k]["carrying"]
        ]
        if len(fleets) > 1:
            fleets.sort(key=lambda k: (k != uid(seat, wanted), self.number(k)))
        return [*places, *fleets]

    def retreat_to(self, r: Retreat, dest: str | None) -> None:
        army = self.units[r.key]
        self.withdrawn.discard(r.key)
        marker = {0: "", 1: " with an Exhausted I marker", 2: " with an Exhausted II marker"}[r.exhausted]
        if r.exhausted:
            army["exhausted"] = max(r.exhausted, army.get("exhausted", 0))
            army["exhausted_turn"] = self.turn
        if dest is None:
            self.destroy(r.key, f"no province or fleet to retreat to from {r.frm}")
            return
        self.entered.pop(r.key, None)
        if dest in self.provinces:
            self.relocate(r.key, dest)
            self.say(
                f"{self.name(r.key)} retreats from {r.frm} to {dest}{marker} ({r.why}).",
                "retreat",
                unit=r.key,
                to=dest,
            )
            return
        fleet = self.units[dest]
        fleet["carrying"] = r.key
        army["aboard"] = dest
        self.relocate(r.key, None)
        self.say(
            f"{self.name(r.key)} retreats from {r.frm} aboard {self.name(fleet)}{marker} ({r.why}).",
            "retreat",
            unit=r.key,
            to=dest,
        )

    # ------------------------------------------------------------------ 3d. invasions
    def invaders(self, province: str) -> list[str]:
        """The armies that invade ``province`` now: those of the one nation left in it, not its
        owner, that entered it this turn or won a battle in it (the book: the winner of a
        contested independent province rolls to take it, wherever he came from)."""
        keys = self.units_at(province, "army")  # a new list
        if self.withdrawn:
            keys = [k for k in keys if k not in self.withdrawn]
        if not keys:
            return []
        units, entered, won = self.units, self.entered, self.won
        if len(keys) == 1:  # the common case: one army, which invades unless its nation holds the province
            key = keys[0]
            invades = self.owner(province) != units[key]["nation"] and (key in entered or key in won)
            return keys if invades else []
        nations = {units[k]["nation"] for k in keys}
        if len(nations) != 1 or self.owner(province) in nations:
            return []
        keys = [k for k in keys if k in entered or k in won]
        if len(keys) > 1:
            self.in_fighting_order(next(iter(nations)), keys)  # in the order of its side (sides_at)
        return keys

    def invasions(self) -> None:
        """After the battles, every invasion of the turn at once, against the state at the start of the step.

        Each province's rolls are made, then all captures, losses, retreats and eliminations
        are applied together: a nation keeps its government in a province it captures in the
        same step, and a repulsed army's refuge is judged on the provinces as they were.
        """
        occupied = self.occupancy()
        captures: list[tuple[str, str]] = []
        retreats: list[Retreat] = []
        units = self.units
        # an invader entered its province this turn or won a battle in it: nobody invades elsewhere
        arrived = {units[k]["at"] for k in (*self.entered, *self.won) if k in units}
        provinces, here = self.map.provinces, self.here
        invaded = [p for p in arrived if p in provinces and here.get(p)]
        for province in sorted(invaded, key=self.rank.__getitem__):  # in the map's order
            keys = self.invaders(province)
            siege = self.provinces[province]["siege"]
            if not keys or (siege and siege["nation"] == self.units[keys[0]]["nation"]):
                continue  # nobody invades, or armies join their nation's siege
            if self.owner(province) is None:
                self.invasion_of_independent_province(province, keys, captures, retreats)
            elif province in self.defended:
                self.victory_in_players_province(province, keys, captures, retreats)
            else:
                self.invasion_of_undefended_players_province(province, keys, captures, retreats)
        self.resolve_retreats(retreats, occupied)
        self.apply_captures(captures)

    def invasion_roll(self, province: str, key: str, fortress: bool) -> tuple[bool, int, str]:
        """d10 ``invasion:<province>`` against the Resistance (4.1)."""
        prov = self.map.provinces[province]
        army = self.units[key]
        needed = resistance(prov.demography)
        mods = []
        if fortress and prov.fortress:
            bonus = FORTRESS_RESISTANCE_WITH_ENGINEER if army["engineer"] else FORTRESS_RESISTANCE
            needed += bonus
            mods.append(f"fortress +{bonus}")
        if army["priest"]:
            needed += WAR_PRIEST_RESISTANCE
            mods.append("war priest -1")
        roll = self.dice.d10(f"invasion:{province}")
        shown = f"d10 {roll}, resistance {needed}+" + (f" ({', '.join(mods)})" if mods else "")
        return roll >= needed, roll, shown

    def invasion_of_independent_province(
        self, province: str, keys: list[str], captures: list[tuple[str, str]], retreats: list[Retreat]
    ) -> None:
        """4.1: d10 against the Resistance; success: control or pillage; failure: retreat, Exhausted I.

        Each invading army rolls in turn (``invasion:<province>``, then ``#1``...) until one
        succeeds. The fortress adds +2 (+1 only if the army has an engineer); a war priest
        takes 1 off (he is not spent: only battles spend him).
        """
        prov = self.map.provinces[province]
        for key in keys:
            army = self.units[key]
            success, roll, shown = self.invasion_roll(province, key, fortress=True)
            if success:
                order = self.unit_orders.get(key)
                if order and order.has("pillage"):
                    loot = prov.market
                    self.nations[army["nation"]]["treasury"] += loot
                    self.provinces[province]["pillaged"] = True
                    self.say(
                        f"{self.name(key)} invades independent {province}: {shown}: success; it "
                        f"pillages the province for {loot} PO.",
                        "invasion",
                        province=province,
                        roll=roll,
                        result="pillage",
                        loot=loot,
                    )
                else:
                    captures.append((province, army["nation"]))
                    self.say(
                        f"{self.name(key)} invades independent {province}: {shown}: success; "
                        f"{self.nation_name(army['nation'])} takes control.",
                        "invasion",
                        province=province,
                        roll=roll,
                        result="control",
                    )
                return
            self.say(
                f"{self.name(key)} invades independent {province}: {shown}: repulsed.",
                "invasion",
                province=province,
                roll=roll,
                result="failure",
            )
            retreats.append(Retreat(key, province, 1, "invasion repulsed"))

    def invasion_of_undefended_players_province(
        self, province: str, keys: list[str], captures: list[tuple[str, str]], retreats: list[Retreat]
    ) -> None:
        """4.2 with no army to fight: the province resists by itself, as an independent one does.

        The book's « combat tactique » needs a defending army; with none, each invading army
        in turn rolls d10 ``invasion:<province>`` against the province's Resistance (4.1
        table, war priest -1; the fortress counts afterwards, by 4.2 a/b). Success is the
        victory of 4.2; failure sends the army back with an Exhausted I marker, as in 4.1.
        """
        for i, key in enumerate(keys):
            success, roll, shown = self.invasion_roll(province, key, fortress=False)
            owner = self.nation_name(self.owner(province) or "")
            if success:
                self.say(
                    f"{self.name(key)} meets no army in {owner}'s {province}: {shown}: the province "
                    "cannot resist.",
                    "invasion",
                    province=province,
                    roll=roll,
                    result="overcome",
                )
                self.victory_in_players_province(province, keys[i:], captures, retreats, battle=False)
                return
            self.say(
                f"{self.name(key)} meets no army in {owner}'s {province}: {shown}: repulsed.",
                "invasion",
                province=province,
                roll=roll,
                result="failure",
            )
            retreats.append(Retreat(key, province, 1, "invasion repulsed"))

    def victory_in_players_province(
        self,
        province: str,
        keys: list[str],
        captures: list[tuple[str, str]],
        retreats: list[Retreat],
        battle: bool = True,
    ) -> None:
        """4.2: the invader won the tactical battle (or overcame an undefended province).

        Without a fortress the invader takes control. With one he may (a) pillage for half
        the demographic factor and fall back to an adjacent controlled province, or (b) lay
        siege if the army has an engineer (order ``siege`` or ``control``, or no option: a
        fortress is taken by its siege). A province the same player already besieges is
        simply reinforced.
        """
        seat = self.units[keys[0]]["nation"]
        rec = self.provinces[province]
        prov = self.map.provinces[province]
        defender = rec["owner"] or ""
        if rec["siege"] and rec["siege"]["nation"] == seat:
            return
        if not prov.fortress:
            won = f"wins {province}" if battle else f"takes undefended {province}"
            self.say(
                f"{self.name(keys[0])} {won}: {self.nation_name(seat)} takes it from "
                f"{self.nation_name(defender)}.",
                "capture",
                province=province,
                loser=defender,
            )
            captures.append((province, seat))
            return
        besieger = next((k for k in keys if self.units[k]["engineer"] and not self.wants(k, "pillage")), None)
        if besieger is not None:
            rec["siege"] = {"nation": seat, "army": besieger, "turns": 0, "since": self.turn}
            self.sieges_by.setdefault(besieger, []).append(province)
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
            retreats.append(Retreat(key, province, 0, "falls back after pillaging the fortress province"))

    def wants(self, key: str, option: str) -> bool:
        order = self.unit_orders.get(key)
        return bool(order and order.has(option))

    def apply_captures(self, captures: list[tuple[str, str]]) -> None:
        """Captures of one step, together; then the governments of the nations that lost their home."""
        homeless: list[tuple[str, str]] = []
        for province, seat in captures:
            rec = self.provinces[province]
            loser = rec["owner"]
            rec["owner"] = seat
            rec["siege"] = None
            if loser and self.nations[loser]["home"] == province:
                homeless.append((loser, province))
        if not homeless:
            return
        # every nation's provinces, in one pass: moving a government or eliminating a nation
        # (which controls nothing any more) changes no nation's provinces
        owned: dict[str, list[str]] = {}
        for province, rec in self.provinces.items():
            if rec["owner"]:
                owned.setdefault(rec["owner"], []).append(province)
        out: list[str] = []
        for seat, lost in homeless:
            self.move_government(seat, lost, owned.get(seat, []), out)
        if out:
            self.remove_eliminated(set(out))

    def move_government(self, seat: str, lost: str, owned: list[str], out: list[str]) -> None:
        """Loss of the home province: the government moves to a controlled province, or the player is out.

        Where to: the province named by the player's ``government`` order if he still
        controls it, else his province with the greatest demographic factor, then the
        greatest local market, then the first in the map's order.
        """
        mine = [p for p in owned if p != lost]
        if not mine:
            self.eliminate(seat, f"lost {lost}, its home province, and controls no other", out)
            return
        wanted = next((o.target for o in self.orders.get(seat, []) if o.verb == "government"), "")
        if wanted not in mine:
            rank = self.map.rank  # the provinces come first, in the map's order
            wanted = min(
                mine,
                key=lambda p: (-self.map.provinces[p].demography, -self.map.provinces[p].market, rank[p]),
            )
        self.nations[seat]["home"] = wanted
        self.say(
            f"{self.nation_name(seat)} loses {lost}: its government moves to {wanted}.",
            "government",
            nation=seat,
            home=wanted,
        )

    def eliminate(self, seat: str, why: str, out: list[str]) -> None:
        """The nation is out; its units, provinces and sieges go with the step's other
        eliminations (:meth:`remove_eliminated`), in one pass over the units and provinces."""
        nation = self.nations[seat]
        if not nation["alive"]:
            return
        nation["alive"] = False
        nation["eliminated_turn"] = self.turn
        out.append(seat)
        self.say(f"{nation['name']} is eliminated: it {why}.", "elimination", nation=seat)

    def remove_eliminated(self, seats: set[str]) -> None:
        for key in [k for k, u in self.units.items() if u["nation"] in seats]:
            self.forget(key, self.units.pop(key))
        for rec in self.provinces.values():
            if rec["owner"] in seats:
                rec["owner"] = None
            if rec["siege"] and rec["siege"]["nation"] in seats:
                rec["siege"] = None
        for unit in self.units.values():
            if unit["kind"] == "fleet" and unit["carrying"] and unit["carrying"] not in self.units:
                unit["carrying"] = None

    # ------------------------------------------------------------------ 3e. sieges
    def sieges(self) -> None:
        """Siege: each turn after the siege is laid the defender tests his surrender on a d10.

        "Si le score est inferieur ou egal au nombre de tours de siege, la cite tombe."
        Every siege of the turn is rolled, then the fallen cities change hands together.
        """
        captures: list[tuple[str, str]] = []
        # every siege record is filed under its army (``sieges_by``): the provinces to look at,
        # in the map's order
        besieged = {p for provinces in self.sieges_by.values() for p in provinces}
        for province in sorted(besieged, key=self.rank.__getitem__):
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
                captures.append((province, siege["nation"]))
            else:
                self.say(
                    f"Siege of {province}: d10 {roll} > {siege['turns']} turns of siege: the city holds.",
                    "siege",
                    province=province,
                    roll=roll,
                    result="holds",
                )
        self.apply_captures(captures)

    # ------------------------------------------------------------------ 3f. garrisons
    def garrison_pillage_and_cut_routes(self) -> None:
        """Armee en garnison: an army that did not move MAY pillage (half the local market, rounded
        up) and MAY cut the trade routes of the province it occupies."""
        # only a hold with an option (pillage, cut) does anything here; keys are unique
        holding = sorted((k, o) for k, o in self.unit_orders.items() if o.verb == "hold" and o.options)
        for key, order in holding:
            unit = self.units.get(key)
            if not unit or unit["kind"] != "army" or not unit["at"] or key in self.entered:
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
        """Blocus maritime: a fleet next to an enemy port rolls a d6 on the blockade table.

        Fleets blockading the same port roll in the game's seat order (then by number), so the
        roll each is credited with never follows the names of nations."""
        rank, end = self.rank, len(self.rank)

        def place(item: tuple[str, Order]) -> tuple[int, int, int]:
            key, order = item
            return (rank.get(order.target, end), self.seat_rank(key.rsplit(":", 1)[0]), self.number(key))

        blockading = sorted(((k, o) for k, o in self.unit_orders.items() if o.verb == "blockade"), key=place)
        for key, order in blockading:
            fleet = self.units.get(key)
            if not fleet or fleet["kind"] != "fleet" or key in self.fleets_moved:
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

        In the order mercenaries, armies, fleets, engineers, priests; within a kind, by the
        map's order of the provinces (so new units are numbered the same whatever the names).

        Bought units appear now and move from next turn. Mercenaries hired go into garrison
        in the home province; an army raised may replace elements by mercenaries from there.
        Engineers and war priests join an army (project stand-ins for the economic phase).
        """
        costs = self.map.costs
        rank = self.rank
        for seat in sorted(self.orders):
            nation = self.nations[seat]
            if not nation["alive"]:
                continue
            ranked = sorted(
                [o for o in self.orders[seat] if o.verb in PURCHASE_RANK],  # o.is_purchase
                key=lambda o: (
                    PURCHASE_RANK[o.verb],
                    rank.get(o.target, -1),
                    rank.get(o.sea, -1),
                    o.count,
                    o.unit,
                ),
            )
            for order in ranked:
                self.purchase(seat, nation, order, costs)

    def purchase(self, seat: str, nation: dict[str, Any], order: Order, costs: dict[str, int]) -> None:
        verb = order.verb
        price = costs["mercenary"] * order.count if verb == "hire-mercenaries" else costs[PRICED_AS[verb]]
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
            self.add_unit(uid(seat, army["id"]), army)
            merc = f" with {order.count} mercenary elements" if order.count else ""
            what = f"army {army['id']} ({self.map.provinces[order.target].army_list}){merc} in {order.target}"
        elif verb == "buy-fleet":
            nation["next_fleet"] += 1
            fleet = new_fleet(seat, nation["next_fleet"] - 1, order.sea, self.turn)
            self.add_unit(uid(seat, fleet["id"]), fleet)
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
            # an arsenal of the map, or one the referee recorded as built
            arsenal = self.map.provinces[order.target].arsenal or rec.get("arsenal")
            if order.verb == "buy-fleet" and (
                not arsenal or order.sea not in self.map.provinces[order.target].seas
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
        markets: dict[str, int] = {}
        places = self.map.provinces
        for province, rec in self.provinces.items():
            owner = rec["owner"]
            if owner is None or rec["siege"] or rec["pillaged"] or rec["blockade"] or province in brigands:
                continue  # an independent province pays nobody
            markets[owner] = markets.get(owner, 0) + places[province].market
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
    def begin(self, orders_by_seat: dict[str, list[Order]]) -> list[tuple[str, str]]:
        """Orders and movement; the naval battles to fight next."""
        self.write_orders(orders_by_seat)
        self.movement()
        return self.naval_zones()

    def fight_naval(
        self, battles: list[tuple[str, str]], results: dict[str, BattleResult] | None = None
    ) -> None:
        for kind, place in battles:
            if kind == "naval":
                self.naval_battles(place, results)

    def ashore(self) -> list[tuple[str, str]]:
        """Landings and interceptions after the naval battles; the land battles to fight next."""
        self.landings()
        self.interception_of_brigands_and_pirates()
        self.battle_start = self.occupancy()
        self.defended = {p for p, nations in self.battle_start.items() if self.owner(p) in nations}
        return self.land_zones()

    def fight_land(
        self, battles: list[tuple[str, str]], results: dict[str, BattleResult] | None = None
    ) -> None:
        for kind, place in battles:
            if kind == "land":
                self.land_battles(place, results)
        self.end_of_battles()

    def end_of_battles(self) -> None:
        """The exhausted armies that fell back during the battles retreat together."""
        retreats, self.step_retreats = self.step_retreats, []
        self.resolve_retreats(retreats, self.battle_start)

    def table_battles(self, battles: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """``battles=table``: roll what comes before the battles (order of battles, exhausted
        reactions, their retreats) and list the battles the referee must fight."""
        out = []
        for kind, place in battles:
            sides = self.sides_at(kind, place)
            if kind == "land":
                for seat, keys in sides.items():
                    if any(self.hostile(place, kind, sides, seat, s) for s in sides if s != seat):
                        for key in keys:
                            if key in self.units and self.units[key].get("exhausted"):
                                self.exhausted_army_reacts(place, key, None)
                sides = self.sides_at(kind, place)
            if not self.hostile_pairs(place, kind, sides):
                continue
            order = self.order_of_battles(
                place, list(sides), "contest" if kind == "land" else "naval-contest"
            )
            peaceful = [
                sorted((a, b), key=self.seat_rank)
                for a, b in combinations(order, 2)
                if not self.hostile(place, kind, sides, a, b)
            ]
            # the fleets that engage as nation:ID (two nations may each have an F1), in seat order
            engage: list[str] = []
            if kind == "naval":
                engage = [k for keys in sides.values() for k in keys if self.wants_naval_battle(k)]
                engage.sort(key=self.fleet_rank)
            out.append(
                {
                    "kind": kind,
                    "place": place,
                    "order": order,
                    "sides": {s: [self.units[k]["id"] for k in keys] for s, keys in sides.items()},
                    "engage": engage,
                    "no_fight": peaceful,
                }
            )
        if any(kind == "land" for kind, _ in battles):
            self.end_of_battles()
        return out

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

    # ------------------------------------------------------------------ a pause for the table
    def pending(
        self, stage: str, battles: list[dict[str, Any]], by_seat: dict[str, list[Order]]
    ) -> dict[str, Any]:
        """What must survive a pause for the referee's table results."""
        return {
            "stage": stage,
            "orders": {seat: canonical_orders(o) for seat, o in by_seat.items()},
            "entered": dict(self.entered),
            "fleets_moved": sorted(self.fleets_moved),
            "order_of_battles": self.stored_order,
            "steady": sorted(self.steady),
            "won": sorted(self.won),
            "defended": sorted(self.defended),
            "battle_counter": dict(self.battle_counter),
            "battle_start": {p: sorted(nations) for p, nations in self.battle_start.items()},
            "battles": battles,
        }

    def resume(self, pending: dict[str, Any], by_seat: dict[str, list[Order]]) -> None:
        self.write_orders(by_seat)
        self.entered = {k: v for k, v in pending["entered"].items() if k in self.units}
        self.fleets_moved = {k for k in pending["fleets_moved"] if k in self.units}
        self.stored_order = dict(pending["order_of_battles"])
        self.steady = set(pending.get("steady", []))
        self.won = set(pending.get("won", []))
        self.defended = set(pending.get("defended", []))
        self.battle_counter = dict(pending.get("battle_counter", {}))
        self.battle_start = {p: set(nations) for p, nations in pending.get("battle_start", {}).items()}
