"""Sign-up by mail: ``join GAME [SEAT]``, a code to that address only, ``confirm CODE``, the seat's secret."""

from __future__ import annotations

from typing import Any
from typing import Any as FakeClock  # the conftest clock fixture (tests/conftest.py)

import pytest
from between_kit import REFEREE_HOME, SECRET, club_game, code_in, html_of, letters, plain_mail, text_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mailkit import outbox_rows, parts
from sqlmodel import select

from adjudicator.cli import main
from adjudicator.core.engine import Referee
from adjudicator.core.store import Confirmation, Database, Game, InboundMessage, Seat, check_secret
from adjudicator.mail.handler import MailHandler
from adjudicator.table.signup import CODES_PER_ADDRESS_PER_DAY, CODES_PER_GAME_PER_HOUR, normal_code


def seats(db: Database) -> dict[str, Seat]:
    with db.session() as session:
        return {s.name: s for s in session.exec(select(Seat).where(Seat.game_id == "club")).all()}


def join(handler: MailHandler, sender: str, body: str = "join club", **kw: str):  # type: ignore[no-untyped-def]
    return handler.handle(plain_mail(sender, body, **kw))


def test_join_sends_one_code_mail_to_the_sender_and_nothing_else(db: Database, referee: Referee) -> None:
    club_game(referee, db)
    handler = MailHandler(db, referee)
    result = join(handler, "ana@example.org", "join club north")
    assert result.status == "handled" and result.replies == 1
    [row] = outbox_rows(db)
    assert (row.kind, row.to_addr, row.subject) == (
        "signup-code",
        "ana@example.org",
        "[club] Your sign-up code",
    )
    assert "join club north" not in text_of(row)  # nothing of the message is quoted back
    with db.session() as session:
        [pending] = session.exec(select(Confirmation)).all()
    code = code_in(row)
    assert code not in pending.code_hash and check_secret(code, pending.code_hash)  # stored hashed


def test_confirm_takes_the_asked_seat_mails_its_secret_and_starts_the_full_game(
    db: Database, referee: Referee
) -> None:
    club_game(referee, db)
    handler = MailHandler(db, referee)
    join(handler, "ana@example.org", "join club south")
    join(handler, "ben@example.org", "join club")
    codes = {r.to_addr: code_in(r) for r in letters(db, "signup-code")}
    assert (
        handler.handle(plain_mail("ana@example.org", f"confirm {codes['ana@example.org']}")).status
        == "handled"
    )
    taken = seats(db)
    assert taken["south"].email == "ana@example.org" and taken["north"].status == "open"
    [mail] = letters(db, "seat", to="ana@example.org")
    secret = SECRET.search(text_of(mail)).group(1)  # type: ignore[union-attr]
    assert check_secret(secret, taken["south"].secret_hash or "")
    # the second player takes the first free seat; the game is full and starts by itself
    result = handler.handle(plain_mail("ben@example.org", f"confirm {codes['ben@example.org'].lower()}"))
    assert "started" in result.detail
    assert seats(db)["north"].email == "ben@example.org"
    with db.session() as session:
        assert session.get(Game, "club").status == "running"  # type: ignore[union-attr]
    assert {r.subject for r in letters(db, to=REFEREE_HOME)} == {
        "[club] Seat south taken",
        "[club] Seat north taken",
    }


def test_a_full_game_without_start_when_full_waits_for_the_referee(db: Database, referee: Referee) -> None:
    club_game(referee, db, start_when_full=False)
    handler = MailHandler(db, referee)
    for who in ("ana", "ben"):
        join(handler, f"{who}@example.org")
        [row] = letters(db, "signup-code", to=f"{who}@example.org")
        handler.handle(plain_mail(f"{who}@example.org", f"confirm {code_in(row)}"))
    with db.session() as session:
        assert session.get(Game, "club").status == "setup"  # type: ignore[union-attr]


def test_a_second_join_while_a_code_is_out_sends_nothing(db: Database, referee: Referee) -> None:
    club_game(referee, db)
    handler = MailHandler(db, referee)
    join(handler, "ana@example.org")
    result = join(handler, "ana@example.org", "join club south", message_id="<again@x.org>")
    assert result.status == "ignored" and result.replies == 0
    assert len(outbox_rows(db)) == 1


def test_codes_are_rate_limited_per_address_and_per_game(
    db: Database, referee: Referee, clock: FakeClock
) -> None:
    from adjudicator.table.signup import set_terms

    for name in ("g0", "g1", "g2", "g3", "other"):
        referee.new_game("toy-guess", name, {"seats": "4"})
        set_terms(db, name, signup="open")
    handler = MailHandler(db, referee)
    # per address: one code per game at a time, and at most CODES_PER_ADDRESS_PER_DAY a day in all
    for i in range(4):
        join(handler, "ana@example.org", f"join g{i}", message_id=f"<a{i}@x.org>")
    assert len(letters(db, "signup-code", to="ana@example.org")) == CODES_PER_ADDRESS_PER_DAY
    clock.advance(days=1, minutes=1)
    join(handler, "ana@example.org", "join g3", message_id="<a-next-day@x.org>")
    assert len(letters(db, "signup-code", to="ana@example.org")) == CODES_PER_ADDRESS_PER_DAY + 1
    # per game: many addresses in one hour
    clock.advance(days=2)
    for i in range(CODES_PER_GAME_PER_HOUR + 3):
        join(handler, f"p{i}@example.org", "join other", message_id=f"<g{i}@x.org>")
    assert (
        len([r for r in letters(db, "signup-code") if r.to_addr.startswith("p")]) == CODES_PER_GAME_PER_HOUR
    )


@pytest.mark.parametrize(
    "body",
    [
        "join nosuchgame",
        "join club westeros",  # no such seat
        "join ../../etc",
        "join club north extra words",
        "join",
    ],
)
def test_a_join_that_cannot_be_met_sends_nothing(db: Database, referee: Referee, body: str) -> None:
    club_game(referee, db)
    result = join(MailHandler(db, referee), "ana@example.org", body)
    assert result.status == "ignored" and result.replies == 0
    assert outbox_rows(db) == []


def test_a_game_closed_to_signup_sends_nothing(db: Database, referee: Referee) -> None:
    club_game(referee, db, signup="closed")
    assert join(MailHandler(db, referee), "ana@example.org").status == "ignored"
    assert outbox_rows(db) == []


def test_a_wrong_or_expired_code_or_another_address_takes_nothing(
    db: Database, referee: Referee, clock: FakeClock
) -> None:
    club_game(referee, db)
    handler = MailHandler(db, referee)
    join(handler, "ana@example.org")
    code = code_in(letters(db, "signup-code")[0])
    assert handler.handle(plain_mail("eve@example.org", f"confirm {code}")).status == "ignored"
    assert handler.handle(plain_mail("ana@example.org", "confirm AAAA-BBBB-CCCC")).status == "ignored"
    clock.advance(hours=49)
    assert handler.handle(
        plain_mail("ana@example.org", f"confirm {code}", message_id="<late@x.org>")
    ).status == ("ignored")
    assert all(s.status == "open" for s in seats(db).values())
    assert len(outbox_rows(db)) == 1  # only the code mail, ever


def test_the_stored_confirmation_mail_does_not_keep_the_code(db: Database, referee: Referee) -> None:
    club_game(referee, db)
    handler = MailHandler(db, referee)
    join(handler, "ana@example.org")
    code = code_in(letters(db, "signup-code")[0])
    handler.handle(plain_mail("ana@example.org", f"confirm {code}", message_id="<c@x.org>"))
    with db.session() as session:
        row = session.exec(select(InboundMessage).where(InboundMessage.message_id == "<c@x.org>")).one()
    assert code.encode() not in row.raw and b"confirm [redacted]" in row.raw


def test_the_stored_french_confirmation_mail_does_not_keep_the_code(db: Database, referee: Referee) -> None:
    club_game(referee, db)
    handler = MailHandler(db, referee)
    join(handler, "ana@example.org")
    code = code_in(letters(db, "signup-code")[0])
    handler.handle(plain_mail("ana@example.org", f"Confirmer {code}", message_id="<c@x.org>"))
    with db.session() as session:
        row = session.exec(select(InboundMessage).where(InboundMessage.message_id == "<c@x.org>")).one()
    assert code.encode() not in row.raw and b"Confirmer [redacted]" in row.raw


def test_hostile_signup_text_never_reaches_a_header_or_unescaped_html(db: Database, referee: Referee) -> None:
    club_game(referee, db)
    handler = MailHandler(db, referee)
    # a CR/LF and markup in the display name and the subject: the address alone is used, the subject never
    raw = plain_mail("ana@example.org", "join club", subject="x").replace(
        b"From: ana@example.org", b'From: "Ana <script>alert(1)</script>" <ana@example.org>'
    )
    raw = raw.replace(b"Subject: x", b"Subject: =?utf-8?q?=3Cscript=3Ealert(1)=0D=0ABcc=3A_v=40example.org?=")
    assert handler.handle(raw).status == "handled"
    # an encoded CR/LF in the From: the standard parser reads no address there, so nobody is answered
    crlf = plain_mail("ben@example.org", "join club", message_id="<crlf@x.org>").replace(
        b"From: ben@example.org",
        b"From: =?utf-8?q?Ben=0D=0ABcc=3A_victim=40example.org?= <ben@example.org>",
    )
    assert handler.handle(crlf).status == "ignored"
    # markup as the seat asked for, or as the address: nothing at all is sent
    join(handler, "ben@example.org", "join club <script>alert(1)</script>")
    join(handler, '"<script>alert(1)</script>"@evil.example', "join club")
    [row] = outbox_rows(db)
    msg = parts(row.raw)["msg"]
    assert str(msg["To"]) == "ana@example.org" and msg["Bcc"] is None
    assert "script" not in row.raw.decode().lower()
    assert "<script" not in html_of(row)


def test_approve_mode_waits_for_pbem_seat_approve(
    db: Database, referee: Referee, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    club_game(referee, db, signup="approve")
    handler = MailHandler(db, referee)
    join(handler, "ana@example.org", "join club north")
    handler.handle(plain_mail("ana@example.org", f"confirm {code_in(letters(db, 'signup-code')[0])}"))
    assert seats(db)["north"].status == "open"
    [note] = letters(db, "signup-approve", to=REFEREE_HOME)
    assert "pbem seat approve club north" in text_of(note)
    assert letters(db, "signup-wait", to="ana@example.org")
    monkeypatch.setenv("PBEM_DB", sqlite_url)
    assert main(["seat", "approve", "club", "north"]) == 0
    assert seats(db)["north"].email == "ana@example.org"
    assert letters(db, "seat", to="ana@example.org")
    assert main(["seat", "approve", "club", "north"]) != 0  # nothing waits any more


def test_pbem_game_new_takes_the_signup_and_absence_terms(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PBEM_DB", sqlite_url)
    assert main(["init"]) == 0
    args = ["game", "new", "toy-guess", "g1", "--signup", "approve", "--start-when-full", "--absence", "2w"]
    assert main(args) == 0
    capsys.readouterr()
    assert main(["game", "show", "g1"]) == 0
    assert (
        "sign-up by mail: approve, starts when full; absences: 14 days per player" in capsys.readouterr().out
    )
    assert main(["game", "new", "toy-guess", "g2", "--signup", "sometimes"]) == 2
    assert main(["game", "new", "toy-guess", "g3", "--absence", "36h"]) != 0
    from adjudicator.table.signup import terms

    db = Database(sqlite_url)
    with db.session() as session:
        row = terms(session, "g1")
        assert (row.signup, row.start_when_full, row.absence_days) == ("approve", True, 14)
        assert session.get(Game, "g2") is None and session.get(Game, "g3") is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=40))
def test_normal_code_never_raises_and_is_bounded(text: str) -> None:
    code = normal_code(text)
    assert len(code) <= 16 and all(c.isalnum() or c == "-" for c in code)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    tail=st.text(max_size=80),
    subject=st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=40),
    data=st.data(),
)
def test_whatever_a_join_says_at_most_the_one_code_mail_goes_to_its_sender(
    db: Database, referee: Referee, tail: str, subject: str, data: Any
) -> None:
    with db.session() as session:
        exists = session.get(Game, "club") is not None
    if not exists:
        club_game(referee, db)
    sender = f"p{data.draw(st.integers(0, 10**9))}@example.org"
    before = len(outbox_rows(db))
    word = data.draw(st.sampled_from(["join club", "join", "confirm", "join club north"]))
    result = MailHandler(db, referee).handle(plain_mail(sender, f"{word} {tail}", subject=subject or "x"))
    assert result.status in ("handled", "ignored", "refused")
    new = outbox_rows(db)[before:]
    assert len(new) <= 1
    for row in new:
        assert (row.kind, row.to_addr, row.subject) == ("signup-code", sender, "[club] Your sign-up code")
        assert tail.strip() == "" or tail.strip() not in text_of(row).replace("club", "").replace("north", "")


def test_the_referee_may_refuse_a_signup_under_approve(
    db: Database, referee: Referee, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    club_game(referee, db, signup="approve")
    handler = MailHandler(db, referee)
    join(handler, "ana@example.org", "join club north")
    handler.handle(plain_mail("ana@example.org", f"confirm {code_in(letters(db, 'signup-code')[0])}"))
    monkeypatch.setenv("PBEM_DB", sqlite_url)
    assert main(["seat", "approve", "club", "north", "--refuse"]) == 0
    assert seats(db)["north"].status == "open" and letters(db, "seat") == []
    assert letters(db, "signup-refused", to="ana@example.org")
