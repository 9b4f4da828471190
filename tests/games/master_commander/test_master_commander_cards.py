"""The original card set and the deck-building rules ("Comment personnaliser son deck ?")."""

from __future__ import annotations

from pathlib import Path

import pytest
from mc_helpers import RULES

from adjudicator.games.base import OptionError
from adjudicator.games.master_commander.cards import (
    SEVEN_SEAS,
    CardError,
    catalogue,
    deck_lists,
    deck_problems,
    prebuilt_decks,
    read_card_file,
)


def test_at_least_four_factions_each_with_a_haven_and_a_prebuilt_deck() -> None:
    decks = prebuilt_decks()
    cards = catalogue()
    assert {"spanish", "english", "french", "brethren"} <= set(decks)
    factions = {cards[d["haven"]]["faction"] for d in decks.values()}
    assert len(factions) == len(decks) >= 4


@pytest.mark.parametrize("deck_id", sorted(prebuilt_decks()))
def test_every_prebuilt_deck_meets_the_deck_building_minimums(deck_id: str) -> None:
    deck = prebuilt_decks()[deck_id]
    cards = catalogue()
    assert deck_problems(deck, cards) == []
    lists = deck_lists(deck)
    assert (
        len(lists["characters"]) >= 10 and len(lists["territories"]) >= 10 and len(lists["adventure"]) >= 45
    )
    seas = {cards[t]["sea"] for t in lists["territories"]} | {cards[lists["haven"]]["sea"]}
    assert seas == set(SEVEN_SEAS)  # the seven seas can be reached from any deck


def test_deck_problems_lists_every_broken_rule() -> None:
    deck = {
        "id": "bad",
        "haven": "havana",
        "characters": {"post-captain": 6, "teniente": 3},
        "territories": {"azores": 9},
        "adventure": {"cutlass": 44, "nonsense": 1},
    }
    found = deck_problems(deck, catalogue())
    text = "; ".join(found)
    assert "9 characters: at least 10" in text
    assert "9 territories: at least 10" in text
    assert "unknown card 'nonsense'" in text
    assert "majority must be of the haven's faction" in text


def test_a_card_outside_the_vocabulary_is_refused() -> None:
    with pytest.raises(CardError, match="not in the vocabulary"):
        read_card_file('[[adventure]]\nid = "x"\nkind = "action"\neffect = { teleport = 1 }\n')


CLUB_DECK = """
[[adventure]]
id = "club-grog"
name = "Club Grog"
kind = "action"
effect = { doublons = 2 }

[deck]
id = "club"
name = "Club Spanish"
haven = "havana"
characters = { galleon-captain = 4, teniente = 4, anne-bonny = 2 }
territories = { azores = 5, malta = 5 }
adventure = { cutlass = 40, club-grog = 5 }
"""


def test_a_club_deck_with_its_own_cards_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(CLUB_DECK, encoding="utf-8")
    options = RULES.parse_options({"decks": "spanish,english", "deck.spanish": str(path)})
    assert options["custom"]["spanish"]["cards"]["club-grog"]["effect"] == {"doublons": 2}
    from adjudicator.games.dice import Dice

    state = RULES.setup(options, RULES.seat_names(options), Dice(b"club"))
    ids = {
        state["cards"][u]["id"]
        for u in state["players"]["spanish"]["deck"] + state["players"]["spanish"]["hand"]
    }
    assert ids == {"cutlass", "club-grog"}


def test_a_club_deck_breaking_the_rules_is_an_option_error(tmp_path: Path) -> None:
    path = tmp_path / "thin.toml"
    path.write_text(CLUB_DECK.replace("cutlass = 40", "cutlass = 30"), encoding="utf-8")
    with pytest.raises(OptionError, match="35 adventure cards: at least 45"):
        RULES.parse_options({"decks": "spanish,english", "deck.spanish": str(path)})


def test_options_say_what_is_valid() -> None:
    every = "brethren, buccaneers, english, filibusters, french, ghost-ship, slavers, smugglers, spanish"
    with pytest.raises(OptionError, match=f"prebuilt decks: {every}"):
        RULES.parse_options({"decks": "spanish,dutch"})
    with pytest.raises(OptionError, match="2 to 5"):
        RULES.parse_options({"players": "6"})
    with pytest.raises(OptionError, match="valid options"):
        RULES.parse_options({"colour": "red"})
    with pytest.raises(OptionError, match="no seat 'dutch'"):
        RULES.parse_options({"deck.dutch": "x.toml"})


def test_seat_names_follow_the_decks() -> None:
    assert RULES.seat_names(RULES.parse_options({})) == ["spanish", "english", "french"]
    assert RULES.seat_names(RULES.parse_options({"decks": "french,french"})) == ["french", "french-2"]
