"""The archive's site and a report open in headless Chromium, from the disk, with the board drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from browserkit import CHROMIUM, chromium

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)"
)


def rendered_dom(tmp_path: Path, page: Path) -> str:
    done = chromium(tmp_path, "--dump-dom", page.resolve().as_uri())
    if done.returncode != 0 or "<html" not in done.stdout:
        pytest.skip(f"Chromium could not run here (exit {done.returncode}): {done.stderr[-300:]}")
    return done.stdout


def test_the_index_and_a_report_render_with_the_board(finished: Path, tmp_path: Path) -> None:
    index = rendered_dom(tmp_path, finished / "index.html")
    assert '<div class="board" id="board"><svg' in index
    assert "<rect" in index and 'href="001/index.html"' in index
    report = rendered_dom(tmp_path, finished / "002" / "report.html")
    assert '<div class="board" id="board"><svg' in report and "What happened" in report
    turn_page = rendered_dom(tmp_path, finished / "002" / "index.html")
    assert 'rel="prev"' in turn_page and 'rel="next"' in turn_page and "<svg" in turn_page


def test_the_index_screenshot_is_not_blank(finished: Path, tmp_path: Path) -> None:
    shot = tmp_path / "index.png"
    done = chromium(
        tmp_path,
        f"--screenshot={shot}",
        "--window-size=900,900",
        (finished / "index.html").resolve().as_uri(),
    )
    if not shot.exists():
        pytest.skip(f"Chromium took no screenshot here (exit {done.returncode}): {done.stderr[-300:]}")
    assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 5000
    image = pytest.importorskip("PIL.Image").open(shot).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is None or len(colours) > 10  # text, the board's bars and background: not one flat colour
    # the board's bar colour (#7a3b2e) is on the screen
    assert any(
        abs(r - 0x7A) < 8 and abs(g - 0x3B) < 8 and abs(b - 0x2E) < 8 for _, (r, g, b) in (colours or [])
    )
