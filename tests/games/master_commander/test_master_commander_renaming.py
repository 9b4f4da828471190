"""Nothing but the book decides: renaming every seat and card consistently changes no result."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from mc_helpers import RULES, play

from adjudicator.games.dice import Dice
from adjudicator.games.master_commander.cards import catalogue, deck_lists, prebuilt_decks
from adjudicator.games.master_commander.rules import DEFAULT_DECKS

NEW_SEATS = ("zulu", "yankee", "alpha", "mike", "bravo")


def _renamed_options(players: int) -> tuple[dict[str, Any], list[str], dict[str, str], dict[str, str]]:
    """Options giving each seat its prebuilt deck with every card id and name replaced."""
    cards = catalogue()
    ids = sorted(cards)
    new_id = {old: f"k{len(ids) - i:03d}" for i, old in enumerate(ids)}  # reverse alphabetical
    renamed = {
        new_id[old]: {**card, "id": new_id[old], "name": f"Card {len(ids) - i:03d}"}
        for i, (old, card) in enumerate(sorted(cards.items()))
    }
    seats = list(NEW_SEATS[:players])
    custom = {}
    for seat, deck in zip(seats, DEFAULT_DECKS[:players], strict=True):
        lists = deck_lists(prebuilt_decks()[deck])
        lists = {
            **lists,
            "haven": new_id[lists["haven"]],
            **{k: [new_id[c] for c in lists[k]] for k in ("characters", "territories", "adventure")},
        }
        custom[seat] = {"deck": lists, "cards": renamed}
    options = {"decks": list(DEFAULT_DECKS[:players]), "turn_limit": 0, "custom": custom}
    seat_map = dict(zip(DEFAULT_DECKS[:players], seats, strict=True))
    return options, seats, seat_map, new_id


def _shape(
    state: dict[str, Any], seat_map: dict[str, str] | None = None, id_map: dict[str, str] | None = None
) -> dict[str, Any]:
    """What the game is, names aside: zones by (mapped) seat as instance numbers, every instance."""
    rename, ids = seat_map or {}, id_map or {}
    players = {}
    for seat, p in state["players"].items():
        players[rename.get(seat, seat)] = {k: v for k, v in p.items() if k not in ("deck_name", "faction")}
    cards = {
        u: {**c, "id": ids.get(c["id"], c["id"]), "owner": rename.get(c["owner"], c["owner"])}
        for u, c in state["cards"].items()
    }
    for c in cards.values():  # an agreement's terms and voters name seats
        if "terms" in c:
            c["terms"] = [{**t, "to": rename.get(t["to"], t["to"])} for t in c["terms"]]
        if "voters" in c:
            c["voters"] = [rename.get(s, s) for s in c["voters"]]
    return {
        "order": [rename.get(s, s) for s in state["order"]],
        "players": players,
        "cards": cards,
        "company": state["company_gold"],
        "reserve": state["gold_reserve"],
        "round": state["round"],
        "turn": state["turn"],
        "requests": sorted((r.kind, rename.get(r.seat, r.seat)) for r in RULES.requests(state)),
        "outcome": [rename.get(s, s) for s in (state["outcome"] or {}).get("winners", [])],
    }


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_property_renaming_seats_and_cards_changes_no_result(seed: int, players: int) -> None:
    plain_options = RULES.parse_options({"players": str(players)})
    plain_seats = RULES.seat_names(plain_options)
    options, seats, seat_map, id_map = _renamed_options(players)
    a = RULES.setup(plain_options, plain_seats, Dice(f"setup-{seed}".encode()))
    b = RULES.setup(options, seats, Dice(f"setup-{seed}".encode()))
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for step in range(400):
        assert _shape(a, seat_map, id_map) == _shape(b), f"step {step}"
        if RULES.outcome(a):
            break
        texts_a = {r.key: RULES.bot(a, r, rng_a) for r in RULES.requests(a)}
        texts_b = {r.key: RULES.bot(b, r, rng_b) for r in RULES.requests(b)}
        a, events_a = play(a, texts_a, Dice(f"turn-{seed}-{step}".encode()))
        b, events_b = play(b, texts_b, Dice(f"turn-{seed}-{step}".encode()))
        assert [e.kind for e in events_a] == [e.kind for e in events_b]
    assert (RULES.outcome(a) is None) == (RULES.outcome(b) is None)
