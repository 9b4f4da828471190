"""The military phase compiled at install (mypyc, ``adjudicator/games/mare_nostrum/native``)
gives what the Python phase it is compiled from gives, and is used only when it is up to date.

Every other Mare Nostrum test runs once with each phase (conftest.py); these compare whole games
played with both, turn by turn: the states, the events (text, kind, data, seats) and the dice.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mare_nostrum_helpers import RS
from test_mare_nostrum_names import crowded_position

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum import native
from adjudicator.games.mare_nostrum.phase import MilitaryPhase
from adjudicator.publish.archive import export_game
from adjudicator.publish.verify import summary, verify_archive

Outcome = tuple[str, list[tuple[Any, ...]], list[dict[str, object]]]


@pytest.fixture
def compiled() -> native.Choice:
    built = native.choice(pure=False)
    if not built.compiled:
        pytest.skip(f"no compiled military phase in this install: {built.why}")
    return built


def resolve(state: dict[str, Any], orders: dict[str, Any], seed: bytes, pure: bool) -> Outcome:
    """One turn with the phase asked for, from a copy of ``state``: what it leaves and says."""
    phase_class = native.military_phase(pure=pure)
    assert (phase_class is MilitaryPhase) == pure
    dice = Dice(seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(native.PURE_VARIABLE, "1" if pure else "0")
        after, events = RS.resolve(json.loads(json.dumps(state)), orders, dice)
    said = [(e.text, e.kind, json.dumps(e.data, sort_keys=True), e.seats) for e in events]
    return json.dumps(after, sort_keys=True), said, dice.log_json()


def play_both(state: dict[str, Any], rng: random.Random, turns: int, seed: int) -> int:
    """Play ``turns`` turns of bot orders (and the bot referee's table results) with both phases,
    asserting after each that they agree; the number of events compared."""
    compared = 0
    for turn in range(turns):
        if RS.outcome(state) is not None:
            break
        orders = {
            r.key: RS.parse(r, RS.bot(json.loads(json.dumps(state)), r, rng)).orders
            for r in RS.requests(state)
        }
        roll_seed = f"compiled:{seed}:{turn}".encode()
        python = resolve(state, orders, roll_seed, pure=True)
        assert resolve(state, orders, roll_seed, pure=False) == python, f"turn {turn}"
        compared += len(python[1])
        state = json.loads(python[0])
    return compared


@pytest.mark.parametrize("battles", ["dice", "table"])
def test_the_compiled_phase_plays_whole_games_as_the_python_phase(
    compiled: native.Choice, battles: str
) -> None:
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        compared += play_both(crowded_position(rng, 3 + seed % 6, battles), rng, 4, seed)
    assert compared > 1000  # crowded games: battles, invasions, sieges, retreats, purchases


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), nations=st.integers(2, 8), battles=st.sampled_from(["dice", "table"]))
def test_the_compiled_phase_agrees_with_the_python_phase_on_any_crowded_position(
    seed: int, nations: int, battles: str
) -> None:
    if not native.choice(pure=False).compiled:
        pytest.skip(f"no compiled military phase in this install: {native.choice(pure=False).why}")
    rng = random.Random(seed)
    play_both(crowded_position(rng, nations, battles), rng, 2, seed)


@pytest.mark.parametrize(("played", "verified"), [("0", "1"), ("1", "0")])
def test_an_archive_played_with_one_phase_verifies_byte_for_byte_with_the_other(
    played: str,
    verified: str,
    compiled: native.Choice,
    db: Database,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``pbem verify`` replays every turn: whoever re-adjudicates, compiled or not, gets the record."""
    monkeypatch.setenv(native.PURE_VARIABLE, played)
    referee = Referee(db)
    referee.new_game("mare-nostrum", "cross", {"nations": "5"})
    for seat in ("rome", "carthage", "macedon", "egypt", "seleucia"):
        referee.join("cross", seat, bot=True)
    referee.start("cross")
    for _ in range(6):
        referee.close_turn("cross")
    root = export_game(db, "cross", tmp_path / "archive")
    monkeypatch.setenv(native.PURE_VARIABLE, verified)
    results = verify_archive(root)
    message, code = summary(results)
    assert code == 0, message
    assert len(results) >= 7 and all(r.complete for r in results)


def choice_with_record(record: Path, monkeypatch: pytest.MonkeyPatch) -> native.Choice:
    """The compiled phase's choice as it is made when the build record is ``record``."""
    monkeypatch.setattr(native, "BUILT", record)
    native.compiled_phase.cache_clear()  # the choice is kept per process: made again here
    try:
        return native.choice(pure=False)
    finally:
        native.compiled_phase.cache_clear()


def test_the_ruleset_resolves_with_the_compiled_phase_when_this_install_built_it(
    compiled: native.Choice, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(native.PURE_VARIABLE, raising=False)
    assert native.military_phase() is compiled.phase
    assert compiled.phase is not MilitaryPhase
    assert compiled.phase.__module__ == "adjudicator.games.mare_nostrum.native.phase"
    recorded = json.loads(native.BUILT.read_text(encoding="utf-8"))
    assert recorded == native.source_digests()


def test_PBEM_PURE_RULES_makes_the_ruleset_resolve_with_the_python_phase(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(native.PURE_VARIABLE, "1")
    chosen = native.choice()
    assert chosen.phase is MilitaryPhase
    assert not chosen.compiled
    assert native.PURE_VARIABLE in chosen.why


def test_an_edited_rule_is_not_shadowed_by_a_build_of_the_older_phase(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build records the SHA-256 of what it compiled; once phase.py changes, the Python phase."""
    recorded = {**native.source_digests(), "phase.py": "0" * 64}  # as if phase.py changed since
    stale = tmp_path / "built.json"
    stale.write_text(json.dumps(recorded), encoding="utf-8")
    chosen = choice_with_record(stale, monkeypatch)
    assert chosen.phase is MilitaryPhase
    assert not chosen.compiled
    assert "phase.py" in chosen.why and "battle.py" not in chosen.why
    assert "pip install -e ." in chosen.why


@pytest.mark.parametrize("text", ["", "not json", "[]", '{"phase.py": 1}'])
def test_a_missing_or_damaged_build_record_means_the_python_phase(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "built.json"
    if text:
        record.write_text(text, encoding="utf-8")
    chosen = choice_with_record(record, monkeypatch)
    assert chosen.phase is MilitaryPhase
    assert not chosen.compiled
    assert chosen.why


def test_pbem_doctor_says_which_military_phase_resolves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from adjudicator.cli.checks import compiled_rules

    monkeypatch.setenv(native.PURE_VARIABLE, "1")
    asked = compiled_rules()
    assert (asked.status, asked.name) == ("ok", "rules")
    assert native.PURE_VARIABLE in asked.detail
    monkeypatch.delenv(native.PURE_VARIABLE)
    monkeypatch.setattr(native, "BUILT", tmp_path / "absent.json")
    native.compiled_phase.cache_clear()  # the choice is kept per process: made again here
    try:
        missing = compiled_rules()
    finally:
        native.compiled_phase.cache_clear()
    assert missing.status == "warn"
    assert "Python" in missing.detail and "built.json" in missing.detail
    assert "pip install -e ." in missing.fix
