"""The order language of Master & Commander (see orders/master-commander.md).

``parse(kind, text)`` is purely syntactic: it never looks at the game. Card, character and seat
names stay as written (lower-cased, spaces collapsed); ``check`` resolves them against the table.
Each order is a plain dict with its ``verb``, its arguments and the ``line`` it came from; the
canonical text puts every order back on its own line number, so re-parsing it gives the very same
orders (line numbers included) and problems found later by ``check`` point at the player's lines.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from typing import Any

from adjudicator.games.releases.v0_1_0.base import Parsed, Problem

Order = dict[str, Any]

#: which verbs each kind of request accepts
VERBS: dict[str, tuple[str, ...]] = {
    "mulligan": ("keep", "mulligan"),
    "turn": (
        "attach",
        "reassign",
        "play",
        "event",
        "explore",
        "raid",
        "refute",
        "agreement",
        "buy",
        "sell",
        "ransom",
        "enlist",  # before recruit: "recruit new recruit" enlists
        "recruit",
        "dismiss",
        "rally",
        "discard",
        "pass",
    ),
    "bid": ("bid",),
    "vote": ("for", "against", "abstain", "react"),
    "defend": ("oppose", "no-opposition", "ask", "capture"),
    "ally": ("send", "decline"),
    "manoeuvre": ("play", "pass"),
    "duel": ("accept", "refuse", "play", "stop"),
    "ransom": ("pay", "refuse"),
    "offer": ("offer", "no-offer"),
    "choice": ("sell", "keep"),
}

#: the example line shown in a suggestion for each verb
EXAMPLES: dict[str, str] = {
    "keep": "keep  (a captor keeping a captive, a hand kept at the mulligan)",
    "mulligan": "mulligan cutlass, feint  (or: mulligan all)",
    "attach": "attach cutlass to teniente",
    "reassign": "reassign cutlass to #12",
    "play": "play smuggling run (or: play rum ration on teniente / play boarding party challenge #7 with #3)",
    "event": "event treasure galleon",
    "explore": "explore with teniente, contramaestre  (optionally: from english)",
    "raid": "raid port antonio with teniente, segundo  (optionally: allies french / pillage gold)",
    "refute": "refute trade treaty with governor of cartagena  (optionally: allies french)",
    "agreement": "agreement trade treaty by segundo",
    "buy": "buy 2 gold",
    "sell": "sell 1 gold  (answering a ransom auction: sell to english)",
    "ransom": "ransom jean bart",
    "recruit": "recruit teniente",
    "enlist": "enlist  (a new recruit from the top of your crew pile, 1 gold)",
    "dismiss": "dismiss contramaestre",
    "rally": "rally anne bonny",
    "discard": "discard feint",
    "pass": "pass",
    "bid": "bid 3",
    "for": "for teniente, segundo",
    "against": "against galleon captain",
    "abstain": "abstain",
    "react": "play lobbying for  (a political reaction: its votes for or against)",
    "oppose": "oppose with teniente, segundo",
    "no-opposition": "no opposition",
    "ask": "ask french, english",
    "capture": "capture best  (or: capture none / capture <character>)",
    "send": "send teniente, contramaestre",
    "decline": "decline",
    "accept": "accept",
    "refuse": "refuse",
    "stop": "stop",
    "pay": "pay",
    "offer": "offer 4  (a third party may add: keep / return)",
    "no-offer": "no offer",
}

_NAME = r"[^,]+?"
_NUMBER = r"\d{1,5}"

# verbs that may appear at most once in a submission of that kind (the second is ambiguous)
_ONCE: dict[str, tuple[tuple[str, ...], ...]] = {
    "mulligan": (("keep", "mulligan"),),
    "bid": (("bid",),),
    "defend": (("oppose", "no-opposition"), ("capture",)),
    "ally": (("send", "decline"),),
    "manoeuvre": (("play", "pass"),),
    "duel": (("accept", "refuse"), ("play", "stop")),
    "ransom": (("pay", "refuse"),),
    "offer": (("offer", "no-offer"),),
    "choice": (("sell", "keep"),),
}


def clean_name(text: str) -> str:
    """A name as the orders keep it: lower case, single spaces, no surrounding quotes."""
    return " ".join(text.strip().strip("\"'").split()).lower()


def split_names(text: str) -> list[str]:
    """``a, b and c`` -> ``["a", "b", "c"]``."""
    parts = re.split(r",|\band\b|&", text)
    return [clean_name(p) for p in parts if clean_name(p)]


def _names(text: str) -> list[str]:
    return split_names(text)


# -- one parser per verb: (regex, builder) -------------------------------------------------------

Builder = Callable[[re.Match[str]], Order]

_RULES: dict[str, tuple[re.Pattern[str], Builder]] = {}


def _rule(verb: str, pattern: str) -> Callable[[Builder], Builder]:
    def register(fn: Builder) -> Builder:
        _RULES[verb] = (re.compile(pattern + r"$", re.IGNORECASE), fn)
        return fn

    return register


@_rule("keep", r"keep")
def _keep(m: re.Match[str]) -> Order:
    return {"verb": "keep"}


@_rule("mulligan", r"mulligan\s+(?P<cards>.+)")
def _mulligan(m: re.Match[str]) -> Order:
    cards = _names(m["cards"])
    return {"verb": "mulligan", "cards": ["all"] if cards == ["all"] else cards}


@_rule("attach", r"attach\s+(?P<card>.+?)\s+(?:to|on)\s+(?P<target>.+)")
def _attach(m: re.Match[str]) -> Order:
    return {"verb": "attach", "card": clean_name(m["card"]), "target": clean_name(m["target"])}


@_rule("reassign", r"reassign\s+(?P<card>.+?)\s+(?:to|on)\s+(?P<target>.+)")
def _reassign(m: re.Match[str]) -> Order:
    return {"verb": "reassign", "card": clean_name(m["card"]), "target": clean_name(m["target"])}


@_rule(
    "play",
    r"play\s+(?P<card>.+?)(?:\s+challenge\s+(?P<victim>.+?)\s+with\s+(?P<hero>.+)|\s+on\s+(?P<target>.+))?",
)
def _play(m: re.Match[str]) -> Order:
    order: Order = {"verb": "play", "card": clean_name(m["card"])}
    if m["victim"]:
        order["challenge"] = clean_name(m["victim"])
        order["with"] = clean_name(m["hero"])
    elif m["target"]:
        order["target"] = clean_name(m["target"])
    return order


@_rule("event", r"event\s+(?P<card>.+)")
def _event(m: re.Match[str]) -> Order:
    return {"verb": "event", "card": clean_name(m["card"])}


@_rule("explore", r"explore\s+with\s+(?P<chars>.+?)(?:\s+from\s+(?P<pile>[\w-]+))?")
def _explore(m: re.Match[str]) -> Order:
    order: Order = {"verb": "explore", "with": _names(m["chars"])}
    if m["pile"]:
        order["from"] = clean_name(m["pile"])
    return order


_ALLIES = r"(?:\s+allies\s+(?P<allies>.+?))?"


@_rule(
    "raid",
    r"raid\s+(?P<target>.+?)\s+with\s+(?P<chars>.+?)" + _ALLIES + r"(?:\s+pillage\s+(?P<pillage>.+))?",
)
def _raid(m: re.Match[str]) -> Order:
    order: Order = {"verb": "raid", "target": clean_name(m["target"]), "with": _names(m["chars"])}
    if m["allies"]:
        order["allies"] = _names(m["allies"])
    if m["pillage"]:
        order["pillage"] = clean_name(m["pillage"])
    return order


@_rule("refute", r"refute\s+(?P<target>.+?)\s+with\s+(?P<chars>.+?)" + _ALLIES)
def _refute(m: re.Match[str]) -> Order:
    order: Order = {"verb": "refute", "target": clean_name(m["target"]), "with": _names(m["chars"])}
    if m["allies"]:
        order["allies"] = _names(m["allies"])
    return order


@_rule("agreement", r"agreement\s+(?P<card>.+?)\s+by\s+(?P<char>.+)")
def _agreement(m: re.Match[str]) -> Order:
    return {"verb": "agreement", "card": clean_name(m["card"]), "by": clean_name(m["char"])}


@_rule("buy", r"buy\s+(?P<n>" + _NUMBER + r")(?:\s+gold)?")
def _buy(m: re.Match[str]) -> Order:
    return {"verb": "buy", "count": int(m["n"])}


@_rule("sell", r"sell\s+(?:(?P<n>" + _NUMBER + r")(?:\s+gold)?|to\s+(?P<seat>[\w-]+))")
def _sell(m: re.Match[str]) -> Order:
    if m["seat"]:
        return {"verb": "sell", "to": clean_name(m["seat"])}
    return {"verb": "sell", "count": int(m["n"])}


@_rule("ransom", r"ransom\s+(?P<card>.+)")
def _ransom(m: re.Match[str]) -> Order:
    return {"verb": "ransom", "card": clean_name(m["card"])}


@_rule("enlist", r"(?:enlist|recruit\s+new(?:\s+recruit)?)")
def _enlist(m: re.Match[str]) -> Order:
    return {"verb": "enlist"}


@_rule("recruit", r"recruit\s+(?P<card>.+)")
def _recruit(m: re.Match[str]) -> Order:
    return {"verb": "recruit", "card": clean_name(m["card"])}


@_rule("dismiss", r"dismiss\s+(?P<card>.+)")
def _dismiss(m: re.Match[str]) -> Order:
    return {"verb": "dismiss", "card": clean_name(m["card"])}


@_rule("rally", r"rally\s+(?P<card>.+)")
def _rally(m: re.Match[str]) -> Order:
    return {"verb": "rally", "card": clean_name(m["card"])}


@_rule("discard", r"discard\s+(?P<card>.+)")
def _discard(m: re.Match[str]) -> Order:
    return {"verb": "discard", "card": clean_name(m["card"])}


@_rule("pass", r"pass")
def _pass(m: re.Match[str]) -> Order:
    return {"verb": "pass"}


@_rule("bid", r"(?:bid\s+)?(?P<n>" + _NUMBER + r")(?:\s+doublons?)?")
def _bid(m: re.Match[str]) -> Order:
    return {"verb": "bid", "amount": int(m["n"])}


@_rule("for", r"(?:vote\s+)?for\s+(?P<chars>.+)")
def _for(m: re.Match[str]) -> Order:
    return {"verb": "for", "with": _names(m["chars"])}


@_rule("against", r"(?:vote\s+)?against\s+(?P<chars>.+)")
def _against(m: re.Match[str]) -> Order:
    return {"verb": "against", "with": _names(m["chars"])}


@_rule("abstain", r"abstain")
def _abstain(m: re.Match[str]) -> Order:
    return {"verb": "abstain"}


@_rule("react", r"play\s+(?P<card>.+?)\s+(?P<side>for|against)")
def _react(m: re.Match[str]) -> Order:
    return {"verb": "react", "card": clean_name(m["card"]), "side": m["side"].lower()}


@_rule("oppose", r"oppose\s+with\s+(?P<chars>.+)")
def _oppose(m: re.Match[str]) -> Order:
    return {"verb": "oppose", "with": _names(m["chars"])}


@_rule("no-opposition", r"no\s+opposition")
def _no_opposition(m: re.Match[str]) -> Order:
    return {"verb": "no-opposition"}


@_rule("ask", r"ask\s+(?P<seats>.+)")
def _ask(m: re.Match[str]) -> Order:
    return {"verb": "ask", "seats": _names(m["seats"])}


@_rule("capture", r"capture\s+(?P<who>.+)")
def _capture(m: re.Match[str]) -> Order:
    return {"verb": "capture", "who": clean_name(m["who"])}


@_rule("send", r"send\s+(?P<chars>.+)")
def _send(m: re.Match[str]) -> Order:
    return {"verb": "send", "with": _names(m["chars"])}


@_rule("decline", r"decline")
def _decline(m: re.Match[str]) -> Order:
    return {"verb": "decline"}


@_rule("accept", r"accept")
def _accept(m: re.Match[str]) -> Order:
    return {"verb": "accept"}


@_rule("refuse", r"refuse")
def _refuse(m: re.Match[str]) -> Order:
    return {"verb": "refuse"}


@_rule("stop", r"stop")
def _stop(m: re.Match[str]) -> Order:
    return {"verb": "stop"}


@_rule("pay", r"pay")
def _pay(m: re.Match[str]) -> Order:
    return {"verb": "pay"}


@_rule("offer", r"offer\s+(?P<n>" + _NUMBER + r")(?:\s+doublons?)?(?:\s+(?P<then>keep|return))?")
def _offer(m: re.Match[str]) -> Order:
    order: Order = {"verb": "offer", "amount": int(m["n"])}
    if m["then"]:
        order["then"] = m["then"].lower()
    return order


@_rule("no-offer", r"no\s+offer")
def _no_offer(m: re.Match[str]) -> Order:
    return {"verb": "no-offer"}


# -- canonical text ------------------------------------------------------------------------------


def order_text(order: Order) -> str:
    """The canonical line of one order."""
    verb = order["verb"]
    names = ", ".join(order.get("with", []))
    if verb in ("keep", "pass", "abstain", "decline", "accept", "refuse", "stop", "pay", "enlist"):
        return verb
    if verb == "no-opposition":
        return "no opposition"
    if verb == "no-offer":
        return "no offer"
    if verb == "mulligan":
        return "mulligan " + ", ".join(order["cards"])
    if verb in ("attach", "reassign"):
        return f"{verb} {order['card']} to {order['target']}"
    if verb == "play":
        if "challenge" in order:
            return f"play {order['card']} challenge {order['challenge']} with {order['with']}"
        if "target" in order:
            return f"play {order['card']} on {order['target']}"
        return f"play {order['card']}"
    if verb in ("event", "ransom", "recruit", "dismiss", "rally", "discard"):
        return f"{verb} {order['card']}"
    if verb == "explore":
        pile = f" from {order['from']}" if "from" in order else ""
        return f"explore with {names}{pile}"
    if verb in ("raid", "refute"):
        text = f"{verb} {order['target']} with {names}"
        if order.get("allies"):
            text += " allies " + ", ".join(order["allies"])
        if order.get("pillage"):
            text += f" pillage {order['pillage']}"
        return text
    if verb == "agreement":
        return f"agreement {order['card']} by {order['by']}"
    if verb == "buy":
        return f"buy {order['count']} gold"
    if verb == "sell":
        return f"sell to {order['to']}" if "to" in order else f"sell {order['count']} gold"
    if verb == "react":
        return f"play {order['card']} {order['side']}"
    if verb == "bid":
        return f"bid {order['amount']}"
    if verb in ("for", "against", "oppose"):
        return f"{verb} {'with ' if verb == 'oppose' else ''}{names}"
    if verb == "send":
        return f"send {names}"
    if verb == "ask":
        return "ask " + ", ".join(order["seats"])
    if verb == "capture":
        return f"capture {order['who']}"
    if verb == "offer":
        then = f" {order['then']}" if order.get("then") else ""
        return f"offer {order['amount']}{then}"
    raise ValueError(f"unknown order verb {verb!r}")


def canonical(orders: list[Order]) -> str:
    """Every order on its own original line number (blank lines between), so re-parsing is exact."""
    lines: list[str] = []
    for order in orders:
        line = int(order.get("line", len(lines) + 1))
        while len(lines) < line - 1:
            lines.append("")
        lines.append(order_text(order))
    return "\n".join(lines) + ("\n" if lines else "")


# -- the parser ----------------------------------------------------------------------------------

_WORD = re.compile(r"[a-z]+(?:\s+(?:opposition|offer|recruit))?")


def _verb_of(text: str) -> str:
    m = _WORD.match(text.lower())
    word = m.group(0) if m else ""
    return "-".join(word.split())


def parse(kind: str, text: str) -> Parsed:
    """Parse one submission for a request of ``kind``: every good line kept, every bad one a Problem."""
    allowed = VERBS.get(kind, ())
    orders: list[Order] = []
    problems: list[Problem] = []
    lines: list[tuple[int, str]] = []
    if not isinstance(text, str):
        return Parsed([], [Problem(None, "invalid", "orders must be text")], [])
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw)
        if not line or line.lower() in ("final", "end"):
            continue
        order = _parse_line(line, allowed)
        if isinstance(order, Problem):
            problems.append(Problem(number, order.kind, order.message, order.suggestion))
            continue
        order["line"] = number
        orders.append(order)
        lines.append((number, order_text(order)))
    problems.extend(_multiplicity(kind, orders))
    return Parsed(orders, problems, lines)


def _strip_comment(raw: str) -> str:
    """Drop a ``#`` comment but keep ``#12`` card references (a ``#`` followed by a digit)."""
    return re.split(r"#(?!\d)", raw, maxsplit=1)[0].strip()


def _parse_line(line: str, allowed: tuple[str, ...]) -> Order | Problem:
    for verb in allowed:
        pattern, build = _RULES[verb]
        m = pattern.match(line)
        if m:
            return build(m)
    verb = _verb_of(line)
    shown = ", ".join(v.replace("-", " ") for v in allowed)
    known = verb if verb in allowed else verb.split("-")[0]
    if known in allowed:
        return Problem(None, "invalid", f"cannot read {line[:60]!r}", f"write it like: {EXAMPLES[known]}")
    close = difflib.get_close_matches(verb, list(allowed), n=1, cutoff=0.6)
    if close:
        return Problem(None, "invalid", f"unknown order {verb!r}", f"did you mean: {EXAMPLES[close[0]]}")
    return Problem(None, "invalid", f"cannot read {line[:60]!r}", f"valid orders here: {shown}")


def _multiplicity(kind: str, orders: list[Order]) -> list[Problem]:
    problems = []
    for group in _ONCE.get(kind, ()):
        seen: Order | None = None
        for order in orders:
            if order["verb"] in group:
                if seen is not None:
                    problems.append(
                        Problem(
                            order["line"],
                            "ambiguous",
                            f"{order_text(order)!r} contradicts line {seen['line']} ({order_text(seen)!r})",
                            "keep only one of them",
                        )
                    )
                else:
                    seen = order
    return problems
