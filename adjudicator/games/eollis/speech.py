"""What Eollis says to a reader in the reader's language: the turn's label, a request's prompt, the
end of the game and the problems of an answer.

The record keeps these texts in English, as the rules wrote them; a reader in another language is
shown them said again in its words. A text is recognised by its shape (a table of regular
expressions, each beside the message that says it in the catalogue); the names, numbers and
cards it holds are kept, its order words are the glossary's. A text of no known shape is shown as
the record holds it, never an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from adjudicator.games.base import HELP_HINT
from adjudicator.games.eollis.glossary import GLOSSARY
from adjudicator.games.eollis.legality import POWER_HINT
from adjudicator.games.eollis.orders import EXAMPLES, VERB_TERMS, _one_line
from adjudicator.games.eollis.words import order_words, power_text, word
from adjudicator.games.language import N_, Language, Shape, say

#: The prompt of each kind of request, as the record holds it.
PROMPTS = {
    "muster": N_(
        "Action cards to discard and pirates to release, before the Action draw and the recruitment."
    ),
    "election": N_(
        "Your pick among the face-up pirates (recruit <name>, <name>, <skill>), your candidate "
        "for Capitaine and one card; your boarding wishes (posts ..., order ...)."
    ),
    "lookout": N_("You are the Vigie: reveal the Event you drew, or refuse it."),
    "test": N_("Which pirate tries the Event, cards and powers for your roll, help or hinder other clans."),
    "decision": N_(
        "Capitaine: continue or return (and swap once). Others: mutiny if ... with <pirate>, or pass."
    ),
    "tavern": N_("Action cards to discard before drawing back to 3."),
    "brawl": N_("Up to two Bagarre cards: brawl <card> on <clan> (first line round 1, second line round 2)."),
}

#: What each kind of request is, in a turn's label ("Expedition 2, ...").
LABELS = {
    "muster": N_("Action draw and recruitment"),
    "election": N_("recruitment, election of the Capitaine and boarding"),
    "lookout": N_("the Vigie's draw"),
    "test": N_("Event"),
    "decision": N_("the Capitaine's decision"),
    "tavern": N_("Taverne: Action draw"),
    "brawl": N_("Taverne: brawls"),
}

#: A request's kind as a problem names it.
KINDS = {
    "muster": N_("muster"),
    "election": N_("election"),
    "lookout": N_("the Vigie's draw"),
    "test": N_("Event's tests"),
    "decision": N_("the Capitaine's decision"),
    "tavern": N_("Taverne"),
    "brawl": N_("brawls"),
}

#: The notes of the examples (``EXAMPLES``), said after the example in parentheses.
NOTES = (
    N_("face-up pirates by name, then a skill: navigation, combat, bagou or total"),
    N_("or: gift next, the next clan clockwise"),
    N_("or: repair roll always, repair roll never"),
    N_("or: side mutineer"),
    N_("if continue, if return or always"),
    N_("or: lookout reveal, lookout ask"),
    N_("or: plan ask"),
    N_("optionally: pirate le borgne, with bravoure"),
)

#: Where a pirate named by an order was looked for.
WHERE = (
    N_("in the game"),
    N_("in your clan"),
    N_("of yours aboard (not in the hold)"),
    N_("of a rival clan aboard"),
    N_("on the ship (the Capitaine cannot be swapped)"),
    N_("of yours to lead the mutiny"),
)


def verb_word(verb: str, lang: Language) -> str:
    """An order verb (``discard``, ``repair-roll``, ``no``) in ``lang``'s words."""
    verb = "no-mutiny" if verb == "no" else verb
    return word(VERB_TERMS[verb], lang, 2 if verb == "posts" else 1) if verb in VERB_TERMS else verb


def example_text(text: str, lang: Language) -> str:
    """An example of ``EXAMPLES`` (an order line, maybe a note in parentheses) in ``lang``."""
    head, _, note = text.partition("  (")
    words = head.split(None, 1)
    order = _one_line(words[0].lower(), words[1] if len(words) > 1 else "") if words else None
    said = order_words(order, lang) if isinstance(order, dict) else head
    note = note.removesuffix(")")
    return f"{said} ({lang.gettext(note)})" if note else said


def _gettext(text: str, lang: Language) -> str:
    return lang.gettext(text)


def _verbs(text: str, lang: Language) -> str:
    return ", ".join(verb_word(v, lang) for v in text.split(", "))


def _kind(text: str, lang: Language) -> str:
    return lang.gettext(KINDS[text]) if text in KINDS else text


def _post(text: str, lang: Language) -> str:
    return GLOSSARY.word(text, lang) if text in set(GLOSSARY.keys()) else text


def _posts(text: str, lang: Language) -> str:
    """The posts an order line may name (``pretre, alti-maitre, marin-1``) in ``lang``'s words, as
    an order line writes them (``prêtre, alti-maître, marin-1``)."""
    out = []
    for slug in text.split(", "):
        base, dash, number = slug.rpartition("-") if slug[-1:].isdigit() else (slug, "", "")
        said = word(base, lang) if base in set(GLOSSARY.keys()) else base
        out.append(f"{said}{dash}{number}")
    return ", ".join(out)


#: How a part of a text is said in ``lang``, by the name of its group in the patterns.
CONVERT: dict[str, Callable[[str, Language], str]] = {
    "verb": verb_word,
    "verbs": _verbs,
    "example": example_text,
    "kind": _kind,
    "where": _gettext,
    "post": _post,
    "posts": _posts,
    "what": _gettext,
    "power": power_text,
}

#: A text's shape: its pattern (groups named as the message's values) and its message.
Pattern = Shape


def _p(pattern: str, message: str) -> Pattern:
    return Shape.written(pattern, message)


#: The problems of the parser and the checker, by shape.
PROBLEMS: tuple[Pattern, ...] = (
    _p(r"orders must be text", N_("orders must be text")),
    _p(
        r"more than (?P<n>\d+) lines; only the first are read",
        N_("more than %(n)s lines; only the first are read"),
    ),
    _p(r"line longer than (?P<n>\d+) characters", N_("line longer than %(n)s characters")),
    _p(
        r"'(?P<verb>[^']*)' is not an answer to this request \((?P<kind>[^)]*)\)",
        N_("'%(verb)s' is not an answer to this request (%(kind)s)"),
    ),
    _p(r"unknown order (?P<word>.+)", N_("unknown order %(word)s")),
    _p(r"(?P<verb>\S+) takes nothing after it", N_("%(verb)s takes nothing after it")),
    _p(r"(?P<verb>\S+) needs a name", N_("%(verb)s needs a name")),
    _p(
        r"recruit needs face-up pirates' names, or a skill: (?P<skills>.+)",
        N_("recruit needs face-up pirates' names, or a skill: %(skills)s"),
    ),
    _p(
        r"the skill comes last, after the names: (?P<example>.+)",
        N_("the skill comes last, after the names: %(example)s"),
    ),
    _p(
        r"unknown post (?P<name>.+); posts are (?P<posts>.+)",
        N_("unknown post %(name)s; posts are %(posts)s"),
    ),
    _p(r"posts needs at least one post", N_("posts needs at least one post")),
    _p(r"(?P<verb>\S+) needs pirate names", N_("%(verb)s needs pirate names")),
    _p(r"gift needs a clan \(or next\)", N_("gift needs a clan (or next)")),
    _p(r"write: side captain, or side mutineer", N_("write: side captain, or side mutineer")),
    _p(r"write: (?P<example>.+)", N_("write: %(example)s")),
    _p(r"swap needs two different pirates", N_("swap needs two different pirates")),
    _p(r"(?P<name>.+) cannot be played this way", N_("%(name)s cannot be played this way")),
    _p(r"no card (?P<name>.+) left in your hand", N_("no card %(name)s left in your hand")),
    _p(r"no pirate (?P<name>'[^']*'|\"[^\"]*\") (?P<where>.+)", N_("no pirate %(name)s %(where)s")),
    _p(r"no clan (?P<name>.+)", N_("no clan %(name)s")),
    _p(r"name another clan, not your own", N_("name another clan, not your own")),
    _p(
        r"the Bosco gives the card to another clan, which pays him 1 gold",
        N_("the Bosco gives the card to another clan, which pays him 1 gold"),
    ),
    _p(
        r"(?P<name>.+) has already used its power this Expedition",
        N_("%(name)s has already used its power this Expedition"),
    ),
    _p(r"a pirate in the hold cannot use its power", N_("a pirate in the hold cannot use its power")),
    _p(
        r"(?P<name>.+)'s power \((?P<power>[^)]*)\) is not used here",
        N_("%(name)s's power (%(power)s) is not used here"),
    ),
    _p(
        r"only the (?P<post>\S+) \(or its stand-in\) tests this special Event: its pirate is fixed",
        N_("only the %(post)s (or its stand-in) tests this special Event: its pirate is fixed"),
    ),
    _p(r"one card at most on (?P<name>.+)'s roll", N_("one card at most on %(name)s's roll")),
    _p(
        r"only the Capitaine's clan answers '(?P<verb>[^']*)'",
        N_("only the Capitaine's clan answers '%(verb)s'"),
    ),
    _p(
        r"the Capitaine has already swapped two pirates this Expedition",
        N_("the Capitaine has already swapped two pirates this Expedition"),
    ),
    _p(r"the Capitaine's clan cannot mutiny", N_("the Capitaine's clan cannot mutiny")),
    _p(
        r"one card at most for your own roll \(or, in the election, one card in all\)",
        N_("one card at most for your own roll (or, in the election, one card in all)"),
    ),
    _p(
        r"both continue and return: the last line would count",
        N_("both continue and return: the last line would count"),
    ),
    _p(
        r"two brawl lines at most \(the brawl lasts 2 rounds\)",
        N_("two brawl lines at most (the brawl lasts 2 rounds)"),
    ),
    _p(r"(?P<key>\S+) is not asked now", N_("%(key)s is not asked now")),
)

#: The suggestions beside a problem, by shape (an example of ``EXAMPLES`` is said as an order).
SUGGESTIONS: tuple[Pattern, ...] = (
    _p(r"accepted: (?P<verbs>.+)", N_("accepted: %(verbs)s")),
    _p(r"did you mean (?P<name>.+)\?", N_("did you mean %(name)s?")),
    _p(r"one of: (?P<names>.+)", N_("one of: %(names)s")),
    _p(r"answer: (?P<keys>.+)", N_("answer: %(keys)s")),
)

#: The outcomes' reasons, by shape.
REASONS: tuple[Pattern, ...] = (
    _p(
        r"most fame \((?P<fame>\d+)\) after three Expeditions",
        N_("most fame (%(fame)s) after three Expeditions"),
    ),
    _p(
        r"fame (?P<fame>\d+), tie broken by the most living pirates \((?P<living>\d+)\)",
        N_("fame %(fame)s, tie broken by the most living pirates (%(living)s)"),
    ),
    _p(
        r"fame (?P<fame>\d+) and (?P<living>\d+) living pirates, tie broken by a duel of Bagou",
        N_("fame %(fame)s and %(living)s living pirates, tie broken by a duel of Bagou"),
    ),
)

_LABEL = re.compile(r"Expedition (?P<n>\d+), (?P<what>.+?)(?: (?P<k>\d+): (?P<name>.+))?", re.DOTALL)


def said(
    text: str,
    patterns: tuple[Pattern, ...],
    lang: Language,
    convert: dict[str, Callable[[str, Language], str]] | None = None,
) -> str | None:
    """``text`` in ``lang`` by the first pattern of its shape, or ``None`` when none has it; each
    named part is said by ``convert`` (default :data:`CONVERT`) when it names a way, else kept."""
    return say(patterns, text, lang, CONVERT if convert is None else convert)


def problem_words(message: str, lang: Language) -> str | None:
    """A problem's message in ``lang``, or ``None`` when its shape is not known."""
    if lang.code == "en":
        return message
    return said(message, PROBLEMS, lang)


def suggestion_words(suggestion: str, lang: Language) -> str | None:
    """A problem's suggestion in ``lang``, or ``None`` when its shape is not known."""
    if lang.code == "en" or not suggestion:
        return suggestion
    if suggestion in (HELP_HINT, POWER_HINT):
        return lang.gettext(suggestion)
    if suggestion in EXAMPLES.values() or suggestion == "gift next":
        return example_text(suggestion, lang)
    return said(suggestion, SUGGESTIONS, lang)


def label_words(label: str, lang: Language) -> str:
    """A turn's label in ``lang`` (a label of no known shape as it is)."""
    if lang.code == "en":
        return label
    if label == "Game over":
        return lang.gettext(N_("Game over"))
    match = _LABEL.fullmatch(label)
    if match is None or match["what"] not in LABELS.values():
        return label
    if match["k"] is not None:
        return lang._(
            "Expedition %(n)s, Event %(k)s: %(name)s", n=match["n"], k=match["k"], name=match["name"]
        )
    return lang._("Expedition %(n)s, %(what)s", n=match["n"], what=lang.gettext(match["what"]))


def prompt_words(prompt: str, lang: Language) -> str:
    """A request's prompt in ``lang`` (a prompt of no known shape as it is)."""
    return lang.gettext(prompt) if prompt in PROMPTS.values() else prompt


def reason_words(reason: str, lang: Language) -> str:
    """The reason a game ended, in ``lang``."""
    return said(reason, REASONS, lang) or reason if lang.code != "en" else reason
