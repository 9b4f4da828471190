"""Steps 11-29 of the turn sequence: engagement, the combat round, grapple, repel, board, capture.

Every turn is one combat round. The player in turn orders the attacks of his
ships; the enemy's engaged ships fire back by the enemy's standing orders
(``return fire``, the default, or ``hold fire``). Damage of simultaneous attacks
goes to the pending damage log and takes effect when all ships have attacked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from adjudicator.games.releases.v0_1_0.far_side import board as B
from adjudicator.games.releases.v0_1_0.far_side import tables as T
from adjudicator.games.releases.v0_1_0.far_side.ships import (
    break_mast,
    capture,
    change_skill,
    hull_damage,
    negative,
    positive,
)

if TYPE_CHECKING:
    from adjudicator.games.releases.v0_1_0.far_side.turn import Turn

Ship = dict[str, Any]


# -- 11 RAISE THE ENSIGN ------------------------------------------------------------
def in_range(ship: Ship, target: Ship) -> bool:
    """Within the guns' range: short (adjacent) or long (squares between <= class)."""
    return B.squares_between(ship["square"], target["square"]) <= ship["class"]


def step_11_raise_the_ensign(turn: Turn) -> None:
    """11 RAISE THE ENSIGN: every engagement token heads-up (not fired); an engaged ship out of
    range of all engaged enemy ships loses its token; grapples between ships no longer
    adjacent are cast off."""
    state = turn.state
    ships = B.afloat(state)
    for ship in ships:
        ship["fired"] = False
    leaving = [
        ship
        for ship in ships
        if ship["engaged"]
        and not any(e["engaged"] and in_range(e, ship) for e in ships if e["side"] != ship["side"])
    ]
    for ship in leaving:
        ship["engaged"] = None
        turn.say(
            f"{ship['id']} is out of range of every engaged enemy ship: its engagement token is removed.",
            "engage",
        )
    kept = []
    for a, b in state["grapples"]:
        sa, sb = turn.ship(a), turn.ship(b)
        if sa is not None and sb is not None and B.adjacent(sa["square"], sb["square"]):
            kept.append([a, b])
        else:
            turn.say(f"The grapple of {a} on {b} is cast off.", "grapple")
    state["grapples"] = kept


# -- 12-25 THE COMBAT ROUND -----------------------------------------------------------
@dataclass
class Attack:
    attacker: str
    target: str
    kind: str  # long | short | ram
    gage: bool = False


@dataclass
class PendingLog:
    """13 SIMULTANEOUS ATTACK: the pending damage log, applied after all attacks."""

    entries: list[tuple[str, str, str | None]] = field(default_factory=list)  # (ship, H|S|R|FIRE, skill)

    def skill_after(self, ship: Ship, skill: str) -> int:
        lost = sum(1 for sid, what, s in self.entries if sid == ship["id"] and what == "S" and s == skill)
        return ship["skills"][skill] - lost


def fair_targets(turn: Turn, ship: Ship, gage: bool) -> list[Ship]:
    """Enemy ships in range that this ship may attack: engaged ones (fair game), any with the gage."""
    return [e for e in turn.targets_in_range(ship) if e["engaged"] or gage]


def choose_target(turn: Turn, ship: Ship, gage: bool, prefer: list[str]) -> Ship | None:
    targets = fair_targets(turn, ship, gage)
    if not targets:
        return None
    preferred = [t for t in targets if t["id"] in prefer]
    pool = preferred or targets
    return min(pool, key=lambda t: (B.distance(ship["square"], t["square"]), t["hull"], t["number"]))


def declare_attacks(turn: Turn) -> list[Attack]:
    """12 WEATHER GAGE and 13 SIMULTANEOUS ATTACK: who attacks whom this round."""
    o, attacks = turn.orders, []
    gage = turn.ctx.get("gage")
    ram = turn.ctx.get("ram")
    used: set[str] = set()
    if ram:
        attacks.append(Attack(ram[0], ram[1], "ram"))
        used.add(ram[0])
    explicit = {f.ship: f for f in o.fires}
    numbers = list(explicit)
    if o.fire_at_will:
        numbers += [s["number"] for s in B.afloat(turn.state, turn.seat) if s["number"] not in explicit]
    for number in numbers:
        ship = turn.own(number)
        if ship is None or ship["id"] in used:
            continue
        has_gage = bool(gage) and gage[0] == ship["id"]
        fire = explicit.get(number)
        if fire is not None and fire.target is not None:
            target = turn.foe(fire.target)
            if target is None or not in_range(ship, target):
                turn.say(
                    f"{ship['id']} has no target {B.ship_id(turn.enemy, fire.target)} in range; "
                    "it holds fire."
                )
                continue
            if not (target["engaged"] or has_gage):
                turn.say(
                    f"{target['id']} is not engaged and {ship['id']} has not the weather gage; "
                    "it holds fire.",
                    "engage",
                )
                continue
        else:
            target = choose_target(turn, ship, has_gage, [gage[1]] if has_gage else [])
            if target is None:
                if fire is not None:
                    turn.say(f"{ship['id']} has no fair target in range; it holds fire.", "engage")
                continue
        kind = "short" if B.adjacent(ship["square"], target["square"]) else "long"
        attacks.append(Attack(ship["id"], target["id"], kind, gage=has_gage))
        used.add(ship["id"])
    return attacks


def return_fire(turn: Turn, attacks: list[Attack]) -> list[Attack]:
    """The enemy's engaged ships (and the ships attacked this round) fire back by standing orders."""
    if turn.state["standing"][turn.enemy]["fire"] == "hold":
        return []
    attacked_by: dict[str, list[str]] = {}
    for a in attacks:
        attacked_by.setdefault(a.target, []).append(a.attacker)
    engaged_now = {a.attacker for a in attacks} | {a.target for a in attacks}
    out = []
    for ship in B.afloat(turn.state, turn.enemy):
        if not (ship["engaged"] or ship["id"] in engaged_now):
            continue
        targets = [t for t in turn.targets_in_range(ship) if t["engaged"] or t["id"] in engaged_now]
        if not targets:
            continue
        prefer = [t for t in targets if t["id"] in attacked_by.get(ship["id"], [])]
        target = min(
            prefer or targets, key=lambda t: (B.distance(ship["square"], t["square"]), t["hull"], t["number"])
        )
        kind = "short" if B.adjacent(ship["square"], target["square"]) else "long"
        out.append(Attack(ship["id"], target["id"], kind))
    return out


def step_12_to_25_combat(turn: Turn) -> None:
    """12 WEATHER GAGE (attacks first, damage assessed at once), then 13 SIMULTANEOUS ATTACK
    through the pending damage log, each attack by steps 14-25."""
    ours = declare_attacks(turn)
    gage_attacks = [a for a in ours if a.gage]
    tact: dict[str, int] = {}
    for a in gage_attacks:
        turn.say(f"{a.attacker} has the weather gage and attacks {a.target} first.", "attack")
        log = PendingLog()
        resolve_attack(turn, a, log, tact)
        apply_pending(turn, log)
    turn.ctx["gage"] = None
    rest = [a for a in ours if not a.gage and turn.ship(a.attacker) and turn.ship(a.target)]
    theirs = return_fire(turn, ours)
    everything = rest + theirs
    if not everything:
        return
    log = PendingLog()
    for a in everything:
        resolve_attack(turn, a, log, tact)
    apply_pending(turn, log)


def engage(ship: Ship, kind: str) -> None:
    """11: any non-engaged ship that attacks (or is attacked with the gage) becomes engaged."""
    if not ship["engaged"]:
        ship["engaged"] = "long" if kind == "long" else "short"


def step_14_tactical_advantage(turn: Turn, ours: Ship, theirs: Ship, cache: dict[str, int]) -> str:
    """14 TACTICAL ADVANTAGE: white (your ship) + SEA + CMD - broken masts, red (the enemy's)
    likewise; TACT = white - red -> POSITION. One roll per pair of ships per round."""
    key = f"tact:{ours['id']}-{theirs['id']}"
    if key not in cache:
        white, red = turn.d6(key + ":white"), turn.d6(key + ":red")
        w = white + ours["skills"]["SEA"] + ours["skills"]["CMD"] - ours["broken"]
        r = red + theirs["skills"]["SEA"] + theirs["skills"]["CMD"] - theirs["broken"]
        cache[key] = w - r
        turn.say(
            f"Tactical advantage {ours['id']} v {theirs['id']}: white {white} -> {w}, red {red} -> {r}:"
            f" TACT {w - r:+d}, {T.tact_position(w - r)}.",
            "tact",
        )
    return T.tact_position(cache[key])


def attack_dice(attacker: Ship, target: Ship, chart: str) -> int:
    """16 COMBAT CHARTS: class + attacker's positive skills + target's negative skills; at least 1."""
    plus, minus = T.ATTACK_CHART[chart]
    dice = (
        attacker["class"] + sum(positive(attacker, s) for s in plus) + sum(negative(target, s) for s in minus)
    )
    return max(1, dice)


def resolve_attack(turn: Turn, a: Attack, log: PendingLog, cache: dict[str, int]) -> None:
    """Steps 14-25 for one attack."""
    attacker, target = turn.state["ships"][a.attacker], turn.state["ships"][a.target]
    engage(attacker, a.kind)
    engage(target, a.kind)
    attacker["fired"] = True
    ours, theirs = (attacker, target) if attacker["side"] == turn.seat else (target, attacker)
    name = f"{a.attacker}-{a.target}"
    if a.kind == "ram":
        dice = attack_dice(attacker, target, "ram")
        turn.say(f"{a.attacker} rams {a.target} with {dice} attack dice.", "attack")
        hits = step_18_fire(turn, name, dice)
        step_23_damage_distribution(turn, target, hits, "ram", name, log, gunfire=False, attacker=attacker)
        return
    position = step_14_tactical_advantage(turn, ours, theirs, cache)
    chasers = position == "bows-on" or (position == "rake the bow" and attacker is theirs)
    between = B.squares_between(attacker["square"], target["square"])
    if chasers:
        dice = 1  # 15 BOW-CHASERS: ignore all skill levels, a single attack die
        what = "fires its bow-chasers"
    else:
        dice = attack_dice(attacker, target, "range" if a.kind == "long" else "close")
        what = f"fires a broadside at {'long' if a.kind == 'long' else 'short'} range"
        if attacker is ours and position in ("heavy broadside", "rake the bow"):
            dice += 1  # 17 HEAVY BROADSIDE: one more attack die
            what = f"fires a heavy broadside at {'long' if a.kind == 'long' else 'short'} range"
    turn.say(f"{a.attacker} {what} on {a.target}: {dice} attack dice.", "attack")
    hits = step_18_fire(turn, name, dice)
    if a.kind == "long":
        hits -= step_19_accuracy(turn, attacker, name, between, chasers)
    elif not chasers:
        hits -= step_20_muskets(turn, attacker, name)
    if not chasers:
        hits -= step_21_inept_crews(turn, attacker, name)
    hits -= step_22_blunders(turn, attacker, name, log)
    hits = max(0, hits)
    row = "long" if a.kind == "long" else "short"
    step_23_damage_distribution(turn, target, hits, row, name, log, gunfire=True, attacker=attacker)


def step_18_fire(turn: Turn, name: str, dice: int) -> int:
    """18 FIRE!: each attack die of 1 is a HIT."""
    rolls = [turn.d6(f"attack:{name}:{k}") for k in range(1, dice + 1)]
    hits = sum(1 for r in rolls if r == T.ATTACK_HIT)
    turn.say(f"Attack dice {rolls}: {hits} HIT.", "attack")
    return hits


def step_19_accuracy(turn: Turn, attacker: Ship, name: str, between: int, chasers: bool) -> int:
    """19 ACCURACY: long range only; range dice less GUNNERY (at least one): 1,2 -1 HIT."""
    dice = max(1, between - (0 if chasers else attacker["skills"]["GUN"]))
    rolls = [turn.d6(f"accuracy:{name}:{k}") for k in range(1, dice + 1)]
    missed = sum(1 for r in rolls if r in T.ACCURACY_MISS)
    turn.say(f"Accuracy dice {rolls}: -{missed} HIT.", "attack")
    return missed


def step_20_muskets(turn: Turn, attacker: Ship, name: str) -> int:
    """20 MUSKETS ON THE FIGHTING TOP: short range, a die per negative AIM level: 1 -1 HIT."""
    levels = negative(attacker, "AIM")
    if not levels:
        return 0
    rolls = [turn.d6(f"muskets:{name}:{k}") for k in range(1, levels + 1)]
    missed = sum(1 for r in rolls if r in T.MUSKETS_MISS)
    turn.say(f"Poor aim on the fighting tops {rolls}: -{missed} HIT.", "attack")
    return missed


def step_21_inept_crews(turn: Turn, attacker: Ship, name: str) -> int:
    """21 INEXPERIENCED & INEPT GUN CREWS: a die per negative GUN level: 1,2 -1 HIT."""
    levels = negative(attacker, "GUN")
    if not levels:
        return 0
    rolls = [turn.d6(f"inept:{name}:{k}") for k in range(1, levels + 1)]
    missed = sum(1 for r in rolls if r in T.INEPT_MISS)
    turn.say(f"Inept gun crews {rolls}: -{missed} HIT.", "attack")
    return missed


def step_22_blunders(turn: Turn, attacker: Ship, name: str, log: PendingLog) -> int:
    """22 BLUNDERS: one die per ship that fires: 1 blunder (-1 HIT and a blunder die:
    1,2 as planned, 3,4 -1 GUN, 5,6 -1 skill level by the SKILL TABLE)."""
    roll = turn.d6(f"blunder:{name}")
    if roll not in T.BLUNDER:
        return 0
    result = T.BLUNDER_RESULT[turn.d6(f"blunder-result:{name}")]
    if result == "gun":
        log.entries.append((attacker["id"], "S", "GUN"))
        turn.say(f"{attacker['id']} blunders: -1 HIT and -1 GUN.", "blunder")
    elif result == "skill":
        skill = T.skill_for_roll(turn.d6(f"blunder-skill:{name}"))
        log.entries.append((attacker["id"], "S", skill))
        turn.say(f"{attacker['id']} blunders: -1 HIT and -1 {skill}.", "blunder")
    else:
        turn.say(f"{attacker['id']} blunders: -1 HIT, otherwise it went as planned.", "blunder")
    return 1


def step_23_damage_distribution(
    turn: Turn,
    target: Ship,
    hits: int,
    row: str,
    name: str,
    log: PendingLog,
    *,
    gunfire: bool,
    attacker: Ship,
) -> None:
    """23 DAMAGE DISTRIBUTION: each remaining HIT is a DAMAGE point, a die on the row of the
    attack; then 24 HEATED SHOT (ship #1's cannons) and 25 GRAPESHOT on each skill lost."""
    if hits <= 0:
        turn.say(f"No damage to {target['id']}.", "damage")
        return
    letters = []
    for k in range(1, hits + 1):
        letter = T.DAMAGE_ROWS[row][turn.d6(f"damage:{name}:{k}") - 1]
        letters.append(letter)
        if letter == "S":
            skill = T.skill_for_roll(turn.d6(f"damage:{name}:{k}:skill"))
            reduces = log.skill_after(target, skill) > T.SKILL_MIN
            log.entries.append((target["id"], "S", skill))
            if gunfire and reduces:
                step_25_grapeshot(turn, target, name, k, log)
        elif letter in ("H", "R"):
            log.entries.append((target["id"], letter, None))
    turn.say(f"{hits} DAMAGE on {target['id']} ({row} row): {' '.join(letters)}.", "damage")
    if gunfire and attacker["number"] == 1:
        step_24_heated_shot(turn, target, hits, name, log)


def step_24_heated_shot(turn: Turn, target: Ship, damage: int, name: str, log: PendingLog) -> None:
    """24 HEATED SHOT: either side's ship #1: a fire die per DAMAGE point, 1 ignites a fire."""
    for k in range(1, damage + 1):
        roll = turn.d6(f"heated:{name}:{k}")
        if roll in T.HEATED_SHOT_FIRE:
            log.entries.append((target["id"], "FIRE", None))
            turn.say(f"Heated shot sets {target['id']} on fire ({roll}).", "fire")


def step_25_grapeshot(turn: Turn, target: Ship, name: str, k: int, log: PendingLog) -> None:
    """25 GRAPESHOT & CANNISTER: a skill level lost to gunfire: 1 loses another (SKILL TABLE)."""
    roll = turn.d6(f"grapeshot:{name}:{k}")
    if roll in T.GRAPESHOT_MORE:
        skill = T.skill_for_roll(turn.d6(f"grapeshot:{name}:{k}:skill"))
        log.entries.append((target["id"], "S", skill))
        turn.say(f"Grapeshot & cannister: {target['id']} loses another level, of {skill}.", "damage")


def apply_pending(turn: Turn, log: PendingLog) -> None:
    """After all attacks: the pending damage log goes to the damage log."""
    for sid, what, skill in log.entries:
        ship = turn.state["ships"][sid]
        if what == "H":
            hull_damage(ship)
        elif what == "R":
            break_mast(ship)
        elif what == "S" and skill:
            change_skill(ship, skill, -1)
        elif what == "FIRE":
            ship["fires"]["uncontrolled"] += 1
    touched = sorted({sid for sid, _, _ in log.entries})
    for sid in touched:
        ship = turn.state["ships"][sid]
        turn.say(
            f"{sid} now: hull {ship['hull']}/{ship['class']}, masts broken {ship['broken']}/{ship['masts']}, "
            + ", ".join(f"{k} {ship['skills'][k]:+d}" for k in T.SKILLS)
            + f", fires {ship['fires']['uncontrolled']}.",
            "status",
        )


# -- 26 GRAPPLE, 27 REPEL, 28 BOARD, 29 CAPTURED ---------------------------------------
def step_26_grapple(turn: Turn) -> None:
    """26 GRAPPLING: not already grappled; neither ship moved this turn; engaged with the target
    at short range. 1-4 success (a grapple token on the target)."""
    for number, target_number, _ in turn.orders.grapples:
        ship, target = turn.own(number), turn.foe(target_number)
        if ship is None or target is None:
            continue
        if B.grappled(turn.state, ship["id"]):
            turn.say(f"{ship['id']} is already grappled.", "grapple")
            continue
        if ship["id"] in turn.ctx["moved"] or target["id"] in turn.ctx["moved"]:
            turn.say(f"{ship['id']} or {target['id']} moved this turn: no grapple.", "grapple")
            continue
        if not (
            ship["engaged"] == "short" and target["engaged"] and B.adjacent(ship["square"], target["square"])
        ):
            turn.say(
                f"{ship['id']} is not engaged with {target['id']} at short range: no grapple.", "grapple"
            )
            continue
        roll = turn.d6(f"grapple:{ship['id']}-{target['id']}")
        if roll in T.GRAPPLE_SUCCESS:
            turn.state["grapples"].append([ship["id"], target["id"]])
            turn.say(f"{ship['id']} grapples {target['id']} ({roll}).", "grapple")
        else:
            turn.say(f"{ship['id']} fails to grapple {target['id']} ({roll}).", "grapple")


def step_27_28_repel_and_board(turn: Turn) -> None:
    """27 REPEL ATTACK: each of your ships grappled at the start of the turn may try to
    ungrapple (1,2); if it fails (or does not try), 28 BOARD."""
    repels = {n for n, _ in turn.orders.repels}
    for grappler_id, ship_id in turn.ctx.get("grappled_at_start", []):
        if [grappler_id, ship_id] not in turn.state["grapples"]:
            continue
        ship, grappler = turn.ship(ship_id), turn.ship(grappler_id)
        if ship is None or grappler is None or ship["side"] != turn.seat:
            continue
        if ship["number"] in repels:
            roll = turn.d6(f"repel:{ship_id}")
            if roll in T.REPEL_SUCCESS:
                turn.state["grapples"].remove([grappler_id, ship_id])
                turn.say(f"{ship_id} repels the boarders of {grappler_id} ({roll}): ungrappled.", "repel")
                continue
            turn.say(f"{ship_id} fails to repel {grappler_id} ({roll}).", "repel")
        else:
            turn.say(f"{ship_id} does not try to repel {grappler_id}.", "repel")
        step_28_board(turn, grappler, ship)


def beaten(ship: Ship) -> bool:
    """A ship has lost when its BOARDING is as negative as its class is positive (limit 3)."""
    return ship["skills"]["BRD"] <= -min(ship["class"], 3)


def step_28_board(turn: Turn, attacker: Ship, target: Ship) -> None:
    """28 BOARD: simultaneous rounds on the BOARD charts until one ship is beaten; a beaten
    target is captured (29); all grapple tokens of the pair are removed."""
    name = f"{attacker['id']}-{target['id']}"
    turn.say(f"{attacker['id']} boards {target['id']}!", "board")
    fought = 0
    for rnd in range(1, T.BOARDING_ROUND_LIMIT + 1):
        if beaten(attacker) or beaten(target):
            break
        fought = rnd
        log = PendingLog()
        for a, t, row in ((attacker, target, "board-defender"), (target, attacker, "board-attacker")):
            dice = attack_dice(a, t, "board")
            hits = sum(
                1 for k in range(1, dice + 1) if turn.d6(f"board:{name}:{rnd}:{a['id']}:{k}") == T.ATTACK_HIT
            )
            for k in range(1, hits + 1):
                letter = T.DAMAGE_ROWS[row][turn.d6(f"board:{name}:{rnd}:{t['id']}:damage:{k}") - 1]
                skill = (
                    T.skill_for_roll(turn.d6(f"board:{name}:{rnd}:{t['id']}:damage:{k}:skill"))
                    if letter == "S"
                    else None
                )
                log.entries.append((t["id"], letter, skill))
        for sid, what, skill in log.entries:
            ship = turn.state["ships"][sid]
            if what == "S" and skill:
                change_skill(ship, skill, -1)
            elif what == "R":
                break_mast(ship)
    turn.say(
        f"Hand-to-hand after {fought} round(s): {attacker['id']} BRD {attacker['skills']['BRD']:+d},"
        f" {target['id']} BRD {target['skills']['BRD']:+d}.",
        "board",
    )
    turn.state["grapples"] = [
        p for p in turn.state["grapples"] if attacker["id"] not in p and target["id"] not in p
    ]
    if beaten(target):
        turn.say(f"{target['id']} is captured by {attacker['id']}!", "captured")
        step_29_captured(turn, target, attacker["side"])
    elif beaten(attacker):
        turn.say(f"{attacker['id']}'s boarders are beaten back; the hand-to-hand is over.", "board")
    else:
        turn.say("The hand-to-hand ends without a decision.", "board")


def step_29_captured(turn: Turn, ship: Ship, by: str) -> None:
    """29 CAPTURED SHIPS: remove all tokens and the ship tile; a tally for the captor."""
    capture(turn.state, ship, by)
