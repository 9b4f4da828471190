"""The `pbem` command: help texts, a referee's walk-through, clear errors and exit codes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.cli import app, main

COMMANDS = ["init", "rulesets", "game", "orders", "turn", "report", "demo", "seat", "battle", "referee"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_pbem_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in COMMANDS:
        assert re.search(rf"^\W*{command}\b", out, re.MULTILINE), command


def _all_commands() -> list[tuple[str, ...]]:
    import typer.main

    group = typer.main.get_command(app)
    found: list[tuple[str, ...]] = []

    def walk(command, path: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
        found.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*path, name))

    walk(group, ())
    return found


@pytest.mark.parametrize("path", _all_commands(), ids=lambda p: " ".join(p) or "pbem")
def test_every_command_has_a_help_text(path: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    import typer.main

    command = typer.main.get_command(app)
    for name in path:
        command = command.commands[name]  # type: ignore[attr-defined]
    assert (command.help or "").strip(), f"pbem {' '.join(path)} has no help text"
    code, out, _ = run(capsys, *path, "--help")
    assert code == 0 and "Usage" in out


def test_python_dash_m_adjudicator_works() -> None:
    out = subprocess.run([sys.executable, "-m", "adjudicator", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("pbem ")


def test_a_referee_walks_through_a_game_from_init_to_the_first_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "init")[0] == 0
    code, out, _ = run(
        capsys, "game", "new", "toy-guess", "club-1", "--option", "points=2", "--deadline", "48h"
    )
    assert code == 0 and "seats: north, south" in out
    secrets = {}
    for seat in ("north", "south"):
        code, out, _ = run(capsys, "game", "join", "club-1", seat, "--email", f"{seat}@example.org")
        assert code == 0
        secrets[seat] = re.search(r"^secret: (\S+)$", out, re.MULTILINE).group(1)  # type: ignore[union-attr]
    assert run(capsys, "game", "start", "club-1")[0] == 0
    orders = tmp_path / "north.txt"
    orders.write_text("# my orders\nguess 4\n")
    code, out, _ = run(
        capsys, "orders", "submit", "club-1", "north", str(orders), "--secret", secrets["north"]
    )
    assert code == 0 and re.search(r"^receipt: [0-9a-f]{64}$", out, re.MULTILINE)
    code, out, _ = run(capsys, "orders", "status", "club-1")
    assert re.search(r"north\s+guess:north\s+in$", out, re.MULTILINE)
    assert "guess 4" not in out  # who is in, never what
    assert run(capsys, "turn", "close", "club-1")[0] == 0
    code, out, _ = run(capsys, "report", "club-1", "--seat", "north")
    assert code == 0 and "guess 4" in out and "receipt" in out and "DICE" in out
    code, out, _ = run(capsys, "report", "club-1", "--format", "html")
    assert code == 0 and out.lstrip().startswith("<!DOCTYPE html>")
    code, out, _ = run(capsys, "game", "list")
    assert "club-1" in out


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("game", "show", "nope"), 3, "no game 'nope'"),
        (("game", "new", "no-such-game", "g"), 3, "no ruleset named"),
        (("game", "new", "toy-guess", "../x"), 2, "invalid game id"),
        (("game", "new", "toy-guess", "g", "--option", "oops"), 2, "KEY=VALUE"),
        (("turn", "extend", "nope", "soon"), 2, "cannot read duration"),
    ],
)
def test_bad_input_gets_a_clear_error_and_a_nonzero_exit(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    code: int,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    run(capsys, "init")
    got, _, err = run(capsys, *args)
    assert got == code
    assert message in err and "Traceback" not in err


def test_rejected_orders_exit_nonzero_and_list_every_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run(capsys, "init")
    run(capsys, "game", "new", "toy-guess", "g")
    _, out, _ = run(capsys, "game", "join", "g", "north", "--email", "n@example.org")
    secret = out.split("secret: ")[1].split()[0]
    run(capsys, "game", "join", "g", "south", "--bot")
    run(capsys, "game", "start", "g")
    bad = tmp_path / "bad.txt"
    bad.write_text("guess 12\nguess 2\nguess 3\n")  # line 3 is a second guess: left out beside line 2
    code, out, _ = run(capsys, "orders", "submit", "g", "north", str(bad), "--secret", secret)
    assert code == 0 and "accepted" in out and "2: guess 2" in out
    assert "not taken line 1" in out and "not taken line 3" in out
    bad.write_text("guess 12\nguess x\n")
    code, _, err = run(capsys, "orders", "submit", "g", "north", str(bad), "--secret", secret)
    assert code == 5 and "line 2" in err and "previous orders stay in force" in err and " ok " not in err
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    code, _, err = run(capsys, "orders", "submit", "g", "north", str(empty), "--secret", secret)
    assert code == 2 and "empty" in err
    code, _, err = run(capsys, "orders", "submit", "g", "north", str(bad), "--secret", "wrong")
    assert code == 4 and "wrong secret" in err
    code, _, err = run(
        capsys, "orders", "submit", "g", "north", str(tmp_path / "missing.txt"), "--secret", secret
    )
    assert code == 2 and "no such orders file" in err


@settings(max_examples=50, deadline=None)
@given(st.lists(st.text(max_size=20), max_size=4))
def test_option_parsing_never_crashes(pairs: list[str]) -> None:
    from typer import Exit

    from adjudicator.cli import parse_options

    try:
        options = parse_options(pairs)
    except Exit as exc:
        assert exc.exit_code == 2
    else:
        assert all("=" in p for p in pairs)
        assert len(options) <= len(pairs)
