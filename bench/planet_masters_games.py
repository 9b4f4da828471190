"""Benchmark: how many email exchanges a Planet Masters turn costs, and how long games last.

Not a timed test: run it by hand::

    .venv/bin/python bench/planet_masters_games.py [--games 50] [--options all|none]

Plays ``--games`` seeded bot games of 2, 4 and 8 players through the ruleset (parse, check,
canonical, resolve, as the engine does) and prints, per table size:

* rounds trips per player turn: engine turns (sealed request rounds, each one day of email at
  most) per player turn; 1.0 would be "one mail, done";
* mails per player turn: every submission answered (the turn, the Immunity answer, each ballot);
* exchanges and mails per game: engine turns (each one round of mail, at most one deadline) and
  requests answered (one mail out, one answer in), for the ruleset as it plays now and for the
  procedure that asked every sealed round (Immunity against an attack that cannot win, ballots on
  a target with no weapon or on a vote the proposer passes alone), side by side;
* the length of a game in rounds, player turns and engine turns;
* the share of games won by the book's victory (a game still running after ``--cap`` engine
  turns (player turns, so both procedures stop at the same point) is counted as unfinished).

The anchor beside the figures, measured in the same run: the wall-clock time of one engine turn,
against the time of one HMAC-SHA256 die roll (the unit every turn pays many times).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from adjudicator.games.dice import Dice
from adjudicator.games.planet_masters.rules import PlanetMasters

ALL_ON = {"technology": "on", "politics": "on", "exploration": "on"}


class AskingEveryRound(PlanetMasters):
    """The procedure before the idle rounds were skipped: every Immunity and every ballot is asked."""

    skip_idle_rounds = False


def play(rules: PlanetMasters, seed: int, players: int, options: dict[str, str], cap: int) -> dict[str, int]:
    opts = rules.parse_options({"players": str(players), **options})
    state = rules.setup(opts, rules.seat_names(opts), Dice(f"bench-setup-{seed}".encode()))
    engine_turns = mails = 0
    while not rules.outcome(state) and state["turns"] < cap:
        orders = {}
        # the bots and the dice are seeded by the player turn and the request, not by the engine
        # turn: a round skipped shifts nothing after it, so both procedures play the same game
        step = f"{seed}-{state['turns']}-{state['pending']['kind'] if state['pending'] else 'turn'}"
        for request in rules.requests(state):
            rng = random.Random(f"{step}-{request.key}")
            parsed = rules.parse(request, rules.bot(state, request, rng))
            orders[request.key] = rules.parse(request, rules.canonical(request, parsed.orders)).orders
            mails += 1
        state, _ = rules.resolve(state, orders, Dice(f"bench-{step}".encode()))
        engine_turns += 1
    return {
        "winners": hash(str(rules.outcome(state))),
        "engine_turns": engine_turns,
        "mails": mails,
        "player_turns": max(1, state["turns"]),
        "rounds": state["round"],
        "won": int(rules.outcome(state) is not None),
    }


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"mean {statistics.mean(values):6.2f}  median {statistics.median(values):6.1f}  p90 {p90:6.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="seeded games per table size")
    parser.add_argument(
        "--options", choices=["all", "none"], default="all", help="the three options on or off"
    )
    parser.add_argument(
        "--cap", type=int, default=2000, help="player turns before a game counts as unfinished"
    )
    args = parser.parse_args()
    rules = PlanetMasters()
    before = AskingEveryRound()
    options = ALL_ON if args.options == "all" else {}
    print(f"Planet Masters, {args.games} seeded bot games per size, options: {args.options}")
    started = time.perf_counter()
    total_turns = 0
    for players in (2, 4, 8):
        games = [play(rules, seed, players, options, args.cap) for seed in range(args.games)]
        total_turns += sum(g["engine_turns"] for g in games)
        asked = [play(before, seed, players, options, args.cap) for seed in range(args.games)]
        total_turns += sum(g["engine_turns"] for g in asked)
        won = [g for g in games if g["won"]]
        won_before = [g for g in asked if g["won"]]
        same = sum(
            a["winners"] == b["winners"] and a["player_turns"] == b["player_turns"]
            for a, b in zip(games, asked, strict=True)
        )
        print(f"\n{players} players: the same game (winner, player turns) both ways in {same}/{len(games)}")
        print(f"{players} players, every sealed round asked (before): {len(won_before)}/{len(asked)} won")
        print("  exchanges per game           " + summary([g["engine_turns"] for g in won_before] or [0]))
        print("  mails per game               " + summary([g["mails"] for g in won_before] or [0]))
        print("  mails per player turn        " + summary([g["mails"] / g["player_turns"] for g in asked]))
        print(f"{players} players, idle rounds skipped (now):")
        print("  exchanges per game           " + summary([g["engine_turns"] for g in won] or [0]))
        print("  mails per game               " + summary([g["mails"] for g in won] or [0]))
        print(f"\n{players} players: {len(won)}/{len(games)} games won by the book's victory")
        print(
            "  round trips per player turn  "
            + summary([g["engine_turns"] / g["player_turns"] for g in games])
        )
        print("  mails per player turn        " + summary([g["mails"] / g["player_turns"] for g in games]))
        print("  rounds per game              " + summary([g["rounds"] for g in won] or [0]))
        print("  player turns per game        " + summary([g["player_turns"] for g in won] or [0]))
        print("  engine turns per game        " + summary([g["engine_turns"] for g in won] or [0]))
    elapsed = time.perf_counter() - started
    dice = Dice(b"anchor")
    t0 = time.perf_counter()
    for i in range(20_000):
        dice.d6(f"anchor:{i}")
    roll = (time.perf_counter() - t0) / 20_000
    per_turn = elapsed / max(1, total_turns)
    print(
        f"\nanchor: one engine turn (bots, parse, resolve) {per_turn * 1e3:.2f} ms;"
        f" one keyed die roll {roll * 1e6:.1f} us ({per_turn / roll:.0f} rolls' worth)"
    )


if __name__ == "__main__":
    main()
