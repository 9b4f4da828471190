"""A board drawn in layers (its static parts rendered once per process and kept) is the board drawn
in one pass: the same size, and the same pixels within the rounding of anti-aliased edges where
the layers are composited.

The tolerance: the mean absolute difference per channel at most ``MEAN`` (out of 255), and at most
``FAR`` of the pixels off by more than ``STEP`` on some channel. A board whose kept layers were a
past turn's (a province's owner, a unit, a siege that is not this turn's) would miss both by far:
each board below is drawn after others whose static layers are kept, and a control shows that the
comparison sees a single province given to another nation.
"""

from __future__ import annotations

import io
import json
import random
import re
from typing import Any

import pytest
from picturekit import FAR, MEAN, differences, one_pass
from PIL import Image, ImageChops

from adjudicator.games import get_ruleset
from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum.svg import board_svg
from adjudicator.publish import pictures

NATIONS = ["rome", "carthage", "macedon", "egypt", "seleucia", "syracuse"]

if pictures.png_unavailable_reason() is not None:  # pragma: no cover - resvg-py is a dependency
    pytest.skip(pictures.png_unavailable_reason() or "", allow_module_level=True)


def boards() -> list[dict[str, Any]]:
    """Views of 6-seat games played by the bots, a few turns in, one with a siege and bands."""
    ruleset = get_ruleset("mare-nostrum")
    views = []
    for seed in range(2):
        state = ruleset.setup({"nations": "6"}, NATIONS, Dice(f"layers {seed}".encode()))
        rng = random.Random(seed)
        for number in range(4):
            requests = ruleset.requests(state)
            if not requests:
                break
            orders = {r.key: ruleset.parse(r, ruleset.bot(state, r, rng)).orders for r in requests}
            state, _events = ruleset.resolve(state, orders, Dice(f"turn {seed} {number}".encode()))
            state = json.loads(json.dumps(state))
            views.append(ruleset.view(state, None))
    besieged = json.loads(json.dumps(views[-1]))
    province = next(name for name, p in besieged["provinces"].items() if p["owner"])
    besieged["provinces"][province]["siege"] = {"army": "rome:A1"}
    besieged["bands"] = [*besieged["bands"], {"at": province, "kind": "brigands"}]
    views.append(besieged)
    return views


def test_a_mare_nostrum_board_drawn_in_layers_is_the_board_drawn_in_one_pass() -> None:
    drawings = list(dict.fromkeys(str(board_svg(view)) for view in boards()))  # the distinct boards
    assert len(drawings) >= 5
    for svg in drawings:  # every board after others: the kept layers are the map's, never a turn's
        layered = pictures.layered(svg)
        assert layered is not None, "the Mare Nostrum board says which of its parts are static"
        mean, far = differences(layered, one_pass(svg))
        assert mean <= MEAN and far <= FAR, (mean, far)
        again = pictures.layered(svg)  # every part kept now: the very same pixels
        assert again is not None and ImageChops.difference(again, layered).getbbox() is None
    assert len(pictures._STATIC_LAYERS) >= 1


def test_the_comparison_sees_one_province_given_to_another_nation() -> None:
    view = boards()[0]
    svg = str(board_svg(view))
    other = json.loads(json.dumps(view))
    province = next(name for name, p in other["provinces"].items() if p["owner"])
    owner = other["provinces"][province]["owner"]
    other["provinces"][province]["owner"] = next(seat for seat in other["seats"] if seat != owner)
    changed = str(board_svg(other))
    assert changed != svg
    layered = pictures.layered(changed)
    assert layered is not None
    mean, far = differences(layered, one_pass(svg))  # the picture of the other board: far off
    assert far > FAR or mean > MEAN
    mean, far = differences(layered, one_pass(changed))
    assert mean <= MEAN and far <= FAR, (mean, far)


def test_a_drawing_without_layers_is_drawn_in_one_pass() -> None:
    ruleset = get_ruleset("far-side")
    options = ruleset.parse_options({})
    state = ruleset.setup(options, ruleset.seat_names(options), Dice(b"one pass"))
    marked = str(ruleset.board_svg(ruleset.view(state, None)))
    svg = pictures.clean_svg(re.sub(r' data-layer="[a-z]+"', "", marked))  # a board that says no layers
    assert svg and pictures.layered(marked) is not None and pictures.layered(svg) is None


def test_the_mail_picture_of_a_layered_board_is_its_palette_png() -> None:
    svg = str(board_svg(boards()[0]))
    pictures._converted.cache_clear()
    png = pictures.svg_to_png(svg)
    assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n")
    shown = Image.open(io.BytesIO(png)).convert("RGB")
    mean, _far = differences(shown, one_pass(svg))
    assert mean <= 0.5, mean  # the palette's own rounding of the blends, as for a one-pass picture
