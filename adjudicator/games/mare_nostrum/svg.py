"""The board as a self-contained SVG: a map of the Mediterranean, province by province.

Each province is a region of the real coastline, filled with its owner's colour (parchment
when independent); each sea zone a region of the sea. The map comes in two panels, west
above east, so that its names stay legible when a phone shrinks the picture to 400 px.
In each place a row shows its capital (star) and bands (black flags B and P), then one
marker per nation and kind of unit - a square for armies, a hull for fleets - in the
nation's colour with how many there are (dashed when they are exhausted); a fortress has a
tower before its name, an arsenal a blue diamond after it; a besieged province a dashed red
outline. The legend gives each nation's treasury and the key. The title is the turn's own
year. The words are the reader's (``lang``): the glossary's terms and the catalogue's sentences,
the years as the reports say them; the English picture is the one every release has drawn.

The regions are data, not code: ``data/mediterranean-shapes.json``, authored once by
``tools/mare_nostrum_shapes.py`` from a public-domain coastline. A club map (``--option
map=PATH``) whose places all have a shape there is drawn the same way; any other club map
gets the schematic drawing of :mod:`.schematic`. The SVG is written as text, element by
element, as ElementTree writes a tree: every text and attribute value escaped. Only
presentation attributes are used (no ``<style>`` sheet, which would leak into the HTML page the
picture is inlined in).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from adjudicator.games.drawing import WrittenSvg
from adjudicator.games.language import ENGLISH, Language

from .board import board_caption, board_title, map_name
from .glossary import GLOSSARY
from .map import DATA, GameMap, map_of
from .schematic import nation_colour, schematic_svg
from .speech import year

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
#: What each group is to a renderer that keeps the parts of the board that do not change from turn
#: to turn (``data-layer``, read by ``adjudicator.publish.pictures``): ``base``, shapes of the map
#: alone (sea, land, coast, frames) drawn under everything; ``fills``, the regions, whose shapes
#: are the map's and whose fills are the owners'; ``over``, what depends on the map alone and is
#: drawn over the regions (the names, the fortresses and arsenals, the legend's key), inside its
#: panel when in one; ``free``, the turn's marks and units, which stay inside their panel too. Any other
#: element is the turn's own (titles, sieges, the nations' lines of the legend), drawn over those.
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
    #: where a place's row of marks and unit markers is centred (inside its region)
    rows: dict[str, tuple[float, float]]
    #: the scale the row is drawn at (``MARK`` where the region has room, smaller in a small one)
    row_scales: dict[str, float]
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
        row_scales={name: float(place.get("rs", MARK)) for name, place in places.items()},
        panels={name: (b[0], b[1], b[2], b[3]) for name, b in raw["panels"].items()},
        homes={name: place["panel"] for name, place in places.items()},
        panels_of={name: tuple(place["in"]) for name, place in places.items()},
    )


def shapes_for(game_map: GameMap) -> Shapes | None:
    """The packaged shapes when every place of the map has one; ``None`` otherwise."""
    shapes = packaged_shapes()
    return shapes if all(name in shapes.paths for name in game_map.places) else None


def board_svg(state: State, lang: Language = ENGLISH) -> str:
    """The board of ``state`` with its words in ``lang`` (a club map drawn schematically keeps English)."""
    game_map = map_of(state)
    shapes = shapes_for(game_map)
    if shapes is None:
        return schematic_svg(state)
    return map_svg(state, game_map, shapes, lang)


def _english(lang: Language) -> bool:
    return lang.code == ENGLISH.code


def _caption(state: State, lang: Language) -> tuple[str, str]:
    """:func:`board_caption` in ``lang``: the year as the reports say it, and what the board shows."""
    shown_year, shows = board_caption(state)
    if _english(lang):
        return shown_year, shows
    turn = state["turn"]
    if state.get("pending"):
        shows = lang._("turn %(turn)s, before the battles", turn=turn)
    elif turn == 1:
        shows = lang._("turn 1, the starting position")
    else:
        shows = lang._("turn %(turn)s, after the turn", turn=turn - 1)
    return year(shown_year, lang), shows


def _key_word(key: str, english: str, lang: Language, n: int = 1) -> str:
    """A word of the legend's key: ``english`` as ever, or the glossary's word for ``key`` in ``lang``."""
    return english if _english(lang) else GLOSSARY.word(key, lang, n)


# -- SVG written as text ----------------------------------------------------------------------
# Each element is written as ElementTree writes it (``ElementTree.tostring``: the attributes in
# the order given, `` />`` closing an element without content), every text and attribute value
# escaped as ElementTree escapes it; a test compares the drawing with the tree ElementTree builds
# and writes, byte for byte. Writing the text directly is several times cheaper than building
# the tree and writing it out: a board is drawn at every close.


def _escaped_text(text: str) -> str:
    """Character data as ElementTree writes it: ``&``, ``<`` and ``>`` escaped."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _escaped_value(value: str) -> str:
    """An attribute value as ElementTree writes it: ``&<>"`` escaped, CR, LF and tab as references."""
    value = _escaped_text(value)
    if '"' in value:
        value = value.replace('"', "&quot;")
    if "\r" in value:
        value = value.replace("\r", "&#13;")
    if "\n" in value:
        value = value.replace("\n", "&#10;")
    if "\t" in value:
        value = value.replace("\t", "&#09;")
    return value


def _element(tag: str, attrs: dict[str, str], content: str = "") -> str:
    """``<tag name="value">content</tag>``, or ``<tag name="value" />`` without content.
    ``content`` is written already (escaped text, elements); the values are escaped here."""
    written = "".join(f' {name}="{_escaped_value(value)}"' for name, value in attrs.items())
    return f"<{tag}{written}>{content}</{tag}>" if content else f"<{tag}{written} />"


def _text(x: float, y: float, text: str, attrs: dict[str, str] | None = None) -> str:
    """A ``text`` element at (x, y), its text escaped."""
    return _element("text", {"x": f"{x:.0f}", "y": f"{y:.0f}", **(attrs or {})}, _escaped_text(text))


def _titled(tag: str, attrs: dict[str, str], title: str, rest: str = "") -> str:
    """An element whose first child is a ``title`` (the tooltip), then ``rest``."""
    return _element(tag, attrs, _element("title", {}, _escaped_text(title)) + rest)


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


@dataclass(frozen=True)
class _Panel:
    """What a panel of a map draws alike at every turn, written once per map (:func:`_panel`)."""

    #: the layers that depend on the map alone: the sea, its zones and the land; the coast; the
    #: sea zones' and provinces' names
    sea_and_land: str
    coast: str
    names: str
    #: each province whose region reaches into the panel, its region written up to its fill's value
    regions: tuple[tuple[str, str], ...]
    #: each place named in the panel: whether it is a sea zone, and where its row of marks and
    #: units is centred
    places: tuple[tuple[str, bool, float, float, float], ...]


#: the panels written, by panel, map and shapes (which the entry keeps, so their ids stay theirs); bounded
_PANELS: dict[tuple[str, int, int], tuple[GameMap, Shapes, _Panel]] = {}
_PANELS_MAX = 32


def map_svg(state: State, game_map: GameMap, shapes: Shapes, lang: Language = ENGLISH) -> str:
    """The board of ``state``. The layers of a panel that depend on the map alone (the sea, its
    zones, the land, the coast, the names) are written once per map and put in as written."""
    colours = {seat: nation_colour(n.get("colour")) for seat, n in state["nations"].items()}
    width = picture_width(shapes)
    panel_heights = [round(y1 - y0) for _, y0, _, y1 in shapes.panels.values()]
    legend_top = TITLE_HEIGHT + sum(panel_heights) + GAP * (len(panel_heights) - 1)
    height = round(legend_top + _legend_height(len(state["seats"])))
    name = map_name(game_map.name, lang)
    title = f"{name} - {board_title(state, lang)}"
    shown_year, shows = _caption(state, lang)
    parts = [
        _element("title", {}, _escaped_text(title)),
        _element("rect", {"width": str(width), "height": str(height), "fill": "#f7f1e3", **BASE}),
        _text(14, 44, shown_year, {"font-size": "40", "font-weight": "bold", "fill": "#3b2f20"}),
        _text(
            width - 14,
            42,
            f"{name}, {shows}",
            {"font-size": "24", "fill": "#3b2f20", "text-anchor": "end"},
        ),
    ]
    for panel, (left, top) in panel_origins(shapes).items():
        x0, y0, x1, y1 = shapes.panels[panel]
        w, h = round(x1 - x0), round(y1 - y0)
        frame = {
            "id": f"map-{panel}",
            "x": str(left),
            "y": str(top),
            "width": str(w),
            "height": str(h),
            "viewBox": f"{round(x0)} {round(y0)} {w} {h}",
        }
        parts.append(_element("svg", frame, _map_layer(panel, state, game_map, shapes, colours, lang)))
        outline = {"x": str(left), "y": str(top), "width": str(w), "height": str(h)}
        parts.append(
            _element("rect", {**outline, "fill": "none", "stroke": "#3b2f20", "stroke-width": "2", **BASE})
        )
    parts.append(_legend(state, colours, shapes, legend_top, width, lang))
    root = {
        "xmlns": "http://www.w3.org/2000/svg",
        "width": str(DISPLAY_WIDTH),
        "height": str(round(height * DISPLAY_WIDTH / width)),
        "viewBox": f"0 0 {width} {height}",
        "font-family": "DejaVu Sans, Verdana, Arial, sans-serif",
    }
    return WrittenSvg(_element("svg", root, "".join(parts)))  # escaped here: not read again to be cleaned


def _panel(panel: str, game_map: GameMap, shapes: Shapes) -> _Panel:
    """:class:`_Panel` of ``panel`` for this map, written at its first board."""
    key = (panel, id(game_map), id(shapes))
    kept = _PANELS.get(key)
    if kept is not None and kept[0] is game_map and kept[1] is shapes:
        return kept[2]
    shown = [name for name in game_map.places if panel in shapes.panels_of[name]]
    regions = tuple(
        (
            name,
            _element("path", {"id": f"{panel}-province-{name}", "d": shapes.paths[name]}).removesuffix(" />"),
        )
        for name in shown
        if game_map.is_province(name)
    )
    places, owns = [], []
    for name in _named(panel, game_map, shapes):
        rx, ry = shapes.rows[name]
        own = ""
        if not game_map.is_sea(name):
            x, y = shapes.labels[name]
            prov = game_map.provinces[name]
            half = shapes.widths[name] / 2
            if prov.fortress:
                own += _icon("fortress", x - half - 13, y - 10)
            if prov.arsenal:
                own += _icon("arsenal", x + half + 13, y - 10)
        owns.append(own)
        places.append((name, game_map.is_sea(name), rx, ry, shapes.row_scales[name]))
    written = _Panel(
        _sea_and_land(panel, game_map, shapes),
        _coast(shapes),
        # the places' own marks (fortress, arsenal) depend on the map alone: drawn with the names
        _names(panel, game_map, shapes) + _element("g", OVER, "".join(owns)),
        tuple((name, f'{head} fill="') for name, head in regions),
        tuple(places),
    )
    if len(_PANELS) >= _PANELS_MAX:
        _PANELS.clear()
    _PANELS[key] = (game_map, shapes, written)
    return written


_REGION_END = '" />'


def _sea_and_land(panel: str, game_map: GameMap, shapes: Shapes) -> str:
    x0, y0, x1, y1 = (round(v) for v in shapes.panels[panel])
    shown = [name for name in game_map.places if panel in shapes.panels_of[name]]
    sea = {
        "x": f"{x0:.0f}",
        "y": f"{y0:.0f}",
        "width": f"{x1 - x0:.0f}",
        "height": f"{y1 - y0:.0f}",
        "fill": SEA,
        **BASE,
    }
    zones = "".join(
        _element("path", {"id": f"{panel}-sea-{name}", "d": shapes.paths[name]})
        for name in shown
        if game_map.is_sea(name)
    )
    return (
        _element("rect", sea)
        + _element("g", {"fill": SEA_ZONE, "stroke": "#ffffff", "stroke-width": "2", **BASE}, zones)
        + _element("path", {"d": shapes.land, "fill": UNPLAYED_LAND, "stroke": "none", **BASE})
    )


def _coast(shapes: Shapes) -> str:
    attrs = {
        "d": shapes.coast,
        "fill": "none",
        "stroke": "#3f5f78",
        "stroke-width": "2",
        "stroke-linejoin": "round",
        **BASE,
    }
    return _element("path", attrs)


def _map_layer(
    panel: str,
    state: State,
    game_map: GameMap,
    shapes: Shapes,
    colours: dict[str, str],
    lang: Language = ENGLISH,
) -> str:
    """One panel of the map: the places whose region reaches into it, named where they belong."""
    layout = _panel(panel, game_map, shapes)
    provinces = state["provinces"]
    runs, besieged = [], []
    for name, region in layout.regions:  # each region as written once per map, its fill put in
        province = provinces[name]
        owner = province["owner"]
        fill = colours.get(owner, INDEPENDENT) if owner else INDEPENDENT  # a colour: nothing to escape
        runs.append(f"{region}{fill}{_REGION_END}")
        siege = province.get("siege")
        if siege:
            title = lang._("%(place)s besieged by %(army)s", place=name, army=siege["army"].replace(":", " "))
            besieged.append(_titled("path", {"d": shapes.paths[name]}, title))
    regions = _element(
        "g", {"stroke": BORDER, "stroke-width": "1.2", "stroke-linejoin": "round", **FILLS}, "".join(runs)
    )
    siege_style = {"fill": "none", "stroke": "#d00000", "stroke-width": "4.5", "stroke-dasharray": "9,6"}
    sieges = _element("g", siege_style, "".join(besieged))

    units_at: dict[str, list[dict[str, Any]]] = {}
    for unit in state["units"].values():
        if unit["at"]:
            units_at.setdefault(unit["at"], []).append(unit)
    bands = {b["at"]: b["kind"] for b in state["bands"]}
    homes = {n["home"] for n in state["nations"].values() if n.get("alive", True)}
    order = {seat: i for i, seat in enumerate(state["seats"])}
    marks = []
    for name, sea, rx, ry, scale in layout.places:
        if sea:
            icons = ["pirates"] if bands.get(name) == "pirates" else []
        else:
            icons = [
                icon
                for icon, present in (("home", name in homes), ("brigands", bands.get(name) == "brigands"))
                if present
            ]
        units = units_at.get(name)
        if icons or units:
            marks.append(_row(icons, units or [], rx, ry, colours, order, scale, lang))
    return (
        layout.sea_and_land
        + regions
        + layout.coast
        + sieges
        + layout.names
        + _element("g", FREE, "".join(marks))
    )


def _named(panel: str, game_map: GameMap, shapes: Shapes) -> list[str]:
    """The places named in ``panel``."""
    return [name for name in game_map.places if shapes.homes[name] == panel]


def _names(panel: str, game_map: GameMap, shapes: Shapes) -> str:
    """The names of the places named in ``panel``, in two layers: the sea zones', the provinces'."""
    seas, lands = [], []
    for name in _named(panel, game_map, shapes):
        x, y = shapes.labels[name]
        if game_map.is_sea(name):
            seas.append(_text(x, y, shapes.texts[name], _size(shapes, name, SEA_LABEL_SIZE)))
        else:
            lands.append(_text(x, y, shapes.texts[name], _size(shapes, name, LABEL_SIZE)))
    sea_style = _halo(**{"font-size": str(SEA_LABEL_SIZE), "font-style": "italic", "stroke": "#e4f0f8"})
    return _element("g", {"fill": "#1f4f73", **sea_style, **OVER}, "".join(seas)) + _element(
        "g", {"fill": "#1e1a14", **_halo(**{"font-size": str(LABEL_SIZE)}), **OVER}, "".join(lands)
    )


def _row(
    icons: list[str],
    units: list[dict[str, Any]],
    x: float,
    y: float,
    colours: dict[str, str],
    order: dict[str, int],
    scale: float = MARK,
    lang: Language = ENGLISH,
) -> str:
    """A place's row: its marks (capital, bands), then one marker per nation and kind (in the
    order of the seats: ``order``), centred on (x, y) and drawn at ``scale``."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for unit in units:
        groups.setdefault((unit["nation"], unit["kind"]), []).append(unit)
    keys = sorted(groups, key=lambda k: (order.get(k[0], len(order)), k[1]))
    icon_width, marker_width = 15.0 * scale, (MARKER + 4.0) * scale
    left = x - (icon_width * len(icons) + marker_width * len(keys)) / 2
    out = []
    for icon in icons:
        out.append(_icon(icon, left + icon_width / 2, y, scale))
        left += icon_width
    for nation, kind in keys:
        colour = colours.get(nation, "#888888")
        members = groups[(nation, kind)]
        out.append(_marker(kind, nation, members, left + marker_width / 2, y, colour, scale, lang))
        left += marker_width
    return "".join(out)


def _icon(icon: str, x: float, y: float, scale: float = MARK) -> str:
    """A place's mark centred on (x, y), drawn at its base size around the origin and scaled."""
    return _element("g", {"transform": f"translate({x:.1f} {y:.1f}) scale({scale})"}, _icon_drawing(icon))


@cache
def _icon_drawing(icon: str) -> str:
    """A mark at its base size around the origin (the same for every place: written once)."""
    x = y = 0.0
    if icon == "home":
        points = []
        for k in range(10):
            r = 7.5 if k % 2 == 0 else 3.2
            angle = -math.pi / 2 + k * math.pi / 5
            points.append(f"{x + r * math.cos(angle):.1f},{y + r * math.sin(angle):.1f}")
        star = {"points": " ".join(points), "fill": "#ffd54a", "stroke": "#3b2f20", "stroke-width": "1"}
        return _element("polygon", star)
    if icon == "fortress":
        d = f"M{x - 6:.1f} {y + 6:.1f}v-11h2.4v2.4h2.4v-2.4h2.4v2.4h2.4v-2.4h2.4v11z"  # a crenellated tower
        return _element("path", {"d": d, "fill": "#3b3b3b", "stroke": "#ffffff", "stroke-width": "1"})
    if icon in ("brigands", "pirates"):  # a black flag with the band's initial
        flag = {
            "x": f"{x - 6.5:.1f}",
            "y": f"{y - 7:.1f}",
            "width": "13",
            "height": "14",
            "rx": "2",
            "fill": "#111111",
        }
        initial = {"font-size": "12", "font-weight": "bold", "fill": "#ffffff", "text-anchor": "middle"}
        return _element("rect", flag) + _text(x, y + 4.5, icon[0].upper(), initial)
    d = f"M{x:.1f} {y - 6:.1f}l6 6l-6 6l-6 -6z"
    return _element("path", {"d": d, "fill": "#1f4e79", "stroke": "#ffffff", "stroke-width": "1"})


_COUNT = {
    "font-size": "13",
    "font-weight": "bold",
    "fill": "#ffffff",
    "text-anchor": "middle",
    "stroke": "#111111",
    "stroke-width": "2",
    "paint-order": "stroke",
}


def _marker(
    kind: str,
    nation: str,
    members: list[dict[str, Any]],
    x: float,
    y: float,
    colour: str,
    scale: float = MARK,
    lang: Language = ENGLISH,
) -> str:
    transform = f"translate({x:.1f} {y:.1f}) scale({scale})"
    names = []
    for unit in sorted(members, key=lambda u: (u["id"][0], int(u["id"][1:]) if u["id"][1:].isdigit() else 0)):
        extra = []
        if unit.get("exhausted"):
            extra.append(_key_word("exhausted", "exhausted", lang).lower())
        if unit.get("carrying"):
            extra.append(lang._("carrying %(unit)s", unit=unit["carrying"].split(":")[1]))
        names.append(unit["id"] + (f" ({', '.join(extra)})" if extra else ""))
    exhausted = any(u.get("exhausted") for u in members)
    drawing = _marker_shape(kind, colour, exhausted) + _marker_count(len(members))
    return _titled("g", {"transform": transform}, f"{nation}: {', '.join(names)}", drawing)


@lru_cache(maxsize=256)
def _marker_shape(kind: str, colour: str, dashed: bool) -> str:
    """A marker's square (army) or hull (fleet) at its base size around the origin, in ``colour``
    (dashed: exhausted), written once per kind, colour and dash."""
    x = y = 0.0
    dash = {"stroke-dasharray": "3,2"} if dashed else {}
    if kind == "army":
        box = {
            "x": f"{x - MARKER / 2:.1f}",
            "y": f"{y - 9:.1f}",
            "width": str(MARKER),
            "height": "18",
            "rx": "2",
            "fill": colour,
            "stroke": "#111111",
            "stroke-width": "1.4",
        }
        return _element("rect", {**box, **dash})
    # a hull: wide deck, narrow keel
    d = f"M{x - MARKER / 2 - 2:.1f} {y - 8:.1f}h{MARKER + 4}l-5 16h{-(MARKER - 6)}z"
    return _element("path", {"d": d, "fill": colour, "stroke": "#111111", "stroke-width": "1.4", **dash})


@lru_cache(maxsize=64)
def _marker_count(count: int) -> str:
    """How many units a marker stands for, written under its centre (once per number)."""
    return _text(0.0, 5.0, str(count), _COUNT)


LEGEND_LINE = 40  # the legend's line height; its text is as large as the names on the map


def _legend_height(seats: int) -> float:
    return LEGEND_LINE * ((seats + 1) // 2 + 4) + 16


def _legend(
    state: State, colours: dict[str, str], shapes: Shapes, top: float, width: int, lang: Language = ENGLISH
) -> str:
    """The nations (colour, name, treasury) in two columns, then the key to the marks (the same
    at every turn of a game: a group of its own, ``over``)."""
    out: list[str] = []
    line = LEGEND_LINE
    y = top + line
    for i, seat in enumerate(state["seats"]):
        n = state["nations"][seat]
        x, y = 14 + width / 2 * (i % 2), top + line + line * (i // 2)
        swatch = {
            "x": f"{x:.0f}",
            "y": f"{y - 22:.0f}",
            "width": "28",
            "height": "28",
            "fill": colours[seat],
            "stroke": "#111111",
        }
        out.append(_element("rect", swatch))
        status = "" if n["alive"] else " (out)" if _english(lang) else " " + lang._("(eliminated)")
        po = _key_word("po", "PO", lang, n["treasury"])
        out.append(_text(x + 38, y, f"{n['name']}: {n['treasury']} {po}{status}"))
    y += line
    nations, out = out, []

    who = "key" if _english(lang) else lang._("the key")

    def key(items: list[tuple[str, str]], y: float) -> None:
        x = 14.0
        for mark, text in items:
            if mark in ("army", "fleet"):
                out.append(_marker(mark, who, [{"id": "1", "at": "key"}], x + 16, y - 9, "#8a8a8a"))
                x += 38
            else:
                out.append(_icon(mark, x + 12, y - 9))
                x += 30
            out.append(_text(x, y, text))
            x += 15.5 * len(text) + 26

    said = {
        "army": _key_word("army", "armies", lang, 2),
        "fleet": _key_word("fleet", "fleets", lang, 2),
        "home": _key_word("capital", "capital", lang),
        "fortress": _key_word("fortress", "fortress", lang),
        "arsenal": _key_word("arsenal", "arsenal", lang),
        "brigands": _key_word("brigands", "brigands", lang),
        "pirates": _key_word("pirates", "pirates", lang),
    }
    key([(mark, said[mark]) for mark in ("army", "fleet", "home", "fortress")], y)
    key([(mark, said[mark]) for mark in ("arsenal", "brigands", "pirates")], y + line)
    y += 2 * line
    besieged = {
        "x": "14",
        "y": f"{y - 20:.0f}",
        "width": "36",
        "height": "24",
        "fill": "none",
        "stroke": "#d00000",
        "stroke-width": "4.5",
        "stroke-dasharray": "9,6",
    }
    out.append(_element("rect", besieged))
    out.append(_text(62, y, lang._("besieged province; a dashed marker: exhausted")))
    short = next((name for name in state["provinces"] if shapes.texts.get(name, name) != name), None)
    if short:
        stands = lang._(
            "%(short)s stands for %(name)s: orders accept the start of a name.",
            short=shapes.texts[short],
            name=short,
        )
        out.append(_text(14, y + line, stands))
    legend = {"id": "legend", "font-size": str(LABEL_SIZE - 2), "fill": "#1e1a14"}
    return _element("g", legend, "".join(nations) + _element("g", OVER, "".join(out)))
