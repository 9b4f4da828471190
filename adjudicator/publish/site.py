"""The archive's static site: ``index.html`` and one page per turn, opened straight from the disk.

No server, no script, no external resource: plain HTML with the board drawn inline as SVG
(the same cleaned drawing as the reports) and relative links between the turns. A turn's page
shows its published press: the very list its ``press.json`` holds (``page["press"]``, empty when
the file is not written), so page and file never disagree; ``pbem verify`` checks the file, the
page is a view of it. Every player-supplied text goes through Jinja2's autoescaping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.core.disclosure import Disclosure
from adjudicator.games.language import ENGLISH, Language
from adjudicator.post.render import render

if TYPE_CHECKING:
    from adjudicator.publish.archive import SafeWriter


def write_site(
    writer: SafeWriter,
    game: dict[str, Any],
    pages: list[dict[str, Any]],
    shown: Disclosure,
    lang: Language = ENGLISH,
) -> None:
    """Write ``index.html`` and ``NNN/index.html`` for every closed turn of the main line, in ``lang``."""
    latest = pages[-1] if pages else None
    writer.write(
        "index.html",
        data=render(
            "site_index.html.j2",
            game["ruleset"],
            lang=lang,
            game=game,
            pages=pages,
            latest=latest,
            shown=shown,
        ),
    )
    for i, page in enumerate(pages):
        previous = pages[i - 1] if i > 0 else None
        following = pages[i + 1] if i + 1 < len(pages) else None
        writer.write(
            page["folder"],
            "index.html",
            data=render(
                "site_turn.html.j2",
                game["ruleset"],
                lang=lang,
                game=game,
                page=page,
                previous=previous,
                following=following,
                shown=shown,
            ),
        )
