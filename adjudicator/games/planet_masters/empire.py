"""A player's empire on its templates: what its dice count for (resources, influence, Total Power).

A player is plain JSON: ``race``, ``home`` (the black die), ``planets`` (white dice:
``{"face": n, "fresh": bool}``, fresh = gained this turn by a Transporter), ``weapons``
(red dice faces), ``tech`` (the blue die, ``None`` without one), ``tech_taken`` and
``sacrifice`` (the standing order in which the player gives up weapons).
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.planet_masters.tables import HOME, NEUTRAL, POWER, RACES, VICTORY_FACES, WEAPON

Player = dict[str, Any]

#: Politics results that change how dice count ("La politique").
SHIP_TAX = 5  # Resources also count as Influence
MARTIAL_POLITICS = 6  # Influence also counts as Resources
#: Technology results that change Total Power or resources ("Les Technologies").
ADVANCED_FIGHTERS = 1
TERRAFORMING = 2
ASSAULT_CANNON = 3
LONG_RANGE_CANNON = 4
STASIS_CHAMBERS = 5
SONIC_DEFLECTOR = 6

#: The default standing sacrifice order: the weakest weapon goes first.
DEFAULT_SACRIFICE: tuple[int, ...] = (4, 1, 6, 2, 5, 3)


def new_player(race: str) -> Player:
    return {
        "race": race,
        "home": 0,
        "planets": [],
        "weapons": [],
        "tech": None,
        "tech_taken": False,
        "sacrifice": list(DEFAULT_SACRIFICE),
    }


def home_face(player: Player) -> str:
    """What the home planet counts as: the template's word, the racial trait resolved."""
    name = HOME[player["home"]]
    if name == "trait":
        return RACES[player["race"]].acts_as
    return name


def planet_faces(player: Player) -> list[str]:
    """What every planet counts as, home first."""
    return [home_face(player)] + [NEUTRAL[p["face"]] for p in player["planets"]]


def planet_count(player: Player) -> int:
    return 1 + len(player["planets"])


def resource_dice(player: Player, politics: int | None) -> int:
    """Active Resource dice (Martial Politics: Influence counts as Resource too)."""
    counted = {"resource", "influence"} if politics == MARTIAL_POLITICS else {"resource"}
    return sum(1 for face in planet_faces(player) if face in counted)


def resources(player: Player, politics: int | None) -> int:
    """Construction actions this turn: one per active Resource, two with Terraforming."""
    per_die = 2 if player.get("tech") == TERRAFORMING else 1
    return per_die * resource_dice(player, politics)


def influence(player: Player, politics: int | None) -> int:
    """Active Influence dice (Ship Tax: Resources count as Influence too)."""
    counted = {"resource", "influence"} if politics == SHIP_TAX else {"influence"}
    return sum(1 for face in planet_faces(player) if face in counted)


def votes(player: Player, politics: int | None) -> int:
    """ "Chaque joueur génère un vote et ajoute un vote supplémentaire par Influence activé"."""
    return 1 + influence(player, politics)


def units(player: Player) -> list[tuple[str, int, bool]]:
    """Every unit adding to Total Power: ``(kind, power, defence_only)``.

    Weapons, Infantry planets, and a Racial trait that is a unit (Terre's Lightning Infantry,
    Matriks' Expert Fighters, the Freebooters' Cruiser) counted as a unit of its kind.
    """
    found: list[tuple[str, int, bool]] = []
    for face in player["weapons"]:
        unit = POWER[WEAPON[face]]
        found.append((unit.kind, unit.power, unit.defence_only))
    infantry = POWER["infantry"]
    race = RACES[player["race"]]
    if HOME[player["home"]] == "trait" and race.power:
        found.append((race.acts_as, race.power, race.defence_only))
    elif HOME[player["home"]] == "infantry":
        found.append((infantry.kind, infantry.power, infantry.defence_only))
    for planet in player["planets"]:
        if NEUTRAL[planet["face"]] == "infantry":
            found.append((infantry.kind, infantry.power, infantry.defence_only))
    return found


def unit_power(kind: str, power: int, player: Player, storm: bool) -> int:
    """One unit's power: the Electromagnetic Storm silences fighters and cruisers; Assault Cannon."""
    if storm and kind in ("fighters", "cruiser"):
        return 0
    if player.get("tech") == ASSAULT_CANNON and kind in ("cruiser", "battleship"):
        return power + 1
    return power


def attacks_with(kind: str, defence_only: bool, player: Player) -> bool:
    """Whether a unit adds in attack: not if defence-only, unless a technology says so."""
    if not defence_only:
        return True
    tech = player.get("tech")
    return (kind == "fighters" and tech == ADVANCED_FIGHTERS) or (
        kind == "defence" and tech == LONG_RANGE_CANNON
    )


def attack_power(player: Player, storm: bool = False) -> int:
    """Total Power in attack."""
    return sum(
        unit_power(kind, power, player, storm)
        for kind, power, defence_only in units(player)
        if attacks_with(kind, defence_only, player)
    )


def defence_power(player: Player, storm: bool = False) -> int:
    """Total Power in defence: every unit, the defence-only ones included."""
    return sum(unit_power(kind, power, player, storm) for kind, power, _ in units(player))


def is_victorious(player: Player, players: int) -> bool:
    """ "Conditions de victoire": players + 1 planets (home included), all on Influence or Resource."""
    return planet_count(player) >= players + 1 and all(f in VICTORY_FACES for f in planet_faces(player))


def weapon_to_lose(player: Player) -> int | None:
    """The weapon this player gives up first, by their standing sacrifice order."""
    if not player["weapons"]:
        return None
    order = list(player.get("sacrifice") or DEFAULT_SACRIFICE)
    order += [f for f in DEFAULT_SACRIFICE if f not in order]
    return min(player["weapons"], key=order.index)


def sort_dice(player: Player) -> None:
    """Dice of one colour are interchangeable: keep them sorted, so no order means anything."""
    player["weapons"].sort()
    player["planets"].sort(key=lambda p: (p["face"], p["fresh"]))
