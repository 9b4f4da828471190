"""The archive's site and a report open in headless Chromium, from the disk, with the board drawn;
a turn's hostile press is shown as text and runs nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from archive_kit import close_round, press_club, say
from browserkit import CHROMIUM, chromium

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.games.base import REFEREE
from adjudicator.publish.archive import export_game

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


def test_a_turn_page_with_hostile_press_shows_it_as_text_and_runs_nothing(
    db: Database, referee: Referee, tmp_path: Path
) -> None:
    secrets = press_club(referee, points=1)  # over after one turn: its press is published
    # were either run, the title would read XSS-RAN or the body carry data-xss
    script = "<script>document.title='X'+'SS-RAN'</script>"
    image = "<img src=x onerror=\"document.body.setAttribute('data-'+'x'+'ss','1')\">"
    say(db, referee, "north", "all", f"{script}\nsecond line")
    say(db, referee, REFEREE, "all", image)
    close_round(referee, secrets)
    root = export_game(db, "club", tmp_path / "archive")
    dom = rendered_dom(tmp_path, root / "001" / "index.html")
    assert "XSS-RAN" not in dom and "data-xss" not in dom and "<script" not in dom and "<img" not in dom
    # the text is on the page as text, its line break kept (a text node's serialization escapes < > &)
    as_text = script.replace("<", "&lt;").replace(">", "&gt;")
    assert f'<pre class="press">{as_text}\nsecond line</pre>' in dom
    assert '<pre class="press">&lt;img src=x onerror=' in dom
