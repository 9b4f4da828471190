"""The 8x8 board, its squares and the ships on it; the text board of every report.

Squares are named like a chess board, files ``a``-``h`` left to right and
ranks ``1``-``8`` bottom to top. The British fleet starts on rank 8 (the top
of the book's setup diagram) and docks off the top edge; the French fleet
starts on rank 1 and docks off the bottom edge.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.far_side.glossary import GLOSSARY
from adjudicator.games.far_side.tables import COIN, SKILLS
from adjudicator.games.language import ENGLISH, N_, Language

FILES = "abcdefgh"
SIZE = 8
SIDES: tuple[str, str] = ("british", "french")
PREFIX: dict[str, str] = {"british": "B", "french": "F"}
#: the rank each side starts on and docks off
HOME_Y: dict[str, int] = {"british": 7, "french": 0}
#: "up" (away from the player) and "left" as seen by each side's player
FORWARD: dict[str, int] = {"british": -1, "french": 1}
LEFT: dict[str, int] = {"british": 1, "french": -1}

Ship = dict[str, Any]
State = dict[str, Any]


def enemy_of(side: str) -> str:
    return "french" if side == "british" else "british"


def xy(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), int(square[1:]) - 1


def name(x: int, y: int) -> str:
    return f"{FILES[x]}{y + 1}"


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def is_square(text: str) -> bool:
    return len(text) == 2 and text[0] in FILES and text[1] in "12345678"


def adjacent(a: str, b: str) -> bool:
    """Adjacent squares, diagonals included."""
    return a != b and distance(a, b) == 1


def distance(a: str, b: str) -> int:
    (ax, ay), (bx, by) = xy(a), xy(b)
    return max(abs(ax - bx), abs(ay - by))


def squares_between(a: str, b: str) -> int:
    """5 RANGE IN ALL GUNS: the number of squares between two ships (diagonals included)."""
    return distance(a, b) - 1


def neighbours(square: str) -> list[str]:
    x, y = xy(square)
    return [
        name(x + dx, y + dy)
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and on_board(x + dx, y + dy)
    ]


def ship_id(side: str, number: int) -> str:
    return f"{PREFIX[side]}{number}"


def afloat(state: State, side: str | None = None) -> list[Ship]:
    """Ships still on the board (not docked, sunk or captured), by side then number."""
    ships = [s for s in state["ships"].values() if s["square"] is not None]
    if side is not None:
        ships = [s for s in ships if s["side"] == side]
    return sorted(ships, key=lambda s: (SIDES.index(s["side"]), s["number"]))


def in_turn_order(state: State, seat: str) -> list[Ship]:
    """Every ship afloat, the ships of ``seat`` (the player in turn) first, each side by number:
    the order of the book's "your ships" and "the enemy's", never the alphabetical order of sides."""
    return afloat(state, seat) + afloat(state, enemy_of(seat))


def at(state: State, square: str) -> Ship | None:
    for ship in state["ships"].values():
        if ship["square"] == square:
            return ship
    return None


def occupied(state: State) -> set[str]:
    return {s["square"] for s in state["ships"].values() if s["square"] is not None}


def engagement_in_play(state: State) -> bool:
    return any(s["engaged"] for s in afloat(state))


def grappled(state: State, sid: str) -> bool:
    return any(sid in pair for pair in state["grapples"])


def cell(ship: Ship) -> str:
    """``3N`` for British ship 3 with a nickel (hull 3), ``3n`` for the French one."""
    coin = COIN.get(ship["hull"], "?")
    text = f"{ship['number']}{coin}"
    return text if ship["side"] == "british" else text.lower()


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def side_name(side: str, lang: Language = ENGLISH) -> str:
    """A side as the board names it: ``British`` in English, the glossary's word otherwise."""
    return side.capitalize() if lang.code == "en" else GLOSSARY.word(side, lang, 2)


def skill_name(skill: str, lang: Language = ENGLISH) -> str:
    """A skill's abbreviation in ``lang`` (the book's ``GUN`` in English, ``CAN`` in French)."""
    return skill if lang.code == "en" else GLOSSARY.word(skill.lower(), lang)


def board_text(state: State, lang: Language = ENGLISH) -> str:
    """The 8x8 grid (upper case British, lower case French) and a table of every ship, in ``lang``."""
    label = f"{state.get('label', '')}".rstrip()
    if label and lang.code != "en":
        from adjudicator.games.far_side.texts import LABELS, said

        label = said(label, lang, LABELS)
    lines = [label] if state.get("label") else []
    lines.append("     " + "   ".join(FILES))
    for y in range(SIZE - 1, -1, -1):
        row = []
        for x in range(SIZE):
            ship = at(state, name(x, y))
            row.append(cell(ship) if ship else "..")
        lines.append(f"{y + 1}   " + "  ".join(row))
    lines.append("     " + "   ".join(FILES))
    lines.append("")
    head = (
        lang.gettext(N_("ship sq  cl hull masts  "))
        + " ".join(f"{skill_name(k, lang):>3}" for k in SKILLS)
        + lang.gettext(N_("  fire  sink repair/transfer  engaged"))
    )
    if state.get("wind") and not state.get("over"):
        from adjudicator.games.far_side.wind import wind_text

        wind = wind_text(state["wind"])
        if lang.code != "en":
            from adjudicator.games.far_side.texts import EVENTS, said

            wind = said(wind, lang, EVENTS)
        lines.insert(1 if state.get("label") else 0, wind)
    lines.append(head)
    for ship in sorted(state["ships"].values(), key=lambda s: (SIDES.index(s["side"]), s["number"])):
        lines.append(ship_line(ship, state, lang))
    lines.append(
        lang.gettext(
            N_(
                "masts: standing/total; fire: u uncontrolled, c controlled; sink: sinking token;"
                " repair: skill levels lent to repairs (CMDn>ship: transfer tokens)"
            )
        )
    )
    lines += ["", *ranges_text(state, lang), "", *standing_text(state, lang)]
    tally = state["tally"]
    lines.append("")
    for side in SIDES:
        lines.append(
            lang._(
                "%(side)s: captured %(captured)s, sunk %(sunk)s (enemy ships); ships afloat %(afloat)s",
                side=side_name(side, lang),
                captured=tally[side]["captured"],
                sunk=tally[side]["sunk"],
                afloat=len(afloat(state, side)),
            )
        )
    return "\n".join(lines)


def _reach(n: int, lang: Language) -> str:
    return lang.gettext(N_("short")) if n == 0 else lang._("long %(n)s", n=n)


def ranges_text(state: State, lang: Language = ENGLISH) -> list[str]:
    """5 RANGE IN ALL GUNS, for every ship afloat: the enemy ships in its range, short (adjacent)
    or long (1..class squares between), nearest first."""
    out = [lang.gettext(N_("Ranges (short: adjacent; long: 1..class squares between):"))]
    for side in SIDES:
        enemy = SIDES[1 - SIDES.index(side)]
        for ship in afloat(state, side):
            reach = sorted(
                (squares_between(ship["square"], e["square"]), e["number"], e["id"])
                for e in afloat(state, enemy)
                if squares_between(ship["square"], e["square"]) <= ship["class"]
            )
            listed = ", ".join(f"{sid} {_reach(n, lang)}" for n, _, sid in reach)
            none = lang.gettext(N_("no enemy ship in range"))
            out.append(f"  {ship['id']}: {listed or none}")
    return out


def standing_text(state: State, lang: Language = ENGLISH) -> list[str]:
    """The standing orders in force of each side (what decides its fire and the drift it picks
    during the other side's turn)."""
    out = [lang.gettext(N_("Standing orders in force:"))]
    for side in SIDES:
        enemy = SIDES[1 - SIDES.index(side)]
        standing = state["standing"][side]
        drift = standing["drift"]
        words = [
            "drift ask"
            if drift == "ask"
            else ("drift ignore" if not drift else "drift " + " ".join(ship_id(enemy, n) for n in drift)),
            {"will": "fire at will", "hold": "hold fire", "return": "return fire"}[standing["fire"]],
        ]
        if standing.get("hold"):
            words.append("hold fire " + " ".join(ship_id(side, n) for n in standing["hold"]))
        for number, targets in sorted(standing.get("priority", {}).items(), key=lambda kv: int(kv[0])):
            if targets:
                words.append(
                    f"priority {ship_id(side, int(number))} " + " ".join(ship_id(enemy, t) for t in targets)
                )
        if lang.code != "en":
            from adjudicator.games.far_side.orders import say

            words = [say(w, lang) for w in words]
        out.append(f"  {side_name(side, lang)}: " + "; ".join(words))
    return out


#: a ship's state on the board, as each language writes it
STATUS = {
    "docked": N_("docked"),
    "sunk": N_("sunk"),
    "captured": N_("captured"),
    "afloat": N_("afloat"),
    "short": N_("short"),
    "long": N_("long"),
}


def ship_line(ship: Ship, state: State, lang: Language = ENGLISH) -> str:
    sid = ship["id"]
    if ship["square"] is None:
        return f"{sid:<4} --  {ship['class']:>2}  {lang.gettext(STATUS.get(ship['status'], ship['status']))}"
    skills = " ".join(f"{signed(ship['skills'][k]):>3}" for k in SKILLS)
    fire = f"{ship['fires']['uncontrolled']}u{ship['fires']['controlled']}c"
    repair = ",".join(f"{skill_name(k, lang)}{v}" for k, v in ship["repair"].items() if v) or "-"
    if ship["transfer"]:
        repair += f" {skill_name('CMD', lang)}{ship['transfer']['levels']}>{ship['transfer']['to']}"
    engaged = lang.gettext(STATUS.get(ship["engaged"], ship["engaged"])) if ship["engaged"] else "-"
    if ship["engaged"]:
        engaged += lang.gettext(N_(" fired")) if ship["fired"] else lang.gettext(N_(" not fired"))
    holds = [pair for pair in state["grapples"] if sid in pair]
    if holds:
        engaged += lang.gettext(N_(" grapple ")) + ",".join(f"{a}>{b}" for a, b in holds)
    masts = f"{ship['masts'] - ship['broken']}/{ship['masts']}"
    sinking = lang.gettext(N_("yes")) if ship["sinking"] else lang.gettext(N_("no"))
    return (
        f"{sid:<4} {ship['square']}  {ship['class']:>2}  {ship['hull']}/{ship['class']}  {masts:>5}  {skills}"
        f"  {fire}  {sinking:>4} {repair:<15}  {engaged}"
    )
