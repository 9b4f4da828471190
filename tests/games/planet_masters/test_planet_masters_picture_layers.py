"""A Planet Masters board drawn in layers (the table, the panels and their static words rendered
once per process and kept; the dice, figures and label of the turn in patches) is the board drawn
in one pass, within the tolerance of ``tests/test_board_pictures_layered.py``: a board whose kept
layers or patches were another turn's would miss it, as the control shows."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from picturekit import assert_change_is_seen, assert_layered_is_one_pass
from pm_helpers import ALL_ON, RULES, play

from adjudicator.games.dice import Dice
from adjudicator.games.language import ENGLISH, language
from adjudicator.publish import pictures

if pictures.png_unavailable_reason() is not None:  # pragma: no cover - resvg-py is a dependency
    pytest.skip(pictures.png_unavailable_reason() or "", allow_module_level=True)


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
    assert_layered_is_one_pass(distinct, "Planet Masters")  # each after others: kept parts reused


def test_the_comparison_sees_a_die_turned_to_another_face() -> None:
    view = views()[0]
    svg = str(RULES.board_svg(view))
    other = json.loads(json.dumps(view))
    seat = other["order"][0]
    other["players"][seat]["home"] = other["players"][seat]["home"] % 6 + 1
    assert_change_is_seen(svg, str(RULES.board_svg(other)))


def test_the_comparison_sees_another_number_of_neutral_planets() -> None:
    view = views()[0]
    svg = str(RULES.board_svg(view))
    other = json.loads(json.dumps(view))
    other["galaxy"] = other["galaxy"] + 3 if other["galaxy"] < 10 else other["galaxy"] - 3
    assert_change_is_seen(svg, str(RULES.board_svg(other)))
