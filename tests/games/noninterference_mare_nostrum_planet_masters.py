"""What another seat, an observer and the public archive receive from a game driven through the real
engine (SQLite file, reports on): the helper of the sealed-answer non-interference tests.

A *snapshot* is every byte that leaves the referee for anyone but the seat whose hidden
information differs: the mails queued for other seats and observers (composed as they would be
sent), the public report, the open turn's requests, label, deadline and status, and whether it
is ready to close early. Two runs that differ only in that seat's hidden information must give
equal snapshots until the book reveals it.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlmodel import select

from adjudicator.core import engine, seal
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Observer, OutboxMessage, Report
from adjudicator.publish.report_mail import composed

OBSERVER = "observer@example.org"
#: the two things in a mail drawn from neither the game nor the referee's secrets: the wall-clock
#: ``Date`` of a mail composed when queued, and the email package's random MIME boundaries
_WALL_CLOCK_DATE = re.compile(rb"^Date: [^\r\n]*", re.M)
_BOUNDARY = re.compile(rb"={15}\d+==")


def comparable(mail: bytes) -> bytes:
    """A mail's bytes with its wall-clock date and random MIME boundaries replaced by marks."""
    return _BOUNDARY.sub(b"=BOUNDARY=", _WALL_CLOCK_DATE.sub(b"Date: (when sent)", mail))


class HandClock:
    """The engine's clock, moved by hand: both runs see the same moments."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now


@contextmanager
def pinned_secrets(seed: bytes) -> Iterator[None]:
    """Turn secrets, salts and seat secrets drawn from ``seed``: two runs of the same procedure
    draw the same ones, so any byte that differs comes from what the runs were given."""
    counter = itertools.count()

    def draw(n: int) -> str:
        return hashlib.sha256(seed + str(next(counter)).encode()).hexdigest()[: 2 * n]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(seal, "new_turn_secret", lambda: draw(32))
        patch.setattr(seal, "new_salt", lambda: draw(16))
        patch.setattr(engine, "new_secret", lambda: draw(16))
        yield


def add_observer(db: Database, game_id: str) -> None:
    """A confirmed observer: it receives the public report of every turn."""
    with db.session() as session:
        session.add(Observer(game_id=game_id, email=OBSERVER, status="active"))


def snapshot(referee: Referee, game_id: str, hidden_seat: str, hidden_email: str) -> dict[str, Any]:
    """Everything that leaves the referee for anyone but ``hidden_seat``, as of now."""
    db = referee.db
    with db.session() as session:
        rows = session.exec(
            select(OutboxMessage).where(OutboxMessage.game_id == game_id).order_by(OutboxMessage.id)  # type: ignore[arg-type]
        ).all()
        reports = session.exec(
            select(Report.turn_number, Report.format, Report.body).where(
                Report.game_id == game_id, Report.seat != hidden_seat
            )
        ).all()
        turn = referee.turn(session, game_id)
        game = referee.game(session, game_id)
        opened = {
            "number": turn.number,
            "status": turn.status,
            "close_reason": turn.close_reason,
            "label": turn.label,
            "requests": turn.requests_json,
            "deadline": str(turn.deadline_at),
            "game": game.status,
        }
    mails = []
    for row in rows:
        if row.seat == hidden_seat or row.to_addr == hidden_email:
            continue
        body = comparable(composed(db, row) if row.compose else row.raw)
        mails.append((row.kind, row.to_addr, row.subject, row.seat, row.turn_number, body))
    return {
        "mails": mails,
        "reports": sorted(reports),
        "turn": opened,
        "ready": referee.ready_to_close(game_id),
    }
