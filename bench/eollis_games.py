"""Benchmark: exchanges and mails per game of Eollis, for 3, 4 and 5 clans, now and before.

Not a test: run it by hand::

    .venv/bin/python bench/eollis_games.py [--games 30] [--before-rev REV]

An exchange is one engine turn: one set of sealed requests opened and closed together. The games
are played by the ruleset's bot, seeded by game number, two ways:

* ``bots``: the bot's answers as it writes them, with its standing answers (``lookout refuse above
  9``, ``plan return at ...`` in about 60 % of its election answers);
* ``new players``: the same answers without any ``lookout`` or ``plan`` line: clans that never write
  those standing answers and live with the defaults.

Mails per game: the opening notices (one per clan), one report per clan at each close (it carries
the next request), and for every request one answer and its acknowledgement.

``before``: the same measurement on the code of ``REV`` (``git archive`` into a temporary folder,
run in a subprocess of this run), printed beside the figures of the working tree. Also printed: the
resolution time per exchange beside an anchor measured in the same run (1,000 keyed dice rolls).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: the code before the rounds of mail were brought down (defaults that ask the Vigie and the
#: Capitaine each time, an empty recruitment exchange on the first Expedition)
BEFORE = "499d816"
MODES = ("bots", "new players")
STANDING_LINES = ("lookout", "plan")


def play(seed: int, players: int, mode: str) -> dict[str, Any]:
    from adjudicator.games.dice import Dice
    from adjudicator.games.eollis.rules import Eollis

    ruleset = Eollis()
    options = ruleset.parse_options({"players": str(players)})
    state = ruleset.setup(options, ruleset.seat_names(options), Dice(f"bench{seed}".encode()))
    kinds: Counter[str] = Counter()
    requests_asked = 0
    spent = 0.0
    turns = 0
    while ruleset.outcome(state) is None:
        requests = ruleset.requests(state)
        kinds[requests[0].kind] += 1
        requests_asked += len(requests)
        orders = {}
        for i, r in enumerate(requests):
            text = ruleset.bot(state, r, random.Random(f"{seed}:{turns}:{i}"))
            if mode == "new players":
                text = "\n".join(x for x in text.splitlines() if not x.startswith(STANDING_LINES)) or "pass"
            orders[r.key] = ruleset.parse(r, text).orders
        start = time.perf_counter()
        state, _ = ruleset.resolve(state, orders, Dice(f"{seed}:{turns}".encode()))
        spent += time.perf_counter() - start
        turns += 1
    mails = players + turns * players + 2 * requests_asked
    return {"exchanges": turns, "mails": mails, "kinds": dict(kinds), "spent": spent}


def anchor() -> float:
    from adjudicator.games.dice import Dice

    dice = Dice(b"anchor")
    start = time.perf_counter()
    for i in range(1000):
        dice.d6(f"anchor:{i % 7}")
    return time.perf_counter() - start


def measure(games: int) -> dict[str, Any]:
    """Per mode and clan count: exchanges and mails per game, exchanges by kind per Expedition."""
    out: dict[str, Any] = {}
    spent, turns = 0.0, 0
    for mode in MODES:
        for players in (3, 4, 5):
            runs = [play(seed, players, mode) for seed in range(games)]
            kinds: Counter[str] = Counter()
            for r in runs:
                kinds.update(r["kinds"])
                spent += r["spent"]
                turns += r["exchanges"]
            out[f"{mode}|{players}"] = {
                "exchanges": statistics.mean(r["exchanges"] for r in runs),
                "mails": statistics.mean(r["mails"] for r in runs),
                "per_expedition": statistics.mean(r["exchanges"] for r in runs) / 3,
                "kinds": {k: v / (3 * games) for k, v in sorted(kinds.items())},
            }
    out["resolution_us"] = spent / max(1, turns) * 1e6
    return out


def before(rev: str, games: int) -> dict[str, Any]:
    """:func:`measure` on the code of ``rev``, in a subprocess importing it from a temporary folder."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", rev, "adjudicator"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        env = {**os.environ, "PYTHONPATH": folder}
        done = subprocess.run(
            [sys.executable, __file__, "--json", "--games", str(games)],
            env=env,
            cwd=folder,
            check=True,
            capture_output=True,
            text=True,
        )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per mode and clan count")
    parser.add_argument("--before-rev", default=BEFORE, help="the revision measured as 'before'")
    parser.add_argument("--json", action="store_true", help="print this tree's figures as JSON only")
    args = parser.parse_args()
    now = measure(args.games)
    if args.json:
        print(json.dumps(now))
        return
    then = before(args.before_rev, args.games)
    print(f"{args.games} bot games per line; 'before' is {args.before_rev}, measured in this run")
    print(f"{'clans':<22} {'exchanges/game':>22} {'per Expedition':>18} {'mails/game':>20}")
    print(f"{'':<22} {'before':>10} {'now':>11} {'before':>8} {'now':>9} {'before':>9} {'now':>10}")
    for key in [k for k in now if "|" in k]:
        mode, players = key.split("|")
        b, n = then[key], now[key]
        print(
            f"{mode + ', ' + players + ' clans':<22} {b['exchanges']:>10.1f} {n['exchanges']:>11.1f}"
            f" {b['per_expedition']:>8.1f} {n['per_expedition']:>9.1f} {b['mails']:>9.0f} {n['mails']:>10.0f}"
        )
    for mode in MODES:
        for label, figures in (("before", then), ("now", now)):
            kinds: Counter[str] = Counter()
            for players in (3, 4, 5):
                kinds.update(figures[f"{mode}|{players}"]["kinds"])
            print(
                f"{mode}, {label}, per Expedition by kind: "
                + ", ".join(f"{k} {v / 3:.1f}" for k, v in sorted(kinds.items()))
            )
    print(
        f"resolution: {now['resolution_us']:.0f} us per exchange (before {then['resolution_us']:.0f}); "
        f"anchor: 1,000 keyed d6 rolls in {anchor() * 1e6:.0f} us"
    )


if __name__ == "__main__":
    main()
