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
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple, TypeVar

T = TypeVar("T")

#: A pinned value for one roll, or a list of values for the 1st, 2nd, ... roll of a key.
Pin = int | Sequence[int]


class Roll(NamedTuple):
    """One logged roll: ``key`` and its ``index`` (0 for the first roll of that key)."""

    key: str
    index: int
    sides: int
    value: int

    def to_json(self) -> dict[str, object]:
        return {"key": self.key, "index": self.index, "sides": self.sides, "value": self.value}

    @property
    def label(self) -> str:
        """``wind:white`` for a first roll, ``wind:white#2`` for the third of that key."""
        return self.key if self.index == 0 else f"{self.key}#{self.index}"


class DiceError(ValueError):
    """A roll was asked for with impossible arguments, or a pin does not fit the die."""


_new_roll = tuple.__new__  # Roll(...) without its generated __new__: the same tuple, a third faster
#: ``int.from_bytes`` bound once: looking a classmethod up on ``int`` makes a new bound method
#: each time (about 4 % of a roll, counted with callgrind)
_from_bytes = int.from_bytes
_BLOCK = 64  # SHA-256's block size, in bytes
#: each byte XOR 0x36 (HMAC's ipad) and XOR 0x5C (its opad), as ``bytes.translate`` tables: the
#: padded key in one call, not a generator over its 64 bytes (a third of a new Dice's cost)
_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))


class _Limits(dict[int, int]):
    """Sides -> the largest multiple of ``sides`` not above 2**256 (draws at or above it are
    rejected), made the first time a die of that many sides is rolled."""

    def __missing__(self, sides: int) -> int:
        limit = self[sides] = (1 << 256) - ((1 << 256) % sides)
        return limit


_LIMITS = _Limits()


def _hmac_halves(seed: bytes) -> tuple[hashlib._Hash, hashlib._Hash]:
    """HMAC-SHA256 (RFC 2104) keyed by ``seed``, as its inner and outer hashes after the key
    block: a roll copies both instead of setting an HMAC object up (or copying one through
    the ``hmac`` module's wrapper), the same digests at half the cost (``bench/`` and
    ``test_a_roll_is_the_hmac_of_the_seed_over_key_index_and_attempt``)."""
    key = hashlib.sha256(seed).digest() if len(seed) > _BLOCK else seed
    key = key.ljust(_BLOCK, b"\0")
    inner = hashlib.sha256(key.translate(_IPAD))
    outer = hashlib.sha256(key.translate(_OPAD))
    return inner, outer


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
        #: the HMAC keyed once per turn; each roll copies its two halves
        self._inner, self._outer = _hmac_halves(self._seed)
        self._copy_inner, self._copy_outer = self._inner.copy, self._outer.copy
        #: ``_draw`` is overridden (a test's renamed dice): every roll goes through it
        self._own_draw = type(self)._draw is not Dice._draw
        self._pins: dict[str, Pin] = dict(pins or {})
        #: no pins and the plain ``_draw``: every roll takes the inlined first attempt (one test a roll)
        self._plain = not self._pins and not self._own_draw
        self._count: dict[str, int] = {}
        self.log: list[Roll] = []

    # -- the primitive -------------------------------------------------------
    def _draw(self, sides: int, key: str, index: int) -> int:
        """The unpinned value of roll ``index`` of ``key``: uniform in 1..sides."""
        limit = _LIMITS[sides]
        attempt = 0
        while True:
            inner = self._copy_inner()
            inner.update(f"{key}\x00{index}\x00{attempt}".encode())
            outer = self._copy_outer()
            outer.update(inner.digest())
            number = _from_bytes(outer.digest(), "big")  # HMAC-SHA256(seed, message)
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
        if sides.__class__ is not int or key.__class__ is not str or sides < 1 or not key:
            # the checks in full only when the plain case fails (a bool or str subclass passes them)
            if not isinstance(sides, int) or sides < 1:
                raise DiceError(f"a die needs at least one side, not {sides!r}")
            if not key or not isinstance(key, str):
                raise DiceError("every roll needs a key naming its rule and subject")
        count = self._count
        index = count.get(key, 0)
        count[key] = index + 1
        if self._plain:
            # _draw's first attempt, inlined (the hot path of every resolve); a rejected draw
            # (fewer than `sides` in 2**256 draws) is drawn again by _draw, from attempt 0
            inner = self._copy_inner()
            inner.update(f"{key}\x00{index}\x000".encode())
            outer = self._copy_outer()
            outer.update(inner.digest())
            number = _from_bytes(outer.digest())  # big-endian, int.from_bytes's default
            value = number % sides + 1 if number < _LIMITS[sides] else self._draw(sides, key, index)
        elif self._pins and (value := self._pinned(key, index)) is not None:
            if not 1 <= value <= sides:
                raise DiceError(f"pinned value {value} for {key!r} does not fit a d{sides}")
        else:  # a pinned key rolled past its pins, or a test's own _draw
            value = self._draw(sides, key, index)
        self.log.append(_new_roll(Roll, (key, index, sides, value)))
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
