"""The phases of a turn (book pp. 6-8): return to port, collection, events, preparation, end of turn."""

from __future__ import annotations

from mc_helpers import (
    RULES,
    add,
    attach,
    clear_board,
    new_game,
    pass_out,
    play,
    problems,
    request,
    texts_of,
)


def to_english_turn(state: dict) -> tuple[dict, list]:
    """Spanish passes; the English turn starts (return to port, collection, event phase)."""
    return play(state, {"turn:spanish": "pass"})


def test_collection_haven_territories_supports_agreements_and_the_active_event() -> None:
    state = new_game()
    clear_board(state)
    english = state["players"]["english"]
    english["doublons"] = 0
    add(state, "english", "azores", "territories")  # 1
    port_royal = add(state, "english", "port-royal", "territories")  # 2
    attach(state, port_royal, "trading-post", "english")  # +1
    add(state, "english", "spice-route", "agreements")  # 3
    english["active_event"] = add(state, "english", "prosperity", "discard")  # +1 while active
    english["discard"].remove(english["active_event"])
    state, events = to_english_turn(state)
    assert "english collects 11 doublons (now 11)." in texts_of(events)  # haven 3 + 1 + 2 + 1 + 3 + 1


def test_return_to_port_untaps_the_active_players_cards() -> None:
    state = new_game()
    clear_board(state)
    uid = add(state, "english", "boatswain", "characters", tapped=True)
    state, _ = to_english_turn(state)
    assert state["cards"][uid]["tapped"] is False


def test_event_phase_a_token_each_turn_revealed_at_its_trigger_value() -> None:
    state = new_game()
    clear_board(state)
    english = state["players"]["english"]
    galleon = add(state, "english", "treasure-galleon", "hand")  # trigger 3, on reveal 4 doublons
    english["hand"].remove(galleon)
    english["event"] = {"uid": galleon, "tokens": 2}
    old = add(state, "english", "fair-winds", "discard")
    english["discard"].remove(old)
    english["active_event"] = old
    english["doublons"] = 0
    state, events = to_english_turn(state)
    text = texts_of(events)
    assert "english reveals the event Treasure Galleon" in text
    assert state["players"]["english"]["active_event"] == galleon
    assert old in state["players"]["english"]["discard"]  # only one active event at a time
    assert state["players"]["english"]["doublons"] == 3 and state["players"]["english"]["gold"] == 2


def test_one_face_down_event_at_a_time() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "prosperity", "hand")
    add(state, "spanish", "fair-winds", "hand")
    (found,) = problems(state, "turn:spanish", "event prosperity\nevent fair winds")
    assert found.line == 2 and "already have a face-down event" in found.message


def test_actions_gain_doublons_draw_and_untap() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "smuggling-run", "hand")
    add(state, "spanish", "rum-ration", "hand")
    add(state, "spanish", "new-orders", "hand")
    tired = add(state, "spanish", "teniente", "characters", tapped=True)
    state["players"]["spanish"]["doublons"] = 0
    (found,) = problems(state, "turn:spanish", "play rum ration")
    assert "untaps one of your characters" in found.message
    state, events = play(
        state, {"turn:spanish": "play smuggling run\nplay rum ration on teniente\nplay new orders"}
    )
    text = texts_of(events)
    assert "spanish gains 3 doublons." in text and "Teniente" in text and "is untapped" in text
    assert state["cards"][tired]["tapped"] is False
    assert state["players"]["spanish"]["doublons"] == 3


def test_reassign_taps_the_receiving_character() -> None:
    state = new_game()
    clear_board(state)
    a = add(state, "spanish", "teniente", "characters")
    b = add(state, "spanish", "contramaestre", "characters")
    cutlass = attach(state, a, "cutlass", "spanish")
    state, _ = play(state, {"turn:spanish": f"reassign cutlass to #{b}"})
    assert state["cards"][b]["attached"] == [cutlass] and state["cards"][a]["attached"] == []
    assert RULES.requests(state)[0].key == "turn:english"


def test_end_of_turn_one_discard_then_draw_to_six() -> None:
    state = new_game()
    hand = list(state["players"]["spanish"]["hand"])
    state, events = play(state, {"turn:spanish": f"discard #{hand[0]}"})
    spanish = state["players"]["spanish"]
    assert hand[0] in spanish["discard"] and len(spanish["hand"]) == 6
    private = [e for e in events if e.kind == "draw"]
    assert private[0].seats == ("spanish",) and "draws" in private[0].text
    first, second = state["players"]["english"]["hand"][:2]
    (found,) = problems(state, "turn:english", f"discard #{first}\ndiscard #{second}")
    assert found.line == 2 and "only one card" in found.message


def test_a_turn_with_nothing_is_a_pass_and_the_next_player_plays() -> None:
    state = new_game(3)
    state, _ = play(state, {})
    assert [r.key for r in RULES.requests(state)] == ["turn:english"]
    state, _ = play(state, {"turn:english": "pass"})
    state, _ = play(state, {"turn:french": "pass"})
    assert state["round"] == 2 and RULES.label(state) == "Turn 4, spanish"


def test_a_card_of_the_wrong_kind_is_named_as_such() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "cutlass", "hand")
    (found,) = problems(state, "turn:spanish", "play cutlass")
    assert "is an item, not an action" in found.message and found.line == 1


def test_wait_splits_the_turn_the_player_decides_the_rest_after_the_outcome() -> None:
    """The book has the player go on after seeing a battle's outcome: 'wait' asks for the rest."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "spanish", "teniente", "characters")
    add(state, "english", "boatswain", "characters")
    state["players"]["spanish"]["doublons"] = 10
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente\nbuy 1 gold\nwait"})
    state, events = play(state, {"defend:english": "no opposition"})
    assert "Battle: spanish 5 against english 3." in texts_of(events)
    follow_up = request(state, "turn:spanish")
    assert follow_up.label.endswith("the rest of your turn") and "buy 1 gold" in follow_up.default
    assert state["players"]["spanish"]["gold"] == 0  # the purchase waits
    state, events = play(state, {"turn:spanish": "buy 2 gold"})  # decided after the outcome
    assert state["players"]["spanish"]["gold"] == 2
    assert [r.key for r in RULES.requests(state)] == ["turn:english"]


def test_the_rest_of_a_turn_cannot_go_back_to_an_earlier_phase() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "spanish", "teniente", "characters")
    add(state, "spanish", "cutlass", "hand")
    add(state, "english", "boatswain", "characters")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente\nwait"})
    state, _ = play(state, {"defend:english": "no opposition"})
    state, _ = pass_out(state)  # the Spanish hold a card: asked in both segments; they pass
    (found,) = problems(state, "turn:spanish", "attach cutlass to teniente")
    assert "the preparation interval is over" in found.message


def test_without_wait_the_written_orders_run_after_the_moment_unasked() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "galleon-captain", "characters")
    add(state, "spanish", "teniente", "characters")
    add(state, "english", "boatswain", "characters")
    state["players"]["spanish"]["doublons"] = 10
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente\nbuy 1 gold"})
    state, _ = play(state, {"defend:english": "no opposition"})
    assert state["players"]["spanish"]["gold"] == 1  # bought after the raid, without a new request
    assert [r.key for r in RULES.requests(state)] == ["turn:english"]


def test_a_phase_order_refusal_says_the_character_comes_into_play_in_a_later_phase() -> None:
    """The orders run in the book's phase order: an exploration (raid interval) cannot use a
    character recruited in the same turn (recruitment); the problem says so, not "there is none"."""
    state = new_game()
    clear_board(state)
    add(state, "spanish", "teniente", "tavern")
    state["players"]["spanish"]["doublons"] = 10
    (found,) = problems(state, "turn:spanish", "explore with teniente\nrecruit teniente")
    assert found.line == 1 and "there is none" not in found.message
    assert "'teniente' comes into play only in the recruitment ('recruit teniente', line 2)" in found.message
    assert "after the raid interval" in found.message
    (found,) = problems(state, "turn:spanish", "recruit teniente\nattach cutlass to teniente")
    assert found.line == 2 and "'cutlass' is not" in found.message  # no cutlass in hand: that is why
    add(state, "spanish", "cutlass", "hand")
    (found,) = problems(state, "turn:spanish", "recruit teniente\nattach cutlass to teniente")
    assert "'teniente' comes into play only in the recruitment" in found.message
    assert "after the preparation interval" in found.message
