"""One idempotent pass of the referee's clock: ``pbem tick`` (cron) and each beat of ``pbem serve``.

A pass closes every turn that is due, sends the reminders that are due,
polls the configured mailboxes and flushes the outbox. Running it twice, from
two cron jobs, two workers or after a crash, does nothing twice: a turn is
closed by the engine's conditional UPDATE (and, on PostgreSQL, claimed with
``SELECT ... FOR UPDATE SKIP LOCKED`` so workers share the work instead of
queueing), a reminder by a unique row in ``remindersent``, and an email by its
stable Message-ID.

A turn whose awaited orders are all in and marked final closes at the next pass
too (reason ``early``): the submission that completed it closes it at once,
but a crash in that close leaves it open with every order kept. A seat in civil
disorder is not awaited (``adjudicator/core/waiting.py``): a resignation confirmed
after the others were final is such a turn too.

A clock jump or a long outage cannot skip a turn either: a pass closes only
the turns open *now*, and the next turn opens with a fresh deadline counted
from the moment it opens, so each turn gets its full time.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from adjudicator.core import progress
from adjudicator.core.dbfaults import describe
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, Turn, utcnow

log = logging.getLogger("adjudicator.clock.tick")


@dataclass
class TickSummary:
    """What one pass did."""

    closed: list[tuple[str, int]] = field(default_factory=list)  # (game, turn) closed by this pass
    civil_disorder: list[tuple[str, str]] = field(default_factory=list)  # (game, seat) that fell into it
    reminders: int = 0
    polled: int = 0
    flushed: int = 0
    errors: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        closed = ", ".join(f"{g} turn {n}" for g, n in self.closed) or "none"
        parts = [
            f"closed {len(self.closed)} turn(s): {closed}",
            f"reminders queued: {self.reminders}",
            f"messages polled: {self.polled}",
            f"messages flushed: {self.flushed}",
        ]
        if self.civil_disorder:
            parts.append("civil disorder: " + ", ".join(f"{g}/{s}" for g, s in self.civil_disorder))
        if self.errors:
            parts.append(f"errors: {len(self.errors)}")
        return "\n".join(parts)


def _mail_service(name: str) -> Callable[..., int] | None:
    """A function of the mail service (``adjudicator.mail.service``) when it is installed."""
    if importlib.util.find_spec("adjudicator.mail.service") is None:
        return None
    return getattr(importlib.import_module("adjudicator.mail.service"), name, None)


def close_due(
    referee: Referee,
    now: datetime,
    summary: TickSummary,
    only: tuple[str, int] | None = None,
    stop: Callable[[], bool] | None = None,
) -> None:
    """Close every due turn (or just ``only`` if it is due); one transaction per turn.

    ``stop`` is asked before each turn: a server told to stop finishes the turn
    in hand and leaves the rest to the next pass.
    """
    due = _due(referee, now, only)
    progress.expect(len(due))
    todo, at = list(due), 0
    tried: set[tuple[str, int]] = set()
    while todo:
        at = at if at < len(todo) else 0  # (after a jump: on to the end, then from the start)
        game_id, number, reason = todo.pop(at)
        tried.add((game_id, number))
        progress.step(description=f"closing {game_id} turn {number}")
        if stop is not None and stop():
            break
        try:
            closed = referee.close_turn(game_id, number, reason=reason, skip_locked=True)
        except Exception as exc:  # one broken game must not stop the others
            log.exception("closing %s turn %d failed", game_id, number)
            summary.errors.append(f"{game_id} turn {number}: {describe(exc, referee.db.url)}")
            continue
        if closed is None:  # closed meanwhile, or another worker holds it: see what is still due
            todo, at = _still_due(referee, now, only, todo, tried)
            continue
        summary.closed.append((game_id, number))
        summary.civil_disorder += [(game_id, seat) for seat in closed.civil_disorder]
        log.info(
            "closed %s turn %d (%s): %s",
            game_id,
            number,
            closed.label,
            "game over" if closed.outcome else f"turn {closed.next_turn} open",
        )
        for seat in closed.civil_disorder:
            log.warning(
                "%s: seat %s is in civil disorder (pbem seat replace %s %s ...)", game_id, seat, game_id, seat
            )


def _due(referee: Referee, now: datetime, only: tuple[str, int] | None) -> list[tuple[str, int, str]]:
    """The turns to close, in order: past their deadline, then those with every owed order in."""
    due = [(game_id, number, "deadline") for game_id, number in referee.due_turns(now, only)]
    due += [
        (game_id, number, "early")
        for game_id, number in ready_turns(referee, only)
        if (game_id, number, "deadline") not in due
    ]
    if only is not None:
        due = [item for item in due if item[:2] == only]
    return due


def _still_due(
    referee: Referee,
    now: datetime,
    only: tuple[str, int] | None,
    todo: list[tuple[str, int, str]],
    tried: set[tuple[str, int]],
) -> tuple[list[tuple[str, int, str]], int]:
    """After a turn lost to another worker (or closed meanwhile): the turns of this pass's list
    still open and not tried by this pass, read again, and a random place to go on from.

    Two workers walking the same list would each try every turn, losing half of them to the other
    (a transaction each); reading what is left after a loss and going on from a random place, they
    work apart until one reaches turns the other closed, and read again then - a few reads a pass
    instead of a lost turn per closed one. No turn is tried twice by one pass, none is added (a
    turn opened during the pass waits for the next one), and which worker closes a turn changes
    nothing of how it is closed."""
    mine = {item[:2] for item in todo}
    again = [item for item in _due(referee, now, only) if item[:2] in mine and item[:2] not in tried]
    if len(again) < len(todo):
        progress.step(len(todo) - len(again))  # closed by another worker: done for the bar too
    return again, _elsewhere.randrange(len(again)) if again else 0


#: Where a pass goes on after a lost turn (see :func:`_still_due`).
_elsewhere = random.Random()


def ready_turns(referee: Referee, only: tuple[str, int] | None = None) -> list[tuple[str, int]]:
    """Open turns whose awaited orders are all in and final, not yet closed (a query a pass, and
    two per 500 games with final orders).

    The submission that completed them closes them at once; when that close was interrupted (a
    crash, a kill) the orders stay stored and this pass closes the turn early, as it should have.
    As at a submission, a turn whose orders are all bots' (given when it opened) waits for its
    deadline, and so does a turn that waits for nobody. What a turn waits for is decided as at a
    submission (:func:`adjudicator.core.waiting.ready_early`): a seat in civil disorder holds nothing up
    unless its player came back with orders for the turn.

    It starts from the final accepted submissions of open turns (few, however many games are
    running) and reads the requests and the seats of those turns' games only: a pass over 10,000
    open turns without final orders reads no state, no request and no seat.
    """
    from sqlalchemy import and_, exists
    from sqlmodel import select

    from adjudicator.core.store import Seat, Submission, loads
    from adjudicator.core.waiting import CIVIL_DISORDER, ready_early
    from adjudicator.games.base import OrderRequest

    with referee.db.session() as session:
        query = select(
            Submission.game_id, Submission.turn_number, Submission.request_key, Submission.source
        ).where(
            Submission.game_id == Turn.game_id,
            Submission.turn_number == Turn.number,
            Turn.game_id == Game.id,
            Turn.status == "open",
            Game.status == "running",
            Submission.status == "accepted",
            Submission.final == True,  # noqa: E712 (SQL)
        )
        if only is not None:
            query = query.where(Turn.game_id == only[0], Turn.number == only[1])
        final: dict[tuple[str, int], dict[str, str]] = {}
        for game_id, number, key, source in session.exec(query).all():
            final.setdefault((game_id, number), {})[key] = source
        candidates = {turn: keys for turn, keys in final.items() if any(s != "bot" for s in keys.values())}
        games = sorted({game_id for game_id, _number in candidates})
        # The seats of those games, each seat in civil disorder with its accepted submissions in open
        # turns (final or not: a player who came back with plain orders is waited for until final).
        came_back = and_(
            Submission.game_id == Seat.game_id,
            Submission.seat == Seat.name,
            Seat.status == CIVIL_DISORDER,
            Submission.status == "accepted",
            exists().where(
                Turn.game_id == Submission.game_id,
                Turn.number == Submission.turn_number,
                Turn.status == "open",
            ),
        )
        ready = []
        for first in range(0, len(games), _CHUNK):
            chunk = games[first : first + _CHUNK]
            rows = session.exec(
                select(Turn.game_id, Turn.number, Turn.requests_json).where(
                    Turn.game_id.in_(chunk),  # type: ignore[attr-defined]
                    Turn.status == "open",
                )
            ).all()
            seats = session.exec(
                select(Seat.game_id, Seat.name, Seat.status, Submission.turn_number, Submission.request_key)
                .select_from(Seat)
                .outerjoin(Submission, came_back)
                .where(Seat.game_id.in_(chunk))  # type: ignore[attr-defined]
            ).all()
            statuses: dict[str, dict[str, str]] = {}
            back: dict[tuple[str, int], dict[str, bool]] = {}  # the accepted orders of those seats
            for game_id, name, status, number, key in seats:
                statuses.setdefault(game_id, {})[name] = status
                if key is not None:
                    back.setdefault((game_id, number), {})[key] = False
            for game_id, number, requests_json in rows:
                mine = candidates.get((game_id, number))
                if mine is None:
                    continue
                # accepted: the final ones, and the others of seats in civil disorder (the others of
                # seats held are not read: those seats are waited for, final or not, either way)
                accepted = {**back.get((game_id, number), {}), **dict.fromkeys(mine, True)}
                requests = list(map(OrderRequest.from_json, loads(requests_json)))
                if ready_early(requests, statuses.get(game_id, {}), accepted, by_a_player=True):
                    ready.append((game_id, number))
        return sorted(ready)


#: Games per ``IN (...)`` list.
_CHUNK = 500


def send_reminders(referee: Referee, now: datetime, summary: TickSummary) -> None:
    from adjudicator.clock.reminders import send_due_reminders

    try:
        summary.reminders += send_due_reminders(referee, now)
    except Exception as exc:
        log.exception("sending reminders failed")
        summary.errors.append(f"reminders: {describe(exc, referee.db.url)}")


def poll_mail(db: Database, summary: TickSummary) -> None:
    poll = _mail_service("poll_configured")
    if poll is None:
        return
    try:
        summary.polled += int(poll(db) or 0)
    except Exception as exc:
        log.exception("polling the mailboxes failed")
        summary.errors.append(f"poll: {describe(exc, db.url)}")


def flush_mail(db: Database, summary: TickSummary) -> None:
    flush = _mail_service("flush_outbox")
    try:
        if flush is not None:
            summary.flushed += int(flush(db) or 0)
        else:
            from adjudicator.mail.delivery import deliver_to_maildir

            summary.flushed += deliver_to_maildir(db)
    except Exception as exc:
        log.exception("flushing the outbox failed")
        summary.errors.append(f"flush: {describe(exc, db.url)}")


def tick(
    db: Database,
    now: datetime | None = None,
    *,
    referee: Referee | None = None,
    poll: bool = True,
    flush: bool = True,
) -> TickSummary:
    """One pass: close due turns, send due reminders, poll, flush. Safe to run any time, any number of times.

    ``now`` (tests) stands for the clock; by default the real time is used.
    """
    if referee is None:
        referee = Referee(db, clock=(lambda: now) if now is not None else utcnow)
    summary = TickSummary()
    # The moment is taken first, then the mail is read: whatever the mailboxes took before it is in
    # before the turns due at it close (orders are judged late by the time they were received).
    moment = now or referee.clock()
    if poll:
        poll_mail(db, summary)
    close_due(referee, moment, summary)
    send_reminders(referee, moment, summary)
    if flush:
        flush_mail(db, summary)
    return summary


def open_turns(db: Database) -> list[tuple[Game, Turn]]:
    """The open turns of running games (what the scheduler keeps jobs for)."""
    from sqlmodel import select

    with db.session() as session:
        rows = session.exec(
            select(Game, Turn).where(Turn.game_id == Game.id, Turn.status == "open", Game.status == "running")
        ).all()
        return [(g, t) for g, t in rows]


__all__ = ["TickSummary", "close_due", "flush_mail", "open_turns", "poll_mail", "send_reminders", "tick"]
