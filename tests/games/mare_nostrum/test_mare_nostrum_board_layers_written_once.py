"""The board's map-only layers (sea, land, coast, names) are written once per map and put back
as written: every board is byte for byte the board drawn whole."""

from __future__ import annotations

import json
import random

from adjudicator.dice import Dice
from adjudicator.games import get_ruleset
from adjudicator.games.mare_nostrum import svg as board_picture
from adjudicator.games.mare_nostrum.map import map_of

NATIONS = ["rome", "carthage", "macedon", "egypt", "seleucia", "syracuse"]


def test_every_board_is_the_board_drawn_whole_turn_after_turn() -> None:
    ruleset = get_ruleset("mare-nostrum")
    compared = 0
    for seed in range(4):
        nations = 3 + seed
        state = ruleset.setup({"nations": str(nations)}, NATIONS[:nations], Dice(f"setup {seed}".encode()))
        rng = random.Random(seed)
        for number in range(6):
            game_map = map_of(state)
            shapes = board_picture.shapes_for(game_map)
            assert shapes is not None
            drawn = board_picture.map_svg(state, game_map, shapes)
            assert drawn == board_picture.map_svg(state, game_map, shapes, reuse=False)
            assert "pbem-static-layer" not in drawn
            compared += 1
            requests = ruleset.requests(state)
            if not requests:
                break
            orders = {r.key: ruleset.parse(r, ruleset.bot(state, r, rng)).orders for r in requests}
            state, _events = ruleset.resolve(state, orders, Dice(f"turn {seed} {number}".encode()))
            state = json.loads(json.dumps(state))
    assert compared >= 20


def test_a_board_with_a_siege_and_bands_is_the_board_drawn_whole() -> None:
    ruleset = get_ruleset("mare-nostrum")
    state = ruleset.setup({"nations": "3"}, NATIONS[:3], Dice(b"siege"))
    province = next(name for name, p in state["provinces"].items() if p["owner"])
    state["provinces"][province]["siege"] = {"army": "rome:A1"}
    game_map = map_of(state)
    shapes = board_picture.shapes_for(game_map)
    assert shapes is not None
    drawn = board_picture.map_svg(state, game_map, shapes)
    assert "besieged by rome A1" in drawn
    assert drawn == board_picture.map_svg(state, game_map, shapes, reuse=False)
