"""The close parses the state after a turn once and hands that one copy to ``outcome``,
``requests`` and ``label`` (and then to the record and the reports): none of them may change it.

Every installed ruleset (test-only ones included) is played a few turns by its bots; at each state
(the set-up, each state after a turn) the three are called on a parsed copy, which must serialise
to the same text afterwards. ``check`` is pinned the same way in
``tests/games/test_order_parsers_fuzz.py``.
"""

from __future__ import annotations

import random

import pytest

from adjudicator.core.store import dumps, loads
from adjudicator.games import available, get_ruleset
from adjudicator.games.dice import Dice

RULESETS = sorted(available())


def test_the_rulesets_of_the_project_are_all_here() -> None:
    assert {"mare-nostrum", "far-side", "master-commander", "planet-masters", "eollis"} <= set(RULESETS)


@pytest.mark.parametrize("name", RULESETS)
def test_outcome_requests_and_label_leave_the_state_as_it_was(name: str) -> None:
    ruleset = get_ruleset(name)
    options = ruleset.parse_options({})
    state = loads(dumps(ruleset.setup(options, ruleset.seat_names(options), Dice(b"read-once"))))
    rng = random.Random(5)
    for turn in range(8):
        text = dumps(state)
        kept = loads(text)
        outcome = ruleset.outcome(kept)
        assert dumps(kept) == text, "outcome changed the state"
        if outcome is not None:
            break
        requests = ruleset.requests(kept)
        assert dumps(kept) == text, "requests changed the state"
        ruleset.label(kept)
        assert dumps(kept) == text, "label changed the state"
        if not requests:
            break
        orders = {}
        for request in requests:
            orders[request.key] = ruleset.parse(request, ruleset.bot(loads(text), request, rng)).orders
        try:
            state, _events = ruleset.resolve(loads(text), orders, Dice(f"read-once-{turn}".encode()))
        except Exception:  # a test-only ruleset that resolves only what its own tests give it
            break
        state = loads(dumps(state))
