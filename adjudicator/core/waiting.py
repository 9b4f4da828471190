"""Which orders a turn waits for: what holds up its early close and its grace.

A turn waits for the non-optional requests of every seat that is not in civil disorder. A seat in
civil disorder (its player resigned, or missed turns in a row) holds nothing up, as a classic
judge does not wait for an abandoned power: its defaults stand in at the close. If its player
comes back - the seat has an accepted submission for one of its owed requests in the turn, which
is also what puts it back to ``taken`` at the close - the turn waits for that seat again, as for
anyone, until its orders are final.

These are pure functions of what was read: the engine (:meth:`Referee.ready_to_close`,
:meth:`Referee.closes_at`) and the clock's pass (:func:`adjudicator.clock.tick.ready_turns`) read the
rows their own way and ask here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

from sqlmodel import Session, select

from adjudicator.core.store import Absence, as_utc
from adjudicator.games.base import OrderRequest

#: The status of a seat in civil disorder (:class:`adjudicator.core.store.Seat`).
CIVIL_DISORDER = "civil_disorder"


def waited_for(
    requests: Iterable[OrderRequest], statuses: Mapping[str, str], accepted: Mapping[str, bool]
) -> frozenset[str]:
    """The keys of the requests a turn waits for.

    ``requests``: the turn's requests; ``statuses``: each seat's status by name (a seat not named,
    such as the referee's, counts as held); ``accepted``: the keys of the requests with an accepted
    submission, each with whether it is final. An optional request is never waited for.

    >>> from adjudicator.games.base import OrderRequest
    >>> turn = [OrderRequest("orders:rome", "rome"), OrderRequest("orders:carthage", "carthage")]
    >>> statuses = {"rome": "taken", "carthage": "civil_disorder"}
    >>> sorted(waited_for(turn, statuses, {}))
    ['orders:rome']
    >>> sorted(waited_for(turn, statuses, {"orders:carthage": False}))  # carthage's player is back
    ['orders:carthage', 'orders:rome']
    """
    owed = [r for r in requests if not r.optional]
    back = {r.seat for r in owed if r.key in accepted}
    return frozenset(r.key for r in owed if statuses.get(r.seat) != CIVIL_DISORDER or r.seat in back)


def still_owed(
    requests: Iterable[OrderRequest], statuses: Mapping[str, str], accepted: Mapping[str, bool]
) -> frozenset[str]:
    """The requests a turn waits for that have no accepted submission yet: what a grace (NMR
    ``wait``) is waited out for.

    >>> from adjudicator.games.base import OrderRequest
    >>> turn = [OrderRequest("orders:rome", "rome"), OrderRequest("orders:carthage", "carthage")]
    >>> sorted(still_owed(turn, {"carthage": "civil_disorder"}, {"orders:rome": False}))
    []
    """
    return frozenset(key for key in waited_for(requests, statuses, accepted) if key not in accepted)


def ready_early(
    requests: Iterable[OrderRequest],
    statuses: Mapping[str, str],
    accepted: Mapping[str, bool],
    *,
    by_a_player: bool,
) -> bool:
    """Whether a turn closes now, before its deadline: it waits for at least one request, every
    request it waits for has an accepted submission marked final, and ``by_a_player`` (some final
    submission of the turn was given by a player, not only by bots when it opened).

    A turn that waits for nothing (every seat in civil disorder, nobody back) is not ready: it
    waits for its deadline.

    >>> from adjudicator.games.base import OrderRequest
    >>> turn = [OrderRequest("orders:rome", "rome"), OrderRequest("orders:carthage", "carthage")]
    >>> statuses = {"rome": "taken", "carthage": "civil_disorder"}
    >>> ready_early(turn, statuses, {"orders:rome": True}, by_a_player=True)
    True
    >>> ready_early(turn, statuses, {"orders:rome": True, "orders:carthage": False}, by_a_player=True)
    False
    >>> ready_early(turn, {"rome": "civil_disorder", "carthage": "civil_disorder"}, {}, by_a_player=True)
    False
    """
    waited = waited_for(requests, statuses, accepted)
    return by_a_player and bool(waited) and all(accepted.get(key, False) for key in waited)


__all__ = ["CIVIL_DISORDER", "ready_early", "still_owed", "waited_for"]


MAX_CHAINED = 100  # absences one deadline can be pushed through (a bound, never reached in play)


def deadline_after_absences(session: Session, game_id: str, deadline: datetime) -> datetime:
    """The deadline moved past every absence it falls in (absences may follow one another)."""
    rows = session.exec(select(Absence).where(Absence.game_id == game_id)).all()
    spans = sorted((as_utc(r.starts_at), as_utc(r.ends_at)) for r in rows)
    moved = as_utc(deadline)
    assert moved is not None
    for _ in range(MAX_CHAINED):
        later = [end for start, end in spans if start <= moved < end]  # type: ignore[operator]
        if not later:
            break
        moved = max(later)  # type: ignore[type-var]
    return moved  # type: ignore[return-value]
