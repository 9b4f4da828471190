"""A pirate's power said to a French clan: the card data's word (``test-bonus:2``) is the English
reader's, the French reader reads what it does, on the board's face-up pirates, in the events that
name a pirate with its card, and in the problem of a power used where it does not act."""

from __future__ import annotations

import pytest
from eollis_helpers import RULES, new_game, problems
from test_eollis_language import FR

from adjudicator.games.base import Event
from adjudicator.games.eollis.cards import POWERS
from adjudicator.games.eollis.words import POWER_WORDS, power_text
from adjudicator.games.language import ENGLISH


def test_every_power_of_the_cards_has_its_words() -> None:
    assert set(POWER_WORDS) == set(POWERS)


@pytest.mark.parametrize(
    ("effect", "french"),
    [
        ("test-bonus:2", "+2 à ses propres épreuves"),
        ("election-bonus:3", "+3 à l'élection"),
        ("brawl-bonus:2", "+2 dans la bagarre"),
        ("gold:2", "+2 or"),
        ("reroll", "une relance d'une épreuve ratée"),
        ("survive", "échappe une fois à la mort"),
        ("unknown-power:1", "unknown-power:1"),
    ],
)
def test_a_power_is_said_in_french_and_kept_as_the_datas_word_in_english(effect: str, french: str) -> None:
    assert power_text(effect, FR) == french
    assert power_text(effect, ENGLISH) == effect


def test_the_face_up_pirates_of_the_french_board_say_their_powers_in_french() -> None:
    state = new_game(4)
    view = RULES.view(state, "rouge")
    assert view["market"], "the first Expedition shows its face-up pirates"
    english, french = RULES.board_text(view), RULES.board_text(view, FR)
    for uid in view["market"]:
        card = view["cards"][uid]
        assert card["power"] in english
        assert f"{card['name']}: " in french and power_text(card["power"], FR) in french
        assert f", {card['power']}" not in french


def test_an_event_naming_a_pirate_with_its_card_says_its_power_in_french() -> None:
    recruits = Event(
        "vert recruits Toure l'Eventreuse (N1 C3 B3, election-bonus:2) - chosen among the "
        "face-up pirates, named by the clan."
    )
    laid = Event("Laid face up: Jeanne Sans-Peur (N2 C3 B2, survive).")
    assert RULES.event_text(recruits, FR) == (
        "vert recrute Toure l'Eventreuse (N1 C3 B3, +2 à l'élection) - choisi parmi les pirates face "
        "visible, nommé par le clan."
    )
    assert (
        RULES.event_text(laid, FR)
        == "Posé face visible : Jeanne Sans-Peur (N2 C3 B2, échappe une fois à la mort)."
    )
    assert RULES.event_text(recruits, ENGLISH) == recruits.text


def test_a_power_used_where_it_does_not_act_is_refused_in_french_words() -> None:
    state = new_game(3)
    seat = state["seats"][0]
    cards = state["cards"]
    uid = next(u for u in state["clans"][seat]["pirates"] if not cards[u]["power"].startswith("election"))
    found = problems(state, f"election:{seat}", f"power {cards[uid]['name']}")
    (problem,) = [p for p in found if "is not used here" in p.message]
    french = RULES.problem_text(problem, FR)
    assert power_text(cards[uid]["power"], FR) in french and cards[uid]["power"] not in french
    assert "un bonus à l'élection pendant l'élection" in french
