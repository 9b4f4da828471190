"""2 WIND and 3 EVENT, rolled one player turn ahead so that a player writes his orders knowing them.

The book's player rolls the wind, sees the MOVE and the event, then decides which ship sails,
where, and what to repair. By email the whole turn is sealed at once, so the wind of a player's
turn is rolled at the close of the turn before (from that turn's seed, which is fixed only after
every order of that turn is sealed) and published in its report: nobody could steer it, and the
player in turn sees it before writing. The first turn's wind comes from the setup seed.

Rolled ahead (keys of the dice of the turn before): ``wind:white`` and ``wind:red``, so the MOVE
and which events follow are known. What an event does in detail - the skill of a white or red 1
(``event:skill:white``, ``event:skill:red``) and the storm damage of a red 5 (``storm``, and
``storm:skill`` for a skill letter) - is rolled at resolution with the turn's own dice: the book's
captain chose his ship and his movement before any of it was rolled, so nobody may aim a known
damage at a ship where it does nothing. Gusts (a white or red 3) are only counted here: their dice
are rolled at resolution, one roll per GUST for every MOVE expended.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.dice import Dice
from adjudicator.games.far_side import tables as T

Wind = dict[str, Any]


def eventful(white: int, red: int) -> bool:
    """3 EVENT: "If the numbers on both wind dice (red & white) are even goto step 4"."""
    return not (white % 2 == 0 and red % 2 == 0)


def roll_wind(dice: Dice, turn: int, seat: str) -> Wind:
    """The wind of player turn ``turn`` (``seat`` in turn), and the events and storm it triggers."""
    white, red = dice.d6("wind:white"), dice.d6("wind:red")
    wind: Wind = {
        "turn": turn,
        "seat": seat,
        "white": white,
        "red": red,
        "move": T.WIND_MOVE[white] + T.WIND_MOVE[red],
        "gusts": 0,
        "skill_white": None,
        "skill_red": None,
        "storm": None,
        "repair": False,
    }
    if not eventful(white, red):
        return wind
    wind["skill_white"] = white == 1  # the skill is rolled at resolution
    wind["skill_red"] = red == 1
    wind["gusts"] = (white == 3) + (red == 3)
    wind["repair"] = white == 5
    wind["storm"] = red == 5  # the damage is rolled at resolution
    return wind


STORM_WORDS = {
    "H": "hull damage",
    "S": "the loss of a level of {skill}",
    "R": "a broken mast",
    "x": "no damage",
}


def wind_text(wind: Wind | None) -> str:
    """The published wind, in a sentence (the report of the turn before, and the text board)."""
    if not wind:
        return ""
    side = str(wind["seat"]).capitalize()
    dice = f"white {wind['white']}, red {wind['red']}"
    parts = [f"Wind for turn {wind['turn']} ({side}): {dice}: MOVE {wind['move']}"]
    if not eventful(wind["white"], wind["red"]):
        parts.append("no event (both dice even)")
    if wind["skill_white"]:
        parts.append(_skill_words(wind["skill_white"], "white 1: +1", "to the ship in turn"))
    if wind["skill_red"]:
        parts.append(_skill_words(wind["skill_red"], "red 1: -1", "of the ship in turn"))
    if wind["gusts"]:
        parts.append(f"{wind['gusts']} gust(s): a gust roll per GUST for every MOVE expended")
    if wind["repair"]:
        parts.append("white 5: +1 hull strength to the ship in turn")
    storm = wind["storm"]
    if isinstance(storm, dict):  # a wind published before the storm was rolled at resolution
        what = STORM_WORDS[storm["letter"]].format(skill=storm["skill"])
        parts.append(f"red 5: storm damage ({storm['face']}, {what}) to the ship in turn")
    elif storm:
        parts.append("red 5: storm damage to the ship in turn (1 DAMAGE, short row, rolled at resolution)")
    text = "; ".join(parts) + "."
    if eventful(wind["white"], wind["red"]):
        text += " (Kedging forfeits the MOVE, not the events.)"
    return text


def _skill_words(skill: str | bool, head: str, tail: str) -> str:
    """A skill roll's words: the skill if it was rolled with the wind (older states), else its
    promise ("a skill rolled at resolution")."""
    if isinstance(skill, str):
        return f"{head} {skill} {tail}"
    return f"{head} to a skill {tail} (the skill rolled at resolution)"
