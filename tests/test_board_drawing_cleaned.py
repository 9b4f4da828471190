"""The board drawing put inline in every HTML page is cleaned of anything active; a drawing with
nothing to drop, and nothing an HTML page reads otherwise than XML, is kept as it came."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.publish.pictures import _walked, clean_svg, convertible

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">{}</svg>'


def tree(svg: str) -> bytes:
    return ET.tostring(ET.fromstring(svg))


def test_a_drawing_with_nothing_to_drop_is_kept_as_it_came() -> None:
    svg = SVG.format('<rect x="1" y="1" width="2" height="2" fill="#c0392b" /><text x="1">Roma 218 BC</text>')
    assert clean_svg(svg) is svg


@pytest.mark.parametrize(
    "inner",
    [
        "<script>alert(1)</script>",
        '<rect onload="alert(1)" />',
        '<a href="https://example.org/"><text>x</text></a>',
        '<rect style="fill: url(https://example.org/x)" />',
        "<style>@import url(https://example.org/x.css);</style>",
        '<rect fill="javascript:alert(1)" />',
        '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
    ],
)
def test_anything_active_is_dropped(inner: str) -> None:
    cleaned = clean_svg(SVG.format(inner))
    assert cleaned is not None and cleaned != SVG.format(inner)
    for word in ("script", "onload", "https:", "javascript:", "foreignObject", "@import"):
        assert word not in cleaned


@pytest.mark.parametrize(
    "inner",
    [
        "<!-- a comment --><rect />",
        "<text><![CDATA[</text><script>alert(1)</script>]]></text>",
        "<?pi data?><rect />",
        "<text>&lt;script&gt;alert(1)&lt;/script&gt;</text>",
        '<rect fill="&#106;avascript:alert(1)" />',
        '<s:rect xmlns:s="http://www.w3.org/2000/svg" />',
    ],
)
def test_what_html_reads_otherwise_than_xml_is_written_out_again(inner: str) -> None:
    svg = SVG.format(inner)
    cleaned = clean_svg(svg)
    assert cleaned is not None and cleaned is not svg  # written out from its tree
    assert "<script" not in cleaned and "<!" not in cleaned and "<?" not in cleaned
    assert "javascript:" not in cleaned.lower()


def test_a_prefixed_root_is_written_out_again_as_svg() -> None:
    svg = '<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:rect /></s:svg>'
    cleaned = clean_svg(svg)
    assert cleaned is not None and cleaned.startswith("<svg")


PIECES = [
    "<rect/>",
    '<rect fill="#fff"/>',
    "<g>",
    "</g>",
    "<script>x</script>",
    "<Script/>",
    "<a>",
    "</a>",
    "<use/>",
    '<rect onclick="x"/>',
    '<rect ONload = "x"/>',
    '<rect data-on="1"/>',
    '<rect on="1"/>',
    '<rect href="#a"/>',
    '<rect href="x"/>',
    '<rect fill="JavaScript:x"/>',
    '<rect style="fill:url(x)"/>',
    "<style>@import x;</style>",
    "<style>rect{fill:red}</style>",
    "<text>on = off</text>",
    "<text>a:b</text>",
    "<text>&amp;</text>",
    "<!-- c -->",
    "<?p x?>",
    '<x:rect xmlns:x="http://www.w3.org/2000/svg"/>',
    "<",
    "&",
]


@given(st.lists(st.sampled_from(PIECES), max_size=8))
def test_a_drawing_kept_as_it_came_is_one_the_walk_would_have_left_alone(pieces: list[str]) -> None:
    svg = SVG.format("".join(pieces))
    cleaned = clean_svg(svg)
    walked, untouched = _walked(svg)
    if cleaned is svg:  # kept as it came: the full walk drops nothing from it
        assert untouched and walked is not None and tree(walked) == tree(svg)
        assert not any(c in svg for c in ("&", "<!", "<?"))
    else:  # anything else is the walked drawing, written out again (or no picture)
        assert cleaned == walked
    if cleaned is not None:
        assert "<script" not in cleaned.lower() and "javascript:" not in cleaned.lower()


def test_a_drawing_that_does_not_parse_is_no_picture_on_either_path() -> None:
    assert clean_svg(SVG.format("<rect>")) is None  # plain text, but not well-formed
    assert clean_svg(SVG.format("<rect onclick='x'>")) is None  # to walk, and not well-formed
    assert clean_svg('<html xmlns="http://www.w3.org/1999/xhtml"/>') is None  # not an svg root


def test_an_svg_root_without_its_namespace_gets_it() -> None:
    cleaned = clean_svg("<svg><rect/></svg>")
    assert cleaned is not None and 'xmlns="http://www.w3.org/2000/svg"' in cleaned


def test_a_drawing_linking_outside_is_not_converted_whatever_the_case_of_href() -> None:
    assert convertible(SVG.format('<rect fill="#fff" />')) in (True, False)  # no link: as resvg allows
    assert not convertible(SVG.format('<image HREF="file:///etc/passwd" />'))
    assert not convertible(SVG.format('<image xlink:Href = "https://example.org/x.png" />'))


@pytest.mark.parametrize("inner", ["<Script>alert(1)</Script>", "<SCRIPT/>", "<ForeignObject/>", "<A/>"])
def test_an_active_element_in_capitals_is_dropped_as_html_reads_it_in_small_letters(inner: str) -> None:
    cleaned = clean_svg(SVG.format(inner))
    assert cleaned is not None
    assert ET.fromstring(cleaned).find("./*") is None  # the svg is left empty


def test_a_style_element_in_capitals_loses_its_import() -> None:
    cleaned = clean_svg(SVG.format("<Style>@import url(https://example.org/x.css);</Style>"))
    assert cleaned is not None and "@import" not in cleaned


def test_a_board_the_referee_wrote_is_what_the_full_cleaning_keeps_of_it() -> None:
    """A :class:`WrittenSvg` is not read again: the full cleaning of the same text (a plain
    ``str``) keeps every such board as it is, hostile names included."""
    import json
    import random

    from adjudicator.games import get_ruleset
    from adjudicator.games.dice import Dice
    from adjudicator.games.drawing import WrittenSvg

    ruleset = get_ruleset("mare-nostrum")
    nations = ["rome", "carthage", "macedon", "egypt", "seleucia"]
    state = ruleset.setup({"nations": "5"}, nations, Dice(b"written"))
    state["nations"]["rome"]["name"] = '<script>alert("x")</script> & <a href="javascript:x">'
    rng = random.Random(5)
    for number in range(6):
        for seat in [None, *state["seats"]]:
            written = ruleset.board_svg(ruleset.view(state, seat))
            assert type(written) is WrittenSvg
            kept = clean_svg(written)
            assert type(kept) is str and kept == written
            assert clean_svg(str(written)) == written  # the full cleaning: nothing to drop
        orders = {r.key: ruleset.parse(r, ruleset.bot(state, r, rng)).orders for r in ruleset.requests(state)}
        state, _events = ruleset.resolve(state, orders, Dice(f"turn {number}".encode()))
        state = json.loads(json.dumps(state))
    assert "&lt;script&gt;" in written and "<script" not in written


def test_a_plain_string_is_cleaned_in_full_even_when_it_looks_like_a_board() -> None:
    from adjudicator.games.drawing import WrittenSvg

    hostile = SVG.format("<script>alert(1)</script>")
    assert clean_svg(WrittenSvg(SVG.format("<rect />"))) == SVG.format("<rect />")
    cleaned = clean_svg(hostile)
    assert cleaned is not None and "<script" not in cleaned
