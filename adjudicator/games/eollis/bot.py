"""A bot that plays Eollis's aims: gold turned into fame, posts that pay, risks weighed.

It reads only what its clan may see (``Eollis.view``) and answers with legal order text. It
decides by the cards' numbers and the table's positions, never by names (so renaming the cards
or the clans never changes what it does).
"""

from __future__ import annotations

import random
from typing import Any

from adjudicator.games.base import OrderRequest, State
from adjudicator.games.eollis.cards import effect_name, effect_value
from adjudicator.games.eollis.orders import POSTS, slug

PAYING_POSTS = ["second", "cuisinier", "harponneur", "alti-maitre", "vigie", "bosco", "armurier", "pretre"]


def play(state: State, request: OrderRequest, rng: random.Random) -> str:
    from adjudicator.games.eollis.rules import Eollis

    view = Eollis().view(state, request.seat)
    seat = request.seat
    me = view["clans"][seat]
    hand = view["you"]["hand"]
    cards = view["cards"]
    pirates = [u for u in me["pirates"] if u in view["pirates"]]
    lines: list[str] = []

    def nm(uid: str) -> str:
        return slug(cards[uid]["name"])

    def aboard(s: str) -> list[str]:
        return [u for u in view["clans"][s]["pirates"] if view["pirates"][u]["post"] in POSTS]

    def hand_with(*effects: str, kind: str = "exploit") -> list[dict[str, Any]]:
        return [c for c in hand if c["kind"] == kind and effect_name(c.get("effect", "")) in effects]

    leader = max(
        (s for s in view["seats"] if s != seat),
        key=lambda s: (view["clans"][s]["fame"], -view["seats"].index(s)),
    )
    kind = request.kind
    if kind == "muster":
        lines.append(f"recruit {rng.choice(['navigation', 'combat', 'bagou', 'total', 'total'])}")
        for c in hand:
            if c["kind"] == "bagarre" and len(hand) > 3 and rng.random() < 0.3:
                lines.append(f"discard {slug(c['name'])}")
                break
    elif kind == "election":
        market = view.get("market") or []
        if market:
            by = rng.choice(["navigation", "combat", "bagou", "total", "total"])

            def worth(u: str) -> int:
                c = cards[u]
                return sum(c[s] for s in ("navigation", "combat", "bagou")) if by == "total" else int(c[by])

            pick = max(market, key=lambda u: (worth(u), -market.index(u)))
            lines.append(f"recruit {nm(pick)}, {by}")
        if pirates:
            best = max(pirates, key=lambda u: (cards[u]["bagou"], -pirates.index(u)))
            lines.append(f"candidate {nm(best)}")
            powered = [u for u in pirates if effect_name(cards[u]["power"]) == "election-bonus"]
            if powered and rng.random() < 0.7:
                lines.append(f"power {nm(powered[0])}")
        bonus = hand_with("bonus")
        if bonus and rng.random() < 0.4:
            lines.append(f"play {slug(bonus[0]['name'])}")
        wishes = PAYING_POSTS[:]
        rng.shuffle(wishes)
        lines.append("posts " + ", ".join(["second", *[w for w in wishes if w != "second"]][:5]))
        lines.append(
            f"gift {'next' if rng.random() < 0.7 else rng.choice([s for s in view['seats'] if s != seat])}"
        )
        if rng.random() < 0.6:
            lines.append(f"lookout refuse above {rng.choice([9, 10])}")
        if rng.random() < 0.6:
            lines.append(
                f"plan return at balloon {rng.choice([5, 6, 7])} or after {rng.randint(3, 5)} events"
            )
        if pirates:
            weakest = min(
                pirates,
                key=lambda u: (sum(cards[u][s] for s in ("navigation", "combat", "bagou")), pirates.index(u)),
            )
            lines.append(f"sacrifice {nm(weakest)}")
        rivals = [u for u in view["clans"][leader]["pirates"] if u in view["pirates"]]
        if rivals:
            lines.append("condemn " + ", ".join(nm(u) for u in rivals[:2]))
    elif kind == "lookout":
        ev = view["you"]["lookout"]
        if ev is None:
            return "reveal"
        mine = max((cards[u][ev["skill"]] for u in aboard(seat)), default=0)
        expected = mine + 3.5 + crew(view, ev["skill"])
        lines.append("reveal" if expected + 1 >= ev["threshold"] or rng.random() < 0.2 else "refuse")
    elif kind == "test":
        mine = aboard(seat)
        ev = state["cards"][state["event"]["uid"]] if state.get("event") else None
        if ev and mine and not ev["special"]:
            best = max(mine, key=lambda u: (cards[u][ev["skill"]], -mine.index(u)))
            lines.append(f"test {nm(best)}")
            need = ev["threshold"] - cards[best][ev["skill"]] - crew(view, ev["skill"])
            if need > 4:
                bonus = hand_with("bonus", "reroll")
                if bonus:
                    lines.append(f"play {slug(bonus[0]['name'])}")
        if ev and mine:
            powers = [
                u
                for u in mine
                if not view["pirates"][u]["used"]
                and effect_name(cards[u]["power"]) in ("test-bonus", "reroll")
            ]
            if powers and rng.random() < 0.5:
                lines.append(f"power {nm(powers[0])}")
        if leader != seat and rng.random() < 0.5:
            spite = [c for c in hand if c["kind"] == "bagarre" or effect_name(c.get("effect", "")) == "malus"]
            if spite and len(hand) > 2:
                lines.append(f"hinder {leader} with {slug(spite[0]['name'])}")
        repairs = hand_with("repair")
        if repairs and state["ship"]["balloon"] >= 5 and not any(x.startswith("play") for x in lines):
            lines.append(f"repair with {slug(repairs[0]['name'])}")
    elif kind == "decision":
        captain = next(
            (view["pirates"][u]["owner"] for p, u in view["ship"]["posts"].items() if p == "capitaine" and u),
            None,
        )
        if captain == seat:
            risky = view["ship"]["balloon"] + 3 > 8
            go_on = not risky and view["events_played"] < 3 + rng.randint(0, 2)
            lines.append("continue" if go_on else "return")
        elif aboard(seat) and rng.random() < 0.08:
            lead = max(aboard(seat), key=lambda u: (cards[u]["combat"], -aboard(seat).index(u)))
            lines.append(f"mutiny if {rng.choice(['continue', 'return'])} with {nm(lead)}")
        else:
            lines.append("no mutiny")
            lines.append(f"side {'captain' if rng.random() < 0.7 else 'mutineer'}")
    elif kind == "tavern":
        exploit_heavy = [
            c for c in hand if c["kind"] == "exploit" and effect_name(c["effect"]) in ("repair", "accident")
        ]
        if exploit_heavy and rng.random() < 0.5:
            lines.append(f"discard {slug(exploit_heavy[0]['name'])}")
    elif kind == "brawl":
        brawlers = [c for c in hand if c["kind"] == "bagarre"]
        order = sorted(brawlers, key=lambda c: _brawl_rank(c["effect"]))
        for c in order[:2]:
            target = "self" if effect_name(c["effect"]) in ("dig", "safe") else leader
            lines.append(f"brawl {slug(c['name'])} on {target}")
    return "\n".join(lines) or "pass"


def crew(view: State, skill: str) -> int:
    from adjudicator.games.eollis.cards import CREW_BONUS

    return sum(v for post, v in CREW_BONUS[skill].items() if view["ship"]["posts"].get(post))


def _brawl_rank(effect: str) -> int:
    order = ["steal", "dig", "humiliate", "challenge", "assassinate", "debauch", "safe"]
    return (
        order.index(effect_name(effect))
        if effect_name(effect) in order
        else len(order) + effect_value(effect)
    )
