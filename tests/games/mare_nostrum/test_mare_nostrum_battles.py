"""Tactical battles by dice, Sacred Guard, war priests, exhausted armies, armies never merge, contests."""

from __future__ import annotations

from mare_nostrum_helpers import army, give, new_game, play, texts, win

from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum.battle import Fighter, break_point, tactical_battle


def test_dice_battle_side_breaks_after_losing_a_third_of_its_elements() -> None:
    assert break_point(12) == 4
    assert break_point(13) == 5
    dice = Dice(b"x", pins={"battle:Gallia:1:rome": [6, 6, 6, 6], "battle:Gallia:1:carthage": [1, 1, 1, 1]})
    report = tactical_battle(
        dice, "battle:Gallia:1", Fighter("rome", "rome:A1"), Fighter("carthage", "carthage:A1")
    )
    assert report.winner.nation == "rome" and report.rounds == 4 and report.loser.lost == 4


def test_dice_battle_equal_rolls_lose_nothing() -> None:
    dice = Dice(
        b"x", pins={"battle:Gallia:1:rome": [3, 6, 6, 6, 6], "battle:Gallia:1:carthage": [3, 1, 1, 1, 1]}
    )
    report = tactical_battle(
        dice, "battle:Gallia:1", Fighter("rome", "rome:A1"), Fighter("carthage", "carthage:A1")
    )
    assert report.rounds == 5


def test_sacred_guard_gives_thirteen_elements_in_the_home_province() -> None:
    # carthage wins rounds 1-4: that breaks 12 elements, but at home rome has 13 (breaks at 5)
    rome = [1, 1, 1, 1, 6, 6, 6, 6, 6]
    carthage = [6, 6, 6, 6, 1, 1, 1, 1, 1]
    state = new_game()
    army(state, "rome", 1, "Latium")
    give(state, "Etruria", "carthage")
    army(state, "carthage", 2, "Etruria")
    pins = {"battle:Latium:1:rome": rome, "battle:Latium:1:carthage": carthage}
    state, events, _ = play(state, {"carthage": "A2 move Latium"}, pins)
    assert "rome:A1" in state["units"] and "carthage:A2" not in state["units"]
    assert "(13)" in texts(events)


def test_sacred_guard_does_not_fight_away_from_home() -> None:
    rome = [1, 1, 1, 1, 6]
    carthage = [6, 6, 6, 6, 1]
    state = new_game()
    give(state, "Etruria", "rome")
    army(state, "rome", 1, "Etruria")
    give(state, "Picenum", "carthage")
    army(state, "carthage", 2, "Picenum")
    pins = {"battle:Etruria:1:rome": rome, "battle:Etruria:1:carthage": carthage}
    state, _, _ = play(state, {"carthage": "A2 move Etruria"}, pins)
    assert "rome:A1" not in state["units"]
    assert state["provinces"]["Etruria"]["owner"] == "carthage"


def test_war_priest_adds_one_when_enough_then_is_lost() -> None:
    dice = Dice(b"x", pins={"battle:G:1:rome": [3, 6, 6, 6, 6], "battle:G:1:carthage": [4, 1, 1, 1, 1]})
    rome = Fighter("rome", "rome:A1", priest=True)
    carthage = Fighter("carthage", "carthage:A1")
    report = tactical_battle(dice, "battle:G:1", rome, carthage)
    assert rome.priest_used and not rome.priest
    assert rome.lost == 0  # 3+1 ties 4: no loss
    assert report.winner is rome
    assert not [r for r in dice.log if r.key.startswith("priest")]


def test_war_priest_rerolls_when_one_is_not_enough() -> None:
    dice = Dice(
        b"x",
        pins={
            "battle:G:1:rome": [1, 6, 6, 6, 6],
            "battle:G:1:carthage": [5, 1, 1, 1, 1],
            "priest:G:1:rome": 6,
        },
    )
    rome = Fighter("rome", "rome:A1", priest=True)
    report = tactical_battle(dice, "battle:G:1", rome, Fighter("carthage", "carthage:A1"))
    assert [r.key for r in dice.log if r.key.startswith("priest")] == ["priest:G:1:rome"]
    assert report.loser.lost == 4 and rome.lost == 0


def test_war_priest_is_lost_after_use_in_a_battle_of_the_game() -> None:
    state = new_game()
    give(state, "Etruria", "rome")
    army(state, "rome", 1, "Etruria", priest=True)
    give(state, "Picenum", "carthage")
    army(state, "carthage", 2, "Picenum")
    pins = {"battle:Etruria:1:rome": [1, 6, 6, 6, 6], "battle:Etruria:1:carthage": [2, 1, 1, 1, 1]}
    state, events, _ = play(state, {"carthage": "A2 move Etruria"}, pins)
    assert state["units"]["rome:A1"]["priest"] is False
    assert "war priest of Rome army A1 is spent" in texts(events)


# ----------------------------------------------------------------------------- 5. exhausted armies


def _exhausted_rome_attacked(home: bool = False) -> dict:
    state = new_game()
    where = "Latium" if home else "Etruria"
    give(state, where, "rome")
    give(state, "Cisalpina", "rome")
    army(state, "rome", 1, where, exhausted=1, exhausted_turn=1)
    give(state, "Picenum", "carthage")
    army(state, "carthage", 2, "Picenum")
    return state


def test_exhausted_army_attacked_is_destroyed_on_one_to_three() -> None:
    state = _exhausted_rome_attacked()
    state, _events, dice = play(state, {"carthage": "A2 move Etruria"}, {"exhausted:Etruria:rome:A1": 3})
    assert "rome:A1" not in state["units"]
    assert state["provinces"]["Etruria"]["owner"] == "carthage"
    assert not [r for r in dice.log if r.key.startswith("battle")]


def test_exhausted_army_attacked_retreats_with_exhausted_ii_on_four_or_five() -> None:
    state = _exhausted_rome_attacked()
    state, _, _ = play(state, {"carthage": "A2 move Etruria"}, {"exhausted:Etruria:rome:A1": 4})
    unit = state["units"]["rome:A1"]
    assert unit["at"] == "Cisalpina" and unit["exhausted"] == 2


def test_exhausted_army_attacked_fights_normally_on_six() -> None:
    state = _exhausted_rome_attacked()
    pins = {"exhausted:Etruria:rome:A1": 6, **win("rome", "carthage", "battle:Etruria:1")}
    state, _, _ = play(state, {"carthage": "A2 move Etruria"}, pins)
    assert "rome:A1" in state["units"] and "carthage:A2" not in state["units"]


def test_exhausted_army_adds_one_to_its_reaction_in_its_home_province() -> None:
    state = _exhausted_rome_attacked(home=True)
    pins = {"exhausted:Latium:rome:A1": 5, **win("rome", "carthage", "battle:Latium:1")}
    state, events, _ = play(state, {"carthage": "A2 move Latium"}, pins)
    assert "rome:A1" in state["units"]
    assert "reaction d6 5+1 -> fight" in texts(events)


def test_exhausted_army_cannot_move() -> None:
    state = _exhausted_rome_attacked()
    state, _, _ = play(state, {"rome": "A1 move Cisalpina"}, check=False)
    assert state["units"]["rome:A1"]["at"] == "Etruria"


def test_exhausted_marker_lasts_through_the_next_turn_and_is_then_removed() -> None:
    state = new_game()
    give(state, "Narbonensis", "rome")
    army(state, "rome", 1, "Narbonensis")
    state, _, _ = play(state, {"rome": "A1 move Gallia"}, {"invasion:Gallia": 1})
    assert state["units"]["rome:A1"]["exhausted"] == 1  # turn 1: repulsed
    state, _, _ = play(state, {})
    assert state["units"]["rome:A1"]["exhausted"] == 0  # removed at the end of turn 2


# ----------------------------------------------------------------------------- 6. armies never merge


def test_armies_never_merge_an_invader_fights_two_armies_one_after_the_other() -> None:
    state = new_game()
    army(state, "carthage", 1, "Emporia")
    army(state, "carthage", 2, "Emporia")
    give(state, "Tripolitania", "rome")
    army(state, "rome", 3, "Tripolitania")
    pins = {**win("rome", "carthage", "battle:Emporia:1"), **win("carthage", "rome", "battle:Emporia:2")}
    state, events, _ = play(state, {"rome": "A3 move Emporia"}, pins)
    assert "carthage:A1" not in state["units"]  # first battle: A1 fights first by default and loses
    assert "carthage:A2" in state["units"] and "rome:A3" not in state["units"]
    assert texts(events).count("Battle of Emporia") == 2


def test_the_defender_chooses_which_army_fights_first() -> None:
    state = new_game()
    army(state, "carthage", 1, "Emporia")
    army(state, "carthage", 2, "Emporia")
    give(state, "Tripolitania", "rome")
    army(state, "rome", 3, "Tripolitania")
    pins = {**win("rome", "carthage", "battle:Emporia:1"), **win("carthage", "rome", "battle:Emporia:2")}
    state, _, _ = play(state, {"rome": "A3 move Emporia", "carthage": "battle order A2 A1"}, pins)
    assert "carthage:A2" not in state["units"] and "carthage:A1" in state["units"]


# ----------------------------------------------------------------------------- 7. contested provinces


def test_contested_pannonia_the_books_example_a_meets_b_and_the_winner_meets_c() -> None:
    """Book: A rolls 2, B rolls 1, C rolls 5 in Pannonia: A fights B, the winner fights C."""
    state = new_game()
    a, b, c = "rome", "carthage", "macedon"
    give(state, "Noricum", a)
    army(state, a, 1, "Noricum")
    give(state, "Dalmatia", b)
    army(state, b, 1, "Dalmatia")
    give(state, "Moesia", c)
    army(state, c, 1, "Moesia")
    pins = {
        f"contest:Pannonia:{a}": 2,
        f"contest:Pannonia:{b}": 1,
        f"contest:Pannonia:{c}": 5,
        # battle 1: B against A, A wins; battle 2: A against C, C wins
        **win(a, b, "battle:Pannonia:1"),
        **win(c, a, "battle:Pannonia:2"),
        "invasion:Pannonia": 10,
    }
    orders = {a: "A1 move Pannonia", b: "A1 move Pannonia", c: "A1 move Pannonia"}
    state, events, dice = play(state, orders, pins)
    battles = [e for e in events if e.kind == "battle"]
    assert [e.data["loser"] for e in battles] == [f"{b}:A1", f"{a}:A1"]
    assert [e.data["winner"] for e in battles] == [f"{a}:A1", f"{c}:A1"]
    # Pannonia is independent: the winner then rolls on the invasion table
    keys = [r.key for r in dice.log]
    assert keys.index("invasion:Pannonia") > keys.index(f"battle:Pannonia:2:{c}")
    # the book's "d100" on the invasion table is read as the table's d10
    assert [r.sides for r in dice.log if r.key == "invasion:Pannonia"] == [10]
    assert state["provinces"]["Pannonia"]["owner"] == c
    assert "order of battles by d6 (Carthage 1, Rome 2, Macedon 5)" in texts(events)


def test_contested_independent_province_winner_still_fails_on_a_low_invasion_roll() -> None:
    state = new_game()
    give(state, "Noricum", "rome")
    army(state, "rome", 1, "Noricum")
    give(state, "Dalmatia", "carthage")
    army(state, "carthage", 1, "Dalmatia")
    pins = {**win("rome", "carthage", "battle:Pannonia:1"), "invasion:Pannonia": 3}
    state, _, _ = play(state, {"rome": "A1 move Pannonia", "carthage": "A1 move Pannonia"}, pins)
    assert state["provinces"]["Pannonia"]["owner"] is None
    assert state["units"]["rome:A1"]["at"] == "Noricum" and state["units"]["rome:A1"]["exhausted"] == 1


def test_contest_ties_are_rolled_again_between_the_tied_players() -> None:
    state = new_game()
    for seat, where in (("rome", "Noricum"), ("carthage", "Dalmatia"), ("macedon", "Moesia")):
        give(state, where, seat)
        army(state, seat, 1, where)
    pins = {
        "contest:Pannonia:rome": [3, 6],
        "contest:Pannonia:carthage": [3, 2],
        "contest:Pannonia:macedon": 1,
    }
    orders = {s: "A1 move Pannonia" for s in ("rome", "carthage", "macedon")}
    _, events, dice = play(state, orders, pins)
    contest = next(e for e in events if e.kind == "contest")
    assert contest.data["order"] == ["macedon", "carthage", "rome"]
    assert len([r for r in dice.log if r.key.startswith("contest")]) == 5


def test_armies_that_swap_provinces_pass_each_other_without_battle() -> None:
    state = new_game()
    give(state, "Etruria", "rome")
    army(state, "rome", 1, "Etruria")
    give(state, "Picenum", "carthage")
    army(state, "carthage", 1, "Picenum")
    state, _, dice = play(state, {"rome": "A1 move Picenum", "carthage": "A1 move Etruria"})
    assert not [r for r in dice.log if r.key.startswith("battle")]
    assert state["provinces"]["Picenum"]["owner"] == "rome"
    assert state["provinces"]["Etruria"]["owner"] == "carthage"


def test_exhausted_army_that_rallied_fights_a_second_army_without_rolling_again() -> None:
    state = _exhausted_rome_attacked()
    give(state, "Liguria", "carthage")
    army(state, "carthage", 3, "Liguria")
    pins = {
        "exhausted:Etruria:rome:A1": 6,
        **win("rome", "carthage", "battle:Etruria:1"),
        **win("rome", "carthage", "battle:Etruria:2"),
    }
    state, _, dice = play(state, {"carthage": "A2 move Etruria\nA3 move Etruria"}, pins)
    assert "rome:A1" in state["units"]
    assert not [k for k in state["units"] if k.startswith("carthage:")]
    assert [r.label for r in dice.log if r.key.startswith("exhausted")] == ["exhausted:Etruria:rome:A1"]
