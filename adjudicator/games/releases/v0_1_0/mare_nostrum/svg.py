"""The board as a self-contained SVG: a schematic map of the Mediterranean.

Provinces are circles placed by the map's ``pos`` (longitude, latitude), coloured
by owner (grey when independent); a fortress has a thick ring, an arsenal a small
anchor mark; sea zones are pale blue ellipses. Armies and fleets are listed next
to their place; a siege is a dashed red ring. Text goes through ElementTree, which
escapes it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from .map import map_of

State = dict[str, Any]
SCALE = 22.0
MARGIN = 40.0


def board_svg(state: State) -> str:
    game_map = map_of(state)
    points = [p.pos for p in game_map.provinces.values()] + [s.pos for s in game_map.seas.values()]
    min_x = min(x for x, _ in points)
    max_x = max(x for x, _ in points)
    min_y = min(y for _, y in points)
    max_y = max(y for _, y in points)
    width = (max_x - min_x) * SCALE + 2 * MARGIN + 120
    height = (max_y - min_y) * SCALE + 2 * MARGIN + 60

    def xy(pos: tuple[float, float]) -> tuple[float, float]:
        return MARGIN + (pos[0] - min_x) * SCALE, MARGIN + 30 + (max_y - pos[1]) * SCALE

    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=f"{width:.0f}",
        height=f"{height:.0f}",
        viewBox=f"0 0 {width:.0f} {height:.0f}",
        style="font-family:sans-serif",
    )
    ET.SubElement(svg, "title").text = f"Mare Nostrum - turn {state['turn']}"
    ET.SubElement(svg, "rect", width="100%", height="100%", fill="#f4ecd8")
    ET.SubElement(
        svg, "text", x="10", y="20", style="font-size:16px"
    ).text = f"{game_map.name} - turn {state['turn']}"
    edges = ET.SubElement(svg, "g", stroke="#b0a68f", style="stroke-width:1")
    for name, prov in game_map.provinces.items():
        x1, y1 = xy(prov.pos)
        for other in prov.land:
            if other > name:
                x2, y2 = xy(game_map.provinces[other].pos)
                ET.SubElement(edges, "line", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}", y2=f"{y2:.1f}")
        for sea in prov.seas:
            x2, y2 = xy(game_map.seas[sea].pos)
            ET.SubElement(
                edges,
                "line",
                x1=f"{x1:.1f}",
                y1=f"{y1:.1f}",
                x2=f"{x2:.1f}",
                y2=f"{y2:.1f}",
                stroke="#9cc3de",
                style="stroke-dasharray:2,3",
            )
    for name, sea in game_map.seas.items():
        x1, y1 = xy(sea.pos)
        for other in sea.seas:
            if other > name:
                x2, y2 = xy(game_map.seas[other].pos)
                ET.SubElement(
                    edges,
                    "line",
                    x1=f"{x1:.1f}",
                    y1=f"{y1:.1f}",
                    x2=f"{x2:.1f}",
                    y2=f"{y2:.1f}",
                    stroke="#7fb0d4",
                    style="stroke-width:2",
                )

    units_at: dict[str, list[dict[str, Any]]] = {}
    for unit in state["units"].values():
        if unit["at"]:
            units_at.setdefault(unit["at"], []).append(unit)
    colours = {seat: n.get("colour", "#888888") for seat, n in state["nations"].items()}
    bands = {b["at"]: b["kind"] for b in state["bands"]}

    for name, sea in game_map.seas.items():
        x, y = xy(sea.pos)
        group = ET.SubElement(svg, "g", id=f"sea-{name}")
        ET.SubElement(
            group, "ellipse", cx=f"{x:.1f}", cy=f"{y:.1f}", rx="34", ry="14", fill="#cfe5f5", stroke="#7fb0d4"
        )
        ET.SubElement(
            group,
            "text",
            x=f"{x:.1f}",
            y=f"{y + 3:.1f}",
            style="font-size:8px;font-style:italic",
            fill="#2b5f85",
            **{"text-anchor": "middle"},
        ).text = name
        if bands.get(name) == "pirates":
            ET.SubElement(
                group, "text", x=f"{x + 30:.1f}", y=f"{y - 10:.1f}", style="font-size:9px", fill="#000"
            ).text = "pirates"
        _unit_labels(group, units_at.get(name, []), x, y + 24, colours)

    for name, prov in game_map.provinces.items():
        x, y = xy(prov.pos)
        rec = state["provinces"][name]
        owner = rec["owner"]
        group = ET.SubElement(svg, "g", id=f"province-{name}")
        fill = colours.get(owner, "#d9d9d9") if owner else "#d9d9d9"
        ET.SubElement(
            group,
            "circle",
            cx=f"{x:.1f}",
            cy=f"{y:.1f}",
            r="9",
            fill=fill,
            stroke="#333",
            style=f"stroke-width:{3 if prov.fortress else 1}",
        )
        if prov.arsenal:
            ET.SubElement(
                group, "rect", x=f"{x + 6:.1f}", y=f"{y - 10:.1f}", width="5", height="5", fill="#1f4e79"
            )
        if owner and state["nations"][owner]["home"] == name:
            ET.SubElement(group, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r="3", fill="#fff")
        if rec.get("siege"):
            ET.SubElement(
                group,
                "circle",
                cx=f"{x:.1f}",
                cy=f"{y:.1f}",
                r="13",
                fill="none",
                stroke="#d00",
                style="stroke-width:2;stroke-dasharray:3,2",
            )
        ET.SubElement(
            group, "text", x=f"{x:.1f}", y=f"{y - 12:.1f}", style="font-size:9px", **{"text-anchor": "middle"}
        ).text = name
        if bands.get(name) == "brigands":
            ET.SubElement(
                group, "text", x=f"{x + 10:.1f}", y=f"{y + 3:.1f}", style="font-size:8px"
            ).text = "brigands"
        _unit_labels(group, units_at.get(name, []), x, y + 19, colours)

    legend = ET.SubElement(svg, "g", id="legend")
    for i, seat in enumerate(state["seats"]):
        n = state["nations"][seat]
        ly = height - 20 - 14 * (len(state["seats"]) - 1 - i)
        ET.SubElement(legend, "rect", x="10", y=f"{ly - 9:.0f}", width="10", height="10", fill=colours[seat])
        status = "" if n["alive"] else " (eliminated)"
        ET.SubElement(
            legend, "text", x="24", y=f"{ly:.0f}", style="font-size:10px"
        ).text = f"{n['name']}: {n['treasury']} PO{status}"
    ET.indent(svg)
    return ET.tostring(svg, encoding="unicode")


def _unit_labels(
    parent: ET.Element, units: list[dict[str, Any]], x: float, y: float, colours: dict[str, str]
) -> None:
    for i, unit in enumerate(sorted(units, key=lambda u: (u["nation"], u["id"]))):
        text = f"{unit['id']}"
        if unit.get("exhausted"):
            text += "!"
        if unit.get("carrying"):
            text += f"+{unit['carrying'].split(':')[1]}"
        ET.SubElement(
            parent,
            "text",
            x=f"{x:.1f}",
            y=f"{y + 9 * i:.1f}",
            fill=colours.get(unit["nation"], "#000"),
            style="font-size:8px;font-weight:bold",
            **{"text-anchor": "middle"},
        ).text = f"{unit['nation'][:3]} {text}"
