"""The build's one extra step: compile Mare Nostrum's military phase with mypyc.

Everything else about the package is in ``pyproject.toml``. ``build_ext`` copies
``adjudicator/games/mare_nostrum/phase.py`` and ``battle.py`` into the ``native`` package beside
them, compiles the copies with mypyc (the C compiler of the machine, as for any package with C
code) and records the SHA-256 of the sources in ``native/built.json``; the ruleset then resolves
with the compiled phase (see ``adjudicator/games/mare_nostrum/native/__init__.py``).

Compiling is optional: when mypyc or the C compiler fails, the install says so and goes on, and
the ruleset uses the Python phase (same results, about 1.4 times slower; ``pbem doctor`` says
which is in use). ``PBEM_PURE_BUILD=1`` skips the compilation.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

PACKAGE = Path("adjudicator", "games", "mare_nostrum")
NATIVE = PACKAGE / "native"
SOURCES = ("phase.py", "battle.py")
#: the shared library mypyc puts the compiled modules' code in, inside the package
GROUP = "adjudicator.games.mare_nostrum.native.compiled"
#: the setup.py commands (as pip's build hooks run them) that build; the others only read metadata
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}


def say(text: str) -> None:
    print(f"adjudicator build: {text}", file=sys.stderr)


class BuildCompiledPhase(build_ext):
    """``build_ext`` that makes its extensions with mypyc when it runs (not when setup.py is
    merely read for the package's metadata)."""

    def finalize_options(self) -> None:
        # before setuptools prepares each extension for the build; once per build, although
        # setuptools may make and finalize several build_ext commands in one (editable) build
        if not BUILDING & set(sys.argv[1:]):
            self.distribution.ext_modules = []  # the metadata (egg_info, dist_info): nothing to compile
        elif not hasattr(self.distribution, "compiled_phase_started"):
            self.distribution.compiled_phase_started = time.time()  # type: ignore[attr-defined]
            self.distribution.ext_modules = self.compiled_phase()
        self.started: float = getattr(self.distribution, "compiled_phase_started", 0.0)
        super().finalize_options()

    def run(self) -> None:
        if not self.extensions:
            return
        super().run()
        built = [Path(self.get_ext_fullpath(ext.name)) for ext in self.extensions]
        # made by this build (a failed optional extension leaves an older file where it was)
        if all(path.exists() and path.stat().st_mtime >= self.started - 1 for path in built):
            self.record()
        else:
            say("the C compiler did not build the phase: the Python phase will be used")

    def compiled_phase(self) -> list[Extension]:
        """The extensions to build; first, whatever an earlier build left in native/ is removed,
        so that nothing of it can pass for this build's."""
        for stale in (NATIVE / "built.json", *(NATIVE / name for name in SOURCES)):
            stale.unlink(missing_ok=True)
        for suffix in EXTENSION_SUFFIXES:
            for library in NATIVE.glob(f"*{suffix}"):
                library.unlink()
        if os.environ.get("PBEM_PURE_BUILD", "") not in ("", "0"):
            say("PBEM_PURE_BUILD is set: the Python phase will be used")
            return []
        try:
            from mypyc.build import mypycify
        except ImportError:
            say("mypyc is not installed: the Python phase will be used")
            return []
        for name in SOURCES:
            shutil.copyfile(PACKAGE / name, NATIVE / name)
        try:
            extensions = mypycify(
                ["--follow-imports=silent", *(str(NATIVE / name) for name in SOURCES)],
                opt_level="3",
                group_name=GROUP,
            )
        except (Exception, SystemExit) as error:  # mypyc reports type errors by exiting
            why = error if not isinstance(error, SystemExit) else f"exit {error.code}: its messages are above"
            say(f"mypyc could not compile the phase ({why}): the Python phase will be used")
            for name in SOURCES:
                (NATIVE / name).unlink(missing_ok=True)
            return []
        for extension in extensions:
            extension.optional = True  # a failed C compile leaves the Python phase, not a failed install
        return extensions

    def record(self) -> None:
        """What was compiled (the copies in native/): the native package checks it against the
        sources at import."""
        digests = {name: hashlib.sha256((NATIVE / name).read_bytes()).hexdigest() for name in SOURCES}
        target = NATIVE / "built.json"
        if not self.inplace:  # a wheel: record beside the built modules
            target = Path(self.build_lib) / NATIVE / "built.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")
        say(f"compiled the military phase with mypyc ({', '.join(SOURCES)})")


setup(
    # a placeholder, replaced by mypyc's extensions when build_ext runs: it makes the wheel a
    # platform wheel and makes setuptools run build_ext at all
    ext_modules=[Extension(f"{GROUP}__placeholder", sources=[])],
    cmdclass={"build_ext": BuildCompiledPhase},
)
