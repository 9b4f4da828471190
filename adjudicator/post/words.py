"""A ruleset's words in a reader's language, for every mail and page the referee writes.

:class:`Spoken` is :class:`adjudicator.games.base.Spoken` (the one way to a ruleset's words in a
language), asking for a language only of the methods that take one: a ruleset whose board, private
text or order forms are still written in English alone (a game not translated yet, or one a club
wrote) gives its English words in every language instead of failing the mail.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import Any

from adjudicator.games.base import OrderForm, OrderRequest, State
from adjudicator.games.base import Spoken as GameSpoken


@cache
def _takes_language(kind: type, name: str) -> bool:
    """Whether the method ``name`` of the ruleset class ``kind`` takes a reader's language."""
    method: Callable[..., Any] | None = getattr(kind, name, None)
    if method is None:
        return False
    try:
        parameters = inspect.signature(method).parameters
    except (TypeError, ValueError):
        return False
    return "lang" in parameters


class Spoken(GameSpoken):
    """:class:`adjudicator.games.base.Spoken`, English where the ruleset's method takes no language."""

    def _speaks(self, name: str) -> bool:
        return self.current and _takes_language(type(self.ruleset), name)

    def board_text(self, view: State) -> str:
        if not self._speaks("board_text"):
            return self.ruleset.board_text(view)
        return super().board_text(view)

    def board_svg(self, view: State) -> str | None:
        if not self._speaks("board_svg"):
            return self.ruleset.board_svg(view)
        return super().board_svg(view)

    def draws_in_language(self) -> bool:
        """Whether the board picture has words in the reader's language (else one for every reader)."""
        return self._speaks("board_svg") and self.lang.code != "en"

    def private_text(self, view: State) -> str:
        if getattr(self.ruleset, "private_text", None) is not None and not self._speaks("private_text"):
            return self.ruleset.private_text(view)
        return super().private_text(view)

    def order_forms(self, request: OrderRequest) -> tuple[OrderForm, ...]:
        if getattr(self.ruleset, "order_forms", None) is not None and not self._speaks("order_forms"):
            return self.ruleset.order_forms(request)
        return super().order_forms(request)


__all__ = ["Spoken"]
