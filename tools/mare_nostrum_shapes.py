"""Author the Mare Nostrum board's shapes: provinces and sea zones as regions of a real coastline.

Run once by a map maintainer, not by the referee: the result is stored in the repository
(``adjudicator/games/mare_nostrum/data/mediterranean-shapes.json``) and the board drawing
(``svg.py``) only reads it. Nothing is downloaded at run time.

The coastline is Natural Earth's 1:110m countries (public domain), as shipped inside the
geopandas 0.14 wheel on PyPI (``geopandas/datasets/naturalearth_lowres``). To run::

    python3.11 -m venv /tmp/shapes && /tmp/shapes/bin/pip install -e '.[maps]'
    /tmp/shapes/bin/pip download --no-deps geopandas==0.14.4 -d /tmp/ne
    (cd /tmp/ne && unzip -o geopandas-0.14.4-py3-none-any.whl 'geopandas/datasets/*')
    /tmp/shapes/bin/python tools/mare_nostrum_shapes.py \
        /tmp/ne/geopandas/datasets/naturalearth_lowres/naturalearth_lowres.shp

``tools/mare_nostrum_shapes.py --rows`` only moves the rows of unit markers of the stored shapes
inside their regions (see :func:`rows_inside`), without the coastline.

How the regions are made: the coastline is generalised as game maps are (pushed out by
``FATTEN`` and partly back, so that Italy and the islands are wide enough to write in; the
``STRAITS`` are cut open again), and two small islands missing at this scale (the Baleares,
Rhodes) are added from the outlines below. The land is cut among the provinces by the
Voronoi cells of their ``pos`` in ``mediterranean.toml`` (plus any ``EXTRA_SEEDS``; none
yet), kept within ``LAND_REACH`` of a seed; the sea among the sea zones the same way. A
piece of a cell that water (or land) cuts off from its own seed goes to the region that
shares most of its border, or to the unplayed background. Borders are simplified together
(shared edges stay shared). Then each place gets its name and a row for its marks and unit
markers, smallest places first, none crossing another: the full name at the usual size, or
smaller, or the start of the name (which orders accept). The board is drawn in two
``PANELS`` (west above east); each place is named in the panel of its position.
Coordinates are projected (equirectangular, x scaled by cos 38 degrees) into SVG units.
The output is the same for the same inputs and package versions.
"""

from __future__ import annotations

import json
import math
import sys
import tomllib
from pathlib import Path

import shapefile  # pyshp
import shapely
from shapely.geometry import Point, Polygon, box, shape
from shapely.ops import polylabel

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "adjudicator" / "games" / "mare_nostrum" / "data"
MAP = DATA / "mediterranean.toml"
OUT = DATA / "mediterranean-shapes.json"

WEST, EAST, SOUTH, NORTH = -10.0, 44.3, 27.3, 48.3
COS = math.cos(math.radians(38.0))
#: the board is drawn as two panels (west, east; longitude and latitude bounds), one above the
#: other, so that at a phone's width the names stay legible; each place is named in one panel
PANELS = {"west": (-10.0, 19.8, 29.8, 48.3), "east": (14.5, 44.3, 27.3, 47.6)}
WEST_OF = 19.2  # a place whose position lies west of this longitude is named in the west panel
K = 1000.0 / ((PANELS["west"][1] - PANELS["west"][0]) * COS)  # SVG units per degree of latitude
WIDTH = (EAST - WEST) * COS * K
HEIGHT = (NORTH - SOUTH) * K
LAND_REACH = 4.5  # degrees: land farther than this from every seed is left unplayed
SEA_REACH = 9.0
SIMPLIFY = 1.5  # SVG units
FATTEN = 0.3  # degrees: the coastline pushed out to the sea (and 40 % of it back) to fatten Italy
LABEL_SIZE = 28  # province names, SVG units (the drawing uses the same sizes)
SEA_LABEL_SIZE = 24
ROW = (96.0, 34.0)  # room kept free for a place's row of marks and unit markers
ICON = 22.0  # room beside a name for the fortress (left) and arsenal (right) marks
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

#: extra seeds (longitude, latitude) per place, to shape borders closer to the ancient ones
EXTRA_SEEDS: dict[str, list[tuple[float, float]]] = {}

#: straits kept open through the fattened coastline (longitude, latitude along the channel)
STRAITS: dict[str, list[tuple[float, float]]] = {
    "Gibraltar": [(-6.4, 35.95), (-4.9, 36.05)],
    "Messina": [(15.45, 38.45), (15.75, 37.85)],
    "Dardanelles": [(26.0, 40.0), (26.75, 40.45)],
    "Bosporus": [(28.95, 40.95), (29.2, 41.35)],
    "Bonifacio": [(8.6, 41.35), (9.8, 41.3)],
}

#: open sea that belongs to no sea zone (longitude and latitude bounds: west, south, east, north)
OFF_BOARD_SEAS: dict[str, tuple[float, float, float, float]] = {"Bay of Biscay": (-11.0, 43.4, 0.0, 49.0)}

#: where a crowded place's name is tried first (longitude, latitude)
LABEL_HINTS: dict[str, tuple[float, float]] = {
    "Mare-Aegaeum": (24.6, 39.2),
    "Mare-Adriaticum": (15.2, 43.0),
    "Fretum-Gaditanum": (-8.0, 35.9),
}

#: islands too small for the 1:110m coastline, outlined by hand (longitude, latitude)
ISLANDS: dict[str, list[tuple[float, float]]] = {
    "Baleares": [
        (2.35, 39.60),
        (2.70, 39.95),
        (3.20, 39.95),
        (3.45, 39.70),
        (3.20, 39.30),
        (2.75, 39.35),
        (2.35, 39.60),
    ],
    "Menorca": [(3.80, 39.95), (4.35, 40.05), (4.30, 39.82), (3.85, 39.85), (3.80, 39.95)],
    "Rhodus": [(27.70, 36.15), (28.10, 36.50), (28.30, 36.35), (27.95, 35.90), (27.70, 36.15)],
}


def project(lon: float, lat: float) -> tuple[float, float]:
    return (lon - WEST) * COS * K, (NORTH - lat) * K


def project_geom(geom: shapely.Geometry) -> shapely.Geometry:
    return shapely.transform(geom, lambda xy: [(project(x, y)) for x, y in xy])


def read_land(path: str) -> shapely.Geometry:
    reader = shapefile.Reader(path)
    world = shapely.union_all([shape(s.__geo_interface__) for s in reader.shapes()])
    land = world.intersection(box(WEST - 1, SOUTH - 1, EAST + 1, NORTH + 1))
    islands = [Polygon(ring) for ring in ISLANDS.values()]
    land = shapely.union_all([land, *islands])
    # generalised as game maps are: narrow lands and small islands a little fatter, corners rounded
    land = project_geom(land).buffer(FATTEN * K, quad_segs=3).buffer(-FATTEN * K * 0.4, quad_segs=3)
    # ...but the straits stay open
    for line in STRAITS.values():
        land = land.difference(project_geom(shapely.LineString(line)).buffer(0.1 * K, quad_segs=2))
    return land.intersection(box(0, 0, WIDTH, HEIGHT))


def polygons(geom: shapely.Geometry) -> list[Polygon]:
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    return [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon) and not g.is_empty]


def snap(point: Point, area: shapely.Geometry) -> Point:
    if area.contains(point):
        return point
    return shapely.ops.nearest_points(area, point)[0]


def partition(
    seeds: dict[str, list[Point]], area: shapely.Geometry, reach: float
) -> dict[str, shapely.Geometry]:
    """Cut ``area`` among the places by the Voronoi cells of their seeds, within ``reach``."""
    points = [(name, p) for name, ps in seeds.items() for p in ps]
    cells = shapely.voronoi_polygons(
        shapely.MultiPoint([p for _, p in points]), extend_to=box(-500, -500, WIDTH + 500, HEIGHT + 500)
    )
    regions: dict[str, list[shapely.Geometry]] = {name: [] for name in seeds}
    for cell in cells.geoms:
        for name, p in points:
            if cell.contains(p):
                regions[name].append(cell)
                break
    reach_area = shapely.union_all([p.buffer(reach * K) for _, p in points]).buffer(-K).buffer(K)
    played = area.intersection(reach_area)
    out = {name: shapely.union_all(cs).intersection(played) for name, cs in regions.items()}
    # a piece cut off from its own seed goes to the neighbour sharing most of its border
    for _ in range(4):
        moved = False
        for name in list(out):
            pieces = polygons(out[name])
            if len(pieces) < 2:
                continue
            keep = [pc for pc in pieces if any(pc.buffer(0.5).contains(p) for p in seeds[name])]
            if not keep:
                keep = [max(pieces, key=lambda pc: pc.area)]
            for piece in pieces:
                if any(piece.equals(k) for k in keep):
                    continue
                best, shared = None, 0.0
                for other, geom in out.items():
                    if other == name:
                        continue
                    length = piece.boundary.intersection(geom.buffer(0.3)).length
                    if length > shared:
                        best, shared = other, length
                if best is not None and shared > 2.0:
                    out[best] = out[best].union(piece)
                out[name] = out[name].difference(piece.buffer(0.01))
                moved = True
        if not moved:
            break
    return out


def ring_path(coords: list[tuple[float, float]]) -> str:
    pts = [(round(x), round(y)) for x, y in coords]
    deduped = [pts[0]]
    for p in pts[1:]:
        if p != deduped[-1]:
            deduped.append(p)
    if len(deduped) > 1 and deduped[-1] == deduped[0]:
        deduped.pop()
    if len(deduped) < 3:
        return ""
    out = f"M{deduped[0][0]} {deduped[0][1]}"
    px, py = deduped[0]
    for x, y in deduped[1:]:
        out += f"l{x - px} {y - py}"
        px, py = x, y
    return out + "z"


def path_of(geom: shapely.Geometry) -> str:
    parts = []
    for poly in polygons(geom):
        for ring in [poly.exterior, *poly.interiors]:
            parts.append(ring_path(list(ring.coords)))
    return "".join(p for p in parts if p)


def text_width(text: str, size: int, italic: bool) -> float:
    try:
        from PIL import ImageFont

        font = ImageFont.truetype(FONT.replace(".ttf", "-Oblique.ttf") if italic else FONT, size * 4)
        return font.getlength(text) / 4
    except (ImportError, OSError):
        return 0.6 * size * len(text)


def short_names(name: str, everyone: list[str]) -> list[str]:
    """The name, then ever shorter beginnings that still name only this place in orders."""

    def norm(n: str) -> str:
        return n.lower().replace("-", "")

    others = [norm(n) for n in everyone if n != name]
    out = [name]
    for length in range(len(name) - 3, 2, -1):  # a short name saves two letters at least
        prefix = name[:length].rstrip("-")
        if not any(o.startswith(norm(prefix)) for o in others):
            out.append(prefix + ".")
    return out


def candidates(region: shapely.Geometry, step: float = 9.0, around: float = 0.0) -> list[Point]:
    """Points of the region (or ``around`` it), the most interior first."""
    biggest = max(polygons(region), key=lambda p: p.area)
    pole = polylabel(biggest, tolerance=1.0)
    if around:
        near = region.buffer(around)
        minx, miny, maxx, maxy = near.bounds
        grid = [
            Point(minx + i * step, miny + j * step)
            for i in range(int((maxx - minx) / step) + 1)
            for j in range(int((maxy - miny) / step) + 1)
        ]
        grid = [p for p in grid if near.contains(p)]
        return sorted(grid, key=lambda p: p.distance(pole))
    minx, miny, maxx, maxy = region.bounds
    grid = [
        Point(minx + i * step, miny + j * step)
        for i in range(int((maxx - minx) / step) + 1)
        for j in range(int((maxy - miny) / step) + 1)
    ]
    inside = [p for p in grid if region.contains(p)]
    inside.sort(key=lambda p: -region.boundary.distance(p) + 0.3 * p.distance(pole))
    return [pole, *inside[:80]]


def panel_box(name: str) -> shapely.Geometry:
    west, east, south, north = PANELS[name]
    return box(*project(west, north), *project(east, south))


def place_row(
    region: shapely.Geometry, label: Point, placed: list[shapely.Geometry], frame: shapely.Geometry
) -> shapely.Geometry:
    """Room for the place's row of marks and unit markers: near its label, inside it, uncrowded."""

    def row_at(x: float, y: float) -> shapely.Geometry:
        return box(x - ROW[0] / 2, y - ROW[1] / 2, x + ROW[0] / 2, y + ROW[1] / 2)

    near = [Point(label.x + dx, label.y + dy) for dy in (27, 34, -42, 42) for dx in (0, -22, 22)]
    spots = near + candidates(region) + candidates(region, around=30)
    others = shapely.union_all(placed) if placed else shapely.Polygon()

    def cost(q: Point) -> float:
        row = row_at(q.x, q.y)
        if not frame.contains(row):
            return math.inf
        crowd = row.intersection(others).area
        outside = row.area - row.intersection(region).area
        return 6 * crowd + outside + 4 * q.distance(label)

    best = min(spots, key=cost)
    return row_at(best.x, best.y)


def place_labels(
    shapes: dict[str, shapely.Geometry], seas: set[str], icons: dict[str, float], homes: dict[str, str]
) -> dict[str, dict[str, object]]:
    """Each place's label (text, position, width) and where its row of markers goes.

    Smallest places first; a label must not cross another and must lie mostly inside its
    region; when the full name cannot, a shorter beginning of it is tried.
    """
    placed: list[shapely.Geometry] = []
    out: dict[str, dict[str, object]] = {}
    everyone = list(shapes)
    for name in sorted(shapes, key=lambda n: (n not in LABEL_HINTS, shapes[n].area)):
        region = shapes[name]
        sea = name in seas
        size = SEA_LABEL_SIZE if sea else LABEL_SIZE
        frame = panel_box(homes[name])
        region = region.intersection(frame.buffer(-2))
        points = candidates(region)
        if name in LABEL_HINTS:
            points = [Point(project(*LABEL_HINTS[name])), *points]
        names_ = short_names(name, everyone)
        best = None
        # the full name mostly inside; else a short name well inside; then smaller; then beside
        small = max(round(size * 0.8), 21)  # 21 units: 8 px when the picture is 400 px wide
        passes = [
            (names_[:1], size, 0.8),
            (names_[:1], small, 0.8),
            (names_, size, 0.9),
            (names_, small, 0.75),
            (names_, small, 0.5),
            (names_, small, 0.0),
        ]
        for texts, font, need in passes:
            if need == 0.0:
                points = candidates(region, around=font)
            for text in texts:
                w = text_width(text, font, sea) + (0 if sea else icons[name])
                for p in points:
                    box_ = box(p.x - w / 2 - 2, p.y - font * 0.75, p.x + w / 2 + 2, p.y + font * 0.3)
                    if not frame.contains(box_) or any(box_.intersects(o) for o in placed):
                        continue
                    if need == 0.0 and region.distance(Point(p.x, p.y - font * 0.25)) > font * 0.6:
                        continue
                    if box_.intersection(region).area / box_.area >= need:
                        best = (text, font, p, w, box_)
                        break
                if best:
                    break
            if best:
                break
        if best is None:
            text = names_[-1]
            w = text_width(text, small, sea) + (0 if sea else icons[name])
            p = candidates(region)[0]
            best = (text, small, p, w, box(p.x - w / 2, p.y - small * 0.75, p.x + w / 2, p.y + small * 0.3))
            print(f"warning: the label of {name} crosses another or leaves its region")
        text, font, p, w, box_ = best
        placed.append(box_)
        out[name] = {
            "panel": homes[name],
            "text": text,
            "size": font,
            "label": [round(p.x), round(p.y)],
            "w": round(w - icons.get(name, 0)),
        }
        row = place_row(region, p, placed, frame)
        placed.append(row)
        out[name]["units"] = [round(row.centroid.x), round(row.centroid.y)]
    return out


#: unit markers are drawn at this scale of their base size where the region has room (as svg.MARK),
#: down to ROW_SCALES[-1] in a small region, so that the row stays inside it
ROW_SCALES = (1.7, 1.5, 1.3, 1.15, 1.0, 0.85, 0.75, 0.65)
ROW_SLOTS = 2  # the row a place must hold inside its region: two markers (24 units each at base size)
MARKER_ROOM = (24.0, 22.0)  # one marker's room at base size: width, height


def region_of(d: str) -> shapely.Geometry:
    """A region from its path as written (``M x y`` then relative ``l dx dy`` ... ``z``), rings even-odd."""
    import re

    geom = shapely.Polygon()
    for ring_text in d.split("z"):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", ring_text)]
        if len(numbers) < 6:
            continue
        x, y = numbers[0], numbers[1]
        points = [(x, y)]
        for dx, dy in zip(numbers[2::2], numbers[3::2], strict=True):
            x, y = x + dx, y + dy
            points.append((x, y))
        geom = geom.symmetric_difference(Polygon(points).buffer(0))
    return geom


def label_box(place: dict[str, object]) -> shapely.Geometry:
    """The room a place's name (and its fortress and arsenal marks) takes on the drawing."""
    x, y = place["label"]  # type: ignore[misc]
    size = float(place["size"])  # type: ignore[arg-type]
    half = float(place["w"]) / 2 + ICON  # type: ignore[arg-type]
    return box(x - half, y - size * 0.75, x + half, y + size * 0.3)


def crowding(
    p: Point,
    half_w: float,
    half_h: float,
    region: shapely.Geometry,
    own: shapely.Geometry,
    names: shapely.Geometry,
    others: shapely.Geometry,
    label: Point,
) -> float:
    """How badly a row centred on ``p`` fits: outside its region first, then over its own name,
    then over other names and rows, then far from its name."""
    row = box(p.x - half_w, p.y - half_h, p.x + half_w, p.y + half_h)
    outside = row.area - row.intersection(region).area
    crowd = row.intersection(names).area + row.intersection(others).area
    return 50 * outside + 4 * row.intersection(own).area + crowd + 0.1 * p.distance(label)


def rows_inside(places: dict[str, dict[str, object]]) -> None:
    """Each place's row of unit markers moved inside its own region: the room of ``ROW_SLOTS``
    markers wholly inside it, clear of every name and of the rows placed before, as near its name
    as can be, at the largest of ``ROW_SCALES`` that fits (``rs``). Smallest regions first."""
    regions = {name: region_of(str(place["d"])) for name, place in places.items()}
    frames = {name: panel_box(str(place["panel"])).buffer(-2) for name, place in places.items()}
    names = shapely.union_all([label_box(p) for p in places.values()])
    placed: list[shapely.Geometry] = []
    for name in sorted(places, key=lambda n: regions[n].area):
        place, region = places[name], regions[name].intersection(frames[name])
        own = label_box(place)
        lx, ly = place["label"]  # type: ignore[misc]
        minx, miny, maxx, maxy = region.bounds
        grid = [
            Point(minx + i * 3.0, miny + j * 3.0)
            for i in range(int((maxx - minx) / 3.0) + 1)
            for j in range(int((maxy - miny) / 3.0) + 1)
        ]
        spots = sorted((p for p in grid if region.contains(p)), key=lambda p: p.distance(Point(lx, ly)))
        others = shapely.union_all(placed) if placed else shapely.Polygon()
        chosen: tuple[Point, float] | None = None
        for scale in ROW_SCALES:
            half_w, half_h = ROW_SLOTS * MARKER_ROOM[0] * scale / 2, MARKER_ROOM[1] * scale / 2
            for p in spots:
                row = box(p.x - half_w, p.y - half_h, p.x + half_w, p.y + half_h)
                if region.contains(row) and not row.intersects(names) and not row.intersects(others):
                    chosen = (p, scale)
                    break
            if chosen:
                break
        if chosen is None:  # no clear room: inside the region, over as little of any name as can be
            scale = ROW_SCALES[-1]
            half_w, half_h = ROW_SLOTS * MARKER_ROOM[0] * scale / 2, MARKER_ROOM[1] * scale / 2

            label = Point(lx, ly)
            best = min(spots, key=lambda p: crowding(p, half_w, half_h, region, own, names, others, label))
            chosen = (best, scale)
            print(f"note: the row of {name} crosses a name: no clear room in its region")
        p, scale = chosen
        half_w, half_h = ROW_SLOTS * MARKER_ROOM[0] * scale / 2, MARKER_ROOM[1] * scale / 2
        placed.append(box(p.x - half_w, p.y - half_h, p.x + half_w, p.y + half_h))
        place["units"] = [round(p.x), round(p.y)]
        place["rs"] = scale


def main(shapefile_path: str) -> None:
    data = tomllib.loads(MAP.read_text(encoding="utf-8"))
    land = read_land(shapefile_path)
    sea = box(0, 0, WIDTH, HEIGHT).difference(land)
    for west, south, east, north in OFF_BOARD_SEAS.values():
        sea = sea.difference(project_geom(box(west, south, east, north)))
    province_seeds = {
        name: [snap(Point(project(*t["pos"])), land)]
        + [snap(Point(project(*p)), land) for p in EXTRA_SEEDS.get(name, [])]
        for name, t in data["province"].items()
    }
    sea_seeds = {
        name: [snap(Point(project(*t["pos"])), sea)]
        + [snap(Point(project(*p)), sea) for p in EXTRA_SEEDS.get(name, [])]
        for name, t in data["sea"].items()
    }
    provinces = partition(province_seeds, land, LAND_REACH)
    seas = partition(sea_seeds, sea, SEA_REACH)
    unplayed = land.difference(shapely.union_all(list(provinces.values())).buffer(0.01))
    names = [*provinces, *seas]
    coverage = shapely.coverage_simplify([*(provinces | seas).values(), unplayed], SIMPLIFY)
    shapes = dict(zip(names, coverage[:-1], strict=True))
    land_parts = [shapes[n] for n in provinces] + [coverage[-1]]
    for name in names:
        if not polygons(shapes[name]):
            raise SystemExit(f"{name} has no region: add a seed")
    icons = {
        name: 2 * ICON * bool(t.get("fortress") or t.get("arsenal")) for name, t in data["province"].items()
    }
    positions = {**data["province"], **data["sea"]}
    homes = {n: "west" if positions[n]["pos"][0] < WEST_OF else "east" for n in names}
    labels = place_labels(shapes, set(seas), icons, homes)
    places = {
        name: {
            "d": path_of(shapes[name]),
            "in": [panel for panel in PANELS if panel_box(panel).intersects(shapes[name])],
            **labels[name],
        }
        for name in names
    }
    coast = shapely.union_all([g.buffer(0.05) for g in land_parts]).buffer(-0.05)
    out = {
        "about": (
            "Regions of the Mare Nostrum board, made by tools/mare_nostrum_shapes.py from "
            "Natural Earth 1:110m (public domain) and mediterranean.toml; SVG units."
        ),
        "width": round(WIDTH),
        "height": round(HEIGHT),
        "projection": {"west": WEST, "north": NORTH, "cos": round(COS, 6), "scale": round(K, 6)},
        "panels": {name: [round(v) for v in panel_box(name).bounds] for name in PANELS},
        "land": path_of(coverage[-1]),
        "coast": path_of(coast),
        "places": places,
    }
    rows_inside(places)
    OUT.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes, {len(places)} places)")


def rows_only() -> None:
    """``--rows``: move the rows of the stored shapes inside their regions, nothing else changed
    (no coastline needed)."""
    out = json.loads(OUT.read_text(encoding="utf-8"))
    rows_inside(out["places"])
    OUT.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"rows placed in {OUT} ({len(out['places'])} places)")


if __name__ == "__main__":
    if sys.argv[1:] == ["--rows"]:
        rows_only()
    else:
        main(sys.argv[1])
