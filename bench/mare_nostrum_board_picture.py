"""Benchmark: drawing the Mare Nostrum board picture, beside the schematic drawing it replaces.

Not a timed test: run it by hand::

    .venv/bin/python bench/mare_nostrum_board_picture.py [--repeat 20]

The starting position of 8 nations is drawn as the map (two panels of regions) and, as the
anchor measured in the same run, as the schematic drawing that club maps without shapes get.
Each figure is the fastest of ``--repeat`` runs (as with ``timeit``); the size of the SVG and
of its PNG (resvg, as attached to the report mail) are printed too.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum.rules import MareNostrum
from adjudicator.games.mare_nostrum.schematic import schematic_svg
from adjudicator.games.mare_nostrum.svg import board_svg
from adjudicator.publish import pictures
from adjudicator.publish.pictures import clean_svg, svg_to_png


def fastest(repeat: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    ruleset = MareNostrum()
    opts = ruleset.parse_options({"nations": "8"})
    state = ruleset.view(ruleset.setup(opts, ruleset.seat_names(opts), Dice(b"bench")), None)
    drawn = board_svg(state)
    schematic = schematic_svg(state)
    print(
        f"map        {fastest(args.repeat, lambda: board_svg(state)) * 1000:8.2f} ms  {len(drawn):7d} bytes"
    )
    print(
        f"schematic  {fastest(args.repeat, lambda: schematic_svg(state)) * 1000:8.2f} ms  "
        f"{len(schematic):7d} bytes (anchor)"
    )
    cleaned = clean_svg(drawn)
    print(f"clean_svg  {fastest(args.repeat, lambda: clean_svg(drawn)) * 1000:8.2f} ms")
    png = svg_to_png(cleaned)
    if png is not None:

        def convert() -> None:
            pictures._converted.cache_clear()  # a fresh conversion each time, not the kept PNG
            svg_to_png(cleaned)

        seconds = fastest(max(1, args.repeat // 5), convert)
        print(f"PNG        {seconds * 1000:8.2f} ms  {len(png):7d} bytes")


if __name__ == "__main__":
    main()
