"""The turn loop: open -> collect sealed orders -> close -> resolve -> report.

Everything here goes through :class:`Referee`, which owns a database and a
clock. Closing a turn is one transaction keyed by (game, turn): the turn row is
switched from ``open`` to ``closed`` by a conditional UPDATE that only one
transaction can win, so a turn closed from two processes at once is resolved
once; a crash anywhere rolls everything back to the open turn with every order
kept.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email.utils import parseaddr
from typing import Any, cast

from sqlalchemy import bindparam, exists, update
from sqlalchemy import select as core_select
from sqlalchemy.engine import Connection
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, select

from adjudicator.core import driver_sql, seal
from adjudicator.core.deadlines import DeadlineError, next_deadline, parse_reminders, validate_rule, zone
from adjudicator.core.durations import DurationError, parse_duration
from adjudicator.core.record import Recorded, record_hash, turn_record
from adjudicator.core.store import (
    Absence,
    Database,
    DiceRoll,
    EventRecord,
    Game,
    PressMessage,
    Seat,
    Submission,
    Turn,
    as_utc,
    check_secret,
    detached,
    dumps,
    hash_secret,
    loads,
    new_secret,
    upgraded_hash,
    utcnow,
)
from adjudicator.core.waiting import deadline_after_absences, ready_early, still_owed
from adjudicator.games import UnknownRuleset, get_ruleset
from adjudicator.games.base import (
    HELP_HINT,
    REFEREE,
    Event,
    OptionError,
    OrderRequest,
    Outcome,
    Parsed,
    Problem,
    Ruleset,
    ScenarioError,
)
from adjudicator.games.dice import Dice
from adjudicator.games.language import N_, Language, LanguageError, parse_language

# -- the close's statements -------------------------------------------------------------------
# SQLAlchemy Core, built once at import and compiled once per dialect: each close runs them with
# its values on the session's own driver connection (:mod:`adjudicator.core.driver_sql`: no ORM unit of
# work, no statement built per close, no SQLAlchemy execution layer per statement).
_game = cast(Any, Game).__table__
_seat = cast(Any, Seat).__table__
_turn = cast(Any, Turn).__table__
_submission = cast(Any, Submission).__table__
_absence = cast(Any, Absence).__table__
_press = cast(Any, PressMessage).__table__


def _missed(seat: Seat) -> tuple[int, str]:
    return seat.missed_turns, seat.status


def _closing(skip_locked: bool) -> Any:
    """The conditional UPDATE that closes an open turn (the lock: one transaction wins it), giving
    back the turn's row. ``skip_locked`` (PostgreSQL): the row only if no other worker holds it -
    closed already, or being closed right now: 0 rows at once - locked and updated in one statement."""
    which = update(_turn).where(
        _turn.c.game_id == bindparam("b_game"),
        _turn.c.number == bindparam("b_number"),
        _turn.c.status == "open",
    )
    if skip_locked:
        row = _turn.alias("turn_1")
        which = which.where(
            _turn.c.id
            == core_select(row.c.id)
            .where(row.c.game_id == bindparam("b_game"), row.c.number == bindparam("b_number"))
            .where(row.c.status == "open")
            .with_for_update(skip_locked=True)
            .scalar_subquery()
        )
    values = {"status": "closed", "closed_at": bindparam("b_now"), "close_reason": bindparam("b_reason")}
    return which.values(values).returning(*_turn.c)


_CLOSE = _closing(skip_locked=False)
_CLOSE_SKIP_LOCKED = _closing(skip_locked=True)
#: the game, and whether it has any absence and the turn any press (each read only then)
_GAME_READ = core_select(
    *_game.c,
    exists().where(_absence.c.game_id == _game.c.id).label("any_absence"),
    exists()
    .where(_press.c.game_id == _game.c.id, _press.c.turn_number == bindparam("b_number"))
    .where(_press.c.branch == 0)
    .label("any_press"),
).where(_game.c.id == bindparam("b_game"))
_SEATS = core_select(*_seat.c).where(_seat.c.game_id == bindparam("b_game")).order_by(_seat.c.position)
#: every request's accepted submission (one per request; by id, as before)
_ACCEPTED = (
    core_select(*_submission.c)
    .where(_submission.c.game_id == bindparam("b_game"), _submission.c.turn_number == bindparam("b_number"))
    .where(_submission.c.status == "accepted")
    .order_by(_submission.c.id)
)
_SEAT_MISSED = (
    update(_seat)
    .where(_seat.c.id == bindparam("b_id"))
    .values(missed_turns=bindparam("b_missed"), status=bindparam("b_status"))
)
_INSERT_SUBMISSIONS = driver_sql.Insert(
    _submission, tuple(c.key for c in _submission.c if c.key != "id"), returning="id"
)
_dice = cast(Any, DiceRoll).__table__
_INSERT_DICE = driver_sql.Insert(_dice, tuple(c.key for c in _dice.c if c.key != "id"))
_events = cast(Any, EventRecord).__table__
_INSERT_EVENTS = driver_sql.Insert(_events, tuple(c.key for c in _events.c if c.key != "id"))
_TURN_RESULT = (
    update(_turn)
    .where(_turn.c.id == bindparam("b_id"))
    .values(
        seed_hex=bindparam("b_seed"),
        result_state_json=bindparam("b_state"),
        result_state_hash=bindparam("b_state_hash"),
        record_hash=bindparam("b_record_hash"),
    )
)
_INSERT_TURN = driver_sql.Insert(_turn, tuple(c.key for c in _turn.c if c.key != "id"), returning="id")
_GAME_TURN = update(_game).where(_game.c.id == bindparam("b_game")).values(current_turn=bindparam("b_number"))
_GAME_OVER = (
    update(_game)
    .where(_game.c.id == bindparam("b_game"))
    .values(status="over", outcome_json=bindparam("b_outcome"), finished_at=bindparam("b_finished"))
)

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")
EMAIL = re.compile(r"^[^@\s<>\"',;]+@[^@\s<>\"',;]+\.[^@\s<>\"',;]+$")
#: The largest orders text accepted (a whole Far Side turn is a few hundred bytes).
MAX_ORDERS_BYTES = 64 * 1024
FINAL_LINE = re.compile(r"^\s*final\s*$", re.IGNORECASE)


#: How many times a submission's text is read again without its bad lines before it is rejected whole.
KEEP_ROUNDS = 4


def checked_orders(
    ruleset: Ruleset, request: OrderRequest, body: str, state: Callable[[], Any]
) -> tuple[Parsed, list[Problem], list[Problem]]:
    """Parse ``body`` for ``request`` and check what parsed against the state (read through
    ``state`` only when something parsed): the parse, every problem by line, and the problems that
    reject the submission (a warning is shown, never rejects). The mail's one-transaction path
    (:mod:`adjudicator.mail.orders_path`) stores submissions through this too.

    **A bad line never discards the good lines.** When every rejecting problem names its line,
    the text is read and checked again with those lines blanked (line numbers kept), until what
    is left is clean: the parse returned is then of the good lines only, nothing rejects, and the
    problems returned still name every line left out (the acknowledgement lists them as not
    taken). The submission is rejected whole only when a problem is about the whole text, when no
    good line is left, when reading again does not settle within ``KEEP_ROUNDS``, or when the
    ruleset says the request is all-or-nothing (:func:`whole_request_reason`, the reason given on
    the game's page)."""
    parsed = ruleset.parse(request, body)
    problems = list(parsed.problems)
    if parsed.orders is not None:
        problems += ruleset.check(state(), request, parsed.orders)
    problems.sort(key=lambda p: p.line or 0)
    rejecting = [p for p in problems if p.kind != "warning"]
    if not rejecting or whole_request_reason(ruleset, request):
        return parsed, problems, rejecting
    kept = _without_bad_lines(ruleset, request, body, state, rejecting)
    return (parsed, problems, rejecting) if kept is None else (kept[0], kept[1], [])


def whole_request_reason(ruleset: Ruleset, request: OrderRequest) -> str:
    """Why the ruleset takes this request all or nothing (``""``: its good lines are kept alone)."""
    whole = getattr(ruleset, "whole_request", None)
    return str(whole(request) or "") if callable(whole) else ""


def _without_bad_lines(
    ruleset: Ruleset, request: OrderRequest, body: str, state: Callable[[], Any], rejecting: list[Problem]
) -> tuple[Parsed, list[Problem]] | None:
    """The parse of ``body``'s good lines and the problems of the lines left out, or ``None``."""
    lines = body.splitlines()
    parts = body.split("\n")
    if parts and parts[-1] == "":
        parts.pop()
    if parts != lines:  # a line break only some parsers count (\r, \u2028...): no guessing
        return None
    left_out: list[Problem] = []
    for _ in range(KEEP_ROUNDS):
        bad = {p.line for p in rejecting}
        if None in bad or any(not 1 <= (n or 0) <= len(lines) for n in bad):
            return None
        left_out += rejecting
        for number in bad:
            assert number is not None
            lines[number - 1] = ""
        parsed = ruleset.parse(request, "\n".join(lines))
        problems = list(parsed.problems)
        if parsed.orders is not None:
            problems += ruleset.check(state(), request, parsed.orders)
        rejecting = [p for p in problems if p.kind != "warning"]
        if not rejecting:
            if not parsed.lines:
                return None  # nothing good left: the previous orders stay
            problems = sorted(left_out + problems, key=lambda p: (p.line or 0, p.kind == "warning"))
            return parsed, problems
    return None


class Phrase(str):
    """A refusal's value that is itself a message of the catalogue (marked with ``N_``): it is said
    in the reader's language with the refusal."""


class RefereeError(Exception):
    """A refusal a user should read: what was wrong and what would have been valid.

    ``message`` is the refusal's English text with ``%(name)s`` placeholders, marked for the
    catalogue where a player may read it; ``params`` are its values. ``str()`` of the error is the
    English text (logs, the command line); :meth:`in_language` says it in a reader's language (the
    mail), its :class:`Phrase` values too and its ``label`` (a turn's) as ``label`` says it:

    >>> from adjudicator.games.language import language
    >>> error = Refused(N_("game %(game)s is over; no more orders are taken"), {"game": "'mn'"})
    >>> str(error)
    "game 'mn' is over; no more orders are taken"
    >>> error.in_language(language("fr"))
    "la partie 'mn' est terminée ; plus aucun ordre n'est pris"
    """

    exit_code = 2

    def __init__(self, message: str = "", params: dict[str, Any] | None = None) -> None:
        self.message = message
        self.params = dict(params or {})
        super().__init__(message % self.params if self.params else message)

    def in_language(self, lang: Language, label: Callable[[str], str] | None = None) -> str:
        """What the refusal says, in ``lang``; ``label`` says a turn's label in it."""

        def said(name: str, value: Any) -> Any:
            if isinstance(value, Phrase):
                return lang.gettext(value)
            if name == "label" and label is not None and isinstance(value, str):
                return label(value)
            return value

        params = {name: said(name, value) for name, value in self.params.items()}
        return lang._(self.message, **params)


class NotFound(RefereeError):
    exit_code = 3


class Refused(RefereeError):
    exit_code = 4


@dataclass
class SubmitResult:
    """What a submission became; ``accepted`` False means stored as rejected."""

    game_id: str
    turn: int
    seat: str
    request_key: str
    accepted: bool
    receipt: str = ""
    problems: list[Problem] = field(default_factory=list)
    lines: list[tuple[int, str]] = field(default_factory=list)
    canonical: str = ""
    final: bool = False
    previous: str | None = None  # canonical text of the submission this one replaces
    closed_turn: int | None = None  # set when this submission closed the turn early
    stored_hook_done: bool = False  # the caller's ``on_stored`` did its work in the storing transaction


@dataclass
class ClosedTurn:
    game_id: str
    number: int
    label: str
    events: list[Event]
    outcome: Outcome | None
    next_turn: int | None
    civil_disorder: list[str] = field(default_factory=list)  # seats that fell into it at this close


def checked_language(text: str) -> str:
    """The supported language code ``text`` names, or a :class:`RefereeError` listing them."""
    try:
        return parse_language(text)
    except LanguageError as exc:
        raise RefereeError(str(exc)) from exc


def check_game_id(game_id: str) -> str:
    if not isinstance(game_id, str) or not GAME_ID.match(game_id):
        raise RefereeError(
            f"invalid game id {game_id!r}: use 1 to 63 lower-case letters, digits, '-' or '_', "
            "starting with a letter or digit"
        )
    return game_id


def check_email(address: str) -> str:
    _name, addr = parseaddr(address or "")
    if not addr or addr != address.strip() or not EMAIL.match(addr) or len(addr) > 254:
        raise RefereeError(f"invalid email address {address!r}: give a plain address such as ana@example.org")
    return addr


def secret_matches(session: Session, row: Game | Seat, attr: str, secret: str | None) -> bool:
    """Whether ``secret`` matches the hash in ``row.<attr>``; a good secret under an older hash
    scheme (scrypt) has its hash replaced by the current one in the same transaction."""
    stored = getattr(row, attr)
    if not secret or not stored or not check_secret(secret, stored):
        return False
    upgraded = upgraded_hash(secret, stored)
    if upgraded is not None:
        setattr(row, attr, upgraded)
        session.add(row)
    return True


def strip_final(text: str) -> tuple[str, bool]:
    """Blank out ``final`` lines (keeping line numbers) and say whether there was one."""
    lines = text.split("\n")
    final = False
    for i, line in enumerate(lines):
        if FINAL_LINE.match(line):
            lines[i] = ""
            final = True
    return "\n".join(lines), final


@dataclass(frozen=True)
class TurnHooks:
    """What the layers above the engine do inside a close or an open, in the same transaction:
    render the reports and queue the mail. The engine never imports them; the publishing layer
    registers its hooks (:func:`register_turn_hooks`) when it is imported, and every
    :class:`Referee` made with ``reports=True`` uses them."""

    on_close: Callable[[Session, Game, Turn, Recorded], None]
    on_open: Callable[[Session, Game, Turn], None]
    on_civil_disorder: Callable[[Session, Game, Turn, list[Seat]], None]


_turn_hooks: TurnHooks | None = None


def register_turn_hooks(hooks: TurnHooks) -> None:
    """Make ``hooks`` what every later ``Referee(..., reports=True)`` calls at a close and an open."""
    global _turn_hooks
    _turn_hooks = hooks


class Referee:
    """The engine's front door; the CLI, mail and the scheduler all call this."""

    def __init__(
        self,
        db: Database,
        clock: Callable[[], datetime] = utcnow,
        *,
        reports: bool = True,
    ) -> None:
        self.db = db
        self.clock = clock
        #: work done inside the close (and open) transaction: reports rendered, mail queued; the
        #: close hands over what it recorded (:class:`~adjudicator.core.record.Recorded`) so it is
        #: not read back.
        #: The game, turns, seats and submissions it hands over are model instances attached to no
        #: session (the close reads and writes with Core statements): read them, never add them.
        self.on_close: Callable[[Session, Game, Turn, Recorded], None] | None = None
        self.on_open: Callable[[Session, Game, Turn], None] | None = None
        #: seats that fell into civil disorder at a close (the mail side tells the referee and the seat)
        self.on_civil_disorder: Callable[[Session, Game, Turn, list[Seat]], None] | None = None
        if reports:  # the engine records; reports and mail react through hooks registered from above
            if _turn_hooks is None:
                raise RefereeError(
                    "no report hooks are registered: import adjudicator.publish before making a Referee "
                    "that sends reports (or pass reports=False)"
                )
            self.on_close = _turn_hooks.on_close
            self.on_open = _turn_hooks.on_open
            self.on_civil_disorder = _turn_hooks.on_civil_disorder

    # -- lookups ---------------------------------------------------------------
    def ruleset_of(self, game: Game) -> Ruleset:
        """The rules this game follows: the version it records, not necessarily today's."""
        return get_ruleset(game.ruleset, game.ruleset_version)

    def game(self, session: Session, game_id: str, *, lock: bool = False) -> Game:
        check_game_id(game_id)
        query = select(Game).where(Game.id == game_id)
        if lock:
            query = query.with_for_update()
        game = session.exec(query).first()
        if game is None:
            raise NotFound(N_("no game %(game)s; `pbem game list` shows the games"), {"game": repr(game_id)})
        return game

    def seats(self, session: Session, game_id: str) -> list[Seat]:
        return list(
            session.exec(select(Seat).where(Seat.game_id == game_id).order_by(Seat.position)).all()  # type: ignore[arg-type]
        )

    def seat(self, session: Session, game_id: str, name: str) -> Seat:
        seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.name == name)).first()
        if seat is None:
            names = ", ".join(s.name for s in self.seats(session, game_id))
            raise NotFound(
                N_("no seat %(seat)s in game %(game)s; seats: %(seats)s"),
                {"seat": repr(name), "game": repr(game_id), "seats": names},
            )
        return seat

    def turn(self, session: Session, game_id: str, number: int | None = None) -> Turn:
        game = self.game(session, game_id)
        number = game.current_turn if number is None else number
        turn = session.exec(select(Turn).where(Turn.game_id == game_id, Turn.number == number)).first()
        if turn is None:
            raise NotFound(N_("game %(game)s has no turn %(turn)s"), {"game": repr(game_id), "turn": number})
        return turn

    # -- setting a game up -----------------------------------------------------
    def new_game(
        self,
        ruleset_name: str,
        game_id: str,
        options: dict[str, str] | None = None,
        *,
        deadline: str = "48h",
        grace: str | None = None,
        nmr: str | None = None,
        civil_disorder_after: int = 3,
        referee_email: str | None = None,
        reminders: str | None = None,
        scenario: str | None = None,
        lang: str = "en",
    ) -> tuple[Game, list[str], str]:
        """Create a game; returns it, its seat names and the referee's secret (shown once).

        ``nmr`` (no moves received): ``default`` replaces missing orders with the
        ruleset's defaults at the deadline; ``wait`` waits out the ``grace``
        period for them first. Without ``nmr``, a grace means ``wait``.
        ``reminders`` lists how long before the deadline seats still owing
        orders are reminded (``24h,2h`` by default, ``none`` for none).
        ``scenario`` is the text of a scenario file (a starting position) for a ruleset
        that ``accepts_scenarios``; it is kept in the options, so the archive publishes it
        and ``pbem verify`` replays the setup from it. ``lang`` is the language the game's mail
        is written in for a reader without one of their own (the record stays English).
        """
        check_game_id(game_id)
        lang = checked_language(lang)
        try:
            ruleset = get_ruleset(ruleset_name)
        except UnknownRuleset as exc:
            raise NotFound(str(exc)) from exc
        try:
            parsed = ruleset.parse_options(dict(options or {}))
            if scenario is not None:
                if not getattr(ruleset, "accepts_scenarios", False):
                    raise RefereeError(f"{ruleset.name} does not start from scenario files")
                parsed = ruleset.with_scenario(parsed, scenario)
            names = ruleset.seat_names(parsed)
        except OptionError as exc:
            raise RefereeError(str(exc)) from exc
        except ScenarioError as exc:
            raise RefereeError(f"scenario: {exc}") from exc
        try:
            deadline = validate_rule(deadline)
            if grace is not None:
                parse_duration(grace)
            reminders = parse_reminders("24h,2h" if reminders is None else reminders)[0]
        except (DeadlineError, DurationError) as exc:
            raise RefereeError(str(exc)) from exc
        if nmr is None:
            nmr = "wait" if grace else "default"
        if nmr not in ("default", "wait"):
            raise RefereeError(f"invalid NMR policy {nmr!r}: use 'default' or 'wait'")
        if nmr == "wait" and not grace:
            raise RefereeError("NMR policy 'wait' waits out the grace period: give a grace, e.g. --grace 12h")
        if nmr == "default" and grace:
            raise RefereeError(
                "a grace period is only waited out with NMR policy 'wait'; "
                "drop the grace, or use --nmr wait (missing orders then wait for the grace)"
            )
        if civil_disorder_after < 1:
            raise RefereeError("civil disorder needs at least 1 missed turn")
        if referee_email is not None:
            referee_email = check_email(referee_email)
        referee_secret = new_secret()
        setup_secret = seal.new_turn_secret()
        with self.db.session() as session:
            if session.get(Game, game_id) is not None:
                raise Refused(f"a game {game_id!r} exists already; choose another id")
            game = Game(
                id=game_id,
                ruleset=ruleset.name,
                ruleset_version=ruleset.version,
                options_json=dumps(parsed),
                deadline_rule=deadline,
                grace=grace,
                nmr=nmr,
                civil_disorder_after=civil_disorder_after,
                reminders=reminders,
                referee_email=referee_email,
                referee_secret_hash=hash_secret(referee_secret),
                lang=lang,
                setup_secret=setup_secret,
                setup_commitment=seal.commitment(setup_secret),
                created_at=self.clock(),
            )
            session.add(game)
            for position, name in enumerate(names):
                session.add(Seat(game_id=game_id, name=name, position=position))
        return game, names, referee_secret

    def join(
        self,
        game_id: str,
        seat_name: str,
        *,
        email: str | None = None,
        name: str | None = None,
        bot: bool = False,
        timezone: str = "UTC",
        lang: str | None = None,
    ) -> str | None:
        """Take a seat; returns the seat's secret (``None`` for a bot), shown this once.
        ``lang``: the language the seat's mail is written in (``None``: the game's)."""
        lang = checked_language(lang) if lang is not None else None
        if not bot and not email:
            raise RefereeError("a player needs an email address (--email); use --bot for a bot seat")
        address = check_email(email) if email else None
        try:
            zone(timezone)
        except DeadlineError as exc:
            raise RefereeError(str(exc)) from exc
        if name is not None and (len(name) > 200 or any(ord(c) < 32 for c in name)):
            raise RefereeError("a player's name must be at most 200 printable characters")
        with self.db.session() as session:
            game = self.game(session, game_id)
            if game.status == "over":
                raise Refused(f"game {game_id!r} is over")
            seat = self.seat(session, game_id, seat_name)
            if seat.status != "open":
                raise Refused(
                    f"seat {seat_name!r} of {game_id!r} is taken; open seats: "
                    + (
                        ", ".join(s.name for s in self.seats(session, game_id) if s.status == "open")
                        or "none"
                    )
                )
            secret = None if bot else new_secret()
            seat.email = address
            seat.player_name = name or ("bot" if bot else None)
            seat.secret_hash = hash_secret(secret) if secret else None
            seat.is_bot = bot
            seat.timezone = timezone
            seat.lang = lang
            seat.status = "taken"
            seat.joined_at = self.clock()
            session.add(seat)
        return secret

    def set_language(self, game_id: str, lang: str | None, seat_name: str | None = None) -> str | None:
        """Change the language of a game (``seat_name`` ``None``) or of one seat; a seat's ``None``
        (or ``default``) goes back to the game's. Only what is written from now on changes: the
        record, and the mail already sent, stay as they are. Returns the code stored."""
        code = None if lang is None or lang.strip().lower() == "default" else checked_language(lang)
        if seat_name is None and code is None:
            raise RefereeError("a game's language is a language; 'default' is for a seat")
        with self.db.session() as session:
            game = self.game(session, game_id)
            if seat_name is None:
                game.lang = code or "en"
                session.add(game)
            else:
                seat = self.seat(session, game_id, seat_name)
                seat.lang = code
                session.add(seat)
        return code

    def replace_seat(
        self, game_id: str, seat_name: str, *, email: str, name: str | None = None, timezone: str = "UTC"
    ) -> str:
        """The referee hands a seat (typically in civil disorder) to a new player: a new secret."""
        address = check_email(email)
        try:
            zone(timezone)
        except DeadlineError as exc:
            raise RefereeError(str(exc)) from exc
        secret = new_secret()
        with self.db.session() as session:
            self.game(session, game_id)
            seat = self.seat(session, game_id, seat_name)
            seat.email = address
            seat.player_name = name
            seat.secret_hash = hash_secret(secret)
            seat.is_bot = False
            seat.timezone = timezone
            seat.status = "taken"
            seat.missed_turns = 0
            seat.joined_at = self.clock()
            session.add(seat)
        return secret

    def set_timezone(
        self,
        game_id: str,
        seat_name: str,
        timezone: str,
        secret: str | None = None,
        *,
        as_referee: bool = False,
    ) -> str:
        """A seat chooses the time zone its messages show (next to UTC); needs the seat's secret."""
        try:
            zone(timezone)
        except DeadlineError as exc:
            raise RefereeError(str(exc)) from exc
        with self.db.session() as session:
            self.game(session, game_id)
            seat = self.seat(session, game_id, seat_name)
            if not as_referee and not secret_matches(session, seat, "secret_hash", secret):
                raise Refused(f"wrong secret for seat {seat_name!r} of {game_id!r}; nothing was changed")
            seat.timezone = timezone
            session.add(seat)
        return timezone

    def start(self, game_id: str) -> Turn:
        """Set the game up from the committed setup secret and open turn 1."""
        with self.db.session() as session:
            game = self.game(session, game_id, lock=True)
            if game.status != "setup":
                raise Refused(f"game {game_id!r} has started already (status {game.status})")
            seats = self.seats(session, game_id)
            missing = [s.name for s in seats if s.status == "open"]
            if missing:
                raise Refused(f"game {game_id!r} cannot start: seats without a player: {', '.join(missing)}")
            ruleset = self.ruleset_of(game)
            assert game.setup_secret is not None
            dice = Dice(seal.setup_seed(game.setup_secret))
            state = ruleset.setup(loads(game.options_json), [s.name for s in seats], dice)
            state = loads(dumps(state))
            game.setup_state_json = dumps(state)
            game.status = "running"
            session.add(game)
            return self._open_turn(session, game, 1, state, prev_record_hash=None)

    # -- turns -------------------------------------------------------------------
    def _open_turn(
        self,
        session: Session,
        game: Game,
        number: int,
        state: dict[str, Any],
        prev_record_hash: str | None,
        state_text: str | None = None,
        seats: list[Seat] | None = None,
        absences: bool = True,
    ) -> Turn:
        """Open turn ``number`` on ``state`` (``state_text``: its :func:`dumps`, ``seats``: the
        game's seats, when known; ``absences``: whether the game may have absences, read only then).

        ``state`` is only read (the requests and label do not change it; the bots get their own
        copy). The turn is inserted and the game's current turn set with Core statements; the turn
        returned is attached to no session, and ``game.current_turn`` is set as stored (so the ORM
        does not write it again when ``game`` is one of its objects)."""
        ruleset = self.ruleset_of(game)
        state_text = dumps(state) if state_text is None else state_text
        requests = ruleset.requests(state)
        if not requests:
            raise RuntimeError(f"{game.ruleset} asked for no orders in a game that is not over")
        now = self.clock()
        deadline = next_deadline(game.deadline_rule, now)
        for request in requests:
            if request.deadline:
                deadline = min(deadline, now + parse_duration(request.deadline))
        if absences:
            deadline = deadline_after_absences(session, game.id, deadline)
        secret = seal.new_turn_secret()
        values: dict[str, Any] = {  # every column, as the ORM's insert of Turn(...) wrote them
            "game_id": game.id,
            "number": number,
            "label": ruleset.label(state),
            "status": "open",
            "opened_at": now,
            "deadline_at": deadline,
            "closed_at": None,
            "close_reason": None,
            "secret": secret,
            "commitment": seal.commitment(secret),
            "seed_hex": None,
            "requests_json": dumps([r.to_json() for r in requests]),
            "state_json": state_text,
            "state_hash": seal.sha256_hex(state_text.encode()),  # = seal.state_hash(state)
            "result_state_json": None,
            "result_state_hash": None,
            "prev_record_hash": prev_record_hash,
            "record_hash": None,
        }
        connection = session.connection()
        (values["id"],) = driver_sql.insert_rows(connection, _INSERT_TURN, [values])
        turn = cast(Turn, detached(Turn, values))
        driver_sql.run(connection, _GAME_TURN, {"b_game": game.id, "b_number": number})
        set_committed_value(game, "current_turn", number)
        self._bots_play(session, game, turn, ruleset, requests, state, seats)
        if self.on_open is not None:
            self.on_open(session, game, turn)
        return turn

    def _bots_play(
        self,
        session: Session,
        game: Game,
        turn: Turn,
        ruleset: Ruleset,
        requests: list[OrderRequest],
        state: dict[str, Any],
        seats: list[Seat] | None = None,
    ) -> None:
        bots = {s.name for s in (self.seats(session, game.id) if seats is None else seats) if s.is_bot}
        for request in requests:
            if request.seat not in bots:
                continue
            # Bots are not part of what is verified; their rng is simply seeded per turn and seat.
            rng = random.Random(f"{turn.secret}:{request.key}")
            text = ruleset.bot(loads(dumps(state)), request, rng)
            self._store_submission(session, game, turn, ruleset, request, text, final=True, source="bot")

    def requests_of(self, turn: Turn) -> list[OrderRequest]:
        return [OrderRequest.from_json(r) for r in loads(turn.requests_json)]

    # -- orders ------------------------------------------------------------------
    def submit(
        self,
        game_id: str,
        seat_name: str,
        text: str,
        secret: str | None = None,
        *,
        request_key: str | None = None,
        final: bool = False,
        source: str = "cli",
        as_referee: bool = False,
        turn_number: int | None = None,
        on_stored: Callable[[Session, Game, Turn, SubmitResult], bool] | None = None,
        received_at: datetime | None = None,
    ) -> SubmitResult:
        """Store a sealed submission; the last valid one before the close counts.

        ``received_at`` is when the mail system accepted the orders: orders received before the
        deadline are taken while the turn is still open, however late they are handled (the clock
        takes in what was received before it closes a turn).

        ``on_stored`` runs in the transaction that stores it (the mail side queues its
        acknowledgement there: one commit for both); it returns whether it did its work.

        ``turn_number``, when given, is the turn the orders were written for (mail: the ``turn:``
        line); orders for another turn are refused in the same transaction that stores them.

        A wrong secret is refused before anything is stored. Orders with any
        problem are stored as *rejected* with every problem listed by line; the
        previous valid submission stays in force.
        """
        if not isinstance(text, str):
            raise RefereeError(N_("orders must be text"))
        if len(text.encode("utf-8", "surrogateescape")) > MAX_ORDERS_BYTES:
            raise RefereeError(
                N_("orders are too long: at most %(limit)s KiB"), {"limit": MAX_ORDERS_BYTES // 1024}
            )
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        body, final_line = strip_final(text)
        final = final or final_line
        if not body.strip():
            raise RefereeError(
                N_("the orders are empty: write at least one order (%(hint)s)"), {"hint": Phrase(HELP_HINT)}
            )
        with self.db.session() as session:
            game = self.game(session, game_id)
            if seat_name == REFEREE:
                if not as_referee and not secret_matches(session, game, "referee_secret_hash", secret):
                    raise Refused(N_("wrong referee secret; nothing was stored"))
            else:
                seat = self.seat(session, game_id, seat_name)
                if not as_referee and not secret_matches(session, seat, "secret_hash", secret):
                    raise Refused(
                        N_("wrong secret for seat %(seat)s of %(game)s; nothing was stored"),
                        {"seat": repr(seat_name), "game": repr(game_id)},
                    )
            if game.status == "setup":
                raise Refused(
                    N_("game %(game)s has not started; orders are taken once it starts"),
                    {"game": repr(game_id)},
                )
            if game.status == "over":
                raise Refused(N_("game %(game)s is over; no more orders are taken"), {"game": repr(game_id)})
            turn = self.turn(session, game_id)
            if turn.status != "open":
                raise Refused(
                    N_("turn %(turn)s of %(game)s is closed; no orders are taken for it"),
                    {"turn": turn.number, "game": repr(game_id)},
                )
            if turn_number is not None and turn_number != turn.number:
                raise Refused(
                    N_(
                        "these orders were written for turn %(written)s, but the open turn of %(game)s "
                        "is %(turn)s; nothing was changed"
                    ),
                    {"written": turn_number, "game": repr(game_id), "turn": turn.number},
                )
            if game.status == "running" and not as_referee:
                closes = self.closes_at(session, game, turn)
                moment = self.clock()
                if received_at is not None:
                    moment = min(moment, as_utc(received_at) or moment)
                if closes is not None and moment >= closes:
                    raise Refused(
                        N_(
                            "the deadline of turn %(turn)s of %(game)s passed at %(deadline)s UTC; "
                            "orders are no longer taken (the turn closes shortly)"
                        ),
                        {"turn": turn.number, "game": repr(game_id), "deadline": f"{closes:%Y-%m-%d %H:%M}"},
                    )
            request = self._pick_request(self.requests_of(turn), seat_name, request_key, turn)
            ruleset = self.ruleset_of(game)
            result = self._store_submission(
                session, game, turn, ruleset, request, body, final=final, source=source, raw_text=text
            )
            if on_stored is not None:
                result.stored_hook_done = on_stored(session, game, turn, result)
            turn_number = turn.number
        if result.accepted and result.final and game.status == "running":
            ready = self.ready_to_close(game_id)
            if ready is not None and ready == turn_number:
                closed = self.close_turn(game_id, turn_number, reason="early")
                if closed is not None:
                    result.closed_turn = closed.number
        return result

    def _pick_request(
        self, requests: list[OrderRequest], seat_name: str, request_key: str | None, turn: Turn
    ) -> OrderRequest:
        mine = [r for r in requests if r.seat == seat_name]
        if request_key is not None:
            for r in mine:
                if r.key == request_key:
                    return r
            keys = ", ".join(r.key for r in mine)
            if not keys:
                raise Refused(
                    N_("seat %(seat)s owes no request %(request)s in turn %(turn)s; owed: none"),
                    {"seat": repr(seat_name), "request": repr(request_key), "turn": turn.number},
                )
            raise Refused(
                N_("seat %(seat)s owes no request %(request)s in turn %(turn)s; owed: %(keys)s"),
                {"seat": repr(seat_name), "request": repr(request_key), "turn": turn.number, "keys": keys},
            )
        if not mine:
            owing = ", ".join(sorted({r.seat for r in requests}))
            raise Refused(
                N_(
                    "seat %(seat)s owes no orders in turn %(turn)s (%(label)s); "
                    "orders are awaited from: %(owing)s"
                ),
                {"seat": repr(seat_name), "turn": turn.number, "label": turn.label, "owing": owing},
            )
        required = [r for r in mine if not r.optional]
        return (required or mine)[0]

    def _store_submission(
        self,
        session: Session,
        game: Game,
        turn: Turn,
        ruleset: Ruleset,
        request: OrderRequest,
        body: str,
        *,
        final: bool,
        source: str,
        raw_text: str | None = None,
    ) -> SubmitResult:
        parsed, problems, rejecting = checked_orders(ruleset, request, body, lambda: loads(turn.state_json))
        previous = session.exec(
            select(Submission).where(
                Submission.game_id == game.id,
                Submission.turn_number == turn.number,
                Submission.request_key == request.key,
                Submission.status == "accepted",
            )
        ).first()
        result = SubmitResult(
            game_id=game.id,
            turn=turn.number,
            seat=request.seat,
            request_key=request.key,
            accepted=not rejecting,
            problems=problems,
            lines=list(parsed.lines),
            final=final,
            previous=previous.canonical if previous else None,
        )
        row = Submission(
            game_id=game.id,
            turn_number=turn.number,
            request_key=request.key,
            seat=request.seat,
            text=raw_text if raw_text is not None else body,
            final=final,
            source=source,
            lines_json=dumps([list(x) for x in parsed.lines]),
            created_at=self.clock(),
        )
        if rejecting:
            row.status = "rejected"
            row.problems_json = dumps([p.to_json() for p in problems])
        else:
            row.canonical = ruleset.canonical(request, parsed.orders)
            row.salt = seal.new_salt()
            row.receipt = seal.receipt(
                game.id, turn.number, request.seat, request.key, row.canonical, row.salt
            )
            row.status = "accepted"
            result.receipt = row.receipt
            result.canonical = row.canonical
            if previous is not None:
                previous.status = "superseded"
                session.add(previous)
            if any(p.kind != "warning" for p in problems):  # the lines left out, kept with the orders
                row.problems_json = dumps([p.to_json() for p in problems])
        session.add(row)
        session.flush()
        return result

    def status(self, game_id: str) -> dict[str, Any]:
        """Who is in for the open turn - never what they ordered."""
        with self.db.session() as session:
            game = self.game(session, game_id)
            if game.status == "setup":
                return {"game": game_id, "status": "setup", "turn": None, "requests": []}
            turn = self.turn(session, game_id)
            rows = []
            for request in self.requests_of(turn):
                sub = self._accepted(session, game_id, turn.number, request.key)
                rows.append(
                    {
                        "request": request.key,
                        "seat": request.seat,
                        "label": request.label,
                        "optional": request.optional,
                        "in": sub is not None,
                        "final": bool(sub and sub.final),
                    }
                )
            return {
                "game": game_id,
                "status": game.status,
                "turn": turn.number,
                "label": turn.label,
                "turn_status": turn.status,
                "deadline": as_utc(turn.deadline_at),
                "commitment": turn.commitment,
                "requests": rows,
            }

    def _accepted(self, session: Session, game_id: str, number: int, key: str) -> Submission | None:
        return session.exec(
            select(Submission).where(
                Submission.game_id == game_id,
                Submission.turn_number == number,
                Submission.request_key == key,
                Submission.status == "accepted",
            )
        ).first()

    def my_orders(
        self, game_id: str, seat_name: str, secret: str | None, *, as_referee: bool = False
    ) -> list[Submission]:
        """A seat's own submissions for the open turn, oldest first (needs its secret)."""
        with self.db.session() as session:
            self.game(session, game_id)
            seat = self.seat(session, game_id, seat_name)
            if not as_referee and not secret_matches(session, seat, "secret_hash", secret):
                raise Refused(
                    N_("wrong secret for seat %(seat)s of %(game)s"),
                    {"seat": repr(seat_name), "game": repr(game_id)},
                )
            turn = self.turn(session, game_id)
            return list(
                session.exec(
                    select(Submission)
                    .where(Submission.game_id == game_id, Submission.turn_number == turn.number)
                    .where(Submission.seat == seat_name)
                    .order_by(Submission.id)  # type: ignore[arg-type]
                ).all()
            )

    def ready_to_close(self, game_id: str) -> int | None:
        """The open turn's number if every order it waits for is in and marked final, else ``None``.

        What it waits for (:func:`adjudicator.core.waiting.waited_for`): the owed orders of the seats
        not in civil disorder, and of those in civil disorder whose player came back. A turn that
        waits for nobody, or whose final orders are all bots' (given when it opened), is not ready:
        its deadline closes it, as in the clock's pass (:func:`adjudicator.clock.tick.ready_turns`).
        """
        with self.db.session() as session:
            game = self.game(session, game_id)
            if game.status != "running":
                return None
            turn = self.turn(session, game_id)
            if turn.status != "open":
                return None
            statuses, accepted, by_a_player = self._waiting(session, turn)
            if not ready_early(self.requests_of(turn), statuses, accepted, by_a_player=by_a_player):
                return None
            return turn.number

    def _waiting(self, session: Session, turn: Turn) -> tuple[dict[str, str], dict[str, bool], bool]:
        """What decides what ``turn`` waits for, in two reads: the seats' statuses, the requests
        with an accepted submission (each with whether it is final), and whether a player (not a
        bot) gave any of the final ones."""
        seats = session.exec(select(Seat.name, Seat.status).where(Seat.game_id == turn.game_id)).all()
        rows = session.exec(
            select(Submission.request_key, Submission.final, Submission.source).where(
                Submission.game_id == turn.game_id,
                Submission.turn_number == turn.number,
                Submission.status == "accepted",
            )
        ).all()
        accepted = {key: bool(final) for key, final, _source in rows}
        by_a_player = any(final and source != "bot" for _key, final, source in rows)
        return dict(seats), accepted, by_a_player

    # -- closing -----------------------------------------------------------------
    def close_turn(
        self, game_id: str, number: int | None = None, *, reason: str = "referee", skip_locked: bool = False
    ) -> ClosedTurn | None:
        """Close and resolve a turn; ``None`` if it was not open (closed already, or by another worker).

        One transaction: the conditional UPDATE below is the lock. Whoever
        switches the row from open to closed resolves it; everyone else gets 0
        rows and backs off. With ``skip_locked`` (the scheduler's workers on
        PostgreSQL) a turn row another worker holds is skipped at once
        (``SELECT ... FOR UPDATE SKIP LOCKED``) instead of waited for, and a turn lost reads
        nothing more (a lost turn is the workers' common case; without ``skip_locked`` the game
        is read to say why, as :class:`NotFound` or :class:`Refused`, when it is not there or not
        started).
        """
        with self.db.session() as session:
            if number is None:  # the game's current turn (a turn named by the caller: the game is read after)
                number = self._closable(session, game_id)
                if number is None:
                    return None
            connection = session.connection()
            closing = _CLOSE_SKIP_LOCKED if skip_locked and not self.db.is_sqlite else _CLOSE
            keys = {"b_game": game_id, "b_number": number}
            won = driver_sql.first(connection, closing, {**keys, "b_now": self.clock(), "b_reason": reason})
            if won is None:
                if not skip_locked:  # (the scheduler's workers lose turns to each other: no read for that)
                    self._closable(session, game_id)  # a game that is not there or not started: said so
                return None
            session.expire_all()  # a game the ORM read above is stale once the close writes it
            (read,) = driver_sql.rows(connection, _GAME_READ, keys)  # the game read after the UPDATE
            if read["status"] not in ("running", "paused"):  # an open turn of a game stopped: left open
                session.rollback()
                return None
            game, turn = detached(Game, read), detached(Turn, won)
            return self._resolve(session, game, turn, absences=read["any_absence"], press=read["any_press"])

    def _closable(self, session: Session, game_id: str) -> int | None:
        """The current turn of a game whose turns close (``None`` when it is over or stopped);
        :class:`NotFound` for no such game, :class:`Refused` for a game not started."""
        game = self.game(session, game_id)
        if game.status not in ("running", "paused"):
            if game.status == "setup":
                raise Refused(N_("game %(game)s has not started"), {"game": repr(game_id)})
            return None
        return game.current_turn

    def _resolve(
        self, session: Session, game: Game, turn: Turn, *, absences: bool = True, press: bool = True
    ) -> ClosedTurn:
        """Resolve and record ``turn`` (closed by the caller) in the caller's transaction, open the
        next turn, then call the hooks (reports, notices): the close's stages in order.

        ``absences`` / ``press``: whether the game has any absence and the turn any press (read
        only then); the close's game read says. The rows are read and written with the Core
        statements above; ``game``, ``turn``, the seats and the submissions handed to the hooks are
        model instances attached to no session (:func:`~adjudicator.core.store.detached`)."""
        connection = session.connection()
        ruleset = self.ruleset_of(game)
        requests = self.requests_of(turn)
        keys = {"b_game": game.id, "b_number": turn.number}
        seats = {row["name"]: detached(Seat, row) for row in driver_sql.rows(connection, _SEATS, keys)}
        accepted: dict[str, Submission] = {}
        for row in driver_sql.rows(connection, _ACCEPTED, keys):  # every request's accepted submission
            if row["request_key"] not in accepted:
                accepted[row["request_key"]] = detached(Submission, row)
        orders: dict[str, Any] = {}
        fell: list[str] = []
        counted: list[Submission] = []
        defaults: list[Submission] = []
        missed: dict[str, tuple[int, str]] = {}  # seat -> (missed turns, status) as read
        for request in requests:
            sub = accepted.get(request.key)
            seat = seats.get(request.seat) if not request.optional else None
            if seat is not None:
                missed.setdefault(seat.name, _missed(seat))
            if sub is None:
                sub = self._default_submission(session, game, turn, ruleset, request)
                defaults.append(sub)
                if seat is not None:
                    seat.missed_turns += 1
                    if seat.missed_turns >= game.civil_disorder_after and seat.status == "taken":
                        seat.status = "civil_disorder"
                        fell.append(seat.name)
            elif seat is not None:
                seat.missed_turns = 0
                if seat.status == "civil_disorder":  # the player came back
                    seat.status = "taken"
            parsed = ruleset.parse(request, sub.canonical)
            if parsed.problems:
                raise RuntimeError(
                    f"{game.ruleset}: canonical orders for {request.key} do not parse again: "
                    + "; ".join(map(str, parsed.problems))
                )
            orders[request.key] = parsed.orders
            counted.append(sub)
        self._store_defaults(connection, defaults)
        changed = [seat for name, was in missed.items() if was != _missed(seat := seats[name])]
        if changed:  # the seats' missed turns (and civil disorder) in one statement
            rows = [{"b_id": s.id, "b_missed": s.missed_turns, "b_status": s.status} for s in changed]
            driver_sql.run_many(connection, _SEAT_MISSED, rows)
        # what counting_submissions reads back: each request's accepted or default row, by key then id
        counted.sort(key=lambda s: (s.request_key, s.id or 0))
        seed = seal.turn_seed(turn.secret, [s.receipt for s in counted])
        dice = Dice(seed)
        new_state, events = ruleset.resolve(loads(turn.state_json), orders, dice)
        state_text = dumps(new_state)  # serialised once: stored, hashed, and parsed back once for the rest
        new_state = loads(state_text)  # only read from here on (the record, outcome, next turn, reports)
        self._record(session, game, turn, seed, state_text, new_state, counted, dice, events, press=press)
        outcome = ruleset.outcome(new_state)
        next_turn: Turn | None = None
        if outcome is not None:
            game.status = "over"
            game.outcome_json = dumps(outcome.to_json())
            game.finished_at = self.clock()
            over = {"b_game": game.id, "b_outcome": game.outcome_json, "b_finished": game.finished_at}
            driver_sql.run(connection, _GAME_OVER, over)
        else:
            next_turn = self._open_turn(
                session,
                game,
                turn.number + 1,
                new_state,
                turn.record_hash,
                state_text=state_text,
                seats=list(seats.values()),
                absences=absences,
            )
        if self.on_close is not None:
            recorded = Recorded(
                game.id,
                turn.number,
                list(seats.values()),
                counted,
                dice.log,
                events,
                next_turn=next_turn,
                next_requests=None if next_turn is None else self.requests_of(next_turn),
                state=new_state,  # the engine is done with it (the record is hashed, the bots played)
            )
            self.on_close(session, game, turn, recorded)
        if fell and self.on_civil_disorder is not None:
            self.on_civil_disorder(session, game, turn, [seats[name] for name in fell])
        next_number = None if next_turn is None else next_turn.number
        return ClosedTurn(game.id, turn.number, turn.label, events, outcome, next_number, fell)

    def _record(
        self,
        session: Session,
        game: Game,
        turn: Turn,
        seed: bytes,
        state_text: str,
        new_state: dict[str, Any],
        counted: list[Submission],
        dice: Dice,
        events: list[Any],
        *,
        press: bool = True,
    ) -> dict[str, Any]:
        """Store the turn's result, dice and events (in bulk) and its record hash; return its record
        (``press``: whether the turn may have press, read only then)."""
        connection = session.connection()
        turn.seed_hex = seed.hex()
        turn.result_state_json = state_text
        turn.result_state_hash = seal.sha256_hex(state_text.encode())  # = seal.state_hash(new_state)
        if dice.log:  # in bulk: one statement, not a row at a time
            driver_sql.insert_rows(
                connection,
                _INSERT_DICE,
                [
                    {
                        "game_id": game.id,
                        "turn_number": turn.number,
                        "seq": seq,
                        "key": roll.key,
                        "index": roll.index,
                        "sides": roll.sides,
                        "value": roll.value,
                    }
                    for seq, roll in enumerate(dice.log)
                ],
            )
        rows = [  # each event as stored: its data and seats written as JSON once, for the row and the record
            {
                "game_id": game.id,
                "turn_number": turn.number,
                "seq": seq,
                "text": ev.text,
                "kind": ev.kind,
                "data_json": dumps(ev.data),
                "seats_json": dumps(list(ev.seats)) if ev.seats is not None else None,
            }
            for seq, ev in enumerate(events)
        ]
        if rows:
            driver_sql.insert_rows(connection, _INSERT_EVENTS, rows)
        record = turn_record(
            session,
            game,
            turn,
            known=(counted, dice.log, rows),
            states=(loads(turn.state_json), new_state),  # new_state: a fresh parse, only read
            press=None if press else [],
        )
        turn.record_hash = record_hash(record)
        driver_sql.run(  # the turn's result and record hash in one UPDATE
            connection,
            _TURN_RESULT,
            {
                "b_id": turn.id,
                "b_seed": turn.seed_hex,
                "b_state": state_text,
                "b_state_hash": turn.result_state_hash,
                "b_record_hash": turn.record_hash,
            },
        )
        return record

    def _default_submission(
        self, session: Session, game: Game, turn: Turn, ruleset: Ruleset, request: OrderRequest
    ) -> Submission:
        """The default orders of ``request`` as a submission row, not stored yet: the close stores
        every default of a turn in one statement (:meth:`_store_defaults`)."""
        parsed = ruleset.parse(request, request.default)
        if parsed.problems:
            raise RuntimeError(f"{game.ruleset}: the default orders of {request.key} do not parse")
        canonical = ruleset.canonical(request, parsed.orders)
        salt = seal.new_salt()
        values = {  # every column but the id, as the ORM's insert of Submission(...) wrote them
            "id": None,
            "game_id": game.id,
            "turn_number": turn.number,
            "request_key": request.key,
            "seat": request.seat,
            "text": request.default,
            "canonical": canonical,
            "salt": salt,
            "receipt": seal.receipt(game.id, turn.number, request.seat, request.key, canonical, salt),
            "status": "default",
            "final": True,
            "problems_json": "[]",
            "lines_json": "[]",
            "source": "default",
            "created_at": self.clock(),
        }
        return cast(Submission, detached(Submission, values))

    @staticmethod
    def _store_defaults(connection: Connection, defaults: list[Submission]) -> None:
        """Insert the default submissions in one statement, in their order; each gets its id."""
        if not defaults:
            return
        rows = [{key: getattr(sub, key) for key in _INSERT_SUBMISSIONS.columns} for sub in defaults]
        ids = driver_sql.insert_rows(connection, _INSERT_SUBMISSIONS, rows)
        for sub, new_id in zip(defaults, ids, strict=True):
            sub.id = new_id

    def due_turns(
        self, now: datetime | None = None, only: tuple[str, int] | None = None
    ) -> list[tuple[str, int]]:
        """Open turns of running games whose deadline (plus grace, while orders are missing) has passed.

        The deadline is compared in SQL and only the columns that decide are read (a pass over
        10,000 open turns must not load their states); a game whose NMR policy waits out a grace
        period has its missing seats looked up, for the turns past their deadline only.
        ``only`` (game, turn) asks about that turn alone.
        """
        now = as_utc(now or self.clock())
        assert now is not None
        due = []
        query = (
            select(Turn.game_id, Turn.number, Turn.deadline_at, Game.grace, Game.nmr)
            .where(Turn.game_id == Game.id, Turn.status == "open", Game.status == "running")
            .where(Turn.deadline_at <= now)  # type: ignore[operator]
            .order_by(Turn.deadline_at, Turn.game_id)  # type: ignore[arg-type]
        )
        if only is not None:
            query = query.where(Turn.game_id == only[0], Turn.number == only[1])
        with self.db.session() as session:
            rows = session.exec(query).all()
            for game_id, number, deadline_at, grace, nmr in rows:
                if grace and nmr == "wait":  # closes at the end of the grace while orders are missing
                    game = self.game(session, game_id)
                    turn = self.turn(session, game_id, number)
                    when = self.closes_at(session, game, turn)
                    if when is None or when > now:
                        continue
                elif as_utc(deadline_at) > now:  # type: ignore[operator]
                    continue  # (the SQL comparison already left these out)
                due.append((game_id, number))
        return due

    def missing_seats(self, session: Session, turn: Turn) -> list[str]:
        """Seats that still owe a non-optional request of ``turn`` (no accepted submission yet).

        Seats in civil disorder are among them (the reminders go to those that still have an
        address), though the turn does not wait for them (:meth:`closes_at`, :meth:`ready_to_close`)."""
        missing: list[str] = []
        for request in self.requests_of(turn):
            if request.optional or request.seat in missing:
                continue
            if self._accepted(session, turn.game_id, turn.number, request.key) is None:
                missing.append(request.seat)
        return missing

    def closes_at(self, session: Session, game: Game, turn: Turn) -> datetime | None:
        """When the open ``turn`` closes by itself: its deadline, or under NMR ``wait`` with
        orders still missing, the end of the grace period.

        Only orders the turn waits for count as missing here (:func:`adjudicator.core.waiting.still_owed`):
        a seat in civil disorder whose player is gone makes nobody wait out a grace."""
        deadline = as_utc(turn.deadline_at)
        if deadline is None:
            return None
        if game.grace and game.nmr == "wait":  # waited out for a seat it waits for, not for an abandoned one
            statuses, accepted, _by_a_player = self._waiting(session, turn)
            if still_owed(self.requests_of(turn), statuses, accepted):
                deadline += parse_duration(game.grace)
        return deadline

    # -- referee's controls ------------------------------------------------------
    def set_status(self, game_id: str, status: str) -> None:
        """Pause or resume. A resumed game's open turn gets back the time the pause took."""
        if status not in ("paused", "running"):
            raise RefereeError(f"invalid status {status!r}: use 'paused' or 'running'")
        with self.db.session() as session:
            game = self.game(session, game_id, lock=True)
            if game.status == "over":
                raise Refused(f"game {game_id!r} is over; it cannot be paused or resumed")
            if status == "paused" and game.status != "running":
                raise Refused(f"game {game_id!r} is not running (status {game.status})")
            if status == "running" and game.status != "paused":
                raise Refused(f"game {game_id!r} is not paused (status {game.status})")
            now = self.clock()
            if status == "running" and game.paused_at is not None:
                turn = self.turn(session, game_id)
                if turn.status == "open" and turn.deadline_at is not None:
                    paused_for = max(now - as_utc(game.paused_at), timedelta(0))  # type: ignore[operator]
                    turn.deadline_at = as_utc(turn.deadline_at) + paused_for  # type: ignore[operator]
                    session.add(turn)
            game.paused_at = now if status == "paused" else None
            game.status = status
            session.add(game)
        if status == "running":  # everything came in final during the pause: close now, as submit would have
            ready = self.ready_to_close(game_id)
            if ready is not None:
                self.close_turn(game_id, ready, reason="early")

    def extend(self, game_id: str, by: str, number: int | None = None) -> datetime:
        """Push the open turn's deadline back by ``by``; an overdue turn gets ``by`` from now."""
        try:
            delta = parse_duration(by)
        except DurationError as exc:
            raise RefereeError(str(exc)) from exc
        with self.db.session() as session:
            game = self.game(session, game_id, lock=True)
            if number is not None and number != game.current_turn:
                turn = self.turn(session, game_id, number)  # NotFound when there is no such turn
                if turn.status != "open":
                    raise Refused(f"turn {number} of {game_id!r} is closed; it cannot be extended")
            if game.status not in ("running", "paused"):
                raise Refused(f"game {game_id!r} has no open turn to extend (status {game.status})")
            turn = self.turn(session, game_id)
            if turn.status != "open":
                raise Refused(f"turn {turn.number} of {game_id!r} is closed; it cannot be extended")
            # An overdue turn (no tick closed it yet, or its grace runs) is extended from now:
            # counting from a deadline already past could leave the new one in the past too.
            # A paused game's clock stands at the pause (resuming gives the paused time back).
            paused = as_utc(game.paused_at) if game.status == "paused" else None
            now = paused or self.clock()
            base = as_utc(turn.deadline_at)
            turn.deadline_at = (base if base is not None and base > now else now) + delta
            session.add(turn)
            return turn.deadline_at

    def set_deadline(self, game_id: str, when: datetime) -> None:
        """Move the open turn's deadline to an absolute time (must be in the future)."""
        when = as_utc(when)  # type: ignore[assignment]
        if when <= self.clock():
            raise RefereeError(f"the deadline {when.isoformat()} is in the past")
        with self.db.session() as session:
            turn = self.turn(session, game_id)
            if turn.status != "open":
                raise Refused(f"turn {turn.number} of {game_id!r} is closed")
            turn.deadline_at = when
            session.add(turn)


def deadline_with_grace(turn: Turn, game: Game) -> datetime | None:
    deadline = as_utc(turn.deadline_at)
    if deadline is not None and game.grace:
        deadline = deadline + parse_duration(game.grace)
    return deadline


__all__ = [
    "ClosedTurn",
    "NotFound",
    "Referee",
    "RefereeError",
    "Refused",
    "SubmitResult",
    "check_game_id",
    "deadline_with_grace",
]
