"""`pbem verify` covers every published file - reports, boards, pages, game.json (its seat
names and the open turn's commitment) - through the manifests, and flags a file no manifest lists."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from archive_kit import play

from adjudicator.cli import main
from adjudicator.core.engine import Referee
from adjudicator.publish.archive import archive_digest, export_game
from adjudicator.publish.rollback import rollback
from adjudicator.publish.verify import verify_archive


def flip_one_byte(path: Path, at: int = -20) -> None:
    data = bytearray(path.read_bytes())
    data[at] = data[at] ^ 0x01
    path.write_bytes(bytes(data))


def failure(folder: Path) -> tuple[str, str]:
    results = verify_archive(folder)
    assert not results[-1].ok, [r.line() for r in results]
    assert all(r.ok for r in results[:-1])
    return results[-1].where, results[-1].problem


def test_an_untouched_archive_verifies_with_its_files_and_digest(finished: Path) -> None:
    results = verify_archive(finished)
    assert all(r.complete for r in results), [r.line() for r in results]
    assert results[-1].where == "files"
    digest = archive_digest(finished)
    assert digest == hashlib.sha256((finished / "manifest.json").read_bytes()).hexdigest()
    assert f"archive digest {digest}" in results[-1].line()


def test_one_byte_of_a_public_report(finished: Path) -> None:
    flip_one_byte(finished / "002" / "report.txt")
    assert failure(finished) == (
        "files",
        "002/report.txt was changed after the export: its SHA-256 is not the one its manifest lists",
    )


def test_one_byte_of_a_seats_report(finished: Path) -> None:
    flip_one_byte(finished / "001" / "reports" / "south.html")
    where, problem = failure(finished)
    assert where == "files" and problem.startswith("001/reports/south.html was changed")


def test_one_byte_of_the_board(finished: Path) -> None:
    flip_one_byte(finished / "003" / "board.svg")
    where, problem = failure(finished)
    assert where == "files" and problem.startswith("003/board.svg was changed")


def test_a_seat_name_in_game_json(referee: Referee, tmp_path: Path) -> None:
    play(referee, "hid", 2)  # running, hidden information: the setup is not replayed
    folder = export_game(referee.db, "hid", tmp_path)
    assert all(r.ok for r in verify_archive(folder))
    path = folder / "game.json"
    path.write_text(path.read_text().replace('"name": "north"', '"name": "nortH"'))
    where, problem = failure(folder)
    assert where == "files" and problem.startswith("game.json was changed")


def test_the_open_turns_commitment(referee: Referee, tmp_path: Path) -> None:
    play(referee, "hid", 2)
    folder = export_game(referee.db, "hid", tmp_path)
    game = json.loads((folder / "game.json").read_text())
    commitment = game["open_turn"]["commitment"]
    path = folder / "game.json"
    text = path.read_text()
    changed = ("0" if commitment[0] != "0" else "1") + commitment[1:]
    path.write_text(text.replace(commitment, changed))
    where, problem = failure(folder)
    assert where == "files" and problem.startswith("game.json was changed")
    assert main(["verify", str(folder)]) == 1


def test_a_report_and_its_turn_manifest_changed_together(finished: Path) -> None:
    report = finished / "001" / "report.txt"
    flip_one_byte(report)
    manifest = finished / "001" / "manifest.json"
    data = json.loads(manifest.read_text())
    data["files"]["report.txt"] = hashlib.sha256(report.read_bytes()).hexdigest()
    manifest.write_text(json.dumps(data, indent=2))
    where, problem = failure(finished)
    assert where == "files" and problem.startswith("001/manifest.json was changed")


def test_a_file_no_manifest_lists(finished: Path) -> None:
    (finished / "002" / "notes.txt").write_text("the referee's thoughts\n")
    assert failure(finished) == (
        "files",
        "002/notes.txt is in no manifest: a file the export did not publish",
    )


def test_a_missing_board(finished: Path) -> None:
    (finished / "004" / "board.png").unlink()
    assert failure(finished) == ("files", "004/board.png is missing (a manifest lists it)")


def test_a_manifest_moved_to_another_turn(finished: Path) -> None:
    (finished / "002" / "manifest.json").write_bytes((finished / "001" / "manifest.json").read_bytes())
    where, problem = failure(finished)
    assert where == "files" and "002/manifest.json" in problem


def test_a_branchs_report(referee: Referee, tmp_path: Path) -> None:
    play(referee, "open", 3, ruleset="toy-open", points=50)
    rollback(referee.db, "open", 1, clock=referee.clock)
    folder = export_game(referee.db, "open", tmp_path)
    assert all(r.complete for r in verify_archive(folder))
    flip_one_byte(folder / "branches" / "1" / "002" / "report.html")
    where, problem = failure(folder)
    assert where == "files" and problem.startswith("branches/1/002/report.html was changed")


def test_exported_again_after_more_turns_still_verifies(referee: Referee, tmp_path: Path) -> None:
    play(referee, "open", 2, ruleset="toy-open", points=50)
    export_game(referee.db, "open", tmp_path)
    referee.submit("open", "north", "guess 3", as_referee=True)
    referee.close_turn("open")
    rollback(referee.db, "open", 2, clock=referee.clock)
    folder = export_game(referee.db, "open", tmp_path)
    assert all(r.complete for r in verify_archive(folder)), [r.line() for r in verify_archive(folder)]


def test_a_seat_name_in_game_json_of_a_finished_game(finished: Path) -> None:
    """Where the setup is replayed, the replay finds it first; either way game.json is named."""
    path = finished / "game.json"
    path.write_text(path.read_text().replace('"name": "north"', '"name": "nortH"'))
    where, problem = failure(finished)
    assert where == "archive" and problem.startswith("game.json setup: the published setup state differs")


def test_an_export_interrupted_before_leaves_no_stray_file(referee: Referee, tmp_path: Path) -> None:
    play(referee, "open", 2, ruleset="toy-open", points=50)
    folder = export_game(referee.db, "open", tmp_path)
    (folder / "001" / ".tmp-0123456789abcdef").write_bytes(b"half a file")  # a crash mid-write
    folder = export_game(referee.db, "open", tmp_path)
    assert all(r.complete for r in verify_archive(folder))
