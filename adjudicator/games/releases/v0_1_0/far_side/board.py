"""The 8x8 board, its squares and the ships on it; the text board of every report.

Squares are named like a chess board, files ``a``-``h`` left to right and
ranks ``1``-``8`` bottom to top. The British fleet starts on rank 8 (the top
of the book's setup diagram) and docks off the top edge; the French fleet
starts on rank 1 and docks off the bottom edge.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.releases.v0_1_0.far_side.tables import COIN, SKILLS

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


def board_text(state: State) -> str:
    """The 8x8 grid (upper case British, lower case French) and a table of every ship."""
    lines = [f"{state.get('label', '')}".rstrip()] if state.get("label") else []
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
        "ship sq  cl hull masts  "
        + " ".join(f"{k:>3}" for k in SKILLS)
        + "  fire  sink repair/transfer  engaged"
    )
    lines.append(head)
    for ship in sorted(state["ships"].values(), key=lambda s: (SIDES.index(s["side"]), s["number"])):
        lines.append(ship_line(ship, state))
    lines.append(
        "masts: standing/total; fire: u uncontrolled, c controlled; sink: sinking token;"
        " repair: skill levels lent to repairs (CMDn>ship: transfer tokens)"
    )
    tally = state["tally"]
    lines.append("")
    for side in SIDES:
        lines.append(
            f"{side.capitalize()}: captured {tally[side]['captured']}, sunk {tally[side]['sunk']}"
            f" (enemy ships); ships afloat {len(afloat(state, side))}"
        )
    return "\n".join(lines)


def ship_line(ship: Ship, state: State) -> str:
    sid = ship["id"]
    if ship["square"] is None:
        return f"{sid:<4} --  {ship['class']:>2}  {ship['status']}"
    skills = " ".join(f"{signed(ship['skills'][k]):>3}" for k in SKILLS)
    fire = f"{ship['fires']['uncontrolled']}u{ship['fires']['controlled']}c"
    repair = ",".join(f"{k}{v}" for k, v in ship["repair"].items() if v) or "-"
    if ship["transfer"]:
        repair += f" CMD{ship['transfer']['levels']}>{ship['transfer']['to']}"
    engaged = ship["engaged"] or "-"
    if ship["engaged"]:
        engaged += " fired" if ship["fired"] else " not fired"
    holds = [pair for pair in state["grapples"] if sid in pair]
    if holds:
        engaged += " grapple " + ",".join(f"{a}>{b}" for a, b in holds)
    masts = f"{ship['masts'] - ship['broken']}/{ship['masts']}"
    return (
        f"{sid:<4} {ship['square']}  {ship['class']:>2}  {ship['hull']}/{ship['class']}  {masts:>5}  {skills}"
        f"  {fire}  {'yes' if ship['sinking'] else 'no':>4} {repair:<15}  {engaged}"
    )
