"""« Inclinez un personnage ... pour jouer un accord commercial de votre main et indiquez les termes de
l'accord » (book, "Etablir un nouvel accord"): terms the referee enforces (terms.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mc_helpers import RULES, add, asked, clear_board, new_game, play, problems, request, texts_of

from adjudicator.games.master_commander.orders import parse
from adjudicator.games.master_commander.terms import TermError, parse_terms, terms_text


def proposed(terms: str, players: int = 2) -> tuple[dict, dict[str, str]]:
    """Spanish proposes a Trade Treaty (production 2) through its Teniente, with ``terms``."""
    state = new_game(players)
    clear_board(state)
    uids = {
        "teniente": add(state, "spanish", "teniente", "characters"),
        "treaty": add(state, "spanish", "trade-treaty", "hand"),
        "post": add(state, "english", "post-captain", "characters"),
    }
    if players > 2:
        uids["gouverneur"] = add(state, "french", "gouverneur", "characters")
    state, _ = play(state, {"turn:spanish": f"agreement trade treaty by teniente {terms}".strip()})
    return state, uids


def test_the_proposer_states_the_terms_and_every_voter_sees_them_before_voting() -> None:
    state, uids = proposed("terms pay 1 to english")
    ballot = request(state, "vote:english")
    assert "terms: pay 1 doublon(s) to english out of its production at each collection" in ballot.prompt
    assert state["cards"][uids["treaty"]]["terms"] == [{"pay": 1, "to": "english"}]
    assert RULES.view(state, "english")["cards"][uids["treaty"]]["terms"]  # public, not a secret


def test_the_terms_are_paid_at_each_collection_out_of_the_agreements_production() -> None:
    state, _ = proposed("terms pay 1 to english")
    state, events = play(state, {"vote:spanish": "for teniente", "vote:english": "abstain"})
    assert "The referendum passes 3 to 0" in texts_of(events)
    for _round in range(2):  # at every Spanish collection (it opens the Spanish turn)
        english, spanish = (state["players"][s]["doublons"] for s in ("english", "spanish"))
        state, events = play(state, {"turn:english": "pass"})
        text = texts_of(events)
        assert "spanish pays 1 doublon(s) to english under the terms of Trade Treaty" in text
        collected = next(e.data["amount"] for e in events if e.kind == "collection")
        assert state["players"]["spanish"]["doublons"] == spanish + collected - 1
        assert state["players"]["english"]["doublons"] == english + 1
        state, _ = play(state, {"turn:spanish": "pass"})


def test_a_share_is_paid_out_of_the_agreements_production_only() -> None:
    """A share beyond what is left of the production that collection is not paid from other doublons."""
    state, uids = proposed("terms pay 2 to each voter for", players=3)
    state, _ = play(
        state,
        {"vote:spanish": "for teniente", "vote:english": "for post captain", "vote:french": "for gouverneur"},
    )
    assert state["cards"][uids["treaty"]]["voters"] == ["english", "french"]
    while asked(state) != ["turn:spanish"]:
        state, events = play(state, {k: "pass" for k in asked(state)})
    text = texts_of(events)
    assert "spanish pays 2 doublon(s) to english" in text  # english comes first in turn order
    assert "Nothing is left of Trade Treaty" in text and "for french's share" in text


def test_each_voter_for_is_paid_its_share_and_voters_against_are_not() -> None:
    state, uids = proposed("terms pay 1 to each voter for", players=3)
    state, events = play(
        state,
        {
            "vote:spanish": "for teniente",
            "vote:english": "against post captain\nabstain",
            "vote:french": "for gouverneur\nabstain",
        },
    )
    text = texts_of(events)
    assert "The referendum passes 7 to 4" in text and "Voters for Trade Treaty" in text
    assert state["cards"][uids["treaty"]]["voters"] == ["french"]
    while asked(state) != ["turn:spanish"]:
        state, events = play(state, {k: "pass" for k in asked(state)})
    assert "spanish pays 1 doublon(s) to french under the terms" in texts_of(events)
    assert "to english" not in texts_of(events)


def test_shares_beyond_the_agreements_production_are_refused() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "teniente", "characters")
    add(state, "spanish", "trade-treaty", "hand")
    (found,) = problems(state, "turn:spanish", "agreement trade treaty by teniente terms pay 3 to english")
    assert "produces 2 doublon(s) a collection" in found.message and found.suggestion == "pay 2 at most"
    (found,) = problems(state, "turn:spanish", "agreement trade treaty by teniente terms pay 1 to spanish")
    assert "the agreement's own holder" in found.message
    (found,) = problems(state, "turn:spanish", "agreement trade treaty by teniente terms pay 1 to dutch")
    assert "no seat named 'dutch'" in found.message


def test_shares_to_named_seats_may_not_add_up_to_more_than_the_production() -> None:
    state = new_game(3)
    clear_board(state)
    add(state, "spanish", "teniente", "characters")
    add(state, "spanish", "trade-treaty", "hand")
    text = "agreement trade treaty by teniente terms pay 2 to english; pay 1 to french"
    (found,) = problems(state, "turn:spanish", text)
    assert "the terms give 3 doublons to named seats" in found.message


@pytest.mark.parametrize(
    ("terms", "says"),
    [
        ("terms", "no term follows"),
        ("terms give 1 to french", "unknown term 'give 1 to french'"),
        ("terms pay many to french", "a whole number of doublons from 1 to 99"),
        ("terms pay 0 to french", "a whole number of doublons from 1 to 99"),
        ("terms pay 100 to french", "a whole number of doublons from 1 to 99"),
        ("terms pay 1", "say how much and to whom"),
        ("terms pay 1 to <script>", "is not a seat"),
        ("terms pay 1 to french; pay 2 to french", "two terms pay french"),
        ("terms " + "; ".join(["pay 1 to french"] * 9), "at most 8"),
    ],
)
def test_malformed_terms_get_a_precise_problem(terms: str, says: str) -> None:
    parsed = parse("turn", f"pass\nagreement trade treaty by teniente {terms}")
    (problem,) = parsed.problems
    assert problem.line == 2 and problem.kind == "invalid" and says in problem.message
    assert [o["verb"] for o in parsed.orders] == ["pass"]  # the good line is kept


def test_terms_read_back_from_their_canonical_text() -> None:
    line = (
        "agreement trade treaty by teniente terms pay 1 doublon to French at each collection "
        "and pay 2 to voters for"
    )
    (order,) = parse("turn", line).orders
    assert order["terms"] == [{"pay": 1, "to": "french"}, {"pay": 2, "to": "each voter for"}]
    assert terms_text(order["terms"]) == "pay 1 to french; pay 2 to each voter for"


ONE_LINE = st.text(st.characters(blacklist_categories=("Cc", "Zl", "Zp", "Cs")), max_size=60)


@given(
    st.one_of(
        ONE_LINE,
        st.lists(
            st.sampled_from(
                [
                    "pay",
                    "1",
                    "to",
                    "french",
                    "each",
                    "voter",
                    "for",
                    ";",
                    "and",
                    "doublons",
                    "0",
                    "x",
                    "voters",
                ]
            )
        ).map(" ".join),
    )
)
def test_any_text_after_terms_is_read_exactly_or_refused_with_its_line(text: str) -> None:
    parsed = parse("turn", f"agreement trade treaty by teniente terms {text}")
    if parsed.problems:
        assert all(p.line == 1 for p in parsed.problems) and not parsed.orders
        return
    (order,) = parsed.orders
    again = parse("turn", f"agreement trade treaty by teniente terms {terms_text(order['terms'])}")
    assert again.orders == parsed.orders
    try:
        assert parse_terms(terms_text(order["terms"])) == order["terms"]
    except TermError as error:  # pragma: no cover - would be a bug
        raise AssertionError(str(error)) from error


def test_the_board_prints_an_agreements_terms() -> None:
    state, _ = proposed("terms pay 1 to english")
    state, _ = play(state, {"vote:spanish": "for teniente", "vote:english": "abstain"})
    board = RULES.board_text(RULES.view(state, "english"))
    assert "agreements: Trade Treaty #" in board and "terms: pay 1 doublon(s) to english" in board
