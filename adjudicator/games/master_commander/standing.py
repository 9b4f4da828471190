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
* ``standing pass manoeuvres [below <n>]``: pass in every battle; with ``below <n>``, play the most
  powerful playable manoeuvre of power n or more and pass otherwise (a tap or challenge manoeuvre
  has no power); never asked either way, so that being asked tells nothing of the hand;
* ``standing pass reactions [below <n>]``: never plays a political reaction, or none worth less than
  n votes; a hand is secret, so with ``below <n>`` a player holding cards is still asked (see
  ``sealed.may_react``);
* ``standing oppose with all``: every defence opposes with every character that may engage
  (capture best, no ally asked);
* ``standing bid <n>``: every rally bid (rallying or holding) is n doublons, or what the player
  holds if less;
* ``standing offer ransom for mine``: in a ransom auction, offer the printed ransom for one's own
  captive character and no offer for anyone else's; ``standing offer nothing``: never offer;
* ``standing vote against others`` / ``standing abstain on others``: in a referendum another seat
  proposes (and no ``standing vote for`` that seat), every character votes against / abstains, and
  the player has finished voting.

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
    "oppose-all": "defend",
    "bid": "bid",
    "offer-mine": "offer",
    "offer-none": "offer",
    "against-others": "vote-others",
    "abstain-others": "vote-others",
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
        answer = _defence(table, seat)
    elif kind == "ally":
        given = standing_of(table, seat, "ally")
        if given and given["what"] == "never-ally":
            answer = [{"verb": "decline"}]
        elif given and given["seat"] == context["main"]:
            from adjudicator.games.master_commander.battle import eligible

            answer = [{"verb": "send", "with": [f"#{u}" for u in eligible(table, seat)]}]
    elif kind == "manoeuvre":
        answer = manoeuvre_standing(table, seat)
    elif kind == "choice" and standing_of(table, seat, "choice"):
        answer = [{"verb": "sell", "to": context["best"]}]
    if answer is not None:
        table.tell(f"{seat}'s standing answer: {_describe(answer)}.", "standing")
    return answer


def manoeuvre_standing(table: Table, seat: str) -> list[Order] | None:
    """``standing pass manoeuvres``: pass. ``standing pass manoeuvres below <n>``: play the most
    powerful playable manoeuvre (or battle ability) of power n or more, else pass. Either way the
    player is not asked, whatever its hand holds: whether it is asked never depends on its hand
    (the book reveals a card when it is played, not when it is held). None without such an answer."""
    given = standing_of(table, seat, "manoeuvres")
    if not given:
        return None
    below = given.get("below")
    if below is None:
        return [{"verb": "pass"}]
    from adjudicator.games.master_commander.battle import playable_manoeuvres

    best: tuple[int, str] | None = None
    for uid in playable_manoeuvres(table, seat):  # hand order, then cards in play: game facts only
        power = int((table.card(uid).get("effect") or table.card(uid).get("ability") or {}).get("power", 0))
        if power >= below and (best is None or power > best[0]):
            best = (power, uid)
    if best is None:
        return [{"verb": "pass"}]
    verb = "play" if best[1] in table.player(seat)["hand"] else "use"
    return [{"verb": verb, "card": f"#{best[1]}"}]


def passes_manoeuvres(table: Table, seat: str) -> bool:
    """True if the player's standing answer passes in this battle (it tells nothing: a test)."""
    answer = manoeuvre_standing(table, seat)
    return answer is not None and answer[0]["verb"] == "pass"


def _defence(table: Table, seat: str) -> list[Order]:
    """``standing never oppose`` or ``standing oppose with all`` as the orders of a defence."""
    given = standing_of(table, seat, "defend")
    assert given is not None
    if given["what"] == "never-oppose":
        return [{"verb": "no-opposition"}]
    from adjudicator.games.master_commander.battle import eligible

    ready = eligible(table, seat)
    return [{"verb": "oppose", "with": [f"#{u}" for u in ready]}] if ready else [{"verb": "no-opposition"}]


def standing_bid(table: Table, seat: str) -> int | None:
    """``standing bid <n>``: the player's rally bid, at most what it holds; None: it is asked."""
    given = standing_of(table, seat, "bid")
    if not given:
        return None
    return min(int(given["amount"]), table.player(seat)["doublons"])


def standing_offer(table: Table, seat: str, captive: str) -> list[Order] | None:
    """The offer a standing answer gives in a ransom auction, or None if the player must be asked."""
    given = standing_of(table, seat, "offer")
    if not given:
        return None
    if given["what"] == "offer-mine" and table.owner(captive) == seat:
        return [{"verb": "offer", "amount": int(table.card(captive)["ransom"]), "then": "return"}]
    return [{"verb": "no-offer"}]


def vote_on_others(table: Table, seat: str, proposer: str) -> str | None:
    """``against`` or ``abstain`` when a standing answer settles a referendum ``proposer`` opened."""
    given = standing_of(table, seat, "vote-others")
    if not given or proposer == seat:
        return None
    return "against" if given["what"] == "against-others" else "abstain"


def vote_for(table: Table, seat: str, proposer: str) -> bool:
    given = standing_of(table, seat, "vote")
    return bool(given) and given["seat"] == proposer


def _describe(orders: list[Order]) -> str:
    from adjudicator.games.master_commander.orders import order_text

    return "; ".join(order_text(o) for o in orders)
