"""Observers: a ``watch GAME`` mail from any address gets one code mail and nothing else; the code
confirms; observers receive the public report of each turn and nothing else; ``unwatch`` needs the code."""

from __future__ import annotations

import itertools
import re
from email.message import EmailMessage

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mailkit import REFEREE, orders_mail, outbox_rows, parts
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, InboundMessage, Observer
from adjudicator.mail.handler import MailHandler

WATCHER = "fan@example.net"
_count = itertools.count()


def plain_mail(
    body: str, sender: str = WATCHER, subject: str = "hello", message_id: str | None = None
) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = REFEREE
    msg["Subject"] = subject
    msg["Message-ID"] = message_id or f"<w{next(_count)}@example.net>"  # each mail its own
    msg.set_content(body + "\n")
    return msg.as_bytes()


def codes(db: Database, to: str | None = None) -> list[str]:
    rows = [r for r in outbox_rows(db, "watch-code") if to is None or r.to_addr == to]
    return [re.search(r"watch toy (\S+)", parts(r.raw)["text"]).group(1) for r in rows]  # type: ignore[union-attr]


def observer(db: Database, address: str = WATCHER) -> Observer | None:
    with db.session() as session:
        return session.exec(select(Observer).where(Observer.email == address)).first()


def play_turn(referee: Referee, toy_game: dict[str, str]) -> None:
    referee.submit("toy", "north", "secret HIDDEN-NOTE\nguess 2", toy_game["north"])
    referee.submit("toy", "south", "guess 5", toy_game["south"])
    referee.close_turn("toy")


def watch(handler: MailHandler, db: Database, address: str = WATCHER) -> str:
    assert handler.handle(plain_mail("watch toy", sender=address)).status == "handled"
    [code] = codes(db, address)
    assert handler.handle(plain_mail(f"watch toy {code}", sender=address)).status == "handled"
    return code


def test_a_watch_mail_gets_one_code_mail_and_nothing_of_it_is_quoted(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    marker = "QUOTE-ME-<b>x</b>"
    result = handler.handle(plain_mail(f"watch toy\n{marker}", subject=marker))
    assert result.status == "handled" and "code sent" in result.detail
    [row] = outbox_rows(db, "watch-code")
    assert row.to_addr == WATCHER and row.game_id == "toy"
    assert marker.encode() not in row.raw and b"QUOTE-ME" not in row.raw
    assert str(parts(row.raw)["msg"]["Subject"]) == "[toy] Confirm: watch this game?"
    assert observer(db) is not None and observer(db).status == "pending"  # type: ignore[union-attr]


def test_asking_again_sends_no_second_code(
    db: Database, handler: MailHandler, toy_game: dict[str, str], clock
) -> None:  # type: ignore[no-untyped-def]
    for _ in range(5):
        handler.handle(plain_mail("watch toy"))
    assert len(outbox_rows(db, "watch-code")) == 1
    clock.advance(days=1, minutes=1)  # a lost code may be asked again a day later, three times in all
    handler.handle(plain_mail("watch toy"))
    clock.advance(days=1, minutes=1)
    handler.handle(plain_mail("watch toy"))
    clock.advance(days=1, minutes=1)
    handler.handle(plain_mail("watch toy"))
    assert len(outbox_rows(db, "watch-code")) == 3


def test_code_mails_are_limited_per_game_and_per_address(
    db: Database,
    handler: MailHandler,
    referee: Referee,
    toy_game: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PBEM_WATCH_CODES_PER_HOUR", "2")
    for i in range(4):
        handler.handle(plain_mail("watch toy", sender=f"fan{i}@example.net"))
    assert len(outbox_rows(db, "watch-code")) == 2
    # one address across many games: at most three code mails a day
    for i in range(5):
        referee.new_game("toy-guess", f"other{i}", {"points": "2"})
        referee.join(f"other{i}", "north", email="n@example.org")
        referee.join(f"other{i}", "south", email="s@example.org")
        referee.start(f"other{i}")
        handler.handle(plain_mail(f"watch other{i}", sender="victim@example.net"))
    assert len([r for r in outbox_rows(db, "watch-code") if r.to_addr == "victim@example.net"]) == 3


@pytest.mark.parametrize(
    "body",
    [
        "watch nosuchgame",
        "watch <script>alert(1)</script>",
        "watch toy\r\nBcc: victim@example.org",
        "watch ../../etc",
        "watch toy notthecode",
        "unwatch toy",
        "unwatch toy notthecode",
    ],
)
def test_hostile_watch_mails_make_the_referee_send_nothing_but_the_one_code(
    db: Database, handler: MailHandler, toy_game: dict[str, str], body: str
) -> None:
    before = len(outbox_rows(db))
    handler.handle(plain_mail(body))
    new = outbox_rows(db)[before:]
    assert all(r.kind == "watch-code" and r.to_addr == WATCHER for r in new)
    assert len(new) <= 1
    for row in new:
        head = row.raw.split(b"\r\n\r\n", 1)[0]
        assert b"victim" not in head and b"Bcc" not in head and b"script" not in row.raw


def test_a_watch_mail_from_a_machine_is_not_answered(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    msg = plain_mail("watch toy").replace(b"From:", b"Auto-Submitted: auto-replied\nFrom:", 1)
    assert handler.handle(msg).status == "ignored"
    assert outbox_rows(db, "watch-code") == []


def test_a_wrong_code_confirms_nothing_and_the_code_is_never_stored_plain(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(plain_mail("watch toy"))
    [code] = codes(db)
    assert handler.handle(plain_mail("watch toy " + "x" * 22)).status == "refused"
    assert handler.handle(plain_mail(f"watch toy {code}", sender="other@example.net")).status == "refused"
    assert observer(db).status == "pending"  # type: ignore[union-attr]
    assert handler.handle(plain_mail(f"watch toy {code}", message_id="<c@x>")).status == "handled"
    row = observer(db)
    assert row is not None and row.status == "active" and code not in row.code_hash
    with db.session() as session:
        stored = session.exec(select(InboundMessage).where(InboundMessage.message_id == "<c@x>")).one()
    assert code not in stored.raw.decode() and "[redacted]" in stored.raw.decode()


def test_observers_get_the_public_report_of_each_turn_and_nothing_else(
    db: Database, handler: MailHandler, referee: Referee, toy_game: dict[str, str]
) -> None:
    watch(handler, db)
    handler.handle(orders_mail(secret=toy_game["north"], body="press to south\nA private word."))
    play_turn(referee, toy_game)
    mine = [r for r in outbox_rows(db) if r.to_addr == WATCHER]
    assert [r.kind for r in mine] == ["watch-code", "observer"]
    report = parts(mine[1].raw)
    assert str(report["msg"]["Subject"]).startswith("[toy] Public report: turn 1")
    assert "The target is" in report["text"]
    assert "HIDDEN-NOTE" not in mine[1].raw.decode() and "private word" not in mine[1].raw.decode()
    assert "unwatch toy CODE" in report["text"]
    assert "north@example.org" not in mine[1].raw.decode()


def test_unwatch_needs_the_code_and_stops_the_reports(
    db: Database, handler: MailHandler, referee: Referee, toy_game: dict[str, str]
) -> None:
    code = watch(handler, db)
    assert handler.handle(plain_mail("unwatch toy")).status == "refused"  # no code: a forgery stops nothing
    assert handler.handle(plain_mail("unwatch toy wrongcode1")).status == "refused"
    assert observer(db).status == "active"  # type: ignore[union-attr]
    assert handler.handle(plain_mail(f"unwatch toy {code}")).status == "handled"
    assert observer(db).status == "stopped"  # type: ignore[union-attr]
    play_turn(referee, toy_game)
    assert [r.kind for r in outbox_rows(db) if r.to_addr == WATCHER] == ["watch-code"]


def test_the_referee_adds_and_removes_observers_from_the_command_line(
    db: Database, referee: Referee, toy_game: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    from adjudicator.cli import main

    assert main(["game", "watch", "toy", "--email", WATCHER, "--db", db.url]) == 0
    assert "code sent" in capsys.readouterr().out
    assert len(codes(db)) == 1 and observer(db).status == "pending"  # type: ignore[union-attr]
    assert main(["game", "watchers", "toy", "--db", db.url]) == 0
    assert "pending" in capsys.readouterr().out
    assert main(["game", "unwatch", "toy", "--email", WATCHER, "--db", db.url]) == 0
    assert observer(db).status == "stopped"  # type: ignore[union-attr]
    assert main(["game", "watch", "toy", "--email", "not an address", "--db", db.url]) != 0


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.sampled_from(["watch ", "unwatch ", "WATCH ", ""]))
def test_the_watch_line_reader_never_raises_and_reads_one_token_per_field(text: str, verb: str) -> None:
    from adjudicator.mail.inbound import ParsedMail
    from adjudicator.mail.watch import watch_line

    found = watch_line(ParsedMail(message_id="<x@y>", orders=verb + text))
    if found is not None:
        assert found.verb in ("watch", "unwatch")
        assert found.game and not any(ch.isspace() for ch in found.game) and len(found.game) <= 64
        assert found.code is None or re.fullmatch(r"[A-Za-z0-9_-]{4,64}", found.code)
    # a mail that names a seat is a seat's mail, never a watch request
    assert watch_line(ParsedMail(message_id="<x@y>", seat="north", orders=verb + text)) is None
