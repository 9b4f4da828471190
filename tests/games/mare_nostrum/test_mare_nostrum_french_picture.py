"""The Mare Nostrum board picture in French: the same map with the rule book's words (the glossary's
terms, the catalogue's sentences, the years as the reports say them), its layers marked as in
English so that it is drawn from kept parts too; the English picture unchanged, byte for byte."""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from adjudicator.games import get_ruleset
from adjudicator.games.base import Spoken
from adjudicator.games.dice import Dice
from adjudicator.games.language import ENGLISH, language
from adjudicator.publish import pictures

RULES = get_ruleset("mare-nostrum")
FR = language("fr")

#: sha256 over the English pictures of every view of :func:`bot_views` (and :func:`marked`), as the
#: drawing wrote them before it took a language
ENGLISH_DIGESTS = {
    0: "e0d4633dde43d634e671aec3e194f6dd1b4c09b647e351aa99f25acbaa804327",
    1: "b8e2c2067ab3e37db146b8ec39c1f10a4b21b3aa29a62c410215ee04af2d2dd8",
    2: "23e8ab49bc178cad3c2baa9b6a95766fcc2be7aad819ddcc706aeda333ae5eb1",
}


def bot_views(seed: int, turns: int = 4) -> list[dict[str, Any]]:
    """The public view of each turn of a game the bots play (the start, then after each turn)."""
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


def marked(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with every mark the picture can write words for: a siege, brigands, an exhausted
    army carried by a fleet, an eliminated nation."""
    v = json.loads(json.dumps(view))
    province = next(name for name, p in v["provinces"].items() if p["owner"])
    v["provinces"][province]["siege"] = {"army": "rome:A1", "turns": 1}
    v["bands"] = [*v["bands"], {"at": province, "kind": "brigands"}]
    units = list(v["units"].values())
    army = next(u for u in units if u["kind"] == "army" and u["at"])
    army["exhausted"] = 1
    fleet = next(u for u in units if u["kind"] == "fleet" and u["at"])
    fleet["carrying"] = f"{army['nation']}:{army['id']}"
    v["nations"][v["seats"][-1]]["alive"] = False
    return v


def words(svg: str) -> list[str]:
    """Every text and tooltip of a picture."""
    return re.findall(r">([^<]*)</(?:text|title)>", svg)


@pytest.mark.parametrize("seed", sorted(ENGLISH_DIGESTS))
def test_the_english_picture_is_the_one_drawn_before_languages(seed: int) -> None:
    views = bot_views(seed)
    views.append(marked(views[-1]))
    digest = hashlib.sha256()
    for view in views:
        english = str(RULES.board_svg(view, ENGLISH))
        assert english == str(RULES.board_svg(view))
        digest.update(english.encode())
    assert digest.hexdigest() == ENGLISH_DIGESTS[seed]


def test_the_french_picture_says_the_books_words_and_no_english_ones() -> None:
    view = marked(bot_views(0, 3)[-1])
    english, french = str(RULES.board_svg(view)), str(RULES.board_svg(view, FR))
    assert Spoken(RULES, FR).draws_in_language()
    assert str(Spoken(RULES, FR).board_svg(view)) == french
    said, as_ever = words(french), words(english)
    text = "\n".join(said)
    for word in (
        "216 av. J.-C.",
        "Mare Nostrum (carte du projet), tour 3, après le tour",
        "armées",
        "flottes",
        "capitale",
        "forteresse",
        "bande de brigands",
        "navire pirate",
        "province assiégée ; un marqueur en pointillés : épuisé",
        "Cont. désigne Contestania : les ordres acceptent le début d'un nom.",
    ):
        assert word in said, word
    for part in ("assiégée par rome A1", "(épuisé", "porte ", "(éliminée)"):
        assert part in text, part
    for word in ("armies", "fleets", "capital", "fortress", "brigands", "pirates"):
        assert word in as_ever and word not in said, word
    for part in (
        "216 BC",
        "project map",
        "after the turn",
        "besieged",
        "exhausted",
        "carrying",
        "(out)",
        "stands for",
        "orders accept",
        "key: ",
    ):
        assert part in "\n".join(as_ever) and part not in text, part
    ET.fromstring(french)  # well-formed XML


def test_the_french_picture_keeps_the_layer_marks_of_the_english_one() -> None:
    for view in bot_views(1, 2):
        english, french = str(RULES.board_svg(view)), str(RULES.board_svg(view, FR))
        layers = re.findall(r'data-layer="(\w+)"', english)
        assert layers and re.findall(r'data-layer="(\w+)"', french) == layers


@pytest.mark.skipif(pictures.png_unavailable_reason() is not None, reason="no SVG renderer")
def test_the_french_picture_drawn_from_kept_layers_is_the_picture_drawn_in_one_pass() -> None:
    for view in (bot_views(2, 2)[-1], marked(bot_views(2, 2)[-1])):
        svg = str(RULES.board_svg(view, FR))
        layered = pictures.layered(svg)
        assert layered is not None, "the French board says which of its parts are static"
        whole = Image.open(io.BytesIO(pictures.render(svg))).convert("RGB")
        assert layered.size == whole.size
        diff = ImageChops.difference(layered, whole)
        mean = max(ImageStat.Stat(diff).mean)
        far = diff.convert("L", (1, 1, 1, 0)).point(lambda v: 255 if v > 24 else 0).histogram()[255]
        assert mean <= 0.25 and far / (whole.width * whole.height) <= 0.001, (mean, far)
