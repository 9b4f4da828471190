"""The table as a simple SVG: the India Company and its ICROE, then one row per player with its
treasure, its crew, and a mark in each of the seven seas where it holds a place."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from adjudicator.games.releases.v0_1_0.master_commander.cards import SEVEN_SEAS
from adjudicator.games.releases.v0_1_0.master_commander.icroe import icroe

SVG_NS = "http://www.w3.org/2000/svg"
ROW = 44
LEFT = 250
SEA_WIDTH = 74
SEA_COLOURS = ("#2a9d8f", "#264653", "#e9c46a", "#8ecae6", "#f4a261", "#219ebc", "#e76f51")


def _text(parent: ET.Element, x: float, y: float, text: str, **attrs: str) -> None:
    el = ET.SubElement(
        parent, "text", {"x": str(x), "y": str(y), "font-family": "sans-serif", "font-size": "12"}
    )
    el.attrib.update(attrs)
    el.text = text


def _seas(view: dict[str, Any], seat: str) -> dict[str, int]:
    p = view["players"][seat]
    held: dict[str, int] = {}
    for uid in [p["haven"], *p["territories"]]:
        inst = view["cards"].get(uid, {})
        if inst.get("barren") or "id" not in inst:
            continue
        sea = view["catalogue"][inst["id"]].get("sea", "")
        if sea:
            held[sea] = held.get(sea, 0) + 1
    return held


def board_svg(view: dict[str, Any]) -> str:
    seats = list(view.get("order", []))
    height = 70 + ROW * (len(seats) + 1)
    width = LEFT + SEA_WIDTH * len(SEVEN_SEAS) + 10
    svg = ET.Element(
        "svg",
        {"xmlns": SVG_NS, "width": str(width), "height": str(height), "viewBox": f"0 0 {width} {height}"},
    )
    ET.SubElement(
        svg, "rect", {"x": "0", "y": "0", "width": str(width), "height": str(height), "fill": "#fdf6e3"}
    )
    stock = int(view.get("company_gold", 0))
    _text(
        svg,
        10,
        22,
        f"India Company: {stock} gold, ICROE {icroe(stock)}",
        **{"font-size": "15", "font-weight": "bold"},
    )
    if view.get("active"):
        _text(svg, 10, 42, f"Turn {view.get('turn')}, round {view.get('round')}: {view['active']} to play")
    for i, sea in enumerate(SEVEN_SEAS):
        _text(svg, LEFT + SEA_WIDTH * i + 4, 62, sea, **{"font-size": "11"})
    for row, seat in enumerate(seats):
        y = 70 + ROW * row
        p = view["players"][seat]
        fill = "#ffe8a3" if seat == view.get("active") else "#ffffff"
        ET.SubElement(
            svg,
            "rect",
            {
                "x": "4",
                "y": str(y),
                "width": str(width - 8),
                "height": str(ROW - 4),
                "fill": fill,
                "stroke": "#999",
            },
        )
        _text(
            svg, 10, y + 16, f"{seat}: {p['gold']} gold, {p['doublons']} doublons", **{"font-weight": "bold"}
        )
        crew = len(p["characters"])
        _text(
            svg,
            10,
            y + 32,
            f"{crew} in activity, {len(p['captured'])} captive(s), {len(p['agreements'])} agreement(s)",
        )
        held = _seas(view, seat)
        for i, sea in enumerate(SEVEN_SEAS):
            if held.get(sea):
                cx = LEFT + SEA_WIDTH * i + SEA_WIDTH / 2
                ET.SubElement(
                    svg, "circle", {"cx": str(cx), "cy": str(y + 19), "r": "13", "fill": SEA_COLOURS[i]}
                )
                _text(svg, cx - 4, y + 23, str(held[sea]), fill="#ffffff", **{"font-weight": "bold"})
    outcome = view.get("outcome")
    if outcome:
        _text(
            svg,
            10,
            height - 12,
            f"Game over: {', '.join(outcome['winners'])} ({outcome['reason']})",
            **{"font-weight": "bold"},
        )
    return ET.tostring(svg, encoding="unicode")
