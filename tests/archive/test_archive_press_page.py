"""A turn's published press on its page of the archive site: the same messages as its press.json,
only when that file is written, every player's word escaped."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from archive_kit import close_round, press_club, say
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import escape

from adjudicator.core.disclosure import disclosure
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.games import get_ruleset
from adjudicator.games.base import REFEREE
from adjudicator.publish.archive import SafeWriter, export_game
from adjudicator.publish.site import write_site
from adjudicator.publish.verify import verify_archive
from adjudicator.table.press import set_mode

PRESS_ITEM = re.compile(
    r'<li id="press-\d+"><p class="muted">from (?P<sender>[^ <]+)[^<]* to (?P<to>[^<&]+?)'
    r"(?: &middot; [^<]*)?</p>\n"
    r'<pre class="press">(?P<text>[^<]*)</pre></li>'
)
HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">click</a> or javascript:alert(2)',
    "{{ 7*7 }} {% if true %}x{% endif %} {# c #}",
    "line\u2028separator\u2029paragraph\x85next\nand a real line",
    "</pre></li></ol><script>alert(3)</script>",
    "&amp; &lt; \"quoted\" 'single'",
    "w" * 7000,
]


def page_press(page: str) -> list[tuple[str, str, str]]:
    """(from, to, text as written in the HTML) of each message of a turn page's press section."""
    return [(m["sender"], m["to"], m["text"]) for m in PRESS_ITEM.finditer(page)]


def file_press(root: Path, folder: str) -> list[tuple[str, str, str]]:
    """The same, from the turn's press.json, escaped as the page must show it."""
    press = json.loads((root / folder / "press.json").read_text(encoding="utf-8"))
    return [(p["from"], ", ".join(p["to"]), str(escape(p["text"]))) for p in press]


def read(path: Path) -> str:
    return path.read_bytes().decode("utf-8")  # no newline translation: the bytes as written


def test_a_turn_page_shows_the_press_its_press_json_publishes(
    db: Database, referee: Referee, tmp_path: Path
) -> None:
    secrets = press_club(referee, points=1)  # the first scoring turn ends the game: its press is published
    say(db, referee, "north", "south", "A secret pact.\nSicily is yours.\n\nSigned, north")
    say(db, referee, "east", "all", "Hello all.")
    say(db, referee, REFEREE, "all", "The map is corrected.")
    close_round(referee, secrets)
    root = export_game(db, "club", tmp_path / "archive")
    page = read(root / "001" / "index.html")
    assert "<h2>Press</h2>" in page
    assert (
        page_press(page)
        == file_press(root, "001")
        == [
            ("north", "south", "A secret pact.\nSicily is yours.\n\nSigned, north"),  # line breaks kept
            ("east", "all", "Hello all."),
            ("referee", "all", "The map is corrected."),
        ]
    )
    assert '<a href="press.json">' in page
    assert "3 press" in read(root / "index.html")
    assert all(r.ok for r in verify_archive(root))  # the page is a file like any other in the manifest


def test_a_running_game_with_private_press_shows_none_and_publishes_no_file(
    db: Database, referee: Referee, tmp_path: Path
) -> None:
    secrets = press_club(referee)
    say(db, referee, "north", "south", "Private words.")
    close_round(referee, secrets)
    close_round(referee, secrets)  # turn 2: no press at all
    root = export_game(db, "club", tmp_path / "archive")
    first, second = read(root / "001" / "index.html"), read(root / "002" / "index.html")
    assert not (root / "001" / "press.json").exists() and not (root / "002" / "press.json").exists()
    assert "Private words." not in first and "<h2>Press</h2>" not in first and page_press(first) == []
    assert "This turn's press is published when the game is over." in first  # its record has a press_hash
    assert "<h2>Press</h2>" not in second and "press.json" not in second  # no press: nothing said
    assert "published when the game is over" not in second
    assert "press" not in read(root / "index.html").split("<table")[1].split("</table>")[0]
    # the referee's --full export publishes it, on the page and in the file alike ...
    export_game(db, "club", tmp_path / "archive", full=True)
    full = read(root / "001" / "index.html")
    assert page_press(full) == file_press(root, "001") == [("north", "south", "Private words.")]
    # ... and a plain export to the same folder takes both back (the manifests agree: verify passes)
    export_game(db, "club", tmp_path / "archive")
    assert not (root / "001" / "press.json").exists()
    assert "Private words." not in read(root / "001" / "index.html")
    results = verify_archive(root)
    assert all(r.ok for r in results), [r.problem for r in results]


def test_public_press_of_a_running_game_is_on_its_page_at_once(
    db: Database, referee: Referee, tmp_path: Path
) -> None:
    secrets = press_club(referee)
    set_mode(db, "club", "public")
    say(db, referee, "north", "all", "Open words.")
    close_round(referee, secrets)
    root = export_game(db, "club", tmp_path / "archive")
    assert (
        page_press(read(root / "001" / "index.html"))
        == file_press(root, "001")
        == [("north", "all", "Open words.")]
    )


def test_grey_press_on_the_page_names_its_sender_and_what_the_recipients_saw(
    db: Database, referee: Referee, tmp_path: Path
) -> None:
    secrets = press_club(referee, points=1)
    set_mode(db, "club", "grey")
    say(db, referee, "south", "north", "Guess who.")
    close_round(referee, secrets)
    root = export_game(db, "club", tmp_path / "archive")
    page = read(root / "001" / "index.html")
    assert page_press(page) == file_press(root, "001") == [("south", "north", "Guess who.")]
    assert 'from south (grey press: its recipients saw "a seat") to north' in page


def test_hostile_press_is_escaped_on_the_page(db: Database, referee: Referee, tmp_path: Path) -> None:
    secrets = press_club(referee, points=1)
    for text in HOSTILE:
        say(db, referee, REFEREE, "all", text)
    close_round(referee, secrets)
    root = export_game(db, "club", tmp_path / "archive")
    page = read(root / "001" / "index.html")
    shown = page_press(page)
    assert shown == file_press(root, "001") and len(shown) == len(HOSTILE)
    assert [text for _, _, text in shown] == [str(escape(t)) for t in HOSTILE]
    lowered = page.lower()
    assert "<script" not in lowered and "<img" not in lowered and 'href="javascript' not in lowered
    assert "{{ 7*7 }}" in page and "{% if true %}" in page  # shown as written, not run as a template
    assert "\u2028" in page and "\u2029" in page and "w" * 7000 in page
    assert "&lt;/pre&gt;&lt;/li&gt;&lt;/ol&gt;" in page  # cannot close the section early
    assert page.count('<pre class="press">') == len(HOSTILE) and page.count("</pre>") == len(HOSTILE)


@pytest.fixture(scope="module")
def site_game(pristine: Path) -> dict[str, Any]:
    return json.loads((pristine / "game.json").read_text(encoding="utf-8"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    texts=st.lists(st.text(min_size=1, max_size=300), min_size=1, max_size=3),
    signed=st.booleans(),
)
def test_any_press_text_is_on_the_page_escaped_never_raw(
    site_game: dict[str, Any], texts: list[str], signed: bool
) -> None:
    press = [
        {
            "seq": i + 1,
            "from": "north",
            "signed": signed,
            "to": ["all"],
            "sent": [],
            "held": [],
            "text": t,
            "at": None,
        }
        for i, t in enumerate(texts)
    ]
    page_of_turn = {
        "number": 1,
        "folder": "001",
        "label": "Round 1",
        "events": [],
        "board_svg": None,
        "has_png": False,
        "has_text": False,
        "has_html": False,
        "record_hash": "0" * 64,
        "press": press,
        "press_withheld": False,
        "adjustments": [],
    }
    shown = disclosure(get_ruleset(site_game["ruleset"]), game_over=True)
    with tempfile.TemporaryDirectory() as folder:
        write_site(SafeWriter(Path(folder)), site_game, [page_of_turn], shown)
        page = read(Path(folder) / "001" / "index.html")
    sections = re.findall(r'<pre class="press">(.*?)</pre>', page, flags=re.DOTALL)
    assert sections == [str(escape(t)) for t in texts]  # each text whole, escaped, in order
    for text, section in zip(texts, sections, strict=True):
        assert "<" not in section and ">" not in section
        if "<" in text:
            assert text not in section
