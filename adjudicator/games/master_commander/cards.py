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
  (conquest, diplomacy, combat, command, votes, production, pillage: extra gold pillaged from a
  haven by the attacking fleet holding it);
  ``agreement``: ``production``, ``diplomacy`` (its value when defended in an economic battle),
  ``icroe`` (its terms of trade: each gold of its holder's transactions is priced that many
  doublons in the holder's favour, never below 1);
  ``action``: ``effect`` table (doublons, draw, untap, gold);
  ``manoeuvre``: ``battle`` (tactical / economic), ``timing`` (engagement / battle), ``effect``
  table (power, tap, challenge);
  ``event``: ``trigger``, ``on_reveal`` table (doublons, draw, gold), ``while_active`` table
  (production, conquest, diplomacy);
  ``reaction``: a political reaction played with a referendum vote, ``effect`` table (votes);
  every card: ``duel`` (its combat value played face down in a duel), ``duel_effect`` (spare);
* on any card in play: ``ability`` table (power, tap, draw, doublons, gold), used by tapping the
  card (``use <card>``), with ``ability_timing`` = ``turn`` (any phase, its controller's turn or an
  opponent's: see abilities.py)
  or ``battle`` (a manoeuvre segment its controller takes part in; power and tap are battle
  abilities); ``end_of_turn`` table (doublons, draw, gold), resolved for the active player's cards
  in play at the end of its turn.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator.games.language import ENGLISH, N_, Language
from adjudicator.games.master_commander.glossary import GLOSSARY

DATA = Path(__file__).parent / "data"

Card = dict[str, Any]

#: the book's grades; "bosun" is the Maître d'équipage, "boatswain" the Bosco (same votes)
GRADES = ("", "bosun", "boatswain", "lieutenant", "second", "captain", "governor")
SEVEN_SEAS = ("caribbean", "atlantic", "mediterranean", "north-sea", "indian", "pacific", "china")
ADVENTURE_KINDS = ("item", "support", "agreement", "action", "manoeuvre", "event", "reaction")
BONUS_KEYS = ("conquest", "diplomacy", "combat", "command", "votes", "production", "pillage")
ACTION_EFFECTS = ("doublons", "draw", "untap", "gold")
MANOEUVRE_EFFECTS = ("power", "tap", "challenge")
REACTION_EFFECTS = ("votes",)
REVEAL_EFFECTS = ("doublons", "draw", "gold")
ACTIVE_EFFECTS = ("production", "conquest", "diplomacy")
DUEL_EFFECTS = ("", "spare")
#: « Un joueur peut utiliser des effets de cartes en jeu qu'il contrôle »: a card's ability, used by
#: tapping the card, at any phase of its controller's turn or an opponent's (``turn``) or in a
#: battle's manoeuvre segment (``battle``)
ABILITY_EFFECTS = ("power", "tap", "draw", "doublons", "gold")
ABILITY_TIMINGS = ("turn", "battle")
#: « Si un effet doit se produire en fin de tour, il se résout durant cette phase »
END_OF_TURN_EFFECTS = ("doublons", "draw", "gold")

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
        "icroe": 0,
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
    card["ability"] = dict(raw.get("ability", {}))
    card["ability_timing"] = str(
        raw.get("ability_timing", "battle" if card["ability"].keys() & {"power", "tap"} else "turn")
    )
    card["end_of_turn"] = dict(raw.get("end_of_turn", {}))
    _check_table(card, "ability", ABILITY_EFFECTS, where)
    _check_table(card, "end_of_turn", END_OF_TURN_EFFECTS, where)
    if card["ability_timing"] not in ABILITY_TIMINGS:
        raise CardError(f"card {card_id!r}{where}: ability_timing must be turn or battle")
    if card["ability_timing"] == "turn" and card["ability"].keys() & {"power", "tap"}:
        raise CardError(f"card {card_id!r}{where}: power and tap abilities are used in battle")
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


# -- a card's text, as printed where a player meets it ---------------------------------------------

_EFFECT_WORDS = {
    "doublons": "gain {n} doublons",
    "draw": "draw {n}",
    "untap": "untap one of your characters",
    "gold": "take {n} gold from the reserve",
    "power": "+{n} power to your fleet",
    "tap": "tap an untapped opposing character",
    "challenge": "a character of yours challenges an opposing one to a duel",
    "votes": "{n} votes for or against",
    "production": "+{n} doublons at your collection",
    "conquest": "+{n} conquest to your fleet in raids",
    "diplomacy": "+{n} diplomacy to your fleet in refutations",
}


def _effects(table: dict[str, int]) -> str:
    return ", ".join(_EFFECT_WORDS[k].format(n=v) for k, v in table.items() if v and k in _EFFECT_WORDS)


def _bonus(bonus: dict[str, int]) -> str:
    return ", ".join(f"{'+' if v >= 0 else ''}{v} {k}" for k, v in bonus.items() if v)


def card_text(card: Card) -> str:
    """What the card says, in one line: its kind, values and effects (the project's card text)."""
    kind = card.get("type", "")
    parts: list[str] = []
    if kind == "character":
        grade = f" {card['grade']}" if card.get("grade") else ""
        named = "named " if card.get("named") else ""
        parts.append(f"{named}{card.get('faction', '')}{grade} character")
        parts.append(
            f"cost {card.get('cost', 0)}, conquest {card.get('conquest', 0)}, diplomacy "
            f"{card.get('diplomacy', 0)}, combat {card.get('combat', 0)}, command {card.get('command', 0)}, "
            f"ransom {card.get('ransom', 0)}"
        )
        if card.get("votes"):
            parts.append(f"{card['votes']} votes")
    elif kind in ("haven", "territory"):
        unique = "unique " if card.get("unique") else ""
        parts.append(f"{unique}{kind}, {card.get('sea') or 'no sea'}")
        parts.append(
            f"production {card.get('production', 0)}, conquest {card.get('conquest', 0)}, "
            f"command {card.get('command', 0)}"
        )
    else:
        sub = card.get("kind", "")
        if sub in ("item", "support"):
            on = "a character" if sub == "item" or card.get("targets") == "character" else "a place"
            if sub == "support" and card.get("targets") == "any":
                on = "a character or a place"
            bonus = _bonus(card.get("bonus", {}))
            parts.append(f"{sub} on {on}, cost {card.get('cost', 0)}" + (f": {bonus}" if bonus else ""))
        elif sub == "agreement":
            terms = f", terms of trade {card['icroe']} doublon(s) a gold" if card.get("icroe") else ""
            parts.append(
                f"trade agreement: production {card.get('production', 0)}, "
                f"diplomacy {card.get('diplomacy', 0)}{terms}"
            )
        elif sub == "manoeuvre":
            parts.append(f"{card['battle']} {card['timing']} manoeuvre: {_effects(card.get('effect', {}))}")
        elif sub == "event":
            text = f"event, trigger {card.get('trigger', 1)}"
            if card.get("on_reveal"):
                text += f"; revealed: {_effects(card['on_reveal'])}"
            if card.get("while_active"):
                text += f"; while active: {_effects(card['while_active'])}"
            parts.append(text)
        else:
            parts.append(f"{sub}: {_effects(card.get('effect', {}))}")
    if card.get("ability"):
        when = (
            "in battle"
            if card.get("ability_timing") == "battle"
            else "at any time, your turn or an opponent's"
        )
        parts.append(f"ability (tap it, {when}): {_effects(card['ability'])}")
    if card.get("end_of_turn"):
        parts.append(f"at the end of your turn: {_effects(card['end_of_turn'])}")
    if card.get("duel"):
        spare = ", the loser is spared" if card.get("duel_effect") == "spare" else ""
        parts.append(f"duel {card['duel']}{spare}")
    return "; ".join(p for p in parts if p)


# -- a card's text in a reader's language ----------------------------------------------------------

#: what each effect does, in a sentence of the catalogue (``%(n)s``: its value)
_EFFECT_MESSAGES = {
    "doublons": N_("gain %(n)s doublons"),
    "draw": N_("draw %(n)s"),
    "untap": N_("untap one of your characters"),
    "gold": N_("take %(n)s gold from the reserve"),
    "power": N_("+%(n)s power to your fleet"),
    "tap": N_("tap an untapped opposing character"),
    "challenge": N_("a character of yours challenges an opposing one to a duel"),
    "votes": N_("%(n)s votes for or against"),
    "production": N_("+%(n)s doublons at your collection"),
    "conquest": N_("+%(n)s conquest to your fleet in raids"),
    "diplomacy": N_("+%(n)s diplomacy to your fleet in refutations"),
}
#: the values a bonus adds, said with the glossary's words
_BONUS_TERMS = ("conquest", "diplomacy", "combat", "command", "vote", "production", "pillage")


def _effects_in(table: dict[str, int], lang: Language) -> str:
    return ", ".join(
        lang._(_EFFECT_MESSAGES[k], n=v) for k, v in table.items() if v and k in _EFFECT_MESSAGES
    )


def _bonus_in(bonus: dict[str, int], lang: Language) -> str:
    def value(k: str) -> str:
        key = "vote" if k == "votes" else k
        return GLOSSARY.word(key, lang, 2 if key == "vote" else 1) if key in _BONUS_TERMS else k

    return ", ".join(f"{'+' if v >= 0 else ''}{v} {value(k)}" for k, v in bonus.items() if v)


def _word(key: str, lang: Language) -> str:
    return GLOSSARY.word(key, lang) if key in set(GLOSSARY.keys()) else key


def card_text_in(card: Card, lang: Language = ENGLISH) -> str:
    """:func:`card_text` in ``lang`` (the glossary's words and the catalogue's sentences)."""
    if lang.code == "en":
        return card_text(card)
    kind = card.get("type", "")
    parts: list[str] = []
    if kind == "character":
        head = lang.gettext(N_("named character")) if card.get("named") else _word("character", lang)
        if card.get("grade"):
            head += " " + _word(card["grade"], lang)
        if card.get("faction"):
            head += f" ({_word(card['faction'], lang)})"
        parts.append(head)
        parts.append(
            lang._(
                "cost %(cost)s, conquest %(conquest)s, diplomacy %(diplomacy)s, combat %(combat)s, "
                "command %(command)s, ransom %(ransom)s",
                **{
                    k: card.get(k, 0)
                    for k in ("cost", "conquest", "diplomacy", "combat", "command", "ransom")
                },
            )
        )
        if card.get("votes"):
            parts.append(f"{card['votes']} {GLOSSARY.word('vote', lang, int(card['votes']))}")
    elif kind in ("haven", "territory"):
        sea = _word(card["sea"], lang) if card.get("sea") else lang._("no sea")
        place = _word(kind, lang)
        parts.append(
            lang._("unique %(place)s, %(sea)s", place=place, sea=sea)
            if card.get("unique")
            else f"{place}, {sea}"
        )
        parts.append(
            lang._(
                "production %(production)s, conquest %(conquest)s, command %(command)s",
                **{k: card.get(k, 0) for k in ("production", "conquest", "command")},
            )
        )
    else:
        parts.append(_adventure_in(card, lang))
    if card.get("ability"):
        effects = _effects_in(card["ability"], lang)
        if card.get("ability_timing") == "battle":
            parts.append(lang._("ability (tap it, in battle): %(effects)s", effects=effects))
        else:
            parts.append(
                lang._(
                    "ability (tap it, at any time, your turn or an opponent's): %(effects)s", effects=effects
                )
            )
    if card.get("end_of_turn"):
        parts.append(
            lang._("at the end of your turn: %(effects)s", effects=_effects_in(card["end_of_turn"], lang))
        )
    if card.get("duel"):
        if card.get("duel_effect") == "spare":
            parts.append(lang._("duel %(n)s, the loser is spared", n=card["duel"]))
        else:
            parts.append(lang._("duel %(n)s", n=card["duel"]))
    return "; ".join(p for p in parts if p)


def _adventure_in(card: Card, lang: Language) -> str:
    sub = card.get("kind", "")
    if sub in ("item", "support"):
        targets = "character" if sub == "item" else card.get("targets")
        on = {
            "character": N_("on a character"),
            "place": N_("on a place"),
            "any": N_("on a character or a place"),
        }.get(str(targets), N_("on a place"))
        bonus = _bonus_in(card.get("bonus", {}), lang)
        text = f"{_word(sub, lang)} {lang.gettext(on)}, " + lang._("cost %(cost)s", cost=card.get("cost", 0))
        return text + (f" : {bonus}" if bonus else "")
    if sub == "agreement":
        text = lang._(
            "trade agreement: production %(production)s, diplomacy %(diplomacy)s",
            production=card.get("production", 0),
            diplomacy=card.get("diplomacy", 0),
        )
        if card.get("icroe"):
            text += lang._(", terms of trade %(n)s doublon(s) a gold", n=card["icroe"])
        return text
    if sub == "manoeuvre":
        manoeuvre = {
            ("tactical", "battle"): N_("tactical battle manoeuvre"),
            ("tactical", "engagement"): N_("tactical engagement manoeuvre"),
            ("economic", "battle"): N_("economic battle manoeuvre"),
            ("economic", "engagement"): N_("economic engagement manoeuvre"),
        }.get((card.get("battle"), card.get("timing")), N_("battle manoeuvre"))
        return f"{lang.gettext(manoeuvre)} : {_effects_in(card.get('effect', {}), lang)}"
    if sub == "event":
        text = lang._("event, trigger %(n)s", n=card.get("trigger", 1))
        if card.get("on_reveal"):
            text += lang._("; revealed: %(effects)s", effects=_effects_in(card["on_reveal"], lang))
        if card.get("while_active"):
            text += lang._("; while active: %(effects)s", effects=_effects_in(card["while_active"], lang))
        return text
    return f"{_word(sub, lang)} : {_effects_in(card.get('effect', {}), lang)}"
