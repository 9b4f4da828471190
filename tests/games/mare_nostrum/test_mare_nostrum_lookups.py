"""The lookups a resolve builds once (units by place, truces, battle orders, sieges, hunters)
answer what a plain scan over every unit, province and order answers, at every step of a turn.

(conftest.py also checks each lookup against its scan while every other Mare Nostrum test runs.)
"""

from __future__ import annotations

import json
import random
from typing import Any

import plain_scans
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mare_nostrum_helpers import RS
from test_mare_nostrum_names import crowded_position

from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum.map import map_of
from adjudicator.games.mare_nostrum.phase import MilitaryPhase


def bot_orders(state: dict[str, Any], rng: random.Random) -> dict[str, list[Any]]:
    orders = {}
    for request in RS.requests(state):
        text = RS.bot(json.loads(json.dumps(state)), request, rng)
        orders[request.seat] = list(RS.parse(request, text).orders)
    return orders


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), nations=st.integers(3, 8))
def test_every_lookup_answers_what_a_plain_scan_answers_through_a_turn(seed: int, nations: int) -> None:
    rng = random.Random(seed)
    state = crowded_position(rng, nations, "dice")
    phase = MilitaryPhase(state, map_of(state), Dice(str(seed).encode()))
    assert plain_scans.same_as_scan(phase) == []  # before any order
    phase.write_orders(bot_orders(state, rng))
    assert plain_scans.same_as_scan(phase) == []
    phase.movement()
    naval = phase.naval_zones()
    assert plain_scans.same_as_scan(phase) == []
    phase.fight_naval(naval)
    land = phase.ashore()
    assert plain_scans.same_as_scan(phase) == []
    phase.fight_land(land)
    assert plain_scans.same_as_scan(phase) == []
    phase.invasions()
    phase.sieges()
    assert plain_scans.same_as_scan(phase) == []
    phase.purchases()
    assert plain_scans.same_as_scan(phase) == []


def test_the_comparison_with_the_plain_scan_finds_a_stale_lookup() -> None:
    """The guard guards something: a unit moved behind the lookups' back is caught."""
    state = crowded_position(random.Random(3), 4, "dice")
    phase = MilitaryPhase(state, map_of(state), Dice(b"s"))
    key, army = next((k, u) for k, u in state["units"].items() if u["kind"] == "army" and u["at"])
    home = army["at"]
    elsewhere = next(p for p in phase.map.provinces if p != home)
    army["at"] = elsewhere  # not through relocate(): the lookup by place is now stale
    with pytest.raises(AssertionError, match=f"units_at.*{elsewhere}"):
        phase.units_at(elsewhere, "army")  # the conftest's check, on every call in the tests
    with pytest.raises(AssertionError, match="units_at"):
        phase.invaders(elsewhere)
    army["at"] = home
    phase.relocate(key, elsewhere)  # the same move, through the lookups
    assert plain_scans.same_as_scan(phase) == []


def test_an_event_said_by_the_phase_is_the_event_the_dataclass_makes() -> None:
    """``MilitaryPhase.say`` fills an ``Event`` without its ``__init__`` (a resolve makes 134 a
    turn): the event must be the one ``Event(text, kind, data)`` makes, field for field: equal
    and serialised alike, so a change to ``Event`` that breaks the shortcut fails here."""
    from dataclasses import fields

    from adjudicator.games.base import Event

    state = crowded_position(random.Random(5), 3, "dice")
    phase = MilitaryPhase(state, map_of(state), Dice(b"e"))
    phase.say("Rome takes Capua.", "conquest", nation="rome", province="capua")
    said = phase.events[-1]
    made = Event("Rome takes Capua.", "conquest", {"nation": "rome", "province": "capua"})
    assert [f.name for f in fields(Event)] == ["text", "kind", "data", "seats"]
    assert not hasattr(Event, "__post_init__") and not hasattr(Event, "__slots__")
    assert said == made and type(said) is Event
    assert said.to_json() == made.to_json()
    assert vars(said) == vars(made)


def test_the_neighbours_in_map_order_are_the_neighbours_sorted_by_the_phase() -> None:
    """``GameMap.neighbours_in_map_order`` (sorted once per map) gives, for every place of the
    packaged map and of a map whose file lists its places out of alphabetical order, what
    ``MilitaryPhase.in_map_order`` makes of ``neighbours`` (the order of refuges and of a band's
    escape)."""
    from adjudicator.games.mare_nostrum.map import default_map, load_map

    shuffled = load_map(
        "\n".join(
            [
                '[nation.b]\nhome = "Zeta"\n[nation.a]\nhome = "Alpha"\n',
                '[province.Zeta]\ndemography = 3\npos = [0, 0]\nland = ["Alpha", "Mu"]\nsea = ["S2"]\n',
                '[province.Mu]\ndemography = 3\npos = [1, 0]\nland = ["Alpha"]\nsea = ["S1"]\n',
                '[province.Alpha]\ndemography = 3\npos = [2, 0]\nsea = ["S1", "S2"]\n',
                '[sea.S2]\npos = [0, 1]\nsea = ["S1"]\n[sea.S1]\npos = [1, 1]\n',
            ]
        )
    )
    assert shuffled.neighbours_in_map_order["Alpha"] == ("Zeta", "Mu")  # the file's order, not A-Z
    for game_map in (default_map(), shuffled):
        state = crowded_position(random.Random(1), 3, "dice")
        phase = MilitaryPhase(state, game_map, Dice(b"n"))
        for place in game_map.places:
            expected = phase.in_map_order(game_map.neighbours(place))
            assert list(game_map.neighbours_in_map_order[place]) == expected, place
