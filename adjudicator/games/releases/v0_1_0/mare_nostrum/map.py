"""The map: provinces, sea zones, adjacency and starting nations, read from TOML.

The book's hexagons become provinces: an army moves from a province to an
adjacent province, a fleet from a sea zone to an adjacent sea zone, one step a
turn. The packaged map (``data/mediterranean.toml``) is authored by the project;
a club loads its own with ``--option map=PATH``. The schema is documented in
``orders/mare-nostrum.md`` and checked by :func:`load_map`.

The state embeds the map's TOML text, so a game stays replayable even if the
file changes later; parsed maps are cached by the SHA-256 of that text.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
DEFAULT_MAP = DATA / "mediterranean.toml"


class MapError(ValueError):
    """A map file is not valid; the message says where."""


@dataclass(frozen=True)
class Province:
    name: str
    demography: int
    market: int
    fortress: bool
    port: bool
    arsenal: bool
    army_list: str
    pos: tuple[float, float]
    land: tuple[str, ...]
    seas: tuple[str, ...]


@dataclass(frozen=True)
class SeaZone:
    name: str
    pos: tuple[float, float]
    seas: tuple[str, ...]
    coasts: tuple[str, ...]


@dataclass(frozen=True)
class NationStart:
    seat: str
    name: str
    home: str
    provinces: tuple[str, ...]
    treasury: int
    colour: str


@dataclass
class GameMap:
    name: str
    start_year: int
    costs: dict[str, int]
    provinces: dict[str, Province]
    seas: dict[str, SeaZone]
    nations: dict[str, NationStart]
    brigands: tuple[str, ...]
    pirates: tuple[str, ...]
    source: str
    sha: str
    # lower-cased name -> name, for the order parser
    lookup: dict[str, str] = field(default_factory=dict)

    @property
    def places(self) -> list[str]:
        return [*self.provinces, *self.seas]

    def is_province(self, name: str) -> bool:
        return name in self.provinces

    def is_sea(self, name: str) -> bool:
        return name in self.seas

    def neighbours(self, place: str) -> tuple[str, ...]:
        """Land neighbours of a province, or sea neighbours of a sea zone."""
        if place in self.provinces:
            return self.provinces[place].land
        return self.seas[place].seas


DEFAULT_COSTS = {"army": 50, "fleet": 100, "engineer": 25, "priest": 25, "mercenary": 10}


def _names(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise MapError(f"{where}: expected a list of names")
    return list(value)


def _pos(value: Any, where: str) -> tuple[float, float]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise MapError(f"{where}: pos must be [longitude, latitude]")
    return float(value[0]), float(value[1])


def _int(table: dict[str, Any], key: str, where: str, default: int | None = None, low: int = 0) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise MapError(f"{where}: {key} must be a whole number >= {low}")
    return value


def load_map(source: str) -> GameMap:
    """Read and check a map from its TOML text; raise :class:`MapError` on any fault."""
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise MapError(f"not valid TOML: {exc}") from exc
    raw_provinces = data.get("province", {})
    raw_seas = data.get("sea", {})
    raw_nations = data.get("nation", {})
    if not isinstance(raw_provinces, dict) or not raw_provinces:
        raise MapError("the map has no [province.<Name>] tables")
    if not isinstance(raw_seas, dict):
        raise MapError("[sea] must hold [sea.<Name>] tables")
    if not isinstance(raw_nations, dict) or len(raw_nations) < 2:
        raise MapError("the map needs at least two [nation.<seat>] tables")
    overlap = set(raw_provinces) & set(raw_seas)
    if overlap:
        raise MapError(f"{sorted(overlap)[0]} is both a province and a sea zone")
    for name in [*raw_provinces, *raw_seas]:
        if not name or any(c.isspace() for c in name) or name.lower() in {"final"}:
            raise MapError(f"bad place name {name!r}: use hyphens instead of spaces")

    land: dict[str, set[str]] = {p: set() for p in raw_provinces}
    coast: dict[str, set[str]] = {p: set() for p in raw_provinces}
    sea_sea: dict[str, set[str]] = {s: set() for s in raw_seas}
    for name, table in raw_provinces.items():
        where = f"[province.{name}]"
        for other in _names(table.get("land", []), f"{where} land"):
            if other not in raw_provinces:
                raise MapError(f"{where} land: unknown province {other!r}")
            if other != name:
                land[name].add(other)
                land[other].add(name)
        for sea in _names(table.get("sea", []), f"{where} sea"):
            if sea not in raw_seas:
                raise MapError(f"{where} sea: unknown sea zone {sea!r}")
            coast[name].add(sea)
    for name, table in raw_seas.items():
        where = f"[sea.{name}]"
        for other in _names(table.get("sea", []), f"{where} sea"):
            if other not in raw_seas:
                raise MapError(f"{where} sea: unknown sea zone {other!r}")
            if other != name:
                sea_sea[name].add(other)
                sea_sea[other].add(name)
        _pos(table.get("pos"), where)

    provinces: dict[str, Province] = {}
    for name, table in raw_provinces.items():
        where = f"[province.{name}]"
        arsenal = bool(table.get("arsenal", False))
        port = bool(table.get("port", False)) or arsenal
        if arsenal and not coast[name]:
            raise MapError(f"{where}: an arsenal needs an adjacent sea zone")
        provinces[name] = Province(
            name=name,
            demography=_int(table, "demography", where, low=1),
            market=_int(table, "market", where, default=0),
            fortress=bool(table.get("fortress", False)),
            port=port,
            arsenal=arsenal,
            army_list=str(table.get("army", "")),
            pos=_pos(table.get("pos"), where),
            land=tuple(sorted(land[name])),
            seas=tuple(sorted(coast[name])),
        )
    seas: dict[str, SeaZone] = {}
    for name, table in raw_seas.items():
        coasts = tuple(sorted(p for p in raw_provinces if name in coast[p]))
        seas[name] = SeaZone(
            name, _pos(table.get("pos"), f"[sea.{name}]"), tuple(sorted(sea_sea[name])), coasts
        )

    nations: dict[str, NationStart] = {}
    taken: set[str] = set()
    for seat, table in raw_nations.items():
        where = f"[nation.{seat}]"
        if not seat.isascii() or not seat.replace("-", "").isalnum() or seat != seat.lower():
            raise MapError(f"{where}: a seat name is lower-case letters and digits")
        home = table.get("home")
        if home not in provinces:
            raise MapError(f"{where}: home must be a province of the map")
        start = _names(table.get("provinces", [home]), f"{where} provinces")
        if home not in start:
            start.insert(0, home)
        for p in start:
            if p not in provinces:
                raise MapError(f"{where} provinces: unknown province {p!r}")
            if p in taken:
                raise MapError(f"{where}: {p} already belongs to another nation")
            taken.add(p)
        nations[seat] = NationStart(
            seat=seat,
            name=str(table.get("name", seat.title())),
            home=home,
            provinces=tuple(start),
            treasury=_int(table, "treasury", where, default=100),
            colour=str(table.get("colour", "#888888")),
        )

    bands = data.get("bands", {})
    brigands = _names(bands.get("brigands", []), "[bands] brigands")
    pirates = _names(bands.get("pirates", []), "[bands] pirates")
    for p in brigands:
        if p not in provinces:
            raise MapError(f"[bands] brigands: unknown province {p!r}")
    for s in pirates:
        if s not in seas:
            raise MapError(f"[bands] pirates: unknown sea zone {s!r}")
    costs = dict(DEFAULT_COSTS)
    for key in data.get("costs", {}):
        if key not in DEFAULT_COSTS:
            raise MapError(f"[costs]: unknown price {key!r}; prices are {', '.join(DEFAULT_COSTS)}")
        costs[key] = _int(data["costs"], key, "[costs]", low=0)
    meta = data.get("map", {})
    game_map = GameMap(
        name=str(meta.get("name", "club map")),
        start_year=_int(meta, "start_year", "[map]", default=218, low=-10000),
        costs=costs,
        provinces=provinces,
        seas=seas,
        nations=nations,
        brigands=tuple(brigands),
        pirates=tuple(pirates),
        source=source,
        sha=hashlib.sha256(source.encode()).hexdigest(),
    )
    game_map.lookup = {n.lower(): n for n in game_map.places}
    return game_map


_CACHE: dict[str, GameMap] = {}


def map_from_source(source: str, sha: str | None = None) -> GameMap:
    """The parsed map for this TOML text, cached by its SHA-256."""
    if sha is not None and sha in _CACHE:
        return _CACHE[sha]
    digest = hashlib.sha256(source.encode()).hexdigest()
    if digest not in _CACHE:
        _CACHE[digest] = load_map(source)
    return _CACHE[digest]


_DEFAULT: list[GameMap] = []


def default_map() -> GameMap:
    """The packaged map of the Mediterranean (read once per process)."""
    if not _DEFAULT:
        _DEFAULT.append(map_from_source(DEFAULT_MAP.read_text(encoding="utf-8")))
    return _DEFAULT[0]


def map_from_path(path: str) -> GameMap:
    """A club map from a file (``--option map=PATH``)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise MapError(f"cannot read map file {path!r}: {exc.strerror}") from exc
    return map_from_source(text)


def map_of(state: dict[str, Any]) -> GameMap:
    """The map a game state was set up with (embedded in the state)."""
    return map_from_source(state["map"]["source"], state["map"]["sha"])
