"""Setup, the mulligan, hidden hands, attachments, and whole games of bots."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from mc_helpers import RULES, add, attach, bot_game, clear_board, new_game, play, problems

from adjudicator.games.dice import Dice
from adjudicator.games.master_commander.cards import deck_lists, prebuilt_decks
from adjudicator.games.master_commander.icroe import COMPANY_BASE_GOLD, GOLD_TOKENS


def test_setup_havens_piles_tavern_five_doublons_six_cards_and_a_mulligan_request() -> None:
    options = RULES.parse_options({"players": "3"})
    dice = Dice(b"setup")
    state = RULES.setup(options, RULES.seat_names(options), dice)
    keys = {roll.key for roll in dice.log}
    assert {
        "first-player",
        "shuffle:crew:1",
        "shuffle:exploration:3",
        "shuffle:adventure:2",
    } <= keys
    for p in state["players"].values():
        assert len(p["tavern"]) == 3 and len(p["hand"]) == 6 and p["doublons"] == 5 and p["gold"] == 0
        assert len(p["exploration"]) == 10
    assert state["company_gold"] == COMPANY_BASE_GOLD + 3
    assert sorted(r.key for r in RULES.requests(state)) == [
        "mulligan:english",
        "mulligan:french",
        "mulligan:spanish",
    ]
    again = RULES.setup(options, RULES.seat_names(options), Dice(b"setup"))
    assert again == state  # the shuffles are keyed dice: same seed, same game


def test_first_player_is_drawn_by_the_dice() -> None:
    options = RULES.parse_options({"players": "3"})
    state = RULES.setup(options, RULES.seat_names(options), Dice(b"x", pins={"first-player": 3}))
    assert state["order"] == ["french", "spanish", "english"]


def test_mulligan_once_cards_under_the_deck_and_draw_back_to_six() -> None:
    options = RULES.parse_options({"players": "2"})
    state = RULES.setup(options, RULES.seat_names(options), Dice(b"m", pins={"first-player": 1}))
    old_hand = list(state["players"]["spanish"]["hand"])
    next_six = state["players"]["spanish"]["deck"][:6]
    state, events = play(state, {"mulligan:spanish": "mulligan all", "mulligan:english": "keep"})
    spanish = state["players"]["spanish"]
    assert spanish["hand"][:6] == next_six
    assert spanish["deck"][-6:] == old_hand
    assert [r.key for r in RULES.requests(state)] == ["turn:spanish"]
    private = [e for e in events if e.kind == "draw"]
    assert private and all(e.seats == ("spanish",) for e in private)


def test_view_hides_other_hands_decks_and_face_down_events() -> None:
    state = new_game()
    spanish = state["players"]["spanish"]
    for uid in [u for u in spanish["hand"] if state["cards"][u]["id"] == "treasure-galleon"]:
        spanish["hand"].remove(uid)  # the Spanish seat's own copy would be on its board
        spanish["deck"].append(uid)
    event = add(state, "english", "treasure-galleon", "hand")
    state["players"]["english"]["hand"].remove(event)
    state["players"]["english"]["event"] = {"uid": event, "tokens": 1}
    view = RULES.view(state, "spanish")
    english = view["players"]["english"]
    assert english["hand"] == len(state["players"]["english"]["hand"]) and english["deck"] > 0
    assert english["event"] == {"tokens": 1}
    assert view["you"]["hand"] == state["players"]["spanish"]["hand"]
    assert set(view["you"]["cards"]) == set(state["players"]["spanish"]["hand"])
    assert view["players"]["spanish"]["deck"] == len(state["players"]["spanish"]["deck"])
    assert set(view) - {"you"} == set(RULES.view(state, None)) - {"you"}
    assert {k for k in view if view[k] != RULES.view(state, None)[k]} == {"you"}  # only "you" is private
    hidden = state["players"]["english"]["hand"] + state["players"]["english"]["deck"] + [event]
    assert not set(hidden) & set(view["cards"])
    public = RULES.view(state, None)
    assert isinstance(public["players"]["spanish"]["hand"], int) and public["you"] is None
    board = RULES.board_text(view)
    assert f"hand: {english['hand']} cards" in board  # the English hand shown as a count only
    assert "face-down event: face down, 1 token(s)" in board
    assert "India Company" in board and "ICROE" in board
    assert "Treasure Galleon" not in board


def test_attachments_past_the_command_value_are_a_problem() -> None:
    state = new_game()
    clear_board(state)
    teniente = add(state, "spanish", "teniente", "characters")  # command 1
    add(state, "spanish", "cutlass", "hand")
    add(state, "spanish", "spyglass", "hand")
    state["players"]["spanish"]["doublons"] = 10
    (found,) = problems(state, "turn:spanish", "attach cutlass to teniente\nattach spyglass to teniente")
    assert found.line == 2 and "command 1" in found.message
    attach(state, teniente, "officers-commission", "spanish")  # command +1, now holds one
    assert problems(state, "turn:spanish", "attach cutlass to teniente") == []


def test_an_order_no_longer_legal_after_a_sealed_moment_is_skipped_with_an_event() -> None:
    state = new_game()
    clear_board(state)
    add(state, "spanish", "anne-bonny", "tavern")
    add(state, "english", "anne-bonny", "characters")
    add(state, "spanish", "teniente", "tavern")
    state["players"]["spanish"]["doublons"] = 6
    state, _ = play(state, {"turn:spanish": "rally anne bonny\nrecruit teniente"})  # 3 + 3 doublons
    state, events = play(state, {"bid:spanish": "bid 2", "bid:english": "bid 0"})
    skipped = [e.text for e in events if e.kind == "order-skipped"]
    assert skipped and "recruit teniente" in skipped[0]


def named_once(state: dict[str, Any]) -> None:
    names = Counter(
        state["catalogue"][state["cards"][u]["id"]]["name"]
        for p in state["players"].values()
        for u in p["characters"] + p["captured"]
        if not state["cards"][u].get("recruit") and state["catalogue"][state["cards"][u]["id"]].get("named")
    )
    assert all(n == 1 for n in names.values()), names


def every_card_in_one_place(state: dict[str, Any]) -> None:
    seen: Counter[str] = Counter()
    for p in state["players"].values():
        for zone in ("deck", "hand", "discard", "crew", "tavern", "exploration", "characters"):
            seen.update(p[zone])
        for zone in ("territories", "agreements", "captured", "dead"):
            seen.update(p[zone])
        seen[p["haven"]] += 1
        if p["event"]:
            seen[p["event"]["uid"]] += 1
        if p["active_event"]:
            seen[p["active_event"]] += 1
    for inst in state["cards"].values():
        seen.update(inst["attached"])
    battle = state.get("battle")
    if battle and battle.get("duel"):
        for played in battle["duel"]["played"].values():
            seen.update(played)
    if state.get("referendum"):
        seen[state["referendum"]["agreement"]] += 1
    assert set(seen) == set(state["cards"]) and all(n == 1 for n in seen.values()), [
        (u, n) for u, n in seen.items() if n != 1
    ]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_property_whole_games_keep_the_books(seed: int, players: int) -> None:
    """Doublons and gold never negative; Company + reserve + players' gold conserved; named unique."""
    total_gold = GOLD_TOKENS
    steps = [0]

    def each(state: dict[str, Any]) -> None:
        steps[0] += 1
        for p in state["players"].values():
            assert p["doublons"] >= 0 and p["gold"] >= 0
        held = sum(p["gold"] for p in state["players"].values())
        assert state["company_gold"] + state["gold_reserve"] + held == total_gold
        named_once(state)
        every_card_in_one_place(state)
        for seat in state["players"] if steps[0] % 4 == 0 else ():  # the views are dearer: one step in 4
            view = RULES.view(state, seat)
            for other, p in state["players"].items():
                if other != seat:
                    assert not set(p["hand"]) & (set(view["cards"]) | set(view["you"]["cards"]))

    state = bot_game(seed, players, each)
    assert RULES.outcome(state) is not None


def test_three_bots_play_to_a_victory() -> None:
    state = bot_game(7, 3)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners and "turn limit" not in outcome.reason


def test_board_svg_draws_every_seat_and_the_seas_they_hold() -> None:
    import xml.etree.ElementTree as ET

    state = new_game(3)
    add(state, "english", "macao", "territories")
    svg = RULES.board_svg(RULES.view(state, None))
    assert svg is not None
    root = ET.fromstring(svg)
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any(t.startswith("english: 0 gold") for t in texts) and any("ICROE" in t for t in texts)
    circles = list(root.iter("{http://www.w3.org/2000/svg}circle"))
    assert len(circles) == 3 + 1  # three havens in the Caribbean, Macao in the China sea


def test_new_recruits_and_barren_islands_show_only_their_verso() -> None:
    state = new_game()
    clear_board(state)
    state["players"]["spanish"]["gold"] = 1
    top = state["players"]["spanish"]["crew"][0]
    state, events = play(state, {"turn:spanish": "enlist"})
    for seat in ("spanish", "english", None):
        assert RULES.view(state, seat)["cards"][top]["id"] == "new-recruit"
    real = state["catalogue"][state["cards"][top]["id"]]["name"]
    assert real not in "\n".join(e.text for e in events if e.seats is None)
    assert "New Recruit" in RULES.board_text(RULES.view(state, "english"))


def _game_with_crew_swap(swap: bool) -> dict[str, Any]:
    """Two games alike in all but which of two characters lies 4th in the Spanish crew pile.

    The keyed Fisher-Yates shuffle of n characters: the roll for i = 4 (a d5) swaps positions 4 and
    3 or not, and the rolls for i = 3, 2, 1 are pinned to swap nothing.
    """
    n = len(deck_lists(prebuilt_decks()["spanish"])["characters"])
    key = "shuffle:crew:1#"
    pins: dict[str, Any] = {"first-player": 1, f"{key}{n - 5}": 4 if swap else 5}
    pins.update({f"{key}{n - 4}": 4, f"{key}{n - 3}": 3, f"{key}{n - 2}": 2})
    options = RULES.parse_options({"players": "2"})
    state = RULES.setup(options, RULES.seat_names(options), Dice(b"verso", pins=pins))
    state, _ = play(state, {})
    return state


def test_an_opponents_view_of_a_face_down_card_is_identical_whatever_the_card_is() -> None:
    """ "Tous les personnages ont le même verso": a new recruit's number and face reveal nothing."""
    games = [_game_with_crew_swap(False), _game_with_crew_swap(True)]
    tops = [g["players"]["spanish"]["crew"][0] for g in games]
    ids = [g["cards"][t]["id"] for g, t in zip(games, tops, strict=True)]
    assert ids[0] != ids[1]  # the card on top of the crew pile differs between the two games
    views = []
    for g in games:
        g["players"]["spanish"]["gold"] = 1
        g, events = play(g, {"turn:spanish": "enlist"})
        views.append((RULES.view(g, "english"), [e.text for e in events if e.seats in (None, ("english",))]))
    assert views[0] == views[1]
    assert RULES.view(games[0], "english") != RULES.view(games[0], "spanish")  # the Spanish seat does know


def test_standing_answers_are_seen_by_their_seat_only() -> None:
    state = new_game()
    state, _ = play(state, {"turn:spanish": "standing never oppose"})
    assert RULES.view(state, "spanish")["you"]["standing"] == {
        "defend": {"verb": "standing", "what": "never-oppose"}
    }
    english = RULES.view(state, "english")
    assert "standing" not in english and english["you"]["standing"] == {}
    assert "never" not in str(RULES.view(state, None))
