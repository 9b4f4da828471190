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
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

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


#: Plural rules written as gettext tools expect them, where CLDR's differ (CLDR gives French a third
#: form for millions, which no translator of these mails needs): the catalogues' ``Plural-Forms``.
PLURALS: Mapping[str, tuple[int, str]] = {"fr": (2, "(n > 1)")}


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
    if code in PLURALS:
        merged._num_plurals, merged._plural_expr = PLURALS[code]  # as the files' Plural-Forms say
    folder = LOCALE / code / "LC_MESSAGES"
    for path in sorted(folder.glob("*.po")) if folder.is_dir() else ():
        with path.open("rb") as handle:
            part = read_po(handle, locale=code)
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


# ----------------------------------------------------------------------------- shapes of a message
#
# The record keeps every text in English; a reader of another language gets a text said again from
# its shape. The message the rules wrote it by (``%(name)s`` where a value goes) is read back as a
# pattern, its values are taken out of the English text, converted where they are words of the game,
# and the catalogue's translation of the same message is filled with them. A text no message of a
# table fits is kept in English: a reader never gets an error instead of a text.

#: How one value read from an English text is said in the reader's language.
Convert = Callable[[str, Language], str]

#: How a value is said knowing its name too: ``(name, value, lang) -> said``.
Hole = Callable[[str, str, Language], str]

#: Converters by value name (``unit2`` looked up as ``unit2``, then ``unit``), or one :data:`Hole`.
Converter = Mapping[str, Convert] | Hole

#: What a value matches when its table says nothing: any text, as short as fits.
ANY = r".+?"

_PLACEHOLDER = re.compile(r"%\((\w+)\)s")
_TOKEN = re.compile(r"%%|%\((\w+)\)s")


class Shape(NamedTuple):
    """One message's shape: the pattern an English text written by it fits, and the message.

    ``Shape.of`` compiles a ``%(name)s`` message: each placeholder a named group, a name met again a
    back-reference, ``%%`` a ``%``, the literal parts escaped. ``Shape.written`` takes a game's own
    pattern, for a message whose English text is not the message itself.

    >>> shape = Shape.of("%(unit)s moves to %(place)s (cost %(n)s+1).", {"unit": r"[AF]\\d+"})
    >>> shape.read("A1 moves to Roma (cost 3+1).")
    {'unit': 'A1', 'place': 'Roma', 'n': '3'}
    >>> shape.read("B1 moves to Roma (cost 3+1).") is None
    True
    """

    pattern: re.Pattern[str]
    message: str

    @classmethod
    def of(
        cls,
        message: str,
        holes: Mapping[str, str] | Callable[[str], str] | None = None,
        *,
        flags: int = re.DOTALL,
    ) -> Shape:
        """The shape of ``message``; ``holes`` gives the pattern of a value by its name (:data:`ANY`
        for a name it does not know)."""
        pattern_of = holes if callable(holes) else (lambda name: (holes or {}).get(name, ANY))
        out: list[str] = []
        seen: set[str] = set()
        position = 0
        for match in _TOKEN.finditer(message):
            name = match.group(1)
            if name is not None and not name.isidentifier():  # no group may be named so: literal text
                continue
            out.append(re.escape(message[position : match.start()]))
            if name is None:  # ``%%`` is written ``%``
                out.append("%")
            else:
                out.append(f"(?P={name})" if name in seen else f"(?P<{name}>{pattern_of(name)})")
                seen.add(name)
            position = match.end()
        out.append(re.escape(message[position:]))
        return cls(re.compile("".join(out), flags), message)

    @classmethod
    def written(cls, pattern: str, message: str, flags: int = re.DOTALL) -> Shape:
        """A shape whose pattern the game writes itself (its groups named as the message's values).

        >>> Shape.written(r"(?P<n>\\d+) rounds?", "%(n)s round(s)").read("2 rounds")
        {'n': '2'}
        """
        return cls(re.compile(pattern, flags), message)

    @property
    def msgid(self) -> str:
        """The message as the catalogue names it."""
        return self.message

    @property
    def literal(self) -> int:
        """How many characters of the message are fixed text (a table may try the most literal first).

        >>> Shape.of("Turn %(n)s").literal
        5
        """
        return len(_PLACEHOLDER.sub("", self.message))

    def read(self, text: str) -> dict[str, str] | None:
        """The values of ``text`` if it has this shape (an optional value not met is ``""``)."""
        match = self.pattern.fullmatch(text)
        if match is None:
            return None
        return {name: value or "" for name, value in match.groupdict().items()}


@cache
def shapes(messages: tuple[str, ...], holes: Callable[[str], str] | None = None) -> tuple[Shape, ...]:
    """The shapes of a table of messages, compiled once per table (``holes`` as :meth:`Shape.of`).

    >>> [s.pattern.pattern for s in shapes(("%(n)s gold",), lambda name: r"\\d+")]
    ['(?P<n>\\\\d+)\\\\ gold']
    """
    return tuple(Shape.of(message, holes) for message in messages)


def read(table: Iterable[Shape], text: str) -> tuple[str, dict[str, str]] | None:
    """The first message of ``table`` whose shape ``text`` has, and the values read from it.

    >>> read(shapes(("no orders", "%(n)s orders")), "3 orders")
    ('%(n)s orders', {'n': '3'})
    >>> read(shapes(("no orders",)), "no order") is None
    True
    """
    for pattern, message in table:  # the pattern tried inline: a table is scanned for every text
        match = pattern.fullmatch(text)
        if match is not None:
            return message, {name: value or "" for name, value in match.groupdict().items()}
    return None


def _converted(name: str, value: str, lang: Language, convert: Converter | None) -> str:
    """``value`` said by ``convert`` (by its name, then its name without digits), else as it is."""
    if convert is None:
        return value
    if callable(convert):
        return convert(name, value, lang)
    how = convert.get(name) or convert.get(name.rstrip("0123456789"))
    return how(value, lang) if how else value


def tell(message: str, values: Mapping[str, str], lang: Language) -> str | None:
    """``message`` translated into ``lang`` and filled with ``values`` (``None`` when the catalogue's
    translation asks for a value the message does not have: the caller keeps the English text).

    >>> tell("draw (%(reason)s)", {"reason": "..."}, language("fr"))
    'partie nulle (...)'
    """
    try:
        return lang._(message, **values) if values else lang.gettext(message)
    except (KeyError, ValueError, TypeError):
        return None


def say(
    table: Iterable[Shape],
    text: str,
    lang: Language,
    convert: Converter | None = None,
    *,
    placeholder: Callable[[str], str] | None = None,
) -> str | None:
    """``text`` said in ``lang`` by the first shape of ``table`` it has (``None``: it has none).

    Each value is said by ``convert``: a table of converters by the value's name, or one function
    of the name and the value; a value it does not name is kept (a name, a number). ``placeholder``
    maps a group's name to the message's placeholder, for a game whose group names say how the value
    is converted (``o_word`` fills ``%(word)s``).

    >>> fr = language("fr")
    >>> say(shapes(("draw (%(reason)s)",)), "draw (agreed)", fr, {"reason": lambda v, lang: v.upper()})
    'partie nulle (AGREED)'
    >>> say(shapes(("draw (%(reason)s)",)), "won by rome", fr) is None
    True
    """
    found = read(table, text)
    if found is None:
        return None
    message, values = found
    said = {
        (placeholder(name) if placeholder else name): _converted(name, value, lang, convert)
        for name, value in values.items()
    }
    return tell(message, said, lang)


def say_or_keep(
    table: Iterable[Shape],
    text: str,
    lang: Language,
    convert: Converter | None = None,
    *,
    placeholder: Callable[[str], str] | None = None,
) -> str:
    """``text`` said in ``lang`` by its shape, or as it is (in English) when it has none.

    >>> say_or_keep(shapes(("draw (%(reason)s)",)), "a text of no known shape", language("fr"))
    'a text of no known shape'
    """
    said = say(table, text, lang, convert, placeholder=placeholder)
    return text if said is None else said
