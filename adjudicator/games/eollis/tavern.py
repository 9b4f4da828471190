"""La Taverne, one function per step: partage de la cagnotte, tirage des cartes Action (in
adventure.draw_actions), bagarres (2 tours), gain de renommee, and the end of the game."""

from __future__ import annotations

from typing import Any

from adjudicator.games.eollis.adventure import Orders, check_missions
from adjudicator.games.eollis.cards import PAY, POST_NAMES, effect_name, effect_value
from adjudicator.games.eollis.table import Table


def share_kitty(t: Table) -> None:
    """Down the sharing list each occupied post takes its pay, round after round, till the kitty is empty."""
    ship = t.state["ship"]
    kitty = ship["kitty"]
    paid_posts = [p for p, pay in PAY.items() if pay and t.at(p)]
    if not kitty or not paid_posts:
        if kitty:
            t.tell(f"No paid post is occupied: the kitty of {kitty} stays for the next Expedition.", "kitty")
        return
    t.tell(f"The Capitaine shares the kitty of {kitty} gold.", "kitty")
    shares: dict[str, int] = {}
    while kitty > 0:
        for post in paid_posts:
            if kitty <= 0:
                break
            gold = min(PAY[post], kitty)
            kitty -= gold
            uid = t.at(post)
            assert uid is not None
            t.pirate(uid)["gold"] += gold
            shares[post] = shares.get(post, 0) + gold
    ship["kitty"] = 0
    t.tell(
        "Kitty shares: "
        + ", ".join(f"{POST_NAMES[p]} ({t.seat_at(p)}) {g}" for p, g in shares.items())
        + ".",
        "kitty",
    )


def best(t: Table, seat: str, skill: str) -> int:
    return max((t.skill(u, skill) for u in t.clan(seat)["pirates"]), default=0)


def protected(t: Table, seat: str) -> int:
    c = t.clan(seat)
    return int(c["hidden"]) + int(c["safe"])


def brawl_roll(t: Table, seat: str, key: str, exploit: str | None) -> int:
    """A die + the clan's best Combat (+ a Bagarre power once an Expedition, + an Exploit bonus)."""
    total = t.dice.d6(key) + best(t, seat, "combat")
    malus = t.clan(seat).get("brawl_malus", 0)
    if malus:
        total -= malus
        t.clan(seat)["brawl_malus"] = 0
        t.tell(f"{seat}'s roll takes -{malus} from the Exploit played against it.", "card")
    for uid in t.clan(seat)["pirates"]:
        p = t.pirate(uid)
        if effect_name(t.card(uid)["power"]) == "brawl-bonus" and not p["used"]:
            p["used"] = True
            total += effect_value(t.card(uid)["power"])
            t.tell(f"{t.name(uid)}'s power: +{effect_value(t.card(uid)['power'])} in the brawl.", "power")
            break
    if exploit:
        uid = t.resolve_card(seat, exploit)
        if uid and effect_name(t.effect(uid)) == "bonus":
            total += effect_value(t.effect(uid))
            t.take_from_hand(seat, uid)
            t.tell(f"{seat} plays {t.name(uid)} (+{effect_value(t.effect(uid))}).", "card")
    return total


def brawl(t: Table, seat: str, order: dict[str, Any], rnd: int) -> bool:
    """One Bagarre card played in the Taverne; False if it could not be played."""
    uid = t.resolve_card(seat, order["card"])
    if uid is None or t.card(uid)["kind"] != "bagarre":
        t.tell(
            f"{seat}: no Bagarre card {order['card']!r} in hand; the brawl line is skipped.", "order-skipped"
        )
        return False
    target = t.resolve_seat(seat, order["seat"]) or seat
    effect = t.effect(uid)
    name = effect_name(effect)
    t.take_from_hand(seat, uid)
    on = f" on {target}" if target != seat else ""
    t.tell(f"Brawl, round {rnd}: {seat} plays {t.name(uid)}{on}.", "brawl")
    if name in ("steal", "challenge", "humiliate", "debauch", "assassinate") and target == seat:
        t.tell("A clan cannot brawl with itself: no effect.", "brawl")
        return True
    if name == "steal":
        got = t.take_gold(target, effect_value(effect), protected(t, target))
        t.give_gold(seat, got, aboard_only=False)
        t.tell(f"{seat} steals {got} gold from {target}.", "brawl")
    elif name == "challenge":
        mine = brawl_roll(t, seat, f"challenge:{t.key(seat)}:{t.key(target)}", order.get("with"))
        theirs = brawl_roll(t, target, f"challenged:{t.key(target)}:{t.key(seat)}", None)
        t.tell(f"Challenge: {seat} {mine} against {target} {theirs}.", "brawl")
        if mine != theirs:
            winner, loser = (seat, target) if mine > theirs else (target, seat)
            got = t.take_gold(loser, 2, protected(t, loser))
            t.give_gold(winner, got, aboard_only=False)
            t.tell(f"{loser} pays {got} gold to {winner}.", "brawl")
    elif name == "humiliate":
        t.add_fame(target, -1, f"humiliated by {seat}")
    elif name in ("debauch", "assassinate"):
        pool = [u for u in t.clan(target)["pirates"] if not t.pirate(u)["ghost"]]
        victim = t.resolve_pirate(target, order.get("pirate") or "", pool) if order.get("pirate") else None
        if victim is None and pool:
            victim = max(pool, key=lambda u: (t.pirate(u)["gold"], -pool.index(u)))
        if victim is None:
            t.tell(f"{target} has no pirate that can be {name}ed.", "brawl")
            return True
        if name == "debauch":
            t.clan(target)["pirates"].remove(victim)
            t.clan(seat)["pirates"].append(victim)
            t.pirate(victim)["owner"] = seat
            t.tell(
                f"{t.name(victim)} leaves {target} for {seat}, with its {t.pirate(victim)['gold']} gold.",
                "brawl",
            )
        else:
            roll = brawl_roll(t, seat, f"assassinate:{victim}", order.get("with"))
            if roll >= 6:
                t.tell(f"Assassination of {t.name(victim)}: {roll}, it succeeds.", "brawl")
                t.kill(victim, f"assassinated by {seat}", killer=seat)
            else:
                t.tell(f"Assassination of {t.name(victim)}: {roll}, it fails.", "brawl")
    elif name == "dig":
        t.give_gold(seat, effect_value(effect), aboard_only=False)
        t.tell(f"{seat} digs up {effect_value(effect)} gold.", "brawl")
    elif name == "safe":
        t.clan(seat)["safe"] += effect_value(effect)
        t.tell(f"{seat} locks {effect_value(effect)} gold in a strongbox.", "brawl")
    return True


def brawls(t: Table, answers: dict[str, Orders]) -> None:
    """Two rounds from the Capitaine; a clan that does not play in round 1 cannot play in round 2."""
    order = t.clockwise_from(t.first_seat())
    for seat in order:  # Exploit cards against a rival's next brawl roll, played before the brawl
        hit: set[str] = set()
        for o in answers.get(seat, []):
            target = t.resolve_seat(seat, o["seat"]) if o["verb"] == "hinder" else None
            uid = t.resolve_card(seat, o["card"]) if target else None
            if not target or target == seat or target in hit or uid is None:
                continue
            if effect_name(t.effect(uid)) != "malus":
                continue
            hit.add(target)
            t.take_from_hand(seat, uid)
            malus = effect_value(t.effect(uid))
            t.clan(target)["brawl_malus"] = t.clan(target).get("brawl_malus", 0) + malus
            t.tell(f"{seat} plays {t.name(uid)} against {target}: -{malus} on its next brawl roll.", "card")
    lines = {s: [o for o in answers.get(s, []) if o["verb"] == "brawl"] for s in order}
    still = set()
    for seat in order:
        if lines[seat] and brawl(t, seat, lines[seat][0], 1):
            still.add(seat)
    for seat in order:
        if seat in still and len(lines[seat]) > 1:
            brawl(t, seat, lines[seat][1], 2)


def buy_fame(t: Table) -> None:
    """Every clan pools its gold and buys fame: 4 gold a point, 5 in the second section, 6 in the last."""
    for seat in t.clockwise_from(t.first_seat()):
        check_missions(t, seat, "hoard")
        if not t.clan(seat)["lost"]:
            check_missions(t, seat, "unscathed")
    for seat in t.clockwise_from(t.first_seat()):
        c = t.clan(seat)
        gold = t.clan_gold(seat)
        for uid in c["pirates"]:
            t.pirate(uid)["gold"] = 0
        points = 0
        while gold >= t.fame_price(c["fame"] + 0) and c["fame"] < 30:
            gold -= t.fame_price(c["fame"])
            c["fame"] += 1
            points += 1
        c["stash"] = gold
        if points:
            t.tell(f"{seat} buys {points} fame; fame {c['fame']}, {gold} gold kept.", "fame", seat=seat)
        c["hidden"] = 0
        c["safe"] = 0
        c["brawl_malus"] = 0


def winners(t: Table) -> tuple[list[str], str]:
    """Most fame; then most living pirates; then a duel of Bagou (a die + the best Bagou)."""
    seats = t.seats
    top = max(t.clan(s)["fame"] for s in seats)
    tied = [s for s in seats if t.clan(s)["fame"] == top]
    if len(tied) == 1:
        return tied, f"most fame ({top}) after three Expeditions"

    def living(s: str) -> int:
        return sum(1 for u in t.clan(s)["pirates"] if not t.pirate(u)["ghost"])

    most = max(living(s) for s in tied)
    tied = [s for s in tied if living(s) == most]
    if len(tied) == 1:
        return tied, f"fame {top}, tie broken by the most living pirates ({most})"
    while len(tied) > 1:
        rolls = {s: t.dice.d6(f"bagou-duel:{t.key(s)}") + best(t, s, "bagou") for s in tied}
        t.tell("Duel of Bagou: " + ", ".join(f"{s} {r}" for s, r in rolls.items()) + ".", "duel")
        tied = [s for s in tied if rolls[s] == max(rolls.values())]
    return tied, f"fame {top} and {most} living pirates, tie broken by a duel of Bagou"
