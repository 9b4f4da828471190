"""A Master & Commander board drawn in layers (the table, the rows and the seas' names rendered
once per process and kept; the Company, the treasures, the crews and the marks in the seas of the
turn in patches) is the board drawn in one pass, within the tolerance of
``tests/test_board_pictures_layered.py``: a board whose kept layers or patches were another turn's
would miss it, as the controls show."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from mc_helpers import RULES, bot_game
from PIL import Image, ImageChops, ImageStat

from adjudicator.games.language import ENGLISH, language
from adjudicator.publish import pictures

MEAN = 0.25
STEP = 24
FAR = 0.001

if pictures.png_unavailable_reason() is not None:  # pragma: no cover - resvg-py is a dependency
    pytest.skip(pictures.png_unavailable_reason() or "", allow_module_level=True)


def one_pass(svg: str) -> Image.Image:
    return Image.open(io.BytesIO(pictures.render(svg))).convert("RGB")


def differences(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """The mean absolute difference per channel (the largest of the three), and the share of the
    pixels off by more than ``STEP`` on some channel."""
    assert a.size == b.size
    diff = ImageChops.difference(a, b)
    mean = max(ImageStat.Stat(diff).mean)
    far = diff.convert("L", (1, 1, 1, 0)).point(lambda v: 255 if v > STEP else 0).histogram()[255]
    return mean, far / (a.width * a.height)


def states_of(seed: int, players: int) -> list[dict[str, Any]]:
    """Every state of a bot game, from its setup to its end."""
    states: list[dict[str, Any]] = []
    bot_game(seed, players, each=lambda state: states.append(json.loads(json.dumps(state))))
    return states


def views() -> list[dict[str, Any]]:
    """Views of bot games of 3 and 4 players, every 40th engine turn and the last."""
    out: list[dict[str, Any]] = []
    for seed, players in ((1, 3), (2, 4)):
        states = states_of(seed, players)
        out += [RULES.view(state, None) for state in [*states[::40], states[-1]]]
    return out


def test_a_master_commander_board_drawn_in_layers_is_the_board_drawn_in_one_pass() -> None:
    drawings = [RULES.board_svg(view, lang) for view in views() for lang in (ENGLISH, language("fr"))]
    distinct = list(dict.fromkeys(str(svg) for svg in drawings if svg))
    assert len(distinct) >= 8
    for svg in distinct:  # every board after others: the kept layers and patches are reused
        layered = pictures.layered(svg)
        assert layered is not None, "the Master & Commander board says which of its parts are static"
        mean, far = differences(layered, one_pass(svg))
        assert mean <= MEAN and far <= FAR, (mean, far)
        again = pictures.layered(svg)  # every part kept now: the very same pixels
        assert again is not None and ImageChops.difference(again, layered).getbbox() is None


def changed_picture_is_noticed(view: dict[str, Any], other: dict[str, Any]) -> None:
    """The layered picture of ``other`` is far from the one-pass picture of ``view``, and close
    to its own."""
    svg, changed = str(RULES.board_svg(view)), str(RULES.board_svg(other))
    assert changed != svg
    layered = pictures.layered(changed)
    assert layered is not None
    mean, far = differences(layered, one_pass(svg))
    assert far > FAR or mean > MEAN
    mean, far = differences(layered, one_pass(changed))
    assert mean <= MEAN and far <= FAR, (mean, far)


def test_the_comparison_sees_another_sum_of_gold() -> None:
    view = views()[1]
    other = json.loads(json.dumps(view))
    seat = other["order"][0]
    other["players"][seat]["gold"] = int(other["players"][seat]["gold"]) + 17
    changed_picture_is_noticed(view, other)


def test_the_comparison_sees_another_player_to_play() -> None:
    view = views()[1]
    other = json.loads(json.dumps(view))
    other["active"] = next(seat for seat in other["order"] if seat != view.get("active"))
    changed_picture_is_noticed(view, other)
