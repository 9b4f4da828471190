"""A Master & Commander board drawn in layers (the table, the rows and the seas' names rendered
once per process and kept; the Company, the treasures, the crews and the marks in the seas of the
turn in patches) is the board drawn in one pass, within the tolerance of
``tests/test_board_pictures_layered.py``: a board whose kept layers or patches were another turn's
would miss it, as the controls show."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mc_helpers import RULES, bot_game
from picturekit import assert_change_is_seen, assert_layered_is_one_pass

from adjudicator.games.language import ENGLISH, language
from adjudicator.publish import pictures

if pictures.png_unavailable_reason() is not None:  # pragma: no cover - resvg-py is a dependency
    pytest.skip(pictures.png_unavailable_reason() or "", allow_module_level=True)


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
    assert_layered_is_one_pass(distinct, "Master & Commander")  # each after others: kept parts reused


def changed_picture_is_noticed(view: dict[str, Any], other: dict[str, Any]) -> None:
    """The layered picture of ``other`` is far from the one-pass picture of ``view``, and close
    to its own."""
    assert_change_is_seen(str(RULES.board_svg(view)), str(RULES.board_svg(other)))


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
