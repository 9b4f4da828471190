"""Battles (book p. 9, "Déroulement d'une bataille") and duels, as rounds of sealed requests.

* Engagement: the attacker's characters are named in its turn orders. Then, sealed together: the
  defender names its opposing characters (and whom it asks for help), and the players the attacker
  asked answer (send characters, or decline). If the defender asked anybody still free, they answer
  in a second sealed round. Each side pays 1 doublon per allied character; a character not paid
  for does not engage (the main player pays in the order the characters were sent, while it can).
* Manoeuvre segment: rounds of sealed plays, one request per participant ('play <manoeuvre>' or
  'pass'), revealed together and resolved in turn order starting with the attacker. A round where
  every participant passes ends the battle. Engagement manoeuvres are playable in the first round.
* Resolution: power of the untapped characters still engaged (+ the place or agreement for the
  defender, + manoeuvre power, + an active event); the defender wins ties; the attacking fleet taps.
* Duel: a challenge manoeuvre; the challenged player accepts or refuses, then the two players play
  one card face down each in turn (challenged first) until one stops; the cards are revealed.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.releases.v0_1_0.master_commander.sealed import ask
from adjudicator.games.releases.v0_1_0.master_commander.table import Refused, Table

Order = dict[str, Any]

STAT = {"tactical": "conquest", "economic": "diplomacy"}
BANKRUPTCY_CAP = 4  # "X est égal à la différence de valeur entre les deux flottes (max.4)"
PILLAGE_DOUBLONS = 4  # "prenez 1 Or ou 4 Doublons de sa réserve"
MAX_ROUNDS = 20  # safety net; hands run out long before


def declare(
    table: Table,
    kind: str,
    attacker: str,
    defender: str,
    target: str,
    chars: list[str],
    allies: list[str],
    pillage: str,
) -> None:
    """A raid or a refutation is declared: the defender and the asked allies answer, sealed."""
    if table.dry:
        for uid in chars:  # they tap at the resolution whatever happens
            table.inst(uid)["tapped"] = True
        return
    state = table.state
    state["battle"] = {
        "type": kind,
        "attacker": attacker,
        "defender": defender,
        "target": target,
        "fleet": {"attacker": list(chars), "defender": []},
        "allies": {"attacker": [], "defender": []},
        "power": {"attacker": 0, "defender": 0},
        "pillage": pillage,
        "capture": "best",
        "round": 0,
        "queue": [],
        "last_round_passed": False,
        "duel": None,
    }
    what = "raids" if kind == "tactical" else "refutes"
    table.tell(
        f"{attacker} {what} {table.name(target)} of {defender} with "
        f"{', '.join(table.name(u) for u in chars)}"
        + (f", asking {', '.join(allies)} for help" if allies else "")
        + ".",
        "battle",
    )
    stat = STAT[kind]
    asks = [
        ask(
            f"defend:{defender}",
            defender,
            "defend",
            "no opposition",
            f"Defence of {table.card(target)['name']}, {defender}",
            f"{attacker} attacks {table.name(target)}. 'oppose with <untapped characters with {stat}>' "
            "or 'no opposition'; optionally 'ask <seats>' for allies"
            + (" and 'capture best|none|<character>'" if kind == "tactical" else "")
            + ".",
        )
    ]
    asks += [_ally_ask(table, s, attacker, "attacker") for s in allies]
    state["pending"] = {"kind": "engage", "step": 1, "asks": asks}


def _ally_ask(table: Table, seat: str, main: str, side: str) -> dict[str, str]:
    stat = STAT[table.state["battle"]["type"]]
    return ask(
        f"ally:{seat}",
        seat,
        "ally",
        "decline",
        f"{main} asks your help in battle, {seat}",
        f"{main} ({side}) asks for help: 'send <untapped characters with {stat}>' "
        f"(paid 1 doublon each by {main}) or 'decline'.",
    )


def side_of(battle: dict[str, Any], seat: str) -> str | None:
    if seat == battle["attacker"] or seat in battle["allies"]["attacker"]:
        return "attacker"
    if seat == battle["defender"] or seat in battle["allies"]["defender"]:
        return "defender"
    return None


def engaged_ready(table: Table, seat: str, names: list[str], what: str) -> list[str]:
    """Untapped characters of ``seat`` with a rank in the battle's value."""
    from adjudicator.games.releases.v0_1_0.master_commander.phases import own_ready

    return own_ready(table, seat, names, STAT[table.state["battle"]["type"]], what)


def check_defend(table: Table, seat: str, orders: list[Order]) -> list[tuple[Order, Refused]]:
    bad: list[tuple[Order, Refused]] = []
    battle = table.state["battle"]
    for order in orders:
        try:
            if order["verb"] == "oppose":
                engaged_ready(table, seat, order["with"], "the defence")
            elif order["verb"] == "ask":
                for s in order["seats"]:
                    if table.seat_named(s) in (battle["attacker"], seat):
                        raise Refused(f"{s} cannot be your ally here", "ask a third player")
            elif order["verb"] == "capture" and battle["type"] == "economic":
                raise Refused("no capture after an economic battle (bankruptcy instead)", "drop this line")
        except Refused as refused:
            bad.append((order, refused))
    return bad


def check_ally(
    table: Table, seat: str, orders: list[Order], main: str | None = None
) -> list[tuple[Order, Refused]]:
    """An ally's answer: untapped characters with the battle's value, and no second side this phase."""
    if main is None:
        battle, step = table.state["battle"], (table.state["pending"] or {}).get("step", 1)
        main = battle["attacker"] if step == 1 else battle["defender"]
    bad: list[tuple[Order, Refused]] = []
    for order in orders:
        try:
            if order["verb"] == "send":
                engaged_ready(table, seat, order["with"], "the battle")
                allied = table.state["allied"].get(seat)
                if allied and allied != main:
                    raise Refused(f"you are already {allied}'s ally in this phase", "decline")
        except Refused as refused:
            bad.append((order, refused))
    return bad


def resolve_engagement(table: Table, answers: dict[str, list[Order]]) -> None:
    """Segment d'engagement: the sealed answers of the defender and of the allies asked."""
    battle = table.state["battle"]
    pending = table.state["pending"]
    table.state["pending"] = None
    asked_by_defender: list[str] = []
    main = battle["attacker"] if pending["step"] == 1 else battle["defender"]
    side = "attacker" if pending["step"] == 1 else "defender"
    for a in pending["asks"]:
        orders = answers.get(a["key"], [])
        if a["key"].startswith("defend:"):
            if check_defend(table, a["seat"], orders):
                orders = []
            for order in orders:
                if order["verb"] == "oppose":
                    battle["fleet"]["defender"] = engaged_ready(
                        table, a["seat"], order["with"], "the defence"
                    )
                elif order["verb"] == "ask":
                    asked_by_defender = [table.seat_named(s) for s in order["seats"]]
                elif order["verb"] == "capture":
                    battle["capture"] = order["who"]
            opposed = battle["fleet"]["defender"]
            table.tell(
                f"{a['seat']} opposes with {', '.join(table.name(u) for u in opposed)}."
                if opposed
                else f"{a['seat']} does not oppose.",
                "engage",
            )
        else:
            _ally_answer(table, a["seat"], main, side, orders)
    free = [
        s
        for s in asked_by_defender
        if s not in (battle["attacker"], battle["defender"])
        and s not in battle["allies"]["attacker"]
        and table.state["allied"].get(s) in (None, battle["defender"])
    ]
    if free:
        table.tell(f"{battle['defender']} asks {', '.join(free)} for help.", "engage")
        table.state["pending"] = {
            "kind": "engage",
            "step": 2,
            "asks": [_ally_ask(table, s, battle["defender"], "defender") for s in free],
        }
        return
    start_round(table)


def _ally_answer(table: Table, seat: str, main: str, side: str, orders: list[Order]) -> None:
    battle = table.state["battle"]
    if check_ally(table, seat, orders, main):
        orders = []
    sent: list[str] = []
    for order in orders:
        if order["verb"] == "send":
            sent = engaged_ready(table, seat, order["with"], "the battle")
    if not sent:
        table.tell(f"{seat} declines to help {main}.", "ally")
        return
    paid = [u for i, u in enumerate(sent) if i < table.player(main)["doublons"]]
    if len(paid) < len(sent):
        table.tell(
            f"{main} cannot pay for {len(sent) - len(paid)} of {seat}'s characters; they stay out.", "ally"
        )
    if not paid:
        return
    table.pay_bank(main, len(paid))
    table.gain(seat, len(paid))
    battle["allies"][side].append(seat)
    battle["fleet"][side].extend(paid)
    table.state["allied"][seat] = main
    table.tell(
        f"{seat} joins {main} with {', '.join(table.name(u) for u in paid)}; "
        f"{main} pays {len(paid)} doublons.",
        "ally",
    )


def participants(table: Table) -> list[str]:
    battle = table.state["battle"]
    taking_part = {
        battle["attacker"],
        battle["defender"],
        *battle["allies"]["attacker"],
        *battle["allies"]["defender"],
    }
    return [s for s in table.seats_from(battle["attacker"]) if s in taking_part]


def start_round(table: Table) -> None:
    """Segment de manœuvre: one sealed round of plays for every participant."""
    battle = table.state["battle"]
    battle["round"] += 1
    kind = battle["type"]
    asks = [
        ask(
            f"manoeuvre:{s}",
            s,
            "manoeuvre",
            "pass",
            f"Battle for {table.card(battle['target'])['name']}, round {battle['round']}, {s}",
            f"Play a {kind} manoeuvre from your hand ('play <card>', 'play <card> on <character>', "
            "'play <card> challenge <opposing character> with <your character>') or 'pass'. "
            "When everybody passes the battle ends.",
        )
        for s in participants(table)
    ]
    table.state["pending"] = {"kind": "manoeuvre", "asks": asks}


def manoeuvre_card(table: Table, seat: str, order: Order) -> str:
    """The manoeuvre a participant plays, checked against the battle (raises Refused)."""
    battle = table.state["battle"]
    hand = table.player(seat)["hand"]
    uid = table.find(order["card"], hand, "a card in your hand")
    card = table.card(uid)
    if card.get("kind") != "manoeuvre":
        raise Refused(f"{card['name']} is not a manoeuvre", "play a manoeuvre, or pass")
    if card["battle"] != battle["type"]:
        raise Refused(
            f"{card['name']} is a {card['battle']} manoeuvre and this is an {battle['type']} battle"
            if battle["type"] == "economic"
            else f"{card['name']} is an {card['battle']} manoeuvre and this is a {battle['type']} battle",
            "play a manoeuvre of this battle's type, or pass",
        )
    if card["timing"] == "engagement" and battle["round"] > 1:
        raise Refused(f"{card['name']} is an engagement manoeuvre, playable in the first round only")
    effect = card.get("effect", {})
    side = side_of(battle, seat)
    other = "defender" if side == "attacker" else "attacker"
    if effect.get("challenge"):
        if "challenge" not in order:
            raise Refused(
                f"{card['name']} is a challenge", f"play {order['card']} challenge <opponent> with <yours>"
            )
        hero_pool = [
            u for u in battle["fleet"][side] if not table.inst(u)["tapped"] and table.controller(u) == seat
        ]
        hero = table.find(order["with"], hero_pool, "an untapped character of yours in this battle")
        if table.value(hero, "combat") < 1:
            raise Refused(f"{table.name(hero)} has no rank in combat and cannot challenge")
        table.find(order["challenge"], battle["fleet"][other], "an opposing character in this battle")
    elif effect.get("tap"):
        if "target" not in order:
            raise Refused(
                f"{card['name']} taps an opposing character", f"play {order['card']} on <character>"
            )
        pool = [u for u in battle["fleet"][other] if not table.inst(u)["tapped"]]
        table.find(order["target"], pool, "an untapped opposing character in this battle")
    return uid


def resolve_round(table: Table, answers: dict[str, list[Order]]) -> None:
    """The round's plays revealed together, resolved in turn order from the attacker."""
    battle = table.state["battle"]
    table.state["pending"] = None
    plays = []
    for seat in participants(table):
        for order in answers.get(f"manoeuvre:{seat}", []):
            if order["verb"] == "play":
                plays.append([seat, order])
    if not plays or battle["round"] >= MAX_ROUNDS:
        table.tell(f"Round {battle['round']}: everybody passes.", "manoeuvre")
        resolve_battle(table)
        return
    battle["queue"] = plays


def play_next(table: Table) -> None:
    """Resolve the next revealed play of the round (a challenge opens a duel)."""
    battle = table.state["battle"]
    if not battle["queue"]:
        start_round(table)
        return
    seat, order = battle["queue"].pop(0)
    try:
        uid = manoeuvre_card(table, seat, order)
    except Refused as refused:
        table.tell(
            f"{seat}'s '{order['card']}' cannot be played now ({refused.message}): a pass.", "manoeuvre"
        )
        return
    side = side_of(battle, seat)
    assert side is not None
    other = "defender" if side == "attacker" else "attacker"
    card = table.card(uid)
    table.player(seat)["hand"].remove(uid)
    table.player(seat)["discard"].append(uid)
    effect = card.get("effect", {})
    table.tell(f"{seat} plays {table.name(uid)}.", "manoeuvre")
    if effect.get("power"):
        battle["power"][side] += int(effect["power"])
        table.tell(f"The {side}'s fleet gains {effect['power']} power.", "manoeuvre")
    if effect.get("tap"):
        pool = [u for u in battle["fleet"][other] if not table.inst(u)["tapped"]]
        victim = table.find(order["target"], pool, "an untapped opposing character")
        table.inst(victim)["tapped"] = True
        table.tell(f"{table.name(victim)} is tapped and no longer counts.", "manoeuvre")
    if effect.get("challenge"):
        hero_pool = [u for u in battle["fleet"][side] if not table.inst(u)["tapped"]]
        hero = table.find(order["with"], hero_pool, "your character")
        victim = table.find(order["challenge"], battle["fleet"][other], "an opposing character")
        open_duel(table, hero, victim)


# -- the duel --------------------------------------------------------------------------------------


def open_duel(table: Table, hero: str, victim: str) -> None:
    battle = table.state["battle"]
    challenger, challenged = table.controller(hero), table.controller(victim)
    assert challenger is not None and challenged is not None
    battle["duel"] = {
        "challenger": hero,
        "challenged": victim,
        "seats": [challenger, challenged],
        "played": {challenger: [], challenged: []},
        "next": challenged,
        "answered": False,
    }
    table.tell(f"{table.name(hero)} challenges {table.name(victim)} to a duel!", "duel")
    _duel_ask(table)


def _duel_ask(table: Table) -> None:
    duel = table.state["battle"]["duel"]
    seat = duel["next"]
    if not duel["answered"]:
        default, prompt = (
            "refuse",
            (
                f"{table.name(duel['challenger'])} challenges {table.name(duel['challenged'])}. "
                "'refuse' (your character leaves the battle, tapped) or 'accept', then 'play <card>' "
                "(face down; its duel value adds to your combat) or 'stop' (reveal now)."
            ),
        )
    else:
        other = next(s for s in duel["seats"] if s != seat)
        default, prompt = (
            "stop",
            (
                f"Duel: {other} has played {len(duel['played'][other])} card(s) face down. "
                "'play <card>' face down, or 'stop' to reveal the cards."
            ),
        )
    table.state["pending"] = {
        "kind": "duel",
        "asks": [ask(f"duel:{seat}", seat, "duel", default, f"Duel, {seat}", prompt)],
    }


def check_duel(table: Table, seat: str, orders: list[Order]) -> list[tuple[Order, Refused]]:
    duel = table.state["battle"]["duel"]
    bad: list[tuple[Order, Refused]] = []
    for order in orders:
        try:
            if order["verb"] in ("accept", "refuse") and duel["answered"]:
                raise Refused("the challenge has already been answered", "play <card> or stop")
            if order["verb"] == "play":
                if "challenge" in order or "target" in order:
                    raise Refused("a duel card is played face down, without target", "play <card>", "invalid")
                table.find(order["card"], table.player(seat)["hand"], "a card in your hand")
        except Refused as refused:
            bad.append((order, refused))
    return bad


def resolve_duel_step(table: Table, answers: dict[str, list[Order]]) -> None:
    """One player's step in the duel: answer the challenge, play a card face down, or stop."""
    battle = table.state["battle"]
    duel = battle["duel"]
    seat = duel["next"]
    table.state["pending"] = None
    orders = answers.get(f"duel:{seat}", [])
    if check_duel(table, seat, orders):
        orders = []
    verbs = [o["verb"] for o in orders]
    if not duel["answered"]:
        if "refuse" in verbs or not orders:
            victim = duel["challenged"]
            _withdraw(table, victim)
            table.tell(f"{seat} refuses the duel: {table.name(victim)} leaves the battle, tapped.", "duel")
            battle["duel"] = None
            return
        duel["answered"] = True
        table.tell(f"{seat} accepts the duel.", "duel")
    play = next((o for o in orders if o["verb"] == "play"), None)
    if play is None:
        reveal_duel(table)
        return
    uid = table.find(play["card"], table.player(seat)["hand"], "a card in your hand")
    table.player(seat)["hand"].remove(uid)
    duel["played"][seat].append(uid)
    table.tell(f"{seat} plays a card face down in the duel.", "duel")
    table.tell(f"You play {table.name(uid)} face down in the duel.", "duel-private", (seat,))
    duel["next"] = next(s for s in duel["seats"] if s != seat)
    _duel_ask(table)


def _withdraw(table: Table, uid: str) -> None:
    battle = table.state["battle"]
    for side in ("attacker", "defender"):
        if uid in battle["fleet"][side]:
            battle["fleet"][side].remove(uid)
    table.inst(uid)["tapped"] = True


def reveal_duel(table: Table) -> None:
    """ "Ajoutez les valeurs de combat de vos cartes à la valeur de combat de votre personnage"."""
    battle = table.state["battle"]
    duel = battle["duel"]
    battle["duel"] = None
    heroes = {duel["seats"][0]: duel["challenger"], duel["seats"][1]: duel["challenged"]}
    totals: dict[str, int] = {}
    for seat, hero in heroes.items():
        cards = duel["played"][seat]
        totals[seat] = table.value(hero, "combat") + sum(int(table.card(u).get("duel", 0)) for u in cards)
        shown = ", ".join(table.name(u) for u in cards) or "no card"
        table.tell(f"{seat} reveals {shown}: {table.name(hero)} totals {totals[seat]}.", "duel-reveal")
    first, second = duel["seats"]
    if totals[first] == totals[second]:
        table.tell("The duel is a draw: both characters stay in the battle.", "duel")
        winner = None
    else:
        winner = first if totals[first] > totals[second] else second
        loser = second if winner == first else first
        spare = any(table.card(u).get("duel_effect") == "spare" for u in duel["played"][winner])
        if spare:
            _withdraw(table, heroes[loser])
            table.tell(
                f"{table.name(heroes[winner])} wins and spares {table.name(heroes[loser])}: "
                "it leaves the battle.",
                "duel",
            )
        else:
            _withdraw(table, heroes[loser])
            table.tell(f"{table.name(heroes[winner])} wins the duel.", "duel")
            table.kill(heroes[loser])
    for seat in duel["seats"]:
        table.player(seat)["discard"].extend(duel["played"][seat])


# -- the resolution segment ------------------------------------------------------------------------


def fleet_power(table: Table, side: str) -> int:
    battle = table.state["battle"]
    stat = STAT[battle["type"]]
    power = sum(table.value(u, stat) for u in battle["fleet"][side] if not table.inst(u)["tapped"])
    power += battle["power"][side]
    main = battle[side]
    active = table.player(main)["active_event"]
    if active:
        power += int(table.card(active).get("while_active", {}).get(stat, 0))
    if side == "defender":
        target = battle["target"]
        power += (
            table.value(target, "conquest")
            if battle["type"] == "tactical"
            else int(table.card(target)["diplomacy"])
        )
    return power


def resolve_battle(table: Table) -> None:
    """Segment de résolution: the stronger fleet wins, the defender on a tie; the attackers tap."""
    battle = table.state["battle"]
    attack, defence = fleet_power(table, "attacker"), fleet_power(table, "defender")
    attacker, defender = battle["attacker"], battle["defender"]
    for uid in battle["fleet"]["attacker"]:
        table.inst(uid)["tapped"] = True
    table.tell(
        f"Battle: {attacker} {attack} against {defender} {defence}.",
        "battle-power",
        attack=attack,
        defence=defence,
    )
    if attack > defence:
        table.tell(f"{attacker} wins the battle.", "battle-won", winner=attacker)
        if battle["type"] == "economic":
            contestation(table)
        elif battle["target"] == table.player(defender)["haven"]:
            pillage(table)
        else:
            conquest(table)
    else:
        table.tell(f"{defender} wins the battle.", "battle-won", winner=defender)
        if battle["type"] == "economic":
            bankruptcy(table, defence - attack)
        else:
            capture(table, defence - attack)
    table.state["battle"] = None


def pillage(table: Table) -> None:
    """ "prenez 1 Or ou 4 Doublons de sa réserve ... OU choisissez un de vos personnages capturés"."""
    battle = table.state["battle"]
    attacker, defender = battle["attacker"], battle["defender"]
    choice = battle["pillage"] or ("gold" if table.player(defender)["gold"] else "doublons")
    if choice.startswith("free "):
        uid = choice[5:]
        if uid in table.player(defender)["captured"]:
            table.set_free(uid, attacker)
            table.tell(f"{attacker} frees {table.name(uid)}.", "pillage")
            return
        choice = "doublons"
    if choice == "gold" and table.player(defender)["gold"]:
        table.player(defender)["gold"] -= 1
        table.player(attacker)["gold"] += 1
        table.tell(f"{attacker} pillages 1 gold from {defender}.", "pillage")
        return
    taken = min(PILLAGE_DOUBLONS, table.player(defender)["doublons"])
    table.player(defender)["doublons"] -= taken
    table.gain(attacker, taken)
    table.tell(f"{attacker} pillages {taken} doublons from {defender}.", "pillage")


def conquest(table: Table) -> None:
    """ "prenez le contrôle du territoire attaqué ... Défaussez tous les soutiens ... les objets restent"."""
    battle = table.state["battle"]
    target, attacker, defender = battle["target"], battle["attacker"], battle["defender"]
    table.player(defender)["territories"].remove(target)
    table.player(attacker)["territories"].append(target)
    for a in list(table.inst(target)["attached"]):
        if table.card(a)["kind"] == "support":
            table.inst(target)["attached"].remove(a)
            table.player(table.owner(a))["discard"].append(a)
    table.tell(f"{attacker} conquers {table.name(target)}.", "conquest")


def contestation(table: Table) -> None:
    """ "Si vous gagnez une bataille économique, défaussez l'accord attaqué"."""
    battle = table.state["battle"]
    target, defender = battle["target"], battle["defender"]
    table.player(defender)["agreements"].remove(target)
    table.player(table.owner(target))["discard"].append(target)
    table.tell(f"{table.name(target)} is refuted and discarded.", "contestation")


def capture(table: Table, difference: int) -> None:
    """ "il peut capturer un personnage adverse encore engagé ... Son commandement doit être inférieur ou
    égal à la différence de puissance entre les deux flottes"."""
    battle = table.state["battle"]
    defender = battle["defender"]
    eligible = [u for u in battle["fleet"]["attacker"] if table.command(u) <= difference]
    wish = battle.get("capture", "best")
    if wish == "none" or not eligible:
        if not eligible:
            table.tell(f"No attacker has a command of {difference} or less: no capture.", "capture")
        return
    chosen = None
    if wish != "best":
        try:
            chosen = table.find(wish, eligible, "an attacker within the power difference")
        except Refused:
            table.tell(
                f"{wish} cannot be captured (command above {difference}); {defender} takes the best.",
                "capture",
            )
    if chosen is None:
        chosen = max(eligible, key=lambda u: (table.command(u), int(table.card(u).get("cost", 0)), -int(u)))
    table.capture(chosen, defender)


def bankruptcy(table: Table, difference: int) -> None:
    """ "Banqueroute : ... payer x Doublons à la banque ou X est égal à la différence ... (max.4)"."""
    attacker = table.state["battle"]["attacker"]
    owed = min(difference, BANKRUPTCY_CAP)
    paid = min(owed, table.player(attacker)["doublons"])
    table.player(attacker)["doublons"] -= paid
    table.tell(
        f"Bankruptcy: {attacker} pays {paid} doublons to the bank "
        f"(difference {difference}, max {BANKRUPTCY_CAP}).",
        "bankruptcy",
    )
