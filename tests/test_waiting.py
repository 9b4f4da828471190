"""What a turn waits for (``adjudicator/core/waiting.py``): a seat in civil disorder holds up no early
close, unless its player came back; a turn that waits for nobody waits for its deadline."""

from __future__ import annotations

import doctest

from hypothesis import given
from hypothesis import strategies as st

from adjudicator.core import waiting
from adjudicator.core.engine import Referee
from adjudicator.core.waiting import CIVIL_DISORDER, ready_early, still_owed, waited_for
from adjudicator.games.base import OrderRequest

SEATS = ["rome", "carthage", "macedon", "egypt", "referee"]
STATUSES = st.sampled_from(["taken", CIVIL_DISORDER, "open"])


@st.composite
def turns(draw: st.DrawFn) -> tuple[list[OrderRequest], dict[str, str], dict[str, bool]]:
    """A turn's requests (one to three a seat, some optional), the seats' statuses (some seats not
    named) and the accepted submissions (some final)."""
    requests = []
    for seat in draw(st.lists(st.sampled_from(SEATS), unique=True, max_size=len(SEATS))):
        for n in range(draw(st.integers(1, 3))):
            requests.append(OrderRequest(f"orders:{seat}:{n}", seat, optional=draw(st.booleans())))
    statuses = draw(st.dictionaries(st.sampled_from(SEATS), STATUSES))
    accepted = {r.key: draw(st.booleans()) for r in requests if draw(st.booleans())}
    return requests, statuses, accepted


def renamed(
    turn: tuple[list[OrderRequest], dict[str, str], dict[str, bool]], names: dict[str, str]
) -> tuple[list[OrderRequest], dict[str, str], dict[str, bool]]:
    requests, statuses, accepted = turn
    moved = [OrderRequest(r.key, names[r.seat], optional=r.optional) for r in requests]
    return moved, {names[seat]: status for seat, status in statuses.items()}, accepted


@given(turns(), st.permutations(SEATS), st.text(min_size=1, max_size=3))
def test_renaming_the_seats_changes_nothing_of_what_is_waited_for(turn, order, suffix) -> None:  # type: ignore[no-untyped-def]
    names = {seat: f"{new}{suffix}" for seat, new in zip(SEATS, order, strict=True)}
    again = renamed(turn, names)
    assert waited_for(*again) == waited_for(*turn)
    assert still_owed(*again) == still_owed(*turn)
    for by_a_player in (False, True):
        assert ready_early(*again, by_a_player=by_a_player) == ready_early(*turn, by_a_player=by_a_player)


@given(turns())
def test_what_is_waited_for_is_never_optional_and_always_owed_by_a_seat_held_or_back(turn) -> None:  # type: ignore[no-untyped-def]
    requests, statuses, accepted = turn
    waited = waited_for(requests, statuses, accepted)
    by_key = {r.key: r for r in requests}
    assert waited <= by_key.keys()
    for key in waited:
        assert not by_key[key].optional
    back = {r.seat for r in requests if r.key in accepted and not r.optional}
    for r in requests:
        held = statuses.get(r.seat) != CIVIL_DISORDER
        assert (r.key in waited) == (not r.optional and (held or r.seat in back))


@given(turns())
def test_a_turn_is_ready_only_when_it_waits_for_something_all_in_and_final(turn) -> None:  # type: ignore[no-untyped-def]
    requests, statuses, accepted = turn
    waited = waited_for(requests, statuses, accepted)
    ready = ready_early(requests, statuses, accepted, by_a_player=True)
    assert ready == (bool(waited) and all(accepted.get(key) for key in waited))
    assert not ready_early(requests, statuses, accepted, by_a_player=False)  # bots alone close nothing
    assert still_owed(requests, statuses, accepted) == {key for key in waited if key not in accepted}


@given(turns())
def test_putting_every_seat_in_civil_disorder_leaves_only_the_players_who_came_back(turn) -> None:  # type: ignore[no-untyped-def]
    requests, _statuses, accepted = turn
    abandoned = dict.fromkeys(SEATS, CIVIL_DISORDER)
    waited = waited_for(requests, abandoned, accepted)
    assert waited == {
        r.key
        for r in requests
        if not r.optional and any(q.seat == r.seat and q.key in accepted and not q.optional for q in requests)
    }
    if not accepted:  # nobody came back: nothing to wait for, and no early close
        assert waited == set() and not ready_early(requests, abandoned, accepted, by_a_player=True)


def test_the_examples_of_the_waiting_module_hold() -> None:
    failed, tried = doctest.testmod(waiting)
    assert tried >= 6 and failed == 0


# -- the engine: ready_to_close and the close at a submission ------------------------------------
def _game(referee: Referee, *, bot_north: bool = False) -> dict[str, str]:
    """A started two-seat toy game ``g`` whose seats fall into civil disorder after a missed turn."""
    referee.new_game("toy-guess", "g", {"points": "99"}, civil_disorder_after=1)
    north = (
        referee.join("g", "north", bot=True)
        if bot_north
        else referee.join("g", "north", email="n@example.org")
    )
    south = referee.join("g", "south", email="s@example.org")
    referee.start("g")
    return {"north": north or "", "south": south or ""}


def _statuses(referee: Referee) -> dict[str, str]:
    with referee.db.session() as session:
        return {s.name: s.status for s in referee.seats(session, "g")}


def test_civil_disorder_seat_does_not_hold_up_early_close(referee: Referee, clock) -> None:  # type: ignore[no-untyped-def]
    secrets = _game(referee)
    referee.submit("g", "north", "guess 3", secrets["north"])
    referee.close_turn("g")  # south sent nothing: civil disorder
    assert _statuses(referee)["south"] == CIVIL_DISORDER
    assert referee.ready_to_close("g") is None  # north is not final yet
    assert referee.submit("g", "north", "guess 2", secrets["north"], final=True).closed_turn == 2
    assert referee.ready_to_close("g") is None  # turn 3: nothing final yet


def test_returning_civil_disorder_player_is_waited_for_until_final(referee: Referee, clock) -> None:  # type: ignore[no-untyped-def]
    secrets = _game(referee)
    referee.submit("g", "north", "guess 3", secrets["north"])
    referee.close_turn("g")  # south sent nothing: civil disorder
    assert (
        referee.submit("g", "north", "guess 2", secrets["north"], final=True).closed_turn == 2
    )  # not waited
    assert _statuses(referee)["south"] == CIVIL_DISORDER
    # turn 3: south's player comes back with plain orders: the turn waits for them to be final
    assert referee.submit("g", "south", "guess 4", secrets["south"]).closed_turn is None
    assert referee.submit("g", "north", "guess 2", secrets["north"], final=True).closed_turn is None
    assert referee.ready_to_close("g") is None
    assert referee.submit("g", "south", "guess 5", secrets["south"], final=True).closed_turn == 3
    assert _statuses(referee) == {"north": "taken", "south": "taken"}


def test_turn_with_every_seat_in_civil_disorder_waits_for_its_deadline(referee: Referee, clock) -> None:  # type: ignore[no-untyped-def]
    secrets = _game(referee)
    referee.close_turn("g")
    assert _statuses(referee) == {"north": CIVIL_DISORDER, "south": CIVIL_DISORDER}
    assert referee.ready_to_close("g") is None  # waiting for nobody is no reason to close early
    referee.set_status("g", "paused")
    referee.set_status("g", "running")  # a resume closes what is ready: nothing here
    assert referee.status("g")["turn"] == 2
    # one player back with final orders: the other, still abandoned, does not hold it up
    assert referee.submit("g", "north", "guess 2", secrets["north"], final=True).closed_turn == 2


def test_a_turn_whose_only_final_orders_are_bots_is_not_ready_to_close(referee: Referee, clock) -> None:  # type: ignore[no-untyped-def]
    referee.new_game("toy-guess", "bots", {"points": "99"})
    referee.join("bots", "north", bot=True)
    referee.join("bots", "south", bot=True)
    referee.start("bots")  # the bots' orders are in and final at once
    assert referee.ready_to_close("bots") is None  # as in the clock's pass: the deadline closes it
    referee.set_status("bots", "paused")
    referee.set_status("bots", "running")  # nor does a resume
    assert referee.status("bots")["turn"] == 1
    # a bot and a seat in civil disorder: the bot's orders are all the turn waits for, and not enough
    secrets = _game(referee, bot_north=True)
    referee.close_turn("g")  # south sent nothing: civil disorder
    assert _statuses(referee)["south"] == CIVIL_DISORDER
    assert referee.ready_to_close("g") is None
    referee.set_status("g", "paused")
    referee.set_status("g", "running")
    assert referee.status("g")["turn"] == 2
    assert referee.submit("g", "south", "guess 2", secrets["south"], final=True).closed_turn == 2
