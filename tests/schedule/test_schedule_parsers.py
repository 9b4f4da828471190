"""Property tests of the time parsers: durations, deadline rules, reminders, absolute times, zones.

Whatever the text, each parser either returns a sane value or raises its own
error with a message that says what would have been valid: never another
exception, never a deadline before the turn opened.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import available_timezones

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from adjudicator.clock.schedule import parse_listen
from adjudicator.core.deadlines import (
    MIN_SLOT_GAP,
    DeadlineError,
    absolute,
    next_deadline,
    parse_reminders,
    parse_when,
    validate_rule,
    zone,
)
from adjudicator.core.durations import MAX_DURATION, DurationError, format_duration, parse_duration

ZONES = sorted(z for z in available_timezones() if "/" in z and not z.startswith(("posix", "right")))
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun", "monday", "Sunday", "WED"]
moments = st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2090, 1, 1), timezones=st.just(UTC))
hostile = st.one_of(
    st.text(max_size=80),
    st.text(alphabet="0123456789dhmsw :/-+.,١٢", max_size=30),
    st.sampled_from(
        [
            "",
            " ",
            "0h",
            "-5h",
            "1e9s",
            "999999w",
            "48 h",
            "h48",
            "1d-2h",
            "٤٨h",
            "48hours",
            "sun",
            "sun 20",
            "sun 20:00 ../etc/passwd",
            "sun 20:00 /etc/localtime",
            "sun 99:99",
            "funday 20:00",
            "sun 20:00 Europe/Paris extra",
            "\x00",
            "48h\n",
            "a" * 500,
        ]
    ),
)


# -- durations --------------------------------------------------------------------
@given(st.integers(min_value=1, max_value=int(MAX_DURATION.total_seconds())))
def test_a_formatted_duration_reads_back(seconds: int) -> None:
    value = timedelta(seconds=seconds)
    assert parse_duration(format_duration(value)) == value


@given(hostile)
def test_any_text_is_a_duration_or_a_clear_duration_error(text: str) -> None:
    try:
        value = parse_duration(text)
    except DurationError as exc:
        assert "duration" in str(exc)
        return
    assert timedelta(0) < value <= MAX_DURATION


@pytest.mark.parametrize(
    "text", ["", "0s", "-1h", "1.5h", "soon", "48", "h", "٤٨h", "1y", "2000000s", None, 48]
)
def test_unreadable_durations_are_refused(text: object) -> None:
    with pytest.raises(DurationError):
        parse_duration(text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("48h", 172800),
        ("90m", 5400),
        ("30s", 30),
        ("1d12h", 129600),
        ("2D", 172800),
        ("1w", 604800),
        (" 1h 30m ", 5400),
    ],
)
def test_durations_as_referees_write_them(text: str, seconds: int) -> None:
    assert parse_duration(text) == timedelta(seconds=seconds)


# -- deadline rules -----------------------------------------------------------------
@given(hostile, moments)
def test_any_rule_gives_a_later_deadline_or_a_clear_error(rule: str, opened: datetime) -> None:
    try:
        deadline = next_deadline(rule, opened)
    except DeadlineError as exc:
        assert "deadline" in str(exc) or "time zone" in str(exc) or "time of day" in str(exc)
        return
    assert deadline > opened


@settings(max_examples=300)
@given(
    st.sampled_from(DAYS), st.integers(0, 23), st.integers(0, 59), st.sampled_from([*ZONES, None]), moments
)
def test_a_weekly_slot_is_the_next_such_local_time_at_least_the_gap_after_opening(
    day: str, hour: int, minute: int, tz: str | None, opened: datetime
) -> None:
    rule = f"{day} {hour}:{minute:02d}" + (f" {tz}" if tz else "")
    deadline = next_deadline(rule, opened)
    assert deadline.tzinfo is not None and deadline.utcoffset() == timedelta(0)
    assert opened + MIN_SLOT_GAP <= deadline <= opened + timedelta(days=8, hours=2)
    local = deadline.astimezone(zone(tz or "UTC"))
    assert local.strftime("%a").lower() == day[:3].lower()
    # the wall clock matches, except on the night a DST change skips that hour
    if (local.hour, local.minute) != (hour, minute):
        assert abs((local.hour * 60 + local.minute) - (hour * 60 + minute)) <= 120
    assert validate_rule(rule) == validate_rule(validate_rule(rule))  # normalising is stable


@given(st.sampled_from(ZONES))
def test_every_iana_zone_is_accepted(name: str) -> None:
    assert zone(name).key == name


@pytest.mark.parametrize(
    "name",
    [
        "",
        "Mars/Olympus",
        "europe/paris",
        "../../etc/passwd",
        "/etc/localtime",
        "Europe",
        "a" * 300,
        "UTC\x00",
        None,
    ],
)
def test_unknown_time_zones_are_refused(name: object) -> None:
    with pytest.raises(DeadlineError, match="unknown time zone"):
        zone(name)  # type: ignore[arg-type]


# -- reminders and absolute times -------------------------------------------------------
@given(st.lists(st.integers(1, 500), min_size=1, max_size=6))
def test_reminder_rules_are_longest_first_without_duplicates(hours: list[int]) -> None:
    rule, offsets = parse_reminders(",".join(f"{h}h" for h in hours))
    values = [v for _, v in offsets]
    assert values == sorted(set(values), reverse=True)
    assert parse_reminders(rule) == (rule, offsets)


@given(hostile)
def test_any_reminder_text_is_a_rule_or_a_clear_error(text: str) -> None:
    try:
        parse_reminders(text)
    except DeadlineError as exc:
        assert "reminder" in str(exc)


def test_reminders_default_and_none() -> None:
    assert parse_reminders("24h,2h")[0] == "24h,2h"
    assert parse_reminders("2h, 24h")[0] == "24h,2h"
    assert parse_reminders("none") == ("", [])
    with pytest.raises(DeadlineError, match="at most"):
        parse_reminders(",".join(f"{h}h" for h in range(1, 9)))


@given(moments, st.sampled_from(ZONES))
def test_an_absolute_time_reads_back_in_any_zone(moment: datetime, tz: str) -> None:
    moment = moment.replace(second=0, microsecond=0)
    local = moment.astimezone(zone(tz))
    assume(local.fold == 0 and local.replace(fold=1).utcoffset() == local.utcoffset())  # not in a DST overlap
    assert parse_when(local.strftime(f"%Y-%m-%d %H:%M {tz}")) == moment
    assert absolute(moment, tz).startswith(moment.strftime("%Y-%m-%d %H:%M UTC"))


@given(hostile)
def test_any_time_text_is_a_time_or_a_clear_error(text: str) -> None:
    try:
        parse_when(text)
    except DeadlineError as exc:
        assert "time" in str(exc)


@pytest.mark.parametrize(
    "text", ["2026-02-30 10:00", "2026-11-29 24:00", "tomorrow", "2026-11-29 20:00 Mars/Olympus"]
)
def test_impossible_times_are_refused(text: str) -> None:
    with pytest.raises(DeadlineError):
        parse_when(text)


# -- the listener address ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("127.0.0.1:2525", ("127.0.0.1", 2525)),
        ("[::1]:25", ("::1", 25)),
        ("mail.example.org:587", ("mail.example.org", 587)),
    ],
)
def test_listen_addresses(text: str, expected: tuple[str, int]) -> None:
    assert parse_listen(text) == expected


@given(hostile)
def test_any_listen_text_is_an_address_or_a_clear_error(text: str) -> None:
    try:
        host, port = parse_listen(text)
    except ValueError as exc:
        assert "listen" in str(exc)
        return
    assert host and 1 <= port <= 65535
