"""`pbem turn rollback GAME N`: history is kept as a branch, the chain stays verifiable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from archive_kit import play
from sqlmodel import select

from adjudicator.cli import main
from adjudicator.core.engine import Referee, Refused
from adjudicator.core.store import Branch, OutboxMessage, Turn
from adjudicator.publish.archive import export_game
from adjudicator.publish.rollback import rollback
from adjudicator.publish.verify import verify_archive


def finish(referee: Referee, game_id: str) -> None:
    for _ in range(60):
        if referee.status(game_id)["status"] != "running":
            return
        referee.submit(game_id, "north", "guess 3", as_referee=True)
        referee.submit(game_id, "south", "guess 5", as_referee=True)
        referee.close_turn(game_id)
    raise AssertionError("the game did not end")


def test_rollback_records_a_branch_and_reopens_the_next_turn(referee: Referee, tmp_path: Path) -> None:
    play(referee, "camp", 4, points=5)
    with referee.db.session() as session:
        hashes = {
            t.number: t.record_hash for t in session.exec(select(Turn).where(Turn.game_id == "camp")).all()
        }
    result = rollback(referee.db, "camp", 2, reason="turn 3 used a wrong map", clock=referee.clock)
    assert (result.branch, result.abandoned, result.abandoned_open, result.reopened) == (1, [3, 4], 5, 3)
    with referee.db.session() as session:
        branch = session.exec(select(Branch)).one()
        data = json.loads(branch.data_json)
        assert [t["record"]["record_hash"] for t in data["turns"]] == [hashes[3], hashes[4]]
        assert branch.head_record_hash == hashes[4] and branch.reason == "turn 3 used a wrong map"
        reopened = session.exec(select(Turn).where(Turn.game_id == "camp", Turn.number == 3)).one()
        assert reopened.status == "open" and reopened.prev_record_hash == hashes[2]
    assert referee.status("camp")["turn"] == 3
    finish(referee, "camp")
    with referee.db.session() as session:
        ids = [
            m.message_id
            for m in session.exec(select(OutboxMessage).where(OutboxMessage.turn_number == 3)).all()
        ]
    assert len(ids) == len(set(ids)) == 4  # the replayed turn's reports are new emails, not duplicates
    folder = export_game(referee.db, "camp", tmp_path)
    assert (folder / "branches" / "1" / "003" / "record.json").is_file()
    game = json.loads((folder / "game.json").read_text())
    assert game["branches"][0]["after_turn"] == 2 and game["branches"][0]["turns"] == [3, 4]
    results = verify_archive(folder)
    assert all(r.complete for r in results), [r.line() for r in results]
    assert [r.where for r in results if r.where.startswith("branch")] == [
        "branch 1 turn 003",
        "branch 1 turn 004",
    ]


def test_a_published_archive_follows_the_rollback(referee: Referee, tmp_path: Path) -> None:
    play(referee, "open", 3, ruleset="toy-open", points=50)
    folder = export_game(referee.db, "open", tmp_path)
    rollback(referee.db, "open", 1, clock=referee.clock)
    folder = export_game(referee.db, "open", tmp_path)  # turns 2 and 3 move to branches/1, nothing refused
    assert not (folder / "002").exists() and (folder / "branches" / "1" / "002" / "record.json").is_file()
    assert all(r.ok for r in verify_archive(folder))


def test_a_tampered_branch_fails_verification(referee: Referee, tmp_path: Path) -> None:
    play(referee, "open", 3, ruleset="toy-open", points=50)
    rollback(referee.db, "open", 1, clock=referee.clock)
    folder = export_game(referee.db, "open", tmp_path)
    path = folder / "branches" / "1" / "003" / "record.json"
    record = json.loads(path.read_text())
    record["dice"][0]["value"] = record["dice"][0]["value"] % 6 + 1
    path.write_text(json.dumps(record))
    results = verify_archive(folder)
    assert results[-1].where == "branch 1 turn 003" and not results[-1].ok


def test_rollback_to_the_setup_and_back_again(referee: Referee, tmp_path: Path) -> None:
    play(referee, "open", 2, ruleset="toy-open", points=50)
    rollback(referee.db, "open", 0, clock=referee.clock)
    play_turns = 2
    for _ in range(play_turns):
        referee.submit("open", "north", "guess 1", as_referee=True)
        referee.close_turn("open")
    rollback(referee.db, "open", 1, clock=referee.clock)
    folder = export_game(referee.db, "open", tmp_path)
    assert [b["after_turn"] for b in json.loads((folder / "game.json").read_text())["branches"]] == [0, 1]
    assert all(r.complete for r in verify_archive(folder))


def test_rollback_refuses_what_it_cannot_do(referee: Referee) -> None:
    play(referee, "open", 2, ruleset="toy-open", points=50)
    with pytest.raises(Refused, match="nothing to roll back"):
        rollback(referee.db, "open", 2)
    with pytest.raises(Refused, match="nothing to roll back"):
        rollback(referee.db, "open", 7)
    with pytest.raises(Exception, match="last turn to keep"):
        rollback(referee.db, "open", -1)


def test_the_cli_rolls_back(referee: Referee, capsys: pytest.CaptureFixture[str]) -> None:
    play(referee, "open", 2, ruleset="toy-open", points=50)
    assert main(["turn", "rollback", "open", "1", "--reason", "misread order", "--db", referee.db.url]) == 0
    out = capsys.readouterr().out
    assert "branch 1 of open recorded: turns 2 kept there" in out and "turn 2 is open again" in out
    assert main(["turn", "rollback", "../x", "1", "--db", referee.db.url]) == 2
