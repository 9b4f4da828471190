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
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from adjudicator.core.durations import DurationError, parse_duration

WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
_DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MIN_SLOT_GAP = timedelta(hours=1)
_SLOT = re.compile(r"^(?P<day>[a-z]{3})[a-z]*\s+(?P<h>\d{1,2}):(?P<m>\d{2})(?:\s+(?P<tz>\S+))?$", re.ASCII)


class DeadlineError(ValueError):
    """A deadline rule or time zone that cannot be read; the message shows valid forms."""


def zone(name: str) -> ZoneInfo:
    """A time zone by IANA name (``Europe/Paris``), or :class:`DeadlineError`."""
    try:
        if not isinstance(name, str) or not name or len(name) > 64 or ".." in name or name.startswith("/"):
            raise ZoneInfoNotFoundError(str(name))
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise DeadlineError(
            f"unknown time zone {name!r}; use an IANA name such as Europe/Paris or UTC"
        ) from exc


def validate_rule(rule: str) -> str:
    """The rule, normalised, or :class:`DeadlineError` saying what is valid."""
    if not isinstance(rule, str) or len(rule) > 64:
        raise DeadlineError(
            f"cannot read deadline {rule!r}; write a duration (48h, 90m, 30s, 2d) "
            "or a weekly slot (sun 20:00 Europe/Paris)"
        )
    next_deadline(rule, datetime(2000, 1, 1, tzinfo=UTC))
    return rule.strip().lower() if _SLOT.match(rule.strip().lower()) is None else _normalise_slot(rule)


def _normalise_slot(rule: str) -> str:
    match = _SLOT.match(rule.strip().lower())
    assert match
    tz = rule.strip().split()[-1] if match.group("tz") else "UTC"
    return f"{match.group('day')} {int(match.group('h')):02d}:{match.group('m')} {tz}"


def next_deadline(rule: str, opened_at: datetime) -> datetime:
    """When a turn opened at ``opened_at`` closes under ``rule`` (UTC)."""
    text = (rule or "").strip() if isinstance(rule, str) else ""
    try:
        return opened_at + parse_duration(text)
    except DurationError:
        pass
    match = _SLOT.match(text.lower())
    if not match or not any(day.startswith(text.lower().split()[0]) for day in _DAY_NAMES):
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


#: Reminders sent before each deadline unless the game says otherwise.
DEFAULT_REMINDERS = "24h,2h"
MAX_REMINDERS = 6


def parse_reminders(text: str | None) -> tuple[str, list[tuple[str, timedelta]]]:
    """``"24h,2h"`` -> the normalised rule and ``[(label, offset)]``, longest offset first.

    ``none`` (or an empty string) means no reminders. Each label is the
    duration as written (``24h`` stays ``24h``), so a reminder is recorded once per label.

    >>> parse_reminders("2h, 1d")
    ('1d,2h', [('1d', datetime.timedelta(days=1)), ('2h', datetime.timedelta(seconds=7200))])
    """
    if text is not None and not isinstance(text, str):
        raise DeadlineError("reminders are text such as '24h,2h' or 'none'")
    raw = (text or "").strip().lower()
    if raw in ("", "none", "off", "no"):
        return "", []
    parts = [p.strip() for p in raw.split(",")]
    if len(parts) > MAX_REMINDERS:
        raise DeadlineError(f"at most {MAX_REMINDERS} reminders per turn, not {len(parts)}")
    offsets: dict[str, timedelta] = {}
    for part in parts:
        try:
            value = parse_duration(part)
        except DurationError as exc:
            raise DeadlineError(
                f"cannot read reminder {part!r} in {text!r}: write durations before the deadline "
                "separated by commas, e.g. 24h,2h (or 'none')"
            ) from exc
        if value not in offsets.values():
            offsets[part.replace(" ", "")] = value
    ordered = sorted(offsets.items(), key=lambda kv: kv[1], reverse=True)
    return ",".join(label for label, _ in ordered), ordered


_WHEN = re.compile(
    r"^(?P<date>\d{4}-\d{2}-\d{2})[ T](?P<h>\d{1,2}):(?P<m>\d{2})(?::(?P<s>\d{2}))?(?:\s+(?P<tz>\S+))?$",
    re.ASCII,
)


def parse_when(text: str, default_tz: str = "UTC") -> datetime:
    """An absolute time as a referee writes it: ``2026-11-29 20:00 Europe/Paris`` (UTC when no zone).

    >>> parse_when("2026-11-29 20:00 Europe/Paris").isoformat()
    '2026-11-29T19:00:00+00:00'
    """
    raw = (text or "").strip() if isinstance(text, str) else ""
    match = _WHEN.match(raw)
    if not match:
        raise DeadlineError(
            f"cannot read the time {text!r}; write YYYY-MM-DD HH:MM and optionally a time zone, "
            "e.g. 2026-11-29 20:00 Europe/Paris"
        )
    tz = zone(match.group("tz") or default_tz)
    try:
        year, month, day = (int(x) for x in match.group("date").split("-"))
        local = datetime(
            year,
            month,
            day,
            int(match.group("h")),
            int(match.group("m")),
            int(match.group("s") or 0),
            tzinfo=tz,
        )
    except ValueError as exc:
        raise DeadlineError(f"no such time: {text!r} ({exc})") from exc
    return local.astimezone(UTC)


def absolute(moment: datetime, tz_name: str = "UTC") -> str:
    """``2026-11-24 12:00 UTC``, followed by the local time when ``tz_name`` is another zone.

    >>> absolute(datetime(2026, 11, 24, 12, 0, tzinfo=UTC), "Europe/Paris")
    '2026-11-24 12:00 UTC (2026-11-24 13:00 Europe/Paris)'
    """
    utc = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    text = utc.strftime("%Y-%m-%d %H:%M UTC")
    if tz_name and tz_name != "UTC":
        with suppress(DeadlineError):
            text += " (" + utc.astimezone(zone(tz_name)).strftime(f"%Y-%m-%d %H:%M {tz_name}") + ")"
    return text
