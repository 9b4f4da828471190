"""The Master & Commander table picture in French: the India Company, the turn, the seas and each
player's treasure and crew in the rule book's words (the seats keep the names the orders use);
the English picture unchanged, byte for byte."""

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

RULES = get_ruleset("master-commander")
FR = language("fr")

#: sha256 over the English pictures of every view of :func:`bot_views`, as the drawing writes them
#: with its layers marked (the words and places those drew before it took a language)
ENGLISH_DIGESTS = {
    0: "7cf48da378bb7174cf4d0b45e41cf44eecbfd6607efd5d37575030d0d607a759",
    1: "23e4aa834122268680cb176d41ba4a8989a420ea73c8b967513b376f99bc5157",
    2: "601c2929a92414cefc9af3566e3fa3794a9fe0056909a03058b6dc561259e972",
}


def bot_views(seed: int, turns: int = 2000) -> list[dict[str, Any]]:
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
    """Every text of a picture, one a line."""
    return "\n".join(re.findall(r">([^<]*)</text>", svg))


@pytest.mark.parametrize("seed", sorted(ENGLISH_DIGESTS))
def test_the_english_picture_is_the_one_drawn_before_languages(seed: int) -> None:
    views = bot_views(seed)
    assert views[-1].get("outcome"), "the game is played to its end"
    digest = hashlib.sha256()
    for view in views:
        english = str(RULES.board_svg(view, ENGLISH))
        assert english == str(RULES.board_svg(view))
        digest.update(english.encode())
    assert digest.hexdigest() == ENGLISH_DIGESTS[seed]


def test_the_french_picture_of_a_game_in_progress_says_the_books_words_and_no_english_ones() -> None:
    views = bot_views(0)
    view = views[len(views) // 2]
    assert view.get("active") and not view.get("outcome")
    english, french = str(RULES.board_svg(view)), str(RULES.board_svg(view, FR))
    assert Spoken(RULES, FR).draws_in_language()
    said, as_ever = words(french), words(english)
    for part in (
        "Compagnie des Indes : ",
        " Or, ICROE ",
        f"Tour {view['turn']}, tour de table {view['round']} : à {view['active']} de jouer",
        "Caraïbes",
        "Atlantique",
        "Méditerranée",
        "mer du Nord",
        "océan Indien",
        "Pacifique",
        "mer de Chine",
        " en activité, ",
        " captif(s), ",
        " accord(s)",
    ):
        assert part in said, part
    for seat in view["order"]:
        p = view["players"][seat]
        assert f"{seat} : {p['gold']} Or, {p['doublons']} doublons" in said
    for part in (
        "India Company",
        " gold",
        "Turn ",
        " to play",
        "caribbean",
        "mediterranean",
        "north-sea",
        "china",
        "in activity",
        "captive(s)",
        "agreement(s)",
    ):
        assert part in as_ever and part not in said, part
    ET.fromstring(french)  # well-formed XML


def test_the_french_picture_of_a_finished_game_says_its_end_in_french() -> None:
    view = bot_views(0)[-1]
    english, french = words(str(RULES.board_svg(view))), words(str(RULES.board_svg(view, FR)))
    assert "Game over: " in english and "Game over" not in french
    assert "Partie terminée : " in french
    assert view["outcome"]["reason"] in english and view["outcome"]["reason"] not in french
