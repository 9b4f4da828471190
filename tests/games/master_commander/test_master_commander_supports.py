"""« Quand un personnage quitte le jeu, est capturé ou rallié par un adversaire, tous ses objets sont
défaussés et ses soutiens peuvent être réassignés à une cible légale en jeu – s'il n'y en a pas,
défaussez-les » (book, "Personnage mort, capturé, rallié par un adversaire"): supports.py."""

from __future__ import annotations

from mc_helpers import RULES, add, asked, attach, clear_board, new_game, pass_out, play, problems, texts_of


def spanish_raid_lost(spanish: list[str]) -> tuple[dict, dict[str, str]]:
    """The Spanish characters (the first holds an Interpreter, a character support) and a Post Captain."""
    state = new_game()
    clear_board(state)
    uids = {card_id: add(state, "spanish", card_id, "characters") for card_id in spanish}
    uids["post"] = add(state, "english", "post-captain", "characters")
    uids["interpreter"] = attach(state, uids[spanish[0]], "interpreter", "spanish")
    for p in state["players"].values():
        p["doublons"] = 10
    return state, uids


def capture_teniente(state: dict, turn: str) -> tuple[dict, str]:
    state, _ = play(state, {"turn:spanish": turn})
    state, events = play(state, {"defend:english": "oppose with post captain\ncapture teniente"})
    state, more = pass_out(state)
    return state, texts_of(events + more)


def test_the_player_chooses_where_the_supports_of_a_character_leaving_play_go() -> None:
    state, uids = spanish_raid_lost(["teniente", "contramaestre", "segundo"])
    turn = "standing supports of teniente to segundo\nraid english with teniente"
    state, text = capture_teniente(state, turn)
    assert uids["teniente"] in state["players"]["english"]["captured"]
    assert state["cards"][uids["segundo"]]["attached"] == [uids["interpreter"]]
    assert state["cards"][uids["contramaestre"]]["attached"] == []
    assert "is reassigned from Teniente" in text and "to Segundo #" in text


def test_by_default_supports_go_to_the_first_character_in_play_order_whatever_the_names() -> None:
    """The default depends on the order the characters came into play, never on names or numbers."""
    for later, earlier in (("contramaestre", "segundo"), ("segundo", "contramaestre")):
        state, uids = spanish_raid_lost(["teniente", later, earlier])
        chars = state["players"]["spanish"]["characters"]
        chars.remove(uids[earlier])
        chars.insert(0, uids[earlier])  # came into play before the others, with a later card number
        assert int(uids[earlier]) > int(uids[later])
        state, _ = capture_teniente(state, "raid english with teniente")
        assert state["cards"][uids[earlier]]["attached"] == [uids["interpreter"]]


def test_a_chosen_holder_without_command_to_spare_falls_back_to_the_default() -> None:
    state, uids = spanish_raid_lost(["teniente", "contramaestre", "segundo"])
    attach(state, uids["segundo"], "cutlass", "spanish")  # command 1, now full
    turn = "standing supports of teniente to segundo\nraid english with teniente"
    state, text = capture_teniente(state, turn)
    assert "cannot take Interpreter" in text
    assert state["cards"][uids["contramaestre"]]["attached"] == [uids["interpreter"]]


def test_supports_with_no_legal_holder_are_discarded() -> None:
    state, uids = spanish_raid_lost(["teniente"])
    state, _ = capture_teniente(state, "raid english with teniente")
    assert uids["interpreter"] in state["players"]["spanish"]["discard"]


def test_a_standing_supports_answer_names_a_character_and_a_holder_of_ones_own() -> None:
    state, _ = spanish_raid_lost(["teniente", "contramaestre"])
    (found,) = problems(state, "turn:spanish", "standing supports of post captain to contramaestre")
    assert "a character of spanish in activity" in found.message
    (found,) = problems(state, "turn:spanish", "standing supports of teniente to teniente")
    assert "another character or a place you control" in found.message
    assert not problems(state, "turn:spanish", "standing supports of teniente to la habana")
    state, _ = play(state, {"turn:spanish": "standing supports of teniente to la habana"})
    standing = RULES.view(state, "spanish")["you"]["standing"]
    assert [v["verb"] for v in standing.values()] == ["standing-supports"]
    assert RULES.view(state, "english")["you"]["standing"] == {}
    assert asked(state) == ["turn:english"]


def test_a_malformed_standing_supports_line_is_a_problem_and_the_good_lines_stay() -> None:
    from adjudicator.games.master_commander.orders import order_text, parse

    parsed = parse("defend", "no opposition\nstanding supports teniente\nstanding supports of #3 on #4")
    (problem,) = parsed.problems
    assert problem.line == 2 and problem.kind == "invalid" and "standing supports of" in problem.suggestion
    kept = parsed.orders
    assert [o["verb"] for o in kept] == ["no-opposition", "standing-supports"]
    assert order_text(kept[1]) == "standing supports of #3 to #4"
