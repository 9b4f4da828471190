"""Mare Nostrum's texts in a reader's language, read back from the English the record keeps.

The record holds every text in English (labels, prompts, problems, events): a replay compares them
byte for byte, whatever the readers' languages. A reader of another language gets each text said
again from its **shape**: each table below lists the English messages the rules write, with
``%(name)s`` where the rules put a value; the message is turned into a pattern that reads the
values back out of the English text, and the catalogue's translation of the same message is
filled with them (the values translated too where they are words: ``none``, ``naval``...). A text
no message of a table matches stays in English: a reader never gets an error instead of a text.

Each message is the rules' own f-string with its values named, so that the English message
formatted with the values read from a text gives that text again (a test checks it on every text a
bot-played game writes).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from adjudicator.games import language
from adjudicator.games.language import ANY, N_, Convert, Language, shapes

from .glossary import GLOSSARY
from .orders import ENGLISH_WORDS, order_words

#: What a named value matches in an English text, by the name without its digits (``unit2`` is a
#: ``unit``); any other name matches any text, as short as fits.
PATTERNS: Mapping[str, str] = {
    "unit": r"[AF]\d+",
    "n": r"-?\d+",
    "year": r"\d+ BC|AD \d+",
    "place": r"[^\s:,()']+",
    "seat": r"[^\s:,()']+",
    "word": r"'[^']*'|\"[^\"]*\"|\S+",
    "level": r"I{1,2}",
    "kind": r"naval|land",
    "what": r"place|province|sea zone|brigand band|pirate ship",
    "kinds": r"place|province|sea zone",
    "want": r"an army \(A1\)|a fleet \(F1\)|a unit \(A1 or F1\)",
    "verb": r"[a-z]+",
    "outcome": r"[a-z]+",
    "got": r"\S+",
    "why": r"neither engages|truce",
    "who": r".+? (?:army|fleet) [AF]\d+",
    "key": r"(?:battle|naval):[^()\s]+",
    "marker": r"(?: with an Exhausted I{1,2} marker)?",
    "result": r"destroyed|flees|escapes",
    "reaction": r"destroyed|retreat|fight",
    "roll": r"d10 \d+, resistance \d+\+(?: \([^()]*\))?",
}


def _hole(name: str) -> str:
    """The pattern of a value named ``name`` (``unit2`` is a ``unit``)."""
    return PATTERNS.get(name.rstrip("0123456789"), ANY)


def read(messages: tuple[str, ...], text: str) -> tuple[str, dict[str, str]] | None:
    """The first message of ``messages`` whose shape ``text`` has, and the values read from it."""
    return language.read(shapes(messages, _hole), text)


def say(
    messages: tuple[str, ...], text: str, lang: Language, convert: Mapping[str, Convert] | None = None
) -> str | None:
    """``text`` said in ``lang`` from the message of ``messages`` it matches (``None``: none does);
    each value whose name (without digits) ``convert`` or :data:`CONVERT` holds is converted."""
    return language.say(shapes(messages, _hole), text, lang, {**CONVERT, **(convert or {})})


def say_or_keep(messages: tuple[str, ...], text: str, lang: Language) -> str:
    return say(messages, text, lang) or text


# ----------------------------------------------------------------------------- words and values

#: Small words of the rules' texts, said in the reader's language (their messages are named after the
#: game: the same English word may be translated otherwise elsewhere).
WORDS: Mapping[str, str] = {
    "none": N_("mare-nostrum: none"),
    "naval": N_("mare-nostrum: naval"),
    "land": N_("mare-nostrum: land"),
    "an army (A1)": N_("mare-nostrum: an army (A1)"),
    "a fleet (F1)": N_("mare-nostrum: a fleet (F1)"),
    "a unit (A1 or F1)": N_("mare-nostrum: a unit (A1 or F1)"),
    "nothing": N_("mare-nostrum: nothing"),
    "neither engages": N_("mare-nostrum: neither engages"),
}

#: The glossary's terms by their English names, singular and plural: ``pirate ship`` -> ``pirates``.
_TERMS = {name: (t.key, n) for t in GLOSSARY.terms for n in (1, 2) for name in (t.name("en", n),)}


def word(value: str, lang: Language) -> str:
    """A thing the glossary names, or a small word of :data:`WORDS`, in ``lang`` (any other value as
    it is)."""
    if lang.code == "en":
        return value
    if value in _TERMS:
        key, n = _TERMS[value]
        return GLOSSARY.word(key, lang, n)
    known = WORDS.get(value)
    return lang.gettext(known) if known else value


def small_word(value: str, lang: Language) -> str:
    """A small word of :data:`WORDS` in ``lang`` only (``land`` is a battle's kind here, not the order)."""
    known = WORDS.get(value)
    return lang.gettext(known) if known and lang.code != "en" else value


def order_word(value: str, lang: Language) -> str:
    """An English order word (``pillage``) as ``lang`` writes it (``pille``); any other word as it is."""
    key = value.lower()
    return order_words(lang.code)[key] if key in ENGLISH_WORDS and ENGLISH_WORDS[key] == key else value


def order_words_in(value: str, lang: Language) -> str:
    """Every English order word of a short text (``control and pillage``, ``buy army Latium``,
    ``control, pillage, drive <zone>``) in ``lang``; names and numbers as they are."""
    if lang.code == "en":
        return value

    def said(match: re.Match[str]) -> str:
        found = match.group(0)
        return lang.gettext(N_("mare-nostrum: and")) if found == "and" else order_word(found, lang)

    return re.sub(r"(?<![<\w])[a-z]+(?![>\w])", said, value)


def listing(value: str, lang: Language) -> str:
    return word(value, lang)


def year(value: str, lang: Language) -> str:
    """``218 BC`` / ``AD 1`` in ``lang``."""
    if value.endswith(" BC"):
        return lang._("%(year)s BC", year=value[:-3])
    if value.startswith("AD "):
        return lang._("AD %(year)s", year=value[3:])
    return value


def several(value: str, lang: Language) -> str:
    """The plural of a thing the glossary names (``sea zone`` -> ``zones maritimes``)."""
    key = _TERMS.get(value, ("", 1))[0]
    return GLOSSARY.word(key, lang, 2) if key and lang.code != "en" else value


def suggestion_name(value: str, lang: Language) -> str:
    """A "did you mean X?" name: an order word in ``lang``, a place as it is."""
    return order_word(value, lang)


#: How the values of each name are said, by the name without its digits.
CONVERT: dict[str, Convert] = {
    "year": year,
    "listing": listing,
    "what": word,
    "want": word,
    "kind": small_word,
    "got": word,
    "why": word,
    "kinds": several,
    "verb": order_word,
    "outcome": order_word,
    "both": order_words_in,
    "options": order_words_in,
    "name": suggestion_name,
}


# ----------------------------------------------------------------------------- labels and prompts

LABELS: tuple[str, ...] = (
    N_("%(year)s: naval battle results"),
    N_("%(year)s: battle results"),
    N_("%(year)s: orders of %(nation)s"),
)


def label_text(label: str, lang: Language) -> str:
    """A turn's or a request's label in ``lang``."""
    if re.fullmatch(PATTERNS["year"], label):
        return year(label, lang)
    return say_or_keep(LABELS, label, lang)


PROMPTS: tuple[str, ...] = (
    N_(
        "Orders of %(nation)s for %(year)s: purchases and moves, one per line. "
        "Treasury %(n)s PO; units: %(listing)s. No orders: every unit holds."
    ),
)

#: The referee's prompt for table battles, line by line.
BATTLE_PROMPTS: tuple[str, ...] = (
    N_(
        "Fight these battles at the table (DBA 3.0 on land, War Galley at sea) and enter one line per "
        "battle: 'battle <place>: <nation> wins' (optionally ', lost nation:A2' for each unit destroyed "
        "along the way that the result does not already destroy, and ', priest nation:A1' for each war "
        "priest used), or 'battle <place>: dice'. The sides that fight the winner are destroyed; a side "
        "that does not fight it (a truce, or at sea neither engages) is not. "
        "A battle with no result is resolved by the built-in dice."
    ),
    N_("- %(kind)s battle of %(place)s, in this order: %(then)s"),
    N_("    fleets that engage: %(fleets)s"),
    N_("    %(seat)s and %(seat2)s do not fight each other (%(why)s)"),
    N_("    %(seat)s: %(sides)s"),
)

#: One side's units in the referee's prompt: ``A1 (13 elements, war priest, 2 mercenaries)``.
SIDE_UNITS: tuple[str, ...] = (
    N_("%(unit)s (%(n)s elements, war priest, %(n2)s mercenaries)"),
    N_("%(unit)s (%(n)s elements, war priest)"),
    N_("%(unit)s (%(n)s elements, %(n2)s mercenaries)"),
    N_("%(unit)s (%(n)s elements)"),
)

FLEET_NAMES: tuple[str, ...] = (N_("%(nation)s fleet %(unit)s"),)


def _then(value: str, lang: Language) -> str:
    then = lang.gettext(N_("mare-nostrum: then")) if lang.code != "en" else "then"
    return f" {then} ".join(value.split(" then "))


def _fleets(value: str, lang: Language) -> str:
    return ", ".join(say_or_keep(FLEET_NAMES, f, lang) for f in value.split(", "))


def _sides(value: str, lang: Language) -> str:
    return ", ".join(say_or_keep(SIDE_UNITS, u, lang) for u in _split_units(value))


def _split_units(value: str) -> list[str]:
    """``A1 (12 elements, war priest), A2 (12 elements)`` -> each unit with its brackets."""
    return [u.strip() for u in re.findall(r"[AF]\d+(?: \([^)]*\))?", value)] or [value]


#: A pointer to a page of the repository in a recorded prompt ("(see <page>.md)"): a mail leaves it
#: out, and a reader of another language reads the page in the mail's ``help``
_POINTER = re.compile(r"\s*\(see [^()]*\.md[^()]*\)")


def prompt_text(prompt: str, lang: Language) -> str:
    """A request's prompt in ``lang`` (the referee's is said line by line)."""
    said = say(PROMPTS, _POINTER.sub("", prompt), lang)
    if said is not None:
        return said
    convert: dict[str, Convert] = {"then": _then, "fleets": _fleets, "sides": _sides}
    return "\n".join(say(BATTLE_PROMPTS, line, lang, convert) or line for line in prompt.split("\n"))


# ----------------------------------------------------------------------------- outcomes

REASONS: tuple[str, ...] = (
    N_("every nation was eliminated"),
    N_("last nation standing"),
    N_("turn limit of %(n)s reached: most provinces (%(n2)s), then richest"),
)


def reason_text(reason: str, lang: Language) -> str:
    return say_or_keep(REASONS, reason, lang)


# ----------------------------------------------------------------------------- problems

#: Every problem the parser, the order check and the referee's results check write.
PROBLEMS: tuple[str, ...] = (
    # the parser (orders.py)
    N_("expected a %(what)s"),
    N_("%(word)s could be several %(kinds)ss: %(places)s"),
    N_("unknown %(what)s %(word)s"),
    N_("expected %(want)s, got %(word)s"),
    N_("empty order"),
    N_("an order starts with a unit (A1, F1) or buy/hire/battle order/government/truce, not %(word)s"),
    N_("unknown order or place %(word)s for %(unit)s"),
    N_("unknown order %(word)s for %(unit)s; orders are hold, move, embark, land, blockade"),
    N_("%(unit)s is an army: it cannot %(verb)s"),
    N_("%(unit)s is a fleet: it cannot %(verb)s"),
    N_("%(unit)s embark: name the fleet, e.g. '%(unit)s embark F1'"),
    N_("unexpected %(words)s after '%(unit)s embark %(unit2)s'"),
    N_("%(unit)s %(verb)s: name the place, e.g. '%(unit)s %(verb)s Gallia'"),
    N_("drive: name the zone where a panicking band is driven to"),
    N_("retreat: name the province or fleet to fall back to"),
    N_("unknown option %(word)s for %(unit)s; options are %(options)s"),
    N_("choose one of control, pillage or siege, not %(both)s"),
    N_("buy army <province> or buy fleet <province> <sea zone>, not buy %(got)s"),
    N_("buy %(verb)s: name the province where it is raised"),
    N_("buy army <province> [mercenaries N]"),
    N_("an army has 12 elements: mercenaries replace 1 to 12 of them"),
    N_("buy fleet %(place)s: name the sea zone to deploy in (%(listing)s)"),
    N_("unexpected %(words)s after buy fleet"),
    N_("hire %(verb)s <army>, e.g. hire %(verb)s A1"),
    N_("hire mercenaries N (1 to 99)"),
    N_("hire engineer <army>, hire priest <army> or hire mercenaries N"),
    N_("battle order A2 A1: list your armies, the first fights first"),
    N_("%(unit)s is listed twice in the battle order"),
    N_("government <province>: where the government moves if the capital falls"),
    N_("truce <province>: your armies there fight nobody who also keeps the truce"),
    N_("orders must be text"),
    N_("too many lines: at most %(n)s orders"),
    N_("line longer than %(n)s characters"),
    N_("could not read this line (%(error)s)"),
    # the referee's results
    N_("expected 'battle <place>: <nation> wins' or 'battle <place>: dice'"),
    N_("battle %(place)s: who won? e.g. '%(seat)s wins'"),
    N_("unknown nation %(word)s"),
    N_("expected '<nation> wins' or 'dice', not %(word)s"),
    N_("expected 'lost nation:A1' or 'priest nation:A1', not %(word)s"),
    N_("name a unit as nation:A1, not %(word)s"),
    N_("results must be text"),
    N_("the game's map cannot be read: %(error)s"),
    N_("no battle to fight in %(place)s"),
    N_("two results for the battle of %(place)s"),
    N_("%(seat)s does not fight in %(place)s"),
    N_("%(seat)s:%(unit)s does not fight in the battle of %(place)s"),
    # the order check (legality.py)
    N_("%(seat)s is not a living nation of this game"),
    N_("you have no army %(unit)s"),
    N_("you have no fleet %(unit)s"),
    N_("%(unit)s already has an order on line %(n)s: one order per unit"),
    N_("you can raise an army only in your home or a province you control, not %(place)s"),
    N_("%(place)s is besieged: no army can be raised there"),
    N_("%(n)s mercenaries wanted, %(n2)s in garrison (hire them first)"),
    N_("you can build a fleet only where you control an arsenal, not in %(place)s"),
    N_("no arsenal in %(place)s: fleets are built only where an arsenal stands"),
    N_("%(place)s is not next to %(place2)s"),
    N_("%(place)s is besieged: its arsenal cannot build"),
    N_("army %(unit)s already has an engineer"),
    N_("army %(unit)s already has a priest"),
    N_("the government can only move to another province you control, not %(place)s"),
    N_("this spends %(n)s PO in all but the treasury holds %(n2)s PO"),
    N_("%(unit)s is an army: only fleets blockade"),
    N_("%(unit)s is exhausted (Exhausted %(level)s) and cannot move this turn"),
    N_("%(unit)s hold: an interception is tried when entering the band's zone"),
    N_("%(unit)s hold: 'control' goes with a move ('%(unit)s move <province> control')"),
    N_("%(unit)s hold: a siege goes on while the army stays; write '%(unit)s hold'"),
    N_("%(place)s has no fortress: there is nothing to besiege"),
    N_("%(unit)s has no engineer: only an army with an engineer can lay a siege"),
    N_("%(unit)s is aboard fleet %(unit2)s: order it to land ('%(unit)s land <province>')"),
    N_("%(place)s is not on the coast of %(place2)s, where fleet %(unit)s will be"),
    N_("%(unit)s is aboard fleet %(unit2)s: it cannot pillage or cut routes at sea"),
    N_("%(unit)s is not aboard a fleet: it can only land from one"),
    N_("%(unit)s cannot pillage or cut the routes of %(place)s: it is your own province"),
    N_("retreat %(place)s: it is not adjacent to %(place2)s"),
    N_("%(unit)s is an army: armies march on land; to cross %(place)s, embark on a fleet"),
    N_("%(place)s is not adjacent to %(place2)s: an army moves one province a turn"),
    N_("fleet %(unit)s is in %(place)s, not in a sea zone next to %(place2)s"),
    N_("fleet %(unit)s sails this turn: an army embarks on a fleet at anchor"),
    N_("fleet %(unit)s already carries an army: a fleet transports one army"),
    N_("you have no fleet %(unit)s to retreat onto"),
    N_("retreat %(unit)s: fleet %(unit)s will be in %(place)s, not in a sea zone next to %(place2)s"),
    N_("retreat %(unit)s: fleet %(unit)s is in %(place)s, not in a sea zone next to %(place2)s"),
    N_("%(unit)s cuts trade routes in garrison, not on the march"),
    N_("%(place)s is your own province: there is nothing to %(outcome)s there"),
    N_(
        "%(place)s is independent: a successful invasion takes control or pillages (4.1); "
        "a siege is laid against a player's fortress (4.2 b)"
    ),
    N_("%(place)s has no fortress: a victory there takes control of it (4.2), it cannot %(outcome)s"),
    N_(
        "%(place)s has a fortress: it is taken only by a siege, and %(unit)s has no engineer "
        "(a victory without one pillages the province, 4.2 a)"
    ),
    N_("retreat %(place)s: a repulsed army falls back only into a province you control (4.1)"),
    N_("there is no %(what)s in %(place)s to intercept"),
    N_("drive %(place)s: it goes with 'intercept' (where a panicking band is driven)"),
    N_("drive %(place)s: the %(what)s can only be driven to a zone next to %(place2)s"),
    N_("truce %(place)s: you have no army there and none goes there this turn"),
    N_("%(unit)s is a fleet: it can hold, move or blockade; armies embark and land"),
    N_("%(unit)s is a fleet: its options are 'engage' and 'intercept'"),
    N_("%(unit)s: an interception is tried when entering the pirates' sea zone"),
    N_("%(unit)s is a fleet: fleets sail between sea zones, %(place)s is land"),
    N_("%(place)s is not adjacent to %(place2)s: a fleet moves one sea zone a turn"),
    N_("%(place)s is not a port on %(place2)s"),
    N_("%(place)s is not an enemy port: a blockade is laid against another player"),
)

#: Every suggestion beside a problem.
SUGGESTIONS: tuple[str, ...] = (
    N_("did you mean %(name)s?"),
    N_("type more letters"),
    N_("armies pillage and cut routes; fleets engage"),
    N_("battles: %(listing)s"),
    N_("the sides are %(listing)s"),
    N_("your units: %(listing)s"),
    N_("your provinces: %(listing)s"),
    N_("your arsenals: %(listing)s"),
    N_("sea zones there: %(listing)s"),
    N_("your other provinces: %(listing)s"),
    N_("%(n)s PO are left for this purchase"),
    N_("'%(unit)s hold' keeps it in place"),
    N_("'%(unit)s move <province> intercept'"),
    N_("hire one first ('hire engineer %(unit)s'), it joins at the end of the turn"),
    N_("coasts of %(place)s: %(listing)s"),
    N_("'%(unit)s move <province>'"),
    N_("adjacent to %(place)s: %(listing)s"),
    N_("'%(unit)s embark F1' with a fleet in a sea zone next to %(place)s"),
    N_("sea zones next to %(place)s: %(listing)s"),
    N_("%(place)s has no coast: retreat to a province"),
    N_("next turn: '%(unit)s hold cut' in %(place)s"),
    N_("'%(unit)s %(verb)s %(place)s control' or '... pillage'"),
    N_("'%(unit)s %(verb)s %(place)s' (or pillage it in garrison next turn: '%(unit)s hold pillage')"),
    N_("'%(unit)s %(verb)s %(place)s pillage', or hire an engineer first"),
    N_("yours next to %(place)s: %(listing)s"),
    N_("next to %(place)s: %(listing)s"),
    N_("'%(unit)s move <sea zone> intercept'"),
    N_("ports on %(place)s: %(listing)s"),
)


def problem_message(message: str, lang: Language) -> str:
    return say_or_keep(PROBLEMS, message, lang)


def suggestion_text(suggestion: str, lang: Language) -> str:
    return say_or_keep(SUGGESTIONS, suggestion, lang) if suggestion else ""


# ----------------------------------------------------------------------------- events

#: Why a unit is destroyed, why it retreats.
WHYS: tuple[str, ...] = (
    N_("aboard %(who)s when it sank"),
    N_("exhausted army routed"),
    N_("lost the battle of %(place)s"),
    N_("no province or fleet to retreat to from %(place)s"),
    N_("exhausted army falls back"),
    N_("invasion repulsed"),
    N_("falls back after pillaging the fortress province"),
)

#: How a battle by dice ends.
ENDINGS: tuple[str, ...] = (
    N_("neither breaks after %(n)s rounds: a draw, both stay"),
    N_("%(who)s holds the field after %(n)s rounds"),
    N_("%(who)s breaks %(who2)s after %(n)s rounds"),
)

#: An invasion roll, and its modifiers.
ROLLS: tuple[str, ...] = (
    N_("d10 %(n)s, resistance %(n2)s+ (%(mods)s)"),
    N_("d10 %(n)s, resistance %(n2)s+"),
)
MODIFIERS: tuple[str, ...] = (N_("fortress +%(n)s"), N_("war priest -%(n)s"))

#: Why a purchase does not happen, and what is bought.
REFUSALS: tuple[str, ...] = (
    N_("%(place)s is no longer under its control"),
    N_("%(place)s is besieged"),
    N_("only %(n)s mercenaries are in garrison"),
    N_("no arsenal in %(place)s next to %(place2)s"),
    N_("army %(unit)s no longer exists"),
    N_("army %(unit)s already has one"),
    N_("it costs %(n)s PO and the treasury holds %(n2)s PO"),
)
BOUGHT: tuple[str, ...] = (
    N_("army %(unit)s (%(armylist)s) with %(n)s mercenary elements in %(place)s"),
    N_("army %(unit)s (%(armylist)s) in %(place)s"),
    N_("fleet %(unit)s in %(place)s (arsenal of %(place2)s)"),
    N_("%(n)s mercenary elements, in garrison in %(place)s"),
    N_("an engineer for army %(unit)s"),
    N_("a war priest for army %(unit)s"),
)

UNIT_NAMES: tuple[str, ...] = (N_("%(nation)s army %(unit)s"), N_("%(nation)s fleet %(unit)s"))

#: Every event the military phase, the table battles and the referee's adjustments write; the more
#: particular shapes first (a purchase refused has the widest).
EVENTS: tuple[str, ...] = (
    N_("%(who)s is destroyed (%(because)s)."),
    N_("%(who)s sails from %(place)s to %(place2)s, carrying %(who2)s."),
    N_("%(who)s sails from %(place)s to %(place2)s."),
    N_("%(who)s marches from %(place)s to %(place2)s."),
    N_("%(who)s cannot embark on %(unit)s: it stays."),
    N_("%(who)s embarks from %(place)s on %(who2)s in %(place2)s."),
    N_("%(who)s lands from %(place)s in %(place2)s."),
    N_("The siege of %(place)s is lifted: %(who)s leaves."),
    N_("%(who)s tries to intercept the brigand band in %(place)s (d6 %(n)s+%(n2)s): %(result)s."),
    N_("%(who)s tries to intercept the pirate ship in %(place)s (d6 %(n)s+%(n2)s): %(result)s."),
    N_("The brigand band in %(place)s is destroyed."),
    N_("The pirate ship in %(place)s is destroyed."),
    N_("The brigand band in %(place)s escapes to %(place2)s."),
    N_("The pirate ship in %(place)s escapes to %(place2)s."),
    N_("The brigand band in %(place)s panics and flees to %(place2)s."),
    N_("The pirate ship in %(place)s panics and flees to %(place2)s."),
    N_("%(place)s is contested: order of battles by d6 (%(scores)s)."),
    N_("%(who)s is exhausted and attacked by %(who2)s: reaction d6 %(n)s+%(n2)s -> %(reaction)s."),
    N_("%(who)s is exhausted and attacked in %(place)s: reaction d6 %(n)s+%(n2)s -> %(reaction)s."),
    N_(
        "Battle of %(place)s (%(key)s): %(who)s (%(n)s elements) and %(who2)s (%(n2)s), arrived together, "
        "meet; %(ending)s (losses %(n3)s-%(n4)s)."
    ),
    N_(
        "Battle of %(place)s (%(key)s): %(who)s (%(n)s elements) attacks %(who2)s (%(n2)s); %(ending)s "
        "(losses %(n3)s-%(n4)s)."
    ),
    N_("The war priest of %(who)s is spent in the battle."),
    N_("Battle of %(place)s fought on the table: %(nation)s wins."),
    N_("%(who)s retreats from %(place)s to %(place2)s%(marker)s (%(because)s)."),
    N_("%(who)s retreats from %(place)s aboard %(who2)s%(marker)s (%(because)s)."),
    N_("%(who)s invades independent %(place)s: %(roll)s: success; it pillages the province for %(n)s PO."),
    N_("%(who)s invades independent %(place)s: %(roll)s: success; %(nation)s takes control."),
    N_("%(who)s invades independent %(place)s: %(roll)s: repulsed."),
    N_("%(who)s meets no army in %(nation)s's %(place)s: %(roll)s: the province cannot resist."),
    N_("%(who)s meets no army in %(nation)s's %(place)s: %(roll)s: repulsed."),
    N_("%(who)s wins %(place)s: %(nation)s takes it from %(nation2)s."),
    N_("%(who)s takes undefended %(place)s: %(nation)s takes it from %(nation2)s."),
    N_("%(who)s lays siege to the fortress of %(place)s."),
    N_(
        "%(who)s cannot take the fortress of %(place)s: it pillages the province for %(n)s PO "
        "(half the demographic factor %(n2)s)."
    ),
    N_("%(nation)s loses %(place)s: its government moves to %(place2)s."),
    N_("%(nation)s is eliminated: it lost %(place)s, its home province, and controls no other."),
    N_("Siege of %(place)s: d10 %(n)s <= %(n2)s turns of siege: the city falls to %(nation)s."),
    N_("Siege of %(place)s: d10 %(n)s > %(n2)s turns of siege: the city holds."),
    N_("%(who)s in garrison pillages %(place)s for %(n)s PO (half its market)."),
    N_("%(who)s cuts the trade routes of %(place)s."),
    N_("%(who)s blockades %(place)s from %(place2)s: d6 %(n)s, no effect."),
    N_("%(who)s blockades %(place)s from %(place2)s: d6 %(n)s, its trade routes are cut."),
    N_(
        "%(who)s blockades %(place)s from %(place2)s: d6 %(n)s, no market taxes this turn and its "
        "trade routes are cut."
    ),
    N_("%(who)s is no longer exhausted."),
    N_("%(nation)s collects %(n)s PO of local markets (treasury %(n2)s PO)."),
    N_("%(nation)s buys %(bought)s for %(n)s PO."),
    N_("%(n)s %(kind)s battle(s) to fight at the table: the referee is asked for the results."),
    N_("No table result for the battle of %(place)s: the built-in dice decide."),
    N_("Referee's note: %(note)s"),
    N_("%(nation)s's treasury is corrected from %(n)s PO to %(n2)s PO."),
    N_("%(nation)s receives %(n)s PO of income (treasury %(n2)s PO)."),
    N_("%(nation)s pays %(n)s PO of upkeep (treasury %(n2)s PO)."),
    N_("A band of brigands appears in %(place)s."),
    N_("Pirates appear in %(place)s."),
    N_("An arsenal is built in %(place)s by %(nation)s."),
    N_("An arsenal is built in %(place)s."),
    N_("%(nation)s disbands %(unit)s."),
    N_("%(nation)s cannot %(order)s: %(refusal)s."),
)

#: The words of an interception's result and of an exhausted army's reaction.
OUTCOME_WORDS: Mapping[str, str] = {
    "destroyed": N_("mare-nostrum: destroyed"),
    "flees": N_("mare-nostrum: flees"),
    "escapes": N_("mare-nostrum: escapes"),
    "retreat": N_("mare-nostrum: retreat"),
    "fight": N_("mare-nostrum: fight"),
}


def _outcome_word(value: str, lang: Language) -> str:
    known = OUTCOME_WORDS.get(value)
    return lang.gettext(known) if known else value


def _marker(value: str, lang: Language) -> str:
    if not value:
        return ""
    return lang._(" with an Exhausted %(level)s marker", level=value.split()[-2])


def _unit_name(value: str, lang: Language) -> str:
    return say_or_keep(UNIT_NAMES, value, lang)


def _modifiers(value: str, lang: Language) -> str:
    return ", ".join(say_or_keep(MODIFIERS, m, lang) for m in value.split(", "))


def _roll(value: str, lang: Language) -> str:
    return say(ROLLS, value, lang, {"mods": _modifiers}) or value


def _nested(table: tuple[str, ...]) -> Convert:
    def said(value: str, lang: Language) -> str:
        return say(table, value, lang, EVENT_CONVERT) or value

    return said


#: How the values of an event are said, beside :data:`CONVERT`.
EVENT_CONVERT: dict[str, Convert] = {
    "who": _unit_name,
    "because": _nested(WHYS),
    "ending": _nested(ENDINGS),
    "refusal": _nested(REFUSALS),
    "bought": _nested(BOUGHT),
    "roll": _roll,
    "result": _outcome_word,
    "reaction": _outcome_word,
    "marker": _marker,
    "order": order_words_in,
}


def event_text(text: str, lang: Language) -> str:
    """An event's English text said in ``lang`` (as it is when no shape matches)."""
    said = say(EVENTS, text, lang, EVENT_CONVERT)
    if said is None:
        return text
    return said[:1].upper() + said[1:]
