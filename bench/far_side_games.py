"""Bench: 100 seeded Far Side bot games, played in-process through the ruleset (no database).

Not a timed test: run it by hand::

    .venv/bin/python bench/far_side_games.py [--games 100] [--ram-opens] [--reactions live]
    .venv/bin/python bench/far_side_games.py --exchanges [--games 100] [--before <git ref>]

Each game is the engine's pure loop: setup (keyed dice from the game's seed) -> requests -> bot
text -> parse -> check -> canonical -> re-parse -> resolve with the turn's keyed dice. It prints
how fights opened (a fight opens when the first attack is made with no engagement token in play:
by the weather gage, as the book says, or by a ram under the off-by-default house rule
``ram-opens``), how many attacks were made on ships with an engagement token ("fair game"),
grapple attempts and successes, boardings and captures, sinkings, docks, the way games ended, and
the distribution of game length in player turns. The anchor is the resolve cost, measured in the
same run (microseconds per engine turn, bots and parsing excluded).

``--exchanges`` prints the rounds of mail per game instead, for both ways of deciding the
enemy's fire (``reactions=standing``, the book, and ``live``): exchanges (engine turns: one round
of mail each, every seat asked waits for it), the mails asking (one per seat asked in a round, the
optional standing request included), the answers (every required request, and an optional one
when it says something), and the rounds by their kind. With ``--before <git ref>`` the same games
are played by the ruleset as it was at that commit (extracted with ``git archive`` into a
temporary folder and run in a subprocess) and both figures are printed side by side.
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

from adjudicator.games.dice import Dice
from adjudicator.games.far_side import board as B
from adjudicator.games.far_side.rules import FarSide

GAME = FarSide()


def play(seed: int, options: dict[str, str], stats: Counter[str]) -> tuple[dict[str, Any], float]:
    """One bot game; returns its last state and the seconds spent in ``resolve``."""
    rng = random.Random(seed)
    opts = GAME.parse_options(options)
    state = GAME.setup(opts, GAME.seat_names(opts), Dice(f"setup:{seed}".encode()))
    n, resolving = 0, 0.0
    while GAME.outcome(state) is None:
        n += 1
        orders: dict[str, Any] = {}
        requests = GAME.requests(state)
        stats["exchanges"] += 1
        stats["mails asking"] += len({r.seat for r in requests})
        required = [r for r in requests if not r.optional]
        stats["round: " + (required[0].key.split(":")[0] if required else "optional only")] += 1
        if any(r.key.startswith("attack:") for r in requests) and any(
            r.key.startswith("reaction:") for r in requests
        ):
            stats["round: attack + reaction"] += 1
        for req in requests:
            text = GAME.bot(state, req, rng)
            if not req.optional or text.strip():
                stats["answers"] += 1
            parsed = GAME.parse(req, text)
            assert parsed.ok, (text, parsed.problems)
            orders[req.key] = GAME.parse(req, GAME.canonical(req, parsed.orders)).orders
        tokens_before = B.engagement_in_play(state)
        started = time.perf_counter()
        state, events = GAME.resolve(state, orders, Dice(f"{seed}:{n}".encode()))
        resolving += time.perf_counter() - started
        stats["engine turns"] += 1
        attacked = False
        for e in events:
            text = e.text
            if "has the weather gage and attacks" in text:
                stats["weather gage won and used"] += 1
            if " rams " in text and "attack dice" in text:
                stats["rams made"] += 1
            if "attack dice" in text:
                attacked = True
                stats["attacks"] += 1
            if e.kind == "grapple" and " grapples " in text:
                stats["grapples made"] += 1
            if e.kind == "grapple" and "fails to grapple" in text:
                stats["grapples failed"] += 1
            if e.kind == "board" and " boards " in text:
                stats["boardings"] += 1
            if e.kind == "repel" and "ungrappled" in text:
                stats["repelled"] += 1
            if e.kind == "ask":
                stats["follow-up requests"] += 1
        if attacked and not tokens_before:
            opened = [e.text for e in events if "has the weather gage and attacks" in e.text]
            stats[
                "fights opened by the weather gage" if opened else "fights opened by a ram (house rule)"
            ] += 1
    return state, resolving


EXCHANGE_KEYS = ("player turns", "exchanges", "mails asking", "answers")


def exchanges(games: int, first_seed: int) -> dict[str, dict[str, float]]:
    """Rounds of mail per game, for each way of deciding the enemy's fire."""
    out: dict[str, dict[str, float]] = {}
    for reactions in ("standing", "live"):
        stats: Counter[str] = Counter()
        for seed in range(first_seed, first_seed + games):
            state, _spent = play(seed, {"ram-opens": "no", "reactions": reactions}, stats)
            stats["player turns"] += state["turn"]
        out[reactions] = {
            k: v / games for k, v in sorted(stats.items()) if k in EXCHANGE_KEYS or k.startswith("round")
        }
        turns = stats["player turns"]
        out[reactions] |= {f"{k} per player turn": stats[k] / turns for k in EXCHANGE_KEYS[1:]}
    return out


def exchanges_before(ref: str, games: int, first_seed: int) -> dict[str, dict[str, float]]:
    """:func:`exchanges` with the package as it was at ``ref`` (this script run in a subprocess)."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(root), "archive", ref, "adjudicator"], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        env = {**os.environ, "PYTHONPATH": folder}
        done = subprocess.run(
            [
                sys.executable,
                __file__,
                "--exchanges-json",
                "--games",
                str(games),
                "--first-seed",
                str(first_seed),
            ],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            cwd=folder,
        )
    return json.loads(done.stdout)


def print_exchanges(games: int, first_seed: int, ref: str | None) -> None:
    started = time.perf_counter()
    after = exchanges(games, first_seed)
    before = exchanges_before(ref, games, first_seed) if ref else None
    seeds = f"seeds {first_seed}-{first_seed + games - 1}"
    print(f"Far Side rounds of mail per game: {games} bot games ({seeds}), 2 players")
    for reactions in ("standing", "live"):
        keys = sorted(set(after[reactions]) | set((before or {}).get(reactions, {})))
        print(f"reactions={reactions}:" + (f"   before ({ref})   now" if before else "   per game"))
        order = {k: i for i, k in enumerate(EXCHANGE_KEYS)}
        for key in sorted(keys, key=lambda k: (order.get(k, len(order)), "per player" not in k, k)):
            now = after[reactions].get(key, 0.0)
            digits = 2 if "per player turn" in key else 1
            if before is not None:
                was = before[reactions].get(key, 0.0)
                print(f"  {key:<34} {was:>10.{digits}f} {now:>10.{digits}f}")
            else:
                print(f"  {key:<34} {now:>10.{digits}f}")
    print(f"whole run {time.perf_counter() - started:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--ram-opens", action="store_true", help="the house rule (off by default)")
    parser.add_argument("--reactions", default="standing", choices=["standing", "live"])
    parser.add_argument("--exchanges", action="store_true", help="rounds of mail per game (both reactions)")
    parser.add_argument("--before", default=None, help="with --exchanges: also at this git ref")
    parser.add_argument("--exchanges-json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.exchanges_json:
        print(json.dumps(exchanges(args.games, args.first_seed)))
        return
    if args.exchanges:
        print_exchanges(args.games, args.first_seed, args.before)
        return
    options = {"ram-opens": "yes" if args.ram_opens else "no", "reactions": args.reactions}
    stats: Counter[str] = Counter()
    lengths: list[int] = []
    captures: list[int] = []
    sinkings: list[int] = []
    docks: list[int] = []
    ends: Counter[str] = Counter()
    resolve_seconds = 0.0
    started = time.perf_counter()
    for seed in range(args.first_seed, args.first_seed + args.games):
        state, spent = play(seed, options, stats)
        resolve_seconds += spent
        lengths.append(state["turn"])
        captures.append(sum(t["captured"] for t in state["tally"].values()))
        sinkings.append(sum(t["sunk"] for t in state["tally"].values()))
        docks.append(sum(1 for s in state["ships"].values() if s["status"] == "docked"))
        reason = (state.get("over") or {}).get("reason", "")
        ends["turn limit (max-turns)" if "max-turns" in reason else "no ships left to capture or sink"] += 1
    wall = time.perf_counter() - started
    games = args.games
    print(
        f"Far Side bot games: {games} (seeds {args.first_seed}-{args.first_seed + games - 1}),"
        f" options {options}"
    )
    print(
        f"anchor: resolve {1e6 * resolve_seconds / max(1, stats['engine turns']):.0f} us per engine turn "
        f"({stats['engine turns']} engine turns); whole run {wall:.1f} s"
    )
    print("how fights opened (first attack with no engagement token in play):")
    print(f"  by the weather gage (book step 12): {stats['fights opened by the weather gage']}")
    print(f"  by a ram (house rule ram-opens):    {stats['fights opened by a ram (house rule)']}")
    print(
        f"  weather gage attacks in all: {stats['weather gage won and used']};"
        f" rams made: {stats['rams made']}"
    )
    print(f"  attacks in all: {stats['attacks']} (every other attack is on a ship with an engagement token)")
    print(
        f"grapples: {stats['grapples made']} made, {stats['grapples failed']} failed;"
        f" repelled {stats['repelled']}; boardings {stats['boardings']}"
    )
    with_capture = sum(1 for c in captures if c)
    print(
        f"captures: {sum(captures)} in all; games with a capture: {with_capture} of {games}"
        f" ({100 * with_capture / games:.0f} %); per game {Counter(captures).most_common()}"
    )
    print(
        f"sinkings: {sum(sinkings)} in all; games with a sinking: {sum(1 for s in sinkings if s)} of {games}"
    )
    print(f"docked ships: {sum(docks)} in all")
    print(f"game ends: {dict(ends)}")
    qs = statistics.quantiles(lengths, n=10)
    print(
        f"game length (player turns): min {min(lengths)}, median {statistics.median(lengths):.0f},"
        f" mean {statistics.mean(lengths):.0f}, max {max(lengths)};"
        f" deciles {', '.join(f'{q:.0f}' for q in qs)}"
    )
    buckets = Counter(min(n // 50, 12) * 50 for n in lengths)
    print("  histogram: " + ", ".join(f"{b}-{b + 49}: {buckets[b]}" for b in sorted(buckets)))
    print(f"other: follow-up requests (continue, reaction) {stats['follow-up requests']}")


if __name__ == "__main__":
    main()
