"""A Mare Nostrum state keeps its map by reference (state format 2); archives and
games made before, whose states embed the map's whole TOML text, still replay and verify."""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

import pytest

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, dumps, loads
from adjudicator.publish.archive import export_game
from adjudicator.publish.verify import summary, verify_archive

FIXTURE = Path(__file__).parent / "fixtures" / "before_state_format_2.tar.gz"


def records(root: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(root.glob("[0-9][0-9][0-9]/record.json"))]


@pytest.mark.parametrize("game", ["before-format-2", "club-before-format-2"])
def test_an_archive_exported_before_state_format_2_still_replays(tmp_path: Path, game: str) -> None:
    """Exported by the code before the change (fixtures/make_before_state_format_2.py): the
    setup, every turn (table pauses included) and the outcome replay byte for byte."""
    with tarfile.open(FIXTURE) as tar:
        tar.extractall(tmp_path, filter="data")
    root = tmp_path / game
    assert all("source" in r["state_before"]["map"] for r in records(root))  # format 1 indeed
    # Made by unreleased code between the first release and 0.2.0, which still called its
    # Mare Nostrum "1" although its map was no longer the first release's; its rules are
    # release 0.2.0's Mare Nostrum (version 2), which reads state format 1. Version "1" names
    # the first release's frozen rules now, so the fixture is read as what made it.
    meta = json.loads((root / "game.json").read_text())
    assert meta["ruleset_version"] == "1"
    (root / "game.json").write_text(json.dumps({**meta, "ruleset_version": "2"}))
    results = verify_archive(root)
    *replayed, files = results
    assert [r.where for r in replayed if not r.ok] == [], summary(results)[0]
    assert replayed[0].where == "setup" and "setup replayed to the published state" in replayed[0].checked
    turns = [r for r in replayed if r.where.startswith("turn")]
    assert len(turns) == len(records(root)) >= 2
    assert all(any("replayed byte for byte" in c for c in r.checked) for r in turns)
    # the fixture keeps game.json and the records only: its files have no manifest
    assert not files.ok and "manifest.json is missing" in files.problem


def test_the_fixture_has_table_pauses_and_a_club_map(tmp_path: Path) -> None:
    with tarfile.open(FIXTURE) as tar:
        tar.extractall(tmp_path, filter="data")
    assert any(r["state_after"].get("pending") for r in records(tmp_path / "before-format-2"))
    club = records(tmp_path / "club-before-format-2")[0]["state_before"]
    assert ";zlib64=" in club["options"]["map"] and "source" in club["map"]


def play(db: Database, game_id: str, options: dict[str, str], seats: list[str]) -> Referee:
    referee = Referee(db)
    referee.new_game("mare-nostrum", game_id, options)
    for seat in seats:
        referee.join(game_id, seat, bot=True)
    return referee


def close(referee: Referee, game_id: str, closes: int) -> None:
    referee.start(game_id)
    for _ in range(closes):
        referee.close_turn(game_id)


def test_a_new_game_keeps_the_packaged_map_by_reference_and_verifies(db: Database, tmp_path: Path) -> None:
    referee = play(db, "ref", {"nations": "3", "battles": "table"}, ["rome", "carthage", "macedon"])
    close(referee, "ref", 4)
    root = export_game(db, "ref", tmp_path / "archive")
    for record in records(root):
        for state in (record["state_before"], record["state_after"]):
            assert "source" not in state["map"] and state["map"]["packaged"] == "mediterranean.toml"
            assert len(json.dumps(state)) < 12_000  # the map's text alone is 18 KB
    message, code = summary(verify_archive(root))
    assert code == 0, message


def test_a_game_created_before_state_format_2_keeps_embedding_its_map(db: Database, tmp_path: Path) -> None:
    """Options stored before the change have no state_format: the game goes on in format 1,
    so that its setup replays to what was published."""
    referee = play(db, "old", {"nations": "2"}, ["rome", "carthage"])
    with db.session() as session:
        game = session.get(Game, "old")
        assert game is not None
        options = loads(game.options_json)
        del options["state_format"]
        game.options_json = dumps(options)
        session.add(game)
        session.commit()
    close(referee, "old", 2)
    root = export_game(db, "old", tmp_path / "archive")
    assert all("source" in r["state_after"]["map"] for r in records(root))
    message, code = summary(verify_archive(root))
    assert code == 0, message


def test_a_new_club_map_game_keeps_the_map_packed_once_per_state(db: Database, tmp_path: Path) -> None:
    from test_archive_club_map import CLUB

    (tmp_path / "club.toml").write_text(CLUB)
    referee = play(db, "club", {"map": str(tmp_path / "club.toml"), "nations": "2"}, ["north", "south"])
    close(referee, "club", 2)
    root = export_game(db, "club", tmp_path / "archive")
    for record in records(root):
        state = record["state_after"]
        assert state["map"]["club"] is True and "source" not in state["map"] and "path" not in state["map"]
        assert json.dumps(state).count(";zlib64=") == 1  # the options' packed map, nothing else
    message, code = summary(verify_archive(root))
    assert code == 0, message
