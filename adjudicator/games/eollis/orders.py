"""The order language of Eollis (see orders/eollis.md).

``parse(kind, text)`` is purely syntactic and never looks at the game: pirate, card and seat names
stay as written (folded to a slug: lower case, no accents, one dash between words); ``check``
resolves them against the table. Each order is a dict with its ``verb``, its arguments and the
``line`` it came from. The canonical text puts every order back on its own line number, so parsing
it again gives the very same orders and a problem found by ``check`` points at the player's line.

Standing answers (``recruit``, ``posts``, ``order``, ``gift``, ``repair roll``, ``sacrifice``,
``condemn``, ``side``, ``lookout``, ``plan``, ``mutiny``) are accepted in every request: they are
kept by the clan until it changes them (the names of ``recruit`` for one recruitment only).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any

from adjudicator.games.base import OrderForm, Parsed, Problem
from adjudicator.games.eollis.glossary import GLOSSARY
from adjudicator.games.language import N_, fold

Order = dict[str, Any]

MAX_LINES = 200
MAX_LINE_LENGTH = 300

STANDING = (
    "recruit",
    "posts",
    "order",
    "gift",
    "repair-roll",
    "sacrifice",
    "condemn",
    "side",
    "lookout",
    "plan",
    "mutiny",
    "no-mutiny",
)

#: which verbs (besides the standing answers and ``pass``) each kind of request accepts
VERBS: dict[str, tuple[str, ...]] = {
    "muster": ("discard", "release", "keep"),
    "election": ("candidate", "play", "hinder", "power"),
    "lookout": ("reveal", "refuse"),
    "test": ("test", "play", "power", "help", "hinder", "repair", "accident"),
    "decision": ("continue", "return", "swap", "play"),
    "tavern": ("discard",),
    "brawl": ("brawl", "hinder"),
}

#: Every form of order line by request kind, as mails summarise it (the tests parse each example
#: and check that every verb :data:`VERBS` and :data:`STANDING` accept has a form here).
ORDER_FORMS: tuple[OrderForm, ...] = (
    OrderForm("pass", N_("nothing more"), "pass"),
    OrderForm(
        "discard <card>",
        N_("discard one card before drawing (a line per card)"),
        "discard coup de chance",
        ("muster", "tavern"),
    ),
    OrderForm(
        "release <pirate> | keep all",
        N_("release a surviving pirate, or keep them all"),
        "release barbe-grise",
        ("muster",),
    ),
    OrderForm(
        "candidate <pirate>",
        N_("your candidate for Capitaine"),
        "candidate toure l'eventreuse",
        ("election",),
    ),
    OrderForm(
        "play <card>",
        N_("your one card for your own roll"),
        "play bravoure",
        ("election", "test", "decision"),
    ),
    OrderForm(
        "hinder <clan> with <card>",
        N_("a card on a rival's roll"),
        "hinder rouge with croc-en-jambe",
        ("election", "test", "brawl"),
    ),
    OrderForm(
        "help <clan> with <card>",
        N_("an Exploit bonus on another clan's roll"),
        "help bleu with coup de chance",
        ("test",),
    ),
    OrderForm("power <pirate>", N_("use a pirate's power"), "power mirelle la rousse", ("election", "test")),
    OrderForm("test <pirate>", N_("which of your pirates aboard tests"), "test barbe-grise", ("test",)),
    OrderForm("repair with <card>", N_("an Exploit repair of the Ballon"), "repair with rustine", ("test",)),
    OrderForm(
        "accident <pirate> with <card>",
        N_("Accident on a rival pirate aboard"),
        "accident gros nestor with accident",
        ("test",),
    ),
    OrderForm(
        "reveal | refuse", N_("as Vigie: show the Event you drew, or refuse it"), "reveal", ("lookout",)
    ),
    OrderForm("continue | return", N_("the Capitaine's decision"), "continue", ("decision",)),
    OrderForm(
        "swap <pirate> and <pirate>",
        N_("the Capitaine swaps two posts"),
        "swap barbe-grise and le borgne",
        ("decision",),
    ),
    OrderForm(
        "brawl <card> on <clan> [pirate <pirate>] [with <card>]",
        N_("a Bagarre card, one line per round"),
        "brawl vol a la tire on rouge",
        ("brawl",),
    ),
    OrderForm(
        "recruit [<pirate>, ...,] navigation|combat|bagou|total",
        N_("the face-up pirates you want, in order, then the skill that picks among the others"),
        "recruit le borgne, barbe-grise, combat",
    ),
    OrderForm(
        "posts <post>, <post>, ...", N_("standing: boarding wishes, in order"), "posts second, vigie, marin"
    ),
    OrderForm(
        "order <pirate>, <pirate>, ...",
        N_("standing: which pirates board first"),
        "order barbe-grise, le borgne",
    ),
    OrderForm(
        "gift <clan>",
        N_("standing: the other clan your Bosco gives a card (default: the next clockwise)"),
        "gift bleu",
    ),
    OrderForm(
        "repair roll up to cell <n> | repair roll always | repair roll never",
        N_("standing: whether your Alti-Maitre tries a repair (default: up to cell 6)"),
        "repair roll up to cell 6",
    ),
    OrderForm(
        "sacrifice <pirate>, ...",
        N_("standing: who dies first when you lose a pirate"),
        "sacrifice le borgne",
    ),
    OrderForm("condemn <pirate>, ...", N_("standing: whom you condemn as Pretre"), "condemn le borgne"),
    OrderForm("side captain | mutineer", N_("standing: your side in another clan's mutiny"), "side captain"),
    OrderForm(
        "lookout reveal | refuse above <n> | ask",
        N_("standing: your answer as Vigie"),
        "lookout refuse above 9",
    ),
    OrderForm(
        "plan return at balloon <n> or after <n> events | plan ask",
        N_("standing: your decision as Capitaine"),
        "plan return at balloon 6 or after 4 events",
    ),
    OrderForm(
        "mutiny if continue|return|always with <pirate> | no mutiny",
        N_("standing: a mutiny declared in advance"),
        "mutiny if continue with gros nestor",
    ),
)

SKILLS = ("navigation", "combat", "bagou")
RECRUIT_CHOICES = (*SKILLS, "total")
SIDES = ("captain", "mutineer")
MUTINY_WHEN = ("continue", "return", "always")

#: post slugs, in the order of the kitty's sharing list, and the names a player may write
POSTS = (
    "capitaine",
    "second",
    "pretre",
    "vigie",
    "cuisinier",
    "harponneur",
    "alti-maitre",
    "bosco",
    "armurier",
    "marin-1",
    "marin-2",
    "canonnier-1",
    "canonnier-2",
)
POST_ALIASES = {
    "captain": "capitaine",
    "priest": "pretre",
    "lookout": "vigie",
    "cook": "cuisinier",
    "cuistot": "cuisinier",
    "harpooner": "harponneur",
    "alti-master": "alti-maitre",
    "altimaitre": "alti-maitre",
    "boatswain": "bosco",
    "armourer": "armurier",
    "armorer": "armurier",
    "marin": "marin",
    "marins": "marin",
    "sailor": "marin",
    "canonnier": "canonnier",
    "canonniers": "canonnier",
    "canonier": "canonnier",
    "gunner": "canonnier",
    "marin-1": "marin-1",
    "marin-2": "marin-2",
    "canonnier-1": "canonnier-1",
    "canonnier-2": "canonnier-2",
}

EXAMPLES: dict[str, str] = {
    "pass": "pass",
    "discard": "discard coup de chance",
    "release": "release barbe-grise",
    "keep": "keep all",
    "recruit": "recruit barbe-grise, le borgne, combat  (face-up pirates by name, then a skill:"
    " navigation, combat, bagou or total)",
    "candidate": "candidate toure l'eventreuse",
    "play": "play bravoure",
    "hinder": "hinder rouge with croc-en-jambe",
    "help": "help bleu with coup de chance",
    "power": "power mirelle la rousse",
    "posts": "posts second, vigie, harponneur",
    "order": "order toure l'eventreuse, barbe-grise",
    "gift": "gift bleu  (or: gift next, the next clan clockwise)",
    "repair-roll": "repair roll up to cell 6  (or: repair roll always, repair roll never)",
    "reveal": "reveal",
    "refuse": "refuse",
    "test": "test barbe-grise",
    "repair": "repair with rustine",
    "accident": "accident gros nestor with accident",
    "sacrifice": "sacrifice le borgne, gros nestor",
    "condemn": "condemn le borgne",
    "side": "side captain  (or: side mutineer)",
    "continue": "continue",
    "return": "return",
    "swap": "swap barbe-grise and le borgne",
    "mutiny": "mutiny if continue with gros nestor  (if continue, if return or always)",
    "no-mutiny": "no mutiny",
    "lookout": "lookout refuse above 9  (or: lookout reveal, lookout ask)",
    "plan": "plan return at balloon 6 or after 4 events  (or: plan ask)",
    "brawl": "brawl vol a la tire on rouge  (optionally: pirate le borgne, with bravoure)",
}


def slug(text: str) -> str:
    """A name folded for matching: ``Touré l'Éventreuse`` -> ``toure-l-eventreuse``."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", folded))


def post_slug(text: str) -> str | None:
    s = slug(text)
    if s in POSTS:
        return s
    return POST_ALIASES.get(s)


def _names(text: str) -> list[str]:
    return [slug(part) for part in text.split(",") if slug(part)]


def _one_line(verb: str, rest: str) -> Order | str:
    """The order of one line, or the reason it is not one."""
    if verb == "pass":
        return {"verb": "pass"} if not rest else "pass takes nothing after it"
    if verb in ("reveal", "refuse", "continue", "return"):
        return {"verb": verb} if not rest else f"{verb} takes nothing after it"
    if verb == "keep":
        return {"verb": "keep"} if slug(rest) == "all" else "write: keep all"
    if verb == "no":
        return {"verb": "no-mutiny"} if slug(rest) == "mutiny" else "write: no mutiny"
    if verb in ("discard", "release", "candidate", "play", "power", "test"):
        name = slug(rest)
        return {"verb": verb, "name": name} if name else f"{verb} needs a name"
    if verb == "recruit":
        parts = _names(rest)
        if not parts:
            return f"recruit needs face-up pirates' names, or a skill: {', '.join(RECRUIT_CHOICES)}"
        by = parts[-1] if parts[-1] in RECRUIT_CHOICES else ""
        names = parts[:-1] if by else parts
        if any(n in RECRUIT_CHOICES for n in names):
            return "the skill comes last, after the names: " + EXAMPLES["recruit"]
        return {"verb": "recruit", "by": by, "names": names}
    if verb in ("posts",):
        posts = []
        for part in rest.split(","):
            if not slug(part):
                continue
            post = post_slug(part)
            if post is None:
                return f"unknown post {part.strip()!r}; posts are {', '.join(POSTS)}"
            posts.append(post)
        return {"verb": "posts", "posts": posts} if posts else "posts needs at least one post"
    if verb in ("order", "sacrifice", "condemn"):
        names = _names(rest)
        return {"verb": verb, "names": names} if names else f"{verb} needs pirate names"
    if verb == "gift":
        name = slug(rest)
        return {"verb": "gift", "seat": name} if name else "gift needs a clan (or next)"
    if verb == "side":
        side = slug(rest)
        if side in ("mutiny", "mutineers", "mutins", "mutin"):
            side = "mutineer"
        if side not in SIDES:
            return "write: side captain, or side mutineer"
        return {"verb": "side", "side": side}
    if verb in ("help", "hinder"):
        m = re.fullmatch(r"(.+?)\s+with\s+(.+)", rest)
        if not m or not slug(m[1]) or not slug(m[2]):
            return f"write: {EXAMPLES[verb]}"
        return {"verb": verb, "seat": slug(m[1]), "card": slug(m[2])}
    if verb == "repair" and slug(rest).startswith("roll"):
        m = re.fullmatch(r"roll\s+(always|never|up\s+to\s+cell\s+(\d{1,2}))", rest.lower())
        if not m:
            return f"write: {EXAMPLES['repair-roll']}"
        upto = {"always": 8, "never": -1}.get(m[1], int(m[2] or 0))
        return {"verb": "repair-roll", "upto": upto}
    if verb == "repair":
        m = re.fullmatch(r"with\s+(.+)", rest)
        if not m or not slug(m[1]):
            return f"write: {EXAMPLES['repair']}"
        return {"verb": "repair", "card": slug(m[1])}
    if verb == "accident":
        m = re.fullmatch(r"(.+?)\s+with\s+(.+)", rest)
        if not m or not slug(m[1]) or not slug(m[2]):
            return f"write: {EXAMPLES['accident']}"
        return {"verb": "accident", "pirate": slug(m[1]), "card": slug(m[2])}
    if verb == "swap":
        m = re.fullmatch(r"(.+?)\s+and\s+(.+)", rest)
        if not m or not slug(m[1]) or not slug(m[2]):
            return f"write: {EXAMPLES['swap']}"
        if slug(m[1]) == slug(m[2]):
            return "swap needs two different pirates"
        return {"verb": "swap", "a": slug(m[1]), "b": slug(m[2])}
    if verb == "lookout":
        m = re.fullmatch(r"(ask|reveal|refuse\s+above\s+([0-9]{1,2}))", rest.lower())
        if not m:
            return f"write: {EXAMPLES['lookout']}"
        return {"verb": "lookout", "mode": m[1].split()[0], "above": int(m[2]) if m[2] else 0}
    if verb == "plan":
        if rest.lower() == "ask":
            return {"verb": "plan", "balloon": 0, "events": 0}
        m = re.fullmatch(
            r"return\s+at\s+balloon\s+([0-9]{1,2})\s+or\s+after\s+([0-9]{1,2})\s+events?", rest.lower()
        )
        if not m or not int(m[1]) or not int(m[2]):
            return f"write: {EXAMPLES['plan']}"
        return {"verb": "plan", "balloon": int(m[1]), "events": int(m[2])}
    if verb == "mutiny":
        m = re.fullmatch(r"if\s+(\S+)\s+with\s+(.+)", rest)
        if not m or slug(m[1]) not in MUTINY_WHEN or not slug(m[2]):
            return f"write: {EXAMPLES['mutiny']}"
        return {"verb": "mutiny", "when": slug(m[1]), "leader": slug(m[2])}
    if verb == "brawl":
        m = re.fullmatch(r"(.+?)\s+on\s+(\S+)(?:\s+pirate\s+(.+?))?(?:\s+with\s+(.+))?", rest)
        if not m or not slug(m[1]) or not slug(m[2]):
            return f"write: {EXAMPLES['brawl']}"
        return {
            "verb": "brawl",
            "card": slug(m[1]),
            "seat": slug(m[2]),
            "pirate": slug(m[3] or ""),
            "with": slug(m[4] or ""),
        }
    return f"unknown order {verb!r}"


def allowed(kind: str) -> tuple[str, ...]:
    return ("pass", *STANDING, *VERBS.get(kind, ()))


#: The first words of the English order lines.
ENGLISH_VERBS = frozenset((*EXAMPLES, "no"))


def _read_line(kind: str, verbs: tuple[str, ...], number: int, line: str) -> Order | Problem:
    """The order of one line in the canonical (English) words, or its problem."""
    words = line.split(None, 1)
    verb = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    verb_name = "no-mutiny" if verb == "no" and slug(rest) == "mutiny" else verb
    if verb == "repair" and slug(rest).startswith("roll"):
        verb_name = "repair-roll"
    if verb_name not in verbs:
        if verb_name in EXAMPLES or verb_name in ("no",):
            return Problem(
                number,
                "illegal",
                f"'{verb}' is not an answer to this request ({kind})",
                "accepted: " + ", ".join(verbs),
            )
        return Problem(number, "invalid", f"unknown order {verb[:40]!r}", "accepted: " + ", ".join(verbs))
    result = _one_line(verb, rest)
    if isinstance(result, str):
        return Problem(number, "invalid", result, EXAMPLES.get(verb_name, ""))
    result["line"] = number
    return result


def parse(kind: str, text: str) -> Parsed:
    """Every line of ``text`` read as orders of a ``kind`` request; problems name their line."""
    orders: list[Order] = []
    problems: list[Problem] = []
    lines: list[tuple[int, str]] = []
    if not isinstance(text, str):
        return Parsed([], [Problem(None, "invalid", "orders must be text")])
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_LINES:
        problems.append(Problem(None, "invalid", f"more than {MAX_LINES} lines; only the first are read"))
        raw_lines = raw_lines[:MAX_LINES]
    verbs = allowed(kind)
    for number, raw in enumerate(raw_lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if len(line) > MAX_LINE_LENGTH:
            problems.append(Problem(number, "invalid", f"line longer than {MAX_LINE_LENGTH} characters"))
            continue
        result = _read_line(kind, verbs, number, line)
        if isinstance(result, Problem):
            # not an English order: the same line in French words, read as its English equivalent;
            # a line that opens with an English verb keeps the English reading's problem
            english = english_line(line)
            if english is not None and english != line:
                again = _read_line(kind, verbs, number, english)
                if not isinstance(again, Problem) or line.split(None, 1)[0].lower() not in ENGLISH_VERBS:
                    result = again
        if isinstance(result, Problem):
            problems.append(result)
            continue
        orders.append(result)
        lines.append((number, order_text(result)))
    return Parsed(orders, problems, lines)


def order_text(order: Order) -> str:
    """One order in its canonical words."""
    verb = order["verb"]
    if verb in ("pass", "reveal", "refuse", "continue", "return"):
        return verb
    if verb == "keep":
        return "keep all"
    if verb == "no-mutiny":
        return "no mutiny"
    if verb in ("discard", "release", "candidate", "play", "power", "test"):
        return f"{verb} {order['name']}"
    if verb == "recruit":
        return "recruit " + ", ".join([*order.get("names", []), *([order["by"]] if order.get("by") else [])])
    if verb == "posts":
        return "posts " + ", ".join(order["posts"])
    if verb in ("order", "sacrifice", "condemn"):
        return f"{verb} " + ", ".join(order["names"])
    if verb == "gift":
        return f"gift {order['seat']}"
    if verb == "side":
        return f"side {order['side']}"
    if verb in ("help", "hinder"):
        return f"{verb} {order['seat']} with {order['card']}"
    if verb == "repair-roll":
        return repair_roll_text(order["upto"])
    if verb == "repair":
        return f"repair with {order['card']}"
    if verb == "accident":
        return f"accident {order['pirate']} with {order['card']}"
    if verb == "swap":
        return f"swap {order['a']} and {order['b']}"
    if verb == "mutiny":
        return f"mutiny if {order['when']} with {order['leader']}"
    if verb == "lookout":
        return (
            "lookout refuse above " + str(order["above"])
            if order["mode"] == "refuse"
            else f"lookout {order['mode']}"
        )
    if verb == "plan":
        if not order["balloon"]:
            return "plan ask"
        return f"plan return at balloon {order['balloon']} or after {order['events']} events"
    if verb == "brawl":
        text = f"brawl {order['card']} on {order['seat']}"
        if order.get("pirate"):
            text += f" pirate {order['pirate']}"
        if order.get("with"):
            text += f" with {order['with']}"
        return text
    raise ValueError(f"no words for order {verb!r}")


def repair_roll_text(upto: int) -> str:
    """The standing answer of an Alti-Maitre trying repairs up to cell ``upto`` (8: always, -1: never)."""
    return (
        "repair roll always"
        if upto >= 8
        else "repair roll never"
        if upto < 0
        else f"repair roll up to cell {upto}"
    )


def canonical(orders: list[Order]) -> str:
    """The orders as text, each on the line it came from (re-parsing gives the same orders)."""
    out: list[str] = []
    for order in sorted(orders, key=lambda o: o.get("line", 0)):
        at = int(order.get("line") or len(out) + 1)
        while len(out) < at - 1:
            out.append("")
        out.append(order_text(order))
    return "\n".join(out)


# -- the order lines in French words ------------------------------------------------------------------
# A French line is read as the English line it stands for: its verb and small words are looked up in
# the game's glossary (case and accents ignored), its names are kept as written, and the English
# reader above reads the result, so both languages give the very same orders and canonical text.

#: The glossary term of each verb (its key is the verb itself but for these).
VERB_TERMS: dict[str, str] = {
    verb: {"posts": "post", "lookout": "vigie"}.get(verb, verb) for verb in (*EXAMPLES, "no-mutiny")
}
_SUBWORD = re.compile(r"[\s'’\-]+")


def _subwords(text: str) -> tuple[str, ...]:
    """A word or phrase as the glossary compares it: folded, cut at spaces, apostrophes and dashes."""
    return tuple(w for w in _SUBWORD.split(fold(text)) if w)


@cache
def _phrases(key: str) -> tuple[tuple[str, ...], ...]:
    """Every way of writing the glossary term ``key``, longest first."""
    found = {_subwords(word) for word in GLOSSARY.term(key).words()}
    return tuple(sorted((p for p in found if p), key=len, reverse=True))


def _match(subs: list[tuple[str, ...]], at: int, key: str) -> int | None:
    """The index of the token after the term ``key`` written from token ``at``, or ``None``."""
    for phrase in _phrases(key):
        read: tuple[str, ...] = ()
        end = at
        while len(read) < len(phrase) and end < len(subs):
            read += subs[end]
            end += 1
        if read == phrase and end > at:
            return end
    return None


def _find(subs: list[tuple[str, ...]], key: str, start: int = 0) -> tuple[int, int] | None:
    """Where the term ``key`` is first written from token ``start``: (first token, token after)."""
    for at in range(start, len(subs)):
        end = _match(subs, at, key)
        if end is not None:
            return at, end
    return None


def _whole(subs: list[tuple[str, ...]], keys: tuple[str, ...]) -> str | None:
    """The one of ``keys`` that the tokens write, all of them, or ``None``."""
    return next((k for k in keys if subs and _match(subs, 0, k) == len(subs)), None)


def _english_rest(verb: str, tokens: list[str], subs: list[tuple[str, ...]]) -> str:
    """The words after a French verb in the English order language (as written when unread)."""
    text = " ".join(tokens)
    if verb == "keep":
        return "all" if _whole(subs, ("all",)) else text
    if verb == "recruit":
        parts = text.split(",")
        skill = GLOSSARY.key(parts[-1])
        if skill in RECRUIT_CHOICES:
            parts[-1] = " " + skill
        return ",".join(parts)
    if verb == "gift":
        return _whole(subs, ("next", "self")) or text
    if verb == "side":
        side = _whole(subs, ("capitaine", "mutineer", "mutiny"))
        return {"capitaine": "captain"}.get(side or "", side or text)
    if verb in ("help", "hinder", "accident", "swap"):
        cut = _find(subs, "and" if verb == "swap" else "with", 1)
        if cut and cut[1] < len(tokens):
            joint = "and" if verb == "swap" else "with"
            return f"{' '.join(tokens[: cut[0]])} {joint} {' '.join(tokens[cut[1] :])}"
        return text
    if verb == "repair":
        end = _match(subs, 0, "with")
        return f"with {' '.join(tokens[end:])}" if end and end < len(tokens) else text
    if verb == "repair-roll":
        end = _match(subs, 0, "up-to-cell")
        if end is not None and end == len(tokens) - 1:
            return f"up to cell {tokens[end]}"
        return _whole(subs, ("always", "never")) or text
    if verb == "lookout":
        end = _match(subs, 0, "refuse")
        above = _match(subs, end, "above") if end else None
        if above is not None and above == len(tokens) - 1:
            return f"refuse above {tokens[above]}"
        return _whole(subs, ("reveal", "ask")) or text
    if verb == "plan":
        return _plan_rest(tokens, subs) or text
    if verb == "mutiny":
        when_at = _match(subs, 0, "if")
        for when in MUTINY_WHEN if when_at else ():
            end = _match(subs, when_at or 0, when)
            leader = _match(subs, end, "with") if end else None
            if leader is not None and leader < len(tokens):
                return f"if {when} with {' '.join(tokens[leader:])}"
        return text
    if verb == "brawl":
        return _brawl_rest(tokens, subs) or text
    return text


def _plan_rest(tokens: list[str], subs: list[tuple[str, ...]]) -> str | None:
    """``return at balloon N or after M events`` or ``ask`` from their French words."""
    if _whole(subs, ("ask",)):
        return "ask"
    at = _match(subs, 0, "return")
    at = _match(subs, at, "at-balloon") if at else None
    if at is None or at >= len(tokens):
        return None
    balloon = tokens[at]
    after = _match(subs, at + 1, "or-after")
    if after is None or after >= len(tokens) or _match(subs, after + 1, "event") != len(tokens):
        return None
    return f"return at balloon {balloon} or after {tokens[after]} events"


def _brawl_rest(tokens: list[str], subs: list[tuple[str, ...]]) -> str | None:
    """``<card> on <clan> [pirate <pirate>] [with <card>]`` from their French words."""
    on = _find(subs, "on", 1)
    if on is None or on[1] >= len(tokens):
        return None
    card, seat_at = " ".join(tokens[: on[0]]), on[1]
    seat = "self" if _match(subs, seat_at, "self") == seat_at + 1 else tokens[seat_at]
    text = f"{card} on {seat}"
    at = seat_at + 1
    end = _match(subs, at, "pirate") if at < len(tokens) else None
    if end is not None:
        cut = _find(subs, "with", end)
        stop = cut[0] if cut else len(tokens)
        if stop == end:
            return None
        text += f" pirate {' '.join(tokens[end:stop])}"
        at = stop
    if at < len(tokens):
        end = _match(subs, at, "with")
        if end is None or end >= len(tokens):
            return None
        text += f" with {' '.join(tokens[end:])}"
    return text


def english_line(line: str) -> str | None:
    """The English order line a line written with the glossary's (French) words stands for, or
    ``None`` when it opens with no verb of the glossary.

    >>> english_line("Gêne rouge avec Croc-en-Jambe")
    'hinder rouge with Croc-en-Jambe'
    >>> english_line("jet de réparation jusqu'à la case 6")
    'repair roll up to cell 6'
    """
    tokens = line.split()
    subs = [_subwords(t) for t in tokens]
    best: tuple[str, int] | None = None
    for verb, key in VERB_TERMS.items():
        end = _match(subs, 0, key)
        if end is not None and (best is None or end > best[1]):
            best = (verb, end)
    if best is None:
        return None
    verb, end = best
    rest = _english_rest(verb, tokens[end:], subs[end:])
    return f"{verb.replace('-', ' ')} {rest}".strip()
