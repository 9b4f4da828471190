"""The Eollis table: the state's helpers shared by every phase (gold, deaths, piles, names).

The state is plain JSON. ``Table`` wraps it with the events of the resolution under way and the
dice of the turn; every rule step in ``adventure.py`` and ``tavern.py`` works through it.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.base import Event, State
from adjudicator.games.dice import Dice
from adjudicator.games.eollis.cards import FAME_SECTIONS, FAME_TRACK, POST_NAMES, effect_name
from adjudicator.games.eollis.orders import POSTS


def expand_posts(wishes: list[str]) -> list[str]:
    """A wish list of posts with ``marin`` and ``canonnier`` standing for both of their places."""
    out: list[str] = []
    for w in wishes:
        for post in (f"{w}-1", f"{w}-2") if w in ("marin", "canonnier") else (w,):
            if post in POSTS and post not in out:
                out.append(post)
    return out


class Table:
    def __init__(self, state: State, dice: Dice | None = None) -> None:
        self.state = state
        self.dice = dice or Dice(b"no dice")
        self.events: list[Event] = []

    # -- telling -------------------------------------------------------------------------------------
    def tell(self, text: str, kind: str = "", seats: tuple[str, ...] | None = None, **data: Any) -> None:
        self.events.append(Event(text, kind, data, seats))

    def name(self, uid: str) -> str:
        return str(self.state["cards"][uid]["name"])

    def card(self, uid: str) -> dict[str, Any]:
        return self.state["cards"][uid]  # type: ignore[no-any-return]

    # -- seats ----------------------------------------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        return list(self.state["seats"])

    def key(self, seat: str) -> str:
        """A seat's subject in dice keys: its place at the table, never its name."""
        return f"c{self.state['seats'].index(seat)}"

    def clockwise_from(self, seat: str | None) -> list[str]:
        seats = self.seats
        if seat is None or seat not in seats:
            return seats
        i = seats.index(seat)
        return seats[i:] + seats[:i]

    def clan(self, seat: str) -> dict[str, Any]:
        return self.state["clans"][seat]  # type: ignore[no-any-return]

    # -- pirates and posts -------------------------------------------------------------------------------
    def pirate(self, uid: str) -> dict[str, Any]:
        return self.state["pirates"][uid]  # type: ignore[no-any-return]

    def owner(self, uid: str) -> str:
        return str(self.state["pirates"][uid]["owner"])

    def skill(self, uid: str, skill: str) -> int:
        return int(self.card(uid)[skill])

    def posts(self) -> dict[str, str | None]:
        return self.state["ship"]["posts"]  # type: ignore[no-any-return]

    def at(self, post: str) -> str | None:
        return self.posts().get(post)

    def seat_at(self, post: str) -> str | None:
        uid = self.at(post)
        return self.owner(uid) if uid else None

    def post_of(self, uid: str) -> str | None:
        p = self.state["pirates"].get(uid)
        return p.get("post") if p else None

    def aboard(self, seat: str) -> list[str]:
        """The clan's pirates on a post (not in the hold), in the clan's order."""
        return [u for u in self.clan(seat)["pirates"] if self.post_of(u) in POSTS]

    def captain_seat(self) -> str | None:
        return self.seat_at("capitaine")

    def first_seat(self) -> str:
        """Who plays first: the Capitaine's clan, else the last Capitaine's, else the first drawn."""
        return self.captain_seat() or self.state.get("last_captain") or self.state["first"]

    # -- gold -------------------------------------------------------------------------------------------
    def clan_gold(self, seat: str) -> int:
        c = self.clan(seat)
        return sum(self.pirate(u)["gold"] for u in c["pirates"]) + int(c["stash"])

    def give_gold(self, seat: str, amount: int, first: str | None = None, aboard_only: bool = True) -> None:
        """Gold won by a clan, shared one coin at a time over its pirates not in the hold."""
        if amount <= 0:
            return
        c = self.clan(seat)
        holders = self.aboard(seat) if aboard_only else list(c["pirates"])
        if not holders:
            holders = list(c["pirates"])
        if not holders:
            c["stash"] += amount
            return
        if first in holders:
            i = holders.index(first)
            holders = holders[i:] + holders[:i]
        for n in range(amount):
            self.pirate(holders[n % len(holders)])["gold"] += 1

    def take_gold(self, seat: str, amount: int, protected: int = 0) -> int:
        """Up to ``amount`` gold taken from a clan (richest pirate first), never its ``protected`` part."""
        c = self.clan(seat)
        available = max(0, self.clan_gold(seat) - protected)
        amount = min(amount, available)
        taken = 0
        while taken < amount:
            if c["stash"] > 0:
                c["stash"] -= 1
                taken += 1
                continue
            richest = max(c["pirates"], key=lambda u: (self.pirate(u)["gold"], -c["pirates"].index(u)))
            self.pirate(richest)["gold"] -= 1
            taken += 1
        return taken

    # -- fame -------------------------------------------------------------------------------------------
    def add_fame(self, seat: str, points: int, why: str) -> None:
        c = self.clan(seat)
        before = c["fame"]
        c["fame"] = max(0, min(FAME_TRACK, before + points))
        if c["fame"] != before:
            sign = "+" if points > 0 else ""
            self.tell(f"{seat}: {sign}{c['fame'] - before} fame ({why}), now {c['fame']}.", "fame", seat=seat)

    @staticmethod
    def fame_price(fame: int) -> int:
        price = FAME_SECTIONS[0][1]
        for start, gold, _ in FAME_SECTIONS:
            if fame >= start:
                price = gold
        return price

    # -- piles ------------------------------------------------------------------------------------------
    def draw(self, pile: str) -> str | None:
        """The top card of a pile; an empty pile is first rebuilt from its shuffled discard."""
        piles = self.state["piles"]
        if not piles[pile]:
            discard = piles[f"{pile}_discard"]
            if not discard:
                return None
            self.state["reshuffles"] = self.state.get("reshuffles", 0) + 1
            piles[pile] = self.dice.shuffle(discard, f"shuffle:{pile}:{self.state['reshuffles']}")
            piles[f"{pile}_discard"] = []
            self.tell(f"The {pile} pile is rebuilt from its shuffled discard.", "reshuffle")
        return piles[pile].pop(0)  # type: ignore[no-any-return]

    def discard_action(self, uid: str) -> None:
        self.state["piles"]["actions_discard"].append(uid)

    def hand_cards(self, seat: str) -> list[str]:
        return list(self.clan(seat)["hand"])

    def take_from_hand(self, seat: str, uid: str) -> None:
        self.clan(seat)["hand"].remove(uid)
        self.discard_action(uid)

    def effect(self, uid: str) -> str:
        return str(self.card(uid).get("effect", ""))

    def held(self, seat: str) -> int:
        """The cards a clan holds, as the table sees them: its Action cards and its Secret Missions."""
        c = self.clan(seat)
        return len(c["hand"]) + len(c["missions"])

    def receive_action(self, seat: str, why: str) -> None:
        """One card drawn from the Action pile into a hand (the hand holds 5 at most).

        A Secret Mission is a card of that pile like any other: it counts in the hand, for the
        draw back to 3 and the limit of 5, and the table sees only that a card was drawn."""
        uid = self.draw("actions")
        if uid is None:
            self.tell("The Action pile and its discard are empty: no card.", "no-card")
            return
        if self.held(seat) >= 5:
            self.discard_action(uid)
            self.tell(f"{seat} already holds 5 cards: the card drawn ({why}) is discarded.", "hand-limit")
            return
        self.tell(f"{seat} draws a card from the Action pile ({why}).", "draw")
        if self.card(uid)["kind"] == "mission":
            self.clan(seat)["missions"].append(uid)
            self.tell(f"Your Secret Mission: {self.name(uid)}.", "mission", seats=(seat,), card=uid)
            return
        self.clan(seat)["hand"].append(uid)
        self.tell(f"You draw {self.name(uid)} ({why}).", "draw-private", seats=(seat,), card=uid)

    # -- deaths -----------------------------------------------------------------------------------------
    def kill(
        self,
        uid: str,
        why: str,
        *,
        killer: str | None = None,
        gold_to: str = "clan",
        powers: bool = True,
        promote: bool = True,
    ) -> bool:
        """A pirate's death ("Mort d'un pirate"); a clan's last pirate becomes a ghost instead.

        ``gold_to``: ``clan`` (shared by the survivors), ``kitty`` (mutiny) or ``lost`` (the ship
        destroyed). A killer clan takes 2 of the dead pirate's gold. Returns whether it died.
        """
        p = self.pirate(uid)
        seat = p["owner"]
        c = self.clan(seat)
        if p["ghost"]:
            self.tell(f"{self.name(uid)} is a ghost and cannot die.", "ghost")
            return False
        if (
            powers
            and effect_name(self.card(uid)["power"]) == "survive"
            and not p["used"]
            and p["post"] != "hold"
        ):
            p["used"] = True
            self.tell(f"{self.name(uid)} ({seat}) escapes death: its power (survive) is spent.", "power")
            return False
        if len(c["pirates"]) == 1:
            p["ghost"] = True
            self.tell(f"{self.name(uid)}, {seat}'s last pirate, becomes a ghost pirate ({why}).", "ghost")
            return False
        gold = p["gold"]
        p["gold"] = 0
        if killer is not None and killer != seat:
            paid = min(2, gold)
            gold -= paid
            self.give_gold(killer, paid, aboard_only=False)
        post = p["post"]
        self.leave_ship(uid)
        c["pirates"].remove(uid)
        del self.state["pirates"][uid]
        c["lost"] = True
        self.state["piles"]["pirates_discard"].append(uid)
        if gold_to == "clan":
            self.give_gold(seat, gold, aboard_only=False)
        elif gold_to == "kitty":
            self.state["ship"]["kitty"] += gold
        where = f" ({POST_NAMES[post]})" if post in POST_NAMES else ""
        self.tell(f"{self.name(uid)}{where} of {seat} dies ({why}).", "death", pirate=uid, seat=seat)
        if post == "capitaine" and promote:
            self.promote_captain()
        return True

    def leave_ship(self, uid: str) -> None:
        post = self.pirate(uid)["post"]
        if post in POSTS:
            self.posts()[post] = None
        elif post == "hold":
            self.state["ship"]["hold"].remove(uid)
        self.pirate(uid)["post"] = None

    def place(self, uid: str, post: str) -> None:
        self.leave_ship(uid)
        if post == "hold":
            self.state["ship"]["hold"].append(uid)
        else:
            self.posts()[post] = uid
        self.pirate(uid)["post"] = post

    def promote_captain(self) -> None:
        """ "Poste inoccupé": the first pirate down the sharing list (the Second) becomes Capitaine."""
        for post in POSTS[1:]:
            uid = self.at(post)
            if uid:
                self.place(uid, "capitaine")
                self.tell(
                    f"{self.name(uid)} ({self.owner(uid)}) leaves the {POST_NAMES[post]} to be Capitaine.",
                    "captain",
                )
                self.state["last_captain"] = self.owner(uid)
                return

    def stand_in(self, post: str) -> str | None:
        """Who answers for a vacant special post: down the sharing list from the Second."""
        uid = self.at(post)
        if uid:
            return uid
        for other in POSTS[1:]:
            if self.at(other):
                return self.at(other)
        return self.at("capitaine")

    def crew_bonus(self, skill: str) -> int:
        from adjudicator.games.eollis.cards import CREW_BONUS

        return sum(v for post, v in CREW_BONUS[skill].items() if self.at(post))

    def standing(self, seat: str) -> dict[str, Any]:
        return self.clan(seat)["standing"]  # type: ignore[no-any-return]

    def resolve_pirate(self, seat: str, name: str, among: list[str] | None = None) -> str | None:
        from adjudicator.games.eollis.cards import find

        return find(self.state["cards"], among if among is not None else self.clan(seat)["pirates"], name)

    def resolve_card(self, seat: str, name: str) -> str | None:
        from adjudicator.games.eollis.cards import find

        return find(self.state["cards"], self.clan(seat)["hand"], name)

    def resolve_seat(self, seat: str, name: str) -> str | None:
        if name == "self":
            return seat
        return name if name in self.state["seats"] else None

    def hold_tops_up(self) -> None:
        """At the end of an Event, the hold's top pirates climb to the vacant posts, one by one."""
        hold = self.state["ship"]["hold"]
        while hold and any(self.at(p) is None for p in POSTS):
            uid = hold[0]
            seat = self.owner(uid)
            wishes = expand_posts(self.standing(seat)["posts"]) + list(POSTS)
            post = next(p for p in wishes if self.at(p) is None)
            self.place(uid, post)
            self.tell(f"{self.name(uid)} ({seat}) climbs from the hold to the {POST_NAMES[post]}.", "board")
