"""Mare Nostrum: the military phase, adjudicated simultaneously.

The rule book (``shared/rules/002_...txt``, "8. La phase militaire") is the
specification; the order language and every reading of an unclear rule are in
``orders/mare-nostrum.md``. The steps of the phase live in :mod:`.phase`, the
dice battles in :mod:`.battle`, the map in :mod:`.map` and ``data/``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from adjudicator.games.base import (
    REFEREE,
    AdjustmentError,
    BaseRuleset,
    Event,
    OptionError,
    OrderForm,
    OrderRequest,
    Outcome,
    Parsed,
    Problem,
    ScenarioError,
    forms_for,
    outcome_text,
    problem_text,
)
from adjudicator.games.dice import Dice
from adjudicator.games.language import ENGLISH, N_, Glossary, Language

from . import board, campaign, speech
from .bot import bot_orders
from .glossary import GLOSSARY
from .legality import check_orders
from .map import (
    DEFAULT_MAP,
    STATE_FORMAT,
    GameMap,
    MapError,
    club_map_reference,
    default_map,
    map_from_reference,
    map_of,
    map_record,
    packaged_map,
)
from .native import military_phase
from .orders import (
    ORDER_FORMS,
    BattleResult,
    Order,
    canonical_orders,
    order_words,
    parse_orders,
    parse_results,
)
from .phase import MilitaryPhase, new_army

State = dict[str, Any]
BATTLES_KEY = "battles"
ORDERS_KIND = "orders"
RESULTS_KIND = "battle-results"


def _map_for_kind(kind: str) -> GameMap:
    """The map a request's orders are read against: ``orders`` or ``orders map=REFERENCE``."""
    if " map=" in kind:
        return map_from_reference(kind.split(" map=", 1)[1])
    return default_map()


class MareNostrum(BaseRuleset):
    """The military phase of Mare Nostrum for 2 to 8 nations, every order sealed and revealed at once."""

    name: ClassVar[str] = "mare-nostrum"
    title: ClassVar[str] = N_("Mare Nostrum: military phase")
    version: ClassVar[str] = "2"  # 2: the map data of the project map renamed and redrawn
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    has_hidden_information: ClassVar[bool] = False
    options: ClassVar[dict[str, tuple[str, str]]] = {
        "nations": ("6", "number of nations, 2 to 8 (the first N nations of the map)"),
        "battles": ("dice", "dice: built-in dice battles; table: the referee enters each battle's result"),
        "map": ("", "path of a club's map file (TOML); empty for the packaged Mediterranean"),
        "turns": ("30", "the game ends after this many turns: most provinces, then richest, wins"),
    }
    accepts_scenarios: ClassVar[bool] = True
    accepts_adjustments: ClassVar[bool] = True
    glossary: ClassVar[Glossary] = GLOSSARY

    # ------------------------------------------------------------------ options and setup
    def parse_options(self, raw: dict[str, str]) -> dict[str, Any]:
        opts = super().parse_options(raw)
        try:
            if opts["map"]:  # the file is read now; the game keeps its name, hash and text, not its path
                opts["map"] = club_map_reference(str(opts["map"]))
            game_map = map_from_reference(opts["map"]) if opts["map"] else default_map()
        except MapError as exc:
            raise OptionError(f"map: {exc}") from exc
        top = min(8, len(game_map.nations))
        if "nations" not in raw:  # the default, on a club map with fewer nations: all of them
            opts["nations"] = str(min(int(self.options["nations"][0]), top))
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
        return {
            "nations": nations,
            "battles": battles,
            "map": opts["map"],
            "turns": turns,
            # the packaged map by its SHA-256: a setup replays with the text it was made with,
            # kept in data/retired/ after the file changes (map.packaged_map)
            **({} if opts["map"] else {"map_sha": game_map.sha}),
            # the states keep the map by reference (map.map_record); not an option a referee sets
            "state_format": STATE_FORMAT,
        }

    def _map_option(self, options: dict[str, Any]) -> GameMap:
        if options.get("map"):
            return map_from_reference(options["map"])
        if options.get("map_sha"):
            return packaged_map(DEFAULT_MAP.name, str(options["map_sha"]))
        return default_map()

    def seat_names(self, options: dict[str, Any]) -> list[str]:
        options = self._normalised(options)
        if options.get("scenario"):
            return campaign.scenario_seats(options["scenario"], self._map_option(options))
        return list(self._map_option(options).nations)[: options["nations"]]

    def with_scenario(self, options: dict[str, Any], text: str) -> dict[str, Any]:
        """The options with a scenario's starting position (its nations are the seats)."""
        options = dict(self._normalised(options))
        try:
            game_map = self._map_option(options)
        except MapError as exc:
            raise ScenarioError(f"map: {exc}") from exc
        scenario = campaign.read_scenario(game_map, text)
        options["scenario"] = scenario
        options["nations"] = len(scenario["nations"])
        return options

    def _normalised(self, options: dict[str, Any]) -> dict[str, Any]:
        if all(k in options for k in self.options) and isinstance(options.get("nations"), int):
            return options
        parsed = self.parse_options({k: str(v) for k, v in options.items() if k in self.options})
        if "state_format" in options:
            parsed["state_format"] = options["state_format"]
        else:  # options from before state format 2: the setup (and its replay) keeps format 1
            parsed.pop("state_format")
        return parsed

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
        state = {
            "game": self.name,
            "turn": 1,
            "options": dict(options),
            "map": map_record(game_map, options),
            "seats": list(seats),
            "nations": nations,
            "provinces": provinces,
            "units": units,
            "bands": bands,
            "pending": None,
        }
        if options.get("scenario"):
            state = campaign.start_from_scenario(state, game_map, options["scenario"])
        return state

    # ------------------------------------------------------------------ the referee's adjustments
    def parse_adjustment(self, text: str) -> dict[str, Any]:
        return campaign.parse_adjustment(text)

    def adjust(self, state: State, adjustment: dict[str, Any]) -> tuple[State, list[Event]]:
        try:
            game_map = map_of(state)
        except MapError as exc:
            raise AdjustmentError(f"the game's map cannot be read: {exc}") from exc
        return campaign.adjust(state, game_map, adjustment)

    # ------------------------------------------------------------------ requests and labels
    def label(self, state: State) -> str:
        when = board.year_label(state)
        pending = state.get("pending")
        if not pending:
            return when
        return (
            f"{when}: naval battle results" if pending.get("stage") == "naval" else f"{when}: battle results"
        )

    def _kind(self, state: State, kind: str) -> str:
        # a club map's reference (format 1 keeps it as the map's path; format 2 in the options)
        path = state["map"].get("path", (state.get("options") or {}).get("map"))
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
        ids: dict[str, list[str]] = {}  # each nation's units, in one pass over the table
        for unit in state["units"].values():
            ids.setdefault(unit["nation"], []).append(unit["id"])
        for seat in state["seats"]:
            nation = state["nations"][seat]
            if not nation["alive"]:
                continue
            units = sorted(ids.get(seat, []))
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

    def order_forms(self, request: OrderRequest, lang: Language = ENGLISH) -> tuple[OrderForm, ...]:
        forms = forms_for(ORDER_FORMS, request.kind.split()[0])
        if lang.code == ENGLISH.code:
            return forms
        return tuple(
            OrderForm(
                lang.gettext(f.syntax),
                lang.gettext(f.meaning),
                self._example(request, f.example, lang),
                f.kinds,
            )
            for f in forms
        )

    def event_text(self, event: Event, lang: Language) -> str:
        return event.text if lang.code == ENGLISH.code else speech.event_text(event.text, lang)

    def prompt_text(self, request: OrderRequest, lang: Language) -> str:
        return request.prompt if lang.code == ENGLISH.code else speech.prompt_text(request.prompt, lang)

    def label_text(self, label: str, lang: Language) -> str:
        return label if lang.code == ENGLISH.code else speech.label_text(label, lang)

    def problem_text(self, problem: Problem, lang: Language) -> str:
        if lang.code == ENGLISH.code:
            return super().problem_text(problem, lang)
        message = speech.problem_message(problem.message, lang)
        return problem_text(problem, lang, message, speech.suggestion_text(problem.suggestion, lang))

    def outcome_text(self, outcome: Outcome, lang: Language) -> str:
        if lang.code == ENGLISH.code:
            return super().outcome_text(outcome, lang)
        return outcome_text(outcome, lang, speech.reason_text(outcome.reason, lang))

    def _example(self, request: OrderRequest, example: str, lang: Language) -> str:
        """A form's example with the words of ``lang``: as the parser reads it back, or word by word
        where the example's places are not on the game's map (a club map)."""
        said = self.canonical_text(request, example, lang)
        return said if said != example else speech.order_words_in(example, lang)

    def canonical_text(self, request: OrderRequest, canonical: str, lang: Language) -> str:
        """The canonical text with the order words of ``lang`` (names, units and line order kept);
        the parser reads it back to the same canonical text."""
        if lang.code == ENGLISH.code or not canonical.strip():
            return canonical
        parsed = self.parse(request, canonical)
        if parsed.problems:  # not a text this parser wrote: shown as it is
            return canonical
        words = order_words(lang.code)
        return "\n".join(order.text(words) for order in parsed.orders)

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
                if uid not in sides.get(seat, []):
                    problems.append(
                        Problem(
                            r.line or None,
                            "illegal",
                            f"{unit} does not fight in the battle of {r.place}",
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
        # the class compared first: an Order is the common case, isinstance for a subclass
        return [o for o in orders if o.__class__ is Order or isinstance(o, Order)]

    # ------------------------------------------------------------------ resolution
    def resolve(self, state: State, orders: dict[str, Any], dice: Dice) -> tuple[State, list[Event]]:
        """One turn, in the book's order; with ``battles=table`` it pauses for the referee
        before the naval battles and again before the land battles (each only if there are any)."""
        game_map = map_of(state)
        # the phase compiled at install when it is there and up to date, else the Python one:
        # the same code, the same results (see .native)
        phase = military_phase()(state, game_map, dice)
        table = state["options"].get("battles") == "table"
        pending = state.get("pending")
        if pending:
            by_seat = {
                seat: list(parse_orders(game_map, text).orders) for seat, text in pending["orders"].items()
            }
            phase.resume(pending, by_seat)
            results = self._table_results(state, game_map, phase, pending, orders.get(BATTLES_KEY))
            battles = [(b["kind"], b["place"]) for b in pending["battles"]]
            if pending.get("stage", "land") == "land":
                phase.fight_land(battles, results)
                phase.second_half()
                return state, phase.events
            phase.fight_naval(battles, results)
        else:
            by_seat = {
                seat: self._orders_list(game_map, orders.get(f"orders:{seat}"))
                for seat in state["seats"]
                if state["nations"][seat]["alive"]
            }
            naval = phase.begin(by_seat)
            if table and naval and self._pause(state, phase, "naval", naval, by_seat):
                return state, phase.events
            phase.fight_naval(naval)
        land = phase.ashore()
        if table and land and self._pause(state, phase, "land", land, by_seat):
            return state, phase.events
        phase.fight_land([] if table else land)
        phase.second_half()
        return state, phase.events

    def _pause(
        self,
        state: State,
        phase: MilitaryPhase,
        stage: str,
        zones: list[tuple[str, str]],
        by_seat: dict[str, list[Order]],
    ) -> bool:
        """Roll what comes before the table battles and ask the referee; False when none is left."""
        battles = phase.table_battles(zones)
        if not battles:
            return False
        state["pending"] = phase.pending(stage, battles, by_seat)
        phase.say(
            f"{len(battles)} {stage} battle(s) to fight at the table: the referee is asked for the results.",
            "pending",
            battles=[b["place"] for b in battles],
        )
        return True

    def _table_results(
        self, state: State, game_map: GameMap, phase: MilitaryPhase, pending: dict[str, Any], raw: Any
    ) -> dict[str, BattleResult]:
        if isinstance(raw, str):
            raw = parse_results(game_map, state["seats"], raw).orders
        results = {r.place: r for r in (raw or []) if isinstance(r, BattleResult)}
        problems = self._check_results(state, list(results.values()))
        bad = {p.line for p in problems}
        results = {k: r for k, r in results.items() if (r.line or None) not in bad}
        for battle in pending["battles"]:
            place = battle["place"]
            if place not in results or results[place].winner == "dice":
                phase.say(
                    f"No table result for the battle of {place}: the built-in dice decide.",
                    "battle",
                    place=place,
                )
        return results

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
            held: dict[str, int] = {}  # provinces per nation, in one pass
            for rec in state["provinces"].values():
                if rec["owner"]:
                    held[rec["owner"]] = held.get(rec["owner"], 0) + 1

            def score(s: str) -> tuple[int, int]:
                return held.get(s, 0), state["nations"][s]["treasury"]

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

    def board_text(self, view: State, lang: Language = ENGLISH) -> str:
        return board.board_text(view, lang)

    def board_svg(self, view: State, lang: Language = ENGLISH) -> str | None:
        from .svg import board_svg

        return board_svg(view, lang)
