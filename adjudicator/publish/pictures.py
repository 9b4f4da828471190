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
pixels) lose nothing a reader sees; oxipng (``pyoxipng``) then writes it small. A 6-seat Mare
Nostrum board, 720 px wide (:data:`SHOWN_WIDTH`), goes from about 240 KB to about 84 KB.
Without Pillow or pyoxipng the renderer's own full-colour PNG is used.

Only SVG that a ruleset drew from the game state is converted; external resources are not
loaded (no ``resources_dir``), so a picture can never pull in a local file.
"""

from __future__ import annotations

import hashlib
import io
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
#: The oxipng deflate level (libdeflater, 1-12): 8 writes a Mare Nostrum board 3 % smaller than
#: 6 for 2.5 times the time.
DEFLATE = 6
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
    """The PNG of one drawing, kept a while: every seat's report of a turn shows the same board."""
    try:
        data = render(svg)
    except Exception:  # a malformed drawing must not stop a report
        return None
    conversions.add()
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    return palette_png(data, named_colours(svg))


def named_colours(svg: str) -> list[tuple[int, int, int]]:
    """Every ``#rrggbb`` colour the drawing names, in the order first named."""
    seen: dict[str, None] = dict.fromkeys(m.lower() for m in _COLOUR.findall(svg))
    return [(int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)) for h in seen]


def palette_png(png: bytes, keep: list[tuple[int, int, int]] | None = None) -> bytes:
    """``png`` as a palette PNG of at most :data:`PALETTE_COLOURS` colours, written small by
    oxipng; the colours in ``keep`` (the drawing's own) are in the palette exactly, so a
    nation's colour is never taken for another's. ``png`` as it is when Pillow or pyoxipng is
    missing, or when the palette PNG would not be smaller."""
    try:
        import oxipng
        from PIL import Image
    except ImportError:
        return png
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = list(dict.fromkeys([(255, 255, 255), *(keep or [])]))[:PALETTE_COLOURS]
    if len(colours) < PALETTE_COLOURS:  # the rest: the blends the picture uses most
        sampled = image.resize(
            (max(1, image.width // SAMPLE), max(1, image.height // SAMPLE)), Image.Resampling.NEAREST
        )
        sample = sampled.quantize(colors=PALETTE_COLOURS, method=Image.Quantize.MAXCOVERAGE)
        flat = sample.getpalette("RGB") or []
        used = sorted(sample.getcolors(PALETTE_COLOURS) or [], reverse=True)
        extra = [tuple(flat[3 * i : 3 * i + 3]) for _count, i in used]
        colours = list(dict.fromkeys(colours + extra))[:PALETTE_COLOURS]  # type: ignore[operator]
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for colour in colours for value in colour])
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    rgb = [[*colour, 255] for colour in colours]
    raw = oxipng.RawImage(
        indexed.tobytes(), indexed.width, indexed.height, color_type=oxipng.ColorType.indexed(rgb)
    )
    small = raw.create_optimized_png(
        level=0, filter=[oxipng.RowFilter.NoOp], deflate=oxipng.Deflaters.libdeflater(DEFLATE)
    )
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
