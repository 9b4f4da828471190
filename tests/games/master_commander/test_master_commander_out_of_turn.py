"""« Un joueur peut utiliser des effets de cartes en jeu qu'il contrôle durant son tour ou celui d'un
adversaire. Si aucune phase n'est précisée sur la carte, vous pouvez l'utiliser à votre grés lors de
n'importe quelle phase » (book, "Timing"): abilities in any answer, standing uses, any phase."""

from __future__ import annotations

import pytest
from mc_helpers import RULES, add, asked, attach, clear_board, new_game, play, problems, texts_of

from adjudicator.games.master_commander.orders import order_text, parse


def english_raids_smugglers(defender_chars: tuple[str, ...] = ("lookout",)) -> tuple[dict, dict[str, str]]:
    """English (first to play) raids the Smugglers' haven; the Smugglers hold a Fence (ability: 1 gold)."""
    state = new_game(decks="english,smugglers")
    clear_board(state)
    uids = {
        "post": add(state, "english", "post-captain", "characters"),
        "fence": add(state, "smugglers", "fence", "characters"),
    }
    for card_id in defender_chars:
        uids[card_id] = add(state, "smugglers", card_id, "characters")
    state, _ = play(state, {"turn:english": "raid smugglers with post captain"})
    assert asked(state) == ["defend:smugglers"]
    return state, uids


def test_an_ability_may_be_used_during_an_opponents_turn_in_any_answer() -> None:
    """The defender's answer carries a use: the card taps and its effect resolves, out of its turn."""
    state, _ = english_raids_smugglers()
    reserve = state["gold_reserve"]
    state, events = play(state, {"defend:smugglers": "use fence\noppose with lookout"})
    text = texts_of(events)
    assert "smugglers taps Fence #" in text and "uses its ability (out of its turn)" in text
    assert state["players"]["smugglers"]["gold"] == 1 and state["gold_reserve"] == reserve - 1
    assert "smugglers opposes with Lookout" in text  # the rest of the answer stands
    assert text.index("uses its ability") < text.index("smugglers opposes") < text.index("Turn 2")


def test_an_ability_used_in_an_answer_resolves_before_the_rest_of_the_answer() -> None:
    """A character tapped for its ability can no longer be sent into the battle in the same answer."""
    state, _ = english_raids_smugglers(("smuggler-captain",))
    (found,) = problems(state, "defend:smugglers", "use fence\noppose with fence")
    assert found.line == 2 and "untapped character of smugglers" in found.message


def test_a_tapped_card_cannot_be_used_again_until_its_controllers_return_to_port() -> None:
    state, uids = english_raids_smugglers()
    state["cards"][uids["fence"]]["tapped"] = True
    (found,) = problems(state, "defend:smugglers", "use fence")
    assert "is tapped until your return to port" in found.message


def test_a_battle_ability_is_used_in_a_battle_not_in_other_answers() -> None:
    state, uids = english_raids_smugglers()
    attach(state, uids["lookout"], "signal-flags", "smugglers")
    (found,) = problems(state, "defend:smugglers", "use signal flags")
    assert "battle ability" in found.message and "manoeuvre segment" in found.suggestion
    (found,) = problems(state, "defend:smugglers", "use fence on post captain")
    assert found.kind == "invalid" and "no target" in found.message


def test_a_standing_use_is_applied_at_the_end_of_each_opponents_turn() -> None:
    """The referee uses the card for its controller at the moment named, with no request."""
    state = new_game(decks="english,smugglers")
    clear_board(state)
    fence = add(state, "smugglers", "fence", "characters")
    state, _ = play(state, {"turn:english": "pass"})
    state, events = play(state, {"turn:smugglers": "standing use fence at end of opponents' turns"})
    assert RULES.view(state, "smugglers")["you"]["standing"]["use:" + fence]["moment"] == "end"
    assert RULES.view(state, "english")["you"]["standing"] == {}  # each seat's own secret
    assert not state["cards"][fence]["tapped"] and state["players"]["smugglers"]["gold"] == 0
    assert asked(state) == ["turn:english"]  # no new request
    state, events = play(state, {"turn:english": "pass"})
    text = texts_of(events)
    assert "smugglers's standing answer: use Fence #" in text and "at the end of english's turn" in text
    assert state["players"]["smugglers"]["gold"] == 1
    assert text.index("smugglers takes 1 gold") < text.index("Turn 4")  # before the Smugglers' turn
    assert not state["cards"][fence]["tapped"]  # its controller's return to port untapped it since


def test_a_card_used_in_its_own_turn_is_not_used_again_in_the_opponents_turn() -> None:
    """Tapped by its use, the card is not untapped before its controller's next return to port."""
    state = new_game(decks="english,smugglers")
    clear_board(state)
    add(state, "smugglers", "fence", "characters")
    state, _ = play(state, {"turn:english": "pass"})
    state, _ = play(state, {"turn:smugglers": "use fence\nstanding use fence"})
    assert state["players"]["smugglers"]["gold"] == 1
    state, events = play(state, {"turn:english": "pass"})
    assert "standing answer: use Fence" not in texts_of(events)
    assert state["players"]["smugglers"]["gold"] == 1


def test_a_standing_use_at_the_start_of_an_opponents_turn_taps_the_character_before_its_orders() -> None:
    state = new_game(decks="english,smugglers")
    clear_board(state)
    fence = add(state, "smugglers", "fence", "characters")
    state, _ = play(state, {"turn:english": "pass"})
    state, _ = play(state, {"turn:smugglers": "standing use fence at start of opponents' turns"})
    assert state["cards"][fence]["tapped"] and state["players"]["smugglers"]["gold"] == 1
    assert asked(state) == ["turn:english"]  # used before the English write their turn
    state, _ = play(state, {"turn:english": "pass"})
    state, _ = play(state, {"turn:smugglers": "standing stop using fence"})
    state, _ = play(state, {"turn:english": "pass"})
    assert state["players"]["smugglers"]["gold"] == 1  # withdrawn before the start of turn 5


def test_a_standing_use_names_a_card_with_an_ability_usable_outside_battles() -> None:
    state = new_game(decks="smugglers,english")
    clear_board(state)
    lookout = add(state, "smugglers", "lookout", "characters")
    attach(state, lookout, "signal-flags", "smugglers")
    (found,) = problems(state, "turn:smugglers", "standing use signal flags")
    assert "no ability usable outside battles" in found.message
    (found,) = problems(state, "turn:smugglers", "standing use lookout")
    assert "no ability usable outside battles" in found.message


def test_an_ability_may_be_used_at_any_phase_of_ones_own_turn() -> None:
    """A use runs in the phase of the order written before it: here after the recruitment."""
    state = new_game(decks="smugglers,english")
    clear_board(state)
    add(state, "smugglers", "fence", "characters")
    state["players"]["smugglers"]["tavern"] = [add(state, "smugglers", "runner", "crew")]
    state["players"]["smugglers"]["crew"].remove(state["players"]["smugglers"]["tavern"][0])
    state, events = play(state, {"turn:smugglers": "recruit runner\nuse fence"})
    text = texts_of(events)
    assert text.index("smugglers recruits Runner") < text.index("smugglers taps Fence")


@pytest.mark.parametrize(
    ("line", "moment"),
    [
        ("standing use fence", "end"),
        ("standing use fence at start", "start"),
        ("standing use fence at the end of each opponent's turn", "end"),
        ("standing use #12 at start of opponents turns", "start"),
        ("standing use fence in opponents' turns", "end"),
        ("standing stop using fence", "never"),
    ],
)
def test_standing_use_lines_read_back_from_their_canonical_text(line: str, moment: str) -> None:
    (order,) = parse("turn", line).orders
    assert order["moment"] == moment and order["card"] in ("fence", "#12")
    assert parse("turn", order_text(order)).orders == [order]


def test_a_use_in_an_answer_is_refused_where_it_means_something_else() -> None:
    """The mulligan is before any turn; in a manoeuvre answer ``use`` plays a battle ability."""
    (problem,) = parse("mulligan", "use fence").problems
    assert problem.line == 1 and "valid orders here" in problem.suggestion
    assert [o["verb"] for o in parse("offer", "use fence\noffer 3").orders] == ["use", "offer"]
