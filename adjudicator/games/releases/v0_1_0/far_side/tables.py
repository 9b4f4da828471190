"""The book's tables, as data, each beside the name of the step that uses it.

A face of a die that a table of the book does not list has no effect ("no
change"); see orders/far-side.md, "Readings".
"""

from __future__ import annotations

#: SKILL TABLE: the die face picks the skill.
SKILLS: tuple[str, ...] = ("SEA", "GUN", "CMD", "MOR", "AIM", "BRD")
SKILL_NAMES: dict[str, str] = {
    "SEA": "Seamanship",
    "GUN": "Gunnery",
    "CMD": "Command Authority",
    "MOR": "Morale",
    "AIM": "Marksmanship",
    "BRD": "Boarding",
}
SKILL_MIN, SKILL_MAX = -3, 3
MAX_MASTS = 3

#: HULL STRENGTH coins, for the text board (W = 0, taking on water).
COIN: dict[int, str] = {4: "Q", 3: "N", 2: "D", 1: "P", 0: "W"}


def skill_for_roll(face: int) -> str:
    """SKILL TABLE: 1 SEA, 2 GUN, 3 CMD, 4 MOR, 5 AIM, 6 BRD."""
    return SKILLS[face - 1]


# -- 1 DRIFT & TIDES --------------------------------------------------------
#: Red die (the enemy's): direction seen by the enemy. White die: seen by the player in turn.
DRIFT_RED: dict[int, str] = {1: "up", 2: "up", 3: "none", 4: "none", 5: "down", 6: "down"}
DRIFT_WHITE: dict[int, str] = {1: "left", 2: "left", 3: "none", 4: "none", 5: "right", 6: "right"}

# -- 2 WIND -----------------------------------------------------------------
WIND_MOVE: dict[int, int] = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2}


def gust_move(total: int) -> int:
    """GUSTS & SHIFTING WINDS: die + SEAMANSHIP -> MOVE change (<1: -2, 1,2: -1, 3,4: 0, 5,6: +1, 7+: +2)."""
    if total < 1:
        return -2
    if total <= 2:
        return -1
    if total <= 4:
        return 0
    if total <= 6:
        return 1
    return 2


# -- 4 MOVEMENT -------------------------------------------------------------
KEDGE_SUCCESS = 4  # Kedge Result 1-3 Failed, 4+ move


def tow_move(tow: int) -> int:
    """TOW table: TOW = lead class - towed class; -3,-2: -3 MOVE; -1,0: -2; 1+: -1."""
    if tow <= -2:
        return -3
    if tow <= 0:
        return -2
    return -1


# -- 6 WINDWARD POSITION ----------------------------------------------------
WEATHER_GAGE_ABOVE = 4  # "greater than plus four (+4)"

# -- 7 REPAIRS & DAMAGE CONTROL ---------------------------------------------
REPAIR_SKILLS: tuple[str, ...] = ("SEA", "GUN", "AIM", "BRD")  # not CMD, not MOR
PUMPS: dict[int, str] = {1: "afloat", 2: "afloat", 3: "sinking", 4: "sinking", 5: "sinking", 6: "sinking"}
RIGGING: dict[int, str] = {1: "mast", 2: "mast", 3: "mess", 4: "mess", 5: "mess", 6: "mess"}
#: EXTINGUISH FIRES: "1,2 extinguished; 2-4 controlled extinguished, uncontrolled controlled; 5,6 no change".
#: Reading: "2-4" after "1,2" is 3,4 (the first band wins the overlapping 2).
FIRES: dict[int, str] = {1: "out", 2: "out", 3: "control", 4: "control", 5: "rages", 6: "rages"}

# -- 8 BURN DAMAGE ----------------------------------------------------------
BURN: dict[int, str] = {1: "spreads", 2: "damage", 3: "damage", 4: "none", 5: "none", 6: "none"}

# -- 9 SINKING SHIPS --------------------------------------------------------
SINKING: dict[int, str] = {1: "afloat", 2: "afloat", 3: "afloat", 4: "sinks", 5: "sinks", 6: "sinks"}

# -- 10 RESCUE OPERATIONS ---------------------------------------------------
RESCUE: dict[int, str] = {1: "rescued", 2: "rescued", 3: "lost", 4: "lost", 5: "lost", 6: "lost"}


# -- 14 TACTICAL ADVANTAGE --------------------------------------------------
def tact_position(tact: int) -> str:
    """TACT -> POSITION: negative Broadside, 0 Bows-On, 1-4 Heavy Broadside, 5+ Rake the Bow."""
    if tact < 0:
        return "broadside"
    if tact == 0:
        return "bows-on"
    if tact <= 4:
        return "heavy broadside"
    return "rake the bow"


# -- 16 COMBAT CHARTS -------------------------------------------------------
#: NUMBER OF ATTACK DICE: (attacker's positive skills added, target's negative skills added).
ATTACK_CHART: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "range": (("SEA", "GUN", "CMD", "MOR"), ("SEA", "CMD")),
    "close": (("GUN", "CMD", "MOR", "AIM"), ("CMD", "MOR", "AIM")),
    "board": (("MOR", "AIM", "BRD"), ("MOR", "AIM", "BRD")),
    "ram": ((), ()),
}

# -- 18 FIRE! ---------------------------------------------------------------
ATTACK_HIT = 1  # Attack Result 1 +1 HIT, 2-6 Miss

# -- 19 ACCURACY, 20 MUSKETS, 21 INEPT CREWS, 22 BLUNDERS --------------------
ACCURACY_MISS = (1, 2)  # 1,2 missed (-1 HIT); 4-6 OK; 3 unlisted: no change
MUSKETS_MISS = (1,)  # 1 missed (-1 HIT); 5-6 OK; 2-4 unlisted: no change
INEPT_MISS = (1, 2)  # 1,2 -1 HIT; 4-6 OK; 3 unlisted: no change
BLUNDER = (1,)  # 1 blunder (-1 HIT, roll a blunder die); 5-6 OK; 2-4 unlisted: no change
BLUNDER_RESULT: dict[int, str] = {1: "none", 2: "none", 3: "gun", 4: "gun", 5: "skill", 6: "skill"}

# -- 23 DAMAGE DISTRIBUTION -------------------------------------------------
#: H hull, S skill roll (-1 level), R rigging (broken mast), x missed.
DAMAGE_ROWS: dict[str, str] = {
    "long": "HHSSRx",
    "short": "HHSSRR",
    "board-defender": "SSSSRR",
    "board-attacker": "SSSSSS",
    "ram": "HHSSSS",
    "burn": "HHSSSR",
}
#: Reading: the storm of a red 5 (+1 DAMAGE, no row named) uses the SHORT row.
STORM_ROW = "short"

# -- 24 HEATED SHOT, 25 GRAPESHOT -------------------------------------------
HEATED_SHOT_FIRE = (1,)
GRAPESHOT_MORE = (1,)

# -- 26 GRAPPLE, 27 REPEL ---------------------------------------------------
GRAPPLE_SUCCESS = (1, 2, 3, 4)
REPEL_SUCCESS = (1, 2)

#: 28 BOARD: a safety limit on the rounds of one hand-to-hand fight (not in the book).
BOARDING_ROUND_LIMIT = 200
