"""The book's tables (data/tables.toml) as Python values, and the words players may use for them."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any


@cache
def _data() -> dict[str, Any]:
    text = files("adjudicator.games.planet_masters").joinpath("data/tables.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _faces(name: str) -> dict[int, str]:
    return {int(k): str(v) for k, v in _data()[name].items()}


HOME: dict[int, str] = _faces("home")
NEUTRAL: dict[int, str] = _faces("neutral")
WEAPON: dict[int, str] = _faces("weapon")
TECHNOLOGY: dict[int, str] = _faces("technology")
POLITICS: dict[int, str] = _faces("politics")
UNKNOWN_SECTORS: dict[int, str] = _faces("unknown_sectors")
DEEP_SPACE: dict[int, str] = _faces("deep_space")


@dataclass(frozen=True)
class Unit:
    """What one unit adds to Total Power (``Explication templates``)."""

    kind: str
    power: int
    defence_only: bool


@dataclass(frozen=True)
class Race:
    """A race and its Racial trait (the home planet's face 1)."""

    name: str
    title: str
    trait: str
    acts_as: str
    power: int = 0
    defence_only: bool = False


POWER: dict[str, Unit] = {
    kind: Unit(kind, int(v["power"]), bool(v["defence_only"])) for kind, v in _data()["power"].items()
}
RACES: dict[str, Race] = {
    name: Race(
        name,
        str(v["title"]),
        str(v["trait"]),
        str(v["acts_as"]),
        int(v.get("power", 0)),
        bool(v.get("defence_only", False)),
    )
    for name, v in _data()["race"].items()
}
#: The six races in the book's order; a game of more than six players repeats them.
RACE_ORDER: tuple[str, ...] = ("terre", "mors", "roach", "pacal", "matriks", "freebooters")

#: The faces that count for victory: "les planètes sont toutes sur Influence ou Ressource".
VICTORY_FACES = frozenset({"influence", "resource"})

#: Words a player may write for a weapon face (English and short forms; the book's French words
#: are read as these through the glossary, see glossary.py).
WEAPON_WORDS: dict[str, int] = {
    "cruiser": 1,
    "battleship": 2,
    "station": 3,
    "orbital-station": 3,
    "transporter": 4,
    "defence": 5,
    "defense": 5,
    "planetary-defence": 5,
    "fighters": 6,
    "fighter": 6,
}
#: Words for a neutral planet's face.
PLANET_WORDS: dict[str, set[int]] = {
    "exhausted": {1},
    "resource": {2, 3, 4},
    "influence": {5},
    "infantry": {6},
}
#: Words for the home planet's face.
HOME_WORDS: dict[str, set[int]] = {
    "trait": {1},
    "transporter": {2},
    "resource": {3, 4},
    "influence": {5},
    "infantry": {6},
}
#: The face each home word names, in English: a Racial trait that counts as that face (Mors'
#: Resource, Pacal's Influence, Roach's Transporter, Terre's Lightning Infantry) answers to it too.
HOME_WORD_FACE: dict[str, str] = {
    "trait": "trait",
    "transporter": "transporter",
    "resource": "resource",
    "influence": "influence",
    "infantry": "infantry",
}
#: Words for the technology die's face.
TECH_WORDS: dict[str, int] = {
    **{name.replace(" ", "-"): face for face, name in TECHNOLOGY.items()},
}
