"""The table as text, from a seat's view: the Company and its ICROE, then each player's area."""

from __future__ import annotations

from typing import Any

from adjudicator.games.releases.v0_1_0.master_commander.cards import BARREN_ISLAND, NEW_RECRUIT
from adjudicator.games.releases.v0_1_0.master_commander.icroe import ICROE_TABLE, icroe


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


def _with_attachments(view: dict[str, Any], uid: str) -> str:
    text = _name(view, uid)
    attached = _inst(view, uid).get("attached", [])
    if attached:
        text += " [" + ", ".join(_name(view, a) for a in attached) + "]"
    return text


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
        lines.append(f"   haven: {_with_attachments(view, p['haven'])}")
        terr = [
            f"{_with_attachments(view, u)} [{_card(view, u).get('sea') or 'no sea'}]"
            for u in p["territories"]
        ]
        lines.append(f"   territories: {', '.join(terr) or '-'}")
        lines.append(f"   in activity: {'; '.join(_character(view, u) for u in p['characters']) or '-'}")
        if p["agreements"]:
            lines.append(f"   agreements: {', '.join(_name(view, u) for u in p['agreements'])}")
        if p["captured"]:
            lines.append(f"   captives: {', '.join(_name(view, u) for u in p['captured'])}")
        lines.append(f"   tavern: {', '.join(_character(view, u) for u in p['tavern']) or '-'}")
        if p["active_event"]:
            lines.append(f"   active event: {_name(view, p['active_event'])}")
        you = view.get("you") or {}
        if p["event"]:
            ev = you["event"] if you.get("seat") == seat and you.get("event") else p["event"]
            shown = _name(view, ev["uid"]) if "uid" in ev else "face down"
            lines.append(f"   face-down event: {shown}, {ev['tokens']} token(s)")
        if p["dead"]:
            lines.append(f"   dead: {', '.join(_name(view, u) for u in p['dead'])}")
        hand = you["hand"] if you.get("seat") == seat else p["hand"]
        shown_hand = ", ".join(_name(view, u) for u in hand) if isinstance(hand, list) else f"{hand} cards"
        lines.append(
            f"   hand: {shown_hand}; deck {_count(p['deck'])}, discard {len(p['discard'])}, "
            f"crew pile {_count(p['crew'])}, exploration pile {_count(p['exploration'])}"
        )
    battle = view.get("battle")
    if battle:
        lines.append("")
        lines.append(
            f"Battle ({battle['type']}) for {_name(view, battle['target'])}: {battle['attacker']} attacks "
            f"{battle['defender']}, round {battle['round']}"
        )
        for side in ("attacker", "defender"):
            fleet = ", ".join(_name(view, u) for u in battle["fleet"][side]) or "-"
            lines.append(f"   {side}: {fleet}; manoeuvre power +{battle['power'][side]}")
    outcome = view.get("outcome")
    if outcome:
        lines.append("")
        lines.append(f"Game over: {', '.join(outcome['winners'])} ({outcome['reason']})")
    return "\n".join(lines)
