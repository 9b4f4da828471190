"""Reminders before a deadline, the grace notice, and civil-disorder notices.

A reminder goes to each seat that still owes orders (no accepted submission
for a non-optional request), at the offsets of the game's reminder rule
(``24h,2h`` by default) before the deadline, always with absolute times in
UTC and in the seat's own time zone. Each one is recorded in
:class:`~adjudicator.core.store.ReminderSent` (unique per game, turn, seat and
label) in the same transaction that queues its email, with an
``INSERT ... ON CONFLICT DO NOTHING``: two workers, two cron runs or a
restart send it once.

After an outage only the latest reminder that fell due is sent (a ``24h``
reminder is not sent two hours before the deadline); the earlier ones are
recorded as passed so they never go out late.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import insert as generic_insert
from sqlalchemy.orm import load_only
from sqlmodel import Session, select

from adjudicator.core.deadlines import DeadlineError, absolute, parse_reminders
from adjudicator.core.durations import format_duration, parse_duration
from adjudicator.core.naming import branch_tag
from adjudicator.core.readers import reader_language
from adjudicator.core.store import Database, Game, ReminderSent, Seat, Turn, as_utc
from adjudicator.core.waiting import CIVIL_DISORDER
from adjudicator.games import get_ruleset
from adjudicator.games.base import Spoken
from adjudicator.post import outbox
from adjudicator.post.compose import compose, stable_message_id
from adjudicator.post.owed import owed_by, owed_text

if TYPE_CHECKING:
    from adjudicator.core.engine import Referee

log = logging.getLogger("adjudicator.clock.reminders")

#: The label of the notice sent when the deadline has passed and the grace period runs (NMR ``wait``).
GRACE = "grace"


@dataclass(frozen=True)
class DueReminder:
    game_id: str
    turn: int
    seat: str
    label: str  # the reminder's offset ("24h", "2h") or "grace"
    passed: tuple[str, ...] = ()  # earlier labels that fell due too (after an outage): recorded, not sent


def reminder_times(game: Game, turn: Turn) -> list[tuple[str, datetime]]:
    """Every reminder of ``turn`` with the moment it is due (UTC), earliest first.

    Reminders whose moment lies before the turn opened are left out: a turn
    open for 30 seconds gets no "24 hours left" reminder.
    """
    deadline = as_utc(turn.deadline_at)
    opened = as_utc(turn.opened_at)
    if deadline is None:
        return []
    try:
        _rule, offsets = parse_reminders(game.reminders)
    except DeadlineError:
        log.warning("game %s: unreadable reminder rule %r, no reminders", game.id, game.reminders)
        offsets = []
    times = [(label, deadline - offset) for label, offset in offsets]
    if opened is not None:
        times = [(label, at) for label, at in times if at >= opened]
    if game.nmr == "wait" and game.grace:
        times.append((GRACE, deadline))
    return sorted(times, key=lambda item: item[1])


def due_reminders(referee: Referee, session: Session, now: datetime) -> list[DueReminder]:
    """Reminders due at ``now`` and not yet recorded, for every open turn of a running game.

    Only the columns that say when a turn's reminders fall are read for every open turn (a pass
    over 10,000 open turns must not load their states); the rest is loaded for the turns with a
    reminder fallen due.
    """
    rows = session.exec(
        select(Turn, Game)
        .where(Turn.game_id == Game.id, Turn.status == "open", Game.status == "running")
        .options(
            load_only(Turn.game_id, Turn.number, Turn.status, Turn.deadline_at, Turn.opened_at),  # type: ignore[arg-type]
            load_only(Game.id, Game.status, Game.reminders, Game.nmr, Game.grace),  # type: ignore[arg-type]
        )
    ).all()
    due: list[DueReminder] = []
    for turn, game in rows:
        times = reminder_times(game, turn)
        if not times:
            continue
        closes = referee.closes_at(session, game, turn)
        if closes is None or now >= closes:
            continue  # closing is the next thing that happens to it
        fallen = [label for label, at in times if at <= now]
        if not fallen:
            continue
        missing = set(referee.missing_seats(session, turn))
        if not missing:
            continue
        seats = {s.name: s for s in referee.seats(session, game.id)}
        sent = {
            (r.seat, r.label)
            for r in session.exec(
                select(ReminderSent).where(
                    ReminderSent.game_id == game.id, ReminderSent.turn_number == turn.number
                )
            ).all()
        }
        for name in sorted(missing):
            seat = seats.get(name)
            if seat is None or seat.is_bot or not seat.email:
                continue
            latest = fallen[-1]
            if (name, latest) in sent:
                continue
            passed = tuple(label for label in fallen[:-1] if (name, label) not in sent)
            due.append(DueReminder(game.id, turn.number, name, latest, passed))
    return due


def _claim(
    session: Session, db: Database, game_id: str, turn: int, seat: str, label: str, now: datetime
) -> bool:
    """Record a reminder; ``False`` when it was recorded already (by another worker)."""
    values = {"game_id": game_id, "turn_number": turn, "seat": seat, "label": label, "sent_at": now}
    table = ReminderSent.__table__  # type: ignore[attr-defined]
    if db.is_sqlite:
        from sqlalchemy.dialects.sqlite import insert
    elif db.engine.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert  # type: ignore[assignment]
    else:  # pragma: no cover - another database: check first, the unique constraint still holds
        exists = session.exec(
            select(ReminderSent).where(
                ReminderSent.game_id == game_id,
                ReminderSent.turn_number == turn,
                ReminderSent.seat == seat,
                ReminderSent.label == label,
            )
        ).first()
        if exists is not None:
            return False
        session.execute(generic_insert(table).values(**values))
        return True
    statement = insert(table).values(**values).on_conflict_do_nothing().returning(table.c.id)
    return session.execute(statement).first() is not None


def send_due_reminders(referee: Referee, now: datetime, only: tuple[str, int] | None = None) -> int:
    """Queue every reminder due at ``now`` (each in its own transaction); returns how many were queued."""
    db = referee.db
    with db.session() as session:
        due = due_reminders(referee, session, now)
    if only is not None:
        due = [d for d in due if (d.game_id, d.turn) == only]
    queued = 0
    for item in due:
        try:
            with db.session() as session:
                if not _claim(session, db, item.game_id, item.turn, item.seat, item.label, now):
                    continue
                for label in item.passed:
                    _claim(session, db, item.game_id, item.turn, item.seat, label, now)
                game = referee.game(session, item.game_id)
                turn = referee.turn(session, item.game_id, item.turn)
                if turn.status != "open":  # closed meanwhile: roll the claim back, nothing to remind
                    raise _Stale
                seat = referee.seat(session, item.game_id, item.seat)
                if not queue_reminder(session, referee, game, turn, seat, item.label, now):
                    log.warning(
                        "reminder %s for %s of %s turn %d: recorded, but no new email (queued already)",
                        item.label,
                        item.seat,
                        item.game_id,
                        item.turn,
                    )
                    continue
            queued += 1
            log.info("reminder %s sent to %s of %s, turn %d", item.label, item.seat, item.game_id, item.turn)
        except _Stale:
            continue
        except Exception:
            log.exception(
                "reminder %s for %s of %s turn %d failed", item.label, item.seat, item.game_id, item.turn
            )
    return queued


class _Stale(Exception):
    """The turn closed between finding the reminder and sending it."""


def queue_reminder(
    session: Session, referee: Referee, game: Game, turn: Turn, seat: Seat, label: str, now: datetime
) -> bool:
    """Queue one reminder email: the mail service's template (with the .ics deadline) for the
    reminders before the deadline, a plain "late" notice while the grace runs.

    ``False`` when no email was queued (the seat has no address, or the same email is queued).
    """
    if label != GRACE:
        from adjudicator.mail.service import queue_reminder as queue_mail_reminder

        # the label and the line of play (after a rollback) are in its Message-ID
        return queue_mail_reminder(session, game, turn, seat, label) is not None
    assert seat.email is not None
    text, subject = reminder_text(referee, session, game, turn, seat, label, now)
    message_id = stable_message_id(
        game.id, turn.number, seat.name, "reminder", label, branch_tag(session, game.id, turn.number)
    )
    msg = compose(to=seat.email, subject=subject, text=text, message_id=message_id, date=now)
    return None is not outbox.queue_message(
        session,
        msg,
        kind="reminder",
        game_id=game.id,
        turn_number=turn.number,
        seat=seat.name,
    )


def time_left(deadline: datetime, now: datetime) -> str:
    """``23h59m``: whole minutes left before ``deadline`` (``0m`` once it has passed)."""
    minutes = max(deadline - now, timedelta(0)) // timedelta(minutes=1)
    return format_duration(timedelta(minutes=minutes)) if minutes else "0m"


def reminder_text(
    referee: Referee, session: Session, game: Game, turn: Turn, seat: Seat, label: str, now: datetime
) -> tuple[str, str]:
    """The plain-text body and the subject of a reminder, in the seat's language; every time is
    absolute."""
    deadline = as_utc(turn.deadline_at)
    assert deadline is not None
    tz = seat.timezone or "UTC"
    lang = reader_language(game, seat)
    owed = [r for r in referee.requests_of(turn) if r.seat == seat.name and not r.optional]
    lines = [
        lang._(
            "Game %(game)s, turn %(turn)s (%(label)s): no orders from seat %(seat)s yet.",
            game=game.id,
            turn=turn.number,
            label=Spoken(referee.ruleset_of(game), lang).label(turn.label),
            seat=seat.name,
        ),
        "",
    ]
    if label == GRACE:
        grace_end = deadline + parse_duration(game.grace or "0s")
        subject = f"[{game.id}] " + lang._(
            "Late: orders for turn %(turn)s still taken until %(until)s",
            turn=turn.number,
            until=absolute(grace_end),
        )
        lines += lang._(
            "The deadline passed at %(deadline)s.\n"
            "Your orders are still taken until %(until)s (the grace period);\n"
            "after that the turn closes and your seat plays its default orders.",
            deadline=absolute(deadline, tz),
            until=absolute(grace_end, tz),
        ).split("\n")
        if seat.status == CIVIL_DISORDER:  # the grace runs for other seats: the turn may close sooner
            lines += lang._(
                "Your seat is in civil disorder: the turn does not wait for it, and closes as soon as\n"
                "the seats it waits for are in."
            ).split("\n")
    else:
        subject = f"[{game.id}] " + lang._(
            "Reminder: orders for turn %(turn)s due %(deadline)s",
            turn=turn.number,
            deadline=absolute(deadline),
        )
        lines += [
            lang._("Deadline: %(deadline)s", deadline=absolute(deadline, tz)),
            lang._(
                "Time left: %(left)s (this reminder was sent %(sent)s).",
                left=time_left(deadline, now),
                sent=absolute(now, tz),
            ),
        ]
        if game.nmr == "wait" and game.grace:
            grace_end = deadline + parse_duration(game.grace)
            lines.append(
                lang._(
                    "Late orders are still taken until %(until)s (grace period).",
                    until=absolute(grace_end, tz),
                )
            )
        else:
            lines.append(lang._("Without orders by then, your seat plays its default orders."))
    lines += ["", owed_text(owed_by(get_ruleset(game.ruleset), owed, seat.name, lang), lang)]
    lines += lang._(
        "Reply with your orders, starting with the lines game:, seat:, secret: and turn:.\n"
        "Add a line with the word 'final' to let the turn close as soon as every owed order is in;\n"
        "without it you can still replace them until the turn closes."
    ).split("\n")
    return "\n".join(lines) + "\n", subject


__all__ = [
    "GRACE",
    "DueReminder",
    "due_reminders",
    "queue_reminder",
    "reminder_text",
    "reminder_times",
    "send_due_reminders",
]
