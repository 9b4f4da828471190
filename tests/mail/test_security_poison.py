"""Every message ends answered or recorded as unreadable, once: a mail whose text decodes to
something no database can store (a lone surrogate from UTF-7) is not a passing error tried for ever."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, InboundMessage
from adjudicator.mail.handler import MailHandler


def poison(secret: str) -> bytes:
    """A verified mail in UTF-7 whose text decodes to a lone surrogate (``+2D0-`` is U+D834)."""
    body = f"game: toy\nseat: north\nsecret: {secret}\nturn: 1\n\nguess 3 +2D0-\n"
    return (
        "From: north@example.org\nTo: referee@pbem.test\nSubject: orders\nMessage-ID: <poison@x.org>\n"
        "Content-Type: text/plain; charset=utf-7\n\n" + body
    ).encode()


@pytest.mark.parametrize(
    "where",
    [
        (b"guess 3 +2D0-", b"guess 3 +2D0-"),  # in the orders
        (b"seat: north", b"seat: north+2D0-"),  # in the seat line
        (b"guess 3 +2D0-", b"press to south\n+2D0-"),  # in a press message
        (b"Subject: orders", b"Subject: =?utf-7?q?+2D0-?="),  # in a header
    ],
    ids=["orders", "seat", "press", "subject"],
)
def test_a_utf7_mail_decoding_to_a_lone_surrogate_is_answered_once_not_retried(
    db: Database, referee: Referee, toy_game: dict[str, str], where: tuple[bytes, bytes]
) -> None:
    raw = poison(toy_game["north"]).replace(*where)
    handler = MailHandler(db, referee)
    first = handler.handle(raw)
    assert first.status in ("handled", "refused"), first  # not "error" (tried again), not a crash
    assert handler.handle(raw).status == "duplicate"
    with db.session() as session:
        [row] = session.exec(select(InboundMessage)).all()
    assert row.status == first.status


def test_pbem_mail_ingest_does_not_ask_for_a_retry_of_a_poison_mail(
    db: Database, sqlite_url: str, toy_game: dict[str, str], tmp_path: Path
) -> None:
    message = tmp_path / "poison.eml"
    message.write_bytes(poison(toy_game["north"]).replace(b"seat: north", b"seat: north+2D0-"))
    boot = (
        "import sys; sys.path.insert(0, sys.argv[1]); from toy_ruleset import ClosestGuess; "
        "from adjudicator.games import register; register(ClosestGuess); "
        "from adjudicator.cli import main; raise SystemExit(main(sys.argv[2:]))"
    )
    tests = str(Path(__file__).resolve().parent.parent)
    for _ in range(2):  # an MTA that was told 75 would try again
        done = subprocess.run(
            [sys.executable, "-c", boot, tests, "mail", "ingest", str(message), "--db", sqlite_url],
            capture_output=True,
            timeout=120,
        )
        assert done.returncode != 75, done.stderr.decode()[-2000:]
