"""The order language of Eollis said in a reader's language: the order forms a mail prints and the
canonical orders an acknowledgement echoes.

The record keeps the canonical (English) text; a French reader is shown the same orders in the
glossary's French words, which the parser reads back to the very same canonical text.
"""

from __future__ import annotations

import re
from typing import Any

from adjudicator.games.base import OrderForm
from adjudicator.games.eollis.cards import POST_NAMES
from adjudicator.games.eollis.glossary import GLOSSARY
from adjudicator.games.eollis.orders import ORDER_FORMS, _one_line, order_text, parse
from adjudicator.games.language import N_, Language

#: Each form of :data:`~adjudicator.games.eollis.orders.ORDER_FORMS`, in the same order, as
#: (syntax, example) templates: ``{key}`` is the glossary's word for ``key`` in the reader's language
#: (``{key:2}`` its plural), the rest (names as printed, ``<n>``, ``|``, ``[...]``) is kept.
TEMPLATES: tuple[tuple[str, str], ...] = (
    ("{pass}", "{pass}"),
    ("{discard} <{card}>", "{discard} coup de chance"),
    ("{release} <{pirate}> | {keep} {all}", "{release} barbe-grise"),
    ("{candidate} <{pirate}>", "{candidate} touré l'éventreuse"),
    ("{play} <{card}>", "{play} bravoure"),
    ("{hinder} <{clan}> {with} <{card}>", "{hinder} rouge {with} croc-en-jambe"),
    ("{help} <{clan}> {with} <{card}>", "{help} bleu {with} coup de chance"),
    ("{power} <{pirate}>", "{power} mirelle la rousse"),
    ("{test} <{pirate}>", "{test} barbe-grise"),
    ("{repair} {with} <{card}>", "{repair} {with} rustine"),
    ("{accident} <{pirate}> {with} <{card}>", "{accident} gros nestor {with} accident"),
    ("{reveal} | {refuse}", "{reveal}"),
    ("{continue} | {return}", "{continue}"),
    ("{swap} <{pirate}> {and} <{pirate}>", "{swap} barbe-grise {and} le borgne"),
    (
        "{brawl} <{card}> {on} <{clan}> [{pirate} <{pirate}>] [{with} <{card}>]",
        "{brawl} vol a la tire {on} rouge",
    ),
    (
        "{recruit} [<{pirate}>, ...,] {navigation}|{combat}|{bagou}|{total}",
        "{recruit} le borgne, barbe-grise, {combat}",
    ),
    ("{post:2} <{post}>, <{post}>, ...", "{post:2} second, vigie, marin"),
    ("{order} <{pirate}>, <{pirate}>, ...", "{order} barbe-grise, le borgne"),
    ("{gift} <{clan}> | {gift} {next}", "{gift} bleu"),
    (
        "{repair-roll} {up-to-cell} <n> | {repair-roll} {always} | {repair-roll} {never}",
        "{repair-roll} {up-to-cell} 6",
    ),
    ("{sacrifice} <{pirate}>, ...", "{sacrifice} le borgne"),
    ("{condemn} <{pirate}>, ...", "{condemn} le borgne"),
    ("{side} {capitaine} | {mutineer}", "{side} {capitaine}"),
    ("{vigie} {reveal} | {refuse} {above} <n> | {ask}", "{vigie} {refuse} {above} 9"),
    (
        "{plan} {return} {at-balloon} <n> {or-after} <n> {event:2} | {plan} {ask}",
        "{plan} {return} {at-balloon} 6 {or-after} 4 {event:2}",
    ),
    (
        "{mutiny} {if} {continue}|{return}|{always} {with} <{pirate}> | {no-mutiny}",
        "{mutiny} {if} {continue} {with} gros nestor",
    ),
)
assert len(TEMPLATES) == len(ORDER_FORMS)

_KEY = re.compile(r"\{([a-z-]+)(?::(\d))?\}")


def word(key: str, lang: Language, n: int = 1) -> str:
    """The glossary's word for ``key`` as an order line writes it (lower case, accents kept)."""
    return GLOSSARY.word(key, lang, n).lower()


_POST_OF_NAME = {name: post for post, name in POST_NAMES.items()}


def post_name(name: str, lang: Language) -> str:
    """A post as the board names it (``Marin 1``, ``Pretre``) in ``lang``'s words."""
    post = _POST_OF_NAME.get(name)
    if post is None:
        return name
    base, _, number = post.rpartition("-") if post[-1].isdigit() else (post, "", "")
    return GLOSSARY.word(base, lang) + (f" {number}" if number else "")


#: A pirate's power (its effect in the card data, ``test-bonus:2``) said to a reader: ``%(n)s`` is
#: the effect's number. The English reader reads the data's own word, as the order page names it.
POWER_WORDS: dict[str, str] = {
    "test-bonus": N_("+%(n)s on its own tests"),
    "reroll": N_("a reroll of a failed test"),
    "election-bonus": N_("+%(n)s in the election"),
    "survive": N_("escapes death once"),
    "gold": N_("+%(n)s gold"),
    "brawl-bonus": N_("+%(n)s in the brawl"),
}


def power_text(effect: str, lang: Language) -> str:
    """A pirate's power ``effect`` (``test-bonus:2``) as ``lang`` says it; English and an effect the
    table does not know keep the data's word."""
    name, _, value = effect.partition(":")
    if lang.code == "en" or name not in POWER_WORDS:
        return effect
    message = POWER_WORDS[name]
    return lang._(message, n=value) if "%(n)s" in message else lang.gettext(message)


def fill(template: str, lang: Language) -> str:
    """A template of :data:`TEMPLATES` in ``lang``'s words."""
    return _KEY.sub(lambda m: word(m[1], lang, int(m[2] or 1)), template)


def order_forms(forms: tuple[OrderForm, ...], lang: Language) -> tuple[OrderForm, ...]:
    """``forms`` (some of :data:`ORDER_FORMS`) with their syntax, meaning and example in ``lang``."""
    if lang.code == "en":
        return forms
    out = []
    for form in forms:
        syntax, example = TEMPLATES[ORDER_FORMS.index(form)]
        out.append(OrderForm(fill(syntax, lang), lang.gettext(form.meaning), fill(example, lang), form.kinds))
    return tuple(out)


def order_words(order: dict[str, Any], lang: Language) -> str:
    """One order in ``lang``'s words (English: its canonical text)."""
    if lang.code == "en":
        return order_text(order)
    verb = order["verb"]

    def w(key: str, n: int = 1) -> str:
        return word(key, lang, n)

    if verb in ("pass", "reveal", "refuse", "continue", "return", "no-mutiny"):
        return w(verb)
    if verb == "keep":
        return f"{w('keep')} {w('all')}"
    if verb in ("discard", "release", "candidate", "play", "power", "test"):
        return f"{w(verb)} {order['name']}"
    if verb == "recruit":
        names = [*order.get("names", []), *([w(order["by"])] if order.get("by") else [])]
        return f"{w('recruit')} " + ", ".join(names)
    if verb == "posts":
        return f"{w('post', 2)} " + ", ".join(order["posts"])
    if verb in ("order", "sacrifice", "condemn"):
        return f"{w(verb)} " + ", ".join(order["names"])
    if verb == "gift":
        seat = order["seat"]
        return f"{w('gift')} {w(seat) if seat in ('next', 'self') else seat}"
    if verb == "side":
        return f"{w('side')} {w('capitaine' if order['side'] == 'captain' else 'mutineer')}"
    if verb in ("help", "hinder"):
        return f"{w(verb)} {order['seat']} {w('with')} {order['card']}"
    if verb == "repair-roll":
        upto = order["upto"]
        how = w("always") if upto >= 8 else w("never") if upto < 0 else f"{w('up-to-cell')} {upto}"
        return f"{w('repair-roll')} {how}"
    if verb == "repair":
        return f"{w('repair')} {w('with')} {order['card']}"
    if verb == "accident":
        return f"{w('accident')} {order['pirate']} {w('with')} {order['card']}"
    if verb == "swap":
        return f"{w('swap')} {order['a']} {w('and')} {order['b']}"
    if verb == "mutiny":
        return f"{w('mutiny')} {w('if')} {w(order['when'])} {w('with')} {order['leader']}"
    if verb == "lookout":
        if order["mode"] == "refuse":
            return f"{w('vigie')} {w('refuse')} {w('above')} {order['above']}"
        return f"{w('vigie')} {w(order['mode'])}"
    if verb == "plan":
        if not order["balloon"]:
            return f"{w('plan')} {w('ask')}"
        return (
            f"{w('plan')} {w('return')} {w('at-balloon')} {order['balloon']} {w('or-after')} "
            f"{order['events']} {w('event', 2)}"
        )
    if verb == "brawl":
        seat = w("self") if order["seat"] == "self" else order["seat"]
        text = f"{w('brawl')} {order['card']} {w('on')} {seat}"
        if order.get("pirate"):
            text += f" {w('pirate')} {order['pirate']}"
        if order.get("with"):
            text += f" {w('with')} {order['with']}"
        return text
    return order_text(order)


def _canonical_order(line: str) -> dict[str, Any] | None:
    words = line.split(None, 1)
    result = _one_line(words[0].lower(), words[1].strip() if len(words) > 1 else "") if words else None
    return result if isinstance(result, dict) else None


def canonical_text(kind: str, canonical: str, lang: Language) -> str:
    """A canonical order text of a ``kind`` request with ``lang``'s words, line for line; a line whose
    words would not read back as the same order (a clan named like a small word of the language)
    stays canonical."""
    if lang.code == "en":
        return canonical
    out = []
    for line in canonical.split("\n"):
        order = _canonical_order(line) if line.strip() else None
        said = order_words(order, lang) if order is not None else line
        back = parse(kind, said) if order is not None else None
        out.append(said if back is not None and back.ok and back.lines == [(1, line)] else line)
    return "\n".join(out)
