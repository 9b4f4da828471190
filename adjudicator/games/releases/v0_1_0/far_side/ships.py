"""What happens to one ship: skills, hull, masts, fires, sinking, docking, capture.

Small functions shared by the steps of the turn sequence. A ship is a plain
dict in the state (see :func:`new_ship`).
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.releases.v0_1_0.far_side.board import enemy_of, ship_id
from adjudicator.games.releases.v0_1_0.far_side.tables import MAX_MASTS, SKILL_MAX, SKILL_MIN, SKILLS

Ship = dict[str, Any]
State = dict[str, Any]


def new_ship(side: str, number: int, klass: int, square: str) -> Ship:
    """A ship at the start of the game: hull = class, masts = class (limit 3), all skills 0."""
    return {
        "id": ship_id(side, number),
        "side": side,
        "number": number,
        "class": klass,
        "hull": klass,
        "masts": min(klass, MAX_MASTS),
        "broken": 0,
        "skills": dict.fromkeys(SKILLS, 0),
        "repair": dict.fromkeys(SKILLS, 0),  # repair tokens: levels lent to repairs this turn
        "transfer": None,  # {"to": "B4", "levels": 1}: CMD levels held as transfer tokens
        "fires": {"uncontrolled": 0, "controlled": 0},
        "sinking": False,
        "engaged": None,  # None | "long" | "short"
        "fired": False,
        "square": square,
        "status": "afloat",  # afloat | docked | sunk | captured
    }


def change_skill(ship: Ship, skill: str, delta: int) -> int:
    """Add ``delta`` levels, keeping -3..3 (excess levels are lost); returns the change made."""
    before = ship["skills"][skill]
    after = max(SKILL_MIN, min(SKILL_MAX, before + delta))
    ship["skills"][skill] = after
    return after - before


def positive(ship: Ship, skill: str) -> int:
    return max(0, ship["skills"][skill])


def negative(ship: Ship, skill: str) -> int:
    return max(0, -ship["skills"][skill])


def hull_damage(ship: Ship, points: int = 1) -> int:
    """Hull strength never goes negative; excess hull damage is ignored."""
    before = ship["hull"]
    ship["hull"] = max(0, before - points)
    return before - ship["hull"]


def hull_repair(ship: Ship, points: int = 1) -> int:
    """Hull strength can never be greater than the ship class."""
    before = ship["hull"]
    ship["hull"] = min(ship["class"], before + points)
    if ship["hull"] > 0:
        ship["sinking"] = False
    return ship["hull"] - before


def break_mast(ship: Ship) -> bool:
    """Broken masts can not exceed the number of masts; excess RIG damage is ignored."""
    if ship["broken"] >= ship["masts"]:
        return False
    ship["broken"] += 1
    return True


def clear_tokens(ship: Ship) -> None:
    ship["repair"] = dict.fromkeys(SKILLS, 0)
    ship["transfer"] = None
    ship["fires"] = {"uncontrolled": 0, "controlled": 0}
    ship["sinking"] = False
    ship["engaged"] = None
    ship["fired"] = False


def leave_board(state: State, ship: Ship, status: str) -> None:
    ship["square"] = None
    ship["status"] = status
    state["grapples"] = [pair for pair in state["grapples"] if ship["id"] not in pair]


def sink(state: State, ship: Ship) -> None:
    """10 SUNK SHIPS: tokens removed, negative skills and broken masts removed, tally for the enemy."""
    clear_tokens(ship)
    for skill in SKILLS:
        ship["skills"][skill] = max(0, ship["skills"][skill])
    ship["broken"] = 0
    state["tally"][enemy_of(ship["side"])]["sunk"] += 1
    leave_board(state, ship, "sunk")


def capture(state: State, ship: Ship, by: str) -> None:
    """29 CAPTURED SHIPS: remove all tokens and the ship tile; a tally for the captor."""
    clear_tokens(ship)
    state["tally"][by]["captured"] += 1
    leave_board(state, ship, "captured")


def dock(state: State, ship: Ship) -> None:
    """DOCK: once a ship docks it is out of the game and may not return."""
    clear_tokens(ship)
    leave_board(state, ship, "docked")
