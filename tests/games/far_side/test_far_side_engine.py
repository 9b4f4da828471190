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
