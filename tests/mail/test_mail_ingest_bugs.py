"""An order reader that crashes on one mail must not make `pbem mail ingest` exit 75 (EX_TEMPFAIL),
or the mail system keeps the message and pipes it again forever. Real subprocesses, real SQLite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from crashing_ruleset import CrashingGuess
from mailkit import mail_bytes, orders_mail, outbox_rows, parts
from sqlmodel import select

from adjudicator import games
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, InboundMessage

TESTS = Path(__file__).parent.parent


def ingest(raw: bytes, sqlite_url: str, cwd: Path, register: str = "") -> subprocess.CompletedProcess[bytes]:
    """`pbem mail ingest -` in a process of its own, as a .forward pipe runs it."""
    script = (
        f"import sys; sys.path.insert(0, {str(TESTS)!r}); {register}"
        "from adjudicator.cli import main; raise SystemExit(main(['mail', 'ingest', '-']))"
    )
    env = {**os.environ, "PBEM_DB": sqlite_url}
    return subprocess.run(
        [sys.executable, "-c", script], input=raw, capture_output=True, env=env, timeout=120, cwd=cwd
    )


def inbound_status(db: Database) -> list[str]:
    with db.session() as session:
        return [row.status for row in session.exec(select(InboundMessage)).all()]


def test_a_superscript_digit_in_far_side_orders_is_answered_and_not_retried(
    db: Database, sqlite_url: str, tmp_path: Path
) -> None:
    referee = Referee(db)
    referee.new_game("far-side", "duel", deadline="48h")
    secret = referee.join("duel", "british", email="nelson@example.org")
    referee.join("duel", "french", email="villeneuve@example.org")
    referee.start("duel")
    raw = orders_mail(
        game="duel",
        seat="british",
        sender="nelson@example.org",
        secret=secret,
        body="windward F²",  # its only line: nothing is taken
    )
    done = ingest(raw, sqlite_url, tmp_path)
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr.decode()[-2000:])
    assert inbound_status(db) == ["refused"]  # rejected orders: the ack lists the problem
    [ack] = [r for r in outbox_rows(db) if r.kind == "ack"]
    assert ack.to_addr == "nelson@example.org" and "REJECTED" in parts(mail_bytes(ack))["text"]


CRASHING = (
    "from crashing_ruleset import CrashingGuess; from adjudicator.games import register; "
    "register(CrashingGuess); "
)


def test_an_order_reader_that_crashes_is_logged_answered_and_never_retried(
    db: Database, sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: Any
) -> None:
    monkeypatch.setitem(games._extra, "toy-crash", CrashingGuess)  # this test's process only
    games._installed.cache_clear()
    request.addfinalizer(games._installed.cache_clear)
    referee = Referee(db)
    referee.new_game("toy-crash", "bug", {"points": "2"}, deadline="48h")
    secret = referee.join("bug", "north", email="north@example.org")
    referee.join("bug", "south", email="south@example.org")
    referee.start("bug")
    raw = orders_mail(game="bug", secret=secret, body="guess 3\nboom", message_id="<boom@x.org>")
    done = ingest(raw, sqlite_url, tmp_path, register=CRASHING)
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr.decode()[-2000:])
    assert b"failed: ValueError: a bug in the order reader" in done.stdout
    assert b"Traceback" in done.stderr  # logged for the referee
    assert inbound_status(db) == ["failed"]
    [note] = outbox_rows(db, "refusal")
    assert note.to_addr == "north@example.org"
    assert "could not read these orders" in parts(mail_bytes(note))["text"]
    again = ingest(
        raw, sqlite_url, tmp_path, register=CRASHING
    )  # the MTA would not retry; a copy is a duplicate
    assert again.returncode == 0 and b"duplicate" in again.stdout
