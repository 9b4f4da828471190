"""The order language of Mare Nostrum's military phase (see orders/mare-nostrum.md).

One order per line, case-insensitive, ``#`` starts a comment. Place names may
be shortened to any unique prefix (``Pann`` for Pannonia); a near miss gets a
"did you mean ...?". Units are named by their letter and number: ``A1`` is an
army, ``F2`` a fleet (each nation numbers its own).

    A1 move Gallia-Cisalpina pillage retreat Etruria
    A2 hold pillage cut
    A3 embark F1
    A4 land Sicilia control
    A5 move Illyria intercept drive Dalmatia
    F1 move Mare-Ionium engage
    F2 blockade Carthago
    truce Pannonia
    buy army Latium mercenaries 2
    buy fleet Latium Mare-Tyrrhenum
    hire engineer A1
    hire priest A2
    hire mercenaries 3
    battle order A2 A1
    government Campania

The referee's battle results (``battles=table``) have their own small language::

    battle Pannonia: rome wins
    battle Mare-Ionium: carthage wins, lost carthage:F2, priest carthage:A1
    battle Gallia: dice

Every order word may be written in French as well, accents and case ignored (``A1 mouvement
Etruria pille``, ``achète armée Latium``, ``ordre de bataille A2 A1``): the words are the
glossary's (:mod:`.glossary`), and they give the same orders, so the same canonical (English) text,
as the English words; :func:`order_words` writes a canonical text back with the words of a language.

:func:`parse_orders` never raises: every line it cannot read becomes a
:class:`~adjudicator.games.base.Problem` with its line number, and every good
line is kept (the engine decides what to do with a partly valid submission).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

from adjudicator.games.base import OrderForm, Parsed, Problem
from adjudicator.games.language import N_, fold

from .glossary import FILLERS, GLOSSARY, ORDER_WORDS
from .map import GameMap

UNIT_RE = re.compile(r"^([af])([0-9]{1,4})$")
#: the options a move or a landing may carry: what to do after winning, and where to fall back
MOVE_OPTIONS = ("control", "pillage", "siege", "cut", "intercept")
FLEET_OPTIONS = ("engage", "intercept")
#: the order of the options in the canonical text
OPTION_ORDER = ("control", "pillage", "siege", "cut", "engage", "intercept")
VERBS = ("hold", "move", "embark", "land", "blockade", "pillage", "cut", "engage")
HEADS = ("buy", "hire", "battle", "government", "truce")
MAX_LINES = 500
MAX_LINE_LENGTH = 300

#: Request kinds: a nation's orders, and the referee's results of battles fought on the table.
ORDERS_KIND = "orders"
RESULTS_KIND = "battle-results"

#: Every form of order line, as mails summarise it (each example is parsed by the tests).
ORDER_FORMS: tuple[OrderForm, ...] = (
    OrderForm(N_("<unit> hold [pillage] [cut]"), N_("the unit stays"), "A2 hold pillage cut", (ORDERS_KIND,)),
    OrderForm(
        N_("<army> move <province> [control|pillage|siege|cut|intercept] [retreat <province>]"),
        N_("an army moves to an adjacent province"),
        "A1 move Cisalpina pillage retreat Etruria",
        (ORDERS_KIND,),
    ),
    OrderForm(
        N_("<fleet> move <sea> [engage|intercept]"),
        N_("a fleet moves to an adjacent sea"),
        "F1 move Mare-Ionium engage",
        (ORDERS_KIND,),
    ),
    OrderForm(N_("<army> embark <fleet>"), N_("an army boards a fleet"), "A3 embark F1", (ORDERS_KIND,)),
    OrderForm(
        N_("<army> land <province> [control|...]"),
        N_("an embarked army lands"),
        "A4 land Sicilia control",
        (ORDERS_KIND,),
    ),
    OrderForm(
        N_("<fleet> blockade <port>"), N_("a fleet blockades a port"), "F2 blockade Carthago", (ORDERS_KIND,)
    ),
    OrderForm(N_("truce <province>"), N_("no battle with a band there"), "truce Pannonia", (ORDERS_KIND,)),
    OrderForm(
        N_("buy army <province> [mercenaries <n>]"),
        N_("a new army"),
        "buy army Latium mercenaries 2",
        (ORDERS_KIND,),
    ),
    OrderForm(
        N_("buy fleet <port> <sea>"), N_("a new fleet"), "buy fleet Latium Mare-Tyrrhenum", (ORDERS_KIND,)
    ),
    OrderForm(
        N_("hire engineer|priest <army>"), N_("a leader joins an army"), "hire engineer A1", (ORDERS_KIND,)
    ),
    OrderForm(
        N_("hire mercenaries <n>"),
        N_("mercenaries for the whole nation"),
        "hire mercenaries 3",
        (ORDERS_KIND,),
    ),
    OrderForm(
        N_("battle order <unit> <unit> ..."),
        N_("which units fight first"),
        "battle order A2 A1",
        (ORDERS_KIND,),
    ),
    OrderForm(
        N_("government <province>"), N_("where the government sits"), "government Campania", (ORDERS_KIND,)
    ),
    OrderForm(
        N_("battle <place>: <nation> wins [, lost <nation>:<unit>]"),
        N_("the result of a battle fought on the table"),
        "battle Mare-Ionium: carthage wins, lost carthage:F2",
        (RESULTS_KIND,),
    ),
    OrderForm(
        N_("battle <place>: dice"),
        N_("the built-in dice decide that battle"),
        "battle Gallia: dice",
        (RESULTS_KIND,),
    ),
)


@dataclass(frozen=True)
class Order:
    """One understood order. ``verb`` names the rule step it belongs to.

    Unit orders: ``hold``, ``move``, ``embark``, ``land``, ``blockade``.
    Purchases: ``buy-army``, ``buy-fleet``, ``hire-engineer``, ``hire-priest``,
    ``hire-mercenaries``. Standing choices: ``battle-order``, ``government``, ``truce``.
    ``drive`` is where a band that panics before this unit's interception is driven to.
    """

    verb: str
    unit: str = ""
    target: str = ""
    sea: str = ""
    count: int = 0
    units: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    retreat: str = ""
    drive: str = ""
    line: int = field(default=0, compare=False)

    @property
    def is_purchase(self) -> bool:
        return self.verb.startswith(("buy-", "hire-"))

    def has(self, option: str) -> bool:
        return option in self.options

    def text(self, words: Mapping[str, str] | None = None) -> str:
        """The canonical line for this order; with ``words`` (:func:`order_words`) in that language."""
        say = words or ENGLISH_WORDS
        opts = "".join(f" {say[o]}" for o in self.options)
        opts += f" {say['drive']} {self.drive}" if self.drive else ""
        tail = f"{opts} {say['retreat']} {self.retreat}" if self.retreat else opts
        match self.verb:
            case "hold":
                return f"{self.unit} {say['hold']}{tail}"
            case "move" | "land" | "blockade" | "embark":
                return f"{self.unit} {say[self.verb]} {self.target}{tail}"
            case "buy-army":
                merc = f" {say['mercenaries']} {self.count}" if self.count else ""
                return f"{say['buy']} {say['army']} {self.target}{merc}"
            case "buy-fleet":
                return f"{say['buy']} {say['fleet']} {self.target} {self.sea}"
            case "hire-engineer" | "hire-priest":
                return f"{say['hire']} {say[self.verb[5:]]} {self.unit}"
            case "hire-mercenaries":
                return f"{say['hire']} {say['mercenaries']} {self.count}"
            case "battle-order":
                return f"{say['battle-order']} " + " ".join(self.units)
            case "government":
                return f"{say['government']} {self.target}"
            case "truce":
                return f"{say['truce']} {self.target}"
        return self.verb  # pragma: no cover - every verb is listed above


@dataclass(frozen=True)
class BattleResult:
    """The referee's result of one battle fought on the table."""

    place: str
    winner: str  # a nation seat, or "dice" to let the built-in dice decide
    lost: tuple[str, ...] = ()  # "rome:A2": the winner's units destroyed along the way
    priests: tuple[str, ...] = ()  # "rome:A1": armies whose war priest was used
    line: int = field(default=0, compare=False)

    def text(self, words: Mapping[str, str] | None = None) -> str:
        """The canonical line for this result; with ``words`` (:func:`order_words`) in that language."""
        say = words or ENGLISH_WORDS
        won = say["dice"] if self.winner == "dice" else f"{self.winner} {say['wins']}"
        parts = [f"{say['battle']} {self.place}: {won}"]
        parts += [f"{say['lost']} {u}" for u in self.lost]
        parts += [f"{say['priest']} {u}" for u in self.priests]
        return ", ".join(parts)


# ----------------------------------------------------------------------------- the words of a language


@cache
def order_words(code: str) -> Mapping[str, str]:
    """The order language's words in language ``code``, by key (``hold`` -> ``garnison`` in French),
    as the glossary names them; the canonical text is written with them."""
    keys = (*ORDER_WORDS, "battle-order")
    return {key: GLOSSARY.term(key).name(code, 2 if key == "mercenaries" else 1) for key in keys}


#: The English words: the canonical text the receipts seal.
ENGLISH_WORDS = order_words("en")


def keyword(word: str) -> str:
    """The order-language key a word of either language names, accents and case ignored
    (``Achète`` -> ``buy``, ``mercenary`` -> ``mercenaries``); any other word in lower case."""
    key = GLOSSARY.key(word)
    return key if key in ORDER_WORDS else word.lower()


# ----------------------------------------------------------------------------- names


def _norm(word: str) -> str:
    return word.lower().replace("-", "").replace("_", "")


class Names:
    """Matches what a player typed to one name: exact, unique prefix, or a suggestion."""

    def __init__(self, names: Iterable[str], what: str) -> None:
        self.what = what
        self.by_norm = {_norm(n): n for n in names}

    def match(self, word: str, line: int) -> tuple[str | None, Problem | None]:
        key = _norm(word)
        if not key:
            return None, Problem(line, "invalid", f"expected a {self.what}")
        if key in self.by_norm:
            return self.by_norm[key], None
        found = [n for k, n in self.by_norm.items() if k.startswith(key)]
        if len(found) == 1:
            return found[0], None
        if found:
            shown = ", ".join(sorted(found)[:6]) + (", ..." if len(found) > 6 else "")
            return None, Problem(
                line,
                "ambiguous",
                f"{word!r} could be several {self.what}s: {shown}",
                "type more letters",
            )
        close = difflib.get_close_matches(key, list(self.by_norm), n=1, cutoff=0.6)
        hint = f"did you mean {self.by_norm[close[0]]}?" if close else ""
        return None, Problem(line, "invalid", f"unknown {self.what} {word!r}", hint)


_NAMES_CACHE: dict[str, tuple[Names, Names, Names]] = {}


def names_for(game_map: GameMap) -> tuple[Names, Names, Names]:
    """(places, provinces, seas) matchers for a map, cached."""
    if game_map.sha not in _NAMES_CACHE:
        _NAMES_CACHE[game_map.sha] = (
            Names(game_map.places, "place"),
            Names(game_map.provinces, "province"),
            Names(game_map.seas, "sea zone"),
        )
    return _NAMES_CACHE[game_map.sha]


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return f"did you mean {close[0]}?" if close else ""


#: a line that only marks the orders final, in English or in French: no order, read as a blank line
FINAL_WORDS = frozenset({"final", "fin"})


def _clean_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text without comment) for each non-blank line that is not a ``final`` line."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line and fold(line) not in FINAL_WORDS:
            out.append((number, line))
    return out


# ----------------------------------------------------------------------------- player orders


class _LineParser:
    def __init__(self, game_map: GameMap, number: int, line: str) -> None:
        self.map = game_map
        self.n = number
        self.places, self.provinces, self.seas = names_for(game_map)
        words = line.replace("->", " -> ").replace(",", " ").split()
        self.words = [w for w in words if w not in {"-", "->", "to"} and w.lower() not in FILLERS]

    def fail(self, message: str, suggestion: str = "") -> Problem:
        return Problem(self.n, "invalid", message, suggestion)

    def unit(self, word: str, kinds: str = "af") -> tuple[str | None, Problem | None]:
        m = UNIT_RE.match(word.lower())
        if not m or m.group(1) not in kinds:
            want = {"a": "an army (A1)", "f": "a fleet (F1)", "af": "a unit (A1 or F1)"}[kinds]
            return None, self.fail(f"expected {want}, got {word!r}")
        return f"{m.group(1).upper()}{int(m.group(2))}", None

    def parse(self) -> Order | Problem:
        if not self.words:
            return self.fail("empty order")
        if UNIT_RE.match(self.words[0].lower()):
            return self.unit_order()
        head = keyword(self.words[0])
        if head == "order" and fold(self.words[0]) not in {"order", "orders"}:
            return self.battle_order(french=True)  # "ordre de bataille A2 A1"
        if head == "buy":
            return self.buy()
        if head == "hire":
            return self.hire()
        if head == "battle":
            return self.battle_order()
        if head == "government":
            return self.government()
        if head == "truce":
            return self.truce()
        hint = _suggest(self.words[0].lower(), HEADS)
        return self.fail(
            "an order starts with a unit (A1, F1) or buy/hire/battle order/government/truce, "
            f"not {self.words[0]!r}",
            hint,
        )

    # -- unit orders -------------------------------------------------------------
    def unit_order(self) -> Order | Problem:
        unit, problem = self.unit(self.words[0])
        if problem:
            return problem
        assert unit is not None
        rest = self.words[1:]
        if not rest:
            return Order("hold", unit, line=self.n)
        verb = keyword(rest[0])
        if verb not in VERBS:
            # "A1 Gallia" and "A1 -> Gallia" are moves
            name, problem = self.places.match(rest[0], self.n)
            if name is not None:
                return self.move_like("move", unit, rest)
            if problem is not None and (problem.kind == "ambiguous" or not _suggest(verb, VERBS)):
                if problem.kind == "invalid":
                    return self.fail(f"unknown order or place {rest[0]!r} for {unit}", problem.suggestion)
                return problem
            return self.fail(
                f"unknown order {rest[0]!r} for {unit}; orders are {', '.join(VERBS[:5])}",
                _suggest(verb, VERBS),
            )
        args = rest[1:]
        if verb in {"hold", "pillage", "cut", "engage"}:
            if (verb == "engage") != unit.startswith("F") and verb != "hold":
                kind = "fleet" if unit.startswith("F") else "army"
                return self.fail(
                    f"{unit} is a{'n' if kind == 'army' else ''} {kind}: it cannot {verb}",
                    "armies pillage and cut routes; fleets engage",
                )
            options = [verb] if verb != "hold" else []
            return self.with_options("hold", unit, "", options, args)
        if verb in {"move", "land", "blockade"}:
            return self.move_like(verb, unit, args)
        # embark
        if not args:
            return self.fail(f"{unit} embark: name the fleet, e.g. '{unit} embark F1'")
        fleet, problem = self.unit(args[0], "f")
        if problem:
            return problem
        if len(args) > 1:
            return self.fail(f"unexpected {' '.join(args[1:])!r} after '{unit} embark {fleet}'")
        return Order("embark", unit, fleet, line=self.n)

    def move_like(self, verb: str, unit: str, args: list[str]) -> Order | Problem:
        if not args:
            return self.fail(f"{unit} {verb}: name the place, e.g. '{unit} {verb} Gallia'")
        matcher = self.places if verb == "move" else self.provinces
        target, problem = matcher.match(args[0], self.n)
        if problem:
            return problem
        assert target is not None
        return self.with_options(verb, unit, target, [], args[1:])

    def with_options(
        self, verb: str, unit: str, target: str, options: list[str], args: list[str]
    ) -> Order | Problem:
        retreat = ""
        drive = ""
        allowed = FLEET_OPTIONS if unit.startswith("F") else MOVE_OPTIONS
        i = 0
        while i < len(args):
            word = keyword(args[i])
            if word == "drive":
                if i + 1 >= len(args):
                    return self.fail("drive: name the zone where a panicking band is driven to")
                name, problem = self.places.match(args[i + 1], self.n)
                if problem:
                    return problem
                drive = name or ""
                i += 2
                continue
            if word == "retreat" and unit.startswith("A"):
                if i + 1 >= len(args):
                    return self.fail("retreat: name the province or fleet to fall back to")
                dest = args[i + 1]
                fleet = UNIT_RE.match(dest.lower())
                if fleet and fleet.group(1) == "f":
                    retreat = f"F{int(fleet.group(2))}"
                else:
                    name, problem = self.provinces.match(dest, self.n)
                    if problem:
                        return problem
                    retreat = name or ""
                i += 2
                continue
            if word not in allowed:
                extra = ["drive <zone>"] + (["retreat <province>"] if unit.startswith("A") else [])
                return self.fail(
                    f"unknown option {args[i]!r} for {unit}; options are {', '.join([*allowed, *extra])}",
                    _suggest(word, [*allowed, "retreat"]),
                )
            if word not in options:
                options.append(word)
            i += 1
        outcome = [o for o in options if o in {"control", "pillage", "siege"}]
        if len(outcome) > 1:
            return self.fail(f"choose one of control, pillage or siege, not {' and '.join(outcome)}")
        ordered = tuple(o for o in OPTION_ORDER if o in options)
        return Order(verb, unit, target, options=ordered, retreat=retreat, drive=drive, line=self.n)

    # -- purchases -----------------------------------------------------------------
    def buy(self) -> Order | Problem:
        args = self.words[1:]
        if not args or keyword(args[0]) not in {"army", "fleet"}:
            got = args[0] if args else "nothing"
            return self.fail(
                f"buy army <province> or buy fleet <province> <sea zone>, not buy {got}",
                _suggest(got, ["army", "fleet"]),
            )
        kind = keyword(args[0])
        if len(args) < 2:
            return self.fail(f"buy {kind}: name the province where it is raised")
        where, problem = self.provinces.match(args[1], self.n)
        if problem:
            return problem
        assert where is not None
        if kind == "army":
            count = 0
            if len(args) > 2:
                if (
                    keyword(args[2]) != "mercenaries"
                    or len(args) != 4
                    or not (args[3].isascii() and args[3].isdigit())
                ):
                    return self.fail("buy army <province> [mercenaries N]")
                count = int(args[3])
                if not 1 <= count <= 12:
                    return self.fail("an army has 12 elements: mercenaries replace 1 to 12 of them")
            return Order("buy-army", target=where, count=count, line=self.n)
        seas = self.map.provinces[where].seas
        if len(args) == 2:
            if len(seas) != 1:
                listed = ", ".join(seas) or "none"
                return self.fail(f"buy fleet {where}: name the sea zone to deploy in ({listed})")
            return Order("buy-fleet", target=where, sea=seas[0], line=self.n)
        if len(args) > 3:
            return self.fail(f"unexpected {' '.join(args[3:])!r} after buy fleet")
        sea, problem = self.seas.match(args[2], self.n)
        if problem:
            return problem
        return Order("buy-fleet", target=where, sea=sea or "", line=self.n)

    def hire(self) -> Order | Problem:
        args = self.words[1:]
        what = keyword(args[0]) if args else ""
        if what in {"engineer", "priest"}:
            if len(args) != 2:
                return self.fail(f"hire {what} <army>, e.g. hire {what} A1")
            army, problem = self.unit(args[1], "a")
            if problem:
                return problem
            return Order(f"hire-{what}", army or "", line=self.n)
        if what == "mercenaries":
            if len(args) != 2 or not (args[1].isascii() and args[1].isdigit()) or not 1 <= int(args[1]) <= 99:
                return self.fail("hire mercenaries N (1 to 99)")
            return Order("hire-mercenaries", count=int(args[1]), line=self.n)
        return self.fail(
            "hire engineer <army>, hire priest <army> or hire mercenaries N",
            _suggest(what, ["engineer", "priest", "mercenaries"]),
        )

    def battle_order(self, french: bool = False) -> Order | Problem:
        args = self.words[1:]
        if french:  # "ordre de bataille": "de" is dropped with the other small words
            if args and keyword(args[0]) == "battle":
                args = args[1:]
        elif args and keyword(args[0]) == "order":
            args = args[1:]
        if not args:
            return self.fail("battle order A2 A1: list your armies, the first fights first")
        units = []
        for word in args:
            army, problem = self.unit(word, "a")
            if problem:
                return problem
            if army in units:
                return self.fail(f"{army} is listed twice in the battle order")
            units.append(army or "")
        return Order("battle-order", units=tuple(units), line=self.n)

    def government(self) -> Order | Problem:
        args = self.words[1:]
        if len(args) != 1:
            return self.fail("government <province>: where the government moves if the capital falls")
        where, problem = self.provinces.match(args[0], self.n)
        if problem:
            return problem
        return Order("government", target=where or "", line=self.n)

    def truce(self) -> Order | Problem:
        args = self.words[1:]
        if len(args) != 1:
            return self.fail("truce <province>: your armies there fight nobody who also keeps the truce")
        where, problem = self.provinces.match(args[0], self.n)
        if problem:
            return problem
        return Order("truce", target=where or "", line=self.n)


def parse_orders(game_map: GameMap, text: str) -> Parsed:
    """Every good line as an :class:`Order`, every bad one as a :class:`Problem`."""
    orders: list[Order] = []
    problems: list[Problem] = []
    lines: list[tuple[int, str]] = []
    if not isinstance(text, str):
        return Parsed([], [Problem(None, "invalid", "orders must be text")], [])
    cleaned = _clean_lines(text)
    if len(cleaned) > MAX_LINES:
        problems.append(Problem(None, "invalid", f"too many lines: at most {MAX_LINES} orders"))
        cleaned = cleaned[:MAX_LINES]
    for number, line in cleaned:
        if len(line) > MAX_LINE_LENGTH:
            problems.append(Problem(number, "invalid", f"line longer than {MAX_LINE_LENGTH} characters"))
            continue
        try:
            result = _LineParser(game_map, number, line).parse()
        except Exception as exc:  # pragma: no cover - a parser must never raise on player text
            result = Problem(number, "invalid", f"could not read this line ({type(exc).__name__})")
        if isinstance(result, Problem):
            problems.append(result)
        else:
            orders.append(result)
            lines.append((number, result.text()))
    return Parsed(orders, problems, lines)


def _unit_key(unit: str) -> tuple[int, int]:
    return (
        0 if unit.startswith("A") else 1,
        int(unit[1:]) if (unit[1:].isascii() and unit[1:].isdigit()) else 0,
    )


_VERB_RANK = {
    "hire-mercenaries": 0,
    "buy-army": 1,
    "buy-fleet": 2,
    "hire-engineer": 3,
    "hire-priest": 4,
    "battle-order": 5,
    "government": 6,
    "truce": 7,
}


def canonical_orders(orders: Iterable[Order]) -> str:
    """One order per line, unit orders first (A1, A2, ..., F1, ...), then purchases and choices."""
    items = list(orders)
    unit_orders = sorted(
        (o for o in items if o.verb in {"hold", "move", "embark", "land", "blockade"}),
        key=lambda o: _unit_key(o.unit),
    )
    others = [o for o in items if o not in unit_orders]
    others = sorted(others, key=lambda o: (_VERB_RANK.get(o.verb, 9), o.text()))
    return "\n".join(o.text() for o in [*unit_orders, *others])


# ----------------------------------------------------------------------------- referee results

RESULT_RE = re.compile(r"^(?P<head>\S+)\s+(?P<place>[^:\s]+)\s*:?\s*(?P<rest>.*)$")
QUALIFIED_RE = re.compile(r"^([a-z0-9-]+):([af])([0-9]{1,4})$", re.IGNORECASE)


def parse_results(game_map: GameMap, seats: Iterable[str], text: str) -> Parsed:
    """The referee's battle results, one ``battle <place>: <nation> wins`` line per battle."""
    seat_list = list(seats)
    places, _, _ = names_for(game_map)
    results: list[BattleResult] = []
    problems: list[Problem] = []
    lines: list[tuple[int, str]] = []
    if not isinstance(text, str):
        return Parsed([], [Problem(None, "invalid", "results must be text")], [])
    for number, line in _clean_lines(text)[:MAX_LINES]:
        m = RESULT_RE.match(line[:MAX_LINE_LENGTH])
        if not m or keyword(m.group("head")) != "battle":
            problems.append(
                Problem(
                    number,
                    "invalid",
                    "expected 'battle <place>: <nation> wins' or 'battle <place>: dice'",
                    _suggest(line.split()[0], ["battle"]),
                )
            )
            continue
        place, problem = places.match(m.group("place"), number)
        if problem:
            problems.append(problem)
            continue
        clauses = [c.strip() for c in m.group("rest").split(",") if c.strip()]
        if not clauses:
            problems.append(
                Problem(number, "invalid", f"battle {place}: who won? e.g. '{seat_list[0]} wins'")
            )
            continue
        head = clauses[0].lower().split()
        keys = [keyword(word) for word in head]
        winner = ""
        if keys == ["dice"]:
            winner = "dice"
        elif (len(head) == 2 and keys[1] == "wins") or len(head) == 1:
            winner = head[0]
            if winner not in seat_list:
                problems.append(
                    Problem(number, "invalid", f"unknown nation {head[0]!r}", _suggest(head[0], seat_list))
                )
                continue
        else:
            problems.append(
                Problem(number, "invalid", f"expected '<nation> wins' or 'dice', not {clauses[0]!r}")
            )
            continue
        lost: list[str] = []
        priests: list[str] = []
        bad = None
        for clause in clauses[1:]:
            words = clause.split()
            if len(words) != 2 or keyword(words[0]) not in {"lost", "priest"}:
                bad = Problem(
                    number, "invalid", f"expected 'lost nation:A1' or 'priest nation:A1', not {clause!r}"
                )
                break
            q = QUALIFIED_RE.match(words[1])
            if not q or q.group(1).lower() not in seat_list:
                bad = Problem(number, "invalid", f"name a unit as nation:A1, not {words[1]!r}")
                break
            uid = f"{q.group(1).lower()}:{q.group(2).upper()}{int(q.group(3))}"
            (lost if keyword(words[0]) == "lost" else priests).append(uid)
        if bad:
            problems.append(bad)
            continue
        result = BattleResult(place or "", winner, tuple(lost), tuple(priests), line=number)
        results.append(result)
        lines.append((number, result.text()))
    return Parsed(results, problems, lines)
