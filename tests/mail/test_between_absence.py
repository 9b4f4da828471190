"""Absences: ``absence FROM TO`` within a per-game allowance moves a deadline falling in it to its end."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from between_kit import letters, seat_mail, text_of
from hypothesis import given
from hypothesis import strategies as st
from sqlmodel import select

from adjudicator.cli import main
from adjudicator.core.engine import Referee, RefereeError
from adjudicator.core.store import Absence, Database, Turn
from adjudicator.mail.handler import MailHandler
from adjudicator.publish.reports import stored_report
from adjudicator.table.absence import read_day
from adjudicator.table.signup import set_terms


def deadline(db: Database, number: int = 1) -> datetime:
    with db.session() as session:
        turn = session.exec(select(Turn).where(Turn.game_id == "toy", Turn.number == number)).one()
        return turn.deadline_at.replace(tzinfo=UTC)  # type: ignore[union-attr]


def test_absence_moves_the_open_deadline_to_its_end_and_every_seat_is_told(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    set_terms(db, "toy", absence_days=14)
    assert deadline(db) == datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
    result = MailHandler(db, referee).handle(
        seat_mail("north", toy_game["north"], "absence 2026-11-24 2026-11-25")
    )
    assert result.status == "handled", result.detail
    assert deadline(db) == datetime(2026, 11, 26, 0, 0, tzinfo=UTC)  # the end of the absence's last day
    moved = letters(db, "deadline-moved")
    assert sorted(r.to_addr for r in moved) == ["north@example.org", "south@example.org"]
    assert "2026-11-26 00:00 UTC" in text_of(moved[0])
    [ack] = letters(db, "absence", to="north@example.org")
    assert "12 days of absence left" in text_of(ack)


def test_an_absence_in_the_seats_time_zone_ends_at_its_local_midnight(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    set_terms(db, "toy", absence_days=14)
    referee.set_timezone("toy", "north", "Pacific/Auckland", as_referee=True)  # UTC+13 in November
    MailHandler(db, referee).handle(seat_mail("north", toy_game["north"], "absence 2026-11-25 2026-11-25"))
    assert deadline(db) == datetime(2026, 11, 25, 11, 0, tzinfo=UTC)  # 2026-11-26 00:00 in Auckland


def test_an_absence_beyond_the_allowance_is_refused_with_the_allowance_left(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    set_terms(db, "toy", absence_days=5)
    handler = MailHandler(db, referee)
    assert (
        handler.handle(seat_mail("north", toy_game["north"], "absence 2026-12-01 2026-12-03")).status
        == "handled"
    )
    result = handler.handle(seat_mail("north", toy_game["north"], "absence 2026-12-10 2026-12-12"))
    assert result.status == "refused"
    [refusal] = letters(db, "refusal", to="north@example.org")
    assert "2 of 5 days" in text_of(refusal) and "Nothing was changed" in text_of(refusal)
    with db.session() as session:
        assert len(session.exec(select(Absence)).all()) == 1
    assert deadline(db) == datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


def test_absences_are_off_unless_the_game_allows_them(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    result = MailHandler(db, referee).handle(
        seat_mail("north", toy_game["north"], "absence 2026-11-24 2026-11-25")
    )
    assert result.status == "refused" and "allows no absences" in result.detail
    assert deadline(db) == datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "body",
    [
        "absence",
        "absence tomorrow",
        "absence 2026-11-25",
        "absence 2026-11-30 2026-11-25",
        "absence 2026-13-01 2026-13-02",
    ],
)
def test_a_malformed_absence_is_refused_and_changes_nothing(
    db: Database, referee: Referee, toy_game: dict[str, str], body: str
) -> None:
    set_terms(db, "toy", absence_days=14)
    assert MailHandler(db, referee).handle(seat_mail("north", toy_game["north"], body)).status == "refused"
    with db.session() as session:
        assert session.exec(select(Absence)).all() == []


def test_a_forged_absence_changes_nothing(db: Database, referee: Referee, toy_game: dict[str, str]) -> None:
    set_terms(db, "toy", absence_days=14)
    handler = MailHandler(db, referee)
    handler.handle(seat_mail("north", "wrong-secret", "absence 2026-11-24 2026-11-25"))
    handler.handle(
        seat_mail("north", toy_game["north"], "absence 2026-11-24 2026-11-25", sender="eve@example.org")
    )
    with db.session() as session:
        assert session.exec(select(Absence)).all() == []
    assert deadline(db) == datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


def test_a_later_turn_opening_inside_an_absence_gets_its_deadline_moved(
    db: Database, referee: Referee, toy_game: dict[str, str], clock: Any
) -> None:
    set_terms(db, "toy", absence_days=14)
    from adjudicator.table.absence import declare

    declare(referee, "toy", "south", read_day("2026-11-27"), read_day("2026-11-29"))
    clock.advance(hours=30)  # turn 2 opens at 2026-11-23 18:00, its 48h deadline would be 2026-11-25 18:00
    referee.close_turn("toy")
    assert deadline(db, 2) == datetime(2026, 11, 25, 18, 0, tzinfo=UTC)  # not in the absence: unmoved
    clock.advance(days=3)  # turn 3 opens 2026-11-26 18:00: its deadline 2026-11-28 18:00 falls in it
    referee.close_turn("toy")
    assert deadline(db, 3) == datetime(2026, 11, 30, 0, 0, tzinfo=UTC)


def test_the_report_shows_the_allowance_left(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    set_terms(db, "toy", absence_days=10)
    from adjudicator.table.absence import declare

    declare(referee, "toy", "north", read_day("2026-12-01"), read_day("2026-12-04"))
    referee.close_turn("toy")
    with db.session() as session:
        north = stored_report(session, "toy", 1, "north", "text")
        html = stored_report(session, "toy", 1, "north", "html")
        south = stored_report(session, "toy", 1, "south", "text")
        public = stored_report(session, "toy", 1, None, "text")
    assert "Absence allowance: 6 of 10 days left" in north  # type: ignore[operator]
    assert "Absence allowance: 6 of 10 days left" in html  # type: ignore[operator]
    assert "Absence allowance: 10 of 10 days left" in south  # type: ignore[operator]
    assert "Absence allowance" not in public  # type: ignore[operator]


def test_pbem_seat_absence(
    db: Database, referee: Referee, toy_game: dict[str, str], sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_terms(db, "toy", absence_days=3)
    monkeypatch.setenv("PBEM_DB", sqlite_url)
    # the referee's command runs on the real clock: dates well ahead of it
    assert main(["seat", "absence", "toy", "north", "2099-01-01", "2099-01-02"]) == 0
    assert main(["seat", "absence", "toy", "north", "2099-02-01", "2099-02-02"]) == 4  # 1 day left
    with db.session() as session:
        assert [(a.seat, a.days) for a in session.exec(select(Absence)).all()] == [("north", 2)]


@given(st.text(max_size=30))
def test_read_day_reads_a_date_or_refuses_clearly(text: str) -> None:
    try:
        day = read_day(text)
    except RefereeError as exc:
        assert "YYYY-MM-DD" in str(exc)
    else:
        assert day.isoformat() == text.strip()


def test_status_reply_shows_the_absence_allowance_left_and_the_absences_to_come(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    set_terms(db, "toy", absence_days=14)
    handler = MailHandler(db, referee)
    assert (
        handler.handle(seat_mail("north", toy_game["north"], "absence 2026-12-01 2026-12-03")).status
        == "handled"
    )
    assert handler.handle(seat_mail("north", toy_game["north"], "status")).status == "handled"
    [reply] = letters(db, "reply", to="north@example.org")
    text = text_of(reply)
    assert "Absence allowance: 11 of 14 days left" in text
    assert "Absence recorded: 2026-12-01 00:00 UTC until 2026-12-04 00:00 UTC (3 days)" in text
    handler.handle(seat_mail("south", toy_game["south"], "status"))
    [other] = letters(db, "reply", to="south@example.org")
    assert "Absence allowance: 14 of 14 days left" in text_of(other)
    assert "Absence recorded" not in text_of(other)  # north's absence is north's own business


def test_status_reply_says_nothing_of_absences_when_the_game_allows_none(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    assert (
        MailHandler(db, referee).handle(seat_mail("north", toy_game["north"], "status")).status == "handled"
    )
    [reply] = letters(db, "reply", to="north@example.org")
    assert "Turn 1" in text_of(reply) and "Absence" not in text_of(reply)
