"""Standing answers: given in advance, they answer a request before it is asked."""

from __future__ import annotations

from mc_helpers import RULES, add, asked, clear_board, new_game, play, problems, texts_of


def three_seats() -> dict:
    state = new_game(3)
    clear_board(state)
    for p in state["players"].values():
        p["doublons"] = 10
    return state


def test_standing_never_oppose_answers_every_defence() -> None:
    state = three_seats()
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "english", "post-captain", "characters")
    state["standing"] = {}
    state, _ = play(state, {"turn:spanish": "pass"})
    state, _ = play(state, {"turn:english": "standing never oppose"})
    state, _ = play(state, {"turn:french": "pass"})
    state, events = play(state, {"turn:spanish": "raid english with galleon captain"})
    assert "english's standing answer: no opposition." in texts_of(events)
    assert "defend:english" not in asked(state)


def test_standing_ally_with_a_seat_sends_every_character_that_may_engage() -> None:
    state = three_seats()
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "english", "post-captain", "characters")
    lieutenant = add(state, "french", "lieutenant-de-vaisseau", "characters")
    state, _ = play(state, {"turn:spanish": "pass"})
    state, _ = play(state, {"turn:english": "pass"})
    state, _ = play(state, {"turn:french": "standing ally with spanish"})
    state, events = play(state, {"turn:spanish": "raid english with galleon captain allies french"})
    assert "french's standing answer: send" in texts_of(events)
    assert lieutenant in state["battle"]["fleet"]["attacker"]
    assert asked(state) == ["defend:english"]


def test_standing_never_ally_declines_without_being_asked() -> None:
    state = three_seats()
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "french", "lieutenant-de-vaisseau", "characters")
    add(state, "english", "post-captain", "characters")
    state, _ = play(state, {"turn:spanish": "pass"})
    state, _ = play(state, {"turn:english": "pass"})
    state, _ = play(state, {"turn:french": "standing never ally"})
    state, events = play(state, {"turn:spanish": "raid english with galleon captain allies french"})
    assert "french's standing answer: decline." in texts_of(events)
    assert "french declines to help spanish." in texts_of(events)


def test_standing_pass_manoeuvres_below_a_threshold() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "english", "post-captain", "characters")
    state, _ = play(state, {"turn:spanish": "pass"})
    state, _ = play(state, {"turn:english": "standing pass manoeuvres below 2"})
    clear_board(state)  # the hands drawn back to 6 at the end of the turns
    add(state, "english", "weather-gauge", "hand")  # an engagement manoeuvre of power 1
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain"})
    state, events = play(state, {"defend:english": "oppose with post captain"})
    assert "english's standing answer: pass." in texts_of(events)
    assert not any(k.startswith("manoeuvre:") for k in asked(state))


def test_standing_pass_reactions_keeps_a_player_without_characters_out_of_the_ballot() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "teniente", "characters")
    add(state, "spanish", "trade-treaty", "hand")
    add(state, "english", "bought-delegate", "hand")
    state, _ = play(state, {"turn:spanish": "pass"})
    state, _ = play(state, {"turn:english": "standing pass reactions"})
    for p in state["players"].values():
        p["hand"] = [u for u in p["hand"] if state["cards"][u]["id"] in ("trade-treaty", "bought-delegate")]
    state, _ = play(state, {"turn:spanish": "agreement trade treaty by teniente"})
    assert asked(state) == ["vote:spanish"]


def test_standing_clear_forgets_every_standing_answer() -> None:
    state = new_game()
    state, _ = play(state, {"turn:spanish": "standing never oppose\nstanding never ally"})
    assert set(state["standing"]["spanish"]) == {"defend", "ally"}
    state, _ = play(state, {"turn:english": "pass"})
    state, _ = play(state, {"turn:spanish": "standing clear"})
    assert state["standing"]["spanish"] == {}


def test_a_standing_answer_naming_no_seat_is_a_problem() -> None:
    state = new_game()
    (found,) = problems(state, "turn:spanish", "pass\nstanding ally with dutch")
    assert found.line == 2 and "no seat named 'dutch'" in found.message


def test_standing_answers_parse_and_print_back() -> None:
    from adjudicator.games.master_commander.orders import canonical, parse

    text = (
        "standing never oppose\nstanding ally with french\nstanding never ally\nstanding vote for english\n"
        "standing sell to the best offer\nstanding pass manoeuvres below 2\nstanding pass reactions\n"
        "standing clear\n"
    )
    parsed = parse("turn", text)
    assert parsed.ok and len(parsed.orders) == 8
    assert parse("turn", canonical(parsed.orders)).orders == parsed.orders
    assert not parse("turn", "standing always oppose").ok
    assert RULES.parse(next(iter(RULES.requests(new_game()))), "standing pass manoeuvres below x").problems
