"""Live reactions through the real engine (SQLite): a player's ``final`` closes only his own sealed
moment; the enemy's owed reaction is a required request of its own, so the game turn goes on only
when it is in (or at its deadline)."""

from __future__ import annotations

from adjudicator.core.engine import Referee
from adjudicator.core.store import dumps, loads

ENGAGED = {"engaged": "long"}
PLACES = {"B1": "d4", "B3": "e4", "F1": "d6", "F2": "e6"}


def engaged_ships(referee: Referee, game_id: str) -> None:
    """Turn 1's state with four ships engaged at close quarters (the others docked)."""
    with referee.db.session() as session:
        turn = referee.turn(session, game_id, 1)
        state = loads(turn.state_json)
        for sid, ship in state["ships"].items():
            ship["square"] = PLACES.get(sid)
            ship["status"] = "afloat" if sid in PLACES else "docked"
            ship["engaged"] = "long" if sid in PLACES else None
        turn.state_json = dumps(state)
        session.add(turn)


def test_live_reactions_a_final_turn_does_not_close_the_game_turn_before_the_owed_reaction(
    referee: Referee,
) -> None:
    referee.new_game("far-side", "fs", {"reactions": "live"}, deadline="48h")
    secrets = {
        "british": referee.join("fs", "british", email="b@example.org"),
        "french": referee.join("fs", "french", email="f@example.org"),
    }
    referee.start("fs")
    engaged_ships(referee, "fs")
    done = referee.submit("fs", "british", "anchor\nfinal", secrets["british"])
    assert done.accepted and done.closed_turn == 1  # the British orders are sealed and resolved
    status = referee.status("fs")
    assert status["label"] == "Turn 1, British: the French reaction"
    assert [(r["request"], r["optional"], r["in"]) for r in status["requests"]] == [
        ("attack:british", False, False),
        ("reaction:french", False, False),
    ]
    assert referee.ready_to_close("fs") is None  # the British final did not close the reaction
    attack = referee.submit(
        "fs", "british", "fire B1 at F1\nfinal", secrets["british"], request_key="attack:british"
    )
    assert attack.accepted and attack.closed_turn is None  # the round waits for the reaction
    answer = referee.submit(
        "fs", "french", "fire F2 at B1\nfinal", secrets["french"], request_key="reaction:french"
    )
    assert answer.accepted and answer.closed_turn == 2
    assert referee.status("fs")["label"] == "Turn 2, French"


def test_a_warning_does_not_reject_the_orders_and_the_acknowledgement_shows_it(referee: Referee) -> None:
    """7 REPAIRS / 28 BOARD: BRD lent from a grappled ship is legal; the acknowledgement warns."""
    from adjudicator.post.render import render

    referee.new_game("far-side", "fw", {"first": "french"}, deadline="48h")
    secret = referee.join("fw", "french", email="f@example.org")
    referee.join("fw", "british", email="b@example.org")
    referee.start("fw")
    engaged_ships(referee, "fw")
    with referee.db.session() as session:
        turn = referee.turn(session, "fw", 1)
        state = loads(turn.state_json)
        state["grapples"] = [["B1", "F1"]]
        state["ships"]["B1"]["square"] = "d5"
        turn.state_json = dumps(state)
        session.add(turn)
    result = referee.submit("fw", "french", "anchor\nrepel F1\nrepair F1 pumps 1 from brd 1", secret)
    assert result.accepted and result.receipt
    assert [(p.kind, p.line, p.rule) for p in result.problems] == [("warning", 3, "28 Board")]
    context = {
        "game": {"id": "fw", "title": "Far Side"},
        "seat": "french",
        "turn": {"number": 1, "label": "Turn 1, French", "deadline": None, "local_deadline": ""},
        "result": result,
        "problems": result.problems,
        "diff": [],
        "authentication": [],
    }
    text = render("ack.txt.j2", None, **context)
    assert "Orders ACCEPTED" in text and "WARNINGS (these lines are taken as they are)" in text
    assert "F1 is grappled with B1: lending 1 BRD" in text and "PROBLEMS" not in text


def test_step_02_the_next_wind_comes_from_the_sealed_turns_seed_and_is_published(referee: Referee) -> None:
    """The wind of turn 2 is rolled at the close of turn 1 from turn 1's seed (fixed only after the
    turn-1 orders were sealed), logged with turn 1's dice and published before turn 2 opens."""
    from sqlmodel import select

    from adjudicator.core import seal
    from adjudicator.core.store import DiceRoll, EventRecord, Submission
    from adjudicator.games.dice import Dice

    referee.new_game("far-side", "fx", {}, deadline="48h")
    secret = referee.join("fx", "british", email="b@example.org")
    referee.join("fx", "french", email="f@example.org")
    referee.start("fx")
    with referee.db.session() as session:
        first = loads(referee.turn(session, "fx", 1).state_json)["wind"]
    assert (first["turn"], first["seat"]) == (1, "british")  # turn 1: from the setup seed
    assert referee.submit("fx", "british", "anchor\nfinal", secret).closed_turn == 1
    with referee.db.session() as session:
        closed = referee.turn(session, "fx", 1)
        receipts = [
            s.receipt for s in session.exec(select(Submission).where(Submission.game_id == "fx")).all()
        ]
        seed = seal.turn_seed(closed.secret, [r for r in receipts if r])
        rolls = {
            r.key: r.value
            for r in session.exec(select(DiceRoll).where(DiceRoll.game_id == "fx", DiceRoll.turn_number == 1))
        }
        wind = loads(referee.turn(session, "fx", 2).state_json)["wind"]
    assert (wind["turn"], wind["seat"]) == (2, "french")
    assert (wind["white"], wind["red"]) == (rolls["wind:white"], rolls["wind:red"])
    assert wind["white"] == Dice(seed).d6("wind:white") and wind["red"] == Dice(seed).d6("wind:red")
    with referee.db.session() as session:
        published = [
            e.text
            for e in session.exec(
                select(EventRecord).where(EventRecord.game_id == "fx", EventRecord.turn_number == 1)
            )
        ]
    assert published[-1].startswith(f"Wind for turn 2 (French): white {wind['white']}, red {wind['red']}")
