"""A second rollback to an earlier point keeps every branch verifiable."""

from __future__ import annotations

import json
from pathlib import Path

from archive_kit import play

from adjudicator.cli import main
from adjudicator.core.engine import Referee
from adjudicator.publish.archive import export_game
from adjudicator.publish.rollback import rollback
from adjudicator.publish.verify import verify_archive


def _close(referee: Referee, game_id: str, turns: int) -> None:
    for _ in range(turns):
        number = referee.status(game_id)["turn"]
        referee.submit(game_id, "north", f"guess {number % 7 + 1}", as_referee=True)
        referee.submit(game_id, "south", "guess 5", as_referee=True)
        closed = referee.close_turn(game_id)
        assert closed is not None and closed.outcome is None


def test_rollback_to_an_earlier_point_after_a_rollback_still_verifies(
    referee: Referee, tmp_path: Path, capsys: object
) -> None:
    play(referee, "twice", 3, ruleset="toy-open", points=50)
    rollback(referee.db, "twice", 1, reason="first", clock=referee.clock)
    _close(referee, "twice", 2)
    rollback(referee.db, "twice", 0, reason="second", clock=referee.clock)
    _close(referee, "twice", 1)
    folder = export_game(referee.db, "twice", tmp_path)
    results = verify_archive(folder)
    assert all(r.complete for r in results), [r.line() for r in results]
    branch_turns = [r.where for r in results if r.where.startswith("branch")]
    assert branch_turns == [
        "branch 1 turn 002",
        "branch 1 turn 003",
        "branch 2 turn 001",
        "branch 2 turn 002",
        "branch 2 turn 003",
    ]
    game = json.loads((folder / "game.json").read_text())
    first = json.loads((folder / "branches" / "2" / "001" / "record.json").read_text())
    # branch 1 left the main line after the turn 1 that branch 2 now holds
    assert game["branches"][0]["anchor_record_hash"] == first["record_hash"]
    assert main(["verify", str(folder)]) == 0


def test_a_branch_anchored_on_a_record_that_is_nowhere_fails(referee: Referee, tmp_path: Path) -> None:
    play(referee, "twice", 3, ruleset="toy-open", points=50)
    rollback(referee.db, "twice", 1, clock=referee.clock)
    _close(referee, "twice", 2)
    rollback(referee.db, "twice", 0, clock=referee.clock)
    folder = export_game(referee.db, "twice", tmp_path)
    # remove the only copy of the old turn 1: branch 1 has nothing to chain to
    import shutil

    shutil.rmtree(folder / "branches" / "2")
    game = json.loads((folder / "game.json").read_text())
    game["branches"] = game["branches"][:1]
    (folder / "game.json").write_text(json.dumps(game))
    results = verify_archive(folder)
    assert not results[-1].ok
