"""The deadline as an iCalendar event, attached to turn notices (``deadline.ics``).

A player's calendar then shows the deadline in their own time zone and
reminds them two hours before. The UID is stable per game and turn, so a
second notice for the same turn updates the event instead of adding one.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from functools import lru_cache

from icalendar import Alarm, Calendar, Event, Parameters
from icalendar.parser import Contentline
from icalendar.prop import vText
from sqlmodel import Session, select

from adjudicator.core.store import Turn, as_utc
from adjudicator.games.language import ENGLISH, Language
from adjudicator.post.compose import mail_domain

ICS_NAME = "deadline.ics"
ICS_TYPE = "text/calendar; method=PUBLISH; charset=utf-8"


def deadline_ics(
    game_id: str,
    turn_number: int,
    label: str,
    deadline: datetime | None,
    seat: str | None = None,
    lang: Language = ENGLISH,
) -> bytes | None:
    """The .ics bytes for a turn's deadline in ``lang`` (``None`` when the turn has no deadline)."""
    when = as_utc(deadline)
    if when is None:
        return None
    return _calendar(game_id, turn_number, label, when, seat, lang, mail_domain())


#: What stands for the event's summary in a turn's kept calendar (:func:`_kept`): drawn at random
#: once per process, so no label or seat name can hold it.
_STAND_IN = "pbem-summary-" + secrets.token_hex(12)


def _calendar(
    game_id: str, turn_number: int, label: str, when: datetime, seat: str | None, lang: Language, domain: str
) -> bytes:
    """The event's bytes for one seat: the turn's calendar made once (every seat's report of a
    turn carries the same event but for the seat named in its summary), its summary line written
    for the seat by icalendar (escaped and folded as in a calendar made whole, :func:`_built`)."""
    summary = Contentline.from_parts(
        "SUMMARY", Parameters(), vText(_summary(game_id, turn_number, label, seat, lang))
    )
    kept = _kept(game_id, turn_number, label, when, lang, domain)
    return kept.replace(f"SUMMARY:{_STAND_IN}\r\n".encode(), summary.to_ical() + b"\r\n", 1)


def _summary(game_id: str, turn_number: int, label: str, seat: str | None, lang: Language) -> str:
    who = f" ({seat})" if seat else ""
    due = lang._("orders due: turn %(number)s, %(label)s", number=turn_number, label=label)
    return f"[{game_id}] {due}{who}"


@lru_cache(maxsize=64)
def _kept(game_id: str, turn_number: int, label: str, when: datetime, lang: Language, domain: str) -> bytes:
    return _built(game_id, turn_number, label, when, _STAND_IN, lang, domain)


def _built(
    game_id: str, turn_number: int, label: str, when: datetime, summary: str, lang: Language, domain: str
) -> bytes:
    """The calendar of a turn's deadline, whole, with ``summary``."""
    cal = Calendar()
    cal.add("prodid", "-//adjudicator//pbem referee//EN")
    cal.add("version", "2.0")
    cal.add("method", "PUBLISH")
    event = Event()
    event.add("uid", f"{game_id}.{turn_number}.deadline@{domain}")
    event.add("dtstamp", when)
    event.add("dtstart", when)
    event.add("dtend", when)
    event.add("summary", summary)
    event.add(
        "description",
        lang._("Deadline for the orders of turn %(number)s of %(game)s.", number=turn_number, game=game_id),
    )
    event.add("transp", "TRANSPARENT")
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", f"[{game_id}] " + lang._("orders due in 2 hours"))
    alarm.add("trigger", timedelta(hours=-2))
    event.add_component(alarm)
    cal.add_component(event)
    return cal.to_ical()


def deadline_attachment(
    game_id: str,
    turn_number: int,
    label: str,
    deadline: datetime | None,
    seat: str | None = None,
    lang: Language = ENGLISH,
) -> list[tuple[str, str, bytes]]:
    """``compose(attachments=...)`` for a turn's deadline: one .ics, or nothing."""
    data = deadline_ics(game_id, turn_number, label, deadline, seat, lang)
    return [(ICS_NAME, ICS_TYPE, data)] if data else []


def turn_deadline_attachment(
    session: Session,
    game_id: str,
    number: int,
    seat: str | None = None,
    lang: Language = ENGLISH,
    label: str | None = None,
) -> list[tuple[str, str, bytes]]:
    """The .ics of turn ``number`` if that turn exists and is open (a report's next turn), else ``[]``."""
    turn = session.exec(select(Turn).where(Turn.game_id == game_id, Turn.number == number)).first()
    if turn is None or turn.status != "open":
        return []
    return deadline_attachment(
        game_id, turn.number, turn.label if label is None else label, turn.deadline_at, seat, lang
    )
