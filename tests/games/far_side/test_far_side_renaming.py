"""Nothing but the book decides: renaming the sides and their ships changes no result.

The renaming swaps every name consistently: the seats ``british`` <-> ``french``, the ships
``B3`` <-> ``F3``, and turns the board half round (square ``(x, y)`` -> ``(7-x, 7-y)``) so that
each side keeps its own geometry (its home edge, its "up" and "left"). A bot game is played; then
the renamed game is replayed from the renamed start with the renamed orders and dice keyed by the
renamed keys (same seed). After every engine turn the renamed game's state, requests and reports
must be the renaming of the original's: no outcome depends on which side is called what, on the
alphabetical order of names, or on which side is listed first.
"""

from __future__ import annotations

import random
import re
from typing import Any

from far_side_helpers import GAME
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.dice import Dice
from adjudicator.games.far_side import board as B

SHIP = re.compile(r"\b([BF])([1-8])\b")
SQUARE = re.compile(r"\b([a-h])([1-8])\b")
SIDE = re.compile(r"\b(british|french|British|French)\b")
SWAP = {
    "british": "french",
    "french": "british",
    "British": "French",
    "French": "British",
    "B": "F",
    "F": "B",
}


def rename_text(text: str) -> str:
    text = SHIP.sub(lambda m: SWAP[m.group(1)] + m.group(2), text)
    text = SQUARE.sub(lambda m: B.name(7 - B.FILES.index(m.group(1)), 8 - int(m.group(2))), text)
    return SIDE.sub(lambda m: SWAP[m.group(1)], text)


def rename(value: Any) -> Any:
    if isinstance(value, dict):
        return {rename(k): rename(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rename(v) for v in value]
    if isinstance(value, str):
        return rename_text(value)
    return value


class RenamedDice:
    """The same seed, each roll asked under the original's key (``tact:F1-B2`` -> ``tact:B1-F2``)."""

    def __init__(self, seed: bytes) -> None:
        self.inner = Dice(seed)

    def d6(self, key: str) -> int:
        return self.inner.d6(rename_text(key))


def test_rename_text_is_an_involution_on_names() -> None:
    text = "Turn 3, British: B3 at a8 fires on F5 at h1 (french standing orders)"
    assert rename_text(text) == "Turn 3, French: F3 at h1 fires on B5 at a8 (british standing orders)"
    assert rename_text(rename_text(text)) == text
    assert rename_text("BRD -1, SEA +2, CMD") == "BRD -1, SEA +2, CMD"


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), live=st.booleans())
def test_renaming_sides_ships_and_squares_changes_no_result(seed: int, live: bool) -> None:
    rng = random.Random(seed)
    opts = GAME.parse_options({"reactions": "live" if live else "standing"})
    state = GAME.setup(opts, ["british", "french"], Dice(f"setup:{seed}".encode()))
    mirror = rename(state)
    for n in range(1, 400):
        if GAME.outcome(state) is not None:
            break
        requests = GAME.requests(state)
        assert [rename_text(r.key) for r in requests] == [r.key for r in GAME.requests(mirror)]
        orders: dict[str, Any] = {}
        renamed: dict[str, Any] = {}
        for req in requests:
            text = GAME.canonical(req, GAME.parse(req, GAME.bot(state, req, rng)).orders)
            orders[req.key] = GAME.parse(req, text).orders
            twin = next(r for r in GAME.requests(mirror) if r.key == rename_text(req.key))
            parsed = GAME.parse(twin, rename_text(text))
            assert parsed.ok and GAME.canonical(twin, parsed.orders) == rename_text(text)
            renamed[twin.key] = parsed.orders
        turn_seed = f"{seed}:{n}".encode()
        state, events = GAME.resolve(state, orders, Dice(turn_seed))
        mirror, mirror_events = GAME.resolve(mirror, renamed, RenamedDice(turn_seed))  # type: ignore[arg-type]
        assert [rename_text(e.text) for e in events] == [e.text for e in mirror_events], f"turn {n}"
        assert rename(state) == mirror, f"turn {n}"
    assert rename(GAME.outcome(state).to_json() if GAME.outcome(state) else None) == (
        GAME.outcome(mirror).to_json() if GAME.outcome(mirror) else None
    )
