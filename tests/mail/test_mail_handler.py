"""What happens to one incoming message: orders, commands, refusals, loops, floods, duplicates."""

from __future__ import annotations

from email.message import EmailMessage

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mailkit import REFEREE, mail_bytes, orders_mail, outbox_rows, parts
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, InboundMessage, Submission
from adjudicator.mail.handler import MailHandler


def submissions(db: Database) -> list[Submission]:
    with db.session() as session:
        return list(session.exec(select(Submission).where(Submission.source == "mail")).all())


def inbound(db: Database) -> list[InboundMessage]:
    with db.session() as session:
        return list(session.exec(select(InboundMessage).order_by(InboundMessage.id)).all())  # type: ignore[arg-type]


def replies(db: Database) -> list:
    return [r for r in outbox_rows(db) if r.kind in ("ack", "refusal", "unverified", "reply")]


def test_orders_are_acknowledged_line_by_line_with_the_receipt(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    raw = orders_mail(secret=toy_game["north"], body="guess 3\n# my plan", message_id="<o1@example.org>")
    handled = handler.handle(raw, "stdin")
    assert handled.status == "handled", handled
    [sub] = submissions(db)
    assert sub.status == "accepted" and sub.canonical == "guess 3"
    [ack] = replies(db)
    assert (ack.kind, ack.to_addr, ack.seat) == ("ack", "north@example.org", "north")
    mail = parts(mail_bytes(ack))
    assert mail["msg"]["In-Reply-To"] == "<o1@example.org>"
    assert mail["msg"]["Subject"] == "[toy] Orders accepted: turn 1, north"
    assert str(mail["msg"]["From"]) == f"Referee <{REFEREE}>"
    assert sub.receipt in mail["text"] and sub.receipt in mail["html"]
    assert "   1  guess 3" in mail["text"]
    assert "Deadline: 2026-11-24 12:00 UTC" in mail["text"]
    assert 'style="' in mail["html"]  # CSS inlined for webmail and phones


def test_a_second_submission_shows_what_changed(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 3", message_id="<a@x.org>"))
    handler.handle(orders_mail(secret=toy_game["north"], body="secret gold\nguess 5", message_id="<b@x.org>"))
    second = parts(mail_bytes(replies(db)[-1]))["text"]
    assert "CHANGED SINCE YOUR PREVIOUS ORDERS" in second
    assert "-guess 3" in second and "+guess 5" in second and "+secret gold" in second


def test_rejected_orders_list_problems_with_suggestions(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(orders_mail(secret=toy_game["north"], body="guess 9\ngues 4"))
    assert handled.status == "refused"
    [ack] = replies(db)
    text = parts(mail_bytes(ack))["text"]
    assert "REJECTED" in text and "line 2" in text
    assert "    write 'guess N' with N from 1 to 6, or 'pass'" in text
    assert "You have no valid orders in yet" in text


def test_wrong_secret_stores_nothing_and_answers_the_registered_address(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(orders_mail(secret="not-the-secret"))
    assert handled.status == "refused" and "secret" in handled.detail
    assert submissions(db) == []
    [reply] = replies(db)
    assert (reply.kind, reply.to_addr) == ("unverified", "north@example.org")
    assert "secret" in parts(mail_bytes(reply))["text"]


def test_a_stranger_never_gets_mail_from_the_referee(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    raw = orders_mail(sender="mallory@evil.example", secret=toy_game["north"], message_id="<m@evil.example>")
    handled = handler.handle(raw)
    assert handled.status == "refused"
    assert submissions(db) == []
    [reply] = replies(db)
    assert reply.to_addr == "north@example.org"
    assert all("evil.example" not in r.to_addr for r in outbox_rows(db))
    msg = parts(mail_bytes(reply))["msg"]
    assert msg["In-Reply-To"] is None  # not threaded to a message the player never sent
    assert "not the one registered" in parts(mail_bytes(reply))["text"]


@pytest.mark.parametrize(
    ("game", "seat", "why"),
    [("nope", "north", "no game"), ("toy", "west", "no seat"), ("Bad Id!", "north", "invalid game id")],
)
def test_unknown_game_or_seat_gets_no_reply(
    db: Database, handler: MailHandler, toy_game: dict[str, str], game: str, seat: str, why: str
) -> None:
    handled = handler.handle(orders_mail(game=game, seat=seat, secret=toy_game["north"]))
    assert handled.status == "refused" and why in handled.detail
    assert replies(db) == []
    assert inbound(db)[0].status == "refused"


def test_the_same_message_twice_is_handled_once(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    raw = orders_mail(secret=toy_game["north"], message_id="<twice@example.org>")
    assert handler.handle(raw, "maildir").status == "handled"
    assert handler.handle(raw, "imap").status == "duplicate"
    assert len(submissions(db)) == 1 and len(replies(db)) == 1
    [row] = inbound(db)
    assert row.via == "maildir" and row.message_id == "<twice@example.org>" and row.verified
    assert b"Message-ID: <twice@example.org>" in row.raw and b"guess 3" in row.raw  # headers and text read


def test_a_message_without_message_id_is_recognised_by_its_bytes(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    raw = orders_mail(secret=toy_game["north"])
    assert handler.handle(raw).status == "handled"
    assert handler.handle(raw).status == "duplicate"


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Precedence": "junk"},
        {"Precedence": "bulk"},
        {"Return-Path": "<>"},
        {"X-Autoreply": "yes"},
    ],
)
def test_machines_are_never_answered(
    db: Database, handler: MailHandler, toy_game: dict[str, str], headers: dict[str, str]
) -> None:
    handled = handler.handle(orders_mail(secret="wrong", headers=headers))
    assert handled.status == "ignored"
    assert replies(db) == [] and submissions(db) == []
    assert inbound(db)[0].status == "ignored"


def test_mailer_daemon_is_never_answered(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    bounce = orders_mail(sender="MAILER-DAEMON@mx.example.org", body="Delivery failed")
    assert handler.handle(bounce).status == "ignored"
    assert replies(db) == []


def test_a_flood_from_one_sender_is_rate_limited(
    db: Database, handler: MailHandler, toy_game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_MAIL_RATE", "3")
    results = [
        handler.handle(
            orders_mail(secret=toy_game["north"], body=f"guess {1 + i % 6}", message_id=f"<f{i}@x.org>")
        )
        for i in range(6)
    ]
    assert [r.status for r in results] == ["handled"] * 3 + ["ignored"] * 3
    assert "rate limited" in results[-1].detail
    assert len(replies(db)) == 3


def test_refusals_to_one_seat_are_limited(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    for i in range(6):  # six senders forging mail for north: north gets at most three notes
        handler.handle(orders_mail(sender=f"x{i}@evil.example", secret="guess", message_id=f"<r{i}@e.org>"))
    assert len(replies(db)) == 3
    assert all(r.to_addr == "north@example.org" for r in replies(db))


def test_a_10_mb_attachment_is_refused_with_a_reply(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg["Subject"] = "big"
    msg["Message-ID"] = "<big@example.org>"
    msg.set_content(f"game: toy\nseat: north\nsecret: {toy_game['north']}\n\nguess 2\n")
    msg.add_attachment(
        b"\0" * (10 * 1024 * 1024), maintype="application", subtype="octet-stream", filename="x.bin"
    )
    raw = msg.as_bytes()
    handled = handler.handle(raw)
    assert handled.status == "refused" and "too large" in handled.detail
    assert submissions(db) == []
    [reply] = replies(db)
    assert reply.to_addr == "north@example.org" and "too large" in parts(mail_bytes(reply))["text"]
    [row] = inbound(db)
    assert len(row.raw) <= 1024 * 1024 < len(raw)  # kept, truncated: the headers and the first part


def test_orders_after_the_deadline_are_refused(
    db: Database, referee: Referee, handler: MailHandler, toy_game: dict[str, str], clock
) -> None:
    clock.advance(hours=49)
    handled = handler.handle(orders_mail(secret=toy_game["north"]))
    assert handled.status == "refused" and "after the deadline" in handled.detail
    assert submissions(db) == []
    assert "after the deadline" in parts(mail_bytes(replies(db)[0]))["text"]


def test_orders_for_a_finished_game_are_refused(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    for _ in range(20):
        referee.submit("toy", "north", "guess 3", toy_game["north"])
        referee.submit("toy", "south", "guess 3", toy_game["south"])
        if referee.close_turn("toy") is None or referee.status("toy")["status"] == "over":
            break
    assert referee.status("toy")["status"] == "over"
    handled = handler.handle(orders_mail(secret=toy_game["north"]))
    assert handled.status == "refused" and "over" in handled.detail
    assert replies(db)[0].kind == "refusal"


def test_empty_message_is_refused(db: Database, handler: MailHandler, toy_game: dict[str, str]) -> None:
    handled = handler.handle(orders_mail(secret=toy_game["north"], body=""))
    assert handled.status == "refused" and "no orders" in handled.detail
    assert replies(db)[0].to_addr == "north@example.org"


def test_malformed_mime_does_not_crash(db: Database, handler: MailHandler, toy_game: dict[str, str]) -> None:
    raw = (
        b'From: north@example.org\r\nContent-Type: multipart/mixed; boundary="zz\r\n'
        b"Content-Transfer-Encoding: base64\r\n\r\n--zz\r\n\xff\xfe\x00garbage=== \r\n--z"
    )
    handled = handler.handle(raw)
    assert handled.status in ("refused", "ignored")
    assert b"From: north@example.org" in inbound(db)[0].raw


def test_early_close_is_announced_in_the_ack(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 2\nfinal", message_id="<n@x.org>"))
    handled = handler.handle(
        orders_mail(sender="south@example.org", seat="south", secret=toy_game["south"], body="guess 5\nfinal")
    )
    assert "turn 1 closed" in handled.detail
    assert "turn 1 has closed" in parts(mail_bytes(replies(db)[-1]))["text"]
    reports = outbox_rows(db, "report")
    assert {r.to_addr for r in reports} == {"north@example.org", "south@example.org"}


def test_player_text_never_reaches_a_header(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    body = "guess 3\n<script>alert(1)</script>\r\nBcc: victim@example.org"
    raw = orders_mail(secret=toy_game["north"], body=body, subject="Hi").replace(
        b"Subject: Hi", b"Subject: Hi\r\nBcc: victim@example.org\r\nX-Evil: <script>"
    )
    handler.handle(raw)
    [ack] = replies(db)
    head = mail_bytes(ack).split(b"\r\n\r\n", 1)[0].lower()
    assert b"victim" not in head and b"bcc" not in head and b"script" not in head
    mail = parts(mail_bytes(ack))
    assert "<script>" not in mail["html"] and "&lt;script&gt;" in mail["html"]
    assert mail["msg"]["Subject"] == "[toy] Orders accepted, 2 line(s) NOT taken: turn 1, north"


# -- commands ------------------------------------------------------------------
def test_status_command(db: Database, handler: MailHandler, toy_game: dict[str, str]) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 1", message_id="<s1@x.org>"))
    handled = handler.handle(orders_mail(secret=toy_game["north"], body="status", message_id="<s2@x.org>"))
    assert handled.status == "handled"
    text = parts(mail_bytes(replies(db)[-1]))["text"]
    assert "north" in text and "south" in text and "waiting" in text and "in" in text
    assert "guess 1" not in text  # never what anyone ordered


def test_orders_command_shows_my_submissions(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 4", message_id="<q1@x.org>"))
    handler.handle(orders_mail(secret=toy_game["north"], body="orders", message_id="<q2@x.org>"))
    reply = replies(db)[-1]
    assert reply.kind == "reply" and "guess 4" in parts(mail_bytes(reply))["text"]


def test_report_and_history_commands(
    db: Database, referee: Referee, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="report", message_id="<p0@x.org>"))
    assert "No turn has closed yet" in parts(mail_bytes(replies(db)[-1]))["text"]
    referee.close_turn("toy")
    handler.handle(orders_mail(secret=toy_game["north"], body="report", message_id="<p1@x.org>"))
    copy = replies(db)[-1]
    assert copy.subject.startswith("[toy] Report (copy): turn 1")
    assert "report for north" in parts(mail_bytes(copy))["text"]
    handler.handle(orders_mail(secret=toy_game["north"], body="history", message_id="<p2@x.org>"))
    assert "turn   1" in parts(mail_bytes(replies(db)[-1]))["text"]


def test_commands_need_the_secret(db: Database, handler: MailHandler, toy_game: dict[str, str]) -> None:
    handled = handler.handle(orders_mail(secret="nope", body="orders"))
    assert handled.status == "refused"
    assert replies(db)[0].kind == "unverified"


# -- properties and PostgreSQL -------------------------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.text(max_size=400),
    extra=st.dictionaries(
        st.sampled_from(["Auto-Submitted", "Precedence", "Content-Type", "Message-ID", "Return-Path", "X-Y"]),
        st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=0x2000), max_size=40),
        max_size=3,
    ),
    game=st.sampled_from(["toy", "nope", "TOY", "", "../etc"]),
    seat=st.sampled_from(["north", "south", "west", "", "x" * 100]),
)
def test_hostile_mail_never_crashes_the_handler(
    db: Database,
    handler: MailHandler,
    toy_game: dict[str, str],
    body: str,
    extra: dict[str, str],
    game: str,
    seat: str,
) -> None:
    head = "".join(f"{k}: {v}\r\n" for k, v in extra.items())
    raw = (
        f"From: north@example.org\r\n{head}\r\ngame: {game}\r\nseat: {seat}\r\nsecret: nope\r\n\r\n{body}"
    ).encode("utf-8", "surrogateescape")
    handled = handler.handle(raw, "smtp")
    assert handled.status in ("refused", "ignored", "duplicate"), handled
    assert all(r.to_addr in ("north@example.org", "south@example.org") for r in outbox_rows(db))


@pytest.mark.postgres
def test_orders_by_mail_on_postgresql(pg_db: Database, clock) -> None:  # type: ignore[no-untyped-def]
    referee = Referee(pg_db, clock=clock)
    referee.new_game("toy-guess", "pg", {"points": "2"})
    secret = referee.join("pg", "north", email="north@example.org")
    referee.join("pg", "south", email="south@example.org")
    referee.start("pg")
    handler = MailHandler(pg_db, referee)
    raw = orders_mail(game="pg", secret=secret, message_id="<pg@x.org>")
    assert handler.handle(raw).status == "handled"
    assert handler.handle(raw).status == "duplicate"
    assert handler.handle(orders_mail(game="pg", sender="x" * 300 + "@e.org", secret="s")).status == "refused"
    assert [r.kind for r in outbox_rows(pg_db) if r.kind in ("ack", "unverified")] == ["ack", "unverified"]
