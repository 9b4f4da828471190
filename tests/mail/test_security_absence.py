"""An absence is charged for the days it adds: sent twice, or overlapping an earlier one, it never
costs the same day twice."""

from __future__ import annotations

from datetime import date

from between_kit import seat_mail

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.mail.handler import MailHandler
from adjudicator.table.absence import days_left, declare
from adjudicator.table.signup import set_terms


def left(db: Database) -> int | None:
    with db.session() as session:
        return days_left(session, "toy", "north")


def test_an_absence_sent_twice_is_charged_once(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    set_terms(db, "toy", absence_days=10)
    handler = MailHandler(db, referee)
    for n in range(2):  # the same four days, sent twice (two mails: two Message-IDs)
        mail = seat_mail("north", toy_game["north"], "absence 2026-12-01 2026-12-04")
        assert (
            handler.handle(mail.replace(b"Subject: orders", f"Subject: away {n}".encode())).status
            == "handled"
        )
    assert left(db) == 6


def test_an_overlapping_absence_is_charged_only_for_the_days_it_adds(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    set_terms(db, "toy", absence_days=10)
    declare(referee, "toy", "north", date(2026, 12, 1), date(2026, 12, 4))
    added = declare(referee, "toy", "north", date(2026, 12, 3), date(2026, 12, 6))
    assert added.days == 2  # the 5th and the 6th
    assert left(db) == 4
    declare(referee, "toy", "north", date(2026, 12, 10), date(2026, 12, 10))
    assert left(db) == 3
