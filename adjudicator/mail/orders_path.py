"""The common path of inbound mail: a seat's orders from its registered address with its secret.

Most mail a referee receives is that: orders replacing the seat's previous ones before the
deadline. :func:`take_orders` handles such a message in **one transaction** with six SQL
statements (SQLAlchemy Core, no ORM objects; on SQLite the same statements, compiled by
SQLAlchemy once, run on the driver itself):

1. one read of the game, the seat, the open turn and the turn's line of play, whether the
   Message-ID was seen before and the count of the sender's verified mail in the last hour
   (``PBEM_MAIL_RATE``);
2. the check of the seat's address and secret, before anything else of the mail is used,
   then of the rate limit;
3. the orders read and checked by the ruleset, stored (the previous ones superseded), their
   acknowledgement queued by reference (:func:`adjudicator.post.acks.ack_record`: its MIME
   is composed when sent), the message recorded as handled, the week-old log of
   unverified mail trimmed (at most once a minute) - then one commit.

Both or neither: a process killed before the commit leaves nothing of the message (its
source still has it: the Maildir file is unread, the IMAP message unseen, the listener's
spool file in place), so it is handled again, once; after the commit the Message-ID is
recorded and the message is a duplicate. Two handlers racing for one message: on SQLite
the transaction holds the write lock from its start (``BEGIN IMMEDIATE``) so the second
sees the first's record; on PostgreSQL the second's insert of the same Message-ID fails
and its transaction is rolled back whole.

Whatever is not that common case returns ``None`` *before anything is written* (the
transaction is rolled back) and the general path of :mod:`adjudicator.mail.handler`
handles the message exactly as before: an unknown or unverified sender, a wrong or
old-scheme (scrypt) secret, a rate limit reached, a Message-ID seen before, a game not
running, a turn number that is not the open turn's, a deadline passed, final orders (their
acknowledgement says whether they closed the turn, which takes the close first), the
referee's seat, a ruleset that crashes on the orders, any database error.
"""

from __future__ import annotations

import logging
import threading
import weakref
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any, NamedTuple, cast

from sqlalchemy import and_, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import SQLAlchemyError

from adjudicator.core import driver_sql, seal
from adjudicator.core.engine import (
    MAX_ORDERS_BYTES,
    Referee,
    RefereeError,
    SubmitResult,
    check_game_id,
    checked_orders,
    strip_final,
)
from adjudicator.core.store import (
    HMAC_SCHEME,
    Branch,
    Database,
    Game,
    InboundMessage,
    OutboxMessage,
    Seat,
    Submission,
    Turn,
    as_utc,
    check_secret,
    dumps,
    loads,
    utcnow,
)
from adjudicator.games import get_ruleset
from adjudicator.games.base import REFEREE as REFEREE_SEAT
from adjudicator.games.base import OrderRequest
from adjudicator.mail.inbound import ParsedMail, record_of
from adjudicator.mail.press import is_press
from adjudicator.post import acks

log = logging.getLogger(__name__)

HOUR = timedelta(hours=1)
#: The log of unverified mail older than ``UNVERIFIED_EXPIRY`` is trimmed at most this often by this
#: path (the general path, which writes that log, trims it at every message as before).
TRIM_EVERY = timedelta(minutes=1)
_trimmed: weakref.WeakKeyDictionary[Database, datetime] = weakref.WeakKeyDictionary()
#: The states orders were last checked against, keyed by their stored text (so a state that changes
#: is another key: nothing stale is ever used). ``check`` never changes the state it is given
#: (``test_checking_orders_leaves_the_state_as_it_was``), so one read serves every seat of a turn.
STATES_KEPT = 16
_states: dict[str, Any] = {}
_states_lock = threading.Lock()

_game = cast(Any, Game).__table__
_seat = cast(Any, Seat).__table__
_turn = cast(Any, Turn).__table__
_branch = cast(Any, Branch).__table__
_inbound = cast(Any, InboundMessage).__table__
_outbox = cast(Any, OutboxMessage).__table__
_submission = cast(Any, Submission).__table__

#: Game, seat, open turn and line of play in one read (built once: SQLAlchemy caches its compilation).
_READ = (
    select(
        _game.c.status.label("game_status"),
        _game.c.ruleset,
        _game.c.ruleset_version,
        _seat.c.email,
        _seat.c.secret_hash,
        _seat.c.timezone,
        _seat.c.mail_failing_turn,
        _turn.c.number,
        _turn.c.label,
        _turn.c.status.label("turn_status"),
        _turn.c.deadline_at,
        _turn.c.state_json,
        _turn.c.requests_json,
        select(func.count())
        .select_from(_branch)
        .where(_branch.c.game_id == _game.c.id, _branch.c.after_turn < _turn.c.number)
        .scalar_subquery()
        .label("generation"),
        select(func.count())
        .select_from(_inbound)
        .where(_inbound.c.message_id == bindparam("message_id"))
        .scalar_subquery()
        .label("seen"),
        select(func.count())  # the sender's verified mail in the last hour (PBEM_MAIL_RATE)
        .select_from(_inbound)
        .where(_inbound.c.sender == bindparam("sender"), _inbound.c.verified == True)  # noqa: E712
        .where(_inbound.c.received_at >= bindparam("since"), _inbound.c.message_id != bindparam("message_id"))
        .scalar_subquery()
        .label("recent"),
    )
    .select_from(
        _game.join(_seat, and_(_seat.c.game_id == _game.c.id, _seat.c.name == bindparam("seat"))).join(
            _turn, and_(_turn.c.game_id == _game.c.id, _turn.c.number == _game.c.current_turn)
        )
    )
    .where(_game.c.id == bindparam("game"))
)
_PREVIOUS = select(_submission.c.id, _submission.c.canonical).where(
    _submission.c.game_id == bindparam("game"),
    _submission.c.turn_number == bindparam("number"),
    _submission.c.request_key == bindparam("key"),
    _submission.c.status == "accepted",
)
_SUPERSEDE = (
    update(_submission).where(_submission.c.id == bindparam("previous_id")).values(status="superseded")
)
_EXPIRE = (
    delete(_inbound)
    .where(_inbound.c.verified == False)  # noqa: E712
    .where(_inbound.c.received_at < bindparam("expired"), _inbound.c.status != "new")
)


class _TurnName(NamedTuple):
    """What :meth:`Referee._pick_request` says of a turn when it refuses (its number and label)."""

    number: int
    label: str


@dataclass
class Taken:
    """What became of a message on this path: ``handled`` or ``refused`` (rejected orders, ack queued)."""

    status: str
    detail: str
    replies: int


def eligible(parsed: ParsedMail, oversize: bool) -> bool:
    """Whether a message may be orders from a seat (looked at without the database)."""
    if oversize or parsed.error or parsed.automatic or parsed.command is not None or parsed.lang is not None:
        return False
    if not (parsed.sender and parsed.game and parsed.seat and parsed.secret) or parsed.seat == REFEREE_SEAT:
        return False
    try:
        check_game_id(parsed.game)
    except RefereeError:
        return False
    return not is_press(parsed)


class _NotCommon(Exception):
    """Internal: not the common case; everything done in the transaction is rolled back."""


class _Read(NamedTuple):
    """What ``_READ`` selects, in its order."""

    game_status: str
    ruleset: str
    ruleset_version: str
    email: str | None
    secret_hash: str | None
    timezone: str
    mail_failing_turn: int | None
    number: int
    label: str
    turn_status: str
    deadline_at: datetime | str | None
    state_json: str
    requests_json: str
    generation: int
    seen: int
    recent: int


class _Core:
    """The path's statements through SQLAlchemy Core (PostgreSQL)."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def first(self, statement: Any, params: dict[str, Any]) -> tuple[Any, ...] | None:
        row = self.connection.execute(statement, params).first()
        return None if row is None else tuple(row)

    def run(self, statement: Any, params: dict[str, Any]) -> None:
        self.connection.execute(statement, params)

    def insert(self, table: Any, values: dict[str, Any]) -> None:
        self.connection.execute(insert(table), values)


class _Driver:
    """The same statements run on SQLite's driver itself (:mod:`adjudicator.core.driver_sql`):
    SQLAlchemy's execution costs about 20 us a statement, more than SQLite takes to run these.
    The SQL is SQLAlchemy's, compiled once, and so are the values' conversions."""

    def __init__(self, connection: Any, dialect: Any) -> None:
        self.connection = connection
        self.dialect = dialect

    def first(self, statement: Any, params: dict[str, Any]) -> tuple[Any, ...] | None:
        found = driver_sql.on_driver(self.connection, self.dialect, statement, params)
        return tuple(found[0].values()) if found else None

    def run(self, statement: Any, params: dict[str, Any]) -> None:
        driver_sql.on_driver(self.connection, self.dialect, statement, params)

    def insert(self, table: Any, values: dict[str, Any]) -> None:
        driver_sql.on_driver(self.connection, self.dialect, _insert(table), values, tuple(values))


@cache
def _insert(table: Any) -> Any:
    """``insert(table)``, one object per table (compiled once per set of columns)."""
    return insert(table)


def take_orders(
    db: Database,
    referee: Referee,
    parsed: ParsedMail,
    *,
    via: str,
    now: datetime,
    limit: int,
    rate: int,
    written_for: int | None,
    expiry: timedelta,
    received: datetime | None = None,
    generation: int | None = None,
) -> Taken | None:
    """Handle ``parsed`` in one transaction if it is the common case, else ``None`` (nothing written).

    ``written_for``: the turn the mail is for (its ``turn:`` line, or the referee's mail it answers);
    ``received``: when the mail system took the message (the deadline is decided by it), ``now``
    when it is handled; ``generation``: the line of play of the answered mail (``None`` for a
    ``turn:`` line)."""
    args = (referee, parsed, via, now, limit, rate, written_for, expiry, received or now, generation)
    try:
        if db.is_sqlite:
            connection = db.engine.raw_connection()  # our connect hook made it autocommit, WAL
            try:
                driver = connection.driver_connection
                assert driver is not None
                driver.execute("BEGIN IMMEDIATE")
                try:
                    taken = _take(db, _Driver(driver, db.engine.dialect), *args)
                except BaseException:
                    if driver.in_transaction:  # (SQLite ends it itself after some errors)
                        driver.execute("ROLLBACK")
                    raise
                driver.execute("COMMIT")
                return taken
            finally:
                connection.close()  # back to the pool
        with db.engine.begin() as core:
            return _take(db, _Core(core), *args)
    except _NotCommon:
        return None
    except (SQLAlchemyError, OSError):  # the general path meets it again, and records it
        log.debug("orders of %s left to the general path after a database error", parsed.message_id)
        return None
    except Exception:  # a ruleset crashing on these orders: the general path answers it as `failed`
        log.debug("orders of %s left to the general path", parsed.message_id, exc_info=True)
        return None


def _take(
    db: Database,
    sql: _Core | _Driver,
    referee: Referee,
    parsed: ParsedMail,
    via: str,
    now: datetime,
    limit: int,
    rate: int,
    written_for: int | None,
    expiry: timedelta,
    received: datetime,
    generation: int | None,
) -> Taken:
    found = sql.first(
        _READ,
        {
            "game": parsed.game,
            "seat": parsed.seat,
            "message_id": parsed.message_id,
            "sender": parsed.sender,
            "since": now - HOUR,
        },
    )
    if found is None:
        raise _NotCommon
    row = _Read(*found)
    if row.seen or not row.email or not row.secret_hash:
        raise _NotCommon
    if row.mail_failing_turn is not None:
        raise _NotCommon  # the general path clears the seat's mark of failing mail
    # The address and the secret, before anything else of the mail is used.
    if parsed.sender != row.email.lower() or not row.secret_hash.startswith(HMAC_SCHEME + "$"):
        raise _NotCommon  # unverified, or a scrypt hash the general path upgrades
    if not check_secret(parsed.secret or "", row.secret_hash):
        raise _NotCommon
    if row.recent >= rate:
        raise _NotCommon
    deadline = as_utc(
        datetime.fromisoformat(row.deadline_at) if isinstance(row.deadline_at, str) else row.deadline_at
    )
    if row.game_status != "running" or row.turn_status != "open" or written_for != row.number:
        raise _NotCommon
    if generation is not None and generation != row.generation:  # a reply from another line of play
        raise _NotCommon
    if deadline is not None and min(received, now) >= deadline:
        raise _NotCommon
    text = parsed.orders
    if len(text.encode("utf-8", "surrogateescape")) > MAX_ORDERS_BYTES:
        raise _NotCommon
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    body, final = strip_final(text)
    if final or not body.strip():
        raise _NotCommon
    requests = [OrderRequest.from_json(r) for r in loads(row.requests_json)]
    try:
        request = referee._pick_request(
            requests, parsed.seat or "", parsed.request, cast(Turn, _TurnName(row.number, row.label))
        )
    except RefereeError:
        raise _NotCommon from None
    game_id = parsed.game or ""
    result = _store(
        sql, referee, get_ruleset(row.ruleset, row.ruleset_version), game_id, row, request, body, text
    )
    generation = int(row.generation or 0)  # as reports.branch_tag: rollbacks that took this turn off the line
    sql.insert(
        _outbox,
        {
            "message_id": acks.ack_message_id(
                game_id, row.number, request.seat, parsed.message_id, f"b{generation}" if generation else None
            ),
            "game_id": game_id,
            "turn_number": row.number,
            "seat": parsed.seat,
            "kind": "ack",
            "to_addr": row.email,
            "subject": acks.ack_subject(game_id, parsed.seat or "", result),
            "raw": acks.ack_record(
                game_id=game_id,
                ruleset=row.ruleset,
                seat=parsed.seat or "",
                timezone=row.timezone,
                turn_label=row.label,
                deadline=deadline,
                result=result,
                inbound_id=parsed.message_id,
                authentication=parsed.authentication,
            ),
            "status": "queued",
            "attempts": 0,
            "created_at": utcnow(),
            "compose": acks.ACK,
        },
    )
    if result.accepted:
        status = "handled"
        detail = f"orders accepted for {game_id}/{parsed.seat}, turn {result.turn}, receipt {result.receipt}"
    else:
        status, detail = "refused", f"orders rejected: {len(result.problems)} problem(s); ack sent"
    sql.insert(
        _inbound,
        {
            "message_id": parsed.message_id,
            "via": via[:16],
            "sender": parsed.sender,
            "raw": record_of(parsed, limit),
            "status": status,
            "result": detail[:2000],
            "received_at": now,
            "verified": True,
        },
    )
    last = _trimmed.get(db)
    if last is None or not last <= now < last + TRIM_EVERY:  # the bounded log of unverified mail
        sql.run(_EXPIRE, {"expired": now - expiry})
        _trimmed[db] = now
    return Taken(status, detail, 1)


def _state(text: str) -> Any:
    """The state stored as ``text``, read once while it is among the last ``STATES_KEPT`` used."""
    state = _states.get(text)
    if state is None:
        state = loads(text)
        with _states_lock:  # the SMTP listener handles messages in several threads
            while len(_states) >= STATES_KEPT:
                _states.pop(next(iter(_states)), None)
            _states[text] = state
    return state


def _store(
    sql: _Core | _Driver,
    referee: Referee,
    ruleset: Any,
    game_id: str,
    row: Any,
    request: OrderRequest,
    body: str,
    text: str,
) -> SubmitResult:
    """The engine's storing of a submission (``Referee._store_submission``), in Core statements."""
    parsed, problems, rejecting = checked_orders(ruleset, request, body, lambda: _state(row.state_json))
    previous = sql.first(_PREVIOUS, {"game": game_id, "number": row.number, "key": request.key})
    result = SubmitResult(
        game_id=game_id,
        turn=row.number,
        seat=request.seat,
        request_key=request.key,
        accepted=not rejecting,
        problems=problems,
        lines=list(parsed.lines),
        final=False,
        previous=previous[1] if previous else None,
    )
    values: dict[str, Any] = {
        "game_id": game_id,
        "turn_number": row.number,
        "request_key": request.key,
        "seat": request.seat,
        "text": text,
        "canonical": "",
        "salt": "",
        "receipt": "",
        "status": "rejected",
        "final": False,
        "problems_json": "[]",
        "lines_json": dumps([list(x) for x in parsed.lines]),
        "source": "mail",
        "created_at": referee.clock(),
    }
    if rejecting:
        values["problems_json"] = dumps([p.to_json() for p in problems])
    else:
        canonical = ruleset.canonical(request, parsed.orders)
        salt = seal.new_salt()
        values.update(
            canonical=canonical,
            salt=salt,
            receipt=seal.receipt(game_id, row.number, request.seat, request.key, canonical, salt),
            status="accepted",
        )
        result.receipt, result.canonical = values["receipt"], canonical
        if previous is not None:
            sql.run(_SUPERSEDE, {"previous_id": previous[0]})
        if any(p.kind != "warning" for p in problems):  # the lines left out, kept with the orders
            values["problems_json"] = dumps([p.to_json() for p in problems])
    sql.insert(_submission, values)
    return result
