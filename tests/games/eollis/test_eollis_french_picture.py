"""The board picture of Eollis in French: the same drawing with the rule book's words, the English
picture unchanged (the archives keep their bytes)."""

from __future__ import annotations

import re

from eollis_helpers import RULES
from test_eollis_language import FR
from test_eollis_language_reports import _mid_game_view

from adjudicator.games.language import ENGLISH


def _texts(svg: str) -> list[str]:
    return re.findall(r">([^<]*)</text>", svg)


def test_the_french_picture_says_the_books_words_and_no_english_ones() -> None:
    view = _mid_game_view("rouge")
    english, french = RULES.board_svg(view), RULES.board_svg(view, FR)
    assert english is not None and french is not None
    assert RULES.board_svg(view, ENGLISH) == english
    words = " ".join(_texts(french))
    for word in (
        "Expédition",
        "l'Arcadie",
        "Dégâts aux ballons",
        "Cagnotte",
        "Piste de renommée",
        "renommée ",
    ):
        assert word in words, word
    for word in ("Expedition", "the Arcadie", "Balloon damage", "Kitty", "Fame track", " gold", "fame "):
        assert word in " ".join(_texts(english)) and word not in words, word
    # the same drawing: every shape where it was, every name of a pirate and a clan kept
    assert re.sub(r">[^<]*</text>", "", english) == re.sub(r">[^<]*</text>", "", french)
    for uid in [u for u in view["ship"]["posts"].values() if u] + view["ship"]["hold"]:
        assert view["cards"][uid]["name"] in words
