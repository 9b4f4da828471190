"""Abilities of cards in play outside their controller's preparation interval and its battles.

« Un joueur peut utiliser des effets de cartes en jeu qu'il contrôle durant son tour ou celui d'un
adversaire. Si aucune phase n'est précisée sur la carte, vous pouvez l'utiliser à votre grés lors de
n'importe quelle phase » (book, "Timing"). A card's ``turn`` ability (draw, doublons, gold: no phase
printed, not a battle effect) may therefore be used by its controller at any time. By email a player is
asked nothing during an opponent's turn unless it takes part in a sealed moment, so the project gives it
two ways that add no request:

* ``use <card>`` in **any answer** it gives (a bid, a ballot, a defence, an ally's answer, a duel step,
  a ransom answer, an offer, a captor's choice) — its own turn's orders already accept it, at any phase.
  The ability is resolved when that answer is resolved, before the rest of the answer (so the doublons
  or gold it gives can pay an offer or a bid); answers resolved together use their abilities in turn
  order from the active player.
* a **standing answer** ``standing use <card> at start of opponents' turns`` or ``... at end of
  opponents' turns`` (the default moment is the end; ``standing stop using <card>`` withdraws it): the
  referee uses the card for it at that moment of every opponent's turn, if the card is then untapped and
  still its. The start is after the opponent's event phase, before its orders; the end is in its end of
  turn, after its end-of-turn effects. Several players' standing uses run in turn order from the active
  player, each player's cards in play order.

Using an ability taps the card, as in one's own turn (« Inclinez »): a tapped card cannot be used again
until its controller's return to port, so a card is used at most once between two of its controller's
turns, wherever that use happens; a character tapped for its ability cannot engage, defend or vote until
then (characters in activity vote tapped or not, as the book says nothing against it).
A ``battle`` ability (power, tap) is used in the manoeuvre segment of a battle its controller takes part
in (see battle.py), its own turn or not.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.master_commander.table import Refused, Table

Order = dict[str, Any]

#: the sealed answers in which ``use <card>`` is an out-of-turn ability (a manoeuvre answer's ``use``
#: is a battle play, the turn's own ``use`` an order of the turn)
ANSWER_KINDS = ("bid", "vote", "defend", "ally", "duel", "ransom", "offer", "choice")
MOMENTS = ("start", "end")


def turn_ability_card(table: Table, seat: str, text: str) -> str:
    """The untapped card of ``seat`` in play with an ability usable outside battles, named by ``text``."""
    from adjudicator.games.master_commander.phases import usable

    try:
        return table.find(
            text, usable(table, seat, "turn"), "an untapped card of yours in play with an ability"
        )
    except Refused as refused:
        try:
            other = table.find(text, table.in_play(seat), "a card of yours in play")
        except Refused:
            raise refused from None
        card = table.card(other)
        if not card.get("ability"):
            raise Refused(f"{table.name(other)} has no ability", refused.suggestion) from None
        if card.get("ability_timing") == "battle":
            raise Refused(
                f"{table.name(other)}'s ability is a battle ability",
                "use it in the manoeuvre segment of a battle you take part in",
            ) from None
        raise Refused(f"{table.name(other)} is tapped until your return to port") from None


def use_ability(table: Table, seat: str, uid: str, why: str = "") -> None:
    """Tap the card and resolve its ability (« Résolvez l'effet immédiatement »)."""
    from adjudicator.games.master_commander.phases import resolve_effects

    table.inst(uid)["tapped"] = True
    when = f" ({why})" if why else ""
    table.tell(f"{seat} taps {table.described(uid)} and uses its ability{when}.", "ability", card=uid)
    resolve_effects(table, seat, table.card(uid)["ability"], None, table.name(uid))


def check_answer_uses(table: Table, seat: str, kind: str, orders: list[Order]) -> list[tuple[Order, Refused]]:
    """The ``use`` lines of a sealed answer, checked and applied in written order on the (dry) table."""
    bad: list[tuple[Order, Refused]] = []
    if kind not in ANSWER_KINDS:
        return bad
    for order in orders:
        if order["verb"] != "use":
            continue
        try:
            if "target" in order:
                raise Refused(
                    "an ability used outside battles has no target", f"use {order['card']}", "invalid"
                )
            uid = turn_ability_card(table, seat, order["card"])
            use_ability(table, seat, uid)
        except Refused as refused:
            bad.append((order, refused))
    return bad


def apply_answer_uses(
    table: Table, asks: list[dict[str, Any]], answers: dict[str, list[Order]]
) -> dict[str, list[Order]]:
    """Resolve the ``use`` lines of the answers being resolved (turn order from the active player) and
    return the answers without them, for the moment's own resolver."""
    by_seat = {a["seat"]: a for a in asks if a["kind"] in ANSWER_KINDS}
    if not by_seat:
        return answers
    active = table.state.get("active") or table.order[0]
    for seat in table.seats_from(active):
        a = by_seat.get(seat)
        if a is None:
            continue
        for order in answers.get(a["key"], []):
            if order["verb"] != "use":
                continue
            try:
                uid = turn_ability_card(table, seat, order["card"])
            except Refused as refused:
                table.tell(f"{seat}'s 'use {order['card']}' is skipped: {refused.message}.", "order-skipped")
                continue
            use_ability(table, seat, uid, "out of its turn" if seat != table.state.get("active") else "")
    kinds = {a["key"] for a in by_seat.values()}
    return {k: [o for o in v if o["verb"] != "use"] if k in kinds else v for k, v in answers.items()}


# -- standing uses -------------------------------------------------------------------------------


def check_standing_use(table: Table, seat: str, order: Order) -> str:
    """The card a standing use names: in play, controlled by ``seat``, with an ability outside battles
    (it may be tapped now: it is used when it is untapped at the moment)."""
    uid = table.find(order["card"], table.in_play(seat), "a card of yours in play")
    card = table.card(uid)
    if not card.get("ability") or card.get("ability_timing") == "battle":
        raise Refused(
            f"{table.name(uid)} has no ability usable outside battles",
            "name a card whose ability draws, gives doublons or gold",
        )
    return uid


def record_standing_use(table: Table, seat: str, order: Order) -> None:
    uid = check_standing_use(table, seat, order)
    mine = table.state.setdefault("standing", {}).setdefault(seat, {})
    if order["moment"] == "never":
        mine.pop(f"use:{uid}", None)
    else:
        mine[f"use:{uid}"] = {"verb": "standing-use", "card": uid, "moment": order["moment"]}


def standing_uses(table: Table, moment: str) -> None:
    """At the ``moment`` (start / end) of the active player's turn: every other player's standing uses."""
    active = table.state.get("active")
    if active is None or table.state.get("outcome"):
        return
    for seat in table.seats_from(active)[1:]:
        mine = table.state.get("standing", {}).get(seat, {})
        if not any(k.startswith("use:") for k in mine):
            continue
        for uid in table.in_play(seat):
            given = mine.get(f"use:{uid}")
            if not given or given["moment"] != moment or table.inst(uid)["tapped"]:
                continue
            table.tell(
                f"{seat}'s standing answer: use {table.name(uid)} at the {moment} of {active}'s turn.",
                "standing",
            )
            use_ability(table, seat, uid, "out of its turn")
