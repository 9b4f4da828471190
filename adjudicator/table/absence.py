"""Absences: a player says ``absence FROM TO`` and no deadline falls while they are away.

Each game allows each player a number of days of absence for the whole game (``--absence 14d``;
0, the default, turns absences off). An absence runs from the start of its first day to the end
of its last day, in the seat's own time zone (``FROM`` and ``TO`` are dates, ``YYYY-MM-DD``,
both days counted). A deadline falling inside an absence is moved to its end - the open turn's at
once (every seat is told), and each later turn's when it opens (its notice shows it). An absence
that would take a player past the allowance is refused, saying how many days are left.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import func
from sqlmodel import Session, select

from adjudicator.core.engine import Referee, RefereeError
from adjudicator.core.readers import reader_language
from adjudicator.core.store import Absence, Game, Seat, Turn, as_utc
from adjudicator.core.waiting import deadline_after_absences
from adjudicator.games.base import Spoken
from adjudicator.games.language import ENGLISH, N_, Language
from adjudicator.post.letters import queue_letter
from adjudicator.table.refusals import refused
from adjudicator.table.signup import terms


def read_day(text: str) -> date:
    """A date written ``YYYY-MM-DD``; anything else is refused with the form to use."""
    text = text.strip()
    try:
        if len(text) != 10:
            raise ValueError(text)
        return date.fromisoformat(text)
    except ValueError:
        raise refused(
            N_("%(text)s is not a date: write it as YYYY-MM-DD, e.g. 2026-12-24"),
            RefereeError,
            text=repr(text[:20]),
        ) from None


def days_used(session: Session, game_id: str, seat: str) -> int:
    used = session.exec(
        select(func.coalesce(func.sum(Absence.days), 0)).where(
            Absence.game_id == game_id, Absence.seat == seat
        )
    ).one()
    return int(used)


def days_left(session: Session, game_id: str, seat: str) -> int | None:
    """Days of absence the seat has left, or ``None`` when the game allows none."""
    allowance = terms(session, game_id).absence_days
    if allowance <= 0:
        return None
    return max(allowance - days_used(session, game_id, seat), 0)


def allowance_line(session: Session, game: Game, seat: str | None, lang: Language = ENGLISH) -> str | None:
    """The reports' line about absences, for a seat of a game that allows them (in ``lang``)."""
    if seat is None:
        return None
    left = days_left(session, game.id, seat)
    if left is None:
        return None
    allowance = terms(session, game.id).absence_days
    return lang.n_(
        "Absence allowance: %(left)s of %(num)d day left (write 'absence FROM TO' to use them).",
        "Absence allowance: %(left)s of %(num)d days left (write 'absence FROM TO' to use them).",
        allowance,
        left=left,
    )


def status_lines(
    session: Session, game: Game, seat: str, now: datetime, lang: Language = ENGLISH
) -> list[str]:
    """What the ``status`` reply says of a seat's absences: its allowance left and the absences it
    recorded that have not ended yet (nothing when the game allows none), in ``lang``."""
    line = allowance_line(session, game, seat, lang)
    if line is None:
        return []
    rows = session.exec(
        select(Absence)
        .where(Absence.game_id == game.id, Absence.seat == seat, Absence.ends_at > now)  # type: ignore[arg-type]
        .order_by(Absence.starts_at)  # type: ignore[arg-type]
    ).all()
    utc = "%Y-%m-%d %H:%M UTC"
    return [line] + [
        lang.n_(
            "Absence recorded: %(starts)s until %(ends)s (%(num)d day); "
            "deadlines falling in it move to its end.",
            "Absence recorded: %(starts)s until %(ends)s (%(num)d days); "
            "deadlines falling in it move to its end.",
            r.days,
            starts=f"{as_utc(r.starts_at):{utc}}",
            ends=f"{as_utc(r.ends_at):{utc}}",
        )
        for r in rows
    ]


def _days_not_declared(
    session: Session, game_id: str, seat: str, first: date, last: date, zone: ZoneInfo
) -> int:
    """The days of ``first`` to ``last`` that no earlier absence of the seat covers: an absence
    sent twice, or overlapping an earlier one, is charged only for the days it adds."""
    earlier = session.exec(select(Absence).where(Absence.game_id == game_id, Absence.seat == seat)).all()
    spans = [(as_utc(a.starts_at), as_utc(a.ends_at)) for a in earlier]
    count = 0
    for offset in range((last - first).days + 1):
        day = first + timedelta(days=offset)
        begins = datetime.combine(day, time(0), zone).astimezone(ZoneInfo("UTC"))
        ends = datetime.combine(day + timedelta(days=1), time(0), zone).astimezone(ZoneInfo("UTC"))
        if not any(s is not None and e is not None and s <= begins and ends <= e for s, e in spans):
            count += 1
    return count


@dataclass
class Declared:
    seat: str
    starts_at: datetime
    ends_at: datetime
    days: int
    left: int
    deadline: datetime | None  # the open turn's new deadline, when it moved
    replies: int = 0


def declare(referee: Referee, game_id: str, seat_name: str, first: date, last: date) -> Declared:
    """Record an absence within the allowance; move the open turn's deadline and tell every seat."""
    now = referee.clock()
    with referee.db.session() as session:
        game = referee.game(session, game_id, lock=True)
        seat = referee.seat(session, game_id, seat_name)
        if game.status == "over":
            raise refused(N_("game %(game)s is over"), game=repr(game_id))
        allowance = terms(session, game_id).absence_days
        if allowance <= 0:
            raise refused(
                N_("game %(game)s allows no absences (the referee sets an allowance with --absence)"),
                game=repr(game_id),
            )
        if last < first:
            raise refused(
                N_("the absence ends (%(last)s) before it starts (%(first)s)"),
                RefereeError,
                last=last,
                first=first,
            )
        zone = ZoneInfo(seat.timezone)
        starts = datetime.combine(first, time(0), zone).astimezone(ZoneInfo("UTC"))
        ends = datetime.combine(last + timedelta(days=1), time(0), zone).astimezone(ZoneInfo("UTC"))
        if ends <= now:
            raise refused(
                N_("the absence %(first)s to %(last)s is over already"), RefereeError, first=first, last=last
            )
        days = _days_not_declared(session, game_id, seat.name, first, last, zone)
        left = allowance - days_used(session, game_id, seat.name)
        if days > left:
            raise refused(
                N_(
                    "an absence of %(days)s days is more than the allowance left: %(left)s of "
                    "%(allowance)s days. Nothing was changed."
                ),
                days=days,
                left=max(left, 0),
                allowance=allowance,
            )
        session.add(
            Absence(
                game_id=game_id, seat=seat.name, starts_at=starts, ends_at=ends, days=days, created_at=now
            )
        )
        session.flush()
        result = Declared(seat.name, starts, ends, days, left - days, None)
        if game.status not in ("running", "paused"):
            return result
        turn = session.exec(
            select(Turn).where(Turn.game_id == game_id, Turn.number == game.current_turn)
        ).first()
        if turn is None or turn.status != "open" or turn.deadline_at is None:
            return result
        before = as_utc(turn.deadline_at)
        after = deadline_after_absences(session, game_id, before)  # type: ignore[arg-type]
        if after == before:
            return result
        turn.deadline_at = after
        session.add(turn)
        result.deadline = after
        seats = session.exec(select(Seat).where(Seat.game_id == game_id).order_by(Seat.position)).all()  # type: ignore[arg-type]
        for other in seats:
            if not other.email:
                continue
            lang = reader_language(game, other)
            text = lang._(
                "A player is away, so the deadline of turn %(turn)s (%(label)s) moved from "
                "%(before)s UTC to %(after)s UTC.",
                turn=turn.number,
                label=Spoken(referee.ruleset_of(game), lang).label(turn.label),
                before=f"{before:%Y-%m-%d %H:%M}",
                after=f"{after:%Y-%m-%d %H:%M}",
            )
            if queue_letter(
                session,
                game=game,
                to=other.email,
                title=lang._("New deadline for turn %(turn)s", turn=turn.number),
                text=text,
                kind="deadline-moved",
                key=(turn.number, other.name, f"{after:%Y%m%d%H%M}"),
                seat=other.name,
            ):
                result.replies += 1
        return result


__all__ = [
    "Declared",
    "allowance_line",
    "days_left",
    "declare",
    "read_day",
    "status_lines",
]
