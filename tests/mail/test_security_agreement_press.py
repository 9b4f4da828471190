"""The press of a turn ended by agreement is published with the agreement (game.json), checked by
``pbem verify`` against its digest: the archive of a game over is complete."""

from __future__ import annotations

import json
from pathlib import Path

from between_kit import seat_mail

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.mail.handler import MailHandler
from adjudicator.publish.archive import export_game
from adjudicator.publish.verify import verify_archive


def test_the_press_of_a_turn_ended_by_agreement_is_published_and_verified(
    db: Database, referee: Referee, tmp_path: Path
) -> None:
    referee.new_game("toy-guess", "toy", {"points": "9"}, deadline="48h")
    north = referee.join("toy", "north", email="north@example.org")
    south = referee.join("toy", "south", email="south@example.org")
    referee.start("toy")
    handler = MailHandler(db, referee)
    assert (
        handler.handle(seat_mail("north", north, "press to south\nShall we call it a draw?")).status
        == "handled"
    )
    assert handler.handle(seat_mail("north", north, "propose draw")).status == "handled"
    assert handler.handle(seat_mail("south", south, "vote yes 1")).status == "handled"
    folder = export_game(db, "toy", tmp_path / "turns")
    game = json.loads((folder / "game.json").read_text())
    assert game["published"]["complete"] is True
    assert [p["text"] for p in game["agreement"]["press"]] == ["Shall we call it a draw?"]
    assert all(r.ok for r in verify_archive(folder))
    game["agreement"]["press"][0]["text"] = "Never mind."
    (folder / "game.json").write_text(json.dumps(game))
    assert not all(r.ok for r in verify_archive(folder))
