"""One Jinja2 environment over ``adjudicator/templates``.

Text templates (``*.txt.j2``) are rendered without escaping; HTML templates
(``*.html.j2``) autoescape every value, so player-supplied text (names, order
lines) can never become markup. A game may override a common template by
placing one of the same name in ``templates/<ruleset>/``.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template, select_autoescape

TEMPLATES = Path(__file__).parent / "templates"


def _utc(value: datetime | None) -> str:
    return value.strftime("%Y-%m-%d %H:%M UTC") if value else "-"


@cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
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
    return _template(name, ruleset).render(**context)


@cache
def _template(name: str, ruleset: str | None) -> Template:
    """The template ``render`` uses, looked up once (a game without its own override would
    otherwise ask the file system for the missing file at every render)."""
    env = environment()
    candidates = [f"{ruleset}/{name}"] if ruleset else []
    candidates.append(f"common/{name}")
    return env.select_template(candidates)
