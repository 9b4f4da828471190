"""The board of Eollis for every report: the Arcadie's 13 posts and the hold with who holds them,
the balloon damage track, the kitty and the fame track; as text and as SVG (ElementTree escapes
every name)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from adjudicator.games.eollis.cards import (
    BALLOON_CELLS,
    FAME_SECTIONS,
    FAME_TRACK,
    PAY,
    POST_NAMES,
    REPAIR_UP_TO,
)
from adjudicator.games.eollis.orders import POSTS, repair_roll_text
from adjudicator.games.eollis.words import order_words, post_name, power_text
from adjudicator.games.language import ENGLISH, Language

SVG_NS = "http://www.w3.org/2000/svg"
CLAN_COLOURS = ("#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98")
#: The layer each group of the board draws in (``data-layer``, read by
#: ``adjudicator.publish.pictures``, which keeps the parts that are the same at every turn of a
#: game and renders them once per process; any other reader draws the SVG as it is, in one pass):
#: ``base``, the frame and the fame track's cells, shapes alone; ``fills``, the post plates and
#: the balloon's cells, whose shapes are the board's and whose fills are the turn's; ``over``,
#: the static words drawn over those (the posts and their pay, the tracks' titles and numbers);
#: ``free``, the clans' markers each with its line. Any other element is the turn's own (the
#: title, the posts' outlines and holders, the hold, the balloon's cell, the kitty), drawn last.
BASE = {"data-layer": "base"}
FILLS = {"data-layer": "fills"}
OVER = {"data-layer": "over"}
FREE = {"data-layer": "free"}


def _holder(view: dict[str, Any], uid: str | None, lang: Language = ENGLISH) -> str:
    if not uid:
        return "-"
    p = view["pirates"].get(uid, {})
    ghost = lang._(" (ghost)") if p.get("ghost") else ""
    where = lang._("%(owner)s, %(gold)s gold", owner=p.get("owner"), gold=p.get("gold", 0))
    return f"{view['cards'][uid]['name']}{ghost} [{where}]"


def board_text(view: dict[str, Any], lang: Language = ENGLISH) -> str:
    """The board in ``lang``'s words (the glossary's for the posts and the order lines)."""
    ship = view["ship"]
    title = lang._("Expedition %(n)s of 3 - the Arcadie", n=view["expedition"])
    lines = [title + (lang._(" (destroyed)") if ship["destroyed"] else "")]
    lines.append(
        lang._(
            "Balloon damage: %(cell)s/%(cells)s   Kitty: %(kitty)s gold",
            cell=ship["balloon"],
            cells=BALLOON_CELLS,
            kitty=ship["kitty"],
        )
    )
    for post in POSTS:
        name = post_name(POST_NAMES[post], lang)
        lines.append(f"  {name:<12} ({PAY[post]} or)  {_holder(view, ship['posts'][post], lang)}")
    hold = ", ".join(_holder(view, u, lang) for u in ship["hold"]) or lang._("empty")
    hold_word = lang._("Hold")
    lines.append(f"  {hold_word:<12}          {hold}")
    market = view.get("market") or []
    if market:
        lines.append(lang._("Face up for the recruitment (recruit <name>, ...):"))
        for uid in market:
            c = view["cards"][uid]
            skills = f"N{c['navigation']} C{c['combat']} B{c['bagou']}"
            lines.append(f"  {c['name']}: {skills}, {power_text(c['power'], lang)}")
    lines.append(lang._("Fame track:"))
    for seat in view["seats"]:
        c = view["clans"][seat]
        living = [u for u in c["pirates"] if u in view["pirates"]]
        gold = sum(view["pirates"][u]["gold"] for u in living) + c["stash"]
        fame, gold_text = str(c["fame"]).rjust(2), str(gold).rjust(2)
        counts = lang._(
            "fame %(fame)s  gold %(gold)s  pirates %(pirates)s  cards in hand: %(hand)s",
            fame=fame,
            gold=gold_text,
            pirates=len(living),
            hand=c["hand"],
        )
        lines.append(f"  {seat:<10} {counts}")
    you = view.get("you")
    if you:
        hand = ", ".join(c["name"] for c in you["hand"]) or lang._("empty")
        lines.append(lang._("Your hand (%(seat)s): %(cards)s", seat=you["seat"], cards=hand))
        if you["missions"]:
            missions = ", ".join(c["name"] for c in you["missions"])
            lines.append(lang._("Your Secret Missions: %(cards)s", cards=missions))
        standing = view["clans"].get(you["seat"], {}).get("standing")
        if standing:
            lines.append(lang._("Your standing answers: %(answers)s", answers=standing_text(standing, lang)))
    return "\n".join(lines)


def standing_text(s: dict[str, Any], lang: Language = ENGLISH) -> str:
    """A clan's standing answers in the order language, to be changed by sending new lines."""
    if lang.code != "en":
        return "; ".join(order_words(order, lang) for order in standing_orders(s))
    parts = [f"recruit {s['recruit']}", f"gift {s['gift']}", f"side {s['side']}"]
    parts.append(repair_roll_text(s.get("repair", REPAIR_UP_TO)))
    for key in ("posts", "order", "sacrifice", "condemn"):
        if s.get(key):
            parts.append(f"{key} " + ", ".join(s[key]))
    look = s.get("lookout") or {"mode": "ask"}
    parts.append(
        f"lookout refuse above {look['above']}" if look["mode"] == "refuse" else f"lookout {look['mode']}"
    )
    plan = s.get("plan")
    parts.append(
        f"plan return at balloon {plan['balloon']} or after {plan['events']} events" if plan else "plan ask"
    )
    mutiny = s.get("mutiny")
    parts.append(f"mutiny if {mutiny['when']} with {mutiny['leader']}" if mutiny else "no mutiny")
    return "; ".join(parts)


def standing_orders(s: dict[str, Any]) -> list[dict[str, Any]]:
    """A clan's standing answers as the orders that would set them, in :func:`standing_text`'s order."""
    orders: list[dict[str, Any]] = [
        {"verb": "recruit", "by": s["recruit"], "names": []},
        {"verb": "gift", "seat": s["gift"]},
        {"verb": "side", "side": s["side"]},
        {"verb": "repair-roll", "upto": s.get("repair", REPAIR_UP_TO)},
    ]
    for key, verb in (
        ("posts", "posts"),
        ("order", "order"),
        ("sacrifice", "sacrifice"),
        ("condemn", "condemn"),
    ):
        if s.get(key):
            orders.append({"verb": verb, "posts" if key == "posts" else "names": list(s[key])})
    look = s.get("lookout") or {"mode": "ask", "above": 0}
    orders.append({"verb": "lookout", "mode": look["mode"], "above": look.get("above", 0)})
    plan = s.get("plan") or {"balloon": 0, "events": 0}
    orders.append({"verb": "plan", "balloon": plan["balloon"], "events": plan["events"]})
    mutiny = s.get("mutiny")
    orders.append({"verb": "mutiny", **mutiny} if mutiny else {"verb": "no-mutiny"})
    return orders


def _text(parent: ET.Element, x: float | str, y: float | str, text: str, **attrs: str) -> ET.Element:
    el = ET.SubElement(
        parent, "text", {"x": str(x), "y": str(y), "font-family": "sans-serif", "font-size": "12"}
    )
    el.attrib.update(attrs)
    el.text = text
    return el


def board_svg(view: dict[str, Any], lang: Language = ENGLISH) -> str:
    """The board as SVG, its words in ``lang``, its groups marked with the layer they draw in
    (:data:`BASE`...): the frame, the tracks and their labels are the same at every turn."""
    seats = list(view["seats"])
    colour = {s: CLAN_COLOURS[i % len(CLAN_COLOURS)] for i, s in enumerate(seats)}
    width, height = 760, 585
    svg = ET.Element(
        "svg",
        {"xmlns": SVG_NS, "width": str(width), "height": str(height), "viewBox": f"0 0 {width} {height}"},
    )
    ET.SubElement(
        svg,
        "rect",
        {"x": "0", "y": "0", "width": str(width), "height": str(height), "fill": "#eef6fb", **BASE},
    )
    ship = view["ship"]
    title = lang._("Expedition %(n)s - the Arcadie", n=view["expedition"]) + (
        lang._(" (destroyed)") if ship["destroyed"] else ""
    )
    _text(svg, 10, 22, title, **{"font-size": "16", "font-weight": "bold"})
    _posts(svg, view, colour, lang)
    _hold(svg, view, lang)
    _balloon(svg, ship, lang)
    _fame(svg, view, seats, colour, width, lang)
    return ET.tostring(svg, encoding="unicode")


def _posts(svg: ET.Element, view: dict[str, Any], colour: dict[str, str], lang: Language) -> None:
    """The hull with its 13 posts in two columns: each post's plate (its fill the turn's, in
    ``fills``), its outline and holder (the turn's), its name and pay (``over``)."""
    ET.SubElement(
        svg,
        "rect",
        {
            "x": "10",
            "y": "34",
            "width": "470",
            "height": "330",
            "rx": "40",
            "fill": "#b9874f",
            "class": "hull",
            **BASE,
        },
    )
    ship = view["ship"]
    for i, post in enumerate(POSTS):
        x = 22 + (i % 2) * 228
        y = 44 + (i // 2) * 40
        uid = ship["posts"][post]
        owner = view["pirates"].get(uid, {}).get("owner") if uid else None
        g = ET.SubElement(svg, "g", {"class": "post", "data-post": post})
        plate = {"x": str(x), "y": str(y), "width": "220", "height": "34", "rx": "6"}
        # the plate's fill and its outline apart: the fill is a region of the kept base, the
        # outline (the holder's colour) the turn's; drawn one after the other, the same pixels
        fill = ET.SubElement(g, "g", FILLS)
        ET.SubElement(fill, "rect", {**plate, "fill": "#f5e6c8" if owner else "#d9c7a7"})
        outline = {"stroke": colour.get(owner or "", "#5b3a1a"), "stroke-width": "3" if owner else "1"}
        ET.SubElement(g, "rect", {**plate, "fill": "none", **outline})
        if owner:
            ET.SubElement(
                g,
                "rect",
                {"x": str(x + 206), "y": str(y + 4), "width": "10", "height": "26", "fill": colour[owner]},
            )
        post_word = post_name(POST_NAMES[post], lang)
        _text(g, x + 6, y + 14, f"{post_word} ({PAY[post]} or)", **{"font-weight": "bold", **OVER})
        name = view["cards"][uid]["name"] if uid else lang._("vacant")
        gold = view["pirates"][uid]["gold"] if uid else 0
        who = lang._(" - %(owner)s, %(gold)s gold", owner=owner, gold=gold) if uid else ""
        _text(g, x + 6, y + 29, f"{name}" + who, **{"font-size": "11"})


def _hold(svg: ET.Element, view: dict[str, Any], lang: Language) -> None:
    """The hold, top first: the turn's (its heading says "empty" when it is)."""
    ship = view["ship"]
    hold = [view["cards"][u]["name"] + f" ({view['pirates'][u]['owner']})" for u in ship["hold"]]
    _text(
        svg,
        500,
        166,
        lang._("Hold (top first): ") + ("" if hold else lang._("empty")),
        **{"class": "hold", "font-weight": "bold"},
    )
    for n, name in enumerate(hold):
        _text(svg, 510, 184 + n * 16, name, **{"font-size": "11", "class": "hold-pirate"})


def _balloon(svg: ET.Element, ship: dict[str, Any], lang: Language) -> None:
    """The balloon damage track (its cells regions of the base, the damaged ones red), the cell
    the damage is at and the kitty."""
    _text(svg, 500, 52, lang._("Balloon damage"), **{"font-weight": "bold", **OVER})
    cells = ET.SubElement(svg, "g", FILLS)
    numbers = ET.SubElement(svg, "g", OVER)
    for cell in range(BALLOON_CELLS + 1):
        x = 500 + cell * 27
        fill = "#e74c3c" if cell and cell <= ship["balloon"] else "#ffffff"
        ET.SubElement(
            cells,
            "rect",
            {
                "x": str(x),
                "y": "60",
                "width": "24",
                "height": "24",
                "fill": fill,
                "stroke": "#333",
                "class": "balloon-cell",
            },
        )
        _text(numbers, x + 8, 77, str(cell), **{"font-size": "10"})
    cell_text = lang._("Ballon on cell %(cell)s of %(cells)s", cell=ship["balloon"], cells=BALLOON_CELLS)
    _text(svg, 500, 104, cell_text, **{"class": "balloon"})
    kitty = lang._("Kitty: %(kitty)s gold", kitty=ship["kitty"])
    _text(svg, 500, 134, kitty, **{"font-size": "14", "class": "kitty"})


def _fame(
    svg: ET.Element,
    view: dict[str, Any],
    seats: list[str],
    colour: dict[str, str],
    width: int,
    lang: Language,
) -> None:
    """The fame track (static: its cells in ``base``, its labels in ``over``) and each clan's
    marker with its line, one ``free`` group each, placed by a translation to the marker."""
    top = 385
    _text(svg, 10, top, lang._("Fame track"), **{"font-weight": "bold", **OVER})
    step = (width - 40) / (FAME_TRACK + 1)
    track = ET.SubElement(svg, "g", BASE)
    for cell in range(FAME_TRACK + 1):
        section = sum(1 for start, _, _ in FAME_SECTIONS if cell >= start) - 1
        ET.SubElement(
            track,
            "rect",
            {
                "x": f"{20 + cell * step:.1f}",
                "y": str(top + 10),
                "width": f"{step - 2:.1f}",
                "height": "20",
                "fill": ("#fdebd0", "#f8c471", "#e59866")[section],
                "stroke": "#555",
            },
        )
    labels = ET.SubElement(svg, "g", OVER)
    for start, price, label in FAME_SECTIONS:
        _text(labels, 20 + start * step, top + 46, f"{label} ({price} or = 1)", **{"font-size": "10"})
    markers = ET.SubElement(svg, "g", FREE)
    for i, seat in enumerate(seats):
        c = view["clans"][seat]
        cx = 20 + c["fame"] * step + step / 2
        cy = top + 60 + i * 16
        at = f"{cx:.1f}"  # the marker's centre as ever written; its line 10 to the right of cx
        marker = ET.SubElement(markers, "g", {"transform": f"translate({at} {cy})"})
        dot = {"cx": "0", "cy": "0", "r": "6", "fill": colour[seat], "class": "clan"}
        ET.SubElement(marker, "circle", dot)
        living = [u for u in c["pirates"] if u in view["pirates"]]
        gold = sum(view["pirates"][u]["gold"] for u in living) + c["stash"]
        _text(
            marker,
            f"{cx + 10 - float(at):.4f}",
            4,
            lang._(
                "%(seat)s: fame %(fame)s, %(gold)s gold, %(pirates)s pirates, %(hand)s cards",
                seat=seat,
                fame=c["fame"],
                gold=gold,
                pirates=len(living),
                hand=c["hand"],
            ),
            **{"font-size": "11"},
        )
