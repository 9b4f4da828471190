"""Both captains in command: the enemy's standing fire orders (hold fire per ship, target
priorities, fire at will), his live reaction after your movement (option reactions=live), and his
drift choice given in advance or when asked (drift ask)."""

from __future__ import annotations

from typing import Any

from far_side_helpers import GAME, board, play, problems, request, said

from adjudicator.games.dice import Dice

CALM = {"wind:white": 2, "wind:red": 2}
ENGAGED = {"engaged": "long"}


def attackers(dice: Any) -> set[str]:
    return {r.key.split(":")[1] for r in dice.log if r.key.startswith("attack:")}


def fight() -> dict[str, Any]:
    """B1 and B3 engaged with F1 and F2, all within each other's range."""
    return board(
        {"B1": "d4", "B3": "e4", "F1": "d6", "F2": "e6"}, B1=ENGAGED, B3=ENGAGED, F1=ENGAGED, F2=ENGAGED
    )


# -- 13 SIMULTANEOUS ATTACK: the enemy's standing fire orders ---------------------------------
def test_step_13_standing_fire_return_fire_engaged_ships_fire_back_at_their_attacker() -> None:
    _, _, dice = play(fight(), "anchor\nfire B1 at F1", CALM)
    # F2 was not attacked: the nearest (B1 and B3 both 2 squares away), then the weaker hull: B3
    assert attackers(dice) == {"B1-F1", "F1-B1", "F2-B3"}


def test_step_13_standing_hold_fire_for_one_ship_only() -> None:
    _, _, dice = play(fight(), "anchor\nfire B1 at F1", CALM, standing="hold fire F2")
    assert "F1-B1" in attackers(dice) and not any(a.startswith("F2-") for a in attackers(dice))


def test_step_13_standing_hold_fire_for_the_whole_fleet() -> None:
    _, _, dice = play(fight(), "anchor\nfire B1 at F1", CALM, standing="hold fire")
    assert attackers(dice) == {"B1-F1"}


def test_step_13_standing_target_priority_beats_the_attacker_and_the_nearest() -> None:
    _, _, dice = play(fight(), "anchor\nfire B1 at F1", CALM, standing="priority F1 B3 B1")
    assert "F1-B3" in attackers(dice) and "F1-B1" not in attackers(dice)


def test_step_13_standing_fire_at_will_a_ship_not_engaged_fires_at_a_fair_target() -> None:
    state = board({"B1": "d4", "F1": "d6", "F5": "b4"}, B1=ENGAGED, F1=ENGAGED)
    _, _, dice = play(state, "anchor", CALM)
    assert attackers(dice) == {"F1-B1"}  # return fire: F5 is not engaged and was not attacked
    state = board({"B1": "d4", "F1": "d6", "F5": "b4"}, B1=ENGAGED, F1=ENGAGED)
    state, events, dice = play(state, "anchor", CALM, standing="fire at will")
    assert attackers(dice) == {"F1-B1", "F5-B1"} and state["ships"]["F5"]["engaged"] == "long"
    assert said(events, "The French standing orders now: fire at will")


def test_standing_fire_orders_canonical_forms_and_problems() -> None:
    state = fight()
    req = request(state, "standing")
    text = "fire at will\nhold fire F2\npriority F1 B3 B1\ndrift ask"
    parsed = GAME.parse(req, text)
    assert parsed.ok and GAME.canonical(req, parsed.orders) == (
        "drift ask\nfire at will\nhold fire F2\npriority F1 B3 B1\n"
    )
    turn = GAME.parse(request(state), "anchor\nstanding fire at will\nhold fire none\npriority B1 none")
    assert turn.ok and turn.orders.standing.fire == "will" and turn.orders.standing.hold == []
    assert not turn.orders.fire_at_will  # "standing fire at will" is not this turn's attack
    bad = GAME.parse(req, "fire F1 at B1").problems
    assert bad and "standing fire orders" in bad[0].message
    assert problems(state, "priority B1 F9")


# -- 1 DRIFT & TIDES: the enemy's choice, in advance or when asked ----------------------------
def test_step_01_drift_given_in_advance_selects_the_first_listed_ship_afloat() -> None:
    state = board({"B1": "d4", "B3": "b4", "F1": "d6"}, B1=ENGAGED, F1=ENGAGED)
    state, events, _ = play(
        state, "anchor", {**CALM, "drift:white": 5, "drift:red": 3}, standing="drift B3 B1"
    )
    assert state["ships"]["B3"]["square"] == "a4" and said(events, "B3 is picked to drift")


def test_step_01_drift_ask_the_enemy_is_asked_before_the_turn_and_his_answer_is_a_real_choice() -> None:
    state = board({"B1": "d4", "B3": "b4", "F1": "d6"}, B1=ENGAGED, F1=ENGAGED)
    state["standing"]["french"]["drift"] = "ask"
    reqs = GAME.requests(state)
    assert [(r.key, r.optional) for r in reqs] == [("drift:french", False)]
    assert GAME.label(state) == "Turn 1, British: the French choice of drift"
    assert "B1 B3" in reqs[0].prompt and reqs[0].default == "drift ignore\n"
    drift = GAME.parse(reqs[0], "drift B1")
    assert drift.ok and not GAME.check(state, reqs[0], drift.orders)
    # the French pick B1; white 5 (right as the British see it: west), red 3 (no change)
    state, events = GAME.resolve(
        state, {"drift:french": drift.orders}, Dice(b"t", pins={"drift:white": 5, "drift:red": 3})
    )
    assert state["ships"]["B1"]["square"] == "c4" and said(events, "B1 is picked to drift")
    assert [r.key for r in GAME.requests(state)] == ["turn:british", "standing:french"]
    state, events, dice = play(state, "anchor", CALM)
    assert not any(r.key.startswith("drift") for r in dice.log)  # step 1 was played before the turn
    assert state["active"] == "french"


def test_step_01_drift_ask_is_not_asked_without_engagement_tokens() -> None:
    state = board({"B1": "d4", "F1": "d8"})
    state["standing"]["french"]["drift"] = "ask"
    assert [r.key for r in GAME.requests(state)] == ["turn:british", "standing:french"]


# -- live reactions (option reactions=live) ---------------------------------------------------
def live(state: dict[str, Any]) -> dict[str, Any]:
    state["options"]["reactions"] = "live"
    return state


def test_live_reaction_after_movement_the_enemy_is_asked_how_his_ships_fire() -> None:
    state = live(fight())
    state, events, dice = play(state, "sail B3 f5", {"wind:white": 4, "wind:red": 2})
    assert state["pending"]["stage"] == "reaction" and not attackers(dice)
    reqs = GAME.requests(state)
    assert [(r.key, r.seat, r.optional) for r in reqs] == [
        ("attack:british", "british", False),
        ("reaction:french", "french", False),
    ]
    assert GAME.label(state) == "Turn 1, British: the French reaction"
    assert said(events, "the British for their attacks and the French how their ships fire")
    attack = GAME.parse(reqs[0], "fire B1 at F1")
    assert attack.ok and not GAME.check(state, reqs[0], attack.orders)
    reaction = GAME.parse(reqs[1], "fire F1 at B3\nhold fire F2")
    assert reaction.ok and not GAME.check(state, reqs[1], reaction.orders)
    dice = Dice(b"r")
    state, events = GAME.resolve(
        state, {"attack:british": attack.orders, "reaction:french": reaction.orders}, dice
    )
    assert attackers(dice) == {"B1-F1", "F1-B3"}  # F1 as the reaction says, F2 holds fire
    assert state["active"] == "french" and state["pending"] is None
    assert state["standing"]["french"]["hold"] == []  # a reaction is for this round only


def test_live_reaction_missing_answer_falls_back_to_the_standing_fire_orders() -> None:
    state = live(fight())
    state["standing"]["french"]["fire"] = "hold"
    state, _, _ = play(state, "anchor", CALM)
    req = GAME.requests(state)[1]
    assert req.key == "reaction:french" and req.default == ""
    dice = Dice(b"r")
    state, _ = GAME.resolve(state, {}, dice)
    assert state["active"] == "french"
    fired = attackers(dice)  # the British default: fire at will; the French hold, as standing
    assert {a.split("-")[0] for a in fired} == {"B1", "B3"}


def test_live_reaction_only_the_side_with_a_ship_in_range_is_asked() -> None:
    """Who is asked in the round follows the public position: the British B1 (class 4) reaches F8
    (class 1) three squares away; F8 reaches nothing."""
    state = live(board({"B1": "d4", "F8": "d8"}, B1={"engaged": "long"}, F8={"engaged": "long"}))
    state, _, _ = play(state, "anchor", CALM)
    assert [r.key for r in GAME.requests(state)] == ["attack:british"]
    assert GAME.label(state) == "Turn 1, British: the British attacks"


def test_live_reaction_not_asked_when_no_enemy_ship_could_fire() -> None:
    state = live(board({"B1": "d4", "F1": "d8"}))
    state, _, _ = play(state, "anchor", CALM)
    assert state["pending"] is None and state["active"] == "french"
