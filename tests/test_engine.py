"""The turn loop end to end on a real SQLite file, with the test-only ruleset toy-guess."""

from __future__ import annotations

import pytest
from sqlmodel import func, select

from adjudicator.core import seal
from adjudicator.core.engine import MAX_ORDERS_BYTES, NotFound, Referee, RefereeError, Refused
from adjudicator.core.record import record_hash, turn_record
from adjudicator.core.store import (
    Database,
    DiceRoll,
    EventRecord,
    Game,
    OutboxMessage,
    Report,
    Seat,
    Submission,
    Turn,
    check_secret,
    loads,
)
from adjudicator.games import get_ruleset
from adjudicator.games.dice import Dice


def count(db: Database, model: type, **where: object) -> int:
    with db.session() as session:
        query = select(func.count()).select_from(model)
        for key, value in where.items():
            query = query.where(getattr(model, key) == value)
        return session.exec(query).one()


def test_a_turn_opens_with_a_commitment_and_closes_with_the_secret_revealed(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    referee.submit("toy", "north", "guess 3", toy_game["north"])
    referee.submit("toy", "south", "guess 5", toy_game["south"])
    with referee.db.session() as session:
        turn = referee.turn(session, "toy", 1)
        commitment = turn.commitment
    closed = referee.close_turn("toy")
    assert closed is not None and closed.number == 1 and closed.next_turn == 2
    with referee.db.session() as session:
        turn = referee.turn(session, "toy", 1)
        assert seal.verify_commitment(turn.secret, commitment)
        receipts = [
            s.receipt for s in session.exec(select(Submission).where(Submission.turn_number == 1)).all()
        ]
        assert turn.seed_hex == seal.turn_seed(turn.secret, receipts).hex()
        rolls = session.exec(select(DiceRoll).where(DiceRoll.turn_number == 1)).all()
        assert [(r.key, r.sides) for r in rolls] == [("target", 6)]
        assert rolls[0].value == Dice(bytes.fromhex(turn.seed_hex)).roll(6, "target")


def test_the_last_valid_submission_before_the_close_counts(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    referee.submit("toy", "north", "guess 1", toy_game["north"])
    second = referee.submit("toy", "north", "guess 6", toy_game["north"])
    assert second.previous == "guess 1"
    referee.close_turn("toy")
    with referee.db.session() as session:
        counted = session.exec(
            select(Submission).where(Submission.seat == "north", Submission.status == "accepted")
        ).all()
        assert [s.canonical for s in counted] == ["guess 6"]


def test_orders_with_no_good_line_are_stored_as_rejected_and_the_previous_stay_in_force(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    referee.submit("toy", "north", "guess 2", toy_game["north"])
    bad = referee.submit("toy", "north", "guess 0\nguess 9\nfly away", toy_game["north"])
    assert not bad.accepted
    assert [p.line for p in bad.problems] == [1, 2, 3]
    assert bad.lines == []
    with referee.db.session() as session:
        rows = session.exec(
            select(Submission).where(Submission.seat == "north").order_by(Submission.id)
        ).all()
        assert [r.status for r in rows] == ["accepted", "rejected"]
        assert len(loads(rows[1].problems_json)) == 3
        assert rows[1].text == "guess 0\nguess 9\nfly away"  # nothing the player wrote is lost
    referee.close_turn("toy")
    with referee.db.session() as session:
        events = session.exec(select(EventRecord).where(EventRecord.turn_number == 1)).all()
        # south sent nothing (default: pass), so north's guess 2 - the one in force - is the only guess
        assert "north guessed 2 and scores." in [e.text for e in events]
        counted = session.exec(
            select(Submission).where(Submission.status == "accepted", Submission.seat == "north")
        )
        assert [s.canonical for s in counted] == ["guess 2"]


def test_a_wrong_secret_is_refused_and_nothing_is_stored(referee: Referee, toy_game: dict[str, str]) -> None:
    with pytest.raises(Refused, match="wrong secret"):
        referee.submit("toy", "north", "guess 3", toy_game["south"])
    with pytest.raises(Refused, match="wrong secret"):
        referee.submit("toy", "north", "guess 3", "")
    assert count(referee.db, Submission) == 0


def test_secrets_are_stored_hashed_never_plain(referee: Referee, toy_game: dict[str, str]) -> None:
    with referee.db.session() as session:
        seat = session.exec(select(Seat).where(Seat.name == "north")).one()
        assert toy_game["north"] not in (seat.secret_hash or "")
        assert check_secret(toy_game["north"], seat.secret_hash or "")
        assert not check_secret(toy_game["south"], seat.secret_hash or "")


def test_a_seat_secret_under_scrypt_is_upgraded_at_its_next_good_check(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    import hashlib

    salt = bytes(16)
    digest = hashlib.scrypt(toy_game["north"].encode(), salt=salt, dklen=32, n=2**14, r=8, p=1)
    old = f"scrypt${salt.hex()}${digest.hex()}"  # a seat that joined under the first releases
    with referee.db.session() as session:
        seat = session.exec(select(Seat).where(Seat.name == "north")).one()
        seat.secret_hash = old
        session.add(seat)
    with pytest.raises(Refused, match="wrong secret"):
        referee.submit("toy", "north", "guess 3", toy_game["south"])
    with referee.db.session() as session:
        assert session.exec(select(Seat).where(Seat.name == "north")).one().secret_hash == old
    referee.submit("toy", "north", "guess 3", toy_game["north"])
    with referee.db.session() as session:
        upgraded = session.exec(select(Seat).where(Seat.name == "north")).one().secret_hash or ""
    assert upgraded.startswith("hmac-sha256$") and check_secret(toy_game["north"], upgraded)
    referee.submit("toy", "north", "guess 4", toy_game["north"])  # and it keeps working


def test_a_closed_turn_cannot_be_closed_again(referee: Referee, toy_game: dict[str, str]) -> None:
    assert referee.close_turn("toy", 1) is not None
    assert referee.close_turn("toy", 1) is None
    assert count(referee.db, DiceRoll, turn_number=1) == 1
    assert count(referee.db, Turn) == 2


def test_orders_for_a_closed_turn_are_refused(referee: Referee, toy_game: dict[str, str]) -> None:
    referee.close_turn("toy")
    with referee.db.session() as session:
        assert referee.turn(session, "toy").number == 2
    result = referee.submit("toy", "north", "guess 1", toy_game["north"])
    assert result.turn == 2  # orders always go to the open turn, never to a closed one


def test_missing_orders_become_the_rulesets_defaults_marked_as_such(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    referee.submit("toy", "north", "guess 3", toy_game["north"])
    referee.close_turn("toy")
    with referee.db.session() as session:
        default = session.exec(select(Submission).where(Submission.seat == "south")).one()
        assert default.status == "default" and default.canonical == "pass" and default.receipt
        assert session.exec(select(Seat).where(Seat.name == "south")).one().missed_turns == 1


def test_a_seat_missing_turns_in_a_row_falls_into_civil_disorder(referee: Referee, clock) -> None:  # type: ignore[no-untyped-def]
    referee.new_game("toy-guess", "cd", {"points": "50"}, civil_disorder_after=2)
    referee.join("cd", "north", email="n@example.org")
    referee.join("cd", "south", email="s@example.org")
    referee.start("cd")
    referee.close_turn("cd")
    referee.close_turn("cd")
    with referee.db.session() as session:
        assert {s.name: s.status for s in referee.seats(session, "cd")} == {
            "north": "civil_disorder",
            "south": "civil_disorder",
        }
    new_secret = referee.replace_seat("cd", "north", email="new@example.org")
    assert referee.submit("cd", "north", "guess 2", new_secret).accepted


def test_the_same_seed_and_orders_give_the_same_state_events_and_dice_log(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    referee.submit("toy", "north", "guess 3\nsecret alpha", toy_game["north"])
    referee.submit("toy", "south", "guess 4", toy_game["south"])
    referee.close_turn("toy")
    ruleset = get_ruleset("toy-guess")
    with referee.db.session() as session:
        game = session.get(Game, "toy")
        turn = referee.turn(session, "toy", 1)
        record = turn_record(session, game, turn)
    assert record_hash(record) == turn.record_hash
    for _ in range(2):
        orders = {}
        for sub in record["submissions"]:
            request = next(r for r in ruleset.requests(record["state_before"]) if r.key == sub["request"])
            orders[sub["request"]] = ruleset.parse(request, sub["text"]).orders
        dice = Dice(bytes.fromhex(record["seed"]))
        state, events = ruleset.resolve(loads(seal.canonical_json(record["state_before"])), orders, dice)
        assert seal.canonical_json(state) == seal.canonical_json(record["state_after"])
        assert [e.to_json() for e in events] == record["events"]
        assert [
            {"key": r.key, "index": r.index, "sides": r.sides, "value": r.value} for r in dice.log
        ] == record["dice"]


def test_closing_stores_reports_for_every_seat_and_queues_their_emails(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    referee.submit("toy", "north", "guess 3\nsecret hidden-north-note", toy_game["north"])
    referee.close_turn("toy")
    with referee.db.session() as session:
        reports = session.exec(select(Report).where(Report.turn_number == 1)).all()
        assert {(r.seat, r.format) for r in reports} == {
            (s, f) for s in ("", "north", "south") for f in ("text", "html")
        }
        south = next(r.body for r in reports if r.seat == "south" and r.format == "text")
        north = next(r.body for r in reports if r.seat == "north" and r.format == "text")
        assert "north noted 1 secret" in north and "noted" not in south  # private events stay private
        mails = session.exec(select(OutboxMessage).where(OutboxMessage.kind == "report")).all()
        assert sorted(m.to_addr for m in mails) == ["north@example.org", "south@example.org"]


def test_the_record_chain_links_each_turn_to_the_previous(referee: Referee, toy_game: dict[str, str]) -> None:
    referee.close_turn("toy")
    referee.close_turn("toy")
    with referee.db.session() as session:
        one, two = referee.turn(session, "toy", 1), referee.turn(session, "toy", 2)
        assert one.prev_record_hash is None
        assert two.prev_record_hash == one.record_hash
        assert two.state_json == one.result_state_json


def test_a_game_plays_to_its_outcome_and_then_takes_no_orders(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    for _ in range(40):
        referee.submit("toy", "north", "guess 3", toy_game["north"])
        referee.submit("toy", "south", "guess 4", toy_game["south"])
        closed = referee.close_turn("toy")
        assert closed is not None
        if closed.outcome:
            break
    with referee.db.session() as session:
        assert session.get(Game, "toy").status == "over"
    with pytest.raises(Refused, match="over"):
        referee.submit("toy", "north", "guess 3", toy_game["north"])
    assert referee.close_turn("toy") is None


# -- bad input -----------------------------------------------------------------
def test_unknown_game_seat_and_ruleset_are_named(referee: Referee, toy_game: dict[str, str]) -> None:
    with pytest.raises(NotFound, match="no game 'nope'"):
        referee.submit("nope", "north", "guess 1", "x")
    with pytest.raises(NotFound, match="seats: north, south"):
        referee.submit("toy", "west", "guess 1", "x")
    with pytest.raises(NotFound, match="Did you mean 'toy-guess'"):
        referee.new_game("toy-gues", "other")


def test_a_second_join_of_a_taken_seat_is_refused(referee: Referee, toy_game: dict[str, str]) -> None:
    with pytest.raises(Refused, match="taken"):
        referee.join("toy", "north", email="thief@example.org")


def test_an_empty_or_oversized_orders_text_is_refused_with_nothing_stored(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    with pytest.raises(RefereeError, match="empty"):
        referee.submit("toy", "north", "  \n\n", toy_game["north"])
    with pytest.raises(RefereeError, match="too long"):
        referee.submit("toy", "north", "guess 1\n" * (MAX_ORDERS_BYTES // 4), toy_game["north"])
    assert count(referee.db, Submission) == 0


@pytest.mark.parametrize("bad_id", ["../x", "/etc", "Upper", "", "a" * 80, "a b", "x/../../y"])
def test_game_ids_that_could_escape_a_folder_are_refused(referee: Referee, bad_id: str) -> None:
    with pytest.raises(RefereeError, match="invalid game id"):
        referee.new_game("toy-guess", bad_id)


def test_bad_options_say_what_is_valid(referee: Referee) -> None:
    with pytest.raises(RefereeError, match="valid options: points, seats"):
        referee.new_game("toy-guess", "g1", {"colour": "red"})
    with pytest.raises(RefereeError, match="cannot read deadline"):
        referee.new_game("toy-guess", "g2", deadline="soon")


def test_a_game_cannot_start_with_empty_seats_or_twice(referee: Referee) -> None:
    referee.new_game("toy-guess", "g3")
    referee.join("g3", "north", email="n@example.org")
    with pytest.raises(Refused, match="south"):
        referee.start("g3")
    referee.join("g3", "south", bot=True)
    referee.start("g3")
    with pytest.raises(Refused, match="started already"):
        referee.start("g3")


def test_a_bot_seat_submits_final_orders_when_a_turn_opens(referee: Referee) -> None:
    referee.new_game("toy-guess", "bots")
    referee.join("bots", "north", email="n@example.org")
    referee.join("bots", "south", bot=True)
    referee.start("bots")
    status = referee.status("bots")
    assert {r["seat"]: (r["in"], r["final"]) for r in status["requests"]} == {
        "north": (False, False),
        "south": (True, True),
    }


def test_early_close_when_the_last_owed_order_arrives_marked_final(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    first = referee.submit("toy", "north", "guess 2\nfinal", toy_game["north"])
    assert first.final and first.closed_turn is None
    plain = referee.submit("toy", "south", "guess 2", toy_game["south"])
    assert plain.closed_turn is None  # not final: it can still be replaced until the deadline
    last = referee.submit("toy", "south", "guess 5", toy_game["south"], final=True)
    assert last.closed_turn == 1
    assert referee.status("toy")["turn"] == 2


def test_orders_after_the_deadline_are_refused_and_nothing_is_stored(
    referee: Referee, toy_game: dict[str, str], clock
) -> None:  # type: ignore[no-untyped-def]
    clock.advance(hours=48, seconds=1)
    with pytest.raises(Refused, match="deadline of turn 1"):
        referee.submit("toy", "north", "guess 3", toy_game["north"])
    assert count(referee.db, Submission) == 0


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("mare-nostrum", {"nations": "4"}),
        ("master-commander", {}),
        ("eollis", {}),  # events shown to some seats only
        ("far-side", {}),
        ("planet-masters", {}),
    ],
)
def test_the_record_hash_a_close_computes_is_the_hash_of_the_record_read_back(
    referee: Referee, ruleset: str, options: dict[str, str]
) -> None:
    """The close hashes the record from what it holds (no read back); verify reads it from the rows."""
    from adjudicator.core.store import EventRecord, Game, Turn

    _game, seats, _secret = referee.new_game(ruleset, "g", options, deadline="48h")
    for seat in seats:
        referee.join("g", seat, bot=True)
    referee.start("g")
    closes = 0
    for _ in range(3):
        closed = referee.close_turn("g")
        assert closed is not None
        closes += 1
        if closed.outcome is not None:
            break
    with referee.db.session() as session:
        game = session.get(Game, "g")
        turns = session.exec(select(Turn).where(Turn.game_id == "g", Turn.status == "closed")).all()
        assert len(turns) == closes
        assert session.exec(select(EventRecord).where(EventRecord.game_id == "g")).first() is not None
        for turn in turns:
            assert turn.record_hash == record_hash(turn_record(session, game, turn))  # type: ignore[arg-type]


def test_a_turn_named_by_number_closes_only_in_a_running_or_paused_game(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    """The tick names the turn it closes; a game stopped meanwhile keeps its turn open, untouched."""
    from adjudicator.core.store import Game, Turn

    with referee.db.session() as session:
        game = session.get(Game, "toy")
        assert game is not None
        game.status = "over"
        session.add(game)
    assert referee.close_turn("toy", 1) is None
    with referee.db.session() as session:
        turn = session.exec(select(Turn).where(Turn.game_id == "toy", Turn.number == 1)).one()
        assert (turn.status, turn.closed_at, turn.close_reason) == ("open", None, None)
        assert session.exec(select(Submission).where(Submission.game_id == "toy")).first() is None
    with pytest.raises(NotFound):
        referee.close_turn("nosuchgame", 1)
    referee.new_game("toy-guess", "later", {"points": "2"}, deadline="48h")
    with pytest.raises(Refused, match="has not started"):
        referee.close_turn("later", 1)


def test_a_turn_named_by_number_in_a_paused_game_closes(referee: Referee, toy_game: dict[str, str]) -> None:
    referee.set_status("toy", "paused")
    closed = referee.close_turn("toy", 1)
    assert closed is not None and closed.number == 1
