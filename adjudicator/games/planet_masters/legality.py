"""Orders against the table: players that exist, phases and options in play, answers that fit."""

from __future__ import annotations

import difflib
from typing import Any

from adjudicator.games.base import Problem
from adjudicator.games.planet_masters.orders import Orders, Step
from adjudicator.games.planet_masters.turn import (
    CEASEFIRE,
    COUNCIL_CENSURE,
    FLEET_REGULATIONS,
    PLANETARY_CONSCRIPTION,
)

State = dict[str, Any]


def _seat_problem(state: State, seat: str, name: str, line: int, *, other: bool = True) -> Problem | None:
    if name not in state["players"]:
        close = difflib.get_close_matches(name, list(state["players"]), n=1)
        hint = f"did you mean {close[0]!r}?" if close else "players: " + ", ".join(state["order"])
        return Problem(line, "illegal", f"no player named {name[:30]!r}", hint)
    if other and name == seat:
        return Problem(line, "illegal", "you cannot target yourself", "name another player")
    return None


def check_orders(state: State, seat: str, kind: str, orders: Orders) -> list[Problem]:
    problems: list[Problem] = []
    options = state["options"]
    politics = state.get("politics") if options.get("politics") else None
    if kind != "turn":
        return problems
    if seat != state.get("active") or state.get("pending"):
        return [Problem(None, "illegal", f"it is not {seat}'s turn", "wait for your turn")]
    steps: list[Step] = [*orders.construction, *orders.management, *orders.conquest]
    for step in steps:
        for condition in step.conditions:
            if condition.subject == "power" and not (condition.value.isascii() and condition.value.isdigit()):
                found = _seat_problem(state, seat, condition.value, step.line)
                if found:
                    problems.append(found)
            if condition.subject == "tech" and not options.get("technology"):
                problems.append(Problem(step.line, "illegal", "the Technology option is not in play"))
        if step.verb in ("attack", "vote", "deflect"):
            found = _seat_problem(state, seat, step.arg, step.line)
            if found:
                problems.append(found)
    if orders.construction and politics == FLEET_REGULATIONS:
        problems.append(
            Problem(
                orders.construction[0].line, "illegal", "Fleet Regulations: there is no Construction phase"
            )
        )
    if orders.management and politics == PLANETARY_CONSCRIPTION:
        problems.append(
            Problem(
                orders.management[0].line, "illegal", "Planetary Conscription: there is no Management phase"
            )
        )
    rolled = False
    for step in orders.construction:
        if step.verb in ("build",) or (step.verb == "rebuild" and step.arg not in ("", "tech")):
            rolled = True
        if step.verb == "rebuild" and not step.arg and not rolled:
            problems.append(
                Problem(
                    step.line,
                    "illegal",
                    "'rebuild' alone rerolls the weapon last built or rebuilt, and none is before it",
                    "write 'build' first, or name the weapon: 'rebuild cruiser'",
                )
            )
        if (step.verb == "tech" or step.arg == "tech") and not options.get("technology"):
            problems.append(Problem(step.line, "illegal", "the Technology option is not in play"))
    for step in orders.conquest:
        if step.verb == "attack" and politics == CEASEFIRE:
            problems.append(Problem(step.line, "illegal", "Ceasefire: there is no Conquest", "vote instead"))
        if step.verb == "vote" and politics == COUNCIL_CENSURE:
            problems.append(
                Problem(step.line, "illegal", "Council Censure: there is no Vote", "attack instead")
            )
        if step.verb == "politics" and not options.get("politics"):
            problems.append(Problem(step.line, "illegal", "the Politics option is not in play"))
        if step.verb == "deflect" and not options.get("technology"):
            problems.append(Problem(step.line, "illegal", "the Technology option is not in play"))
    if orders.rewards and not any(s.verb == "attack" for s in orders.conquest):
        problems.append(
            Problem(orders.rewards[0].line, "illegal", "'on win' without an attack", "add 'attack <player>'")
        )
    return problems
