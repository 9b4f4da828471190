"""Master & Commander's texts said in a reader's language, read from their English shape.

The record keeps every text the game writes (a request's prompt and label, an outcome's reason, a
problem) in English; a reader of another language gets it here, when it is shown. Each text the
game writes has one shape, an English template with ``%(name)s`` holes (the catalogue's message
id); the template is read back as a pattern, the holes give the names, seats and numbers, and the
catalogue's translation of the template is filled with them. The holes that hold words of the game
(a side, a value, a phase) are said in the reader's language from the glossary; names and seats
stay as written. A text of no known shape stays English: never a crash, never a wrong word.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache

from adjudicator.games.language import N_, Language
from adjudicator.games.master_commander.glossary import GLOSSARY

#: what each hole of a template may hold (a name's hole, the default, holds anything)
_HOLES = {
    "seat": r"[\w-]+",
    "holder": r"[\w-]+",
    "captor": r"[\w-]+",
    "owner": r"[\w-]+",
    "main": r"[\w-]+",
    "payer": r"[\w-]+",
    "attacker": r"[\w-]+",
    "other": r"[\w-]+",
    "before": r"[\w-]+(?:, [\w-]+)*",
    "side": r"attacker|defender",
    "stat": r"conquest|diplomacy",
    "manoeuvre": r"(?:tactical|economic) (?:battle|engagement)",
    "timing": r"battle|engagement",
    "phase": r"preparation interval|raid interval|trade phase|recruitment|end of turn",
    "turn": r"[0-9]+",
    "round": r"[0-9]+",
    "price": r"[0-9]+",
    "yes": r"[0-9]+",
    "no": r"[0-9]+",
    "num": r"[0-9]+",
    "gold": r"[0-9]+",
    "limit": r"[0-9]+",
    "max": r"[0-9]+",
    "n": r"[0-9]+",
    "attackers_power": r"-?[0-9]+",
    "defenders_power": r"-?[0-9]+",
    "line": r"'.*'|\".*\"",
    "verb": r"'.*'|\".*\"",
    "order": r"'.*'|\".*\"",
    "other_order": r"'.*'|\".*\"",
}
_HOLE = re.compile(r"%\((\w+)\)s")

#: the English words of the game a hole may hold, said in the reader's language
_WORDS = {
    "tactical battle": N_("tactical battle manoeuvre"),
    "tactical engagement": N_("tactical engagement manoeuvre"),
    "economic battle": N_("economic battle manoeuvre"),
    "economic engagement": N_("economic engagement manoeuvre"),
    "battle": N_("battle manoeuvre"),
    "engagement": N_("engagement manoeuvre"),
}


def _pattern(template: str) -> re.Pattern[str]:
    """A template read back as a pattern: its words as they are, each hole a named group."""
    parts: list[str] = []
    at = 0
    for hole in _HOLE.finditer(template):
        parts.append(re.escape(template[at : hole.start()]))
        name = hole.group(1)
        parts.append(f"(?P<{name}>{_HOLES.get(name, r'.+?')})")
        at = hole.end()
    parts.append(re.escape(template[at:]))
    return re.compile("".join(parts), re.DOTALL)


@cache
def _patterns(templates: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((_pattern(t), t) for t in templates)


def word(english: str, lang: Language) -> str:
    """A word of the game (a side, a value, a phase, a kind of manoeuvre) in ``lang``."""
    if english in _WORDS:
        return lang.gettext(_WORDS[english])
    key = GLOSSARY.key(english)
    if key is None:
        return english
    plural = english.endswith("s") and english != GLOSSARY.term(key).en
    return GLOSSARY.word(key, lang, 2 if plural else 1)


Hole = Callable[[str, str, Language], str]


def _hole(name: str, value: str, lang: Language) -> str:
    if name in ("side", "stat", "manoeuvre", "timing", "phase"):
        return word(value, lang)
    if name == "fleets":
        return say(value, FLEETS, lang)
    if name == "title":
        return say(value, TITLES, lang)
    return value


def say(text: str, templates: Iterable[str], lang: Language, hole: Hole = _hole) -> str:
    """``text`` in ``lang`` if it has the shape of one of ``templates``, else as it is."""
    if lang.code == "en":
        return text
    for pattern, template in _patterns(tuple(templates)):
        m = pattern.fullmatch(text)
        if m:
            values = {name: hole(name, value, lang) for name, value in m.groupdict().items()}
            return lang.gettext(template) % values if values else lang.gettext(template)
    return text


#: what a battle's fleets are, inside a prompt
FLEETS = (
    N_("attackers %(attackers)s; defenders %(defenders)s"),
    N_("nobody"),
)


def _fleet_hole(name: str, value: str, lang: Language) -> str:
    return lang.gettext(N_("nobody")) if value == "nobody" else value


def fleets(text: str, lang: Language) -> str:
    return say(text, FLEETS[:1], lang, _fleet_hole)


#: the turn's title inside a label (``Turn 7, english: <title>``)
TITLES = (
    N_("rally bids for %(name)s"),
    N_("referendum on %(name)s"),
    N_("battle for %(name)s: the attacker's allies"),
    N_("battle for %(name)s: the defence"),
    N_("battle for %(name)s: the defender's allies"),
    N_("battle for %(name)s: engagement segment, %(seat)s"),
    N_("battle for %(name)s: manoeuvre segment, %(seat)s"),
    N_("battle for %(name)s: duel, %(challenger)s v %(challenged)s"),
    N_("battle for %(name)s"),
    N_("ransom of %(name)s: the captor's choice"),
    N_("ransom of %(name)s"),
)

#: every label the game writes (the turn's and each request's)
LABELS = (
    N_("Turn %(turn)s, %(seat)s: the rest of your turn"),
    N_("Turn %(turn)s, %(seat)s"),
    N_("Turn %(turn)s, %(seat)s: %(title)s"),
    N_("Game over"),
    N_("Opening hands: mulligan"),
    N_("Mulligan, %(seat)s"),
    N_("Rally bid for %(name)s, %(seat)s"),
    N_("Referendum on %(name)s, round %(round)s, %(seat)s"),
    N_("Ransom for %(name)s, %(seat)s"),
    N_("Ransom auction for %(name)s, %(seat)s"),
    N_("Ransom of %(name)s: your choice, %(seat)s"),
    N_("%(main)s asks your help in battle, %(seat)s"),
    N_("Defence of %(name)s, %(seat)s"),
    N_("Battle for %(name)s, %(timing)s manoeuvre, %(seat)s (if %(before)s passes)"),
    N_("Battle for %(name)s, %(timing)s manoeuvre, %(seat)s (if %(before)s pass)"),
    N_("Battle for %(name)s, %(timing)s manoeuvre, %(seat)s"),
    N_("Duel, %(seat)s"),
)

#: every prompt the game writes
PROMPTS = (
    N_(
        "Your whole turn: attachments, actions, an event, explore or raid, refute or propose an agreement, "
        "one gold transaction, a ransom, recruits and rallies, a discard; 'wait' to decide the rest after "
        "a raid, vote, ransom or rally."
    ),
    N_(
        "You asked to decide after the outcome ('wait'): the rest of your turn, from the %(phase)s on. "
        "The default is the orders you had written."
    ),
    N_(
        "Keep your opening hand, or put cards under your deck and draw back to 6: 'keep', 'mulligan all' "
        "or 'mulligan <card>, <card>'."
    ),
    N_(
        "%(seat)s tries to rally %(name)s (held by %(holder)s). Bid doublons of your own: 'bid <n>'. "
        "The higher bid wins and pays the bank; on a tie the holder keeps the character."
    ),
    N_(
        "The agreement: %(described)s. Ballot so far: %(yes)s for, %(no)s against. Vote with characters "
        "in activity that have not voted: 'for <characters>', 'against <characters>' (a character's votes "
        "are never split, a vote is final); political reactions: 'play <reaction> for|against'. 'abstain' "
        "(the default): you have finished voting; without it you are asked again if others vote or react."
    ),
    N_("%(captor)s asks %(price)s doublons for %(name)s: 'pay' or 'refuse'."),
    N_(
        "%(captor)s sells %(name)s (owner %(owner)s). Offer at least %(price)s doublons: 'offer <n>' (not "
        "the owner: add 'keep' to hold the captive, 'return' to free it), or 'no offer'."
    ),
    N_(
        "Offers: %(offers)s. « le ravisseur doit choisir à qui il vend son prisonnier »: 'sell to <seat>' "
        "(the default: the best offer)."
    ),
    N_(
        "%(main)s (%(side)s) asks for help: 'send <untapped characters with %(stat)s>' (paid 1 doublon "
        "each by %(payer)s) or 'decline'. Engaged so far: %(fleets)s."
    ),
    N_(
        "%(attacker)s attacks %(target)s; engaged: %(fleets)s. 'oppose with <untapped characters with "
        "%(stat)s>' or 'no opposition'; optionally 'ask <seats>' for allies and "
        "'capture best|none|<character>'."
    ),
    N_(
        "%(attacker)s attacks %(target)s; engaged: %(fleets)s. 'oppose with <untapped characters with "
        "%(stat)s>' or 'no opposition'; optionally 'ask <seats>' for allies."
    ),
    N_(
        "Engaged: %(fleets)s; power so far: attackers %(attackers_power)s, defenders "
        "%(defenders_power)s. Play a %(manoeuvre)s manoeuvre from your hand ('play <card>', "
        "'play <card> on <character>', 'play <card> challenge <opposing character> with <your "
        "character>'), use the ability of a card you control in play ('use <card> [on <character>]', "
        "manoeuvre segment) or 'pass'. When every player passes in turn the battle ends. You may write "
        "several plays, one per line: the first is played now, each next one at your next turn of the "
        "segment while nobody else plays. End with 'pass' to stop after them; without it you are asked "
        "again once they are played and the others pass."
    ),
    N_(
        "Engaged: %(fleets)s; power so far: attackers %(attackers_power)s, defenders "
        "%(defenders_power)s. Play a %(manoeuvre)s manoeuvre from your hand ('play <card>', "
        "'play <card> on <character>', 'play <card> challenge <opposing character> with <your "
        "character>'), use the ability of a card you control in play ('use <card> [on <character>]', "
        "manoeuvre segment) or 'pass'. When every player passes in turn the battle ends."
    ),
    N_(
        "Asked at the same time as %(before)s, who play before you (you need not answer: 'later', the "
        "default, asks you at your turn): your answer counts only if it passes; if one of them plays, "
        "your answer is dropped and you are asked again, seeing the play. Engaged: %(fleets)s; power so "
        "far: attackers %(attackers_power)s, defenders %(defenders_power)s. Play a %(manoeuvre)s "
        "manoeuvre from your hand ('play <card>', 'play <card> on <character>', 'play <card> challenge "
        "<opposing character> with <your character>'), use the ability of a card you control in play "
        "('use <card> [on <character>]', manoeuvre segment) or 'pass'."
    ),
    N_(
        "Asked at the same time as %(before)s, who play before you (you need not answer: 'later', the "
        "default, asks you at your turn): your answer counts only if they all pass; if one of them "
        "plays, your answer is dropped and you are asked again, seeing the play. Engaged: %(fleets)s; "
        "power so far: attackers %(attackers_power)s, defenders %(defenders_power)s. Play a "
        "%(manoeuvre)s manoeuvre from your hand ('play <card>', 'play <card> on <character>', 'play <card> "
        "challenge <opposing character> with <your character>'), use the ability of a card you control "
        "in play ('use <card> [on <character>]', manoeuvre segment) or 'pass'."
    ),
    N_(
        "%(challenger)s challenges %(challenged)s. 'refuse' (your character leaves the battle, tapped) or "
        "'accept', then 'play <card>' (face down; its duel value adds to your combat) or 'stop' (reveal "
        "now)."
    ),
    N_(
        "Duel: %(other)s has played %(n)s card(s) face down. 'play <card>' face down, or 'stop' to reveal "
        "the cards."
    ),
)

#: how a game ends
OUTCOMES = (
    N_("%(seat)s starts a turn with %(gold)s gold"),
    N_("%(seat)s holds the seven seas"),
    N_("turn limit of %(limit)s rounds: most gold"),
)


def _prompt_hole(name: str, value: str, lang: Language) -> str:
    if name == "fleets":
        return fleets(value, lang)
    return _hole(name, value, lang)


def prompt(text: str, lang: Language) -> str:
    return say(text, PROMPTS, lang, _prompt_hole)


def label(text: str, lang: Language) -> str:
    return say(text, LABELS, lang)


def outcome(reason: str, lang: Language) -> str:
    return say(reason, OUTCOMES, lang)


#: the problems the order parser finds in a line, and what it suggests
PROBLEMS = (
    N_("cannot read %(line)s"),
    N_("unknown order %(verb)s"),
    N_("a name is missing in %(line)s"),
    N_("orders must be text"),
    N_("%(order)s contradicts line %(n)s (%(other_order)s)"),
    N_("'terms' is written but no term follows it"),
    N_("%(n)s terms: at most %(max)s"),
    N_("unknown term %(term)s: the referee enforces 'pay <n> to <seat>' and 'pay <n> to each voter for'"),
    N_("cannot read the term %(term)s: say how much and to whom"),
    N_("in %(term)s the share must be a whole number of doublons from 1 to %(max)s"),
    N_("in %(term)s, %(who)s is not a seat"),
    N_("two terms pay %(who)s"),
    N_("%(key)s is not asked now"),
)
SUGGESTIONS = (
    N_("write it like: %(example)s"),
    N_("did you mean: %(example)s"),
    N_("valid orders here: %(verbs)s"),
    N_("keep only one of them"),
    N_("write them like: terms pay 1 to french; pay 1 to each voter for"),
    N_("pay 1 to french"),
    N_("pay 1 to <seat> / pay 1 to each voter for"),
    N_("one term per seat"),
    N_("answer: %(keys)s"),
)


def _order_in(quoted: str, lang: Language) -> str:
    """A quoted canonical order line, quoted again in ``lang`` (as it is if no request kind reads it)."""
    from adjudicator.games.master_commander import orders

    line = quoted[1:-1]
    for kind in orders.VERBS:
        parsed = orders.parse(kind, line)
        if parsed.ok and len(parsed.orders) == 1:
            return repr(orders.order_words(parsed.orders[0], lang))
    return quoted


def _verbs_in(text: str, lang: Language) -> str:
    """``keep, no opposition, standing use`` in ``lang``: each order word from the glossary."""
    said = []
    for verb in text.split(", "):
        key = GLOSSARY.key(verb)
        said.append(GLOSSARY.word(key, lang) if key else " ".join(word(w, lang) for w in verb.split()))
    return ", ".join(said)


def _problem_hole(name: str, value: str, lang: Language) -> str:
    from adjudicator.games.master_commander import orders

    if name in ("order", "other_order"):
        return _order_in(value, lang)
    if name == "example":
        verb = next((v for v, text in orders.EXAMPLES.items() if text == value), None)
        return orders.example(verb, lang) if verb else value
    if name == "verbs":
        return _verbs_in(value, lang)
    return value


def problem(message: str, lang: Language) -> str:
    return say(message, PROBLEMS, lang, _problem_hole)


def suggestion(text: str, lang: Language) -> str:
    """A problem's suggestion in ``lang``: one of :data:`SUGGESTIONS`, or an order's example line."""
    if lang.code != "en" and _problem_hole("example", text, lang) != text:
        return _problem_hole("example", text, lang)
    return say(text, SUGGESTIONS, lang, _problem_hole)
