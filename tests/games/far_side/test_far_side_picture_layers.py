"""A Far Side board drawn in layers (the paper, the sea's squares and the letters and numbers round
it rendered once per process and kept; the ships and the tally of the turn in patches) is the
board drawn in one pass, within the tolerance of ``tests/test_board_pictures_layered.py``: a board
whose kept layers or patches were another turn's would miss it, as the controls show."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat
from test_far_side_french_picture import RULES, bot_views

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


def views() -> list[dict[str, Any]]:
    """Views of two games the bots play, every 25th step and the last: ships engaged, grappled,
    dismasted and afire among them."""
    out: list[dict[str, Any]] = []
    for seed in (0, 1):
        played = bot_views(seed, turns=120)
        out += [*played[::25], played[-1]]
    return out


def test_a_far_side_board_drawn_in_layers_is_the_board_drawn_in_one_pass() -> None:
    drawings = [RULES.board_svg(view, lang) for view in views() for lang in (ENGLISH, language("fr"))]
    distinct = list(dict.fromkeys(str(svg) for svg in drawings if svg))
    assert len(distinct) >= 8
    assert any("stroke-dasharray" in svg for svg in distinct)  # a broken mast among them
    for svg in distinct:  # every board after others: the kept layers and patches are reused
        layered = pictures.layered(svg)
        assert layered is not None, "the Far Side board says which of its parts are static"
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


def test_the_comparison_sees_a_ship_on_another_square() -> None:
    view = views()[1]
    other = json.loads(json.dumps(view))
    ship = next(s for s in other["ships"].values() if s["square"] is not None)
    taken = {s["square"] for s in other["ships"].values()}
    ship["square"] = next(f"{f}{r}" for r in range(1, 9) for f in "abcdefgh" if f"{f}{r}" not in taken)
    changed_picture_is_noticed(view, other)


def test_the_comparison_sees_a_hull_struck() -> None:
    view = views()[1]
    other = json.loads(json.dumps(view))
    ship = max((s for s in other["ships"].values() if s["square"] is not None), key=lambda s: s["hull"])
    ship["hull"] = ship["hull"] // 3  # its hull paler, its figure another
    changed_picture_is_noticed(view, other)
