"""The Eollis board drawn in layers (its frame, tracks and static words rendered once per process
and kept, the turn's names, counts and markers rendered in patches) is the board drawn in one
pass, in English and in French, within the tolerance of the Mare Nostrum boards
(``tests/test_board_pictures_layered.py``): each board is drawn after others, so a kept layer or
patch of another turn would show.

Those tolerances let about 400 pixels be far off, about what a line of the legend misplaced by a
patch shows; the Eollis board composites its layers on flat colours only, and keeps within a
tenth of them (``CLOSE``), which such a misplaced line does not."""

from __future__ import annotations

import json
from typing import Any

from eollis_helpers import RULES, bot_game
from picturekit import FAR, MEAN, differences, one_pass
from PIL import ImageChops
from test_eollis_language import FR

from adjudicator.games.language import Language
from adjudicator.publish import pictures

CLOSE = 10  # the Eollis board within MEAN / CLOSE and FAR / CLOSE of its picture in one pass


def boards(seed: int, players: int, every: int = 9) -> list[dict[str, Any]]:
    """Public views of a bot game, one every ``every`` turns, and its last."""
    views: list[dict[str, Any]] = []
    turns = [0]

    def each(state: dict[str, Any]) -> None:
        turns[0] += 1
        if turns[0] % every == 1:
            views.append(RULES.view(json.loads(json.dumps(state)), None))

    last = bot_game(seed, players, each)
    return [*views, RULES.view(last, None)]


def drawn(view: dict[str, Any], lang: Language | None = None) -> str:
    svg = RULES.board_svg(view) if lang is None else RULES.board_svg(view, lang)
    assert svg is not None
    return svg


def test_an_eollis_board_drawn_in_layers_is_the_board_drawn_in_one_pass() -> None:
    views = boards(2, 3)[:4] + boards(3, 5)[:4]
    drawings = [drawn(view, lang) for view in views for lang in (None, FR)]
    drawings = list(dict.fromkeys(drawings))  # the distinct boards
    assert len(drawings) >= 12
    for svg in drawings:
        layered = pictures.layered(svg)
        assert layered is not None, "the Eollis board says which of its parts are static"
        mean, far = differences(layered, one_pass(svg))
        assert mean <= MEAN / CLOSE and far <= FAR / CLOSE, (mean, far)
    assert pictures._STATIC_LAYERS, "the static layers are kept"


def test_an_eollis_board_drawn_again_from_its_kept_layers_and_patches_has_the_same_pixels() -> None:
    svg = drawn(boards(5, 4)[1])
    first = pictures.layered(svg)
    again = pictures.layered(svg)
    assert first is not None and again is not None
    assert ImageChops.difference(first, again).getbbox() is None


def test_the_comparison_sees_one_post_given_to_a_pirate_of_another_clan() -> None:
    view = boards(2, 3)[1]
    svg = drawn(view)
    other = json.loads(json.dumps(view))
    posts = other["ship"]["posts"]
    post = next(p for p, uid in posts.items() if uid)
    owner = other["pirates"][posts[post]]["owner"]
    posts[post] = next(uid for uid, p in other["pirates"].items() if p["owner"] != owner)
    changed = drawn(other)
    assert changed != svg
    layered = pictures.layered(changed)
    assert layered is not None
    mean, far = differences(layered, one_pass(svg))  # the picture of the other board: far off
    assert far > FAR or mean > MEAN
    mean, far = differences(layered, one_pass(changed))
    assert mean <= MEAN / CLOSE and far <= FAR / CLOSE, (mean, far)
