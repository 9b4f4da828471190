"""The registry of rulesets.

Rulesets are found through the entry-point group ``adjudicator.rulesets``, so a
club can install its own game as a plugin package::

    [project.entry-points."adjudicator.rulesets"]
    my-game = "my_package.rules:MyGame"

The engine never imports a game by name; it asks :func:`get_ruleset`.

A ruleset is named by ``(name, version)``. The installed game packages are today's versions;
every version a release ever shipped whose results differ from today's is kept frozen under
``adjudicator/games/releases/`` and listed in :data:`RELEASED`, so a game keeps the rules it was
set up with and any archive ever made by a released version replays with this package alone.
"""

from __future__ import annotations

import difflib
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points

from adjudicator.games.base import Ruleset

ENTRY_POINT_GROUP = "adjudicator.rulesets"

_extra: dict[str, type] = {}


#: (name, version) -> "module:Class" of every released ruleset version that is not today's,
#: kept frozen (code and data) in its release's package. Entries are only ever added.
RELEASED: dict[tuple[str, str], str] = {
    ("mare-nostrum", "1"): "adjudicator.games.releases.v0_1_0.mare_nostrum.rules:MareNostrum",
    ("far-side", "1"): "adjudicator.games.releases.v0_1_0.far_side.rules:FarSide",
    ("master-commander", "1"): "adjudicator.games.releases.v0_1_0.master_commander.rules:MasterCommander",
}


class UnknownRuleset(LookupError):
    """No ruleset of that name (or of that version) is installed; the message lists those that are."""


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


def versions(name: str) -> list[str]:
    """Every version of the named ruleset this package can play or replay, oldest first."""
    kept = {version for (kept_name, version) in RELEASED if kept_name == name}
    current = available().get(name)
    if current is not None:
        kept.add(current.version)  # type: ignore[attr-defined]
    return sorted(kept, key=lambda version: (len(version), version))


@cache
def _released(name: str, version: str) -> type:
    module, _, attribute = RELEASED[(name, version)].partition(":")
    return getattr(import_module(module), attribute)  # type: ignore[no-any-return]


def get_ruleset(name: str, version: str | None = None) -> Ruleset:
    """An instance of the named ruleset at ``version`` (today's when ``None``), or
    :class:`UnknownRuleset` with suggestions.

    A game asks for the version it records (``Game.ruleset_version``), so its turns resolve
    and replay with the rules it was set up with, whatever the installed version is today."""
    rulesets = available()
    if name in rulesets:
        current = rulesets[name]
        if version is None or version == current.version:
            return _instance(current)
        if (name, version) in RELEASED:
            return _instance(_released(name, version))
        known = ", ".join(repr(v) for v in versions(name))
        raise UnknownRuleset(
            f"no version {version!r} of the ruleset {name!r} is kept in this package (it keeps {known})"
        )
    close = difflib.get_close_matches(name, list(rulesets), n=1)
    hint = f" Did you mean {close[0]!r}?" if close else ""
    names = ", ".join(rulesets) or "none installed"
    raise UnknownRuleset(f"no ruleset named {name!r}.{hint} Installed: {names}")
