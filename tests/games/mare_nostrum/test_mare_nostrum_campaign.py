"""Running a real campaign: the scenario loader and the referee's adjustments.

Rules as the referee uses them, one test each; the readers get malformed and hostile files,
with hypothesis property tests that nothing but a :class:`ScenarioError` / :class:`AdjustmentError`
(with a message) ever comes out of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mare_nostrum_helpers import RS, army, fleet, new_game, play, request

from adjudicator.games.base import AdjustmentError, ScenarioError
from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum.map import default_map
from adjudicator.games.mare_nostrum.orders import parse_orders

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE_SCENARIO = (ROOT / "orders" / "scenarios" / "mare-nostrum-example.toml").read_text()
EXAMPLE_ADJUSTMENT = (ROOT / "orders" / "adjustments" / "mare-nostrum-example.toml").read_text()

MINIMAL = """
[nation.rome]
treasury = 10
provinces = ["Latium"]
[nation.carthage]
treasury = 20
provinces = ["Carthago"]
"""


def start(text: str) -> dict[str, Any]:
    options = RS.with_scenario(RS.parse_options({}), text)
    return RS.setup(options, RS.seat_names(options), Dice(b"setup"))


def refused(text: str) -> str:
    with pytest.raises(ScenarioError) as caught:
        start(text)
    return str(caught.value)


def adjusted(state: dict[str, Any], text: str) -> tuple[dict[str, Any], list[str]]:
    new_state, events = RS.adjust(json.loads(json.dumps(state)), RS.parse_adjustment(text))
    return new_state, [e.text for e in events]


def adjustment_refused(state: dict[str, Any], text: str) -> str:
    with pytest.raises(AdjustmentError) as caught:
        adjusted(state, text)
    return str(caught.value)


# -- the scenario ------------------------------------------------------------------
def test_scenario_example_sets_treasuries_owners_units_markers_and_bands() -> None:
    state = start(EXAMPLE_SCENARIO)
    assert state["seats"] == ["rome", "carthage", "syracuse"]
    assert state["turn"] == 3 and RS.label(state) == "216 BC"
    assert state["nations"]["carthage"]["treasury"] == 135
    assert state["nations"]["syracuse"]["mercenaries"] == 2
    owners = {p: rec["owner"] for p, rec in state["provinces"].items() if rec["owner"]}
    assert owners["Apulia"] == "carthage" and owners["Sardinia"] == "rome"
    assert owners["Massalia"] == "rome"  # the besieged fortress belongs to another nation
    assert "Gallia" not in owners  # every province not listed is independent
    a1, a3 = state["units"]["rome:A1"], state["units"]["rome:A3"]
    assert a1["engineer"] and a1["at"] == "Latium"
    assert a3["exhausted"] == 1 and a3["exhausted_turn"] == 2  # put down the turn before the start
    assert state["units"]["rome:F1"]["at"] == "Mare-Tyrrhenum"  # no id: the next free one
    assert state["units"]["carthage:A2"]["priest"] and state["units"]["carthage:A2"]["mercenaries"] == 2
    assert state["nations"]["rome"]["next_army"] == 4  # after A3
    assert state["nations"]["carthage"]["next_fleet"] == 2
    assert {(b["kind"], b["at"]) for b in state["bands"]} == {
        ("brigands", "Bruttium"),
        ("pirates", "Mare-Ionium"),
    }
    assert state["provinces"]["Sicilia"].get("arsenal") is True


def test_scenario_siege_under_way_is_rolled_in_the_first_turn() -> None:
    state = start(EXAMPLE_SCENARIO)
    assert state["provinces"]["Massalia"]["siege"] == {
        "nation": "carthage",
        "army": "carthage:A3",
        "turns": 1,
        "since": 2,
    }
    _, events, _ = play(state, pins={"siege:Massalia": [3]})
    assert "Siege of Massalia: d10 3 > 2 turns of siege: the city holds." in [e.text for e in events]
    fallen, events, _ = play(state, pins={"siege:Massalia": [2]})
    assert fallen["provinces"]["Massalia"]["owner"] == "carthage"


def test_scenario_is_read_against_the_club_map_of_the_game(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text(
        '[map]\nname = "Tiny"\nstart_year = 10\n'
        '[nation.north]\nhome = "Alpha"\n[nation.south]\nhome = "Gamma"\n'
        "[province.Alpha]\ndemography = 3\nfortress = true\npos = [0, 1]\nland = ['Beta']\nsea = ['Deep']\n"
        "[province.Beta]\ndemography = 7\npos = [1, 1]\nland = ['Gamma']\n"
        "[province.Gamma]\ndemography = 12\npos = [2, 1]\n[sea.Deep]\npos = [0, 0]\n"
    )
    text = (
        "[nation.north]\ntreasury = 5\nprovinces = ['Alpha', 'Beta']\n[nation.south]\ntreasury = 7\n"
        "[[unit]]\nnation = 'south'\nkind = 'fleet'\nat = 'Deep'\n[province.Alpha]\narsenal = true\n"
    )
    options = RS.with_scenario(RS.parse_options({"map": str(club)}), text)
    state = RS.setup(options, RS.seat_names(options), Dice(b"s"))
    assert state["provinces"]["Beta"]["owner"] == "north" and state["units"]["south:F1"]["at"] == "Deep"
    assert state["provinces"]["Alpha"]["arsenal"] is True
    with pytest.raises(ScenarioError, match="unknown province 'Latium'"):
        RS.with_scenario(RS.parse_options({"map": str(club)}), text.replace("'Beta']", "'Latium']"))


def test_scenario_seats_follow_the_map_not_the_file_order() -> None:
    swapped = MINIMAL.replace("[nation.rome]", "[nation.x]").replace("[nation.carthage]", "[nation.rome]")
    swapped = swapped.replace("[nation.x]", "[nation.carthage]")
    options = RS.with_scenario(RS.parse_options({}), swapped)
    assert RS.seat_names(options) == ["rome", "carthage"]
    assert options["nations"] == 2


def test_scenario_exhausted_army_cannot_move_in_the_first_turn() -> None:
    text = MINIMAL + '[[unit]]\nnation = "rome"\nkind = "army"\nat = "Latium"\nexhausted = 2\n'
    state = start(text)
    problems = RS.check(state, request("rome"), parse_orders(default_map(), "A1 move Etruria").orders)
    assert any("exhausted" in p.message for p in problems)


def test_scenario_unknown_province_is_named() -> None:
    message = refused(MINIMAL.replace('["Latium"]', '["Latium", "Atlantis"]'))
    assert "[nation.rome] provinces: unknown province 'Atlantis'" in message


def test_scenario_province_name_in_wrong_case_gets_a_suggestion() -> None:
    assert "did you mean Latium?" in refused(MINIMAL.replace('["Latium"]', '["latium"]'))


def test_scenario_army_in_a_sea_zone_is_refused() -> None:
    text = MINIMAL + '[[unit]]\nnation = "rome"\nkind = "army"\nat = "Mare-Tyrrhenum"\n'
    assert "an army stands in a province, not in the sea zone Mare-Tyrrhenum" in refused(text)


def test_scenario_fleet_in_a_province_is_refused() -> None:
    text = MINIMAL + '[[unit]]\nnation = "rome"\nkind = "fleet"\nat = "Latium"\n'
    assert "a fleet sails in a sea zone, not in the province Latium" in refused(text)


def test_scenario_negative_treasury_is_refused() -> None:
    assert "[nation.rome] treasury cannot be negative (-5)" in refused(MINIMAL.replace("= 10", "= -5"))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda t: t + "\n[rules]\nx = 1\n", "the scenario: unknown key 'rules'"),
        (
            lambda t: t.replace("treasury = 10", "treasury = 10\ngold = 3"),
            "[nation.rome]: unknown key 'gold'",
        ),
        (
            lambda t: t + '[[unit]]\nnation = "rome"\nkind = "fleet"\nat = "Mare-Tyrrhenum"\nexhausted = 1\n',
            "(fleet): unknown key 'exhausted'",
        ),
        (lambda t: t + '[[band]]\nkind = "brigands"\nat = "Latium"\nsize = 3\n', "unknown key 'size'"),
        (lambda t: t + "[scenario]\nyear = 216\n", "[scenario]: unknown key 'year'"),
        (lambda t: t + "[province.Latium]\nfortress = true\n", "[province.Latium]: unknown key 'fortress'"),
    ],
)
def test_scenario_unknown_keys_are_refused_not_ignored(change: Any, expected: str) -> None:
    assert expected in refused(change(MINIMAL))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[nation.rome\n", "not valid TOML"),
        ("", "needs a [nation.<seat>] table"),
        ('[nation.rome]\ntreasury = 1\nprovinces = ["Latium"]\n', "the scenario has 1 nations"),
        (MINIMAL.replace("[nation.carthage]", "[nation.atlantis]"), "[nation.atlantis]: no such nation"),
        (MINIMAL.replace('["Carthago"]', '["Latium"]'), "Latium belongs to rome already"),
        (MINIMAL.replace("treasury = 10", "treasury = true"), "treasury must be a whole number, not bool"),
        (MINIMAL.replace("treasury = 10", 'treasury = "10"'), "treasury must be a whole number, not str"),
        (MINIMAL.replace("treasury = 10", "treasury = 10.5"), "treasury must be a whole number, not float"),
        (MINIMAL.replace("treasury = 10", "treasury = 99999999"), "must be at most 1000000"),
        (MINIMAL.replace("treasury = 10\n", ""), "[nation.rome]: treasury is missing"),
        (MINIMAL + '[[unit]]\nnation = "rome"\nkind = "army"\nat = "Latium"\nexhausted = 3\n', "at most 2"),
        (MINIMAL + '[[unit]]\nnation = "rome"\nkind = "legion"\nat = "Latium"\n', "kind must be 'army' or"),
        (MINIMAL + '[[unit]]\nnation = "gaul"\nkind = "army"\nat = "Gallia"\n', "nation 'gaul' has no"),
        (MINIMAL + '[[unit]]\nnation = "rome"\nkind = "army"\nid = "F1"\nat = "Latium"\n', "is A1, A2"),
        (
            MINIMAL + ('[[unit]]\nnation = "rome"\nkind = "army"\nid = "A1"\nat = "Latium"\n' * 2),
            "rome has two units A1",
        ),
        (MINIMAL + '[[band]]\nkind = "brigands"\nat = "Mare-Ionium"\n', "Mare-Ionium is a sea zone"),
        (MINIMAL + '[[band]]\nkind = "pirates"\nat = "Latium"\n', "Latium is a province, not a sea zone"),
        (MINIMAL + "[province.Latium]\narsenal = true\n", "Latium has an arsenal already"),
        (MINIMAL + "[province.Gallia]\narsenal = true\n", "no sea zone next to it"),
        ("unit = 3\n" + MINIMAL, "units are [[unit]] tables"),
        ("x" * 70_000, "larger than 64 KiB"),
        (MINIMAL + '[province.Gallia]\nsiege = "rome:A1"\n', "Gallia has no fortress"),
        (MINIMAL + '[province.Massalia]\nsiege = "rome:A1"\n', "no army 'rome:A1' in the scenario"),
        (
            MINIMAL
            + '[[unit]]\nnation = "rome"\nkind = "army"\nat = "Latium"\n'
            + '[province.Massalia]\nsiege = "rome:A1"\n',
            "rome:A1 stands in Latium, not in Massalia",
        ),
        (
            MINIMAL
            + '[[unit]]\nnation = "rome"\nkind = "army"\nat = "Massalia"\n'
            + '[province.Massalia]\nsiege = "rome:A1"\n',
            "rome:A1 has no engineer",
        ),
        (
            MINIMAL
            + '[[unit]]\nnation = "rome"\nkind = "army"\nat = "Latium"\nengineer = true\n'
            + '[province.Latium]\nsiege = "rome:A1"\n',
            "Latium belongs to rome already",
        ),
        (MINIMAL + "[province.Massalia]\nsiege_turns = 2\n", "siege_turns without a siege"),
    ],
)
def test_scenario_malformed_files_get_a_precise_error(text: str, expected: str) -> None:
    assert expected in refused(text)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)


NAMES = st.sampled_from(["Latium", "Carthago", "Mare-Ionium", "Gallia", "Atlantis", "", "rome", "A1", "F2"])
VALUES = st.one_of(
    st.integers(-5, 2_000_000), st.booleans(), NAMES, st.lists(NAMES, max_size=3), st.text(max_size=8)
)
PLACES = st.sampled_from(
    ["Latium", "Etruria", "Carthago", "Numidia", "Mare-Ionium", "Mare-Africum", "Atlantis"]
)
PROVINCES = st.sampled_from(["Latium", "Etruria", "Carthago", "Numidia", "Apulia", "Gallia"])
SEAS = st.sampled_from(["Mare-Ionium", "Mare-Africum", "Mare-Tyrrhenum"])
#: half well-formed tables (so that positions are built and checked), half anything at all
NATION_TABLES = st.one_of(
    st.fixed_dictionaries(
        {"treasury": st.integers(0, 500)},
        optional={
            "provinces": st.lists(PROVINCES, max_size=2, unique=True),
            "mercenaries": st.integers(0, 5),
        },
    ),
    st.fixed_dictionaries(
        {"treasury": st.one_of(st.integers(0, 500), VALUES)},
        optional={
            "provinces": st.one_of(st.lists(PLACES, max_size=3, unique=True), VALUES),
            "mercenaries": st.integers(-1, 5),
            "gold": VALUES,
        },
    ),
)
UNIT_TABLES = st.one_of(
    st.fixed_dictionaries(
        {"nation": st.sampled_from(["rome", "carthage"]), "kind": st.just("army"), "at": PROVINCES},
        optional={"exhausted": st.integers(0, 2), "priest": st.booleans(), "engineer": st.booleans()},
    ),
    st.fixed_dictionaries(
        {"nation": st.sampled_from(["rome", "carthage"]), "kind": st.just("fleet"), "at": SEAS}
    ),
    st.fixed_dictionaries(
        {
            "nation": st.sampled_from(["rome", "carthage", "gaul"]),
            "kind": st.sampled_from(["army", "army", "fleet", "legion"]),
            "at": PLACES,
        },
        optional={
            "id": st.sampled_from(["A1", "A2", "F1", "F2", "B1", "A0"]),
            "exhausted": st.integers(-1, 3),
            "priest": st.one_of(st.booleans(), VALUES),
            "size": VALUES,
        },
    ),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    nations=st.dictionaries(
        st.sampled_from(["rome", "carthage", "egypt", "gaul"]), NATION_TABLES, max_size=4
    ),
    units=st.lists(UNIT_TABLES, max_size=4),
)
def test_scenario_loader_property_only_scenario_errors_and_valid_positions(
    nations: dict[str, dict[str, Any]], units: list[dict[str, Any]]
) -> None:
    lines = []
    for seat, table in nations.items():
        lines.append(f"[nation.{seat}]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    for table in units:
        lines.append("[[unit]]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    try:
        state = start("\n".join(lines) + "\n")
    except ScenarioError as exc:
        assert str(exc)
        return
    game_map = default_map()
    for unit in state["units"].values():
        assert (unit["at"] in game_map.provinces) == (unit["kind"] == "army")
        assert unit["at"] in game_map.places
    assert all(0 <= n["treasury"] <= 1_000_000 for n in state["nations"].values())
    assert all(rec["owner"] in (None, *state["seats"]) for rec in state["provinces"].values())


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_scenario_loader_property_any_edit_of_the_example_is_read_or_refused(data: st.DataObject) -> None:
    text = EXAMPLE_SCENARIO
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 6))
        text = text[:at] + data.draw(st.text(max_size=4)) + text[at + cut :]
    try:
        start(text)
    except ScenarioError as exc:
        assert str(exc)


# -- the referee's adjustments -------------------------------------------------------
def test_adjustment_example_applies_corrections_then_income_then_upkeep() -> None:
    state, events = adjusted(start(EXAMPLE_SCENARIO), EXAMPLE_ADJUSTMENT)
    assert state["nations"]["rome"]["treasury"] == 40 + 35 - 20
    assert state["nations"]["carthage"]["treasury"] == 135 + 50 - 30
    assert state["nations"]["syracuse"]["treasury"] == 55
    assert {"kind": "brigands", "at": "Lusitania", "quiet_turn": 0} in state["bands"]
    assert {"kind": "pirates", "at": "Mare-Aegaeum", "quiet_turn": 0} in state["bands"]
    assert state["provinces"]["Etruria"]["arsenal"] is True
    assert "carthage:A2" not in state["units"]
    assert events[0].startswith("Referee's note: Economic phase of 216 BC")
    assert "Syracuse's treasury is corrected from 60 PO to 55 PO." in events
    assert "An arsenal is built in Etruria by Rome." in events


def test_adjustment_treasury_correction_comes_before_income() -> None:
    state, _ = adjusted(start(MINIMAL), "[treasury]\nrome = 100\n[income]\nrome = 5\n")
    assert state["nations"]["rome"]["treasury"] == 105


def test_adjustment_upkeep_beyond_the_treasury_is_refused() -> None:
    message = adjustment_refused(start(MINIMAL), "[upkeep]\nrome = 11\n")
    assert "Rome pays 11 PO of upkeep but holds only 10 PO; a treasury cannot be negative" in message


def test_adjustment_income_is_counted_before_upkeep() -> None:
    state, _ = adjusted(start(MINIMAL), "[income]\nrome = 5\n[upkeep]\nrome = 15\n")
    assert state["nations"]["rome"]["treasury"] == 0


def test_adjustment_arsenal_built_lets_a_fleet_be_bought_there() -> None:
    state = start(MINIMAL.replace('["Latium"]', '["Latium", "Etruria"]').replace("= 10", "= 200"))
    orders = parse_orders(default_map(), "buy fleet Etruria Mare-Tyrrhenum").orders
    assert RS.check(state, request("rome"), orders)  # no arsenal in Etruria on the map
    state, _ = adjusted(state, 'arsenals = ["Etruria"]\n')
    assert RS.check(state, request("rome"), orders) == []
    after, _, _ = play(state, {"rome": "buy fleet Etruria Mare-Tyrrhenum"})
    assert any(u["kind"] == "fleet" and u["at"] == "Mare-Tyrrhenum" for u in after["units"].values())


def test_adjustment_disbanding_a_besieging_army_lifts_the_siege() -> None:
    state = new_game(2)
    key = army(state, "rome", 2, "Massalia")
    state["provinces"]["Massalia"]["siege"] = {"army": key, "turns": 1}
    state, events = adjusted(state, 'disband = ["rome:A2"]\n')
    assert state["provinces"]["Massalia"]["siege"] is None
    assert "Rome disbands A2." in events


def test_adjustment_cannot_disband_a_fleet_with_an_army_aboard() -> None:
    state = new_game(2)
    cargo = army(state, "rome", 2, "Latium")
    fleet(state, "rome", 1, "Mare-Tyrrhenum", carrying=cargo)
    assert "the fleet carries rome:A2" in adjustment_refused(state, 'disband = ["rome:F1"]\n')


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[income]\ngaul = 5\n", "[income] gaul: no nation 'gaul' in this game"),
        ('brigands = ["Mare-Ionium"]\n', "Mare-Ionium is a sea zone, not a province"),
        ('pirates = ["Latium"]\n', "Latium is a province, not a sea zone"),
        ('brigands = ["Atlantis"]\n', "unknown province 'Atlantis'"),
        ('arsenals = ["Gallia"]\n', "an arsenal stands on a coast"),
        ('arsenals = ["Latium"]\n', "Latium has an arsenal already"),
        ('disband = ["rome:A9"]\n', "there is no unit rome:A9"),
        ('disband = ["Rome A1"]\n', "name a unit as nation:ID"),
    ],
)
def test_adjustment_that_cannot_apply_gets_a_precise_error(text: str, expected: str) -> None:
    assert expected in adjustment_refused(start(MINIMAL), text)


def test_adjustment_new_brigands_where_brigands_are_is_refused() -> None:
    state = start(MINIMAL + '[[band]]\nkind = "brigands"\nat = "Gallia"\n')
    assert "there are brigands in Gallia already" in adjustment_refused(state, 'brigands = ["Gallia"]\n')


def test_adjustment_of_an_eliminated_nation_is_refused() -> None:
    state = start(MINIMAL)
    state["nations"]["carthage"]["alive"] = False
    assert "Carthage was eliminated" in adjustment_refused(state, "[income]\ncarthage = 5\n")


def test_adjustment_waits_for_table_battle_results() -> None:
    state = start(MINIMAL)
    state["pending"] = {"battles": []}
    assert "waits for the results of table battles" in adjustment_refused(state, "[income]\nrome = 5\n")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[income\n", "not valid TOML"),
        ("", "the adjustment changes nothing"),
        ("gold = 5\n", "the adjustment: unknown key 'gold'"),
        ("[income]\nrome = -5\n", "[income] rome cannot be negative (-5)"),
        ("[upkeep]\nrome = true\n", "[upkeep] rome must be a whole number, not bool"),
        ("income = 5\n", "[income] must be a table of nation = PO"),
        ('brigands = "Gallia"\n', "brigands must be a list of names"),
        ('brigands = ["Gallia", "Gallia"]\n', "'Gallia' is listed twice"),
        ('note = "a\\u0007b"\n', "note must be at most 500 printable characters"),
    ],
)
def test_adjustment_malformed_files_get_a_precise_error(text: str, expected: str) -> None:
    with pytest.raises(AdjustmentError) as caught:
        RS.parse_adjustment(text)
    assert expected in str(caught.value)


ADJ_PLAIN = st.fixed_dictionaries(
    {},
    optional={
        "brigands": st.one_of(st.lists(PLACES, max_size=2, unique=True), VALUES),
        "pirates": st.lists(PLACES, max_size=2, unique=True),
        "arsenals": st.lists(PLACES, max_size=2, unique=True),
        "disband": st.lists(st.sampled_from(["rome:A1", "carthage:A1", "rome:F1", "x"]), max_size=2),
        "note": st.one_of(st.text(max_size=20), VALUES),
        "gold": VALUES,
    },
)
PO = st.one_of(st.integers(0, 60), VALUES)


@settings(max_examples=200, deadline=None)
@given(
    plain=ADJ_PLAIN,
    tables=st.dictionaries(
        st.sampled_from(["treasury", "income", "upkeep"]),
        st.dictionaries(st.sampled_from(["rome", "carthage", "egypt"]), PO, max_size=3),
        max_size=3,
    ),
)
def test_adjustment_property_only_adjustment_errors_and_no_negative_treasury(
    plain: dict[str, Any], tables: dict[str, dict[str, Any]]
) -> None:
    lines = [f"{k} = {_toml_value(v)}" for k, v in plain.items() if k not in tables]
    for name, table in tables.items():
        lines.append(f"[{name}]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    before = start(MINIMAL)
    try:
        state, _ = adjusted(before, "\n".join(lines) + "\n")
    except AdjustmentError as exc:
        assert str(exc)
        return
    assert all(n["treasury"] >= 0 for n in state["nations"].values())
    game_map = default_map()
    for band in state["bands"]:
        assert (band["at"] in game_map.provinces) == (band["kind"] == "brigands")
