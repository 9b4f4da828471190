"""The board is written as text, its map-only layers (sea, land, coast, names) once per map: every
board is byte for byte the board ElementTree builds and writes whole (the drawing before the text
writing, kept in ``elementtree_board.py``)."""

from __future__ import annotations

import json
import random
from typing import Any

import elementtree_board as reference
import pytest

from adjudicator.games import get_ruleset
from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum import svg as board_picture
from adjudicator.games.mare_nostrum.map import map_of

NATIONS = ["rome", "carthage", "macedon", "egypt", "seleucia", "syracuse"]


def same_as_reference(state: dict[str, Any]) -> str:
    """The board of ``state``, checked equal to the one ElementTree writes whole."""
    game_map = map_of(state)
    shapes = board_picture.shapes_for(game_map)
    assert shapes is not None
    drawn = board_picture.map_svg(state, game_map, shapes)
    assert drawn == reference.map_svg(state, game_map, shapes, reuse=False)
    return drawn


def played_states(seeds: range, turns: int) -> list[dict[str, Any]]:
    """The states of bot-played games, turn after turn, and each seat's view of them."""
    ruleset = get_ruleset("mare-nostrum")
    states = []
    for seed in seeds:
        nations = 3 + seed % 4
        state = ruleset.setup({"nations": str(nations)}, NATIONS[:nations], Dice(f"setup {seed}".encode()))
        rng = random.Random(seed)
        for number in range(turns):
            states.append(state)
            states.extend(ruleset.view(state, seat) for seat in state["seats"][:2])
            requests = ruleset.requests(state)
            if not requests:
                break
            orders = {r.key: ruleset.parse(r, ruleset.bot(state, r, rng)).orders for r in requests}
            state, _events = ruleset.resolve(state, orders, Dice(f"turn {seed} {number}".encode()))
            state = json.loads(json.dumps(state))
    return states


def test_every_board_is_the_board_drawn_whole_turn_after_turn() -> None:
    compared = 0
    for state in played_states(range(8), 12):
        assert "pbem-static-layer" not in same_as_reference(state)
        compared += 1
    assert compared >= 150


def test_a_board_with_a_siege_and_bands_is_the_board_drawn_whole() -> None:
    ruleset = get_ruleset("mare-nostrum")
    state = ruleset.setup({"nations": "3"}, NATIONS[:3], Dice(b"siege"))
    province = next(name for name, p in state["provinces"].items() if p["owner"])
    state["provinces"][province]["siege"] = {"army": "rome:A1"}
    sea = next(name for name in map_of(state).seas)
    state["bands"] = [*state["bands"], {"at": province, "kind": "brigands"}, {"at": sea, "kind": "pirates"}]
    unit = next(iter(state["units"].values()))
    unit["exhausted"] = True
    unit["carrying"] = "rome:A2"
    state["nations"]["carthage"]["alive"] = False
    drawn = same_as_reference(state)
    assert "besieged by rome A1" in drawn


@pytest.mark.parametrize(
    "hostile",
    [
        '<script>alert("x")</script> & Co',
        "tab\there\nline\r\nend > < ' \"",
        "",
        "&amp; &#10; ]]> <!-- -->",
        "Ἀθῆναι ünïcode",
    ],
)
def test_hostile_text_is_escaped_as_elementtree_escapes_it(hostile: str) -> None:
    ruleset = get_ruleset("mare-nostrum")
    state = ruleset.setup({"nations": "4"}, NATIONS[:4], Dice(b"hostile"))
    state["nations"]["rome"]["name"] = hostile
    state["nations"]["carthage"]["colour"] = hostile  # not a colour: drawn grey
    province = next(name for name, p in state["provinces"].items() if p["owner"])
    state["provinces"][province]["siege"] = {"army": hostile}
    unit = next(iter(state["units"].values()))
    unit["carrying"] = f"x:{hostile}"
    drawn = same_as_reference(state)
    assert "<script" not in drawn


@pytest.mark.parametrize("value", ["a&b<c>d\"e'f", "tab\there\nline\r\nend", "", "plain", "&amp;&#10;"])
def test_an_element_is_written_as_elementtree_writes_it(value: str) -> None:
    import xml.etree.ElementTree as ET

    tree = ET.Element("g", id=value, fill="none")
    assert board_picture._element("g", {"id": value, "fill": "none"}) == ET.tostring(tree, encoding="unicode")
    text = ET.SubElement(tree, "text", x="1", y="2")
    text.text = value
    inner = board_picture._text(1, 2, value)
    assert board_picture._element("g", {"id": value, "fill": "none"}, inner) == ET.tostring(
        tree, encoding="unicode"
    )
