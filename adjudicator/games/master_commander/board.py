"""The table as text, from a seat's view: the Company and its ICROE, then each player's area."""

from __future__ import annotations

from typing import Any

from adjudicator.games.master_commander.cards import BARREN_ISLAND, NEW_RECRUIT, card_text
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


def _name(view: dict[str, Any], uid: str) -> str:
    inst = _inst(view, uid)
    tapped = " (tapped)" if inst.get("tapped") else ""
    return f"{_card(view, uid)['name']} #{uid}{tapped}"


def _text(view: dict[str, Any], uid: str) -> str:
    """A card's name with its text (what it does), where a player meets it."""
    card = _card(view, uid)
    if "id" not in card:
        return _name(view, uid)
    terms = _inst(view, uid).get("terms")
    text = card_text(card) + (f"; {described_terms(terms)}" if terms else "")
    return f"{_name(view, uid)} ({text})"


def _with_attachments(view: dict[str, Any], uid: str) -> str:
    text = _name(view, uid)
    attached = _inst(view, uid).get("attached", [])
    if attached:
        text += " [" + "; ".join(_text(view, a) for a in attached) + "]"
    return text


def _place(view: dict[str, Any], uid: str) -> str:
    """A haven or territory with its values: sea, production, conquest, command, attachments."""
    c = _card(view, uid)
    values = (
        f"{c.get('sea') or 'no sea'}, production {c.get('production', 0)}, conquest "
        f"{c.get('conquest', 0)}, command {c.get('command', 0)}"
    )
    return f"{_with_attachments(view, uid)} ({values})"


#: What the letters of a character's values stand for (printed once under every board that uses them).
STAT_LEGEND = "Character values: C conquest, D diplomacy, F combat (fighting), Cmd command."


def _character(view: dict[str, Any], uid: str) -> str:
    c = _card(view, uid)
    grade = f" {c.get('grade')}" if c.get("grade") else ""
    stats = f"C{c.get('conquest', 0)} D{c.get('diplomacy', 0)} F{c.get('combat', 0)} Cmd{c.get('command', 0)}"
    return f"{_with_attachments(view, uid)} ({c.get('faction', '')}{grade}, {stats})"


def _count(value: Any) -> int:
    return value if isinstance(value, int) else len(value)


def board_text(view: dict[str, Any]) -> str:
    lines: list[str] = []
    stock = int(view.get("company_gold", 0))
    rates = ", ".join(f"{least}+: {rate}" for least, rate in ICROE_TABLE)
    lines.append(f"India Company: {stock} gold in stock, ICROE {icroe(stock)} doublons a gold  ({rates})")
    if view.get("active"):
        lines.append(
            f"Turn {view.get('turn')}, round {view.get('round')}: {view['active']} is the active player"
        )
    for seat in view.get("order", []):
        p = view["players"][seat]
        lines.append("")
        lines.append(
            f"== {seat} ({p.get('deck_name', '')}, {p['faction']}): "
            f"{p['gold']} gold, {p['doublons']} doublons"
        )
        lines.append(f"   haven: {_place(view, p['haven'])}")
        terr = [_place(view, u) for u in p["territories"]]
        lines.append(f"   territories: {'; '.join(terr) or '-'}")
        lines.append(f"   in activity: {'; '.join(_character(view, u) for u in p['characters']) or '-'}")
        if p["agreements"]:
            lines.append(f"   agreements: {'; '.join(_text(view, u) for u in p['agreements'])}")
        if p["captured"]:
            lines.append(f"   captives: {', '.join(_name(view, u) for u in p['captured'])}")
        lines.append(f"   tavern: {', '.join(_character(view, u) for u in p['tavern']) or '-'}")
        if p["active_event"]:
            lines.append(f"   active event: {_text(view, p['active_event'])}")
        you = view.get("you") or {}
        if p["event"]:
            ev = you["event"] if you.get("seat") == seat and you.get("event") else p["event"]
            shown = _text(view, ev["uid"]) if "uid" in ev else "face down"
            lines.append(f"   face-down event: {shown}, {ev['tokens']} token(s)")
        if p["dead"]:
            lines.append(f"   dead: {', '.join(_name(view, u) for u in p['dead'])}")
        hand = you["hand"] if you.get("seat") == seat else p["hand"]
        shown_hand = f"{len(hand)} cards" if isinstance(hand, list) else f"{hand} cards"
        lines.append(
            f"   hand: {shown_hand}; deck {_count(p['deck'])}, discard {len(p['discard'])}, "
            f"crew pile {_count(p['crew'])}, exploration pile {_count(p['exploration'])}"
        )
        if isinstance(hand, list):
            lines.extend(f"     - {_text(view, u)}" for u in hand)
    battle = view.get("battle")
    if battle:
        lines.append("")
        lines.append(
            f"Battle ({battle['type']}) for {_name(view, battle['target'])}: {battle['attacker']} attacks "
            f"{battle['defender']}, {battle['stage']}"
        )
        for side in ("attacker", "defender"):
            fleet = ", ".join(_name(view, u) for u in battle["fleet"][side]) or "-"
            lines.append(f"   {side}: {fleet}; manoeuvre power +{battle['power'][side]}")
    referendum = view.get("referendum")
    if referendum:
        lines.append("")
        tally = referendum["tally"]
        lines.append(
            f"Referendum on {_text(view, referendum['agreement'])}: {tally['for']} for, "
            f"{tally['against']} against so far"
        )
    if any(p["characters"] or p["tavern"] for p in view["players"].values()):
        lines.append("")
        lines.append(STAT_LEGEND)
    standing = (view.get("you") or {}).get("standing") or {}
    if standing:
        from adjudicator.games.master_commander.orders import order_text

        lines.append("")
        lines.append("Your standing answers: " + "; ".join(order_text(o) for o in standing.values()))
    outcome = view.get("outcome")
    if outcome:
        lines.append("")
        lines.append(f"Game over: {', '.join(outcome['winners'])} ({outcome['reason']})")
    return "\n".join(lines)


def private_text(view: dict[str, Any]) -> str:
    """What only the seat of ``view`` sees and the board does not show: its face-down duel cards and
    the orders it wrote that still wait (its hand, event and standing answers are on the board)."""
    from adjudicator.games.master_commander.orders import order_text

    you = view.get("you") or {}
    lines: list[str] = []
    if you.get("duel_cards"):
        lines.append("Your face-down duel cards: " + ", ".join(_text(view, u) for u in you["duel_cards"]))
    waiting = [
        ("Your orders waiting for the rest of your turn", you.get("queue") or []),
        ("Your further plays written for this battle", you.get("written_plays") or []),
        ("Your answer written in case the players before you pass", you.get("conditional_answer") or []),
        ("Your duel steps written in advance", you.get("written_duel_steps") or []),
    ]
    for title, orders in waiting:
        if orders:
            lines.append(f"{title}: " + "; ".join(order_text(o) for o in orders))
    return "\n".join(lines)
