"""Bench: how seeded Master & Commander bot games end, and how many sealed exchanges they take.

Not a test: run it by hand::

    .venv/bin/python bench/master_commander_endings.py [--games 50] [--players 3,4,5] [--turn-limit 0]
        [--no-standing] [--random-raids] [--one-at-a-time] [--before REV]

``--before REV`` plays the same games a second time on the ruleset as it was at the git revision
REV (its ``adjudicator`` package exported to a temporary folder by ``git archive`` and run in a
subprocess) and prints the two sets of figures one above the other, so a change is measured by
the same bench in the same run.

Each game is played in-process by the ruleset's bots (``MasterCommander.bot``), every answer parsed
and resolved as the engine would, with keyed dice seeded by the game number, so the figures are the
same on every run of the same code. For each number of players it prints:

* how the games end: ``gold`` (a player starts its turn with 10 gold or more, the book's victory),
  ``seven seas`` (the book's alternative victory), ``turn limit`` (the club option, off by default)
  or ``unfinished`` (still running after ``--max-steps`` engine turns);
* the rounds played (min / median / max);
* the exchanges: one exchange is one engine turn, i.e. one set of requests mailed and closed
  together (a player's turn, a rally, a ballot, an engagement, a manoeuvre, a duel step, a ransom).
  ``sealed`` counts the exchanges other than the players' own turns and the opening mulligan; they
  are given per game and per player turn (a player turn is one ``turn:<seat>`` request);
* the requests (one mail to answer each) per game, and apart the optional ones (a manoeuvre
  answer for the case the players before pass, which a player may leave unanswered);
* all exchanges per game (the players' own turns and the mulligan included) and the mails the
  ruleset makes the referee send per game: one per request (optional ones included) and one
  report per seat at each exchange's close.

The bots give standing answers at the mulligan (see ``bot._mulligan``: most vote for their own
agreements and sell captives to the best offer, some pass small manoeuvres and reactions, some
never ally or always ally with one seat, most defend with everything, bid a fixed sum in rallies,
buy back their own captives and vote against or ignore the others' agreements);
``--no-standing`` drops them, to show what they save. ``--random-raids`` gives the bots their
former raids (a random target, never aimed at a missing sea or a rich haven once exploring or
buying gold no longer can), to show how much of the change in game length is the bots' play.
``--one-at-a-time`` asks every manoeuvre alone (no answers for the case the players before pass).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from typing import Any

from adjudicator.games.dice import Dice
from adjudicator.games.master_commander.rules import MasterCommander

RULES = MasterCommander()


def play_game(
    seed: int, players: int, turn_limit: int, max_steps: int, standing: bool = True
) -> dict[str, Any]:
    """One bot game; returns its ending, rounds, player turns, exchanges by kind and requests."""
    options = RULES.parse_options({"players": str(players), "turn_limit": str(turn_limit)})
    state = RULES.setup(options, RULES.seat_names(options), Dice(f"setup-{seed}".encode()))
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    requests = optional = 0
    for step in range(max_steps):
        if RULES.outcome(state):
            break
        asked = RULES.requests(state)
        kinds[state["pending"]["kind"]] += 1
        requests += sum(1 for r in asked if not r.optional)
        optional += sum(1 for r in asked if r.optional)
        texts = {r.key: RULES.bot(state, r, rng) for r in asked}
        if not standing:  # the bots' standing answers dropped: every request is asked
            texts = {
                k: "\n".join(x for x in t.splitlines() if not x.startswith("standing"))
                for k, t in texts.items()
            }
        orders = {r.key: RULES.parse(r, texts[r.key]).orders for r in asked}
        state, _ = RULES.resolve(state, orders, Dice(f"turn-{seed}-{step}".encode()))
    outcome = RULES.outcome(state)
    if outcome is None:
        ending = "unfinished"
    elif "seven seas" in outcome.reason:
        ending = "seven seas"
    elif "gold" in outcome.reason and "turn limit" not in outcome.reason:
        ending = "gold"
    elif "turn limit" in outcome.reason:
        ending = "turn limit"
    else:
        ending = "other"
    return {
        "ending": ending,
        "rounds": state["round"],
        "turns": kinds["turn"],
        "exchanges": sum(kinds.values()),
        "sealed": sum(n for k, n in kinds.items() if k not in ("turn", "mulligan")),
        "kinds": kinds,
        "requests": requests,
        "optional": optional,
    }


def spread(values: list[int]) -> str:
    return f"min {min(values)}, median {statistics.median(values):g}, max {max(values)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games per number of players")
    parser.add_argument("--players", default="3,4,5", help="comma-separated numbers of players")
    parser.add_argument("--turn-limit", type=int, default=0, help="the club option turn_limit (0: off)")
    parser.add_argument("--max-steps", type=int, default=6000, help="engine turns before a game is cut")
    parser.add_argument(
        "--no-standing", action="store_true", help="drop the bots' standing answers (every request asked)"
    )
    parser.add_argument(
        "--random-raids", action="store_true", help="the bots' former raids: random targets only"
    )
    parser.add_argument(
        "--one-at-a-time",
        action="store_true",
        help="no answers for the case the players before pass: every manoeuvre asked alone",
    )
    parser.add_argument("--before", default="", help="also measure the ruleset at this git revision")
    args = parser.parse_args()
    if args.before:
        before(args)
    if args.one_at_a_time:
        from adjudicator.games.master_commander import battle

        battle._asked_with = lambda table, seat: []  # type: ignore[assignment]
    if args.random_raids:
        from adjudicator.games.master_commander import bot

        bot._aimed_target = lambda table, seat: None  # type: ignore[assignment]
    for players in (int(p) for p in args.players.split(",")):
        games = [
            play_game(seed, players, args.turn_limit, args.max_steps, not args.no_standing)
            for seed in range(args.games)
        ]
        endings = Counter(g["ending"] for g in games)
        kinds: Counter[str] = Counter()
        for g in games:
            kinds.update(g["kinds"])
        turns = sum(g["turns"] for g in games)
        standing = "without" if args.no_standing else "with"
        print(
            f"== {players} players, {len(games)} seeded bot games (turn_limit={args.turn_limit}, "
            f"{standing} the bots' standing answers)"
        )
        print("  endings: " + ", ".join(f"{k} {n}" for k, n in endings.most_common()))
        print(f"  rounds: {spread([g['rounds'] for g in games])}")
        print(f"  player turns per game: {spread([g['turns'] for g in games])}")
        every = [g["exchanges"] for g in games]
        print(f"  exchanges per game (all): {spread(every)}, mean {statistics.mean(every):.1f}")
        mails = [g["requests"] + g["optional"] + players * g["exchanges"] for g in games]
        print(
            "  mails per game (a request mail per request, optional ones included, and a report per "
            f"seat at each close): {spread(mails)}, mean {statistics.mean(mails):.1f}"
        )
        sealed = [g["sealed"] for g in games]
        print(
            f"  sealed exchanges per game: {spread(sealed)}, mean {statistics.mean(sealed):.1f}; "
            f"per player turn: {sum(sealed) / turns:.2f}"
        )
        requests = [g["requests"] for g in games]
        print(
            f"  requests (mails to answer) per game: {spread(requests)}, mean {statistics.mean(requests):.1f}"
        )
        optional = [g["optional"] for g in games]
        print(
            "  optional requests (answers for the case the players before pass) per game: "
            f"{spread(optional)}, mean {statistics.mean(optional):.1f}"
        )
        print(
            "  sealed exchanges by kind, per player turn: "
            + ", ".join(
                f"{k} {n / turns:.2f}" for k, n in kinds.most_common() if k not in ("turn", "mulligan")
            )
        )


def before(args: argparse.Namespace) -> None:
    """The same bench on the ruleset at ``args.before``, in a subprocess, printed first."""
    import io
    import os
    import subprocess
    import sys
    import tarfile
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", args.before, "adjudicator"], check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        argv = [a for a in sys.argv[1:]]
        i = argv.index("--before")
        del argv[i : i + 2]
        env = {**os.environ, "PYTHONPATH": folder}
        print(f"######## before: the ruleset at {args.before}")
        sys.stdout.flush()
        subprocess.run([sys.executable, __file__, *argv], check=True, env=env, cwd=folder)
    print("######## now: this tree")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
