"""Benchmark: sealed exchanges per Expedition of Eollis, over 50 seeded bot games.

Not a test: run it by hand::

    .venv/bin/python bench/eollis_games.py [--games 50]

An exchange is one engine turn: one set of sealed requests opened and closed together (a clan
that owes nothing in it is not asked). The games are played by the ruleset's bot, seeded by game
number, with 3, 4 and 5 clans in turn. Printed: exchanges per Expedition (mean, median, max),
by kind of sealed moment, and the resolution time per exchange beside an anchor measured in the
same run (1,000 keyed dice rolls).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from adjudicator.games.dice import Dice
from adjudicator.games.eollis.rules import Eollis


def play(seed: int, players: int) -> tuple[list[int], Counter[str], float, int]:
    ruleset = Eollis()
    options = ruleset.parse_options({"players": str(players)})
    state = ruleset.setup(options, ruleset.seat_names(options), Dice(f"bench{seed}".encode()))
    per_expedition = [0, 0, 0]
    kinds: Counter[str] = Counter()
    spent = 0.0
    turns = 0
    while ruleset.outcome(state) is None:
        requests = ruleset.requests(state)
        per_expedition[state["expedition"] - 1] += 1
        kinds[requests[0].kind] += 1
        orders = {}
        for i, r in enumerate(requests):
            orders[r.key] = ruleset.parse(
                r, ruleset.bot(state, r, random.Random(f"{seed}:{turns}:{i}"))
            ).orders
        start = time.perf_counter()
        state, _ = ruleset.resolve(state, orders, Dice(f"{seed}:{turns}".encode()))
        spent += time.perf_counter() - start
        turns += 1
    return per_expedition, kinds, spent, turns


def anchor() -> float:
    dice = Dice(b"anchor")
    start = time.perf_counter()
    for i in range(1000):
        dice.d6(f"anchor:{i % 7}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    counts: list[int] = []
    by_number: dict[int, list[int]] = {1: [], 2: [], 3: []}
    kinds: Counter[str] = Counter()
    spent, turns = 0.0, 0
    for seed in range(args.games):
        per, k, s, t = play(seed, 3 + seed % 3)
        counts += per
        for n, c in enumerate(per, start=1):
            by_number[n].append(c)
        kinds.update(k)
        spent += s
        turns += t
    expeditions = len(counts)
    print(
        f"{args.games} bot games (3, 4 and 5 clans in turn), {expeditions} Expeditions, "
        f"{turns} exchanges in all"
    )
    print(
        f"exchanges per Expedition: mean {statistics.mean(counts):.1f}, "
        f"median {statistics.median(counts):.0f}, min {min(counts)}, max {max(counts)}"
    )
    for n, c in by_number.items():
        print(f"  Expedition {n}: mean {statistics.mean(c):.1f}")
    print(
        "by sealed moment, per Expedition: "
        + ", ".join(f"{k} {v / expeditions:.1f}" for k, v in kinds.items())
    )
    print(
        f"resolution: {spent / turns * 1e6:.0f} us per exchange; "
        f"anchor: 1,000 keyed d6 rolls in {anchor() * 1e6:.0f} us"
    )


if __name__ == "__main__":
    main()
