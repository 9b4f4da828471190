"""A board picture is rendered at the width a report shows it, not wider: the mail's page shows
at most ``SHOWN_WIDTH`` CSS px of content, so more pixels would be drawn, quantised and mailed for
nothing a reader sees."""

from __future__ import annotations

import io

import pytest

from adjudicator.publish import pictures

Image = pytest.importorskip("PIL.Image")


def drawing(width: str, height: str = "50") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 100 50">'
        '<rect width="100" height="50" fill="#1f4e79" /></svg>'
    )


def png_size(svg: str) -> tuple[int, int]:
    if pictures.png_unavailable_reason() is not None:
        pytest.skip(pictures.png_unavailable_reason() or "")
    return Image.open(io.BytesIO(pictures.render(svg))).size


def test_a_drawing_wider_than_a_report_shows_is_rendered_at_the_shown_width_in_proportion() -> None:
    assert png_size(drawing("1000", "500")) == (pictures.SHOWN_WIDTH, pictures.SHOWN_WIDTH // 2)
    assert png_size(drawing("1000px", "500px")) == (pictures.SHOWN_WIDTH, pictures.SHOWN_WIDTH // 2)


def test_a_drawing_no_wider_than_a_report_shows_keeps_its_own_size() -> None:
    assert png_size(drawing("400", "200")) == (400, 200)
    assert png_size(drawing(str(pictures.SHOWN_WIDTH), "100")) == (pictures.SHOWN_WIDTH, 100)


def test_the_width_looked_at_is_the_root_elements_only() -> None:
    inner = drawing("400", "200").replace("<rect ", '<svg width="5000" height="10"/><rect ', 1)
    assert pictures.shown_width(inner) is None
    assert pictures.shown_width(drawing("1000")) == pictures.SHOWN_WIDTH
    assert pictures.shown_width(drawing("100%")) is None  # not in px: the renderer's own size


def test_the_palette_png_keeps_every_colour_the_drawing_names_exactly() -> None:
    colours = ["#1f4e79", "#c0392b", "#27ae60", "#f1c40f"]
    shapes = "".join(
        f'<rect x="{20 * i}" y="0" width="20" height="50" fill="{c}" />' for i, c in enumerate(colours)
    )
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="80" height="50">{shapes}</svg>'
    if pictures.png_unavailable_reason() is not None:
        pytest.skip(pictures.png_unavailable_reason() or "")
    png = pictures.palette_png(pictures.render(svg), pictures.named_colours(svg))
    assert png[25] == 3  # an indexed PNG
    image = Image.open(io.BytesIO(png)).convert("RGB")
    for i, colour in enumerate(colours):
        assert image.getpixel((20 * i + 10, 25)) == tuple(int(colour[k : k + 2], 16) for k in (1, 3, 5))


def test_the_shown_width_is_the_width_of_the_mail_pages_content() -> None:
    import re
    from pathlib import Path

    import adjudicator

    frame = Path(adjudicator.__file__).parent / "templates" / "common" / "frame.html.j2"
    page = re.search(r"\.page\s*\{[^}]*max-width:\s*(\d+)px", frame.read_text(encoding="utf-8"))
    assert page is not None, "the mail page's content width is not where the pictures read it"
    assert int(page.group(1)) == pictures.SHOWN_WIDTH
