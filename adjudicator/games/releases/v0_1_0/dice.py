"""Keyed, seeded, logged dice.

Every roll names the rule and its subject (``wind:white``, ``invasion:Gallia``).
Its value comes from HMAC-SHA256(turn seed, key + index) with rejection
sampling, so a roll never depends on the order in which the rules ask for
rolls, and a test can pin any roll by its key.

>>> dice = Dice(b"seed")
>>> first = dice.roll(6, "wind:white")
>>> Dice(b"seed").roll(6, "wind:white") == first
True
>>> dice.log[0].key, dice.log[0].sides, dice.log[0].value == first
('wind:white', 6, True)
>>> Dice(b"seed", pins={"wind:white": 4}).roll(6, "wind:white")
4
"""

from __future__ import annotations

import hashlib
import hmac
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import TypeVar

T = TypeVar("T")

#: A pinned value for one roll, or a list of values for the 1st, 2nd, ... roll of a key.
Pin = int | Sequence[int]


@dataclass(frozen=True)
class Roll:
    """One logged roll: ``key`` and its ``index`` (0 for the first roll of that key)."""

    key: str
    index: int
    sides: int
    value: int

    def to_json(self) -> dict[str, object]:
        return asdict(self)

    @property
    def label(self) -> str:
        """``wind:white`` for a first roll, ``wind:white#2`` for the third of that key."""
        return self.key if self.index == 0 else f"{self.key}#{self.index}"


class DiceError(ValueError):
    """A roll was asked for with impossible arguments, or a pin does not fit the die."""


class Dice:
    """Dice seeded by a turn seed; every roll keyed, logged and pinnable.

    ``pins`` maps a key (``"wind:white"``) or an indexed key (``"wind:white#1"``)
    to the value that roll must give; a list pins the successive rolls of a key.
    Pins exist for tests and for the referee's table results; they are logged
    like any other roll.
    """

    def __init__(self, seed: bytes, pins: Mapping[str, Pin] | None = None) -> None:
        if not isinstance(seed, bytes | bytearray):
            raise DiceError("the seed must be bytes")
        self._seed = bytes(seed)
        self._pins: dict[str, Pin] = dict(pins or {})
        self._count: defaultdict[str, int] = defaultdict(int)
        self.log: list[Roll] = []

    # -- the primitive -------------------------------------------------------
    def _draw(self, sides: int, key: str, index: int) -> int:
        """The unpinned value of roll ``index`` of ``key``: uniform in 1..sides."""
        limit = (1 << 256) - ((1 << 256) % sides)
        attempt = 0
        while True:
            message = f"{key}\x00{index}\x00{attempt}".encode()
            number = int.from_bytes(hmac.new(self._seed, message, hashlib.sha256).digest(), "big")
            if number < limit:
                return number % sides + 1
            attempt += 1  # rejection sampling keeps every face equally likely

    def _pinned(self, key: str, index: int) -> int | None:
        indexed = f"{key}#{index}"
        if indexed in self._pins:
            return int(self._pins[indexed])  # type: ignore[arg-type]
        if key in self._pins:
            pin = self._pins[key]
            if isinstance(pin, int):
                return pin
            values = list(pin)
            if index < len(values):
                return int(values[index])
        return None

    def roll(self, sides: int, key: str) -> int:
        """Roll one die of ``sides`` faces (1..sides) for the rule and subject named by ``key``."""
        if not isinstance(sides, int) or sides < 1:
            raise DiceError(f"a die needs at least one side, not {sides!r}")
        if not key or not isinstance(key, str):
            raise DiceError("every roll needs a key naming its rule and subject")
        index = self._count[key]
        self._count[key] += 1
        value = self._pinned(key, index)
        if value is None:
            value = self._draw(sides, key, index)
        elif not 1 <= value <= sides:
            raise DiceError(f"pinned value {value} for {key!r} does not fit a d{sides}")
        self.log.append(Roll(key, index, sides, value))
        return value

    def d6(self, key: str) -> int:
        return self.roll(6, key)

    def d10(self, key: str) -> int:
        return self.roll(10, key)

    def shuffle(self, items: Iterable[T], key: str) -> list[T]:
        """A keyed Fisher-Yates shuffle; each swap is a logged roll ``key`` of a shrinking die."""
        cards = list(items)
        for i in range(len(cards) - 1, 0, -1):
            j = self.roll(i + 1, key) - 1
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    def choice(self, items: Sequence[T], key: str) -> T:
        """One of ``items``, chosen by a logged roll."""
        if not items:
            raise DiceError(f"nothing to choose from for {key!r}")
        return items[self.roll(len(items), key) - 1]

    def log_json(self) -> list[dict[str, object]]:
        return [r.to_json() for r in self.log]
