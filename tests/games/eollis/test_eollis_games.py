"""Whole games of bots: they end after three Expeditions, keep the books, never depend on names, never
show a hand or a Secret Mission to another clan; the demo's archive verifies."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from eollis_helpers import RULES, bot_game
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.eollis import cards as card_data
from adjudicator.games.eollis import rules as eollis_rules


def every_card_in_one_place(state: dict[str, Any]) -> None:
    seen: Counter[str] = Counter()
    for pile in state["piles"].values():
        seen.update(pile)
    for c in state["clans"].values():
        seen.update(c["hand"] + c["missions"] + c["pirates"])
    seen.update(state.get("market", []))
    if state.get("event"):
        seen[state["event"]["uid"]] += 1
    assert set(seen) == set(state["cards"]) and all(n == 1 for n in seen.values()), [
        (u, n) for u, n in seen.items() if n != 1
    ] or sorted(set(state["cards"]) - set(seen))


def hidden_from_others(state: dict[str, Any]) -> None:
    for seat in [*state["seats"], None]:
        view = RULES.view(state, seat)
        text = json.dumps(view)
        for other, c in state["clans"].items():
            if other == seat:
                continue
            for uid in c["hand"] + c["missions"]:
                assert f'"{uid}"' not in text, (seat, other, uid)
            for uid in c["missions"]:
                assert state["cards"][uid]["name"] not in RULES.board_text(view)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5))
def test_property_whole_games_end_after_three_expeditions_and_keep_the_books(seed: int, players: int) -> None:
    steps = [0]

    def each(state: dict[str, Any]) -> None:
        steps[0] += 1
        every_card_in_one_place(state)
        for uid, p in state["pirates"].items():
            assert p["gold"] >= 0 and uid in state["clans"][p["owner"]]["pirates"]
        for c in state["clans"].values():
            assert 0 <= c["fame"] <= 30 and len(c["hand"]) + len(c["missions"]) <= 5
        assert state["ship"]["balloon"] >= 0 and (state["ship"]["balloon"] <= 8 or state["ship"]["destroyed"])
        if steps[0] % 3 == 0:
            hidden_from_others(state)

    state = bot_game(seed, players, each)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners and state["expedition"] == 3


def test_three_to_five_bots_play_three_expeditions_to_a_winner() -> None:
    for players in (3, 4, 5):
        state = bot_game(11, players)
        assert RULES.outcome(state) is not None and state["expedition"] == 3


def test_renaming_clans_and_cards_never_changes_the_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same game with every clan and every card renamed gives the same results, seat for seat."""
    plain = bot_game(5, 4)
    original = card_data.catalogue

    def renamed() -> dict[str, dict[str, Any]]:
        cards = original()
        for uid, card in cards.items():
            card["name"] = f"Zed {len(cards) - int(uid[1:])} {uid[0]}x{uid}"[::-1].replace(" ", " q ")
        return cards

    monkeypatch.setattr(eollis_rules, "catalogue", renamed)
    other = bot_game(5, 4, clans="zulu,alpha,mike,bravo")
    seats_a, seats_b = plain["seats"], other["seats"]
    assert [plain["clans"][s]["fame"] for s in seats_a] == [other["clans"][s]["fame"] for s in seats_b]
    assert [plain["clans"][s]["pirates"] for s in seats_a] == [other["clans"][s]["pirates"] for s in seats_b]
    assert plain["piles"] == other["piles"]
    winners_a = [seats_a.index(s) for s in RULES.outcome(plain).winners]
    winners_b = [seats_b.index(s) for s in RULES.outcome(other).winners]
    assert winners_a == winners_b
    assert plain["cards"]["P01"]["name"] != other["cards"]["P01"]["name"]


def test_view_hides_other_hands_missions_and_the_piles_order() -> None:
    state = bot_game(3, 3)
    state["clans"]["bleu"]["missions"] = ["A45"]
    view = RULES.view(state, "rouge")
    assert view["clans"]["bleu"]["hand"] == len(state["clans"]["bleu"]["hand"]) + 1  # the mission among them
    assert "missions" not in view["clans"]["bleu"] and "A45" not in view["cards"]
    assert isinstance(view["piles"]["actions"], int) and isinstance(view["piles"]["events"], int)
    assert [c["uid"] for c in view["you"]["hand"]] == state["clans"]["rouge"]["hand"]
    assert RULES.view(state, None)["you"] is None
    assert "A Bas le Tyran" not in RULES.board_text(view)
    assert "A Bas le Tyran" in RULES.board_text(RULES.view(state, "bleu"))


def test_board_svg_shows_the_13_posts_the_hold_the_balloon_the_kitty_and_the_fame_track() -> None:
    import xml.etree.ElementTree as ET

    state = bot_game(2, 3)
    svg = RULES.board_svg(RULES.view(state, None))
    assert svg is not None
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert len([g for g in root.iter(f"{ns}g") if g.get("class") == "post"]) == 13
    texts = [t.text or "" for t in root.iter(f"{ns}text")]
    assert any(t.startswith("Hold (top first):") for t in texts) and any(
        t.startswith("Kitty:") for t in texts
    )
    assert any(t.startswith("Ballon on cell") for t in texts)
    assert len([c for c in root.iter(f"{ns}circle") if c.get("class") == "clan"]) == 3


def test_pirate_names_are_escaped_in_the_svg() -> None:
    import xml.etree.ElementTree as ET

    state = bot_game(2, 3)
    uid = next(iter(state["pirates"]))
    state["cards"][uid]["name"] = "<script>alert(1)</script>"
    state["pirates"][uid]["post"] = "hold"
    state["ship"]["hold"] = [uid]
    svg = RULES.board_svg(RULES.view(state, None))
    assert svg is not None and "<script>" not in svg
    ET.fromstring(svg)


def test_demo_plays_to_a_winner_and_its_archive_verifies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from adjudicator.cli.demo_campaign import run_demo
    from adjudicator.core.store import Database
    from adjudicator.publish.archive import export_game
    from adjudicator.publish.verify import verify_archive

    monkeypatch.chdir(tmp_path)
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    said: list[str] = []
    game_id = run_demo("eollis", seats=5, db_url=url, echo=said.append)
    assert any(line.startswith("game over: won by") for line in said), said
    assert any("seats rouge, bleu, vert, jaune, violet" in line for line in said), said
    db = Database(url)
    folder = export_game(db, game_id, tmp_path / "turns")
    results = verify_archive(folder)
    assert results and all(r.ok and r.complete for r in results), [r.line() for r in results if not r.ok]


def test_a_running_games_archive_and_reports_never_show_a_hand_or_a_secret_mission(tmp_path: Path) -> None:
    from adjudicator.cli.demo_campaign import run_demo
    from adjudicator.core.engine import Referee
    from adjudicator.core.store import Database
    from adjudicator.publish.archive import export_game

    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    import os

    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        game_id = run_demo("eollis", seats=3, turns=14, db_url=url, echo=lambda _: None)
    finally:
        os.chdir(here)
    db = Database(url)
    referee = Referee(db)
    with db.session() as session:
        state = json.loads(referee.turn(session, game_id).state_json)  # the open turn's state
    folder = export_game(db, game_id, tmp_path / "turns")
    public = "\n".join(
        p.read_text(errors="replace") for p in sorted(folder.rglob("*")) if p.is_file() and p.suffix != ".png"
    )
    secret_missions = [state["cards"][u]["name"] for c in state["clans"].values() for u in c["missions"]]
    for name in secret_missions:
        assert name not in public
    for c in state["clans"].values():
        for uid in c["hand"] + c["missions"]:
            assert f'"{uid}"' not in public
