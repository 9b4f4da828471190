"""Helpers of the tests of sign-up, absences, resignation and proposals (``mail/between.py``)."""

from __future__ import annotations

import re

from mailkit import REFEREE, orders_mail, outbox_rows, parts

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, OutboxMessage
from adjudicator.table.signup import set_terms

REFEREE_HOME = "ref@club.example"
CODE = re.compile(r"confirm ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})")
SECRET = re.compile(r"secret: (\S+)")


def club_game(
    referee: Referee, db: Database, *, signup: str = "open", start_when_full: bool = True, absence: int = 0
) -> None:
    """A two-seat toy game ``club`` in setup, open for sign-up by mail."""
    referee.new_game("toy-guess", "club", {"points": "9"}, deadline="48h", referee_email=REFEREE_HOME)
    set_terms(db, "club", signup=signup, start_when_full=start_when_full, absence_days=absence)


def plain_mail(sender: str, body: str, *, subject: str = "hello", message_id: str | None = None) -> bytes:
    """A mail with no judge header lines at all (how a newcomer writes)."""
    return orders_mail(
        sender=sender,
        game=None,
        seat=None,
        secret=None,
        turn=None,
        body=body,
        subject=subject,
        message_id=message_id,
    )


def seat_mail(
    seat: str,
    secret: str | None,
    body: str,
    *,
    sender: str | None = None,
    game: str = "toy",
    turn: int | None = 1,
) -> bytes:
    """A verified-looking mail from a seat (``seat@example.org`` unless told), for turn 1 unless told."""
    return orders_mail(
        sender=sender or f"{seat}@example.org", game=game, seat=seat, secret=secret, turn=turn, body=body
    )


def letters(db: Database, kind: str | None = None, to: str | None = None) -> list[OutboxMessage]:
    return [r for r in outbox_rows(db, kind) if to is None or r.to_addr == to]


def text_of(row: OutboxMessage) -> str:
    return str(parts(row.raw)["text"])


def html_of(row: OutboxMessage) -> str:
    return str(parts(row.raw)["html"])


def code_in(row: OutboxMessage) -> str:
    found = CODE.search(text_of(row))
    assert found, text_of(row)
    return found.group(1)


__all__ = ["REFEREE", "REFEREE_HOME", "club_game", "code_in", "letters", "plain_mail", "seat_mail"]
