"""The order language: parsing, problems with line numbers and suggestions, canonical text."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.master_commander.orders import VERBS, canonical, parse

ORDERS_DIR = Path(__file__).resolve().parents[3] / "orders" / "master-commander"


def test_a_whole_turn_parses_case_insensitively_with_comments_blank_lines_and_final() -> None:
    text = """# Turn 7, Spanish
ATTACH Cutlass TO Teniente

play smuggling run   # doublons
Event Treasure Galleon
explore with Teniente, Contramaestre and #12 from english
buy 2 gold
recruit #31
final
"""
    parsed = parse("turn", text)
    assert parsed.ok, parsed.problems
    assert [o["verb"] for o in parsed.orders] == ["attach", "play", "event", "explore", "buy", "recruit"]
    assert parsed.orders[0] == {"verb": "attach", "card": "cutlass", "target": "teniente", "line": 2}
    assert parsed.orders[3]["with"] == ["teniente", "contramaestre", "#12"]
    assert parsed.orders[3]["from"] == "english"
    assert parsed.lines[0] == (2, "attach cutlass to teniente")


def test_canonical_keeps_line_numbers_so_reparsing_gives_the_same_orders() -> None:
    parsed = parse("turn", "# hi\n\nraid Port Antonio with A, B allies french pillage gold\n\nbuy 1")
    text = canonical(parsed.orders)
    assert text == "\n\nraid port antonio with a, b allies french pillage gold\n\nbuy 1 gold\n"
    assert parse("turn", text).orders == parsed.orders


def test_unknown_order_gets_a_did_you_mean_and_its_line() -> None:
    parsed = parse("turn", "buy 1 gold\nrecriut teniente\nfoo bar baz")
    assert [o["verb"] for o in parsed.orders] == ["buy"]  # the good lines are kept
    first, second = parsed.problems
    assert first.line == 2 and first.kind == "invalid" and "did you mean: recruit" in first.suggestion
    assert second.line == 3 and "valid orders here" in second.suggestion


def test_a_known_verb_badly_written_shows_how_to_write_it() -> None:
    (problem,) = parse("turn", "raid port antonio").problems
    assert problem.line == 1 and problem.suggestion.startswith("write it like: raid")


def test_contradicting_answers_are_ambiguous() -> None:
    (problem,) = parse("bid", "bid 3\nbid 4").problems
    assert problem.kind == "ambiguous" and problem.line == 2
    (problem,) = parse("defend", "oppose with a\nno opposition").problems
    assert problem.kind == "ambiguous"


@pytest.mark.parametrize(
    ("kind", "text", "verb"),
    [
        ("mulligan", "mulligan all", "mulligan"),
        ("bid", "5", "bid"),
        ("vote", "vote for a, b", "for"),
        ("vote", "against c", "against"),
        ("defend", "capture best", "capture"),
        ("ally", "send a and b", "send"),
        ("manoeuvre", "play boarding party challenge #7 with #3", "play"),
        ("duel", "stop", "stop"),
        ("ransom", "pay", "pay"),
        ("offer", "offer 4 return", "offer"),
        ("offer", "no offer", "no-offer"),
        ("choice", "sell to english", "sell"),
        ("turn", "recruit new recruit", "enlist"),
    ],
)
def test_each_request_kind_has_its_own_orders(kind: str, text: str, verb: str) -> None:
    parsed = parse(kind, text)
    assert parsed.ok and parsed.orders[0]["verb"] == verb
    assert parse(kind, canonical(parsed.orders)).orders == parsed.orders


def test_an_order_of_another_kind_of_request_is_refused() -> None:
    (problem,) = parse("bid", "recruit teniente").problems
    assert problem.line == 1 and "bid" in problem.suggestion


def test_the_example_order_files_parse_clean() -> None:
    files = sorted(ORDERS_DIR.glob("*.txt"))
    assert files
    for path in files:
        kind = path.stem.split("-")[0]
        assert kind in VERBS, path
        parsed = parse(kind, path.read_text(encoding="utf-8"))
        assert parsed.ok, (path.name, parsed.problems)


FRAGMENTS = [*"abcdeoprstuy #,0123456789\n\t-'\"&\u00e9\x00\r"]
FRAGMENTS += ["with ", " to ", "raid ", "play ", "bid ", "challenge ", "offer ", "no ", "#12", "99999999"]
hostile = st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join)


@settings(max_examples=600, deadline=None)
@given(kind=st.sampled_from(sorted(VERBS)), text=hostile | st.text(max_size=200))
def test_parser_never_raises_and_every_problem_has_a_line(kind: str, text: str) -> None:
    parsed = parse(kind, text)
    count = len(text.splitlines())
    for problem in parsed.problems:
        assert problem.line is not None and 1 <= problem.line <= count
        assert problem.message
    again = parse(kind, canonical(parsed.orders))
    assert again.orders == parsed.orders


@pytest.mark.parametrize(
    ("kind", "text"), [("offer", "no offer a"), ("defend", "no opposition x"), ("turn", "enlist 2")]
)
def test_a_two_word_order_with_trailing_words_is_invalid_with_its_form(kind: str, text: str) -> None:
    """Found by the property test: the suggestion for a two-word order must not crash."""
    (problem,) = parse(kind, text).problems
    assert problem.line == 1 and problem.suggestion.startswith("write it like:")
