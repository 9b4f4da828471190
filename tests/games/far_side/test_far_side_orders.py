"""The order language: every good line understood, every bad line a problem with its line,
the rule it breaks and what would be valid; canonical text re-parses to the same orders."""

from __future__ import annotations

from pathlib import Path

from far_side_helpers import GAME, board, new_state, problems, request
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.base import OrderRequest

ORDERS_DIR = Path(__file__).resolve().parents[3] / "orders" / "far-side"
TURN = OrderRequest(key="turn:british", seat="british", kind="turn")
FRENCH = OrderRequest(key="turn:french", seat="french", kind="turn")
STANDING = OrderRequest(key="standing:french", seat="french", kind="standing", optional=True)
CONTINUE = OrderRequest(key="continue:british", seat="british", kind="continue")
REACTION = OrderRequest(key="reaction:french", seat="french", kind="reaction")
DRIFT = OrderRequest(key="drift:french", seat="french", kind="drift")

FULL_TURN = """
# Turn 7 of HMS Surprise's squadron
SAIL 1 d7 d6 e5
tow 3 5
ram f4
if move > path: ask
windward F4
gage move e4
repair B2 pumps 1 rigging 1 from gun 1 sea 1
transfer 6 cmd 1 to 8 from aim 1
fire 2 at F4
fire 4 at nearest
fire at will
grapple 7 at 2
repel 8
drift ignore
hold fire
final
"""


def test_parse_a_whole_turn_and_its_canonical_form_reparses_to_the_same_orders() -> None:
    parsed = GAME.parse(TURN, FULL_TURN)
    assert parsed.ok, parsed.problems
    text = GAME.canonical(TURN, parsed.orders)
    assert text.splitlines()[0] == "sail B1 d7 d6 e5"
    again = GAME.parse(TURN, text)
    assert again.ok and again.orders.__dict__.keys() == parsed.orders.__dict__.keys()
    assert GAME.canonical(TURN, again.orders) == text
    assert [n for n, _ in parsed.lines] == [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]


def test_parse_is_case_insensitive_and_ignores_comments_blank_lines_and_final() -> None:
    parsed = GAME.parse(TURN, "\n  # nothing\nANCHOR b2   # the flagship meets the wind\n\nFinal\n")
    assert parsed.ok and parsed.lines == [(3, "anchor B2")]


def test_parse_keeps_good_lines_and_lists_every_bad_line() -> None:
    parsed = GAME.parse(
        TURN, "anchor\nfly to the moon\nfire 2 at F9\nrepair 2 pumps 1 from cmd 1\nfire 3 at F1"
    )
    assert [(p.line, p.kind) for p in parsed.problems] == [(2, "invalid"), (3, "invalid"), (4, "illegal")]
    assert [n for n, _ in parsed.lines] == [1, 5]
    assert all(p.suggestion for p in parsed.problems)


def test_parse_ambiguous_abbreviation() -> None:
    parsed = GAME.parse(TURN, "rep 3")
    assert parsed.problems[0].kind == "ambiguous" and "repair or repel" in parsed.problems[0].message
    assert GAME.parse(TURN, "grap 3 at 4").ok  # a unique abbreviation is understood


def test_parse_a_ship_of_the_wrong_side() -> None:
    parsed = GAME.parse(TURN, "sail F3 d5")
    assert parsed.problems[0].kind == "illegal" and "B1-8" in parsed.problems[0].suggestion
    assert GAME.parse(FRENCH, "sail F3 d5").ok


def test_parse_tow_or_ram_without_a_sail_is_a_problem() -> None:
    found = GAME.parse(TURN, "anchor\ntow 3\nram 4").problems
    assert [p.line for p in found] == [2, 3]


def test_parse_standing_request_accepts_only_standing_orders() -> None:
    assert GAME.parse(STANDING, "drift B3 B5\nreturn fire").ok
    bad = GAME.parse(STANDING, "sail 3 d5")
    assert bad.problems and "drift" in bad.problems[0].suggestion


def test_parse_continue_request() -> None:
    for text, canon in [
        ("continue e5 e6", "continue e5 e6\n"),
        ("continue straight", "continue straight\n"),
    ]:
        parsed = GAME.parse(CONTINUE, text)
        assert parsed.ok and GAME.canonical(CONTINUE, parsed.orders) == canon
    stop = GAME.parse(CONTINUE, "stop").problems
    assert stop and stop[0].kind == "illegal" and "whole MOVE" in stop[0].message


def test_check_is_against_the_current_state() -> None:
    state = new_state()
    assert problems(state, "sail B3 c7 d6") == []
    found = problems(state, "sail B3 d8")
    assert found and "occupied by B4" in found[0].message and "c7" in found[0].suggestion


def test_check_a_ship_not_on_the_board() -> None:
    found = problems(board({"B3": "d4", "F1": "a1"}), "sail B5 d5\nfire B3 at F2")
    assert [p.line for p in found] == [1, 2]


def test_check_orders_out_of_turn() -> None:
    state = new_state()
    req = request(state)
    assert GAME.check(
        state, OrderRequest(key="turn:french", seat="french"), GAME.parse(FRENCH, "anchor").orders
    )
    assert GAME.check(state, req, GAME.parse(req, "anchor").orders) == []


def test_example_order_files_parse_and_check_clean() -> None:
    files = sorted(ORDERS_DIR.glob("*.txt"))
    assert files
    for path in files:
        seat = "french" if "french" in path.name else "british"
        kind = "standing" if "standing" in path.name else "continue" if "continue" in path.name else "turn"
        req = OrderRequest(key=f"{kind}:{seat}", seat=seat, kind=kind)
        parsed = GAME.parse(req, path.read_text(encoding="utf-8"))
        assert parsed.ok, (path.name, parsed.problems)
        assert GAME.parse(req, GAME.canonical(req, parsed.orders)).ok
        if "opening" in path.name:
            state = new_state(first=seat)
            assert GAME.check(state, req, parsed.orders) == [], path.name


WORDS = st.sampled_from(
    [
        "sail",
        "kedge",
        "tow",
        "ram",
        "fire",
        "at",
        "repair",
        "from",
        "pumps",
        "gun",
        "cmd",
        "transfer",
        "to",
        "grapple",
        "repel",
        "drift",
        "ignore",
        "hold",
        "return",
        "if",
        "move",
        ">",
        "path",
        "ask",
        "dock",
        "final",
        "anchor",
        "windward",
        "gage",
        "continue",
        "stop",
        "straight",
        "nearest",
        "will",
        "B3",
        "F4",
        "9",
        "0",
        "-1",
        "d4",
        "d5",
        "i9",
        "a1",
        "#",
        "\x00",
        "é",
        "::",
        "->",
        "99999999999999999999",
        "priority",
        "standing",
        "none",
    ]
)
LINES = st.lists(st.one_of(st.lists(WORDS, max_size=8).map(" ".join), st.text(max_size=40)), max_size=12).map(
    "\n".join
)


@settings(max_examples=300, deadline=None)
@given(text=LINES)
def test_parser_never_raises_and_every_problem_has_a_line(text: str) -> None:
    for req in (TURN, FRENCH, STANDING, CONTINUE, REACTION, DRIFT):
        parsed = GAME.parse(req, text)
        n = len(text.splitlines())
        assert all(p.line is not None and 1 <= p.line <= n for p in parsed.problems)
        assert all(p.kind in ("invalid", "illegal", "ambiguous") for p in parsed.problems)
        canon = GAME.canonical(req, parsed.orders)
        if parsed.ok:
            again = GAME.parse(req, canon)
            assert again.ok and GAME.canonical(req, again.orders) == canon


@settings(max_examples=150, deadline=None)
@given(text=LINES)
def test_check_never_raises_on_parsed_orders(text: str) -> None:
    state = new_state()
    for req in (request(state), REACTION, DRIFT, STANDING):
        parsed = GAME.parse(req, text)
        for p in GAME.check(state, req, parsed.orders):
            assert p.kind in ("invalid", "illegal", "ambiguous", "warning") and p.message
