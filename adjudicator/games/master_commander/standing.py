"""Standing answers: what a player answers in advance, so a request is answered before it is asked.

By email every question costs a day. A player may give, in any submission, ``standing`` lines that
answer the matching requests of later moments until changed (a new line of the same kind replaces
the old one; ``standing clear`` forgets them all):

* ``standing never oppose``: every defence is ``no opposition`` (capture best);
* ``standing ally with <seat>``: when that seat asks for help, send every character that may engage;
  ``standing never ally``: decline every request for help;
* ``standing vote for <seat>``: in a referendum that seat proposes, every character votes for, and
  the player has finished voting;
* ``standing sell to best offer``: as captor of a ransom auction, sell to the best offer;
* ``standing pass manoeuvres [below <n>]``: pass in every battle, or only when no playable manoeuvre
  has a power of n or more (a tap or challenge manoeuvre has no power);
* ``standing pass reactions [below <n>]``: never asked to play a political reaction, or only when
  holding one worth n votes or more.

A standing answer applies from the moment the submission holding it is resolved; the report says
each time one answers for a player.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.master_commander.table import Refused, Table

Order = dict[str, Any]

#: the standing answers of each kind replace one another
SLOT = {
    "never-oppose": "defend",
    "ally": "ally",
    "never-ally": "ally",
    "vote": "vote",
    "sell-best": "choice",
    "pass-manoeuvres": "manoeuvres",
    "pass-reactions": "reactions",
}


def check_standing(table: Table, order: Order) -> None:
    """A standing answer naming a seat must name a real one."""
    if order["what"] in ("ally", "vote"):
        table.seat_named(order["seat"])


def record(table: Table, seat: str, orders: list[Order]) -> None:
    """Keep the standing answers of a resolved submission (a bad one is reported and dropped)."""
    for order in orders:
        if order["verb"] != "standing":
            continue
        mine = table.state.setdefault("standing", {}).setdefault(seat, {})
        if order["what"] == "clear":
            mine.clear()
            table.tell(f"{seat} withdraws its standing answers.", "standing", (seat,))
            continue
        try:
            check_standing(table, order)
        except Refused as refused:
            table.tell(f"{seat}'s standing answer is dropped: {refused.message}.", "order-skipped", (seat,))
            continue
        kept = {k: v for k, v in order.items() if k != "line"}
        if "seat" in kept:
            kept["seat"] = table.seat_named(kept["seat"])
        mine[SLOT[order["what"]]] = kept
        from adjudicator.games.master_commander.orders import order_text

        table.tell(f"{seat} gives the standing answer '{order_text(order)}'.", "standing", (seat,))


def standing_of(table: Table, seat: str, slot: str) -> Order | None:
    return table.state.get("standing", {}).get(seat, {}).get(slot)


def standing_answer(table: Table, seat: str, kind: str, **context: Any) -> list[Order] | None:
    """The orders a standing answer gives for this request, or None if the player must be asked."""
    answer: list[Order] | None = None
    if kind == "defend" and standing_of(table, seat, "defend"):
        answer = [{"verb": "no-opposition"}]
    elif kind == "ally":
        given = standing_of(table, seat, "ally")
        if given and given["what"] == "never-ally":
            answer = [{"verb": "decline"}]
        elif given and given["seat"] == context["main"]:
            from adjudicator.games.master_commander.battle import eligible

            answer = [{"verb": "send", "with": [f"#{u}" for u in eligible(table, seat)]}]
    elif kind == "manoeuvre":
        given = standing_of(table, seat, "manoeuvres")
        if given:
            from adjudicator.games.master_commander.battle import playable_manoeuvres

            below = given.get("below")
            powers = [
                int((table.card(u).get("effect") or table.card(u).get("ability") or {}).get("power", 0))
                for u in playable_manoeuvres(table, seat)
            ]
            if below is None or all(p < below for p in powers):
                answer = [{"verb": "pass"}]
    elif kind == "choice" and standing_of(table, seat, "choice"):
        answer = [{"verb": "sell", "to": context["best"]}]
    if answer is not None:
        table.tell(f"{seat}'s standing answer: {_describe(answer)}.", "standing")
    return answer


def passes_reactions(table: Table, seat: str, playable: list[str]) -> bool:
    """True if the player's standing answer passes every political reaction it could play now."""
    given = standing_of(table, seat, "reactions")
    if not given:
        return False
    below = given.get("below")
    return below is None or all(
        int(table.card(u).get("effect", {}).get("votes", 0)) < below for u in playable
    )


def vote_for(table: Table, seat: str, proposer: str) -> bool:
    given = standing_of(table, seat, "vote")
    return bool(given) and given["seat"] == proposer


def _describe(orders: list[Order]) -> str:
    from adjudicator.games.master_commander.orders import order_text

    return "; ".join(order_text(o) for o in orders)
