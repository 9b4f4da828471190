"""Mare Nostrum: the military phase, adjudicated simultaneously (issue #3).

The rule book (``shared/rules/002_...txt``, "8. La phase militaire") is the
specification; the order language and every reading of an unclear rule are in
``orders/mare-nostrum.md``. The steps of the phase live in :mod:`.phase`, the
dice battles in :mod:`.battle`, the map in :mod:`.map` and ``data/``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from adjudicator.games.releases.v0_1_0.dice import Dice
from adjudicator.games.releases.v0_1_0.base import (
    REFEREE,
    BaseRuleset,
    Event,
    OptionError,
    OrderRequest,
    Outcome,
    Parsed,
    Problem,
)

from . import board
from .bot import bot_orders
from .legality import check_orders
from .map import GameMap, MapError, default_map, map_from_path, map_of
from .orders import BattleResult, Order, canonical_orders, parse_orders, parse_results
from .phase import MilitaryPhase, new_army, owned_provinces

State = dict[str, Any]
BATTLES_KEY = "battles"
ORDERS_KIND = "orders"
RESULTS_KIND = "battle-results"


def _map_for_kind(kind: str) -> GameMap:
    """The map a request's orders are read against: ``orders`` or ``orders map=PATH``."""
    if " map=" in kind:
        return map_from_path(kind.split(" map=", 1)[1])
    return default_map()


class MareNostrum(BaseRuleset):
    """The military phase of Mare Nostrum for 2 to 8 nations, every order sealed and revealed at once."""

    name: ClassVar[str] = "mare-nostrum"
    title: ClassVar[str] = "Mare Nostrum: military phase"
    version: ClassVar[str] = "1"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    has_hidden_information: ClassVar[bool] = False
    options: ClassVar[dict[str, tuple[str, str]]] = {
        "nations": ("6", "number of nations, 2 to 8 (the first N nations of the map)"),
        "battles": ("dice", "dice: built-in dice battles; table: the referee enters each battle's result"),
        "map": ("", "path of a club's map file (TOML); empty for the packaged Mediterranean"),
        "turns": ("30", "the game ends after this many turns: most provinces, then richest, wins"),
    }

    # ------------------------------------------------------------------ options and setup
    def parse_options(self, raw: dict[str, str]) -> dict[str, Any]:
        opts = super().parse_options(raw)
        try:
            game_map = map_from_path(opts["map"]) if opts["map"] else default_map()
        except MapError as exc:
            raise OptionError(f"map: {exc}") from exc
        top = min(8, len(game_map.nations))
        try:
            nations = int(str(opts["nations"]))
        except ValueError:
            raise OptionError(f"nations must be a number from 2 to {top}, not {opts['nations']!r}") from None
        if not 2 <= nations <= top:
            raise OptionError(f"nations must be from 2 to {top}, not {nations}")
        battles = str(opts["battles"]).lower()
        if battles not in {"dice", "table"}:
            raise OptionError(f"battles must be 'dice' or 'table', not {opts['battles']!r}")
        try:
            turns = int(str(opts["turns"]))
        except ValueError:
            raise OptionError(f"turns must be a whole number, not {opts['turns']!r}") from None
        if not 1 <= turns <= 1000:
            raise OptionError("turns must be from 1 to 1000")
        return {"nations": nations, "battles": battles, "map": opts["map"], "turns": turns}

    def _map_option(self, options: dict[str, Any]) -> GameMap:
        return map_from_path(options["map"]) if options.get("map") else default_map()

    def seat_names(self, options: dict[str, Any]) -> list[str]:
        options = self._normalised(options)
        return list(self._map_option(options).nations)[: options["nations"]]

    def _normalised(self, options: dict[str, Any]) -> dict[str, Any]:
        if all(k in options for k in self.options) and isinstance(options.get("nations"), int):
            return options
        return self.parse_options({k: str(v) for k, v in options.items() if k in self.options})

    def setup(self, options: dict[str, Any], seats: list[str], dice: Dice) -> State:
        """Each player starts with one army of his nationality in his home province, and the
        provinces and treasury the map gives him; the other provinces are independent."""
        options = self._normalised(options)
        game_map = self._map_option(options)
        unknown = [s for s in seats if s not in game_map.nations]
        if unknown:
            raise OptionError(
                f"unknown nation {unknown[0]!r}; nations of this map: {', '.join(game_map.nations)}"
            )
        provinces = {
            p: {"owner": None, "siege": None, "pillaged": False, "routes_cut": False, "blockade": ""}
            for p in game_map.provinces
        }
        nations: dict[str, Any] = {}
        units: dict[str, Any] = {}
        for seat in seats:
            start = game_map.nations[seat]
            for p in start.provinces:
                provinces[p]["owner"] = seat
            nations[seat] = {
                "name": start.name,
                "home": start.home,
                "treasury": start.treasury,
                "alive": True,
                "mercenaries": 0,
                "next_army": 2,
                "next_fleet": 1,
                "income": 0,
                "eliminated_turn": None,
                "colour": start.colour,
            }
            units[f"{seat}:A1"] = new_army(seat, 1, start.home, 0)
        bands = [{"kind": "brigands", "at": p, "quiet_turn": 0} for p in game_map.brigands]
        bands += [{"kind": "pirates", "at": s, "quiet_turn": 0} for s in game_map.pirates]
        return {
            "game": self.name,
            "turn": 1,
            "options": dict(options),
            "map": {
                "name": game_map.name,
                "sha": game_map.sha,
                "source": game_map.source,
                "path": options["map"],
            },
            "seats": list(seats),
            "nations": nations,
            "provinces": provinces,
            "units": units,
            "bands": bands,
            "pending": None,
        }

    # ------------------------------------------------------------------ requests and labels
    def label(self, state: State) -> str:
        year = map_of(state).start_year - (state["turn"] - 1)
        when = f"{year} BC" if year > 0 else f"AD {1 - year}"
        return f"{when}: battle results" if state.get("pending") else when

    def _kind(self, state: State, kind: str) -> str:
        path = state["map"].get("path")
        return f"{kind} map={path}" if path else kind

    def requests(self, state: State) -> list[OrderRequest]:
        if self.outcome(state) is not None:
            return []
        label = self.label(state)
        if state.get("pending"):
            return [
                OrderRequest(
                    key=BATTLES_KEY,
                    seat=REFEREE,
                    kind=self._kind(state, RESULTS_KIND),
                    label=label,
                    default="",
                    prompt=board.battles_prompt(state),
                )
            ]
        out = []
        for seat in state["seats"]:
            nation = state["nations"][seat]
            if not nation["alive"]:
                continue
            units = sorted(u["id"] for u in state["units"].values() if u["nation"] == seat)
            out.append(
                OrderRequest(
                    key=f"orders:{seat}",
                    seat=seat,
                    kind=self._kind(state, ORDERS_KIND),
                    label=f"{label}: orders of {nation['name']}",
                    default="",
                    prompt=(
                        f"Orders of {nation['name']} for {label}: purchases and moves, one per line "
                        f"(see orders/mare-nostrum.md). Treasury {nation['treasury']} PO; units: "
                        f"{', '.join(units) or 'none'}. No orders: every unit holds."
                    ),
                )
            )
        return out

    # ------------------------------------------------------------------ orders
    def parse(self, request: OrderRequest, text: str) -> Parsed:
        try:
            game_map = _map_for_kind(request.kind)
        except MapError as exc:
            return Parsed([], [Problem(None, "invalid", f"the game's map cannot be read: {exc}")], [])
        if request.seat == REFEREE or request.kind.startswith(RESULTS_KIND):
            return parse_results(game_map, game_map.nations, text)
        return parse_orders(game_map, text)

    def check(self, state: State, request: OrderRequest, orders: Any) -> list[Problem]:
        game_map = map_of(state)
        if request.seat == REFEREE:
            return self._check_results(state, list(orders or []))
        return check_orders(state, game_map, request.seat, self._orders_list(game_map, orders))

    def _check_results(self, state: State, results: list[BattleResult]) -> list[Problem]:
        pending = state.get("pending") or {}
        battles = {b["place"]: b for b in pending.get("battles", [])}
        problems = []
        seen: set[str] = set()
        for r in results:
            battle = battles.get(r.place)
            if battle is None:
                listed = ", ".join(battles) or "none"
                problems.append(
                    Problem(
                        r.line or None, "illegal", f"no battle to fight in {r.place}", f"battles: {listed}"
                    )
                )
                continue
            if r.place in seen:
                problems.append(
                    Problem(r.line or None, "illegal", f"two results for the battle of {r.place}")
                )
                continue
            seen.add(r.place)
            sides = battle["sides"]
            if r.winner != "dice" and r.winner not in sides:
                problems.append(
                    Problem(
                        r.line or None,
                        "illegal",
                        f"{r.winner} does not fight in {r.place}",
                        f"the sides are {', '.join(sides)}",
                    )
                )
                continue
            for unit in (*r.lost, *r.priests):
                seat, uid = unit.split(":")
                if uid not in sides.get(seat, []) or (unit in r.lost and seat != r.winner):
                    problems.append(
                        Problem(
                            r.line or None,
                            "illegal",
                            f"{unit} is not one of the winner's units in the battle of {r.place}",
                        )
                    )
                    break
        return problems

    def canonical(self, request: OrderRequest, orders: Any) -> str:
        if request.seat == REFEREE:
            return "\n".join(r.text() for r in sorted(orders or [], key=lambda r: r.place))
        return canonical_orders(self._orders_list(None, orders))

    def _orders_list(self, game_map: GameMap | None, orders: Any) -> list[Order]:
        """Accept the parsed orders, a Parsed, or raw text (re-parsed on the game's map)."""
        if orders is None:
            return []
        if isinstance(orders, Parsed):
            orders = orders.orders
        if isinstance(orders, str):
            return list(parse_orders(game_map or default_map(), orders).orders)
        return [o for o in orders if isinstance(o, Order)]

    # ------------------------------------------------------------------ resolution
    def resolve(self, state: State, orders: dict[str, Any], dice: Dice) -> tuple[State, list[Event]]:
        game_map = map_of(state)
        phase = MilitaryPhase(state, game_map, dice)
        pending = state.get("pending")
        if pending:
            return self._finish_after_table(state, game_map, phase, pending, orders.get(BATTLES_KEY))
        by_seat = {
            seat: self._orders_list(game_map, orders.get(f"orders:{seat}"))
            for seat in state["seats"]
            if state["nations"][seat]["alive"]
        }
        battles = phase.first_half(by_seat)
        if state["options"].get("battles") == "table" and battles:
            battles = self._prepare_table_battles(phase, battles)
            if battles:
                state["pending"] = {
                    "orders": {seat: canonical_orders(o) for seat, o in by_seat.items()},
                    "entered": dict(phase.entered),
                    "fleets_moved": sorted(phase.fleets_moved),
                    "order_of_battles": phase.stored_order,
                    "steady": sorted(phase.steady),
                    "battles": battles,
                }
                phase.say(
                    f"{len(battles)} battle(s) to fight at the table: the referee is asked for the results.",
                    "pending",
                    battles=[b["place"] for b in battles],
                )
                return state, phase.events
            battles = []
        phase.fight(battles)
        phase.second_half()
        return state, phase.events

    def _prepare_table_battles(
        self, phase: MilitaryPhase, battles: list[tuple[str, str]]
    ) -> list[dict[str, Any]]:
        """Roll what comes before the battles (order of battles, exhausted reactions) and list them."""
        out = []
        for kind, place in battles:
            sides = phase.sides_at(kind, place)
            if kind == "land":
                for seat, keys in sorted(sides.items()):
                    enemy = next((k for s, ks in sorted(sides.items()) if s != seat for k in ks), None)
                    for key in keys:
                        if enemy is not None and phase.units[key].get("exhausted"):
                            phase.exhausted_army_reacts(place, key, enemy)
                sides = phase.sides_at(kind, place)
                if len(sides) < 2:
                    continue
            order = phase.order_of_battles(
                place, sorted(sides), "contest" if kind == "land" else "naval-contest"
            )
            out.append(
                {
                    "kind": kind,
                    "place": place,
                    "order": order,
                    "sides": {s: [phase.units[k]["id"] for k in keys] for s, keys in sides.items()},
                }
            )
        return out

    def _finish_after_table(
        self, state: State, game_map: GameMap, phase: MilitaryPhase, pending: dict[str, Any], raw: Any
    ) -> tuple[State, list[Event]]:
        by_seat = {
            seat: list(parse_orders(game_map, text).orders) for seat, text in pending["orders"].items()
        }
        phase.write_orders(by_seat)
        phase.entered = {k: v for k, v in pending["entered"].items() if k in phase.units}
        phase.fleets_moved = {k for k in pending["fleets_moved"] if k in phase.units}
        phase.stored_order = dict(pending["order_of_battles"])
        phase.steady = set(pending.get("steady", []))
        if isinstance(raw, str):
            raw = parse_results(game_map, state["seats"], raw).orders
        results = {r.place: r for r in (raw or []) if isinstance(r, BattleResult)}
        problems = self._check_results(state, list(results.values()))
        bad = {p.line for p in problems}
        results = {k: r for k, r in results.items() if (r.line or None) not in bad}
        battles = [(b["kind"], b["place"]) for b in pending["battles"]]
        for _, place in battles:
            if place not in results or results[place].winner == "dice":
                phase.say(
                    f"No table result for the battle of {place}: the built-in dice decide.",
                    "battle",
                    place=place,
                )
        phase.fight(battles, results)
        phase.second_half()
        return state, phase.events

    # ------------------------------------------------------------------ the end
    def outcome(self, state: State) -> Outcome | None:
        """Last nation standing wins; at the turn limit, most provinces wins, then the richest."""
        alive = [s for s in state["seats"] if state["nations"][s]["alive"]]
        if not alive:
            return Outcome((), "every nation was eliminated")
        if len(alive) == 1:
            return Outcome((alive[0],), "last nation standing")
        limit = state["options"].get("turns", 30)
        if state["turn"] > limit and not state.get("pending"):

            def score(s: str) -> tuple[int, int]:
                return len(owned_provinces(state, s)), state["nations"][s]["treasury"]

            best = max(score(s) for s in alive)
            winners = tuple(s for s in alive if score(s) == best)
            return Outcome(
                winners, f"turn limit of {limit} reached: most provinces ({best[0]}), then richest"
            )
        return None

    def view(self, state: State, seat: str | None) -> State:
        return state

    def bot(self, state: State, request: OrderRequest, rng: random.Random) -> str:
        if request.seat == REFEREE:
            return board.random_results(state, rng)
        return bot_orders(self, state, request, rng)

    def board_text(self, view: State) -> str:
        return board.board_text(view)

    def board_svg(self, view: State) -> str | None:
        from .svg import board_svg

        return board_svg(view)
