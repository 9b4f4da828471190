"""The table as SVG: each player's templates with their dice, the galaxy and the Politics die.

Built with xml.etree, so every text (seat names included) is escaped.

The drawing says which of its parts stay the same from turn to turn of a game (``data-layer``,
read by ``adjudicator.publish.pictures``, which then renders those once per process): ``base``,
the table and the Politics die's tray (shapes); ``fills``, each player's panel, whose fill says
whose turn it is; ``over``, the words over the panels that only the seat and its race say (the
heading, the captions of the groups of dice). Every other element is the turn's own (the dice,
the galaxy's dice, the figures, the label), each placed by its own ``x``/``y`` or ``translate``
(a pip is a circle translated to its place), so that its ink lies around its anchor. A reader
that ignores ``data-layer`` draws the same picture in one pass.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from adjudicator.games.language import ENGLISH, N_, Language
from adjudicator.games.planet_masters import empire as E
from adjudicator.games.planet_masters.board import politics_text
from adjudicator.games.planet_masters.french import LABELS, said, thing
from adjudicator.games.planet_masters.tables import HOME, NEUTRAL, POLITICS, RACES, TECHNOLOGY, WEAPON

State = dict[str, Any]
BASE = {"data-layer": "base"}
FILLS = {"data-layer": "fills"}
OVER = {"data-layer": "over"}
DIE = 30
ROW = 118
WIDTH = 760
COLOURS = {
    "home": ("#1d1d1d", "#ffffff"),
    "planet": ("#ffffff", "#1d1d1d"),
    "weapon": ("#b3261e", "#ffffff"),
    "tech": ("#1f4e9c", "#ffffff"),
    "politics": ("#6b3fa0", "#ffffff"),
}
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)],
}


def _text(parent: ET.Element, x: float, y: float, text: str, size: int = 11, **attrs: str) -> None:
    """A text at ``x``/``y``; none for an empty text (it draws nothing, and an element without ink
    cannot be placed among the turn's patches)."""
    if not text:
        return
    node = ET.SubElement(parent, "text", x=f"{x:g}", y=f"{y:g}", fill=attrs.pop("fill", "#222"), **attrs)
    node.set("font-size", str(size))
    node.set("font-family", "sans-serif")
    node.text = text


def die(parent: ET.Element, x: float, y: float, value: int | None, colour: str, caption: str) -> None:
    """One die showing its face with pips, its template word under it."""
    fill, pip = COLOURS[colour]
    group = ET.SubElement(parent, "g", {"class": f"die {colour}"})
    ET.SubElement(
        group,
        "rect",
        x=f"{x:g}",
        y=f"{y:g}",
        width=str(DIE),
        height=str(DIE),
        rx="5",
        fill=fill,
        stroke="#333",
    )
    for px, py in PIPS.get(value or 0, []):
        # translated rather than placed by cx/cy: its anchor is then its centre
        ET.SubElement(
            group, "circle", transform=f"translate({x + px * DIE:g} {y + py * DIE:g})", r="3", fill=pip
        )
    _text(group, x + DIE / 2, y + DIE + 12, caption, 9, **{"text-anchor": "middle"})


STEP = DIE + 34  # from one die to the next, its caption included
LINE = 60  # from one line of dice to the next in a player's panel
LEFT, RIGHT = 18, WIDTH - 18  # where dice may stand in a panel


def dice_layout(player: dict[str, Any], technology: bool) -> tuple[list[tuple[str, int, int]], int]:
    """Where each group's caption and each die of a player's panel go: ``(what, x, line)`` with
    ``what`` a caption (``"planets"``, ``"weapons"``, ``"technology"``) or ``"die"``, and the
    number of lines. Dice wrap onto a new line rather than leave the picture, however large the
    empire; the weapons start at the middle and the technology at the right when there is room."""
    placed: list[tuple[str, int, int]] = []
    x, line = LEFT, 0
    groups = [("planets", 1 + len(player["planets"]), LEFT), ("weapons", len(player["weapons"]), 330)]
    if technology:
        groups.append(("technology", 1 if player["tech"] else 0, WIDTH - 110))
    for caption, count, column in groups:
        if caption != "planets":
            x = max(x + 20, column)
            if x + DIE > RIGHT:
                x, line = LEFT, line + 1
        placed.append((caption, x, line))
        for _ in range(count):
            if x + DIE > RIGHT:
                x, line = LEFT, line + 1
            placed.append(("die", x, line))
            x += STEP
    return placed, line + 1


#: the caption over each group of dice in a player's panel
CAPTIONS = {"planets": N_("planets"), "weapons": N_("weapons"), "technology": N_("technology")}


def _politics(state: State, lang: Language) -> str:
    """The Politics die as the picture says it (English: :func:`politics_text`'s words)."""
    value = state.get("politics")
    if lang.code == "en":
        return f"{value}, {POLITICS[value]}" if value else politics_text(state)
    if value:
        return f"{value}, {thing(POLITICS[value], lang)}"
    return lang._("Politics die: no political act yet")


def board_svg(state: State, lang: Language = ENGLISH) -> str:
    """The table as SVG, its words in ``lang`` (English: the same bytes as ever)."""

    def word(english: str) -> str:
        return english if lang.code == "en" else thing(english, lang)

    seats = state["order"]
    technology = bool(state["options"].get("technology"))
    lines = {seat: dice_layout(state["players"][seat], technology)[1] for seat in seats}
    rows = {seat: ROW + LINE * (lines[seat] - 1) for seat in seats}
    height = 70 + sum(rows.values())
    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=str(WIDTH),
        height=str(height),
        viewBox=f"0 0 {WIDTH} {height}",
    )
    ET.SubElement(svg, "rect", BASE, x="0", y="0", width=str(WIDTH), height=str(height), fill="#0d1330")
    label = str(state.get("label", ""))
    _text(svg, 12, 20, label if lang.code == "en" else said(label, LABELS, lang), 14, fill="#f4efe1")
    # the galaxy: the white dice still neutral
    _text(svg, 12, 44, lang._("Galaxy (%(left)s left)", left=state["galaxy"]), 11, fill="#f4efe1")
    for i in range(state["galaxy"]):
        ET.SubElement(
            svg, "rect", x=str(110 + 22 * i), y="30", width="18", height="18", rx="3", fill="#ffffff"
        )
    if state["options"].get("politics"):
        value = state.get("politics")
        box = ET.SubElement(svg, "g", {"class": "politics"})
        tray = {"x": "440", "y": "26", "width": "310", "height": "34", "rx": "6", "fill": "#f4efe1"}
        ET.SubElement(box, "rect", {**tray, **BASE})
        die(box, 444, 28, value, "politics", "")
        _text(box, 482, 48, _politics(state, lang), 11)
    top = 66 - ROW
    for row, seat in enumerate(seats):
        top += ROW if row == 0 else rows[seats[row - 1]]
        p = state["players"][seat]
        panel = ET.SubElement(svg, "g", {"class": "player"})
        fill = "#fff6d6" if seat == state.get("active") else "#f4efe1"
        ET.SubElement(
            ET.SubElement(panel, "g", FILLS),
            "rect",
            x="8",
            y=str(top),
            width=str(WIDTH - 16),
            height=str(rows[seat] - 8),
            rx="8",
            fill=fill,
        )
        race = RACES[p["race"]]
        politics = state.get("politics")
        heading = f"{seat} - {race.title} ({word(race.trait)})"
        _text(panel, 18, top + 18, heading, 13, **{"font-weight": "bold", **OVER})
        _text(
            panel,
            WIDTH - 20,
            top + 18,
            lang._(
                "planets %(planets)s  resources %(resources)s  influence %(influence)s  power "
                "%(attack)s/%(defence)s",
                planets=E.planet_count(p),
                resources=E.resources(p, politics),
                influence=E.influence(p, politics),
                attack=E.attack_power(p),
                defence=E.defence_power(p),
            ),
            11,
            **{"text-anchor": "end"},
        )
        home = HOME[p["home"]]
        trait = race.trait.lower() if lang.code == "en" else word(race.trait)
        faces = [(p["home"], "home", trait if home == "trait" else word(home))]
        faces += [(planet["face"], "planet", word(NEUTRAL[planet["face"]])) for planet in p["planets"]]
        faces += [(face, "weapon", word(WEAPON[face])) for face in p["weapons"]]
        if p["tech"] and technology:
            faces.append((p["tech"], "tech", word(TECHNOLOGY[p["tech"]])))
        placed, _ = dice_layout(p, technology)
        next_die = iter(faces)
        for what, x, line in placed:
            y = top + 46 + LINE * line
            if what == "die":
                value, colour, caption = next(next_die)
                die(panel, x, y, value, colour, caption)
            else:
                _text(panel, x, y - 6, lang.gettext(CAPTIONS[what]), 10, **OVER)
    return ET.tostring(svg, encoding="unicode")
