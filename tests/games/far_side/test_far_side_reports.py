"""Traps and reports: BRD lent to repairs fights the boarding without it (the book), with a warning
in the acknowledgement; damage lines name the skill; every boarding round is reported."""

from __future__ import annotations

from far_side_helpers import GAME, board, play, problems, request, said, texts

CALM = {"wind:white": 2, "wind:red": 2}


def grappled_french_turn() -> dict:
    state = board({"B1": "d4", "F3": "d5"}, active="french", B1={"engaged": "short"}, F3={"engaged": "short"})
    state["grapples"] = [["B1", "F3"]]
    return state


# -- 7 REPAIRS & DAMAGE CONTROL / 28 BOARD -------------------------------------------------------
def test_step_07_levels_lent_to_repairs_count_in_the_boarding_and_can_lose_it_before_the_first_round() -> (
    None
):
    """ "You may temporarily reduce one or more skills": F3 (class 3) lends 3 BRD to pump: BRD -3 is
    "as negative as its ship class is positive", so it is captured after 0 rounds."""
    state = grappled_french_turn()
    state, events, _ = play(state, "anchor\nrepair F3 pumps 3 from brd 3", {**CALM, "pumps:F3:1": 4})
    assert said(events, "F3 boards") is False and said(events, "B1 boards F3! BRD +0 against -3")
    assert said(events, "Hand-to-hand after 0 round(s)") and state["ships"]["F3"]["status"] == "captured"


def test_step_07_warning_in_the_acknowledgement_when_a_grappled_ship_lends_its_boarding_skill() -> None:
    state = grappled_french_turn()
    found = problems(state, "anchor\nrepair F3 pumps 3 from brd 3")
    assert [(p.kind, p.line, p.rule) for p in found] == [("warning", 2, "28 Board")]
    assert "F3 is grappled with B1" in found[0].message and "before the first round" in found[0].message
    assert "lend SEA, GUN or AIM" in found[0].suggestion
    mild = problems(state, "anchor\nrepair F3 pumps 1 from brd 1")
    assert [p.kind for p in mild] == ["warning"] and "BRD -1" in mild[0].message
    assert problems(state, "anchor\nrepair F3 pumps 1 from gun 1") == []


def test_step_26_warning_when_a_ship_ordered_to_grapple_lends_its_boarding_skill() -> None:
    state = board({"B1": "d4", "F3": "d5"}, B1={"engaged": "short"}, F3={"engaged": "short"})
    found = problems(state, "anchor\nfire B1 at F3\ngrapple B1 at F3\nrepair B1 rigging 1 from brd 1")
    assert [(p.kind, p.line) for p in found] == [("warning", 4)] and "ordered to grapple" in found[0].message
    parsed = GAME.parse(request(state), "anchor\nrepair B1 rigging 1 from brd 1")
    assert GAME.check(state, request(state), parsed.orders) == []  # not grappled: no warning


# -- 23 DAMAGE DISTRIBUTION and 28 BOARD reports -------------------------------------------------
def test_step_23_damage_lines_name_the_skill_lost() -> None:
    state = board({"B1": "d4", "F1": "d5"}, B1={"engaged": "short"}, F1={"engaged": "short"})
    pins = {
        **CALM,
        "tact:B1-F1:white": 1,
        "tact:B1-F1:red": 6,
        **{f"attack:B1-F1:{k}": 6 for k in range(1, 9)},
        "attack:B1-F1:1": 1,
        "attack:B1-F1:2": 1,
        "blunder:B1-F1": 6,
        "damage:B1-F1:1": 3,
        "damage:B1-F1:1:skill": 4,
        "damage:B1-F1:2": 1,
        "grapeshot:B1-F1:1": 6,
        "heated:B1-F1:1": 6,
        "heated:B1-F1:2": 6,
    }
    _, events, _ = play(state, "anchor\nfire B1 at F1", pins, standing="hold fire")
    assert said(events, "2 DAMAGE on F1 (short row): S (MOR), H.")


def test_step_28_each_boarding_round_is_reported_with_the_skills_lost() -> None:
    state = grappled_french_turn()
    pins = {
        **CALM,
        "repel:F3": 5,
        **{f"board:B1-F3:1:B1:{k}": 6 for k in range(1, 5)},
        "board:B1-F3:1:B1:1": 1,  # round 1: B1 hits once: S on F3's MOR
        "board:B1-F3:1:F3:damage:1": 1,
        "board:B1-F3:1:F3:damage:1:skill": 4,
        **{f"board:B1-F3:1:F3:{k}": 6 for k in range(1, 4)},
        # round 2: F3's MOR -1 gives B1 a fifth die; three hits, all S on BRD
        **{f"board:B1-F3:2:B1:{k}": 1 if k <= 3 else 6 for k in range(1, 6)},
        **{f"board:B1-F3:2:F3:damage:{k}": 1 for k in range(1, 4)},
        **{f"board:B1-F3:2:F3:damage:{k}:skill": 6 for k in range(1, 4)},
        **{f"board:B1-F3:2:F3:{k}": 6 for k in range(1, 4)},
    }
    state, events, _ = play(state, "anchor\nrepel F3", pins, standing="hold fire")
    report = texts(events)
    assert (
        "Boarding round 1: B1 4 dice, 1 HIT on F3: S (MOR); F3 3 dice, 0 HIT. BRD now B1 +0, F3 +0." in report
    )
    assert (
        "Boarding round 2: B1 5 dice, 3 HIT on F3: S (BRD), S (BRD), S (BRD); F3 3 dice, 0 HIT."
        " BRD now B1 +0, F3 -3." in report
    )
    assert state["ships"]["F3"]["status"] == "captured"
