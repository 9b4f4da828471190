"""The referee answers a sealed request (a table battle's result) by mail, like a player."""

from __future__ import annotations

from typing import Any, ClassVar

from mailkit import orders_mail, outbox_rows
from sqlmodel import select
from toy_ruleset import ClosestGuess

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Submission
from adjudicator.games import register
from adjudicator.games.base import REFEREE, OrderRequest
from adjudicator.mail.handler import MailHandler


class RefereedGuess(ClosestGuess):
    """toy-guess where the referee also owes a ruling each round (as Mare Nostrum's table battles)."""

    name: ClassVar[str] = "toy-refereed"

    def requests(self, state: dict[str, Any]) -> list[OrderRequest]:
        ruling = OrderRequest(key="ruling", seat=REFEREE, label="the referee's ruling", default="pass")
        return [*super().requests(state), ruling]


register(RefereedGuess)


def _game(referee: Referee) -> str:
    _, _, secret = referee.new_game("toy-refereed", "ref", referee_email="judge@example.org")
    referee.join("ref", "north", email="north@example.org")
    referee.join("ref", "south", bot=True)
    referee.start("ref")
    return secret


def test_the_referee_answers_a_sealed_request_by_mail(db: Database, referee: Referee) -> None:
    secret = _game(referee)
    handler = MailHandler(db, referee)
    raw = orders_mail(sender="judge@example.org", game="ref", seat="referee", secret=secret, body="guess 4")
    handler.handle(raw)
    with db.session() as session:
        rows = session.exec(select(Submission).where(Submission.seat == REFEREE)).all()
        assert [(r.status, r.canonical, r.source) for r in rows] == [("accepted", "guess 4", "mail")]
    acks = [m for m in outbox_rows(db, "ack") if m.to_addr == "judge@example.org"]
    assert len(acks) == 1


def test_the_referee_seat_needs_the_referees_address_and_secret(db: Database, referee: Referee) -> None:
    secret = _game(referee)
    handler = MailHandler(db, referee)
    handler.handle(orders_mail(sender="north@example.org", game="ref", seat="referee", secret=secret))
    handler.handle(orders_mail(sender="judge@example.org", game="ref", seat="referee", secret="wrong"))
    with db.session() as session:
        assert session.exec(select(Submission).where(Submission.seat == REFEREE)).all() == []
    refusals = outbox_rows(db, "unverified")
    assert refusals and {m.to_addr for m in refusals} == {"judge@example.org"}  # never to the stranger
