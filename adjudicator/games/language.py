"""The reader's language: message catalogues, plural forms, dates and numbers by locale, glossaries.

Every text the referee sends is written in English in the code and templates, marked for
translation, and looked up in a Babel message catalogue of the reader's language when the text is
made. The record, the receipts and the hashes never hold a translated text: two seats of one game in
two languages see the same events, each in its own words.

Catalogues are gettext ``.po`` files under ``adjudicator/locale/<code>/LC_MESSAGES/``; every file
of a language's folder is read (one per part of the project, so that parts can be translated apart)
and merged. They are read once per process, as package data; nothing here touches the clock, the
network or any global state, so the rules may use it.

A message is formatted with ``%(name)s`` placeholders, as Jinja2's i18n extension formats them, so
one catalogue serves the templates and the code:

>>> fr = language("fr")
>>> fr._("draw (%(reason)s)", reason="...")
'partie nulle (...)'
>>> english = language("en")
>>> english.n_("%(num)d order owed", "%(num)d orders owed", 2)
'2 orders owed'

A glossary names a game's things in each language as its rule book writes them; the reports read
it to name things and the order parsers read it to accept the words of either language:

>>> g = Glossary((Term("legion", en="legion", fr="légion", en_plural="legions", fr_plural="légions"),))
>>> g.word("legion", fr, 2)
'légions'
>>> g.key("Légions")
'legion'
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_date, format_datetime
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

#: Where the catalogues live: ``<code>/LC_MESSAGES/*.po``.
LOCALE = Path(__file__).resolve().parent.parent / "locale"

#: The language the code and templates are written in.
SOURCE = "en"

#: The languages a reader may choose; each but English has a complete catalogue (a test checks).
SUPPORTED: tuple[str, ...] = ("en", "fr")

#: The language's own name, as a reader would recognise it in a list.
NAMES: Mapping[str, str] = {"en": "English", "fr": "français"}


class LanguageError(ValueError):
    """A language code the referee does not speak; the message lists those it does."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (a table's text, translated later).

    >>> N_("no orders")
    'no orders'
    """
    return message


def parse_language(text: str) -> str:
    """The supported language code ``text`` names (``fr``, ``FR``, ``fr_FR``, ``français``).

    >>> parse_language(" FR ")
    'fr'
    >>> parse_language("fr-CA")
    'fr'
    >>> parse_language("klingon")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    adjudicator.games.language.LanguageError: unknown language 'klingon': the referee writes en ...
    """
    word = text.strip()
    folded = fold(word)
    for code, name in NAMES.items():
        if folded in (code, fold(name)):
            return code
    head = folded.replace("-", "_").split("_", 1)[0]
    if head in SUPPORTED and len(folded) <= 10:
        return head
    known = ", ".join(f"{code} ({NAMES[code]})" for code in SUPPORTED)
    shown = word if len(word) <= 40 and word.isprintable() else word[:40].encode("ascii", "replace").decode()
    raise LanguageError(f"unknown language {shown!r}: the referee writes {known}")


def fold(word: str) -> str:
    """``word`` lower-cased without accents, the form the parsers compare words in.

    >>> fold("Trirème")
    'trireme'
    """
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _catalogue(code: str) -> Catalog:
    """Every ``.po`` file of ``code``'s folder merged into one catalogue (sorted by file name)."""
    merged = Catalog(locale=code)
    folder = LOCALE / code / "LC_MESSAGES"
    for path in sorted(folder.glob("*.po")) if folder.is_dir() else ():
        with path.open("rb") as handle:
            part = read_po(handle, locale=code)
        # the files' own plural rule (their Plural-Forms header), not CLDR's: French has two forms
        merged._num_plurals, merged._plural_expr = part.num_plurals, part.plural_expr
        for message in part:
            if message.id and message.string and not message.fuzzy:
                merged[message.id] = message
    return merged


@dataclass(frozen=True)
class Language:
    """A reader's language: its catalogue's translations and its locale's formats."""

    code: str
    translations: NullTranslations = field(repr=False, compare=False)

    @property
    def locale(self) -> Locale:
        return Locale.parse(self.code)

    @property
    def name(self) -> str:
        return NAMES.get(self.code, self.code)

    def gettext(self, message: str) -> str:
        """``message`` in this language, unformatted (Jinja's ``gettext`` and ``N_`` tables)."""
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural of a message by this language's plural rule, unformatted."""
        return self.translations.ngettext(singular, plural, n)

    def _(self, message: str, /, **params: Any) -> str:
        """``message`` translated, then formatted with ``params`` (``%(name)s`` placeholders)."""
        text = self.translations.gettext(message)
        return text % params if params else text

    def n_(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """The plural form for ``n`` translated and formatted; ``%(num)d`` is ``n``."""
        return self.translations.ngettext(singular, plural, n) % {"num": n, **params}

    def number(self, value: float) -> str:
        """``value`` written as this locale writes numbers (``1 234,5`` in French)."""
        return format_decimal(value, locale=self.locale)

    def when(self, value: datetime | None, tz: str = "UTC") -> str:
        """A moment written as this locale writes it, in ``tz`` (the reader's time zone)."""
        if value is None:
            return "-"
        from zoneinfo import ZoneInfo

        return format_datetime(value, "medium", tzinfo=ZoneInfo(tz), locale=self.locale)

    def day(self, value: date) -> str:
        """A date written as this locale writes it."""
        return format_date(value, "long", locale=self.locale)


@cache
def language(code: str = SOURCE) -> Language:
    """The :class:`Language` of a supported code (English without a catalogue: the source text)."""
    code = parse_language(code)
    if code == SOURCE:
        return Language(code, NullTranslations())
    buffer = io.BytesIO()
    write_mo(buffer, _catalogue(code))
    buffer.seek(0)
    return Language(code, Translations(buffer))


#: The source language, the default wherever no reader's language is known.
ENGLISH = language(SOURCE)


@dataclass(frozen=True)
class Term:
    """One thing of a game, named in each language as its rule book names it.

    ``key`` is the language-neutral name the code uses; ``en``/``fr`` the singular, ``*_plural`` the
    plural (the singular plus ``s`` when empty); ``*_words`` further words the order parser accepts
    for it in that language (abbreviations, the book's other spellings).
    """

    key: str
    en: str
    fr: str
    en_plural: str = ""
    fr_plural: str = ""
    en_words: tuple[str, ...] = ()
    fr_words: tuple[str, ...] = ()

    def name(self, code: str, n: int = 1) -> str:
        singular = self.fr if code == "fr" else self.en
        if n == 1 or (code == "fr" and n == 0):  # French reads 0 as singular (0 légion)
            return singular
        plural = self.fr_plural if code == "fr" else self.en_plural
        return plural or singular + "s"

    def words(self) -> tuple[str, ...]:
        """Every word that names this term in any language, as written."""
        named = (self.en, self.fr, self.name("en", 2), self.name("fr", 2), *self.en_words, *self.fr_words)
        return tuple(w for w in named if w)


@dataclass(frozen=True)
class Glossary:
    """A game's terms; the reports name things from it and the order parsers read it."""

    terms: tuple[Term, ...]

    def __post_init__(self) -> None:
        seen: dict[str, str] = {}
        for term in self.terms:
            for word in term.words():
                owner = seen.setdefault(fold(word), term.key)
                if owner != term.key:
                    raise ValueError(f"glossary word {word!r} names both {owner!r} and {term.key!r}")

    def term(self, key: str) -> Term:
        for term in self.terms:
            if term.key == key:
                return term
        raise KeyError(key)

    def word(self, key: str, lang: Language, n: int = 1) -> str:
        """The name of ``key`` in ``lang``, singular or plural by ``n``."""
        return self.term(key).name(lang.code, n)

    def key(self, word: str) -> str | None:
        """The term a word of either language names (accents and case ignored), or ``None``."""
        return self.index().get(fold(word))

    @cache  # noqa: B019 - a glossary is a frozen module-level table: the cache lives as long as it
    def index(self) -> Mapping[str, str]:
        return {fold(w): t.key for t in self.terms for w in t.words()}

    def keys(self) -> Iterable[str]:
        return (t.key for t in self.terms)


#: A glossary with no terms: a game that has not written its own.
NO_GLOSSARY = Glossary(())
