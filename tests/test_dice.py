"""Keyed dice: values depend on the seed and the key, never on the order of asking."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.games.dice import Dice, DiceError


def test_dice_values_are_independent_of_the_order_rolls_are_asked_for() -> None:
    first = Dice(b"turn-seed")
    a = first.roll(6, "wind:white")
    b = first.roll(10, "invasion:Gallia")
    second = Dice(b"turn-seed")
    b2 = second.roll(10, "invasion:Gallia")
    a2 = second.roll(6, "wind:white")
    assert (a, b) == (a2, b2)


def test_repeated_key_rolls_are_indexed_and_differ_by_index() -> None:
    dice = Dice(b"s")
    values = [dice.roll(1000, "battle:Pannonia") for _ in range(5)]
    assert [r.index for r in dice.log] == [0, 1, 2, 3, 4]
    assert len(set(values)) > 1  # 5 draws from a d1000 all equal would be a broken index


def test_a_pinned_roll_is_used_and_logged() -> None:
    dice = Dice(b"s", pins={"wind:white": 4, "gust:3:1": [2, 5], "tact:F3-B5#1": 6})
    assert dice.roll(6, "wind:white") == 4
    assert dice.roll(6, "gust:3:1") == 2
    assert dice.roll(6, "gust:3:1") == 5
    dice.roll(6, "tact:F3-B5")
    assert dice.roll(6, "tact:F3-B5") == 6
    assert dice.log[0].key == "wind:white" and dice.log[0].value == 4
    assert dice.log[-1].label == "tact:F3-B5#1"


def test_a_pin_that_does_not_fit_the_die_is_refused() -> None:
    with pytest.raises(DiceError):
        Dice(b"s", pins={"wind:white": 7}).roll(6, "wind:white")


def test_every_roll_needs_a_key_and_sides() -> None:
    with pytest.raises(DiceError):
        Dice(b"s").roll(6, "")
    with pytest.raises(DiceError):
        Dice(b"s").roll(0, "k")


def test_a_different_seed_gives_different_rolls() -> None:
    a = [Dice(b"seed-a").roll(1_000_000, f"k{i}") for i in range(3)]
    b = [Dice(b"seed-b").roll(1_000_000, f"k{i}") for i in range(3)]
    assert a != b


def test_d6_faces_are_roughly_uniform() -> None:
    dice = Dice(b"uniformity")
    counts = Counter(dice.roll(6, f"k{i}") for i in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < c < 1200 for c in counts.values()), counts


def test_keyed_shuffle_is_a_permutation_and_reproducible() -> None:
    deck = list(range(52))
    one = Dice(b"s").shuffle(deck, "shuffle:deck")
    two = Dice(b"s").shuffle(deck, "shuffle:deck")
    assert one == two and sorted(one) == deck and one != deck


@given(st.binary(min_size=1, max_size=64), st.integers(1, 10_000), st.text(min_size=1, max_size=40))
def test_rolls_are_always_within_the_die(seed: bytes, sides: int, key: str) -> None:
    value = Dice(seed).roll(sides, key)
    assert 1 <= value <= sides
    assert Dice(seed).roll(sides, key) == value


def test_a_roll_is_the_hmac_of_the_seed_over_key_index_and_attempt() -> None:
    """The keyed HMAC reused per roll gives exactly HMAC-SHA256(seed, key NUL index NUL attempt)."""
    import hashlib
    import hmac

    dice = Dice(b"turn-seed")
    for index in range(5):
        value = dice.roll(6, "invasion:Gallia")
        digest = hmac.new(b"turn-seed", f"invasion:Gallia\x00{index}\x000".encode(), hashlib.sha256).digest()
        assert value == int.from_bytes(digest, "big") % 6 + 1


@given(
    st.binary(min_size=1, max_size=200),
    st.text(min_size=1, max_size=60),
    st.integers(0, 3),
    st.integers(1, 1000),
)
def test_a_roll_is_the_hmac_of_any_seed_long_or_short(seed: bytes, key: str, rolls: int, sides: int) -> None:
    """The HMAC built by hand from its two halves is the standard one for every seed length
    (a seed longer than the SHA-256 block is hashed first, RFC 2104)."""
    import hashlib
    import hmac

    dice = Dice(seed)
    for _ in range(rolls):
        dice.roll(sides, key)
    index = rolls
    value = dice.roll(sides, key)
    limit = (1 << 256) - ((1 << 256) % sides)
    for attempt in range(100):
        message = f"{key}\x00{index}\x00{attempt}".encode()
        number = int.from_bytes(hmac.new(seed, message, hashlib.sha256).digest(), "big")
        if number < limit:
            break
    assert value == number % sides + 1
