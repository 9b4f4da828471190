"""Receipts, the turn secret's commitment and the seed derivation."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adjudicator.core import seal


def test_a_receipt_changes_if_one_character_of_the_orders_changes() -> None:
    base = seal.receipt("rome-27", 3, "carthage", "orders:carthage", "A Sicilia - Latium", "00ff")
    changed = seal.receipt("rome-27", 3, "carthage", "orders:carthage", "A Sicilia - Latiun", "00ff")
    assert base != changed


@given(st.text(max_size=200), st.integers(0, 199))
def test_any_one_character_change_changes_the_receipt(text: str, where: int) -> None:
    if not text:
        text = "x"
    i = where % len(text)
    other = text[:i] + ("a" if text[i] != "a" else "b") + text[i + 1 :]
    assert seal.receipt("g", 1, "s", "r", text, "salt") != seal.receipt("g", 1, "s", "r", other, "salt")


def test_every_field_of_a_receipt_counts() -> None:
    fields = ("g", 1, "s", "r", "text", "salt")
    base = seal.receipt(*fields)
    for i, changed in enumerate(("h", 2, "t", "q", "texT", "salT")):
        altered = list(fields)
        altered[i] = changed
        assert seal.receipt(*altered) != base


def test_the_turn_secret_matches_its_commitment() -> None:
    secret = seal.new_turn_secret()
    published = seal.commitment(secret)
    assert seal.verify_commitment(secret, published)
    assert not seal.verify_commitment(seal.new_turn_secret(), published)
    assert not seal.verify_commitment("not hex", published)


def test_the_seed_depends_on_the_secret_and_on_every_receipt_but_not_their_order() -> None:
    secret = seal.new_turn_secret()
    r = ["a" * 64, "b" * 64]
    assert seal.turn_seed(secret, r) == seal.turn_seed(secret, list(reversed(r)))
    assert seal.turn_seed(secret, r) != seal.turn_seed(secret, r[:1])
    assert seal.turn_seed(secret, r) != seal.turn_seed(seal.new_turn_secret(), r)
