"""The order language: parsing, abbreviations, suggestions, canonical text, and bad input (check)."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mare_nostrum_helpers import RS, army, fleet, give, new_game, problems, request

from adjudicator.games.base import REFEREE, OrderRequest
from adjudicator.games.mare_nostrum.orders import Order

ROME = request("rome")


def test_parse_is_case_insensitive_and_accepts_unique_prefixes() -> None:
    parsed = RS.parse(ROME, "a1 MOVE pann\nf2 move mare-ion engage\nA3 -> Etru\n")
    assert parsed.ok
    assert [o.text() for o in parsed.orders] == [
        "A1 move Pannonia",
        "F2 move Mare-Ionium engage",
        "A3 move Etruria",
    ]


def test_near_miss_gets_did_you_mean() -> None:
    parsed = RS.parse(ROME, "A1 move Galia")
    [problem] = parsed.problems
    assert problem.line == 1 and problem.kind == "invalid"
    assert problem.suggestion == "did you mean Gallia?"


def test_ambiguous_prefix_is_reported_as_ambiguous_with_candidates() -> None:
    [problem] = RS.parse(ROME, "A1 move Sy").problems
    assert problem.kind == "ambiguous"
    assert "Syracusae" in problem.message and "Syria" in problem.message


def test_blank_lines_comments_and_final_are_ignored_and_lines_keep_their_numbers() -> None:
    text = "# Rome, spring\n\nA1 hold   # stay\nfinal\nA2 mov Etruria\n"
    parsed = RS.parse(ROME, text)
    assert parsed.lines == [(3, "A1 hold")]
    assert [p.line for p in parsed.problems] == [5]
    assert parsed.problems[0].suggestion == "did you mean move?"


def test_good_lines_are_kept_when_other_lines_are_bad() -> None:
    parsed = RS.parse(ROME, "A1 move Etruria\nbuy legion Latium\nbuy army Latium\nhire priest")
    assert [o.verb for o in parsed.orders] == ["move", "buy-army"]
    assert [p.line for p in parsed.problems] == [2, 4]


def test_canonical_text_is_stable_and_reparses_to_the_same_orders() -> None:
    text = "buy army lat mercenaries 2\nF1 blockade carth\nA2 pillage cut\nA1 move etr pillage retreat Lat\n"
    parsed = RS.parse(ROME, text)
    canon = RS.canonical(ROME, parsed.orders)
    assert canon.splitlines() == [
        "A1 move Etruria pillage retreat Latium",
        "A2 hold pillage cut",
        "F1 blockade Carthago",
        "buy army Latium mercenaries 2",
    ]
    again = RS.parse(ROME, canon)
    assert sorted(again.orders, key=Order.text) == sorted(parsed.orders, key=Order.text)
    assert RS.canonical(ROME, again.orders) == canon


def test_buy_fleet_names_the_sea_unless_the_province_touches_only_one() -> None:
    assert RS.parse(ROME, "buy fleet Latium").orders == [
        Order("buy-fleet", target="Latium", sea="Mare-Tyrrhenum")
    ]
    [problem] = RS.parse(ROME, "buy fleet Syracusae").problems
    assert "name the sea zone" in problem.message


def test_referee_results_language() -> None:
    req = OrderRequest(key="battles", seat=REFEREE, kind="battle-results")
    parsed = RS.parse(
        req, "battle Pann: rome wins, lost rome:A2, priest rome:A1\nbattle Mare-Ionium: dice\nbattle X"
    )
    assert [r.text() for r in parsed.orders] == [
        "battle Pannonia: rome wins, lost rome:A2, priest rome:A1",
        "battle Mare-Ionium: dice",
    ]
    assert [p.line for p in parsed.problems] == [3]


# ----------------------------------------------------------------------------- bad input (check)


def _rome() -> dict:
    state = new_game()
    army(state, "rome", 1, "Latium")
    fleet(state, "rome", 1, "Mare-Tyrrhenum")
    give(state, "Etruria", "rome")
    return state


def test_moving_a_unit_that_does_not_exist_or_is_not_yours_is_illegal() -> None:
    state = _rome()
    army(state, "carthage", 7, "Carthago")
    [problem] = problems(state, "rome", "A1 hold\nA7 move Campania")
    assert problem.startswith("line 2: you have no army A7") and "your units: A1, F1" in problem


def test_two_orders_for_one_unit_is_illegal() -> None:
    [problem] = problems(_rome(), "rome", "A1 move Campania\nA1 hold")
    assert problem.startswith("line 2: A1 already has an order on line 1")


def test_move_to_a_non_adjacent_place_is_illegal_and_lists_the_neighbours() -> None:
    [problem] = problems(_rome(), "rome", "A1 move Apulia")
    assert (
        "Apulia is not adjacent to Latium" in problem
        and "adjacent to Latium: Campania, Etruria, Picenum" in problem
    )


def test_army_cannot_march_into_the_sea_nor_fleet_onto_land() -> None:
    found = problems(_rome(), "rome", "A1 move Mare-Tyrrhenum\nF1 move Latium")
    assert "armies march on land" in found[0] and "fleets sail between sea zones" in found[1]


def test_fleet_bought_without_an_arsenal_is_illegal() -> None:
    [problem] = problems(_rome(), "rome", "buy fleet Etruria Mare-Tyrrhenum")
    assert "no arsenal in Etruria" in problem and "your arsenals: Latium, Campania" in problem


def test_army_bought_in_a_province_not_controlled_is_illegal() -> None:
    [problem] = problems(_rome(), "rome", "buy army Apulia")
    assert "not Apulia" in problem


def test_spending_more_po_than_the_treasury_holds_is_illegal_on_the_line_that_overspends() -> None:
    found = problems(_rome(), "rome", "buy army Latium\nbuy army Campania\nbuy army Etruria")
    assert len(found) == 1
    assert found[0].startswith("line 3: this spends 150 PO in all but the treasury holds 100 PO")


def test_moving_an_exhausted_army_is_illegal() -> None:
    state = _rome()
    state["units"]["rome:A1"]["exhausted"] = 1
    [problem] = problems(state, "rome", "A1 move Campania")
    assert "A1 is exhausted (Exhausted I) and cannot move this turn" in problem


def test_siege_without_an_engineer_is_illegal() -> None:
    state = _rome()
    state["units"]["rome:A1"]["at"] = "Emporia"
    [problem] = problems(state, "rome", "A1 move Carthago siege")
    assert "no engineer" in problem


def test_blockade_of_an_own_or_independent_port_is_illegal() -> None:
    found = problems(_rome(), "rome", "F1 blockade Latium")
    assert "not an enemy port" in found[0]


def test_pillaging_ones_own_province_is_illegal() -> None:
    [problem] = problems(_rome(), "rome", "A1 pillage")
    assert "your own province" in problem


def test_embark_needs_a_fleet_at_anchor_in_an_adjacent_sea() -> None:
    found = problems(_rome(), "rome", "A1 embark F1\nF1 move Mare-Sardoum")
    assert "sails this turn" in found[0]


def test_mercenaries_beyond_the_garrison_are_illegal() -> None:
    [problem] = problems(_rome(), "rome", "buy army Latium mercenaries 2")
    assert "2 mercenaries wanted, 0 in garrison" in problem
    assert problems(_rome(), "rome", "hire mercenaries 2\nbuy army Latium mercenaries 2") == []


# ----------------------------------------------------------------------------- hostile input

WORDS = [
    "A1",
    "a2",
    "F1",
    "move",
    "hold",
    "buy",
    "army",
    "fleet",
    "hire",
    "priest",
    "engineer",
    "land",
    "embark",
    "blockade",
    "pillage",
    "cut",
    "engage",
    "siege",
    "retreat",
    "battle",
    "order",
    "government",
    "truce",
    "intercept",
    "drive",
    "Etruria",
    "Lat",
    "Sy",
    "Mare-",
    "->",
    "-",
    "#",
    "final",
    "mercenaries",
    "12",
    "0",
    "99999",
    ":",
    ",",
    "wins",
    "lost",
    "dice",
]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(st.sampled_from(WORDS), st.text(alphabet=string.printable + "éß€\u0000", max_size=12)),
        max_size=30,
    )
)
def test_parser_never_raises_and_every_problem_has_a_line(words: list[str]) -> None:
    text = " ".join(words).replace(" # ", "\n")
    for req in (ROME, OrderRequest(key="battles", seat=REFEREE, kind="battle-results")):
        parsed = RS.parse(req, text)
        lines = len(text.splitlines())
        for problem in parsed.problems:
            assert problem.kind in {"invalid", "illegal", "ambiguous"}
            assert problem.line is None or 1 <= problem.line <= max(1, lines)
        if req.seat != REFEREE:
            canon = RS.canonical(req, parsed.orders)
            again = RS.parse(req, canon)
            assert not again.problems
            assert sorted(again.orders, key=Order.text) == sorted(parsed.orders, key=Order.text)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=400))
def test_check_never_raises_on_whatever_parses(text: str) -> None:
    state = _rome()
    parsed = RS.parse(ROME, text)
    for problem in RS.check(state, ROME, parsed.orders):
        assert problem.kind == "illegal"


def test_siege_of_a_province_without_fortress_is_illegal() -> None:
    state = _rome()
    state["units"]["rome:A1"]["engineer"] = True
    [problem] = problems(state, "rome", "A1 move Etruria siege")
    assert "Etruria has no fortress" in problem


def test_truce_intercept_and_drive_read_back_from_their_canonical_text() -> None:
    text = "truce pann\nA1 move etr intercept drive pic retreat lat\nF1 move mare-lig engage intercept\n"
    parsed = RS.parse(ROME, text)
    assert parsed.ok, [str(p) for p in parsed.problems]
    canon = RS.canonical(ROME, parsed.orders)
    assert canon.splitlines() == [
        "A1 move Etruria intercept drive Picenum retreat Latium",
        "F1 move Mare-Ligusticum engage intercept",
        "truce Pannonia",
    ]
    assert sorted(RS.parse(ROME, canon).orders, key=Order.text) == sorted(parsed.orders, key=Order.text)


def test_malformed_truce_and_drive_are_invalid_with_what_to_write() -> None:
    problems_of = {
        line: RS.parse(ROME, line).problems for line in ("truce", "truce A B", "A1 move Etruria drive")
    }
    assert "truce <province>" in problems_of["truce"][0].message
    assert "truce <province>" in problems_of["truce A B"][0].message
    assert "drive: name the zone" in problems_of["A1 move Etruria drive"][0].message
    [unknown] = RS.parse(ROME, "A1 move Etruria intercept drive Atlantis").problems
    assert unknown.kind == "invalid" and "Atlantis" in unknown.message
