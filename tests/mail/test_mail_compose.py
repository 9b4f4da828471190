"""What we send: multipart/alternative, inlined CSS, safe headers, the deadline .ics, reminders."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes
from email.message import MIMEPart
from email.policy import SMTP, default

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from icalendar import Calendar
from mailkit import mail_bytes, orders_mail, outbox_rows, parts
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, Seat, Turn
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.service import queue_reminder
from adjudicator.post import compose as compose_module
from adjudicator.post.compose import compose, header_text, set_text, stable_message_id, text_payload
from adjudicator.post.ics import deadline_ics


def test_every_message_is_text_and_html_with_inlined_css() -> None:
    html = "<html><head><style>p { color: #a33; }</style></head><body><p>hello</p></body></html>"
    msg = compose(to="ana@example.org", subject="s", text="hello", html=html, message_id="<x@pbem.test>")
    assert msg.get_content_type() == "multipart/alternative"
    mail = parts(msg.as_bytes())
    assert mail["text"].strip() == "hello"
    assert '<p style="color: #a33' in mail["html"]
    assert msg["Auto-Submitted"] == "auto-generated"  # auto-responders must not answer us


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_no_text_can_break_a_header(subject: str) -> None:
    safe = header_text(subject)
    assert not any(c in safe for c in "\r\n\x00\x85\u2028\u2029")
    msg = compose(to="ana@example.org", subject=subject, text="body")
    head = msg.as_bytes().split(b"\r\n\r\n", 1)[0]
    names = [line.split(b":", 1)[0] for line in head.split(b"\r\n") if line and not line[:1].isspace()]
    expected = (
        b"From To Subject Message-ID Date Auto-Submitted MIME-Version Content-Type Content-Transfer-Encoding"
    )
    assert sorted(names) == sorted(expected.split())


def _lines(text: str) -> str:
    """A text as a reader gets it back: its line ends (CR, LF or CRLF) made ``\n``, ending with one."""
    return (b"\n".join(text.encode("utf-8").splitlines()) + b"\n").decode("utf-8")


def _read(body: str) -> str:
    return body.replace("\r\n", "\n")  # the parser hands a 7bit body back with the wire's CRLF


# Bodies a report can hold: any text, long lines (a board drawing), lines of dots and of "From ".
_bodies = st.one_of(
    st.text(max_size=400),
    st.lists(
        st.sampled_from([".", "From here", "a" * 1200, "x = 3 ", "Nîmes\t", "Ἀθῆναι", ""]), max_size=8
    ).map("\n".join),
)


@settings(max_examples=300, deadline=None)
@given(_bodies, _bodies)
def test_any_text_and_html_come_back_whole_from_the_composed_bytes(text: str, html: str) -> None:
    msg = compose(
        to="ana@example.org", subject="s", text=text, html=f"<p>{html}</p>", message_id="<x@pbem.test>"
    )
    mail = parts(msg.as_bytes())
    assert _read(mail["text"]) == _lines(text)
    assert mail["msg"].get_content_type() == "multipart/alternative"
    page = MIMEPart(policy=SMTP)
    set_text(page, html, "html")  # the HTML part as compose writes it, before css_inline's rewriting
    assert _read(message_from_bytes(page.as_bytes(), policy=default).get_content()) == _lines(html)
    single = parts(compose(to="ana@example.org", subject="s", text=text).as_bytes())
    assert _read(single["text"]) == _lines(text)


@settings(max_examples=300, deadline=None)
@given(_bodies)
def test_text_payload_never_writes_a_line_longer_than_smtp_allows(text: str) -> None:
    cte, payload = text_payload(text)
    assert cte in ("7bit", "quoted-printable", "base64")
    assert payload.isascii()
    assert all(len(line) <= 998 for line in payload.split("\n"))


def test_text_payload_picks_7bit_then_the_shorter_of_quoted_printable_and_base64() -> None:
    assert text_payload("plain ASCII\n")[0] == "7bit"
    assert text_payload("a" * 999)[0] == "quoted-printable"  # ASCII, but a line too long for 7bit
    assert text_payload("Carthage takes Nîmes")[0] == "quoted-printable"
    assert text_payload("Ἀθῆναι καὶ Σπάρτη")[0] == "base64"
    failed, tried = __import__("doctest").testmod(compose_module)
    assert tried >= 3 and failed == 0


def test_stable_message_ids_are_header_safe() -> None:
    assert stable_message_id("g", 3, "ana b\r\n<x>", "ack") == "<g.3.ana-b---x-.ack@pbem.test>"


def test_deadline_ics_is_a_valid_calendar_event() -> None:
    data = deadline_ics("rome-27", 4, "Spring 212 BC", datetime(2026, 11, 24, 12, 0, tzinfo=UTC), "carthage")
    assert data is not None
    [event] = [c for c in Calendar.from_ical(data).walk() if c.name == "VEVENT"]
    assert event.decoded("dtstart") == datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
    assert str(event["uid"]) == "rome-27.4.deadline@pbem.test"
    assert "turn 4" in str(event["summary"])
    assert deadline_ics("g", 1, "x", None) is None


def test_turn_notice_carries_deadline_commitment_and_ics(db: Database, toy_game: dict[str, str]) -> None:
    notices = outbox_rows(db, "notice")
    assert {n.to_addr for n in notices} == {"north@example.org", "south@example.org"}
    mail = parts(mail_bytes(notices[0]))
    assert "deadline.ics" in mail["attachments"]
    with db.session() as session:
        turn = session.exec(select(Turn).where(Turn.game_id == "toy", Turn.number == 1)).one()
    assert turn.commitment in mail["text"]
    assert "2026-11-24 12:00 UTC" in mail["text"]


def test_reminder_is_rendered_and_queued_once(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    referee.replace_seat("toy", "north", email="north@example.org", timezone="Europe/Paris")
    with db.session() as session:
        game = session.get(Game, "toy")
        turn = session.exec(select(Turn).where(Turn.game_id == "toy", Turn.number == 1)).one()
        seat = session.exec(select(Seat).where(Seat.game_id == "toy", Seat.name == "north")).one()
        assert queue_reminder(session, game, turn, seat, "24h") is not None
        assert queue_reminder(session, game, turn, "north", "24h") is None  # once per (turn, seat, label)
        assert queue_reminder(session, game, turn, seat, "2h") is not None
        assert queue_reminder(session, game, turn, "nobody", "2h") is None
    reminders = outbox_rows(db, "reminder")
    assert [r.to_addr for r in reminders] == ["north@example.org"] * 2
    mail = parts(mail_bytes(reminders[0]))
    assert mail["msg"]["Subject"] == "[toy] Reminder: 24h left for turn 1, Round 1"
    assert "2026-11-24 12:00 UTC (2026-11-24 13:00 Europe/Paris)" in mail["text"]
    assert "YOU OWE: Round 1, north" in mail["text"] and "You owe: Round 1, north" in mail["html"]
    assert "deadline.ics" in mail["attachments"]


def test_ack_shows_the_deadline_in_the_players_time_zone(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    secret = referee.replace_seat("toy", "south", email="south@example.org", timezone="America/New_York")
    MailHandler(db, referee).handle(orders_mail(sender="south@example.org", seat="south", secret=secret))
    [ack] = outbox_rows(db, "ack")
    assert "(2026-11-24 07:00 America/New_York)" in parts(mail_bytes(ack))["text"]


@pytest.mark.parametrize("kind", ["ack", "unverified"])
def test_replies_come_from_the_referee(
    db: Database, referee: Referee, toy_game: dict[str, str], kind: str
) -> None:
    secret = toy_game["north"] if kind == "ack" else "wrong"
    MailHandler(db, referee).handle(orders_mail(secret=secret))
    [row] = outbox_rows(db, kind)
    msg = parts(mail_bytes(row))["msg"]
    assert str(msg["From"]) == "Referee <referee@pbem.test>"
    assert msg["Message-ID"].endswith("@pbem.test>")


@settings(max_examples=150, deadline=None)
@given(
    text=st.lists(
        st.sampled_from(["a", "é", " ", ".", "=", "\n", "\r", "\r\n", "\t", "From "]), max_size=80
    ).map("".join),
    data=st.binary(max_size=300),
)
def test_the_fast_serialiser_writes_the_bytes_of_the_email_package(text: str, data: bytes) -> None:
    from adjudicator.post.compose import as_bytes

    msg = compose(
        to="ana@example.org",
        subject="s",
        text=text or "x",
        html=f"<p>{text}</p>",
        message_id="<fast@pbem.test>",
        attachments=[
            ("a.bin", "application/octet-stream", data),
            ("n.txt", "text/plain; charset=utf-8", data),
        ],
    )
    assert as_bytes(msg) == msg.as_bytes()


_HEADER_TEXT = st.lists(
    st.sampled_from(
        ["a", "Z", "é", " ", ".", ",", "(", ")", '"', "<", ">", "@", ":", ";", "[", "=", "?", "-"]
    ),
    max_size=90,
).map("".join)


@settings(max_examples=300)
@given(
    name=_HEADER_TEXT,
    subject=_HEADER_TEXT,
    local=st.from_regex(r"[a-z0-9+-]{1,20}(\.[a-z0-9+-]{1,10}){0,2}", fullmatch=True),
)
def test_headers_each_mail_has_its_own_are_folded_as_the_email_package_folds_them(
    name: str, subject: str, local: str
) -> None:
    """The short-cuts of the fast serialiser (a short ASCII header written as it reads, a stable
    boundary's content type folded from a kept model) give the email package's own lines."""
    from email.headerregistry import Address

    from adjudicator.post.compose import as_bytes, attach, stable_boundaries

    to = str(Address(display_name=name.strip(), addr_spec=f"{local}@example.org"))
    msg = compose(to=to, subject=subject, text="t", html="<p>h</p>", message_id=f"<{local}@pbem.test>")
    attach(msg, "deadline.ics", "text/calendar; method=PUBLISH; charset=utf-8", b"BEGIN:VCALENDAR\r\n")
    stable_boundaries(msg, subject)
    assert as_bytes(msg) == msg.as_bytes()


@settings(max_examples=200)
@given(
    seat=st.none() | st.text(min_size=1, max_size=60),
    label=st.text(max_size=80),
    game_id=st.from_regex(r"[a-z0-9-]{1,30}", fullmatch=True),
)
def test_a_seats_deadline_event_is_the_calendar_icalendar_makes_whole(
    seat: str | None, label: str, game_id: str
) -> None:
    """Each seat's event comes from the turn's kept calendar with its own summary line: the same
    bytes as the calendar made whole, whatever the seat's name or the label holds (commas,
    semicolons, backslashes, line ends, long text folded)."""
    from adjudicator.games.language import ENGLISH
    from adjudicator.post import ics

    when = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
    made = deadline_ics(game_id, 3, label, when, seat)
    whole = ics._built(
        game_id,
        3,
        label,
        when,
        ics._summary(game_id, 3, label, seat, ENGLISH),
        ENGLISH,
        compose_module.mail_domain(),
    )
    assert made == whole
