"""The board as a self-contained SVG: the 8x8 sea, each ship by number and side, hull and masts.

Its words (the title, the ships' tooltips, the tally) are the reader's (``lang``), the turn's label
said as the reports say it; the English picture is the one every release has drawn.

The drawing says which of its parts stay the same from turn to turn of a game (``data-layer``,
read by ``adjudicator.publish.pictures``, which then renders those once per process): ``base``,
the paper and the sea's squares (shapes); ``over``, the files' letters and the ranks' numbers
round the sea. Every other element is the turn's own: the ships, in a ``free`` group, each ship
one group translated to its square (its hull, masts and figures drawn about its corner, so that
its ink lies around its anchor), and the tally under the sea. A reader that ignores
``data-layer`` draws the same picture in one pass."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from adjudicator.games.far_side import board as B
from adjudicator.games.language import ENGLISH, Language

CELL = 60
MARGIN = 24
BASE = {"data-layer": "base"}
OVER = {"data-layer": "over"}
FREE = {"data-layer": "free"}
COLOURS = {"british": ("#c8102e", "#ffffff"), "french": ("#0055a4", "#ffffff")}


def _label(state: dict[str, Any], lang: Language) -> str:
    """The turn's label in ``lang``, as the text board says it."""
    label = f"{state.get('label', '')}"
    if label and lang.code != ENGLISH.code:
        from adjudicator.games.far_side.texts import LABELS, said

        return said(label, lang, LABELS)
    return label


def board_svg(state: dict[str, Any], lang: Language = ENGLISH) -> str:
    size = CELL * B.SIZE + 2 * MARGIN
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": str(size),
            "height": str(size + 30),
            "viewBox": f"0 0 {size} {size + 30}",
            "font-family": "sans-serif",
        },
    )
    ET.SubElement(svg, "title").text = lang._("Far Side of the World - %(label)s", label=_label(state, lang))
    base = ET.SubElement(svg, "g", BASE)
    ET.SubElement(
        base, "rect", {"x": "0", "y": "0", "width": str(size), "height": str(size + 30), "fill": "#f4efe1"}
    )
    for y in range(B.SIZE):
        for x in range(B.SIZE):
            fill = "#9cc9e6" if (x + y) % 2 else "#b7dbf0"
            px, py = MARGIN + x * CELL, MARGIN + (B.SIZE - 1 - y) * CELL
            ET.SubElement(
                base,
                "rect",
                {"x": str(px), "y": str(py), "width": str(CELL), "height": str(CELL), "fill": fill},
            )
    over = ET.SubElement(svg, "g", OVER)
    for i, letter in enumerate(B.FILES):
        _text(over, MARGIN + i * CELL + CELL // 2, MARGIN - 8, letter, 12, "#333")
        _text(over, MARGIN + i * CELL + CELL // 2, MARGIN + B.SIZE * CELL + 16, letter, 12, "#333")
    for j in range(B.SIZE):
        _text(over, MARGIN // 2, MARGIN + (B.SIZE - 1 - j) * CELL + CELL // 2 + 4, str(j + 1), 12, "#333")
    ships = B.afloat(state)
    if ships:
        fleet = ET.SubElement(svg, "g", FREE)
        for ship in ships:
            _ship(fleet, ship, state, lang)
    t = state["tally"]
    caption = "   ".join(
        lang._(
            "%(side)s: captured %(captured)s, sunk %(sunk)s",
            side=B.side_name(side, lang),
            captured=t[side]["captured"],
            sunk=t[side]["sunk"],
        )
        for side in ("british", "french")
    )
    _text(svg, size // 2, size + 18, caption, 13, "#222")
    return ET.tostring(svg, encoding="unicode")


def _text(
    parent: ET.Element, x: int, y: int, text: str, size: int, fill: str, weight: str = "normal"
) -> None:
    node = ET.SubElement(
        parent,
        "text",
        {
            "x": str(x),
            "y": str(y),
            "font-size": str(size),
            "text-anchor": "middle",
            "fill": fill,
            "font-weight": weight,
        },
    )
    node.text = text


def _ship(parent: ET.Element, ship: dict[str, Any], state: dict[str, Any], lang: Language = ENGLISH) -> None:
    """One ship: a group translated to its square's corner, its hull, masts and figures drawn
    about that corner."""
    x, y = B.xy(ship["square"])
    px, py = MARGIN + x * CELL, MARGIN + (B.SIZE - 1 - y) * CELL
    hull_colour, text_colour = COLOURS[ship["side"]]
    group = ET.SubElement(parent, "g", {"id": ship["id"], "transform": f"translate({px} {py})"})
    ET.SubElement(group, "title").text = lang._(
        "%(ship)s class %(class)s, hull %(hull)s, masts %(standing)s/%(masts)s",
        ship=ship["id"],
        **{"class": ship["class"]},
        hull=ship["hull"],
        standing=ship["masts"] - ship["broken"],
        masts=ship["masts"],
    )
    # the hull: a boat shape, its fill showing the hull strength left
    bow_up = ship["side"] == "french"
    top, bottom = 14, CELL - 10
    left, right, middle = 10, CELL - 10, CELL // 2
    if bow_up:
        points = f"{middle},{top} {right},{top + 14} {right},{bottom} {left},{bottom} {left},{top + 14}"
    else:
        points = f"{left},{top} {right},{top} {right},{bottom - 14} {middle},{bottom} {left},{bottom - 14}"
    opacity = 0.35 + 0.65 * (ship["hull"] / ship["class"]) if ship["class"] else 1
    ET.SubElement(
        group,
        "polygon",
        {
            "points": points,
            "fill": hull_colour,
            "fill-opacity": f"{opacity:.2f}",
            "stroke": "#222",
            "stroke-width": "1.5",
        },
    )
    # masts: one line each, broken ones dashed and grey
    for m in range(ship["masts"]):
        mx = 18 + m * 12
        broken = m >= ship["masts"] - ship["broken"]
        ET.SubElement(
            group,
            "line",
            {
                "x1": str(mx),
                "y1": "4",
                "x2": str(mx),
                "y2": "16",
                "stroke": "#888" if broken else "#222",
                "stroke-width": "2",
                **({"stroke-dasharray": "2,2"} if broken else {}),
            },
        )
    _text(group, CELL // 2, CELL // 2 + 9, str(ship["number"]), 18, text_colour, "bold")
    _text(group, CELL - 8, CELL - 2, f"{ship['hull']}/{ship['class']}", 9, "#111")
    fires = ship["fires"]["uncontrolled"] + ship["fires"]["controlled"]
    if fires:
        _text(group, 8, CELL - 2, "🔥" * min(fires, 3), 9, "#d40")
    if ship["engaged"]:
        ET.SubElement(
            group,
            "circle",
            {
                "cx": str(CELL - 8),
                "cy": "8",
                "r": "5",
                "fill": "#222" if ship["fired"] else "#fff",
                "stroke": "#222",
            },
        )
    if any(ship["id"] in pair for pair in state["grapples"]):
        ET.SubElement(
            group,
            "rect",
            {
                "x": "2",
                "y": "2",
                "width": str(CELL - 4),
                "height": str(CELL - 4),
                "fill": "none",
                "stroke": "#a60",
                "stroke-width": "3",
            },
        )
