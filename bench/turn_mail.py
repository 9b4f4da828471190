"""Benchmark: a whole turn, end to end: the close, then composing and sending every mail it queued.

Not a timed test: run it by hand::

    .venv/bin/python bench/turn_mail.py [--games 4] [--game mare-nostrum|all] [--no-release] \\
        [--new-marks] [--repeat 1]

For each game (a 6-seat Mare Nostrum by default; ``--game all``: the five games, Mare Nostrum
with 6 seats, the others with their default seats) ``--games`` games are set up in one process
(players with addresses, nothing timed), then each game's first turn is closed and its mails sent
over SMTP to an aiosmtpd sink running in another process (``flush_smtp``, as ``pbem serve`` and
``pbem tick`` send). Per stage, CPU (``time.process_time``: this process, all its threads) and
wall time:

- ``close``: ``Referee.close_turn`` (resolve, record, reports rendered, mails queued);
- ``send``: the flush, composing included; inside it, measured in the composing threads
  (``time.thread_time``): ``compose`` (every mail built, the picture's conversion included), of
  which ``picture`` (the board rendered, in one pass or from its layers, and made a palette PNG:
  printed apart);
- ``turn``: close + send.

The first game of a process pays the imports and first-use caches; the figures are the median
over the others (``--games`` 4: three games). Every game closes the same first turn, so a board
drawn in layers reuses, after the first game, the patches of its marks as well as its static
layers; ``--new-marks`` runs the games again with no mark kept from the game before (a turn in
which every mark is new: the most a turn's picture costs once the map's layers are kept).
Also printed: the composing CPU per report mail
(the mail that makes the PNG, and the others, which reuse it), the board conversions per turn
(counted by :data:`adjudicator.publish.pictures.conversions`), again after the archive export
(which must reuse the PNG: the count must not move), and the mail bytes.

Anchors, measured in the same run: the first release's code (commit 1d84102, checked out with
``git worktree add`` into a temporary folder, run with ``PYTHONPATH`` pointing there: it composed
every mail inside the close, so its ``send`` is sending only), and a raw aiosmtplib loop sending
the very same bytes to the same sink on one connection (what sending alone costs). Every run of
each code is a process of its own, started the same way; with ``--repeat`` the codes run in turn
that many times and their turns are pooled. Each turn is also printed at the speed of the quiet
machine the targets were set on: the first release's 6-seat Mare Nostrum turn, run between the
codes' runs (for Mare Nostrum, its anchor), is the yardstick, taken as the 597 ms it measured
there (``docs/turn-cost.md``). On a host whose speed varies (a shared virtual machine: the speed
probe below has been seen to double within minutes) a turn's share of the yardstick holds where
milliseconds do not. A speed probe (a fixed Python loop)
is timed before and after the run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from outbox_flush import SinkProcess  # the sink in a process of its own

HERE = Path(__file__).resolve().parent.parent
RELEASE = "1d84102"
GAMES = ["mare-nostrum", "far-side", "master-commander", "planet-masters", "eollis"]
OPTIONS = {"mare-nostrum": {"nations": "6"}}
#: The targets: CPU of a whole turn (close and every mail sent), and of composing a report mail.
TURN_TARGET, MAIL_TARGET = 0.100, 0.005
#: The first release's 6-seat Mare Nostrum turn on the quiet machine the targets were set for
#: (docs/turn-cost.md): a turn's share of the first release's, measured in one run, compares with
#: the target's share of it on any machine, however fast.
REFERENCE_RELEASE_TURN = 0.597


def speed_probe() -> float:
    """CPU seconds of a fixed pure-Python loop (the sum of 10^7 squares): how fast this machine
    runs Python just now (on a host shared with others it varies by half within minutes)."""
    start = time.process_time()
    sum(i * i for i in range(10**7))
    return time.process_time() - start


#: Runs in a process of its own with PYTHONPATH at the code measured (this tree or the first
#: release's, whose modules sat elsewhere). argv: game, options (JSON), games, sink port.
TURN = r"""
import asyncio, json, os, statistics, sys, tempfile, threading, time
from pathlib import Path
os.environ.setdefault("PBEM_PEPPER", "bench pepper, not a secret: 0123456789abcdef")
import aiosmtplib
from sqlalchemy import update
from sqlmodel import select

game, options, games, port = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
import adjudicator

NEW = (Path(adjudicator.__file__).parent / "core").is_dir()  # the layers of today, or the first release's
if NEW:
    import adjudicator.publish  # registers the report hooks
    from adjudicator.core.engine import Referee
    from adjudicator.core.store import Database, OutboxMessage
    from adjudicator.mail import delivery
    from adjudicator.mail.outbound import SmtpConfig, flush_smtp
    from adjudicator.publish import pictures
    from adjudicator.publish.archive import export_game
else:
    from adjudicator.engine import Referee
    from adjudicator.store import Database, OutboxMessage
    from adjudicator.mail.outbound import SmtpConfig, flush_smtp

lock = threading.Lock()
spent = {"compose": [], "picture": 0.0, "palette": 0.0}
if NEW:  # CPU of composing, measured in the composing threads
    plain_bytes, plain_render = delivery.message_bytes, pictures.render

    def message_bytes(db, row):
        start = time.thread_time()
        try:
            return plain_bytes(db, row)
        finally:
            if row.kind == "report":
                with lock:
                    spent["compose"].append(time.thread_time() - start)

    def render(*args, **kwargs):
        start = time.thread_time()
        try:
            return plain_render(*args, **kwargs)
        finally:
            with lock:
                spent["picture"] += time.thread_time() - start

    delivery.message_bytes, pictures.render = message_bytes, render
    plain_palette = pictures.palette_png

    def palette_png(*args, **kwargs):
        start = time.thread_time()
        try:
            return plain_palette(*args, **kwargs)
        finally:
            took = time.thread_time() - start
            with lock:
                spent["picture"] += took
                spent["palette"] += took

    pictures.palette_png = palette_png
    plain_layered = getattr(pictures, "layered", None)  # a board drawn in layers, the kept ones reused

    def layered(*args, **kwargs):
        start = time.thread_time()
        try:
            return plain_layered(*args, **kwargs)
        finally:
            with lock:
                spent["picture"] += time.thread_time() - start

    if plain_layered is not None:
        pictures.layered = layered


async def raw_loop(raws):
    client = aiosmtplib.SMTP(hostname="127.0.0.1", port=port, start_tls=False)
    await client.connect()
    for to_addr, raw in raws:
        await client.sendmail("referee@pbem.invalid", [to_addr], raw)
    await client.quit()


def clock():
    return time.process_time(), time.perf_counter()


tmp = tempfile.mkdtemp()
db = Database(f"sqlite:///{Path(tmp) / 'bench.db'}")
db.migrate()
referee = Referee(db)
ids = [f"g{n}" for n in range(games)]
for game_id in ids:
    _game, seats, _secret = referee.new_game(game, game_id, options, deadline="48h")
    for seat in seats:
        referee.join(game_id, seat, email=f"{seat.lower()}@bench.invalid", name=seat)
    referee.start(game_id)
with db.session() as session:  # the start notices: not this turn's mail
    session.execute(update(OutboxMessage).values(status="sent"))
config = SmtpConfig.from_url(f"smtp://127.0.0.1:{port}")
results = []
for game_id in ids:
    spent["compose"].clear()
    spent["picture"] = spent["palette"] = 0.0
    before = pictures.conversions.count if NEW else 0
    if NEW:  # each game's turn is another board, as the next turn of a game is
        pictures._converted.cache_clear()
    if NEW and os.environ.get("BENCH_NEW_MARKS") and hasattr(pictures, "_PATCH_PIXELS"):
        pictures._INK.clear()  # every mark of the board as if never drawn: a turn where all moved
        pictures._PATCH_PIXELS.clear()
    with db.session() as session:
        queued_before = set(session.exec(select(OutboxMessage.id)).all())
    c0, w0 = clock()
    assert referee.close_turn(game_id, reason="bench") is not None
    c1, w1 = clock()
    sent = flush_smtp(db, config).sent
    c2, w2 = clock()
    # the bytes made again below for the raw loop are not the send's
    composed, picture, palette = list(spent["compose"]), spent["picture"], spent["palette"]
    with db.session() as session:
        rows = [r for r in session.exec(select(OutboxMessage).where(OutboxMessage.game_id == game_id)).all()
                if r.id not in queued_before]
    raws = [(r.to_addr, delivery.message_bytes(db, r) if NEW else r.raw) for r in rows]
    conversions = (pictures.conversions.count - before) if NEW else None
    c3, w3 = clock()
    asyncio.run(raw_loop(raws))
    c4, w4 = clock()
    exported = None
    if NEW:
        export_game(db, game_id, Path(tmp) / "archive")
        exported = pictures.conversions.count - before
    results.append({
        "close": [c1 - c0, w1 - w0], "send": [c2 - c1, w2 - w1], "raw": [c4 - c3, w4 - w3],
        "compose": composed, "picture": picture, "palette": palette, "mails": sent,
        "reports": sum(1 for r in rows if r.kind == "report"), "bytes": [len(b) for _, b in raws],
        "conversions": conversions, "after_export": exported,
    })
print(json.dumps(results))
"""


def run_code(path: Path, game: str, games: int, port: int, new_marks: bool = False) -> list[dict[str, Any]]:
    env = {**os.environ, "PYTHONPATH": str(path), "BENCH_NEW_MARKS": "1" if new_marks else ""}
    env.pop("PBEM_DATABASE_URL", None)
    out = subprocess.run(
        [sys.executable, "-c", TURN, game, json.dumps(OPTIONS.get(game, {})), str(games), str(port)],
        env=env,
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-3000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def median(results: list[dict[str, Any]], key: str, index: int = 0) -> float:
    warm = results[1:] or results
    return statistics.median(r[key][index] if isinstance(r[key], list) else r[key] for r in warm)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def show(label: str, results: list[dict[str, Any]]) -> None:
    close_cpu, send_cpu = median(results, "close"), median(results, "send")
    close_wall, send_wall = median(results, "close", 1), median(results, "send", 1)
    warm = results[1:] or results
    print(
        f"  {label:<14} close {ms(close_cpu)} cpu {ms(close_wall)} wall | send {ms(send_cpu)} cpu "
        f"{ms(send_wall)} wall | turn {ms(close_cpu + send_cpu)} cpu {ms(close_wall + send_wall)} wall"
    )
    if warm[0]["compose"]:
        composing = [sum(r["compose"]) for r in warm]
        firsts = [max(r["compose"]) for r in warm]  # the mail that made the PNG (the others waited for it)
        others = [c for r in warm for c in sorted(r["compose"])[:-1]]
        print(
            f"  {'':<14} of the send: compose {ms(statistics.median(composing))} cpu, of which the "
            f"picture {ms(median(results, 'picture'))} cpu (the palette PNG {ms(median(results, 'palette'))} "
            f"of it, the rest the rendering); per report mail: the one that made the PNG "
            f"{ms(statistics.median(firsts))} cpu, the others "
            f"{ms(statistics.median(others) if others else 0.0)} cpu (median), "
            f"{ms(max(others) if others else 0.0)} at most"
        )
        print(
            f"  {'':<14} board conversions per turn: {warm[0]['conversions']} (after the archive export: "
            f"{warm[0]['after_export']})"
        )
        turn, most = close_cpu + send_cpu, max(others) if others else 0.0
        print(
            f"  {'':<14} targets (on a quiet machine): a turn <= {TURN_TARGET * 1000:.0f} ms cpu: "
            f"{'met' if turn <= TURN_TARGET else 'NOT met'} ({turn * 1000:.1f}); a report mail reusing the "
            f"PNG <= {MAIL_TARGET * 1000:.0f} ms cpu: {'met' if most <= MAIL_TARGET else 'NOT met'} "
            f"(at most {most * 1000:.1f})"
        )
    sizes = warm[0]["bytes"]
    print(
        f"  {'':<14} {warm[0]['mails']} mails ({warm[0]['reports']} reports), {sum(sizes) // 1000} KB, "
        f"the largest {max(sizes) // 1000} KB; raw aiosmtplib loop, same bytes: "
        f"{ms(median(results, 'raw'))} cpu {ms(median(results, 'raw', 1))} wall"
    )


def release_tree(tmp: Path) -> Path | None:
    folder = tmp / "release"
    made = subprocess.run(
        ["git", "-C", str(HERE), "worktree", "add", "--detach", str(folder), RELEASE],
        capture_output=True,
        text=True,
        check=False,
    )
    if made.returncode != 0:
        print(f"the first release could not be checked out: {made.stderr.strip()}")
        return None
    return folder


def measure_game(game: str, args: argparse.Namespace, release: Path | None, port: int) -> None:
    """Each code's turns of ``game``, the codes alternated ``--repeat`` times (a machine slower for
    a while slows each alike), pooled and shown; then each turn at the speed of the machine the
    targets were set on (:data:`REFERENCE_RELEASE_TURN`), the yardstick being the first release's
    6-seat Mare Nostrum turn run between them (for Mare Nostrum, the anchor itself)."""
    runs: dict[str, list[list[dict[str, Any]]]] = {"this tree": [], "all marks new": [], "first release": []}
    yardstick: list[list[dict[str, Any]]] = []
    own_release = True
    for _ in range(args.repeat):
        runs["this tree"].append(run_code(HERE, game, args.games, port))
        if args.new_marks:
            runs["all marks new"].append(run_code(HERE, game, args.games, port, new_marks=True))
        if release is not None and own_release:
            try:
                runs["first release"].append(run_code(release, game, args.games, port))
            except RuntimeError as error:  # a game the first release did not have
                print(f"  first release: could not run this game ({str(error).splitlines()[-1]})")
                own_release = False
        if release is not None and game != "mare-nostrum":
            yardstick.append(run_code(release, "mare-nostrum", args.games, port))
    turns = {}
    for label, made in runs.items():
        if made:
            joined = pooled(made)
            show(label, joined)
            turns[label] = median(joined, "close") + median(joined, "send")
    if game == "mare-nostrum" and "first release" in turns:
        yardstick = runs["first release"]
    if yardstick:
        measure = pooled(yardstick)
        scale = REFERENCE_RELEASE_TURN / (median(measure, "close") + median(measure, "send"))
        turns.pop("first release", None)
        said = ", ".join(
            f"{label} {turn * scale * 1000:.1f} ms ({'met' if turn * scale <= TURN_TARGET else 'NOT met'})"
            for label, turn in turns.items()
        )
        print(
            f"  {'':<14} at the reference machine's speed (the first release's Mare Nostrum turn, run "
            f"between, taken as its {REFERENCE_RELEASE_TURN * 1000:.0f} ms there): {said}; "
            f"target {TURN_TARGET * 1000:.0f} ms"
        )
        others = [
            c
            for label in ("this tree", "all marks new")
            if runs[label]
            for r in pooled(runs[label])[1:]
            for c in sorted(r["compose"])[:-1]
        ]
        if others:
            most = max(others) * scale
            print(
                f"  {'':<14} a report mail reusing the PNG at that speed: median "
                f"{statistics.median(others) * scale * 1000:.1f} ms, at most {most * 1000:.1f} "
                f"({'met' if most <= MAIL_TARGET else 'NOT met'}; target {MAIL_TARGET * 1000:.0f} ms)"
            )


def pooled(made: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The turns of several processes of one code: the first process's warm-up, then every warm turn."""
    return made[0][:1] + [r for results in made for r in results[1:]]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="mare-nostrum", help="a game, or 'all'")
    parser.add_argument("--games", type=int, default=4, help="games per process (the first is warm-up)")
    parser.add_argument("--no-release", action="store_true", help="skip the first release's anchor")
    parser.add_argument(
        "--repeat", type=int, default=1, help="run each code this many times, alternated, and pool the turns"
    )
    parser.add_argument(
        "--new-marks",
        action="store_true",
        help="also run each turn with no mark of the board kept from the game before (all new)",
    )
    args = parser.parse_args()
    games = GAMES if args.game == "all" else [args.game]
    load = os.getloadavg()
    print(
        f"load average {load[0]:.2f} on {os.cpu_count()} cores; milliseconds; "
        f"median of {(args.games - 1) * args.repeat} turns; "
        f"machine speed probe: {speed_probe() * 1000:.0f} ms"
    )
    sink = SinkProcess()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        release = None if args.no_release else release_tree(tmp)
        try:
            for game in games:
                print(f"{game} ({OPTIONS.get(game, {}).get('nations', 'default')} seats)")
                measure_game(game, args, release, sink.port)
        finally:
            if release is not None:
                subprocess.run(
                    ["git", "-C", str(HERE), "worktree", "remove", "--force", str(release)], check=False
                )
                shutil.rmtree(release, ignore_errors=True)
    print(f"machine speed probe after the run: {speed_probe() * 1000:.0f} ms")
    sink.stop()


if __name__ == "__main__":
    main()
