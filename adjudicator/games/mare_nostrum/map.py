"""The map: provinces, sea zones, adjacency and starting nations, read from TOML.

The book's hexagons become provinces: an army moves from a province to an
adjacent province, a fleet from a sea zone to an adjacent sea zone, one step a
turn. The packaged map (``data/mediterranean.toml``) is authored by the project;
a club loads its own with ``--option map=PATH``. The schema is documented in
``orders/mare-nostrum.md`` and checked by :func:`load_map`.

A game's states name their map by its SHA-256 (:func:`map_record`, state format 2): the
packaged map is read from the package's data (``data/``; a packaged map that changes keeps its
old text in ``data/retired/``, so that every game played on it still loads), a club map from its
text, packed into the game's options when the game is created (:func:`club_map_reference`).
States of games set up before format 2 carry the map's whole TOML text, and still load.
Parsed maps are cached by the SHA-256 of their text.
"""

from __future__ import annotations

import base64
import hashlib
import re
import tomllib
import zlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
DEFAULT_MAP = DATA / "mediterranean.toml"
#: the packaged maps that were changed after games were played on them, by their old text
RETIRED = DATA / "retired"
#: the format of the states a new game gets (see :func:`map_record`)
STATE_FORMAT = 2


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

    @cached_property
    def rank(self) -> dict[str, int]:
        """Each place's position in the map file (provinces, then sea zones); read-only."""
        return {name: i for i, name in enumerate(self.places)}

    @cached_property
    def neighbours_in_map_order(self) -> dict[str, tuple[str, ...]]:
        """Each place's :meth:`neighbours` in the map file's order (the order the rules use
        wherever they need one among places), sorted once per map; read-only."""
        rank = self.rank
        return {place: tuple(sorted(self.neighbours(place), key=rank.__getitem__)) for place in rank}

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
    shores: dict[str, list[str]] = {s: [] for s in raw_seas}  # sea zone -> the provinces on it
    for name in raw_provinces:
        for sea in coast[name]:
            shores[sea].append(name)
    seas: dict[str, SeaZone] = {}
    for name, table in raw_seas.items():
        coasts = tuple(sorted(shores[name]))
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


def club_map_reference(path: str) -> str:
    """A club map as published: ``NAME;sha256=HEX;zlib64=DATA`` - its file name, the SHA-256 of its
    text and the text itself (zlib, base64), never the referee's local path. Whoever holds the
    archive can read (and re-run) the game with it; a reference is given back unchanged."""
    if ";zlib64=" in path:
        return path
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise MapError(f"cannot read map file {Path(path).name!r}: {exc.strerror}") from exc
    name = re.sub(r"[^A-Za-z0-9._-]", "_", Path(path).name)[:80] or "map.toml"
    packed = base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")
    return f"{name};sha256={hashlib.sha256(text.encode()).hexdigest()};zlib64={packed}"


def map_from_reference(reference: str) -> GameMap:
    """The map of a ``club_map_reference`` (or, for games made before it, of a path)."""
    if ";zlib64=" not in reference:
        return map_from_path(reference)
    head, _, packed = reference.partition(";zlib64=")
    sha = head.rpartition(";sha256=")[2] or None
    try:
        text = zlib.decompress(base64.b64decode(packed, validate=True)).decode("utf-8")
    except (ValueError, zlib.error) as exc:
        raise MapError(f"the map data of {head.split(';')[0]!r} is damaged") from exc
    return map_from_source(text, sha)


def packaged_map(name: str, sha: str) -> GameMap:
    """The packaged map ``name`` (a file of ``data/``) whose text has the SHA-256 ``sha``: the
    file itself, or its old text kept in ``data/retired/`` after the file changed."""
    if not re.fullmatch(r"[A-Za-z0-9_-]+\.toml", name):
        raise MapError(f"{name[:80]!r} is not the name of a packaged map")
    if sha in _CACHE:
        return _CACHE[sha]
    for path in (DATA / name, *sorted(RETIRED.glob("*.toml"))):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            if hashlib.sha256(text.encode()).hexdigest() == sha:
                return map_from_source(text, sha)
    raise MapError(
        f"the packaged map {name} with SHA-256 {sha[:16]}... is not in this installation "
        "(a changed packaged map must keep its old text in data/retired/)"
    )


def map_record(game_map: GameMap, options: dict[str, Any]) -> dict[str, Any]:
    """What a new game's state keeps of its map.

    Format 2 (``options["state_format"]``): the map's name and SHA-256, and where its text is:
    ``packaged`` names the file of the package's data, ``club`` says it is the club map packed
    in the game's options (``options["map"]``, kept once per state instead of the plain text
    and a second packed copy). Format 1 (games created before it, whose options have no
    ``state_format``): the whole TOML text as well, with the options' map as ``path``.
    """
    state_format = options.get("state_format", 1)
    if not isinstance(state_format, int) or state_format < 2:
        return {"name": game_map.name, "sha": game_map.sha, "source": game_map.source, "path": options["map"]}
    if options.get("map"):
        return {"name": game_map.name, "sha": game_map.sha, "club": True}
    return {"name": game_map.name, "sha": game_map.sha, "packaged": DEFAULT_MAP.name}


def map_of(state: dict[str, Any]) -> GameMap:
    """The map a game state was set up with (see :func:`map_record`)."""
    record = state["map"]
    if "source" in record:  # format 1: the text itself
        return map_from_source(record["source"], record["sha"])
    sha = str(record.get("sha") or "")
    if record.get("packaged"):
        return packaged_map(str(record["packaged"]), sha)
    reference = str((state.get("options") or {}).get("map") or "")
    if ";zlib64=" not in reference:
        raise MapError("the state names a club map but its options do not carry the map's text")
    game_map = map_from_reference(reference)
    if game_map.sha != sha:
        raise MapError(f"the club map in the options is not the map of the state (SHA-256 {sha[:16]}...)")
    return game_map
