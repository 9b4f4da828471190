"""Durations as referees write them: ``48h``, ``90m``, ``30s``, ``2d``, ``1d12h``.

>>> parse_duration("1d12h")
datetime.timedelta(days=1, seconds=43200)
>>> format_duration(parse_duration("90m"))
'1h30m'
"""

from __future__ import annotations

import re
from datetime import timedelta

_UNITS = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1}
_PART = re.compile(r"(\d{1,6})\s*([wdhms])", re.ASCII)
#: Nothing a campaign needs is longer than a year.
MAX_DURATION = timedelta(days=366)


class DurationError(ValueError):
    """A duration could not be read; the message shows valid forms."""


def parse_duration(text: str) -> timedelta:
    """Read ``48h``, ``90m``, ``30s``, ``2d``, ``1w``, or combinations like ``1d12h``."""
    if text is not None and not isinstance(text, str):
        raise DurationError(f"a duration is text such as 48h, not {type(text).__name__}")
    raw = (text or "").strip().lower().replace(" ", "")
    if len(raw) > 40:
        raise DurationError("duration too long to be one; write e.g. 48h, 90m, 30s, 2d or 1d12h")
    if not raw:
        raise DurationError("empty duration; write e.g. 48h, 90m, 30s, 2d or 1d12h")
    pos = 0
    seconds = 0
    for match in _PART.finditer(raw):
        if match.start() != pos:
            break
        seconds += int(match.group(1)) * _UNITS[match.group(2)]
        pos = match.end()
    if pos != len(raw) or pos == 0:
        raise DurationError(f"cannot read duration {text!r}; write e.g. 48h, 90m, 30s, 2d or 1d12h")
    if seconds <= 0:
        raise DurationError(f"duration {text!r} must be longer than zero")
    value = timedelta(seconds=seconds)
    if value > MAX_DURATION:
        raise DurationError(f"duration {text!r} is longer than a year")
    return value


def format_duration(value: timedelta) -> str:
    """The shortest form :func:`parse_duration` reads back."""
    seconds = int(value.total_seconds())
    parts = []
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60), ("s", 1)):
        if seconds >= size:
            parts.append(f"{seconds // size}{unit}")
            seconds %= size
    return "".join(parts) or "0s"
