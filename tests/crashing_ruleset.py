"""A test-only ruleset whose order reader has a bug: it raises on the word ``boom``."""

from __future__ import annotations

from toy_ruleset import ClosestGuess

from adjudicator.games.base import OrderRequest, Parsed


class CrashingGuess(ClosestGuess):
    name = "toy-crash"

    def parse(self, request: OrderRequest, text: str) -> Parsed:
        if "boom" in text:
            raise ValueError("a bug in the order reader")
        return super().parse(request, text)
