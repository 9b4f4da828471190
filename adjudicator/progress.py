"""Progress bars for long commands: shown on a terminal, silent in cron, a pipe or with ``--quiet``.

Library code takes an optional ``advance`` callback and knows nothing of terminals; the command
opens the bar and passes its ``advance`` down::

    with progress_bar("playing", total=20, quiet=quiet) as advance:
        for _ in range(20):
            advance()

>>> with progress_bar("x", total=2, quiet=True) as advance:
...     advance()
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Advance = Callable[..., None]


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

        yield advance
