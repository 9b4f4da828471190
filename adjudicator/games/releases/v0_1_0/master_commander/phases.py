"""The phases of a turn (book pp. 6-8), one function per rule step, and the active player's orders.

A player's whole turn is one submission; its orders run in the book's phase order (preparation,
raid interval, trade, recruitment, end of turn), in the written order within a phase. An order
that opens a sealed moment (a raid, a refutation, a referendum, a ransom, a rally) pauses the turn:
the rest of the orders wait in ``state["queue"]`` and run once the moment is resolved. An order
that is no longer legal when its time comes is skipped with a public event.

``check`` runs the same functions on a copy of the state (``Table.dry``): sealed moments are not
opened there, only their certain costs applied (characters tapped, prices paid).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.games.releases.v0_1_0.master_commander import battle as battles
from adjudicator.games.releases.v0_1_0.master_commander import sealed
from adjudicator.games.releases.v0_1_0.master_commander.cards import SEVEN_SEAS
from adjudicator.games.releases.v0_1_0.master_commander.icroe import buy_gold, sell_gold
from adjudicator.games.releases.v0_1_0.master_commander.table import HAND_SIZE, TAVERN_SIZE, Refused, Table, seven_seas

Order = dict[str, Any]

VICTORY_GOLD = 10  # "vous devez commencer votre tour avec 10 Or ou plus dans votre stock"
EXPLORATION_THRESHOLD = 5  # "surpasser une valeur totale de conquête de 5"
NEW_RECRUIT_GOLD = 1  # "enrôler de nouvelles recrues pour 1 Or"
OTHER_FACTION_GOLD = 2  # "Les personnages d'une faction différente de la votre coûtent 2 Or de plus"

#: the phase of each verb: 1 preparation, 2 raid interval, 3 trade, 4 recruitment, 5 end of turn
PHASE_OF: dict[str, int] = {
    "attach": 1,
    "reassign": 1,
    "play": 1,
    "event": 1,
    "explore": 2,
    "raid": 2,
    "refute": 2,
    "agreement": 2,
    "buy": 3,
    "sell": 3,
    "ransom": 3,
    "recruit": 4,
    "enlist": 4,
    "dismiss": 4,
    "rally": 4,
    "discard": 5,
}


def turn_queue(orders: list[Order]) -> list[Order]:
    """The orders in the book's phase order, the written order kept within a phase."""
    return sorted((o for o in orders if o["verb"] in PHASE_OF), key=lambda o: PHASE_OF[o["verb"]])


def fresh_turn_state() -> dict[str, Any]:
    return {"explore_or_raid": False, "agreement_or_refute": False, "transaction": False, "ransom": False}


# -- 0. the start of a turn ------------------------------------------------------------------------


def begin_turn(table: Table, seat: str) -> None:
    """Victory check, then 1_ Retour au port, 2_ Phase de collecte, 3_ Phase d'évènement."""
    state = table.state
    state["active"] = seat
    state["turn"] += 1
    state["turn_state"] = fresh_turn_state()
    state["allied"] = {}
    table.tell(f"Turn {state['turn']} (round {state['round']}): {seat} to play.", "turn", seat=seat)
    if victory_by_gold(table, seat) or turn_limit(table):
        return
    return_to_port(table, seat)
    collection(table, seat)
    event_phase(table, seat)
    state["pending"] = {"kind": "turn", "seat": seat}


def victory_by_gold(table: Table, seat: str) -> bool:
    """ "Pour gagner la partie vous devez commencer votre tour avec 10 Or ou plus dans votre stock"."""
    gold = table.player(seat)["gold"]
    if gold >= VICTORY_GOLD:
        table.state["outcome"] = {"winners": [seat], "reason": f"{seat} starts a turn with {gold} gold"}
        table.tell(f"{seat} starts the turn with {gold} gold and wins the game!", "victory")
        return True
    return False


def victory_by_seven_seas(table: Table) -> bool:
    """ "Si au cours de la partie vous contrôlez en même temps les « sept mers »" (a place in each)."""
    for seat in table.order:
        if seven_seas(table, seat) >= set(SEVEN_SEAS):
            table.state["outcome"] = {"winners": [seat], "reason": f"{seat} holds the seven seas"}
            table.tell(f"{seat} holds a place in each of the seven seas and wins the game!", "victory")
            return True
    return False


def turn_limit(table: Table) -> bool:
    """Club option ``turn_limit`` (not in the book): after that many rounds the most gold wins."""
    limit = int(table.state["options"].get("turn_limit", 0))
    if not limit or table.state["round"] <= limit:
        return False
    players = table.state["players"]
    best = max((players[s]["gold"], players[s]["doublons"]) for s in table.order)
    winners = [s for s in table.order if (players[s]["gold"], players[s]["doublons"]) == best]
    table.state["outcome"] = {"winners": winners, "reason": f"turn limit of {limit} rounds: most gold"}
    table.tell(
        f"The turn limit of {limit} rounds is reached: {', '.join(winners)} win(s) on gold.", "victory"
    )
    return True


def return_to_port(table: Table, seat: str) -> None:
    """1_ Retour au port: "vous pouvez redresser toutes les cartes que vous contrôlez" (we always do)."""
    p = table.player(seat)
    for uid in [*p["characters"], *table.places(seat), *p["agreements"]]:
        table.inst(uid)["tapped"] = False


def collection(table: Table, seat: str) -> None:
    """2_ Phase de collecte: doublons of the haven, territories, agreements (and an active event)."""
    p = table.player(seat)
    income = sum(table.value(uid, "production") for uid in table.places(seat))
    income += sum(int(table.card(uid).get("production", 0)) for uid in p["agreements"])
    if p["active_event"]:
        income += int(table.card(p["active_event"]).get("while_active", {}).get("production", 0))
    table.gain(seat, income)
    table.tell(f"{seat} collects {income} doublons (now {p['doublons']}).", "collection", amount=income)


def event_phase(table: Table, seat: str) -> None:
    """3_ Phase d'évènement: a token on the face-down event; at its trigger value it is revealed."""
    p = table.player(seat)
    face_down = p["event"]
    if not face_down:
        return
    face_down["tokens"] += 1
    card = table.card(face_down["uid"])
    if face_down["tokens"] < int(card["trigger"]):
        table.tell(f"{seat}'s face-down event has {face_down['tokens']} token(s).", "event-token")
        return
    uid = face_down["uid"]
    p["event"] = None
    if p["active_event"]:
        p["discard"].append(p["active_event"])
        table.tell(f"{table.name(p['active_event'])} is no longer active.", "event-end")
    p["active_event"] = uid
    table.tell(f"{seat} reveals the event {table.name(uid)}; it is now active.", "event", card=card["id"])
    resolve_effects(table, seat, card.get("on_reveal", {}), None)


def resolve_effects(table: Table, seat: str, effects: dict[str, int], target: str | None) -> None:
    """The action / event vocabulary: gain doublons, draw cards, untap a character."""
    if effects.get("doublons"):
        table.gain(seat, int(effects["doublons"]))
        table.tell(f"{seat} gains {effects['doublons']} doublons.", "doublons")
    if effects.get("draw"):
        table.draw(seat, int(effects["draw"]))
    if effects.get("untap") and target:
        table.inst(target)["tapped"] = False
        table.tell(f"{table.name(target)} is untapped.", "untap")


# -- 4_ Phase principale, I. Intervalle de préparation --------------------------------------------


def _hand_card(table: Table, seat: str, text: str, kinds: tuple[str, ...], what: str) -> str:
    """The card of one of ``kinds`` in ``seat``'s hand named by ``text``."""
    hand = table.player(seat)["hand"]
    try:
        return table.find(
            text, [u for u in hand if table.card(u).get("kind") in kinds], f"{what} in your hand"
        )
    except Refused as refused:
        try:
            other = table.find(text, hand, "a card in your hand")
        except Refused:
            raise refused from None
        kind = str(table.card(other).get("kind") or table.card(other)["type"])
        article = "an" if kind[0] in "aeiou" else "a"
        raise Refused(f"{table.name(other)} is {article} {kind}, not {what}") from None


def _attach_target(table: Table, seat: str, card_uid: str, text: str) -> str:
    targets = table.card(card_uid).get("targets", "character")
    if table.card(card_uid)["kind"] == "item":
        targets = "character"
    pool: list[str] = []
    if targets in ("character", "any"):
        pool += table.player(seat)["characters"]
    if targets in ("place", "any"):
        pool += table.places(seat)
    return table.find(text, pool, f"a {targets if targets != 'any' else 'character or place'} you control")


def _room_for_attachment(table: Table, target: str) -> None:
    if len(table.inst(target)["attached"]) >= table.command(target):
        raise Refused(
            f"{table.name(target)} has command {table.command(target)} and already holds "
            f"{len(table.inst(target)['attached'])} attachment(s)",
            "attach it to a card with command to spare",
        )


def order_attach(table: Table, seat: str, order: Order) -> None:
    """Play an attachment: "Payez le coût de la carte et affectez-la à une cible légale"."""
    uid = _hand_card(table, seat, order["card"], ("item", "support"), "an item or support")
    target = _attach_target(table, seat, uid, order["target"])
    _room_for_attachment(table, target)
    table.pay_bank(seat, int(table.card(uid)["cost"]))
    table.player(seat)["hand"].remove(uid)
    table.inst(target)["attached"].append(uid)
    table.tell(f"{seat} attaches {table.name(uid)} to {table.name(target)}.", "attach")


def order_reassign(table: Table, seat: str, order: Order) -> None:
    """Reassign: "Inclinez un personnage pour lui attacher une carte déjà en jeu ou attacher une de ses
    cartes à un lieu que vous contrôlez"."""
    attached = [
        a
        for host in [*table.player(seat)["characters"], *table.places(seat)]
        for a in table.inst(host)["attached"]
    ]
    uid = table.find(order["card"], attached, "an attachment on a card you control")
    host = table.host_of(uid)
    assert host is not None
    item = table.card(uid)["kind"] == "item"
    if table.card(uid).get("targets") == "place" and not item:
        pool = table.places(seat)
    elif item or table.card(uid).get("targets") == "character":
        pool = list(table.player(seat)["characters"])
    else:
        pool = [*table.player(seat)["characters"], *table.places(seat)]
    target = table.find(order["target"], [u for u in pool if u != host], "a legal new holder you control")
    _room_for_attachment(table, target)
    if target in table.player(seat)["characters"]:
        if table.inst(target)["tapped"]:
            raise Refused(f"{table.name(target)} is tapped and cannot be tapped to take it")
        table.inst(target)["tapped"] = True
    elif host not in table.player(seat)["characters"]:
        raise Refused(
            "only a character's card can be moved to a place", "reassign a card held by a character"
        )
    table.inst(host)["attached"].remove(uid)
    table.inst(target)["attached"].append(uid)
    table.tell(f"{seat} moves {table.name(uid)} from {table.name(host)} to {table.name(target)}.", "reassign")


def order_play(table: Table, seat: str, order: Order) -> None:
    """ "Jouer une action": its effect resolved at once, the card discarded."""
    uid = _hand_card(table, seat, order["card"], ("action",), "an action")
    if "challenge" in order:
        raise Refused("a challenge is a manoeuvre, played during a battle", "play it in a manoeuvre round")
    effects = table.card(uid).get("effect", {})
    target = None
    if effects.get("untap"):
        tapped = [u for u in table.player(seat)["characters"] if table.inst(u)["tapped"]]
        if "target" not in order:
            raise Refused(
                f"{table.name(uid)} untaps one of your characters", f"play {order['card']} on <character>"
            )
        target = table.find(order["target"], tapped, "a tapped character of yours")
    table.player(seat)["hand"].remove(uid)
    table.player(seat)["discard"].append(uid)
    table.tell(f"{seat} plays {table.name(uid)}.", "action")
    resolve_effects(table, seat, effects, target)


def order_event(table: Table, seat: str, order: Order) -> None:
    """ "Jouer un évènement face cachée" (not while one is already face down)."""
    p = table.player(seat)
    if p["event"]:
        raise Refused("you already have a face-down event in play")
    uid = _hand_card(table, seat, order["card"], ("event",), "an event")
    p["hand"].remove(uid)
    p["event"] = {"uid": uid, "tokens": 0}
    table.tell(f"{seat} plays {table.name(uid)} face down.", "event-played", (seat,))
    table.tell(f"{seat} plays an event face down.", "event-played-public")


# -- 4_ II. Intervalle de raid ----------------------------------------------------------------------


def _once(table: Table, flag: str, message: str) -> None:
    ts = table.state["turn_state"]
    if ts[flag]:
        raise Refused(message)
    ts[flag] = True


def own_ready(table: Table, seat: str, names: list[str], stat: str | None, what: str) -> list[str]:
    """Characters of ``seat`` in activity and untapped, each at least rank 1 in ``stat``."""
    chosen: list[str] = []
    for text in names:
        ready = [
            u for u in table.player(seat)["characters"] if not table.inst(u)["tapped"] and u not in chosen
        ]
        uid = table.find(text, ready, f"an untapped character of {seat}")
        if stat and table.value(uid, stat) < 1:
            raise Refused(f"{table.name(uid)} has no rank in {stat} and cannot take part in {what}")
        chosen.append(uid)
    if not chosen:
        raise Refused(f"name at least one character for {what}")
    return chosen


def order_explore(table: Table, seat: str, order: Order) -> None:
    """ "Inclinez un ou plusieurs de vos personnages pour surpasser une valeur totale de conquête de 5"."""
    chars = own_ready(table, seat, order["with"], None, "the exploration")
    total = sum(table.value(u, "conquest") for u in chars)
    if total <= EXPLORATION_THRESHOLD:
        raise Refused(f"their conquest is {total}; an exploration needs more than {EXPLORATION_THRESHOLD}")
    pile_seat = table.seat_named(order.get("from", seat))
    pile = table.player(pile_seat)["exploration"]
    if not pile:
        others = [s for s in table.order if table.player(s)["exploration"]]
        raise Refused(
            f"{pile_seat}'s exploration pile is empty", f"explore from {others[0]}" if others else ""
        )
    _once(table, "explore_or_raid", "you have already explored or raided this turn")
    for u in chars:
        table.inst(u)["tapped"] = True
    uid = pile.pop(0)
    card = table.card(uid)
    if card.get("unique") and any(
        table.inst(t)["id"] == card["id"] and not table.inst(t).get("barren")
        for s in table.order
        for t in table.places(s)
    ):
        table.inst(uid)["barren"] = True
        table.tell(f"{seat} explores {pile_seat}'s pile and finds a barren island (#{uid}).", "explore")
        table.tell(
            f"#{uid} was {card['name']}, already in play: it stays face down.", "explore-private", (seat,)
        )
    else:
        table.tell(
            f"{seat} explores {pile_seat}'s pile and now governs {table.name(uid)} ({card['sea']}).",
            "explore",
        )
    table.player(seat)["territories"].append(uid)
    table.inst(uid)["tapped"] = False


def order_raid(table: Table, seat: str, order: Order) -> None:
    """ "Raid : Lancez une attaque contre un territoire adverse (les repaires sont des territoires)"."""
    targets = [u for s in table.order if s != seat for u in table.places(s)]
    target = _place_target(table, order["target"], targets)
    defender = table.controller(target)
    assert defender is not None
    chars = own_ready(table, seat, order["with"], "conquest", "a raid")
    allies = _allies(table, seat, defender, order.get("allies", []))
    pillage = _pillage_choice(table, seat, defender, target, order.get("pillage", ""))
    _once(table, "explore_or_raid", "you have already explored or raided this turn")
    battles.declare(table, "tactical", seat, defender, target, chars, allies, pillage)


def _place_target(table: Table, text: str, targets: list[str]) -> str:
    for s in table.order:  # "raid english" names the English haven
        if text in (s, f"{s} haven", f"haven of {s}", f"{s}'s haven") and table.player(s)["haven"] in targets:
            return str(table.player(s)["haven"])
    return table.find(text, targets, "an opposing haven or territory")


def _allies(table: Table, seat: str, defender: str, names: list[str]) -> list[str]:
    allies: list[str] = []
    for text in names:
        ally = table.seat_named(text)
        if ally in (seat, defender) or ally in allies:
            raise Refused(f"{ally} cannot be asked to help {seat} here", "ask a third player")
        allies.append(ally)
    return allies


def _pillage_choice(table: Table, seat: str, defender: str, target: str, text: str) -> str:
    if not text:
        return ""
    if target != table.player(defender)["haven"]:
        raise Refused(
            "pillage is for a raid on a haven; a territory won is conquered", "drop the pillage part"
        )
    if text in ("gold", "doublons"):
        return text
    if text.startswith("free "):
        mine = [u for u in table.player(defender)["captured"] if table.owner(u) == seat]
        uid = table.find(text[5:], mine, f"a character of yours captured by {defender}")
        return f"free {uid}"
    raise Refused(
        f"pillage {text!r}?", "pillage gold, pillage doublons or pillage free <character>", "invalid"
    )


def order_refute(table: Table, seat: str, order: Order) -> None:
    """ "Réfuter un accord : Ciblez un accord commercial contrôlé par un adversaire"."""
    targets = [u for s in table.order if s != seat for u in table.player(s)["agreements"]]
    target = table.find(order["target"], targets, "an agreement held by an opponent")
    defender = table.controller(target)
    assert defender is not None
    chars = own_ready(table, seat, order["with"], "diplomacy", "a refutation")
    allies = _allies(table, seat, defender, order.get("allies", []))
    _once(table, "agreement_or_refute", "you have already refuted or proposed an agreement this turn")
    battles.declare(table, "economic", seat, defender, target, chars, allies, "")


def order_agreement(table: Table, seat: str, order: Order) -> None:
    """ "Inclinez un personnage avec au moins un rang 1 en diplomatie pour jouer un accord commercial"."""
    uid = _hand_card(table, seat, order["card"], ("agreement",), "a trade agreement")
    (proposer,) = own_ready(table, seat, [order["by"]], "diplomacy", "proposing an agreement")
    _once(table, "agreement_or_refute", "you have already refuted or proposed an agreement this turn")
    table.inst(proposer)["tapped"] = True
    table.player(seat)["hand"].remove(uid)
    sealed.open_referendum(table, seat, uid, proposer)


# -- 5_ Phase de négoce -----------------------------------------------------------------------------


def order_buy(table: Table, seat: str, order: Order) -> None:
    """Transaction: buy gold (one transaction a turn)."""
    if table.state["turn_state"]["transaction"]:
        raise Refused("only one transaction with the India Company a turn")
    buy_gold(table, seat, int(order["count"]))
    table.state["turn_state"]["transaction"] = True


def order_sell(table: Table, seat: str, order: Order) -> None:
    """Transaction: sell gold (one transaction a turn)."""
    if "to" in order:
        raise Refused("'sell to' answers a ransom auction", "sell 1 gold", "invalid")
    if table.state["turn_state"]["transaction"]:
        raise Refused("only one transaction with the India Company a turn")
    sell_gold(table, seat, int(order["count"]))
    table.state["turn_state"]["transaction"] = True


def order_ransom(table: Table, seat: str, order: Order) -> None:
    """ "Rançon : Choisissez un personnage que vous avez capturé et demandez une rançon"."""
    uid = table.find(order["card"], table.player(seat)["captured"], "a character you hold captive")
    _once(table, "ransom", "one ransom a turn")
    sealed.open_ransom(table, seat, uid)


# -- 6_ Recrutement ---------------------------------------------------------------------------------


def recruit_gold(table: Table, seat: str, uid: str) -> int:
    faction = table.card(uid).get("faction", "")
    return OTHER_FACTION_GOLD if faction not in ("", "independent", table.player(seat)["faction"]) else 0


def order_recruit(table: Table, seat: str, order: Order) -> None:
    """Put a character of the tavern into play, paying its cost (+2 gold outside your faction)."""
    p = table.player(seat)
    uid = table.find(order["card"], p["tavern"], "a character in your tavern")
    card = table.card(uid)
    if card.get("named"):
        if table.named_dead(card["name"]):
            raise Refused(f"{card['name']} is dead and can never be recruited again")
        if table.named_in_play(card["name"]):
            raise Refused(
                f"{card['name']} is already in play (named characters are unique)", f"rally {order['card']}"
            )
    gold = recruit_gold(table, seat, uid)
    if gold > p["gold"]:
        raise Refused(
            f"{card['name']} is not {p['faction']} and costs {gold} gold more; you hold {p['gold']}"
        )
    table.pay_bank(seat, int(card["cost"]))
    p["gold"] -= gold
    table.state["company_gold"] += gold
    p["tavern"].remove(uid)
    p["characters"].append(uid)
    table.inst(uid)["tapped"] = False
    extra = f" and {gold} gold" if gold else ""
    table.tell(f"{seat} recruits {table.name(uid)} for {card['cost']} doublons{extra}.", "recruit")


def order_enlist(table: Table, seat: str, order: Order) -> None:
    """ "Vous pouvez enrôler de nouvelles recrues pour 1 Or" (the top of the crew pile, face verso)."""
    p = table.player(seat)
    if not p["crew"]:
        raise Refused("your crew pile is empty")
    if p["gold"] < NEW_RECRUIT_GOLD:
        raise Refused(f"a new recruit costs {NEW_RECRUIT_GOLD} gold; you hold {p['gold']}")
    p["gold"] -= NEW_RECRUIT_GOLD
    table.state["company_gold"] += NEW_RECRUIT_GOLD
    uid = p["crew"].pop(0)
    table.inst(uid)["recruit"] = True
    table.inst(uid)["tapped"] = False
    p["characters"].append(uid)
    table.tell(f"{seat} enlists a new recruit (#{uid}) for {NEW_RECRUIT_GOLD} gold.", "enlist")


def order_dismiss(table: Table, seat: str, order: Order) -> None:
    """A character of the tavern goes under the crew pile."""
    p = table.player(seat)
    uid = table.find(order["card"], p["tavern"], "a character in your tavern")
    p["tavern"].remove(uid)
    p["crew"].append(uid)
    table.tell(f"{seat} sends {table.name(uid)} from the tavern under the crew pile.", "dismiss")


def order_rally(table: Table, seat: str, order: Order) -> None:
    """ "Si un personnage nommé en activité n'est pas capturé, vous pouvez tenter de le rallier"."""
    p = table.player(seat)
    named = [u for u in p["tavern"] if table.card(u).get("named")]
    uid = table.find(order["card"], named, "a named character in your tavern")
    name = table.card(uid)["name"]
    if table.named_dead(name):
        raise Refused(f"{name} is dead and can never be recruited again")
    holder_uid = table.named_in_play(name)
    holder = table.controller(holder_uid) if holder_uid else None
    if holder_uid is None or holder is None or holder == seat:
        raise Refused(f"{name} is not in activity with an opponent", f"recruit {order['card']}")
    table.pay_bank(seat, int(table.card(uid)["cost"]))
    sealed.open_rally(table, seat, uid, holder, holder_uid)


# -- 7_ Fin du tour ---------------------------------------------------------------------------------


def order_discard(table: Table, seat: str, order: Order) -> None:
    """ "A la fin de votre tour vous pouvez défausser une carte"."""
    p = table.player(seat)
    if table.state["turn_state"].get("discarded"):
        raise Refused("only one card may be discarded at the end of the turn")
    uid = table.find(order["card"], p["hand"], "a card in your hand")
    table.state["turn_state"]["discarded"] = True
    p["hand"].remove(uid)
    p["discard"].append(uid)
    table.tell(f"{seat} discards {table.name(uid)}.", "discard")


def refill_tavern(table: Table, seat: str) -> None:
    """ "remplissez de nouveau votre taverne ... (par défaut 3 personnages max)"."""
    p = table.player(seat)
    while len(p["tavern"]) < TAVERN_SIZE and p["crew"]:
        p["tavern"].append(p["crew"].pop(0))


def end_of_turn(table: Table, seat: str) -> None:
    """7_ Fin du tour: draw (or discard the newest cards) to the hand size of 6."""
    p = table.player(seat)
    refill_tavern(table, seat)
    if len(p["hand"]) < HAND_SIZE:
        table.draw(seat, HAND_SIZE - len(p["hand"]))
    while len(p["hand"]) > HAND_SIZE:
        uid = p["hand"].pop()
        p["discard"].append(uid)
        table.tell(f"{seat} discards {table.name(uid)} down to {HAND_SIZE} cards.", "discard")


ORDER_STEPS: dict[str, Callable[[Table, str, Order], None]] = {
    "attach": order_attach,
    "reassign": order_reassign,
    "play": order_play,
    "event": order_event,
    "explore": order_explore,
    "raid": order_raid,
    "refute": order_refute,
    "agreement": order_agreement,
    "buy": order_buy,
    "sell": order_sell,
    "ransom": order_ransom,
    "recruit": order_recruit,
    "enlist": order_enlist,
    "dismiss": order_dismiss,
    "rally": order_rally,
    "discard": order_discard,
}


def run_order(table: Table, seat: str, order: Order) -> None:
    """Carry out one order of the active player (raises :class:`Refused` and changes nothing if illegal)."""
    ORDER_STEPS[order["verb"]](table, seat, order)
