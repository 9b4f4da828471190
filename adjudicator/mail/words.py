"""The words a player writes to the mail desk, in every language the referee speaks.

One table holds the command words of every language: a French club writes ``aide``, ``langue fr``,
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


def answer_of(table: Mapping[str, str], word: str) -> str | None:
    """The English word of ``table`` that ``word`` names in any language, or ``None``."""
    return table.get(fold(word)) if len(word) <= 40 else None


__all__ = ["COMMAND_WORDS", "PROPOSALS", "VOTES", "answer_of", "command_of"]
