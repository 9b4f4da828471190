"""A bot that plays to win: planets first, every planet turned to Influence or Resource, strike the leader.

It writes its whole turn in advance like a player by email, with conditions on the dice.
"""

from __future__ import annotations

import random
from typing import Any

from adjudicator.games.base import OrderRequest
from adjudicator.games.planet_masters import empire as E
from adjudicator.games.planet_masters.tables import VICTORY_FACES, WEAPON
from adjudicator.games.planet_masters.turn import (
    CEASEFIRE,
    COUNCIL_CENSURE,
    FLEET_REGULATIONS,
    PLANETARY_CONSCRIPTION,
    immunity_applies,
    leader,
)

State = dict[str, Any]


def bot_orders(state: State, request: OrderRequest, rng: random.Random) -> str:
    kind = request.key.split(":", 1)[0]
    if kind == "vote":
        return vote_ballot(state, request.seat)
    if kind == "immunity":
        return immunity_answer(state)
    return "\n".join(turn_orders(state, request.seat, rng)) + "\n"


def vote_ballot(state: State, seat: str) -> str:
    """For, unless the vote is on me; against a vote that would help the strongest player."""
    pending = state["pending"]
    if pending["target"] == seat:
        return "against\n"
    players = state["players"]
    proposer, target = players[pending["proposer"]], players[pending["target"]]
    if E.planet_count(proposer) > E.planet_count(target) and E.planet_count(proposer) >= E.planet_count(
        players[seat]
    ):
        return "against\n"
    return "for\n"


def immunity_answer(state: State) -> str:
    """Cancel an attack that would win; let a hopeless one break on the defence."""
    pending = state["pending"]
    players = state["players"]
    storm = bool(pending["storm"])
    attack = E.attack_power(players[pending["attacker"]], storm)
    guard = E.defence_power(players[pending["defender"]], storm) + (2 if pending["nebula"] else 0)
    return "cancel\n" if attack > guard else "allow\n"


def turn_orders(state: State, seat: str, rng: random.Random) -> list[str]:
    options = state["options"]
    politics = state.get("politics") if options.get("politics") else None
    me = state["players"][seat]
    n = len(state["order"])
    lines: list[str] = []
    # 1. Construction
    if politics != FLEET_REGULATIONS:
        budget = E.resources(me, politics)
        if options.get("technology") and not me["tech_taken"] and budget >= 3:
            lines.append("tech")
            budget -= 2
        elif (
            options.get("technology")
            and me["tech"] not in (None, E.TERRAFORMING, E.ASSAULT_CANNON)
            and budget >= 4
        ):
            lines.append("rebuild tech")
            budget -= 2
        slots = E.planet_count(me) - len(me["weapons"])
        builds = min(slots, budget)
        lines += ["build"] * builds
        if builds:
            lines.append("if weapon is transporter rebuild")
        # spare resources reroll the weakest weapons: each roll may be a Transporter (a planet)
        # an empty galaxy: planets are only taken by force, so reroll what does not attack
        fishing = (4, 1, 6, 5, 2) if state["galaxy"] else (4, 6, 5, 1)
        if state["galaxy"] and not me["planets"]:
            fishing += (3,)
        holders = [p for s, p in state["players"].items() if s != seat and p["planets"]]
        if not state["galaxy"] and holders and E.attack_power(me) <= min(map(E.defence_power, holders)):
            fishing += (2,)
        for face in fishing:
            lines += [f"rebuild {WEAPON[face]}"] * me["weapons"].count(face)
    # 2. Management
    if politics != PLANETARY_CONSCRIPTION:
        close = E.planet_count(me) >= n or rng.random() < 0.4
        if E.home_face(me) not in VICTORY_FACES and (E.home_face(me) != "infantry" or close):
            lines.append("reroll home")
        lines.append("reroll all exhausted")
        shielded = [
            s
            for s in state["order"]
            if s != seat and state["players"][s]["planets"] and immunity_applies(state, seat, s)
        ]
        if (
            shielded
            and E.resource_dice(me, politics) >= 2
            and any(p["face"] in (2, 3, 4) for p in me["planets"])
        ):
            lines.append("reroll resource")  # Immunity shields their planets: seek Influence
        if E.resource_dice(me, politics) == 0:  # no growth without a Resource: gamble the Influence
            gamble = "reroll all influence" if me["planets"] else "reroll home"
            if gamble not in lines:
                lines.append(gamble)
        if close:
            lines.append("reroll all infantry")
    # 3. Conquest or Vote
    others = [s for s in state["order"] if s != seat]
    players = state["players"]
    others.sort(
        key=lambda s: (-E.planet_count(players[s]), -len(players[s]["planets"]), state["order"].index(s))
    )
    if politics != CEASEFIRE:
        for target in others[:3]:
            if immunity_applies(state, seat, target):
                continue
            if not players[target]["planets"] and not players[target]["weapons"]:
                continue
            lines.append(f"if power > {target} attack {target}")
        if any(line.startswith("if power") for line in lines):
            lines.append("on win invade")
            lines.append("on win destroy")
    top = leader(state, seat)
    if me["tech"] == E.SONIC_DEFLECTOR and top and E.planet_count(players[top]) >= n:
        lines.append(f"deflect {top}")
    if options.get("politics") and (politics in (CEASEFIRE, FLEET_REGULATIONS) or rng.random() < 0.15):
        lines.append("politics")
    if politics != COUNCIL_CENSURE and top and players[top]["weapons"]:
        lines.append(f"vote {top}")
    if options.get("politics") and politics == COUNCIL_CENSURE:
        lines.append("politics")
    return lines
