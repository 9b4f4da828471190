"""A club's templates are rendered in Jinja's sandbox: they shape the mail, they cannot run code on
the referee's machine."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2.exceptions import SecurityError

from adjudicator.post.render import render


def test_a_club_template_cannot_reach_python_internals(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    club = tmp_path / "club-templates"
    club.mkdir()
    (club / "press.txt.j2").write_text(
        "{{ ''.__class__.__mro__[1].__subclasses__() }}\n",
    )
    monkeypatch.setenv("PBEM_TEMPLATES", str(club))
    with pytest.raises(SecurityError):
        render("press.txt.j2", None, text="x")


def test_a_club_template_still_reads_what_it_is_given(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    club = tmp_path / "club-ok"
    club.mkdir()
    (club / "press.txt.j2").write_text("CLUB {{ game.id }}: {{ text | upper }}\n")
    monkeypatch.setenv("PBEM_TEMPLATES", str(club))
    assert render("press.txt.j2", None, game={"id": "g1"}, text="hello") == "CLUB g1: HELLO\n"
