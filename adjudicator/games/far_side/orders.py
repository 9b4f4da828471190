"""The Far Side order language: a player's whole turn in one email.

See orders/far-side.md for the language with example turns. Every line is one
order; blank lines and ``#`` comments are ignored; case does not matter; a line
``final`` is tolerated. ``parse`` never raises: it returns the good lines as
orders and every bad line as a :class:`Problem` with its line number, the rule
it breaks and what would have been valid.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from adjudicator.games.base import OrderForm, Parsed, Problem
from adjudicator.games.far_side.board import PREFIX, is_square
from adjudicator.games.far_side.glossary import GLOSSARY, ORDER_TERMS
from adjudicator.games.far_side.tables import SKILLS
from adjudicator.games.language import N_, Language, fold

#: first words of order lines, and what a request of each kind accepts
TURN_WORDS = (
    "anchor",
    "kedge",
    "sail",
    "tow",
    "ram",
    "if",
    "windward",
    "gage",
    "fire",
    "repair",
    "transfer",
    "grapple",
    "repel",
)
STANDING_WORDS = ("drift", "return", "hold", "priority", "standing")
CONTINUE_WORDS = ("continue", "straight", "stop")
REACTION_WORDS = ("fire", "hold", "return")
ATTACK_WORDS = ("fire", "grapple", "repel")
FIRE_POLICIES = ("return", "hold", "will")
POLICIES = ("straight", "ask")
MUST_SAIL = "a ship sails its whole MOVE unless a rule stops it (an occupied square, the edge, a ram, a dock)"

#: where a standing order may be written (a turn email too: a bare `fire at will` there is an attack)
_STANDING_KINDS = ("turn", "standing", "drift", "continue")
#: Every form of order line by request kind (the key's first part), as mails summarise it; the
#: examples are written by the British (B ships) against the French (F ships), and each is parsed
#: by the tests, which also check that every first word a kind accepts has a form here.
ORDER_FORMS: tuple[OrderForm, ...] = (
    OrderForm("anchor [ship]", N_("no ship moves"), "anchor B3", ("turn",)),
    OrderForm(
        "kedge <ship> to <square>",
        N_("forfeit the wind roll, try to move one square"),
        "kedge B3 to c6",
        ("turn",),
    ),
    OrderForm(
        "sail <ship> <square> ... [dock]", N_("one ship sails along the path"), "sail B3 c7 c6 c5", ("turn",)
    ),
    OrderForm("tow <ship> [<ship> ...]", N_("the ships towed behind the sailing ship"), "tow B5", ("turn",)),
    OrderForm("ram <enemy>", N_("ram an adjacent enemy after the path"), "ram F4", ("turn",)),
    OrderForm(
        "if move > path: continue straight | ask",
        N_("what MOVE left after the path does"),
        "if move > path: ask",
        ("turn",),
    ),
    OrderForm("windward <enemy>", N_("the target for the windward position"), "windward F3", ("turn",)),
    OrderForm(
        "gage move <square>", N_("the move of a ship that gains the weather gage"), "gage move c4", ("turn",)
    ),
    OrderForm(
        "repair <ship> <task> <n> ... from <skill> <n> ...",
        N_("repairs (pumps, rigging, fires) paid with skill levels"),
        "repair B1 pumps 2 rigging 1 from gun 2 sea 1",
        ("turn",),
    ),
    OrderForm(
        "transfer <ship> cmd <n> to <ship> from <skill> <n>",
        N_("lend command to an adjacent ship"),
        "transfer B5 cmd 1 to B7 from gun 1",
        ("turn",),
    ),
    OrderForm(
        "fire <ship> at <enemy> | nearest",
        N_("a ship's attack this round"),
        "fire B3 at F6",
        ("turn", "reaction", "attack"),
    ),
    OrderForm(
        "fire at will",
        N_("every ship not named in a fire line attacks"),
        "fire at will",
        ("turn", "reaction", "standing", "attack"),
    ),
    OrderForm(
        "grapple <ship> at <enemy>",
        N_("try to grapple an enemy at short range"),
        "grapple B8 at F7",
        ("turn", "attack"),
    ),
    OrderForm("repel <ship>", N_("your grappled ship tries to ungrapple"), "repel B4", ("turn", "attack")),
    OrderForm(
        "continue <square> ... [dock] | continue straight",
        N_("where the sailing ship goes with its MOVE left"),
        "continue c4 b4",
        ("continue",),
    ),
    OrderForm(
        "drift ignore | ask | <enemy> [<enemy> ...]",
        N_("which enemy ship drifts in the enemy's turn"),
        "drift F4 F3",
        _STANDING_KINDS,
    ),
    OrderForm(
        "return fire",
        N_("your ships fire back when engaged or attacked"),
        "return fire",
        (*_STANDING_KINDS, "reaction"),
    ),
    OrderForm(
        "hold fire [<ship> ... | none]",
        N_("no ship (or these ships) fire in the enemy's turn"),
        "hold fire B3",
        (*_STANDING_KINDS, "reaction"),
    ),
    OrderForm(
        "priority <ship> <enemy> ... | none",
        N_("that ship's targets, first in range first"),
        "priority B3 F4 F2",
        _STANDING_KINDS,
    ),
    OrderForm(
        "standing <standing order>",
        N_("a standing order written in any mail"),
        "standing fire at will",
        _STANDING_KINDS,
    ),
)
TASKS = {
    "pumps": "pumps",
    "pump": "pumps",
    "rigging": "rigging",
    "rig": "rigging",
    "fires": "fires",
    "fire": "fires",
}
SKILL_WORDS = {k.lower(): k for k in SKILLS} | {
    "seamanship": "SEA",
    "gunnery": "GUN",
    "command": "CMD",
    "morale": "MOR",
    "marksmanship": "AIM",
    "boarding": "BRD",
}

RULE_MOVE = "4 Movement"
RULE_SAIL = "4 Movement: Sail"
RULE_KEDGE = "4 Movement: Kedge"
RULE_TOW = "4 Movement: Tow"
RULE_RAM = "4 Movement: Ram"
RULE_DOCK = "4 Movement: Dock"
RULE_WINDWARD = "6 Windward Position"
RULE_REPAIRS = "7 Repairs & Damage Control"
RULE_TRANSFER = "7 Repairs: Transfer Command"
RULE_ENGAGE = "11 Raise the Ensign (rules of engagement)"
RULE_GRAPPLE = "26 Grapple"
RULE_REPEL = "27 Repel Attack"
RULE_DRIFT = "1 Drift & Tides"


@dataclass
class Movement:
    """4 MOVEMENT: ``anchor`` (no ship moves), ``kedge`` or ``sail`` one ship."""

    kind: str  # anchor | kedge | sail
    ship: int | None = None
    path: list[str] = field(default_factory=list)
    dock: bool = False
    line: int = 0


@dataclass
class Fire:
    ship: int
    target: int | None  # None: the nearest fair target
    line: int = 0


@dataclass
class Repair:
    ship: int
    tasks: dict[str, int]
    sources: dict[str, int]
    line: int = 0


@dataclass
class Transfer:
    ship: int
    levels: int
    to: int
    sources: dict[str, int]
    line: int = 0


@dataclass
class Standing:
    """Standing orders: what you decide during the enemy's turn (his drift, your fire).

    In a ``reaction`` request the fire parts are this round's fire only."""

    drift: list[int] | None = None  # [] = ignore drift; None = unchanged
    drift_ask: bool = False  # drift ask: be asked each time
    fire: str | None = None  # "return" | "hold" | "will" | None = unchanged
    hold: list[int] | None = None  # ships that hold fire ([] = none); None = unchanged
    priority: dict[int, list[int]] = field(default_factory=dict)  # ship -> targets in order ([] = none)
    drift_line: int = 0
    fire_line: int = 0
    hold_line: int = 0


@dataclass
class Orders:
    """Everything one email says. Unused parts stay empty."""

    movement: Movement | None = None
    tow: list[int] = field(default_factory=list)
    tow_line: int = 0
    ram: int | None = None
    ram_line: int = 0
    policy: str | None = None  # if move > path: straight | ask
    policy_line: int = 0
    windward: int | None = None
    windward_line: int = 0
    gage_move: str | None = None
    gage_line: int = 0
    fires: list[Fire] = field(default_factory=list)
    fire_at_will: bool = False
    fire_at_will_line: int = 0
    repairs: list[Repair] = field(default_factory=list)
    transfers: list[Transfer] = field(default_factory=list)
    grapples: list[tuple[int, int, int]] = field(default_factory=list)  # (ship, target, line)
    repels: list[tuple[int, int]] = field(default_factory=list)  # (ship, line)
    standing: Standing = field(default_factory=Standing)
    # a follow-up "continue" request: the rest of the path, or straight on
    cont_path: list[str] = field(default_factory=list)
    cont_dock: bool = False
    cont_straight: bool = False
    cont_line: int = 0


class LineError(Exception):
    def __init__(self, kind: str, message: str, suggestion: str = "", rule: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.suggestion = suggestion
        self.rule = rule


def _words(line: str) -> list[str]:
    line = line.replace("->", " ").replace(">", " > ")
    return [w for w in re.split(r"[\s,;:=()]+", line.strip().lower()) if w]


def _phrases() -> dict[tuple[str, ...], list[str]]:
    """Every word of another language that the glossary gives an order word, as folded words, and
    the English words the parser reads for it (``feu à volonté`` -> ``fire at will``)."""
    out: dict[tuple[str, ...], list[str]] = {}
    for key in ORDER_TERMS:
        term = GLOSSARY.term(key)
        english = fold(term.en).split()
        for word in (term.fr, term.fr_plural, *term.fr_words):
            if word:
                out[tuple(fold(word).split())] = english
    return out


#: the order words of the glossary in French, and the longest of them in words
_FRENCH = _phrases()
_LONGEST = max(len(k) for k in _FRENCH)


class _Written(str):
    """An English word the parser reads in place of what the player wrote: a problem that quotes
    it (``{word!r}``) quotes the player's own word, never an English word they did not write."""

    written: str

    def __new__(cls, english: str, written: str) -> _Written:
        word = super().__new__(cls, english)
        word.written = written
        return word

    def __repr__(self) -> str:
        return repr(self.written)

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]  # copied and pickled whole
        return (str(self), self.written)


def _in_english(words: list[str]) -> list[str]:
    """``words`` with every French order word (or phrase) of the glossary replaced by the English
    words it stands for, longest phrase first; English words, ships, squares and numbers are kept,
    so an English line reads as it always did (no French word is an English word of the glossary).
    Each English word put in remembers the French word it stands for (word for word when the two
    phrases have as many words, else the whole French phrase), for the problems that quote it.
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        for size in range(min(_LONGEST, len(words) - i), 0, -1):
            english = _FRENCH.get(tuple(fold(w) for w in words[i : i + size]))
            if english is not None:
                said = words[i : i + size]
                written = said if len(said) == len(english) else [" ".join(said)] * len(english)
                out.extend(_Written(e, w) for e, w in zip(english, written, strict=True))
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return out


#: each English order word of the glossary (folded) and its term's key
_ENGLISH = {fold(GLOSSARY.term(k).en): k for k in ORDER_TERMS}


@cache
def _said_in(lang: Language) -> re.Pattern[str] | None:
    """The English order words of the glossary as one pattern, longest first (``None``: English)."""
    if lang.code == "en":
        return None
    english = sorted({GLOSSARY.term(k).en for k in ORDER_TERMS}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, english)) + r")(?![\w-])", re.IGNORECASE)


def say(text: str, lang: Language) -> str:
    """An English order text (a canonical line, an example) with its order words in ``lang``, from
    the glossary; ships, squares and numbers are kept, so the parser reads it back to the same orders.

    >>> from adjudicator.games.language import language
    >>> say("transfer B5 cmd 1 to B7 from gun 1", language("fr"))
    'transférer B5 cdt 1 à B7 de can 1'
    """
    pattern = _said_in(lang)
    if pattern is None:
        return text

    def word(match: re.Match[str]) -> str:
        said = GLOSSARY.word(_ENGLISH[fold(match[0])], lang)
        return said.lower() if match[0].islower() else said

    return pattern.sub(word, text)


#: the placeholders of the forms' syntax, said in the reader's language
PLACEHOLDERS: dict[str, str] = {
    "ship": N_("<ship>"),
    "enemy": N_("<enemy>"),
    "square": N_("<square>"),
    "task": N_("<task>"),
    "skill": N_("<skill>"),
    "n": N_("<n>"),
    "standing order": N_("<standing order>"),
    "squares": N_("<squares>"),
    "ships": N_("<ships>"),
    "targets": N_("<targets>"),
    "path": N_("<path>"),
}


def say_syntax(syntax: str, lang: Language) -> str:
    """A form's syntax in ``lang``: its placeholders from the catalogue, its order words from the
    glossary (``anchor [ship]`` -> ``mouiller [navire]``)."""
    if lang.code == "en":
        return syntax
    out = []
    for part in re.split(r"(<[^<>]+>|\[ships?\])", syntax):
        name = part.strip("<>[]")
        if part[:1] in "<[" and name in PLACEHOLDERS:
            said = lang.gettext(PLACEHOLDERS[name])
            out.append(f"[{said.strip('<>')}]" if part.startswith("[") else said)
        else:
            out.append(say(part, lang))
    return "".join(out)


def say_form(form: OrderForm, lang: Language) -> OrderForm:
    """An order form said in ``lang``; its example still reads as the English one does."""
    if lang.code == "en":
        return form
    meaning = lang.gettext(form.meaning)
    return OrderForm(say_syntax(form.syntax, lang), meaning, say(form.example, lang), form.kinds)


def _keyword(word: str, accepted: tuple[str, ...]) -> str:
    if word in accepted or word == "final":
        return word
    matches = [k for k in accepted if len(word) >= 3 and k.startswith(word)]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise LineError(
            "ambiguous", f"{word!r} could be {' or '.join(matches)}", f"write {matches[0]!r} in full"
        )
    raise LineError("invalid", f"unknown order {word!r}", "orders start with one of: " + ", ".join(accepted))


def _ship(word: str, side: str, what: str) -> int:
    """A ship of ``side`` by number (``3``) or by side letter and number (``B3``, ``F3``)."""
    prefix = PREFIX[side].lower()
    other = "f" if prefix == "b" else "b"
    text = word.lstrip("#")
    if text[:1] == other and (text[1:].isascii() and text[1:].isdigit()):
        raise LineError(
            "illegal",
            f"{word.upper()} is not one of the ships this order can name",
            f"{what}: {prefix.upper()}1-8",
        )
    if text[:1] == prefix:
        text = text[1:]
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 8:
        raise LineError(
            "invalid",
            f"{word!r} is not a ship",
            f"{what}: a number 1-8 or {prefix.upper()}1-{prefix.upper()}8",
        )
    return int(text)


def _square(word: str) -> str:
    if not is_square(word):
        raise LineError(
            "invalid",
            f"{word!r} is not a square of the board",
            "squares are a1-h8; sail off your own edge with 'dock'",
        )
    return word


def _number(word: str, what: str) -> int:
    if not (word.isascii() and word.isdigit()) or int(word) > 99:
        raise LineError("invalid", f"{word!r} is not a number of {what}", f"write {what} as a number, e.g. 1")
    return int(word)


def _counts(words: list[str], table: dict[str, str], what: str, rule: str) -> dict[str, int]:
    if not words or len(words) % 2:
        raise LineError(
            "invalid", f"{what} must be pairs of name and number", f"e.g. {next(iter(table))} 1", rule
        )
    out: dict[str, int] = {}
    for name, count in zip(words[::2], words[1::2], strict=True):
        key = table.get(name)
        if key is None or (what == "skills" and key in ("CMD", "MOR")):
            if what == "skills" and key in ("CMD", "MOR"):
                raise LineError(
                    "illegal",
                    f"{name.upper()} can not be allocated to repairs",
                    "allocate SEA, GUN, AIM or BRD",
                    RULE_REPAIRS,
                )
            raise LineError(
                "invalid",
                f"unknown {what[:-1]} {name!r}",
                "one of: " + ", ".join(sorted(set(table.values()))),
            )
        n = _number(count, what)
        if n < 1:
            raise LineError("invalid", f"allocate at least 1 to {key}", "leave it out instead", rule)
        out[key] = out.get(key, 0) + n
    return out


class _Parser:
    def __init__(self, seat: str, kind: str) -> None:
        self.seat = seat
        self.enemy = "french" if seat == "british" else "british"
        self.kind = kind
        self.orders = Orders()
        self.problems: list[Problem] = []
        self.lines: list[tuple[int, str]] = []

    def own(self, word: str) -> int:
        return _ship(word, self.seat, "one of your ships")

    def foe(self, word: str) -> int:
        return _ship(word, self.enemy, "an enemy ship")

    def accepted(self) -> tuple[str, ...]:
        if self.kind == "standing":
            return (*STANDING_WORDS, "fire")
        if self.kind == "drift":
            return STANDING_WORDS
        if self.kind == "reaction":
            return REACTION_WORDS
        if self.kind == "attack":
            return ATTACK_WORDS
        if self.kind == "continue":
            return CONTINUE_WORDS + STANDING_WORDS
        return TURN_WORDS + STANDING_WORDS

    def line(self, number: int, raw: str) -> None:
        words = _in_english(_words(raw.split("#", 1)[0]))
        if not words:
            return
        word = _keyword(words[0], self.accepted())
        if word == "final":
            if len(words) > 1:
                raise LineError("invalid", "'final' stands alone on its line", "final")
            return
        handler = getattr(self, f"order_{word}")
        canonical = handler(number, words[1:])
        self.lines.append((number, canonical))

    # -- 4 MOVEMENT ---------------------------------------------------------
    def _movement(self, movement: Movement) -> None:
        if self.orders.movement is not None:
            raise LineError(
                "illegal",
                f"a second movement order (line {self.orders.movement.line} already moves)",
                "sail, kedge or anchor only one ship a turn",
                RULE_MOVE,
            )
        self.orders.movement = movement

    def order_anchor(self, n: int, words: list[str]) -> str:
        if len(words) > 1:
            raise LineError(
                "invalid",
                "anchor takes at most one ship",
                "anchor, or anchor B1 (the ship that meets the wind)",
            )
        ship = self.own(words[0]) if words else None
        self._movement(Movement("anchor", ship, line=n))
        return canonical_movement(self.orders.movement, self.seat)  # type: ignore[arg-type]

    def order_kedge(self, n: int, words: list[str]) -> str:
        words = [w for w in words if w != "to"]
        if len(words) == 2 and words[1] == "dock":
            raise LineError(
                "illegal",
                "you can not kedge into a dock",
                "kedge to an adjacent square, or sail to dock",
                RULE_DOCK,
            )
        if len(words) != 2:
            raise LineError("invalid", "kedge needs a ship and a square", "kedge 3 to d7", RULE_KEDGE)
        ship = self.own(words[0])
        self._movement(Movement("kedge", ship, [_square(words[1])], line=n))
        return canonical_movement(self.orders.movement, self.seat)  # type: ignore[arg-type]

    def order_sail(self, n: int, words: list[str]) -> str:
        words = [w for w in words if w not in ("to", "via", "then")]
        if not words:
            raise LineError("invalid", "sail needs a ship and its path", "sail 3 c7 d6 e5", RULE_SAIL)
        ship = self.own(words[0])
        rest = words[1:]
        dock = bool(rest) and rest[-1] == "dock"
        if dock:
            rest = rest[:-1]
        if not rest and not dock:
            raise LineError(
                "invalid", "sail needs a path of squares", "sail 3 c7 d6 e5 (each square adjacent)", RULE_SAIL
            )
        path = [_square(w) for w in rest]
        _check_path_shape(path)
        self._movement(Movement("sail", ship, path, dock, line=n))
        return canonical_movement(self.orders.movement, self.seat)  # type: ignore[arg-type]

    def order_tow(self, n: int, words: list[str]) -> str:
        if not words:
            raise LineError("invalid", "tow needs the ships in line", "tow 5 7", RULE_TOW)
        if self.orders.tow:
            raise LineError("illegal", "a second tow line", "name the whole line once: tow 5 7", RULE_TOW)
        ships = [self.own(w) for w in words]
        if len(set(ships)) != len(ships):
            raise LineError("illegal", "a ship can be towed only once", "tow 5 7", RULE_TOW)
        self.orders.tow, self.orders.tow_line = ships, n
        return "tow " + " ".join(f"{PREFIX[self.seat]}{s}" for s in ships)

    def order_ram(self, n: int, words: list[str]) -> str:
        if len(words) != 1:
            raise LineError("invalid", "ram needs one enemy ship", "ram F4", RULE_RAM)
        if self.orders.ram is not None:
            raise LineError("illegal", "a second ram", "a ship attacks only one target", RULE_ENGAGE)
        self.orders.ram, self.orders.ram_line = self.foe(words[0]), n
        return f"ram {PREFIX[self.enemy]}{self.orders.ram}"

    def order_if(self, n: int, words: list[str]) -> str:
        choice = words[-1] if words else ""
        head = [w for w in words[:-1] if w != "continue"]
        if head == ["move", ">", "path"] and choice == "stop":
            raise LineError("illegal", MUST_SAIL, "if move > path: continue straight | ask", RULE_SAIL)
        if head != ["move", ">", "path"] or choice not in POLICIES:
            raise LineError(
                "invalid",
                "not a path policy",
                "if move > path: continue straight | ask",
                RULE_SAIL,
            )
        if self.orders.policy is not None:
            raise LineError("illegal", "a second path policy", "give one policy", RULE_SAIL)
        self.orders.policy, self.orders.policy_line = choice, n
        return canonical_policy(choice)

    # -- 6 WINDWARD POSITION ------------------------------------------------
    def order_windward(self, n: int, words: list[str]) -> str:
        if len(words) != 1:
            raise LineError("invalid", "windward needs one enemy ship", "windward F4", RULE_WINDWARD)
        self.orders.windward, self.orders.windward_line = self.foe(words[0]), n
        return f"windward {PREFIX[self.enemy]}{self.orders.windward}"

    def order_gage(self, n: int, words: list[str]) -> str:
        words = [w for w in words if w not in ("move", "to")]
        if len(words) != 1:
            raise LineError("invalid", "gage move needs one square", "gage move e5", "12 Weather Gage")
        self.orders.gage_move, self.orders.gage_line = _square(words[0]), n
        return f"gage move {self.orders.gage_move}"

    # -- 13 ATTACKS ---------------------------------------------------------
    def order_fire(self, n: int, words: list[str]) -> str:
        if self.kind == "standing":
            if words != ["at", "will"]:
                raise LineError(
                    "invalid",
                    "standing fire orders are 'fire at will', 'return fire', 'hold fire [ships]'"
                    " or 'priority <ship> <targets>'",
                    "fire at will",
                )
            self.orders.standing.fire, self.orders.standing.fire_line = "will", n
            return "fire at will"
        if words == ["at", "will"]:
            self.orders.fire_at_will, self.orders.fire_at_will_line = True, n
            return "fire at will"
        words = [w for w in words if w not in ("at", "on")]
        if len(words) != 2:
            raise LineError(
                "invalid",
                "fire needs your ship and a target",
                "fire 3 at F4, fire 3 at nearest, fire at will",
            )
        ship = self.own(words[0])
        target = None if words[1] in ("nearest", "any") else self.foe(words[1])
        for other in self.orders.fires:
            if other.ship == ship:
                raise LineError(
                    "illegal",
                    f"{PREFIX[self.seat]}{ship} already attacks on line {other.line}",
                    "no ship may attack more than one target in a combat round",
                    RULE_ENGAGE,
                )
        fire = Fire(ship, target, n)
        self.orders.fires.append(fire)
        return canonical_fire(fire, self.seat)

    # -- 7 REPAIRS & DAMAGE CONTROL -----------------------------------------
    def order_repair(self, n: int, words: list[str]) -> str:
        if not words or "from" not in words:
            raise LineError(
                "invalid",
                "repair needs a ship, tasks and the skills they come from",
                "repair 3 pumps 2 from gun 1 sea 1",
                RULE_REPAIRS,
            )
        ship = self.own(words[0])
        split = words.index("from")
        tasks = _counts(words[1:split], TASKS, "tasks", RULE_REPAIRS)
        sources = _counts(words[split + 1 :], SKILL_WORDS, "skills", RULE_REPAIRS)
        _balanced(sum(tasks.values()), sources)
        if any(r.ship == ship for r in self.orders.repairs):
            raise LineError(
                "illegal",
                f"a second repair line for ship {ship}",
                "put all its repairs on one line",
                RULE_REPAIRS,
            )
        repair = Repair(ship, tasks, sources, n)
        self.orders.repairs.append(repair)
        return canonical_repair(repair, self.seat)

    def order_transfer(self, n: int, words: list[str]) -> str:
        words = [w for w in words if w not in ("cmd", "command", "levels", "level")]
        if len(words) < 4 or words[2] != "to" or "from" not in words:
            raise LineError(
                "invalid", "not a command transfer", "transfer 3 cmd 1 to 4 from gun 1", RULE_TRANSFER
            )
        ship = self.own(words[0])
        levels = _number(words[1], "levels")
        if levels < 1:
            raise LineError(
                "invalid", "transfer at least one level", "transfer 3 cmd 1 to 4 from gun 1", RULE_TRANSFER
            )
        to = self.own(words[3])
        if to == ship:
            raise LineError(
                "illegal", "a ship can not transfer command to itself", "name an adjacent ship", RULE_TRANSFER
            )
        split = words.index("from")
        if split != 4:
            raise LineError(
                "invalid", "not a command transfer", "transfer 3 cmd 1 to 4 from gun 1", RULE_TRANSFER
            )
        sources = _counts(words[split + 1 :], SKILL_WORDS, "skills", RULE_TRANSFER)
        _balanced(levels, sources)
        if any(t.ship == ship for t in self.orders.transfers):
            raise LineError(
                "illegal",
                "a second transfer from that ship",
                "transfer to a single adjacent ship",
                RULE_TRANSFER,
            )
        transfer = Transfer(ship, levels, to, sources, n)
        self.orders.transfers.append(transfer)
        return canonical_transfer(transfer, self.seat)

    # -- 26 GRAPPLE, 27 REPEL -----------------------------------------------
    def order_grapple(self, n: int, words: list[str]) -> str:
        words = [w for w in words if w not in ("at", "with")]
        if len(words) != 2:
            raise LineError(
                "invalid", "grapple needs your ship and the target", "grapple 3 at F4", RULE_GRAPPLE
            )
        ship, target = self.own(words[0]), self.foe(words[1])
        if any(g[0] == ship for g in self.orders.grapples):
            raise LineError(
                "illegal", "a ship grapples only one target", "one grapple line per ship", RULE_ENGAGE
            )
        self.orders.grapples.append((ship, target, n))
        return f"grapple {PREFIX[self.seat]}{ship} at {PREFIX[self.enemy]}{target}"

    def order_repel(self, n: int, words: list[str]) -> str:
        if len(words) != 1:
            raise LineError("invalid", "repel needs one of your grappled ships", "repel 3", RULE_REPEL)
        ship = self.own(words[0])
        if any(r[0] == ship for r in self.orders.repels):
            raise LineError(
                "illegal", "a second repel for that ship", "one repel per grappled ship", RULE_REPEL
            )
        self.orders.repels.append((ship, n))
        return f"repel {PREFIX[self.seat]}{ship}"

    # -- standing orders ----------------------------------------------------
    def order_standing(self, n: int, words: list[str]) -> str:
        """``standing <order>``: a standing order in any email (``standing fire at will``)."""
        if words[:3] == ["fire", "at", "will"] and len(words) == 3:
            self.orders.standing.fire, self.orders.standing.fire_line = "will", n
            return "standing fire at will"
        if not words or words[0] not in ("drift", "return", "hold", "priority"):
            raise LineError(
                "invalid",
                "not a standing order",
                "standing fire at will, standing return fire, standing hold fire [ships],"
                " standing priority <ship> <targets>, standing drift ...",
            )
        return getattr(self, f"order_{words[0]}")(n, words[1:])

    def order_drift(self, n: int, words: list[str]) -> str:
        if self.kind == "reaction":
            raise LineError("illegal", "drift is not part of a reaction", "fire, hold fire, return fire")
        if words == ["ignore"]:
            ships: list[int] = []
        elif words == ["ask"] and self.kind != "drift":
            self.orders.standing.drift_ask, self.orders.standing.drift_line = True, n
            self.orders.standing.drift = None
            return "drift ask"
        elif words:
            ships = [self.foe(w) for w in words]
        else:
            raise LineError(
                "invalid",
                "drift needs 'ignore', 'ask' or enemy ships",
                "drift ignore, drift ask, or drift F3 F5",
                RULE_DRIFT,
            )
        self.orders.standing.drift, self.orders.standing.drift_line = ships, n
        self.orders.standing.drift_ask = False
        return canonical_drift(ships, self.enemy)

    def order_return(self, n: int, words: list[str]) -> str:
        if words != ["fire"]:
            raise LineError("invalid", "did you mean 'return fire'?", "return fire, or hold fire")
        self.orders.standing.fire, self.orders.standing.fire_line = "return", n
        return "return fire"

    def order_hold(self, n: int, words: list[str]) -> str:
        if not words or words[0] != "fire":
            raise LineError(
                "invalid", "did you mean 'hold fire'?", "hold fire, hold fire B3 B5, or return fire"
            )
        if len(words) == 1:
            self.orders.standing.fire, self.orders.standing.fire_line = "hold", n
            return "hold fire"
        ships = [] if words[1:] == ["none"] else [self.own(w) for w in words[1:]]
        self.orders.standing.hold, self.orders.standing.hold_line = sorted(set(ships)), n
        return canonical_hold(self.orders.standing.hold, self.seat)

    def order_priority(self, n: int, words: list[str]) -> str:
        if len(words) < 2:
            raise LineError(
                "invalid",
                "priority needs your ship and the enemy ships it fires at, in order",
                "priority B3 F4 F2, or priority B3 none",
            )
        ship = self.own(words[0])
        targets = [] if words[1:] == ["none"] else [self.foe(w) for w in words[1:]]
        self.orders.standing.priority[ship] = targets
        return canonical_priority(ship, targets, self.seat)

    # -- follow-up: the rest of a sail --------------------------------------
    def order_continue(self, n: int, words: list[str]) -> str:
        words = [w for w in words if w not in ("to", "via")]
        if self.orders.cont_line:
            raise LineError("illegal", "a second continue line", "continue once", RULE_SAIL)
        if words == ["straight"]:
            return self.order_straight(n, [])
        dock = bool(words) and words[-1] == "dock"
        if dock:
            words = words[:-1]
        if not words and not dock:
            raise LineError(
                "invalid", "continue needs squares", "continue e5 e6, or continue straight", RULE_SAIL
            )
        path = [_square(w) for w in words]
        _check_path_shape(path)
        self.orders.cont_path, self.orders.cont_dock, self.orders.cont_line = path, dock, n
        return " ".join(["continue", *path, *(["dock"] if dock else [])])

    def order_straight(self, n: int, words: list[str]) -> str:
        if words or self.orders.cont_line:
            raise LineError("invalid", "'continue straight' stands alone", "continue straight", RULE_SAIL)
        self.orders.cont_straight, self.orders.cont_line = True, n
        return "continue straight"

    def order_stop(self, n: int, words: list[str]) -> str:
        raise LineError("illegal", MUST_SAIL, "continue <squares> [dock], or continue straight", RULE_SAIL)


def _check_path_shape(path: list[str]) -> None:
    from adjudicator.games.far_side.board import adjacent

    for i in range(1, len(path)):
        if not adjacent(path[i - 1], path[i]):
            raise LineError(
                "illegal",
                f"{path[i]} is not adjacent to {path[i - 1]}",
                "each square of a path is next to the one before (diagonals count)",
                RULE_SAIL,
            )
        if i >= 2 and path[i] == path[i - 2]:
            raise LineError(
                "illegal",
                f"the path returns to {path[i]}, the square it just left",
                "the ship can not return to the last square from which it just sailed",
                RULE_SAIL,
            )


def _balanced(needed: int, sources: dict[str, int]) -> None:
    given = sum(sources.values())
    if given != needed:
        raise LineError(
            "invalid",
            f"{needed} repair point(s) asked but {given} skill level(s) allocated",
            "one skill level makes one repair token",
            RULE_REPAIRS,
        )


def parse_orders(seat: str, kind: str, text: str) -> Parsed:
    """Parse one submission; never raises (hostile input gives problems, not exceptions)."""
    parser = _Parser(seat, kind)
    for number, raw in enumerate(str(text).splitlines(), start=1):
        try:
            parser.line(number, raw[:2000])
        except LineError as err:
            parser.problems.append(Problem(number, err.kind, err.message, err.suggestion, err.rule))  # type: ignore[arg-type]
    orders = parser.orders
    if kind == "turn":
        _cross_checks(parser)
    return Parsed(orders, parser.problems, parser.lines)


def _cross_checks(parser: _Parser) -> None:
    """Problems that need the whole email: tow/ram without a sail, two targets for one ship."""
    o, seat = parser.orders, parser.seat
    sailing = o.movement is not None and o.movement.kind == "sail"
    for what, line in (("tow", o.tow_line), ("ram", o.ram_line), ("if move > path", o.policy_line)):
        if line and not sailing:
            parser.problems.append(
                Problem(
                    line,
                    "illegal",
                    f"{what} needs a sail order",
                    "add: sail <ship> <path>",
                    RULE_TOW if what == "tow" else RULE_SAIL,
                )
            )
    if o.ram is not None and sailing and o.movement is not None and o.movement.dock:
        parser.problems.append(
            Problem(o.ram_line, "illegal", "a ship can not both ram and dock", "ram or dock", RULE_RAM)
        )
    if sailing and o.movement is not None:
        lead = o.movement.ship
        if lead in o.tow:
            parser.problems.append(
                Problem(
                    o.tow_line, "illegal", "the sailing ship can not tow itself", "tow other ships", RULE_TOW
                )
            )
        if o.ram is not None:
            for fire in o.fires:
                if fire.ship == lead and fire.target is not None and fire.target != o.ram:
                    parser.problems.append(
                        Problem(
                            fire.line,
                            "illegal",
                            f"{PREFIX[seat]}{lead} rams {PREFIX[parser.enemy]}{o.ram} "
                            "and can not attack another target",
                            f"fire {PREFIX[seat]}{lead} at {PREFIX[parser.enemy]}{o.ram} "
                            "(used only if the ram fails)",
                            RULE_ENGAGE,
                        )
                    )


# -- canonical forms -----------------------------------------------------------
def canonical_movement(m: Movement, seat: str) -> str:
    p = PREFIX[seat]
    if m.kind == "anchor":
        return "anchor" + (f" {p}{m.ship}" if m.ship else "")
    if m.kind == "kedge":
        return f"kedge {p}{m.ship} to {m.path[0]}"
    return " ".join([f"sail {p}{m.ship}", *m.path, *(["dock"] if m.dock else [])])


def canonical_policy(choice: str) -> str:
    return f"if move > path: {'continue straight' if choice == 'straight' else choice}"


def canonical_fire(f: Fire, seat: str) -> str:
    enemy = "F" if seat == "british" else "B"
    return f"fire {PREFIX[seat]}{f.ship} at {'nearest' if f.target is None else f'{enemy}{f.target}'}"


def canonical_repair(r: Repair, seat: str) -> str:
    tasks = " ".join(f"{k} {v}" for k, v in r.tasks.items())
    sources = " ".join(f"{k.lower()} {v}" for k, v in r.sources.items())
    return f"repair {PREFIX[seat]}{r.ship} {tasks} from {sources}"


def canonical_transfer(t: Transfer, seat: str) -> str:
    sources = " ".join(f"{k.lower()} {v}" for k, v in t.sources.items())
    return f"transfer {PREFIX[seat]}{t.ship} cmd {t.levels} to {PREFIX[seat]}{t.to} from {sources}"


def canonical_drift(ships: list[int], enemy: str) -> str:
    return "drift ignore" if not ships else "drift " + " ".join(f"{PREFIX[enemy]}{s}" for s in ships)


def canonical_hold(ships: list[int], seat: str) -> str:
    return "hold fire " + (" ".join(f"{PREFIX[seat]}{s}" for s in ships) if ships else "none")


def canonical_priority(ship: int, targets: list[int], seat: str) -> str:
    enemy = "french" if seat == "british" else "british"
    listed = " ".join(f"{PREFIX[enemy]}{t}" for t in targets) if targets else "none"
    return f"priority {PREFIX[seat]}{ship} {listed}"


def canonical(seat: str, kind: str, o: Orders) -> str:
    """One order per line, in the order of the turn sequence; re-parses to the same orders."""
    enemy = "french" if seat == "british" else "british"
    p, e = PREFIX[seat], PREFIX[enemy]
    out: list[str] = []
    if kind == "continue":
        if o.cont_straight:
            out.append("continue straight")
        elif o.cont_line:
            out.append(" ".join(["continue", *o.cont_path, *(["dock"] if o.cont_dock else [])]))
    if o.movement is not None:
        out.append(canonical_movement(o.movement, seat))
    if o.tow:
        out.append("tow " + " ".join(f"{p}{s}" for s in o.tow))
    if o.ram is not None:
        out.append(f"ram {e}{o.ram}")
    if o.policy is not None:
        out.append(canonical_policy(o.policy))
    if o.windward is not None:
        out.append(f"windward {e}{o.windward}")
    if o.gage_move is not None:
        out.append(f"gage move {o.gage_move}")
    out.extend(canonical_repair(r, seat) for r in o.repairs)
    out.extend(canonical_transfer(t, seat) for t in o.transfers)
    out.extend(canonical_fire(f, seat) for f in o.fires)
    if o.fire_at_will:
        out.append("fire at will")
    out.extend(f"grapple {p}{s} at {e}{t}" for s, t, _ in o.grapples)
    out.extend(f"repel {p}{s}" for s, _ in o.repels)
    if o.standing.drift_ask:
        out.append("drift ask")
    elif o.standing.drift is not None:
        out.append(canonical_drift(o.standing.drift, enemy))
    if o.standing.fire == "will":
        out.append("fire at will" if kind in ("standing", "reaction") else "standing fire at will")
    elif o.standing.fire is not None:
        out.append(f"{o.standing.fire} fire")
    if o.standing.hold is not None:
        out.append(canonical_hold(o.standing.hold, seat))
    out.extend(canonical_priority(k, v, seat) for k, v in sorted(o.standing.priority.items()))
    return "\n".join(out) + ("\n" if out else "")
