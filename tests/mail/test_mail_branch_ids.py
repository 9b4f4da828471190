"""Every Message-ID the referee builds carries the line of play, so an email about a turn
reopened by a rollback is never dropped as a duplicate of the email about the abandoned turn."""

from __future__ import annotations

from mailkit import orders_mail, outbox_rows

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.mail.handler import MailHandler
from adjudicator.publish.rollback import rollback


def test_acks_refusals_and_notices_of_a_reopened_turn_are_new_emails(
    db: Database, referee: Referee, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 3", message_id="<o1@example.org>"))
    assert referee.close_turn("toy") is not None
    before = {row.message_id for row in outbox_rows(db)}
    rollback(db, "toy", 0, clock=referee.clock)  # turn 1 opens again
    # the same mail again (a player re-sends it): answered again, not dropped
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 3", message_id="<o1-again@example.org>"))
    # a refusal (orders written for another turn) and a stranger's note (a wrong secret)
    handler.handle(
        orders_mail(secret=toy_game["north"], turn=7, body="guess 4", message_id="<o2@example.org>")
    )
    handler.handle(orders_mail(secret="wrong", body="guess 4", message_id="<o3@example.org>"))
    after = [row for row in outbox_rows(db) if row.message_id not in before]
    kinds = sorted({row.kind for row in after})
    assert {"ack", "notice", "refusal", "unverified"} <= set(kinds), kinds
    assert all(".b1@" in row.message_id for row in after), [row.message_id for row in after]
    assert referee.close_turn("toy") is not None
    reports = [row for row in outbox_rows(db, "report") if row.turn_number == 1]
    assert len(reports) == 4 and len({row.message_id for row in reports}) == 4
