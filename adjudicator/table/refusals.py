"""A refusal of the table that a player reads in their own language.

The table's functions serve the referee's command line (English) and the players' mail (each in
their language): a refusal is raised once, with its message marked for the catalogue and its
values apart, so that ``str()`` of it is the English text and :func:`in_language` writes it in any
language.

>>> from adjudicator.games.language import ENGLISH, N_
>>> error = refused(N_("seat %(seat)s is not held by a player"), seat="north")
>>> str(error)
'seat north is not held by a player'
>>> in_language(error, ENGLISH)
'seat north is not held by a player'
"""

from __future__ import annotations

from typing import Any

from adjudicator.core.engine import RefereeError, Refused
from adjudicator.games.language import Language


def refused(message: str, /, kind: type[RefereeError] = Refused, **params: Any) -> RefereeError:
    """A ``kind`` error saying ``message`` (marked with ``N_``) with ``params``."""
    error = kind(message % params if params else message)
    error.message = message  # type: ignore[attr-defined]
    error.params = params  # type: ignore[attr-defined]
    return error


def in_language(error: BaseException, lang: Language) -> str:
    """What ``error`` says, in ``lang`` when it was raised by :func:`refused` (else as it is)."""
    message = getattr(error, "message", None)
    if not isinstance(message, str):
        return str(error)
    return lang._(message, **(getattr(error, "params", None) or {}))


__all__ = ["in_language", "refused"]
