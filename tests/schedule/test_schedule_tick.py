"""`tick`: one idempotent pass. Deadlines, grace and NMR, reminders, civil disorder, referee controls."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from schedule_helpers import FakeClock
from sqlalchemy import event
from sqlmodel import func, select

from adjudicator.clock.reminders import reminder_text
from adjudicator.clock.tick import TickSummary, tick
from adjudicator.core.engine import NotFound, Referee, RefereeError, Refused
from adjudicator.core.record import counting_submissions
from adjudicator.core.store import (
    Database,
    DiceRoll,
    Game,
    OutboxMessage,
    ReminderSent,
    Report,
    Seat,
    Turn,
    as_utc,
)


def _game(referee: Referee, game_id: str = "g", **kwargs: object) -> dict[str, str]:
    referee.new_game("toy-guess", game_id, {"points": "99"}, **kwargs)  # type: ignore[arg-type]
    secrets = {
        "north": referee.join(game_id, "north", email="north@example.org", timezone="Europe/Paris"),
        "south": referee.join(game_id, "south", email="south@example.org"),
    }
    referee.start(game_id)
    return secrets  # type: ignore[return-value]


def _turns(db: Database, game_id: str = "g") -> list[tuple[int, str, str | None]]:
    with db.session() as session:
        rows = session.exec(select(Turn).where(Turn.game_id == game_id).order_by(Turn.number)).all()  # type: ignore[arg-type]
        return [(t.number, t.status, t.close_reason) for t in rows]


def _mails(db: Database, kind: str) -> list[OutboxMessage]:
    with db.session() as session:
        return list(session.exec(select(OutboxMessage).where(OutboxMessage.kind == kind)).all())


def _tick(referee: Referee) -> TickSummary:
    return tick(referee.db, referee.clock(), referee=referee, poll=False, flush=False)


# -- deadlines ------------------------------------------------------------------
def test_a_due_turn_is_closed_by_tick_and_a_second_tick_does_nothing(
    referee: Referee, clock: FakeClock
) -> None:
    _game(referee, deadline="48h")
    assert _tick(referee).closed == []
    clock.advance(hours=48)
    summary = _tick(referee)
    assert summary.closed == [("g", 1)]
    assert _tick(referee).closed == []
    assert _turns(referee.db) == [(1, "closed", "deadline"), (2, "open", None)]
    assert len(_mails(referee.db, "report")) == 2


def test_a_clock_jump_closes_the_open_turn_once_and_skips_none(referee: Referee, clock: FakeClock) -> None:
    _game(referee, deadline="48h")
    clock.advance(days=30)  # a month-long outage, or a clock jumping forward
    for _ in range(3):
        _tick(referee)
    # one turn closed; the next opened with its full 48 hours from now
    assert _turns(referee.db) == [(1, "closed", "deadline"), (2, "open", None)]
    with referee.db.session() as session:
        turn2 = referee.turn(session, "g", 2)
        assert as_utc(turn2.deadline_at) == clock() + timedelta(hours=48)
        assert (
            session.exec(select(func.count()).select_from(DiceRoll).where(DiceRoll.turn_number == 1)).one()
            == 1
        )
    clock.advance(days=-40)  # and back: nothing closes twice, nothing closes early
    assert _tick(referee).closed == []
    clock.advance(days=40, hours=48)
    assert _tick(referee).closed == [("g", 2)]


def test_a_deadline_is_passed_at_the_same_instant_whatever_zone_the_clock_is_given_in(
    referee: Referee, clock: FakeClock
) -> None:
    _game(referee, deadline="48h")
    deadline = clock() + timedelta(hours=48)
    sydney = ZoneInfo("Australia/Sydney")  # the deadline is compared in SQL: as an instant, not as text
    just_before = (deadline - timedelta(seconds=1)).astimezone(sydney)
    assert tick(referee.db, just_before, referee=referee, poll=False, flush=False).closed == []
    at_it = deadline.astimezone(sydney)
    assert tick(referee.db, at_it, referee=referee, poll=False, flush=False).closed == [("g", 1)]


def test_a_pass_reads_no_state_of_the_open_turns_it_does_not_close(
    referee: Referee, clock: FakeClock
) -> None:
    for game_id in ("a", "b"):
        _game(referee, game_id, deadline="48h")
    statements: list[str] = []
    listen = event.listens_for(referee.db.engine, "before_cursor_execute")
    listen(lambda _c, _cur, statement, *_a: statements.append(statement))
    clock.advance(hours=12)  # neither is due, no reminder falls due
    summary = _tick(referee)
    assert summary.closed == [] and summary.reminders == 0
    assert statements  # the listener sees the pass
    # what a pass costs must not grow with the size of the states of the games it leaves alone
    assert not [s for s in statements if "state_json" in s]


def test_a_weekly_slot_deadline(referee: Referee, clock: FakeClock) -> None:
    _game(referee, deadline="sun 20:00 Europe/Paris")  # the clock starts on Sunday 12:00 UTC
    with referee.db.session() as session:
        assert as_utc(referee.turn(session, "g").deadline_at).isoformat() == "2026-11-22T19:00:00+00:00"  # type: ignore[union-attr]
    clock.advance(hours=7)
    assert _tick(referee).closed == [("g", 1)]
    with referee.db.session() as session:  # the next slot is a week later
        assert as_utc(referee.turn(session, "g").deadline_at).isoformat() == "2026-11-29T19:00:00+00:00"  # type: ignore[union-attr]


def test_a_paused_game_does_not_close_and_resuming_gives_back_the_paused_time(
    referee: Referee, clock: FakeClock
) -> None:
    _game(referee, deadline="48h")
    clock.advance(hours=10)
    referee.set_status("g", "paused")
    clock.advance(hours=100)
    assert _tick(referee).closed == []
    referee.set_status("g", "running")
    assert _tick(referee).closed == []  # (38 hours are left, as before the pause)
    clock.advance(hours=38)
    assert _tick(referee).closed == [("g", 1)]


def test_pausing_a_finished_game_is_refused(referee: Referee, clock: FakeClock) -> None:
    referee.new_game("toy-guess", "short", {"points": "1"})
    referee.join("short", "north", bot=True)
    referee.join("short", "south", bot=True)
    referee.start("short")
    while referee.close_turn("short") is not None:
        pass
    with pytest.raises(Refused, match="is over"):
        referee.set_status("short", "paused")
    with pytest.raises(Refused, match="no open turn to extend"):
        referee.extend("short", "24h")


def test_extending_a_closed_turn_is_refused_and_extending_the_open_one_moves_it(
    referee: Referee, clock: FakeClock
) -> None:
    _game(referee, deadline="48h")
    referee.close_turn("g", 1)
    with pytest.raises(Refused, match="turn 1 of 'g' is closed"):
        referee.extend("g", "24h", 1)
    with pytest.raises(NotFound):
        referee.extend("g", "24h", 9)
    with pytest.raises(RefereeError, match="cannot read duration"):
        referee.extend("g", "tomorrow")
    when = referee.extend("g", "24h")
    assert as_utc(when) == clock() + timedelta(hours=72)
    clock.advance(hours=48)
    assert _tick(referee).closed == []
    clock.advance(hours=24)
    assert _tick(referee).closed == [("g", 2)]


def test_a_deadline_in_the_past_is_refused(referee: Referee, clock: FakeClock) -> None:
    _game(referee)
    with pytest.raises(RefereeError, match="in the past"):
        referee.set_deadline("g", clock() - timedelta(minutes=1))
    referee.set_deadline("g", clock() + timedelta(hours=1))
    clock.advance(hours=1)
    assert _tick(referee).closed == [("g", 1)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deadline": "soon"}, "cannot read deadline"),
        ({"deadline": "sun 20:00 Mars/Olympus"}, "unknown time zone"),
        ({"deadline": "sun 25:00"}, "no such time of day"),
        ({"grace": "a while"}, "cannot read duration"),
        ({"nmr": "wait"}, "give a grace"),
        ({"nmr": "default", "grace": "12h"}, "only waited out with NMR policy 'wait'"),
        ({"nmr": "ignore"}, "invalid NMR policy"),
        ({"reminders": "24h,soon"}, "cannot read reminder"),
        ({"civil_disorder_after": 0}, "at least 1"),
    ],
)
def test_bad_game_settings_are_refused_clearly(referee: Referee, kwargs: dict, message: str) -> None:
    with pytest.raises(RefereeError, match=message):
        referee.new_game("toy-guess", "bad", {}, **kwargs)


def test_an_unknown_time_zone_for_a_seat_is_refused(referee: Referee) -> None:
    referee.new_game("toy-guess", "tz", {})
    with pytest.raises(RefereeError, match="unknown time zone"):
        referee.join("tz", "north", email="n@example.org", timezone="Mars/Olympus")


# -- grace and NMR ----------------------------------------------------------------
def test_nmr_default_closes_at_the_deadline_with_default_orders(referee: Referee, clock: FakeClock) -> None:
    secrets = _game(referee, deadline="48h")
    referee.submit("g", "north", "guess 3", secrets["north"])
    clock.advance(hours=48)
    assert _tick(referee).closed == [("g", 1)]
    with referee.db.session() as session:
        assert session.exec(select(Seat).where(Seat.name == "south")).one().missed_turns == 1


def test_nmr_wait_waits_out_the_grace_for_missing_orders_only(referee: Referee, clock: FakeClock) -> None:
    secrets = _game(referee, deadline="48h", grace="12h")
    with referee.db.session() as session:
        assert referee.game(session, "g").nmr == "wait"  # a grace alone means: wait it out
    referee.submit("g", "north", "guess 3", secrets["north"])
    clock.advance(hours=48)
    assert _tick(referee).closed == []  # south is missing: the grace runs
    grace = _mails(referee.db, "reminder")
    assert [m.seat for m in grace] == ["south"] and "Late" in grace[0].subject
    clock.advance(hours=6)
    referee.submit("g", "south", "guess 4", secrets["south"])  # late, but inside the grace
    assert _tick(referee).closed == [("g", 1)]  # everything is in: no more waiting
    # turn 2: nobody sends anything; it closes at the end of the grace with defaults
    clock.advance(hours=48)
    assert _tick(referee).closed == []
    clock.advance(hours=12)
    assert _tick(referee).closed == [("g", 2)]


# -- early close --------------------------------------------------------------------
def test_the_turn_closes_early_when_the_last_owed_order_arrives_marked_final(
    referee: Referee, clock: FakeClock
) -> None:
    secrets = _game(referee, deadline="48h")
    first = referee.submit("g", "north", "guess 2\nfinal", secrets["north"])
    assert first.final and first.closed_turn is None
    last = referee.submit("g", "south", "guess 5", secrets["south"], final=True)
    assert last.closed_turn == 1
    assert _turns(referee.db) == [(1, "closed", "early"), (2, "open", None)]
    with referee.db.session() as session:
        assert (
            session.exec(select(func.count()).select_from(Report).where(Report.turn_number == 1)).one() == 6
        )


def test_a_plain_submission_does_not_close_early_and_can_be_replaced(
    referee: Referee, clock: FakeClock
) -> None:
    secrets = _game(referee, deadline="48h")
    referee.submit("g", "north", "guess 2", secrets["north"], final=True)
    plain = referee.submit("g", "south", "guess 5", secrets["south"])
    assert plain.closed_turn is None
    again = referee.submit("g", "south", "guess 6", secrets["south"])
    assert again.previous == "guess 5" and again.closed_turn is None
    assert _turns(referee.db) == [(1, "open", None)]
    clock.advance(hours=48)
    assert _tick(referee).closed == [("g", 1)]
    with referee.db.session() as session:
        counted = {s.seat: s.canonical for s in counting_submissions(session, "g", 1)}
    assert counted == {"north": "guess 2", "south": "guess 6"}  # the last one before the deadline counts


def test_a_paused_game_does_not_close_early(referee: Referee, clock: FakeClock) -> None:
    secrets = _game(referee, deadline="48h")
    referee.set_status("g", "paused")
    referee.submit("g", "north", "guess 2", secrets["north"], final=True)
    assert referee.submit("g", "south", "guess 2", secrets["south"], final=True).closed_turn is None


# -- reminders ------------------------------------------------------------------------
def test_reminders_24h_and_2h_before_go_once_to_seats_still_owing(referee: Referee, clock: FakeClock) -> None:
    secrets = _game(referee, deadline="48h")
    referee.submit("g", "south", "guess 1", secrets["south"])
    clock.advance(hours=23)
    assert _tick(referee).reminders == 0
    clock.advance(hours=1)
    assert _tick(referee).reminders == 1
    assert _tick(referee).reminders == 0
    clock.advance(hours=22)
    assert _tick(referee).reminders == 1
    mails = _mails(referee.db, "reminder")
    assert [m.seat for m in mails] == ["north", "north"]
    with referee.db.session() as session:
        labels = [r.label for r in session.exec(select(ReminderSent).order_by(ReminderSent.id)).all()]  # type: ignore[arg-type]
    assert labels == ["24h", "2h"]
    body = mails[0].raw.decode("utf-8", "replace")
    assert "2026-11-24 12:00" in body  # the absolute deadline, in UTC


def test_after_an_outage_only_the_latest_reminder_goes_out(referee: Referee, clock: FakeClock) -> None:
    _game(referee, deadline="48h")
    clock.advance(hours=47)
    assert _tick(referee).reminders == 2  # one per seat: the 2h one
    with referee.db.session() as session:
        rows = session.exec(select(ReminderSent)).all()
        assert sorted((r.seat, r.label) for r in rows) == [
            ("north", "24h"),
            ("north", "2h"),
            ("south", "24h"),
            ("south", "2h"),
        ]
    assert len(_mails(referee.db, "reminder")) == 2


def test_a_short_turn_gets_no_reminder_longer_than_itself(referee: Referee, clock: FakeClock) -> None:
    _game(referee, deadline="3h")
    clock.advance(hours=1, minutes=30)
    assert _tick(referee).reminders == 2  # the 2h one only
    clock.advance(hours=1)
    assert _tick(referee).reminders == 0


def test_no_reminders_when_the_game_says_none(referee: Referee, clock: FakeClock) -> None:
    _game(referee, deadline="48h", reminders="none")
    clock.advance(hours=47)
    assert _tick(referee).reminders == 0


def test_a_reminder_shows_absolute_times_in_utc_and_the_seats_zone(
    referee: Referee, clock: FakeClock
) -> None:
    _game(referee, deadline="48h")
    clock.advance(hours=24)
    with referee.db.session() as session:
        game = referee.game(session, "g")
        turn = referee.turn(session, "g")
        seat = referee.seat(session, "g", "north")
        text, subject = reminder_text(referee, session, game, turn, seat, "24h", clock())
    assert "2026-11-24 12:00 UTC (2026-11-24 13:00 Europe/Paris)" in text
    assert "2026-11-24 12:00 UTC" in subject
    assert "Time left: 1d" in text


# -- civil disorder ----------------------------------------------------------------------
def test_a_seat_missing_turns_falls_into_civil_disorder_is_reported_and_can_be_replaced(
    referee: Referee, clock: FakeClock
) -> None:
    referee.new_game(
        "toy-guess", "cd", {"points": "99"}, civil_disorder_after=2, referee_email="ref@example.org"
    )
    north = referee.join("cd", "north", email="n@example.org")
    referee.join("cd", "south", email="s@example.org")
    referee.start("cd")
    reported = []
    for _ in range(2):
        referee.submit("cd", "north", "guess 3", north)
        clock.advance(hours=48)
        reported += _tick(referee).civil_disorder
    assert reported == [("cd", "south")]
    notice = _mails(referee.db, "civil-disorder")
    assert [m.to_addr for m in notice] == ["ref@example.org"]
    assert b"pbem seat replace cd south" in notice[0].raw
    with referee.db.session() as session:
        assert referee.seat(session, "cd", "south").status == "civil_disorder"
    secret = referee.replace_seat("cd", "south", email="new@example.org", timezone="America/New_York")
    with referee.db.session() as session:
        seat = referee.seat(session, "cd", "south")
        assert (seat.status, seat.missed_turns, seat.email) == ("taken", 0, "new@example.org")
    assert referee.submit("cd", "south", "guess 1", secret).accepted


def test_a_player_in_civil_disorder_who_comes_back_is_taken_again(referee: Referee, clock: FakeClock) -> None:
    referee.new_game("toy-guess", "back", {"points": "99"}, civil_disorder_after=1)
    south = referee.join("back", "south", email="s@example.org")
    referee.join("back", "north", email="n@example.org")
    referee.start("back")
    clock.advance(hours=48)
    _tick(referee)
    referee.submit("back", "south", "guess 2", south)
    clock.advance(hours=48)
    _tick(referee)
    with referee.db.session() as session:
        assert referee.seat(session, "back", "south").status == "taken"
        assert referee.seat(session, "back", "north").status == "civil_disorder"
        assert session.get(Game, "back").status == "running"  # type: ignore[union-attr]


def test_orders_all_in_and_final_during_a_pause_close_the_turn_at_resume(
    referee: Referee, clock: FakeClock
) -> None:
    secrets = _game(referee, deadline="48h")
    referee.set_status("g", "paused")
    referee.submit("g", "north", "guess 2", secrets["north"], final=True)
    referee.submit("g", "south", "guess 2", secrets["south"], final=True)
    assert _turns(referee.db) == [(1, "open", None)]
    referee.set_status("g", "running")
    assert _turns(referee.db) == [(1, "closed", "early"), (2, "open", None)]
