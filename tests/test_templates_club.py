"""A club's own look: ``templates/`` in the working directory (or ``PBEM_TEMPLATES``) overrides a
packaged template by name; ``pbem templates list|copy``; no name climbs out of its folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import TemplateNotFound

from adjudicator.cli import main
from adjudicator.core.engine import Referee
from adjudicator.post.render import environment, render
from adjudicator.publish.reports import stored_report


@pytest.fixture(autouse=True)
def no_club(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Each test in its own working directory, without PBEM_TEMPLATES unless it sets it."""
    monkeypatch.delenv("PBEM_TEMPLATES", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_club_folder_in_the_working_directory_overrides_one_template(
    referee: Referee, toy_game: dict[str, str], no_club: Path
) -> None:
    club = no_club / "templates"
    club.mkdir()
    (club / "report.txt.j2").write_text("THE DRAGON CLUB\n{{ game.id }} turn {{ turn.number }}\n")
    referee.submit("toy", "north", "guess 2", toy_game["north"])
    referee.submit("toy", "south", "guess 4", toy_game["south"])
    referee.close_turn("toy")
    with referee.db.session() as session:
        text = stored_report(session, "toy", 1, "north", "text")
        html = stored_report(session, "toy", 1, "north", "html")
    assert text == "THE DRAGON CLUB\ntoy turn 1\n"
    assert html is not None and "THE DRAGON CLUB" not in html and "<html" in html  # only the one overridden


def test_pbem_templates_names_a_folder_and_a_club_frame_reaches_every_html_mail(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    club = tmp_path / "elsewhere"
    club.mkdir()
    (club / "frame.html.j2").write_text("<div class='club'>{% block body %}{% endblock %}</div>")
    monkeypatch.setenv("PBEM_TEMPLATES", str(club))
    html = render(
        "reply.html.j2", "toy-guess", game={"id": "g", "title": "T"}, seat="north", title="x", text="<b>"
    )
    assert html.startswith("<div class='club'>") and "&lt;b&gt;" in html  # still escaped
    monkeypatch.delenv("PBEM_TEMPLATES")
    assert "<div class='club'>" not in render(
        "reply.html.j2", "toy-guess", game={"id": "g", "title": "T"}, seat="north", title="x", text="y"
    )


@pytest.mark.parametrize(
    "name", ["../common/report.txt.j2", "../../etc/passwd", "/etc/passwd", "a/../../b.j2"]
)
def test_a_template_name_never_climbs_out_of_the_folders(name: str, no_club: Path) -> None:
    (no_club / "templates").mkdir()
    (no_club / "secret.txt").write_text("SECRET")
    with pytest.raises(TemplateNotFound):
        environment().get_template(name)


def test_pbem_templates_copy_and_list(no_club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["templates", "copy", "report.html.j2"]) == 0
    copied = no_club / "templates" / "report.html.j2"
    assert copied.is_file() and "{% extends" in copied.read_text()
    assert main(["templates", "copy", "report.html.j2"]) != 0  # not over the club's own edits
    assert main(["templates", "copy", "report.html.j2", "--force"]) == 0
    capsys.readouterr()
    assert main(["templates", "list"]) == 0
    out = capsys.readouterr().out
    assert "report.html.j2               overridden by the club" in out
    assert "ack.txt.j2                   packaged" in out


@pytest.mark.parametrize(
    "name", ["../report.html.j2", "common/report.html.j2", "..", "/etc/passwd", "a\\b.j2", "nosuch.j2", ""]
)
def test_pbem_templates_copy_refuses_a_path_or_an_unknown_name(
    name: str, no_club: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["templates", "copy", name]) != 0
    assert "template" in capsys.readouterr().err
    assert not (no_club / "templates").exists() or not any((no_club / "templates").iterdir())
