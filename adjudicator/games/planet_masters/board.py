"""The table as text: each player's templates with their dice, the galaxy and the Politics die."""

from __future__ import annotations

from typing import Any

from adjudicator.games.planet_masters import empire as E
from adjudicator.games.planet_masters.tables import HOME, NEUTRAL, POLITICS, RACES, TECHNOLOGY, WEAPON

State = dict[str, Any]


def politics_text(state: State) -> str:
    if not state["options"].get("politics"):
        return "Politics: not in play"
    value = state.get("politics")
    return f"Politics die: {value}, {POLITICS[value]}" if value else "Politics die: no political act yet"


def player_lines(state: State, seat: str) -> list[str]:
    p = state["players"][seat]
    politics = state.get("politics")
    race = RACES[p["race"]]
    home = HOME[p["home"]]
    if home == "trait":
        home = f"trait: {race.trait}"
    planets = ", ".join(f"{NEUTRAL[x['face']]} ({x['face']})" for x in p["planets"]) or "none"
    weapons = ", ".join(f"{WEAPON[w]} ({w})" for w in p["weapons"]) or "none"
    lines = [
        f"{seat} - {race.title} (trait: {race.trait})",
        f"  home planet (black): {home} ({p['home']})",
        f"  planets (white):     {planets}",
        f"  weapons (red):       {weapons}",
    ]
    if state["options"].get("technology"):
        tech = f"{TECHNOLOGY[p['tech']]} ({p['tech']})" if p["tech"] else "none"
        lines.append(f"  technology (blue):   {tech}")
    lines.append(
        f"  {E.planet_count(p)} planet(s); resources {E.resources(p, politics)}, "
        f"influence {E.influence(p, politics)}, Total Power attack {E.attack_power(p)} "
        f"/ defence {E.defence_power(p)}"
    )
    return lines


def board_text(state: State) -> str:
    n = len(state["order"])
    out = [
        f"{state.get('label', '')}",
        f"Galaxy: {state['galaxy']} neutral planet(s) left. To win: {n + 1} planets, home included, "
        "all on Influence or Resource.",
        politics_text(state),
        "Turn order: " + ", ".join(state["order"]),
        "",
    ]
    for seat in state["order"]:
        out += player_lines(state, seat)
    return "\n".join(out)
