"""Orders the SMTP listener answered ``250`` before a deadline count for that turn, under a flood
of strangers' mail, end to end against ``pbem serve --listen`` on loopback."""

from __future__ import annotations

import smtplib
import socket
import threading
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from schedule_helpers import count_closed, start_serve, stop, wait_for
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Submission, utcnow

pytestmark = pytest.mark.slow

FLOOD = 4000
THREADS = 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def junk(i: int) -> tuple[str, bytes]:
    """A small junk mail from a stranger (built by hand: thousands are sent)."""
    sender = f"stranger{i}@junk.example"
    raw = (
        f"From: {sender}\r\nTo: referee@pbem.test\r\nSubject: junk {i}\r\n"
        f"Message-ID: <junk-{i}@junk.example>\r\n\r\ngame: flood\r\nseat: north\r\n\r\nbuy now {i}\r\n"
    )
    return sender, raw.encode()


def orders(secret: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg["To"] = "referee@pbem.test"
    msg["Subject"] = "orders"
    msg["Message-ID"] = "<north-orders-1@example.org>"
    msg.set_content(f"game: flood\nseat: north\nsecret: {secret}\nturn: 1\n\nguess 4\n")
    return msg.as_bytes()


class Flood:
    """Strangers' junk sent over a few SMTP connections at once; counts what was taken and deferred."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.accepted = 0
        self.deferred = 0
        self.attempted = 0
        self.lock = threading.Lock()
        self.half = threading.Event()

    def run(self, first: int) -> None:
        client = smtplib.SMTP("127.0.0.1", self.port, timeout=30)
        try:
            for i in range(first, FLOOD, THREADS):
                sender, raw = junk(i)
                try:
                    client.sendmail(sender, ["referee@pbem.test"], raw)
                    taken = True
                except (smtplib.SMTPSenderRefused, smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError):
                    taken = False
                with self.lock:
                    self.attempted += 1
                    self.accepted += taken
                    self.deferred += not taken
                    if self.attempted >= FLOOD // 2:
                        self.half.set()
        finally:
            client.quit()


def test_orders_answered_250_before_the_deadline_count_under_a_flood_of_strangers_mail(
    db: Database, sqlite_url: str, tmp_path: Path
) -> None:
    referee = Referee(db)
    referee.new_game("toy-guess", "flood", {"points": "99"}, deadline="1h")
    secret = referee.join("flood", "north", email="north@example.org")
    assert secret is not None
    referee.join("flood", "south", email="south@example.org")
    referee.start("flood")
    port = free_port()
    log = tmp_path / "serve.log"
    server = start_serve(sqlite_url, log, "--listen", f"127.0.0.1:{port}")
    try:

        def listening() -> bool:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return True
            except OSError:
                return False

        assert wait_for(listening), log.read_text()
        flood = Flood(port)
        threads = [threading.Thread(target=flood.run, args=(n,)) for n in range(THREADS)]
        for thread in threads:
            thread.start()
        assert flood.half.wait(60), "the flood did not get going"
        # In the middle of the flood: the player's orders, answered 250 ...
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
            refused = client.sendmail("north@example.org", ["referee@pbem.test"], orders(secret))
        assert refused == {}
        # ... and only then the deadline, a moment later: the orders were taken before it.
        Referee(db).set_deadline("flood", utcnow() + timedelta(seconds=1))
        for thread in threads:
            thread.join(120)
        assert flood.attempted == FLOOD
        assert wait_for(lambda: count_closed(sqlite_url) == 1, timeout=60), log.read_text()
    finally:
        assert stop(server) == 0, log.read_text()
    with db.session() as session:
        north = session.exec(
            select(Submission).where(
                Submission.game_id == "flood",
                Submission.turn_number == 1,
                Submission.seat == "north",
                Submission.status == "accepted",
            )
        ).all()
    assert [(s.source, s.canonical) for s in north] == [("mail", "guess 4")], log.read_text()[-3000:]
    # Strangers were bounded before the spool: most of the flood was told to come back later.
    assert flood.deferred > FLOOD * 0.9, (flood.accepted, flood.deferred)
    spool = tmp_path / "spool" / "new"
    assert not spool.exists() or len(list(spool.iterdir())) < 100
