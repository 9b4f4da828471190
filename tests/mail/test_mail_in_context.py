"""Command words read in context: where the game's orders use the word and the seat owes such
orders now, a one-line mail is orders, not the command.

Planet Masters' turn has a Vote statement, ``vote <player>``; every game also has the draw vote
``vote yes|no`` between the players. A one-line ``vote mors`` from the seat in turn is its turn.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mailkit import mail_bytes, orders_mail, outbox_rows, parts
from sqlmodel import select

from adjudicator.core import seal
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, Submission
from adjudicator.mail.handler import MailHandler


@pytest.fixture
def planet(referee: Referee, db: Database) -> dict[str, str]:
    """A Planet Masters game of three, its setup pinned: terre plays the first turn."""
    referee.new_game("planet-masters", "pm", {"players": "3"}, deadline="48h")
    with db.session() as session:
        game = session.get(Game, "pm")
        assert game is not None
        game.setup_secret = "5e" * 32
        game.setup_commitment = seal.commitment(game.setup_secret)
        session.add(game)
    secrets = {s: referee.join("pm", s, email=f"{s}@example.org") for s in ("terre", "mors", "roach")}
    referee.start("pm")
    return secrets


def mail(seat: str, secret: str, body: str, n: int, turn: int | None = 1) -> bytes:
    return orders_mail(
        sender=f"{seat}@example.org",
        game="pm",
        seat=seat,
        secret=secret,
        turn=turn,
        body=body,
        message_id=f"<{seat}-{n}@x.org>",
    )


def submissions(db: Database) -> list[Submission]:
    with db.session() as session:
        return list(session.exec(select(Submission).where(Submission.source == "mail")).all())


def test_a_one_line_vote_in_planet_masters_is_the_turns_vote_statement(
    db: Database, handler: MailHandler, planet: dict[str, str]
) -> None:
    handled = handler.handle(mail("terre", planet["terre"], "vote mors", 1))
    assert handled.status == "handled", handled.detail
    [submission] = submissions(db)
    assert (submission.request_key, submission.status, submission.canonical.strip()) == (
        "turn:terre",
        "accepted",
        "vote mors",
    )
    assert outbox_rows(db, "refusal") == []


def test_vote_yes_in_planet_masters_is_still_the_draw_vote(
    db: Database, handler: MailHandler, planet: dict[str, str]
) -> None:
    assert handler.handle(mail("mors", planet["mors"], "propose draw", 1)).status == "handled"
    handled = handler.handle(mail("terre", planet["terre"], "vote yes 1", 2, turn=None))
    assert handled.status == "handled", handled.detail
    assert "vote" in handled.detail and submissions(db) == []


def test_a_vote_statement_from_a_seat_not_in_turn_is_not_taken_as_orders(
    db: Database, handler: MailHandler, planet: dict[str, str]
) -> None:
    handled = handler.handle(mail("mors", planet["mors"], "vote terre", 1))
    assert handled.status == "refused"
    assert submissions(db) == []


def test_a_command_line_is_always_the_command(
    db: Database, handler: MailHandler, planet: dict[str, str]
) -> None:
    handled = handler.handle(mail("terre", planet["terre"], "command: status", 1))
    assert handled.status == "handled" and "status" in handled.detail
    raw = orders_mail(
        sender="terre@example.org",
        game="pm",
        seat="terre",
        secret=planet["terre"],
        turn=1,
        body="command: help\n",
        message_id="<terre-2@x.org>",
    )
    handled = handler.handle(raw)
    assert handled.status == "handled" and "help" in handled.detail
    assert submissions(db) == []


def test_help_is_a_command_where_the_game_has_no_help_order(
    db: Database, handler: MailHandler, planet: dict[str, str], tmp_path: Path
) -> None:
    handled = handler.handle(mail("terre", planet["terre"], "help vote", 1, turn=None))
    assert handled.status == "handled", handled.detail
    [answer] = [r for r in outbox_rows(db, "reply")]
    text = parts(mail_bytes(answer))["text"]
    assert "help on vote" in text and "vote <player>" in text
