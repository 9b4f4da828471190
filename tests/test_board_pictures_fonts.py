"""Board pictures carry their text on any host: the renderer is given the fonts shipped with the
package and no system font, and every game's board comes out with its labels drawn.

Each board is compared by pixels with the same drawing with its ``<text>`` elements removed: the
labels must leave ink, as much as their letters need. As a control, the same drawing rendered with
no font at all (what a host without the board's fonts gave before) leaves none: the comparison
does see a missing font.
"""

from __future__ import annotations

import io
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from adjudicator.games import get_ruleset
from adjudicator.games.dice import Dice
from adjudicator.publish import pictures

GAMES = ["mare-nostrum", "far-side", "master-commander", "planet-masters", "eollis"]
SVG_NS = "http://www.w3.org/2000/svg"
#: a pixel is ink when its channels moved this much together (a third of it on the grey scale)
INK = 80
#: the least ink a letter leaves on average at the boards' sizes (they leave 30 to 75 pixels a letter)
PIXELS_PER_LETTER = 12


def board(game: str) -> str:
    ruleset = get_ruleset(game)
    options = ruleset.parse_options({})
    state = ruleset.setup(options, ruleset.seat_names(options), Dice(b"board pictures fonts"))
    svg = pictures.clean_svg(ruleset.board_svg(ruleset.view(state, None)))
    assert svg, f"{game} draws no board"
    return svg


def local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def without_text(svg: str) -> str:
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(svg)
    for parent in list(root.iter()):
        for child in list(parent):
            if local(child.tag) == "text":
                parent.remove(child)
    return ET.tostring(root, encoding="unicode")


def letters(svg: str) -> int:
    root = ET.fromstring(svg)
    return sum(len("".join(e.itertext()).replace(" ", "")) for e in root.iter() if local(e.tag) == "text")


def ink(png: bytes, blank: bytes) -> int:
    """How many pixels differ strongly between two pictures of the same size."""
    a = Image.open(io.BytesIO(png)).convert("RGB")
    b = Image.open(io.BytesIO(blank)).convert("RGB")
    assert a.size == b.size
    moved = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v >= INK // 3 else 0)
    return moved.histogram()[255]


class NoSystemFonts:
    """The renderer, refusing any call that would let it see the host's fonts."""

    def __init__(self, renderer: Any) -> None:
        self.renderer = renderer
        self.calls = 0

    def svg_to_bytes(self, **options: Any) -> bytes:
        assert options.get("skip_system_fonts") is True, "the host's fonts were offered to the renderer"
        assert options.get("font_files"), "no font handed to the renderer"
        self.calls += 1
        return self.renderer.svg_to_bytes(**options)


@pytest.fixture
def renderer(monkeypatch: pytest.MonkeyPatch) -> NoSystemFonts:
    guarded = NoSystemFonts(pictures._renderer())
    monkeypatch.setattr(pictures, "_renderer", lambda: guarded)
    pictures._converted.cache_clear()
    pictures._STATIC_LAYERS.clear()  # a layered board's kept layers are rendered again, guarded
    yield guarded
    pictures._converted.cache_clear()
    pictures._STATIC_LAYERS.clear()


def test_the_shipped_fonts_are_package_files_with_their_licence() -> None:
    for name in pictures.FONT_FILES:
        assert (pictures.FONTS / name).read_bytes()[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    assert "Bitstream" in (pictures.FONTS / "LICENSE.txt").read_text()
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.exists():  # a source checkout: the wheel takes the fonts and their licence along
        data = tomllib.loads(pyproject.read_text())["tool"]["setuptools"]["package-data"]["*"]
        assert "fonts/*.ttf" in data and "fonts/LICENSE.txt" in data


@pytest.mark.parametrize("game", GAMES)
def test_every_board_picture_draws_its_labels_with_no_system_font(game: str, renderer: NoSystemFonts) -> None:
    svg = board(game)
    bare = without_text(svg)
    count = letters(svg)
    assert count > 20, f"{game}'s board has hardly any label to check"
    png, blank = pictures.svg_to_png(svg), pictures.svg_to_png(bare)
    assert png is not None and blank is not None
    assert renderer.calls >= 2  # one render a picture, or one a layer (each call checked)
    assert ink(png, blank) >= PIXELS_PER_LETTER * count


@pytest.mark.parametrize("game", GAMES)
def test_without_any_font_the_same_comparison_finds_no_label(game: str) -> None:
    svg = board(game)
    none = {"skip_system_fonts": True}
    assert ink(pictures.render(svg, none), pictures.render(without_text(svg), none)) == 0


def test_every_generic_family_is_mapped_to_the_shipped_font() -> None:
    options = pictures.font_options()
    families = [v for k, v in options.items() if k.endswith("family")]
    assert len(families) == 6 and set(families) == {pictures.FONT_FAMILY}
