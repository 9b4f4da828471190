"""A Planet Masters report, exported by the engine, opened in headless Chromium with its board drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from browserkit import CHROMIUM, chromium

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.publish.archive import export_game

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)"
)


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Three players, every option, two turns closed through the engine, exported."""
    db = Database(f"sqlite:///{tmp_path / 'pbem.db'}")
    db.migrate()
    referee = Referee(db)
    options = {"players": "3", "technology": "on", "politics": "on", "exploration": "on"}
    _, seats, _ = referee.new_game("planet-masters", "galaxy", options, deadline="48h")
    for seat in seats:
        referee.join("galaxy", seat, email=f"{seat}@example.org", name=seat.title())
    referee.start("galaxy")
    for _ in range(2):
        referee.close_turn("galaxy")
    folder = export_game(db, "galaxy", tmp_path / "turns")
    db.dispose()
    return folder


def test_the_report_renders_every_template_and_the_politics_die(archive: Path, tmp_path: Path) -> None:
    page = archive / "001" / "report.html"
    done = chromium(tmp_path, "--dump-dom", page.resolve().as_uri())
    if done.returncode != 0 or "<html" not in done.stdout:
        pytest.skip(f"Chromium could not run here (exit {done.returncode}): {done.stderr[-300:]}")
    dom = done.stdout
    assert '<div class="board" id="board"><svg' in dom
    assert dom.count('class="player"') == 3 and 'class="politics"' in dom
    assert dom.count('class="die home"') == 3
    assert "Galaxy (" in dom


def test_the_board_screenshot_shows_the_black_home_dice_and_the_purple_politics_die(
    archive: Path, tmp_path: Path
) -> None:
    shot = tmp_path / "report.png"
    page = archive / "001" / "report.html"
    done = chromium(tmp_path, f"--screenshot={shot}", "--window-size=900,1200", page.resolve().as_uri())
    if not shot.exists():
        pytest.skip(f"Chromium took no screenshot here (exit {done.returncode}): {done.stderr[-300:]}")
    image = pytest.importorskip("PIL.Image").open(shot).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 16) or []
    assert len(colours) > 10

    def shown(r0: int, g0: int, b0: int) -> bool:
        return any(abs(r - r0) < 8 and abs(g - g0) < 8 and abs(b - b0) < 8 for _, (r, g, b) in colours)

    assert shown(0x6B, 0x3F, 0xA0)  # the Politics die
    assert shown(0x0D, 0x13, 0x30)  # the night sky of the galaxy
