"""The order language of Planet Masters (see orders/planet-masters.md).

A whole turn fits in one mail: statements, one per line or separated by ``;``, each
optionally guarded by conditions on the dice rolled so far (``build; if weapon < 3 rebuild``).
Statements are grouped by phase (Construction, Management, Conquest/Vote) and run in the
order written within their phase. Ballots (``for``/``against``) answer a vote request and
``cancel``/``allow`` answer an Immunity request; ``sacrifice ...`` (the standing order in
which you give up weapons) may go in any of your mails.

The French words of the rule book are read through the game's glossary (``glossary.py``): each is
read as its English order word before the statement is parsed, accents and case aside, so a French
text gives the same orders and the same canonical (English) text; :func:`order_text` writes an
English order text back in a reader's order words.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import cache

from adjudicator.games.base import OrderForm, Parsed, Problem
from adjudicator.games.language import ENGLISH, N_, Language, fold
from adjudicator.games.planet_masters.glossary import GLOSSARY, order_words
from adjudicator.games.planet_masters.tables import (
    HOME_WORDS,
    PLANET_WORDS,
    TECH_WORDS,
    WEAPON,
    WEAPON_WORDS,
)

MAX_LINES = 200
MAX_LINE_LENGTH = 300
SEAT = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
TOKEN = re.compile(r"<=|>=|!=|==|<|>|=|[^\s<>=!,]+|!")

CONSTRUCTION_VERBS = ("build", "rebuild", "tech")
MANAGEMENT_VERBS = ("reroll",)
CONQUEST_VERBS = ("attack", "vote", "politics", "deflect")
VERBS = CONSTRUCTION_VERBS + MANAGEMENT_VERBS + CONQUEST_VERBS
ALIASES = {"technology": "tech"}
BALLOTS = {"for": "for", "yes": "for", "against": "against", "no": "against"}
IMMUNITY = {"cancel": "cancel", "allow": "allow", "accept": "allow"}
SUBJECTS = ("weapon", "home", "tech", "power", "resources", "influence", "planets", "weapons", "galaxy")
OPS = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "=": "=", "==": "=", "!=": "!=", "is": "=", "is-not": "!="}
REWARDS = ("invade", "destroy", "pressure")

#: Every form of statement by request kind, as mails summarise it (the tests parse each example and
#: check that every verb, ballot and Immunity answer the parser knows has a form here).
ORDER_FORMS: tuple[OrderForm, ...] = (
    OrderForm("build", N_("Construction: 1 Resource for a new red die"), "build", ("turn",)),
    OrderForm(
        "rebuild [<weapon> | tech]",
        N_("Construction: reroll a weapon (or the Technology die)"),
        "rebuild cruiser",
        ("turn",),
    ),
    OrderForm("tech", N_("Construction: 2 Resources for the blue die, once a game"), "tech", ("turn",)),
    OrderForm(
        "reroll home | <face> | all <face>",
        N_("Management: reroll the black die or white dice"),
        "reroll all exhausted",
        ("turn",),
    ),
    OrderForm("attack <player>", N_("Conquest: attack that player"), "attack mors", ("turn",)),
    OrderForm("vote <player>", N_("Vote: shall that player lose a weapon?"), "vote mors", ("turn",)),
    OrderForm("politics", N_("skip Conquest/Vote to roll the Politics die"), "politics", ("turn",)),
    OrderForm("deflect <player>", N_("Sonic Deflector: reroll their home die"), "deflect mors", ("turn",)),
    OrderForm(
        "on win invade|destroy|pressure [...]",
        N_("what a won battle takes"),
        "on win invade resource",
        ("turn",),
    ),
    OrderForm(
        "if <condition> [and ...] <statement>",
        N_("a statement run only if the dice allow"),
        "if weapon < 3 rebuild",
        ("turn",),
    ),
    OrderForm("for | against", N_("your ballot (also yes/no, pour/contre)"), "for", ("vote",)),
    OrderForm("cancel | allow", N_("Immunity: cancel the attack, or allow it"), "cancel", ("immunity",)),
    OrderForm(
        "sacrifice <weapon>, ...",
        N_("standing: the order in which you give up weapons"),
        "sacrifice transporter, cruiser",
    ),
)


@dataclass(frozen=True)
class Condition:
    """``subject op value``: value is a number, a face word, or (for ``power``) a seat."""

    subject: str
    op: str
    value: str

    def __str__(self) -> str:
        return f"{self.subject} {self.op} {self.value}"


@dataclass(frozen=True)
class Step:
    """One action of a phase, run only if all its conditions hold when its turn comes."""

    verb: str
    arg: str = ""
    conditions: tuple[Condition, ...] = ()
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        action = f"{self.verb} {self.arg}".strip()
        if self.conditions:
            return "if " + " and ".join(map(str, self.conditions)) + " " + action
        return action


@dataclass(frozen=True)
class Reward:
    """``on win invade|destroy|pressure [faces]``: the winner's choice, written in advance."""

    kind: str
    faces: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return " ".join(("on win", self.kind, *self.faces))


@dataclass(frozen=True)
class Orders:
    construction: tuple[Step, ...] = ()
    management: tuple[Step, ...] = ()
    conquest: tuple[Step, ...] = ()
    rewards: tuple[Reward, ...] = ()
    sacrifice: tuple[int, ...] | None = None
    answer: str | None = None


class _Bad(Exception):
    def __init__(self, message: str, suggestion: str = "", kind: str = "invalid") -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion
        self.kind = kind


class Word(str):
    """An order word read as the English word of the order language, keeping what the player wrote
    (``Word("cruiser", "croiseur")``), so that a problem quotes the player's own word."""

    said: str

    def __new__(cls, english: str, said: str) -> Word:
        word = super().__new__(cls, english)
        word.said = said
        return word


def _said(word: str) -> str:
    """What the player wrote for ``word``."""
    return str(getattr(word, "said", word))


def _show(word: str) -> str:
    return repr(_said(word)[:30])


def _suggest(word: str, choices: list[str] | tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f"did you mean {close[0]!r}?" if close else ""


def _planet_word(word: str, home: bool = False) -> str:
    words = HOME_WORDS if home else PLANET_WORDS
    if word not in words:
        raise _Bad(f"unknown planet face {_show(word)}", _suggest(word, list(words)))
    return word


def _weapon_word(word: str) -> str:
    if word not in WEAPON_WORDS:
        raise _Bad(f"unknown weapon {_show(word)}", _suggest(word, list(WEAPON_WORDS)))
    return WEAPON[WEAPON_WORDS[word]]


def _seat_word(word: str) -> str:
    if not SEAT.match(word):
        raise _Bad(f"{_show(word)} is not a player's name", "name a player as their seat is named")
    return word


def _condition_value(subject: str, value: str) -> str:
    if value.isascii() and value.isdigit() and len(value) <= 3:
        return str(int(value))
    if subject == "weapon":
        return _weapon_word(value)
    if subject == "home":
        return _planet_word(value, home=True)
    if subject == "tech":
        if value not in TECH_WORDS:
            raise _Bad(f"unknown technology {_show(value)}", _suggest(value, list(TECH_WORDS)))
        return value
    if subject == "power":
        return _seat_word(value)
    raise _Bad(f"{subject} is compared with a number, not {_show(value)}")


def _conditions(tokens: list[str]) -> tuple[tuple[Condition, ...], list[str]]:
    """The conditions after ``if``, up to the first verb (``then`` optional); the rest is the action."""
    found: list[Condition] = []
    rest = tokens
    while True:
        if not rest:
            raise _Bad("a condition needs an action after it", "write e.g. 'if weapon < 3 rebuild'")
        subject = rest[0]
        if subject not in SUBJECTS:
            raise _Bad(f"unknown condition subject {_show(subject)}", "one of: " + ", ".join(SUBJECTS))
        rest = rest[1:]
        if rest[:2] == ["is", "not"]:
            op, rest = "!=", rest[2:]
        elif rest and rest[0] in OPS:
            op, rest = OPS[rest[0]], rest[1:]
        else:
            raise _Bad(f"{subject} needs a comparison after it", "one of: < <= > >= = != is, is not")
        if not rest:
            raise _Bad(f"nothing to compare {subject} with")
        value = _condition_value(subject, rest[0])
        if not (value.isascii() and value.isdigit()) and op not in ("=", "!=") and subject != "power":
            raise _Bad(f"{subject} {op} {value}: a face is compared with 'is' or 'is not'")
        found.append(Condition(subject, op, value))
        rest = rest[1:]
        if rest and rest[0] == "and":
            rest = rest[1:]
            continue
        if rest and rest[0] == "then":
            rest = rest[1:]
        return tuple(found), rest


def _step(tokens: list[str], line: int) -> Step:
    conditions: tuple[Condition, ...] = ()
    if tokens[0] == "if":
        conditions, tokens = _conditions(tokens[1:])
        if not tokens:
            raise _Bad("a condition needs an action after it")
    verb = ALIASES.get(tokens[0], tokens[0])
    args = tokens[1:]
    if verb not in VERBS:
        raise _Bad(f"unknown order {_show(tokens[0])}", _suggest(verb, [*VERBS, "on", "sacrifice"]))
    if verb in ("build", "tech", "politics"):
        if args:
            raise _Bad(f"'{verb}' takes nothing after it, not {_show(' '.join(args))}")
        return Step(verb, "", conditions, line)
    if verb == "rebuild":
        if not args:
            return Step(verb, "", conditions, line)
        if len(args) > 1:
            raise _Bad("rebuild one weapon at a time", "e.g. 'rebuild cruiser', 'rebuild tech' or 'rebuild'")
        if args[0] in ("tech", "technology"):
            return Step(verb, "tech", conditions, line)
        return Step(verb, _weapon_word(args[0]), conditions, line)
    if verb == "reroll":
        if not args:
            raise _Bad("reroll what?", "e.g. 'reroll home', 'reroll exhausted' or 'reroll all infantry'")
        if args == ["home"]:
            return Step(verb, "home", conditions, line)
        every = args[0] == "all"
        if every:
            args = args[1:]
        if len(args) != 1:
            raise _Bad("reroll one planet face", "e.g. 'reroll exhausted' or 'reroll all infantry'")
        face = _planet_word(args[0])
        return Step(verb, f"all {face}" if every else face, conditions, line)
    # attack, vote, deflect: a player
    if len(args) != 1:
        raise _Bad(f"'{verb}' names one player", f"e.g. '{verb} mors'")
    return Step(verb, _seat_word(args[0]), conditions, line)


def _reward(tokens: list[str], line: int) -> Reward:
    if tokens[:2] != ["on", "win"] or len(tokens) < 3:
        raise _Bad("write 'on win invade', 'on win destroy [weapon]' or 'on win pressure'")
    kind = tokens[2]
    aliases = {"invasion": "invade", "destruction": "destroy"}
    kind = aliases.get(kind, kind)
    if kind not in REWARDS:
        raise _Bad(f"unknown reward {_show(kind)}", "invade, destroy or pressure")
    faces = tokens[3:]
    if kind == "pressure" and faces:
        raise _Bad("'on win pressure' takes nothing after it")
    if kind == "invade":
        return Reward(kind, tuple(_planet_word(f) for f in faces), line)
    if kind == "destroy":
        return Reward(kind, tuple(_weapon_word(f) for f in faces), line)
    return Reward(kind, (), line)


#: Every word the English order language reads; a French word of the glossary is read as one of these.
VOCABULARY = frozenset(
    {*VERBS, *ALIASES, *BALLOTS, *IMMUNITY, *SUBJECTS, *OPS, *REWARDS, "invasion", "destruction"}
    | {*WEAPON_WORDS, *PLANET_WORDS, *HOME_WORDS, *TECH_WORDS}
    | {"if", "and", "then", "not", "all", "on", "win", "sacrifice", "home", "tech", "technology"}
)


@cache
def _french() -> tuple[dict[tuple[str, ...], tuple[str, ...]], int]:
    """The glossary's French words and phrases the order language reads, and the longest phrase."""
    words = {said: english for said, english in order_words().items() if set(english) <= VOCABULARY}
    return words, max(map(len, words))


def read_french(tokens: list[str]) -> list[str]:
    """``tokens`` with every French word or phrase of the glossary read as its English order word(s).

    Accents and case do not matter (``Épuisé``, ``epuise``); the longest phrase wins (``si victoire``
    is ``on win``, ``si`` alone is ``if``). Other tokens (English words, players, numbers) are kept.
    """
    words, longest = _french()
    folded = [fold(t.replace("\u2019", "'")) for t in tokens]
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for size in range(min(longest, len(tokens) - i), 0, -1):
            english = words.get(tuple(folded[i : i + size]))
            if english is not None:
                said = " ".join(tokens[i : i + size])
                out += [Word(e, said) for e in english]
                i += size
                break
        else:
            out.append(tokens[i])
            i += 1
    return out


def tokens_of(statement: str) -> list[str]:
    """The words of a statement, lower-cased, the French ones read as their English order words."""
    return read_french(TOKEN.findall(statement.lower()))


def parse_orders(kind: str, text: str) -> Parsed:
    """Every statement understood, every bad one a :class:`Problem` with its line."""
    construction: list[Step] = []
    management: list[Step] = []
    conquest: list[Step] = []
    rewards: list[Reward] = []
    sacrifice: tuple[int, ...] | None = None
    answer: str | None = None
    problems: list[Problem] = []
    lines: list[tuple[int, str]] = []
    raw_lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if len(raw_lines) > MAX_LINES:
        problems.append(Problem(MAX_LINES + 1, "invalid", f"too many lines (at most {MAX_LINES})"))
        raw_lines = raw_lines[:MAX_LINES]
    for number, raw in enumerate(raw_lines, start=1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        if len(body) > MAX_LINE_LENGTH:
            problems.append(Problem(number, "invalid", f"line longer than {MAX_LINE_LENGTH} characters"))
            continue
        for statement in body.split(";"):
            tokens = tokens_of(statement)
            if not tokens or tokens == ["final"]:
                continue
            try:
                head = tokens[0]
                if head in BALLOTS or head in IMMUNITY:
                    if len(tokens) != 1:
                        raise _Bad(f"'{_said(head)}' stands alone on its line")
                    wanted = {"vote": BALLOTS, "immunity": IMMUNITY}.get(kind)
                    if wanted is None or head not in wanted:
                        what = "a vote" if head in BALLOTS else "an Immunity request"
                        raise _Bad(f"'{_said(head)}' answers {what}, not this request", kind="illegal")
                    if answer is not None:
                        raise _Bad("one answer only", kind="ambiguous")
                    answer = wanted[head]
                    lines.append((number, answer))
                    continue
                if head == "sacrifice":
                    if len(tokens) < 2:
                        raise _Bad("sacrifice which weapons first?", "e.g. 'sacrifice transporter, cruiser'")
                    faces = tuple(WEAPON_WORDS[_weapon_word(t)] for t in tokens[1:])
                    if len(set(faces)) != len(faces):
                        raise _Bad("a weapon is named twice in the sacrifice order")
                    sacrifice = faces
                    lines.append((number, "sacrifice " + ", ".join(WEAPON[f] for f in faces)))
                    continue
                if kind != "turn":
                    raise _Bad(
                        f"{_show(' '.join(tokens))} is not an answer to this request",
                        "for/against" if kind == "vote" else "cancel/allow",
                    )
                if head == "on":
                    reward = _reward(tokens, number)
                    rewards.append(reward)
                    lines.append((number, str(reward)))
                    continue
                step = _step(tokens, number)
                if step.verb in CONSTRUCTION_VERBS:
                    construction.append(step)
                elif step.verb in MANAGEMENT_VERBS:
                    management.append(step)
                else:
                    conquest.append(step)
                lines.append((number, str(step)))
            except _Bad as bad:
                problems.append(Problem(number, bad.kind, bad.message, bad.suggestion))  # type: ignore[arg-type]
    orders = Orders(
        tuple(construction), tuple(management), tuple(conquest), tuple(rewards), sacrifice, answer
    )
    return Parsed(orders, problems, lines)


def canonical(orders: Orders) -> str:
    """The one text form: sacrifice, then the phases in order, then the rewards, then the answer."""
    out: list[str] = []
    if orders.sacrifice is not None:
        out.append("sacrifice " + ", ".join(WEAPON[f] for f in orders.sacrifice))
    out += [str(s) for s in orders.construction + orders.management + orders.conquest]
    out += [str(r) for r in orders.rewards]
    if orders.answer is not None:
        out.append(orders.answer)
    return "\n".join(out) + ("\n" if out else "")


#: The placeholders of the order forms' syntax, translated with the meanings.
PLACEHOLDERS: dict[str, str] = {
    "<weapon>": N_("<weapon>"),
    "<face>": N_("<face>"),
    "<player>": N_("<player>"),
    "<condition>": N_("<condition>"),
    "<statement>": N_("<statement>"),
}
#: The French order word of a term where the glossary's French name is a noun of the book and the
#: order reads better as its verb (``voter mors``, the phase being the Vote).
FRENCH_VERB: dict[str, str] = {"vote": "voter"}
WORD = re.compile(r"<[a-z]+>|\bon win\b|\bis not\b|\b[a-z][a-z-]*\b")


@cache
def _to_french() -> dict[str, str]:
    """Each English order word (or ``on win``) -> the glossary's French word, lower-cased."""
    found: dict[str, str] = {}
    for term in GLOSSARY.terms:
        names = ((term.en, FRENCH_VERB.get(term.key, term.fr)), (term.name("en", 2), term.name("fr", 2)))
        for english, french in names:
            if set(english.split()) <= VOCABULARY:
                found.setdefault(english, french.lower())
    return found


def order_text(text: str, lang: Language = ENGLISH) -> str:
    """An English order text (a canonical text, an order form's syntax or example) in ``lang``'s words.

    Each English order word becomes the glossary's word in ``lang``, which the parser reads as the
    same English word: the text parses to the same orders. Players' names and numbers are kept.

    >>> from adjudicator.games.language import language
    >>> order_text("if weapon < 3 rebuild cruiser", language("fr"))
    'si arme < 3 reconstruire croiseur'
    """
    if lang.code != "fr":
        return text
    words = _to_french()

    def french(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in PLACEHOLDERS:
            return lang.gettext(PLACEHOLDERS[word])
        return words.get(word, word)

    return WORD.sub(french, text)


def order_forms(forms: tuple[OrderForm, ...], lang: Language = ENGLISH) -> tuple[OrderForm, ...]:
    """The order forms in ``lang``: the syntax and example in its order words, the meaning translated."""
    if lang.code == "en":
        return forms
    return tuple(
        OrderForm(order_text(f.syntax, lang), lang.gettext(f.meaning), order_text(f.example, lang), f.kinds)
        for f in forms
    )
