"""The referee's time commands: `pbem tick`, `pbem turn deadline|extend|close`, `pbem game new --grace`."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from adjudicator.cli import main
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, Turn, as_utc, utcnow


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def due_game(db: Database, sqlite_url: str) -> str:
    past = utcnow() - timedelta(hours=3)
    referee = Referee(db, clock=lambda: past)
    referee.new_game("toy-guess", "late", {"points": "99"}, deadline="1h")
    referee.join("late", "north", email="north@example.org")
    referee.join("late", "south", email="south@example.org")
    referee.start("late")
    return sqlite_url


def test_pbem_tick_closes_what_is_due_once(
    due_game: str,
    db: Database,
    capsys: pytest.CaptureFixture[str],
    tmp_path,
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setenv("PBEM_OUTBOX", str(tmp_path / "outbox"))
    code, out, _ = run(capsys, "tick", "--db", due_game, "--no-poll")
    assert code == 0
    assert "closed 1 turn(s): late turn 1" in out
    assert len(list((tmp_path / "outbox" / "new").glob("*.eml"))) == 4  # 2 notices, 2 reports
    code, out, _ = run(capsys, "tick", "--db", due_game, "--no-poll", "--quiet")
    assert (code, out) == (0, "")
    with db.session() as session:
        assert [(t.number, t.status) for t in session.exec(select(Turn).order_by(Turn.number)).all()] == [  # type: ignore[arg-type]
            (1, "closed"),
            (2, "open"),
        ]


def test_pbem_turn_deadline_sets_an_absolute_time_and_refuses_the_past(
    due_game: str, db: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "turn", "deadline", "late", "2001-01-01 10:00", "--db", due_game)
    assert code == 2 and "in the past" in err
    code, _, err = run(capsys, "turn", "deadline", "late", "next friday", "--db", due_game)
    assert code == 2 and "cannot read the time" in err
    code, _, err = run(capsys, "turn", "deadline", "late", "2099-01-01 10:00 Mars/Olympus", "--db", due_game)
    assert code == 2 and "unknown time zone" in err
    code, out, _ = run(capsys, "turn", "deadline", "late", "2099-06-01 20:00 Europe/Paris", "--db", due_game)
    assert code == 0 and "2099-06-01 18:00 UTC" in out
    with db.session() as session:
        turn = session.exec(select(Turn)).one()
        assert as_utc(turn.deadline_at).isoformat() == "2099-06-01T18:00:00+00:00"  # type: ignore[union-attr]


def test_pbem_turn_extend_and_close(due_game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "turn", "extend", "late", "24h", "--db", due_game)
    assert code == 0 and "deadline now" in out
    code, out, _ = run(capsys, "turn", "close", "late", "--db", due_game)
    assert code == 0 and "turn 1 (Round 1) closed" in out
    code, _, err = run(capsys, "turn", "extend", "late", "24h", "--turn", "1", "--db", due_game)
    assert code == 4 and "turn 1 of 'late' is closed" in err
    code, _, err = run(capsys, "turn", "extend", "late", "eventually", "--db", due_game)
    assert code == 2 and "cannot read duration" in err


def test_pbem_game_new_with_grace_waits_and_refuses_nonsense(
    db: Database, sqlite_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, _ = run(
        capsys,
        "game",
        "new",
        "toy-guess",
        "graceful",
        "--deadline",
        "sun 20:00 Europe/Paris",
        "--grace",
        "12h",
        "--reminders",
        "48h,2h",
        "--db",
        sqlite_url,
    )
    assert code == 0
    with db.session() as session:
        game = session.get(Game, "graceful")
        assert game is not None
        assert (game.deadline_rule, game.grace, game.nmr, game.reminders) == (
            "sun 20:00 Europe/Paris",
            "12h",
            "wait",
            "48h,2h",
        )
    for args, message in [
        (("--deadline", "whenever"), "cannot read deadline"),
        (("--deadline", "fri 18:00 Atlantis/Capital"), "unknown time zone"),
        (("--grace", "some"), "cannot read duration"),
        (("--nmr", "default", "--grace", "1h"), "only waited out"),
        (("--reminders", "yesterday"), "cannot read reminder"),
    ]:
        code, _, err = run(capsys, "game", "new", "toy-guess", "bad", *args, "--db", sqlite_url)
        assert code == 2 and message in err, (args, err)


def test_pbem_game_pause_of_a_finished_game_is_refused(db: Database, sqlite_url: str, capsys) -> None:  # type: ignore[no-untyped-def]
    referee = Referee(db)
    referee.new_game("toy-guess", "done", {"points": "1"})
    referee.join("done", "north", bot=True)
    referee.join("done", "south", bot=True)
    referee.start("done")
    while referee.close_turn("done") is not None:
        pass
    code, _, err = run(capsys, "game", "pause", "done", "--db", sqlite_url)
    assert code == 4 and "is over" in err


def test_orders_submit_final_closes_the_turn_early_when_the_last_owed_order_arrives(
    db: Database,
    sqlite_url: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path,  # type: ignore[no-untyped-def]
) -> None:
    referee = Referee(db)
    referee.new_game("toy-guess", "early", {"points": "99"}, deadline="48h")
    north = referee.join("early", "north", email="north@example.org")
    south = referee.join("early", "south", email="south@example.org")
    referee.start("early")
    orders = tmp_path / "orders.txt"
    orders.write_text("guess 3\n")
    code, out, _ = run(
        capsys,
        "orders",
        "submit",
        "early",
        "north",
        str(orders),
        "--secret",
        north,
        "--final",
        "--db",
        sqlite_url,
    )  # type: ignore[arg-type]
    assert code == 0 and "(final)" in out and "closed" not in out
    orders.write_text("guess 4\nfinal\n")  # the word `final` on a line of its own does the same
    code, out, _ = run(
        capsys, "orders", "submit", "early", "south", str(orders), "--secret", south, "--db", sqlite_url
    )  # type: ignore[arg-type]
    assert code == 0 and "every owed order is in and final: turn 1 closed" in out
    with db.session() as session:
        assert session.exec(select(Turn).where(Turn.number == 1)).one().close_reason == "early"


def test_a_seat_sets_its_time_zone_with_its_secret(db: Database, sqlite_url: str, capsys) -> None:  # type: ignore[no-untyped-def]
    referee = Referee(db)
    referee.new_game("toy-guess", "zones", {"points": "99"})
    north = referee.join("zones", "north", email="north@example.org")
    code, out, _ = run(
        capsys, "seat", "timezone", "zones", "north", "Asia/Tokyo", "--secret", north, "--db", sqlite_url
    )  # type: ignore[arg-type]
    assert code == 0 and "Asia/Tokyo" in out
    code, _, err = run(
        capsys, "seat", "timezone", "zones", "north", "Asia/Tokio", "--secret", north, "--db", sqlite_url
    )  # type: ignore[arg-type]
    assert code == 2 and "unknown time zone" in err
    code, _, err = run(
        capsys, "seat", "timezone", "zones", "north", "UTC", "--secret", "wrong", "--db", sqlite_url
    )
    assert code == 4 and "wrong secret" in err
    with db.session() as session:
        assert referee.seat(session, "zones", "north").timezone == "Asia/Tokyo"


def test_seat_replace_refuses_an_unknown_time_zone_clearly(db: Database, sqlite_url: str, capsys) -> None:  # type: ignore[no-untyped-def]
    referee = Referee(db)
    referee.new_game("toy-guess", "swap", {"points": "99"})
    referee.join("swap", "north", email="north@example.org")
    args = ("seat", "replace", "swap", "north", "--email", "new@example.org", "--tz", "Mars/Olympus")
    code, _, err = run(capsys, *args, "--db", sqlite_url)
    assert code == 2 and "unknown time zone" in err
