"""The turn a mail is for: its ``turn:`` line, else the referee's turn mail it replies to.

A player pressing "Reply" on the turn notice (or the report that opens the turn, a reminder, an
acknowledgement) need not write a ``turn:`` line: the In-Reply-To / References headers name the
referee's stable Message-ID, which names the game, the turn, the seat and the kind of mail.
Only a mail with neither, or answering a turn that is closed, is refused, and the refusal gives
the lines to write.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mailkit import mail_bytes, orders_mail, outbox_rows, parts
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Submission
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.inbound import parse_message
from adjudicator.mail.replies import Replied, replied, turn_meant
from adjudicator.post.compose import mail_domain, stable_message_id


def reply(
    secret: str, body: str, in_reply_to: str | None, *, message_id: str, references: str | None = None
) -> bytes:
    headers = {}
    if in_reply_to:
        headers["In-Reply-To"] = in_reply_to
    if references or in_reply_to:
        headers["References"] = references or in_reply_to or ""
    return orders_mail(
        secret=secret,
        turn=None,
        body=body,
        message_id=message_id,
        headers=headers,
        subject="Re: [toy] Turn 1",
    )


def notice_id(db: Database, seat: str = "north") -> str:
    [row] = [r for r in outbox_rows(db, "notice") if r.seat == seat]
    return row.message_id


def accepted(db: Database) -> list[Submission]:
    with db.session() as session:
        return list(session.exec(select(Submission).where(Submission.status == "accepted")).all())


def refusal_text(db: Database) -> str:
    [row] = outbox_rows(db, "refusal")
    return parts(mail_bytes(row))["text"]


def test_orders_replying_to_the_turn_notice_are_for_that_turn_without_a_turn_line(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(reply(toy_game["north"], "guess 4", notice_id(db), message_id="<r1@x.org>"))
    assert handled.status == "handled", handled.detail
    [submission] = accepted(db)
    assert (submission.turn_number, submission.canonical) == (1, "guess 4")


def test_final_orders_in_a_reply_to_the_notice_are_taken_too(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(
        reply(toy_game["north"], "guess 4\nfinal", notice_id(db), message_id="<r2@x.org>")
    )
    assert handled.status == "handled", handled.detail
    assert [s.final for s in accepted(db)] == [True]


def test_a_reply_to_a_report_is_for_the_turn_the_report_opens(
    db: Database, handler: MailHandler, referee: Referee, toy_game: dict[str, str]
) -> None:
    for seat in ("north", "south"):
        raw = orders_mail(
            sender=f"{seat}@example.org",
            seat=seat,
            secret=toy_game[seat],
            body="guess 3\nfinal",
            message_id=f"<{seat}-1@x.org>",
        )
        assert handler.handle(raw).status == "handled"
    [report] = [r for r in outbox_rows(db, "report") if r.seat == "north"]
    assert report.turn_number == 1
    handled = handler.handle(reply(toy_game["north"], "guess 6", report.message_id, message_id="<r3@x.org>"))
    assert handled.status == "handled", handled.detail
    assert [(s.turn_number, s.canonical) for s in accepted(db) if s.seat == "north"][-1] == (2, "guess 6")


def test_a_reply_to_a_closed_turns_notice_is_refused_with_the_lines_to_write(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    old_notice = notice_id(db)
    for seat in ("north", "south"):
        raw = orders_mail(
            sender=f"{seat}@example.org",
            seat=seat,
            secret=toy_game[seat],
            body="guess 3\nfinal",
            message_id=f"<{seat}-1@x.org>",
        )
        handler.handle(raw)
    handled = handler.handle(reply(toy_game["north"], "guess 5", old_notice, message_id="<r4@x.org>"))
    assert handled.status == "refused"
    assert [s.turn_number for s in accepted(db) if s.canonical == "guess 5"] == []
    text = refusal_text(db)
    assert "You replied to the referee's notice of turn 1" in text and "turn 2 is" in text
    assert "    turn: 2" in text and "    game: toy" in text and "    seat: north" in text
    assert toy_game["north"] not in text  # the secret is never written back


def test_orders_with_neither_turn_line_nor_reply_are_refused_with_the_lines_to_write(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(reply(toy_game["north"], "guess 4", None, message_id="<r5@x.org>"))
    assert handled.status == "refused"
    assert accepted(db) == []
    text = refusal_text(db)
    for line in ("    game: toy", "    seat: north", "    secret: (your secret)", "    turn: 1"):
        assert line in text
    assert "help" in text and toy_game["north"] not in text


def test_a_turn_line_wins_over_the_mail_replied_to(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    raw = orders_mail(
        secret=toy_game["north"],
        turn=7,
        body="guess 4",
        message_id="<r6@x.org>",
        headers={"In-Reply-To": notice_id(db)},
    )
    assert handler.handle(raw).status == "refused"
    assert "written for turn 7" in refusal_text(db)


def test_references_name_the_turn_when_in_reply_to_names_another_mail(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    references = f"<thread-start@elsewhere.org> {notice_id(db)} <a-friend@elsewhere.org>"
    raw = reply(
        toy_game["north"],
        "guess 2",
        "<a-friend@elsewhere.org>",
        message_id="<r7@x.org>",
        references=references,
    )
    assert handler.handle(raw).status == "handled"
    assert [s.canonical for s in accepted(db)] == ["guess 2"]


def test_another_seats_notice_names_no_turn_for_this_seat(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(
        reply(toy_game["north"], "guess 4", notice_id(db, "south"), message_id="<r8@x.org>")
    )
    assert handled.status == "refused"
    assert accepted(db) == []


def test_a_reply_from_a_line_of_play_a_rollback_abandoned_is_refused(
    db: Database, handler: MailHandler, referee: Referee, toy_game: dict[str, str]
) -> None:
    from adjudicator.publish.rollback import rollback

    for number in (1, 2):
        for seat in ("north", "south"):
            raw = orders_mail(
                sender=f"{seat}@example.org",
                seat=seat,
                secret=toy_game[seat],
                turn=number,
                body="guess 3\nfinal",
                message_id=f"<{seat}-{number}@x.org>",
            )
            assert handler.handle(raw).status == "handled"
    [report] = [r for r in outbox_rows(db, "report") if r.seat == "north" and r.turn_number == 1]
    notice_of_2 = stable_message_id("toy", 2, "north", "reminder", "24h")  # a turn 2 mail, first line of play
    rollback(db, "toy", 1, reason="a test", clock=referee.clock)  # turn 2 is open again, on another line
    handled = handler.handle(reply(toy_game["north"], "guess 1", notice_of_2, message_id="<r9@x.org>"))
    assert handled.status == "refused"
    assert "rollback" in refusal_text(db)
    # the report of turn 1 still belongs to the line of play (turn 1 was kept): it opened this turn 2
    handled = handler.handle(reply(toy_game["north"], "guess 1", report.message_id, message_id="<r10@x.org>"))
    assert handled.status == "handled", handled.detail


@pytest.mark.parametrize(
    ("message_id", "expected"),
    [
        ("<toy.4.north.notice@D>", Replied(4, 0, "notice", 4)),
        ("<toy.4.north.report@D>", Replied(5, 0, "report", 4)),
        ("<toy.4.north.report.b2@D>", Replied(5, 2, "report", 4)),
        ("<toy.4.north.reminder.24h@D>", Replied(4, 0, "reminder", 4)),
        ("<toy.4.north.reminder.2h.b1@D>", Replied(4, 1, "reminder", 4)),
        ("<toy.4.north.ack.0123abcd0123abcd@D>", Replied(4, 0, "ack", 4)),
        ("<toy.4.south.notice@D>", None),  # another seat's
        ("<other.4.north.notice@D>", None),  # another game's
        ("<toy.4.north.notice@elsewhere.org>", None),  # not the referee's domain
        ("<toy.4.north.press@D>", None),  # not a turn mail
        ("<toy.four.north.notice@D>", None),
        ("<toy.4.north.notice.b1.b2@D>", None),
        ("<toy.4.north.notice.extra@D>", None),
    ],
)
def test_the_turn_named_by_a_referees_message_id(message_id: str, expected: Replied | None) -> None:
    assert replied(message_id.replace("@D>", "@pbem.test>"), "toy", "north", "pbem.test") == expected


def test_the_turn_of_a_mail_comes_from_its_turn_line_before_its_reply() -> None:
    domain = mail_domain()
    raw = orders_mail(turn=3, headers={"In-Reply-To": f"<toy.1.north.notice@{domain}>"})
    assert turn_meant(parse_message(raw)) == (3, None)
    raw = orders_mail(turn=None, headers={"In-Reply-To": f"<toy.1.north.notice@{domain}>"})
    assert turn_meant(parse_message(raw)) == (1, Replied(1, 0, "notice", 1))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300), st.text(max_size=40), st.text(max_size=40))
def test_reading_the_turn_from_any_message_id_never_raises(value: str, game: str, seat: str) -> None:
    found = replied(value, game, seat, "pbem.test")
    assert found is None or (found.turn >= 0 and found.kind in ("notice", "reminder", "ack", "report"))


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400))
def test_hostile_references_headers_are_read_without_raising(value: str) -> None:
    header = "".join(c for c in value if c not in "\r\n")
    raw = orders_mail(turn=None).replace(
        b"Subject:", b"References: " + header.encode("utf-8", "replace") + b"\nSubject:", 1
    )
    parsed = parse_message(raw)
    assert all(ref.startswith("<") and ref.endswith(">") for ref in parsed.references)
    turn_meant(parsed)
