"""Benchmark: how many exchanges (rounds of mail) and mails a Mare Nostrum game costs.

Not a timed test: run it by hand::

    .venv/bin/python bench/mare_nostrum_exchanges.py [--games 5] [--turns 30]

Plays ``--games`` seeded bot games of 2, 4, 6 and 8 nations through the ruleset (parse, check,
canonical, resolve, as the engine does), with ``battles=dice`` and ``battles=table`` (the
referee's results written by its bot), and prints per game: exchanges (engine turns: one round
of mail, at most one deadline each) and mails (requests answered: one mail out, one answer in),
of which the referee's. Mare Nostrum is simultaneous: each year every nation owes one mail, and
at the table the referee is asked at most twice more (naval, then land battles).

The anchor beside the figures, measured in the same run: the wall-clock time of one engine turn,
against the time of one HMAC-SHA256 die roll.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from adjudicator.games.base import REFEREE
from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum.rules import MareNostrum


def play(rules: MareNostrum, seed: int, nations: int, battles: str, turns: int) -> dict[str, int]:
    opts = rules.parse_options({"nations": str(nations), "battles": battles, "turns": str(turns)})
    state = rules.setup(opts, rules.seat_names(opts), Dice(f"bench-setup-{seed}".encode()))
    engine_turns = mails = referee = 0
    while rules.outcome(state) is None and engine_turns < 10 * turns:
        orders = {}
        for request in rules.requests(state):
            rng = random.Random(f"{seed}-{engine_turns}-{request.key}")
            parsed = rules.parse(request, rules.bot(state, request, rng))
            orders[request.key] = rules.parse(request, rules.canonical(request, parsed.orders)).orders
            mails += 1
            referee += request.seat == REFEREE
        state, _ = rules.resolve(state, orders, Dice(f"bench-{seed}-{engine_turns}".encode()))
        engine_turns += 1
    return {"exchanges": engine_turns, "mails": mails, "referee": referee}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="seeded games per size and mode")
    parser.add_argument("--turns", type=int, default=30, help="the game's length in years (option turns)")
    args = parser.parse_args()
    rules = MareNostrum()
    print(f"Mare Nostrum, {args.games} seeded bot games per size, {args.turns} years")
    started = time.perf_counter()
    total = 0
    for battles in ("dice", "table"):
        for nations in (2, 4, 6, 8):
            games = [play(rules, seed, nations, battles, args.turns) for seed in range(args.games)]
            total += sum(g["exchanges"] for g in games)
            mean = {k: statistics.mean(g[k] for g in games) for k in ("exchanges", "mails", "referee")}
            print(
                f"battles={battles:5} {nations} nations: exchanges per game {mean['exchanges']:6.1f}"
                f"  mails per game {mean['mails']:7.1f} (the referee's {mean['referee']:5.1f})"
            )
    elapsed = time.perf_counter() - started
    dice = Dice(b"anchor")
    t0 = time.perf_counter()
    for i in range(20_000):
        dice.d6(f"anchor:{i}")
    roll = (time.perf_counter() - t0) / 20_000
    per_turn = elapsed / max(1, total)
    print(
        f"\nanchor: one engine turn (bots, parse, resolve) {per_turn * 1e3:.2f} ms;"
        f" one keyed die roll {roll * 1e6:.1f} us ({per_turn / roll:.0f} rolls' worth)"
    )


if __name__ == "__main__":
    main()
