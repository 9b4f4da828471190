"""Eollis reports, text and HTML, carry the board: checked on disk and in headless Chromium."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browserkit import chromium


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from adjudicator.cli.demo_campaign import run_demo
    from adjudicator.core.store import Database
    from adjudicator.publish.archive import export_game

    base = tmp_path_factory.mktemp("eollis-demo")
    url = f"sqlite:///{base / 'pbem.db'}"
    here = os.getcwd()
    os.chdir(base)
    try:
        game_id = run_demo("eollis", seats=3, db_url=url, echo=lambda _: None)
    finally:
        os.chdir(here)
    return export_game(Database(url), game_id, base / "turns")


def test_every_text_and_html_report_carries_the_board(archive: Path) -> None:
    turns = sorted(p for p in archive.iterdir() if p.is_dir() and p.name.isdigit())
    assert len(turns) > 10
    for turn in turns:
        text = (turn / "report.txt").read_text()
        assert "BOARD" in text and "Balloon damage:" in text and "Fame track:" in text and "Hold" in text
        html = (turn / "report.html").read_text()
        assert html.count('class="post"') == 13 and "Kitty:" in html
    mine = (turns[2] / "reports" / "rouge.html").read_text()
    assert "Your hand (rouge)" in mine  # a clan's own report shows its hand once the game is over


def test_a_report_renders_in_headless_chromium_with_the_ship(archive: Path, tmp_path: Path) -> None:
    page = sorted(p for p in archive.iterdir() if p.is_dir() and p.name.isdigit())[4] / "report.html"
    done = chromium(tmp_path, "--dump-dom", page.resolve().as_uri())
    if done.returncode != 0 or "<html" not in done.stdout:
        pytest.skip(f"Chromium could not run here (exit {done.returncode}): {done.stderr[-300:]}")
    dom = done.stdout
    assert '<div class="board" id="board"><svg' in dom
    assert dom.count('class="post"') == 13 and "Capitaine (4 or)" in dom and "Fame track" in dom
