"""The table as text, from a seat's view: the Company and its ICROE, then each player's area.

Written in the reader's language: the glossary names the game's things, the catalogue the rest; in
English every line is the very text the game has always printed.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.language import ENGLISH, N_, Language, fold
from adjudicator.games.master_commander.cards import BARREN_ISLAND, NEW_RECRUIT, card_text_in
from adjudicator.games.master_commander.glossary import GLOSSARY
from adjudicator.games.master_commander.icroe import ICROE_TABLE, icroe
from adjudicator.games.master_commander.terms import described_terms


def _inst(view: dict[str, Any], uid: str) -> dict[str, Any]:
    inst = view["cards"].get(uid)
    if inst is None and view.get("you"):
        inst = view["you"].get("cards", {}).get(uid)
    return inst or {}


def _card(view: dict[str, Any], uid: str) -> dict[str, Any]:
    inst = _inst(view, uid) or None
    if inst is None:
        return {"name": "?"}
    if inst.get("recruit"):
        return NEW_RECRUIT
    if inst.get("barren"):
        return BARREN_ISLAND
    return view["catalogue"][inst["id"]]


def _word(value: str, lang: Language) -> str:
    """A word of the game's data (a faction, a grade, a sea, a side) in ``lang``: the glossary's."""
    if lang.code == "en" or not value or GLOSSARY.key(value) is None:
        return value
    return GLOSSARY.word(str(GLOSSARY.key(value)), lang)


def _name(view: dict[str, Any], uid: str, lang: Language = ENGLISH) -> str:
    inst = _inst(view, uid)
    tapped = lang._(" (tapped)") if inst.get("tapped") else ""
    return f"{_card(view, uid)['name']} #{uid}{tapped}"


def _text(view: dict[str, Any], uid: str, lang: Language = ENGLISH) -> str:
    """A card's name with its text (what it does), where a player meets it."""
    card = _card(view, uid)
    if "id" not in card:
        return _name(view, uid, lang)
    terms = _inst(view, uid).get("terms")
    text = card_text_in(card, lang) + (f"; {described_terms(terms, lang)}" if terms else "")
    return f"{_name(view, uid, lang)} ({text})"


def _with_attachments(view: dict[str, Any], uid: str, lang: Language) -> str:
    text = _name(view, uid, lang)
    attached = _inst(view, uid).get("attached", [])
    if attached:
        text += " [" + "; ".join(_text(view, a, lang) for a in attached) + "]"
    return text


def _place(view: dict[str, Any], uid: str, lang: Language = ENGLISH) -> str:
    """A haven or territory with its values: sea, production, conquest, command, attachments."""
    c = _card(view, uid)
    values = lang._(
        "%(sea)s, production %(production)s, conquest %(conquest)s, command %(command)s",
        sea=_word(c.get("sea") or "", lang) or lang._("no sea"),
        production=c.get("production", 0),
        conquest=c.get("conquest", 0),
        command=c.get("command", 0),
    )
    return f"{_with_attachments(view, uid, lang)} ({values})"


#: What the letters of a character's values stand for (printed once under every board that uses them).
STAT_LEGEND = N_("Character values: C conquest, D diplomacy, F combat (fighting), Cmd command.")


def _character(view: dict[str, Any], uid: str, lang: Language = ENGLISH) -> str:
    c = _card(view, uid)
    grade = f" {_word(c.get('grade') or '', lang)}" if c.get("grade") else ""
    stats = f"C{c.get('conquest', 0)} D{c.get('diplomacy', 0)} F{c.get('combat', 0)} Cmd{c.get('command', 0)}"
    return f"{_with_attachments(view, uid, lang)} ({_word(c.get('faction', ''), lang)}{grade}, {stats})"


def _count(value: Any) -> int:
    return value if isinstance(value, int) else len(value)


#: a battle's stage as the board names it in a language other than English (English: its id)
_STAGES = {
    "attacker-allies": N_("the attacker's allies"),
    "defend": N_("the defence"),
    "defender-allies": N_("the defender's allies"),
}


def _stage(stage: str, lang: Language) -> str:
    if lang.code == "en":
        return stage
    if stage in _STAGES:
        return lang.gettext(_STAGES[stage])
    segment = {"engagement": "engagement-segment", "manoeuvres": "manoeuvre-segment"}.get(stage)
    return GLOSSARY.word(segment, lang) if segment else stage


def board_text(view: dict[str, Any], lang: Language = ENGLISH) -> str:
    lines: list[str] = []
    stock = int(view.get("company_gold", 0))
    rates = ", ".join(f"{least}+: {rate}" for least, rate in ICROE_TABLE)
    lines.append(
        lang._(
            "India Company: %(stock)s gold in stock, ICROE %(rate)s doublons a gold  (%(rates)s)",
            stock=stock,
            rate=icroe(stock),
            rates=rates,
        )
    )
    if view.get("active"):
        lines.append(
            lang._(
                "Turn %(turn)s, round %(round)s: %(seat)s is the active player",
                turn=view.get("turn"),
                round=view.get("round"),
                seat=view["active"],
            )
        )
    for seat in view.get("order", []):
        lines.append("")
        lines.extend(_player_lines(view, seat, lang))
    battle = view.get("battle")
    if battle:
        lines.append("")
        kind = battle["type"] if lang.code == "en" else GLOSSARY.word(f"{battle['type']}-battle", lang)
        lines.append(
            lang._(
                "Battle (%(type)s) for %(target)s: %(attacker)s attacks %(defender)s, %(stage)s",
                type=kind,
                target=_name(view, battle["target"], lang),
                attacker=battle["attacker"],
                defender=battle["defender"],
                stage=_stage(battle["stage"], lang),
            )
        )
        for side in ("attacker", "defender"):
            fleet = ", ".join(_name(view, u, lang) for u in battle["fleet"][side]) or "-"
            lines.append(
                lang._(
                    "   %(side)s: %(fleet)s; manoeuvre power +%(power)s",
                    side=_word(side, lang),
                    fleet=fleet,
                    power=battle["power"][side],
                )
            )
    referendum = view.get("referendum")
    if referendum:
        lines.append("")
        tally = referendum["tally"]
        lines.append(
            lang._(
                "Referendum on %(card)s: %(yes)s for, %(no)s against so far",
                card=_text(view, referendum["agreement"], lang),
                yes=tally["for"],
                no=tally["against"],
            )
        )
    if any(p["characters"] or p["tavern"] for p in view["players"].values()):
        lines.append("")
        lines.append(lang.gettext(STAT_LEGEND))
    standing = (view.get("you") or {}).get("standing") or {}
    if standing:
        from adjudicator.games.master_commander.orders import order_words

        lines.append("")
        lines.append(
            lang._("Your standing answers: ") + "; ".join(order_words(o, lang) for o in standing.values())
        )
    outcome = view.get("outcome")
    if outcome:
        from adjudicator.games.master_commander.speech import outcome as reason

        lines.append("")
        lines.append(
            lang._(
                "Game over: %(winners)s (%(reason)s)",
                winners=", ".join(outcome["winners"]),
                reason=reason(outcome["reason"], lang),
            )
        )
    return "\n".join(lines)


#: the packaged decks' names (the record keeps the English one), said in a reader's language
DECK_NAMES = {
    "Spanish navy": N_("Spanish navy"),
    "English navy": N_("English navy"),
    "French navy": N_("French navy"),
    "Brethren of the Coast": N_("Brethren of the Coast"),
    "Buccaneers": N_("Buccaneers"),
    "Filibusters (the project's own deck)": N_("Filibusters (the project's own deck)"),
    "Ghost ship (the project's own deck)": N_("Ghost ship (the project's own deck)"),
    "Slavers (the project's own deck)": N_("Slavers (the project's own deck)"),
    "Smugglers (the project's own deck)": N_("Smugglers (the project's own deck)"),
}


def _player_lines(view: dict[str, Any], seat: str, lang: Language) -> list[str]:
    """A player's area: its haven, territories, characters, agreements, captives, tavern, events,
    dead, hand and piles."""
    p = view["players"][seat]
    deck = str(p.get("deck_name", ""))
    faction = _word(p["faction"], lang)
    if lang.code != "en" and deck in DECK_NAMES:
        deck = lang.gettext(DECK_NAMES[deck])
    if lang.code != "en" and fold(deck) == fold(faction):  # « marine espagnole » once, not twice
        heading = lang._(
            "== %(seat)s (%(faction)s): %(gold)s gold, %(doublons)s doublons",
            seat=seat,
            faction=deck,
            gold=p["gold"],
            doublons=p["doublons"],
        )
    else:
        heading = lang._(
            "== %(seat)s (%(deck)s, %(faction)s): %(gold)s gold, %(doublons)s doublons",
            seat=seat,
            deck=deck,
            faction=faction,
            gold=p["gold"],
            doublons=p["doublons"],
        )
    lines = [heading]
    lines.append(lang._("   haven: %(place)s", place=_place(view, p["haven"], lang)))
    terr = [_place(view, u, lang) for u in p["territories"]]
    lines.append(lang._("   territories: %(places)s", places="; ".join(terr) or "-"))
    active = "; ".join(_character(view, u, lang) for u in p["characters"]) or "-"
    lines.append(lang._("   in activity: %(characters)s", characters=active))
    if p["agreements"]:
        agreements = "; ".join(_text(view, u, lang) for u in p["agreements"])
        lines.append(lang._("   agreements: %(cards)s", cards=agreements))
    if p["captured"]:
        captives = ", ".join(_name(view, u, lang) for u in p["captured"])
        lines.append(lang._("   captives: %(names)s", names=captives))
    tavern = ", ".join(_character(view, u, lang) for u in p["tavern"]) or "-"
    lines.append(lang._("   tavern: %(characters)s", characters=tavern))
    if p["active_event"]:
        lines.append(lang._("   active event: %(card)s", card=_text(view, p["active_event"], lang)))
    you = view.get("you") or {}
    if p["event"]:
        ev = you["event"] if you.get("seat") == seat and you.get("event") else p["event"]
        shown = _text(view, ev["uid"], lang) if "uid" in ev else lang._("face down")
        lines.append(
            lang._("   face-down event: %(card)s, %(tokens)s token(s)", card=shown, tokens=ev["tokens"])
        )
    if p["dead"]:
        lines.append(lang._("   dead: %(names)s", names=", ".join(_name(view, u, lang) for u in p["dead"])))
    hand = you["hand"] if you.get("seat") == seat else p["hand"]
    held = len(hand) if isinstance(hand, list) else hand
    lines.append(
        lang._(
            "   hand: %(hand)s cards; deck %(deck)s, discard %(discard)s, crew pile %(crew)s, "
            "exploration pile %(exploration)s",
            hand=held,
            deck=_count(p["deck"]),
            discard=len(p["discard"]),
            crew=_count(p["crew"]),
            exploration=_count(p["exploration"]),
        )
    )
    if isinstance(hand, list):
        lines.extend(f"     - {_text(view, u, lang)}" for u in hand)
    return lines


def private_text(view: dict[str, Any], lang: Language = ENGLISH) -> str:
    """What only the seat of ``view`` sees and the board does not show: its face-down duel cards and
    the orders it wrote that still wait (its hand, event and standing answers are on the board)."""
    from adjudicator.games.master_commander.orders import order_words

    you = view.get("you") or {}
    lines: list[str] = []
    if you.get("duel_cards"):
        cards = ", ".join(_text(view, u, lang) for u in you["duel_cards"])
        lines.append(lang._("Your face-down duel cards: %(cards)s", cards=cards))
    waiting = [
        (N_("Your orders waiting for the rest of your turn: %(orders)s"), you.get("queue") or []),
        (N_("Your further plays written for this battle: %(orders)s"), you.get("written_plays") or []),
        (
            N_("Your answer written in case the players before you pass: %(orders)s"),
            you.get("conditional_answer") or [],
        ),
        (N_("Your duel steps written in advance: %(orders)s"), you.get("written_duel_steps") or []),
    ]
    for title, orders in waiting:
        if orders:
            lines.append(lang.gettext(title) % {"orders": "; ".join(order_words(o, lang) for o in orders)})
    return "\n".join(lines)
