"""The Mare Nostrum board picture: a map whose regions take their owners' colours.

A real game is played through the referee; the board of its stored HTML report is shown in
headless Chromium (skipped with the reason when Chromium is absent) and the screenshot's
pixels inside provinces of known owners are read with pillow. The same check runs on the
PNG that goes out with the report mail (resvg).
"""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from browserkit import chromium
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Report, Turn
from adjudicator.games.mare_nostrum import svg as board_picture
from adjudicator.games.mare_nostrum.map import default_map
from adjudicator.publish import pictures

Image = pytest.importorskip("PIL.Image")
EXAMPLES = Path(__file__).parents[3] / "orders" / "mare-nostrum"
SEATS = ("rome", "carthage", "macedon", "egypt", "seleucia", "syracuse", "massalia", "pergamon")


def play_two_years(referee: Referee) -> None:
    """Every nation plays the example orders of orders/mare-nostrum/ in 218 BC, then a quiet 217 BC."""
    referee.new_game("mare-nostrum", "mn", {"nations": "8"}, deadline="48h")
    for seat in SEATS:
        referee.join("mn", seat, email=f"{seat}@example.org", name=seat.title())
    referee.start("mn")
    for seat in SEATS:
        referee.submit("mn", seat, (EXAMPLES / f"{seat}.txt").read_text(encoding="utf-8"), as_referee=True)
    referee.close_turn("mn")
    referee.close_turn("mn")


def owners_after(referee: Referee, turn: int) -> dict[str, str | None]:
    with referee.db.session() as session:
        row = session.exec(select(Turn).where(Turn.game_id == "mn", Turn.number == turn)).one()
        state = json.loads(row.result_state_json or "{}")
    return {name: rec["owner"] for name, rec in state["provinces"].items()}


def stored_html(referee: Referee, turn: int, seat: str) -> str:
    from adjudicator.publish.reports import stored_report  # the board is kept once per turn and put back here

    with referee.db.session() as session:
        html = stored_report(session, "mn", turn, seat, "html")
    assert html is not None
    return html


def board_of(html: str) -> str:
    found = re.search(r'<div class="board" id="board">(<svg.*?</svg>)</div>', html, re.S)
    assert found, "the report has no board picture"
    return found.group(1)


# ------------------------------------------------------------------ where to look in the picture


def polygon_of(d: str) -> list[tuple[float, float]]:
    """The first ring of a region's path (the data file writes ``M x y`` then relative ``l dx dy``)."""
    ring = d.split("z")[0]
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", ring)]
    x, y = numbers[0], numbers[1]
    points = [(x, y)]
    for dx, dy in zip(numbers[2::2], numbers[3::2], strict=True):
        x, y = x + dx, y + dy
        points.append((x, y))
    return points


def inside(point: tuple[float, float], ring: list[tuple[float, float]]) -> bool:
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def sample_points(place: str) -> list[tuple[float, float]]:
    """Points of the place's region on the drawing, away from its label and its row of markers."""
    shapes = board_picture.packaged_shapes()
    ring = polygon_of(shapes.paths[place])
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    (lx, ly), (rx, ry) = shapes.labels[place], shapes.rows[place]
    half = shapes.widths[place] / 2 + 24  # the name, and the fortress and arsenal marks beside it
    points = []
    for i in range(1, 30):
        for j in range(1, 30):
            p = (min(xs) + (max(xs) - min(xs)) * i / 30, min(ys) + (max(ys) - min(ys)) * j / 30)
            if not inside(p, ring):
                continue
            on_label = abs(p[0] - lx) < half and -27 < p[1] - ly < 9
            on_row = abs(p[0] - rx) < 55 and abs(p[1] - ry) < 16
            if on_label or on_row:
                continue
            if min(abs(p[0] - a) + abs(p[1] - b) for a, b in ring) < 5:
                continue  # the border line
            points.append(board_picture.to_picture(shapes, shapes.homes[place], *p))
    assert len(points) >= 3, place
    return points


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def share_in_colour(image: object, points: list[tuple[float, float]], colour: str, scale: float) -> float:
    want = rgb(colour)
    hits = 0
    for x, y in points:
        got = image.getpixel((round(x * scale), round(y * scale)))[:3]  # type: ignore[attr-defined]
        hits += all(abs(a - b) <= 6 for a, b in zip(got, want, strict=True))
    return hits / len(points)


#: provinces large enough on the drawing to sample well away from names and markers
SAMPLED = ("Latium", "Etruria", "Emporia", "Macedonia", "Thebais", "Mesopotamia", "Gallia", "Numidia")


def assert_owner_colours(image: object, owners: dict[str, str | None], scale: float) -> None:
    """The sampled places show their owner's colour (``scale``: pixels per unit of the drawing)."""
    nations = default_map().nations
    expected = [
        (place, nations[owner].colour if owner else board_picture.INDEPENDENT)
        for place, owner in ((p, owners[p]) for p in SAMPLED)
    ]
    assert {owners[p] for p in SAMPLED} >= {"rome", "carthage", "macedon", "egypt", "seleucia", None}
    for place, colour in [*expected, ("Mare-Internum", board_picture.SEA_ZONE)]:
        share = share_in_colour(image, sample_points(place), colour, scale)
        assert share >= 0.6, f"{place}: only {share:.0%} of its sampled pixels are {colour}"


# ------------------------------------------------------------------ the tests


def test_each_province_is_a_region_in_its_owners_colour_in_the_mailed_png(referee: Referee) -> None:
    play_two_years(referee)
    svg = board_of(stored_html(referee, 1, "rome"))
    png = pictures.svg_to_png(svg)
    if png is None:
        pytest.skip(pictures.png_unavailable_reason() or "resvg could not convert the board")
    image = Image.open(io.BytesIO(png)).convert("RGB")
    shown = min(board_picture.DISPLAY_WIDTH, pictures.SHOWN_WIDTH)  # as wide as a report shows it
    assert image.size[0] == shown
    scale = shown / board_picture.picture_width(board_picture.packaged_shapes())
    assert_owner_colours(image, owners_after(referee, 1), scale)


def test_the_board_title_shows_each_turns_own_year(referee: Referee) -> None:
    play_two_years(referee)
    first, second = board_of(stored_html(referee, 1, "rome")), board_of(stored_html(referee, 2, "rome"))
    # the report of 218 BC shows the board after 218 BC was played, the next one after 217 BC
    assert ">218 BC<" in first and "218 BC (turn 1): the position after the turn" in first
    assert "217 BC" not in first
    assert ">217 BC<" in second and "217 BC (turn 2): the position after the turn" in second
    with referee.db.session() as session:
        text = session.exec(
            select(Report).where(Report.game_id == "mn", Report.turn_number == 1, Report.format == "text")
        ).first()
    assert text is not None and "218 BC (turn 1): the position after the turn" in text.body


def test_the_picture_stays_small_enough_to_inline_in_mail(referee: Referee) -> None:
    play_two_years(referee)
    svg = board_of(stored_html(referee, 1, "rome"))
    assert len(svg.encode()) < 150_000


def chromium_screenshot(tmp_path: Path, page: Path, width: int, height: int) -> object:
    shot = tmp_path / f"{page.stem}-{width}.png"
    done = chromium(
        tmp_path,
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        f"--window-size={width},{height}",
        f"--screenshot={shot}",
        page.resolve().as_uri(),
    )
    if not shot.exists():
        pytest.skip(f"Chromium took no screenshot here (exit {done.returncode}): {done.stderr[-300:]}")
    return Image.open(shot).convert("RGB")


def test_chromium_shows_the_reports_map_with_regions_in_owner_colours(
    referee: Referee, tmp_path: Path
) -> None:
    play_two_years(referee)
    html = stored_html(referee, 1, "rome")
    svg = board_of(html)
    size = re.search(r'<svg[^>]* width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) ', svg)
    assert size, "the board has no size"
    width, height, units = (int(v) for v in size.groups())
    page = tmp_path / "board.html"
    page.write_text(f'<!doctype html><html><body style="margin:0">{svg}</body></html>', encoding="utf-8")
    image = chromium_screenshot(tmp_path, page, width, height)
    assert_owner_colours(image, owners_after(referee, 1), width / units)
    # the whole report at a phone's width: the board shrinks to the screen, colours intact
    report = tmp_path / "report.html"
    report.write_text(html, encoding="utf-8")
    phone = chromium_screenshot(tmp_path, report, 400, 1200)
    colours = dict((c, n) for n, c in phone.getcolors(maxcolors=1 << 20) or [])  # type: ignore[attr-defined]
    for seat in SEATS:
        assert colours.get(rgb(default_map().nations[seat].colour), 0) > 40, seat


def test_a_club_map_without_shapes_is_still_drawn_as_a_schematic(tmp_path: Path) -> None:
    from adjudicator.games.dice import Dice
    from adjudicator.games.mare_nostrum.map import DEFAULT_MAP
    from adjudicator.games.mare_nostrum.rules import MareNostrum

    source = DEFAULT_MAP.read_text(encoding="utf-8")
    club = tmp_path / "club.toml"
    club.write_text(
        source + '\n[province.Melita]\ndemography = 2\npos = [14.4, 35.9]\nsea = ["Mare-Africum"]\n',
        encoding="utf-8",
    )
    rs = MareNostrum()
    drawings = {}
    for name, path in (("packaged", str(DEFAULT_MAP)), ("club", str(club))):
        opts = rs.parse_options({"nations": "3", "map": path})
        state = rs.setup(opts, rs.seat_names(opts), Dice(b"setup"))
        drawings[name] = pictures.clean_svg(rs.board_svg(rs.view(state, None)))
    assert drawings["packaged"] and 'id="map-west"' in drawings["packaged"]
    club_svg = drawings["club"]
    assert club_svg and 'id="map-west"' not in club_svg  # Melita has no shape: the schematic drawing
    assert 'id="province-Melita"' in club_svg and "218 BC (turn 1)" in club_svg


def test_every_name_written_on_the_map_is_one_the_orders_accept() -> None:
    from adjudicator.games.mare_nostrum.orders import names_for

    game_map = default_map()
    places, _, _ = names_for(game_map)
    shapes = board_picture.packaged_shapes()
    shortened = 0
    for name in game_map.places:
        written = shapes.texts[name]
        shortened += written != name
        assert places.match(written.rstrip("."), 1) == (name, None), (name, written)
    assert shortened < len(game_map.places) / 2  # most places keep their full name


def test_every_place_is_named_inside_its_panel() -> None:
    shapes = board_picture.packaged_shapes()
    for name, (x, y) in shapes.labels.items():
        x0, y0, x1, y1 = shapes.panels[shapes.homes[name]]
        assert x0 < x < x1 and y0 < y < y1, name
        assert shapes.homes[name] in shapes.panels_of[name], name


def test_the_year_counts_down_and_crosses_into_ad() -> None:
    from adjudicator.games.mare_nostrum.board import year_label

    source = default_map().source.replace("start_year = 218", "start_year = 2")
    state = {"map": {"source": source, "sha": None}, "turn": 1}
    assert [year_label({**state, "turn": turn}) for turn in (1, 2, 3, 4)] == ["2 BC", "1 BC", "AD 1", "AD 2"]


def test_names_are_at_least_8_px_high_when_the_picture_is_400_px_wide() -> None:
    shapes = board_picture.packaged_shapes()
    scale = 400 / board_picture.picture_width(shapes)
    assert min(shapes.sizes.values()) * scale >= 8
    assert board_picture.LABEL_SIZE * scale >= 11  # most names: the usual size
    assert sum(size == board_picture.LABEL_SIZE for size in shapes.sizes.values()) >= 30


def test_hostile_names_and_colours_of_a_club_map_stay_text(tmp_path: Path) -> None:
    from adjudicator.games.dice import Dice
    from adjudicator.games.mare_nostrum.map import DEFAULT_MAP
    from adjudicator.games.mare_nostrum.rules import MareNostrum

    source = DEFAULT_MAP.read_text(encoding="utf-8")
    source = source.replace('name = "Rome"', 'name = "<script>alert(1)</script>"', 1)
    source = source.replace('colour = "#c0392b"', 'colour = "red\\" onload=\\"alert(2)"', 1)
    club = tmp_path / "club.toml"
    club.write_text(source, encoding="utf-8")
    rs = MareNostrum()
    opts = rs.parse_options({"nations": "3", "map": str(club)})
    state = rs.setup(opts, rs.seat_names(opts), Dice(b"setup"))
    svg = pictures.clean_svg(rs.board_svg(rs.view(state, None)))
    assert svg and 'id="map-west"' in svg  # same places: the map drawing
    assert "<script" not in svg and "&lt;script&gt;alert(1)&lt;/script&gt;: 100 PO" in svg
    attributes = {name for element in ET.fromstring(svg).iter() for name in element.attrib}
    assert not any(name.lower().startswith("on") for name in attributes)
    assert "alert(2)" not in svg  # not a colour: the nation is drawn grey
