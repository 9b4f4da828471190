"""Every place's unit markers are drawn inside its own region of the board: a point-in-region test
for every province and sea zone, on the regions as drawn (``data/mediterranean-shapes.json``),
and on the SVG the ruleset writes."""

from __future__ import annotations

import re

import pytest
from mare_nostrum_helpers import army, fleet, give, new_game

from adjudicator.games.mare_nostrum import svg as board_picture
from adjudicator.games.mare_nostrum.map import default_map

#: one marker's room at base size (as tools/mare_nostrum_shapes.py keeps free): width, height
MARKER_ROOM = (24.0, 22.0)


def rings_of(d: str) -> list[list[tuple[float, float]]]:
    """Every ring of a region's path (``M x y`` then relative ``l dx dy`` ..., ``z`` closing each)."""
    rings = []
    for text in d.split("z"):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]
        if len(numbers) < 6:
            continue
        x, y = numbers[0], numbers[1]
        ring = [(x, y)]
        for dx, dy in zip(numbers[2::2], numbers[3::2], strict=True):
            x, y = x + dx, y + dy
            ring.append((x, y))
        rings.append(ring)
    return rings


def in_region(point: tuple[float, float], rings: list[list[tuple[float, float]]]) -> bool:
    """Even-odd rule over every ring (an island's sea zone has the island as a hole)."""
    x, y = point
    hit = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def test_in_region_is_a_real_point_in_region_test() -> None:
    square = [[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]]
    hole = [*square, [(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0)]]
    assert in_region((1, 1), square) and not in_region((11, 1), square)
    assert in_region((2, 2), hole) and not in_region((5, 5), hole)


PLACES = sorted(default_map().places)
#: islands smaller than the room of two markers at the smallest scale: the markers' centres lie
#: inside, their edges may touch the sea around
TINY = {"Baleares", "Rhodus"}


@pytest.mark.parametrize("place", PLACES)
def test_unit_markers_of_every_place_are_inside_its_region(place: str) -> None:
    """The row's centre and the centres of its first two markers (and their room, all but a unit
    at the edges) lie in the place's own region: never in the sea beside it or in a neighbour."""
    shapes = board_picture.packaged_shapes()
    rings = rings_of(shapes.paths[place])
    x, y = shapes.rows[place]
    scale = shapes.row_scales[place]
    step = MARKER_ROOM[0] * scale
    half_h = MARKER_ROOM[1] * scale / 2 - 1
    points = [(x, y), (x - step / 2, y), (x + step / 2, y)]
    if place not in TINY:
        points += [(x + dx * (step - 1), y + dy * half_h) for dx in (-1, 1) for dy in (-1, 1)]
    outside = [p for p in points if not in_region(p, rings)]
    assert not outside, f"{place}: markers at {outside} lie outside its region"
    others = [n for n in PLACES if n != place and in_region((x, y), rings_of(shapes.paths[n]))]
    assert not others, f"{place}: its row lies in {others} too"


def test_markers_stay_legible_where_the_region_is_small() -> None:
    """A small region draws its row smaller, but at a phone's 400 px a marker stays at least 5 px
    wide; a third of the places at least keep the usual size."""
    shapes = board_picture.packaged_shapes()
    px = 400 / board_picture.picture_width(shapes)
    assert min(shapes.row_scales.values()) * board_picture.MARKER * px >= 5
    assert sum(s == board_picture.MARK for s in shapes.row_scales.values()) >= len(PLACES) / 3


def test_the_svg_draws_apulias_armies_inside_apulia() -> None:
    """Rome's armies in Apulia are drawn in Apulia, not in the sea beside Bruttium."""
    state = new_game()
    give(state, "Apulia", "rome")
    army(state, "rome", 1, "Apulia")
    army(state, "rome", 2, "Apulia")
    fleet(state, "carthage", 1, "Mare-Ionium")
    svg = board_picture.board_svg(state)
    shapes = board_picture.packaged_shapes()
    found = re.search(
        r'<g transform="translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\)"><title>rome: A1, A2', svg
    )
    assert found, "no marker for Rome's armies"
    px, py = float(found.group(1)), float(found.group(2))
    # one group in the row: its marker is centred on the row, which lies in Apulia, not Bruttium
    row = shapes.rows["Apulia"]  # a panel is drawn in the map's own units, moved as a whole
    assert (px, py) == pytest.approx(row, abs=0.06)
    assert float(found.group(3)) == shapes.row_scales["Apulia"]
    assert in_region(row, rings_of(shapes.paths["Apulia"]))
    assert not in_region(row, rings_of(shapes.paths["Bruttium"]))
