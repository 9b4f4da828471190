"""A Planet Masters board drawn in layers (the table, the panels and their static words rendered
once per process and kept; the dice, figures and label of the turn in patches) is the board drawn
in one pass, within the tolerance of ``tests/test_board_pictures_layered.py``: a board whose kept
layers or patches were another turn's would miss it, as the control shows."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat
from pm_helpers import ALL_ON, RULES, play

from adjudicator.games.dice import Dice
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
    """Views of bot games a few turns apart: 3 seats with every option, 4 seats with none."""
    out = []
    for seed, players, options in ((1, 3, ALL_ON), (2, 4, {})):
        opts = RULES.parse_options({"players": str(players), **options})
        state = RULES.setup(opts, RULES.seat_names(opts), Dice(f"layers {seed}".encode()))
        rng = random.Random(seed)
        for step in range(24):
            if RULES.outcome(state):
                break
            texts = {r.key: RULES.bot(state, r, rng) for r in RULES.requests(state)}
            state, _events = play(state, texts, seed=f"layers {seed} {step}".encode())
            if step % 6 == 5:
                out.append(json.loads(json.dumps(RULES.view(state, None))))
    return out


def test_a_planet_masters_board_drawn_in_layers_is_the_board_drawn_in_one_pass() -> None:
    drawings = [RULES.board_svg(view, lang) for view in views() for lang in (ENGLISH, language("fr"))]
    distinct = list(dict.fromkeys(str(svg) for svg in drawings if svg))
    assert len(distinct) >= 8
    for svg in distinct:  # every board after others: the kept layers and patches are reused
        layered = pictures.layered(svg)
        assert layered is not None, "the Planet Masters board says which of its parts are static"
        mean, far = differences(layered, one_pass(svg))
        assert mean <= MEAN and far <= FAR, (mean, far)
        again = pictures.layered(svg)  # every part kept now: the very same pixels
        assert again is not None and ImageChops.difference(again, layered).getbbox() is None


def test_the_comparison_sees_a_die_turned_to_another_face() -> None:
    view = views()[0]
    svg = str(RULES.board_svg(view))
    other = json.loads(json.dumps(view))
    seat = other["order"][0]
    other["players"][seat]["home"] = other["players"][seat]["home"] % 6 + 1
    changed = str(RULES.board_svg(other))
    assert changed != svg
    layered = pictures.layered(changed)
    assert layered is not None
    mean, far = differences(layered, one_pass(svg))  # the picture of the other board: far off
    assert far > FAR or mean > MEAN
    mean, far = differences(layered, one_pass(changed))
    assert mean <= MEAN and far <= FAR, (mean, far)


def test_the_comparison_sees_another_number_of_neutral_planets() -> None:
    view = views()[0]
    svg = str(RULES.board_svg(view))
    other = json.loads(json.dumps(view))
    other["galaxy"] = other["galaxy"] + 3 if other["galaxy"] < 10 else other["galaxy"] - 3
    changed = str(RULES.board_svg(other))
    layered = pictures.layered(changed)
    assert layered is not None
    mean, far = differences(layered, one_pass(svg))
    assert far > FAR or mean > MEAN
    mean, far = differences(layered, one_pass(changed))
    assert mean <= MEAN and far <= FAR, (mean, far)
