"""Reminders in the seat's language: the reminder before a deadline and the late notice of the
grace period, each time still absolute (UTC and the seat's zone); an English seat's unchanged."""

from __future__ import annotations

from schedule_helpers import FakeClock
from sqlmodel import select

from adjudicator.clock.reminders import GRACE, reminder_text
from adjudicator.core.engine import Referee
from adjudicator.core.store import Seat


def game(referee: Referee, **kwargs: object) -> None:
    referee.new_game("toy-guess", "g", {"points": "99"}, **kwargs)  # type: ignore[arg-type]
    referee.join("g", "north", email="north@example.org", timezone="Europe/Paris")
    referee.join("g", "south", email="south@example.org")
    referee.start("g")
    with referee.db.session() as session:
        north = session.exec(select(Seat).where(Seat.game_id == "g", Seat.name == "north")).one()
        north.lang = "fr"
        session.add(north)


def texts(referee: Referee, seat: str, label: str, clock: FakeClock) -> tuple[str, str]:
    with referee.db.session() as session:
        return reminder_text(
            referee,
            session,
            referee.game(session, "g"),
            referee.turn(session, "g"),
            referee.seat(session, "g", seat),
            label,
            clock(),
        )


def test_a_reminder_is_written_in_the_seats_language_with_absolute_times(
    referee: Referee, clock: FakeClock
) -> None:
    game(referee, deadline="48h")
    clock.advance(hours=24)
    text, subject = texts(referee, "north", "24h", clock)
    assert subject == "[g] Rappel : ordres du tour 1 attendus pour le 2026-11-24 12:00 UTC"
    assert "toujours pas d'ordres de la place north" in text
    assert "Date limite : 2026-11-24 12:00 UTC (2026-11-24 13:00 Europe/Paris)" in text
    assert "Temps restant : 1d" in text
    assert "Répondez avec vos ordres" in text
    english, subject = texts(referee, "south", "24h", clock)
    assert subject == "[g] Reminder: orders for turn 1 due 2026-11-24 12:00 UTC"
    assert "Deadline: 2026-11-24 12:00 UTC" in english
    assert "Reply with your orders, starting with the lines game:, seat:, secret: and turn:.\n" in english


def test_the_late_notice_of_the_grace_period_is_in_the_seats_language(
    referee: Referee, clock: FakeClock
) -> None:
    game(referee, deadline="48h", grace="6h", nmr="wait")
    clock.advance(hours=49)
    text, subject = texts(referee, "north", GRACE, clock)
    assert subject.startswith(
        "[g] En retard : les ordres du tour 1 sont encore pris jusqu'au 2026-11-24 18:00 UTC"
    )
    assert "La date limite est passée le 2026-11-24 12:00 UTC" in text
    assert "(le délai de grâce) ;\n" in text  # the notice keeps its lines
    english, _ = texts(referee, "south", GRACE, clock)
    assert "The deadline passed at 2026-11-24 12:00 UTC.\nYour orders are still taken until" in english
