"""A Far Side board drawn in layers (the paper, the sea's squares and the letters and numbers round
it rendered once per process and kept; the ships and the tally of the turn in patches) is the
board drawn in one pass, within the tolerance of ``tests/test_board_pictures_layered.py``: a board
whose kept layers or patches were another turn's would miss it, as the controls show."""

from __future__ import annotations

import json
from typing import Any

import pytest
from picturekit import assert_change_is_seen, assert_layered_is_one_pass
from test_far_side_french_picture import RULES, bot_views

from adjudicator.games.language import ENGLISH, language
from adjudicator.publish import pictures

if pictures.png_unavailable_reason() is not None:  # pragma: no cover - resvg-py is a dependency
    pytest.skip(pictures.png_unavailable_reason() or "", allow_module_level=True)


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
    assert_layered_is_one_pass(distinct, "Far Side")  # each after others: kept parts reused


def changed_picture_is_noticed(view: dict[str, Any], other: dict[str, Any]) -> None:
    """The layered picture of ``other`` is far from the one-pass picture of ``view``, and close
    to its own."""
    assert_change_is_seen(str(RULES.board_svg(view)), str(RULES.board_svg(other)))


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
