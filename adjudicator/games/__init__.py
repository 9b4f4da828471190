"""The registry of rulesets.

Rulesets are found through the entry-point group ``adjudicator.rulesets``, so a
club can install its own game as a plugin package::

    [project.entry-points."adjudicator.rulesets"]
    my-game = "my_package.rules:MyGame"

The engine never imports a game by name; it asks :func:`get_ruleset`.
"""

from __future__ import annotations

import difflib
from functools import cache
from importlib.metadata import entry_points

from adjudicator.games.base import Ruleset

ENTRY_POINT_GROUP = "adjudicator.rulesets"

_extra: dict[str, type] = {}


class UnknownRuleset(LookupError):
    """No ruleset of that name is installed; the message lists those that are."""


def register(cls: type) -> type:
    """Register a ruleset class at run time (used by tests for test-only rulesets)."""
    _extra[cls.name] = cls  # type: ignore[attr-defined]
    _installed.cache_clear()
    return cls


def available() -> dict[str, type]:
    """Every installed ruleset class by name (entry points are read once per process)."""
    return dict(_installed())


@cache
def _installed() -> dict[str, type]:
    found: dict[str, type] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            found[ep.name] = ep.load()
        except Exception:  # a broken plugin must not hide the others
            continue
    found.update(_extra)
    return dict(sorted(found.items()))


@cache
def _instance(cls: type) -> Ruleset:
    """Rulesets are pure and keep no per-game state, so one instance per class serves every game."""
    return cls()  # type: ignore[no-any-return]


def get_ruleset(name: str) -> Ruleset:
    """An instance of the named ruleset, or :class:`UnknownRuleset` with suggestions."""
    rulesets = available()
    if name in rulesets:
        return _instance(rulesets[name])
    close = difflib.get_close_matches(name, list(rulesets), n=1)
    hint = f" Did you mean {close[0]!r}?" if close else ""
    names = ", ".join(rulesets) or "none installed"
    raise UnknownRuleset(f"no ruleset named {name!r}.{hint} Installed: {names}")
