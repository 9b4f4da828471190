"""``pbem verify DIR``: check a campaign archive without trusting the referee.

For the setup and every turn it recomputes what can be recomputed from what is published:

* setup: the setup secret against its commitment, and ``ruleset.setup`` re-run with the dice
  of that secret, compared with the published setup state and turn 1's starting state;
* each turn: the chain (``prev_record_hash`` is the previous record's hash, ``state_before``
  is the previous ``state_after``), the requests the ruleset asks for in that state, every
  receipt from the revealed order text and salt, the turn secret against its commitment, the
  seed from the secret and the receipts, then the resolution re-run from the previous state
  with the orders parsed again, comparing the dice log, the events and the new state as
  canonical JSON, byte for byte, and last the record's own hash;
* branches left by a referee's rollback, chained from the record they left (found by its hash
  on the main line or in another branch, after a second rollback to an earlier point);
* a referee's adjustments between turns (``adjustments/NNNN.json``): each is chained between
  the step before and the step after it, read again from its text and applied again
  (``ruleset.adjust``), its events and resulting state hash compared, and its hash recomputed.
* every file: each turn's ``manifest.json`` lists the SHA-256 of every file published for that
  turn and is tied to its record hash; the root ``manifest.json`` lists every other file
  (game.json with its seats and open turn, the pages, each branch.json) and each turn's
  manifest. A changed byte, a missing file or a file no manifest lists is a named problem.

The archive is hostile input: a missing folder, truncated JSON, a wrong type or a ruleset that
raises on odd data gives a named problem, never a traceback. Verification stops at the first
mismatch. Where a running game with hidden information publishes only public records, each
line says what was checked and what was not; nothing skipped is ever reported as verified.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.core import progress, seal
from adjudicator.core.engine import GAME_ID
from adjudicator.core.record import record_hash
from adjudicator.games import RELEASED, UnknownRuleset, get_ruleset
from adjudicator.games.base import OrderRequest, Ruleset
from adjudicator.games.dice import Dice

ARCHIVE_FORMAT = 1  # the same as adjudicator.publish.archive.ARCHIVE_FORMAT
MAX_JSON_BYTES = 64 * 1024 * 1024
HEX64 = re.compile(r"^[0-9a-f]{64}$")


class Mismatch(Exception):
    """One named problem: what did not match, or what could not be read."""


@dataclass
class TurnResult:
    """What verify found for one step: the setup, a turn, or a branch's turn."""

    where: str
    label: str = ""
    ok: bool = True
    checked: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    problem: str = ""

    @property
    def complete(self) -> bool:
        return self.ok and not self.skipped

    def line(self) -> str:
        head = f"{self.where}" + (f" ({self.label})" if self.label else "")
        if not self.ok:
            return f"{head}: MISMATCH - {self.problem}"
        done = ", ".join(self.checked) or "nothing"
        if self.skipped:
            return f"{head}: partly checked - checked {done}; NOT checked: {'; '.join(self.skipped)}"
        return f"{head}: ok - {done}"


# -- reading hostile input ---------------------------------------------------
def load_json(path: Path, what: str) -> Any:
    """The JSON at ``path`` or a :class:`Mismatch` naming ``what`` is wrong with it."""
    if path.is_symlink():
        raise Mismatch(f"{what} is a symbolic link ({path}); an archive holds plain files")
    if not path.exists():
        raise Mismatch(f"{what} is missing ({path})")
    if not path.is_file():
        raise Mismatch(f"{what} is not a file ({path})")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_JSON_BYTES + 1)
    except OSError as exc:
        raise Mismatch(f"{what} cannot be read: {exc.strerror or exc}") from exc
    if len(data) > MAX_JSON_BYTES:
        raise Mismatch(f"{what} is larger than {MAX_JSON_BYTES // (1024 * 1024)} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Mismatch(f"{what} is not UTF-8 text (byte {exc.start})") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        hint = " (truncated?)" if exc.pos >= len(text.rstrip()) - 1 else ""
        raise Mismatch(
            f"{what} is not valid JSON{hint}: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    except (ValueError, RecursionError) as exc:
        raise Mismatch(f"{what} is not valid JSON: {type(exc).__name__}") from exc


_TYPES: dict[str, tuple[type, ...]] = {
    "str": (str,),
    "int": (int,),
    "bool": (bool,),
    "list": (list,),
    "dict": (dict,),
    "str?": (str, type(None)),
    "list?": (list, type(None)),
    "dict?": (dict, type(None)),
    "any": (object,),
}


def need(container: Any, key: str, kind: str, where: str) -> Any:
    """``container[key]`` if it is there and of ``kind``, else a named problem."""
    if not isinstance(container, dict):
        raise Mismatch(f"{where} should be a JSON object")
    if key not in container:
        raise Mismatch(f"{where}: field {key!r} is missing")
    value = container[key]
    types = _TYPES[kind]
    if isinstance(value, bool) and bool not in types and object not in types:
        raise Mismatch(f"{where}: field {key!r} should be {kind.rstrip('?')}, not a boolean")
    if not isinstance(value, types):
        raise Mismatch(f"{where}: field {key!r} should be {kind.rstrip('?')}, not {type(value).__name__}")
    return value


def canon(value: Any) -> bytes:
    try:
        return seal.canonical_json(value)
    except (TypeError, ValueError, RecursionError) as exc:
        raise Mismatch(f"a value cannot be put in canonical JSON: {type(exc).__name__}") from exc


def normalized(value: Any) -> Any:
    """What the engine stores: a JSON round trip of the ruleset's value."""
    return json.loads(canon(value))


def first_difference(archived: Any, replayed: Any, path: str = "$") -> str | None:
    """Where two JSON values first differ, as ``$.score.north: archive 2, replay 1``."""
    if isinstance(archived, dict) and isinstance(replayed, dict):
        for key in sorted(set(archived) | set(replayed), key=str):
            if key not in archived:
                return f"{path}.{key}: missing in the archive"
            if key not in replayed:
                return f"{path}.{key}: not in the replay"
            found = first_difference(archived[key], replayed[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(archived, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(archived, replayed, strict=False)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(archived) != len(replayed):
            return f"{path}: {len(archived)} items in the archive, {len(replayed)} in the replay"
        return None
    if canon(archived) != canon(replayed):
        return f"{path}: archive {_short(archived)}, replay {_short(replayed)}"
    return None


def _versus(diff: str) -> str:
    """A difference between the previous step and this record, in those words."""
    return diff.replace(": archive ", ": previous ").replace(", replay ", ", this record ")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def guarded(what: str, call: Callable[[], Any]) -> Any:
    """Run a ruleset call on archive data; anything it raises becomes a named problem."""
    try:
        return call()
    except Mismatch:
        raise
    except Exception as exc:
        raise Mismatch(f"{what} failed: the ruleset raised {type(exc).__name__}: {str(exc)[:200]}") from exc


# -- the checks --------------------------------------------------------------
@dataclass
class Chain:
    """Where the previous step left the game: its state (or public view) and record hash."""

    state: Any = None
    view: Any = None
    has_state: bool = False
    has_view: bool = False
    record_hash: str | None = None


@dataclass
class Game:
    id: str
    ruleset: Ruleset
    data: dict[str, Any]


def read_game(root: Path) -> Game:
    data = load_json(root / "game.json", "game.json")
    where = "game.json"
    if need(data, "format", "int", where) != ARCHIVE_FORMAT:
        raise Mismatch(
            f"game.json: archive format {data['format']} is not one this version reads ({ARCHIVE_FORMAT})"
        )
    game_id = need(data, "game", "str", where)
    if not GAME_ID.match(game_id):
        raise Mismatch(f"game.json: invalid game id {game_id[:80]!r} (only a-z, 0-9, '-' and '_')")
    name = need(data, "ruleset", "str", where)
    version = need(data, "ruleset_version", "str", where)
    try:
        ruleset = get_ruleset(name, version)
    except UnknownRuleset as exc:
        raise Mismatch(
            f"game.json: the game was played with ruleset {name[:60]!r} version {version[:20]!r}, "
            f"which this package cannot replay ({exc})"
        ) from exc
    need(data, "options", "dict", where)
    seats = need(data, "seats", "list", where)
    for i, seat in enumerate(seats):
        need(seat, "name", "str", f"game.json seats[{i}]")
    setup = need(data, "setup", "dict", where)
    need(setup, "commitment", "str?", "game.json setup")
    turns = need(data, "turns", "list", where)
    for i, entry in enumerate(turns):
        number = need(entry, "number", "int", f"game.json turns[{i}]")
        if number != i + 1:
            raise Mismatch(
                f"game.json: turns[{i}] is turn {number}, expected turn {i + 1} (a turn is missing)"
            )
        need(entry, "record_hash", "str", f"game.json turns[{i}]")
    need(data, "branches", "list", where)
    listed_adjustments = data.get("adjustments", [])  # archives older than adjustments have none
    if not isinstance(listed_adjustments, list):
        raise Mismatch("game.json: field 'adjustments' should be list")
    previous = 0  # numbers increase; those a rollback moved into a branch leave gaps
    for i, entry in enumerate(listed_adjustments):
        w = f"game.json adjustments[{i}]"
        if need(entry, "number", "int", w) <= previous:
            raise Mismatch(f"{w} is adjustment {entry['number']}, listed after adjustment {previous}")
        previous = entry["number"]
        need(entry, "after_turn", "int", w)
        need(entry, "record_hash", "str", w)
    return Game(game_id, ruleset, data)


def ruleset_named(ruleset: Ruleset) -> str:
    """``far-side version 1``: the ruleset and version a replay uses (the archive's, kept frozen
    in the package when it is not today's)."""
    return f"{ruleset.name} version {ruleset.version}"


def check_setup(game: Game) -> tuple[TurnResult, Chain]:
    # the rules every step below is replayed with, named on the setup line
    result = TurnResult("setup", label=ruleset_named(game.ruleset))
    setup = game.data["setup"]
    if "secret" not in setup:
        view = setup.get("view")
        result.checked.append("public view published")
        result.skipped.append(
            "setup replay (the setup secret and state are withheld while hidden information lasts)"
        )
        return result, Chain(view=view, has_view=view is not None)
    secret = need(setup, "secret", "str", "game.json setup")
    commitment = need(setup, "commitment", "str", "game.json setup")
    state = need(setup, "state", "any", "game.json setup")
    if not HEX64.match(secret):
        raise Mismatch("game.json setup: the setup secret is not 64 hex digits")
    if not seal.verify_commitment(secret, commitment):
        raise Mismatch("game.json setup: the setup secret does not match its commitment")
    result.checked.append("secret matches its commitment")
    seats = [
        s["name"]
        for s in sorted(
            game.data["seats"],
            key=lambda s: s.get("position", 0) if isinstance(s.get("position", 0), int) else 0,
        )
    ]
    options = copy.deepcopy(game.data["options"])
    replayed = guarded(
        "setup replay", lambda: normalized(game.ruleset.setup(options, seats, Dice(seal.setup_seed(secret))))
    )
    diff = first_difference(state, replayed)
    if diff:
        raise Mismatch(f"game.json setup: the published setup state differs from the replay at {diff}")
    result.checked.append("setup replayed to the published state")
    return result, Chain(state=state, has_state=True, view=None, record_hash=None)


def _request_list(record: dict[str, Any], where: str) -> list[OrderRequest]:
    out = []
    for i, raw in enumerate(need(record, "requests", "list", where)):
        if not isinstance(raw, dict):
            raise Mismatch(f"{where}: requests[{i}] should be a JSON object")
        try:
            out.append(OrderRequest.from_json(raw))
        except TypeError as exc:
            raise Mismatch(f"{where}: requests[{i}] is not a request: {exc}") from exc
        for key in ("key", "seat", "default"):
            if not isinstance(raw.get(key), str):
                raise Mismatch(f"{where}: requests[{i}] field {key!r} should be str")
    return out


def check_turn(game: Game, number: int, record: Any, chain: Chain, where: str) -> tuple[TurnResult, Chain]:
    """Check one published record against the chain so far; raise :class:`Mismatch` at the first problem."""
    ruleset = game.ruleset
    if not isinstance(record, dict):
        raise Mismatch("record.json should be a JSON object")
    result = TurnResult(where, label=str(record.get("label", ""))[:80])
    if need(record, "turn", "int", "record") != number:
        raise Mismatch(f"record.json is turn {record['turn']}, expected turn {number}")
    if need(record, "game", "str", "record") != game.id:
        raise Mismatch(f"record.json belongs to game {record['game'][:64]!r}, not {game.id!r}")
    need(record, "label", "str", "record")
    own_hash = need(record, "record_hash", "str", "record")
    prev = need(record, "prev_record_hash", "str?", "record")
    if prev != chain.record_hash:
        raise Mismatch(
            f"chain broken: prev_record_hash is {str(prev)[:16]}..., the previous record's hash is "
            f"{str(chain.record_hash)[:16]}..."
        )
    result.checked.append("chain")
    requests = _request_list(record, "record")
    keys = [r.key for r in requests]
    if len(set(keys)) != len(keys):
        raise Mismatch("a request key appears twice in the requests")
    submissions = need(record, "submissions", "list", "record")
    by_key: dict[str, dict[str, Any]] = {}
    for i, sub in enumerate(submissions):
        w = f"submissions[{i}]"
        request_key = need(sub, "request", "str", w)
        need(sub, "seat", "str", w)
        need(sub, "receipt", "str", w)
        need(sub, "default", "bool", w)
        if request_key in by_key:
            raise Mismatch(f"two submissions count for request {request_key[:60]!r}")
        if request_key not in keys:
            raise Mismatch(f"submission for {request_key[:60]!r}, which no request of this turn asked for")
        by_key[request_key] = sub
    for request in requests:
        sub = by_key.get(request.key)
        if sub is None:
            raise Mismatch(
                f"no submission for request {request.key!r} (every request counts, defaults included)"
            )
        if sub["seat"] != request.seat:
            raise Mismatch(
                f"the submission for {request.key!r} is by {sub['seat'][:40]!r}, not {request.seat!r}"
            )
    commitment = need(record, "commitment", "str", "record")

    public = bool(record.get("public"))
    if public:
        return _check_public(game, record, chain, result, requests, by_key, commitment, own_hash)

    # -- a full record ------------------------------------------------------
    state_before = need(record, "state_before", "any", "record")
    state_after = need(record, "state_after", "any", "record")
    if chain.has_state:
        diff = first_difference(chain.state, state_before)
        if diff:
            raise Mismatch(f"state_before is not the previous turn's state_after: at {_versus(diff)}")
    if need(record, "state_before_hash", "str", "record") != seal.state_hash(state_before):
        raise Mismatch("state_before_hash is not the SHA-256 of state_before")
    asked = guarded(
        "requests()", lambda: [r.to_json() for r in ruleset.requests(copy.deepcopy(state_before))]
    )
    diff = first_difference(record["requests"], normalized(asked))
    if diff:
        raise Mismatch(f"the requests are not what the ruleset asks for in state_before: at {diff}")
    label = guarded("label()", lambda: ruleset.label(copy.deepcopy(state_before)))
    if label != record["label"]:
        raise Mismatch(f"the label {record['label'][:60]!r} is not the ruleset's {label!r}")
    result.checked.append("starting state")

    orders: dict[str, Any] = {}
    for request in requests:
        sub = by_key[request.key]
        text = need(sub, "text", "str", f"submission {request.key}")
        salt = need(sub, "salt", "str", f"submission {request.key}")
        again = seal.receipt(game.id, number, request.seat, request.key, text, salt)
        if again != sub["receipt"]:
            raise Mismatch(
                f"the order of {request.seat} ({request.key}) does not match its receipt: "
                "the revealed text or salt is not what was sealed"
            )
        if sub["default"]:
            parsed_default = guarded(
                "parse(default)", lambda request=request: ruleset.parse(request, request.default)
            )
            canonical = guarded(
                "canonical(default)", lambda r=request, p=parsed_default: ruleset.canonical(r, p.orders)
            )
            if parsed_default.problems or canonical != text:
                raise Mismatch(
                    f"the default order of {request.seat} ({request.key}) is not the request's default"
                )
        parsed = guarded(
            f"parse({request.key})", lambda request=request, text=text: ruleset.parse(request, text)
        )
        if parsed.problems:
            problems = "; ".join(str(p) for p in parsed.problems)[:200]
            raise Mismatch(f"the order of {request.seat} ({request.key}) does not parse again: {problems}")
        orders[request.key] = parsed.orders
    result.checked.append(f"{len(requests)} receipts")

    secret = need(record, "turn_secret", "str", "record")
    if not HEX64.match(secret):
        raise Mismatch("the turn secret is not 64 hex digits")
    if not seal.verify_commitment(secret, commitment):
        raise Mismatch("the turn secret does not match the commitment published when the turn opened")
    seed = seal.turn_seed(secret, [by_key[r.key]["receipt"] for r in requests])
    if need(record, "seed", "str", "record") != seed.hex():
        raise Mismatch("the seed is not HMAC-SHA256(turn secret, sorted receipts)")
    result.checked.append("seed")

    dice = Dice(seed)
    new_state, events = guarded(
        "resolve()", lambda: ruleset.resolve(copy.deepcopy(state_before), orders, dice)
    )
    archived_dice = need(record, "dice", "list", "record")
    replayed_dice = normalized(dice.log_json())
    if canon(archived_dice) != canon(replayed_dice):
        raise Mismatch(
            f"the dice log differs from the replay: {_dice_difference(archived_dice, replayed_dice)}"
        )
    archived_events = need(record, "events", "list", "record")
    replayed_events = normalized([e.to_json() for e in events])
    if canon(archived_events) != canon(replayed_events):
        raise Mismatch(
            f"the events differ from the replay: {_event_difference(archived_events, replayed_events)}"
        )
    replayed_state = normalized(new_state)
    if canon(state_after) != canon(replayed_state):
        raise Mismatch(
            f"state_after differs from the replay at {first_difference(state_after, replayed_state)}"
        )
    if need(record, "state_after_hash", "str", "record") != seal.state_hash(state_after):
        raise Mismatch("state_after_hash is not the SHA-256 of state_after")
    result.checked.append(
        f"{len(replayed_dice)} rolls, {len(replayed_events)} events and the state replayed byte for byte"
    )

    if record_hash(record) != own_hash:
        raise Mismatch("the record's hash does not match its content: the record was changed after the close")
    result.checked.append("record hash")
    return result, Chain(state=state_after, has_state=True, record_hash=own_hash)


def _check_public(
    game: Game,
    record: dict[str, Any],
    chain: Chain,
    result: TurnResult,
    requests: list[OrderRequest],
    by_key: dict[str, dict[str, Any]],
    commitment: str,
    own_hash: str,
) -> tuple[TurnResult, Chain]:
    """A public record of a running game with hidden information: check what it lets anyone check."""
    view_before = need(record, "view_before", "any", "record")
    view_after = need(record, "view_after", "any", "record")
    if chain.has_view:
        diff = first_difference(chain.view, view_before)
        if diff:
            raise Mismatch(f"view_before is not the previous turn's public view after: at {_versus(diff)}")
        result.checked.append("public view continues")
    texts = all(isinstance(s.get("text"), str) and isinstance(s.get("salt"), str) for s in by_key.values())
    if texts:
        for request in requests:
            sub = by_key[request.key]
            if (
                seal.receipt(game.id, record["turn"], request.seat, request.key, sub["text"], sub["salt"])
                != sub["receipt"]
            ):
                raise Mismatch(f"the order of {request.seat} ({request.key}) does not match its receipt")
        result.checked.append(f"{len(requests)} receipts")
    else:
        result.skipped.append("receipts (the orders are sealed until the game is over)")
    secret, seed = record.get("turn_secret"), record.get("seed")
    if isinstance(secret, str) and isinstance(seed, str):
        if not HEX64.match(secret) or not seal.verify_commitment(secret, commitment):
            raise Mismatch("the turn secret does not match the commitment published when the turn opened")
        if seal.turn_seed(secret, [by_key[r.key]["receipt"] for r in requests]).hex() != seed:
            raise Mismatch("the seed is not HMAC-SHA256(turn secret, sorted receipts)")
        result.checked.append("seed")
    else:
        result.skipped.append("seed and dice (withheld until the game is over)")
    result.skipped.append("resolution and record hash (the full state is withheld until the game is over)")
    return result, Chain(view=view_after, has_view=True, record_hash=own_hash)


def _dice_difference(archived: list[Any], replayed: list[Any]) -> str:
    for i, (a, b) in enumerate(zip(archived, replayed, strict=False)):
        if canon(a) != canon(b):
            key = b.get("key") if isinstance(b, dict) else "?"
            if isinstance(a, dict) and a.get("key") == key and a.get("sides") == b.get("sides"):
                die = f"roll {i + 1} ({key}, d{b.get('sides')})"
                return f"{die}: archive {_short(a.get('value'))}, replay {b.get('value')}"
            return f"roll {i + 1}: archive {_short(a)}, replay {_short(b)}"
    return f"{len(archived)} rolls in the archive, {len(replayed)} in the replay"


def _event_difference(archived: list[Any], replayed: list[Any]) -> str:
    for i, (a, b) in enumerate(zip(archived, replayed, strict=False)):
        if canon(a) != canon(b):
            return f"event {i + 1}: {first_difference(a, b, f'events[{i}]')}"
    return f"{len(archived)} events in the archive, {len(replayed)} in the replay"


# -- a referee's adjustments between turns ----------------------------------------
def adjustment_where(number: int, after: int) -> str:
    return f"adjustment {number} (after turn {after:03d})"


def check_adjustment(
    game: Game, root: Path, info: dict[str, Any], chain: Chain, prefix: str = ""
) -> tuple[TurnResult, Chain]:
    """Check one published adjustment against the chain so far; :class:`Mismatch` at the first problem."""
    number, after = info["number"], info["after_turn"]
    name = f"adjustments/{number:04d}.json"
    entry = load_json(root / "adjustments" / f"{number:04d}.json", name)
    if not isinstance(entry, dict):
        raise Mismatch(f"{name} should be a JSON object")
    result = TurnResult(
        prefix + adjustment_where(number, after), label=f"by {str(entry.get('by', '?'))[:60]}"
    )
    if need(entry, "kind", "str", name) != "adjustment":
        raise Mismatch(f"{name} is not an adjustment")
    if need(entry, "game", "str", name) != game.id:
        raise Mismatch(f"{name} belongs to game {entry['game'][:64]!r}, not {game.id!r}")
    if need(entry, "number", "int", name) != number or need(entry, "after_turn", "int", name) != after:
        raise Mismatch(f"{name} is not adjustment {number} after turn {after}, as game.json lists it")
    own = need(entry, "record_hash", "str", name)
    if own != info["record_hash"]:
        raise Mismatch(f"game.json lists another record hash for adjustment {number} than {name}")
    prev = need(entry, "prev_record_hash", "str?", name)
    if prev != chain.record_hash:
        raise Mismatch(
            f"chain broken: prev_record_hash is {str(prev)[:16]}..., the previous step's hash is "
            f"{str(chain.record_hash)[:16]}..."
        )
    result.checked.append("chain")
    if entry.get("public"):
        result.skipped.append("replay (the adjustment is withheld while hidden information lasts)")
        # the public view it leaves is not published: the next turn's view_before starts afresh
        return result, Chain(record_hash=own)
    for key, kind in (("by", "str"), ("at", "str"), ("adjustment", "any"), ("state_after_hash", "str")):
        need(entry, key, kind, name)
    text = need(entry, "text", "str", name)
    archived_events = need(entry, "events", "list", name)
    if not chain.has_state:
        result.skipped.append("replay (the state before it is not published)")
        return result, Chain(record_hash=own)
    if need(entry, "state_before_hash", "str", name) != seal.state_hash(chain.state):
        raise Mismatch("state_before_hash is not the hash of the state the step before it left")
    ruleset = game.ruleset
    read = guarded("parse_adjustment()", lambda: normalized(ruleset.parse_adjustment(text)))
    diff = first_difference(entry["adjustment"], read)
    if diff:
        raise Mismatch(f"the adjustment read again from its text differs from the recorded one at {diff}")
    new_state, events = guarded(
        "adjust()", lambda: ruleset.adjust(copy.deepcopy(chain.state), copy.deepcopy(read))
    )
    replayed_events = normalized([e.to_json() for e in events])
    if canon(archived_events) != canon(replayed_events):
        raise Mismatch(
            f"the events differ from the replay: {_event_difference(archived_events, replayed_events)}"
        )
    replayed_state = normalized(new_state)
    if entry["state_after_hash"] != seal.state_hash(replayed_state):
        raise Mismatch("state_after_hash is not the hash of the state the adjustment gives again")
    result.checked.append(f"read and applied again, {len(replayed_events)} events and the state hash")
    if record_hash(entry) != own:
        raise Mismatch(
            "the adjustment's hash does not match its content: it was changed after it was recorded"
        )
    result.checked.append("record hash")
    return result, Chain(state=replayed_state, has_state=True, record_hash=own)


def _adjust_between(
    game: Game,
    root: Path,
    pending: dict[int, list[dict[str, Any]]],
    after: int,
    chain: Chain,
    results: list[TurnResult],
    points: dict[str, Chain],
    prefix: str = "",
) -> Chain | None:
    """Check the adjustments made after turn ``after``; ``None`` after a mismatch."""
    for info in pending.pop(after, []):
        try:
            result, chain = check_adjustment(game, root, info, chain, prefix)
        except Mismatch as exc:
            results.append(
                TurnResult(prefix + adjustment_where(info["number"], after), ok=False, problem=str(exc))
            )
            return None
        results.append(result)
        if chain.record_hash:
            points[chain.record_hash] = chain
    return chain


# -- the whole archive ---------------------------------------------------------
def check_press(folder: Path, record: dict[str, Any], result: TurnResult, *, over: bool) -> None:
    """The turn's press (``press.json``) against the ``press_hash`` its record carries."""
    own = record.get("press_hash")
    path = folder / "press.json"
    if not path.exists() and not path.is_symlink():
        if own is not None and over:
            raise Mismatch(f"{folder.name}/press.json is missing: the game is over, its press is published")
        if own is not None:
            result.skipped.append("press (published when the game is over)")
        return
    if own is None:
        raise Mismatch("press.json is published but its record holds no press_hash: the press is not chained")
    press = load_json(path, f"{folder.name}/press.json")
    if not isinstance(press, list):
        raise Mismatch(f"{folder.name}/press.json should be a JSON list")
    if seal.sha256_hex(seal.canonical_json(press)) != own:
        raise Mismatch("press.json does not match the press_hash of its record: the press was changed")
    result.checked.append(f"{len(press)} press message(s)")


def _turn_folders(folder: Path) -> dict[int, Path]:
    found: dict[int, Path] = {}
    if folder.is_dir() and not folder.is_symlink():
        for child in folder.iterdir():
            if re.fullmatch(r"\d{3,}", child.name):
                found[int(child.name)] = child
    return found


def _verify_line(
    game: Game,
    base: Path,
    numbers: list[int],
    chain: Chain,
    prefix: str,
    results: list[TurnResult],
    adjustments: dict[int, list[dict[str, Any]]] | None = None,
    points: dict[str, Chain] | None = None,
) -> Chain | None:
    """Verify consecutive turns stored under ``base``; ``None`` after the first mismatch.

    ``adjustments`` (main line only) maps a turn number to the referee's adjustments made after
    it; they are checked in their place, the chain running through them. ``points`` collects
    the chain after every step, by record hash (where a rollback's branch may start).
    """
    points = {} if points is None else points
    for number in numbers:
        progress.step(description=f"verifying {prefix}turn {number:03d}")
        if adjustments:
            found = _adjust_between(game, base, adjustments, number - 1, chain, results, points, prefix)
            if found is None:
                return None
            chain = found
        where = f"{prefix}turn {number:03d}"
        folder = base / f"{number:03d}"
        label = ""
        try:
            if folder.is_symlink() or not folder.is_dir():
                raise Mismatch(f"the folder {folder.name}/ of turn {number} is missing")
            record = load_json(folder / "record.json", f"{folder.name}/record.json")
            if isinstance(record, dict) and isinstance(record.get("label"), str):
                label = record["label"][:80]
            result, chain = check_turn(game, number, record, chain, where)
            check_press(folder, record, result, over=game.data.get("status") == "over")
        except Mismatch as exc:
            results.append(TurnResult(where, label=label, ok=False, problem=str(exc)))
            return None
        results.append(result)
        if chain.record_hash:
            points[chain.record_hash] = chain
    if adjustments:
        last = numbers[-1] if numbers else 0
        return _adjust_between(game, base, adjustments, last, chain, results, points, prefix)
    return chain


def verify_archive(path: Path | str) -> list[TurnResult]:
    """Check the archive of one game (the folder holding ``game.json``).

    Returns one result per step (setup, each turn, each branch turn) up to and including the
    first mismatch; a result with ``ok`` False is always the last one.
    """
    root = Path(path)
    results: list[TurnResult] = []
    try:
        if not root.is_dir():
            raise Mismatch(f"{root} is not a folder")
        game = read_game(root)
        setup_result, chain = check_setup(game)
    except Mismatch as exc:
        results.append(TurnResult("archive", ok=False, problem=str(exc)))
        return results
    except RecursionError:
        results.append(TurnResult("archive", ok=False, problem="game.json is nested too deeply"))
        return results
    results.append(setup_result)

    listed = [entry["number"] for entry in game.data["turns"]]
    progress.expect(len(listed) + _branch_turn_count(game.data.get("branches")))
    on_disk = _turn_folders(root)
    extra = sorted(set(on_disk) - set(listed))
    chains: dict[int, Chain] = {0: chain}
    pending: dict[int, list[dict[str, Any]]] = {}
    for info in game.data.get("adjustments", []):
        pending.setdefault(info["after_turn"], []).append(info)
    points: dict[str, Chain] = {}
    try:
        final = _verify_line(game, root, listed, chain, "", results, pending, points)
        if final is None:
            return results
        if pending:
            number, after = pending[min(pending)][0]["number"], min(pending)
            raise Mismatch(
                f"adjustment {number} is listed after turn {after}, which is not a closed turn here"
            )
        # the turns game.json lists must be the ones whose hashes it lists
        for entry in game.data["turns"]:
            record = load_json(root / f"{entry['number']:03d}" / "record.json", "record.json")
            if record.get("record_hash") != entry["record_hash"]:
                raise Mismatch(
                    f"game.json lists another record hash for turn {entry['number']} than its record.json"
                )
        if extra:
            raise Mismatch(f"folder {extra[0]:03d}/ holds a turn that game.json does not list")
        status = need(game.data, "status", "str", "game.json")
        open_turn = need(game.data, "open_turn", "dict?", "game.json")
        outcome = need(game.data, "outcome", "dict?", "game.json")
        if status not in ("running", "paused", "over"):
            raise Mismatch(f"game.json: unknown game status {status[:20]!r}")
        if (status == "over") != (outcome is not None) or (status == "over") == (open_turn is not None):
            raise Mismatch(
                f"game.json: a game that is {status} has {'an' if outcome else 'no'} outcome and "
                f"{'an' if open_turn else 'no'} open turn"
            )
        if open_turn is not None:
            if need(open_turn, "number", "int", "game.json open_turn") != len(listed) + 1:
                raise Mismatch("game.json: the open turn is not the turn after the last closed one")
            if need(open_turn, "prev_record_hash", "str?", "game.json open_turn") != final.record_hash:
                raise Mismatch("the open turn does not chain to the last closed turn")
        agreement = game.data.get("agreement")
        if agreement is not None:  # ended by a unanimous vote (adjudicator/table/proposals.py)
            from adjudicator.table.proposals import check_agreement

            seat_names = [str(s.get("name")) for s in game.data.get("seats", []) if isinstance(s, dict)]
            try:
                check_agreement(
                    agreement,
                    outcome,
                    closed_turns=len(listed),
                    last_record_hash=final.record_hash,
                    seats=seat_names,
                )
            except ValueError as exc:
                raise Mismatch(f"game.json agreement: {exc}") from None
            if final.has_state:
                found = guarded("outcome()", lambda: game.ruleset.outcome(copy.deepcopy(final.state)))
                if found is not None:
                    raise Mismatch("the game was over by its rules before the agreement that ended it")
                if listed:
                    results[-1].checked.append("outcome (agreed)")
        elif final.has_state:
            found = guarded("outcome()", lambda: game.ruleset.outcome(copy.deepcopy(final.state)))
            if canon(found.to_json() if found is not None else None) != canon(outcome):
                raise Mismatch("the published outcome is not what the ruleset finds in the last state")
            if listed:
                results[-1].checked.append("outcome")
    except Mismatch as exc:
        results.append(TurnResult("archive", ok=False, problem=str(exc)))
        return results

    # A branch leaves from the record it was cut after (its anchor). A later rollback to an
    # earlier point moves that record off the main line into another branch, so the anchor is
    # looked up by its hash among every line of the archive; each line is verified in turn.
    anchors = _collect_chains(game, root, listed, chains[0])
    for i, branch in enumerate(game.data["branches"]):
        try:
            number = need(branch, "number", "int", f"game.json branches[{i}]")
            where = f"branches/{number}/branch.json"
            info = load_json(root / "branches" / str(number) / "branch.json", where)
            after = need(info, "after_turn", "int", where)
            turns = need(info, "turns", "list", where)
            if turns != list(range(after + 1, after + 1 + len(turns))):
                raise Mismatch(f"branch {number}: its turns are not consecutive from turn {after + 1}")
            branch_adjustments: dict[int, list[dict[str, Any]]] = {}
            for j, entry in enumerate(info.get("adjustments", [])):  # branches older than adjustments: none
                w = f"branches/{number}/branch.json adjustments[{j}]"
                need(entry, "number", "int", w)
                need(entry, "record_hash", "str", w)
                branch_adjustments.setdefault(need(entry, "after_turn", "int", w), []).append(entry)
            start = _branch_start(root, number, after, turns, info, anchors)
            if turns:  # a branch may start after a referee's adjustment kept on the main line
                first = load_json(
                    root / "branches" / str(number) / f"{turns[0]:03d}" / "record.json",
                    f"branches/{number}/{turns[0]:03d}/record.json",
                )
                if isinstance(first, dict) and first.get("prev_record_hash") in points:
                    start = points[first["prev_record_hash"]]
        except Mismatch as exc:
            results.append(TurnResult(f"branch {i + 1}", ok=False, problem=str(exc)))
            return results
        base = root / "branches" / str(number)
        if _verify_line(game, base, turns, start, f"branch {number} ", results, branch_adjustments) is None:
            return results
        if branch_adjustments:
            left = branch_adjustments[min(branch_adjustments)][0]
            results.append(
                TurnResult(
                    f"branch {number}",
                    ok=False,
                    problem=f"adjustment {left['number']} is listed after turn {left['after_turn']}, "
                    "which is not a turn of this branch",
                )
            )
            return results
    results.append(check_files(root, unlisted_allowed=_before_manifests(root, game)))
    return results


def _before_manifests(root: Path, game: Game) -> bool:
    """Whether the archive may come without manifests: the first release published none, so an
    archive of one of its rulesets without any ``manifest.json`` is checked by its records alone
    (the files step then says so; it never reports the files as verified)."""
    named = (game.ruleset.name, game.ruleset.version)
    first_release = RELEASED.get(named, "").startswith(FIRST_RELEASE_PACKAGE)
    return first_release and not any(root.rglob(MANIFEST))


# -- every published file ------------------------------------------------------
MANIFEST = "manifest.json"
#: the frozen rulesets of the first release, which published no manifests
FIRST_RELEASE_PACKAGE = "adjudicator.games.releases.v0_1_0."
_TURN_DIR = re.compile(r"\d{3,}")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 16), b""):
                digest.update(block)
    except OSError as exc:
        raise Mismatch(f"{path} cannot be read: {exc.strerror or exc}") from exc
    return digest.hexdigest()


def _manifest(path: Path, what: str) -> dict[str, str]:
    data = load_json(path, what)
    files = need(data, "files", "dict", what)
    for rel, digest in files.items():
        if not isinstance(digest, str) or not HEX64.match(digest):
            raise Mismatch(f"{what}: the SHA-256 of {rel[:80]!r} is not 64 hex digits")
        parts = rel.split("/")
        if not rel or rel.startswith("/") or any(p in ("", ".", "..") for p in parts):
            raise Mismatch(f"{what}: {rel[:80]!r} is not a path inside the archive")
    return files


def _listed_files(root: Path) -> dict[str, str]:
    """Every file the manifests list, by path in the archive, with its SHA-256."""
    top = _manifest(root / MANIFEST, MANIFEST)
    listed: dict[str, str] = {}
    for rel, digest in top.items():
        listed[rel] = digest
        folder, _, name = rel.rpartition("/")
        if name != MANIFEST:
            continue
        parts = folder.split("/")
        if not (
            (len(parts) == 1 and _TURN_DIR.fullmatch(parts[0]))
            or (len(parts) == 3 and parts[0] == "branches" and _TURN_DIR.fullmatch(parts[2]))
        ):
            raise Mismatch(f"{MANIFEST} lists a turn manifest {rel[:80]!r} outside a turn folder")
        if not (root / rel).is_file() or (root / rel).is_symlink():
            raise Mismatch(f"{rel} is missing (the archive's {MANIFEST} lists it)")
        if _sha256(root / rel) != digest:
            raise Mismatch(f"{rel} was changed after the export: its SHA-256 is not the one {MANIFEST} lists")
        inner = load_json(root / rel, rel)
        record = load_json(root / folder / "record.json", f"{folder}/record.json")
        if not isinstance(record, dict) or need(inner, "record_hash", "str", rel) != record.get(
            "record_hash"
        ):
            raise Mismatch(f"{rel} belongs to another record than {folder}/record.json (record hash differs)")
        for name_in, file_digest in _manifest(root / rel, rel).items():
            if name_in == MANIFEST:
                raise Mismatch(f"{rel} lists itself")
            listed[f"{folder}/{name_in}"] = file_digest
    return listed


def check_files(root: Path, unlisted_allowed: bool = False) -> TurnResult:
    """Every file of the archive is in a manifest and has the SHA-256 it lists; nothing else is there.

    Reports, boards, pages and game.json (its seat names, the open turn's commitment) are checked
    here: no replay re-derives their bytes.
    """
    result = TurnResult("files")
    if unlisted_allowed:
        result.checked.append("the records above")
        result.skipped.append(
            "reports and pages (an archive of the first release carries no manifest of its files)"
        )
        return result
    try:
        listed = _listed_files(root)
        seen: set[str] = set()
        for folder, dirs, names in os.walk(root, followlinks=False):
            base = Path(folder)
            for name in sorted(dirs):
                if (base / name).is_symlink():
                    raise Mismatch(f"{(base / name).relative_to(root).as_posix()} is a symbolic link")
            for name in sorted(names):
                path = base / name
                rel = path.relative_to(root).as_posix()
                if rel == MANIFEST:
                    continue
                if path.is_symlink() or not path.is_file():
                    raise Mismatch(f"{rel} is not a plain file; an archive holds plain files")
                if rel not in listed:
                    raise Mismatch(f"{rel} is in no manifest: a file the export did not publish")
                if _sha256(path) != listed[rel]:
                    raise Mismatch(
                        f"{rel} was changed after the export: its SHA-256 is not the one its manifest lists"
                    )
                seen.add(rel)
        missing = sorted(set(listed) - seen)
        if missing:
            raise Mismatch(f"{missing[0]} is missing (a manifest lists it)")
    except Mismatch as exc:
        result.ok = False
        result.problem = str(exc)
        return result
    result.checked.append(f"{len(seen) + 1} files match their manifests, no other file")
    result.checked.append(f"archive digest {_sha256(root / MANIFEST)} (SHA-256 of {MANIFEST})")
    return result


def _branch_turn_count(branches: Any) -> int:
    """How many branch turns game.json lists (for the progress bar only; hostile data counts 0)."""
    if not isinstance(branches, list):
        return 0
    return sum(len(b["turns"]) for b in branches if isinstance(b, dict) and isinstance(b.get("turns"), list))


def _branch_start(
    root: Path,
    number: int,
    after: int,
    turns: list[int],
    info: dict[str, Any],
    anchors: dict[str | None, tuple[int, Chain]],
) -> Chain:
    """The chain a branch continues: the setup, or the record (on any line) it was cut after."""
    where = f"branches/{number}/branch.json"
    if "anchor_record_hash" in info:
        anchor = need(info, "anchor_record_hash", "str?", where)
    elif turns:  # a branch.json written before anchors were recorded: its first record says
        first = load_json(
            root / "branches" / str(number) / f"{turns[0]:03d}" / "record.json",
            f"branches/{number}/{turns[0]:03d}/record.json",
        )
        anchor = first.get("prev_record_hash") if isinstance(first, dict) else None
    else:
        anchor = None
    if after == 0:
        if anchor is not None:
            raise Mismatch(f"branch {number} leaves from the setup but names an anchor record")
        return anchors[None][1]
    found = anchors.get(anchor)
    if anchor is None or found is None or found[0] != after:
        raise Mismatch(
            f"branch {number} leaves the game after turn {after} (record {str(anchor)[:16]}...), "
            "which is not in the archive"
        )
    return found[1]


def _collect_chains(
    game: Game, root: Path, listed: list[int], setup: Chain
) -> dict[str | None, tuple[int, Chain]]:
    """Every record of the archive (main line and branches) by its hash: its turn and its chain."""
    found: dict[str | None, tuple[int, Chain]] = {None: (0, setup)}
    lines: list[tuple[Path, list[int]]] = [(root, listed)]
    for entry in game.data["branches"]:
        number = entry.get("number") if isinstance(entry, dict) else None
        if not isinstance(number, int):
            continue
        info = _read_plain(root / "branches" / str(number) / "branch.json")
        turns = info.get("turns") if isinstance(info, dict) else None
        if isinstance(turns, list) and all(isinstance(t, int) for t in turns):
            lines.append((root / "branches" / str(number), turns))
    for base, numbers in lines:
        for number in numbers:
            record = _read_plain(base / f"{number:03d}" / "record.json")
            if not isinstance(record, dict) or not isinstance(record.get("record_hash"), str):
                continue
            own = record["record_hash"]
            if record.get("public"):
                chain = Chain(view=record.get("view_after"), has_view=True, record_hash=own)
            else:
                chain = Chain(state=record.get("state_after"), has_state=True, record_hash=own)
            found.setdefault(own, (number, chain))
    return found


def _read_plain(path: Path) -> Any:
    """A JSON file or ``None``: the anchors' lookup; each file is checked where its line is verified."""
    try:
        return load_json(path, str(path))
    except (Mismatch, RecursionError):
        return None


def summary(results: list[TurnResult]) -> tuple[str, int]:
    """The closing line and the exit code: 0 verified (fully or partly), 1 at a mismatch."""
    if not results or not results[-1].ok:
        where = results[-1].where if results else "archive"
        return f"FAILED at {where}: {results[-1].problem if results else 'nothing to check'}", 1
    turns = [r for r in results if r.where not in ("setup", "files") and "adjustment " not in r.where]
    adjusted = sum(1 for r in results if "adjustment " in r.where)
    skipped = [r for r in results if r.skipped]
    hidden = [r for r in skipped if r.where != "files"]
    with_rules = next((f" with {r.label}" for r in results if r.where == "setup" and r.label), "")
    if skipped and not hidden:
        return (
            f"verified: the setup and {len(turns)} turns replayed byte for byte{with_rules}; "
            "its published files were not checked (see NOT checked above)",
            0,
        )
    if skipped:
        return (
            f"partly verified: {len(turns)} turns chained; {len(skipped)} steps could not be replayed "
            "because hidden information is withheld while the game runs (see NOT checked above)",
            0,
        )
    also = f" and {adjusted} referee adjustments" if adjusted > 0 else ""
    return f"verified: the setup and {len(turns)} turns{also} replayed byte for byte{with_rules}", 0
