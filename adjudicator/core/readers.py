"""Whose language a text is written in: a seat's or an observer's own, else the game's.

>>> from adjudicator.core.store import Game, Seat
>>> game = Game(id="g", ruleset="eollis", lang="fr")
>>> reader_language(game, Seat(game_id="g", name="north")).code
'fr'
>>> reader_language(game, Seat(game_id="g", name="north", lang="en")).code
'en'
"""

from __future__ import annotations

from typing import Protocol

from adjudicator.core.store import Game
from adjudicator.games.language import ENGLISH, Language, LanguageError, language


class Reader(Protocol):
    """A seat or an observer: anything with its own language or ``None``."""

    lang: str | None


def game_language(game: Game | None) -> Language:
    """The game's language: what a reader without one of their own reads (English by default)."""
    return _spoken(getattr(game, "lang", None)) or ENGLISH


def reader_language(game: Game | None, reader: Reader | None = None) -> Language:
    """The language of a reader of ``game``: their own when they chose one, else the game's.

    A stored code no longer spoken (a language withdrawn from a later release) falls back to the
    game's, then English: a mail is never lost for its language."""
    return _spoken(getattr(reader, "lang", None)) or game_language(game)


def language_for(game_lang: str | None, own_lang: str | None) -> Language:
    """:func:`reader_language` from the two stored codes alone (a query that read just the columns).

    >>> language_for("fr", None).code, language_for("fr", "en").code, language_for(None, None).code
    ('fr', 'en', 'en')
    """
    return _spoken(own_lang) or _spoken(game_lang) or ENGLISH


def _spoken(code: str | None) -> Language | None:
    if not code:
        return None
    try:
        return language(code)
    except LanguageError:
        return None
