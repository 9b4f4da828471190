"""``check``: an answer's names and cards against the table, with the line each problem is on.

Nothing here changes the state. A line that names a pirate, a card or a clan that is not there,
or a card that cannot do what it is asked, is a problem; the good lines are kept.
"""

from __future__ import annotations

import difflib
from typing import Any

from adjudicator.games.base import HELP_HINT, Problem, State
from adjudicator.games.eollis.cards import effect_name
from adjudicator.games.eollis.orders import POSTS, slug
from adjudicator.games.eollis.table import Table
from adjudicator.games.language import N_

#: which powers a player uses by an order, in which request (the others act by themselves)
POWER_USES = {"election": ("election-bonus",), "test": ("test-bonus", "reroll")}
POWER_HINT = N_(
    "election-bonus in the election; test-bonus and reroll in a test; survive, gold, brawl-bonus act alone"
)


def _suggest(name: str, options: list[str]) -> str:
    close = difflib.get_close_matches(name, options, n=1)
    return f"did you mean {close[0]}?" if close else ("one of: " + ", ".join(options[:8]) if options else "")


def check(state: State, seat: str, kind: str, orders: list[dict[str, Any]]) -> list[Problem]:
    t = Table(state)
    problems: list[Problem] = []
    cards = state["cards"]
    hand = list(t.clan(seat)["hand"])
    own = list(t.clan(seat)["pirates"])
    all_pirates = [u for u, c in cards.items() if c["kind"] == "pirate"]
    seats = list(state["seats"])
    captain = t.captain_seat()
    used: list[str] = []
    own_exploits = 0
    targets: set[str] = set()

    def bad(o: dict[str, Any], message: str, suggestion: str = "", kind_: str = "illegal") -> None:
        problems.append(Problem(o.get("line"), kind_, message, suggestion))  # type: ignore[arg-type]

    def card(
        o: dict[str, Any], name: str, kinds: tuple[str, ...], effects: tuple[str, ...] = ()
    ) -> str | None:
        free = [u for u in hand if u not in used]
        uid = next(
            (
                u
                for u in free
                if slug(cards[u]["name"]) == name
                and cards[u]["kind"] in kinds
                and (not effects or effect_name(cards[u].get("effect", "")) in effects)
            ),
            None,
        )
        if uid is None:
            names = sorted({slug(cards[u]["name"]) for u in free})
            if any(slug(cards[u]["name"]) == name for u in free):
                bad(o, f"{name} cannot be played this way", HELP_HINT)
            else:
                bad(o, f"no card {name!r} left in your hand", _suggest(name, names))
            return None
        used.append(uid)
        return uid

    def pirate(o: dict[str, Any], name: str, among: list[str], where: str) -> str | None:
        uid = next((u for u in among if slug(cards[u]["name"]) == name), None)
        if uid is None:
            bad(o, f"no pirate {name!r} {where}", _suggest(name, [slug(cards[u]["name"]) for u in among]))
        return uid

    def seat_of(o: dict[str, Any], name: str, allow_self: bool) -> str | None:
        if name == "self" and allow_self:
            return seat
        if name not in seats:
            bad(o, f"no clan {name!r}", _suggest(name, seats))
            return None
        if name == seat and not allow_self:
            bad(o, "name another clan, not your own")
            return None
        return name

    for o in orders:
        v = o["verb"]
        if v in ("order", "sacrifice", "condemn", "recruit"):
            for name in o.get("names", []):
                pirate(o, name, all_pirates, "in the game")
        elif v == "gift":
            if o["seat"] in ("self", seat):
                bad(o, "the Bosco gives the card to another clan, which pays him 1 gold", "gift next")
            elif o["seat"] != "next":
                seat_of(o, o["seat"], False)
        elif v == "discard":
            card(o, o["name"], ("exploit", "bagarre"))
        elif v in ("release", "candidate"):
            pirate(o, o["name"], own, "in your clan")
        elif v == "power":
            uid = pirate(o, o["name"], own, "in your clan")
            if uid and state["pirates"][uid]["used"]:
                bad(o, f"{cards[uid]['name']} has already used its power this Expedition")
            elif uid and kind == "test" and t.post_of(uid) == "hold":
                bad(o, "a pirate in the hold cannot use its power")
            elif uid and effect_name(cards[uid]["power"]) not in POWER_USES.get(kind, ()):
                bad(o, f"{cards[uid]['name']}'s power ({cards[uid]['power']}) is not used here", POWER_HINT)
        elif v == "test":
            special = state["cards"][state["event"]["uid"]]["special"] if state.get("event") else None
            if special:
                bad(o, f"only the {special} (or its stand-in) tests this special Event: its pirate is fixed")
            else:
                pirate(o, o["name"], t.aboard(seat), "of yours aboard (not in the hold)")
        elif v == "play":
            own_exploits += 1
            kinds = ("exploit", "bagarre") if kind == "decision" else ("exploit",)
            effects = (
                ("bonus", "malus")
                if kind == "decision"
                else ("bonus", "reroll")
                if kind == "test"
                else ("bonus",)
            )
            card(o, o["name"], kinds, effects)
        elif v in ("repair", "accident"):
            own_exploits += 1
            card(o, o["card"], ("exploit",), (v,))
            if v == "accident":
                rivals = [u for s in seats if s != seat for u in t.aboard(s)]
                pirate(o, o["pirate"], rivals, "of a rival clan aboard")
        elif v in ("help", "hinder"):
            target = seat_of(o, o["seat"], False)
            if kind == "election" and v == "hinder":
                own_exploits += 1
            if target in targets:
                bad(o, f"one card at most on {target}'s roll")
            if target:
                targets.add(target)
            if v == "help":
                card(o, o["card"], ("exploit",), ("bonus",))
            elif kind == "brawl":
                card(o, o["card"], ("exploit",), ("malus",))
            else:
                card(o, o["card"], ("exploit", "bagarre"), ("malus", *_bagarre()))
        elif v in ("continue", "return", "swap") and seat != captain:
            bad(o, f"only the Capitaine's clan answers '{v}'")
        elif v == "swap":
            on_ship = [
                u
                for u in state["pirates"]
                if t.post_of(u) in (*POSTS, "hold") and t.post_of(u) != "capitaine"
            ]
            pirate(o, o["a"], on_ship, "on the ship (the Capitaine cannot be swapped)")
            pirate(o, o["b"], on_ship, "on the ship (the Capitaine cannot be swapped)")
            if state.get("swap_used"):
                bad(o, "the Capitaine has already swapped two pirates this Expedition")
        elif v == "mutiny":
            if seat == captain and kind in ("test", "decision"):
                bad(o, "the Capitaine's clan cannot mutiny")
            else:
                among, where = (
                    (own, "of yours to lead the mutiny")
                    if kind in ("test", "decision")
                    else (
                        all_pirates,
                        "in the game",
                    )
                )
                pirate(o, o["leader"], among, where)
        elif v == "brawl":
            card(o, o["card"], ("bagarre",))
            seat_of(o, o["seat"], True)
            if o.get("with"):
                card(o, o["with"], ("exploit",), ("bonus",))
    if kind in ("election", "test", "decision") and own_exploits > 1:
        problems.append(
            Problem(
                None, "illegal", "one card at most for your own roll (or, in the election, one card in all)"
            )
        )
    if kind == "decision":
        verbs = [o["verb"] for o in orders]
        if "continue" in verbs and "return" in verbs:
            problems.append(Problem(None, "ambiguous", "both continue and return: the last line would count"))
    if kind == "brawl" and sum(1 for o in orders if o["verb"] == "brawl") > 2:
        problems.append(Problem(None, "illegal", "two brawl lines at most (the brawl lasts 2 rounds)"))
    return problems


def _bagarre() -> tuple[str, ...]:
    from adjudicator.games.eollis.cards import BAGARRE_EFFECTS

    return BAGARRE_EFFECTS
