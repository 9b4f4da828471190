"""Long commands show a progress bar to a person at a terminal and nothing to a pipe or cron."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

BAR = "━"  # rich draws its bar with this character


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PBEM_", "PYTEST"))}
    env["PBEM_CONFIG"] = str(tmp_path / "absent.toml")
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    return env


@pytest.mark.slow
def test_demo_shows_a_progress_bar_in_a_terminal(tmp_path: Path) -> None:
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (apt-get install tmux)")
    session = f"pbem-{uuid.uuid4().hex[:8]}"
    command = (
        f"cd {shlex.quote(str(tmp_path))} && {shlex.quote(sys.executable)} -m adjudicator demo "
        "mare-nostrum --turns 6; echo DEMO-EXIT=$?; sleep 60"
    )
    env = _env(tmp_path)
    env["TERM"] = "xterm-256color"
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40", command], env=env, check=True
    )
    try:
        screen = ""
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            screen = subprocess.run(
                ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True, env=env
            ).stdout
            if "DEMO-EXIT=" in screen:
                break
            time.sleep(0.5)
        assert "DEMO-EXIT=0" in screen, screen
        bar_lines = [line for line in screen.splitlines() if BAR in line]
        assert bar_lines, screen
        assert "6/6" in bar_lines[-1] and "turn 6" in bar_lines[-1], bar_lines
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


@pytest.mark.slow
@pytest.mark.parametrize("quiet", [False, True])
def test_demo_piped_or_quiet_prints_no_bar(tmp_path: Path, quiet: bool) -> None:
    args = [sys.executable, "-m", "adjudicator", "demo", "mare-nostrum", "--turns", "3"]
    if quiet:
        args.append("--quiet")
    done = subprocess.run(args, cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    assert BAR not in done.stdout and "\x1b[" not in done.stdout
    assert "played 3 turns" in done.stdout


def test_no_bar_when_quiet_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.core import progress

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.delenv("PBEM_QUIET", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert progress.wanted() is True
    assert progress.wanted(quiet=True) is False
    monkeypatch.setenv("PBEM_QUIET", "1")
    assert progress.wanted() is False


def test_library_steps_reach_the_bar_the_command_opened(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from adjudicator.core import progress

    progress.step()  # no bar open: nothing happens, nothing fails
    monkeypatch.setattr(progress, "wanted", lambda quiet=False: True)
    with progress.progress_bar("exporting", total=None):
        progress.expect(3)
        for _ in range(3):
            progress.step()
    out = capsys.readouterr().out
    assert "exporting" in out and "3/3" in out
    progress.step()  # closed again


def test_export_verify_tick_and_flush_advance_the_bar(
    referee, toy_game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    from datetime import timedelta

    from adjudicator.clock.tick import tick
    from adjudicator.core import progress
    from adjudicator.mail.delivery import deliver_to_maildir
    from adjudicator.publish.archive import export_game
    from adjudicator.publish.verify import verify_archive

    for _ in range(3):
        assert referee.close_turn("toy") is not None
    monkeypatch.setattr(progress, "wanted", lambda quiet=False: True)
    with progress.progress_bar("exporting", total=None):
        folder = export_game(referee.db, "toy", tmp_path / "turns")
    assert "3/3" in capsys.readouterr().out
    with progress.progress_bar("verifying", total=None):
        assert all(r.ok for r in verify_archive(folder))
    assert "verifying turn 003" in capsys.readouterr().out
    monkeypatch.setenv("PBEM_OUTBOX", str(tmp_path / "outbox"))
    with progress.progress_bar("writing mail", total=None):
        written = deliver_to_maildir(referee.db)
    assert written > 0 and f"{written}/{written}" in capsys.readouterr().out
    later = referee.clock() + timedelta(days=30)
    with progress.progress_bar("closing due turns", total=None):
        summary = tick(referee.db, later, referee=referee, poll=False, flush=False)
    assert summary.closed and "closing toy turn 4" in capsys.readouterr().out
