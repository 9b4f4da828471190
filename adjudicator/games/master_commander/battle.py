"""Battles (book p. 9, "Déroulement d'une bataille") and duels, one player asked at a time.

The book's order, each player seeing what was done before it:

* Engagement: « L'attaquant, puis ses alliés dans l'ordre du tour, engagent ... Ensuite le défenseur,
  puis ses alliés dans l'ordre du tour ». The attacker's characters are named in its turn orders;
  then each ally it asked (``ally:<seat>``, in turn order), then the defender (``defend:<seat>``,
  who may ask allies), then each ally of the defender. Each side pays 1 doublon per allied
  character; a character not paid for does not engage.
* Engagement manoeuvres: the attacker, its allies, the defender, its allies, once each.
* Manoeuvre segment: « En commençant par l'attaquant, puis dans l'ordre du tour, chaque joueur peut
  jouer une manœuvre de bataille ... ou passer. Résolvez l'effet immédiatement »; « Quand tous les
  joueurs passent consécutivement la bataille est terminée ».
* Resolution: power of the untapped characters still engaged (+ the place or agreement for the
  defender, + manoeuvre power, + an active event); the defender wins ties; the attacking fleet taps.
* Duel: a challenge manoeuvre; the challenged player accepts or refuses, then the two players play
  one card face down each in turn (challenged first) until one stops; the cards are revealed.

A player is not asked what it cannot usefully answer, judged on public facts only (an ally with no
untapped character of the battle's value or nobody to pay it, a participant with no card in hand
and no card in play to use): its answer is the default, and the report says so. What a hand holds
never decides who is asked: a participant holding cards is asked even if none is a manoeuvre.
Standing answers (see ``standing.py``) answer a request before it is asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.games.master_commander.sealed import ask
from adjudicator.games.master_commander.table import Refused, Table

Order = dict[str, Any]

STAT = {"tactical": "conquest", "economic": "diplomacy"}
BANKRUPTCY_CAP = 4  # "X est égal à la différence de valeur entre les deux flottes (max.4)"
PILLAGE_DOUBLONS = 4  # "prenez 1 Or ou 4 Doublons de sa réserve"
PILLAGE_GOLD = 1
MAX_PLAYS = 60  # safety net; hands run out long before


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
    """A raid or a refutation is declared; the engagement goes on in the book's order."""
    if table.dry:
        for uid in chars:  # they tap at the resolution whatever happens
            table.inst(uid)["tapped"] = True
        return
    state = table.state
    in_order = [s for s in table.seats_from(attacker) if s in allies]
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
        "stage": "attacker-allies",
        "to_ask": in_order,
        "round": 0,
        "next": 0,
        "passes": 0,
        "plays": 0,
        "seen": {},
        "written": {},
        "conditional": {},
        "duel": None,
    }
    what = "raids" if kind == "tactical" else "refutes"
    table.tell(
        f"{attacker} {what} {table.name(target)} of {defender} with "
        f"{', '.join(table.name(u) for u in chars)}"
        + (f", asking {', '.join(in_order)} for help" if in_order else "")
        + ".",
        "battle",
    )


def _ally_ask(table: Table, seat: str, main: str, side: str) -> dict[str, str]:
    stat = STAT[table.state["battle"]["type"]]
    return ask(
        f"ally:{seat}",
        seat,
        "ally",
        "decline",
        f"{main} asks your help in battle, {seat}",
        f"{main} ({side}) asks for help: 'send <untapped characters with {stat}>' "
        f"(paid 1 doublon each by {main}) or 'decline'. Engaged so far: {_fleets_text(table)}.",
    )


def _fleets_text(table: Table) -> str:
    battle = table.state["battle"]
    parts = []
    for side in ("attacker", "defender"):
        fleet = ", ".join(table.name(u) for u in battle["fleet"][side]) or "nobody"
        parts.append(f"{side}s {fleet}")
    return "; ".join(parts)


def side_of(battle: dict[str, Any], seat: str) -> str | None:
    if seat == battle["attacker"] or seat in battle["allies"]["attacker"]:
        return "attacker"
    if seat == battle["defender"] or seat in battle["allies"]["defender"]:
        return "defender"
    return None


def engaged_ready(table: Table, seat: str, names: list[str], what: str) -> list[str]:
    """Untapped characters of ``seat`` with a rank in the battle's value."""
    from adjudicator.games.master_commander.phases import own_ready

    return own_ready(table, seat, names, STAT[table.state["battle"]["type"]], what)


def eligible(table: Table, seat: str) -> list[str]:
    """The characters ``seat`` could engage: untapped, at least rank 1 in the battle's value."""
    stat = STAT[table.state["battle"]["type"]]
    return [
        u
        for u in table.player(seat)["characters"]
        if not table.inst(u)["tapped"] and table.value(u, stat) >= 1 and u not in _engaged(table)
    ]


def _engaged(table: Table) -> set[str]:
    battle = table.state["battle"]
    return {*battle["fleet"]["attacker"], *battle["fleet"]["defender"]}


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
                    if table.seat_named(s) in battle["allies"]["attacker"]:
                        raise Refused(f"{s} already fights for {battle['attacker']}", "ask another player")
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
        main = (table.state["pending"] or {}).get("main") or table.state["battle"]["attacker"]
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


def play_next(table: Table) -> None:
    """Carry the battle on to its next question (asked, or answered by default) or its resolution."""
    battle = table.state["battle"]
    while table.state["pending"] is None and table.state["battle"] is battle:
        stage = battle["stage"]
        if stage in ("attacker-allies", "defender-allies"):
            if not battle["to_ask"]:
                battle["stage"] = "defend" if stage == "attacker-allies" else "engagement"
                battle["to_ask"] = engagement_order(table) if stage == "defender-allies" else []
                continue
            seat = battle["to_ask"].pop(0)
            side = "attacker" if stage == "attacker-allies" else "defender"
            _ask_ally(table, seat, side)
        elif stage == "defend":
            _ask_defender(table)
        elif stage == "engagement":
            if not battle["to_ask"]:
                battle["stage"], battle["next"], battle["passes"] = "manoeuvres", 0, 0
                battle["seen"], battle["written"] = {}, {}
                battle["conditional"] = {}
                continue
            _ask_manoeuvre(table, battle["to_ask"].pop(0))
        else:
            order = participants(table)
            if battle["passes"] >= len(order) or battle["plays"] >= MAX_PLAYS:
                table.tell("Every player passes in turn: the manoeuvres are over.", "manoeuvre")
                resolve_battle(table)
                return
            seat = order[battle["next"] % len(order)]
            battle["next"] += 1
            _ask_manoeuvre(table, seat)


def _ask_ally(table: Table, seat: str, side: str) -> None:
    from adjudicator.games.master_commander.standing import standing_answer

    battle = table.state["battle"]
    main = battle[side]
    allied = table.state["allied"].get(seat)
    why = ""
    if allied and allied != main:
        why = f"already {allied}'s ally in this phase"
    elif side == "defender" and seat in battle["allies"]["attacker"]:
        why = f"already fights for {battle['attacker']}"
    elif not eligible(table, seat):
        why = f"no untapped character with {STAT[battle['type']]}"
    elif table.player(main)["doublons"] < 1:
        why = f"{main} has no doublon to pay an ally"
    if why:
        table.tell(f"{seat} is not asked to help {main} ({why}): no help.", "ally")
        return
    standing = standing_answer(table, seat, "ally", main=main)
    if standing is not None:
        _ally_answer(table, seat, main, side, standing)
        return
    table.state["pending"] = {
        "kind": "engage",
        "step": side,
        "main": main,
        "asks": [_ally_ask(table, seat, main, side)],
    }


def _ask_defender(table: Table) -> None:
    from adjudicator.games.master_commander.standing import standing_answer

    battle = table.state["battle"]
    defender, attacker = battle["defender"], battle["attacker"]
    stat = STAT[battle["type"]]
    standing = standing_answer(table, defender, "defend")
    if standing is not None:
        _defence(table, defender, standing)
        return
    helpers = [
        s
        for s in table.order
        if s not in (attacker, defender)
        and s not in battle["allies"]["attacker"]
        and table.state["allied"].get(s) in (None, defender)
    ]
    if not eligible(table, defender) and not helpers:
        table.tell(
            f"{defender} has no untapped character with {stat} and nobody to ask: not asked, no opposition.",
            "engage",
        )
        _defence(table, defender, [])
        return
    table.state["pending"] = {
        "kind": "engage",
        "step": "defend",
        "main": defender,
        "asks": [
            ask(
                f"defend:{defender}",
                defender,
                "defend",
                "no opposition",
                f"Defence of {table.card(battle['target'])['name']}, {defender}",
                f"{attacker} attacks {table.name(battle['target'])}; engaged: {_fleets_text(table)}. "
                f"'oppose with <untapped characters with {stat}>' or 'no opposition'; optionally "
                "'ask <seats>' for allies"
                + (" and 'capture best|none|<character>'" if battle["type"] == "tactical" else "")
                + ".",
            )
        ],
    }


def resolve_engagement(table: Table, answers: dict[str, list[Order]]) -> None:
    """Segment d'engagement: the answer of the one player asked (an ally, or the defender)."""
    pending = table.state["pending"]
    table.state["pending"] = None
    (a,) = pending["asks"]
    orders = answers.get(a["key"], [])
    if a["kind"] == "defend":
        _defence(table, a["seat"], orders)
    else:
        _ally_answer(table, a["seat"], pending["main"], pending["step"], orders)


def _defence(table: Table, seat: str, orders: list[Order]) -> None:
    battle = table.state["battle"]
    bad = check_defend(table, seat, orders)
    if bad:
        table.tell(
            f"{seat}'s defence is not valid any more ({bad[0][1].message}): no opposition, capture best.",
            "order-skipped",
        )
        orders = []
    asked: list[str] = []
    for order in orders:
        if order["verb"] == "oppose":
            battle["fleet"]["defender"] = engaged_ready(table, seat, order["with"], "the defence")
        elif order["verb"] == "ask":
            asked = [table.seat_named(s) for s in order["seats"]]
        elif order["verb"] == "capture":
            battle["capture"] = order["who"]
    opposed = battle["fleet"]["defender"]
    table.tell(
        f"{seat} opposes with {', '.join(table.name(u) for u in opposed)}."
        if opposed
        else f"{seat} does not oppose.",
        "engage",
    )
    if asked:
        table.tell(f"{seat} asks {', '.join(asked)} for help.", "engage")
    battle["stage"] = "defender-allies"
    battle["to_ask"] = [s for s in table.seats_from(battle["attacker"]) if s in asked]


def _ally_answer(table: Table, seat: str, main: str, side: str, orders: list[Order]) -> None:
    battle = table.state["battle"]
    bad = check_ally(table, seat, orders, main)
    if bad:
        table.tell(
            f"{seat}'s answer is not valid any more ({bad[0][1].message}): it declines.", "order-skipped"
        )
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
    """The players taking part, in turn order from the attacker (« dans l'ordre du tour »)."""
    battle = table.state["battle"]
    taking_part = {
        battle["attacker"],
        battle["defender"],
        *battle["allies"]["attacker"],
        *battle["allies"]["defender"],
    }
    return [s for s in table.seats_from(battle["attacker"]) if s in taking_part]


def engagement_order(table: Table) -> list[str]:
    """« L'attaquant, suivi de ses alliés dans l'ordre du tour ... Le défenseur, puis ses alliés »."""
    battle = table.state["battle"]
    order = table.seats_from(battle["attacker"])
    return [
        battle["attacker"],
        *[s for s in order if s in battle["allies"]["attacker"]],
        battle["defender"],
        *[s for s in order if s in battle["allies"]["defender"]],
    ]


def playable_manoeuvres(table: Table, seat: str) -> list[str]:
    """The cards ``seat`` could play now in this battle: manoeuvres of its hand (type, timing and a
    target) and, in the manoeuvre segment, the abilities of its untapped cards in play."""
    out = []
    for uid in table.player(seat)["hand"]:
        try:
            _check_manoeuvre(table, seat, uid, None)
        except Refused:
            continue
        out.append(uid)
    return out + usable_abilities(table, seat)


def usable_abilities(table: Table, seat: str) -> list[str]:
    """« utiliser la capacité d'une carte en jeu »: untapped cards of ``seat`` with a battle ability."""
    from adjudicator.games.master_commander.phases import usable

    battle = table.state["battle"]
    if battle["stage"] != "manoeuvres":
        return []
    side = side_of(battle, seat)
    other = "defender" if side == "attacker" else "attacker"
    targets = [u for u in battle["fleet"][other] if not table.inst(u)["tapped"]]
    return [u for u in usable(table, seat, "battle") if targets or not table.card(u)["ability"].get("tap")]


def ability_card(table: Table, seat: str, order: Order) -> str:
    """The card in play whose ability a participant uses, checked (raises Refused)."""
    uid = table.find(
        order["card"],
        usable_abilities(table, seat),
        "an untapped card of yours in play with a battle ability",
    )
    if table.card(uid)["ability"].get("tap"):
        if "target" not in order:
            raise Refused(
                f"{table.name(uid)} taps an opposing character", f"use {order['card']} on <character>"
            )
        battle = table.state["battle"]
        other = "defender" if side_of(battle, seat) == "attacker" else "attacker"
        pool = [u for u in battle["fleet"][other] if not table.inst(u)["tapped"]]
        table.find(order["target"], pool, "an untapped opposing character in this battle")
    return uid


#: What the manoeuvre request of the manoeuvre segment says of plays written in advance.
WRITE_AHEAD = (
    " You may write several plays, one per line: the first is played now, each next one at your"
    " next turn of the segment while nobody else plays. End with 'pass' to stop after them;"
    " without it you are asked again once they are played and the others pass."
)


def _ask_manoeuvre(table: Table, seat: str) -> None:
    from adjudicator.games.master_commander.standing import standing_answer

    battle = table.state["battle"]
    timing = "engagement" if battle["stage"] == "engagement" else "battle"
    if _conditional_answer(table, seat):
        return
    if battle["stage"] == "manoeuvres" and _answered_in_advance(table, seat):
        return
    if not table.player(seat)["hand"] and not usable_abilities(table, seat):
        # on public facts only (a hand's count, the cards in play): whether the hand holds a
        # manoeuvre of this battle's type is the player's secret, so a player holding cards is asked
        _passes(table, seat, "no card in hand and no card in play to use: not asked")
        return
    standing = standing_answer(table, seat, "manoeuvre")
    if standing is not None:
        _manoeuvre_answer(table, seat, standing)
        return
    battle["round"] += 1
    kind = battle["type"]
    later = _asked_with(table, seat)
    asks = [
        ask(
            f"manoeuvre:{seat}",
            seat,
            "manoeuvre",
            "pass",
            f"Battle for {table.card(battle['target'])['name']}, {timing} manoeuvre, {seat}",
            f"Engaged: {_fleets_text(table)}; power so far: {battle_totals_text(table)}. "
            f"Play a {kind} {timing} manoeuvre from your hand ('play <card>', 'play <card> on "
            "<character>', 'play <card> challenge <opposing character> with <your character>'), "
            "use the ability of a card you control in play ('use <card> [on <character>]', "
            "manoeuvre segment) or 'pass'. When every player passes in turn the battle ends."
            + (WRITE_AHEAD if battle["stage"] == "manoeuvres" else ""),
        )
    ]
    for i, other in enumerate(later):
        before = ", ".join([seat, *later[:i]])
        asks.append(
            ask(
                f"manoeuvre:{other}",
                other,
                "manoeuvre",
                "later",
                f"Battle for {table.card(battle['target'])['name']}, {timing} manoeuvre, {other} "
                f"(if {before} pass{'es' if i == 0 else ''})",
                f"Asked at the same time as {before}, who play before you (you need not answer: "
                "'later', the default, asks you at your turn): your answer counts only "
                f"if {'it passes' if i == 0 else 'they all pass'}; if one of them plays, your answer "
                "is dropped and you are asked again, seeing the play. Engaged: "
                f"{_fleets_text(table)}; power so far: {battle_totals_text(table)}. Play a {kind} "
                f"{timing} manoeuvre from your hand ('play <card>', 'play <card> on <character>', "
                "'play <card> challenge <opposing character> with <your character>'), use the "
                "ability of a card you control in play ('use <card> [on <character>]', manoeuvre "
                "segment) or 'pass'.",
            )
        )
    for a in asks[1:]:
        a["optional"] = True
    table.state["pending"] = {"kind": "manoeuvre", "plays": battle["plays"], "asks": asks}


def _asked_with(table: Table, seat: str) -> list[str]:
    """The players asked in the same exchange as ``seat``, each answering for the case where every
    player asked before it passes (reading « dans l'ordre du tour ... Résolvez l'effet
    immédiatement »: a pass changes nothing on the table, so an answer written knowing only that
    the players before passed is the answer the player would give after their passes; the first
    play voids the answers of everyone after it, who are asked again).

    Chosen on public facts only, so that ``seat`` learns nothing of the others' hands or standing
    answers while it decides: the participants after ``seat`` in the segment's order, up to the
    point where every player would have passed in a row, stopping before the first one that has
    answered since the last play (its written plays, if any, are its secret). Their requests are
    optional (default ``later``): a player who does not answer before the exchange closes, or
    answers ``later``, is dealt with at its turn as before (asked, or not asked with nothing to
    play, or answered by a standing answer)."""
    battle = table.state["battle"]
    if battle["stage"] == "engagement":
        following = list(battle["to_ask"])
    else:
        order = participants(table)
        start = battle["next"]  # the seat after ``seat``
        following = []
        for k in range(1, len(order)):
            if battle["passes"] + k >= len(order):  # every player passed in a row before it
                break
            following.append(order[(start + k - 1) % len(order)])
    later: list[str] = []
    for other in following:
        if other == seat:
            break
        if battle["stage"] == "manoeuvres" and battle["seen"].get(other) == battle["plays"]:
            break
        later.append(other)
    return later


def _conditional_answer(table: Table, seat: str) -> bool:
    """The answer ``seat`` gave in an earlier exchange for the case where every player before it
    passed: played if nobody has played since (a duel counts as a play), else dropped."""
    battle = table.state["battle"]
    given = battle.setdefault("conditional", {}).pop(seat, None)
    if given is None:
        return False
    if given["plays"] != battle["plays"]:
        table.tell(
            f"{seat}'s answer, written in case the players before it passed, is dropped: "
            "a manoeuvre was played since; it is asked again.",
            "manoeuvre",
        )
        return False
    table.tell(f"{seat}'s answer stands: the players before it passed.", "manoeuvre")
    _manoeuvre_answer(table, seat, given["orders"])
    return True


def _passes(table: Table, seat: str, why: str = "") -> None:
    battle = table.state["battle"]
    if battle["stage"] == "manoeuvres":
        battle["passes"] += 1
    table.tell(f"{seat} passes" + (f" ({why})" if why else "") + ".", "manoeuvre-pass")


def _check_manoeuvre(table: Table, seat: str, uid: str, order: Order | None) -> None:
    battle = table.state["battle"]
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
    stage_timing = "engagement" if battle["stage"] == "engagement" else "battle"
    if card["timing"] != stage_timing:
        raise Refused(
            f"{card['name']} is an {card['timing']} manoeuvre"
            + (", played in the engagement segment only" if card["timing"] == "engagement" else "")
            + f"; this is the {'engagement' if stage_timing == 'engagement' else 'manoeuvre'} segment",
            "play another manoeuvre, or pass",
        )
    effect = card.get("effect", {})
    side = side_of(battle, seat)
    other = "defender" if side == "attacker" else "attacker"
    if effect.get("challenge"):
        hero_pool = [
            u
            for u in battle["fleet"][side or "attacker"]
            if not table.inst(u)["tapped"] and table.controller(u) == seat and table.value(u, "combat") >= 1
        ]
        if not hero_pool or not battle["fleet"][other]:
            raise Refused(f"{card['name']} needs an untapped character of yours with combat and an opponent")
        if order is None:
            return
        if "challenge" not in order:
            raise Refused(
                f"{card['name']} is a challenge", f"play {order['card']} challenge <opponent> with <yours>"
            )
        hero = table.find(
            order["with"],
            [
                u
                for u in battle["fleet"][side or "attacker"]
                if table.controller(u) == seat and not table.inst(u)["tapped"]
            ],
            "an untapped character of yours in this battle",
        )
        if table.value(hero, "combat") < 1:
            raise Refused(f"{table.name(hero)} has no rank in combat and cannot challenge")
        table.find(order["challenge"], battle["fleet"][other], "an opposing character in this battle")
    elif effect.get("tap"):
        pool = [u for u in battle["fleet"][other] if not table.inst(u)["tapped"]]
        if not pool:
            raise Refused(f"{card['name']} needs an untapped opposing character")
        if order is None:
            return
        if "target" not in order:
            raise Refused(
                f"{card['name']} taps an opposing character", f"play {order['card']} on <character>"
            )
        table.find(order["target"], pool, "an untapped opposing character in this battle")


def manoeuvre_card(table: Table, seat: str, order: Order) -> str:
    """The manoeuvre a participant plays, checked against the battle (raises Refused)."""
    uid = table.find(order["card"], table.player(seat)["hand"], "a card in your hand")
    _check_manoeuvre(table, seat, uid, order)
    return uid


def resolve_manoeuvre(table: Table, answers: dict[str, list[Order]]) -> None:
    """The first player asked plays a manoeuvre (resolved at once) or passes; the answers of the
    players asked with it are kept for their turn (see ``_asked_with``)."""
    pending = table.state["pending"]
    table.state["pending"] = None
    first, *later = pending["asks"]
    battle = table.state["battle"]
    for a in later:  # answers for the case every player before passes: read when their turn comes
        orders = answers.get(a["key"], [])
        if not orders or any(o["verb"] == "later" for o in orders):
            continue  # not answered in advance: dealt with at its turn
        battle.setdefault("conditional", {})[a["seat"]] = {
            "orders": orders,
            "plays": pending.get("plays", battle["plays"]),
        }
    _manoeuvre_answer(table, first["seat"], answers.get(first["key"], []))


def _answered_in_advance(table: Table, seat: str) -> bool:
    """A player whose turn comes again when nobody else has played since its last answer: the next
    play it wrote then is played; at the 'pass' it wrote after its plays, or after an answer that
    was a pass, it passes. When every play it wrote is played (and it wrote no 'pass') it is asked
    again: the others' passes would otherwise end the battle for it unasked, with a manoeuvre
    perhaps still in hand. If another player has played since, what it wrote in advance is
    dropped and it is asked."""
    battle = table.state["battle"]
    written = battle["written"].get(seat) or []
    if seat in battle["seen"] and battle["seen"][seat] == battle["plays"]:
        if written and written[0]["verb"] == "pass":  # it wrote where to stop: kept while nothing changes
            _passes(table, seat, "as it wrote: nothing new since its last answer")
        elif written and written[0]["verb"] == "later":
            # every play it wrote is played and the others passed: a pass now would end the battle
            # for it unasked (a second manoeuvre in hand could still turn it), so it is asked again
            written.pop(0)
            return False
        elif written:
            order = written.pop(0)
            table.tell(f"{seat}'s next written play: {order_line(order)}.", "manoeuvre")
            _play_one(table, seat, order)
        else:
            _passes(table, seat, "nothing new since its last answer")
        battle["seen"][seat] = battle["plays"]
        return True
    if any(o["verb"] not in ("pass", "later") for o in written):
        table.tell(f"{seat}'s further written plays are dropped: another player played since.", "manoeuvre")
    battle["written"][seat] = []
    return False


def order_line(order: Order) -> str:
    from adjudicator.games.master_commander.orders import order_text

    return order_text(order)


def _manoeuvre_answer(table: Table, seat: str, orders: list[Order]) -> None:
    """A manoeuvre answer: its first play now; in the manoeuvre segment, the others are played on
    the player's next turns of the segment while nobody else plays in between."""
    battle = table.state["battle"]
    plays = [o for o in orders if o["verb"] in ("play", "use")]
    if battle["stage"] == "manoeuvres":
        # after its plays, an answer ends with where it stops: at a 'pass' it wrote, else ('later')
        # it is asked again once they are played and the others pass (``_answered_in_advance``)
        stop = [{"verb": "pass" if any(o["verb"] == "pass" for o in orders) else "later"}] if plays else []
        battle["written"][seat] = plays[1:] + stop
    if not plays:
        _passes(table, seat)
    else:
        _play_one(table, seat, plays[0])
    if table.state["battle"] is battle and battle["stage"] == "manoeuvres":
        battle["seen"][seat] = battle["plays"]


def _play_one(table: Table, seat: str, order: Order) -> None:
    if order["verb"] == "use":
        _use_ability(table, seat, order)
        return
    started = _begin_play(table, seat, order, manoeuvre_card, f"'{order['card']}' cannot be played")
    if started is None:
        return
    uid, side, other = started
    battle = table.state["battle"]
    card = table.card(uid)
    table.player(seat)["hand"].remove(uid)
    table.player(seat)["discard"].append(uid)
    effect = card.get("effect", {})
    table.tell(f"{seat} plays {table.described(uid)}.", "manoeuvre", card=uid)
    _power_and_tap(table, side, other, effect, order)
    if effect.get("challenge"):
        hero_pool = [
            u for u in battle["fleet"][side] if not table.inst(u)["tapped"] and table.controller(u) == seat
        ]
        hero = table.find(order["with"], hero_pool, "your character")
        victim = table.find(order["challenge"], battle["fleet"][other], "an opposing character")
        open_duel(table, hero, victim)


def _use_ability(table: Table, seat: str, order: Order) -> None:
    """A card in play is tapped and its ability resolved at once (« Résolvez l'effet immédiatement »)."""
    from adjudicator.games.master_commander.phases import resolve_effects

    started = _begin_play(table, seat, order, ability_card, f"'use {order['card']}' cannot be done")
    if started is None:
        return
    uid, side, other = started
    table.inst(uid)["tapped"] = True
    ability = table.card(uid)["ability"]
    table.tell(f"{seat} taps {table.described(uid)} and uses its ability.", "ability", card=uid)
    _power_and_tap(table, side, other, ability, order)
    rest = {k: v for k, v in ability.items() if k in ("draw", "doublons", "gold")}
    if rest:
        resolve_effects(table, seat, rest, None, table.name(uid))


def _begin_play(
    table: Table, seat: str, order: Order, pick: Callable[[Table, str, Order], str], refusal: str
) -> tuple[str, str, str] | None:
    """The card a manoeuvre play or an ability use names, and the playing and opposing sides;
    ``None`` (a pass, said in the report) when it cannot be played now."""
    battle = table.state["battle"]
    try:
        uid = pick(table, seat, order)
    except Refused as refused:
        table.tell(f"{seat}'s {refusal} now ({refused.message}): a pass.", "order-skipped")
        _passes(table, seat)
        return None
    battle["passes"] = 0
    battle["plays"] += 1
    side = side_of(battle, seat)
    assert side is not None
    return uid, side, "defender" if side == "attacker" else "attacker"


def _power_and_tap(table: Table, side: str, other: str, effect: dict[str, Any], order: Order) -> None:
    """A play's power for its side, and the opposing character it taps."""
    battle = table.state["battle"]
    if effect.get("power"):
        battle["power"][side] += int(effect["power"])
        table.tell(f"The {side}'s fleet gains {effect['power']} power.", "manoeuvre")
    if effect.get("tap"):
        pool = [u for u in battle["fleet"][other] if not table.inst(u)["tapped"]]
        victim = table.find(order["target"], pool, "an untapped opposing character")
        table.inst(victim)["tapped"] = True
        table.tell(f"{table.name(victim)} is tapped and no longer counts.", "manoeuvre")


def battle_totals_text(table: Table) -> str:
    return f"attackers {fleet_power(table, 'attacker')}, defenders {fleet_power(table, 'defender')}"


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
        "ahead": {challenger: [], challenged: []},
    }
    table.tell(f"{table.name(hero)} challenges {table.name(victim)} to a duel!", "duel")
    _duel_ask(table)


def _duel_ask(table: Table) -> None:
    duel = table.state["battle"]["duel"]
    seat = duel["next"]
    ahead = duel.setdefault("ahead", {}).get(seat) or []
    if duel["answered"] and not ahead and not table.player(seat)["hand"]:
        # « jouer une carte de sa main face cachée ou mettre fin au duel »: with no card, it stops
        table.tell(f"{seat} has no card in hand: not asked, it ends the duel.", "duel")
        reveal_duel(table)
        return
    if duel["answered"] and ahead:
        duel["ahead"][seat] = []
        table.tell(f"{seat}'s next duel step, written in advance: {order_line(ahead[0])}.", "duel")
        _duel_step(table, seat, ahead)
        return
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
    stops = [o for o in orders if o["verb"] == "stop"]
    for order in orders:
        try:
            if order["verb"] == "play" and stops and stops[0].get("line", 0) < order.get("line", 0):
                raise Refused("'stop' ends the duel: a card after it is never played", "write stop last")
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
    bad = check_duel(table, seat, orders)
    if bad:
        table.tell(
            f"{seat}'s duel answer is not valid any more ({bad[0][1].message}): the default applies.",
            "order-skipped",
        )
        orders = []
    _duel_step(table, seat, orders)


def _duel_step(table: Table, seat: str, orders: list[Order]) -> None:
    """One step of ``seat`` in the duel. Duel steps written in advance: the lines after the first
    play (further ``play <card>`` lines, then optionally ``stop``) are the player's next steps. Between
    two steps of a player the only thing that can happen is the opponent playing one more card
    face down (if it stops, the duel is over), so a list written in advance loses no information:
    « tour à tour ... jouer une carte de sa main face cachée ou mettre fin au duel »."""
    battle = table.state["battle"]
    duel = battle["duel"]
    verbs = [o["verb"] for o in orders]
    if not duel["answered"]:
        if "refuse" in verbs or not orders:
            victim = duel["challenged"]
            _withdraw(table, victim)
            table.tell(f"{seat} refuses the duel: {table.name(victim)} leaves the battle, tapped.", "duel")
            battle["duel"] = None
            battle["plays"] += 1  # news for every participant: nobody passes on a stale answer
            return
        duel["answered"] = True
        table.tell(f"{seat} accepts the duel.", "duel")
    steps = [o for o in orders if o["verb"] in ("play", "stop")]
    play = steps[0] if steps and steps[0]["verb"] == "play" else None
    if play is None:
        reveal_duel(table)
        return
    duel.setdefault("ahead", {})[seat] = steps[1:]
    try:
        uid = table.find(play["card"], table.player(seat)["hand"], "a card in your hand")
    except Refused as refused:  # a card written twice in advance: the player stops
        table.tell(
            f"{seat}'s written duel card cannot be played ({refused.message}): it stops.", "order-skipped"
        )
        reveal_duel(table)
        return
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
    battle["plays"] += 1  # news for every participant: nobody passes on a stale answer
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
    return sum(value for _, value in fleet_parts(table, side))


def fleet_parts(table: Table, side: str) -> list[tuple[str, int]]:
    """How a fleet's power is reached (« en prenant en compte uniquement les cartes redressées encore
    engagées »): each untapped character's value with its attachments, the defended place or
    agreement, manoeuvres played, the main player's active event."""
    battle = table.state["battle"]
    stat = STAT[battle["type"]]
    parts = [
        (table.name(u), table.value(u, stat)) for u in battle["fleet"][side] if not table.inst(u)["tapped"]
    ]
    if battle["power"][side]:
        parts.append(("manoeuvres", battle["power"][side]))
    active = table.player(battle[side])["active_event"]
    if active and table.card(active).get("while_active", {}).get(stat):
        parts.append((table.name(active), int(table.card(active)["while_active"][stat])))
    if side == "defender":
        target = battle["target"]
        value = (
            table.value(target, "conquest")
            if battle["type"] == "tactical"
            else int(table.card(target)["diplomacy"])
        )
        parts.append((table.name(target), value))
    return parts


def _parts_text(parts: list[tuple[str, int]]) -> str:
    return " + ".join(f"{name} {value}" for name, value in parts) or "nothing"


def resolve_battle(table: Table) -> None:
    """Segment de résolution: the stronger fleet wins, the defender on a tie; the attackers tap."""
    battle = table.state["battle"]
    parts = {side: fleet_parts(table, side) for side in ("attacker", "defender")}
    attack, defence = (sum(v for _, v in parts[side]) for side in ("attacker", "defender"))
    attacker, defender = battle["attacker"], battle["defender"]
    for uid in battle["fleet"]["attacker"]:
        table.inst(uid)["tapped"] = True
    table.tell(
        f"Battle: {attacker} {attack} against {defender} {defence}.",
        "battle-power",
        attack=attack,
        defence=defence,
    )
    table.tell(
        f"{attacker}: {_parts_text(parts['attacker'])} = {attack}; "
        f"{defender}: {_parts_text(parts['defender'])} = {defence}.",
        "battle-power-detail",
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
        extra = sum(
            int(table.card(a).get("bonus", {}).get("pillage", 0))
            for u in battle["fleet"]["attacker"]
            if table.controller(u) == attacker
            for a in table.inst(u)["attached"]
        )
        taken = min(PILLAGE_GOLD + extra, table.player(defender)["gold"])
        table.player(defender)["gold"] -= taken
        table.player(attacker)["gold"] += taken
        how = f" (1 + {extra} from the fleet's cards)" if extra else ""
        table.tell(f"{attacker} pillages {taken} gold from {defender}{how}.", "pillage")
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
    table.tell(f"{attacker} conquers {table.name(target)}.", "conquest")
    for a in list(table.inst(target)["attached"]):
        if table.card(a)["kind"] == "support":
            table.inst(target)["attached"].remove(a)
            table.player(table.owner(a))["discard"].append(a)
            table.tell(
                f"{table.name(a)} is discarded from {table.name(target)} (a conquered territory's "
                "supports are discarded).",
                "discard",
                card=a,
            )


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
        if not battle["fleet"]["attacker"]:
            table.tell("No attacker is left in the battle: no capture.", "capture")
        elif not eligible:
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
