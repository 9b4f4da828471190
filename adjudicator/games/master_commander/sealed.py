"""The sealed moments outside battles: mulligan, rally bids, the referendum, ransoms.

Each ``open_*`` function records in ``state["pending"]`` what is awaited and asks each seat that
must decide (``asks``: one request each, with its default); the matching ``resolve_*`` reveals
every answer together. In a dry run (``check``) nothing is opened.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.master_commander.table import HAND_SIZE, Refused, Table
from adjudicator.games.master_commander.terms import settle_voters

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
        except Refused as refused:
            table.tell(
                f"{seat}'s mulligan is not valid ({refused.message}): the hand is kept.", "order-skipped"
            )
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
            if _rally_asked(table, s)
        ],
    }
    if not table.state["pending"]["asks"]:  # both bids known: revealed at once, no exchange
        resolve_rally(table, {})
        table.state["pending"] = None


def _rally_asked(table: Table, seat: str) -> bool:
    """Asked for a rally bid unless a standing bid answers (``standing bid <n>``) or the player holds
    no doublon (« Il est impossible ... d'enchérir d'un montant supérieur aux Doublons qu'il possède »
    for the ransom; a bid is « une somme de ses propres Doublons »: with none, the only bid is 0)."""
    from adjudicator.games.master_commander.standing import standing_bid

    if standing_bid(table, seat) is not None:
        return False
    if table.player(seat)["doublons"] == 0:
        table.tell(f"{seat} holds no doublon: not asked, its rally bid is 0.", "rally")
        return False
    return True


def _rally_bid(table: Table, seat: str, answers: dict[str, list[Order]], asked: list[str]) -> int:
    """The bid of one side of a rally: its answer if asked, else its standing bid (told), else 0."""
    from adjudicator.games.master_commander.standing import standing_bid

    if seat in asked:
        return _bid(table, seat, answers.get(f"bid:{seat}", []))
    given = standing_bid(table, seat)
    if given is None:
        return 0
    table.tell(f"{seat}'s standing answer: bid {given}.", "standing")
    return given


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
    asked = [a["seat"] for a in pending["asks"]]
    bids = {s: _rally_bid(table, s, answers, asked) for s in (rallier, holder)}
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
    held = table.player(seat)["doublons"]
    if amount > held:
        table.tell(f"{seat} bid {amount} doublons but holds {held}: the bid is {held}.", "order-skipped")
    return max(0, min(amount, held))


# -- the referendum on a trade agreement (book p. 7) -----------------------------------------------
#
# « Tous les joueurs peuvent voter »; « Chaque joueur peut jouer des réactions politiques durant le
# scrutin »; « Une fois exprimée, une voix ne peut être changée »; « Le scrutin s'achève lorsque tous
# les joueurs ont fini de voter ». The book gives the ballot no turn order. Reading, for email: the
# ballot is open and goes in rounds. In the first round every player who can vote or react answers
# at once; the votes and reactions are then public. A player may vote with some of its characters
# and keep the others for later; ``abstain`` (the default) means it has finished. Each further round
# asks, at once, the players who have not finished, can still do something, and have something new
# to answer (another player cast a vote or played a reaction in the last round). The ballot closes
# when nobody is left to ask, or as soon as nothing still possible could change the result. Both are
# judged on public facts only: a player with no character is asked if it holds any card (a hand is
# secret, so holding a political reaction cannot be what decides it), and the reactions still
# possible are bounded by the counts of the hands (``may_react``).


def open_referendum(table: Table, seat: str, agreement: str, proposer: str) -> None:
    if table.dry:
        return
    table.tell(
        f"{seat} proposes the trade agreement {table.described(agreement)} through {table.name(proposer)}: "
        "a referendum opens.",
        "referendum",
        card=agreement,
    )
    table.state["referendum"] = {
        "seat": seat,
        "agreement": agreement,
        "proposer": proposer,
        "tally": {"for": 0, "against": 0},
        "voted": {},
        "done": [],
        "round": 0,
        "new": [],
    }


def most_reaction_votes(table: Table) -> int:
    """The most votes one political reaction of this game gives (a public fact: the card list)."""
    return max(
        (
            int(c.get("effect", {}).get("votes", 0))
            for c in table.state["catalogue"].values()
            if c.get("kind") == "reaction"
        ),
        default=0,
    )


def may_react(table: Table, seat: str) -> int:
    """The most votes ``seat``'s political reactions could still add, judged on public facts only:
    its hand's count times the most votes a reaction gives, 0 with an empty hand or when its
    standing answer passes every reaction it could hold. What the hand holds is its secret, so it
    never decides who is asked nor when the ballot closes."""
    from adjudicator.games.master_commander.standing import standing_of

    count = len(table.player(seat)["hand"])
    most = most_reaction_votes(table)
    given = standing_of(table, seat, "reactions")
    if given and (given.get("below") is None or most < int(given["below"])):
        return 0
    return count * most


def _unvoted(table: Table, seat: str) -> list[str]:
    ref = table.state["referendum"]
    return [
        u
        for u in table.player(seat)["characters"]
        if u not in ref["voted"] and table.votes(u, ref["proposer"]) > 0
    ]


def referendum_next(table: Table) -> None:
    """Open the ballot's next round for every player who still has something to answer, or close it."""
    from adjudicator.games.master_commander.standing import vote_for

    ref = table.state["referendum"]
    if _decided(table):
        table.tell("No vote or reaction left can change the result: the ballot closes.", "vote")
        close_referendum(table)
        return
    asked: list[str] = []
    for seat in table.seats_from(ref["seat"]):
        if seat in ref["done"] or (ref["round"] and not set(ref["new"]) - {seat}):
            continue
        chars = _unvoted(table, seat)
        reactions = may_react(table, seat)
        if vote_for(table, seat, ref["seat"]):
            table.tell(f"{seat}'s standing answer: vote for {ref['seat']}'s agreement.", "standing")
            _cast(table, seat, [{"verb": "for", "with": [f"#{u}" for u in chars]}] if chars else [])
            ref["done"].append(seat)
            continue
        if _standing_on_others(table, seat, chars):
            continue
        if not chars and not reactions:
            ref["done"].append(seat)
            continue
        asked.append(seat)
    if not asked:
        close_referendum(table)
        return
    ref["round"] += 1
    name = table.card(ref["agreement"])["name"]
    table.state["pending"] = {
        "kind": "vote",
        "agreement": ref["agreement"],
        "asks": [
            ask(
                f"vote:{seat}",
                seat,
                "vote",
                "abstain",
                f"Referendum on {name}, round {ref['round']}, {seat}",
                f"The agreement: {table.described(ref['agreement'])}. "
                f"Ballot so far: {ref['tally']['for']} for, {ref['tally']['against']} against. "
                "Vote with characters in activity that have not voted: 'for <characters>', "
                "'against <characters>' (a character's votes are never split, a vote is final); "
                "political reactions: 'play <reaction> for|against'. 'abstain' (the default): "
                "you have finished voting; without it you are asked again if others vote or react.",
            )
            for seat in asked
        ],
    }


def _standing_on_others(table: Table, seat: str, chars: list[str]) -> bool:
    """``standing vote against others`` / ``standing abstain on others``: the player's ballot on
    another seat's agreement, cast without asking; True if it answered."""
    from adjudicator.games.master_commander.standing import vote_on_others

    ref = table.state["referendum"]
    side = vote_on_others(table, seat, ref["seat"])
    if side is None:
        return False
    table.tell(f"{seat}'s standing answer: {side} on {ref['seat']}'s agreement.", "standing")
    if side == "against" and chars:
        _cast(table, seat, [{"verb": "against", "with": [f"#{u}" for u in chars]}])
    ref["done"].append(seat)
    return True


def _decided(table: Table) -> bool:
    """True when every vote and reaction still possible could not change the result (ties fail)."""
    ref = table.state["referendum"]
    swing = 0
    for seat in table.order:
        if seat in ref["done"]:
            continue
        swing += sum(table.votes(u, ref["proposer"]) for u in _unvoted(table, seat))
        swing += may_react(table, seat)  # public facts only: the hand's count, not its cards
    tally = ref["tally"]
    return tally["for"] > tally["against"] + swing or tally["for"] + swing <= tally["against"]


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
    ref = table.state.get("referendum") or {}
    for order in orders:
        if order["verb"] not in ("for", "against"):
            continue
        for text in order["with"]:
            uid = table.find(text, table.player(seat)["characters"], f"a character of {seat} in activity")
            if uid in cast or uid in ref.get("voted", {}):
                raise Refused(
                    f"{table.name(uid)} has already voted (a vote once cast cannot change, "
                    "a character's votes are not split)"
                )
            cast[uid] = order["verb"]
    return cast


def resolve_vote(table: Table, answers: dict[str, list[Order]]) -> None:
    """One round of the ballot: every answer revealed together, cast in turn order from the proposer."""
    pending = table.state["pending"]
    table.state["pending"] = None
    ref = table.state["referendum"]
    ref["new"] = []
    for a in pending["asks"]:
        orders = answers.get(a["key"], [])
        if _cast(table, a["seat"], orders):
            ref["new"].append(a["seat"])
        if any(o["verb"] == "abstain" for o in orders) or not orders:
            ref["done"].append(a["seat"])


def _cast(table: Table, seat: str, orders: list[Order]) -> bool:
    """Cast a player's votes and reactions; True if it cast anything."""
    ref = table.state["referendum"]
    try:
        cast = ballots(table, seat, orders)
        played = reactions(table, seat, orders)
    except Refused as refused:
        table.tell(
            f"{seat}'s ballot is not valid any more ({refused.message}): it abstains.", "order-skipped"
        )
        cast, played = {}, []
    for uid, side in cast.items():
        votes = table.votes(uid, ref["proposer"])
        ref["tally"][side] += votes
        ref["voted"][uid] = side
        table.tell(f"{seat}: {table.name(uid)} votes {side} with {votes}.", "vote")
    for uid, side in played:
        votes = int(table.card(uid).get("effect", {}).get("votes", 0))
        ref["tally"][side] += votes
        table.player(seat)["hand"].remove(uid)
        table.player(seat)["discard"].append(uid)
        table.tell(f"{seat} plays {table.described(uid)}: {votes} votes {side}.", "vote", card=uid)
    if not cast and not played:
        table.tell(f"{seat} casts nothing.", "vote")
    return bool(cast or played)


def close_referendum(table: Table) -> None:
    """ "S'il y a plus de voix exprimées pour que contre, l'accord est mis en jeu ... Sinon, ou en cas
    d'égalité, l'accord échoue"."""
    ref = table.state["referendum"]
    table.state["referendum"] = None
    tally = ref["tally"]
    seat, agreement = ref["seat"], ref["agreement"]
    if tally["for"] > tally["against"]:
        table.player(seat)["agreements"].append(agreement)
        settle_voters(table, ref)  # who the terms' « each voter for » pays (terms.py)
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
    able = [s for s in table.seats_from(captor)[1:] if table.player(s)["doublons"] >= price]
    if len(table.order) == 2:
        able = [s for s in able if s == owner]
    if not able:  # doublons are public: asking those who cannot pay would only cost a day
        table.tell(
            f"Nobody can pay {price} doublons: nobody is asked, {table.name(uid)} stays captive.",
            "ransom-refused",
        )
        return
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
        bidders = able
        able = [s for s in able if not _offer_standing(table, s, uid)]
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
            for s in able
        ]
    table.state["pending"] = {"kind": "ransom", "captor": captor, "captive": uid, "asks": asks}
    if len(table.order) > 2:
        table.state["pending"]["bidders"] = bidders
        if not asks:  # every offer given by a standing answer: revealed at once, no exchange
            resolve_ransom(table, {})
            if table.state["pending"] is not None and table.state["pending"]["kind"] == "ransom":
                table.state["pending"] = None


def _offer_standing(table: Table, seat: str, uid: str) -> bool:
    from adjudicator.games.master_commander.standing import standing_offer

    return standing_offer(table, seat, uid) is not None


def _auction_orders(table: Table, seat: str, answers: dict[str, list[Order]]) -> list[Order]:
    """A bidder's offer: its answer if it was asked, else its standing answer (told)."""
    from adjudicator.games.master_commander.orders import order_text
    from adjudicator.games.master_commander.standing import standing_offer

    pending = table.state["pending"]
    if any(a["seat"] == seat for a in pending["asks"]):
        return answers.get(f"offer:{seat}", [])
    given = standing_offer(table, seat, pending["captive"]) or []
    table.tell(f"{seat}'s standing answer: {'; '.join(order_text(o) for o in given)}.", "standing")
    return given


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
    bidders = pending.get("bidders") or [a["seat"] for a in pending["asks"]]
    for bidder in bidders:
        for order in _auction_orders(table, bidder, answers):
            if order["verb"] != "offer":
                continue
            try:
                check_offer(table, bidder, uid, order)
            except Refused as refused:
                table.tell(f"{bidder}'s offer is not valid any more ({refused.message}).", "order-skipped")
                continue
            offers.append({"seat": bidder, "amount": int(order["amount"]), "then": order.get("then", "keep")})
    if not offers:
        table.tell(f"Nobody offers a ransom; {table.name(uid)} stays captive.", "ransom-refused")
        return
    shown = ", ".join(f"{o['seat']} {o['amount']}" for o in offers)
    table.tell(f"Ransom offers revealed: {shown}.", "ransom-offers", offers=offers)
    best = max(offers, key=lambda o: o["amount"])  # ties: the first in turn order after the captor
    if len(offers) == 1:
        table.tell(f"One offer only: {captor} sells to {best['seat']}.", "ransom-choice")
        _sell(table, captor, best["seat"], uid, best["amount"], best["then"])
        return
    from adjudicator.games.master_commander.standing import standing_answer

    standing = standing_answer(table, captor, "choice", best=best["seat"])
    if standing is not None:
        _sell(table, captor, best["seat"], uid, best["amount"], best["then"])
        return
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
                f"Offers: {shown}. « le ravisseur doit choisir à qui il vend son prisonnier »: "
                "'sell to <seat>' (the default: the best offer).",
            )
        ],
    }


def check_choice(table: Table, order: Order) -> None:
    if order["verb"] == "sell":
        offers = table.state["pending"]["offers"]
        if not any(o["seat"] == order.get("to") for o in offers):
            bidders = ", ".join(o["seat"] for o in offers)
            raise Refused(f"{order.get('to')} made no offer", f"sell to one of {bidders}")


def resolve_ransom_choice(table: Table, answers: dict[str, list[Order]]) -> None:
    """ "le ravisseur doit choisir à qui il vend son prisonnier": no keeping once offers are made."""
    pending = table.state["pending"]
    captor, uid = pending["captor"], pending["captive"]
    orders = answers.get(f"choice:{captor}", [])
    choice = next((o for o in orders if o["verb"] == "sell"), None)
    offers = [o for o in pending["offers"] if table.player(o["seat"])["doublons"] >= o["amount"]]
    if not offers:
        table.tell(f"No bidder can pay any more; {table.name(uid)} stays captive.", "ransom-kept")
        return
    best = max(offers, key=lambda o: o["amount"])
    offer = next((o for o in offers if choice and o["seat"] == choice.get("to")), None)
    if offer is None:
        if choice is not None:
            table.tell(
                f"{captor} cannot sell to {choice.get('to')}: sold to the best offer.", "order-skipped"
            )
        offer = best
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
