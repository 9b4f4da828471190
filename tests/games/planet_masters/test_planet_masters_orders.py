"""The order language: a whole turn in one mail with conditions on the dice, ballots, Immunity answers,
precise problems, and hostile input (hypothesis)."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pm_helpers import ALL_ON, RULES, new_game, play, problems, put, request, texts_of

from adjudicator.games.dice import Dice
from adjudicator.games.planet_masters.orders import Condition, Orders, Reward, Step, canonical, parse_orders

WHOLE_TURN = """
# my turn
build; if weapon < 3 rebuild
if weapon is transporter rebuild
reroll all exhausted
if home is not influence reroll home
if power > mors attack mors
vote mors
on win invade resource influence
on win destroy station
sacrifice transporter, cruiser
"""


def test_a_whole_turn_in_one_mail_is_read_phase_by_phase() -> None:
    parsed = parse_orders("turn", WHOLE_TURN)
    assert parsed.ok, parsed.problems
    o = parsed.orders
    assert [str(s) for s in o.construction] == [
        "build",
        "if weapon < 3 rebuild",
        "if weapon = transporter rebuild",
    ]
    assert [str(s) for s in o.management] == ["reroll all exhausted", "if home != influence reroll home"]
    assert [str(s) for s in o.conquest] == ["if power > mors attack mors", "vote mors"]
    assert o.rewards == (Reward("invade", ("resource", "influence")), Reward("destroy", ("station",)))
    assert o.sacrifice == (4, 1)
    assert o.construction[1].line == 3  # a statement after ';' keeps its line


def test_canonical_text_reads_back_to_the_same_orders() -> None:
    parsed = parse_orders("turn", WHOLE_TURN)
    again = parse_orders("turn", canonical(parsed.orders))
    assert again.ok and again.orders == parsed.orders
    assert canonical(again.orders) == canonical(parsed.orders)


def test_the_books_french_words_are_understood() -> None:
    parsed = parse_orders("turn", "construire\nreconstruire croiseur\nrelancer épuisé\nattaquer mors")
    assert parsed.ok, parsed.problems
    assert parsed.orders.construction == (Step("build"), Step("rebuild", "cruiser"))
    assert parsed.orders.management == (Step("reroll", "exhausted"),)
    assert parse_orders("vote", "pour").orders.answer == "for"
    assert parse_orders("immunity", "annuler").orders.answer == "cancel"


def test_an_unknown_word_is_invalid_with_its_line_and_a_suggestion() -> None:
    parsed = parse_orders("turn", "build\nbiuld\nrebuild crusier")
    assert [(p.line, p.kind) for p in parsed.problems] == [(2, "invalid"), (3, "invalid")]
    assert "build" in parsed.problems[0].suggestion and "cruiser" in parsed.problems[1].suggestion


def test_a_bad_line_never_discards_the_good_lines() -> None:
    parsed = parse_orders("turn", "build\nfly to the moon\nreroll home; attack\nvote mors")
    assert [n for n, _ in parsed.lines] == [1, 3, 4]
    assert [p.line for p in parsed.problems] == [2, 3]
    assert parsed.orders.construction == (Step("build"),) and parsed.orders.conquest == (
        Step("vote", "mors"),
    )


def test_conditions_need_a_subject_a_comparison_and_an_action() -> None:
    for text in ("if weapon < 3", "if wepon < 3 rebuild", "if weapon 3 rebuild", "if weapon < rebuild",
                 "if weapon < cruiser rebuild", "if resources < many build"):  # fmt: skip
        parsed = parse_orders("turn", text)
        assert parsed.problems and parsed.problems[0].line == 1, text


def test_conditions_combine_with_and() -> None:
    parsed = parse_orders("turn", "if planets >= 3 and galaxy = 0 then attack mors")
    step = parsed.orders.conquest[0]
    assert step.conditions == (Condition("planets", ">=", "3"), Condition("galaxy", "=", "0"))


def test_a_ballot_answers_only_a_vote_and_cancel_only_immunity() -> None:
    assert [p.kind for p in parse_orders("turn", "for").problems] == ["illegal"]
    assert [p.kind for p in parse_orders("vote", "cancel").problems] == ["illegal"]
    assert [p.kind for p in parse_orders("vote", "for\nagainst").problems] == ["ambiguous"]
    assert [p.kind for p in parse_orders("vote", "build").problems] == ["invalid"]
    assert parse_orders("vote", "against\nsacrifice station").orders == Orders(
        sacrifice=(3,), answer="against"
    )


def test_bare_rebuild_needs_a_weapon_rolled_before_it() -> None:
    state = new_game(2)
    assert [p.kind for p in problems(state, "turn:terre", "rebuild")] == ["illegal"]
    assert problems(state, "turn:terre", "build\nrebuild") == []


def test_on_win_needs_an_attack() -> None:
    state = new_game(2)
    found = problems(state, "turn:terre", "vote mors\non win invade")
    assert [(p.line, p.kind) for p in found] == [(2, "illegal")]


def test_the_first_conquest_line_whose_condition_holds_is_played() -> None:
    state = new_game(2)
    put(state, "mors", weapons=[3])
    state, events = play(state, {"turn:terre": "if power > mors attack mors\nvote mors"})
    assert state["pending"] == {"kind": "vote", "proposer": "terre", "target": "mors"}
    assert "condition does not hold" in texts_of(events)


def test_sacrifice_order_sent_with_a_ballot_is_kept_for_the_game() -> None:
    state = new_game(3)
    put(state, "roach", planets=[3], weapons=[3, 1])
    state, _ = play(state, {"turn:terre": "vote roach"})
    state, _ = play(state, {"vote:roach": "against\nsacrifice station, cruiser", "vote:mors": "for"})
    assert state["players"]["roach"]["weapons"] == [1]
    assert state["players"]["roach"]["sacrifice"][:2] == [3, 1]


def test_the_immunity_request_says_its_default() -> None:
    state = new_game(2)
    put(state, "terre", weapons=[3])
    put(state, "mors", home=5)
    state, _ = play(state, {"turn:terre": "attack mors"})
    r = request(state, "immunity:mors")
    assert "Silence cancels" in r.prompt and r.kind == "immunity"


# -- hostile input ---------------------------------------------------------------------------------
VOCABULARY = [
    "build", "rebuild", "tech", "reroll", "attack", "vote", "politics", "deflect", "if", "and", "then",
    "on", "win", "invade", "destroy", "pressure", "sacrifice", "home", "all", "weapon", "power", "planets",
    "<", ">", "=", "!=", "is", "not", "3", "7", "0", "cruiser", "station", "transporter", "exhausted",
    "influence", "resource", "mors", "terre", "roach", "for", "against", "cancel", "allow", ";", ",", "#",
    "terraforming", "galaxy", "resources", "épuisé", "croiseur",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(["turn", "vote", "immunity"]), text=st.text(max_size=400))
def test_any_text_gives_orders_or_precise_problems(kind: str, text: str) -> None:
    parsed = parse_orders(kind, text)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for p in parsed.problems:
        assert p.line is None or 1 <= p.line <= len(lines) + 1
        assert p.message
    assert parse_orders(kind, canonical(parsed.orders)).orders == parsed.orders


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["turn", "vote", "immunity"]),
    lines=st.lists(st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=8).map(" ".join), max_size=8),
)
def test_word_soup_never_crashes_check_or_resolve(kind: str, lines: list[str]) -> None:
    state = new_game(3, **ALL_ON)
    put(state, "terre", planets=[3, 3], weapons=[3, 4])
    put(state, "mors", home=5, weapons=[1])
    put(state, "roach", weapons=[1])  # an armed target: the ballots are asked
    if kind == "vote":
        state, _ = play(state, {"turn:terre": "vote roach"})
    elif kind == "immunity":
        state, _ = play(state, {"turn:terre": "attack mors"}, {"unknown-sectors:terre": 1})
    r = next(r for r in RULES.requests(state) if r.kind == kind)
    text = "\n".join(lines)
    parsed = RULES.parse(r, text)
    found = RULES.check(state, r, parsed.orders)
    assert all(p.message for p in parsed.problems + found)
    if parsed.ok and not found:
        again = RULES.parse(r, RULES.canonical(r, parsed.orders))
        assert again.ok and again.orders == parsed.orders
        new_state, _ = RULES.resolve(copy.deepcopy(state), {r.key: again.orders}, Dice(b"soup"))
        for p in new_state["players"].values():
            assert len(p["weapons"]) <= 1 + len(p["planets"])  # fleet maintenance holds
        assert new_state["galaxy"] >= 0


def test_the_example_order_files_of_the_players_page_are_clean() -> None:
    from pathlib import Path

    folder = Path(__file__).parents[3] / "orders" / "planet-masters"
    files = sorted(folder.glob("*.txt"))
    assert len(files) >= 5
    for path in files:
        kind = path.stem.split("-")[0]
        state = new_game(3, **ALL_ON)
        put(state, "terre", tech=6)
        if kind == "vote":
            put(state, "roach", weapons=[1])  # a vote on an unarmed target is not asked
            state, _ = play(state, {"turn:terre": "vote roach"})
        elif kind == "immunity":
            put(state, "mors", home=5)
            put(state, "terre", weapons=[3])  # an attack that may win: Immunity is asked
            state, _ = play(state, {"turn:terre": "attack mors"}, {"unknown-sectors:terre": 1})
        seat = "mors" if kind in ("vote", "immunity") else "terre"
        found = problems(state, f"{kind}:{seat}", path.read_text())
        assert found == [], (path.name, [str(p) for p in found])


def test_the_default_of_every_request_parses_and_checks_clean() -> None:
    state = new_game(3, **ALL_ON)
    put(state, "terre", weapons=[3])
    put(state, "mors", home=5)
    # the armed leader: ballots are asked; after losing a weapon to the vote roach may still win
    put(state, "roach", planets=[3], weapons=[3, 3])
    seen = set()
    for texts, pins in (
        ({}, {}),  # a silent turn: a vote on the leader
        ({"vote:mors": "for"}, {}),
        ({"turn:mors": "attack terre"}, {"unknown-sectors:mors": 1}),
    ):
        for r in RULES.requests(state):
            seen.add(r.kind)
            parsed = RULES.parse(r, r.default)
            assert parsed.ok and RULES.check(state, r, parsed.orders) == [], r.key
        state, _ = play(state, texts, pins)
    state, _ = play(state, {"turn:roach": "attack mors"}, {"unknown-sectors:roach": 1})
    for r in RULES.requests(state):
        seen.add(r.kind)
        assert RULES.parse(r, r.default).ok
    assert seen == {"turn", "vote", "immunity"}
