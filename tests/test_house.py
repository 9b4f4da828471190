"""The house's own rules for its files: a README that is a front page, and a project that speaks
of what it does, never of the pieces of work that made it (that history is in git)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the word issue with a number after it, or this/last/... session (each written below in pieces, so
#: that this file does not match itself)
HISTORY_TALK = re.compile(
    r"\b[Ii]ssues? #?\d+|\b(?:this|last|first|second|third|earlier) " + "session" + r"\b"
)
README_LIMIT = 250


def tracked_text_files() -> list[Path]:
    listed = (
        subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        .stdout.decode()
        .split("\0")
    )
    wanted = {".py", ".md", ".toml", ".j2", ".csv", ".txt", ".yml", ".cfg", ".ini", ".service", ".timer"}
    return [
        ROOT / name for name in listed if name and Path(name).suffix in wanted and (ROOT / name).is_file()
    ]


def test_the_readme_is_a_front_page_of_at_most_250_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LIMIT, f"README.md has {len(lines)} lines; the rest belongs in docs/"


def test_no_doc_code_or_test_speaks_of_issue_numbers_or_sessions_of_work() -> None:
    found = []
    for path in tracked_text_files():
        if any(
            kept in path.as_posix() for kept in ("migrations/versions", "tests/fixtures", "games/releases/")
        ):
            continue  # released files, kept byte for byte (the frozen rulesets: but for their imports)
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if HISTORY_TALK.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "history belongs in git, not in the files:\n" + "\n".join(found)


def test_the_history_pattern_catches_what_it_must() -> None:
    assert HISTORY_TALK.search("measured for " + "iss" + "ue 18")
    assert HISTORY_TALK.search("(" + "Iss" + "ue #3)")
    assert HISTORY_TALK.search("on this " + "session's machine")
    assert not HISTORY_TALK.search("the ORM session rolls back")
    assert not HISTORY_TALK.search("an issue with the parser")
