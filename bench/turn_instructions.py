"""Benchmark: the instructions a whole turn costs (close, then every mail composed and sent), counted.

Not a timed test: run it by hand (it needs valgrind; each code takes minutes under it)::

    .venv/bin/python bench/turn_instructions.py [--game mare-nostrum] [--turns 2] [--no-release]

CPU time is what a host pays, and ``bench/turn_mail.py`` measures it; but on a virtual machine
whose host is shared, the same code's CPU time varies by half from one minute to the next, and a
difference of a tenth cannot be told from that. Instructions retired do not vary: this bench
counts them with ``valgrind --tool=callgrind`` (every thread of the process: the close, the
composing threads, the SMTP client), the same way for this tree and for the first release (the
anchor, commit 1d84102, checked out as ``turn_mail.py`` does).

How: the same games are set up in two runs of one code under valgrind; the first run closes and
sends one game's turn (paying the imports and first-use caches), the second ``--turns`` more;
the difference, divided by ``--turns``, is what one more turn costs. Each turn's mails go over
SMTP to an aiosmtpd sink in a process of its own (not counted). Printed: millions of instructions
per turn for each code, and the share of the first release's.

Instructions are not time: code in C or Rust (the picture's renderer, zlib) retires more of
them per nanosecond than the Python interpreter does, so the share in instructions and the share
in CPU time differ. Both are printed by the two benches; neither replaces the other.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from outbox_flush import SinkProcess  # the sink in a process of its own
from turn_mail import OPTIONS, RELEASE, release_tree  # the same games, the same anchor

HERE = Path(__file__).resolve().parent.parent

#: Runs under valgrind with PYTHONPATH at the code counted. argv: game, options, games, closed, port.
TURNS = r"""
import json, os, sys, tempfile
from pathlib import Path
os.environ.setdefault("PBEM_PEPPER", "bench pepper, not a secret: 0123456789abcdef")
from sqlalchemy import update
import adjudicator
game, options = sys.argv[1], json.loads(sys.argv[2])
games, closed, port = (int(a) for a in sys.argv[3:6])
if (Path(adjudicator.__file__).parent / "core").is_dir():
    import adjudicator.publish  # registers the report hooks
    from adjudicator.core.engine import Referee
    from adjudicator.core.store import Database, OutboxMessage
    from adjudicator.mail.outbound import SmtpConfig, flush_smtp
else:
    from adjudicator.engine import Referee
    from adjudicator.store import Database, OutboxMessage
    from adjudicator.mail.outbound import SmtpConfig, flush_smtp
db = Database(f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}")
db.migrate()
referee = Referee(db)
ids = [f"g{n}" for n in range(games)]
for game_id in ids:
    _game, seats, _secret = referee.new_game(game, game_id, options, deadline="48h")
    for seat in seats:
        referee.join(game_id, seat, email=f"{seat.lower()}@bench.invalid", name=seat)
    referee.start(game_id)
with db.session() as session:  # the start notices: not a turn's mail
    session.execute(update(OutboxMessage).values(status="sent"))
config = SmtpConfig.from_url(f"smtp://127.0.0.1:{port}")
sent = 0
for game_id in ids[:closed]:
    assert referee.close_turn(game_id, reason="bench") is not None
    sent += flush_smtp(db, config).sent
print(json.dumps({"sent": sent}))
"""

_COLLECTED = re.compile(r"Collected : (\d+)")


def counted(path: Path, game: str, games: int, closed: int, port: int) -> tuple[int, int]:
    """Instructions of one run of ``TURNS`` under callgrind, and the mails it sent."""
    env = {**os.environ, "PYTHONPATH": str(path)}
    env.pop("PBEM_DATABASE_URL", None)
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--cache-sim=no",
            "--branch-sim=no",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            TURNS,
            game,
            json.dumps(OPTIONS.get(game, {})),
            str(games),
            str(closed),
            str(port),
        ],
        env=env,
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        check=False,
    )
    found = _COLLECTED.search(out.stderr)
    if out.returncode != 0 or found is None:
        raise RuntimeError(out.stderr[-3000:])
    return int(found.group(1)), json.loads(out.stdout.strip().splitlines()[-1])["sent"]


def per_turn(path: Path, game: str, turns: int, port: int) -> tuple[float, int]:
    """Instructions one more turn costs (close and its mails sent), and the mails of a turn."""
    games = 1 + turns
    (first, sent_first), (more, sent_more) = (
        counted(path, game, games, 1, port),
        counted(path, game, games, games, port),
    )
    return (more - first) / turns, (sent_more - sent_first) // turns


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="mare-nostrum")
    parser.add_argument("--turns", type=int, default=2, help="turns counted beyond the first")
    parser.add_argument("--no-release", action="store_true", help="skip the first release's anchor")
    parser.add_argument("--also", type=Path, help="another checkout counted the same way (an earlier commit)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed here (Debian: apt-get install valgrind)")
    sink = SinkProcess()
    with tempfile.TemporaryDirectory() as name:
        release = None if args.no_release else release_tree(Path(name))
        try:
            mine, mails = per_turn(HERE, args.game, args.turns, sink.port)
            print(f"{args.game}: this tree {mine / 1e6:8.1f} million instructions a turn ({mails} mails)")
            if args.also is not None:
                other, mails = per_turn(args.also.resolve(), args.game, args.turns, sink.port)
                print(
                    f"{args.game}: {args.also} {other / 1e6:8.1f} million instructions a turn ({mails} mails)"
                )
            if release is not None:
                theirs, mails = per_turn(release, args.game, args.turns, sink.port)
                print(
                    f"{args.game}: first release ({RELEASE}) {theirs / 1e6:8.1f} million instructions a turn "
                    f"({mails} mails); this tree's share {mine / theirs:.3f}"
                )
        finally:
            if release is not None:
                subprocess.run(
                    ["git", "-C", str(HERE), "worktree", "remove", "--force", str(release)], check=False
                )
                shutil.rmtree(release, ignore_errors=True)
    sink.stop()


if __name__ == "__main__":
    main()
