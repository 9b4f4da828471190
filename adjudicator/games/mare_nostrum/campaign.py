"""Running a real campaign: a starting position (scenario) and the referee's adjustments.

The book gives the military phase only; the economic and administrative phases are the
referee's. Two files let a referee carry a campaign through this program (both TOML, both
documented with examples in ``orders/mare-nostrum.md`` and ``orders/scenarios/``):

* a **scenario** (``pbem game new mare-nostrum GAME --scenario FILE``): treasuries, who owns
  which province, every unit with its markers, the bands of brigands and pirates, arsenals
  built. It is read once, checked against the game's map, and kept in the game's options, so
  the archive publishes it and ``pbem verify`` replays the setup from it;
* an **adjustment** (``pbem referee adjust GAME FILE``): income, upkeep, a treasury corrected,
  new brigands or pirates, an arsenal built, units disbanded. :func:`adjust` applies it purely
  to the state of the open turn.

Every reader here takes hostile text: unknown keys, wrong types, names not on the map, a unit
where it cannot stand, a negative treasury, each gives a :class:`ScenarioError` or
:class:`AdjustmentError` that says where and what is valid.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from adjudicator.games.base import AdjustmentError, Event, ScenarioError

from .map import GameMap
from .phase import new_army, new_fleet

State = dict[str, Any]

MAX_FILE_BYTES = 64 * 1024
MAX_PO = 1_000_000
MAX_UNITS = 1000
MAX_BANDS = 200
MAX_NOTE = 500
UNIT_ID = re.compile(r"^([AF])([1-9][0-9]{0,3})$")
UNIT_KEY = re.compile(r"^([a-z0-9-]{1,64}):([AF][1-9][0-9]{0,3})$")
BAND_KINDS = ("brigands", "pirates")


# -- reading TOML as hostile input ----------------------------------------------
def _toml(text: str, error: type[ValueError]) -> dict[str, Any]:
    if not isinstance(text, str):
        raise error("the file must be UTF-8 text")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise error(f"the file is larger than {MAX_FILE_BYTES // 1024} KiB")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"not valid TOML: {exc}") from exc


def _keys(table: Any, allowed: tuple[str, ...], where: str, error: type[ValueError]) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise error(f"{where} must be a table")
    unknown = [k for k in table if k not in allowed]
    if unknown:
        raise error(f"{where}: unknown key {unknown[0]!r}; valid keys: {', '.join(allowed)}")
    return table


def _int(value: Any, where: str, error: type[ValueError], low: int = 0, high: int = MAX_PO) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{where} must be a whole number, not {type(value).__name__}")
    if value < low:
        raise error(f"{where} cannot be {'negative' if low == 0 else f'below {low}'} ({value})")
    if value > high:
        raise error(f"{where} must be at most {high} ({value})")
    return value


def _bool(value: Any, where: str, error: type[ValueError]) -> bool:
    if not isinstance(value, bool):
        raise error(f"{where} must be true or false")
    return value


def _str(value: Any, where: str, error: type[ValueError], limit: int = 100) -> str:
    if not isinstance(value, str) or not value.strip():
        raise error(f"{where} must be a non-empty string")
    if len(value) > limit or any(ord(c) < 32 for c in value):
        raise error(f"{where} must be at most {limit} printable characters")
    return value


def _names(value: Any, where: str, error: type[ValueError], limit: int = MAX_BANDS) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise error(f"{where} must be a list of names")
    if len(value) > limit:
        raise error(f"{where} lists more than {limit} names")
    seen: set[str] = set()
    for v in value:
        if v in seen:
            raise error(f"{where}: {v!r} is listed twice")
        seen.add(v)
    return list(value)


def _province(game_map: GameMap, name: str, where: str, error: type[ValueError]) -> str:
    if name in game_map.provinces:
        return name
    if name in game_map.seas:
        raise error(f"{where}: {name} is a sea zone, not a province")
    raise error(f"{where}: unknown province {name[:60]!r}{_close(game_map, name)}")


def _sea(game_map: GameMap, name: str, where: str, error: type[ValueError]) -> str:
    if name in game_map.seas:
        return name
    if name in game_map.provinces:
        raise error(f"{where}: {name} is a province, not a sea zone")
    raise error(f"{where}: unknown sea zone {name[:60]!r}{_close(game_map, name)}")


def _close(game_map: GameMap, name: str) -> str:
    found = game_map.lookup.get(name.lower()) if isinstance(name, str) else None
    return f" (did you mean {found}?)" if found else ""


# -- the scenario -----------------------------------------------------------------
SCENARIO_KEYS = ("scenario", "nation", "unit", "band", "province")
NATION_KEYS = ("treasury", "provinces", "mercenaries")
UNIT_KEYS = ("nation", "kind", "id", "at", "exhausted", "engineer", "priest", "mercenaries")
FLEET_KEYS = ("nation", "kind", "id", "at")
BAND_KEYS = ("kind", "at")
PROVINCE_KEYS = ("arsenal", "siege", "siege_turns")


def read_scenario(game_map: GameMap, text: str) -> dict[str, Any]:
    """A scenario file checked against ``game_map``, as canonical JSON-able data.

    The nations are listed in the map's order, whatever the file's order, so the seats (and
    everything that follows from them) never depend on how the file was written.
    """
    err = ScenarioError
    data = _keys(_toml(text, err), SCENARIO_KEYS, "the scenario", err)
    head = _keys(data.get("scenario", {}), ("title", "turn"), "[scenario]", err)
    title = _str(head["title"], "[scenario] title", err, 200) if "title" in head else ""
    turn = _int(head.get("turn", 1), "[scenario] turn", err, low=1, high=1000)

    raw_nations = data.get("nation")
    if not isinstance(raw_nations, dict) or not raw_nations:
        raise err("the scenario needs a [nation.<seat>] table for each nation that plays")
    for seat in raw_nations:
        if seat not in game_map.nations:
            raise err(
                f"[nation.{seat[:40]}]: no such nation on the map {game_map.name!r}; "
                f"nations: {', '.join(game_map.nations)}"
            )
    seats = [s for s in game_map.nations if s in raw_nations]
    if not 2 <= len(seats) <= 8:
        raise err(f"the scenario has {len(seats)} nations; a game has 2 to 8")
    nations: dict[str, Any] = {}
    owner_of: dict[str, str] = {}
    for seat in seats:
        where = f"[nation.{seat}]"
        table = _keys(raw_nations[seat], NATION_KEYS, where, err)
        if "treasury" not in table:
            raise err(f"{where}: treasury is missing (PO in the treasury, 0 or more)")
        provinces = _names(table.get("provinces", []), f"{where} provinces", err, len(game_map.provinces))
        for p in provinces:
            _province(game_map, p, f"{where} provinces", err)
            if p in owner_of:
                raise err(f"{where} provinces: {p} belongs to {owner_of[p]} already")
            owner_of[p] = seat
        nations[seat] = {
            "treasury": _int(table["treasury"], f"{where} treasury", err),
            "provinces": provinces,
            "mercenaries": _int(table.get("mercenaries", 0), f"{where} mercenaries", err, high=1000),
        }

    raw_units = data.get("unit", [])
    if not isinstance(raw_units, list):
        raise err("units are [[unit]] tables, one per unit")
    if len(raw_units) > MAX_UNITS:
        raise err(f"the scenario has more than {MAX_UNITS} units")
    units: list[dict[str, Any]] = []
    numbers: dict[tuple[str, str], int] = {}
    taken: set[str] = set()
    for i, raw in enumerate(raw_units, start=1):
        where = f"[[unit]] number {i}"
        if not isinstance(raw, dict):
            raise err(f"{where} must be a table")
        kind = raw.get("kind")
        if kind not in ("army", "fleet"):
            raise err(f"{where}: kind must be 'army' or 'fleet', not {str(kind)[:20]!r}")
        _keys(raw, UNIT_KEYS if kind == "army" else FLEET_KEYS, f"{where} ({kind})", err)
        seat = _str(raw.get("nation"), f"{where} nation", err, 64)
        if seat not in nations:
            raise err(f"{where}: nation {seat[:40]!r} has no [nation.{seat[:40]}] table in the scenario")
        letter = "A" if kind == "army" else "F"
        if "id" in raw:
            uid = _str(raw["id"], f"{where} id", err, 8)
            match = UNIT_ID.match(uid)
            if not match or match.group(1) != letter:
                raise err(
                    f"{where}: the id of {'an army' if kind == 'army' else 'a fleet'} "
                    f"is {letter}1, {letter}2 ..."
                )
            number = int(match.group(2))
        else:
            number = numbers.get((seat, letter), 0) + 1
            uid = f"{letter}{number}"
        if f"{seat}:{uid}" in taken:
            raise err(f"{where}: {seat} has two units {uid}")
        taken.add(f"{seat}:{uid}")
        numbers[(seat, letter)] = max(numbers.get((seat, letter), 0), number)
        at = _str(raw.get("at"), f"{where} at", err)
        if kind == "army":
            if at in game_map.seas:
                raise err(f"{where}: an army stands in a province, not in the sea zone {at}")
            _province(game_map, at, f"{where} at", err)
            units.append(
                {
                    "nation": seat,
                    "kind": kind,
                    "id": uid,
                    "at": at,
                    "exhausted": _int(raw.get("exhausted", 0), f"{where} exhausted (0, 1 or 2)", err, high=2),
                    "engineer": _bool(raw.get("engineer", False), f"{where} engineer", err),
                    "priest": _bool(raw.get("priest", False), f"{where} priest", err),
                    "mercenaries": _int(raw.get("mercenaries", 0), f"{where} mercenaries", err, high=100),
                }
            )
        else:
            if at in game_map.provinces:
                raise err(f"{where}: a fleet sails in a sea zone, not in the province {at}")
            _sea(game_map, at, f"{where} at", err)
            units.append({"nation": seat, "kind": kind, "id": uid, "at": at})

    raw_bands = data.get("band", [])
    if not isinstance(raw_bands, list):
        raise err("bands are [[band]] tables, one per band")
    if len(raw_bands) > MAX_BANDS:
        raise err(f"the scenario has more than {MAX_BANDS} bands")
    bands: list[dict[str, str]] = []
    for i, raw in enumerate(raw_bands, start=1):
        where = f"[[band]] number {i}"
        _keys(raw, BAND_KEYS, where, err)
        kind = raw.get("kind")
        if kind not in BAND_KINDS:
            raise err(f"{where}: kind must be 'brigands' (in a province) or 'pirates' (in a sea zone)")
        at = _str(raw.get("at"), f"{where} at", err)
        if kind == "brigands":
            _province(game_map, at, f"{where} (brigands)", err)
        else:
            _sea(game_map, at, f"{where} (pirates)", err)
        if {"kind": kind, "at": at} in bands:
            raise err(f"{where}: there are {kind} in {at} already")
        bands.append({"kind": kind, "at": at})

    raw_provinces = data.get("province", {})
    if not isinstance(raw_provinces, dict):
        raise err("[province.<Name>] tables hold what was built in a province")
    arsenals: list[str] = []
    sieges: dict[str, dict[str, Any]] = {}
    armies = {f"{u['nation']}:{u['id']}": u for u in units if u["kind"] == "army"}
    for name in raw_provinces:
        where = f"[province.{name[:60]}]"
        _province(game_map, name, where, err)
        table = _keys(raw_provinces[name], PROVINCE_KEYS, where, err)
        if _bool(table.get("arsenal", False), f"{where} arsenal", err):
            arsenal_problem = _arsenal_problem(game_map, {}, name)
            if arsenal_problem:
                raise err(f"{where}: {arsenal_problem}")
            arsenals.append(name)
        if "siege" in table:
            sieges[name] = _siege(game_map, name, table, armies, owner_of, where)
        elif "siege_turns" in table:
            raise err(f"{where}: siege_turns without a siege")
    return {
        "title": title,
        "turn": turn,
        "nations": nations,
        "units": units,
        "bands": bands,
        "arsenals": sorted(arsenals),
        "sieges": dict(sorted(sieges.items())),
    }


def _siege(
    game_map: GameMap,
    province: str,
    table: dict[str, Any],
    armies: dict[str, dict[str, Any]],
    owner_of: dict[str, str],
    where: str,
) -> dict[str, Any]:
    """A siege in place when the game starts: ``siege = "nation:ID"`` (an army there with an engineer)."""
    err = ScenarioError
    key = _str(table["siege"], f"{where} siege", err, 80)
    if not game_map.provinces[province].fortress:
        raise err(f"{where}: {province} has no fortress; only a fortress is besieged")
    army = armies.get(key)
    if army is None:
        raise err(f"{where} siege: no army {key[:60]!r} in the scenario (write nation:ID, e.g. rome:A1)")
    if army["at"] != province:
        raise err(f"{where} siege: {key} stands in {army['at']}, not in {province}")
    if not army["engineer"]:
        raise err(f"{where} siege: {key} has no engineer; a siege is laid with an engineer (book 4.2 b)")
    if owner_of.get(province) == army["nation"]:
        raise err(f"{where} siege: {province} belongs to {army['nation']} already")
    if province not in owner_of:
        raise err(
            f"{where} siege: {province} is independent; the book besieges only another nation's "
            "fortress (an invasion of an independent province takes control or pillages it, 4.1)"
        )
    turns = _int(table.get("siege_turns", 0), f"{where} siege_turns", err, high=100)
    return {"nation": army["nation"], "army": key, "turns": turns}


def scenario_seats(scenario: dict[str, Any], game_map: GameMap) -> list[str]:
    return [s for s in game_map.nations if s in scenario["nations"]]


def start_from_scenario(state: State, game_map: GameMap, scenario: dict[str, Any]) -> State:
    """Replace the book's starting position in a fresh ``state`` by the scenario's."""
    turn = scenario["turn"]
    state["turn"] = turn
    for rec in state["provinces"].values():
        rec["owner"] = None
    for seat, nation in scenario["nations"].items():
        for p in nation["provinces"]:
            state["provinces"][p]["owner"] = seat
        state["nations"][seat]["treasury"] = nation["treasury"]
        state["nations"][seat]["mercenaries"] = nation["mercenaries"]
    for p in scenario["arsenals"]:
        state["provinces"][p]["arsenal"] = True
    for p, siege in scenario.get("sieges", {}).items():
        # laid before the game starts: the surrender roll comes in the first turn
        state["provinces"][p]["siege"] = {**siege, "since": turn - 1}
    units: dict[str, Any] = {}
    highest: dict[tuple[str, str], int] = {}
    for u in scenario["units"]:
        number = int(u["id"][1:])
        seat = u["nation"]
        highest[(seat, u["kind"])] = max(highest.get((seat, u["kind"]), 0), number)
        if u["kind"] == "army":
            army = new_army(seat, number, u["at"], 0, u["mercenaries"])
            army["exhausted"] = u["exhausted"]
            # a marker in place when the game starts was put down the turn before
            army["exhausted_turn"] = turn - 1 if u["exhausted"] else 0
            army["engineer"], army["priest"] = u["engineer"], u["priest"]
            units[f"{seat}:{u['id']}"] = army
        else:
            units[f"{seat}:{u['id']}"] = new_fleet(seat, number, u["at"], 0)
    for seat in scenario["nations"]:
        state["nations"][seat]["next_army"] = highest.get((seat, "army"), 0) + 1
        state["nations"][seat]["next_fleet"] = highest.get((seat, "fleet"), 0) + 1
    state["units"] = units
    state["bands"] = [{"kind": b["kind"], "at": b["at"], "quiet_turn": 0} for b in scenario["bands"]]
    return state


def has_arsenal(game_map: GameMap, provinces: dict[str, Any], province: str) -> bool:
    """An arsenal of the map, or one the referee recorded as built."""
    return game_map.provinces[province].arsenal or bool(provinces.get(province, {}).get("arsenal"))


def _arsenal_problem(game_map: GameMap, provinces: dict[str, Any], name: str) -> str:
    if has_arsenal(game_map, provinces, name):
        return f"{name} has an arsenal already"
    if not game_map.provinces[name].seas:
        return f"{name} has no sea zone next to it: an arsenal stands on a coast"
    return ""


# -- the referee's adjustments --------------------------------------------------------
ADJUSTMENT_KEYS = ("note", "treasury", "income", "upkeep", "brigands", "pirates", "arsenals", "disband")


def parse_adjustment(text: str) -> dict[str, Any]:
    """An adjustment file as canonical data (names are checked against the state by :func:`adjust`)."""
    err = AdjustmentError
    data = _keys(_toml(text, err), ADJUSTMENT_KEYS, "the adjustment", err)
    out: dict[str, Any] = {"note": _str(data["note"], "note", err, MAX_NOTE) if "note" in data else ""}
    for key in ("treasury", "income", "upkeep"):
        table = data.get(key, {})
        if not isinstance(table, dict):
            raise err(f"[{key}] must be a table of nation = PO")
        out[key] = {seat: _int(value, f"[{key}] {seat[:40]}", err) for seat, value in sorted(table.items())}
    for key in ("brigands", "pirates", "arsenals", "disband"):
        out[key] = _names(data.get(key, []), key, err)
    if not any(out[k] for k in ADJUSTMENT_KEYS):
        raise err("the adjustment changes nothing; see orders/mare-nostrum.md for what it can hold")
    return out


def adjust(state: State, game_map: GameMap, adj: dict[str, Any]) -> tuple[State, list[Event]]:
    """Apply a checked adjustment: corrections, then income, then upkeep, bands, arsenals, disbands."""
    err = AdjustmentError
    if state.get("pending"):
        raise err("this turn waits for the results of table battles; adjust once they are entered")
    nations = state["nations"]
    events: list[Event] = []

    def say(text: str, **data: Any) -> None:
        events.append(Event(text, "adjustment", data))

    if adj.get("note"):
        say(f"Referee's note: {adj['note']}")
    for key in ("treasury", "income", "upkeep"):
        for seat in adj[key]:
            if seat not in nations:
                raise err(
                    f"[{key}] {seat[:40]}: no nation {seat[:40]!r} in this game; "
                    f"nations: {', '.join(state['seats'])}"
                )
            if not nations[seat]["alive"]:
                raise err(f"[{key}] {seat}: {nations[seat]['name']} was eliminated")
    for seat in state["seats"]:
        nation = nations[seat]
        before = nation["treasury"]
        if seat in adj["treasury"]:
            nation["treasury"] = adj["treasury"][seat]
            say(
                f"{nation['name']}'s treasury is corrected from {before} PO to {nation['treasury']} PO.",
                nation=seat,
                treasury=nation["treasury"],
            )
        if seat in adj["income"]:
            nation["treasury"] += adj["income"][seat]
            say(
                f"{nation['name']} receives {adj['income'][seat]} PO of income "
                f"(treasury {nation['treasury']} PO).",
                nation=seat,
                income=adj["income"][seat],
            )
        if seat in adj["upkeep"]:
            cost = adj["upkeep"][seat]
            if cost > nation["treasury"]:
                raise err(
                    f"[upkeep] {seat}: {nation['name']} pays {cost} PO of upkeep but holds only "
                    f"{nation['treasury']} PO; a treasury cannot be negative "
                    "(disband units or lower the upkeep)"
                )
            nation["treasury"] -= cost
            say(
                f"{nation['name']} pays {cost} PO of upkeep (treasury {nation['treasury']} PO).",
                nation=seat,
                upkeep=cost,
            )
        if nation["treasury"] > MAX_PO:
            raise err(f"{nation['name']}'s treasury would exceed {MAX_PO} PO")
    bands = state["bands"]
    for kind in BAND_KINDS:
        for at in adj[kind]:
            where = f"{kind} {at[:60]!r}"
            if kind == "brigands":
                _province(game_map, at, where, err)
            else:
                _sea(game_map, at, where, err)
            if any(b["kind"] == kind and b["at"] == at for b in bands):
                raise err(f"{where}: there are {kind} in {at} already")
            if len(bands) >= MAX_BANDS:
                raise err(f"{where}: there are {MAX_BANDS} bands already")
            bands.append({"kind": kind, "at": at, "quiet_turn": 0})
            what = "A band of brigands appears" if kind == "brigands" else "Pirates appear"
            say(f"{what} in {at}.", kind=kind, at=at)
    for name in adj["arsenals"]:
        where = f"arsenals {name[:60]!r}"
        _province(game_map, name, where, err)
        problem = _arsenal_problem(game_map, state["provinces"], name)
        if problem:
            raise err(f"{where}: {problem}")
        state["provinces"][name]["arsenal"] = True
        owner = state["provinces"][name]["owner"]
        by = f" by {nations[owner]['name']}" if owner in nations else ""
        say(f"An arsenal is built in {name}{by}.", province=name)
    for key in adj["disband"]:
        _disband(state, key)
        unit = key.split(":")[1]
        say(f"{nations[key.split(':')[0]]['name']} disbands {unit}.", unit=key)
    return state, events


def _disband(state: State, key: str) -> None:
    err = AdjustmentError
    if not UNIT_KEY.match(key):
        raise err(f"disband {key[:60]!r}: name a unit as nation:ID, e.g. rome:A2")
    unit = state["units"].get(key)
    if unit is None:
        raise err(f"disband {key}: there is no unit {key}")
    if unit.get("carrying"):
        raise err(f"disband {key}: the fleet carries {unit['carrying']}; disband or land that army first")
    if unit.get("aboard") in state["units"]:
        state["units"][unit["aboard"]]["carrying"] = None
    for rec in state["provinces"].values():
        if rec.get("siege") and rec["siege"].get("army") == key:
            rec["siege"] = None
    del state["units"][key]
