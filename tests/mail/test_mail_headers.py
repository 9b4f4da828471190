"""The headers receiving servers expect: Auto-Submitted (RFC 3834), List-Id (RFC 2919) on a
game's mail, List-Unsubscribe (RFC 2369) on an observer's public report, Date and Message-ID."""

from __future__ import annotations

import re
from email import message_from_bytes
from email.policy import default
from email.utils import parsedate_to_datetime

from mailkit import REFEREE, Sink, orders_mail, outbox_rows
from test_observers import WATCHER, observer, plain_mail, play_turn, watch

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.mail.delivery import message_bytes
from adjudicator.mail.handler import MailHandler


def sent(db: Database, kind: str, to: str | None = None) -> list:
    rows = [r for r in outbox_rows(db, kind) if to is None or r.to_addr == to]
    return [message_from_bytes(message_bytes(db, r), policy=default) for r in rows]


def test_notices_and_reports_are_auto_generated_and_answers_auto_replied(
    db: Database, handler: MailHandler, referee: Referee, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], message_id="<o1@example.org>"))
    play_turn(referee, toy_game)
    for kind in ("notice", "report"):
        assert {str(m["Auto-Submitted"]) for m in sent(db, kind)} == {"auto-generated"}
    [ack] = sent(db, "ack")
    assert str(ack["Auto-Submitted"]) == "auto-replied" and str(ack["In-Reply-To"]) == "<o1@example.org>"


def test_every_mail_of_a_game_carries_its_list_id_a_date_and_a_message_id(
    db: Database, handler: MailHandler, referee: Referee, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"]))
    play_turn(referee, toy_game)
    mails = [message_from_bytes(message_bytes(db, r), policy=default) for r in outbox_rows(db)]
    assert len(mails) >= 5
    for mail in mails:
        assert str(mail["List-Id"]) == '"pbem game toy" <toy.pbem.test>'
        assert len(mail.get_all("List-Id")) == 1
        assert parsedate_to_datetime(str(mail["Date"])).tzinfo is not None
        assert re.fullmatch(r"<[^<>@\s]+@pbem\.test>", str(mail["Message-ID"]))


def test_mail_sent_over_smtp_carries_the_same_headers(
    db: Database, handler: MailHandler, referee: Referee, toy_game: dict[str, str], sink: Sink
) -> None:
    from adjudicator.mail.outbound import SmtpConfig, flush_smtp

    handler.handle(orders_mail(secret=toy_game["north"]))
    play_turn(referee, toy_game)
    expected = {r.message_id: message_bytes(db, r) for r in outbox_rows(db)}
    assert flush_smtp(db, SmtpConfig.from_url(sink.url)).sent == len(expected)
    for _, _, data in sink.received:
        mail = message_from_bytes(data, policy=default)
        assert str(mail["List-Id"]) == '"pbem game toy" <toy.pbem.test>'
        assert data == expected[str(mail["Message-ID"])]


def test_an_observers_report_carries_a_list_unsubscribe_link_that_works(
    db: Database, handler: MailHandler, referee: Referee, toy_game: dict[str, str]
) -> None:
    watch(handler, db)
    play_turn(referee, toy_game)
    [report] = sent(db, "observer", WATCHER)
    link = str(report["List-Unsubscribe"])
    match = re.fullmatch(r"<mailto:(referee\+u\d+-[0-9a-f]{16}@pbem\.test)\?subject=unwatch%20toy>", link)
    assert match, link
    assert "List-Unsubscribe" not in sent(db, "notice")[0]  # players do not get one
    # The mail client's unsubscribe: `unwatch toy` to the tagged address, from the observer.
    forged = plain_mail("unwatch toy", sender="mallory@evil.example").replace(
        f"To: {REFEREE}".encode(), f"To: {match.group(1)}".encode()
    )
    assert handler.handle(forged).status == "refused"  # the tag is the observer's, not mallory's
    assert observer(db).status == "active"  # type: ignore[union-attr]
    other_mac = re.sub(r"-[0-9a-f]{16}@", "-" + "0" * 16 + "@", match.group(1))
    wrong_tag = plain_mail("unwatch toy").replace(f"To: {REFEREE}".encode(), f"To: {other_mac}".encode())
    assert handler.handle(wrong_tag).status == "refused"
    mail = plain_mail("unwatch toy").replace(f"To: {REFEREE}".encode(), f"To: {match.group(1)}".encode())
    assert handler.handle(mail).status == "handled"
    assert observer(db).status == "stopped"  # type: ignore[union-attr]
