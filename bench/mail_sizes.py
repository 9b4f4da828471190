"""Measure: the weight of the mail a turn sends, per game, for this tree and an earlier one.

Not a test: run it by hand::

    .venv/bin/python bench/mail_sizes.py [--before 499d816] [--no-before]

For each of the five games (Mare Nostrum with 6 nations, the others with their default seats)
a game is started and its first turn closed; the turn notice of the start and every report mail
of the close are composed as they are sent, and their sizes printed: the whole mail (the
largest report mail of the turn), its board PNG, its HTML and text parts, as encoded in the mail.

``--before``: the same measure of an earlier commit (by default the code before report mails
were made light), checked out with ``git worktree add`` into a temporary folder and run in a
process of its own with ``PYTHONPATH`` pointing there, beside this tree's.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
BEFORE = "499d816"
GAMES = ["mare-nostrum", "far-side", "master-commander", "planet-masters", "eollis"]
OPTIONS = {"mare-nostrum": {"nations": "6"}}

SIZES = r"""
import email, json, os, sys, tempfile
from email.policy import default
from pathlib import Path
os.environ.setdefault("PBEM_PEPPER", "bench pepper, not a secret: 0123456789abcdef")
import adjudicator.publish
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, OutboxMessage
from adjudicator.mail.delivery import message_bytes
from sqlmodel import select

game, options = sys.argv[1], json.loads(sys.argv[2])
db = Database(f"sqlite:///{Path(tempfile.mkdtemp()) / 'sizes.db'}")
db.migrate()
referee = Referee(db)
_game, seats, _secret = referee.new_game(game, "sizes", options, deadline="48h")
for seat in seats:
    referee.join("sizes", seat, email=f"{seat.lower()}@sizes.invalid", name=seat)
referee.start("sizes")
with db.session() as session:
    notices = [r for r in session.exec(select(OutboxMessage)).all() if r.kind == "notice"]
referee.close_turn("sizes", reason="sizes")
with db.session() as session:
    reports = [r for r in session.exec(select(OutboxMessage)).all() if r.kind == "report"]


def parts(raw):
    msg = email.message_from_bytes(raw, policy=default)
    size = {"mail": len(raw), "png": 0, "html": 0, "text": 0, "pictures": 0}
    for part in msg.walk():
        if part.is_multipart():
            continue
        encoded = len(part.get_payload())
        kind = part.get_content_type()
        if kind.startswith("image/"):
            size["png"] += encoded
            size["pictures"] += 1
        elif kind == "text/html":
            size["html"] += encoded
            size["pictures"] += part.get_content().count("<svg")
        elif kind == "text/plain":
            size["text"] += encoded
    return size


made = [parts(message_bytes(db, r)) for r in reports]
largest = max(made, key=lambda s: s["mail"])
notice = max((len(message_bytes(db, r)) for r in notices), default=0)
print(json.dumps({"seats": len(seats), "report": largest, "notice": notice}))
"""


def measure(path: Path, game: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    env.pop("PBEM_DATABASE_URL", None)
    out = subprocess.run(
        [sys.executable, "-c", SIZES, game, json.dumps(OPTIONS.get(game, {}))],
        env=env,
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def kb(n: int) -> str:
    return f"{n / 1000:7.1f}"


def row(label: str, seats: int, sizes: dict[str, Any]) -> str:
    report = sizes["report"]
    return (
        f"  {label:<8} {seats} seats  report mail {kb(report['mail'])} KB  pictures {report['pictures']}"
        f"  (PNG {kb(report['png'])}, HTML {kb(report['html'])}, text {kb(report['text'])} KB as encoded)"
        f"  turn notice {kb(sizes['notice'])} KB"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", default=BEFORE, help="the earlier commit measured beside this tree")
    parser.add_argument("--no-before", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        before = None
        if not args.no_before:
            before = Path(name) / "before"
            subprocess.run(
                ["git", "-C", str(HERE), "worktree", "add", "--detach", str(before), args.before],
                check=True,
                capture_output=True,
            )
        try:
            print(
                "KB are 1,000 bytes; the largest report mail of the turn; base64 and quoted-printable as sent"
            )
            for game in GAMES:
                print(game)
                if before is not None:
                    old = measure(before, game)
                    print(row("before", old["seats"], old))
                new = measure(HERE, game)
                print(row("after", new["seats"], new))
        finally:
            if before is not None:
                subprocess.run(
                    ["git", "-C", str(HERE), "worktree", "remove", "--force", str(before)], check=False
                )
                shutil.rmtree(before, ignore_errors=True)


if __name__ == "__main__":
    main()
