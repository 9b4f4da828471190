"""The Far Side board picture in French: the title with the turn's label as the reports say it,
the ships' tooltips and the tally in the rule book's words; the English picture unchanged, byte
for byte."""

from __future__ import annotations

import hashlib
import json
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from adjudicator.games import get_ruleset
from adjudicator.games.base import Spoken
from adjudicator.games.dice import Dice
from adjudicator.games.language import ENGLISH, language

RULES = get_ruleset("far-side")
FR = language("fr")

#: sha256 over the English pictures of every view of :func:`bot_views`, as the drawing writes them
#: with its layers marked (the words and places those drew before it took a language)
ENGLISH_DIGESTS = {
    0: "6673101b5812a148495b423ffc31023892a1bf47d8d5be24d01f9f3b77e05328",
    1: "3e05583df76104368551af6ee8802c02fbd2ef217473ddf95a8bd52e2d134ed7",
    2: "1865cf29f614544def839641a5f351cce10cf756423c4a9e3d27a29bcf545f29",
}


def bot_views(seed: int, turns: int = 400) -> list[dict[str, Any]]:
    """The public view of each step of a game the bots play to its end (at most ``turns`` steps)."""
    options = RULES.parse_options({})
    state = RULES.setup(options, RULES.seat_names(options), Dice(f"pic {seed}".encode()))
    views = [RULES.view(state, None)]
    rng = random.Random(seed)
    for number in range(turns):
        requests = RULES.requests(state)
        if RULES.outcome(state) is not None or not requests:
            break
        orders = {r.key: RULES.parse(r, RULES.bot(state, r, rng)).orders for r in requests}
        state, _events = RULES.resolve(
            json.loads(json.dumps(state)), orders, Dice(f"pic {seed} {number}".encode())
        )
        state = json.loads(json.dumps(state))
        views.append(RULES.view(state, None))
    return views


def words(svg: str) -> str:
    """Every text and tooltip of a picture, one a line."""
    return "\n".join(re.findall(r">([^<]*)</(?:text|title)>", svg))


@pytest.mark.parametrize("seed", sorted(ENGLISH_DIGESTS))
def test_the_english_picture_is_the_one_drawn_before_languages(seed: int) -> None:
    digest = hashlib.sha256()
    for view in bot_views(seed):
        english = str(RULES.board_svg(view, ENGLISH))
        assert english == str(RULES.board_svg(view))
        digest.update(english.encode())
    assert digest.hexdigest() == ENGLISH_DIGESTS[seed]


def test_the_french_picture_says_the_books_words_and_no_english_ones() -> None:
    views = bot_views(0)
    view = next(v for v in views if v["tally"]["british"]["sunk"] and v.get("label"))
    english, french = str(RULES.board_svg(view)), str(RULES.board_svg(view, FR))
    assert Spoken(RULES, FR).draws_in_language()
    said, as_ever = words(french), words(english)
    tally = view["tally"]
    for part in (
        "De l'autre côté du monde - Tour ",
        f"Anglais : {tally['british']['captured']} capturés, {tally['british']['sunk']} coulés",
        f"Français : {tally['french']['captured']} capturés, {tally['french']['sunk']} coulés",
        " classe ",
        ", coque ",
        ", mâts ",
    ):
        assert part in said, part
    for part in ("Far Side of the World", "Turn ", "British", "captured", "sunk", " class ", "hull", "masts"):
        assert part in as_ever and part not in said, part
    # the same drawing: every shape where it was
    assert re.sub(r">[^<]*</(text|title)>", "", english) == re.sub(r">[^<]*</(text|title)>", "", french)
    ET.fromstring(french)  # well-formed XML
