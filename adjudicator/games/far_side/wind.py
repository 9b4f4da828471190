"""2 WIND and 3 EVENT, rolled one player turn ahead so that a player writes his orders knowing them.

The book's player rolls the wind, sees the MOVE and the event, then decides which ship sails,
where, and what to repair. By email the whole turn is sealed at once, so the wind of a player's
turn is rolled at the close of the turn before (from that turn's seed, which is fixed only after
every order of that turn is sealed) and published in its report: nobody could steer it, and the
player in turn sees it before writing. The first turn's wind comes from the setup seed.

Rolled ahead (keys of the dice of the turn before): ``wind:white``, ``wind:red``, the skill rolls
of a white or red 1 (``event:skill:white``, ``event:skill:red``) and the storm of a red 5
(``storm``, and ``storm:skill`` when it is a skill roll). Gusts (a white or red 3) are only counted
here: their dice are rolled at resolution, one roll per GUST for every MOVE expended.
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
    if white == 1:
        wind["skill_white"] = T.skill_for_roll(dice.d6("event:skill:white"))
    if red == 1:
        wind["skill_red"] = T.skill_for_roll(dice.d6("event:skill:red"))
    wind["gusts"] = (white == 3) + (red == 3)
    wind["repair"] = white == 5
    if red == 5:
        face = dice.d6("storm")
        letter = T.DAMAGE_ROWS[T.STORM_ROW][face - 1]
        skill = T.skill_for_roll(dice.d6("storm:skill")) if letter == "S" else None
        wind["storm"] = {"face": face, "letter": letter, "skill": skill}
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
        parts.append(f"white 1: +1 {wind['skill_white']} to the ship in turn")
    if wind["skill_red"]:
        parts.append(f"red 1: -1 {wind['skill_red']} to the ship in turn")
    if wind["gusts"]:
        parts.append(f"{wind['gusts']} gust(s): a gust roll per GUST for every MOVE expended")
    if wind["repair"]:
        parts.append("white 5: +1 hull strength to the ship in turn")
    storm = wind["storm"]
    if storm:
        what = STORM_WORDS[storm["letter"]].format(skill=storm["skill"])
        parts.append(f"red 5: storm damage ({storm['face']}, {what}) to the ship in turn")
    return "; ".join(parts) + ". (Kedging forfeits this wind and its events.)"
