"""Benchmark: the work and the cache misses of one Mare Nostrum resolve per unit, by size.

Not a timed test, and not timed at all: counted by valgrind's cachegrind, so the machine's
load does not move the figures. Run it by hand (it needs ``valgrind``; Debian:
``apt-get install valgrind``)::

    PYTHONPATH=. python bench/mare_nostrum_resolve_counts.py [--sizes 1000,10000]

For each size, the synthetic torus of ``bench/mare_nostrum_resolve.py --scale`` is set up and
one turn of bot orders is resolved (after a first resolve of the same turn that fills the map's
first-use caches, in both runs), the set-up frozen out of the garbage collector's walks as
there. The process runs twice under cachegrind, with and without the resolve; the difference
is the resolve's, printed per unit: instructions (``Ir``), first-level data misses (``D1``)
and last-level data misses (``LL``, simulated as a 1 MiB cache, the size of one core's L2 here:
the machine's own 32 MiB L3 would hide the effect). The share of the garbage collector's walks
(CPython's ``gc`` functions) in the extra misses is printed too.

What it shows ("linear growth up to 10,000 units"): whether a bigger game does more
work per unit (the instructions per unit would grow) or the same work on more memory (only the
misses per unit grow). Each size takes one to five minutes under valgrind.
"""

from __future__ import annotations

import argparse
import collections
import gc
import json
import math
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CACHES = ["--D1=32768,8,64", "--I1=32768,8,64", "--LL=1048576,16,64"]
GC_FUNCTIONS = re.compile(r"gc_collect|visit_|_traverse|subtract_refs|move_unreachable|update_refs")


def child(size: int, resolve: bool) -> None:
    """Set up a game of about ``size`` units and resolve one turn (or not)."""
    sys.path.insert(0, str(Path(__file__).parent))
    import mare_nostrum_resolve as bench

    from adjudicator.games.dice import Dice
    from adjudicator.games.mare_nostrum.rules import MareNostrum

    blocks = max(2, round(math.sqrt(size / (bench.ARMIES + bench.FLEETS))))
    rng = random.Random(size)
    state, _ = bench.synthetic_position(blocks, rng)
    orders = bench.local_orders(state, blocks, rng)
    ruleset = MareNostrum()
    text = json.dumps(state)
    ruleset.resolve(json.loads(text), orders, Dice(b"warm-up"))  # the map's first-use caches
    copy = json.loads(text)
    print(len(copy["units"]))
    gc.collect()
    gc.freeze()
    if resolve:
        ruleset.resolve(copy, orders, Dice(b"counts"))


def per_function(path: Path) -> dict[str, list[int]]:
    """cachegrind's output file: event totals per function."""
    events: list[str] = []
    totals: dict[str, list[int]] = collections.defaultdict(lambda: [0] * len(events))
    function = ""
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("fn="):
            function = line[3:]
        elif line[:1].isdigit():
            row = totals[function]
            for i, value in enumerate(line.split()[1:]):
                row[i] += int(value)
    totals["__events__"] = events  # type: ignore[assignment]
    return totals


def per_unit(
    delta: dict[str, list[int]], columns: list[int], units: int, only: re.Pattern[str] | None = None
) -> float:
    """The sum of ``columns`` over the functions (those matching ``only``), per unit."""
    rows = [row for function, row in delta.items() if only is None or only.search(function)]
    return sum(row[c] for row in rows for c in columns) / units


def counted(size: int, resolve: bool, folder: Path) -> tuple[int, dict[str, list[int]]]:
    out = folder / f"cg.{size}.{int(resolve)}"
    run = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=yes",
            *CACHES,
            f"--cachegrind-out-file={out}",
            sys.executable,
            __file__,
            "--child",
            str(size),
            "1" if resolve else "0",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(run.stdout.split()[0]), per_function(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="units at each size, comma-separated")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(int(args.child[0]), args.child[1] == "1")
        return
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed here (Debian: apt-get install valgrind)")
    from adjudicator.games.mare_nostrum import native

    print(f"Mare Nostrum resolve, counted by cachegrind (military phase: {native.choice().why})")
    print("  units   Ir/unit  D1 misses/unit  LL misses/unit  of which the collector's walks")
    with tempfile.TemporaryDirectory() as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            units, with_resolve = counted(size, True, Path(tmp))
            _, without = counted(size, False, Path(tmp))
            events: list[str] = with_resolve.pop("__events__")  # type: ignore[assignment]
            without.pop("__events__")
            index = {name: events.index(name) for name in ("Ir", "D1mr", "D1mw", "DLmr", "DLmw")}
            delta: dict[str, list[int]] = {}
            for function in set(with_resolve) | set(without):
                a = with_resolve.get(function, [0] * len(events))
                b = without.get(function, [0] * len(events))
                delta[function] = [x - y for x, y in zip(a, b, strict=True)]
            ir = per_unit(delta, [index["Ir"]], units)
            d1 = per_unit(delta, [index["D1mr"], index["D1mw"]], units)
            ll = per_unit(delta, [index["DLmr"], index["DLmw"]], units)
            walks = per_unit(delta, [index["DLmr"], index["DLmw"]], units, GC_FUNCTIONS)
            print(f"  {units:>5} {ir:>9.0f} {d1:>15.0f} {ll:>15.0f} {walks:>15.0f}")


if __name__ == "__main__":
    main()
