"""Every installed ruleset's order reader, fuzzed: whatever a player mails, it answers with problems.

The rulesets come from the registry (entry points and test-only registrations), so a new game gets
this test without anyone writing it. For each, a few turns are played by its bots to reach several
kinds of request; then ``parse`` - and ``check`` and ``canonical``, which the engine runs on what
``parse`` returns - must never raise: a bad order is a :class:`~adjudicator.games.base.Problem` in
``Parsed.problems`` (the rulesets' documented way of refusing orders), never an exception. An
exception there once made `pbem mail ingest` exit 75 and the mail system retry forever.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.store import dumps, loads
from adjudicator.games import available, get_ruleset
from adjudicator.games.base import OrderRequest, Parsed, Problem
from adjudicator.games.dice import Dice

#: Characters that look like digits, letters or separators to a careless reader.
TRICKY = "0123456789²³¹⁰½¼٣۴߂१๓໒０９ⅫⅣ①⓪𝟘𝟡-–—:;,./\\|()[]{}<>=+*#@!?'\"\t \u00a0\u200b\u202eAaFfxXéİı"

DIGITS = "²³¹⁰٣۴१๓０９𝟡①Ⅻ½"


def unicode_digits() -> str:
    """Characters of every kind Python calls a digit or a number and ASCII does not: the three of
    every script's decimal digits (Nd, which ``int()`` reads), a digit that is not decimal of every
    run of sixteen (superscripts, circled and parenthesised digits: ``isdigit()`` accepts them,
    ``int()`` refuses them), and the first numeric character of each block of the rest (Roman
    numerals, fractions, CJK numbers)."""
    import unicodedata

    found: dict[tuple[str, int], str] = {}
    for code in range(0x80, 0x110000):
        char = chr(code)
        if not char.isnumeric():
            continue
        if char.isdecimal():
            if unicodedata.decimal(char) == 3:
                found[("decimal", code)] = char
        elif char.isdigit():
            found.setdefault(("digit", code >> 4), char)
        else:
            found.setdefault(("numeric", code >> 8), char)
    return "".join(found.values())


UNICODE_DIGITS = unicode_digits()
assert {"٣", "３", "①", "²", "Ⅻ"} & set(UNICODE_DIGITS), UNICODE_DIGITS


@cache
def positions(name: str) -> list[tuple[dict[str, Any], OrderRequest, str]]:
    """(state, request, a bot's legal orders) for each kind of request met in a few bot-played turns."""
    ruleset = get_ruleset(name)
    options = ruleset.parse_options({})
    seats = ruleset.seat_names(options)
    state = ruleset.setup(options, seats, Dice(b"fuzz-setup"))
    rng = random.Random(17)
    found: dict[str, tuple[dict[str, Any], OrderRequest, str]] = {}
    for turn in range(6):
        requests = ruleset.requests(loads(dumps(state)))
        if not requests:
            break
        orders: dict[str, Any] = {}
        for request in requests:
            text = ruleset.bot(loads(dumps(state)), request, rng)
            found.setdefault(request.kind, (loads(dumps(state)), request, text))
            parsed = ruleset.parse(request, text)
            orders[request.key] = parsed.orders
        try:  # playing on only finds more kinds of request; the readers are what is tested here
            state, _ = ruleset.resolve(loads(dumps(state)), orders, Dice(f"fuzz-{turn}".encode()))
        except Exception:  # e.g. a test-only ruleset that resolves only what its own tests give it
            break
        state = loads(dumps(state))
        if ruleset.outcome(state) is not None:
            break
    return list(found.values())


def read(name: str, index: int, text: str) -> Parsed:
    """What the engine does with a submission's text, up to storing it."""
    ruleset = get_ruleset(name)
    found = positions(name)
    state, request, _ = found[index % len(found)]
    parsed = ruleset.parse(request, text)
    assert isinstance(parsed, Parsed)
    assert all(isinstance(p, Problem) for p in parsed.problems)
    if parsed.orders is not None:
        problems = ruleset.check(loads(dumps(state)), request, parsed.orders)
        assert all(isinstance(p, Problem) for p in problems)
        if not parsed.problems and not problems:
            assert isinstance(ruleset.canonical(request, parsed.orders), str)
    return parsed


def mutated(draw: st.DrawFn, name: str, index: int) -> str:
    """A bot's legal orders with some words replaced, cut or doubled: near-misses reach deep code."""
    found = positions(name)
    words = found[index % len(found)][2].replace("\n", " \n ").split(" ")
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, max(len(words) - 1, 0)))
        how = draw(st.sampled_from(["replace", "insert", "cut", "double", "redigit", "redigit"]))
        junk = draw(st.text(alphabet=TRICKY, min_size=1, max_size=6) | st.text(max_size=6))
        numbered = [i for i, word in enumerate(words) if re.search(r"\d", word)]
        if how == "redigit" and numbered:  # a word with its digits written another way
            at = numbered[at % len(numbered)]
            words[at] = re.sub(r"\d", lambda _: draw(st.sampled_from(DIGITS)), words[at])
        elif how == "replace" and words:
            words[at] = junk
        elif how == "insert":
            words.insert(at, junk)
        elif how == "cut" and words:
            words[at] = words[at][: draw(st.integers(0, len(words[at])))]
        elif words:
            words.insert(at, words[at])
    return " ".join(words)


RULESETS = sorted(available())


def test_every_installed_game_is_fuzzed() -> None:
    assert {"mare-nostrum", "far-side", "master-commander"} <= set(RULESETS)


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_text_makes_an_order_reader_raise(name: str, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, 20), label="request")
    near_miss = st.composite(lambda draw: mutated(draw, name, index))()
    text = data.draw(
        st.one_of(near_miss, near_miss, st.text(max_size=300), st.text(alphabet=TRICKY, max_size=80)),
        label="text",
    )
    read(name, index, text)


@pytest.mark.parametrize("name", RULESETS)
def test_superscript_and_foreign_digits_are_problems_not_crashes(name: str) -> None:
    for index in range(len(positions(name))):
        legal = positions(name)[index][2]
        for digit in DIGITS:
            # every number of a legal order written with a digit Python's int() may refuse or misread
            read(name, index, re.sub(r"\d", digit, legal))
            read(name, index, re.sub(r"\d+", digit, legal))


@pytest.mark.slow
@pytest.mark.parametrize("name", RULESETS)
def test_every_unicode_digit_class_is_a_problem_not_a_number(name: str) -> None:
    """Order readers take ASCII digits only: a number written in any other digit (``٣``, ``３``,
    ``③``, ``³``, ``Ⅲ``) is never read as that number, and never crashes the reader."""
    ruleset = get_ruleset(name)
    for index in range(len(positions(name))):
        _state, request, legal = positions(name)[index]
        if not re.search(r"[0-9]", legal):
            continue
        wanted = ruleset.parse(request, legal)
        canonical = ruleset.canonical(request, wanted.orders) if not wanted.problems else None
        for digit in UNICODE_DIGITS:
            for text in (re.sub(r"[0-9]+", digit, legal),):
                parsed = read(name, index, text)
                if parsed.problems or parsed.orders is None or canonical is None:
                    continue
                assert ruleset.canonical(request, parsed.orders) != canonical or text == legal, (digit, text)


def test_master_commander_agreement_terms_read_ascii_digits_only() -> None:
    from adjudicator.games.master_commander.terms import TermError, parse_terms

    assert parse_terms("pay 2 to french") == [{"pay": 2, "to": "french"}]
    for digit in UNICODE_DIGITS + DIGITS:
        with pytest.raises(TermError):
            parse_terms(f"pay {digit} to french")


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_checking_orders_leaves_the_state_as_it_was(name: str, data: st.DataObject) -> None:
    """``check`` reads the state and never changes it: the mail path keeps one read state per turn
    (``adjudicator/mail/orders_path.py``) and checks every seat's orders against it."""
    ruleset = get_ruleset(name)
    index = data.draw(st.integers(0, 20), label="request")
    state, request, legal = positions(name)[index % len(positions(name))]
    text = data.draw(st.one_of(st.just(legal), st.composite(lambda draw: mutated(draw, name, index))()))
    parsed = ruleset.parse(request, text)
    if parsed.orders is None:
        return
    before = dumps(state)
    kept = loads(before)
    ruleset.check(kept, request, parsed.orders)
    assert dumps(kept) == before
