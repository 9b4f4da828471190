"""The Aventure Aerienne, one function per step of the book (setup is in rules.py).

1. tirage des cartes Action (not on the first Expedition)   -> :func:`draw_actions`
2. recrutement des pirates                                   -> :func:`recruit`
3. election du Capitaine                                     -> :func:`elect_captain`
4. embarquement                                              -> :func:`board`
5. resolution des Evenements: pioche (la Vigie), degats aux ballons, procedure de resolution,
   cagnotte, decision du Capitaine, mutinerie                -> :func:`draw_event` .. :func:`mutiny`

``answers`` maps a seat to its list of orders (dicts from orders.py) for the sealed moment being
resolved; names were checked by ``check`` but are resolved again here, and anything no longer
possible is skipped with an event (never silently).
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.eollis.cards import (
    BALLOON_CELLS,
    POST_NAMES,
    REPAIR_UP_TO,
    REPAIR_ZONES,
    effect_name,
    effect_value,
)
from adjudicator.games.eollis.orders import POSTS
from adjudicator.games.eollis.table import Table, expand_posts

Orders = list[dict[str, Any]]
SKILLS = ("navigation", "combat", "bagou")


def first(orders: Orders, verb: str) -> dict[str, Any] | None:
    return next((o for o in orders if o["verb"] == verb), None)


def apply_standing(t: Table, seat: str, orders: Orders) -> None:
    """Standing answers kept by the clan until it changes them."""
    s = t.standing(seat)
    for o in orders:
        v = o["verb"]
        if v == "recruit":
            if o.get("by"):
                s["recruit"] = o["by"]
            s["recruit_names"] = list(o.get("names", []))
        elif v == "posts":
            s["posts"] = list(o["posts"])
        elif v in ("order", "sacrifice", "condemn"):
            s[v] = list(o["names"])
        elif v == "gift":
            s["gift"] = o["seat"]
        elif v == "repair-roll":
            s["repair"] = o["upto"]
        elif v == "side":
            s["side"] = o["side"]
        elif v == "lookout":
            s["lookout"] = {"mode": o["mode"], "above": o["above"]}
        elif v == "plan":
            s["plan"] = {"balloon": o["balloon"], "events": o["events"]} if o["balloon"] else None
        elif v == "mutiny":
            s["mutiny"] = {"when": o["when"], "leader": o["leader"]}
        elif v == "no-mutiny":
            s["mutiny"] = None


def pirate_value(t: Table, uid: str, by: str) -> int:
    if by == "total":
        return sum(t.skill(uid, s) for s in SKILLS)
    return t.skill(uid, by)


# -- 1. tirage des cartes Action --------------------------------------------------------------------
def draw_actions(t: Table, answers: dict[str, Orders], why: str) -> None:
    """From the Capitaine's clan (or the last Capitaine's) clockwise: discards, then up to 3 cards."""
    for seat in t.clockwise_from(t.first_seat()):
        for o in answers.get(seat, []):
            if o["verb"] != "discard":
                continue
            uid = t.resolve_card(seat, o["name"])
            if uid is None:
                t.tell(
                    f"{seat}: no card {o['name']!r} left in hand to discard.", "order-skipped", seats=(seat,)
                )
                continue
            t.take_from_hand(seat, uid)
            t.tell(f"{seat} discards {t.name(uid)}.", "discard")
        while t.held(seat) < 3:
            before = t.held(seat)
            t.receive_action(seat, why)
            if t.held(seat) == before:
                break


# -- 2. recrutement des pirates ---------------------------------------------------------------------
def crew_size(t: Table) -> int:
    """5 pirates a clan at 3 players, 4 at 4 or 5 players."""
    return 5 if len(t.seats) == 3 else 4


def recruit(t: Table, answers: dict[str, Orders]) -> None:
    """The whole recruitment at once: :func:`muster_recruits` then :func:`pick_recruits`."""
    muster_recruits(t, answers)
    pick_recruits(t)


def muster_recruits(t: Table, answers: dict[str, Orders]) -> None:
    """Releases and ghosts leave, the pile is shuffled with its discard, each clan is dealt blind all
    it lacks but one (from the first clan clockwise), and 3 pirates are laid face up: the clans
    name their pick among them in the next exchange (the election's)."""
    state = t.state
    piles = state["piles"]
    for seat in t.seats:
        c = t.clan(seat)
        for uid in list(c["pirates"]):
            p = t.pirate(uid)
            release = any(
                o["verb"] == "release" and t.resolve_pirate(seat, o["name"], [uid])
                for o in answers.get(seat, [])
            )
            if p["ghost"] or release:
                why = "the ghost is discarded at recruitment" if p["ghost"] else "released"
                c["pirates"].remove(uid)
                del state["pirates"][uid]
                piles["pirates_discard"].append(uid)
                t.tell(f"{t.name(uid)} leaves {seat}'s clan ({why}).", "release")
    piles["pirates"] = t.dice.shuffle(
        piles["pirates"] + piles["pirates_discard"], f"shuffle:pirates:exp{state['expedition']}"
    )
    piles["pirates_discard"] = []
    size = crew_size(t)
    for seat in t.clockwise_from(t.first_seat()):
        need = size - len(t.clan(seat)["pirates"])
        for _ in range(max(0, need - 1)):
            if piles["pirates"]:
                join(t, seat, piles["pirates"].pop(0), "dealt")
    state["market"] = [piles["pirates"].pop(0) for _ in range(min(3, len(piles["pirates"])))]
    if state["market"]:
        t.tell(
            "Face up for the recruitment: " + "; ".join(pirate_text(t, u) for u in state["market"]) + ".",
            "market",
        )


def pick_recruits(t: Table) -> None:
    """From the first clan clockwise, each clan that lacks a pirate takes one of the 3 face-up: the
    first it named (``recruit <name>, ...``) still face up, else the best by its skill; the next
    card of the pile is laid face up after each pick. Names are for this recruitment only."""
    state = t.state
    piles = state["piles"]
    market = state.get("market") or []
    size = crew_size(t)
    for seat in t.clockwise_from(t.first_seat()):
        s = t.standing(seat)
        if len(t.clan(seat)["pirates"]) >= size or not market:
            continue
        named = [t.resolve_pirate(seat, n, market) for n in s.get("recruit_names", [])]
        best = next((u for u in named if u), None)
        how = "named by the clan"
        if best is None:
            by = s["recruit"]
            best = max(market, key=lambda u: (pirate_value(t, u, by), -market.index(u)))
            how = f"by {by}"
        market.remove(best)
        join(t, seat, best, f"chosen among the face-up pirates, {how}")
        if piles["pirates"]:
            market.append(piles["pirates"].pop(0))
            t.tell(f"Laid face up: {pirate_text(t, market[-1])}.", "market")
    piles["pirates"] = market + piles["pirates"]
    state["market"] = []
    for seat in t.seats:
        t.standing(seat)["recruit_names"] = []
        c = t.clan(seat)
        if c["stash"] and c["pirates"]:
            gold, c["stash"] = c["stash"], 0
            t.give_gold(seat, gold, aboard_only=False)
            t.tell(f"{seat}'s {gold} gold kept from the last Taverne is shared over its pirates.", "gold")


def pirate_text(t: Table, uid: str) -> str:
    card = t.card(uid)
    return f"{card['name']} (N{card['navigation']} C{card['combat']} B{card['bagou']}, {card['power']})"


def join(t: Table, seat: str, uid: str, how: str) -> None:
    t.state["pirates"][uid] = {"owner": seat, "gold": 0, "post": None, "used": False, "ghost": False}
    t.clan(seat)["pirates"].append(uid)
    t.tell(f"{seat} recruits {pirate_text(t, uid)} - {how}.", "recruit")


# -- 3. election du Capitaine -----------------------------------------------------------------------
def card_modifier(t: Table, seat: str, card_uid: str, own: bool) -> int:
    """What a played card adds to a roll: Exploit bonus on one's own (or a helped) roll, Exploit malus
    or any Bagarre card (-1) on a rival's."""
    card = t.card(card_uid)
    name = effect_name(card.get("effect", ""))
    if card["kind"] == "bagarre":
        return 0 if own else -1
    if name == "bonus":
        return effect_value(card["effect"]) if own else 0
    if name == "malus":
        return 0 if own else -effect_value(card["effect"])
    return 0


def elect_captain(t: Table, answers: dict[str, Orders]) -> None:
    """Every clan proposes a pirate: a die + its Bagou; the highest is Capitaine (ties: new dice)."""
    scores: dict[str, int] = {}
    candidates: dict[str, str] = {}
    mods: dict[str, int] = {seat: 0 for seat in t.seats}
    for seat in t.clockwise_from(t.first_seat()):
        orders = answers.get(seat, [])
        pirates = t.clan(seat)["pirates"]
        if not pirates:
            continue
        named = first(orders, "candidate")
        cand = t.resolve_pirate(seat, named["name"]) if named else None
        if cand is None:
            cand = max(pirates, key=lambda u: (t.skill(u, "bagou"), -pirates.index(u)))
        candidates[seat] = cand
        used_card = False
        for o in orders:
            if used_card:
                break
            if o["verb"] == "play":
                uid = t.resolve_card(seat, o["name"])
                if uid and t.card(uid)["kind"] == "exploit":
                    mods[seat] += card_modifier(t, seat, uid, True)
                    t.take_from_hand(seat, uid)
                    t.tell(f"{seat} plays {t.name(uid)} for its candidate.", "card")
                    used_card = True
            elif o["verb"] == "hinder":
                target, uid = t.resolve_seat(seat, o["seat"]), t.resolve_card(seat, o["card"])
                if target and target != seat and uid:
                    mods[target] += card_modifier(t, seat, uid, False)
                    t.take_from_hand(seat, uid)
                    t.tell(f"{seat} plays {t.name(uid)} against {target}'s candidate.", "card")
                    used_card = True
        power = first(orders, "power")
        if power:
            puid = t.resolve_pirate(seat, power["name"])
            if puid and effect_name(t.card(puid)["power"]) == "election-bonus" and not t.pirate(puid)["used"]:
                t.pirate(puid)["used"] = True
                mods[seat] += effect_value(t.card(puid)["power"])
                t.tell(
                    f"{t.name(puid)} ({seat}) uses its power: +{effect_value(t.card(puid)['power'])}.",
                    "power",
                )
    for seat, cand in candidates.items():
        die = t.dice.d6(f"election:{t.key(seat)}")
        scores[seat] = die + t.skill(cand, "bagou") + mods[seat]
        t.tell(
            f"Election: {seat} proposes {t.name(cand)}: die {die} + Bagou {t.skill(cand, 'bagou')}"
            f"{mods[seat]:+d} = {scores[seat]}.",
            "election",
        )
    finalists = [s for s in candidates if scores[s] == max(scores.values())]
    while len(finalists) > 1:
        rolls = {s: t.dice.d6(f"election-tie:{t.key(s)}") for s in finalists}
        t.tell("Tie: " + ", ".join(f"{s} rolls {r}" for s, r in rolls.items()) + ".", "election")
        finalists = [s for s in finalists if rolls[s] == max(rolls.values())]
    winner = finalists[0]
    captain = candidates[winner]
    t.place(captain, "capitaine")
    t.state["last_captain"] = winner
    t.tell(f"{t.name(captain)} ({winner}) is elected Capitaine.", "captain", seat=winner)
    check_missions(t, winner, "captain")


# -- 4. l'embarquement ------------------------------------------------------------------------------
def board(t: Table) -> None:
    """From the Capitaine, each clan in turn puts one pirate on a free post, then in the hold."""
    captain_seat = t.captain_seat()
    order = t.clockwise_from(captain_seat)
    waiting = {s: [u for u in t.clan(s)["pirates"] if t.post_of(u) is None] for s in order}
    for seat in order:
        wanted = [t.resolve_pirate(seat, n) for n in t.standing(seat)["order"]]
        ranked = [u for u in wanted if u in waiting[seat]]
        rest = sorted(
            (u for u in waiting[seat] if u not in ranked),
            key=lambda u: (-pirate_value(t, u, "total"), t.clan(seat)["pirates"].index(u)),
        )
        waiting[seat] = ranked + rest
    turn = 1  # the Capitaine's clan has placed its Capitaine: its first turn
    while any(waiting.values()):
        seat = order[turn % len(order)]
        turn += 1
        if not waiting[seat]:
            continue
        uid = waiting[seat].pop(0)
        wishes = expand_posts(t.standing(seat)["posts"]) + list(POSTS)
        post = next((p for p in wishes if t.at(p) is None), "hold")
        t.place(uid, post)
        where = "in the hold" if post == "hold" else f"as {POST_NAMES[post]}"
        t.tell(f"{seat} boards {t.name(uid)} {where}.", "board")


# -- 5. les Evenements ------------------------------------------------------------------------------
def draw_event(t: Table) -> bool:
    """The Vigie draws in secret (True: the Vigie's answer is awaited); without a Vigie the Capitaine
    draws and the Event is played at once."""
    state = t.state
    uid = t.draw("events")
    if uid is None:
        t.tell("No Event left to draw: the ship returns to port.", "return")
        return False
    state["event"] = {"uid": uid, "revealed": False}
    lookout = t.seat_at("vigie")
    if lookout:
        t.tell(f"The Vigie ({lookout}) draws an Event and looks at it alone.", "lookout")
        t.tell(
            f"The Vigie sees: {describe_event(t, uid)}. Reveal it, or refuse it (it goes under the pile "
            "and the next Event is played at once).",
            "lookout-private",
            seats=(lookout,),
            card=uid,
        )
        standing = t.standing(lookout).get("lookout") or {"mode": "ask", "above": 0}
        if standing["mode"] == "ask":
            state["pending"] = {"kind": "lookout", "seats": [lookout]}
            return True
        refuse = standing["mode"] == "refuse" and t.card(uid)["threshold"] > standing["above"]
        t.tell(
            f"The Vigie's standing answer: {'refuse' if refuse else 'reveal'}.", "lookout", seats=(lookout,)
        )
        lookout_answer(t, [{"verb": "refuse" if refuse else "reveal", "line": 1}])
        return False
    t.tell("There is no Vigie: the Capitaine draws the Event and plays it.", "lookout")
    return False


def describe_event(t: Table, uid: str) -> str:
    e = t.card(uid)
    bits = [f"{e['name']}: {e['skill']} {e['threshold']}+", f"balloon damage {e['damage']}"]
    if e["special"]:
        bits.append(f"special ({POST_NAMES[e['special']]} only)")
    win = [f"{e['gold']} gold"] + ([f"{e['cards']} card(s)"] if e["cards"] else [])
    bits.append("success: " + " and ".join(win) + f", kitty +{e['kitty']}")
    loss = ([f"-{e['fame_loss']} fame"] if e["fame_loss"] else []) + (
        [f"{e['deaths']} pirate(s) killed"] if e["deaths"] else []
    )
    bits.append("failure: " + (" and ".join(loss) or "nothing"))
    return "; ".join(bits)


def lookout_answer(t: Table, orders: Orders) -> None:
    state = t.state
    uid = state["event"]["uid"]
    if first(orders, "refuse"):
        state["piles"]["events"].append(uid)
        t.tell(
            "The Vigie refuses the Event: it goes under the pile; the next one is played at once.", "lookout"
        )
        nxt = t.draw("events")
        if nxt is None:
            return
        state["event"] = {"uid": nxt, "revealed": False}
    else:
        t.tell("The Vigie reveals the Event.", "lookout")


def play_event(t: Table) -> bool:
    """Reveal, balloon damage, the repair, then the Bosco's card; False if the ship is destroyed."""
    state = t.state
    uid = state["event"]["uid"]
    state["event"]["revealed"] = True
    state["events_played"] = state.get("events_played", 0) + 1
    t.tell(f"Event: {describe_event(t, uid)}.", "event", card=uid)
    ship = state["ship"]
    damage = t.card(uid)["damage"]
    if damage:
        ship["balloon"] += damage
        t.tell(f"Balloon damage: the Ballon marker moves {damage} to cell {ship['balloon']}.", "balloon")
    if ship["balloon"] > BALLOON_CELLS:
        destroy_ship(t)
        return False
    if damage and t.at("alti-maitre"):
        repair(t, f"repair:{uid}")
        if ship["destroyed"]:
            return False
    bosco_gives(t)
    return True


def bosco_recipient(t: Table, bosco: str) -> str:
    """The clan the Bosco gives the card to: its clan's standing ``gift``, else the next clan
    clockwise. Never the Bosco's own clan: the book's exchange (the card for 1 gold paid to the
    Bosco) is between two clans."""
    wanted = t.standing(bosco).get("gift")
    if wanted in t.seats and wanted != bosco:
        return str(wanted)
    return t.clockwise_from(bosco)[1]


def bosco_gives(t: Table) -> None:
    """ "Tout d'abord" of the resolution procedure: the Bosco gives the top Action card, unseen, to
    a clan of his choice, which pays him 1 gold."""
    bosco = t.seat_at("bosco")
    if not bosco:
        return
    to = bosco_recipient(t, bosco)
    t.tell(f"The Bosco ({bosco}) gives the top Action card to {to}, unseen.", "bosco")
    t.receive_action(to, "from the Bosco")
    paid = t.take_gold(to, 1)
    if paid:
        t.pirate(t.at("bosco"))["gold"] += paid  # type: ignore[index]
        t.tell(f"{to} pays 1 gold to the Bosco.", "gold")


def repair(t: Table, key: str) -> None:
    """The Alti-Maitre "peut tenter" a repair roll, as his clan's standing answer says: the zone's
    number or more moves the marker back one cell, the zone's failure number one cell on."""
    ship = t.state["ship"]
    seat = t.seat_at("alti-maitre")
    upto = t.standing(seat).get("repair", REPAIR_UP_TO) if seat else REPAIR_UP_TO
    if ship["balloon"] > upto:
        t.tell(
            f"The Alti-Maitre ({seat}) does not try a repair on cell {ship['balloon']}.",
            "balloon",
        )
        return
    need, fail = next((n, f) for cells, n, f in REPAIR_ZONES if ship["balloon"] in cells)
    die = t.dice.d6(key)
    if die >= need:
        ship["balloon"] = max(0, ship["balloon"] - 1)
        t.tell(
            f"The Alti-Maitre repairs ({die}, needed {need}+): the Ballon is back to {ship['balloon']}.",
            "balloon",
        )
    elif die <= fail:
        ship["balloon"] += 1
        t.tell(
            f"The Alti-Maitre's repair fails badly ({die}): the Ballon moves to {ship['balloon']}.", "balloon"
        )
        if ship["balloon"] > BALLOON_CELLS:
            destroy_ship(t)
    else:
        t.tell(f"The Alti-Maitre's repair fails ({die}, needed {need}+).", "balloon")


def destroy_ship(t: Table) -> None:
    """ "Destruction du navire": the kitty is lost, the Capitaine dies, the Pretre is saved, and every
    other pirate is saved only by paying him 1 gold from its own purse."""
    state = t.state
    state["ship"]["destroyed"] = True
    t.tell("The balloons burst: the Arcadie is destroyed! The kitty is lost.", "destroyed")
    state["ship"]["kitty"] = 0
    priest = t.at("pretre")
    captain = t.at("capitaine")
    aboard = [t.at(p) for p in POSTS[1:]] + list(state["ship"]["hold"])
    if captain:
        t.kill(captain, "the ship destroyed", gold_to="lost", powers=False, promote=False)
    for uid in aboard:
        if uid is None or uid == priest or uid not in state["pirates"]:
            continue
        p = t.pirate(uid)
        if priest and p["gold"] >= 1 and priest in state["pirates"]:
            p["gold"] -= 1
            t.pirate(priest)["gold"] += 1
            t.tell(f"{t.name(uid)} ({p['owner']}) pays 1 gold to the Pretre and is saved.", "saved")
        else:
            t.kill(uid, "the ship destroyed", gold_to="lost", powers=False, promote=False)
    if priest and priest in state["pirates"]:
        t.tell(f"The Pretre {t.name(priest)} is always saved.", "saved")


def testers(t: Table) -> dict[str, str | None]:
    """Who tries the Event: every clan with a pirate aboard, or the special post alone."""
    e = t.card(t.state["event"]["uid"])
    if e["special"]:
        uid = t.stand_in(e["special"])
        return {t.owner(uid): uid} if uid else {}
    return {s: None for s in t.clockwise_from(t.first_seat()) if t.aboard(s)}


def resolve_tests(t: Table, answers: dict[str, Orders]) -> None:
    """ "Procedure de resolution": from the Capitaine, every clan tries, even after a success."""
    state = t.state
    ev_uid = state["event"]["uid"]
    e = t.card(ev_uid)
    skill = e["skill"]
    who = testers(t)
    played: set[tuple[str, str]] = set()  # (player, target) pairs that already carry a card
    for seat in t.clockwise_from(t.first_seat()):
        if seat not in who:
            continue
        orders = answers.get(seat, [])
        own_exploit = False
        for o in orders:  # one Exploit on one's own turn: a repair or an accident first
            if o["verb"] not in ("repair", "accident") or own_exploit:
                continue
            uid = t.resolve_card(seat, o["card"])
            if uid is None or effect_name(t.effect(uid)) != o["verb"]:
                t.tell(f"{seat}: no {o['verb']} card {o['card']!r} in hand.", "order-skipped", seats=(seat,))
                continue
            own_exploit = True
            t.take_from_hand(seat, uid)
            if o["verb"] == "repair":
                state["ship"]["balloon"] = max(0, state["ship"]["balloon"] - 1)
                t.tell(
                    f"{seat} plays {t.name(uid)}: the Ballon back to {state['ship']['balloon']}.", "balloon"
                )
            else:
                accident(t, seat, o["pirate"], uid)
        tester = who[seat]
        if tester is None:
            named = first(orders, "test")
            aboard = t.aboard(seat)
            tester = t.resolve_pirate(seat, named["name"], aboard) if named else None
            if tester is None:
                if not aboard:
                    continue
                tester = max(aboard, key=lambda u: (t.skill(u, skill), -aboard.index(u)))
        if tester not in state["pirates"]:
            continue
        bonus = t.crew_bonus(skill)
        notes = [f"crew +{bonus}"] if bonus else []
        reroll_card: str | None = None  # kept in hand, played only if the roll fails
        reroll_power: str | None = None  # likewise, the pirate's power is spent only then
        play = first(orders, "play")
        if play and not own_exploit:
            uid = t.resolve_card(seat, play["name"])
            if uid and t.card(uid)["kind"] == "exploit" and effect_name(t.effect(uid)) in ("bonus", "reroll"):
                own_exploit = True
                if effect_name(t.effect(uid)) == "reroll":
                    reroll_card = uid
                else:
                    t.take_from_hand(seat, uid)
                    bonus += card_modifier(t, seat, uid, True)
                    notes.append(f"{t.name(uid)} {card_modifier(t, seat, uid, True):+d}")
        power = first(orders, "power")
        if power:
            puid = t.resolve_pirate(seat, power["name"], t.aboard(seat))
            if puid and not t.pirate(puid)["used"]:
                kind = effect_name(t.card(puid)["power"])
                if kind == "test-bonus":
                    t.pirate(puid)["used"] = True
                    bonus += effect_value(t.card(puid)["power"])
                    notes.append(f"power of {t.name(puid)} +{effect_value(t.card(puid)['power'])}")
                elif kind == "reroll" and reroll_card is None:
                    reroll_power = puid
        for other in t.clockwise_from(seat)[1:]:
            for o in answers.get(other, []):
                if o["verb"] not in ("help", "hinder") or t.resolve_seat(other, o["seat"]) != seat:
                    continue
                if (other, seat) in played:
                    break
                uid = t.resolve_card(other, o["card"])
                if uid is None:
                    continue
                mod = card_modifier(t, other, uid, o["verb"] == "help")
                if mod == 0:
                    continue
                played.add((other, seat))
                t.take_from_hand(other, uid)
                bonus += mod
                notes.append(f"{other}'s {t.name(uid)} {mod:+d}")
        base = t.skill(tester, skill)
        die = t.dice.d6(f"test:{ev_uid}:{t.key(seat)}")
        total = die + base + bonus
        extra = (", " + ", ".join(notes)) if notes else ""
        text = f"{seat} tests {t.name(tester)}: die {die} + {skill} {base}{extra} = {total}"
        text += f" (needs {e['threshold']})"
        reroll_from: str | None = None
        if total < e["threshold"]:  # a reroll is played only on a failed roll
            if reroll_card and reroll_card in t.clan(seat)["hand"]:
                t.take_from_hand(seat, reroll_card)
                reroll_from = t.name(reroll_card)
            elif reroll_power:
                t.pirate(reroll_power)["used"] = True
                reroll_from = f"power of {t.name(reroll_power)}"
        elif reroll_card or reroll_power:
            kept = t.name(reroll_card) if reroll_card else f"the power of {t.name(reroll_power or '')}"
            t.tell(f"{seat}: the roll succeeded; {kept} is kept for later.", "reroll-kept", seats=(seat,))
        if reroll_from:
            die = t.dice.d6(f"test-reroll:{ev_uid}:{t.key(seat)}")
            total = die + base + bonus
            text += f"; {reroll_from}: a new die {die} = {total}"
        success = total >= e["threshold"]
        t.tell(text + (": success." if success else ": failure."), "test", seat=seat, success=success)
        if success:
            succeed(t, seat, tester, e)
        else:
            fail(t, seat, tester, e, answers)
    t.hold_tops_up()


def accident(t: Table, seat: str, name: str, card_uid: str) -> None:
    targets = [u for s in t.seats if s != seat for u in t.aboard(s)]
    uid = t.resolve_pirate(seat, name, targets)
    if uid is None or t.pirate(uid)["ghost"]:
        t.tell(f"{seat}'s {t.name(card_uid)} finds no rival pirate aboard named {name!r}: no effect.", "card")
        return
    die = t.dice.d6(f"accident:{uid}")
    if die >= 4:
        t.tell(f"{seat}'s {t.name(card_uid)} strikes {t.name(uid)} ({die}).", "card")
        t.kill(uid, f"an accident caused by {seat}", killer=seat)
    else:
        t.tell(f"{seat}'s {t.name(card_uid)} misses {t.name(uid)} ({die}).", "card")


def succeed(t: Table, seat: str, tester: str, e: dict[str, Any]) -> None:
    gold = e["gold"]
    p = t.pirate(tester)
    if effect_name(t.card(tester)["power"]) == "gold" and not p["used"]:
        p["used"] = True
        gold += effect_value(t.card(tester)["power"])
        t.tell(f"{t.name(tester)}'s power: +{effect_value(t.card(tester)['power'])} gold.", "power")
    t.give_gold(seat, gold, first=tester)
    for _ in range(e["cards"]):
        t.receive_action(seat, "an Event won")
    t.state["ship"]["kitty"] += e["kitty"]
    t.tell(f"{seat} wins {gold} gold; the kitty rises by {e['kitty']} to {t.state['ship']['kitty']}.", "gold")
    if e["special"]:
        t.add_fame(seat, 1, f"special Event won by the {POST_NAMES[e['special']]}")
        check_missions(t, seat, "hero")


def fail(t: Table, seat: str, tester: str, e: dict[str, Any], answers: dict[str, Orders]) -> None:
    if e["fame_loss"]:
        t.add_fame(seat, -e["fame_loss"], f"{e['name']} failed")
    for _ in range(e["deaths"]):
        aboard = [u for u in t.aboard(seat) if not t.pirate(u)["ghost"]]
        if not aboard:
            aboard = t.aboard(seat)
        if not aboard:
            return
        chooser = t.stand_in("pretre") if e["special"] else None  # a vacant Pretre's stand-in chooses
        priest = t.owner(chooser) if chooser else None
        if priest:
            chosen = [t.resolve_pirate(seat, n, aboard) for n in t.standing(priest)["condemn"]]
            victim = next((u for u in chosen if u), None) or max(
                aboard, key=lambda u: (t.pirate(u)["gold"], -pirate_value(t, u, "total"), -aboard.index(u))
            )
            who = "The Pretre" if t.at("pretre") else f"{t.name(chooser or '')}, standing in for the Pretre,"
            t.tell(f"{who} ({priest}) chooses who dies: {t.name(victim)}.", "priest")
        else:
            victim = choose_sacrifice(t, seat, aboard)
        t.kill(victim, f"{e['name']} failed")


def choose_sacrifice(t: Table, seat: str, among: list[str]) -> str:
    """The clan's standing ``sacrifice`` list, else its weakest pirate that is not the Capitaine."""
    for name in t.standing(seat)["sacrifice"]:
        uid = t.resolve_pirate(seat, name, among)
        if uid:
            return uid
    pool = [u for u in among if t.post_of(u) != "capitaine"] or among
    return min(pool, key=lambda u: (pirate_value(t, u, "total"), pool.index(u)))


# -- decision du Capitaine and mutinerie ------------------------------------------------------------
def planned_decision(t: Table) -> str | None:
    """The Capitaine's standing plan, if its clan gave one: return at that damage or event count."""
    seat = t.captain_seat()
    plan = t.standing(seat).get("plan") if seat else None
    if not plan:
        return None
    state = t.state
    home = state["ship"]["balloon"] >= plan["balloon"] or state["events_played"] >= plan["events"]
    return "return" if home else "continue"


def captain_decides(t: Table, answers: dict[str, Orders]) -> str:
    """The Capitaine's swap (once an Expedition), decision, and any mutiny; returns continue/return."""
    state = t.state
    captain_seat = t.captain_seat()
    if captain_seat is None:
        return "return"
    orders = answers.get(captain_seat, [])
    swap = first(orders, "swap")
    if swap and not state.get("swap_used"):
        on_ship = [
            u for u in state["pirates"] if t.post_of(u) in (*POSTS, "hold") and t.post_of(u) != "capitaine"
        ]
        on_ship.sort(key=lambda u: list(state["pirates"]).index(u))
        a, b = (
            t.resolve_pirate(captain_seat, swap["a"], on_ship),
            t.resolve_pirate(captain_seat, swap["b"], on_ship),
        )
        if a and b and a != b:
            pa, pb = t.post_of(a), t.post_of(b)
            assert pa and pb
            t.leave_ship(a)
            t.leave_ship(b)
            t.place(a, pb)
            t.place(b, pa)
            state["swap_used"] = True
            t.tell(f"The Capitaine swaps {t.name(a)} and {t.name(b)}.", "swap")
    decision = "continue" if first(orders, "continue") else "return"
    if first(orders, "continue") and first(orders, "return"):
        decision = (
            "continue" if first(orders, "continue")["line"] > first(orders, "return")["line"] else "return"
        )  # type: ignore[index]
    t.tell(
        f"The Capitaine ({captain_seat}) decides to "
        + ("continue the Expedition." if decision == "continue" else "return to port."),
        "decision",
    )
    for seat in t.clockwise_from(captain_seat)[1:]:
        m = t.standing(seat).get("mutiny")
        if m is None or m["when"] not in (decision, "always") or not t.aboard(seat):
            continue
        t.standing(seat)["mutiny"] = None  # a declared mutiny is spent once it breaks out
        leader = t.resolve_pirate(seat, m["leader"], t.aboard(seat)) or t.aboard(seat)[0]
        return mutiny(t, seat, leader, decision, answers)
    return decision


def mutiny(t: Table, mutineer: str, leader: str, decision: str, answers: dict[str, Orders]) -> str:
    state = t.state
    captain_seat = t.captain_seat()
    assert captain_seat is not None
    captain = t.at("capitaine")
    t.tell(f"Mutiny! {mutineer} rises with {t.name(leader)} against the Capitaine.", "mutiny")
    camps = {"captain": [captain_seat], "mutineer": [mutineer]}
    for seat in t.clockwise_from(mutineer):
        if seat in (captain_seat, mutineer):
            continue
        camps[t.standing(seat)["side"]].append(seat)
    t.tell(
        "Loyalties: with the Capitaine "
        + ", ".join(camps["captain"])
        + "; with the mutineer "
        + ", ".join(camps["mutineer"])
        + ".",
        "mutiny",
    )
    strength = {camp: sum(len(t.aboard(s)) for s in seats) for camp, seats in camps.items()}
    armourer = t.seat_at("armurier")
    for camp, seats in camps.items():
        if armourer in seats:
            strength[camp] += 2
    mods = {"captain": 0, "mutineer": 0}
    for camp, seat in (("captain", captain_seat), ("mutineer", mutineer)):
        play = first(answers.get(seat, []), "play")
        uid = t.resolve_card(seat, play["name"]) if play else None
        if uid is None:
            continue
        own = card_modifier(t, seat, uid, True)
        against = card_modifier(t, seat, uid, False)
        other = "mutineer" if camp == "captain" else "captain"
        if own:
            mods[camp] += own
        elif against:
            mods[other] += against
        else:
            continue
        t.take_from_hand(seat, uid)
        t.tell(f"{seat} plays {t.name(uid)} in the mutiny.", "card")
    while True:
        dice = {camp: t.dice.d6(f"mutiny:{camp}") for camp in ("captain", "mutineer")}
        totals = {camp: dice[camp] + strength[camp] + mods[camp] for camp in dice}
        t.tell(
            "Mutiny dice: "
            + ", ".join(
                f"{camp} {dice[camp]}+{strength[camp]}{mods[camp]:+d} = {totals[camp]}" for camp in dice
            )
            + ".",
            "mutiny",
        )
        if totals["captain"] != totals["mutineer"]:
            break
    opposite = "return" if decision == "continue" else "continue"
    if totals["mutineer"] > totals["captain"]:
        t.tell(f"The mutiny wins: {t.name(leader)} becomes Capitaine.", "mutiny")
        assert captain is not None
        died = t.kill(captain, "mutiny", gold_to="kitty", powers=False, promote=False)
        for seat in camps["captain"]:
            if seat != captain_seat:
                kill_one(t, seat, "mutiny")
        if not died:  # a ghost Capitaine cannot die: it takes the leader's post
            old = t.post_of(leader)
            t.leave_ship(captain)
            t.place(leader, "capitaine")
            if old:
                t.place(captain, old)
        else:
            t.place(leader, "capitaine")
        state["last_captain"] = mutineer
        check_missions(t, mutineer, "captain")
        check_missions(t, mutineer, "mutineer")
        t.hold_tops_up()
        return opposite
    t.tell("The Capitaine's camp wins: the mutineers' leader dies.", "mutiny")
    t.kill(leader, "mutiny", gold_to="kitty", powers=False)
    for seat in camps["mutineer"]:
        if seat != mutineer:
            kill_one(t, seat, "mutiny")
    t.hold_tops_up()
    return decision


def kill_one(t: Table, seat: str, why: str) -> None:
    aboard = t.aboard(seat)
    if aboard:
        t.kill(choose_sacrifice(t, seat, aboard), why, gold_to="kitty", powers=False)


# -- Secret Missions --------------------------------------------------------------------------------
def check_missions(t: Table, seat: str, condition: str) -> None:
    """A Secret Mission whose condition is met is revealed at once (the clan's standing answer)."""
    c = t.clan(seat)
    for uid in list(c["missions"]):
        cond = t.card(uid)["condition"]
        name = effect_name(cond)
        if name != condition:
            continue
        if name == "hoard" and t.clan_gold(seat) < effect_value(cond):
            continue
        c["missions"].remove(uid)
        t.discard_action(uid)
        c["revealed"].append(
            {"name": t.name(uid), "fame": int(t.card(uid)["fame"])}
        )  # not the uid: it is reshuffled
        t.tell(f"{seat} reveals its Secret Mission {t.name(uid)}.", "mission", card=uid)
        t.add_fame(seat, int(t.card(uid)["fame"]), f"Secret Mission {t.name(uid)}")
