"""The military phase compiled with mypyc, when the install built it; else the Python one.

``pip install`` (``setup.py``) copies ``phase.py`` and ``battle.py`` into this package and
compiles the copies with mypyc into extension modules, recording the SHA-256 of the sources it
compiled in ``built.json``. The ruleset asks :func:`military_phase` for the class to resolve
with, and gets the compiled one only when

- it was built: mypyc ran and the C compiler succeeded (otherwise the install goes on, pure);
- it was built from the very ``phase.py`` and ``battle.py`` beside this package: an edited rule
  is never shadowed by an older build (``pip install -e .`` again rebuilds it);
- ``PBEM_PURE_RULES`` is not set (``PBEM_PURE_RULES=1``: the Python phase, for instance to
  re-adjudicate an archive with code that anyone can read line by line).

Both are the same code and give the same results: the Mare Nostrum rule tests run against each
(``tests/games/mare_nostrum/conftest.py``) and ``test_mare_nostrum_compiled.py`` compares whole
games, states, events and dice. The compiled phase is about 1.4 times faster
(``bench/mare_nostrum_resolve.py`` times both).

>>> military_phase(pure=True).__module__
'adjudicator.games.mare_nostrum.phase'
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import os
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from adjudicator.games.mare_nostrum.phase import MilitaryPhase

#: the modules compiled together (the phase and the tactical battle it calls)
SOURCES = ("phase.py", "battle.py")
#: what setup.py records: each source's SHA-256, as compiled
BUILT = Path(__file__).with_name("built.json")
#: set (to anything but "" or "0"): resolve with the Python phase
PURE_VARIABLE = "PBEM_PURE_RULES"


class Choice(NamedTuple):
    """The phase class the ruleset resolves with, and why (for ``pbem doctor`` and the bench)."""

    phase: type[Any]
    compiled: bool
    why: str


def source_digests() -> dict[str, str]:
    """The SHA-256 of each of :data:`SOURCES` in the Mare Nostrum package."""
    folder = Path(__file__).parent.parent
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in SOURCES}


@cache
def compiled_phase() -> Choice:
    """The compiled phase if it is there and up to date, else the Python one with the reason."""
    try:
        recorded = json.loads(BUILT.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        recorded = None
    if not isinstance(recorded, dict):
        return Choice(MilitaryPhase, False, "not compiled by this install (no readable native/built.json)")
    stale = [name for name, digest in source_digests().items() if recorded.get(name) != digest]
    if stale:
        return Choice(
            MilitaryPhase,
            False,
            f"the compiled phase was built from another {' and '.join(stale)}: "
            "`pip install -e .` again rebuilds it",
        )
    try:
        module = importlib.import_module(f"{__name__}.phase")
    except ImportError as error:
        return Choice(MilitaryPhase, False, f"the compiled phase does not load: {error}")
    where = str(getattr(module, "__file__", ""))
    if not where.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        return Choice(MilitaryPhase, False, "the C compiler did not build the phase (a Python copy is there)")
    return Choice(module.MilitaryPhase, True, "compiled with mypyc at install")


def choice(pure: bool | None = None) -> Choice:
    """The phase to resolve with: ``pure=True`` the Python one, ``pure=False`` the compiled one
    when it can be used, ``None`` as :data:`PURE_VARIABLE` says (compiled unless it is set)."""
    if pure is None:
        pure = os.environ.get(PURE_VARIABLE, "") not in ("", "0")
        if pure:
            return Choice(MilitaryPhase, False, f"{PURE_VARIABLE} is set")
    if pure:
        return Choice(MilitaryPhase, False, "the Python phase was asked for")
    return compiled_phase()


def military_phase(pure: bool | None = None) -> type[Any]:
    """The class :meth:`MareNostrum.resolve` builds its phase with (see :func:`choice`)."""
    return choice(pure).phase
