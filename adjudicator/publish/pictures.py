"""Board pictures: the rulesets' SVG turned into PNG for mail clients that block inline SVG.

The conversion uses ``resvg-py`` (a self-contained wheel of the resvg renderer: no system
library needed). When it is missing or fails, :func:`svg_to_png` returns ``None`` with the
reason in :func:`png_unavailable_reason`; reports then go out without the PNG and say so.

The renderer is handed the fonts that ship with the package (DejaVu Sans, regular and bold,
``fonts/`` beside this module, Bitstream Vera licence) as the only fonts it may use, every
generic family (``sans-serif``, ``serif``...) mapped to them: a picture carries the same letters
on a host with no font installed as on a desktop, and never depends on which fonts a host has.

The PNG is a palette PNG: the drawings are flat colours with anti-aliased edges, so at most
:data:`PALETTE_COLOURS` colours (every colour the drawing names kept exactly, the rest the most
used blends of the anti-aliased text, Pillow's max-coverage quantiser on a sample of the
pixels) lose nothing a reader sees; Pillow writes it. A 6-seat Mare Nostrum board, 720 px wide
(:data:`SHOWN_WIDTH`), goes from about 240 KB to about 84 KB. Without Pillow the renderer's own
full-colour PNG is used.

A drawing that says which of its groups stay the same from turn to turn is drawn in layers, the
static ones rendered once per process (:func:`layered`).

Only SVG that a ruleset drew from the game state is converted; external resources are not
loaded (no ``resources_dir``), so a picture can never pull in a local file.
"""

from __future__ import annotations

import hashlib
import io
import math
import re
import threading
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from adjudicator.games.drawing import WrittenSvg

#: An SVG text longer than this is not converted (a board is a few hundred KiB at most).
MAX_SVG_BYTES = 4 * 1024 * 1024
_EXTERNAL = re.compile(r"""(?:xlink:)?href\s*=\s*["'](?!#)""", re.IGNORECASE)

#: The fonts shipped with the package, the only ones the renderer is given.
FONTS = Path(__file__).with_name("fonts")
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FONT_FAMILY = "DejaVu Sans"
#: The most colours a board picture keeps (its palette).
PALETTE_COLOURS = 64
#: The blends the palette keeps besides the drawing's own colours are chosen from every
#: ``SAMPLE``-th pixel of every ``SAMPLE``-th row (pixels taken as they are, no new blend made):
#: the most used blends are the same, found in a sixteenth of the time.
SAMPLE = 4
#: The zlib level Pillow writes the palette PNG at: a 6-seat Mare Nostrum board 84 KB in 13 ms
#: (the palette included), as small as oxipng wrote it (libdeflater level 6, no filter) in 16 ms,
#: 7 of them taking the pixels in; level 4 writes 90 KB in 9 ms, which brings that board's report
#: mail to 149 KB of its 150 KB limit.
ZLIB_LEVEL = 6
#: The widest a report shows a picture (CSS px): the content of the mail's page (``.page`` of
#: ``templates/common/frame.html.j2``, ``max-width: 720px``), where ``max-width: 100%`` scales it
#: down. A drawing meant wider is rendered at this width (the reader sees the same, in a tenth
#: fewer pixels to draw and to write).
SHOWN_WIDTH = 720
#: Shapes drawn without anti-aliasing (text keeps it): the boards are flat regions and markers,
#: whose edges then cost the PNG no blended pixels (a Mare Nostrum board 99 -> 85 KB) and the
#: renderer a quarter less time.
SHAPES = "crisp_edges"
_COLOUR = re.compile(r"#([0-9a-fA-F]{6})\b")
_ROOT_WIDTH = re.compile(r"""\swidth\s*=\s*["']\s*([0-9]+(?:\.[0-9]*)?)\s*(?:px)?\s*["']""")


class Conversions:
    """How many drawings were rendered to PNG in this process (a bench counts them: each
    distinct board of a turn is converted once, whichever mail or export needs it first)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.count = 0

    def add(self) -> None:
        with self.lock:
            self.count += 1


conversions = Conversions()


@cache
def _renderer() -> Any:
    try:
        import resvg_py
    except ImportError:
        return None
    return resvg_py


@cache
def font_options() -> dict[str, Any]:
    """The renderer's font settings: the shipped fonts only, every generic family mapped to them."""
    family = FONT_FAMILY
    return {
        "skip_system_fonts": True,
        "font_files": [str(FONTS / name) for name in FONT_FILES],
        "font_family": family,
        "sans_serif_family": family,
        "serif_family": family,
        "monospace_family": family,
        "cursive_family": family,
        "fantasy_family": family,
    }


def png_unavailable_reason() -> str | None:
    """``None`` when PNG conversion works here, else why not (for the report's note)."""
    if _renderer() is None:
        return "the board picture could not be attached as PNG (resvg-py is not installed)"
    return None


def convertible(svg: str | None) -> bool:
    """Whether :func:`svg_to_png` will try ``svg`` (without converting it): the report says
    "attached" before the PNG is made at send time. A drawing resvg then fails on goes out
    without the PNG (rare: the rulesets draw the SVG themselves)."""
    if not svg or len(svg.encode()) > MAX_SVG_BYTES:
        return False
    if "href" in svg.lower() and _EXTERNAL.search(svg):  # the search only where it can match
        return False  # a board drawing links to nothing outside itself
    return _renderer() is not None


def digest(svg: str) -> str:
    """The key a picture is kept under with its turn: SHA-256 of the cleaned SVG."""
    return hashlib.sha256(svg.encode()).hexdigest()


def svg_to_png(svg: str | None) -> bytes | None:
    """The PNG of ``svg``; ``None`` when there is no picture or it cannot be converted."""
    if not convertible(svg):
        return None
    assert svg is not None
    return _converted(_renderer(), svg)


def shown_width(svg: str) -> int | None:
    """The width to render ``svg`` at: :data:`SHOWN_WIDTH` when its root element asks for more
    (in px or without a unit), else ``None`` (its own size)."""
    start = svg.find("<svg")
    end = svg.find(">", start)
    if start == -1 or end == -1:
        return None
    found = _ROOT_WIDTH.search(svg, start, end)
    if found is None or float(found.group(1)) <= SHOWN_WIDTH:
        return None
    return SHOWN_WIDTH


def render(svg: str, fonts: dict[str, Any] | None = None) -> bytes:
    """The renderer's own full-colour PNG of ``svg`` on white, with the shipped fonts (or the
    ``fonts`` settings given), at most :data:`SHOWN_WIDTH` px wide (the height in proportion).
    Raises ``ValueError`` on a drawing resvg cannot read."""
    renderer = _renderer()
    if renderer is None:
        raise ValueError("resvg-py is not installed")
    options = font_options() if fonts is None else fonts
    width = shown_width(svg)
    if width is not None:
        options = {**options, "width": width}
    return bytes(
        renderer.svg_to_bytes(svg_string=svg, background="#ffffff", shape_rendering=SHAPES, **options)
    )


@lru_cache(maxsize=4)
def _converted(renderer: object, svg: str) -> bytes | None:
    """The PNG of one drawing, kept a while: every seat's report of a turn shows the same board.
    A drawing whose groups say which parts stay from turn to turn (:func:`layered`) is drawn in
    layers, the kept ones reused; any other in one pass."""
    try:
        image = layered(svg)
        data = None if image is not None else render(svg)
    except Exception:  # a malformed drawing must not stop a report
        return None
    conversions.add()
    if image is not None:
        return palette_png(image, named_colours(svg))
    if data is None or not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    return palette_png(data, named_colours(svg))


# -- layers -----------------------------------------------------------------------------------
# A board drawing may say, with a ``data-layer`` attribute on its groups, which of its parts are
# the same at every turn of a game: ``base``, shapes of the map alone, drawn under everything and
# without anti-aliasing (:data:`SHAPES`); ``fills``, regions whose shapes are the map's and whose
# ``fill`` (``#rrggbb``, on each child) is the turn's; ``over``, what the map alone draws over
# those (names), inside its nested ``<svg>`` panel when in one; ``free``, the turn's own marks,
# inside their panel too. A panel holding only ``over`` or only ``free`` parts is drawn without
# its clipping. Any other element is the turn's own and drawn last.
#
# The base (its regions each in a colour of its own, so that its pixels are an index of the
# regions: a palette image) and the over layer are rendered once per process, keyed by their
# text and the picture's size. A turn then costs its own part: the base's palette given the
# owners' colours, the over layer composited, then the turn's part, rendered in patches
# (:func:`_packed`). The drawing promises that this order draws what its own order draws (what
# differs: a siege's outline, drawn over the names instead of under them).

_LAYER = "data-layer"
#: The static layers rendered, by the text of the base and over drawings and the width asked: a
#: map at a number of seats (the legend's height) is about 5 MB of pixels (a palette image and an
#: RGBA one), so at most :data:`_STATIC_MAX` are kept, the least lately used dropped first.
_STATIC_LAYERS: dict[tuple[str, str, int | None], tuple[Any, list[int], Any]] = {}
_STATIC_MAX = 8
_STATIC_LOCK = threading.Lock()


def _kind(element: Any) -> str | None:
    """The layer ``element`` draws in: its ``data-layer``; ``None`` when it only holds layers."""
    kind = element.get(_LAYER)
    if kind is not None:
        return str(kind)
    if any(child.get(_LAYER) is not None for child in element.iter() if child is not element):
        return None
    return "turn"


def _pruned(element: Any, keep: tuple[str, ...]) -> Any:
    """A copy of ``element`` with only the parts of the layers in ``keep`` (and what holds them)."""
    import copy
    import xml.etree.ElementTree as ET

    out = ET.Element(element.tag, dict(element.attrib))
    out.text = element.text
    for child in element:
        kind = _kind(child)
        if kind is None:
            inner = _pruned(child, keep)
            if len(inner):
                out.append(inner)
        elif kind in keep:
            out.append(copy.deepcopy(child))
    return out


def _unclipped(element: Any, free: tuple[str, ...] = ("free",)) -> None:
    """Every nested ``<svg>`` under ``element`` holding only parts of the layers in ``free`` (or
    empty groups) turned into a group placed as the ``<svg>`` places its content, without its
    clipping."""
    for child in list(element):
        _unclipped(child, free)
        if child.tag.rsplit("}", 1)[-1] != "svg":
            continue
        parts = [c for c in child if c.get(_LAYER) not in free and not (c.tag.endswith("g") and not len(c))]
        box = (child.get("viewBox") or "").replace(",", " ").split()
        if parts or len(box) != 4 or child.get("preserveAspectRatio") not in (None, "xMidYMid meet"):
            continue
        x, y = float(child.get("x", "0")), float(child.get("y", "0"))
        vx, vy, vw, vh = (float(v) for v in box)
        width, height = float(child.get("width", vw)), float(child.get("height", vh))
        scale = min(width / vw, height / vh)
        left, top = x + (width - vw * scale) / 2, y + (height - vh * scale) / 2
        child.tag = child.tag[: -len("svg")] + "g"
        child.attrib.clear()
        child.set("transform", f"translate({left!r} {top!r}) scale({scale!r}) translate({-vx!r} {-vy!r})")


def _recoloured_base(root: Any, avoid: set[str]) -> tuple[Any, list[str], list[str]] | None:
    """The base drawing: ``root`` with only its ``base`` and ``fills`` parts, each region of a
    ``fills`` group in a colour of its own (none of ``avoid``), the regions' own colours (the
    turn's) in order, and the colours they were given instead; ``None`` when a region's fill is
    not ``#rrggbb``."""
    base = _pruned(root, ("base", "fills"))
    regions = [region for group in base.iter() if group.get(_LAYER) == "fills" for region in group]
    fills = [(region.get("fill") or "").lower() for region in regions]
    if not all(_COLOUR.fullmatch(fill) for fill in fills):
        return None
    given = _index_colours(len(regions), avoid)
    for region, colour in zip(regions, given, strict=True):
        region.set("fill", colour)
    return base, fills, given


def _index_colours(count: int, avoid: set[str]) -> list[str]:
    """``count`` colours, none of ``avoid``, each region's in the base drawing (the same for
    every turn of a map: the base is kept by its text)."""
    out: list[str] = []
    i = 0
    while len(out) < count:
        colour = f"#{i % 251:02x}{(i // 251) % 251:02x}{251:02x}"
        if colour not in avoid:
            out.append(colour)
        i += 1
    return out


def layered(svg: str) -> Any:
    """The picture of ``svg`` (an RGB Pillow image, as :func:`render` draws it within a rounding
    of the anti-aliased edges) drawn from its layers, the static ones kept; ``None`` when it
    does not say which parts are static, or has too many regions for a palette."""
    if _LAYER not in svg:
        return None
    import xml.etree.ElementTree as ET

    try:
        from PIL import Image
    except ImportError:  # the renderer's own PNG, in one pass
        return None

    root = ET.fromstring(svg)
    made = _recoloured_base(root, {"#{:02x}{:02x}{:02x}".format(*c) for c in named_colours(svg)})
    if made is None:
        return None
    base, fills, given = made
    ET.register_namespace("", SVG_NS)
    base_text = ET.tostring(base, encoding="unicode")
    over = _pruned(root, ("over",))
    _unclipped(over, ("over",))  # the names and the map's marks stay inside their panel
    over_text = ET.tostring(over, encoding="unicode")
    width = shown_width(svg)
    static = _static_layers(base_text, over_text, given, width)
    if static is None:
        return None
    index, slots, over = static
    turn = _pruned(root, ("free", "turn"))
    _unclipped(turn)
    palette = list(index.getpalette("RGB") or [])
    for slot, fill in zip(slots, fills, strict=True):
        if slot < 0:  # a region hidden under others: not in the picture
            continue
        palette[3 * slot : 3 * slot + 3] = [int(fill[k : k + 2], 16) for k in (1, 3, 5)]
    picture = index.copy()
    picture.putpalette(palette)
    picture = picture.convert("RGBA")
    if over is not None:
        picture.alpha_composite(over)
    if not _packed(turn, picture, width):  # the turn's part in one render over the whole canvas
        drawn = Image.open(io.BytesIO(_rendered(ET.tostring(turn, encoding="unicode"), width, None)))
        if drawn.size != picture.size:
            return None
        picture.alpha_composite(drawn.convert("RGBA"))
    return picture.convert("RGB")


# -- the turn's part, packed ------------------------------------------------------------------
# The turn's own marks cover a tenth of the picture, and a render costs by the pixels of its
# canvas (resvg fills and writes every one). So the turn's part is first rendered at 1/PROBE of
# the size (a probe), which shows where it draws ink; each of its elements goes with the patch of
# ink around its anchor (its ``x``/``y`` or its ``translate``); the patches are packed on shelves
# of a small canvas, each moved by whole pixels (its pixels are then the ones it has in place),
# rendered in one pass, and each composited where it belongs. A turn's part with an element that
# cannot be placed so (a nested viewport, a transform other than translations and scales, an
# anchor outside every patch) is rendered over the whole canvas instead. What this asks of a
# drawing: each element's ink is one patch, no gap in it wider than twice :data:`MARGIN` probe
# pixels (a unit marker and its count, a line of the legend), and lies around its anchor.

PROBE = 8
#: Probe pixels added around each patch of ink: what the probe shows faintly or not at all (an
#: anti-aliased edge) stays inside its patch.
MARGIN = 1
#: Pixels between packed patches.
SPACING = 2
_TRANSFORM = re.compile(r"\s*(translate|scale)\(\s*([-+0-9.eE]+)(?:[\s,]+([-+0-9.eE]+))?\s*\)")
_NUMBER = re.compile(r"\s*[-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?\s*")

Unit = tuple[Any, tuple[Any, ...], float, float, tuple[float, float, float]]


def _affine(transform: str | None) -> tuple[float, float, float] | None:
    """``transform`` as (scale, dx, dy) when it is translations and uniform scales only."""
    scale, dx, dy = 1.0, 0.0, 0.0
    at, text = 0, (transform or "").rstrip()
    while at < len(text):
        found = _TRANSFORM.match(text, at)
        if found is None:
            return None
        a, b = float(found.group(2)), found.group(3)
        if found.group(1) == "translate":
            dx, dy = dx + scale * a, dy + scale * float(b or 0)
        elif b is not None and float(b) != a:
            return None
        else:
            scale *= a
        at = found.end()
    return scale, dx, dy


def _units(
    element: Any, at: tuple[float, float, float], chain: tuple[Any, ...], free: bool = False
) -> list[Unit] | None:
    """Every drawn element of the turn's part under ``element`` (each element of a ``free``
    group; elsewhere, the elements of every group) with its containers and its anchor in the
    root's units (``at``: the containers' scale and offset); ``None`` when one cannot be placed."""
    out: list[Unit] = []
    for child in element:
        name = child.tag.rsplit("}", 1)[-1]
        if name == "title" or (name == "g" and not len(child)):
            continue  # nothing drawn
        own = _affine(child.get("transform"))
        x, y = child.get("x", "0"), child.get("y", "0")
        if own is None or name == "svg" or not (_NUMBER.fullmatch(x) and _NUMBER.fullmatch(y)):
            return None  # a nested viewport (its clipping kept), another transform, a unit in x
        here = (at[0] * own[0], at[1] + at[0] * own[1], at[2] + at[0] * own[2])
        if name == "g" and not free:
            inner = _units(child, here, (*chain, child), child.get(_LAYER) == "free")
            if inner is None:
                return None
            out.extend(inner)
        elif "x" in child.attrib or "y" in child.attrib or "transform" in child.attrib:
            out.append((child, chain, here[1] + here[0] * float(x), here[2] + here[0] * float(y), here))
        else:
            return None
    return out


def _placement(turn: Any, size: tuple[int, int]) -> tuple[float, float, float, float] | None:
    """How resvg places the root's units on the picture of ``size``: (x scale, y scale, dx, dy)
    in pixels, for a root with a ``viewBox`` drawn ``xMidYMid meet`` into its ``width`` and
    ``height`` (px or no unit), then stretched to the picture's whole pixels (its height rounded
    up: the two scales differ a little); ``None`` for any other root."""
    box = (turn.get("viewBox") or "").replace(",", " ").split()
    attrs = turn.get("width"), turn.get("height")
    if len(box) != 4 or turn.get("preserveAspectRatio") not in (None, "xMidYMid meet"):
        return None
    if not all(a is not None and _NUMBER.fullmatch(a.removesuffix("px")) for a in attrs):
        return None
    w, h = (float(str(a).removesuffix("px")) for a in attrs)
    vx, vy, vw, vh = (float(v) for v in box)
    fit = min(w / vw, h / vh)
    rx, ry = size[0] / w, size[1] / h
    return rx * fit, ry * fit, rx * ((w - vw * fit) / 2 - vx * fit), ry * ((h - vh * fit) / 2 - vy * fit)


def _patches(mask: Any) -> list[tuple[int, int, int, int]]:
    """The boxes (x0, y0, x1, y1, in probe pixels) of the connected patches of ``mask``'s set
    pixels, each grown by :data:`MARGIN`, the overlapping ones merged."""
    width, height = mask.size
    data = mask.tobytes()
    seen = bytearray(len(data))
    boxes: list[list[int]] = []
    for start in range(len(data)):
        if not data[start] or seen[start]:
            continue
        seen[start] = 1
        stack, box = [start], [width, height, -1, -1]
        while stack:
            at = stack.pop()
            x, y = at % width, at // width
            box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height:
                    near = ny * width + nx
                    if data[near] and not seen[near]:
                        seen[near] = 1
                        stack.append(near)
        boxes.append([box[0] - MARGIN, box[1] - MARGIN, box[2] + 1 + MARGIN, box[3] + 1 + MARGIN])
    merged = True
    while merged:  # patches whose boxes overlap become one
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    boxes[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    return [(a[0], a[1], a[2], a[3]) for a in boxes]


#: The ink of each element of a turn's part met before (the box, in pixels, of its patch), and the
#: pixels of each patch rendered before: by the elements' text, their containers and the picture's
#: placement, so a patch is reused only where it would be drawn the same. Bounded.
_INK: dict[tuple[Any, ...], tuple[int, int, int, int]] = {}
_PATCH_PIXELS: dict[tuple[Any, ...], Any] = {}
_KEPT_MAX = 4096
_PATCHES_LOCK = threading.Lock()


# -- ink from geometry --------------------------------------------------------------------------
# Most marks of a turn are shapes and one-line texts whose ink can be bounded without drawing them:
# a shape by its coordinates and its stroke, a text by the font's outlines of its letters (the
# fonts the renderer is given, measured by FreeType through Pillow). The box is grown by what a
# stroke's joins and the anti-aliasing may add; it only has to hold the ink (a larger box costs a
# few pixels of the atlas). An element using anything else (a path, a nested text span, a style
# attribute, a font size in other units) is probed instead.

#: Presentation attributes a box depends on, inherited from the containers as SVG inherits them.
_INHERITED = ("font-size", "font-weight", "text-anchor", "stroke", "stroke-width")
#: Attributes that move or reshape ink in ways the boxes below do not follow: such elements are probed.
_UNFOLLOWED = (
    "style",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "letter-spacing",
    "word-spacing",
    "writing-mode",
    "font-stretch",
    "font-style",
    "stroke-miterlimit",
    "filter",
    "marker-start",
    "marker-mid",
    "marker-end",
    "textLength",
    "rotate",
)
#: The font size the letters are measured at (outlines scale with the size; the renderer does not hint).
_MEASURE_SIZE = 200
#: Pixels added around every box: the anti-aliased edge, and rounding.
_INK_MARGIN = 2.0
_SHAPE_NUMBERS = {
    "rect": ("x", "y", "width", "height"),
    "circle": ("cx", "cy", "r"),
    "ellipse": ("cx", "cy", "rx", "ry"),
    "line": ("x1", "y1", "x2", "y2"),
}


@cache
def _measuring_font(bold: bool) -> Any:
    from PIL import ImageFont

    layout = ImageFont.Layout.RAQM if ImageFont.core.HAVE_RAQM else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(FONTS / FONT_FILES[1 if bold else 0]), _MEASURE_SIZE, layout_engine=layout)


def _number(value: str | None, default: float | None = None) -> float | None:
    if value is None:
        return default
    value = value.strip().removesuffix("px")
    return float(value) if _NUMBER.fullmatch(value) else None


def _inherited(element: Any, chain: tuple[Any, ...], root: Any) -> dict[str, str] | None:
    """The attributes of :data:`_INHERITED` as they apply to ``element``; ``None`` when the element
    or what holds it uses one of :data:`_UNFOLLOWED`."""
    out: dict[str, str] = {}
    for holder in (root, *chain, element):
        if any(name in holder.attrib for name in _UNFOLLOWED):
            return None
        out.update((name, holder.get(name)) for name in _INHERITED if holder.get(name) is not None)
    return out


Box = tuple[float, float, float, float]


def _union(boxes: list[Box]) -> Box | None:
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _stroke_reach(attrs: dict[str, str], joins: bool) -> float | None:
    """How far a stroke reaches out of its shape: half its width, its joins' miters (at most twice
    the width at the default miter limit) where the outline has corners; ``None``: unknown."""
    if attrs.get("stroke", "none") == "none":
        return 0.0
    width = _number(attrs.get("stroke-width"), 1.0)
    if width is None:
        return None
    return width * (2.0 if joins else 0.5)


def _text_box(element: Any, attrs: dict[str, str]) -> Box | None:
    """The ink of a one-line ``<text>`` in its own units: its letters' outlines, from its anchor."""
    if len(element):  # text spans
        return None
    size = _number(attrs.get("font-size"), 12.0)
    x, y = _number(element.get("x"), 0.0), _number(element.get("y"), 0.0)
    anchor = {"start": "l", "middle": "m", "end": "r"}.get(attrs.get("text-anchor", "start"))
    weight = attrs.get("font-weight", "normal")
    reach = _stroke_reach(attrs, joins=True)
    if size is None or x is None or y is None or anchor is None or reach is None:
        return None
    if weight not in ("normal", "bold", "400", "700"):
        return None
    text = " ".join((element.text or "").split())  # as SVG lays out text: runs of white space as one
    if not text:
        return (x, y, x, y)
    left, top, right, bottom = _measuring_font(weight in ("bold", "700")).getbbox(text, anchor=anchor + "s")
    k = size / _MEASURE_SIZE
    return (x + left * k - reach, y + top * k - reach, x + right * k + reach, y + bottom * k + reach)


def _shape_box(element: Any, attrs: dict[str, str]) -> Box | None:
    """The ink of a shape (rect, circle, ellipse, line, polygon, polyline) or of a group of them
    (each child through its own transform) in the element's own units; ``None``: not known."""
    name = element.tag.rsplit("}", 1)[-1]
    if name == "g":
        boxes = []
        for child in element:
            if child.tag.rsplit("}", 1)[-1] == "title":
                continue
            own = _affine(child.get("transform"))
            inner = _inherited(child, (), element)
            box = (
                _element_box(child, {**attrs, **(inner or {})})
                if own is not None and inner is not None
                else None
            )
            if box is None:
                return None
            scale, dx, dy = own  # type: ignore[misc]
            boxes.append((dx + scale * box[0], dy + scale * box[1], dx + scale * box[2], dy + scale * box[3]))
        return _union(boxes) or (0.0, 0.0, 0.0, 0.0)
    if name in ("polygon", "polyline"):
        numbers = (element.get("points") or "").replace(",", " ").split()
        if len(numbers) < 2 or len(numbers) % 2 or not all(_NUMBER.fullmatch(n) for n in numbers):
            return None
        xs, ys = [float(n) for n in numbers[0::2]], [float(n) for n in numbers[1::2]]
        reach = _stroke_reach(attrs, joins=True)
        if reach is None:
            return None
        return (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)
    names = _SHAPE_NUMBERS.get(name)
    if names is None:
        return None
    values = [_number(element.get(n), 0.0) for n in names]
    reach = _stroke_reach(attrs, joins=name == "rect")
    if any(v is None for v in values) or reach is None:
        return None
    a, b, c, *rest = (float(v) for v in values)  # type: ignore[arg-type]
    if name == "rect":
        box = (a, b, a + c, b + rest[0])
    elif name == "circle":
        box = (a - c, b - c, a + c, b + c)
    elif name == "ellipse":
        box = (a - c, b - rest[0], a + c, b + rest[0])
    else:  # a line, its caps reaching as far as its width
        reach = 2 * reach
        box = (min(a, c), min(b, rest[0]), max(a, c), max(b, rest[0]))
    return (box[0] - reach, box[1] - reach, box[2] + reach, box[3] + reach)


def _element_box(element: Any, attrs: dict[str, str]) -> Box | None:
    if element.tag.rsplit("}", 1)[-1] == "text":
        return _text_box(element, attrs)
    return _shape_box(element, attrs)


def _ink_box(
    unit: Unit, root: Any, place: tuple[float, float, float, float], size: tuple[int, int]
) -> tuple[int, int, int, int] | None:
    """The box (pixels of the picture) holding the ink of ``unit``, from its geometry and the
    font's letters; ``None`` when it cannot be told so (it is probed)."""
    element, chain, _x, _y, (scale, dx, dy) = unit
    attrs = _inherited(element, chain, root)
    if attrs is None:
        return None
    own = _affine(element.get("transform"))
    if own is None:
        return None
    box = _element_box(element, attrs)
    if box is None:
        return None
    # ``here`` holds the element's own transform; its box is in the units inside that transform
    sx, sy, left, top = place
    x0, y0, x1, y1 = (dx + scale * box[0], dy + scale * box[1], dx + scale * box[2], dy + scale * box[3])
    return (
        max(0, math.floor(sx * x0 + left - _INK_MARGIN)),
        max(0, math.floor(sy * y0 + top - _INK_MARGIN)),
        min(size[0], math.ceil(sx * x1 + left + _INK_MARGIN)),
        min(size[1], math.ceil(sy * y1 + top + _INK_MARGIN)),
    )


def _unit_key(unit: Unit, place: tuple[Any, ...]) -> tuple[Any, ...]:
    """What an element's pixels depend on: its text, its containers' attributes, the placement."""
    import xml.etree.ElementTree as ET

    chain = tuple((c.tag, tuple(c.attrib.items())) for c in unit[1])
    return (place, chain, ET.tostring(unit[0], encoding="unicode"))


def _put(into: Any, units: list[Unit]) -> None:
    """Into ``into``: ``units`` (in their order), each under copies of its containers."""
    import xml.etree.ElementTree as ET

    holders: dict[int, Any] = {}
    for unit, chain, _x, _y, _at in units:
        parent = into
        for container in chain:
            if id(container) not in holders:
                holders[id(container)] = ET.SubElement(parent, container.tag, dict(container.attrib))
            parent = holders[id(container)]
        parent.append(unit)


def _probed(turn: Any, size: tuple[int, int]) -> list[tuple[int, int, int, int]]:
    """The boxes (pixels of the picture) of the patches of ink of ``turn``, from its probe."""
    import xml.etree.ElementTree as ET

    from PIL import Image

    text = ET.tostring(turn, encoding="unicode")
    options = {**font_options(), "width": max(1, size[0] // PROBE)}
    probe = Image.open(
        io.BytesIO(bytes(_renderer().svg_to_bytes(svg_string=text, background=None, **options)))
    )
    mask = probe.convert("RGBA").getchannel("A").point(lambda v: 255 if v else 0)
    fx, fy = size[0] / probe.width, size[1] / probe.height
    return [
        (
            max(0, int(x0 * fx)),
            max(0, int(y0 * fy)),
            min(size[0], int(x1 * fx + 0.999)),
            min(size[1], int(y1 * fy + 0.999)),
        )
        for x0, y0, x1, y1 in _patches(mask)
    ]


def _merged(boxes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """``boxes`` with every two that overlap made one, until none do."""
    out = [list(b) for b in dict.fromkeys(boxes)]
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    out[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return [(a[0], a[1], a[2], a[3]) for a in out]


def _packed(turn: Any, picture: Any, width: int | None) -> bool:
    """The turn's part composited on ``picture`` patch by patch (above); ``False`` when it
    cannot be placed so (``picture`` untouched)."""
    import xml.etree.ElementTree as ET

    from PIL import Image

    for holder in list(turn.iter()):  # titles are not drawn
        for child in [c for c in holder if c.tag.rsplit("}", 1)[-1] == "title"]:
            holder.remove(child)
    place = _placement(turn, picture.size)
    units = _units(turn, (1.0, 0.0, 0.0), ())
    if place is None or units is None:
        return False
    if not units:
        return True
    sx, sy, left, top = place
    where = (place, picture.size)
    keys = [_unit_key(unit, where) for unit in units]
    with _PATCHES_LOCK:
        inks = [_INK.get(key) for key in keys]
    new = [k for k, ink in enumerate(inks) if ink is None]
    if new:
        for k in new:  # elements not met before: their ink from their geometry and the font's...
            inks[k] = _ink_box(units[k], turn, place, picture.size)
        unknown = [k for k in new if inks[k] is None]
        if unknown:  # ...or, for what that cannot tell, from a probe of them alone
            alone = ET.Element(turn.tag, dict(turn.attrib))
            _put(alone, [units[k] for k in unknown])
            probed = _probed(alone, picture.size)
            for k in unknown:
                px, py = sx * units[k][2] + left, sy * units[k][3] + top
                home = next((b for b in probed if b[0] <= px < b[2] and b[1] <= py < b[3]), None)
                if home is None:
                    return False
                inks[k] = home
        with _PATCHES_LOCK:
            if len(_INK) + len(new) > _KEPT_MAX:
                _INK.clear()
            _INK.update((keys[k], inks[k]) for k in new)  # type: ignore[misc]
    boxes = _merged([ink for ink in inks if ink is not None])
    groups: list[list[int]] = [[] for _ in boxes]
    for k, ink in enumerate(inks):
        assert ink is not None
        groups[
            next(
                i
                for i, b in enumerate(boxes)
                if b[0] <= ink[0] and ink[2] <= b[2] and b[1] <= ink[1] and ink[3] <= b[3]
            )
        ].append(k)
    patch_keys = [(boxes[i], tuple(keys[k] for k in groups[i])) for i in range(len(boxes))]
    with _PATCHES_LOCK:
        kept = {i: _PATCH_PIXELS.get(patch_keys[i]) for i in range(len(boxes))}
    todo = [i for i in range(len(boxes)) if kept[i] is None]
    if todo:
        # shelves: the tallest patches first, left to right, a new shelf when the row is full; the
        # rows about as wide as the atlas is tall (a render costs by its canvas, and each text
        # drawn on it by the canvas too)
        todo.sort(key=lambda i: -(boxes[i][3] - boxes[i][1]))
        sizes = [(boxes[i][2] - boxes[i][0], boxes[i][3] - boxes[i][1]) for i in todo]
        area = sum((w + SPACING) * (h + SPACING) for w, h in sizes)
        wide = min(picture.width, max(max(w for w, _h in sizes), math.ceil(math.sqrt(area * 1.25))))
        spots: dict[int, tuple[int, int]] = {}
        x = y = shelf = 0
        for i in todo:
            w, h = boxes[i][2] - boxes[i][0], boxes[i][3] - boxes[i][1]
            if x + w > wide:
                x, y, shelf = 0, y + shelf + SPACING, 0
            spots[i] = (x, y)
            x, shelf = x + w + SPACING, max(shelf, h)
        height = y + shelf
        attrs = {k: v for k, v in turn.attrib.items() if k not in ("width", "height", "viewBox")}
        atlas = ET.Element(turn.tag, attrs)
        atlas.set("width", str(wide))
        atlas.set("height", str(height))
        atlas.set("viewBox", f"{-left / sx!r} {-top / sy!r} {wide / sx!r} {height / sy!r}")
        atlas.set("preserveAspectRatio", "none")
        group_tag = turn.tag[: -len("svg")] + "g"
        for i in todo:
            (ax, ay), box = spots[i], boxes[i]
            moved = ET.SubElement(atlas, group_tag)
            moved.set("transform", f"translate({(ax - box[0]) / sx!r} {(ay - box[1]) / sy!r})")
            _put(moved, [units[k] for k in groups[i]])
        text = ET.tostring(atlas, encoding="unicode")
        drawn = Image.open(
            io.BytesIO(
                bytes(
                    _renderer().svg_to_bytes(
                        svg_string=text, background=None, shape_rendering=SHAPES, **font_options()
                    )
                )
            )
        ).convert("RGBA")
        for i in todo:
            (ax, ay), box = spots[i], boxes[i]
            kept[i] = drawn.crop((ax, ay, ax + box[2] - box[0], ay + box[3] - box[1]))
        with _PATCHES_LOCK:
            if len(_PATCH_PIXELS) + len(todo) > _KEPT_MAX // 8:
                _PATCH_PIXELS.clear()
            _PATCH_PIXELS.update((patch_keys[i], kept[i]) for i in todo)
    for i, box in enumerate(boxes):
        picture.alpha_composite(kept[i], dest=(box[0], box[1]))
    return True


def _rendered(svg: str, width: int | None, background: str | None) -> bytes:
    """resvg's PNG of ``svg`` with the shipped fonts, ``width`` px wide (or its own size)."""
    options = dict(font_options())
    if width is not None:
        options["width"] = width
    return bytes(
        _renderer().svg_to_bytes(svg_string=svg, background=background, shape_rendering=SHAPES, **options)
    )


def _static_layers(
    base_text: str, over_text: str, given: list[str], width: int | None
) -> tuple[Any, list[int], Any] | None:
    """The base drawing rendered as a palette image (the drawing's own colours, then one entry
    per region: ``slots``, where the turn's colours go) and the over layer (RGBA, ``None`` when
    it draws nothing), once per process for each static drawing and width."""
    key = (base_text, over_text, width)
    with _STATIC_LOCK:
        kept = _STATIC_LAYERS.pop(key, None)
        if kept is not None:
            _STATIC_LAYERS[key] = kept  # used last: the last to go
    if kept is not None:
        return kept
    from PIL import Image

    shown = Image.open(io.BytesIO(_rendered(base_text, width, "#ffffff"))).convert("RGB")
    if shown.getcolors(256) is None:  # more colours than a palette holds: drawn in one pass
        return None
    index = shown.quantize(colors=256, method=Image.Quantize.MEDIANCUT)  # exact: every colour kept
    flat = index.getpalette("RGB") or []
    entry: dict[tuple[int, ...], int] = {}
    for i in range(len(flat) // 3):
        entry.setdefault(tuple(flat[3 * i : 3 * i + 3]), i)
    slots = [entry.get((int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)), -1) for c in given]
    over = None
    if _LAYER in over_text:  # the over drawing has parts
        over = Image.open(io.BytesIO(_rendered(over_text, width, None))).convert("RGBA")
        if over.size != index.size:
            return None
    made = (index, slots, over)
    with _STATIC_LOCK:
        while len(_STATIC_LAYERS) >= _STATIC_MAX:  # the map's layers used least lately go
            del _STATIC_LAYERS[next(iter(_STATIC_LAYERS))]
        _STATIC_LAYERS[key] = made
    return made


def named_colours(svg: str) -> list[tuple[int, int, int]]:
    """Every ``#rrggbb`` colour the drawing names, in the order first named."""
    seen: dict[str, None] = dict.fromkeys(m.lower() for m in _COLOUR.findall(svg))
    return [(int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)) for h in seen]


#: A blend this close to a colour the drawing names (on every channel) is left out of the palette:
#: Pillow maps a pixel to the palette through a cache of colour boxes (a few levels wide), which
#: would take the drawing's own colour, over a whole region, for the blend beside it.
NEAR = 6


def _near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return abs(a[0] - b[0]) <= NEAR and abs(a[1] - b[1]) <= NEAR and abs(a[2] - b[2]) <= NEAR


def palette_png(png: bytes | Any, keep: list[tuple[int, int, int]] | None = None) -> bytes:
    """``png`` (PNG bytes, or an RGB Pillow image already drawn) as a palette PNG of at most
    :data:`PALETTE_COLOURS` colours, written by Pillow at zlib level :data:`ZLIB_LEVEL`; the
    colours in ``keep`` (the drawing's own) are in the palette exactly, so a nation's colour is
    never taken for another's. PNG bytes come back as they are when Pillow is missing, or when the
    palette PNG would not be smaller."""
    try:
        from PIL import Image
    except ImportError:
        return png  # bytes: an image is only ever drawn by Pillow
    image = Image.open(io.BytesIO(png)).convert("RGB") if isinstance(png, bytes) else png
    colours = list(dict.fromkeys([(255, 255, 255), *(keep or [])]))[:PALETTE_COLOURS]
    if len(colours) < PALETTE_COLOURS:  # the rest: the blends the picture uses most
        sampled = image.resize(
            (max(1, image.width // SAMPLE), max(1, image.height // SAMPLE)), Image.Resampling.NEAREST
        )
        sample = sampled.quantize(colors=PALETTE_COLOURS, method=Image.Quantize.MAXCOVERAGE)
        flat = sample.getpalette("RGB") or []
        used = sorted(sample.getcolors(PALETTE_COLOURS) or [], reverse=True)
        extra = [tuple(flat[3 * i : 3 * i + 3]) for _count, i in used]
        own = list(colours)
        extra = [blend for blend in extra if not any(_near(blend, colour) for colour in own)]
        colours = list(dict.fromkeys(colours + extra))[:PALETTE_COLOURS]  # type: ignore[operator]
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in colours for value in colour])
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    written = io.BytesIO()
    indexed.save(written, "PNG", compress_level=ZLIB_LEVEL)
    small = written.getvalue()
    if not isinstance(png, bytes):
        return small
    return small if len(small) < len(png) else png


SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
#: Compared without case: an HTML page reads ``<Script>`` in a drawing as ``script``.
_DROP_TAGS = {"script", "foreignobject", "iframe", "object", "embed", "image", "use", "a"}
#: What an HTML page may read otherwise than an XML parser does (comments, CDATA, declarations,
#: processing instructions, character and entity references, prefixed element names, which HTML
#: does not take for SVG; :func:`_read_otherwise`): a drawing with any of these is always written
#: out again from its tree.
_PREFIXED_NAME = re.compile(r"/?[\w.-]+")  # what comes between ``<`` and ``:`` in ``<p:name`` or ``</p:name``


def _read_otherwise(svg: str) -> bool:
    """Whether ``svg`` holds ``<!``, ``<?``, ``&`` or a prefixed element name (``<p:name``,
    ``</p:name``): what an HTML page may read otherwise than an XML parser does."""
    if "<!" in svg or "<?" in svg or "&" in svg:
        return True
    colon = svg.find(":")
    while colon != -1:  # a name between the last "<" before a colon and the colon: a prefixed element
        start = svg.rfind("<", 0, colon)
        if start != -1 and _PREFIXED_NAME.fullmatch(svg, start + 1, colon):
            return True
        colon = svg.find(":", colon + 1)
    return False


#: In a drawing without those, every name and value the walk below checks is written as it is
#: read, so these searches of the lower-cased text find all it could drop (and more).
_DROPPED_TAG = re.compile(r"<(?:script|foreignobject|iframe|object|embed|image|use|a)[\s/>]")
_ACTIVE_WORDS = ("href", "javascript:", "url(", "expression(", "@import")
_ON_NAME = re.compile(r"on[^\s=<>]*\s*=")  # an ``on*`` attribute when after a space or a prefix


def _plain(svg: str) -> bool:
    """Whether ``svg`` has nothing :func:`clean_svg` could drop and nothing an HTML page reads
    otherwise than XML: then, once it parses with an SVG root, it is clean as it is."""
    if _read_otherwise(svg):
        return False
    low = svg.lower()
    if any(word in low for word in _ACTIVE_WORDS) or _DROPPED_TAG.search(low):
        return False
    return not any(m.start() == 0 or low[m.start() - 1] in " \t\r\n:" for m in _ON_NAME.finditer(low))


def _root_tag(svg: str) -> str | None:
    """The root element's ``{namespace}name`` once the whole text parses as XML, else ``None``."""
    import xml.parsers.expat

    names: list[str] = []
    parser = xml.parsers.expat.ParserCreate(namespace_separator="}")

    def first(name: str, _attributes: object) -> None:
        names.append(name)
        parser.StartElementHandler = None  # the rest is only parsed

    parser.StartElementHandler = first
    try:
        parser.Parse(svg, True)
    except xml.parsers.expat.ExpatError:
        return None
    if not names:
        return None
    return "{" + names[0] if "}" in names[0] else names[0]


def clean_svg(svg: str | None) -> str | None:
    """The ruleset's SVG, parsed and written again without anything active.

    Defence in depth for the inline picture of every HTML page: scripts, foreign
    objects, links, external references and ``on*`` handlers are dropped, so even a
    drawing that carried a player's text unescaped could not become markup or code.
    ``None`` when there is no picture or it does not parse.

    A drawing in which nothing had to be dropped, with its SVG namespace declared, and without
    anything an HTML page reads otherwise than XML (:func:`_read_otherwise`) is returned as it
    came: writing its tree out again would give the same elements and attributes (a board is
    some hundreds of elements: that writing was half of the cleaning's time). When searches of
    the text show there is nothing to drop (:func:`_plain`), it is only parsed, not walked. A
    :class:`WrittenSvg` (a drawing the referee's own escaping writer made) is not read again.
    """
    if not svg or len(svg.encode()) > MAX_SVG_BYTES:
        return None
    if type(svg) is WrittenSvg:  # written by the referee's own escaping writer: clean as it is
        return str(svg)
    if "<!DOCTYPE" in svg or "<!ENTITY" in svg:
        return None
    if _plain(svg):  # nothing to drop: what is left to check is that it parses, with an SVG root
        tag = _root_tag(svg)
        if tag is None:
            return None
        if tag == f"{{{SVG_NS}}}svg":
            return svg
    cleaned, untouched = _walked(svg)
    if untouched and not _read_otherwise(svg):
        return svg
    return cleaned


def _walked(svg: str) -> tuple[str | None, bool]:
    """``svg`` parsed, walked, stripped of anything active and written out again (``None`` when
    it does not parse or its root is not ``svg``), and whether it came through untouched: nothing
    dropped, and its root ``svg`` in the SVG namespace already."""
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(svg)
    except ET.ParseError:
        return None, False
    if root.tag not in ("svg", f"{{{SVG_NS}}}svg"):
        return None, False
    changed = False
    for parent in list(root.iter()):
        for child in list(parent):
            local = child.tag.rsplit("}", 1)[-1].lower() if isinstance(child.tag, str) else ""
            if local in _DROP_TAGS or not isinstance(child.tag, str):
                parent.remove(child)
                changed = True
        for name in list(parent.attrib):
            local = name.rsplit("}", 1)[-1].lower()
            value = parent.attrib[name].strip().lower()
            if (
                local.startswith("on")
                or (local == "href" and not value.startswith("#"))
                or "javascript:" in value
            ) or (local == "style" and ("url(" in value or "expression(" in value or "@import" in value)):
                del parent.attrib[name]
                changed = True
    for style in [
        e for e in root.iter() if isinstance(e.tag, str) and e.tag.rsplit("}", 1)[-1].lower() == "style"
    ]:
        text = (style.text or "").lower()
        if "url(" in text or "@import" in text:
            style.text = ""
            changed = True
    untouched = not changed and root.tag == f"{{{SVG_NS}}}svg"
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    if root.tag == "svg":
        root.set("xmlns", SVG_NS)
    return ET.tostring(root, encoding="unicode"), untouched
