"""Fixtures of the archive tests: a finished toy-guess campaign exported once, copied per test."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from archive_kit import play

from adjudicator.core.engine import Referee
from adjudicator.publish.archive import export_game


@pytest.fixture(scope="session")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The exported archive of a finished toy-guess game, made once; tests edit copies of it."""
    from adjudicator.core.store import Database

    base = tmp_path_factory.mktemp("pristine")
    db = Database(f"sqlite:///{base / 'pbem.db'}")
    db.migrate()
    play(Referee(db), "camp")
    folder = export_game(db, "camp", base / "turns")
    db.dispose()
    return folder


@pytest.fixture
def finished(pristine: Path, tmp_path: Path) -> Path:
    """A fresh copy of the finished campaign's archive (hidden information, so published in full)."""
    target = tmp_path / "turns" / "camp"
    shutil.copytree(pristine, target)
    return target
