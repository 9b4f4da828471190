"""Cards in play: abilities, end-of-turn effects, attachments moved and kept, the prebuilt factions."""

from __future__ import annotations

import tomllib

from mc_helpers import add, asked, attach, clear_board, new_game, play, problems, texts_of

from adjudicator.games.master_commander.cards import DATA, catalogue, deck_problems, prebuilt_decks


def raid_with_flags() -> tuple[dict, dict[str, str]]:
    state = new_game()
    clear_board(state)
    uids = {
        "captain": add(state, "spanish", "galleon-captain", "characters"),
        "teniente": add(state, "spanish", "teniente", "characters"),
        "post": add(state, "english", "post-captain", "characters"),
    }
    uids["flags"] = attach(state, uids["captain"], "signal-flags", "spanish")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "oppose with post captain"})
    return state, uids


def test_ability_of_a_card_in_play_is_used_in_the_manoeuvre_segment_by_tapping_it() -> None:
    """« utiliser la capacité d'une carte en jeu »: the Spanish hold no manoeuvre but are asked."""
    state, _ = raid_with_flags()
    assert asked(state) == ["manoeuvre:spanish"]
    state, events = play(state, {"manoeuvre:spanish": "use signal flags"})
    text = texts_of(events)
    assert "spanish taps Signal Flags #" in text and "The attacker's fleet gains 1 power." in text
    assert "Battle: spanish 6 against english 6." in text  # 3 + 2 + 1 against 3 + 3: a tie


def test_a_tapped_cards_ability_cannot_be_used() -> None:
    state, uids = raid_with_flags()
    state["cards"][uids["flags"]]["tapped"] = True
    assert asked(state) == ["manoeuvre:spanish"]  # asked when the segment opened
    (found,) = problems(state, "manoeuvre:spanish", "use signal flags")
    assert "untapped card of yours in play with a battle ability" in found.message


def test_return_to_port_untaps_attachments_too() -> None:
    state = new_game()
    clear_board(state)
    captain = add(state, "spanish", "galleon-captain", "characters")
    flags = attach(state, captain, "signal-flags", "spanish")
    state["cards"][flags]["tapped"] = True
    state, _ = play(state, {"turn:spanish": "pass"})
    state, _ = play(state, {"turn:english": "pass"})
    assert not state["cards"][flags]["tapped"]


def test_an_ability_used_in_the_preparation_interval() -> None:
    state = new_game(decks="smugglers,english")
    clear_board(state)
    fence = add(state, "smugglers", "fence", "characters")
    state, events = play(state, {"turn:smugglers": "use fence"})
    assert state["cards"][fence]["tapped"] and state["players"]["smugglers"]["gold"] == 1
    assert "smugglers takes 1 gold from the reserve: Fence" in texts_of(events)

    state = new_game(decks="smugglers,english")
    clear_board(state)
    add(state, "smugglers", "fence", "characters")
    (found,) = problems(state, "turn:smugglers", "use fence\nuse fence")  # the card is tapped by the first
    assert found.line == 2 and "is tapped until your return to port" in found.message


def test_end_of_turn_effects_resolve_in_the_end_of_turn_phase() -> None:
    """ "Si un effet doit se produire en fin de tour, il se résout durant de cette phase"."""
    state = new_game()
    clear_board(state)
    haven = state["players"]["spanish"]["haven"]
    attach(state, haven, "harbour-master", "spanish")
    doublons = state["players"]["spanish"]["doublons"]
    state, events = play(state, {"turn:spanish": "pass"})
    assert "End of spanish's turn: Harbour Master #" in texts_of(events)
    assert state["players"]["spanish"]["doublons"] == doublons + 1
    state, events = play(state, {"turn:english": "pass"})  # only the active player's cards
    assert "Harbour Master" not in texts_of(events)


def test_the_optional_discard_comes_after_the_end_of_turn_effects() -> None:
    """« Si un effet doit se produire en fin de tour, il se résout durant cette phase. A la fin de
    votre tour vous pouvez défausser une carte. Ensuite, piochez »: effects, discard, draw."""
    state = new_game()
    clear_board(state)
    attach(state, state["players"]["spanish"]["haven"], "harbour-master", "spanish")
    add(state, "spanish", "cutlass", "hand")
    state, events = play(state, {"turn:spanish": "discard cutlass"})
    text = texts_of(events)
    effect = text.index("End of spanish's turn: Harbour Master #")
    discard = text.index("spanish discards Cutlass")
    draw = text.index("spanish draws")
    assert effect < discard < draw
    assert text.count("End of spanish's turn") == 1  # once, not again when the turn ends


def test_items_attached_to_a_conquered_territory_stay_and_change_controller() -> None:
    """ "Défaussez tous les soutiens attachés à ce territoire, les objets restent affectés et changent de
    contrôleur"."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "spanish", "teniente", "characters")
    azores = add(state, "english", "azores", "territories")
    spyglass = attach(state, azores, "spyglass", "english")  # an item on a place: +1 conquest
    state, events = play(state, {"turn:spanish": "raid azores with galleon captain, teniente"})
    assert "Battle: spanish 5 against english 3." in texts_of(events)
    assert azores in state["players"]["spanish"]["territories"]
    assert state["cards"][azores]["attached"] == [spyglass]
    assert spyglass in RULES_TABLE(state).in_play("spanish")  # now controlled by the conqueror
    assert state["cards"][spyglass]["owner"] == "english"  # its owner's discard pile one day


def RULES_TABLE(state: dict):
    from adjudicator.games.master_commander.table import Table

    return Table(state)


def test_a_character_is_tapped_to_move_one_of_its_cards_to_a_place() -> None:
    """ "Vous pouvez incliner un personnage pour ... attacher une de ses cartes à un lieu"."""
    state = new_game()
    clear_board(state)
    teniente = add(state, "spanish", "teniente", "characters")
    spyglass = attach(state, teniente, "spyglass", "spanish")
    state, events = play(state, {"turn:spanish": "reassign spyglass to la habana"})
    haven = state["players"]["spanish"]["haven"]
    assert state["cards"][haven]["attached"] == [spyglass]
    assert "moves Spyglass" in texts_of(events)
    assert state["cards"][teniente]["tapped"] is True  # the cost of the move


def test_moving_a_card_to_a_place_needs_its_character_untapped() -> None:
    state = new_game()
    clear_board(state)
    teniente = add(state, "spanish", "teniente", "characters", tapped=True)
    attach(state, teniente, "spyglass", "spanish")
    (found,) = problems(state, "turn:spanish", "reassign spyglass to la habana")
    assert "tapped" in found.message


def test_every_prebuilt_faction_deck_is_marked_as_the_projects_own() -> None:
    """The book names nine factions (introduction) and prints no card of any: all nine prebuilt
    decks are the project's own, each marked so at the head of its file, alike."""
    decks, cards = prebuilt_decks(), catalogue()
    nine = (
        "spanish",
        "english",
        "french",
        "brethren",
        "buccaneers",
        "filibusters",
        "smugglers",
        "slavers",
        "ghost-ship",
    )
    assert set(nine) <= set(decks)
    for deck_id in nine:
        assert deck_problems(decks[deck_id], cards) == []
        text = (DATA / f"{deck_id}.toml").read_text(encoding="utf-8")
        head = text.splitlines()[:3]
        assert head[1].startswith("# AUTHORED BY THE PROJECT: the rule book names this faction (« ")
        assert head[1].endswith("») but prints no card of it;") and "project's own" in head[2]
        haven = tomllib.loads(text)["haven"][0]
        assert haven["faction"] == deck_id
        state = new_game(decks=f"{deck_id},{'english' if deck_id == 'spanish' else 'spanish'}")
        assert state["players"][deck_id]["faction"] == deck_id
