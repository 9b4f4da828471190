"""Nothing but the book decides: renaming seats and places never changes an outcome.

The property: take a position and random legal orders (the bot's), play the turn; then
rename every nation and every place by a consistent permutation of the names on the
same map (provinces among provinces, sea zones among sea zones, nations among nations),
play the renamed turn, rename the result back and compare. Dice follow the subjects:
a roll keyed ``battle:Pannonia:1:rome`` in the first game has the same value as the
roll keyed ``battle:<Pannonia's new name>:1:<rome's new name>`` in the renamed one (the
renamed game's dice draw each key renamed back). So what is tested is that no outcome
depends on which name sorts first, or on the order in which provinces, seas or nations
are visited - not that hashes of different names happen to agree.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import random
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mare_nostrum_helpers import RS

from adjudicator.games.base import REFEREE, Event, OrderRequest
from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum.map import default_map, map_of
from adjudicator.games.mare_nostrum.orders import BattleResult, Order, parse_results
from adjudicator.games.mare_nostrum.phase import new_army, new_fleet

TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
GAME_MAP = default_map()
PROVINCES = list(GAME_MAP.provinces)
SEAS = list(GAME_MAP.seas)
NATIONS = list(GAME_MAP.nations)


class Renaming:
    """A bijection on names, applied to every word of every string (both ways)."""

    def __init__(self, forward: dict[str, str]) -> None:
        self.forward = {k: v for k, v in forward.items()}
        self.backward = {v: k for k, v in forward.items()}

    def text(self, text: str, back: bool = False) -> str:
        table = self.backward if back else self.forward
        return TOKEN.sub(lambda m: table.get(m.group(0), m.group(0)), text)

    def value(self, obj: Any, back: bool = False) -> Any:
        if isinstance(obj, str):
            return self.text(obj, back)
        if isinstance(obj, dict):
            return {self.value(k, back): self.value(v, back) for k, v in obj.items()}
        if isinstance(obj, list | tuple):
            return type(obj)(self.value(v, back) for v in obj)
        return obj

    def order(self, order: Any) -> Any:
        if isinstance(order, Order | BattleResult):
            fields = {
                f.name: self.value(getattr(order, f.name))
                for f in dataclasses.fields(order)
                if f.name not in ("line", "unit", "units", "options", "verb")
            }
            return dataclasses.replace(order, **fields)
        return order


class RenamedDice(Dice):
    """Dice of the renamed game: each key draws what the same key, renamed back, draws."""

    def __init__(self, seed: bytes, renaming: Renaming) -> None:
        super().__init__(seed)
        self.renaming = renaming

    def _draw(self, sides: int, key: str, index: int) -> int:
        return super()._draw(sides, self.renaming.text(key, back=True), index)


def renamed_state(state: dict[str, Any], renaming: Renaming) -> dict[str, Any]:
    """The same position under new names; the units listed in another order too."""
    out = renaming.value(copy.deepcopy(state))
    # the renamed game plays on the renamed map, kept in its state as text (state format 1)
    out["map"]["source"] = renaming.text(map_of(state).source)
    out["map"]["sha"] = hashlib.sha256(out["map"]["source"].encode()).hexdigest()
    out["units"] = dict(sorted(out["units"].items()))
    return out


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    """The state without its map (its text is renamed), with the sealed orders and the sets kept
    over a table pause compared as sets."""
    out = {k: v for k, v in state.items() if k != "map"}
    if out.get("pending"):
        pending = dict(out["pending"])
        pending["orders"] = {s: sorted(t.splitlines()) for s, t in pending["orders"].items()}
        for key in ("defended", "won", "steady", "fleets_moved"):  # sets, kept as sorted lists
            pending[key] = sorted(pending.get(key, []))
        pending["battle_start"] = {p: sorted(n) for p, n in pending.get("battle_start", {}).items()}
        out["pending"] = pending
    return json.loads(json.dumps(out, sort_keys=True))


def outcomes(events: list[Event], dice: Dice, renaming: Renaming | None) -> tuple[list[str], list[str]]:
    """Every event's kind and data, every roll's key, index and value, as sorted lists (names back)."""

    def back(obj: Any) -> Any:
        return renaming.value(obj, back=True) if renaming else obj

    happened = sorted(json.dumps([e.kind, back(e.data)], sort_keys=True, default=str) for e in events)
    rolls = sorted(f"{back(r.key)}#{r.index}:{r.sides}={r.value}" for r in dice.log)
    return happened, rolls


def permutation(rng: random.Random) -> Renaming:
    forward: dict[str, str] = {}
    for names in (PROVINCES, SEAS, NATIONS):
        shuffled = list(names)
        rng.shuffle(shuffled)
        forward.update(zip(names, shuffled, strict=True))
    return Renaming(forward)


def bot_orders(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    orders: dict[str, Any] = {}
    for req in RS.requests(state):
        text = RS.bot(json.loads(json.dumps(state)), req, rng)
        parsed = RS.parse(req, text)
        assert parsed.ok and RS.check(state, req, parsed.orders) == [], text
        orders[req.key] = parsed.orders
    return orders


def play_both(
    state: dict[str, Any], renamed: dict[str, Any], orders: dict[str, Any], renaming: Renaming, seed: bytes
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One resolution of the same turn under both sets of names; asserts they agree."""
    new_orders = {renaming.text(k): [renaming.order(o) for o in v] for k, v in orders.items()}
    for key, value in new_orders.items():  # the renamed orders are legal in the renamed game
        seat = key.split(":", 1)[1] if ":" in key else REFEREE
        req = OrderRequest(key=key, seat=seat)
        assert RS.check(renamed, req, value) == [], (key, value)
    dice_a, dice_b = Dice(seed), RenamedDice(seed, renaming)
    after_a, events_a = RS.resolve(copy.deepcopy(state), copy.deepcopy(orders), dice_a)
    after_b, events_b = RS.resolve(copy.deepcopy(renamed), new_orders, dice_b)
    assert outcomes(events_b, dice_b, renaming)[1] == outcomes(events_a, dice_a, None)[1]
    assert outcomes(events_b, dice_b, renaming)[0] == outcomes(events_a, dice_a, None)[0]
    assert comparable(renaming.value(after_b, back=True)) == comparable(after_a)
    return after_a, after_b


def crowded_position(rng: random.Random, nations: int, battles: str) -> dict[str, Any]:
    """A position the first turns of a game seldom reach: many armies everywhere, engineers,
    war priests, exhausted armies, armies at sea, sieges of capitals, brigands and pirates."""
    opts = RS.parse_options({"nations": str(nations), "battles": battles})
    state = RS.setup(opts, RS.seat_names(opts), Dice(b"setup"))
    seats = state["seats"]
    for rec in state["provinces"].values():
        if rec["owner"] is None and rng.random() < 0.5:
            rec["owner"] = rng.choice(seats)
    for seat in seats:
        nation = state["nations"][seat]
        nation["treasury"] = rng.choice([0, 60, 200])
        for _ in range(rng.randint(2, 6)):
            number = nation["next_army"]
            nation["next_army"] += 1
            unit = new_army(seat, number, rng.choice(PROVINCES), 0)
            unit.update(
                engineer=rng.random() < 0.4,
                priest=rng.random() < 0.3,
                exhausted=rng.choice([0, 0, 0, 1, 2]),
                exhausted_turn=1,
            )
            state["units"][f"{seat}:A{number}"] = unit
        for _ in range(rng.randint(0, 2)):
            number = nation["next_fleet"]
            nation["next_fleet"] += 1
            state["units"][f"{seat}:F{number}"] = new_fleet(seat, number, rng.choice(SEAS), 0)
    for key, unit in list(state["units"].items()):
        if unit["kind"] == "fleet" and rng.random() < 0.5:
            cargo = next(
                (
                    k
                    for k, u in state["units"].items()
                    if u["nation"] == unit["nation"]
                    and u["kind"] == "army"
                    and u["at"]
                    and k.endswith(("1", "3"))
                ),
                None,
            )
            if cargo and not any(u.get("carrying") == cargo for u in state["units"].values()):
                unit["carrying"] = cargo
                state["units"][cargo].update(at=None, aboard=key)
    for key, unit in state["units"].items():
        where = unit["at"]
        if unit["kind"] != "army" or not unit["engineer"] or not where:
            continue
        rec = state["provinces"][where]
        if (
            GAME_MAP.provinces[where].fortress
            and rec["owner"] not in (None, unit["nation"])
            and not rec["siege"]
        ):
            rec["siege"] = {"nation": unit["nation"], "army": key, "turns": rng.randint(0, 3), "since": 0}
    state["bands"] += [{"kind": "brigands", "at": p, "quiet_turn": 0} for p in rng.sample(PROVINCES, 6)]
    state["bands"] += [{"kind": "pirates", "at": p, "quiet_turn": 0} for p in rng.sample(SEAS, 4)]
    return state


def play_renamed_game(seed: int, nations: int, battles: str, turns: int, crowded: bool = False) -> None:
    rng = random.Random(seed)
    renaming = permutation(rng)
    if crowded:
        state = crowded_position(rng, nations, battles)
    else:
        opts = RS.parse_options({"nations": str(nations), "battles": battles})
        state = RS.setup(opts, RS.seat_names(opts), Dice(b"setup"))
    renamed = renamed_state(state, renaming)
    for turn in range(turns):
        if RS.outcome(state):
            break
        if state.get("pending"):
            text = RS.bot(state, RS.requests(state)[0], rng)
            results = parse_results(GAME_MAP, state["seats"], text).orders
            orders: dict[str, Any] = {"battles": results}
        else:
            orders = bot_orders(state, rng)
        state, renamed = play_both(state, renamed, orders, renaming, f"{seed}:{turn}".encode())


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), nations=st.integers(2, 8), battles=st.sampled_from(["dice", "table"]))
def test_renaming_nations_and_places_never_changes_an_outcome(seed: int, nations: int, battles: str) -> None:
    play_renamed_game(seed, nations, battles, turns=15)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), nations=st.integers(3, 8), battles=st.sampled_from(["dice", "table"]))
def test_renaming_never_changes_an_outcome_in_a_crowded_position(
    seed: int, nations: int, battles: str
) -> None:
    """Sieges falling, eliminations, exhausted retreats and interceptions, from the first turn."""
    play_renamed_game(seed, nations, battles, turns=4, crowded=True)


def test_the_renaming_of_the_test_is_a_real_permutation_of_names() -> None:
    """The guard guards something: names do change, and map back to themselves."""
    renaming = permutation(random.Random(1))
    moved = [n for n in PROVINCES if renaming.forward[n] != n]
    assert len(moved) > len(PROVINCES) // 2
    assert renaming.text(renaming.text("battle:Pannonia:1:rome"), back=True) == "battle:Pannonia:1:rome"
    state = RS.setup(RS.parse_options({"nations": "3"}), ["rome", "carthage", "macedon"], Dice(b"s"))
    assert renaming.value(renamed_state(state, renaming), back=True)["provinces"] == state["provinces"]
