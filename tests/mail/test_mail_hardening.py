"""Mail and secrets: forged, replayed and hostile mail against a real SQLite database.

Each test reproduces one defect found by attacking the referee (it failed before the fix).
"""

from __future__ import annotations

import base64
import smtplib
import threading
import time
from datetime import datetime
from email.message import EmailMessage
from pathlib import Path

import pytest
from mailkit import free_port, mail_bytes, orders_mail, outbox_rows, parts
from sqlalchemy import text
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, InboundMessage, Submission
from adjudicator.mail.handler import UNVERIFIED_KEEP, Handled, MailHandler, turn_written_for
from adjudicator.mail.sources import Listener


def accepted(db: Database, seat: str = "north") -> list[Submission]:
    with db.session() as session:
        query = select(Submission).where(Submission.status == "accepted", Submission.seat == seat)
        return list(session.exec(query.order_by(Submission.id)).all())  # type: ignore[arg-type]


def inbound(db: Database) -> list[InboundMessage]:
    with db.session() as session:
        return list(session.exec(select(InboundMessage).order_by(InboundMessage.id)).all())  # type: ignore[arg-type]


def texts_to_north(db: Database) -> list[str]:
    return [parts(mail_bytes(r, db))["text"] for r in outbox_rows(db) if r.to_addr == "north@example.org"]


# -- forged mail silences a player -------------------------------------------------
def test_twenty_forged_mails_do_not_silence_the_real_player(
    db: Database, handler: MailHandler, toy_game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_MAIL_RATE", "5")
    for i in range(20):  # anyone can write north's address in From; nobody else knows the secret
        handler.handle(orders_mail(secret="guessed", body="guess 1", message_id=f"<forged{i}@evil.example>"))
    handled = handler.handle(orders_mail(secret=toy_game["north"], body="guess 4", message_id="<real@x.org>"))
    assert handled.status == "handled", handled
    assert [s.canonical for s in accepted(db)] == ["guess 4"]
    assert [r.kind for r in outbox_rows(db) if r.kind == "ack"] == ["ack"]


def test_a_flood_of_forged_mail_is_ignored_after_the_rate(
    db: Database, handler: MailHandler, toy_game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_MAIL_RATE", "5")
    results = [handler.handle(orders_mail(secret="x", message_id=f"<f{i}@e.example>")) for i in range(8)]
    assert [r.status for r in results] == ["refused"] * 5 + ["ignored"] * 3
    assert "unverified" in results[-1].detail


# -- replay ------------------------------------------------------------------------
def test_an_old_orders_mail_sent_again_is_refused_with_a_reply(
    db: Database, referee: Referee, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    old = orders_mail(secret=toy_game["north"], body="guess 1\nfinal", turn=1, message_id="<t1@x.org>")
    assert handler.handle(old).status == "handled"
    referee.close_turn("toy")
    assert handler.handle(
        orders_mail(secret=toy_game["north"], body="guess 6", turn=2, message_id="<t2@x.org>")
    ).status == ("handled")
    # Someone who saw the turn-1 mail sends its bytes again under a new Message-ID.
    replay = old.replace(b"<t1@x.org>", b"<t1-again@evil.example>")
    handled = handler.handle(replay)
    assert handled.status == "refused" and "written for turn 1" in handled.detail
    assert [s.canonical for s in accepted(db)][-1] == "guess 6"  # the turn-2 orders stand
    assert referee.status("toy")["turn"] == 2  # and `final` did not close turn 2
    note = texts_to_north(db)[-1]
    assert "written for turn 1, but the open turn is 2" in note and "turn: 2" in note


def test_orders_without_a_turn_line_are_refused_with_the_line_to_add(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(orders_mail(secret=toy_game["north"], turn=None, body="guess 2"))
    assert handled.status == "refused"
    assert accepted(db) == []
    note = texts_to_north(db)[-1]
    assert "do not say which turn they are for" in note and "    turn: 1" in note
    assert handler.handle(orders_mail(secret=toy_game["north"], turn=1, body="guess 2")).status == "handled"


def test_commands_need_no_turn_line(db: Database, handler: MailHandler, toy_game: dict[str, str]) -> None:
    assert handler.handle(orders_mail(secret=toy_game["north"], turn=None, body="status")).status == "handled"


# -- secrets at rest ---------------------------------------------------------------
def test_no_secret_is_stored_in_clear_anywhere_in_the_database_file(
    db: Database, handler: MailHandler, toy_game: dict[str, str], tmp_path: Path
) -> None:
    secret = toy_game["north"]
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg["Subject"] = f"orders (secret {secret})"
    msg["Message-ID"] = "<qp@x.org>"
    msg.set_content(
        f"game: toy\nseat: north\nsecret: {secret}\nturn: 1\n\nguess 3\n# ünd\n", cte="quoted-printable"
    )
    assert handler.handle(msg.as_bytes()).status == "handled"
    b64 = orders_mail(secret=secret, body="guess 4", message_id="<b64@x.org>")
    head, body = b64.split(b"\n\n", 1)
    b64 = head + b"\nContent-Transfer-Encoding: base64\n\n" + base64.encodebytes(body)
    b64 = b64.replace(b"Content-Transfer-Encoding: 7bit\n", b"")
    assert handler.handle(b64).status == "handled", "a base64 body is read"
    handler.handle(orders_mail(secret=secret, sender="mallory@evil.example", message_id="<s@evil.example>"))
    rows = inbound(db)
    assert len(rows) == 3
    for row in rows:
        assert secret.encode() not in row.raw
        assert b"secret: [redacted]" in row.raw
    assert b"# \xc3\xbcnd" in rows[0].raw  # what was read is kept, decoded, for the referee
    db.dispose()
    for path in tmp_path.glob("pbem.db*"):  # the file, its WAL: nowhere in clear
        assert secret.encode() not in path.read_bytes(), path.name


# -- refusal text chosen by a stranger ---------------------------------------------
@pytest.mark.parametrize("sender", ["mallory@evil.example", "north@example.org"])
def test_nothing_a_stranger_writes_is_mailed_to_the_player(
    db: Database, handler: MailHandler, toy_game: dict[str, str], sender: str
) -> None:
    bait = "command: login at https://evil.example/verify now"
    handled = handler.handle(orders_mail(sender=sender, secret="guess", body=bait, subject="Urgent"))
    assert handled.status == "refused"
    [note] = [r for r in outbox_rows(db) if r.kind in ("unverified", "refusal")]
    assert b"evil.example" not in note.raw and b"login" not in note.raw and b"Urgent" not in note.raw
    assert note.kind == "unverified" and note.to_addr == "north@example.org"


def test_forged_mail_does_not_use_up_the_players_refusals(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    for i in range(6):
        handler.handle(orders_mail(sender=f"x{i}@evil.example", secret="no", message_id=f"<x{i}@e.org>"))
    # the real player's own mistake, within the same hour: he is told, whatever was forged
    handled = handler.handle(orders_mail(secret=toy_game["north"], body="command: surrender"))
    assert "unknown command" in handled.detail and "reply to north@example.org" in handled.detail
    kinds = [r.kind for r in outbox_rows(db)]
    assert kinds.count("unverified") == 3 and kinds.count("refusal") == 1


def test_a_verified_player_is_told_what_could_not_be_read(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(orders_mail(secret=toy_game["north"], body="command: surrender"))
    assert handled.status == "refused"
    assert "unknown command 'surrender'" in texts_to_north(db)[-1]


# -- attachments, broken and deep MIME --------------------------------------------
def test_an_orders_attachment_is_read_when_the_body_says_see_attachment(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg["Subject"] = "orders"
    msg.set_content(f"game: toy\nseat: north\nsecret: {toy_game['north']}\nturn: 1\n\nsee attachment\nAna\n")
    msg.add_attachment("guess 5\n", filename="orders.txt")
    assert handler.handle(msg.as_bytes()).status == "handled"
    assert [s.canonical for s in accepted(db)] == ["guess 5"]


def test_a_multipart_without_boundary_is_read_and_answered(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    raw = (
        "From: north@example.org\r\nSubject: orders\r\nMIME-Version: 1.0\r\n"
        "Content-Type: multipart/mixed\r\n\r\n"
        "--XyZ\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
        f"game: toy\r\nseat: north\r\nsecret: {toy_game['north']}\r\nturn: 1\r\n\r\nguess 2\r\n--XyZ--\r\n"
    ).encode()
    handled = handler.handle(raw)
    assert handled.status == "handled", handled
    assert [s.canonical for s in accepted(db)] == ["guess 2"]


def nested(depth: int, inner: str) -> bytes:
    body = f"Content-Type: text/plain\r\n\r\n{inner}\r\n".encode()
    for i in range(depth):
        boundary = f"b{i}".encode()
        body = (
            b'Content-Type: multipart/mixed; boundary="'
            + boundary
            + b'"\r\n\r\n--'
            + boundary
            + b"\r\n"
            + body
            + b"\r\n--"
            + boundary
            + b"--\r\n"
        )
    return b"From: north@example.org\r\nSubject: deep\r\nMIME-Version: 1.0\r\n" + body


def test_very_deep_nesting_is_read_and_answered(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    inner = f"game: toy\nseat: north\nsecret: {toy_game['north']}\nturn: 1\n\nguess 6"
    assert handler.handle(nested(1200, inner)).status == "handled"
    assert [s.canonical for s in accepted(db)] == ["guess 6"]
    # unreadable orders in such a message: the registered address is answered
    handled = handler.handle(nested(1200, inner.replace("guess 6", "gues 7")))
    assert handled.status == "refused" and outbox_rows(db)[-1].to_addr == "north@example.org"


# -- From as the standard parser reads it -------------------------------------------
def test_an_encoded_word_in_from_is_not_an_address(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    raw = orders_mail(secret=toy_game["north"]).replace(
        b"From: north@example.org", b"From: =?utf-8?q?north@example.org?="
    )
    handled = handler.handle(raw)
    assert handled.status == "refused"
    assert accepted(db) == []
    [note] = [r for r in outbox_rows(db) if r.kind in ("unverified", "refusal")]
    assert note.kind == "unverified" and note.to_addr == "north@example.org"


# -- bounded storage, indexed rate limits ---------------------------------------------
def test_mail_from_strangers_is_kept_bounded_and_expires(
    db: Database, handler: MailHandler, toy_game: dict[str, str], clock
) -> None:
    junk = "x" * 500_000
    for i in range(30):
        handler.handle(
            orders_mail(sender=f"s{i}@junk.example", secret="no", body=junk, message_id=f"<j{i}@j>")
        )
    rows = inbound(db)
    assert len(rows) == 30 and all(len(r.raw) <= UNVERIFIED_KEEP and not r.verified for r in rows)
    assert handler.handle(orders_mail(secret=toy_game["north"], body="guess 2")).status == "handled"
    clock.advance(days=8)
    handler.handle(orders_mail(sender="later@junk.example", secret="no", message_id="<later@j>"))
    kept = inbound(db)
    assert [r.message_id for r in kept if not r.verified] == ["<later@j>"]  # the week-old junk is gone
    assert [r.verified for r in kept].count(True) == 1  # the player's message stays: it is the audit


def test_the_rate_limit_query_uses_an_index(db: Database) -> None:
    with db.engine.connect() as connection:
        plan = connection.execute(
            text(
                "EXPLAIN QUERY PLAN SELECT count(*) FROM inboundmessage WHERE sender = 'a@b.c' "
                "AND verified = 0 AND received_at >= '2026-01-01' AND message_id != '<x@y>'"
            )
        ).all()
    assert any("INDEX ix_inboundmessage_sender_verified_received" in str(row) for row in plan), plan


# -- timing oracle ---------------------------------------------------------------
class HeldHandler(MailHandler):
    """The real handler, held at its door until the test lets it go: shows when handling happens."""

    def __init__(self, db: Database, referee: Referee) -> None:
        super().__init__(db, referee)
        self.go = threading.Event()
        self.started = 0

    def handle(
        self, raw: bytes, via: str = "stdin", size: int | None = None, received_at: datetime | None = None
    ) -> Handled:
        self.started += 1
        self.go.wait(timeout=30)
        return super().handle(raw, via, size, received_at)


def test_the_smtp_reply_never_waits_for_the_handling(
    db: Database, referee: Referee, toy_game: dict[str, str], tmp_path: Path
) -> None:
    """The 250 comes before the message is handled, whether its address is a seat's or not, so the
    listener's reply time cannot tell which addresses are seats' (or whether a secret is right)."""
    handler = HeldHandler(db, referee)
    listener = Listener(db, "127.0.0.1", free_port(), handler=handler).start()  # spool: tmp_path/spool
    mails = [
        orders_mail(secret=toy_game["north"], message_id="<seat@x.org>"),  # a seat's address, right secret
        orders_mail(secret="wrong", message_id="<wrong@x.org>"),  # a seat's address, wrong secret
        orders_mail(sender="nobody@example.net", seat="west", secret="x", message_id="<stranger@x.org>"),
    ]
    try:
        replies = []
        for raw in mails:
            with smtplib.SMTP("127.0.0.1", listener.port, timeout=10) as smtp:
                smtp.ehlo()
                smtp.mail("player@example.org")
                smtp.rcpt("referee@pbem.test")
                replies.append(smtp.data(raw))
            assert not inbound(db)  # answered, and not one of them handled yet
        assert replies == [(250, b"2.0.0 Message accepted")] * 3
        assert len(list((tmp_path / "spool" / "new").iterdir())) >= 2  # kept safe until handled
        handler.go.set()
        deadline = time.monotonic() + 30
        while len(listener.results) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        handler.go.set()
        listener.stop()
    assert [r.status for r in listener.results] == ["handled", "refused", "refused"]
    assert list((tmp_path / "spool" / "new").iterdir()) == []


def test_mail_spooled_before_a_crash_is_handled_at_the_next_start(
    db: Database, referee: Referee, toy_game: dict[str, str], tmp_path: Path
) -> None:
    spool = tmp_path / "spool"
    first = Listener(db, "127.0.0.1", free_port(), handler=MailHandler(db, referee), spool=spool)
    first.handler.spool_message(orders_mail(secret=toy_game["north"], message_id="<left@x.org>"))
    again = Listener(db, "127.0.0.1", free_port(), handler=MailHandler(db, referee), spool=spool).start()
    try:
        deadline = time.monotonic() + 30
        while not again.results and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        again.stop()
    assert [r.status for r in again.results] == ["handled"]


def test_the_notice_and_the_ack_show_the_turn_line_to_write(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    [notice] = [r for r in outbox_rows(db, "notice") if r.to_addr == "north@example.org"]
    assert "turn: 1" in parts(mail_bytes(notice))["text"] and "turn: 1" in parts(mail_bytes(notice))["html"]
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 2"))
    [ack] = outbox_rows(db, "ack")
    assert "turn: 1" in parts(mail_bytes(ack))["text"] and "turn: 1" in parts(mail_bytes(ack))["html"]


@pytest.mark.parametrize(
    ("line", "number"),
    [("4", 4), ("#4", 4), ("turn 4", 4), (" 12 ", 12), ("²", None), ("4a", None), ("", None), ("٣", None)],
)
def test_the_turn_line_is_read_in_ascii_digits_only(line: str, number: int | None) -> None:
    assert turn_written_for(line) == number


def test_the_refusal_count_uses_an_index(db: Database) -> None:
    with db.engine.connect() as connection:
        plan = connection.execute(
            text(
                "EXPLAIN QUERY PLAN SELECT count(*) FROM outboxmessage WHERE game_id = 'g' AND seat = 's' "
                "AND kind = 'refusal' AND created_at >= '2026-01-01'"
            )
        ).all()
    assert any("INDEX ix_outboxmessage_seat_kind_created" in str(row) for row in plan), plan
