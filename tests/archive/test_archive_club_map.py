"""The archive of a game on a club map publishes the map's name, hash and text, never the
referee's local path - and verifies anywhere, the file being gone."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.publish.archive import export_game
from adjudicator.publish.verify import summary, verify_archive

CLUB = (
    '[map]\nname = "Tiny"\nstart_year = 10\n'
    '[nation.north]\nhome = "Alpha"\n[nation.south]\nhome = "Gamma"\n'
    "[province.Alpha]\ndemography = 3\nmarket = 5\nfortress = true\narsenal = true\npos = [0, 1]\n"
    'land = ["Beta"]\nsea = ["Deep"]\n'
    '[province.Beta]\ndemography = 7\nmarket = 4\npos = [1, 1]\nland = ["Gamma"]\n'
    "[province.Gamma]\ndemography = 12\nmarket = 9\npos = [2, 1]\n"
    "[sea.Deep]\npos = [0, 0]\n"
)


def test_a_club_maps_local_path_is_never_published(db: Database, tmp_path: Path) -> None:
    private = tmp_path / "referee-home" / "maps"
    private.mkdir(parents=True)
    (private / "club.toml").write_text(CLUB)
    referee = Referee(db)
    referee.new_game("mare-nostrum", "club", {"map": str(private / "club.toml"), "nations": "2"})
    referee.join("club", "north", bot=True)
    referee.join("club", "south", bot=True)
    referee.start("club")
    referee.close_turn("club")
    referee.close_turn("club")
    (private / "club.toml").unlink()  # the referee's file is not needed any more
    root = export_game(db, "club", tmp_path / "archive")
    for path in root.rglob("*"):
        if path.is_file():
            assert b"referee-home" not in path.read_bytes(), path  # no trace of the local folder
    published = json.loads((root / "game.json").read_text())["options"]["map"]
    name, sha, _ = published.split(";", 2)
    assert name == "club.toml" and sha == "sha256=" + hashlib.sha256(CLUB.encode()).hexdigest()
    message, code = summary(verify_archive(root))
    assert code == 0, message
