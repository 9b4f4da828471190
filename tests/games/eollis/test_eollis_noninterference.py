"""Sealed means sealed: one clan's cards and Secret Missions change nothing the others receive.

Two games differ only in the Action cards one clan drew at the opening (some of them Secret
Missions, or none), the rest of the Action pile the same: every mail to another seat or to the
observer, every public report, the archive's public files, who is asked, the deadlines and when
each turn closes must be the same, byte for byte, until the book reveals a card of that clan (a
Secret Mission whose condition is met). What the book shows at the table, the number of cards
each clan holds, is the same in both by construction (see orders/eollis.md, "What the table sees").
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from noninterference_eollis import Transcript, opening_order, transcript

from adjudicator.games.eollis.cards import catalogue

CARDS = catalogue()
PILE = [u for u, c in CARDS.items() if c["kind"] in ("exploit", "bagarre", "mission")]
MISSIONS = [u for u in PILE if CARDS[u]["kind"] == "mission"]


def stacked_piles(deck: list[str], players: int, seat_index: int, missions: tuple[int, int]) -> Any:
    """Two Action piles: the clan ``seat_index`` draws hand A in the first, hand B in the second;
    the other hand lies at the bottom, where no draw of the compared turns reaches it."""
    ordered_missions = [u for u in deck if u in MISSIONS]
    others = [u for u in deck if u not in MISSIONS]
    na, nb = missions
    hand_a = ordered_missions[:na] + others[: 3 - na]
    hand_b = ordered_missions[na : na + nb] + others[3 - na : 6 - na - nb]
    rest = [u for u in deck if u not in hand_a and u not in hand_b]
    seats, first = opening_order(players)
    hidden = seats[seat_index]
    clockwise = seats[seats.index(first) :] + seats[: seats.index(first)]
    at = 3 * clockwise.index(hidden)  # each clan draws its 3 cards in turn, from the first
    return hidden, rest[:at] + hand_a + rest[at:] + hand_b, rest[:at] + hand_b + rest[at:] + hand_a


def first_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    for part in a:
        left, right = a[part], b[part]
        if left == right:
            continue
        if isinstance(left, dict):
            keys = sorted(set(left) | set(right))
            key = next(k for k in keys if left.get(k) != right.get(k))
            return f"{part} {key}:\n{str(left.get(key))[:3000]}\n---\n{str(right.get(key))[:3000]}"
        for x, y in zip(left, right, strict=False):
            if x != y:
                return f"{part}:\n{str(x)[:3000]}\n---\n{str(y)[:3000]}"
        return f"{part}: {len(left)} against {len(right)} items"
    return ""


def compare(a: Transcript, b: Transcript) -> int:
    turns = min(a.compared_turns, b.compared_turns)
    left, right = a.upto(turns), b.upto(turns)
    assert left == right, first_difference(left, right)
    return turns


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    deck=st.permutations(PILE),
    players=st.integers(3, 5),
    seat=st.integers(0, 4),
    missions=st.sampled_from([(1, 0), (0, 1), (2, 0), (0, 2), (1, 2), (1, 1), (0, 0)]),
    exchanges=st.integers(3, 4),
)
def test_property_a_clans_hand_and_secret_missions_change_no_byte_anyone_else_receives(
    monkeypatch: pytest.MonkeyPatch,
    deck: list[str],
    players: int,
    seat: int,
    missions: tuple[int, int],
    exchanges: int,
) -> None:
    hidden, pile_a, pile_b = stacked_piles(deck, players, seat % players, missions)
    a, texts = transcript(monkeypatch, players, pile_a, hidden, exchanges)
    b, _ = transcript(monkeypatch, players, pile_b, hidden, exchanges, texts)
    compare(a, b)


def test_a_secret_mission_at_the_opening_shows_nowhere_before_the_book_reveals_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The case of the property above that the table once showed: a clan that drew a Secret
    Mission at the opening, against the same clan without one. The others' opening mails, the
    recruitment's reports and the election's requests are the same."""
    hidden, pile_a, pile_b = stacked_piles(PILE, 4, 1, (1, 0))
    a, texts = transcript(monkeypatch, 4, pile_a, hidden, 2)
    b, _ = transcript(monkeypatch, 4, pile_b, hidden, 2, texts)
    assert compare(a, b) >= 1  # at least the recruitment's close was compared
    notices = [m for m in a.mails if m[1] == "notice"]
    observer = [m for m in a.mails if m[1] == "observer"]
    assert len(notices) == 3 and observer  # the other clans' opening notices, the observer's report
