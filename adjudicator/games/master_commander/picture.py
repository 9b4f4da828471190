"""The table as a simple SVG: the India Company and its ICROE, then one row per player with its
treasure, its crew, and a mark in each of the seven seas where it holds a place.

Its words are the reader's (``lang``): the glossary's seas, the catalogue's sentences; the seats
keep their names, which the orders use. The English picture is the one every release has drawn.

The drawing says which of its parts stay the same from turn to turn of a game (``data-layer``,
read by ``adjudicator.publish.pictures``, which then renders those once per process): ``base``,
the table (a shape); ``fills``, each player's row, whose fill says whose turn it is; ``over``, the
seas' names over the columns. Every other element is the turn's own (the Company's stock, the
turn, each player's treasure and crew, the marks in the seas, the end), each placed by its own
``x``/``y`` or ``translate`` (a mark is a circle translated to its place), so that its ink lies
around its anchor. A reader that ignores ``data-layer`` draws the same picture in one pass."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from adjudicator.games.language import ENGLISH, Language
from adjudicator.games.master_commander.cards import SEVEN_SEAS
from adjudicator.games.master_commander.glossary import GLOSSARY
from adjudicator.games.master_commander.icroe import icroe

SVG_NS = "http://www.w3.org/2000/svg"
ROW = 44
LEFT = 250
SEA_WIDTH = 74
BASE = {"data-layer": "base"}
FILLS = {"data-layer": "fills"}
OVER = {"data-layer": "over"}
SEA_COLOURS = ("#2a9d8f", "#264653", "#e9c46a", "#8ecae6", "#f4a261", "#219ebc", "#e76f51")


def _text(parent: ET.Element, x: float, y: float, text: str, **attrs: str) -> None:
    el = ET.SubElement(
        parent, "text", {"x": str(x), "y": str(y), "font-family": "sans-serif", "font-size": "12"}
    )
    el.attrib.update(attrs)
    el.text = text


def _seas(view: dict[str, Any], seat: str) -> dict[str, int]:
    p = view["players"][seat]
    held: dict[str, int] = {}
    for uid in [p["haven"], *p["territories"]]:
        inst = view["cards"].get(uid, {})
        if inst.get("barren") or "id" not in inst:
            continue
        sea = view["catalogue"][inst["id"]].get("sea", "")
        if sea:
            held[sea] = held.get(sea, 0) + 1
    return held


def _sea(sea: str, lang: Language) -> str:
    """A sea as the picture heads its column: the record's name in English, the glossary's otherwise."""
    return sea if lang.code == ENGLISH.code else GLOSSARY.word(sea, lang)


def _reason(reason: str, lang: Language) -> str:
    if lang.code == ENGLISH.code:
        return reason
    from adjudicator.games.master_commander.speech import outcome

    return outcome(reason, lang)


def board_svg(view: dict[str, Any], lang: Language = ENGLISH) -> str:
    seats = list(view.get("order", []))
    height = 70 + ROW * (len(seats) + 1)
    width = LEFT + SEA_WIDTH * len(SEVEN_SEAS) + 10
    svg = ET.Element(
        "svg",
        {"xmlns": SVG_NS, "width": str(width), "height": str(height), "viewBox": f"0 0 {width} {height}"},
    )
    ET.SubElement(
        svg,
        "rect",
        {"x": "0", "y": "0", "width": str(width), "height": str(height), "fill": "#fdf6e3", **BASE},
    )
    stock = int(view.get("company_gold", 0))
    _text(
        svg,
        10,
        22,
        lang._("India Company: %(stock)s gold, ICROE %(rate)s", stock=stock, rate=icroe(stock)),
        **{"font-size": "15", "font-weight": "bold"},
    )
    if view.get("active"):
        _text(
            svg,
            10,
            42,
            lang._(
                "Turn %(turn)s, round %(round)s: %(seat)s to play",
                turn=view.get("turn"),
                round=view.get("round"),
                seat=view["active"],
            ),
        )
    for i, sea in enumerate(SEVEN_SEAS):
        _text(svg, LEFT + SEA_WIDTH * i + 4, 62, _sea(sea, lang), **{"font-size": "11", **OVER})
    for row, seat in enumerate(seats):
        y = 70 + ROW * row
        p = view["players"][seat]
        fill = "#ffe8a3" if seat == view.get("active") else "#ffffff"
        ET.SubElement(
            ET.SubElement(svg, "g", FILLS),
            "rect",
            {
                "x": "4",
                "y": str(y),
                "width": str(width - 8),
                "height": str(ROW - 4),
                "fill": fill,
                "stroke": "#999",
            },
        )
        treasure = lang._(
            "%(seat)s: %(gold)s gold, %(doublons)s doublons",
            seat=seat,
            gold=p["gold"],
            doublons=p["doublons"],
        )
        _text(svg, 10, y + 16, treasure, **{"font-weight": "bold"})
        crew = len(p["characters"])
        _text(
            svg,
            10,
            y + 32,
            lang._(
                "%(crew)s in activity, %(captives)s captive(s), %(agreements)s agreement(s)",
                crew=crew,
                captives=len(p["captured"]),
                agreements=len(p["agreements"]),
            ),
        )
        held = _seas(view, seat)
        for i, sea in enumerate(SEVEN_SEAS):
            if held.get(sea):
                cx = LEFT + SEA_WIDTH * i + SEA_WIDTH / 2
                # translated rather than placed by cx/cy: its anchor is then its centre
                where = {"transform": f"translate({cx} {y + 19})"}
                ET.SubElement(svg, "circle", {**where, "r": "13", "fill": SEA_COLOURS[i]})
                _text(svg, cx - 4, y + 23, str(held[sea]), fill="#ffffff", **{"font-weight": "bold"})
    outcome = view.get("outcome")
    if outcome:
        _text(
            svg,
            10,
            height - 12,
            lang._(
                "Game over: %(winners)s (%(reason)s)",
                winners=", ".join(outcome["winners"]),
                reason=_reason(outcome["reason"], lang),
            ),
            **{"font-weight": "bold"},
        )
    return ET.tostring(svg, encoding="unicode")
