"""Benchmark: the resolution cost of one Mare Nostrum turn, in microseconds per unit.

Not a timed test: run it by hand::

    .venv/bin/python bench/mare_nostrum_resolve.py [--turns 200]

A position of 8 nations and 80 units (8 armies and 2 fleets each, spread over
each nation's home and the provinces around it, so that there are marches,
invasions, battles, contests, blockades and purchases) gets random legal orders
from the bot; then ``resolve`` is timed, dice (HMAC-SHA256 per roll) and event
logging included. The orders are parsed beforehand and each state copy is made
beforehand, as the engine does (it hands every call a fresh copy of the state).
Each turn is resolved ``--repeat`` times from the same copy of its state and
seed (the same result each time); the fastest run counts, as with ``timeit``.
Times are the process's CPU time (``time.process_time``), ours and the anchor's alike: on
this shared 2-core machine the wall clock also counts the other jobs' turns.

``--scale``: the growth with the size of the game, at constant density. A synthetic map
(``synthetic_map``: a torus of nations, each with 3 x 3 provinces, one sea zone, brigands on
every 20th province and pirates on every 20th sea zone) gets the 8 armies and 2 fleets of the
position above for every nation; each nation's bot orders are written against the nations
around it (units further away cannot meet its units in one turn). Three turns are played at
about 100, 1,000 and 10,000 units (``--sizes``) and each is timed as above, the runs of the
sizes interleaved; the figure to read is how little the cost per unit moves from one size to
the next (the rolls and events per unit are printed too: the work per unit is the same).
A nation has 10 units here, far below the 500 order lines a nation may send
(``orders.MAX_LINES``, a bound on hostile input, not a rule). Before the timing, the set-up's
objects are frozen out of the garbage collector's walks (``gc.freeze``): otherwise a full
collection during a resolve also walks every size's maps and orders that the bench keeps (the
10,000-unit set-up made the 10,000-unit resolves 1.2-1.3x slower); ``--no-freeze`` times as
before. Anchor of ``--scale``, timed on copies of the same states in the same loop: a reading pass
(:func:`reading_pass`) that reads, for every unit, its record, its place's and its nation's, and
for every province its record and its owner's - the least a resolve reads, in a plain loop whose
work per unit cannot grow with the size. How much its time per unit grows from the smallest to
the largest size is how much this machine's memory alone makes a pass over a bigger state cost
per unit; the resolve's growth is printed beside it.

``--profile``: each turn is resolved once more under cProfile (not timed) and the 25 functions
with the most time of their own are printed: where the time goes, before optimising.

``--state-size``: the bytes of a stored 6-nation state (``store.dumps``, as the engine keeps
it, twice a turn) in state format 1 (the map's TOML text in every state) and 2 (the map by
reference), on the packaged map and on the same map given as a club map file.

Anchor, measured in the same run when it is installed (``pip install diplomacy==1.1.2``, not
a dependency of the project): MILA's DATC-compliant ``diplomacy`` package processing the
first movement phase of a standard game (22 units, a random legal order each), in us per unit,
the fastest of ``--repeat`` runs per sample as above.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import math
import os
import pstats
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum import native
from adjudicator.games.mare_nostrum.map import default_map
from adjudicator.games.mare_nostrum.phase import new_army, new_fleet
from adjudicator.games.mare_nostrum.rules import MareNostrum

ARMIES, FLEETS = 8, 2


def set_pure(pure: bool | None) -> None:
    """Resolve with the Python phase (True), the compiled one (False) or the default (None), as
    ``PBEM_PURE_RULES`` chooses for ``pbem``."""
    if pure is None:
        os.environ.pop(native.PURE_VARIABLE, None)
    else:
        os.environ[native.PURE_VARIABLE] = "1" if pure else "0"


def position(rng: random.Random) -> dict[str, Any]:
    """8 nations, each with 8 armies and 2 fleets around its home; 80 units in all."""
    ruleset = MareNostrum()
    opts = ruleset.parse_options({"nations": "8"})
    state = ruleset.setup(opts, ruleset.seat_names(opts), Dice(b"bench"))
    game_map = default_map()
    state["units"].clear()
    for seat, nation in state["nations"].items():
        home = nation["home"]
        near = [home, *game_map.provinces[home].land]
        near += [p for q in list(near) for p in game_map.provinces[q].land if p not in near]
        for n in range(1, ARMIES + 1):
            state["units"][f"{seat}:A{n}"] = new_army(seat, n, rng.choice(near), 0)
        seas = list(game_map.provinces[home].seas) or list(game_map.seas)
        seas += [s for z in list(seas) for s in game_map.seas[z].seas if s not in seas]
        for n in range(1, FLEETS + 1):
            state["units"][f"{seat}:F{n}"] = new_fleet(seat, n, rng.choice(seas), 0)
        nation["next_army"], nation["next_fleet"] = ARMIES + 1, FLEETS + 1
        nation["treasury"] = 300
    return state


def synthetic_map(blocks: int) -> str:
    """The TOML of a square torus of ``blocks`` x ``blocks`` nations: each has 3 x 3 provinces
    (its home in the middle, the provinces left and right of it its own, the others independent)
    and one sea zone touching all nine. Every province has four land neighbours and every sea
    zone four sea neighbours (the edges wrap round), so the density is the same at every size.
    Every 20th province holds brigands and every 20th sea zone pirates; a few provinces are
    fortresses or ports, each home has an arsenal."""
    side = 3 * blocks
    width = len(str(side))

    def prov(x: int, y: int) -> str:
        return f"P{x % side:0{width}d}-{y % side:0{width}d}"

    def sea(x: int, y: int) -> str:
        return f"S{x % blocks:0{width}d}-{y % blocks:0{width}d}"

    lines = ['[map]\nname = "Synthetic torus"\nstart_year = 218\n']
    homes = set()
    for k in range(blocks * blocks):
        bx, by = k % blocks, k // blocks
        home = prov(3 * bx + 1, 3 * by + 1)
        homes.add(home)
        lines.append(
            f'[nation.n{k:05d}]\nhome = "{home}"\ntreasury = 300\n'
            f'provinces = ["{home}", "{prov(3 * bx, 3 * by + 1)}", "{prov(3 * bx + 2, 3 * by + 1)}"]\n'
        )
    brigands = []
    for y in range(side):
        for x in range(side):
            name = prov(x, y)
            fortress = "true" if (x + 2 * y) % 7 == 0 else "false"
            arsenal = "true" if name in homes else "false"
            port = "true" if (x + y) % 3 == 0 else "false"
            lines.append(
                f"[province.{name}]\ndemography = {1 + (7 * x + 13 * y) % 18}\n"
                f"market = {(3 * x + 5 * y) % 10}\nfortress = {fortress}\nport = {port}\n"
                f"arsenal = {arsenal}\npos = [{x}, {y}]\n"
                f'land = ["{prov(x + 1, y)}", "{prov(x, y + 1)}"]\nsea = ["{sea(x // 3, y // 3)}"]\n'
            )
            if (x * side + y) % 20 == 7 and name not in homes:
                brigands.append(name)
    pirates = []
    for y in range(blocks):
        for x in range(blocks):
            near = json.dumps([sea(x + 1, y), sea(x, y + 1)])
            lines.append(f"[sea.{sea(x, y)}]\npos = [{3 * x + 1}, {3 * y + 1}]\nsea = {near}\n")
            if (x * blocks + y) % 20 == 3:
                pirates.append(sea(x, y))
    lines.append(f"[bands]\nbrigands = {json.dumps(brigands)}\npirates = {json.dumps(pirates)}\n")
    return "\n".join(lines)


def synthetic_position(blocks: int, rng: random.Random) -> tuple[dict[str, Any], Any]:
    """A game of ``blocks`` x ``blocks`` nations on :func:`synthetic_map`, each placed as in
    :func:`position` (8 armies around its home, 2 fleets on the sea zones near it)."""
    ruleset = MareNostrum()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "synthetic.toml"
        path.write_text(synthetic_map(blocks), encoding="utf-8")
        opts = ruleset.parse_options({"map": str(path), "nations": "2"})
    game_map = ruleset._map_option(opts)
    state = ruleset.setup(opts, list(game_map.nations), Dice(b"bench"))
    state["units"].clear()
    for seat, nation in state["nations"].items():
        home = nation["home"]
        near = [home, *game_map.provinces[home].land]
        near += [p for q in list(near) for p in game_map.provinces[q].land if p not in near]
        for n in range(1, ARMIES + 1):
            state["units"][f"{seat}:A{n}"] = new_army(seat, n, rng.choice(near), 0)
        seas = list(game_map.provinces[home].seas)
        seas += [s for z in list(seas) for s in game_map.seas[z].seas if s not in seas]
        for n in range(1, FLEETS + 1):
            state["units"][f"{seat}:F{n}"] = new_fleet(seat, n, rng.choice(seas), 0)
        nation["next_army"], nation["next_fleet"] = ARMIES + 1, FLEETS + 1
    return state, game_map


def _block(state: dict[str, Any], unit: dict[str, Any]) -> tuple[int, int] | None:
    """The nation block a unit stands in (an army aboard: its fleet's)."""
    place = unit["at"] or state["units"].get(unit.get("aboard") or "", {}).get("at")
    if not place:
        return None
    x, y = (int(n) for n in place[1:].split("-"))
    return (x // 3, y // 3) if place[0] == "P" else (x, y)


def local_orders(state: dict[str, Any], blocks: int, rng: random.Random) -> dict[str, Any]:
    """Every nation's bot orders, each written against its own units and those in its block and
    the eight around it (the bot reads the whole table for each nation, which at 1,000 nations
    would take the better part of an hour; no unit further away can meet its units this turn)."""
    ruleset = MareNostrum()
    cells: dict[tuple[int, int], dict[str, Any]] = {}
    own: dict[str, dict[str, Any]] = {}
    for key, unit in state["units"].items():
        own.setdefault(unit["nation"], {})[key] = unit
        at = _block(state, unit)
        if at:
            cells.setdefault(at, {})[key] = unit
    orders = {}
    for request in ruleset.requests(state):
        hx, hy = _block(state, {"at": state["nations"][request.seat]["home"]}) or (0, 0)
        near = dict(own.get(request.seat, {}))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                near.update(cells.get(((hx + dx) % blocks, (hy + dy) % blocks), {}))
        text = ruleset.bot(dict(state, units=near), request, rng)
        orders[request.key] = ruleset.parse(request, text).orders
    return orders


#: reading passes per timing of :func:`reading_pass` (one pass is too short to time alone)
PASSES = 10


def reading_pass(state: dict[str, Any]) -> int:
    """The anchor of ``--scale``: read every unit's record, its place's record (a province's;
    sea zones have none in the state) and its nation's, then every province's record and its
    owner's. Linear by construction: one look-up per record, no search, nothing sorted.

    >>> reading_pass({"units": {"a:A1": {"at": "P", "nation": "a"}},
    ...               "provinces": {"P": {"owner": "a"}}, "nations": {"a": {"treasury": 5}}})
    3
    """
    provinces, nations, seen = state["provinces"], state["nations"], 0
    for unit in state["units"].values():
        place = provinces.get(unit["at"] or "")
        seen += len(nations[unit["nation"]]) > 0
        if place is not None:
            seen += len(place) > 0
    for record in provinces.values():
        owner = record["owner"]
        if owner in nations:
            seen += len(nations[owner]) > 0
    return seen


def scale(sizes: list[int], repeat: int, turns: int = 3, freeze: bool = True) -> None:
    """Resolve at each size: us per unit, the best of ``repeat`` runs of each turn (the runs of
    the sizes interleaved, so that the machine's load falls on all of them alike), the median
    over ``turns`` turns played on from the synthetic position.

    ``freeze``: the set-up's objects (every size's map, positions and orders, kept for the whole
    run) are moved out of the garbage collector's reach (``gc.freeze``) before the timing, so that
    a full collection during a resolve walks the objects that resolve works on (its state copy and
    what it makes), not the other sizes' maps and orders: without it, a 1,000-unit resolve pays for
    walking the 10,000-unit set-up. The collector still runs as usual over everything made after."""
    ruleset = MareNostrum()
    games = []
    for units in sizes:
        blocks = max(2, round(math.sqrt(units / (ARMIES + FLEETS))))
        rng = random.Random(units)
        made = time.perf_counter()
        state, game_map = synthetic_position(blocks, rng)
        made = time.perf_counter() - made
        played = []
        for turn in range(turns):  # each turn's position, orders and seed, played on for real
            orders = local_orders(state, blocks, rng)
            seed = f"scale:{units}:{turn}".encode()
            played.append((json.dumps(state), orders, seed, len(state["units"])))
            state, _ = ruleset.resolve(json.loads(played[-1][0]), orders, Dice(seed))
        games.append((blocks, game_map, made, played, [float("inf")] * turns, [0, 0], [float("inf")] * turns))
    if freeze:
        gc.collect()
        gc.freeze()
    for _ in range(repeat):
        for _, _, _, played, best, work, anchor in games:
            work[:] = [0, 0]
            for turn, (text, orders, seed, _) in enumerate(played):
                copy = json.loads(text)  # the anchor's own copy, made as the resolve's is
                start = time.process_time()
                for _ in range(PASSES):
                    reading_pass(copy)
                anchor[turn] = min(anchor[turn], (time.process_time() - start) / PASSES)
                copy = json.loads(text)
                dice = Dice(seed)
                start = time.process_time()
                _, happened = ruleset.resolve(copy, orders, dice)
                best[turn] = min(best[turn], time.process_time() - start)
                work[0] += len(dice.log)
                work[1] += len(happened)
    if freeze:
        gc.unfreeze()
    print(
        "Mare Nostrum resolve at scale (synthetic torus: per nation 3 x 3 provinces, a sea zone, 10 units; "
        + ("set-up frozen out of the collector's walks)" if freeze else "set-up left to the collector)")
    )
    first: tuple[float, float] | None = None
    for blocks, game_map, made, played, best, work, anchor in games:
        counts = [count for *_, count in played]
        per_unit = statistics.median(b / c for b, c in zip(best, counts, strict=True))
        reading = statistics.median(a / c for a, c in zip(anchor, counts, strict=True))
        first = first or (per_unit, reading)
        print(
            f"  {min(counts):>6}-{max(counts):<6} units, {blocks * blocks:>5} nations, "
            f"{len(game_map.provinces):>5} provinces: median {per_unit * 1e6:6.1f} us per unit over "
            f"{turns} turns ({per_unit / first[0]:.2f}x the smallest); {work[0] / sum(counts):.2f} rolls "
            f"and {work[1] / sum(counts):.2f} events per unit (map and position made in {made:.1f} s)"
        )
        print(
            f"  {'':>13} anchor, one reading pass over the same state: {reading * 1e9:5.0f} ns per unit "
            f"({reading / first[1]:.2f}x the smallest)"
        )


def state_sizes(turns: int = 5) -> None:
    """Stored bytes of a 6-nation state after ``turns`` bot turns, in state formats 1 and 2."""
    from adjudicator.core.store import dumps
    from adjudicator.games.mare_nostrum.map import DEFAULT_MAP

    ruleset = MareNostrum()
    print(f"Stored Mare Nostrum state, 6 nations, after {turns} turns (bytes, as the engine keeps it)")
    with tempfile.TemporaryDirectory() as folder:
        club = Path(folder) / "club.toml"
        club.write_text(DEFAULT_MAP.read_text(encoding="utf-8"), encoding="utf-8")
        for label, raw in (("packaged map", {}), ("club map", {"map": str(club)})):
            sizes = []
            for state_format in (1, 2):
                options = ruleset.parse_options(raw)
                if state_format == 1:
                    del options["state_format"]  # a game created before format 2
                state = ruleset.setup(options, ruleset.seat_names(options), Dice(b"size"))
                rng = random.Random(6)
                for turn in range(turns):
                    orders = {
                        r.key: ruleset.parse(r, ruleset.bot(json.loads(json.dumps(state)), r, rng)).orders
                        for r in ruleset.requests(state)
                    }
                    state, _ = ruleset.resolve(state, orders, Dice(f"size:{turn}".encode()))
                sizes.append(len(dumps(state).encode()))
            print(f"  {label:<13} format 1: {sizes[0]:>6}   format 2: {sizes[1]:>6}")


def mila_us_per_unit(samples: int, repeat: int) -> float | None:
    """The median over ``samples`` random movement phases of MILA ``diplomacy``'s ``process()``."""
    try:
        from diplomacy import Game
    except ImportError:
        return None
    rng = random.Random(1901)
    Game().process()  # the package's first-use set-up is not a phase's cost
    per_unit: list[float] = []
    for _ in range(samples):
        choices: dict[str, list[str]] = {}
        probe = Game()
        possible = probe.get_all_possible_orders()
        for power in probe.powers:
            choices[power] = [
                rng.choice(possible[loc]) for loc in probe.get_orderable_locations(power) if possible[loc]
            ]
        best = float("inf")
        units = 0
        for _ in range(repeat):
            game = Game()
            for power, orders in choices.items():
                game.set_orders(power, orders)
            units = sum(len(p.units) for p in game.powers.values())
            start = time.process_time()
            game.process()
            best = min(best, time.process_time() - start)
        per_unit.append(best / units)
    return statistics.median(per_unit) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200, help="how many different turns to time")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each turn; the fastest counts")
    parser.add_argument(
        "--mila", type=int, default=30, help="movement phases of MILA diplomacy timed (anchor)"
    )
    parser.add_argument(
        "--scale", action="store_true", help="also time a synthetic map at growing sizes (see above)"
    )
    parser.add_argument("--state-size", action="store_true", help="also print the stored state's bytes")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="also profile the timed resolves (cProfile, one run per turn) and print the top 25 by tottime",
    )
    parser.add_argument(
        "--sizes", default="100,1000,10000", help="units at each size of --scale, comma-separated"
    )
    parser.add_argument(
        "--no-freeze",
        action="store_true",
        help="--scale without gc.freeze of the set-up (how it was measured before; see scale())",
    )
    args = parser.parse_args()
    ruleset = MareNostrum()
    rng = random.Random(2026)
    compiled = native.choice(pure=False)
    #: each phase's runs, interleaved turn by turn: the compiled one (when this install built it)
    #: and the Python one
    phases = {"compiled": False, "python": True} if compiled.compiled else {"python": True}
    samples: dict[str, list[float]] = {name: [] for name in phases}
    rolls = events = 0
    profiler = cProfile.Profile() if args.profile else None
    units = 0
    for i in range(args.turns):
        state = position(rng)
        units = len(state["units"])
        orders = {}
        for request in ruleset.requests(state):
            text = ruleset.bot(state, request, rng)
            orders[request.key] = ruleset.parse(request, text).orders
        text = json.dumps(state)
        outcomes = set()
        for name, pure in phases.items():
            set_pure(pure)
            best = float("inf")
            for _ in range(args.repeat):  # the best of a few runs: the machine's noise is not the ruleset's
                copy = json.loads(text)
                dice = Dice(f"bench:{i}".encode())
                start = time.process_time()
                after, happened = ruleset.resolve(copy, orders, dice)
                best = min(best, time.process_time() - start)
            samples[name].append(best)
            outcomes.add(json.dumps([after, [e.text for e in happened], dice.log_json()], sort_keys=True))
        if len(outcomes) != 1:
            raise SystemExit(f"turn {i}: the compiled and the Python phase disagree")
        rolls += len(dice.log)
        events += len(happened)
        if profiler is not None:  # one more run, profiled, kept out of the times above
            set_pure(None)
            copy, dice = json.loads(text), Dice(f"bench:{i}".encode())
            profiler.runcall(ruleset.resolve, copy, orders, dice)
    set_pure(None)
    turns = len(samples["python"])
    print(f"Mare Nostrum resolve: {turns} turns of 8 nations and {units} units")
    print(f"  {rolls / turns:.1f} dice rolls and {events / turns:.1f} events per turn")
    if not compiled.compiled:
        print(f"  no compiled phase here: {compiled.why}")
    for name, times in samples.items():
        median, mean = statistics.median(times), statistics.fmean(times)
        label = "compiled (mypyc)" if name == "compiled" else "Python"
        print(
            f"  {label + ' phase:':<24}median {median * 1e6:4.0f} us per turn = {median * 1e6 / units:4.1f} "
            f"us per unit; mean {mean * 1e6:4.0f} us = {mean * 1e6 / units:4.1f} us per unit"
        )
    if len(samples) == 2:
        print("  both phases gave the same states, events and dice in every turn")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    mila = mila_us_per_unit(args.mila, args.repeat)
    if mila is None:
        print("  anchor: MILA diplomacy is not installed here (pip install diplomacy==1.1.2)")
    else:
        print(f"  anchor: MILA diplomacy 1.1.2 movement phase, median {mila:.1f} us per unit (22 units)")
    if args.scale:
        scale([int(n) for n in args.sizes.split(",")], args.repeat, freeze=not args.no_freeze)
    if args.state_size:
        state_sizes()


if __name__ == "__main__":
    main()
