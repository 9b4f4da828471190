"""End to end with real servers on loopback: orders sent by SMTP to the listener, acknowledgements and
turn reports received by an SMTP server (aiosmtpd), for every seat, text and HTML, right recipients."""

from __future__ import annotations

import smtplib
import time

import pytest
from icalendar import Calendar
from mailkit import REFEREE, Sink, free_port, orders_mail, parts
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, InboundMessage
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.service import flush_outbox, start_listener
from adjudicator.mail.sources import Listener


def send(port: int, raw: bytes, sender: str, to: str = REFEREE) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        client.sendmail(sender, [to], raw)


def wait_for(predicate, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def by_kind(sink: Sink) -> dict[str, list]:
    out: dict[str, list] = {}
    for _, rcpts, raw in sink.received:
        mail = parts(raw)
        kind = str(mail["msg"]["Message-ID"]).split("@")[0].split(".")[3]
        out.setdefault(kind, []).append((rcpts, mail))
    return out


def test_orders_by_smtp_are_acknowledged_and_reports_go_to_every_seat(
    db: Database, referee: Referee, toy_game: dict[str, str], sink: Sink, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    listener = Listener(db, "127.0.0.1", free_port(), handler=MailHandler(db, referee)).start()
    try:
        # turn 1 notices were queued when the game started
        assert flush_outbox(db) == 2
        notices = by_kind(sink)["notice"]
        assert sorted(r[0][0] for r in notices) == ["north@example.org", "south@example.org"]
        ics = Calendar.from_ical(notices[0][1]["attachments"]["deadline.ics"])
        [event] = [c for c in ics.walk() if c.name == "VEVENT"]
        assert event.decoded("dtstart").isoformat() == "2026-11-24T12:00:00+00:00"

        send(
            listener.port,
            orders_mail(secret=toy_game["north"], body="guess 2\nfinal", message_id="<n1@x.org>"),
            "north@example.org",
        )
        wait_for(lambda: len(listener.results) == 1)
        assert listener.results[0].status == "handled"
        assert flush_outbox(db) == 1
        [(rcpts, ack)] = by_kind(sink)["ack"]
        assert rcpts == ["north@example.org"]
        assert ack["msg"]["In-Reply-To"] == "<n1@x.org>"
        assert "guess 2" in ack["text"] and "guess 2" in ack["html"]

        send(
            listener.port,
            orders_mail(
                sender="south@example.org",
                seat="south",
                secret=toy_game["south"],
                body="guess 5\nfinal",
                message_id="<s1@x.org>",
            ),
            "south@example.org",
        )
        wait_for(lambda: len(listener.results) == 2)
        assert "turn 1 closed" in listener.results[1].detail
        flush_outbox(db)
    finally:
        listener.stop()

    kinds = by_kind(sink)
    assert len(kinds["ack"]) == 2
    reports = kinds["report"]
    assert sorted(r[0][0] for r in reports) == ["north@example.org", "south@example.org"]
    for rcpts, mail in reports:
        seat = rcpts[0].split("@")[0]
        assert f"report for {seat}" in mail["text"]
        assert "<html" in mail["html"] and seat in mail["html"]
        assert "deadline.ics" in mail["attachments"]  # the next turn's deadline
        assert str(mail["msg"]["To"]) == rcpts[0]
    # every message went out once
    assert len(sink.message_ids()) == len(set(sink.message_ids()))


def test_start_listener_stores_and_survives_garbage(db: Database) -> None:
    port = free_port()
    listener = start_listener(db, "127.0.0.1", port)
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
            client.sendmail("", ["referee@pbem.test"], b"Subject: bounce\r\n\r\nyour mail bounced\r\n")
            client.sendmail("x@example.org", ["referee@pbem.test"], b"\xff\xfe\x00 not mime at all")
            client.sendmail("x@example.org", ["referee@pbem.test"], orders_mail(game="nope", secret="s"))
        wait_for(lambda: len(listener.results) == 3)
    finally:
        listener.stop()
    with db.session() as session:
        rows = session.exec(select(InboundMessage).order_by(InboundMessage.id)).all()  # type: ignore[arg-type]
    assert [(r.via, r.status) for r in rows] == [
        ("smtp", "ignored"),
        ("smtp", "refused"),
        ("smtp", "refused"),
    ]
    assert b"Return-Path: <>" in rows[0].raw


def test_the_listener_handles_messages_arriving_at_once(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    import threading

    listener = Listener(db, "127.0.0.1", free_port(), handler=MailHandler(db, referee)).start()
    raws = [
        orders_mail(secret=toy_game["north"], body=f"guess {1 + i % 6}", message_id=f"<c{i}@x.org>")
        for i in range(4)
    ]
    raws.append(raws[0])  # and one of them twice
    try:
        threads = [
            threading.Thread(target=send, args=(listener.port, raw, "north@example.org")) for raw in raws
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wait_for(lambda: len(listener.results) == 5)
    finally:
        listener.stop()
    statuses = sorted(r.status for r in listener.results)
    assert statuses == ["duplicate"] + ["handled"] * 4
    assert sum(r.replies for r in listener.results) == 4
