"""Sign-up, absence and a draw on a real PostgreSQL database (the same code as on SQLite)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from between_kit import club_game, code_in, letters, plain_mail, seat_mail, text_of
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, Turn
from adjudicator.mail.handler import MailHandler
from adjudicator.table.signup import set_terms


def test_signup_absence_and_a_draw_on_postgresql(pg_db: Database, clock: Any) -> None:
    referee = Referee(pg_db, clock=clock)
    club_game(referee, pg_db, absence=5)
    handler = MailHandler(pg_db, referee)
    secrets: dict[str, str] = {}
    for who, seat in (("ana", "south"), ("ben", "north")):
        assert handler.handle(plain_mail(f"{who}@example.org", f"join club {seat}")).status == "handled"
        code = code_in(letters(pg_db, "signup-code", to=f"{who}@example.org")[0])
        assert handler.handle(plain_mail(f"{who}@example.org", f"confirm {code}")).status == "handled"
        [mail] = letters(pg_db, "seat", to=f"{who}@example.org")
        secrets[seat] = text_of(mail).split("secret: ")[1].split()[0]
    with pg_db.session() as session:
        assert session.get(Game, "club").status == "running"  # type: ignore[union-attr]
    set_terms(pg_db, "club", signup="open", start_when_full=True, absence_days=5)
    absent = seat_mail(
        "south", secrets["south"], "absence 2026-11-24 2026-11-25", sender="ana@example.org", game="club"
    )
    assert handler.handle(absent).status == "handled"
    with pg_db.session() as session:
        turn = session.exec(select(Turn).where(Turn.game_id == "club", Turn.number == 1)).one()
    assert turn.deadline_at == datetime(2026, 11, 26, tzinfo=UTC)
    too_long = seat_mail(
        "south", secrets["south"], "absence 2026-12-01 2026-12-04", sender="ana@example.org", game="club"
    )
    assert handler.handle(too_long).status == "refused"
    handler.handle(
        seat_mail("north", secrets["north"], "propose draw", sender="ben@example.org", game="club")
    )
    handler.handle(seat_mail("south", secrets["south"], "vote yes 1", sender="ana@example.org", game="club"))
    with pg_db.session() as session:
        game = session.get(Game, "club")
        assert game is not None and game.status == "over"
        assert json.loads(game.outcome_json or "")["winners"] == []
