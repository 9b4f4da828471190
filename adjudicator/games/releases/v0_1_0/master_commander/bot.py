"""A random but purposeful player: explores toward the seven seas, buys gold, recruits, raids now and then.

Every answer is checked with the ruleset's own ``check``; lines it refuses are dropped, so the bot
always sends orders that parse and check clean.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from adjudicator.games.releases.v0_1_0.base import OrderRequest, State
from adjudicator.games.releases.v0_1_0.master_commander.battle import STAT, side_of
from adjudicator.games.releases.v0_1_0.master_commander.icroe import MAX_TRANSACTION, buying_cost
from adjudicator.games.releases.v0_1_0.master_commander.phases import EXPLORATION_THRESHOLD
from adjudicator.games.releases.v0_1_0.master_commander.table import Table

if TYPE_CHECKING:
    from adjudicator.games.releases.v0_1_0.master_commander.rules import MasterCommander


def play(ruleset: MasterCommander, state: State, request: OrderRequest, rng: random.Random) -> str:
    table = Table(state, dry=True)
    makers = {
        "turn": _turn,
        "mulligan": lambda t, s, r: ["keep"],
        "bid": _bid,
        "vote": _vote,
        "defend": _defend,
        "ally": _ally,
        "manoeuvre": _manoeuvre,
        "duel": _duel,
        "ransom": _pay,
        "offer": _offer,
        "choice": lambda t, s, r: [],
    }
    lines = makers.get(request.kind, lambda t, s, r: [])(table, request.seat, rng)
    return _clean(ruleset, state, request, lines)


def _clean(ruleset: MasterCommander, state: State, request: OrderRequest, lines: list[str]) -> str:
    """Drop every line the ruleset refuses, until the rest checks clean (else the default)."""
    for _ in range(6):
        text = "\n".join(lines) + "\n"
        parsed = ruleset.parse(request, text)
        problems = parsed.problems + (ruleset.check(state, request, parsed.orders) if parsed.ok else [])
        if not problems:
            return text if lines else request.default
        bad = {p.line for p in problems}
        if None in bad:
            break
        lines = [line for i, line in enumerate(lines, start=1) if i not in bad]
    return request.default


def _ready(table: Table, seat: str, stat: str | None = None) -> list[str]:
    return [
        u
        for u in table.player(seat)["characters"]
        if not table.inst(u)["tapped"] and (stat is None or table.value(u, stat) >= 1)
    ]


def _refs(uids: list[str]) -> str:
    return ", ".join(f"#{u}" for u in uids)


def _turn(table: Table, seat: str, rng: random.Random) -> list[str]:
    p = table.player(seat)
    lines: list[str] = []
    budget = p["doublons"]
    hand = list(p["hand"])
    kind = {u: table.card(u).get("kind") for u in hand}
    # I. preparation: attachments, actions, an event
    for uid in hand:
        card = table.card(uid)
        if kind[uid] in ("item", "support") and card["cost"] <= budget - 2 and rng.random() < 0.7:
            places = (
                table.places(seat)
                if card.get("targets") in ("place", "any") and kind[uid] == "support"
                else []
            )
            chars = (
                p["characters"] if kind[uid] == "item" or card.get("targets") in ("character", "any") else []
            )
            pool = [u for u in [*chars, *places] if len(table.inst(u)["attached"]) < table.command(u)]
            if pool:
                lines.append(f"attach #{uid} to #{rng.choice(pool)}")
                budget -= card["cost"]
        elif kind[uid] == "action" and not card.get("effect", {}).get("untap"):
            lines.append(f"play #{uid}")
    events = [u for u in hand if kind[u] == "event"]
    if events and not p["event"]:
        lines.append(f"event #{rng.choice(events)}")
    # II. raid interval: explore toward the seven seas, or raid
    ready = _ready(table, seat)
    strong = sorted(ready, key=lambda u: -table.value(u, "conquest"))
    team: list[str] = []
    for u in strong:
        if sum(table.value(x, "conquest") for x in team) > EXPLORATION_THRESHOLD:
            break
        team.append(u)
    opponents = [s for s in table.order if s != seat]
    explored = False
    if sum(table.value(x, "conquest") for x in team) > EXPLORATION_THRESHOLD and rng.random() < 0.8:
        piles = [s for s in table.order if table.player(s)["exploration"]]
        if piles:
            pile = seat if seat in piles and rng.random() < 0.6 else rng.choice(piles)
            lines.append(f"explore with {_refs(team)} from {pile}")
            explored = True
            ready = [u for u in ready if u not in team]
    raiders = [u for u in ready if table.value(u, "conquest") >= 1]
    if not explored and raiders and rng.random() < 0.4:
        target_seat = rng.choice(opponents)
        target = rng.choice(table.places(target_seat))
        allies = [s for s in opponents if s != target_seat]
        ask = f" allies {rng.choice(allies)}" if allies and rng.random() < 0.3 else ""
        lines.append(f"raid #{target} with {_refs(raiders)}{ask}")
        ready = [u for u in ready if u not in raiders]
    diplomats = [u for u in ready if table.value(u, "diplomacy") >= 1]
    agreements = [u for u in hand if kind[u] == "agreement"]
    theirs = [u for s in opponents for u in table.player(s)["agreements"]]
    if agreements and diplomats and rng.random() < 0.7:
        lines.append(f"agreement #{agreements[0]} by #{diplomats[0]}")
    elif theirs and diplomats and rng.random() < 0.4:
        lines.append(f"refute #{rng.choice(theirs)} with {_refs(diplomats)}")
    # 5. trade: buy gold when the crew is big enough, ransom a captive
    if p["captured"]:
        lines.append(f"ransom #{p['captured'][0]}")
    stock = table.state["company_gold"]
    if len(p["characters"]) >= 3 or budget > 10:
        n = max(
            (n for n in range(MAX_TRANSACTION + 1) if n <= stock and buying_cost(stock, n) <= budget),
            default=0,
        )
        if n:
            lines.append(f"buy {n} gold")
            budget -= buying_cost(stock, n)
    elif p["gold"] and rng.random() < 0.2:
        lines.append("sell 1 gold")
    # 6. recruitment
    for uid in p["tavern"]:
        card = table.card(uid)
        if card["cost"] > budget:
            continue
        if card.get("named") and table.named_in_play(card["name"]):
            if rng.random() < 0.3:
                lines.append(f"rally #{uid}")
                budget -= card["cost"]
            continue
        lines.append(f"recruit #{uid}")
        budget -= card["cost"]
    if len(p["characters"]) < 2 and p["gold"] and rng.random() < 0.3:
        lines.append("enlist")
    return lines


def _bid(table: Table, seat: str, rng: random.Random) -> list[str]:
    return [f"bid {rng.randint(0, min(4, table.player(seat)['doublons']))}"]


def _vote(table: Table, seat: str, rng: random.Random) -> list[str]:
    chars = table.player(seat)["characters"]
    pending = table.state["pending"]
    reactions = [u for u in table.player(seat)["hand"] if table.card(u).get("kind") == "reaction"]
    if seat == pending["seat"]:
        side, lines = "for", [f"for {_refs(chars)}"]
    else:
        roll = rng.random()
        if roll < 0.5:
            side, lines = "against", [f"against {_refs(chars)}"]
        elif roll < 0.7 and len(chars) > 1:
            side, lines = "against", [f"for #{chars[0]}", f"against {_refs(chars[1:])}"]
        else:
            return ["abstain"]
    if reactions and rng.random() < 0.5:
        lines.append(f"play #{reactions[0]} {side}")
    return lines


def _defend(table: Table, seat: str, rng: random.Random) -> list[str]:
    battle = table.state["battle"]
    ready = _ready(table, seat, STAT[battle["type"]])
    lines = [f"oppose with {_refs(ready)}"] if ready and rng.random() < 0.9 else ["no opposition"]
    others = [s for s in table.order if s not in (battle["attacker"], seat)]
    if others and rng.random() < 0.3:
        lines.append(f"ask {rng.choice(others)}")
    if battle["type"] == "tactical":
        lines.append("capture best")
    return lines


def _ally(table: Table, seat: str, rng: random.Random) -> list[str]:
    ready = _ready(table, seat, STAT[table.state["battle"]["type"]])
    if ready and rng.random() < 0.5:
        return [f"send #{rng.choice(ready)}"]
    return ["decline"]


def _manoeuvre(table: Table, seat: str, rng: random.Random) -> list[str]:
    battle = table.state["battle"]
    if rng.random() < 0.4:
        return ["pass"]
    side = side_of(battle, seat)
    other = "defender" if side == "attacker" else "attacker"
    for uid in table.player(seat)["hand"]:
        card = table.card(uid)
        if card.get("kind") != "manoeuvre" or card["battle"] != battle["type"]:
            continue
        effect = card.get("effect", {})
        if effect.get("challenge"):
            mine = [
                u
                for u in battle["fleet"][side or "attacker"]
                if table.controller(u) == seat
                and not table.inst(u)["tapped"]
                and table.value(u, "combat") >= 1
            ]
            if mine and battle["fleet"][other]:
                return [f"play #{uid} challenge #{rng.choice(battle['fleet'][other])} with #{mine[0]}"]
            continue
        if effect.get("tap"):
            pool = [u for u in battle["fleet"][other] if not table.inst(u)["tapped"]]
            if pool:
                return [f"play #{uid} on #{rng.choice(pool)}"]
            continue
        return [f"play #{uid}"]
    return ["pass"]


def _duel(table: Table, seat: str, rng: random.Random) -> list[str]:
    duel = table.state["battle"]["duel"]
    lines: list[str] = []
    if not duel["answered"]:
        if rng.random() < 0.3:
            return ["refuse"]
        lines.append("accept")
    hand = table.player(seat)["hand"]
    if hand and len(duel["played"][seat]) < 2 and rng.random() < 0.6:
        best = max(hand, key=lambda u: int(table.card(u).get("duel", 0)))
        lines.append(f"play #{best}")
    else:
        lines.append("stop")
    return lines


def _pay(table: Table, seat: str, rng: random.Random) -> list[str]:
    uid = table.state["pending"]["captive"]
    return ["pay"] if table.player(seat)["doublons"] >= int(table.card(uid)["ransom"]) else ["refuse"]


def _offer(table: Table, seat: str, rng: random.Random) -> list[str]:
    uid: Any = table.state["pending"]["captive"]
    price = int(table.card(uid)["ransom"])
    held = table.player(seat)["doublons"]
    if table.owner(uid) == seat and held >= price:
        return [f"offer {price}"]
    if held >= price + 1 and rng.random() < 0.25:
        return [f"offer {price + 1} {rng.choice(['keep', 'return'])}"]
    return ["no offer"]
