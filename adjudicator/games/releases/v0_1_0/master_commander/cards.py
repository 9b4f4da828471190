"""The cards of Master & Commander: loading the data files, the effect vocabulary, deck building.

The rule book gives no card list, so the project authors its own original set as TOML under
``data/`` (one file of common cards, one file per faction with its haven and prebuilt deck). A club
adds cards and decks in the same format. Every card is a plain ``dict``; the catalogue of the cards
a game uses is copied into the game state at setup, so a running campaign never changes when the
data files do.

The vocabulary the rules execute (see orders/master-commander.md, "Cards and their effects"):

* characters: ``faction``, ``named``, ``grade``, ``cost`` (doublons), ``conquest``, ``diplomacy``,
  ``combat``, ``command``, ``ransom`` (doublons), ``votes`` (votes of an ungraded character);
* havens and territories: ``production`` (doublons at collection), ``conquest`` (their defence in
  a raid), ``command`` (attachments they may hold), ``sea`` (one of the seven seas), ``unique``;
* adventure cards, by ``kind``:
  ``item`` / ``support``: ``cost``, ``targets`` (character / place / any), ``bonus`` table
  (conquest, diplomacy, combat, command, votes, production);
  ``agreement``: ``production``, ``diplomacy`` (its value when defended in an economic battle);
  ``action``: ``effect`` table (doublons, draw, untap);
  ``manoeuvre``: ``battle`` (tactical / economic), ``timing`` (engagement / battle), ``effect``
  table (power, tap, challenge);
  ``event``: ``trigger``, ``on_reveal`` table (doublons, draw), ``while_active`` table
  (production, conquest, diplomacy);
  ``reaction``: a political reaction played with a referendum vote, ``effect`` table (votes);
  every card: ``duel`` (its combat value played face down in a duel), ``duel_effect`` (spare).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"

Card = dict[str, Any]

#: the book's grades; "bosun" is the Maître d'équipage, "boatswain" the Bosco (same votes)
GRADES = ("", "bosun", "boatswain", "lieutenant", "second", "captain", "governor")
SEVEN_SEAS = ("caribbean", "atlantic", "mediterranean", "north-sea", "indian", "pacific", "china")
ADVENTURE_KINDS = ("item", "support", "agreement", "action", "manoeuvre", "event", "reaction")
BONUS_KEYS = ("conquest", "diplomacy", "combat", "command", "votes", "production")
ACTION_EFFECTS = ("doublons", "draw", "untap")
MANOEUVRE_EFFECTS = ("power", "tap", "challenge")
REACTION_EFFECTS = ("votes",)
REVEAL_EFFECTS = ("doublons", "draw")
ACTIVE_EFFECTS = ("production", "conquest", "diplomacy")
DUEL_EFFECTS = ("", "spare")

#: the face of a character played as a "nouvelle recrue" (recruited for 1 gold, book p. 8)
NEW_RECRUIT: Card = {
    "id": "new-recruit",
    "type": "character",
    "name": "New Recruit",
    "faction": "",
    "named": False,
    "grade": "",
    "cost": 0,
    "conquest": 1,
    "diplomacy": 1,
    "combat": 1,
    "command": 0,
    "ransom": 0,
    "votes": 0,
}

#: the face-down territory found when a unique place is already in play ("une île sans grand intérêt")
BARREN_ISLAND: Card = {
    "id": "barren-island",
    "type": "territory",
    "name": "Barren Island",
    "sea": "",
    "unique": False,
    "production": 0,
    "conquest": 0,
    "command": 0,
}

_DEFAULTS: dict[str, Card] = {
    "haven": {"faction": "", "sea": "", "production": 2, "conquest": 3, "command": 2},
    "character": {
        "faction": "independent",
        "named": False,
        "grade": "",
        "cost": 1,
        "conquest": 0,
        "diplomacy": 0,
        "combat": 0,
        "command": 0,
        "ransom": 1,
        "votes": 0,
    },
    "territory": {"sea": "", "unique": False, "production": 1, "conquest": 1, "command": 0},
    "adventure": {
        "cost": 0,
        "targets": "character",
        "bonus": {},
        "production": 0,
        "diplomacy": 0,
        "effect": {},
        "battle": "tactical",
        "timing": "battle",
        "trigger": 1,
        "on_reveal": {},
        "while_active": {},
    },
}


class CardError(ValueError):
    """A card or deck file is not valid; the message names the card and what is wrong."""


def normalise(kind: str, raw: dict[str, Any], source: str = "") -> Card:
    """One card with every field filled in, checked against the vocabulary."""
    where = f" in {source}" if source else ""
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not card_id:
        raise CardError(f"a {kind} card{where} has no id")
    card: Card = {"id": card_id, "type": kind, "name": str(raw.get("name", card_id))}
    for key, default in _DEFAULTS[kind].items():
        value = raw.get(key, default)
        if isinstance(default, bool) and not isinstance(value, bool):
            raise CardError(f"card {card_id!r}{where}: {key} must be true or false")
        if isinstance(default, int) and not isinstance(default, bool) and not isinstance(value, int):
            raise CardError(f"card {card_id!r}{where}: {key} must be a whole number")
        card[key] = dict(value) if isinstance(value, dict) else value
    card["duel"] = int(raw.get("duel", 0))
    card["duel_effect"] = str(raw.get("duel_effect", ""))
    if card["duel_effect"] not in DUEL_EFFECTS:
        raise CardError(f"card {card_id!r}{where}: duel_effect must be one of {', '.join(DUEL_EFFECTS[1:])}")
    if kind == "character" and card["grade"] not in GRADES:
        raise CardError(f"card {card_id!r}{where}: grade must be one of {', '.join(GRADES[1:])} or empty")
    if kind in ("haven", "territory") and card["sea"] and card["sea"] not in SEVEN_SEAS:
        raise CardError(f"card {card_id!r}{where}: sea must be one of {', '.join(SEVEN_SEAS)}")
    if kind == "adventure":
        card["kind"] = raw.get("kind", "")
        if card["kind"] not in ADVENTURE_KINDS:
            raise CardError(f"card {card_id!r}{where}: kind must be one of {', '.join(ADVENTURE_KINDS)}")
        _check_table(card, "bonus", BONUS_KEYS, where)
        effects = {"action": ACTION_EFFECTS, "reaction": REACTION_EFFECTS}.get(
            card["kind"], MANOEUVRE_EFFECTS
        )
        _check_table(card, "effect", effects, where)
        _check_table(card, "on_reveal", REVEAL_EFFECTS, where)
        _check_table(card, "while_active", ACTIVE_EFFECTS, where)
        if card["battle"] not in ("tactical", "economic"):
            raise CardError(f"card {card_id!r}{where}: battle must be tactical or economic")
        if card["timing"] not in ("engagement", "battle"):
            raise CardError(f"card {card_id!r}{where}: timing must be engagement or battle")
        if card["targets"] not in ("character", "place", "any"):
            raise CardError(f"card {card_id!r}{where}: targets must be character, place or any")
    return card


def _check_table(card: Card, key: str, allowed: tuple[str, ...], where: str) -> None:
    for name, value in card[key].items():
        if name not in allowed or not isinstance(value, int):
            raise CardError(
                f"card {card['id']!r}{where}: {key}.{name} is not in the vocabulary "
                f"({', '.join(allowed)}, whole numbers)"
            )


def read_card_file(text: str, source: str = "") -> tuple[dict[str, Card], dict[str, dict[str, Any]]]:
    """The cards and decks of one TOML text: ``({card id: card}, {deck id: deck})``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardError(f"{source or 'card file'} is not valid TOML: {exc}") from None
    cards: dict[str, Card] = {}
    for kind in ("haven", "character", "territory", "adventure"):
        for raw in data.get(kind, []):
            card = normalise(kind, raw, source)
            if card["id"] in cards:
                raise CardError(f"card {card['id']!r} is defined twice in {source}")
            cards[card["id"]] = card
    decks: dict[str, dict[str, Any]] = {}
    if "deck" in data:
        deck = dict(data["deck"])
        deck.setdefault("id", Path(source).stem if source else "custom")
        decks[deck["id"]] = deck
    return cards, decks


@cache
def _packaged() -> tuple[dict[str, Card], dict[str, dict[str, Any]]]:
    cards: dict[str, Card] = {}
    decks: dict[str, dict[str, Any]] = {}
    for path in sorted(DATA.glob("*.toml")):
        more_cards, more_decks = read_card_file(path.read_text(encoding="utf-8"), path.name)
        for card_id in more_cards:
            if card_id in cards:
                raise CardError(f"card {card_id!r} is defined in two data files")
        cards.update(more_cards)
        decks.update(more_decks)
    return cards, decks


def catalogue() -> dict[str, Card]:
    """Every packaged card by id (a fresh copy)."""
    return {k: dict(v) for k, v in _packaged()[0].items()}


def prebuilt_decks() -> dict[str, dict[str, Any]]:
    """The prebuilt decks by id: spanish, english, french, brethren, buccaneers."""
    return {k: dict(v) for k, v in _packaged()[1].items()}


def _counted(deck: dict[str, Any], key: str) -> list[str]:
    value = deck.get(key, {})
    if isinstance(value, list):
        return [str(v) for v in value]
    if isinstance(value, dict):
        out: list[str] = []
        for card_id, count in value.items():
            if not isinstance(count, int) or count < 0:
                raise CardError(f"deck {deck.get('id')!r}: the count of {card_id!r} must be a whole number")
            out.extend([card_id] * count)
        return out
    raise CardError(f"deck {deck.get('id')!r}: {key} must be a table of card = count or a list")


def deck_lists(deck: dict[str, Any]) -> dict[str, Any]:
    """A deck as lists of card ids: haven, characters, territories, adventure."""
    return {
        "id": deck.get("id", "custom"),
        "name": deck.get("name", deck.get("id", "custom")),
        "haven": deck.get("haven", ""),
        "characters": _counted(deck, "characters"),
        "territories": _counted(deck, "territories"),
        "adventure": _counted(deck, "adventure"),
    }


# -- "Comment personnaliser son deck ?" ------------------------------------------------------------

MIN_CHARACTERS = 10
MIN_TERRITORIES = 10
MIN_ADVENTURE = 45


def deck_problems(deck: dict[str, Any], cards: dict[str, Card]) -> list[str]:
    """Everything wrong with a deck under the deck-building rules (book, "personnaliser son deck").

    A haven names the faction; at least 10 characters, a majority of the haven's faction
    (independents allowed); at least 10 territories; at least 45 adventure cards; no copy limit.
    """
    problems: list[str] = []
    lists = deck_lists(deck)
    haven = cards.get(lists["haven"])
    if haven is None or haven["type"] != "haven":
        problems.append(f"the haven {lists['haven']!r} is not a haven card")
    for key, kind in (("characters", "character"), ("territories", "territory"), ("adventure", "adventure")):
        for card_id in sorted(set(lists[key])):
            card = cards.get(card_id)
            if card is None:
                problems.append(f"unknown card {card_id!r} in {key}")
            elif card["type"] != kind:
                problems.append(f"{card_id!r} is a {card['type']}, not a {kind}, in {key}")
    if len(lists["characters"]) < MIN_CHARACTERS:
        problems.append(f"{len(lists['characters'])} characters: at least {MIN_CHARACTERS} are needed")
    if len(lists["territories"]) < MIN_TERRITORIES:
        problems.append(f"{len(lists['territories'])} territories: at least {MIN_TERRITORIES} are needed")
    if len(lists["adventure"]) < MIN_ADVENTURE:
        problems.append(f"{len(lists['adventure'])} adventure cards: at least {MIN_ADVENTURE} are needed")
    if haven is not None and haven["type"] == "haven":
        own = sum(1 for c in lists["characters"] if cards.get(c, {}).get("faction") == haven["faction"])
        if own * 2 <= len(lists["characters"]):
            problems.append(
                f"only {own} of {len(lists['characters'])} characters are {haven['faction']}: "
                "the majority must be of the haven's faction"
            )
    return problems
