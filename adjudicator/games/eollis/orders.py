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
from typing import Any

from adjudicator.games.base import OrderForm, Parsed, Problem

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
    OrderForm("pass", "nothing more", "pass"),
    OrderForm(
        "discard <card>",
        "discard one card before drawing (a line per card)",
        "discard coup de chance",
        ("muster", "tavern"),
    ),
    OrderForm(
        "release <pirate> | keep all",
        "release a surviving pirate, or keep them all",
        "release barbe-grise",
        ("muster",),
    ),
    OrderForm(
        "candidate <pirate>", "your candidate for Capitaine", "candidate toure l'eventreuse", ("election",)
    ),
    OrderForm(
        "play <card>", "your one card for your own roll", "play bravoure", ("election", "test", "decision")
    ),
    OrderForm(
        "hinder <clan> with <card>",
        "a card on a rival's roll",
        "hinder rouge with croc-en-jambe",
        ("election", "test", "brawl"),
    ),
    OrderForm(
        "help <clan> with <card>",
        "an Exploit bonus on another clan's roll",
        "help bleu with coup de chance",
        ("test",),
    ),
    OrderForm("power <pirate>", "use a pirate's power", "power mirelle la rousse", ("election", "test")),
    OrderForm("test <pirate>", "which of your pirates aboard tests", "test barbe-grise", ("test",)),
    OrderForm("repair with <card>", "an Exploit repair of the Ballon", "repair with rustine", ("test",)),
    OrderForm(
        "accident <pirate> with <card>",
        "Accident on a rival pirate aboard",
        "accident gros nestor with accident",
        ("test",),
    ),
    OrderForm("reveal | refuse", "as Vigie: show the Event you drew, or refuse it", "reveal", ("lookout",)),
    OrderForm("continue | return", "the Capitaine's decision", "continue", ("decision",)),
    OrderForm(
        "swap <pirate> and <pirate>",
        "the Capitaine swaps two posts",
        "swap barbe-grise and le borgne",
        ("decision",),
    ),
    OrderForm(
        "brawl <card> on <clan> [pirate <pirate>] [with <card>]",
        "a Bagarre card, one line per round",
        "brawl vol a la tire on rouge",
        ("brawl",),
    ),
    OrderForm(
        "recruit [<pirate>, ...,] navigation|combat|bagou|total",
        "the face-up pirates you want, in order, then the skill that picks among the others",
        "recruit le borgne, barbe-grise, combat",
    ),
    OrderForm(
        "posts <post>, <post>, ...", "standing: boarding wishes, in order", "posts second, vigie, marin"
    ),
    OrderForm(
        "order <pirate>, <pirate>, ...", "standing: which pirates board first", "order barbe-grise, le borgne"
    ),
    OrderForm(
        "gift <clan>",
        "standing: the other clan your Bosco gives a card (default: the next clockwise)",
        "gift bleu",
    ),
    OrderForm(
        "repair roll up to cell <n> | repair roll always | repair roll never",
        "standing: whether your Alti-Maitre tries a repair (default: up to cell 6)",
        "repair roll up to cell 6",
    ),
    OrderForm(
        "sacrifice <pirate>, ...", "standing: who dies first when you lose a pirate", "sacrifice le borgne"
    ),
    OrderForm("condemn <pirate>, ...", "standing: whom you condemn as Pretre", "condemn le borgne"),
    OrderForm("side captain | mutineer", "standing: your side in another clan's mutiny", "side captain"),
    OrderForm(
        "lookout reveal | refuse above <n> | ask", "standing: your answer as Vigie", "lookout refuse above 9"
    ),
    OrderForm(
        "plan return at balloon <n> or after <n> events | plan ask",
        "standing: your decision as Capitaine",
        "plan return at balloon 6 or after 4 events",
    ),
    OrderForm(
        "mutiny if continue|return|always with <pirate> | no mutiny",
        "standing: a mutiny declared in advance",
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
        words = line.split(None, 1)
        verb = words[0].lower()
        rest = words[1].strip() if len(words) > 1 else ""
        verb_name = "no-mutiny" if verb == "no" and slug(rest) == "mutiny" else verb
        if verb == "repair" and slug(rest).startswith("roll"):
            verb_name = "repair-roll"
        if verb_name not in verbs:
            if verb_name in EXAMPLES or verb_name in ("no",):
                problems.append(
                    Problem(
                        number,
                        "illegal",
                        f"'{verb}' is not an answer to this request ({kind})",
                        "accepted: " + ", ".join(verbs),
                    )
                )
            else:
                problems.append(
                    Problem(
                        number, "invalid", f"unknown order {verb[:40]!r}", "accepted: " + ", ".join(verbs)
                    )
                )
            continue
        result = _one_line(verb, rest)
        if isinstance(result, str):
            problems.append(Problem(number, "invalid", result, EXAMPLES.get(verb_name, "")))
            continue
        result["line"] = number
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
