"""The play area: card instances, zones, values and names, over the plain JSON state.

Every physical card in a game is an *instance* with a short number (``#12``): ``state["cards"]``
maps it to its card id, owner, tapped flag, attachments and face (a character played as a new
recruit, a territory left face down as a barren island). Each seat's zones are lists of instance
numbers in ``state["players"][seat]``:

``deck`` (adventure deck, top first), ``hand``, ``discard``, ``crew`` (pile équipage, top first),
``tavern``, ``exploration`` (top first), ``characters`` (en activité), ``haven``, ``territories``,
``agreements``, ``captured`` (opposing characters held under the haven), ``dead`` (pile des morts),
``event`` (the face-down event and its tokens) and ``active_event``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from adjudicator.games.releases.v0_1_0.base import Event, State
from adjudicator.games.releases.v0_1_0.master_commander.cards import BARREN_ISLAND, NEW_RECRUIT, Card

#: "Le nombre de voix d'un personnage dépend de son grade" (book p. 7)
GRADE_VOTES: dict[str, int] = {
    "bosun": 1,  # Maître d'équipage
    "boatswain": 1,  # Bosco
    "lieutenant": 2,
    "second": 3,
    "captain": 4,
    "governor": 4,
    "": 0,
}
PROPOSER_EXTRA_VOTE = 1  # "Un accord commercial donne une voix supplémentaire au personnage qui le lance"
HAND_SIZE = 6
TAVERN_SIZE = 3


class Refused(Exception):
    """An order that is not legal now; the message says why and what would be valid."""

    def __init__(self, message: str, suggestion: str = "", kind: str = "illegal") -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion
        self.kind = kind


@dataclass
class Table:
    """The state being played on, the events told so far, and whether this is a dry run (check)."""

    state: State
    events: list[Event] = field(default_factory=list)
    dry: bool = False

    # -- telling ---------------------------------------------------------------------------------
    def tell(self, text: str, kind: str = "", seats: tuple[str, ...] | None = None, **data: Any) -> None:
        if not self.dry:
            self.events.append(Event(text, kind, dict(data), seats))

    # -- seats -----------------------------------------------------------------------------------
    @property
    def order(self) -> list[str]:
        """The seats in turn order (the first player first)."""
        return list(self.state["order"])

    def player(self, seat: str) -> dict[str, Any]:
        return self.state["players"][seat]

    def seats_from(self, seat: str) -> list[str]:
        """Turn order starting with ``seat`` ("dans l'ordre du tour")."""
        order = self.order
        i = order.index(seat)
        return order[i:] + order[:i]

    def seat_named(self, text: str) -> str:
        seats = self.order
        if text in seats:
            return text
        close = difflib.get_close_matches(text, seats, n=1)
        hint = f"did you mean {close[0]}?" if close else "seats: " + ", ".join(seats)
        raise Refused(f"no seat named {text!r}", hint, "invalid")

    # -- cards -----------------------------------------------------------------------------------
    def inst(self, uid: str) -> dict[str, Any]:
        return self.state["cards"][uid]

    def card(self, uid: str) -> Card:
        inst = self.state["cards"][uid]
        if inst.get("recruit"):
            return NEW_RECRUIT
        if inst.get("barren"):
            return BARREN_ISLAND
        return self.state["catalogue"][inst["id"]]

    def name(self, uid: str) -> str:
        return f"{self.card(uid)['name']} #{uid}"

    def new_instance(self, card_id: str, owner: str) -> str:
        self.state["next_uid"] += 1
        uid = str(self.state["next_uid"])
        self.state["cards"][uid] = {"id": card_id, "owner": owner, "tapped": False, "attached": []}
        return uid

    def owner(self, uid: str) -> str:
        return str(self.state["cards"][uid]["owner"])

    def controller(self, uid: str) -> str | None:
        """The seat that has ``uid`` in activity or among its places / agreements."""
        for seat in self.order:
            p = self.player(seat)
            if (
                uid in p["characters"]
                or uid in p["territories"]
                or uid in p["agreements"]
                or uid == p["haven"]
            ):
                return seat
        return None

    def host_of(self, uid: str) -> str | None:
        for host, inst in self.state["cards"].items():
            if uid in inst["attached"]:
                return host
        return None

    def places(self, seat: str) -> list[str]:
        p = self.player(seat)
        return [p["haven"], *p["territories"]]

    # -- values ------------------------------------------------------------------------------------
    def value(self, uid: str, key: str) -> int:
        """A printed value plus the bonuses of the card's attachments."""
        base = int(self.card(uid).get(key, 0) or 0)
        return base + sum(int(self.card(a).get("bonus", {}).get(key, 0)) for a in self.inst(uid)["attached"])

    def command(self, uid: str) -> int:
        """ "La valeur de commandement d'une carte indique le nombre maximum d'attachements"."""
        return self.value(uid, "command")

    def votes(self, uid: str, proposer: str | None = None) -> int:
        """The grade table, plus printed votes, attachment votes and the proposer's extra vote."""
        card = self.card(uid)
        votes = GRADE_VOTES.get(card.get("grade", ""), 0) + int(card.get("votes", 0))
        votes += sum(int(self.card(a).get("bonus", {}).get("votes", 0)) for a in self.inst(uid)["attached"])
        if uid == proposer:
            votes += PROPOSER_EXTRA_VOTE
        return votes

    def is_named(self, uid: str) -> bool:
        inst = self.inst(uid)
        return bool(self.card(uid).get("named")) and not inst.get("recruit")

    def named_in_play(self, card_name: str) -> str | None:
        """The instance of a named character in play (in activity or captured), if any."""
        for seat in self.order:
            p = self.player(seat)
            for uid in p["characters"] + p["captured"]:
                if self.is_named(uid) and self.card(uid)["name"] == card_name:
                    return uid
        return None

    def named_dead(self, card_name: str) -> bool:
        return any(
            self.card(uid)["name"] == card_name and self.card(uid).get("named")
            for seat in self.order
            for uid in self.player(seat)["dead"]
        )

    # -- naming cards in orders --------------------------------------------------------------------
    def find(self, text: str, uids: list[str], what: str) -> str:
        """The one instance among ``uids`` that ``text`` names (``#12``, ``12``, a name or card id).

        Several copies of the same card that nothing tells apart (in a hand, a tavern) are one
        choice; two different instances in play are ambiguous and the player must give a number.
        """
        text = text.strip().lower()
        ref = text.lstrip("#")
        if ref.isdigit():
            if ref in uids:
                return ref
            raise Refused(f"#{ref} is not {what}", self._choices(uids))
        matches = [u for u in uids if self.card(u)["name"].lower() == text or self.card(u)["id"] == text]
        if not matches:
            matches = [u for u in uids if self.card(u)["name"].lower().startswith(text)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            shapes = {self._shape(u) for u in matches}
            if len(shapes) == 1:
                return matches[0]
            return self._ambiguous(text, matches)
        names = sorted({self.card(u)["name"].lower() for u in uids})
        close = difflib.get_close_matches(text, names, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}?" if close else self._choices(uids)
        raise Refused(f"{text!r} is not {what}", hint)

    def _shape(self, uid: str) -> tuple[Any, ...]:
        inst = self.inst(uid)
        return (inst["id"], inst.get("recruit", False), inst["tapped"], tuple(inst["attached"]))

    def _ambiguous(self, text: str, matches: list[str]) -> str:
        raise Refused(
            f"{text!r} names several cards",
            "say which: " + ", ".join(self.name(u) for u in matches),
            "ambiguous",
        )

    def _choices(self, uids: list[str]) -> str:
        if not uids:
            return "there is none"
        shown = ", ".join(self.name(u) for u in uids[:8])
        return f"choose among {shown}" + (" ..." if len(uids) > 8 else "")

    # -- moving cards ----------------------------------------------------------------------------
    def draw(self, seat: str, count: int = 1) -> list[str]:
        """ "Si un joueur n'a plus de carte dans son deck, il ... ne piochera plus"."""
        p = self.player(seat)
        drawn = []
        for _ in range(count):
            if not p["deck"]:
                break
            uid = p["deck"].pop(0)
            p["hand"].append(uid)
            drawn.append(uid)
        if drawn:
            self.tell(
                f"{seat} draws {', '.join(self.name(u) for u in drawn)}.", "draw", (seat,), cards=list(drawn)
            )
            self.tell(f"{seat} draws {len(drawn)} card(s).", "draw-count", count=len(drawn))
        return drawn

    def release_attachments(self, uid: str) -> None:
        """A character leaves play, is captured or rallied: "tous ses objets sont défaussés et ses
        soutiens peuvent être réassignés à une cible légale en jeu – s'il n'y en a pas, défaussez-les".

        Reading: each support goes to the first legal card of the same controller with command to
        spare (its characters in play order, then its places); otherwise it is discarded.
        """
        controller = self.controller(uid)
        for a in list(self.inst(uid)["attached"]):
            self.inst(uid)["attached"].remove(a)
            card = self.card(a)
            target = None
            if card.get("kind") == "support" and controller is not None:
                pool: list[str] = []
                if card.get("targets") in ("character", "any"):
                    pool += [c for c in self.player(controller)["characters"] if c != uid]
                if card.get("targets") in ("place", "any"):
                    pool += self.places(controller)
                target = next((t for t in pool if len(self.inst(t)["attached"]) < self.command(t)), None)
            if target is not None:
                self.inst(target)["attached"].append(a)
                self.tell(
                    f"{self.name(a)} is reassigned from {self.name(uid)} to {self.name(target)}.", "reassign"
                )
            else:
                self.player(self.owner(a))["discard"].append(a)
                self.tell(f"{self.name(a)} is discarded from {self.name(uid)}.", "discard")

    def remove_character(self, uid: str) -> str | None:
        """Take a character out of its zone (activity or a capture zone); returns where it was."""
        for seat in self.order:
            p = self.player(seat)
            for zone in ("characters", "captured"):
                if uid in p[zone]:
                    p[zone].remove(uid)
                    return seat
        return None

    def new_recruit_goes_home(self, uid: str) -> bool:
        """ "Une nouvelle recrue n'est jamais capturée ou tuée, placez-la sous la pile d'équipage"."""
        if not self.inst(uid).get("recruit"):
            return False
        self.release_attachments(uid)
        self.remove_character(uid)
        self.inst(uid)["recruit"] = False
        self.inst(uid)["tapped"] = False
        self.player(self.owner(uid))["crew"].append(uid)
        self.tell(f"The new recruit #{uid} goes back under {self.owner(uid)}'s crew pile.", "recruit-home")
        return True

    def kill(self, uid: str) -> None:
        if self.new_recruit_goes_home(uid):
            return
        self.release_attachments(uid)
        self.remove_character(uid)
        self.inst(uid)["tapped"] = False
        self.player(self.owner(uid))["dead"].append(uid)
        self.tell(f"{self.name(uid)} dies and goes to {self.owner(uid)}'s dead pile.", "death")

    def capture(self, uid: str, captor: str) -> None:
        if self.new_recruit_goes_home(uid):
            return
        self.release_attachments(uid)
        self.remove_character(uid)
        self.inst(uid)["tapped"] = False
        self.player(captor)["captured"].append(uid)
        self.tell(f"{captor} captures {self.name(uid)}.", "capture")

    def set_free(self, uid: str, seat: str) -> None:
        """A captive returns to ``seat``'s play area, tapped (ransom, pillage)."""
        self.remove_character(uid)
        self.inst(uid)["tapped"] = True
        self.player(seat)["characters"].append(uid)

    # -- doublons and gold -------------------------------------------------------------------------
    def pay_bank(self, seat: str, amount: int) -> None:
        p = self.player(seat)
        if amount > p["doublons"]:
            raise Refused(f"{seat} holds {p['doublons']} doublons, not {amount}")
        p["doublons"] -= amount

    def gain(self, seat: str, amount: int) -> None:
        self.player(seat)["doublons"] += amount


def seven_seas(table: Table, seat: str) -> set[str]:
    """The seas in which ``seat`` holds a place (its haven and its territories)."""
    return {table.card(u).get("sea", "") for u in table.places(seat)} - {""}
