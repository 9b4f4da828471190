"""Sealed means sealed: what one seat holds secretly changes nothing anyone else receives.

Two tables that differ only in one seat's secret cards (which of its cards are in its hand and
which lie in its deck, in which order) are played through the real engine with the same public
procedure: the same orders from the active player, every asked seat answering with the same text.
Every byte another seat, an observer or the public archive receives must be the same: the mails,
the public reports, who is asked what, whether a turn closes early or at its deadline, the archive.
Nothing here reveals a card of the hidden seat (it only ever passes, abstains or keeps its default),
so nothing may differ; what the book reveals (hand and deck counts) is the same in both tables.

Covered: a battle (the hidden seat as defender or as a bystander with cards in hand: a player with
no manoeuvre of the battle's type must be asked like one who has), a referendum (a seat with no
character holding or not holding a political reaction: asked alike, and the ballot closes early
only on public facts).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mc_helpers import add, clear_board, new_game

sys.path.insert(0, str(Path(__file__).parent.parent))

from noninterference_master_commander import first_difference, what_others_get

from adjudicator.games.base import OrderRequest

#: the secret cards the hidden seat may hold: manoeuvres of both battles and both segments,
#: political reactions, and cards of no use in a battle or a ballot
POOL = (
    "weather-gauge",
    "broadside",
    "bribe",
    "lobbying",
    "bought-delegate",
    "cutlass",
    "spyglass",
    "broadside",
)

SCENARIOS = {
    # spanish raids the English haven; english defends with its boatswain, french looks on
    "raid": {
        "spanish": ["galleon-captain", "teniente"],
        "english": ["boatswain"],
        "french": ["boatswain"],
        "orders": "raid english with galleon captain, teniente",
    },
    # spanish proposes a trade agreement; english votes with a captain, french has no character
    "referendum": {
        "spanish": ["teniente"],
        "english": ["post-captain"],
        "french": [],
        "orders": "agreement trade treaty by teniente",
    },
    # a ballot in rounds: english votes with one of its two characters and keeps the other, so it
    # has not finished; whether the ballot goes on must not depend on its hand
    "ballot": {
        "spanish": ["teniente"],
        "english": ["boatswain", "first-lieutenant"],
        "french": ["post-captain"],
        "orders": "agreement trade treaty by teniente",
        "answers": {
            "vote:spanish": "for teniente",
            "vote:english": "against boatswain",
            "vote:french": "against post-captain",
        },
    },
    # the same with nobody but the proposer holding a character: only reactions could change it
    "referendum-alone": {
        "spanish": ["teniente"],
        "english": [],
        "french": [],
        "orders": "agreement trade treaty by teniente",
    },
}


def table(scenario: str, hidden: str, in_hand: list[int]) -> dict[str, Any]:
    """The scenario's table; ``hidden`` holds the pool cards at ``in_hand`` (positions in POOL), the
    rest of the pool on top of its deck in pool order. Every card instance exists in every table."""
    setup = SCENARIOS[scenario]
    state = new_game(3)
    clear_board(state)
    for seat in ("spanish", "english", "french"):
        for card_id in setup[seat]:
            add(state, seat, card_id, "characters")
        state["players"][seat]["doublons"] = 10
    add(state, "spanish", "trade-treaty", "hand")
    for seat in ("spanish", "english", "french"):
        if seat != hidden:  # the others hold the same harmless cards in both tables
            add(state, seat, "spyglass", "hand")
    pool = [add(state, hidden, card_id, "deck") for card_id in POOL]
    player = state["players"][hidden]
    for uid in pool:
        player["deck"].remove(uid)
    player["hand"] = [pool[i] for i in in_hand]
    player["deck"] = [uid for i, uid in enumerate(pool) if i not in in_hand] + player["deck"]
    return state


def answers(scenario: str) -> Any:
    """Every seat answers each request with the same text in every run: the active player's
    orders once, then nothing new; a scripted first answer where the scenario has one, else the
    request's default; optional requests stay unanswered."""
    given_orders: list[str] = []
    scripted = dict(SCENARIOS[scenario].get("answers", {}))

    def answer(request: OrderRequest) -> str | None:
        if request.optional:
            return None
        if request.kind == "turn":
            if request.seat == "spanish" and not given_orders:
                given_orders.append(request.key)
                return SCENARIOS[scenario]["orders"]
            return "pass"
        return scripted.pop(request.key, None) or request.default or "pass"

    return answer


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    scenario=st.sampled_from(sorted(SCENARIOS)),
    hidden=st.sampled_from(["english", "french"]),
    size=st.integers(0, 5),
    data=st.data(),
)
def test_property_one_seats_secret_cards_change_nothing_the_others_receive(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    scenario: str,
    hidden: str,
    size: int,
    data: st.DataObject,
) -> None:
    hands = [
        data.draw(st.lists(st.integers(0, len(POOL) - 1), min_size=size, max_size=size, unique=True))
        for _ in range(2)
    ]
    seen = [
        what_others_get(
            tmp_path_factory.mktemp("run"),
            monkeypatch,
            table(scenario, hidden, hand),
            hidden,
            answers(scenario),
            turns=6,
        )
        for hand in hands
    ]
    assert seen[0] == seen[1], first_difference(*seen)


# -- each leak pinned by a table that shows it ------------------------------------------------------


def _runs(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    scenario: str,
    hidden: str,
    hands: tuple[list[int], list[int]],
) -> list[dict[str, Any]]:
    return [
        what_others_get(
            tmp_path_factory.mktemp("run"),
            monkeypatch,
            table(scenario, hidden, list(hand)),
            hidden,
            answers(scenario),
            6,
        )
        for hand in hands
    ]


def test_a_defender_without_a_manoeuvre_of_the_battles_type_is_asked_like_one_with_it(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Weather Gauge (tactical engagement) in hand or a Cutlass instead: the same mail for all."""
    seen = _runs(tmp_path_factory, monkeypatch, "raid", "english", ([0, 5], [5, 6]))
    assert seen[0] == seen[1], first_difference(*seen)
    assert "no tactical engagement manoeuvre" not in str(seen[1]["public reports"])


def test_a_seat_with_no_character_is_asked_to_the_ballot_whether_or_not_it_holds_a_reaction(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _runs(tmp_path_factory, monkeypatch, "referendum", "french", ([3, 5], [5, 6]))
    assert seen[0] == seen[1], first_difference(*seen)
    asked = [keys for entry in seen[0]["transcript"] if entry[0] == "asked" for keys in entry[3]]
    assert ("vote:french", "french", False) in asked


def test_a_ballot_closes_early_only_on_public_facts(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """3 for, 5 against after the first round; english has not finished (a lieutenant left, 2
    votes). Whether it holds a Bought Delegate (3 votes) must not decide whether the ballot goes on."""
    seen = _runs(tmp_path_factory, monkeypatch, "ballot", "english", ([4], [6]))
    assert seen[0] == seen[1], first_difference(*seen)
    rounds = [e for e in seen[0]["transcript"] if e[0] == "asked" and "referendum" in e[2]]
    assert len(rounds) == 2  # the second round asks english: 3 + 2 + a reaction could pass it
