"""Mail that did not arrive: real servers' bounces matched to the message and the seat.

Each report under ``bounces/`` is one that a real mail server sent (see NOTICE.md there); the test
puts the seat's address where the failed address was and the message's bounce address where the
server addressed its report, then hands it to the mail handler like any incoming mail.
"""

from __future__ import annotations

import email
import re
from email.policy import compat32
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mailkit import REFEREE, orders_mail, outbox_rows, parts
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, OutboxMessage, Seat
from adjudicator.mail.bounces import bounce_address, read_bounce
from adjudicator.mail.handler import MailHandler

SHAPES = sorted((Path(__file__).parent / "bounces").glob("*.eml"))


def seat_of(db: Database, name: str) -> Seat:
    with db.session() as session:
        seat = session.exec(select(Seat).where(Seat.game_id == "toy", Seat.name == name)).one()
        session.expunge(seat)
        return seat


def notice_to(db: Database, seat: str) -> OutboxMessage:
    return next(r for r in outbox_rows(db) if r.seat == seat and r.kind == "notice")


def failed_address(raw: bytes) -> bytes:
    from flufl.bounce import all_failures

    temporary, permanent = all_failures(email.message_from_bytes(raw, policy=compat32))
    return sorted(permanent or temporary)[0]


def as_bounce_of(sample: bytes, row: OutboxMessage, *, to: str | None = None) -> bytes:
    """The real report, about ``row``: the seat's address where the failed one was, addressed to
    ``row``'s bounce address (or ``to``)."""
    failed = failed_address(sample)
    text = re.sub(re.escape(failed), row.to_addr.encode(), sample, flags=re.IGNORECASE)
    assert row.id is not None
    envelope = (to or bounce_address(row.id, row.message_id, REFEREE)).encode()
    if re.search(rb"(?im)^To:", text):
        return re.sub(rb"(?im)^To:[^\n]*(\n[ \t][^\n]*)*", b"To: " + envelope, text, count=1)
    return b"To: " + envelope + b"\n" + text


def test_ten_or_more_real_world_bounce_shapes_are_kept_for_the_tests() -> None:
    assert len(SHAPES) >= 10


@pytest.mark.parametrize("shape", SHAPES, ids=[p.stem for p in SHAPES])
def test_a_real_servers_bounce_marks_the_seat_mail_failing_since_the_open_turn(
    db: Database, handler: MailHandler, toy_game: dict[str, str], shape: Path
) -> None:
    row = notice_to(db, "north")
    handled = handler.handle(as_bounce_of(shape.read_bytes(), row))
    assert handled.status == "bounce", handled
    seat = seat_of(db, "north")
    assert seat.mail_failing_turn == 1
    assert seat.mail_failing_reason
    assert seat_of(db, "south").mail_failing_turn is None
    assert handled.replies == 0  # a bounce is never answered, and this game has no referee address


def test_a_bounce_whose_tag_does_not_check_changes_nothing(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    row = notice_to(db, "north")
    forged = bounce_address(row.id or 0, "<another-message@pbem.test>", REFEREE)  # a mac for another id
    handled = handler.handle(as_bounce_of(SHAPES[0].read_bytes(), row, to=forged))
    assert handled.status == "ignored"
    assert seat_of(db, "north").mail_failing_turn is None


def test_a_bounce_quoting_only_our_message_id_changes_nothing(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    """Message-IDs are guessable (game.turn.seat.kind): a report that only quotes one is no proof."""
    row = notice_to(db, "north")
    sample = (Path(__file__).parent / "bounces" / "dsn_01.eml").read_bytes()
    report = as_bounce_of(sample, row, to=REFEREE) + f"\nMessage-ID: {row.message_id}\n".encode()
    assert handler.handle(report).status == "ignored"
    assert seat_of(db, "north").mail_failing_turn is None


def test_the_seats_next_verified_mail_clears_the_mark(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(as_bounce_of(SHAPES[0].read_bytes(), notice_to(db, "north")))
    assert seat_of(db, "north").mail_failing_turn == 1
    handler.handle(orders_mail(sender="mallory@evil.example", secret="wrong", message_id="<f@x.org>"))
    assert seat_of(db, "north").mail_failing_turn == 1  # a forged mail does not clear it
    handled = handler.handle(orders_mail(secret=toy_game["north"], message_id="<ok@x.org>"))
    assert handled.status == "handled"
    assert seat_of(db, "north").mail_failing_turn is None


def test_a_bounce_for_an_address_the_seat_no_longer_has_is_history(
    db: Database, referee: Referee, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    row = notice_to(db, "north")
    referee.replace_seat("toy", "north", email="new-north@example.org")
    assert handler.handle(as_bounce_of(SHAPES[0].read_bytes(), row)).status == "bounce"
    assert seat_of(db, "north").mail_failing_turn is None


def test_the_referee_is_told_once_when_a_seat_starts_failing(db: Database, referee: Referee) -> None:
    referee.new_game("toy-guess", "toy", {"points": "2"}, deadline="48h", referee_email="ref@example.org")
    referee.join("toy", "north", email="north@example.org")
    referee.join("toy", "south", email="south@example.org")
    referee.start("toy")
    handler = MailHandler(db, referee)
    row = notice_to(db, "north")
    handler.handle(as_bounce_of(SHAPES[0].read_bytes(), row))
    handler.handle(as_bounce_of(SHAPES[1].read_bytes(), row))  # a second report: no second letter
    told = [r for r in outbox_rows(db) if r.kind == "mail-failing"]
    assert [(r.to_addr, r.seat) for r in told] == [("ref@example.org", "north")]
    assert "mail failing since turn 1" in parts(told[0].raw)["text"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(noise=st.binary(max_size=3000))
def test_any_bytes_are_read_as_a_bounce_or_not_without_an_error(db: Database, noise: bytes) -> None:
    db.migrate()
    with db.session() as session:
        head = b"From: MAILER-DAEMON@example.org\nContent-Type: multipart/report; boundary=x\n\n"
        # no message of ours bears a tag that checks: neither reads as a bounce, and neither raises
        assert read_bounce(session, head + noise) is None
        assert read_bounce(session, noise) is None


# -- where the referee and the players see it ----------------------------------------------------
def test_a_seat_whose_mail_fails_at_the_deadline_is_reported_as_such_not_as_a_plain_nmr(
    db: Database, referee: Referee, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    from adjudicator.publish.reports import stored_report

    handler.handle(as_bounce_of(SHAPES[0].read_bytes(), notice_to(db, "north")))
    handler.handle(orders_mail(sender="south@example.org", seat="south", secret=toy_game["south"]))
    referee.close_turn("toy", reason="deadline")
    with db.session() as session:
        text = stored_report(session, "toy", 1, "south", "text") or ""
        html = stored_report(session, "toy", 1, "south", "html") or ""
    assert "no orders received; mail to this seat has been failing since turn 1" in text
    assert "mail to this seat has been failing since turn 1" in html
    south_line = next(line for line in text.splitlines() if line.startswith("--- south"))
    assert "DEFAULT" not in south_line


def test_game_show_and_mail_status_name_the_failing_seat_in_text_and_json(
    db: Database, handler: MailHandler, toy_game: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    import jsonschema

    from adjudicator.cli import documents, main

    handler.handle(
        as_bounce_of(
            (Path(__file__).parent / "bounces" / "postfix_01.eml").read_bytes(), notice_to(db, "north")
        )
    )
    url = ["--db", db.url]
    assert main(["game", "show", "toy", *url]) == 0
    shown = capsys.readouterr().out
    north = next(line for line in shown.splitlines() if "seat north" in line)
    assert "mail failing since turn 1" in north
    assert main(["mail", "status", *url]) == 0
    assert "MAIL FAILING toy/north <north@example.org>: mail failing since turn 1" in capsys.readouterr().out
    for args, name in ((["game", "show", "toy"], "game"), (["mail", "status"], "mail-status")):
        assert main([*args, *url, "--json"]) == 0
        document = json.loads(capsys.readouterr().out)
        jsonschema.validate(document, documents.schema(name))
        if name == "game":
            seats = {s["name"]: s for s in document["seats"]}
            assert (
                seats["north"]["mail_failing"]["since_turn"] == 1 and seats["south"]["mail_failing"] is None
            )
        else:
            assert [(s["game"], s["seat"], s["since_turn"]) for s in document["failing_seats"]] == [
                ("toy", "north", 1)
            ]
