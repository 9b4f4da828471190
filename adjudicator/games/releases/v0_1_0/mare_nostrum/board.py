"""The board as text: nations, provinces, sea zones, sieges and bands, for every text report."""

from __future__ import annotations

import random
from typing import Any

from .battle import ELEMENTS, SACRED_GUARD
from .map import map_of

State = dict[str, Any]


def _unit_label(unit: dict[str, Any], state: State) -> str:
    text = f"{unit['nation']} {unit['id']}"
    marks = []
    if unit["kind"] == "army":
        if unit["at"] and unit["at"] == state["nations"][unit["nation"]]["home"]:
            marks.append("guard")
        if unit.get("engineer"):
            marks.append("engineer")
        if unit.get("priest"):
            marks.append("priest")
        if unit.get("mercenaries"):
            marks.append(f"{unit['mercenaries']} merc")
        if unit.get("exhausted"):
            marks.append("exhausted " + ("I" if unit["exhausted"] == 1 else "II"))
    elif unit.get("carrying"):
        marks.append(f"carrying {unit['carrying'].split(':')[1]}")
    return text + (f" ({', '.join(marks)})" if marks else "")


def board_text(state: State) -> str:
    game_map = map_of(state)
    lines = [f"{game_map.name} - turn {state['turn']}", ""]
    lines.append(
        f"{'Nation':<26}{'Treasury':>9}{'Income':>8}  {'Home':<14}{'Prov':>5}{'Armies':>7}{'Fleets':>7}"
        f"{'Merc':>5}"
    )
    at: dict[str, list[str]] = {}
    counts: dict[str, list[int]] = {s: [0, 0] for s in state["nations"]}
    for unit in sorted(state["units"].values(), key=lambda u: (u["nation"], u["id"][0], int(u["id"][1:]))):
        counts[unit["nation"]][0 if unit["kind"] == "army" else 1] += 1
        if unit["at"]:
            at.setdefault(unit["at"], []).append(_unit_label(unit, state))
    for seat in state["seats"]:
        n = state["nations"][seat]
        provinces = sum(1 for rec in state["provinces"].values() if rec["owner"] == seat)
        status = "" if n["alive"] else "  (eliminated)"
        lines.append(
            f"{n['name'] + ' (' + seat + ')':<26.26}{n['treasury']:>9}{n.get('income', 0):>8}  "
            f"{n['home']:<14}{provinces:>5}{counts[seat][0]:>7}{counts[seat][1]:>7}"
            f"{n['mercenaries']:>5}{status}"
        )
    lines += ["", "Provinces (owner, D demography, M market; * fortress, P port, R arsenal):"]
    brigands = {b["at"] for b in state["bands"] if b["kind"] == "brigands"}
    pirates = {b["at"] for b in state["bands"] if b["kind"] == "pirates"}
    for name, prov in game_map.provinces.items():
        rec = state["provinces"][name]
        flags = ("*" if prov.fortress else "-") + ("P" if prov.port else "-") + ("R" if prov.arsenal else "-")
        notes = []
        if rec["siege"]:
            s = rec["siege"]
            notes.append(f"BESIEGED by {s['army'].replace(':', ' ')} ({s['turns']} turns)")
        if name in brigands:
            notes.append("brigands")
        if rec.get("pillaged"):
            notes.append("pillaged")
        if rec.get("routes_cut"):
            notes.append("routes cut")
        if rec.get("blockade"):
            notes.append("blockaded")
        units = "; ".join(at.get(name, []))
        extra = " | ".join(x for x in (units, ", ".join(notes)) if x)
        owner = rec["owner"] or "-"
        lines.append(
            f"  {name:<14} {owner:<9} {flags} D{prov.demography:<3}M{prov.market:<3} {extra}".rstrip()
        )
    lines += ["", "Sea zones:"]
    for name in game_map.seas:
        units = at.get(name, [])
        notes = (["pirates"] if name in pirates else []) + (["closed to caravans"] if units else [])
        extra = " | ".join(x for x in ("; ".join(units), ", ".join(notes)) if x)
        if extra:
            lines.append(f"  {name:<16} {extra}")
    if state.get("pending"):
        lines += ["", "Battles waiting for the referee's results:"]
        lines += [
            f"  {b['kind']} battle of {b['place']}: {', '.join(b['order'])}"
            for b in state["pending"]["battles"]
        ]
    return "\n".join(lines) + "\n"


def battles_prompt(state: State) -> str:
    """What the referee is asked when battles are fought at the table (``battles=table``)."""
    pending = state["pending"]
    lines = [
        "Fight these battles at the table (DBA 3.0 on land, War Galley at sea) and enter one line per "
        "battle: 'battle <place>: <nation> wins' (optionally ', lost nation:A2' for the winner's units "
        "destroyed along "
        "the way and ', priest nation:A1' for each war priest used), or 'battle <place>: dice'. "
        "A battle with no result is resolved by the built-in dice.",
    ]
    for b in pending["battles"]:
        lines.append(f"- {b['kind']} battle of {b['place']}, in this order: {' then '.join(b['order'])}")
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
