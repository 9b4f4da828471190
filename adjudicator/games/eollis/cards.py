"""The Eollis card data (the project's own texts, see data/*.toml) and the ship's posts.

Every card gets a uid from its place in the data files (``P01``..``P21`` pirates, ``E01``..``E21``
events, ``A01``.. the Action pile with its Secret Missions): uids, never names, key the dice and
order the piles, so renaming a card can never change a game.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from adjudicator.games.eollis.orders import POSTS, slug

PIRATE_COUNT, EVENT_COUNT, ACTION_COUNT, MISSION_COUNT = 21, 21, 43, 5

#: "Partage de la cagnotte": each post's pay, in the order of the sharing list
PAY: dict[str, int] = {
    "capitaine": 4,
    "second": 3,
    "pretre": 0,
    "vigie": 1,
    "cuisinier": 2,
    "harponneur": 2,
    "alti-maitre": 2,
    "bosco": 1,
    "armurier": 1,
    "marin-1": 1,
    "marin-2": 1,
    "canonnier-1": 1,
    "canonnier-2": 1,
}
assert tuple(PAY) == POSTS

#: the crew bonus each occupied post gives every clan, by skill (Second, Bosco, Marins, Armurier...)
CREW_BONUS: dict[str, dict[str, int]] = {
    "navigation": {"bosco": 1, "marin-1": 1, "marin-2": 1},
    "combat": {"armurier": 1, "canonnier-1": 1, "canonnier-2": 1},
    "bagou": {"second": 2},
}

POST_NAMES: dict[str, str] = {
    "capitaine": "Capitaine",
    "second": "Second",
    "pretre": "Pretre",
    "vigie": "Vigie",
    "cuisinier": "Cuisinier",
    "harponneur": "Harponneur",
    "alti-maitre": "Alti-Maitre",
    "bosco": "Bosco",
    "armurier": "Armurier",
    "marin-1": "Marin 1",
    "marin-2": "Marin 2",
    "canonnier-1": "Canonnier 1",
    "canonnier-2": "Canonnier 2",
}

#: the balloon damage track: 8 cells in 3 zones; (cells, repair succeeds on, repair fails on)
BALLOON_CELLS = 8
REPAIR_ZONES: tuple[tuple[range, int, int], ...] = (
    (range(0, 4), 4, 1),  # cells 0-3: repaired on 4+, one more cell on a 1
    (range(4, 7), 5, 1),  # cells 4-6: repaired on 5+, one more cell on a 1
    (range(7, 9), 6, 2),  # cells 7-8: repaired on a 6, one more cell on 1 or 2
)
#: the default standing answer ``repair roll up to cell 6``: the Alti-Maitre tries in the first two
#: zones, where a repair is at least as likely as a worse cell, and not in the last, where a failure
#: is twice as likely (and on cell 8 destroys the ship)
REPAIR_UP_TO = 6

#: the fame track: (first cell of the section, gold per fame point), and the sections' names
FAME_SECTIONS: tuple[tuple[int, int, str], ...] = (
    (0, 4, "Pirates Minables"),
    (10, 5, "Forbans Redoutes"),
    (20, 6, "Legendes des Vents"),
)
FAME_TRACK = 30


class CardError(ValueError):
    """A data file breaks the card rules (count, category or effect vocabulary)."""


EXPLOIT_EFFECTS = ("bonus", "malus", "reroll", "repair", "accident")
BAGARRE_EFFECTS = ("steal", "challenge", "humiliate", "debauch", "assassinate", "dig", "safe")
MISSION_CONDITIONS = ("captain", "mutineer", "hero", "hoard", "unscathed")
POWERS = ("test-bonus", "reroll", "election-bonus", "survive", "gold", "brawl-bonus")


def _read(name: str) -> dict[str, Any]:
    text = resources.files("adjudicator.games.eollis").joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def effect_name(effect: str) -> str:
    return effect.split(":", 1)[0]


def effect_value(effect: str, default: int = 0) -> int:
    parts = effect.split(":", 1)
    return int(parts[1]) if len(parts) == 2 else default


@cache
def _catalogue() -> tuple[tuple[str, dict[str, Any]], ...]:
    out: list[tuple[str, dict[str, Any]]] = []
    pirates = _read("pirates.toml")["pirate"]
    events = _read("events.toml")["event"]
    actions = _read("actions.toml")["card"]
    for i, p in enumerate(pirates, start=1):
        if effect_name(p["power"]) not in POWERS:
            raise CardError(f"pirate {p['name']!r}: unknown power {p['power']!r}")
        card = {"kind": "pirate", "name": p["name"], "power": p["power"]}
        card.update({s: int(p[s]) for s in ("navigation", "combat", "bagou")})
        out.append((f"P{i:02d}", card))
    for i, e in enumerate(events, start=1):
        if e["skill"] not in ("navigation", "combat", "bagou"):
            raise CardError(f"event {e['name']!r}: unknown skill {e['skill']!r}")
        if e.get("special") not in (None, "harponneur", "cuisinier", "alti-maitre"):
            raise CardError(f"event {e['name']!r}: unknown special post {e['special']!r}")
        card = {
            "kind": "event",
            "name": e["name"],
            "damage": int(e.get("damage", 0)),
            "skill": e["skill"],
            "threshold": int(e["threshold"]),
            "gold": int(e.get("gold", 0)),
            "cards": int(e.get("cards", 0)),
            "fame_loss": int(e.get("fame_loss", 0)),
            "deaths": int(e.get("deaths", 0)),
            "kitty": int(e.get("kitty", 0)),
            "special": e.get("special"),
        }
        out.append((f"E{i:02d}", card))
    n = 0
    for a in actions:
        kind = a["kind"]
        if kind == "exploit" and effect_name(a["effect"]) not in EXPLOIT_EFFECTS:
            raise CardError(f"card {a['name']!r}: unknown Exploit effect {a['effect']!r}")
        if kind == "bagarre" and effect_name(a["effect"]) not in BAGARRE_EFFECTS:
            raise CardError(f"card {a['name']!r}: unknown Bagarre effect {a['effect']!r}")
        if kind == "mission" and effect_name(a["condition"]) not in MISSION_CONDITIONS:
            raise CardError(f"card {a['name']!r}: unknown mission condition {a['condition']!r}")
        if kind not in ("exploit", "bagarre", "mission"):
            raise CardError(f"card {a['name']!r}: unknown kind {kind!r}")
        for _ in range(int(a.get("count", 1))):
            n += 1
            card = {"kind": kind, "name": a["name"]}
            if kind == "mission":
                card.update({"condition": a["condition"], "fame": int(a["fame"])})
            else:
                card["effect"] = a["effect"]
            out.append((f"A{n:02d}", card))
    counts = {k: sum(1 for _, c in out if c["kind"] == k) for k in ("pirate", "event", "mission")}
    actions_n = sum(1 for _, c in out if c["kind"] in ("exploit", "bagarre"))
    wanted = {"pirate": PIRATE_COUNT, "event": EVENT_COUNT, "mission": MISSION_COUNT}
    if counts != wanted or actions_n != ACTION_COUNT:
        raise CardError(f"the book's counts are 21 pirates, 21 events, 43 actions, 5 missions; got {counts}")
    return tuple(out)


def catalogue() -> dict[str, dict[str, Any]]:
    """A fresh copy of every card by uid, in the data files' order."""
    return {uid: dict(card) for uid, card in _catalogue()}


def find(cards: dict[str, dict[str, Any]], uids: list[str], name: str) -> str | None:
    """The first of ``uids`` whose card name folds to ``name`` (or whose uid is ``name``)."""
    for uid in uids:
        if slug(cards[uid]["name"]) == name or uid.lower() == name:
            return uid
    return None
