"""Acknowledgements of orders are queued by reference and composed when sent: the same bytes each time."""

from __future__ import annotations

from mailkit import Sink, orders_mail, outbox_rows, parts

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.mail.delivery import message_bytes
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.outbound import SmtpConfig, flush_smtp


def test_an_ack_is_queued_without_its_mime_and_composed_to_the_same_bytes_each_time(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 3", message_id="<a1@example.org>"))
    [ack] = outbox_rows(db, "ack")
    assert ack.compose == "ack" and b"MIME-Version" not in ack.raw and len(ack.raw) < 2048
    first, second = message_bytes(db, ack), message_bytes(db, ack)
    assert first == second  # a Maildir rewritten, a message sent again after a crash: the same message
    mail = parts(first)
    assert mail["msg"]["Message-ID"] == ack.message_id and mail["msg"]["To"] == "north@example.org"
    assert mail["msg"]["In-Reply-To"] == "<a1@example.org>"
    assert "guess 3" in mail["text"] and "RECEIPT" in mail["text"] and "guess 3" in mail["html"]


def test_an_ack_keeps_what_it_said_when_the_turn_changes_after_it_was_queued(
    db: Database, handler: MailHandler, referee: Referee, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 3", message_id="<a1@example.org>"))
    [ack] = outbox_rows(db, "ack")
    before = message_bytes(db, ack)
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 4", message_id="<a2@example.org>"))
    referee.extend("toy", "24h")
    assert message_bytes(db, ack) == before  # its orders, previous orders and deadline were kept with it
    second = parts(message_bytes(db, outbox_rows(db, "ack")[1]))["text"]
    assert "-guess 3" in second and "+guess 4" in second  # what changed since the previous orders


def test_an_ack_is_sent_once_over_smtp(
    db: Database, handler: MailHandler, toy_game: dict[str, str], sink: Sink
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 3", message_id="<a1@example.org>"))
    [ack] = outbox_rows(db, "ack")
    assert flush_smtp(db, SmtpConfig.from_url(sink.url)).sent >= 1
    assert flush_smtp(db, SmtpConfig.from_url(sink.url)).sent == 0
    assert sink.message_ids().count(ack.message_id) == 1
    [sent] = [m for m in sink.messages() if m["Message-ID"] == ack.message_id]
    assert "RECEIPT" in sent.get_body(("plain",)).get_content()  # type: ignore[union-attr]
