"""The words a player writes to the mail desk, in every language the referee speaks.

One table holds the command words of every language, another the words of the header lines
(``partie:``, ``place:`` or ``siège:``, ``secret:``, ``tour:``, ``langue:`` beside ``game:``,
``seat:``, ``secret:``, ``turn:``, ``lang:``): a French club writes ``aide``, ``langue fr``,
``absent 2026-12-24 2026-12-27``, ``démission``, ``vote oui 3``; the table gives the command the
English word names, and the handler runs that one command whatever the word. Words are compared
folded (:func:`~adjudicator.games.language.fold`: case and accents ignored), so ``Démission``,
``demission`` and ``DÉMISSION`` are one word.

The words after a command (a vote's answer, the kind of a proposal) have their own small tables
here, read by the command that takes them; the record keeps the English word either way.

>>> command_of("Aide")
'help'
>>> command_of("démission")
'resign'
>>> header_of("Siège")
'seat'
>>> answer_of(VOTES, "OUI")
'yes'
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.games.language import fold

#: every word a player may write for a command -> the command (its English word)
COMMAND_WORDS: Mapping[str, str] = {
    # English
    "status": "status",
    "report": "report",
    "history": "history",
    "orders": "orders",
    "help": "help",
    "lang": "lang",
    "language": "lang",
    "join": "join",
    "confirm": "confirm",
    "absence": "absence",
    "resign": "resign",
    "propose": "propose",
    "vote": "vote",
    # French
    "etat": "status",
    "statut": "status",
    "rapport": "report",
    "historique": "history",
    "ordres": "orders",
    "aide": "help",
    "langue": "lang",
    "rejoindre": "join",
    "inscription": "join",
    "confirmer": "confirm",
    "absent": "absence",
    "demission": "resign",
    "demissionner": "resign",
    "proposer": "propose",
    "proposition": "propose",
    "voter": "vote",
}

#: every word a player may write for a header line (``partie: mn``) -> the header (its English word);
#: none of them starts an order line of any game with a colon after it (no order form does)
HEADER_WORDS: Mapping[str, str] = {
    # English
    "game": "game",
    "seat": "seat",
    "secret": "secret",
    "turn": "turn",
    "request": "request",
    "command": "command",
    "lang": "lang",
    "language": "lang",
    # French
    "partie": "game",
    "place": "seat",
    "siege": "seat",
    "tour": "turn",
    "langue": "lang",
}

#: a vote's answer -> the answer the record keeps
VOTES: Mapping[str, str] = {"yes": "yes", "no": "no", "oui": "yes", "non": "no"}

#: the kind of a proposal -> the kind the record keeps
PROPOSALS: Mapping[str, str] = {
    "draw": "draw",
    "concede": "concede",
    "nulle": "draw",
    "egalite": "draw",
    "abandon": "concede",
    "conceder": "concede",
}


def command_of(word: str) -> str | None:
    """The command ``word`` names in any language, or ``None`` when it names none."""
    return COMMAND_WORDS.get(fold(word)) if len(word) <= 40 else None


def header_of(word: str) -> str | None:
    """The header line ``word`` names in any language (``Siège`` is ``seat``), or ``None``."""
    return HEADER_WORDS.get(fold(word)) if len(word) <= 40 else None


def answer_of(table: Mapping[str, str], word: str) -> str | None:
    """The English word of ``table`` that ``word`` names in any language, or ``None``."""
    return table.get(fold(word)) if len(word) <= 40 else None


__all__ = ["COMMAND_WORDS", "HEADER_WORDS", "PROPOSALS", "VOTES", "answer_of", "command_of", "header_of"]
