"""`pbem archive export`: layout, what is published when, append-only, never outside the target."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from archive_kit import play

from adjudicator.cli import main
from adjudicator.core.engine import Referee, RefereeError
from adjudicator.publish.archive import ArchiveError, export_game
from adjudicator.publish.verify import summary, verify_archive


def all_text(folder: Path) -> str:
    return "\n".join(
        p.read_text(errors="replace") for p in sorted(folder.rglob("*")) if p.is_file() and p.suffix != ".png"
    )


def test_an_exported_campaign_verifies(finished: Path) -> None:
    results = verify_archive(finished)
    assert [r.ok for r in results] == [True] * len(results)
    assert results[0].where == "setup" and len(results) >= 4
    assert all(r.complete for r in results)
    line, code = summary(results)
    assert code == 0 and line.startswith("verified:")


def test_layout_of_a_finished_game(finished: Path) -> None:
    game = json.loads((finished / "game.json").read_text())
    assert game["ruleset"] == "toy-guess" and game["status"] == "over"
    assert [s["name"] for s in game["seats"]] == ["north", "south"]
    assert "secret" in game["setup"] and "state" in game["setup"]
    assert (finished / "index.html").is_file()
    first = finished / "001"
    record = json.loads((first / "record.json").read_text())
    for key in (
        "requests",
        "submissions",
        "seed",
        "commitment",
        "dice",
        "events",
        "state_after",
        "record_hash",
    ):
        assert key in record
    assert {"text", "salt", "receipt", "default"} <= set(record["submissions"][0])
    for name in ("report.txt", "report.html", "board.svg", "board.png", "index.html", "reports/north.html"):
        assert (first / name).is_file(), name
    assert (first / "board.png").read_bytes().startswith(b"\x89PNG")
    # seats without secrets: no secret hashes, no addresses anywhere in the archive
    text = all_text(finished)
    assert "scrypt$" not in text and "hmac-sha256$" not in text and "@example.org" not in text


def test_a_running_hidden_game_publishes_public_records_only(referee: Referee, tmp_path: Path) -> None:
    play(referee, "hid", 3, points=50)
    folder = export_game(referee.db, "hid", tmp_path)
    record = json.loads((folder / "002" / "record.json").read_text())
    assert record["public"] is True
    for withheld in ("state_before", "state_after", "turn_secret", "seed", "dice"):
        assert withheld not in record
    assert all(set(s) == {"request", "seat", "receipt", "default"} for s in record["submissions"])
    assert record["view_after"]["notes"] == {"north": 2, "south": 0}  # a count, not the notes
    assert "state_after_commitment" in record and "record_hash" in record
    game = json.loads((folder / "game.json").read_text())
    assert "secret" not in game["setup"] and "state" not in game["setup"]
    text = all_text(folder)
    assert "secret n1" not in text and '"n1"' not in text  # north's private notes never leak
    assert not (folder / "001" / "reports").exists()
    results = verify_archive(folder)
    assert all(r.ok for r in results)
    assert all(r.skipped for r in results if r.where != "files")  # nothing skipped is claimed as verified
    assert "NOT checked" in results[1].line()
    line, code = summary(results)
    assert code == 0 and line.startswith("partly verified")


def test_the_referee_may_publish_everything_on_purpose(referee: Referee, tmp_path: Path) -> None:
    play(referee, "hid", 3, points=50)
    folder = export_game(referee.db, "hid", tmp_path, full=True)
    assert json.loads((folder / "game.json").read_text())["published"]["by_referee"] is True
    results = verify_archive(folder)
    assert all(r.complete for r in results), [r.line() for r in results]


def test_a_game_without_hidden_information_publishes_everything_from_turn_1(
    referee: Referee, tmp_path: Path
) -> None:
    play(referee, "open", 2, ruleset="toy-open", points=50)
    folder = export_game(referee.db, "open", tmp_path)
    record = json.loads((folder / "001" / "record.json").read_text())
    assert "state_after" in record and "public" not in record
    results = verify_archive(folder)
    assert len(results) == 4 and all(r.complete for r in results)  # setup, 2 turns, files


def test_the_full_records_follow_the_public_ones_when_the_game_ends(referee: Referee, tmp_path: Path) -> None:
    play(referee, "camp", 2)
    folder = export_game(referee.db, "camp", tmp_path)
    before = json.loads((folder / "002" / "record.json").read_text())
    assert before["public"]
    for _ in range(50):  # north always guesses 3: the game ends
        if referee.status("camp")["status"] != "running":
            break
        referee.submit("camp", "north", "guess 3", as_referee=True)
        referee.close_turn("camp")
    assert referee.status("camp")["status"] == "over"
    export_game(referee.db, "camp", tmp_path)
    after = json.loads((folder / "002" / "record.json").read_text())
    assert "public" not in after and after["record_hash"] == before["record_hash"]
    assert all(r.complete for r in verify_archive(folder))


@pytest.mark.parametrize("bad", ["../x", "/etc", "a/b", "..", "", "A", "x" * 80])
def test_export_refuses_an_unsafe_game_id(referee: Referee, tmp_path: Path, bad: str) -> None:
    target = tmp_path / "turns"
    with pytest.raises(RefereeError):
        export_game(referee.db, bad, target)
    assert not (tmp_path / "x").exists() and not target.exists()


def test_export_follows_no_symlink_out_of_its_target(referee: Referee, tmp_path: Path) -> None:
    play(referee, "camp", 1)
    outside = tmp_path / "outside"
    outside.mkdir()
    target = tmp_path / "turns"
    target.mkdir()
    (target / "camp").symlink_to(outside, target_is_directory=True)
    with pytest.raises(ArchiveError, match="symbolic link"):
        export_game(referee.db, "camp", target)
    assert list(outside.iterdir()) == []
    (target / "camp").unlink()
    (target / "camp").mkdir()
    (target / "camp" / "001").symlink_to(outside, target_is_directory=True)
    with pytest.raises(ArchiveError, match="symbolic link"):
        export_game(referee.db, "camp", target)
    assert list(outside.iterdir()) == []


def test_the_archive_is_append_only(referee: Referee, tmp_path: Path) -> None:
    play(referee, "camp", 2)
    folder = export_game(referee.db, "camp", tmp_path)
    record = json.loads((folder / "001" / "record.json").read_text())
    record["record_hash"] = "0" * 64  # as if another turn 1 had been published here
    (folder / "001" / "record.json").write_text(json.dumps(record))
    with pytest.raises(ArchiveError, match="append-only"):
        export_game(referee.db, "camp", tmp_path)
    game = json.loads((folder / "game.json").read_text())
    game["setup"]["commitment"] = "f" * 64
    (folder / "game.json").write_text(json.dumps(game))
    with pytest.raises(ArchiveError, match="another game"):
        export_game(referee.db, "camp", tmp_path)


def test_the_cli_exports_and_verifies(
    referee: Referee, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play(referee, "camp")
    url = referee.db.url
    assert main(["archive", "export", "camp", "--to", str(tmp_path), "--db", url]) == 0
    assert main(["verify", str(tmp_path / "camp")]) == 0
    out = capsys.readouterr().out
    assert "turn 001 (Round 1): ok" in out and "verified: the setup and" in out
    assert main(["archive", "export", "../x", "--to", str(tmp_path), "--db", url]) == 2
    assert "invalid game id" in capsys.readouterr().err
    assert main(["verify", str(tmp_path / "nothing-here")]) == 1
