"""The order language of Master & Commander (see orders/master-commander.md).

``parse(kind, text)`` is purely syntactic: it never looks at the game. Card, character and seat
names stay as written (lower-cased, spaces collapsed); ``check`` resolves them against the table.
Each order is a plain dict with its ``verb``, its arguments and the ``line`` it came from; the
canonical text puts every order back on its own line number, so re-parsing it gives the very same
orders (line numbers included) and problems found later by ``check`` point at the player's lines.

The French words of the glossary (``glossary.py``) are read beside the English ones: a line the
English grammar does not read is read again with its French order words put in English
(:func:`french_to_english`), so a French line gives the very same orders and canonical (English)
text as its English twin, and an English line is read exactly as before.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from typing import Any

from adjudicator.games.base import OrderForm, Parsed, Problem
from adjudicator.games.language import ENGLISH, N_, Language, fold
from adjudicator.games.master_commander.glossary import GLOSSARY
from adjudicator.games.master_commander.terms import VOTERS, TermError, parse_terms, terms_text

Order = dict[str, Any]

#: which verbs each kind of request accepts
VERBS: dict[str, tuple[str, ...]] = {
    "mulligan": ("keep", "mulligan"),
    "turn": (
        "attach",
        "reassign",
        "play",
        "use",
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
        "wait",
        "pass",
    ),
    "bid": ("bid",),
    "vote": ("for", "against", "abstain", "react"),
    "defend": ("oppose", "no-opposition", "ask", "capture"),
    "ally": ("send", "decline"),
    "manoeuvre": ("play", "use", "pass", "later"),
    "duel": ("accept", "refuse", "play", "stop"),
    "ransom": ("pay", "refuse"),
    "offer": ("offer", "no-offer"),
    "choice": ("sell",),
}
for _kind in ("bid", "vote", "defend", "ally", "duel", "ransom", "offer", "choice"):
    # « durant son tour ou celui d'un adversaire »: a card's ability in any answer (abilities.py)
    VERBS[_kind] = (*VERBS[_kind], "use")
for _kind in VERBS:  # a standing answer may be given in any submission
    VERBS[_kind] = (*VERBS[_kind], "standing-use", "standing-supports", "standing")

#: the example line shown in a suggestion for each verb
EXAMPLES: dict[str, str] = {
    "keep": N_("keep  (a captor keeping a captive, a hand kept at the mulligan)"),
    "mulligan": N_("mulligan cutlass, feint  (or: mulligan all)"),
    "attach": N_("attach cutlass to teniente"),
    "reassign": N_("reassign cutlass to #12"),
    "play": N_(
        "play smuggling run (or: play rum ration on teniente / play boarding party challenge #7 with #3)"
    ),
    "event": N_("event treasure galleon"),
    "explore": N_("explore with teniente, contramaestre  (optionally: from english)"),
    "raid": N_("raid port antonio with teniente, segundo  (optionally: allies french / pillage gold)"),
    "refute": N_("refute trade treaty with governor of cartagena  (optionally: allies french)"),
    "agreement": N_(
        "agreement trade treaty by segundo  (optionally: terms pay 1 to french; pay 1 to each voter for)"
    ),
    "buy": N_("buy 2 gold"),
    "sell": N_("sell 1 gold  (answering a ransom auction: sell to english)"),
    "ransom": N_("ransom jean bart"),
    "recruit": N_("recruit teniente"),
    "enlist": N_("enlist  (a new recruit from the top of your crew pile, 1 gold)"),
    "dismiss": N_("dismiss contramaestre"),
    "rally": N_("rally anne bonny"),
    "discard": N_("discard feint"),
    "pass": N_("pass"),
    "later": N_("later  (asked for the case the players before you pass: ask me at my turn instead)"),
    "bid": N_("bid 3"),
    "for": N_("for teniente, segundo"),
    "against": N_("against galleon captain"),
    "abstain": N_("abstain"),
    "react": N_("play lobbying for  (a political reaction: its votes for or against)"),
    "oppose": N_("oppose with teniente, segundo"),
    "no-opposition": N_("no opposition"),
    "ask": N_("ask french, english"),
    "capture": N_("capture best  (or: capture none / capture <character>)"),
    "send": N_("send teniente, contramaestre"),
    "decline": N_("decline"),
    "accept": N_("accept"),
    "refuse": N_("refuse"),
    "stop": N_("stop"),
    "pay": N_("pay"),
    "offer": N_("offer 4  (a third party may add: keep / return)"),
    "no-offer": N_("no offer"),
    "use": N_("use spyglass  (the ability of a card you control in play; or: use <card> on <character>)"),
    "wait": N_("wait  (ask me for the rest of my turn after each raid, vote, ransom or rally)"),
    "standing": N_(
        "standing never oppose  (or: standing ally with french / standing never ally / "
        "standing vote for french / standing sell to best offer / standing pass manoeuvres below 2 / "
        "standing pass reactions / standing oppose with all / standing bid 2 / "
        "standing offer ransom for mine / standing offer nothing / standing vote against others / "
        "standing abstain on others / standing use fence at end of opponents' turns / "
        "standing supports of teniente to la habana / standing clear)"
    ),
    "standing-use": N_(
        "standing use fence at end of opponents' turns  (or: at start ...; standing stop using fence)"
    ),
    "standing-supports": N_("standing supports of teniente to la habana"),
}

#: the standing answers are variants of ``standing``: one form stands for them all in a summary
_STANDING_VERBS = ("standing", "standing-use", "standing-supports")


#: the form of the standing answers: its syntax, its meaning and its example
_STANDING_FORM = (
    N_("standing <answer>"),
    N_("a standing answer, kept until you change it"),
    N_("standing pass manoeuvres below 2"),
)


def _example_in(verb: str, line: str, lang: Language) -> str:
    """A verb's English example line written with the glossary's words of ``lang`` (read back to the
    same orders by the parser, whatever the catalogue says)."""
    if lang.code == "en":
        return line
    kind = next(kind for kind, verbs in VERBS.items() if verb in verbs)
    parsed = parse(kind, line)
    return "\n".join(order_words(order, lang) for order in parsed.orders) if parsed.ok else line


def example(verb: str, lang: Language = ENGLISH) -> str:
    """A verb's :data:`EXAMPLES` line in ``lang``: the order in the glossary's words, and what its
    parenthesis says from the catalogue."""
    line, _, _ = EXAMPLES[verb].partition("(")
    _, paren, note = lang.gettext(EXAMPLES[verb]).partition("(")
    spaces = line[len(line.rstrip()) :]
    return _example_in(verb, line.strip(), lang) + (spaces + paren + note if paren else "")


def _form(verb: str, kinds: tuple[str, ...], lang: Language) -> OrderForm:
    """A verb's form from its :data:`EXAMPLES` line: the line itself, and what its parenthesis says."""
    if verb == "standing":
        syntax, meaning, shown = (lang.gettext(text) for text in _STANDING_FORM)
        shown = _example_in(verb, _STANDING_FORM[2], lang)
        return OrderForm(syntax, meaning, shown, kinds)
    line, _, note = example(verb, lang).partition("(")
    return OrderForm(line.strip(), note.rstrip(") ").strip(), line.strip(), kinds)


def order_forms(lang: Language = ENGLISH) -> tuple[OrderForm, ...]:
    """Every form of order line, by request kind, in ``lang``."""
    kinds_of: dict[str, list[str]] = {}
    for kind, verbs in VERBS.items():
        for verb in verbs:
            if verb not in _STANDING_VERBS[1:]:
                kinds_of.setdefault(verb, []).append(kind)
    verbs = sorted(kinds_of, key=lambda verb: verb == "standing")  # the standing answers last
    return tuple(_form(verb, tuple(kinds_of[verb]), lang) for verb in verbs)


#: Every form of order line, by request kind, built from :data:`VERBS` and :data:`EXAMPLES` (the
#: parser's own tables), as mails summarise it; the tests parse every example.
ORDER_FORMS: tuple[OrderForm, ...] = order_forms()

_NAME = r"[^,]+?"
_NUMBER = r"[0-9]{1,5}"

# verbs that may appear at most once in a submission of that kind (the second is ambiguous)
_ONCE: dict[str, tuple[tuple[str, ...], ...]] = {
    "mulligan": (("keep", "mulligan"),),
    "bid": (("bid",),),
    "defend": (("oppose", "no-opposition"), ("capture",)),
    "ally": (("send", "decline"),),
    "manoeuvre": (("pass", "later"),),
    "duel": (("accept", "refuse"), ("stop",)),  # several plays: the next steps written in advance
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


@_rule("agreement", r"agreement\s+(?P<card>.+?)\s+by\s+(?P<char>.+?)(?P<kw>\s+terms?\b(?P<terms>.*))?")
def _agreement(m: re.Match[str]) -> Order:
    order: Order = {"verb": "agreement", "card": clean_name(m["card"]), "by": clean_name(m["char"])}
    if m["kw"]:
        order["terms"] = parse_terms(m["terms"])  # raises TermError: a precise problem for the line
    return order


@_rule(
    "standing-use",
    r"standing\s+(?:(?P<stop>stop\s+using)|use)\s+(?P<card>.+?)"
    r"(?:\s+at\s+(?:the\s+)?(?P<moment>start|end)(?:\s+of\s+(?:each\s+)?opponents?'?s?'?\s+turns?)?"
    r"|\s+in\s+(?:each\s+)?opponents?'?s?'?\s+turns?)?",
)
def _standing_use(m: re.Match[str]) -> Order:
    if m["stop"]:
        return {"verb": "standing-use", "card": clean_name(m["card"]), "moment": "never"}
    return {"verb": "standing-use", "card": clean_name(m["card"]), "moment": (m["moment"] or "end").lower()}


@_rule("standing-supports", r"standing\s+supports\s+of\s+(?P<char>.+?)\s+(?:to|on)\s+(?P<holder>.+)")
def _standing_supports(m: re.Match[str]) -> Order:
    return {
        "verb": "standing-supports",
        "character": clean_name(m["char"]),
        "holder": clean_name(m["holder"]),
    }


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


@_rule("later", r"later|ask\s+me\s+later")
def _later(m: re.Match[str]) -> Order:
    return {"verb": "later"}


@_rule("use", r"use\s+(?P<card>.+?)(?:\s+on\s+(?P<target>.+))?")
def _use(m: re.Match[str]) -> Order:
    order: Order = {"verb": "use", "card": clean_name(m["card"])}
    if m["target"]:
        order["target"] = clean_name(m["target"])
    return order


@_rule("wait", r"wait")
def _wait(m: re.Match[str]) -> Order:
    return {"verb": "wait"}


@_rule(
    "standing",
    r"standing\s+(?:(?P<clear>clear)|(?P<never_oppose>never\s+oppose)|(?P<never_ally>never\s+ally)"
    r"|(?:always\s+)?ally\s+with\s+(?P<ally>[^\s,]+)|vote\s+(?:for|yes\s+on)\s+(?P<vote>[^\s,]+)"
    r"|(?P<sell>sell\s+(?:prisoners?\s+)?to\s+(?:the\s+)?best(?:\s+offer)?)"
    r"|pass\s+(?P<pass>manoeuvres|reactions)(?:\s+below\s+(?P<below>[0-9]{1,3}))?"
    r"|(?P<oppose_all>oppose\s+with\s+all)|bid\s+(?P<bid>[0-9]{1,4})"
    r"|(?P<offer_mine>offer\s+(?:the\s+)?ransom\s+for\s+mine)|(?P<offer_none>offer\s+nothing)"
    r"|(?P<against_others>vote\s+against\s+others)|(?P<abstain_others>abstain\s+on\s+others))",
)
def _standing(m: re.Match[str]) -> Order:
    more = _more_standing(m)
    if more is not None:
        return more
    if m["clear"]:
        return {"verb": "standing", "what": "clear"}
    if m["never_oppose"]:
        return {"verb": "standing", "what": "never-oppose"}
    if m["never_ally"]:
        return {"verb": "standing", "what": "never-ally"}
    if m["ally"]:
        return {"verb": "standing", "what": "ally", "seat": clean_name(m["ally"])}
    if m["vote"]:
        return {"verb": "standing", "what": "vote", "seat": clean_name(m["vote"])}
    if m["sell"]:
        return {"verb": "standing", "what": "sell-best"}
    below = int(m["below"]) if m["below"] else None
    order: Order = {"verb": "standing", "what": f"pass-{m['pass'].lower()}"}
    if below is not None:
        order["below"] = below
    return order


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


def _more_standing(m: re.Match[str]) -> Order | None:
    """The standing answers added for fewer exchanges (see ``standing.py``)."""
    if m["bid"]:
        return {"verb": "standing", "what": "bid", "amount": int(m["bid"])}
    for group, what in (
        ("oppose_all", "oppose-all"),
        ("offer_mine", "offer-mine"),
        ("offer_none", "offer-none"),
        ("against_others", "against-others"),
        ("abstain_others", "abstain-others"),
    ):
        if m[group]:
            return {"verb": "standing", "what": what}
    return None


#: the canonical line of the standing answers without a seat or a number
STANDING_TEXT = {
    "clear": "standing clear",
    "never-oppose": "standing never oppose",
    "never-ally": "standing never ally",
    "sell-best": "standing sell to best offer",
    "oppose-all": "standing oppose with all",
    "offer-mine": "standing offer ransom for mine",
    "offer-none": "standing offer nothing",
    "against-others": "standing vote against others",
    "abstain-others": "standing abstain on others",
}


def order_text(order: Order) -> str:
    """The canonical line of one order."""
    verb = order["verb"]
    names = ", ".join(order.get("with", []))
    if verb in (
        "keep",
        "pass",
        "abstain",
        "decline",
        "accept",
        "refuse",
        "stop",
        "pay",
        "enlist",
        "wait",
        "later",
    ):
        return verb
    if verb == "standing":
        what = order["what"]
        if what in ("ally", "vote"):
            return f"standing {what} {'with' if what == 'ally' else 'for'} {order['seat']}"
        if what.startswith("pass-"):
            below = f" below {order['below']}" if "below" in order else ""
            return f"standing pass {what[5:]}{below}"
        if what == "bid":
            return f"standing bid {order['amount']}"
        return STANDING_TEXT[what]
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
    if verb == "use":
        return f"use {order['card']}" + (f" on {order['target']}" if "target" in order else "")
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
        terms = f" terms {terms_text(order['terms'])}" if order.get("terms") else ""
        return f"agreement {order['card']} by {order['by']}{terms}"
    if verb == "standing-use":
        if order["moment"] == "never":
            return f"standing stop using {order['card']}"
        return f"standing use {order['card']} at {order['moment']} of opponents' turns"
    if verb == "standing-supports":
        return f"standing supports of {order['character']} to {order['holder']}"
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


def _word(key: str, which: int = 0) -> str:
    """A French order word of the glossary: the term's own (``which`` 0) or another of its words."""
    term = GLOSSARY.term(key)
    return term.fr if which == 0 else term.fr_words[which - 1]


#: the French line of the standing answers without a seat or a number (the glossary's words)
_STANDING_FRENCH = {
    "clear": ("clear",),
    "never-oppose": ("never", "oppose"),
    "never-ally": ("never", ("ally", 1)),
    "sell-best": ("sell", ("to", 1), "best-offer"),
    "oppose-all": ("oppose", "with", "all"),
    "offer-mine": (("offer", 2), "ransom", "for", "mine"),
    "offer-none": (("offer", 2), "nothing"),
    "against-others": (("vote", 1), "against", "others"),
    "abstain-others": ("abstain", "on", "others"),
}


def french_text(order: Order) -> str:
    """The line of one order with the glossary's French words: :func:`french_to_english` reads it back
    to the very order :func:`order_text` writes in English."""
    w = _word
    verb = order["verb"]
    names = ", ".join(order.get("with", []))
    if verb in ("keep", "pass", "abstain", "decline", "accept", "refuse", "pay", "enlist", "wait", "later"):
        return w(verb)
    if verb == "stop":
        return w("stop")
    if verb == "standing":
        what = order["what"]
        if what == "ally":
            return f"{w('standing')} {w('ally', 1)} {w('with')} {order['seat']}"
        if what == "vote":
            return f"{w('standing')} {w('vote', 1)} {w('for')} {order['seat']}"
        if what.startswith("pass-"):
            below = f" {w('below')} {order['below']}" if "below" in order else ""
            return f"{w('standing')} {w('pass')} {GLOSSARY.term(what[5:-1]).name('fr', 2)}{below}"
        if what == "bid":
            return f"{w('standing')} {w('bid', 1)} {order['amount']}"
        parts = [w(*p) if isinstance(p, tuple) else w(p) for p in _STANDING_FRENCH[what]]
        return " ".join([w("standing"), *parts])
    if verb in ("no-opposition", "no-offer", "mulligan", "attach", "reassign", "play", "use"):
        return _french_cards(order)
    if verb in ("event", "recruit", "dismiss", "rally", "discard"):
        return f"{w(verb)} {order['card']}"
    if verb == "ransom":
        return f"{w('ransom', 1)} {order['card']}"
    if verb == "explore":
        pile = f" {w('from')} {order['from']}" if "from" in order else ""
        return f"{w('explore')} {w('with')} {names}{pile}"
    if verb in ("raid", "refute"):
        text = f"{w(verb)} {order['target']} {w('with')} {names}"
        if order.get("allies"):
            text += f" {GLOSSARY.term('ally').name('fr', 2)} " + ", ".join(order["allies"])
        if order.get("pillage"):
            what = str(order["pillage"])
            what = {"gold": w("gold"), "doublons": GLOSSARY.term("doublon").name("fr", 2)}.get(what, what)
            if what.startswith("free "):
                what = f"{w('free')} {what[5:]}"
            text += f" {w('pillage')} {what}"
        return text
    if verb == "agreement":
        terms = ""
        if order.get("terms"):
            shares = [
                f"{w('pay')} {t['pay']} {w('to')} {w('each-voter-for') if t['to'] == VOTERS else t['to']}"
                for t in order["terms"]
            ]
            terms = f" {GLOSSARY.term('term').name('fr', 2)} " + "; ".join(shares)
        return f"{w('agreement', 1)} {order['card']} {w('by')} {order['by']}{terms}"
    return _french_more(order, names)


def _french_cards(order: Order) -> str:
    w = _word
    verb = order["verb"]
    if verb == "no-opposition":
        return w("no-opposition")
    if verb == "no-offer":
        return w("no-offer")
    if verb == "mulligan":
        cards = ", ".join(w("all", 1) if c == "all" else c for c in order["cards"])
        return f"{w('mulligan')} {cards}"
    if verb in ("attach", "reassign"):
        return f"{w(verb)} {order['card']} {w('to')} {order['target']}"
    if verb == "play":
        if "challenge" in order:
            challenge = f"{w('challenge')} {order['challenge']} {w('with')} {order['with']}"
            return f"{w('play')} {order['card']} {challenge}"
        if "target" in order:
            return f"{w('play')} {order['card']} {w('on')} {order['target']}"
        return f"{w('play')} {order['card']}"
    return f"{w('use')} {order['card']}" + (f" {w('on')} {order['target']}" if "target" in order else "")


def _french_more(order: Order, names: str) -> str:
    w = _word
    verb = order["verb"]
    if verb == "standing-use":
        if order["moment"] == "never":
            return f"{w('standing')} {w('stop-using')} {order['card']}"
        moment = "at-start" if order["moment"] == "start" else "at-end"
        return f"{w('standing')} {w('use')} {order['card']} {w(moment)}"
    if verb == "standing-supports":
        return f"{w('standing')} {w('supports-of')} {order['character']} {w('to')} {order['holder']}"
    if verb in ("buy", "sell") and "count" in order:
        return f"{w(verb)} {order['count']} {w('gold')}"
    if verb == "sell":
        return f"{w('sell')} {w('to')} {order['to']}"
    if verb == "react":
        return f"{w('play')} {order['card']} {w(order['side'])}"
    if verb == "bid":
        return f"{w('bid', 1)} {order['amount']}"
    if verb in ("for", "against"):
        return f"{w(verb)} {names}"
    if verb == "oppose":
        return f"{w('oppose')} {w('with')} {names}"
    if verb == "send":
        return f"{w('send')} {names}"
    if verb == "ask":
        return f"{w('ask')} " + ", ".join(order["seats"])
    if verb == "capture":
        who = {"best": w("best", 1), "none": w("none")}.get(order["who"], order["who"])
        return f"{w('capture')} {who}"
    if verb == "offer":
        then = f" {w(order['then'])}" if order.get("then") else ""
        return f"{w('offer')} {order['amount']}{then}"
    return order_text(order)


def order_words(order: Order, lang: Language = ENGLISH) -> str:
    """One order's line in ``lang``: the canonical (English) line, or its French twin."""
    return french_text(order) if lang.code == "fr" else order_text(order)


def canonical_in(kind: str, text: str, lang: Language = ENGLISH) -> str:
    """A canonical text with its lines in ``lang`` (the same line numbers; the receipt keeps the
    English text, which this reads back)."""
    if lang.code != "fr":
        return text
    parsed = parse(kind, text)
    if parsed.problems:
        return text
    lines = text.split("\n")
    for order in parsed.orders:
        lines[int(order["line"]) - 1] = french_text(order)
    return "\n".join(lines)


def canonical(orders: list[Order]) -> str:
    """Every order on its own original line number (blank lines between), so re-parsing is exact."""
    lines: list[str] = []
    for order in orders:
        line = int(order.get("line", len(lines) + 1))
        while len(lines) < line - 1:
            lines.append("")
        lines.append(order_text(order))
    return "\n".join(lines) + ("\n" if lines else "")


# -- the French words ---------------------------------------------------------------------------

#: The glossary's terms an order line may hold (verbs, keywords, seats, resources, card kinds). The
#: names of the game's things that are never an order word (grades, piles, phases) are left out, so
#: that a card named after one (the French navy's « Gouverneur ») keeps its name in a line.
ORDER_TERMS: tuple[str, ...] = (
    *("spanish", "english", "french", "brethren", "buccaneers", "filibusters", "smugglers", "slavers"),
    *("ghost-ship", "new-recruit", "supports-of", "agreement", "manoeuvre", "event", "reaction"),
    *("gold", "doublon", "ally", "pillage", "challenge", "vote", "keep", "mulligan", "attach"),
    *("reassign", "play", "use", "explore", "raid", "refute", "buy", "sell", "ransom", "enlist"),
    *("recruit", "dismiss", "rally", "discard", "wait", "pass", "later", "bid", "for", "against"),
    *("abstain", "oppose", "no-opposition", "ask", "capture", "send", "decline", "accept", "refuse"),
    *("stop", "pay", "offer", "no-offer", "standing", "with", "to", "on", "from", "by", "term"),
    *("each-voter-for", "all", "best", "best-offer", "none", "return", "clear", "never", "always"),
    *("below", "others", "nothing", "mine", "stop-using", "at-start", "at-end", "free", "and"),
)

_TOKEN = re.compile(r"[^\s,;]+")


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _french_phrases() -> dict[tuple[str, ...], str]:
    """Each word or phrase of :data:`ORDER_TERMS` (folded, as tokens) -> its English word.

    The English words name themselves (``Allies`` stays ``allies``, not the singular its French
    twin ``alliés`` folds to); a French word another spelling of a plural (``événements``) reads as
    the English plural.
    """
    phrases: dict[tuple[str, ...], str] = {}

    def put(word: str, english: str) -> None:
        phrases.setdefault(tuple(_tokens(fold(word))), english)

    for key in ORDER_TERMS:
        term = GLOSSARY.term(key)
        put(term.en, term.en)
        put(term.name("en", 2), term.name("en", 2))
        for word in term.en_words:
            put(word, term.en)
    for key in ORDER_TERMS:
        term = GLOSSARY.term(key)
        put(term.fr, term.en)
        put(term.name("fr", 2), term.name("en", 2))
        for word in term.fr_words:
            plural = fold(word).endswith("s") and not fold(term.fr).endswith("s")
            put(word, term.name("en", 2) if plural else term.en)
    return phrases


_FRENCH = _french_phrases()
_LONGEST = max(len(p) for p in _FRENCH)


def french_to_english(line: str) -> str:
    """``line`` with its French order words written in English (names and numbers as they are).

    >>> french_to_english("raid Port Antonio avec teniente, segundo alliés french")
    'raid Port Antonio with teniente, segundo allies french'
    """
    line = line.replace("\u2019", "'")
    spans = [(m.start(), m.end(), fold(m.group(0))) for m in _TOKEN.finditer(line)]
    out: list[str] = []
    at = 0  # the first character of ``line`` not yet written
    i = 0
    while i < len(spans):
        for size in range(min(_LONGEST, len(spans) - i), 0, -1):
            word = _FRENCH.get(tuple(s[2] for s in spans[i : i + size]))
            if word is not None:
                out.append(line[at : spans[i][0]] + word)
                at = spans[i + size - 1][1]
                i += size
                break
        else:
            i += 1
    out.append(line[at:])
    return "".join(out)


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
        if not line or line.lower() in ("final", "end") or GLOSSARY.key(line) == "end":
            continue
        order = _parse_line(line, allowed)
        if isinstance(order, Problem):
            english = french_to_english(line)
            if english != line:
                order = _parse_line(english, allowed, shown=line)
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
    return re.split(r"#(?![0-9])", raw, maxsplit=1)[0].strip()


def _parse_line(line: str, allowed: tuple[str, ...], shown: str = "") -> Order | Problem:
    """One line's order, or its problem (quoting ``shown``, the line as written, when given)."""
    shown = shown or line
    for verb in allowed:
        pattern, build = _RULES[verb]
        m = pattern.match(line)
        if m:
            try:
                order = build(m)
            except TermError as error:
                return Problem(None, "invalid", str(error), error.suggestion)
            if any(v == "" for v in order.values()):  # e.g. a name that was only quotes: play '
                return Problem(None, "invalid", f"a name is missing in {shown[:60]!r}", EXAMPLES[verb])
            return order
    verb = _verb_of(line)
    valid = ", ".join(v.replace("-", " ") for v in allowed)
    known = verb if verb in allowed else verb.split("-")[0]
    if known in allowed:
        return Problem(None, "invalid", f"cannot read {shown[:60]!r}", f"write it like: {EXAMPLES[known]}")
    close = difflib.get_close_matches(verb, list(allowed), n=1, cutoff=0.6)
    if close:
        return Problem(None, "invalid", f"unknown order {verb!r}", f"did you mean: {EXAMPLES[close[0]]}")
    return Problem(None, "invalid", f"cannot read {shown[:60]!r}", f"valid orders here: {valid}")


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
