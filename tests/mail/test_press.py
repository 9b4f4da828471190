"""Press between the seats: relayed signed (white), anonymous (grey), public only or not at all; kept for
seats in civil disorder; limited; refused to the registered address when forged; archived and verified."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mailkit import orders_mail, outbox_rows, parts
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.record import record_hash, turn_record
from adjudicator.core.store import Database, Game, InboundMessage, PressMessage, Seat, Turn
from adjudicator.games.base import REFEREE
from adjudicator.mail.handler import MailHandler
from adjudicator.publish.archive import export_game
from adjudicator.publish.verify import verify_archive
from adjudicator.table.press import addressed, send_press, set_mode, split_press

ADDRESSES = {"north": "north@example.org", "south": "south@example.org", "east": "east@example.org"}


def make_club(referee: Referee, points: int) -> dict[str, str]:
    """A started three-seat toy game ``club`` (white press); the seats' secrets and the referee's."""
    options = {"seats": "3", "points": str(points)}
    _game, _seats, secret = referee.new_game("toy-guess", "club", options, deadline="48h")
    secrets = {name: referee.join("club", name, email=address) for name, address in ADDRESSES.items()}
    referee.start("club")
    secrets[REFEREE] = secret
    return secrets


@pytest.fixture
def club(referee: Referee) -> dict[str, str]:
    """The first scoring turn ends this game (every turn someone scores)."""
    return make_club(referee, 1)


@pytest.fixture
def long_club(referee: Referee) -> dict[str, str]:
    return make_club(referee, 5)


def press_mail(club: dict[str, str], seat: str, body: str, **kw: object) -> bytes:
    sender = kw.pop("sender", ADDRESSES.get(seat, "referee@example.org"))
    secret = kw.pop("secret", club[seat])
    turn = kw.pop("turn", 1)  # press answers the open turn
    return orders_mail(game="club", seat=seat, secret=secret, sender=sender, turn=turn, body=body, **kw)  # type: ignore[arg-type]


def mails_to(db: Database, kind: str = "press") -> dict[str, bytes]:
    return {row.to_addr: row.raw for row in outbox_rows(db, kind)}


def press_rows(db: Database) -> list[PressMessage]:
    with db.session() as session:
        return list(session.exec(select(PressMessage).order_by(PressMessage.id)).all())  # type: ignore[arg-type]


def test_press_to_named_seats_is_relayed_signed_and_reveals_no_address(
    db: Database, handler: MailHandler, club: dict[str, str]
) -> None:
    body = "press to south, east\nShall we share Sicily?\nNorth"
    result = handler.handle(press_mail(club, "north", body, message_id="<p1@x.org>"))
    assert result.status == "handled", result
    sent = mails_to(db)
    assert sorted(sent) == ["east@example.org", "south@example.org"]
    for to, raw in sent.items():
        mail = parts(raw)
        assert mail["msg"]["To"] == to and "north@example.org" not in raw.decode()
        assert str(mail["msg"]["Subject"]) == "[club] Press from north, turn 1"
        assert "Shall we share Sicily?" in mail["text"] and "Shall we share Sicily?" in mail["html"]
        assert "To: south, east" in mail["text"]
        assert "east@example.org" not in mail["text"] or to == "east@example.org"
        assert "south@example.org" not in raw.decode() or to == "south@example.org"
    [receipt] = outbox_rows(db, "reply")
    assert receipt.to_addr == "north@example.org"
    assert "Sent to: south, east." in parts(receipt.raw)["text"]
    [row] = press_rows(db)
    assert (row.sender, row.turn_number, row.seq, row.signed) == ("north", 1, 1, True)


def test_press_to_all_reaches_every_other_seat(
    db: Database, handler: MailHandler, club: dict[str, str]
) -> None:
    assert handler.handle(press_mail(club, "south", "press to all\nPeace to all.")).status == "handled"
    assert sorted(mails_to(db)) == ["east@example.org", "north@example.org"]


def test_grey_press_shows_a_seat_and_the_referee_records_the_sender(
    db: Database, handler: MailHandler, club: dict[str, str]
) -> None:
    set_mode(db, "club", "grey")
    assert handler.handle(press_mail(club, "north", "press to east\nBeware of south.")).status == "handled"
    [raw] = mails_to(db).values()
    mail = parts(raw)
    assert str(mail["msg"]["Subject"]) == "[club] Press from a seat, turn 1"
    assert "north" not in mail["text"].lower() and "north" not in raw.decode().lower()
    [row] = press_rows(db)
    assert row.sender == "north" and row.signed is False


def test_no_press_refuses_the_seats_but_not_the_referee(
    db: Database, handler: MailHandler, club: dict[str, str]
) -> None:
    set_mode(db, "club", "none")
    result = handler.handle(press_mail(club, "north", "press to south\nHello"))
    assert result.status == "refused" and "no press" in result.detail
    [refusal] = outbox_rows(db, "refusal")
    assert (
        refusal.to_addr == "north@example.org" and "no press between the seats" in parts(refusal.raw)["text"]
    )
    assert mails_to(db) == {}
    # the referee may always write to all: by mail as seat referee with the referee's secret...
    with db.session() as session:
        game = session.get(Game, "club")
        assert game is not None
        game.referee_email = "ref@example.org"
        session.add(game)
    ok = handler.handle(press_mail(club, REFEREE, "press to all\nDeadline moved.", sender="ref@example.org"))
    assert ok.status == "handled", ok
    assert sorted(mails_to(db)) == sorted(ADDRESSES.values())
    assert "Press from the referee" in str(parts(mails_to(db)["north@example.org"])["msg"]["Subject"])


def test_the_referee_writes_to_all_from_the_command_line(
    db: Database, referee: Referee, club: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from adjudicator.cli import main

    set_mode(db, "club", "none")
    note = tmp_path / "note.txt"
    note.write_text("The map is corrected.\n")
    assert main(["press", "send", "club", "--to", "all", str(note), "--db", db.url]) == 0
    assert sorted(mails_to(db)) == sorted(ADDRESSES.values())
    assert main(["press", "list", "club", "--db", db.url]) == 0
    out = capsys.readouterr().out
    assert "from referee" in out and "The map is corrected." in out


def test_public_press_goes_to_all_only(db: Database, handler: MailHandler, club: dict[str, str]) -> None:
    set_mode(db, "club", "public")
    refused = handler.handle(press_mail(club, "north", "press to south\nJust you."))
    assert refused.status == "refused" and "press to all" in refused.detail
    assert mails_to(db) == {}
    assert handler.handle(press_mail(club, "north", "press to all\nTo everyone.")).status == "handled"
    assert sorted(mails_to(db)) == ["east@example.org", "south@example.org"]


def test_press_to_a_seat_in_civil_disorder_is_kept_not_sent(
    db: Database, handler: MailHandler, club: dict[str, str]
) -> None:
    with db.session() as session:
        east = session.exec(select(Seat).where(Seat.game_id == "club", Seat.name == "east")).one()
        east.status = "civil_disorder"
        session.add(east)
    assert handler.handle(press_mail(club, "north", "press to south, east\nHello both.")).status == "handled"
    assert list(mails_to(db)) == ["south@example.org"]
    [row] = press_rows(db)
    assert json.loads(row.held_json) == ["east"] and json.loads(row.sent_json) == ["south"]
    [receipt] = outbox_rows(db, "reply")
    assert "Kept, not sent (civil disorder or no address): east." in parts(receipt.raw)["text"]


def test_press_rate_limit_per_seat_per_hour(
    db: Database,
    handler: MailHandler,
    club: dict[str, str],
    clock,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setenv("PBEM_PRESS_RATE", "2")
    for i in range(2):
        assert handler.handle(press_mail(club, "north", f"press to south\nNumber {i}")).status == "handled"
    third = handler.handle(press_mail(club, "north", "press to south\nNumber 2"))
    assert third.status == "refused" and "the limit is 2" in third.detail
    assert len(press_rows(db)) == 2
    assert handler.handle(press_mail(club, "south", "press to north\nMine")).status == "handled"  # per seat
    clock.advance(hours=1, minutes=1)
    assert handler.handle(press_mail(club, "north", "press to south\nLater")).status == "handled"


def test_press_size_limit(db: Database, handler: MailHandler, club: dict[str, str], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PBEM_PRESS_MAX_CHARS", "100")
    result = handler.handle(press_mail(club, "north", "press to south\n" + "x" * 101))
    assert result.status == "refused" and "the limit is 100" in result.detail
    assert press_rows(db) == [] and mails_to(db) == {}


def test_press_to_an_unknown_seat_or_only_oneself_is_refused(
    db: Database, handler: MailHandler, club: dict[str, str]
) -> None:
    unknown = handler.handle(press_mail(club, "north", "press to carthage\nHello"))
    assert unknown.status == "refused" and "no seat 'carthage'" in unknown.detail
    alone = handler.handle(press_mail(club, "north", "press to north\nHello me"))
    assert alone.status == "refused" and "your own" in alone.detail
    empty = handler.handle(press_mail(club, "north", "press to south\n\n"))
    assert empty.status == "refused" and "empty" in empty.detail
    assert press_rows(db) == []


@pytest.mark.parametrize("forgery", ["forged from", "wrong secret", "no secret"])
def test_forged_press_is_refused_to_the_registered_address_and_relays_nothing(
    db: Database, handler: MailHandler, club: dict[str, str], forgery: str
) -> None:
    kw: dict[str, object] = {
        "forged from": {"sender": "mallory@evil.example"},
        "wrong secret": {"secret": "not-the-secret"},
        "no secret": {"secret": None},
    }[forgery]  # type: ignore[assignment]
    marker = "QUOTE-ME-" + forgery.replace(" ", "-")
    result = handler.handle(press_mail(club, "north", f"press to south\n{marker}", subject=marker, **kw))
    assert result.status == "refused"
    assert press_rows(db) == [] and mails_to(db) == {}
    [note] = [row for row in outbox_rows(db) if row.kind != "notice"]  # notices: the game started
    assert note.kind == "unverified" and note.to_addr == "north@example.org"
    assert marker not in note.raw.decode() and "mallory" not in note.raw.decode()


def test_press_text_with_cr_lf_or_script_reaches_no_header_and_no_unescaped_html(
    db: Database, handler: MailHandler, club: dict[str, str]
) -> None:
    body = (
        "press to south\nBcc: victim@example.org\r\nSubject: pwned\r\n<script>alert(1)</script>\x07\x1b[31m"
    )
    assert handler.handle(press_mail(club, "north", body)).status == "handled"
    raw = mails_to(db)["south@example.org"]
    mail = parts(raw)
    head = raw.split(b"\r\n\r\n", 1)[0].decode() if b"\r\n\r\n" in raw else raw.split(b"\n\n", 1)[0].decode()
    assert "victim" not in head and "pwned" not in head and "Bcc" not in head
    assert mail["msg"]["Bcc"] is None and "pwned" not in str(mail["msg"]["Subject"])
    assert "<script>" not in mail["html"] and "&lt;script&gt;alert(1)&lt;/script&gt;" in mail["html"]
    assert "\x07" not in mail["text"] and "\x1b" not in mail["text"]
    assert "Bcc: victim@example.org" in mail["text"]  # the player's words, in the body only


def test_a_press_mail_is_not_taken_as_orders(
    db: Database, handler: MailHandler, club: dict[str, str]
) -> None:
    handler.handle(press_mail(club, "north", "press to south\nguess 3"))
    status = Referee(db).status("club")
    assert not any(r["in"] for r in status["requests"])


def test_press_is_stored_redacted_like_any_verified_mail(
    db: Database, handler: MailHandler, club: dict[str, str]
) -> None:
    handler.handle(press_mail(club, "north", "press to south\nHello", message_id="<red@x.org>"))
    with db.session() as session:
        row = session.exec(select(InboundMessage).where(InboundMessage.message_id == "<red@x.org>")).one()
    assert club["north"] not in row.raw.decode() and "[redacted]" in row.raw.decode()


# -- the record, the archive and verify -------------------------------------------------------
def _close(referee: Referee, club: dict[str, str]) -> None:
    for seat in ("north", "south", "east"):
        referee.submit("club", seat, "guess 3", club[seat])
    referee.close_turn("club")


def test_a_turn_without_press_has_no_press_hash(db: Database, referee: Referee, club: dict[str, str]) -> None:
    _close(referee, club)
    with db.session() as session:
        game = session.get(Game, "club")
        turn = session.exec(select(Turn).where(Turn.game_id == "club", Turn.number == 1)).one()
        assert game is not None
        assert "press_hash" not in turn_record(session, game, turn)


def test_press_is_chained_in_its_turn_record_and_published_at_the_end(
    db: Database, referee: Referee, handler: MailHandler, club: dict[str, str], tmp_path: Path
) -> None:
    handler.handle(press_mail(club, "north", "press to south\nA secret pact."))
    handler.handle(press_mail(club, "east", "press to all\nHello all."))
    _close(referee, club)  # the first scoring turn ends the game
    with db.session() as session:
        game = session.get(Game, "club")
        turn = session.exec(select(Turn).where(Turn.game_id == "club", Turn.number == 1)).one()
        assert game is not None and game.status == "over"
        record = turn_record(session, game, turn)
        assert "press_hash" in record and record_hash(record) == turn.record_hash
    root = export_game(db, "club", tmp_path / "archive")
    press = json.loads((root / "001" / "press.json").read_text())
    assert [(p["from"], p["to"], p["text"]) for p in press] == [
        ("north", ["south"], "A secret pact."),
        ("east", ["all"], "Hello all."),
    ]
    results = verify_archive(root)
    assert all(r.ok for r in results), [r.problem for r in results]
    assert any("2 press message(s)" in c for r in results for c in r.checked)
    # a changed word in the published press is caught
    press[0]["text"] = "No pact."
    (root / "001" / "press.json").write_text(json.dumps(press))
    bad = verify_archive(root)[-1]
    assert not bad.ok and "press" in bad.problem
    # and so is press taken away from a finished game's archive
    (root / "001" / "press.json").unlink()
    gone = verify_archive(root)[-1]
    assert not gone.ok and "press.json is missing" in gone.problem


def test_press_of_a_running_game_is_withheld_unless_public(
    db: Database, referee: Referee, handler: MailHandler, long_club: dict[str, str], tmp_path: Path
) -> None:
    club = long_club
    handler.handle(press_mail(club, "north", "press to south\nPrivate words."))
    _close(referee, club)
    root = export_game(db, "club", tmp_path / "a")
    assert not (root / "001" / "press.json").exists()
    record = json.loads((root / "001" / "record.json").read_text())
    assert "press_hash" in record
    results = verify_archive(root)
    assert all(r.ok for r in results), [r.problem for r in results]
    assert any("press (published when the game is over)" in s for r in results for s in r.skipped)
    # under public press the press is published at once, and verified
    set_mode(db, "club", "public")
    handler.handle(press_mail(club, "north", "press to all\nOpen words.", turn=2))
    _close(referee, club)
    root = export_game(db, "club", tmp_path / "b")
    assert json.loads((root / "002" / "press.json").read_text())[0]["text"] == "Open words."
    results = verify_archive(root)
    assert all(r.ok for r in results), [r.problem for r in results]


def test_press_json_without_a_press_hash_in_the_record_is_refused(
    db: Database, referee: Referee, club: dict[str, str], tmp_path: Path
) -> None:
    _close(referee, club)
    root = export_game(db, "club", tmp_path / "archive")
    (root / "001" / "press.json").write_text('[{"from": "north", "text": "invented"}]')
    last = verify_archive(root)[-1]
    assert not last.ok and "no press_hash" in last.problem


def test_press_after_the_game_is_over_is_refused(
    db: Database, referee: Referee, club: dict[str, str]
) -> None:
    from adjudicator.table.press import PressRefused

    _close(referee, club)
    with db.session() as session:
        game = session.get(Game, "club")
        assert game is not None
        with pytest.raises(PressRefused, match="not running"):
            send_press(session, game, "north", addressed("all"), "late", now=referee.clock())


# -- the press line, as hostile input --------------------------------------------------------
def test_the_press_line_reads_seats_separated_by_commas_spaces_or_and() -> None:
    found = split_press("\n\nPress to Carthage, Macedon and rome\nHi\n")
    assert found is not None
    to, text = found
    assert to.seats == ["carthage", "macedon", "rome"] and not to.to_all and text == "Hi\n"
    assert split_press("press to all\nx")[0].to_all  # type: ignore[index]
    assert split_press("guess 3\npress to all") is None


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_split_press_never_raises_and_keeps_the_message_whole(text: str) -> None:
    found = split_press(text)
    if found is not None:
        to, message = found
        assert to.to_all or all(name and name == name.lower() for name in to.seats)
        assert message in text.replace("\r\n", "\n")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_a_relayed_press_text_keeps_no_control_character_but_line_ends_and_tabs(text: str) -> None:
    from adjudicator.table.press import clean_text

    message = clean_text(text)
    assert "\r" not in message
    assert all(ch in "\n\t" or (ord(ch) >= 32 and ord(ch) != 127) for ch in message)


def test_press_never_slips_into_a_turn_being_closed_on_postgresql(pg_db: Database) -> None:
    """A press mail racing the close waits for the turn's lock: it lands in the sealed turn before the
    close reads it, or in the next turn - never in a record already hashed."""
    import threading
    import time

    from sqlalchemy import text as sql

    referee = Referee(pg_db)
    secrets = make_club(referee, 5)
    for seat in ("north", "south", "east"):
        referee.submit("club", seat, "guess 3", secrets[seat])
    done: dict[str, object] = {}

    def close() -> None:
        done["closed"] = referee.close_turn("club")

    def press() -> None:
        with pg_db.session() as session:
            game = session.get(Game, "club")
            assert game is not None
            done["press"] = send_press(
                session, game, "north", addressed("all"), "racing", now=referee.clock(), db_is_sqlite=False
            )

    with pg_db.engine.connect() as holder:  # holds turn 1's row as a close would
        holder.execute(sql("BEGIN"))
        holder.execute(sql("SELECT id FROM turn WHERE game_id = 'club' AND number = 1 FOR UPDATE"))
        closer = threading.Thread(target=close)
        closer.start()
        time.sleep(0.5)
        presser = threading.Thread(target=press)
        presser.start()
        time.sleep(0.5)
        assert presser.is_alive() and closer.is_alive()  # both wait for the lock
        holder.execute(sql("COMMIT"))
    closer.join(20)
    presser.join(20)
    assert done["closed"] is not None
    relayed = done["press"]
    with pg_db.session() as session:
        game = session.get(Game, "club")
        turn = session.exec(select(Turn).where(Turn.game_id == "club", Turn.number == 1)).one()
        assert game is not None
        record = turn_record(session, game, turn)
        assert record_hash(record) == turn.record_hash  # the sealed record still matches its hash
        assert ("press_hash" in record) == (relayed.turn == 1)  # type: ignore[attr-defined]
    assert relayed.turn in (1, 2)  # type: ignore[attr-defined]


def test_pbem_game_new_takes_the_press_option(db: Database, capsys: pytest.CaptureFixture[str]) -> None:
    from adjudicator.cli import main

    assert main(["game", "new", "toy-guess", "grey-game", "--press", "grey", "--db", db.url]) == 0
    assert "press: grey" in capsys.readouterr().out
    assert main(["game", "new", "toy-guess", "plain-game", "--db", db.url]) == 0
    assert main(["game", "new", "toy-guess", "loud-game", "--press", "loud", "--db", db.url]) != 0
    assert "unknown press option 'loud'" in capsys.readouterr().err
    with db.session() as session:
        assert session.get(Game, "grey-game").press == "grey"  # type: ignore[union-attr]
        assert session.get(Game, "plain-game").press == "white"  # type: ignore[union-attr]
        assert session.get(Game, "loud-game") is None  # refused before anything was created


def test_a_rollback_keeps_the_abandoned_press_off_the_main_line(
    db: Database, referee: Referee, handler: MailHandler, long_club: dict[str, str], tmp_path: Path
) -> None:
    from adjudicator.publish.rollback import rollback

    club = long_club
    handler.handle(press_mail(club, "north", "press to south\nTurn one words."))
    _close(referee, club)
    handler.handle(press_mail(club, "north", "press to south\nAbandoned words.", turn=2))
    _close(referee, club)
    rollback(db, "club", 1, reason="a wrong map", clock=referee.clock)
    handler.handle(press_mail(club, "north", "press to south\nNew turn two words.", turn=2))
    _close(referee, club)
    with db.session() as session:
        kept = session.exec(select(PressMessage).where(PressMessage.branch == 1)).all()
        assert [row.text for row in kept] == ["Abandoned words."]  # kept, never erased
        game = session.get(Game, "club")
        turn = session.exec(select(Turn).where(Turn.game_id == "club", Turn.number == 2)).one()
        assert game is not None
        from adjudicator.core.press_record import press_entries

        assert [p["text"] for p in press_entries(session, "club", 2)] == ["New turn two words."]
        assert record_hash(turn_record(session, game, turn)) == turn.record_hash
    root = export_game(db, "club", tmp_path / "archive", full=True)
    assert json.loads((root / "002" / "press.json").read_text())[0]["text"] == "New turn two words."
    results = verify_archive(root)
    assert all(r.ok for r in results), [r.problem for r in results]


def _abandon_press(referee: Referee, handler: MailHandler, club: dict[str, str]) -> None:
    """Press in turns 2 and 3, a rollback to turn 1, then new press in the new turns 2 and 3 (the
    first to 4 points wins: the game is over after the new turn 4)."""
    from adjudicator.publish.rollback import rollback

    _close(referee, club)
    handler.handle(press_mail(club, "north", "press to south\nAbandoned turn two.", turn=2))
    _close(referee, club)
    handler.handle(press_mail(club, "east", "press to all\nAbandoned turn three.", turn=3))
    _close(referee, club)
    rollback(referee.db, "club", 1, reason="a wrong map", clock=referee.clock)
    handler.handle(press_mail(club, "north", "press to south\nNew turn two.", turn=2))
    _close(referee, club)
    handler.handle(press_mail(club, "south", "press to north\nNew turn three.", turn=3))
    _close(referee, club)


def _status(db: Database) -> str:
    with db.session() as session:
        game = session.get(Game, "club")
        assert game is not None
        return game.status


def _texts(path: Path) -> list[str]:
    return [p["text"] for p in json.loads(path.read_text())]


def test_the_press_of_a_rolled_back_turn_is_published_in_its_branch_at_the_end(
    db: Database, referee: Referee, handler: MailHandler, tmp_path: Path
) -> None:
    club = make_club(referee, 4)
    _abandon_press(referee, handler, club)
    _close(referee, club)
    assert _status(db) == "over"
    root = export_game(db, "club", tmp_path / "archive")
    assert _texts(root / "branches" / "1" / "002" / "press.json") == ["Abandoned turn two."]
    assert _texts(root / "branches" / "1" / "003" / "press.json") == ["Abandoned turn three."]
    assert _texts(root / "002" / "press.json") == ["New turn two."]
    assert _texts(root / "003" / "press.json") == ["New turn three."]
    results = verify_archive(root)
    assert all(r.ok for r in results), [r.problem for r in results]
    branch = [r for r in results if r.where.startswith("branch 1 ")]
    assert [c for r in branch for c in r.checked if "press message" in c] == ["1 press message(s)"] * 2
    # a changed word in the abandoned press is caught, as on the main line
    path = root / "branches" / "1" / "002" / "press.json"
    press = json.loads(path.read_text())
    press[0]["text"] = "No pact."
    path.write_text(json.dumps(press))
    bad = [r for r in verify_archive(root) if not r.ok]
    assert bad and bad[0].where == "branch 1 turn 002" and "press" in bad[0].problem
    # and so is the abandoned press taken away from a finished game's archive
    path.unlink()
    gone = [r for r in verify_archive(root) if not r.ok]
    assert gone and gone[0].where == "branch 1 turn 002" and "press.json is missing" in gone[0].problem


def test_the_press_of_a_rolled_back_turn_is_published_at_once_under_public_press(
    db: Database, referee: Referee, handler: MailHandler, tmp_path: Path
) -> None:
    club = make_club(referee, 4)
    set_mode(db, "club", "public")
    from adjudicator.publish.rollback import rollback

    _close(referee, club)
    handler.handle(press_mail(club, "north", "press to all\nAbandoned open words.", turn=2))
    _close(referee, club)
    rollback(db, "club", 1, reason="a wrong map", clock=referee.clock)
    handler.handle(press_mail(club, "north", "press to all\nNew open words.", turn=2))
    _close(referee, club)
    root = export_game(db, "club", tmp_path / "archive")
    assert _texts(root / "branches" / "1" / "002" / "press.json") == ["Abandoned open words."]
    assert _texts(root / "002" / "press.json") == ["New open words."]
    results = verify_archive(root)
    assert all(r.ok for r in results), [r.problem for r in results]
    branch = next(r for r in results if r.where == "branch 1 turn 002")
    assert "1 press message(s)" in branch.checked


def test_the_press_of_a_rolled_back_turn_of_a_running_game_is_withheld(
    db: Database, referee: Referee, handler: MailHandler, tmp_path: Path
) -> None:
    club = make_club(referee, 4)
    _abandon_press(referee, handler, club)
    assert _status(db) == "running"
    # a --full export publishes it (and the main line's), a plain one takes it back
    full = export_game(db, "club", tmp_path / "archive", full=True)
    assert _texts(full / "branches" / "1" / "002" / "press.json") == ["Abandoned turn two."]
    assert all(r.ok for r in verify_archive(full))
    root = export_game(db, "club", tmp_path / "archive")
    assert root == full
    for folder in ("002", "003", "branches/1/002", "branches/1/003"):
        assert "press_hash" in json.loads((root / folder / "record.json").read_text())
        assert not (root / folder / "press.json").exists()
    results = verify_archive(root)
    assert all(r.ok for r in results), [r.problem for r in results]
    withheld = [r.where for r in results if "press (published when the game is over)" in r.skipped]
    assert withheld == ["turn 002", "turn 003", "branch 1 turn 002", "branch 1 turn 003"]
