"""The Mare Nostrum board as ElementTree drew it before the drawing was written as text
(``adjudicator/games/mare_nostrum/svg.py`` until the string writing): kept as the reference the
tests compare the drawing with, byte for byte (``map_svg(..., reuse=False)``: every element
built as a tree and written by ``ElementTree.tostring``). Not used by the referee.
"""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from typing import Any

from adjudicator.games.mare_nostrum.board import board_caption, board_title
from adjudicator.games.mare_nostrum.map import DATA, GameMap, map_of
from adjudicator.games.mare_nostrum.schematic import nation_colour, schematic_svg

State = dict[str, Any]
SHAPES = DATA / "mediterranean-shapes.json"

INDEPENDENT = "#efe4c8"  # parchment: a province nobody controls
UNPLAYED_LAND = "#d6ccb4"
SEA = "#a9cde6"  # the open sea outside every zone
SEA_ZONE = "#c4def0"
BORDER = "#5c4f3c"
#: the picture's own width in pixels (the PNG's; a page shrinks it to the screen): the names'
#: 28 units are then 21 px, and at a phone's 400 px about 10 px
DISPLAY_WIDTH = 760
TITLE_HEIGHT = 60
GAP = 14  # between the panels
LABEL_SIZE = 28  # as in tools/mare_nostrum_shapes.py, which fits the labels
SEA_LABEL_SIZE = 24
MARK = 1.7  # marks and markers are drawn at this scale of their base size
MARKER = 20  # width of one unit marker at base size
#: the groups' layers for a renderer that keeps what does not change from turn to turn
BASE = {"data-layer": "base"}
FILLS = {"data-layer": "fills"}
OVER = {"data-layer": "over"}
FREE = {"data-layer": "free"}


@dataclass(frozen=True)
class Shapes:
    width: int
    height: int
    land: str
    coast: str
    paths: dict[str, str]
    #: the name as written (the full name, or a beginning of it that orders accept)
    texts: dict[str, str]
    labels: dict[str, tuple[float, float]]
    #: the name's font size (crowded places have a smaller one)
    sizes: dict[str, int]
    #: the width of the written name (the fortress and arsenal marks go either side)
    widths: dict[str, float]
    #: where a place's row of marks and unit markers is centred
    rows: dict[str, tuple[float, float]]
    #: the panels (west, east) as boxes of the map: x0, y0, x1, y1
    panels: dict[str, tuple[float, float, float, float]]
    #: the panel where each place is named, and the panels its region reaches into
    homes: dict[str, str]
    panels_of: dict[str, tuple[str, ...]]


@cache
def packaged_shapes() -> Shapes:
    raw = json.loads(SHAPES.read_text(encoding="utf-8"))
    places = raw["places"]

    def point(value: list[float]) -> tuple[float, float]:
        return float(value[0]), float(value[1])

    return Shapes(
        width=int(raw["width"]),
        height=int(raw["height"]),
        land=raw["land"],
        coast=raw["coast"],
        paths={name: place["d"] for name, place in places.items()},
        texts={name: place["text"] for name, place in places.items()},
        labels={name: point(place["label"]) for name, place in places.items()},
        widths={name: float(place["w"]) for name, place in places.items()},
        sizes={name: int(place["size"]) for name, place in places.items()},
        rows={name: point(place["units"]) for name, place in places.items()},
        panels={name: (b[0], b[1], b[2], b[3]) for name, b in raw["panels"].items()},
        homes={name: place["panel"] for name, place in places.items()},
        panels_of={name: tuple(place["in"]) for name, place in places.items()},
    )


def shapes_for(game_map: GameMap) -> Shapes | None:
    """The packaged shapes when every place of the map has one; ``None`` otherwise."""
    shapes = packaged_shapes()
    return shapes if all(name in shapes.paths for name in game_map.places) else None


def board_svg(state: State) -> str:
    game_map = map_of(state)
    shapes = shapes_for(game_map)
    if shapes is None:
        return schematic_svg(state)
    return map_svg(state, game_map, shapes)


def _text(parent: ET.Element, x: float, y: float, text: str, **attrs: str) -> ET.Element:
    element = ET.SubElement(parent, "text", x=f"{x:.0f}", y=f"{y:.0f}", **attrs)
    element.text = text
    return element


def _size(shapes: Shapes, name: str, usual: int) -> dict[str, str]:
    """A font size for a crowded place's name, when it is not the usual one."""
    return {} if shapes.sizes[name] == usual else {"font-size": str(shapes.sizes[name])}


def _halo(**attrs: str) -> dict[str, str]:
    """Attributes for text drawn over a coloured region: a white halo under the letters."""
    return {
        "stroke": "#ffffff",
        "stroke-width": "3",
        "stroke-linejoin": "round",
        "paint-order": "stroke",
        "text-anchor": "middle",
        **attrs,
    }


def picture_width(shapes: Shapes) -> int:
    return max(round(x1 - x0) for x0, _, x1, _ in shapes.panels.values())


def panel_origins(shapes: Shapes) -> dict[str, tuple[int, int]]:
    """Where each panel's top left corner stands in the picture (panels one above the other)."""
    width, top, out = picture_width(shapes), TITLE_HEIGHT, {}
    for panel, (x0, y0, x1, y1) in shapes.panels.items():
        out[panel] = ((width - round(x1 - x0)) // 2, top)
        top += round(y1 - y0) + GAP
    return out


def to_picture(shapes: Shapes, panel: str, x: float, y: float) -> tuple[float, float]:
    """A point of the map (in ``panel``) as a point of the picture."""
    (left, top), (x0, y0, _, _) = panel_origins(shapes)[panel], shapes.panels[panel]
    return left + x - round(x0), top + y - round(y0)


#: the static layers of each panel, written once per map (see :func:`_static_layers`); bounded
_STATIC: dict[tuple[Any, ...], tuple[str, str, str]] = {}
_STATIC_MAX = 32


def map_svg(state: State, game_map: GameMap, shapes: Shapes, *, reuse: bool = True) -> str:
    """The board of ``state``. The layers of a panel that depend on the map alone (the sea, its
    zones, the land, the coast, the names) are written once per map and put in as written
    (``reuse``; without it every layer is drawn again: the same bytes, which a test checks)."""
    static: list[str] | None = [] if reuse else None
    colours = {seat: nation_colour(n.get("colour")) for seat, n in state["nations"].items()}
    width = picture_width(shapes)
    panel_heights = [round(y1 - y0) for _, y0, _, y1 in shapes.panels.values()]
    legend_top = TITLE_HEIGHT + sum(panel_heights) + GAP * (len(panel_heights) - 1)
    height = round(legend_top + _legend_height(len(state["seats"])))
    title = f"{game_map.name} - {board_title(state)}"
    year, shows = board_caption(state)
    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=str(DISPLAY_WIDTH),
        height=str(round(height * DISPLAY_WIDTH / width)),
        viewBox=f"0 0 {width} {height}",
        **{"font-family": "DejaVu Sans, Verdana, Arial, sans-serif"},
    )
    ET.SubElement(svg, "title").text = title
    ET.SubElement(svg, "rect", width=str(width), height=str(height), fill="#f7f1e3", **BASE)
    _text(svg, 14, 44, year, **{"font-size": "40", "font-weight": "bold", "fill": "#3b2f20"})
    _text(
        svg,
        width - 14,
        42,
        f"{game_map.name}, {shows}",
        **{"font-size": "24", "fill": "#3b2f20", "text-anchor": "end"},
    )
    for panel, (left, top) in panel_origins(shapes).items():
        x0, y0, x1, y1 = shapes.panels[panel]
        w, h = round(x1 - x0), round(y1 - y0)
        frame = ET.SubElement(
            svg,
            "svg",
            id=f"map-{panel}",
            x=str(left),
            y=str(top),
            width=str(w),
            height=str(h),
            viewBox=f"{round(x0)} {round(y0)} {w} {h}",
        )
        _map_layer(frame, panel, state, game_map, shapes, colours, static)
        ET.SubElement(
            svg,
            "rect",
            x=str(left),
            y=str(top),
            width=str(w),
            height=str(h),
            fill="none",
            stroke="#3b2f20",
            **{"stroke-width": "2"},
            **BASE,
        )
    _legend(svg, state, colours, shapes, legend_top, width)
    text = ET.tostring(svg, encoding="unicode")
    for i, written in enumerate(static or []):
        # a placeholder element's own form: no text or attribute can write it ("<" is escaped)
        text = text.replace(f"<{_PLACEHOLDER}{i} />", written, 1)
    return text


_PLACEHOLDER = "pbem-static-layer-"


def _static_layers(panel: str, game_map: GameMap, shapes: Shapes) -> tuple[str, str, str]:
    """The three runs of a panel's layers that depend on the map alone, as ElementTree writes
    them: the sea, its zones and the land; the coast; the sea zones' and provinces' names."""
    key = (
        panel,
        id(shapes),
        tuple((name, game_map.is_sea(name), game_map.is_province(name)) for name in game_map.places),
    )
    written = _STATIC.get(key)
    if written is None:
        parts = [ET.Element("g"), ET.Element("g"), ET.Element("g")]
        _sea_and_land(parts[0], panel, game_map, shapes)
        _coast(parts[1], shapes)
        _names(parts[2], ET.Element("g"), panel, game_map, shapes, {}, {}, {}, set(), {}, names_only=True)
        runs = ["".join(ET.tostring(child, encoding="unicode") for child in part) for part in parts]
        written = (runs[0], runs[1], runs[2])
        if len(_STATIC) >= _STATIC_MAX:
            _STATIC.clear()
        _STATIC[key] = written
    return written


_FILL = "pbem-fill"
_REGION_END = '" />'
_REGIONS: dict[tuple[Any, ...], dict[str, str]] = {}


def _regions_written(panel: str, game_map: GameMap, shapes: Shapes) -> dict[str, str]:
    """Each province region of ``panel`` as ElementTree writes it, up to its fill's value."""
    key = (panel, id(shapes), tuple(game_map.places))
    written = _REGIONS.get(key)
    if written is None:
        written = {}
        for name in game_map.places:
            if game_map.is_province(name) and panel in shapes.panels_of[name]:
                path = ET.Element("path", id=f"{panel}-province-{name}", d=shapes.paths[name], fill=_FILL)
                text = ET.tostring(path, encoding="unicode")
                head, tail = text.split(f'fill="{_FILL}', 1)
                assert tail == _REGION_END, text
                written[name] = f'{head}fill="'
        if len(_REGIONS) >= _STATIC_MAX:
            _REGIONS.clear()
        _REGIONS[key] = written
    return written


def _placeholder(parent: ET.Element, static: list[str], written: str) -> None:
    ET.SubElement(parent, f"{_PLACEHOLDER}{len(static)}")
    static.append(written)


def _sea_and_land(parent: ET.Element, panel: str, game_map: GameMap, shapes: Shapes) -> None:
    x0, y0, x1, y1 = (round(v) for v in shapes.panels[panel])
    shown = [name for name in game_map.places if panel in shapes.panels_of[name]]
    ET.SubElement(
        parent,
        "rect",
        x=f"{x0:.0f}",
        y=f"{y0:.0f}",
        width=f"{x1 - x0:.0f}",
        height=f"{y1 - y0:.0f}",
        fill=SEA,
        **BASE,
    )
    seas = ET.SubElement(parent, "g", fill=SEA_ZONE, stroke="#ffffff", **{"stroke-width": "2"}, **BASE)
    for name in shown:
        if game_map.is_sea(name):
            ET.SubElement(seas, "path", id=f"{panel}-sea-{name}", d=shapes.paths[name])
    ET.SubElement(parent, "path", d=shapes.land, fill=UNPLAYED_LAND, stroke="none", **BASE)


def _coast(parent: ET.Element, shapes: Shapes) -> None:
    ET.SubElement(
        parent,
        "path",
        d=shapes.coast,
        fill="none",
        stroke="#3f5f78",
        **{"stroke-width": "2", "stroke-linejoin": "round"},
        **BASE,
    )


def _map_layer(
    parent: ET.Element,
    panel: str,
    state: State,
    game_map: GameMap,
    shapes: Shapes,
    colours: dict[str, str],
    static: list[str] | None = None,
) -> None:
    """One panel of the map: the places whose region reaches into it, named where they belong
    (``static``: where the layers written once per map go, or ``None`` to draw them again)."""
    shown = [name for name in game_map.places if panel in shapes.panels_of[name]]
    sea_and_land, coast, names = ("", "", "") if static is None else _static_layers(panel, game_map, shapes)
    if static is None:
        _sea_and_land(parent, panel, game_map, shapes)
    else:
        _placeholder(parent, static, sea_and_land)
    regions = ET.SubElement(
        parent, "g", stroke=BORDER, **{"stroke-width": "1.2", "stroke-linejoin": "round"}, **FILLS
    )
    provinces = [name for name in shown if game_map.is_province(name)]
    fills = {}
    for name in provinces:
        owner = state["provinces"][name]["owner"]
        fills[name] = colours.get(owner, INDEPENDENT) if owner else INDEPENDENT
    if static is None:
        for name in provinces:
            path_id = f"{panel}-province-{name}"
            ET.SubElement(regions, "path", id=path_id, d=shapes.paths[name], fill=fills[name])
    elif provinces:  # each region as written once per map, its fill put in (a colour: nothing to escape)
        written = _regions_written(panel, game_map, shapes)
        runs = "".join(f"{written[name]}{fills[name]}{_REGION_END}" for name in provinces)
        _placeholder(regions, static, runs)
    if static is None:
        _coast(parent, shapes)
    else:
        _placeholder(parent, static, coast)
    sieges = ET.SubElement(
        parent, "g", fill="none", stroke="#d00000", **{"stroke-width": "4.5", "stroke-dasharray": "9,6"}
    )
    for name in shown:
        siege = game_map.is_province(name) and state["provinces"][name].get("siege")
        if siege:
            path = ET.SubElement(sieges, "path", d=shapes.paths[name])
            ET.SubElement(path, "title").text = f"{name} besieged by {siege['army'].replace(':', ' ')}"

    units_at: dict[str, list[dict[str, Any]]] = {}
    for unit in state["units"].values():
        if unit["at"]:
            units_at.setdefault(unit["at"], []).append(unit)
    bands = {b["at"]: b["kind"] for b in state["bands"]}
    homes = {n["home"] for n in state["nations"].values() if n.get("alive", True)}
    if static is None:
        marks = ET.Element("g", **FREE)
        _names(parent, marks, panel, game_map, shapes, state, units_at, bands, homes, colours)
        parent.append(marks)
    else:
        _placeholder(parent, static, names)
        marks = ET.SubElement(parent, "g", **FREE)
        _names(None, marks, panel, game_map, shapes, state, units_at, bands, homes, colours)


def _names(
    parent: ET.Element | None,
    marks: ET.Element,
    panel: str,
    game_map: GameMap,
    shapes: Shapes,
    state: State,
    units_at: dict[str, list[dict[str, Any]]],
    bands: dict[str, str],
    homes: set[str],
    colours: dict[str, str],
    *,
    names_only: bool = False,
) -> None:
    """The places named in ``panel``: their names in two layers under ``parent`` (none when
    ``parent`` is ``None``: written once per map), their marks and units in ``marks`` (none
    with ``names_only``)."""
    named = [name for name in game_map.places if shapes.homes[name] == panel]
    sea_labels = labels = None
    if parent is not None:
        sea_labels = ET.SubElement(
            parent,
            "g",
            fill="#1f4f73",
            **_halo(**{"font-size": str(SEA_LABEL_SIZE), "font-style": "italic", "stroke": "#e4f0f8"}),
            **OVER,
        )
        labels = ET.SubElement(parent, "g", fill="#1e1a14", **_halo(**{"font-size": str(LABEL_SIZE)}), **OVER)
    owns = None if parent is None else ET.SubElement(parent, "g", **OVER)  # fortresses, arsenals
    for name in named:
        x, y = shapes.labels[name]
        rx, ry = shapes.rows[name]
        if game_map.is_sea(name):
            if sea_labels is not None:
                _text(sea_labels, x, y, shapes.texts[name], **_size(shapes, name, SEA_LABEL_SIZE))
            if names_only:
                continue
            icons = ["pirates"] if bands.get(name) == "pirates" else []
            _row(marks, icons, units_at.get(name, []), rx, ry, colours, state, shapes.row_scales[name])
            continue
        if labels is not None:
            _text(labels, x, y, shapes.texts[name], **_size(shapes, name, LABEL_SIZE))
        prov = game_map.provinces[name]
        half = shapes.widths[name] / 2
        if owns is not None and prov.fortress:
            _icon(owns, "fortress", x - half - 13, y - 10)
        if owns is not None and prov.arsenal:
            _icon(owns, "arsenal", x + half + 13, y - 10)
        if names_only:
            continue
        icons = [
            icon
            for icon, present in (("home", name in homes), ("brigands", bands.get(name) == "brigands"))
            if present
        ]
        _row(marks, icons, units_at.get(name, []), rx, ry, colours, state, shapes.row_scales[name])


def _row(
    parent: ET.Element,
    icons: list[str],
    units: list[dict[str, Any]],
    x: float,
    y: float,
    colours: dict[str, str],
    state: State,
    scale: float = MARK,
) -> None:
    """A place's row: its marks (capital, fortress, arsenal), then one marker per nation and kind."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for unit in units:
        groups.setdefault((unit["nation"], unit["kind"]), []).append(unit)
    order = {seat: i for i, seat in enumerate(state["seats"])}
    keys = sorted(groups, key=lambda k: (order.get(k[0], len(order)), k[1]))
    icon_width, marker_width = 15.0 * scale, (MARKER + 4.0) * scale
    left = x - (icon_width * len(icons) + marker_width * len(keys)) / 2
    for icon in icons:
        _icon(parent, icon, left + icon_width / 2, y, scale)
        left += icon_width
    for nation, kind in keys:
        colour = colours.get(nation, "#888888")
        _marker(parent, kind, nation, groups[(nation, kind)], left + marker_width / 2, y, colour, scale)
        left += marker_width


def _icon(parent: ET.Element, icon: str, x: float, y: float, scale: float = MARK) -> None:
    """A place's mark centred on (x, y), drawn at its base size around the origin and scaled."""
    parent = ET.SubElement(parent, "g", transform=f"translate({x:.1f} {y:.1f}) scale({scale})")
    x = y = 0.0
    if icon == "home":
        points = []
        for k in range(10):
            r = 7.5 if k % 2 == 0 else 3.2
            angle = -math.pi / 2 + k * math.pi / 5
            points.append(f"{x + r * math.cos(angle):.1f},{y + r * math.sin(angle):.1f}")
        ET.SubElement(
            parent,
            "polygon",
            points=" ".join(points),
            fill="#ffd54a",
            stroke="#3b2f20",
            **{"stroke-width": "1"},
        )
    elif icon == "fortress":
        d = f"M{x - 6:.1f} {y + 6:.1f}v-11h2.4v2.4h2.4v-2.4h2.4v2.4h2.4v-2.4h2.4v11z"  # a crenellated tower
        ET.SubElement(parent, "path", d=d, fill="#3b3b3b", stroke="#ffffff", **{"stroke-width": "1"})
    elif icon in ("brigands", "pirates"):  # a black flag with the band's initial
        ET.SubElement(
            parent,
            "rect",
            x=f"{x - 6.5:.1f}",
            y=f"{y - 7:.1f}",
            width="13",
            height="14",
            rx="2",
            fill="#111111",
        )
        _text(
            parent,
            x,
            y + 4.5,
            icon[0].upper(),
            **{"font-size": "12", "font-weight": "bold", "fill": "#ffffff", "text-anchor": "middle"},
        )
    else:
        d = f"M{x:.1f} {y - 6:.1f}l6 6l-6 6l-6 -6z"
        ET.SubElement(parent, "path", d=d, fill="#1f4e79", stroke="#ffffff", **{"stroke-width": "1"})


def _marker(
    parent: ET.Element,
    kind: str,
    nation: str,
    members: list[dict[str, Any]],
    x: float,
    y: float,
    colour: str,
    scale: float = MARK,
) -> None:
    group = ET.SubElement(parent, "g", transform=f"translate({x:.1f} {y:.1f}) scale({scale})")
    x = y = 0.0
    names = []
    for unit in sorted(members, key=lambda u: (u["id"][0], int(u["id"][1:]) if u["id"][1:].isdigit() else 0)):
        extra = []
        if unit.get("exhausted"):
            extra.append("exhausted")
        if unit.get("carrying"):
            extra.append(f"carrying {unit['carrying'].split(':')[1]}")
        names.append(unit["id"] + (f" ({', '.join(extra)})" if extra else ""))
    ET.SubElement(group, "title").text = f"{nation}: {', '.join(names)}"
    dashed = {"stroke-dasharray": "3,2"} if any(u.get("exhausted") for u in members) else {}
    if kind == "army":
        ET.SubElement(
            group,
            "rect",
            x=f"{x - MARKER / 2:.1f}",
            y=f"{y - 9:.1f}",
            width=str(MARKER),
            height="18",
            rx="2",
            fill=colour,
            stroke="#111111",
            **{"stroke-width": "1.4"},
            **dashed,
        )
    else:  # a hull: wide deck, narrow keel
        d = f"M{x - MARKER / 2 - 2:.1f} {y - 8:.1f}h{MARKER + 4}l-5 16h{-(MARKER - 6)}z"
        ET.SubElement(group, "path", d=d, fill=colour, stroke="#111111", **{"stroke-width": "1.4"}, **dashed)
    _text(
        group,
        x,
        y + 5,
        str(len(members)),
        **{
            "font-size": "13",
            "font-weight": "bold",
            "fill": "#ffffff",
            "text-anchor": "middle",
            "stroke": "#111111",
            "stroke-width": "2",
            "paint-order": "stroke",
        },
    )


LEGEND_LINE = 40  # the legend's line height; its text is as large as the names on the map


def _legend_height(seats: int) -> float:
    return LEGEND_LINE * ((seats + 1) // 2 + 4) + 16


def _legend(
    svg: ET.Element, state: State, colours: dict[str, str], shapes: Shapes, top: float, width: int
) -> None:
    """The nations (colour, name, treasury) in two columns, then the key to the marks."""
    legend = ET.SubElement(svg, "g", id="legend", **{"font-size": str(LABEL_SIZE - 2), "fill": "#1e1a14"})
    line = LEGEND_LINE
    y = top + line
    for i, seat in enumerate(state["seats"]):
        n = state["nations"][seat]
        x, y = 14 + width / 2 * (i % 2), top + line + line * (i // 2)
        ET.SubElement(
            legend,
            "rect",
            x=f"{x:.0f}",
            y=f"{y - 22:.0f}",
            width="28",
            height="28",
            fill=colours[seat],
            stroke="#111111",
        )
        status = "" if n["alive"] else " (out)"
        _text(legend, x + 38, y, f"{n['name']}: {n['treasury']} PO{status}")
    y += line
    legend = ET.SubElement(legend, "g", **OVER)  # the key: the same at every turn

    def key(items: list[tuple[str, str]], y: float) -> None:
        x = 14.0
        for mark, text in items:
            if mark in ("army", "fleet"):
                _marker(legend, mark, "key", [{"id": "1", "at": "key"}], x + 16, y - 9, "#8a8a8a")
                x += 38
            else:
                _icon(legend, mark, x + 12, y - 9)
                x += 30
            _text(legend, x, y, text)
            x += 15.5 * len(text) + 26

    key([("army", "armies"), ("fleet", "fleets"), ("home", "capital"), ("fortress", "fortress")], y)
    key([("arsenal", "arsenal"), ("brigands", "brigands"), ("pirates", "pirates")], y + line)
    y += 2 * line
    ET.SubElement(
        legend,
        "rect",
        x="14",
        y=f"{y - 20:.0f}",
        width="36",
        height="24",
        fill="none",
        stroke="#d00000",
        **{"stroke-width": "4.5", "stroke-dasharray": "9,6"},
    )
    _text(legend, 62, y, "besieged province; a dashed marker: exhausted")
    short = next((name for name in state["provinces"] if shapes.texts.get(name, name) != name), None)
    if short:
        _text(
            legend,
            14,
            y + line,
            f"{shapes.texts[short]} stands for {short}: orders accept the start of a name.",
        )
