"""The sealed moments outside battles: mulligan, rally bids, the referendum, ransoms.

Each ``open_*`` function records in ``state["pending"]`` what is awaited and asks each seat that
must decide (``asks``: one request each, with its default); the matching ``resolve_*`` reveals
every answer together. In a dry run (``check``) nothing is opened.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.releases.v0_1_0.master_commander.table import HAND_SIZE, Refused, Table

Order = dict[str, Any]


def ask(key: str, seat: str, kind: str, default: str, label: str, prompt: str) -> dict[str, str]:
    return {"key": key, "seat": seat, "kind": kind, "default": default, "label": label, "prompt": prompt}


# -- the mulligan ("Une seule fois, un joueur peut refaire sa main") -------------------------------


def open_mulligan(table: Table) -> None:
    table.state["pending"] = {
        "kind": "mulligan",
        "asks": [
            ask(
                f"mulligan:{s}",
                s,
                "mulligan",
                "keep",
                f"Mulligan, {s}",
                "Keep your opening hand, or put cards under your deck and draw back to 6: "
                "'keep', 'mulligan all' or 'mulligan <card>, <card>'.",
            )
            for s in table.order
        ],
    }


def mulligan_cards(table: Table, seat: str, orders: list[Order]) -> list[str]:
    hand = list(table.player(seat)["hand"])
    chosen: list[str] = []
    for order in orders:
        if order["verb"] != "mulligan":
            continue
        if order["cards"] == ["all"]:
            return hand
        for text in order["cards"]:
            chosen.append(table.find(text, [u for u in hand if u not in chosen], "a card in your hand"))
    return chosen


def resolve_mulligan(table: Table, answers: dict[str, list[Order]]) -> None:
    """Cards put under the deck, then draw back to 6 cards."""
    for seat in table.order:
        try:
            cards = mulligan_cards(table, seat, answers.get(f"mulligan:{seat}", []))
        except Refused:
            cards = []
        p = table.player(seat)
        if not cards:
            table.tell(f"{seat} keeps the opening hand.", "mulligan")
            continue
        for uid in cards:
            p["hand"].remove(uid)
            p["deck"].append(uid)
        table.tell(f"{seat} puts {len(cards)} card(s) under the deck and draws again.", "mulligan")
        table.draw(seat, HAND_SIZE - len(p["hand"]))


# -- rallying a named character (book p. 8, "Personnage nommé") -----------------------------------


def open_rally(table: Table, seat: str, uid: str, holder: str, holder_uid: str) -> None:
    """Both players bid in secret; the bids are revealed together."""
    if table.dry:
        return
    name = table.card(uid)["name"]
    table.tell(
        f"{seat} reveals {table.name(uid)} from the tavern and tries to rally {name} from {holder}.", "rally"
    )
    table.state["pending"] = {
        "kind": "rally",
        "rallier": seat,
        "holder": holder,
        "card": uid,
        "target": holder_uid,
        "asks": [
            ask(
                f"bid:{s}",
                s,
                "bid",
                "bid 0",
                f"Rally bid for {name}, {s}",
                f"{seat} tries to rally {name} (held by {holder}). Bid doublons of your own: 'bid <n>'. "
                "The higher bid wins and pays the bank; on a tie the holder keeps the character.",
            )
            for s in (seat, holder)
        ],
    }


def check_bid(table: Table, seat: str, order: Order) -> None:
    held = table.player(seat)["doublons"]
    if order["amount"] > held:
        raise Refused(f"you bid {order['amount']} doublons but hold {held}", f"bid {held} at most")


def resolve_rally(table: Table, answers: dict[str, list[Order]]) -> None:
    """ "Si votre adversaire mise plus que vous, il garde le contrôle ... Si vous misez plus que lui, ..."

    The book does not say what a tie does: the holder keeps the character and pays its bid (the
    status quo stands, as a tie in battle goes to the defender).
    """
    pending = table.state["pending"]
    rallier, holder = pending["rallier"], pending["holder"]
    bids = {s: _bid(table, s, answers.get(f"bid:{s}", [])) for s in (rallier, holder)}
    card_uid, target = pending["card"], pending["target"]
    table.tell(
        f"Rally bids revealed: {rallier} {bids[rallier]}, {holder} {bids[holder]}.", "rally-bids", bids=bids
    )
    if bids[rallier] > bids[holder] and target in table.player(holder)["characters"]:
        table.pay_bank(rallier, bids[rallier])
        table.release_attachments(target)
        table.remove_character(target)
        table.inst(target)["tapped"] = False
        table.player(table.owner(target))["tavern"].append(target)
        table.player(rallier)["tavern"].remove(card_uid)
        table.player(rallier)["characters"].append(card_uid)
        table.inst(card_uid)["tapped"] = False
        table.tell(
            f"{rallier} wins the rally and puts {table.name(card_uid)} into play; "
            f"{holder}'s copy returns to the tavern.",
            "rally-won",
        )
    else:
        table.pay_bank(holder, bids[holder])
        table.tell(f"{holder} keeps {table.name(target)} and pays {bids[holder]} doublons.", "rally-lost")


def _bid(table: Table, seat: str, orders: list[Order]) -> int:
    amount = next((int(o["amount"]) for o in orders if o["verb"] == "bid"), 0)
    return max(0, min(amount, table.player(seat)["doublons"]))


# -- the referendum on a trade agreement (book p. 7) -----------------------------------------------


def open_referendum(table: Table, seat: str, agreement: str, proposer: str) -> None:
    if table.dry:
        return
    table.tell(
        f"{seat} proposes the trade agreement {table.name(agreement)} through {table.name(proposer)}: "
        "a referendum opens.",
        "referendum",
    )
    voters = [s for s in table.order if table.player(s)["characters"]]
    table.state["pending"] = {
        "kind": "vote",
        "seat": seat,
        "agreement": agreement,
        "proposer": proposer,
        "asks": [
            ask(
                f"vote:{s}",
                s,
                "vote",
                "abstain",
                f"Referendum on {table.card(agreement)['name']}, {s}",
                "Vote with your characters in activity: 'for <characters>', 'against <characters>' "
                "(a character's votes are never split), or 'abstain'.",
            )
            for s in voters
        ],
    }


def reactions(table: Table, seat: str, orders: list[Order]) -> list[tuple[str, str]]:
    """ "Chaque joueur peut jouer des réactions politiques durant le scrutin": (card, side) pairs."""
    played: list[tuple[str, str]] = []
    for order in orders:
        if order["verb"] != "react":
            continue
        pool = [
            u
            for u in table.player(seat)["hand"]
            if table.card(u).get("kind") == "reaction" and u not in [p for p, _ in played]
        ]
        played.append((table.find(order["card"], pool, "a political reaction in your hand"), order["side"]))
    return played


def ballots(table: Table, seat: str, orders: list[Order]) -> dict[str, str]:
    """Each voting character of ``seat`` -> "for" / "against"; refuses a second vote of one character."""
    cast: dict[str, str] = {}
    for order in orders:
        if order["verb"] not in ("for", "against"):
            continue
        for text in order["with"]:
            uid = table.find(text, table.player(seat)["characters"], f"a character of {seat} in activity")
            if uid in cast:
                raise Refused(f"{table.name(uid)} has already voted (a character's votes are not split)")
            cast[uid] = order["verb"]
    return cast


def resolve_referendum(table: Table, answers: dict[str, list[Order]]) -> None:
    """ "S'il y a plus de voix exprimées pour que contre, l'accord est mis en jeu ... Sinon, ou en cas
    d'égalité, l'accord échoue"."""
    pending = table.state["pending"]
    tally = {"for": 0, "against": 0}
    for a in pending["asks"]:
        try:
            cast = ballots(table, a["seat"], answers.get(a["key"], []))
        except Refused:
            cast = {}
        for uid, side in cast.items():
            votes = table.votes(uid, pending["proposer"])
            tally[side] += votes
            table.tell(f"{a['seat']}: {table.name(uid)} votes {side} with {votes}.", "vote")
        try:
            played = reactions(table, a["seat"], answers.get(a["key"], []))
        except Refused:
            played = []
        for uid, side in played:
            votes = int(table.card(uid).get("effect", {}).get("votes", 0))
            tally[side] += votes
            table.player(a["seat"])["hand"].remove(uid)
            table.player(a["seat"])["discard"].append(uid)
            table.tell(f"{a['seat']} plays {table.name(uid)}: {votes} votes {side}.", "vote")
    seat, agreement = pending["seat"], pending["agreement"]
    if tally["for"] > tally["against"]:
        table.player(seat)["agreements"].append(agreement)
        table.tell(
            f"The referendum passes {tally['for']} to {tally['against']}: "
            f"{table.name(agreement)} is in play.",
            "referendum-passed",
            tally=tally,
        )
    else:
        table.player(table.owner(agreement))["discard"].append(agreement)
        table.tell(
            f"The referendum fails {tally['for']} to {tally['against']}: "
            f"{table.name(agreement)} is discarded.",
            "referendum-failed",
            tally=tally,
        )


# -- ransom (book p. 7, and the multi-player auction p. 10) ----------------------------------------


def open_ransom(table: Table, captor: str, uid: str) -> None:
    if table.dry:
        return
    owner = table.owner(uid)
    price = int(table.card(uid)["ransom"])
    table.tell(f"{captor} asks a ransom of {price} doublons for {table.name(uid)}.", "ransom")
    if len(table.order) == 2:
        asks = [
            ask(
                f"ransom:{owner}",
                owner,
                "ransom",
                "refuse",
                f"Ransom for {table.card(uid)['name']}, {owner}",
                f"{captor} asks {price} doublons for {table.name(uid)}: 'pay' or 'refuse'.",
            )
        ]
    else:
        asks = [
            ask(
                f"offer:{s}",
                s,
                "offer",
                "no offer",
                f"Ransom auction for {table.card(uid)['name']}, {s}",
                f"{captor} sells {table.name(uid)} (owner {owner}). Offer at least {price} doublons: "
                "'offer <n>' (not the owner: add 'keep' to hold the captive, 'return' to free it), "
                "or 'no offer'.",
            )
            for s in table.seats_from(captor)[1:]
        ]
    table.state["pending"] = {"kind": "ransom", "captor": captor, "captive": uid, "asks": asks}


def check_pay(table: Table, seat: str, uid: str) -> None:
    price = int(table.card(uid)["ransom"])
    if table.player(seat)["doublons"] < price:
        raise Refused(
            f"the ransom is {price} doublons and you hold {table.player(seat)['doublons']}", "refuse"
        )


def check_offer(table: Table, seat: str, uid: str, order: Order) -> None:
    price = int(table.card(uid)["ransom"])
    held = table.player(seat)["doublons"]
    if order["amount"] < price:
        raise Refused(
            f"the ransom printed on {table.name(uid)} is {price}; offer at least that", f"offer {price}"
        )
    if order["amount"] > held:
        raise Refused(f"you offer {order['amount']} doublons but hold {held}", f"offer {held} at most")


def resolve_ransom(table: Table, answers: dict[str, list[Order]]) -> None:
    pending = table.state["pending"]
    captor, uid = pending["captor"], pending["captive"]
    owner = table.owner(uid)
    if len(table.order) == 2:
        pays = any(o["verb"] == "pay" for o in answers.get(f"ransom:{owner}", []))
        try:
            if pays:
                check_pay(table, owner, uid)
        except Refused:
            pays = False
        if pays:
            _sell(table, captor, owner, uid, int(table.card(uid)["ransom"]), "return")
        else:
            table.tell(f"{owner} refuses to pay; {table.name(uid)} stays captive.", "ransom-refused")
        return
    offers: list[dict[str, Any]] = []
    for a in pending["asks"]:
        for order in answers.get(a["key"], []):
            if order["verb"] != "offer":
                continue
            try:
                check_offer(table, a["seat"], uid, order)
            except Refused:
                continue
            offers.append(
                {"seat": a["seat"], "amount": int(order["amount"]), "then": order.get("then", "keep")}
            )
    if not offers:
        table.tell(f"Nobody offers a ransom; {table.name(uid)} stays captive.", "ransom-refused")
        return
    shown = ", ".join(f"{o['seat']} {o['amount']}" for o in offers)
    table.tell(f"Ransom offers revealed: {shown}.", "ransom-offers", offers=offers)
    best = max(offers, key=lambda o: o["amount"])  # ties: the first in turn order after the captor
    table.state["pending"] = {
        "kind": "ransom-choice",
        "captor": captor,
        "captive": uid,
        "offers": offers,
        "asks": [
            ask(
                f"choice:{captor}",
                captor,
                "choice",
                f"sell to {best['seat']}",
                f"Ransom of {table.card(uid)['name']}: your choice, {captor}",
                f"Offers: {shown}. Sell to one bidder ('sell to <seat>') or 'keep' the captive.",
            )
        ],
    }


def check_choice(table: Table, order: Order) -> None:
    if order["verb"] == "sell":
        offers = table.state["pending"]["offers"]
        if not any(o["seat"] == order.get("to") for o in offers):
            bidders = ", ".join(o["seat"] for o in offers)
            raise Refused(f"{order.get('to')} made no offer", f"sell to one of {bidders}, or keep")


def resolve_ransom_choice(table: Table, answers: dict[str, list[Order]]) -> None:
    """ "le ravisseur doit choisir à qui il vend son prisonnier"."""
    pending = table.state["pending"]
    captor, uid = pending["captor"], pending["captive"]
    orders = answers.get(f"choice:{captor}", [])
    choice = next((o for o in orders if o["verb"] in ("sell", "keep")), {"verb": "keep"})
    offer = next((o for o in pending["offers"] if o["seat"] == choice.get("to")), None)
    if choice["verb"] == "keep" or offer is None or table.player(offer["seat"])["doublons"] < offer["amount"]:
        table.tell(f"{captor} keeps {table.name(uid)} captive.", "ransom-kept")
        return
    _sell(table, captor, offer["seat"], uid, offer["amount"], offer["then"])


def _sell(table: Table, captor: str, buyer: str, uid: str, amount: int, then: str) -> None:
    table.pay_bank(buyer, amount)
    table.gain(captor, amount)
    owner = table.owner(uid)
    if buyer == owner or then == "return":
        table.set_free(uid, owner)
        table.tell(
            f"{buyer} pays {amount} doublons to {captor}; {table.name(uid)} returns to {owner}, tapped.",
            "ransom-paid",
        )
    else:
        table.remove_character(uid)
        table.player(buyer)["captured"].append(uid)
        table.tell(
            f"{buyer} pays {amount} doublons to {captor} and now holds {table.name(uid)} captive.",
            "ransom-paid",
        )
