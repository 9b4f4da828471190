"""Progress bars for long commands: shown on a terminal, silent in cron, a pipe or with ``--quiet``.

The command opens the bar; library code knows nothing of terminals. It either uses the
``advance`` it is handed, or calls the module's :func:`expect` (how many steps are coming) and
:func:`step` (one done), which reach the bar the command opened in this context and do nothing
when there is none (a library call, a test, cron)::

    with progress_bar("playing", total=20, quiet=quiet) as advance:
        for _ in range(20):
            advance()

    with progress_bar("exporting", total=None):
        export_game(...)            # calls progress.expect(len(turns)) then progress.step() per turn

>>> with progress_bar("x", total=2, quiet=True) as advance:
...     advance()
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Advance = Callable[..., None]

#: The bar a command opened in this context: (advance, set_total), or None.
_current: ContextVar[tuple[Advance, Callable[[int | None], None]] | None] = ContextVar(
    "pbem_progress", default=None
)


def expect(total: int | None) -> None:
    """Tell the open bar (if any) how many steps are coming."""
    bar = _current.get()
    if bar is not None:
        bar[1](total)


def step(steps: int = 1, description: str | None = None) -> None:
    """One step of the open bar done (nothing when no bar is open)."""
    bar = _current.get()
    if bar is not None:
        bar[0](steps, description=description)


def wanted(quiet: bool = False) -> bool:
    """A bar only for a person watching: standard output is a terminal, no ``--quiet``, no
    ``PBEM_QUIET``, and not a dumb terminal."""
    if quiet or os.environ.get("PBEM_QUIET") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty()


def _nothing(steps: int = 1, **_: object) -> None:
    return None


@contextmanager
def progress_bar(description: str, total: int | None, *, quiet: bool = False) -> Iterator[Advance]:
    """Yield ``advance(steps=1, description=None)``; a rich bar on a terminal, nothing otherwise.

    ``total=None`` is work of unknown length (a demo played to its end): the bar pulses and counts.
    """
    if not wanted(quiet):
        yield _nothing
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
    with Progress(*columns, console=Console(file=sys.stdout), transient=False) as bar:
        task = bar.add_task(description, total=total)

        def advance(steps: int = 1, description: str | None = None) -> None:
            if description is not None:
                bar.update(task, advance=steps, description=description)
            else:
                bar.advance(task, steps)

        def set_total(count: int | None) -> None:
            bar.update(task, total=count)

        token = _current.set((advance, set_total))
        try:
            yield advance
        finally:
            _current.reset(token)
