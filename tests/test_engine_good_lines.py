"""One rule in every game: a bad line never discards the good lines of the same text.

The engine reads a submission again without its bad lines (their numbers kept) until what is
left is clean; the good lines are stored and sealed, the lines left out are kept with their
problems for the acknowledgement. A text is rejected whole only when no good line is left, when
a problem is about the whole text, or when the ruleset takes the request all or nothing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlmodel import select
from toy_ruleset import ClosestGuess

from adjudicator.core.engine import Referee, checked_orders
from adjudicator.core.store import Submission, loads
from adjudicator.games import get_ruleset
from adjudicator.games.base import OrderRequest, Parsed, Problem
from adjudicator.games.dice import Dice

REQUEST = OrderRequest(key="guess:north", seat="north", label="Round 1, north", default="pass")
STATE: dict[str, Any] = {"round": 1}


def check(ruleset: Any, text: str) -> tuple[Parsed, list[Problem], list[Problem]]:
    return checked_orders(ruleset, REQUEST, text, lambda: STATE)


def test_a_bad_line_never_discards_the_good_lines_of_the_same_text() -> None:
    parsed, problems, rejecting = check(ClosestGuess(), "secret gold\ngues 4\nguess 3")
    assert rejecting == []
    assert parsed.lines == [(1, "secret gold"), (3, "guess 3")]
    assert [(p.line, p.kind) for p in problems] == [(2, "invalid")]
    assert ClosestGuess().canonical(REQUEST, parsed.orders) == "secret gold\nguess 3"


def test_a_line_that_is_illegal_beside_a_good_one_is_left_out_alone() -> None:
    parsed, problems, rejecting = check(ClosestGuess(), "guess 9\nguess 3\nguess 4")
    assert rejecting == [] and parsed.lines == [(2, "guess 3")]
    assert sorted(p.line for p in problems) == [1, 3]


def test_a_text_with_no_good_line_is_rejected_whole() -> None:
    _, problems, rejecting = check(ClosestGuess(), "gues 4\nhello")
    assert [p.line for p in rejecting] == [1, 2] and problems == rejecting


class WholeGuess(ClosestGuess):
    """The toy game taking its guesses all or nothing."""

    def whole_request(self, request: OrderRequest) -> str:
        return "a round's guess and secrets are one answer"


class WholeTextProblem(ClosestGuess):
    """The toy game with a problem about the whole text when it mentions 'everything'."""

    def parse(self, request: OrderRequest, text: str) -> Parsed:
        parsed = super().parse(request, text.replace("everything", ""))
        if "everything" in text:
            parsed.problems.append(Problem(None, "invalid", "the text as a whole is not orders"))
        return parsed


def test_a_request_the_ruleset_takes_whole_is_rejected_for_one_bad_line() -> None:
    _, _, rejecting = check(WholeGuess(), "secret gold\ngues 4\nguess 3")
    assert [p.line for p in rejecting] == [2]


def test_a_problem_about_the_whole_text_rejects_it_whole() -> None:
    _, _, rejecting = check(WholeTextProblem(), "guess 3\nhello\neverything")
    assert {p.line for p in rejecting} == {None, 2}


def test_a_line_break_some_readers_do_not_count_is_never_guessed_at() -> None:
    _, _, rejecting = check(ClosestGuess(), "guess 3\u2028\ngues 4")
    assert rejecting != []


LINES = st.sampled_from(
    ["guess 3", "guess 5", "guess 9", "gues 2", "secret x", "pass", "", "# note", "hello there", "guess"]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(LINES, max_size=8))
def test_any_text_with_a_good_line_is_taken_without_its_bad_lines(lines: list[str]) -> None:
    text = "\n".join(lines)
    parsed, problems, rejecting = check(ClosestGuess(), text)
    good = any(line in ("guess 3", "guess 5", "secret x", "pass") for line in lines)
    bad = any(line in ("guess 9", "gues 2", "hello there", "guess") for line in lines)
    assert (rejecting != []) == (bad and not good)
    if good:
        kept = {number for number, _ in parsed.lines}
        left_out = {p.line for p in problems if p.kind != "warning"}
        assert kept and not kept & left_out
        assert all(lines[n - 1] in ("guess 3", "guess 5", "secret x", "pass") for n in kept)
    assert check(ClosestGuess(), text) == (parsed, problems, rejecting)  # the same every time


GAMES = {
    "mare-nostrum": {},
    "far-side": {},
    "master-commander": {},
    "planet-masters": {"players": "3"},
    "eollis": {},
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_keeps_the_good_lines_beside_a_bad_one(name: str) -> None:
    ruleset = get_ruleset(name)
    options = ruleset.parse_options(GAMES[name])
    state = loads(
        __import__("json").dumps(ruleset.setup(options, ruleset.seat_names(options), Dice(b"k" * 32)))
    )
    request, text = next(
        (r, t) for r in ruleset.requests(state) if (t := ruleset.bot(state, r, random.Random(3)).strip())
    )
    clean, _, clean_rejecting = checked_orders(ruleset, request, text, lambda: state)
    assert clean_rejecting == [] and clean.lines
    parsed, problems, rejecting = checked_orders(ruleset, request, "zzyzx nonsense\n" + text, lambda: state)
    assert rejecting == [], problems
    assert [p.line for p in problems if p.kind != "warning"] == [1]
    assert parsed.lines == [(n + 1, line) for n, line in clean.lines]
    shifted, _, _ = checked_orders(ruleset, request, "\n" + text, lambda: state)  # the same lines, one down
    assert ruleset.canonical(request, parsed.orders) == ruleset.canonical(request, shifted.orders)


def test_the_lines_left_out_are_stored_with_the_sealed_good_ones(
    referee: Referee, toy_game: dict[str, str]
) -> None:
    result = referee.submit("toy", "north", "guess 2\nguss 5", toy_game["north"])
    assert result.accepted and result.canonical == "guess 2"
    with referee.db.session() as session:
        [row] = session.exec(select(Submission)).all()
        assert (row.status, row.canonical) == ("accepted", "guess 2")
        assert [p["line"] for p in loads(row.problems_json)] == [2]
