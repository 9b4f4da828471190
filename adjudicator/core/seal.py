"""Commitments: order receipts, the turn secret's commitment and the turn seed.

A receipt fixes what a player sent; the commitment fixes the turn secret before
any order arrives; the seed follows from both, so neither the referee nor a
player can steer the dice.

>>> r = receipt("rome-27", 3, "carthage", "orders:carthage", "A Sicilia - Latium", "c0ffee")
>>> len(r)
64
>>> s = new_turn_secret()
>>> verify_commitment(s, commitment(s))
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable


def canonical_json(value: object) -> bytes:
    """The one byte form used for every hash: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def new_salt() -> str:
    return secrets.token_hex(16)


def new_turn_secret() -> str:
    """A fresh 256-bit secret, drawn when a turn opens, as hex."""
    return secrets.token_hex(32)


def receipt(game: str, turn: int, seat: str, request: str, text: str, salt: str) -> str:
    """SHA-256 over game, turn, seat, request, the canonical order text and a salt."""
    payload = {"game": game, "turn": turn, "seat": seat, "request": request, "text": text, "salt": salt}
    return sha256_hex(canonical_json(payload))


def commitment(turn_secret: str) -> str:
    """What the turn notice publishes: SHA-256 of the turn secret."""
    return sha256_hex(bytes.fromhex(turn_secret))


def verify_commitment(turn_secret: str, published: str) -> bool:
    try:
        return hmac.compare_digest(commitment(turn_secret).encode(), str(published).encode())
    except (ValueError, TypeError):
        return False


def turn_seed(turn_secret: str, receipts: Iterable[str]) -> bytes:
    """HMAC-SHA256(turn secret, the sorted receipts joined by newlines).

    This is the one place where an outside randomness source fixed after the
    deadline (a public beacon round) would be mixed in.
    """
    joined = "\n".join(sorted(receipts)).encode()
    return hmac.new(bytes.fromhex(turn_secret), joined, hashlib.sha256).digest()


def setup_seed(setup_secret: str) -> bytes:
    """The seed of the dice that set a game up (shuffles, starting draws)."""
    return hmac.new(bytes.fromhex(setup_secret), b"setup", hashlib.sha256).digest()


def state_hash(state: object) -> str:
    return sha256_hex(canonical_json(state))
