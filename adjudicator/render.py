"""One Jinja2 environment over ``adjudicator/templates``.

Text templates (``*.txt.j2``) are rendered without escaping; HTML templates
(``*.html.j2``) autoescape every value, so player-supplied text (names, order
lines) can never become markup. A game may override a common template by
placing one of the same name in ``templates/<ruleset>/``.

A club's own look: a folder ``templates/`` in the referee's working directory (or the folder named
by ``PBEM_TEMPLATES``) overrides any packaged template by name, first in a Jinja ``ChoiceLoader``:
``templates/report.html.j2`` replaces ``common/report.html.j2`` (also where another template
extends it), ``templates/<ruleset>/report.html.j2`` that game's own. Jinja's loader refuses names
that climb out of the folder (``..``); ``pbem templates copy NAME`` refuses any name with a path.
"""

from __future__ import annotations

import os
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    StrictUndefined,
    Template,
    TemplateNotFound,
    select_autoescape,
)

TEMPLATES = Path(__file__).parent / "templates"
CLUB_FOLDER = "templates"


def club_folder() -> Path | None:
    """The club's templates: ``$PBEM_TEMPLATES``, else ``./templates`` when it exists."""
    named = os.environ.get("PBEM_TEMPLATES")
    folder = Path(named) if named else Path.cwd() / CLUB_FOLDER
    folder = folder.resolve()
    if folder == TEMPLATES.resolve() or not folder.is_dir():
        return None
    return folder


class ClubLoader(BaseLoader):
    """The club's folder: ``NAME`` stands for the packaged ``common/NAME``; ``<ruleset>/NAME`` as is."""

    def __init__(self, folder: Path) -> None:
        self.files = FileSystemLoader(str(folder))

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Any]:
        names = [template.removeprefix("common/"), template] if template.startswith("common/") else [template]
        for name in names:
            try:
                return self.files.get_source(environment, name)
            except TemplateNotFound:
                continue
        raise TemplateNotFound(template)

    def list_templates(self) -> list[str]:
        return self.files.list_templates()


def _utc(value: datetime | None) -> str:
    return value.strftime("%Y-%m-%d %H:%M UTC") if value else "-"


def environment() -> Environment:
    """The environment for the club folder in force now (one cached environment per folder)."""
    folder = club_folder()
    return _environment(str(folder) if folder else "")


@cache
def _environment(club: str) -> Environment:
    packaged = FileSystemLoader(str(TEMPLATES))
    env = Environment(
        loader=ChoiceLoader([ClubLoader(Path(club)), packaged]) if club else packaged,
        autoescape=select_autoescape(enabled_extensions=("html", "html.j2"), default_for_string=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # templates ship with the package: no stat() of every file per render
    )
    env.filters["utc"] = _utc
    return env


def render(name: str, ruleset: str | None = None, **context: Any) -> str:
    """Render ``common/<name>``, or ``<ruleset>/<name>`` where the game has its own."""
    folder = club_folder()
    return _template(name, ruleset, str(folder) if folder else "").render(**context)


@cache
def _template(name: str, ruleset: str | None, club: str) -> Template:
    """The template ``render`` uses, looked up once per club folder (a game without its own
    override would otherwise ask the file system for the missing file at every render)."""
    env = _environment(club)
    candidates = [f"{ruleset}/{name}"] if ruleset else []
    candidates.append(f"common/{name}")
    return env.select_template(candidates)
