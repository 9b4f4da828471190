"""Lateness is decided by when the mail system took a message, not by when it is handled; the SMTP
listener bounds strangers before its spool."""

from __future__ import annotations

import imaplib
import mailbox
import os
import smtplib
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from mailkit import free_port, orders_mail
from sqlmodel import select
from test_mail_sources import Dovecot, dovecot  # noqa: F401  (the real IMAP server fixture)

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Submission, Turn, as_utc, utcnow
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.sources import Listener, ListenerHandler, StrangerGate, poll_imap, poll_maildir


def accepted(db: Database) -> list[str]:
    with db.session() as session:
        rows = session.exec(select(Submission).where(Submission.status == "accepted")).all()
        return [s.canonical or "" for s in rows if s.source == "mail"]


def deadline_of(db: Database) -> datetime:
    with db.session() as session:
        turn = session.exec(select(Turn).where(Turn.game_id == "toy", Turn.number == 1)).one()
        found = as_utc(turn.deadline_at)
        assert found is not None
        return found


def test_maildir_orders_delivered_before_the_deadline_count_when_polled_after_it(
    db: Database, referee: Referee, toy_game: dict[str, str], tmp_path: Path
) -> None:
    deadline = deadline_of(db)
    box = mailbox.Maildir(tmp_path / "in", create=True)
    key = box.add(orders_mail(secret=toy_game["north"], body="guess 2", message_id="<in-time@x.org>"))
    delivered = (deadline - timedelta(minutes=1)).timestamp()
    os.utime(tmp_path / "in" / "new" / key, (delivered, delivered))
    referee.clock.now = deadline + timedelta(minutes=2)  # type: ignore[attr-defined]  # polled after it
    result = poll_maildir(db, tmp_path / "in", MailHandler(db, referee))
    assert [h.status for h in result.handled] == ["handled"], result.handled
    assert accepted(db) == ["guess 2"]


def test_maildir_orders_delivered_after_the_deadline_are_late(
    db: Database, referee: Referee, toy_game: dict[str, str], tmp_path: Path
) -> None:
    deadline = deadline_of(db)
    box = mailbox.Maildir(tmp_path / "in", create=True)
    key = box.add(orders_mail(secret=toy_game["north"], body="guess 2", message_id="<late@x.org>"))
    delivered = (deadline + timedelta(minutes=1)).timestamp()
    os.utime(tmp_path / "in" / "new" / key, (delivered, delivered))
    referee.clock.now = deadline + timedelta(minutes=2)  # type: ignore[attr-defined]
    result = poll_maildir(db, tmp_path / "in", MailHandler(db, referee))
    assert [h.status for h in result.handled] == ["refused"]
    assert "deadline" in result.handled[0].detail
    assert accepted(db) == []


def test_imap_orders_received_before_the_deadline_count_by_their_internaldate(
    db: Database,
    referee: Referee,
    toy_game: dict[str, str],
    dovecot: Dovecot,  # noqa: F811
) -> None:
    deadline = deadline_of(db)
    client = dovecot.client()
    client.select("INBOX")
    for uid in (client.uid("search", None, "ALL")[1][0] or b"").split():  # earlier tests' mail
        client.uid("store", uid, "+FLAGS", "(\\Seen)")
    received = imaplib.Time2Internaldate((deadline - timedelta(minutes=1)).timestamp())
    client.append(
        "INBOX",
        None,
        received,
        orders_mail(secret=toy_game["north"], body="guess 6", message_id="<imap@x.org>"),
    )
    client.logout()
    referee.clock.now = deadline + timedelta(minutes=5)  # type: ignore[attr-defined]
    result = poll_imap(db, dovecot.url(), MailHandler(db, referee))
    assert [h.status for h in result.handled] == ["handled"], result.handled
    assert accepted(db) == ["guess 6"]


def test_a_spooled_message_taken_before_the_deadline_is_handled_by_the_drain_before_the_close(
    db: Database, toy_game: dict[str, str], tmp_path: Path
) -> None:
    deadline = deadline_of(db)  # 48 hours from the test clock's start
    # Handled after the deadline: the handler's clock stands past it, the spool file's time before it.
    late_clock = lambda: max(deadline, utcnow()) + timedelta(minutes=1)  # noqa: E731
    handler = ListenerHandler(MailHandler(db, Referee(db, clock=late_clock)), tmp_path / "spool")
    raw = orders_mail(secret=toy_game["north"], body="guess 3", message_id="<spooled@x.org>")
    taken = datetime(2026, 11, 22, 13, 0, tzinfo=UTC)  # between the game's start and its deadline
    name = f"{int(taken.timestamp()) * 10**9}.1.1.eml"
    (tmp_path / "spool" / "new" / name).write_bytes(b"Return-Path: <north@example.org>\r\n" + raw)
    later = tmp_path / "spool" / "new" / f"{int((deadline + timedelta(hours=1)).timestamp()) * 10**9}.1.2.eml"
    later.write_bytes(b"Return-Path: <north@example.org>\r\n" + orders_mail(secret="x", message_id="<l@x>"))
    assert handler.drain(deadline) == 1
    assert accepted(db) == ["guess 3"]
    assert later.exists()  # taken after the deadline: not this close's business


# -- the gate before the spool -------------------------------------------------------
def send(port: int, sender: str, i: int) -> bool:
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        try:
            client.sendmail(sender, ["referee@pbem.test"], f"Subject: {i}\r\n\r\nhello {i}\r\n".encode())
            return True
        except smtplib.SMTPSenderRefused as exc:
            assert exc.smtp_code in (450, 451)
            return False


def test_the_listener_defers_strangers_beyond_their_allowance_per_client_and_per_sender(
    db: Database, toy_game: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_LISTEN_PER_CLIENT", "6")
    monkeypatch.setenv("PBEM_LISTEN_PER_SENDER", "2")
    port = free_port()
    listener = Listener(db, "127.0.0.1", port, spool=tmp_path / "spool").start()
    try:
        same = [send(port, "spammer+a@junk.example", i) for i in range(3)]
        assert same == [True, True, False]  # one mailbox, whatever its +tags: two an hour
        others = [send(port, f"stranger{i}@junk.example", i) for i in range(6)]
        assert others == [True, True, True, True, False, False]  # six strangers an hour from 127.0.0.1
        # The seat's registered address is no stranger: its orders still get in, from the same client.
        assert send(port, "North@Example.org", 99)
    finally:
        listener.stop()


def test_the_gate_defers_strangers_while_the_spool_is_full_but_never_a_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PBEM_LISTEN_BACKLOG", raising=False)  # 500
    monkeypatch.delenv("PBEM_LISTEN_PER_SENDER", raising=False)  # 20
    gate = StrangerGate(None)
    now = time.monotonic()
    assert (
        gate.admit("192.0.2.1", "a@junk.example", False, waiting=10_000, now=now)
        == "451 4.3.2 Busy; try again later"
    )
    assert gate.admit("192.0.2.1", "north@example.org", True, waiting=10_000, now=now) is None
    assert gate.admit("192.0.2.1", "a@junk.example", False, waiting=0, now=now) is None
    # an hour later the allowance is whole again
    for _ in range(19):
        gate.admit("192.0.2.1", "a@junk.example", False, waiting=0, now=now)
    assert gate.admit("192.0.2.1", "a@junk.example", False, waiting=0, now=now) is not None
    assert gate.admit("192.0.2.1", "a@junk.example", False, waiting=0, now=now + 3601) is None
