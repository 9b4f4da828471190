"""A player's turn, rule step by rule step ("Déroulement d'un tour").

Each function is one step of the book: :func:`construction_phase`, :func:`management_phase`,
:func:`conquest_or_vote_phase` (with :func:`unknown_sectors`, :func:`immunity_applies`,
:func:`battle`, :func:`invasion`, :func:`destruction`, :func:`diplomatic_pressure`,
:func:`call_vote`, :func:`count_vote`), and the dice that give planets (:func:`gain_planet`,
:func:`deep_space`). Every roll is keyed by its rule and the seat it belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.games.base import Event
from adjudicator.games.dice import Dice
from adjudicator.games.planet_masters import empire as E
from adjudicator.games.planet_masters.orders import Condition, Orders, Reward, Step
from adjudicator.games.planet_masters.tables import (
    DEEP_SPACE,
    HOME,
    HOME_WORD_FACE,
    HOME_WORDS,
    NEUTRAL,
    PLANET_WORDS,
    POLITICS,
    RACES,
    TECH_WORDS,
    TECHNOLOGY,
    UNKNOWN_SECTORS,
    WEAPON,
    WEAPON_WORDS,
)

State = dict[str, Any]

CEASEFIRE, COUNCIL_CENSURE, FLEET_REGULATIONS, PLANETARY_CONSCRIPTION = 1, 2, 3, 4
#: Deep Space results that place the new planet instead of rolling it.
DEEP_SPACE_PLACES = {4: 5, 5: 6, 6: 3}  # the Ancients: Influence; Colonists: Infantry; Industrial: Resource
#: Default preferences when an "on win" line names no face.
INVADE_PREFERENCE = ("resource", "influence", "infantry", "exhausted")
DESTROY_PREFERENCE = (3, 5, 2, 6, 1, 4)  # the strongest weapon first


@dataclass
class TurnContext:
    """What one player's turn carries from step to step."""

    state: State
    seat: str
    dice: Dice
    events: list[Event]
    last_weapon: int | None = None  # index in the player's weapons of the die last built or rebuilt
    resources_left: int = 0
    rerolled: set[int] = field(default_factory=set)
    #: skip a sealed round whose answers cannot change the result (see :func:`attack_can_win`,
    #: :func:`vote_is_decided`); every fact it looks at is public
    skip_idle_rounds: bool = True

    @property
    def player(self) -> E.Player:
        return self.state["players"][self.seat]

    def say(self, text: str, kind: str, **data: Any) -> None:
        self.events.append(Event(text, kind, {"seat": self.seat, **data}))


def option(state: State, name: str) -> bool:
    return bool(state["options"].get(name))


# -- planets from the galaxy -----------------------------------------------------------------------
def gain_planet(
    state: State, seat: str, dice: Dice, events: list[Event], why: str, *, fresh: bool = False
) -> bool:
    """Take a white die from the galaxy (if any is left), roll it and place it on the template."""
    if state["galaxy"] <= 0:
        events.append(Event(f"{seat}: {why}, but the galaxy has no planet left.", "galaxy-empty"))
        return False
    state["galaxy"] -= 1
    place_new_planet(state, seat, dice, events, why, fresh=fresh)
    return True


def place_new_planet(
    state: State, seat: str, dice: Dice, events: list[Event], why: str, *, fresh: bool = False
) -> None:
    """A new planet is rolled and placed; with Exploration, Deep Space is rolled first."""
    placed = deep_space(state, seat, dice, events) if option(state, "exploration") else None
    face = placed if placed is not None else dice.d6(f"planet:{seat}")
    state["players"][seat]["planets"].append({"face": face, "fresh": fresh})
    how = "placed" if placed is not None else "rolled"
    events.append(
        Event(
            f"{seat} gains a planet ({why}): {how} on {NEUTRAL[face]} ({face}).",
            "planet",
            {"seat": seat, "face": face},
        )
    )


def deep_space(state: State, seat: str, dice: Dice, events: list[Event]) -> int | None:
    """Exploration, Deep Space: rolled on each new planet; returns a face to place it on, if any."""
    roll = dice.d6(f"deep-space:{seat}")
    player = state["players"][seat]
    events.append(Event(f"Deep Space for {seat}: {roll}, {DEEP_SPACE[roll]}.", "deep-space", {"value": roll}))
    if roll == 2 and option(state, "technology"):
        verb = "rerolls" if player["tech"] is not None else "receives"
        events.append(Event(f"{seat} {verb} a Technology die (developed society).", "technology"))
        roll_technology(state, seat, dice, events)
    elif roll == 3 and player["weapons"]:
        events.append(Event(f"Radiation: {seat} loses every weapon.", "radiation"))
        player["weapons"] = []
    return DEEP_SPACE_PLACES.get(roll)


def roll_technology(state: State, seat: str, dice: Dice, events: list[Event]) -> None:
    """Roll the blue die; Stasis Chambers give a planet when rolled with a cruiser or battleship."""
    player = state["players"][seat]
    player["tech"] = dice.d6(f"tech:{seat}")
    player["tech_taken"] = True
    tech = player["tech"]
    events.append(
        Event(f"{seat}'s Technology die: {tech}, {TECHNOLOGY[tech]}.", "technology", {"value": tech})
    )
    if tech == E.STASIS_CHAMBERS and any(kind in ("cruiser", "battleship") for kind, _, _ in E.units(player)):
        gain_planet(state, seat, dice, events, "Stasis Chambers")


def roll_home(
    state: State, seat: str, dice: Dice, events: list[Event], key: str, *, transporter: bool
) -> None:
    """Roll a black die; a Transporter result gains a planet unless the roll was forced on the player."""
    player = state["players"][seat]
    player["home"] = dice.d6(key)
    face = E.home_face(player)
    events.append(
        Event(
            f"{seat}'s home planet: {player['home']}, {HOME[player['home']]}"
            + (f" ({face})" if HOME[player["home"]] == "trait" else "")
            + ".",
            "home",
            {"seat": seat, "value": player["home"]},
        )
    )
    if face == "transporter":
        if transporter:
            gain_planet(state, seat, dice, events, "home Transporter", fresh=True)
        else:
            events.append(Event("The Transporter has no effect on a forced reroll.", "transporter-void"))


# -- conditions ------------------------------------------------------------------------------------
def holds(ctx: TurnContext, condition: Condition) -> bool:
    """Whether a condition holds now (a condition on a die not rolled yet is false)."""
    state, player = ctx.state, ctx.player
    politics = state["politics"]
    value = condition.value
    subject = condition.subject
    if subject == "weapon":
        if ctx.last_weapon is None or ctx.last_weapon >= len(player["weapons"]):
            return False
        have: int | None = player["weapons"][ctx.last_weapon]
        want = WEAPON_WORDS[value] if not (value.isascii() and value.isdigit()) else int(value)
        return _compare(have, condition.op, want)
    if subject == "home":
        if not (value.isascii() and value.isdigit()):
            inside = home_is(player, value)
            return inside if condition.op == "=" else not inside
        return _compare(player["home"], condition.op, int(value))
    if subject == "tech":
        if player["tech"] is None:
            return False
        want = TECH_WORDS[value] if not (value.isascii() and value.isdigit()) else int(value)
        return _compare(player["tech"], condition.op, want)
    if subject == "power":
        mine = E.attack_power(player)
        if value.isascii() and value.isdigit():
            return _compare(mine, condition.op, int(value))
        if value not in state["players"]:
            return False
        return _compare(mine, condition.op, E.defence_power(state["players"][value]))
    numbers = {
        "resources": lambda: ctx.resources_left,
        "influence": lambda: E.influence(player, politics),
        "planets": lambda: E.planet_count(player),
        "weapons": lambda: len(player["weapons"]),
        "galaxy": lambda: state["galaxy"],
    }
    return _compare(numbers[subject](), condition.op, int(value))


def home_is(player: E.Player, word: str) -> bool:
    """Whether the home die shows the face ``word`` names: the Racial trait counts as the face the
    rules count it as (a Pacal trait is an Influence, a Mors trait a Resource)."""
    if player["home"] in HOME_WORDS[word]:
        return True
    return HOME[player["home"]] == "trait" and RACES[player["race"]].acts_as == HOME_WORD_FACE[word]


def _compare(have: int | None, op: str, want: int) -> bool:
    if have is None:
        return False
    return {
        "<": have < want,
        "<=": have <= want,
        ">": have > want,
        ">=": have >= want,
        "=": have == want,
        "!=": have != want,
    }[op]


def all_hold(ctx: TurnContext, step: Step) -> bool:
    return all(holds(ctx, c) for c in step.conditions)


# -- 1. Construction -------------------------------------------------------------------------------
def construction_phase(ctx: TurnContext, steps: tuple[Step, ...]) -> None:
    """One build or rebuild per active Resource (two with Terraforming); one weapon per planet."""
    state, player, seat = ctx.state, ctx.player, ctx.seat
    if option(state, "politics") and state["politics"] == FLEET_REGULATIONS:
        if steps:
            ctx.say("Fleet Regulations: there is no Construction phase.", "skipped")
        return
    ctx.resources_left = E.resources(player, state["politics"])
    ctx.say(f"{seat} has {ctx.resources_left} resource(s) to spend.", "resources", value=ctx.resources_left)
    for step in steps:
        if not all_hold(ctx, step):
            ctx.say(f"'{step}': the condition does not hold.", "skipped")
            continue
        cost = 2 if step.verb == "tech" or step.arg == "tech" else 1
        if ctx.resources_left < cost:
            ctx.say(f"'{step}': no resource left.", "skipped")
            continue
        if step.verb == "build":
            done = build(ctx)
        elif step.verb == "tech":
            done = take_technology(ctx)
        elif step.arg == "tech":
            done = rebuild_technology(ctx)
        else:
            done = rebuild(ctx, step.arg)
        if done:
            ctx.resources_left -= cost


def build(ctx: TurnContext) -> bool:
    """Construire: take a new red die and roll it at once (fleet maintenance: one weapon per planet)."""
    player = ctx.player
    if len(player["weapons"]) >= E.planet_count(player):
        ctx.say(f"'build': fleet maintenance, {ctx.seat} has one weapon per planet already.", "skipped")
        return False
    player["weapons"].append(0)
    ctx.last_weapon = len(player["weapons"]) - 1
    roll_weapon(ctx, f"build:{ctx.seat}", "builds")
    return True


def rebuild(ctx: TurnContext, face_word: str) -> bool:
    """Reconstruire: reroll one of your red dice (the one last rolled, or one showing that face)."""
    player = ctx.player
    if not face_word:
        if ctx.last_weapon is None or ctx.last_weapon >= len(player["weapons"]):
            ctx.say("'rebuild': no weapon was rolled yet this turn.", "skipped")
            return False
        index = ctx.last_weapon
    else:
        face = WEAPON_WORDS[face_word]
        if face not in player["weapons"]:
            ctx.say(f"'rebuild {face_word}': {ctx.seat} has no {face_word}.", "skipped")
            return False
        index = player["weapons"].index(face)
    ctx.last_weapon = index
    roll_weapon(ctx, f"rebuild:{ctx.seat}", "rebuilds")
    return True


def roll_weapon(ctx: TurnContext, key: str, verb: str) -> None:
    """Roll a red die; a Transporter gains a planet from the galaxy."""
    assert ctx.last_weapon is not None
    face = ctx.dice.d6(key)
    ctx.player["weapons"][ctx.last_weapon] = face
    ctx.say(f"{ctx.seat} {verb} a weapon: {face}, {WEAPON[face]}.", "weapon", value=face)
    if WEAPON[face] == "transporter":
        gain_planet(ctx.state, ctx.seat, ctx.dice, ctx.events, "Transporter", fresh=True)


def take_technology(ctx: TurnContext) -> bool:
    """Technologies: 2 Resources for the blue die, one technology per game."""
    if not option(ctx.state, "technology"):
        ctx.say("'tech': the Technology option is not in play.", "skipped")
        return False
    if ctx.player["tech_taken"]:
        ctx.say("'tech': only one technology per game; write 'rebuild tech' to reroll it.", "skipped")
        return False
    roll_technology(ctx.state, ctx.seat, ctx.dice, ctx.events)
    return True


def rebuild_technology(ctx: TurnContext) -> bool:
    """2 Resources reroll the Technology die."""
    if ctx.player["tech"] is None:
        ctx.say("'rebuild tech': no Technology die to reroll.", "skipped")
        return False
    roll_technology(ctx.state, ctx.seat, ctx.dice, ctx.events)
    return True


# -- 2. Management ---------------------------------------------------------------------------------
def management_phase(ctx: TurnContext, steps: tuple[Step, ...]) -> None:
    """Optional rerolls of planet dice, each die at most once; not planets a Transporter gave this turn."""
    state, player, seat = ctx.state, ctx.player, ctx.seat
    if option(state, "politics") and state["politics"] == PLANETARY_CONSCRIPTION:
        if steps:
            ctx.say("Planetary Conscription: there is no Management phase.", "skipped")
        return
    home_done = False
    for step in steps:
        if not all_hold(ctx, step):
            ctx.say(f"'{step}': the condition does not hold.", "skipped")
            continue
        if step.arg == "home":
            if home_done:
                ctx.say("'reroll home': the home planet was rerolled already this phase.", "skipped")
                continue
            home_done = True
            roll_home(state, seat, ctx.dice, ctx.events, f"reroll:{seat}:home", transporter=True)
            continue
        every = step.arg.startswith("all ")
        faces = PLANET_WORDS[step.arg.removeprefix("all ")]
        chosen = [
            i
            for i, p in enumerate(player["planets"])
            if p["face"] in faces and not p["fresh"] and i not in ctx.rerolled
        ]
        if not chosen:
            ctx.say(f"'{step}': no planet of {seat} may be rerolled for it.", "skipped")
            continue
        for i in chosen if every else chosen[:1]:
            ctx.rerolled.add(i)
            face = ctx.dice.d6(f"reroll:{seat}:planet")
            player["planets"][i]["face"] = face
            ctx.say(f"{seat} rerolls a planet: {face}, {NEUTRAL[face]}.", "reroll", value=face)


# -- 3. Conquest or Vote ---------------------------------------------------------------------------
def leader(state: State, seat: str) -> str | None:
    """The other player with the most planets, then the most Total Power in defence, then the next in turn."""
    order = state["order"]
    start = order.index(seat)
    others = [order[(start + k) % len(order)] for k in range(1, len(order))]
    if not others:
        return None
    players = state["players"]
    return max(
        others,
        key=lambda s: (E.planet_count(players[s]), E.defence_power(players[s]), -others.index(s)),
    )


def possible(ctx: TurnContext, step: Step) -> str:
    """Why a Conquest/Vote choice cannot be played now (``""`` when it can)."""
    state = ctx.state
    politics = state["politics"] if option(state, "politics") else None
    if step.verb in ("attack", "vote", "deflect") and (
        step.arg not in state["players"] or step.arg == ctx.seat
    ):
        return f"{step.arg} is not another player"
    if step.verb == "attack" and politics == CEASEFIRE:
        return "Ceasefire: there is no Conquest"
    if step.verb == "vote" and politics == COUNCIL_CENSURE:
        return "Council Censure: there is no Vote"
    if step.verb == "politics" and not option(state, "politics"):
        return "the Politics option is not in play"
    if step.verb == "deflect" and ctx.player["tech"] != E.SONIC_DEFLECTOR:
        return "no Sonic Deflector"
    return ""


def conquest_or_vote_phase(ctx: TurnContext, orders: Orders) -> dict[str, Any] | None:
    """The first Conquest/Vote line whose conditions hold and that can be played; by default a vote.

    Returns the sealed moment to wait for (Immunity or a vote), or ``None`` when the turn is over.
    """
    chosen: Step | None = None
    for step in orders.conquest:
        if not all_hold(ctx, step):
            ctx.say(f"'{step}': the condition does not hold.", "skipped")
            continue
        why = possible(ctx, step)
        if why:
            ctx.say(f"'{step}': {why}.", "skipped")
            continue
        chosen = step
        break
    if chosen is None:
        target = leader(ctx.state, ctx.seat)
        fallback = Step("vote", target or "")
        if target is None or possible(ctx, fallback):
            ctx.say(f"{ctx.seat} neither attacks nor votes.", "pass")
            return None
        ctx.say(f"{ctx.seat} chose no Conquest or Vote: a vote is called on the leader, {target}.", "default")
        chosen = fallback
    if chosen.verb == "attack":
        return attack(ctx, chosen.arg, orders.rewards)
    if chosen.verb == "vote":
        pending = call_vote(ctx, chosen.arg)
        if ctx.skip_idle_rounds:
            why = vote_is_decided(ctx.state, pending)
            if why:
                ctx.say(f"The ballots are not asked: {why}.", "vote-not-asked")
                count_vote(ctx.state, pending, {}, ctx.events, asked=False)
                return None
        return pending
    if chosen.verb == "politics":
        roll_politics(ctx)
        return None
    sonic_deflector(ctx, chosen.arg)
    return None


def attack(ctx: TurnContext, defender: str, rewards: tuple[Reward, ...]) -> dict[str, Any] | None:
    """La Conquête: Unknown Sectors (Exploration), then Immunity, then the battle."""
    state, seat = ctx.state, ctx.seat
    ctx.say(f"{seat} attacks {defender}.", "attack", defender=defender)
    battle_state = {
        "kind": "immunity",
        "attacker": seat,
        "defender": defender,
        "rewards": [[r.kind, list(r.faces)] for r in rewards],
        "storm": False,
        "nebula": False,
    }
    if option(state, "exploration"):
        sector = unknown_sectors(ctx, battle_state)
        if sector == "supernova":
            return None
    if immunity_applies(state, seat, defender):
        if ctx.skip_idle_rounds and not attack_can_win(state, battle_state):
            ctx.say(
                f"{defender} has more Influence than {seat}, but the attack cannot win: "
                "Immunity is not asked (cancelled or fought, nothing would change).",
                "immunity-not-asked",
            )
            battle(state, battle_state, ctx.dice, ctx.events)
            return None
        ctx.say(
            f"{defender} has more Influence than {seat} and may cancel the attack (Immunity).",
            "immunity-asked",
        )
        return battle_state
    battle(state, battle_state, ctx.dice, ctx.events)
    return None


def unknown_sectors(ctx: TurnContext, battle_state: dict[str, Any]) -> str:
    """Exploration, Unknown Sectors: rolled before every attack; the attack must then be resolved."""
    roll = ctx.dice.d6(f"unknown-sectors:{ctx.seat}")
    name = UNKNOWN_SECTORS[roll]
    ctx.say(f"Unknown Sectors: {roll}, {name}.", "unknown-sectors", value=roll)
    if name == "wormhole":
        ctx.state["again"] = True
        ctx.say(f"{ctx.seat} will play again at the end of this turn.", "wormhole")
    elif name == "asteroids":
        lose_weapon(ctx.state, ctx.seat, ctx.events, "Asteroids")
    elif name == "nebula":
        battle_state["nebula"] = True
    elif name == "supernova":
        ctx.say(f"Supernova: {ctx.seat}'s turn ends at once.", "supernova")
    elif name == "electromagnetic storm":
        battle_state["storm"] = True
    return name


def immunity_applies(state: State, attacker: str, defender: str) -> bool:
    """Immunité: the defender may cancel the attack when it has more Influence than the attacker."""
    politics = state["politics"] if option(state, "politics") else None
    players = state["players"]
    return E.influence(players[defender], politics) > E.influence(players[attacker], politics)


def attack_power_against(state: State, battle_state: dict[str, Any]) -> tuple[int, int]:
    """(Total Power in attack, Total Power in defence) of a declared attack, Unknown Sectors included."""
    players = state["players"]
    storm = bool(battle_state["storm"])
    power = E.attack_power(players[battle_state["attacker"]], storm)
    guard = E.defence_power(players[battle_state["defender"]], storm) + (2 if battle_state["nebula"] else 0)
    return power, guard


def attack_can_win(state: State, battle_state: dict[str, Any]) -> bool:
    """Whether the battle could be won: nothing rolled between Immunity and the battle changes it."""
    power, guard = attack_power_against(state, battle_state)
    return power > guard


def battle(state: State, battle_state: dict[str, Any], dice: Dice, events: list[Event]) -> bool:
    """Total Power in attack against Total Power in defence: the attacker wins only if greater."""
    attacker, defender = battle_state["attacker"], battle_state["defender"]
    power, guard = attack_power_against(state, battle_state)
    won = power > guard
    events.append(
        Event(
            f"Battle: {attacker} {power} in attack against {defender} {guard} in defence: "
            + (f"{attacker} wins." if won else f"{defender} holds."),
            "battle",
            {"attacker": attacker, "defender": defender, "attack": power, "defence": guard, "won": won},
        )
    )
    if won:
        reward = [Reward(kind, tuple(faces)) for kind, faces in battle_state["rewards"]]
        winners_choice(state, attacker, defender, reward, dice, events)
    return won


def winners_choice(
    state: State, attacker: str, defender: str, rewards: list[Reward], dice: Dice, events: list[Event]
) -> None:
    """The first of the attacker's written choices that can be made; then invade, destroy, pressure."""
    for reward in [*rewards, Reward("invade"), Reward("destroy"), Reward("pressure")]:
        if reward.kind == "invade" and invasion(state, attacker, defender, reward.faces, dice, events):
            return
        if reward.kind == "destroy" and destruction(state, attacker, defender, reward.faces, events):
            return
        if reward.kind == "pressure":
            diplomatic_pressure(state, attacker, defender, dice, events)
            return


def invasion(
    state: State, attacker: str, defender: str, faces: tuple[str, ...], dice: Dice, events: list[Event]
) -> bool:
    """Invasion: capture one of the defender's white dice, roll it and place it; fleet maintenance."""
    planets = state["players"][defender]["planets"]
    for word in faces or INVADE_PREFERENCE:
        index = next((i for i, p in enumerate(planets) if p["face"] in PLANET_WORDS[word]), None)
        if index is None:
            continue
        taken = planets.pop(index)
        events.append(
            Event(
                f"Invasion: {attacker} captures {defender}'s planet on {NEUTRAL[taken['face']]}.",
                "invasion",
                {"attacker": attacker, "defender": defender},
            )
        )
        place_new_planet(state, attacker, dice, events, f"invaded from {defender}")
        fleet_maintenance(state, defender, events)
        return True
    return False


def destruction(
    state: State, attacker: str, defender: str, faces: tuple[str, ...], events: list[Event]
) -> bool:
    """Destruction: the attacker removes one of the defender's red dice."""
    weapons = state["players"][defender]["weapons"]
    wanted = [WEAPON_WORDS[f] for f in faces] if faces else list(DESTROY_PREFERENCE)
    for face in wanted:
        if face in weapons:
            weapons.remove(face)
            events.append(
                Event(f"Destruction: {attacker} destroys {defender}'s {WEAPON[face]}.", "destruction")
            )
            return True
    return False


def diplomatic_pressure(state: State, attacker: str, defender: str, dice: Dice, events: list[Event]) -> None:
    """Pression Diplomatique: the defender rerolls its home planet at once (a Transporter does nothing)."""
    events.append(Event(f"Diplomatic Pressure: {attacker} forces {defender} to reroll its home.", "pressure"))
    roll_home(state, defender, dice, events, f"pressure:{defender}", transporter=False)


def fleet_maintenance(state: State, seat: str, events: list[Event]) -> None:
    """One weapon per planet: weapons beyond it are lost, by the owner's sacrifice order."""
    player = state["players"][seat]
    while len(player["weapons"]) > E.planet_count(player):
        lose_weapon(state, seat, events, "fleet maintenance")


def lose_weapon(state: State, seat: str, events: list[Event], why: str) -> None:
    """The player loses a weapon of their choice (their standing sacrifice order)."""
    player = state["players"][seat]
    face = E.weapon_to_lose(player)
    if face is None:
        events.append(Event(f"{why}: {seat} has no weapon to lose.", "no-weapon"))
        return
    player["weapons"].remove(face)
    events.append(
        Event(f"{why}: {seat} loses a {WEAPON[face]}.", "weapon-lost", {"seat": seat, "face": face})
    )


def call_vote(ctx: TurnContext, target: str) -> dict[str, Any]:
    """Le Vote: choose a player; every player votes; on a majority the target loses a weapon."""
    ctx.say(f"{ctx.seat} calls a vote: shall {target} lose a weapon?", "vote-called", target=target)
    return {"kind": "vote", "proposer": ctx.seat, "target": target}


def vote_is_decided(state: State, pending: dict[str, Any]) -> str:
    """Why no ballot can change what a vote does (``""`` when ballots matter).

    A target with no weapon loses nothing whether the vote passes or fails; a proposer who holds
    more than half of all the votes passes it alone. Both are public facts of the templates.
    """
    politics = state["politics"] if option(state, "politics") else None
    players = state["players"]
    target, proposer = pending["target"], pending["proposer"]
    if not players[target]["weapons"]:
        return f"{target} has no weapon to lose, so the vote changes nothing"
    own = E.votes(players[proposer], politics)
    total = sum(E.votes(players[s], politics) for s in state["order"])
    if 2 * own > total:
        return f"{proposer}'s own {own} of {total} votes pass it"
    return ""


def count_vote(
    state: State,
    pending: dict[str, Any],
    ballots: dict[str, str],
    events: list[Event],
    *,
    asked: bool = True,
) -> bool:
    """One vote per player plus one per active Influence; more than half of all votes passes.

    The player who called the vote votes for it; ``ballots`` holds every other player's answer.
    ``asked``: whether the ballots were asked; when not (:func:`vote_is_decided`), only the
    proposer's votes are counted and the others are shown as not asked: the result is the same.
    """
    politics = state["politics"] if option(state, "politics") else None
    players = state["players"]
    proposer, target = pending["proposer"], pending["target"]
    weight = {seat: E.votes(players[seat], politics) for seat in state["order"]}
    cast = {seat: ("for" if seat == proposer else ballots.get(seat, "against")) for seat in state["order"]}
    if not asked:
        cast = {seat: ("for" if seat == proposer else "not asked") for seat in state["order"]}
    yes = sum(weight[s] for s in state["order"] if cast[s] == "for")
    total = sum(weight.values())
    passed = 2 * yes > total
    detail = ", ".join(f"{s} {cast[s]} ({weight[s]})" for s in state["order"])
    events.append(
        Event(
            f"The vote on {target}: {yes} of {total} votes for ({detail}): "
            + ("it passes." if passed else "it fails."),
            "vote",
            {"target": target, "for": yes, "total": total, "passed": passed},
        )
    )
    if passed:
        lose_weapon(state, target, events, "The vote")
    return passed


def roll_politics(ctx: TurnContext) -> None:
    """La politique: skip Conquest/Vote to roll the shared die; its result stays until rerolled."""
    roll = ctx.dice.d6("politics")
    ctx.state["politics"] = roll
    ctx.say(f"{ctx.seat} rolls the Politics die: {roll}, {POLITICS[roll]}.", "politics", value=roll)


def sonic_deflector(ctx: TurnContext, target: str) -> None:
    """Sonic Deflector: skip Conquest/Vote to reroll an opponent's home die (a Transporter does nothing)."""
    ctx.say(f"{ctx.seat}'s Sonic Deflector forces {target} to reroll its home.", "deflector")
    roll_home(ctx.state, target, ctx.dice, ctx.events, f"deflect:{target}", transporter=False)
