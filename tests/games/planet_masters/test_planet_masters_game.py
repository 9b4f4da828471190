"""Whole games: the registry, bots that play to a winner, the renaming property, pictures, the demo."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pm_helpers import ALL_ON, RULES, bot_game, new_game, put

from adjudicator.games import get_ruleset
from adjudicator.games.dice import Dice
from adjudicator.games.planet_masters import empire as E


def test_registered_as_planet_masters() -> None:
    rules = get_ruleset("planet-masters")
    assert rules.name == "planet-masters" and (rules.min_seats, rules.max_seats) == (2, 8)


def invariants(state: dict[str, Any]) -> None:
    """Every white die is somewhere; fleet maintenance holds; one technology at most."""
    players = state["players"]
    assert state["galaxy"] + sum(len(p["planets"]) for p in players.values()) == len(state["order"])
    for p in players.values():
        assert len(p["weapons"]) <= E.planet_count(p)
        assert p["tech"] is None or 1 <= p["tech"] <= 6


@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("seed", [1, 2])
def test_bot_games_with_every_option_end_with_a_winner(players: int, seed: int) -> None:
    state, steps = bot_game(seed, players, **ALL_ON)
    outcome = RULES.outcome(state)
    assert outcome is not None and len(outcome.winners) == 1, (steps, state["round"])
    winner = state["players"][outcome.winners[0]]
    assert E.is_victorious(winner, players)
    invariants(state)


@pytest.mark.parametrize("players", [2, 4])
def test_bot_games_of_the_base_game_end_with_a_winner(players: int) -> None:
    state, _ = bot_game(3, players)
    assert RULES.outcome(state) is not None
    invariants(state)


def test_round_limit_is_a_club_rule_most_planets_win() -> None:
    state = new_game(2, **{"round-limit": "1"})
    put(state, "mors", planets=[1], weapons=[1])
    put(state, "terre", weapons=[1])  # armed targets: the ballots are asked
    from pm_helpers import play

    state, _ = play(state, {"turn:terre": "vote mors"})
    state, _ = play(state, {"vote:mors": "against"})
    state, _ = play(state, {"turn:mors": "vote terre"})
    state, _ = play(state, {"vote:terre": "against"})
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == ("mors",) and "club rule" in outcome.reason


# -- renaming never changes outcomes ---------------------------------------------------------------
class RenamedDice(Dice):
    """The dice of the original game: a renamed key is rolled as the original key would be."""

    def __init__(self, seed: bytes, back: dict[str, str]) -> None:
        super().__init__(seed)
        self.back = back

    def roll(self, sides: int, key: str) -> int:
        original = ":".join(self.back.get(part, part) for part in key.split(":"))
        return super().roll(sides, original)


def rename_text(text: str, names: dict[str, str]) -> str:
    pattern = re.compile(
        r"(?<![\w-])(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")(?![\w-])"
    )
    return pattern.sub(lambda m: names[m.group(1)], text)


def renamed_state(state: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The parts of a state that the rules decide, with every seat renamed."""
    pending = state["pending"]
    if pending:
        pending = {k: names.get(v, v) if isinstance(v, str) else v for k, v in pending.items()}
    over = state["over"]
    return {
        "players": {names[s]: p for s, p in state["players"].items()},
        "order": [names[s] for s in state["order"]],
        "active": names[state["active"]],
        "galaxy": state["galaxy"],
        "politics": state["politics"],
        "round": state["round"],
        "pending": pending,
        "winners": [names[w] for w in over["winners"]] if over else None,
    }


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([3, 4, 5]),
    fresh=st.permutations(["zulu", "alpha", "m-9", "b_2", "yankee", "a"]),
)
def test_renaming_seats_never_changes_outcomes(seed: int, players: int, fresh: list[str]) -> None:
    opts = RULES.parse_options({"players": str(players), **ALL_ON})
    seats = RULES.seat_names(opts)
    names = dict(zip(seats, fresh, strict=False))
    back = {v: k for k, v in names.items()}
    one = RULES.setup(opts, seats, Dice(f"s{seed}".encode()))
    two = RULES.setup(opts, [names[s] for s in seats], RenamedDice(f"s{seed}".encode(), back))
    assert renamed_state(one, names) == renamed_state(two, {s: s for s in back})
    rng = random.Random(seed)
    for step in range(150):
        if RULES.outcome(one):
            break
        texts = {r.key: RULES.bot(one, r, rng) for r in RULES.requests(one)}
        orders_one = {
            k: RULES.parse(r, texts[k]).orders for k, r in ((r.key, r) for r in RULES.requests(one))
        }
        orders_two = {}
        for r in RULES.requests(two):
            original = rename_text(r.key, back)
            orders_two[r.key] = RULES.parse(r, rename_text(texts[original], names)).orders
        seed_bytes = f"t{seed}-{step}".encode()
        one, _ = RULES.resolve(one, orders_one, Dice(seed_bytes))
        two, _ = RULES.resolve(two, orders_two, RenamedDice(seed_bytes, back))
        assert renamed_state(one, names) == renamed_state(two, {s: s for s in back}), step
    assert (RULES.outcome(one) is None) == (RULES.outcome(two) is None)


# -- the board -------------------------------------------------------------------------------------
def test_board_svg_draws_every_die_and_escapes_names() -> None:
    state = new_game(2, **ALL_ON)
    put(state, "terre", planets=[3, 5], weapons=[1, 2], tech=4)
    state["politics"] = 5
    svg = RULES.board_svg(state)
    root = ET.fromstring(svg)
    dice = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "die" in g.get("class", "")]
    # terre: home + 2 planets + 2 weapons + tech; mors: home; the Politics die
    assert len(dice) == 6 + 1 + 1
    assert "ship tax" in svg and "long range cannon" in svg
    state["order"][0] = "<script>"
    state["players"]["<script>"] = state["players"].pop("terre")
    assert "<script>" not in RULES.board_svg(state)


def test_board_text_shows_templates_galaxy_and_politics() -> None:
    state = new_game(2, **ALL_ON)
    put(state, "terre", planets=[6], weapons=[3])
    text = RULES.board_text(state)
    assert "Galaxy: 1 neutral planet(s) left" in text and "Politics die: no political act yet" in text
    assert "weapons (red):       station (3)" in text and "planets (white):     infantry (6)" in text


# -- the demo and its archive ----------------------------------------------------------------------
def test_pbem_demo_plays_four_bots_with_every_option_to_a_winner_and_verifies(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from adjudicator.cli import main

    monkeypatch.chdir(tmp_path)
    db = f"sqlite:///{tmp_path / 'demo.db'}"
    assert main(["demo", "planet-masters", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "seats terre, mors, roach, pacal" in out
    assert re.search(r"game over: won by \S+ \(5 planets, home included", out), out
    folder = tmp_path / "turns" / "demo-planet-masters"
    import json

    options = json.loads((folder / "game.json").read_text())["options"]
    assert options["technology"] and options["politics"] and options["exploration"]
    assert (folder / "001" / "board.svg").exists()
    assert main(["verify", str(folder)]) == 0
    assert "replayed byte for byte" in capsys.readouterr().out


def test_pbem_demo_takes_game_options(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from adjudicator.cli import main

    monkeypatch.chdir(tmp_path)
    db = f"sqlite:///{tmp_path / 'demo.db'}"
    code = main(["demo", "planet-masters", "--db", db, "--option", "players=3", "--option", "politics=off"])
    assert code == 0
    out = capsys.readouterr().out
    assert "seats terre, mors, roach" in out and "game over: won by" in out
