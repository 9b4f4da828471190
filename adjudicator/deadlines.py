"""Deadline rules: a duration after the turn opens (``48h``) or a weekly slot.

A weekly slot names a weekday, a time and optionally a time zone:
``sun 20:00 Europe/Paris`` closes at the next Sunday 20:00 Paris time that
is after the turn opened (and at least ``MIN_SLOT_GAP`` after it, so a turn
opened at 19:59 on Sunday is not closed a minute later).

>>> from datetime import datetime, UTC
>>> opened = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)   # a Sunday
>>> next_deadline("48h", opened).isoformat()
'2026-11-24T12:00:00+00:00'
>>> next_deadline("sun 20:00 Europe/Paris", opened).isoformat()
'2026-11-22T19:00:00+00:00'
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from adjudicator.durations import DurationError, parse_duration

WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
MIN_SLOT_GAP = timedelta(hours=1)
_SLOT = re.compile(r"^(?P<day>[a-z]{3})[a-z]*\s+(?P<h>\d{1,2}):(?P<m>\d{2})(?:\s+(?P<tz>\S+))?$")


class DeadlineError(ValueError):
    """A deadline rule or time zone that cannot be read; the message shows valid forms."""


def zone(name: str) -> ZoneInfo:
    """A time zone by IANA name (``Europe/Paris``), or :class:`DeadlineError`."""
    try:
        if not name or ".." in name or name.startswith("/"):
            raise ZoneInfoNotFoundError(name)
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise DeadlineError(
            f"unknown time zone {name!r}; use an IANA name such as Europe/Paris or UTC"
        ) from exc


def validate_rule(rule: str) -> str:
    """The rule, normalised, or :class:`DeadlineError` saying what is valid."""
    next_deadline(rule, datetime(2000, 1, 1, tzinfo=UTC))
    return rule.strip().lower() if _SLOT.match(rule.strip().lower()) is None else _normalise_slot(rule)


def _normalise_slot(rule: str) -> str:
    match = _SLOT.match(rule.strip().lower())
    assert match
    tz = rule.strip().split()[-1] if match.group("tz") else "UTC"
    return f"{match.group('day')} {int(match.group('h')):02d}:{match.group('m')} {tz}"


def next_deadline(rule: str, opened_at: datetime) -> datetime:
    """When a turn opened at ``opened_at`` closes under ``rule`` (UTC)."""
    text = (rule or "").strip()
    try:
        return opened_at + parse_duration(text)
    except DurationError:
        pass
    match = _SLOT.match(text.lower())
    if not match or match.group("day") not in WEEKDAYS:
        raise DeadlineError(
            f"cannot read deadline {rule!r}; write a duration (48h, 90m, 30s, 2d) "
            "or a weekly slot (sun 20:00 Europe/Paris)"
        )
    hour, minute = int(match.group("h")), int(match.group("m"))
    if hour > 23 or minute > 59:
        raise DeadlineError(f"no such time of day in {rule!r}")
    tz = zone(text.split()[-1]) if match.group("tz") else ZoneInfo("UTC")
    local = opened_at.astimezone(tz)
    weekday = WEEKDAYS.index(match.group("day"))
    for days in range(0, 15):
        day = (local + timedelta(days=days)).date()
        if day.weekday() != weekday:
            continue
        candidate = datetime(day.year, day.month, day.day, hour, minute, tzinfo=tz).astimezone(UTC)
        if candidate >= opened_at + MIN_SLOT_GAP:
            return candidate
    raise DeadlineError(f"no next deadline for {rule!r}")  # pragma: no cover - 15 days always holds one
