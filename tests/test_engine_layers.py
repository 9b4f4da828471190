"""The engine records; rendering and mail react to what it records through hooks, never by import."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import adjudicator.core.engine

ENGINE = Path(adjudicator.core.engine.__file__)


def test_the_engine_module_imports_nothing_of_the_mail_layer() -> None:
    imported: list[str] = []
    for node in ast.walk(ast.parse(ENGINE.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            imported += [a.name for a in node.names]
    assert not [m for m in imported if m.startswith(("adjudicator.mail", "adjudicator.clock.reminders"))]


def test_importing_the_engine_and_closing_a_turn_without_reports_loads_no_mail_module(tmp_path: Path) -> None:
    script = f"""
import sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
from toy_ruleset import ClosestGuess
from adjudicator.games import register
register(ClosestGuess)
import adjudicator.core.engine
from adjudicator.core.store import Database
assert not [m for m in sys.modules if m.startswith("adjudicator.mail")], "import"
db = Database("sqlite:///{tmp_path / "t.db"}")
db.create_all()
referee = adjudicator.core.engine.Referee(db, reports=False)
referee.new_game("toy-guess", "toy", {{"points": "4"}})
referee.join("toy", "north", email="north@example.org")
referee.join("toy", "south", email="south@example.org")
referee.start("toy")
assert referee.close_turn("toy") is not None
loaded = [m for m in sys.modules if m.startswith("adjudicator.mail") or m == "adjudicator.clock.reminders"]
assert not loaded, loaded
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
