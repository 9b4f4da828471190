"""The whole game: options, map, setup, table battles, outcome, boards, properties of long random games."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mare_nostrum_helpers import RS, army, give, new_game, play, texts

from adjudicator.games import get_ruleset
from adjudicator.games.base import REFEREE, OptionError, Ruleset
from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum.map import default_map
from adjudicator.games.mare_nostrum.rules import MareNostrum

ORDERS_DIR = Path(__file__).resolve().parents[3] / "orders" / "mare-nostrum"


def test_ruleset_is_registered_and_follows_the_protocol() -> None:
    ruleset = get_ruleset("mare-nostrum")
    assert isinstance(ruleset, MareNostrum) and isinstance(ruleset, Ruleset)
    assert not ruleset.has_hidden_information and ruleset.min_seats == 2 and ruleset.max_seats == 8


def test_packaged_map_has_forty_provinces_fifteen_sea_zones_and_symmetric_adjacency() -> None:
    game_map = default_map()
    assert len(game_map.provinces) >= 40 and len(game_map.seas) >= 15
    for name, prov in game_map.provinces.items():
        assert all(name in game_map.provinces[o].land for o in prov.land)
        assert all(name in game_map.seas[s].coasts for s in prov.seas)
        assert prov.army_list and prov.demography >= 1
        assert not prov.arsenal or prov.seas
    for name, sea in game_map.seas.items():
        assert all(name in game_map.seas[o].seas for o in sea.seas)
    assert len(game_map.nations) == 8


def test_options_are_validated_with_what_is_valid() -> None:
    assert RS.parse_options({}) == {
        "nations": 6,
        "battles": "dice",
        "map": "",
        "turns": 30,
        "state_format": 2,  # not an option a referee sets: how the states keep the map
        "map_sha": default_map().sha,  # the packaged map the game is set up with, by SHA-256
    }
    for bad, words in (
        ({"nations": "9"}, "from 2 to 8"),
        ({"battles": "cards"}, "'dice' or 'table'"),
        ({"colour": "red"}, "valid options"),
        ({"map": "/nonexistent.toml"}, "cannot read"),
    ):
        with pytest.raises(OptionError, match=words):
            RS.parse_options(bad)


def test_seat_names_are_the_first_nations_of_the_map() -> None:
    assert RS.seat_names(RS.parse_options({"nations": "2"})) == ["rome", "carthage"]
    assert len(RS.seat_names(RS.parse_options({}))) == 6


def test_setup_gives_each_nation_one_army_at_home_and_is_json() -> None:
    state = new_game(nations=8, empty=False)
    json.dumps(state)
    assert len([u for u in state["units"].values() if u["kind"] == "army"]) == 8
    assert state["units"]["rome:A1"]["at"] == "Latium"
    assert RS.label(state) == "218 BC"
    assert [r.key for r in RS.requests(state)][:2] == ["orders:rome", "orders:carthage"]


def test_club_map_loads_with_the_map_option(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text(
        '[map]\nname = "Tiny"\nstart_year = 10\n'
        '[nation.north]\nhome = "Alpha"\n[nation.south]\nhome = "Gamma"\n'
        "[province.Alpha]\ndemography = 3\nmarket = 5\nfortress = true\narsenal = true\npos = [0, 1]\n"
        'land = ["Beta"]\nsea = ["Deep"]\n'
        '[province.Beta]\ndemography = 7\nmarket = 4\npos = [1, 1]\nland = ["Gamma"]\n'
        "[province.Gamma]\ndemography = 12\nmarket = 9\npos = [2, 1]\n"
        "[sea.Deep]\npos = [0, 0]\n"
    )
    opts = RS.parse_options({"map": str(club), "nations": "2"})
    state = RS.setup(opts, RS.seat_names(opts), Dice(b"s"))
    [req, _] = RS.requests(state)
    assert req.kind.startswith("orders map=club.toml;sha256=") and str(tmp_path) not in req.kind
    parsed = RS.parse(req, "A1 move Bet\nbuy fleet Alpha")
    assert parsed.ok and parsed.orders[1].sea == "Deep"
    state, _ = RS.resolve(state, {"orders:north": parsed.orders}, Dice(b"t", pins={"invasion:Beta": 9}))
    assert state["provinces"]["Beta"]["owner"] == "north"
    assert RS.label(state) == "9 BC"
    club.write_text("[province.Alpha]\nland = ['Nowhere']\n")
    with pytest.raises(OptionError, match="map"):
        RS.parse_options({"map": str(club)})


# ----------------------------------------------------------------------------- battles=table


def _table_battle() -> dict:
    state = new_game(battles="table")
    give(state, "Noricum", "rome")
    army(state, "rome", 1, "Noricum")
    give(state, "Dalmatia", "carthage")
    army(state, "carthage", 1, "Dalmatia")
    army(state, "carthage", 2, "Dalmatia")
    return state


def test_table_battles_stop_the_turn_and_ask_the_referee() -> None:
    state, events, _ = play(
        _table_battle(), {"rome": "A1 move Pannonia", "carthage": "A1 move Pannonia\nbuy army Carthago"}
    )
    assert state["pending"]["battles"][0]["place"] == "Pannonia"
    assert state["turn"] == 1 and "carthage:A3" not in state["units"]
    [req] = RS.requests(state)
    assert req.seat == REFEREE and req.key == "battles"
    assert "Pannonia" in req.prompt and RS.label(state) == "218 BC: battle results"
    assert "referee is asked" in texts(events)


def test_table_battle_result_finishes_the_turn() -> None:
    state, _, _ = play(
        _table_battle(), {"rome": "A1 move Pannonia", "carthage": "A1 move Pannonia\nbuy army Carthago"}
    )
    [req] = RS.requests(state)
    parsed = RS.parse(req, "battle Pannonia: carthage wins")
    assert RS.check(state, req, parsed.orders) == []
    state, _events = RS.resolve(state, {"battles": parsed.orders}, Dice(b"r", pins={"invasion:Pannonia": 10}))
    assert "rome:A1" not in state["units"]
    assert state["provinces"]["Pannonia"]["owner"] == "carthage"
    assert "carthage:A3" in state["units"]  # the purchases written before the pause still happen
    assert state["turn"] == 2 and state["pending"] is None


def test_table_battle_result_naming_a_side_not_fighting_is_illegal() -> None:
    state, _, _ = play(_table_battle(), {"rome": "A1 move Pannonia", "carthage": "A1 move Pannonia"})
    [req] = RS.requests(state)
    [problem] = RS.check(state, req, RS.parse(req, "battle Pannonia: macedon wins").orders)
    assert "macedon does not fight in Pannonia" in str(problem)


def test_missing_table_result_is_resolved_by_the_built_in_dice() -> None:
    state, _, _ = play(_table_battle(), {"rome": "A1 move Pannonia", "carthage": "A1 move Pannonia"})
    state, events = RS.resolve(state, {"battles": []}, Dice(b"r"))
    assert "built-in dice decide" in texts(events)
    assert any(e.kind == "battle" and e.data.get("key") == "battle:Pannonia:1" for e in events)
    assert state["turn"] == 2


# ----------------------------------------------------------------------------- outcome and boards


def test_last_nation_standing_wins() -> None:
    state = new_game(nations=2)
    state["nations"]["carthage"]["alive"] = False
    outcome = RS.outcome(state)
    assert outcome is not None and outcome.winners == ("rome",) and outcome.reason == "last nation standing"
    assert RS.requests(state) == []


def test_turn_limit_gives_the_game_to_most_provinces_then_the_richest() -> None:
    state = new_game(nations=3, turns="1")
    assert RS.outcome(state) is None
    give(state, "Etruria", "rome")
    state, _, _ = play(state, {})
    outcome = RS.outcome(state)
    assert outcome is not None and outcome.winners == ("rome",)
    assert "turn limit of 1" in outcome.reason


def test_board_text_and_svg_show_the_state() -> None:
    state = new_game(empty=False)
    state["provinces"]["Carthago"]["siege"] = {"nation": "rome", "army": "rome:A1", "turns": 1, "since": 0}
    board = RS.board_text(RS.view(state, None))
    assert "Rome (rome)" in board and "BESIEGED by rome A1" in board and "rome A1 (guard)" in board
    svg = RS.board_svg(RS.view(state, "rome"))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert all(f'-province-{name}"' in svg for name in state["provinces"])
    assert "Carthago besieged by rome A1" in svg


def test_example_order_files_parse_and_check_clean_on_the_starting_position() -> None:
    state = new_game(nations=8, empty=False)
    files = sorted(ORDERS_DIR.glob("*.txt"))
    assert {f.stem for f in files} == set(state["seats"])
    for path in files:
        req = next(r for r in RS.requests(state) if r.seat == path.stem)
        parsed = RS.parse(req, path.read_text())
        assert parsed.ok, (path.name, [str(p) for p in parsed.problems])
        assert RS.check(state, req, parsed.orders) == [], path.name


# ----------------------------------------------------------------------------- long random games


def simulate(seed: int, turns: int, nations: int = 6, battles: str = "dice") -> tuple[list[str], dict]:
    """setup -> requests -> bot text -> parse -> check -> canonical -> re-parse -> resolve, repeated."""
    opts = RS.parse_options({"nations": str(nations), "battles": battles})
    state = RS.setup(opts, RS.seat_names(opts), Dice(b"setup"))
    rng = random.Random(seed)
    history: list[str] = []
    for turn in range(turns):
        if RS.outcome(state):
            break
        orders = {}
        for req in RS.requests(state):
            text = RS.bot(json.loads(json.dumps(state)), req, rng)
            parsed = RS.parse(req, text)
            assert parsed.ok, (text, [str(p) for p in parsed.problems])
            assert RS.check(state, req, parsed.orders) == [], text
            canon = RS.canonical(req, parsed.orders)
            orders[req.key] = RS.parse(req, canon).orders
        dice = Dice(f"{seed}:{turn}".encode())
        state, events = RS.resolve(json.loads(json.dumps(state)), orders, dice)
        assert_invariants(state)
        assert all(":" in r.key for r in dice.log)
        history += [e.text for e in events] + [f"{r.label}={r.value}" for r in dice.log]
    return history, state


def assert_invariants(state: dict) -> None:
    json.dumps(state)
    for seat, nation in state["nations"].items():
        assert nation["treasury"] >= 0, seat
        assert nation["mercenaries"] >= 0, seat
    places = {}
    for key, unit in state["units"].items():
        assert state["nations"][unit["nation"]]["alive"]
        assert key == f"{unit['nation']}:{unit['id']}"
        if unit["kind"] == "army":
            # exactly one place: a province, or aboard a fleet that carries it
            assert (unit["at"] is None) != (unit["aboard"] is None), unit
            if unit["aboard"]:
                assert state["units"][unit["aboard"]]["carrying"] == key
            else:
                assert unit["at"] in state["provinces"]
        else:
            assert unit["at"] in default_map().seas
            if unit["carrying"]:
                assert state["units"][unit["carrying"]]["aboard"] == key
        places[key] = unit["at"] or unit["aboard"]
    for prov, rec in state["provinces"].items():
        if rec["siege"]:
            assert state["units"][rec["siege"]["army"]]["at"] == prov


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), nations=st.integers(2, 8), battles=st.sampled_from(["dice", "table"]))
def test_random_legal_orders_never_crash_nor_break_the_invariants(
    seed: int, nations: int, battles: str
) -> None:
    simulate(seed, 20, nations, battles)


def test_replaying_with_the_same_seed_gives_the_same_history() -> None:
    first, state_a = simulate(7, 20)
    second, state_b = simulate(7, 20)
    assert first == second and state_a == state_b
    third, _ = simulate(8, 20)
    assert third != first


def test_six_bot_nations_play_twenty_turns() -> None:
    history, state = simulate(2026, 20)
    assert state["turn"] == 21
    assert any("Battle of" in h for h in history) and any("invades" in h for h in history)


def _exhausted_rome_at_the_table() -> dict:
    state = new_game(battles="table")
    give(state, "Etruria", "rome")
    give(state, "Cisalpina", "rome")
    army(state, "rome", 1, "Etruria", exhausted=1, exhausted_turn=1)
    give(state, "Picenum", "carthage")
    army(state, "carthage", 2, "Picenum")
    return state


def test_table_mode_rolls_exhausted_reactions_before_asking_the_referee() -> None:
    state, _, dice = play(
        _exhausted_rome_at_the_table(), {"carthage": "A2 move Etruria"}, {"exhausted:Etruria:rome:A1": 6}
    )
    assert [r.key for r in dice.log] == ["exhausted:Etruria:rome:A1"]
    assert state["pending"]["battles"][0]["sides"] == {"rome": ["A1"], "carthage": ["A2"]}


def test_table_mode_needs_no_referee_when_the_exhausted_army_falls_back() -> None:
    state, _, _ = play(
        _exhausted_rome_at_the_table(), {"carthage": "A2 move Etruria"}, {"exhausted:Etruria:rome:A1": 4}
    )
    assert state["pending"] is None and state["turn"] == 2
    assert state["units"]["rome:A1"]["at"] == "Cisalpina"
    assert state["provinces"]["Etruria"]["owner"] == "carthage"
