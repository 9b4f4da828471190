"""The board as text: nations, provinces, sea zones, sieges and bands, for every text report,
in the reader's language (the same facts; the words from the catalogue, the years as
:mod:`.speech` says them)."""

from __future__ import annotations

import random
from typing import Any

from adjudicator.games.language import ENGLISH, N_, Language

from .battle import ELEMENTS, SACRED_GUARD
from .glossary import GLOSSARY
from .map import map_of
from .speech import small_word, year

State = dict[str, Any]

#: The packaged map's name, said in the reader's language; a club map's name is its own, shown as written.
PACKAGED_MAP_NAME = N_("Mare Nostrum (project map)")


def map_name(name: str, lang: Language = ENGLISH) -> str:
    """The map's name for a reader: the packaged map's in their language, any other as it is written."""
    return lang.gettext(PACKAGED_MAP_NAME) if name == PACKAGED_MAP_NAME else name


def _unit_label(unit: dict[str, Any], state: State, lang: Language = ENGLISH) -> str:
    text = f"{unit['nation']} {unit['id']}"
    marks = []
    if unit["kind"] == "army":
        if unit["at"] and unit["at"] == state["nations"][unit["nation"]]["home"]:
            marks.append(_term("guard", "guard", lang))
        if unit.get("engineer"):
            marks.append(_term("engineer", "engineer", lang))
        if unit.get("priest"):
            marks.append(_term("priest", "priest", lang))
        if unit.get("mercenaries"):
            marks.append(f"{unit['mercenaries']} {_term('merc', 'mercenaries', lang, unit['mercenaries'])}")
        if unit.get("exhausted"):
            level = "I" if unit["exhausted"] == 1 else "II"
            marks.append(f"{_term('exhausted', 'exhausted', lang)} {level}")
    elif unit.get("carrying"):
        marks.append(lang._("carrying %(unit)s", unit=unit["carrying"].split(":")[1]))
    return text + (f" ({', '.join(marks)})" if marks else "")


def _term(english: str, key: str, lang: Language, n: int = 1, capital: bool = False) -> str:
    """``english`` as the board has always written it, or the glossary's word for ``key`` in ``lang``."""
    if lang.code == ENGLISH.code:
        return english
    said = GLOSSARY.word(key, lang, n)
    return said[:1].upper() + said[1:] if capital else said


def year_label(state: State, turn: int | None = None) -> str:
    """The year of a turn (the state's own turn by default): ``218 BC``, ``217 BC``, ... ``AD 1``."""
    year = map_of(state).start_year - ((state["turn"] if turn is None else turn) - 1)
    return f"{year} BC" if year > 0 else f"AD {1 - year}"


def board_title(state: State, lang: Language = ENGLISH) -> str:
    """The board's title: the year it shows, and the year just played when the state has moved on."""
    turn = state["turn"]
    if state.get("pending"):
        shown = year(year_label(state), lang)
        return lang._("%(year)s (turn %(turn)s): the position before the battles", year=shown, turn=turn)
    if turn == 1:
        return lang._("%(year)s (turn 1): the starting position", year=year(year_label(state), lang))
    shown = year(year_label(state, turn - 1), lang)
    return lang._("%(year)s (turn %(turn)s): the position after the turn", year=shown, turn=turn - 1)


def board_caption(state: State) -> tuple[str, str]:
    """The picture's title in two parts: the year (large) and what the board shows of it."""
    turn = state["turn"]
    if state.get("pending"):
        return year_label(state), f"turn {turn}, before the battles"
    if turn == 1:
        return year_label(state), "turn 1, the starting position"
    return year_label(state, turn - 1), f"turn {turn - 1}, after the turn"


def board_text(state: State, lang: Language = ENGLISH) -> str:
    _ = lang.gettext
    game_map = map_of(state)
    lines = [board_title(state, lang), lang._("Map: %(name)s", name=map_name(game_map.name, lang)), ""]
    nation, treasury = _term("Nation", "nation", lang, 1, True), _term("Treasury", "treasury", lang, 1, True)
    income, home, prov, merc = _term("Income", "income", lang, 1, True), _("Home"), _("Prov"), _("Merc")
    nation, treasury, income = nation[:25], treasury[:8], income[:7]
    armies, fleets = _term("Armies", "army", lang, 2, True), _term("Fleets", "fleet", lang, 2, True)
    # each count's column as wide as the English one, or as its heading and a space
    wa, wf = max(7, len(armies) + 1), max(7, len(fleets) + 1)
    lines.append(
        f"{nation:<26}{treasury:>9}{income:>8}  {home:<14}{prov:>5}{armies:>{wa}}{fleets:>{wf}}{merc:>5}"
    )
    at: dict[str, list[str]] = {}
    counts: dict[str, list[int]] = {s: [0, 0] for s in state["nations"]}
    for unit in sorted(state["units"].values(), key=lambda u: (u["nation"], u["id"][0], int(u["id"][1:]))):
        counts[unit["nation"]][0 if unit["kind"] == "army" else 1] += 1
        if unit["at"]:
            at.setdefault(unit["at"], []).append(_unit_label(unit, state, lang))
    owned: dict[str, int] = {}  # provinces per owner, counted in one pass
    for rec in state["provinces"].values():
        owned[rec["owner"]] = owned.get(rec["owner"], 0) + 1
    for seat in state["seats"]:
        n = state["nations"][seat]
        provinces = owned.get(seat, 0)
        status = "" if n["alive"] else "  " + _("(eliminated)")
        lines.append(
            f"{n['name'] + ' (' + seat + ')':<26.26}{n['treasury']:>9}{n.get('income', 0):>8}  "
            f"{n['home']:<14}{provinces:>5}{counts[seat][0]:>{wa}}{counts[seat][1]:>{wf}}"
            f"{n['mercenaries']:>5}{status}"
        )
    lines += ["", _("Provinces (owner, D demography, M market; * fortress, P port, R arsenal):")]
    brigands = {b["at"] for b in state["bands"] if b["kind"] == "brigands"}
    pirates = {b["at"] for b in state["bands"] if b["kind"] == "pirates"}
    for name, prov in game_map.provinces.items():
        rec = state["provinces"][name]
        flags = (
            ("*" if prov.fortress else "-")
            + ("P" if prov.port else "-")
            + ("R" if prov.arsenal or rec.get("arsenal") else "-")
        )
        notes = []
        if rec["siege"]:
            s = rec["siege"]
            notes.append(
                lang._("BESIEGED by %(army)s (%(n)s turns)", army=s["army"].replace(":", " "), n=s["turns"])
            )
        if name in brigands:
            notes.append(_term("brigands", "brigands", lang))
        if rec.get("pillaged"):
            notes.append(_("pillaged"))
        if rec.get("routes_cut"):
            notes.append(_("routes cut"))
        if rec.get("blockade"):
            notes.append(_("blockaded"))
        units = "; ".join(at.get(name, []))
        extra = " | ".join(x for x in (units, ", ".join(notes)) if x)
        owner = rec["owner"] or "-"
        lines.append(
            f"  {name:<14} {owner:<9} {flags} D{prov.demography:<3}M{prov.market:<3} {extra}".rstrip()
        )
    lines += ["", _("Sea zones:")]
    for name in game_map.seas:
        units = at.get(name, [])
        notes = [_term("pirates", "pirates", lang)] if name in pirates else []
        notes += [_("closed to caravans")] if units else []
        extra = " | ".join(x for x in ("; ".join(units), ", ".join(notes)) if x)
        if extra:
            lines.append(f"  {name:<16} {extra}")
    if state.get("pending"):
        lines += ["", _("Battles waiting for the referee's results:")]
        lines += [
            "  "
            + lang._(
                "%(kind)s battle of %(place)s: %(order)s",
                kind=small_word(b["kind"], lang),
                place=b["place"],
                order=", ".join(b["order"]),
            )
            for b in state["pending"]["battles"]
        ]
    return "\n".join(lines) + "\n"


def _fleet_name(state: State, key: str) -> str:
    """``carthage:F1`` as the reports name it: "Carthage fleet F1" (a bare ``F1``, kept by a
    game's older turns, as it is)."""
    seat, _, unit = key.rpartition(":")
    nation = state["nations"].get(seat) if seat else None
    return f"{nation['name']} fleet {unit}" if nation else key


def battles_prompt(state: State) -> str:
    """What the referee is asked when battles are fought at the table (``battles=table``)."""
    pending = state["pending"]
    lines = [
        "Fight these battles at the table (DBA 3.0 on land, War Galley at sea) and enter one line per "
        "battle: 'battle <place>: <nation> wins' (optionally ', lost nation:A2' for each unit destroyed "
        "along the way that the result does not already destroy, and ', priest nation:A1' for each war "
        "priest used), or 'battle <place>: dice'. The sides that fight the winner are destroyed; a side "
        "that does not fight it (a truce, or at sea neither engages) is not. "
        "A battle with no result is resolved by the built-in dice.",
    ]
    for b in pending["battles"]:
        lines.append(f"- {b['kind']} battle of {b['place']}, in this order: {' then '.join(b['order'])}")
        if b.get("engage"):
            lines.append(f"    fleets that engage: {', '.join(_fleet_name(state, k) for k in b['engage'])}")
        for x, y in b.get("no_fight", []):
            why = "neither engages" if b["kind"] == "naval" else "truce"
            lines.append(f"    {x} and {y} do not fight each other ({why})")
        for seat in b["order"]:
            shown = []
            for uid in b["sides"].get(seat, []):
                unit = state["units"].get(f"{seat}:{uid}")
                if unit is None:
                    continue
                if unit["kind"] == "army":
                    elements = ELEMENTS + (
                        SACRED_GUARD if b["place"] == state["nations"][seat]["home"] else 0
                    )
                    extra = f"{elements} elements" + (", war priest" if unit.get("priest") else "")
                    if unit.get("mercenaries"):
                        extra += f", {unit['mercenaries']} mercenaries"
                    shown.append(f"{uid} ({extra})")
                else:
                    shown.append(uid)
            lines.append(f"    {seat}: {', '.join(shown)}")
    return "\n".join(lines)


def random_results(state: State, rng: random.Random) -> str:
    """A random table result for each pending battle (for demos and fuzzing)."""
    out = []
    for b in (state.get("pending") or {}).get("battles", []):
        if rng.random() < 0.2:
            out.append(f"battle {b['place']}: dice")
        else:
            out.append(f"battle {b['place']}: {rng.choice(sorted(b['sides']))} wins")
    return "\n".join(out)
