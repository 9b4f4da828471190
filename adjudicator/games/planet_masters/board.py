"""The table as text: each player's templates with their dice, the galaxy and the Politics die."""

from __future__ import annotations

from typing import Any

from adjudicator.games.language import Language
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


def board_text_in(state: State, lang: Language) -> str:
    """The table as text in ``lang``: the same facts as :func:`board_text`, the things named by the
    glossary's words (English keeps :func:`board_text`, byte for byte)."""
    if lang.code == "en":
        return board_text(state)
    from adjudicator.games.planet_masters.french import LABELS, said, thing

    def named(table: dict[int, str], value: int) -> str:
        return lang._("%(name)s (%(value)s)", name=thing(table[value], lang), value=value)

    politics = state.get("politics")
    if not state["options"].get("politics"):
        politics_line = lang._("Politics: not in play")
    elif politics:
        politics_line = lang._("Politics die: %(act)s", act=named(POLITICS, politics))
    else:
        politics_line = lang._("Politics die: no political act yet")
    out = [
        said(str(state.get("label", "")), LABELS, lang),
        lang._(
            "Galaxy: neutral planets left: %(left)s. To win: %(win)s planets, home included, all on Influence"
            " or Resource.",
            left=state["galaxy"],
            win=len(state["order"]) + 1,
        ),
        politics_line,
        lang._("Turn order: %(order)s", order=", ".join(state["order"])),
        "",
    ]
    none = lang._("no die")
    for seat in state["order"]:
        p = state["players"][seat]
        race = RACES[p["race"]]
        trait = thing(race.trait, lang)
        home = (
            lang._(
                "%(trait_word)s: %(trait)s (%(value)s)",
                trait_word=thing("trait", lang),
                trait=trait,
                value=p["home"],
            )
            if HOME[p["home"]] == "trait"
            else named(HOME, p["home"])
        )
        out += [
            lang._(
                "%(seat)s - %(race)s (%(trait_word)s: %(trait)s)",
                seat=seat,
                race=race.title,
                trait_word=thing("trait", lang),
                trait=trait,
            ),
            lang._("  home planet (black die): %(home)s", home=home),
            lang._(
                "  planets (white dice): %(planets)s",
                planets=", ".join(named(NEUTRAL, x["face"]) for x in p["planets"]) or none,
            ),
            lang._(
                "  weapons (red dice): %(weapons)s",
                weapons=", ".join(named(WEAPON, w) for w in p["weapons"]) or none,
            ),
        ]
        if state["options"].get("technology"):
            tech = named(TECHNOLOGY, p["tech"]) if p["tech"] else none
            out.append(lang._("  technology (blue die): %(tech)s", tech=tech))
        out.append(
            lang._(
                "  planets: %(planets)s; resources %(resources)s, influence %(influence)s, "
                "Total Power in attack %(attack)s / in defence %(defence)s",
                planets=E.planet_count(p),
                resources=E.resources(p, politics),
                influence=E.influence(p, politics),
                attack=E.attack_power(p),
                defence=E.defence_power(p),
            )
        )
    return "\n".join(out)
