"""Live reactions through the real engine (SQLite): a player's ``final`` closes only his own sealed
moment; the enemy's owed reaction is a required request of its own, so the game turn goes on only
when it is in (or at its deadline)."""

from __future__ import annotations

from adjudicator.engine import Referee
from adjudicator.store import dumps, loads

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
    done = referee.submit("fs", "british", "anchor\nfire B1 at F1\nfinal", secrets["british"])
    assert done.accepted and done.closed_turn == 1  # the British orders are sealed and resolved
    status = referee.status("fs")
    assert status["label"] == "Turn 1, British: the French reaction"
    assert [(r["request"], r["optional"], r["in"]) for r in status["requests"]] == [
        ("reaction:french", False, False)
    ]
    assert referee.ready_to_close("fs") is None  # the British final did not close the reaction
    answer = referee.submit(
        "fs", "french", "fire F2 at B1\nfinal", secrets["french"], request_key="reaction:french"
    )
    assert answer.accepted and answer.closed_turn == 2
    assert referee.status("fs")["label"] == "Turn 2, French"


def test_a_warning_does_not_reject_the_orders_and_the_acknowledgement_shows_it(referee: Referee) -> None:
    """7 REPAIRS / 28 BOARD: BRD lent from a grappled ship is legal; the acknowledgement warns."""
    from adjudicator.render import render

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
    }
    text = render("ack.txt.j2", None, **context)
    assert "Orders ACCEPTED" in text and "WARNINGS (your orders are accepted as they are)" in text
    assert "F1 is grappled with B1: lending 1 BRD" in text and "PROBLEMS" not in text
