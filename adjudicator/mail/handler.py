"""What to do with one incoming message: submit orders, answer a command, refuse, or ignore.

:func:`handle_message` is the single entry point of every inbound way (stdin,
Maildir, IMAP, the SMTP listener). It

1. records the message in ``InboundMessage`` under its Message-ID, so the
   same message arriving twice (two polls, a Maildir and a listener) is
   handled once. What is kept is its decoded headers and the text read, every
   secret redacted (:func:`~adjudicator.mail.inbound.record_of`); of a message
   that is not *verified* (below) only the first ``UNVERIFIED_KEEP`` bytes,
   deleted after ``UNVERIFIED_EXPIRY``;
2. ignores, without ever answering, mail from machines (bounces,
   auto-replies, ``Auto-Submitted``, ``Precedence: bulk``, mailer-daemon);
3. *verifies* it: the sender is the seat's registered address *and* the
   secret matches. An unverified message is never acted on and nothing of it
   is quoted back: at most a fixed note (``unverified``, three per seat and
   hour) goes to the seat's registered address - never to the sender. Floods
   are counted separately: more than ``PBEM_MAIL_RATE`` unverified messages
   per sender and hour are ignored silently, and so are more than
   ``PBEM_MAIL_RATE`` verified ones; forged mail never uses up the real
   player's allowance;
4. takes orders only for the turn they are for: their ``turn: N`` line, else the referee's
   turn mail they reply to (:mod:`adjudicator.mail.replies`); an old mail sent again, or a
   mail that says neither, is refused with a reply giving the lines to write;
5. answers with an acknowledgement (orders as understood, receipt, problems,
   changes) or the command's answer, queued in the outbox; a refusal of a
   verified message (``refusal``, three per seat and hour) says why.

The usual message - a verified seat's orders for the open turn, before the deadline, not
final - is handled by :mod:`adjudicator.mail.orders_path` in one transaction (record, check,
rate count, orders, acknowledgement: one commit); whatever that path does not take, it leaves
untouched, and the steps above handle it.

It never raises: a message that breaks something is marked ``error`` and
kept for the referee to look at (``pbem mail status``); a ruleset that
crashes on one message's orders is a bug, not a passing failure: the message
is marked ``failed``, logged, and the player told (it is not tried again).
"""

from __future__ import annotations

import copy
import dataclasses
import logging
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import NoReturn

from sqlalchemy import delete, func, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, select

from adjudicator.core.dbfaults import describe, is_database_error
from adjudicator.core.engine import Referee, RefereeError, SubmitResult, check_game_id, deadline_with_grace
from adjudicator.core.naming import local_time
from adjudicator.core.readers import game_language, reader_language
from adjudicator.core.store import (
    Database,
    Game,
    InboundMessage,
    OutboxMessage,
    Seat,
    Turn,
    as_utc,
    check_secret,
)
from adjudicator.games.base import HELP_HINT, Spoken
from adjudicator.games.base import REFEREE as REFEREE_SEAT
from adjudicator.games.language import N_, Language
from adjudicator.mail import between, in_context, orders_path, replies
from adjudicator.mail.bounces import clear_failing, mark_failing, read_bounce, tell_the_referee
from adjudicator.mail.commands import COMMANDS
from adjudicator.mail.commands.lang import set_language
from adjudicator.mail.inbound import ParsedMail, parse_message, record_of
from adjudicator.mail.press import handle_press, is_press
from adjudicator.mail.watch import WatchLine, handle_watch, watch_line
from adjudicator.post import acks
from adjudicator.post.config import int_setting

log = logging.getLogger(__name__)

#: A message left ``new`` this long (its handler crashed) is handled again when it arrives again;
#: so is one marked ``error`` (an MTA retrying a pipe that exited 75, the next poll).
STALE_CLAIM = timedelta(minutes=10)
#: Refusals sent to one seat per hour at most, for its verified messages and, separately, for notes
#: about unverified ones (someone forging mail for a seat cannot flood its player nor silence him).
REFUSALS_PER_SEAT_PER_HOUR = 3
HOUR = timedelta(hours=1)
#: What is kept of a message that was not verified, and for how long.
UNVERIFIED_KEEP = 4096
UNVERIFIED_EXPIRY = timedelta(days=7)
TIP = N_("Start the message with the lines game:, seat:, secret: and turn:, then your orders (%(hint)s).")
UNVERIFIED_TIP = N_("Orders and commands are taken only from the seat's address with the seat's secret.")


REFEREE_COMMANDS = N_("The referee's commands are given on the referee's machine (pbem).")


def tip(lang: Language) -> str:
    """The refusal's tip in ``lang``: the lines a mail starts with."""
    return lang._(TIP, hint=lang.gettext(HELP_HINT))


@dataclass
class Handled:
    """What became of one message; ``status`` is handled, refused, ignored, bounce
    (a delivery report about one of our messages), duplicate, failed or error.

    ``error`` is a passing failure (the database): the message is tried again when it comes again.
    ``failed`` is a bug met on this message (a ruleset crashed): answered, logged, not tried again.
    """

    message_id: str
    status: str
    detail: str
    replies: int = 0

    def __str__(self) -> str:
        return f"{self.status}: {self.detail} ({self.message_id})"


class _Outcome(Exception):
    """Internal: stop handling with this status and detail."""

    def __init__(self, status: str, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def max_bytes() -> int:
    return int_setting("PBEM_MAIL_MAX_BYTES") or 1024 * 1024


def _claim(db: Database, parsed: ParsedMail, raw: bytes, via: str, now: datetime) -> bool:
    """Store the message; ``False`` when it was handled (or is being handled) already."""
    try:
        with db.session() as session:
            existing = session.exec(
                select(InboundMessage).where(InboundMessage.message_id == parsed.message_id)
            ).first()
            if existing is None:
                session.add(
                    InboundMessage(
                        message_id=parsed.message_id,
                        via=via[:16],
                        sender=parsed.sender or None,
                        raw=record_of(parsed, UNVERIFIED_KEEP),  # the whole record once verified
                        status="new",
                        received_at=now,
                    )
                )
                return True
            stale = existing.status == "new" and (as_utc(existing.received_at) or now) <= now - STALE_CLAIM
            if existing.status != "error" and not stale:
                return False
            # Its first handler failed or died mid-way: take it over (one taker wins the conditional update).
            won = session.execute(
                update(InboundMessage)
                .where(InboundMessage.id == existing.id, InboundMessage.status == existing.status)  # type: ignore[arg-type]
                .where(InboundMessage.received_at == existing.received_at)  # type: ignore[arg-type]
                .values(received_at=now, status="new")
            )
            return won.rowcount == 1  # type: ignore[attr-defined]
    except IntegrityError:  # another worker stored it between our select and insert
        return False


def _finish(
    db: Database, parsed: ParsedMail, status: str, detail: str, verified: bool, limit: int, now: datetime
) -> None:
    with db.session() as session:
        row = session.exec(
            select(InboundMessage).where(InboundMessage.message_id == parsed.message_id)
        ).first()
        if row is not None:
            row.status = status
            row.result = detail[:2000]
            row.verified = verified
            # Written again at the end: a code read while handling (`watch GAME CODE`) is redacted too.
            row.raw = record_of(parsed, limit if verified else UNVERIFIED_KEEP)
            session.add(row)
        # The bounded log of unverified mail: a week of it, at most UNVERIFIED_KEEP bytes each.
        session.execute(
            delete(InboundMessage)
            .where(InboundMessage.verified == False)  # type: ignore[arg-type]  # noqa: E712
            .where(InboundMessage.received_at < now - UNVERIFIED_EXPIRY)  # type: ignore[arg-type]
            .where(InboundMessage.status != "new")  # type: ignore[arg-type]
            .execution_options(synchronize_session=False)
        )


def _recent_from(session: Session, sender: str, message_id: str, now: datetime, verified: bool) -> int:
    """Messages from ``sender`` in the last hour, verified ones and unverified ones counted apart."""
    return session.exec(
        select(func.count())
        .select_from(InboundMessage)
        .where(InboundMessage.sender == sender, InboundMessage.verified == verified)  # type: ignore[arg-type]
        .where(InboundMessage.received_at >= now - HOUR)  # type: ignore[arg-type]
        .where(InboundMessage.message_id != message_id)
    ).one()


def _recent_refusals(session: Session, seat: Seat, now: datetime, kind: str = "refusal") -> int:
    return session.exec(
        select(func.count())
        .select_from(OutboxMessage)
        .where(OutboxMessage.game_id == seat.game_id, OutboxMessage.seat == seat.name)  # type: ignore[arg-type]
        .where(OutboxMessage.kind == kind, OutboxMessage.created_at >= now - HOUR)  # type: ignore[arg-type]
    ).one()


_SURROGATE = re.compile("[\ud800-\udfff]")


def storable(parsed: ParsedMail) -> ParsedMail:
    """The message with every lone surrogate made U+FFFD: a charset such as UTF-7 can decode to
    one, and no database stores it (each write would fail as if the database were away, and the
    message would be tried again for ever). Read this way, it is answered like any other."""
    changes = {}
    for name, value in vars(parsed).items():
        if isinstance(value, str) and _SURROGATE.search(value):
            changes[name] = _SURROGATE.sub("\ufffd", value)
        elif isinstance(value, list) and any(isinstance(v, str) and _SURROGATE.search(v) for v in value):
            changes[name] = [_SURROGATE.sub("\ufffd", v) if isinstance(v, str) else v for v in value]
    return dataclasses.replace(parsed, **changes) if changes else parsed


turn_written_for = replies.turn_number_of  # the turn number of a ``turn:`` line


def referee_seat(game: Game) -> Seat:
    """The referee as a seat that is never stored: its address and secret are the game's.

    The referee answers sealed requests addressed to the seat ``referee`` (table battles) by
    mail like any player: from the referee's registered address, with the referee's secret.
    """
    return Seat(
        game_id=game.id,
        name=REFEREE_SEAT,
        email=game.referee_email,
        secret_hash=game.referee_secret_hash,
        timezone="UTC",
        status="taken",
    )


class MailHandler:
    """Handles messages for one database; the referee's clock decides deadlines and rate windows."""

    def __init__(self, db: Database, referee: Referee | None = None) -> None:
        self.db = db
        self.referee = referee or Referee(db)
        self.replies = 0  # replies queued for the message in hand
        self.verified = False  # the message in hand came from the seat's address with its secret
        self.kept = b""  # the message in hand as read (a delivery report is read again as one)
        self.received: datetime | None = None  # when the mail system took the message in hand

    # -- entry point -------------------------------------------------------
    def handle(
        self, raw: bytes, via: str = "stdin", size: int | None = None, received_at: datetime | None = None
    ) -> Handled:
        """Handle one message. ``size`` is its full size when a source read only its beginning.

        ``received_at`` is when the mail system accepted the message (the listener's ``250``, a
        Maildir file's delivery, IMAP's INTERNALDATE): orders it took before a deadline count for
        that turn even when they are handled after it, as long as the turn is still open."""
        try:
            # A copy per message: the listener handles several at once in worker threads.
            return copy.copy(self)._handle(bytes(raw), via, max(size or 0, len(raw)), received_at)
        except Exception as exc:  # nothing crashes a listener or a poller
            detail = describe(exc, self.db.url)  # a database fault without its SQL (it holds the mail)
            log.error("mail handling failed: %s", detail, exc_info=not is_database_error(exc))
            return Handled("", "error", detail)

    def _handle(self, raw: bytes, via: str, size: int, received_at: datetime | None = None) -> Handled:
        now = self.referee.clock()
        received = now if received_at is None else min(as_utc(received_at) or now, now)
        self.received = received
        limit = max_bytes()
        oversize = size > limit
        # A message over the limit is read truncated: its headers and first part, not 10 MB of attachment.
        kept = raw[:limit] if oversize else raw
        parsed = storable(parse_message(kept))
        if parsed.authentication:  # the referee's server found a forged-looking From; the secret decides
            log.warning(
                "mail %s from %s failed %s at the receiving server",
                parsed.message_id,
                parsed.sender,
                ", ".join(parsed.authentication),
            )
        written_for, replied = replies.turn_meant(parsed)  # its turn: line, else the mail it answers
        if orders_path.eligible(parsed, oversize):  # the common case, in one transaction
            taken = orders_path.take_orders(
                self.db,
                self.referee,
                parsed,
                via=via,
                now=now,
                limit=limit,
                rate=int_setting("PBEM_MAIL_RATE"),
                written_for=written_for,
                generation=None if replied is None else replied.generation,
                expiry=UNVERIFIED_EXPIRY,
                received=received,
            )
            if taken is not None:
                return Handled(parsed.message_id, taken.status, taken.detail, taken.replies)
        if not _claim(self.db, parsed, kept, via, now):
            return Handled(parsed.message_id, "duplicate", "already handled")
        self.replies = 0
        self.verified = False
        self.kept = kept
        try:
            status, detail = "handled", self._decide(parsed, oversize, size, limit, now)
        except _Outcome as outcome:
            status, detail = outcome.status, outcome.detail
        except Exception as exc:
            status, detail = "error", describe(exc, self.db.url)  # never the SQL: it holds the mail
            log.error(
                "mail handling failed for %s: %s",
                parsed.message_id,
                detail,
                exc_info=not is_database_error(exc),
            )
        _finish(self.db, parsed, status, detail, self.verified, limit, now)
        return Handled(parsed.message_id, status, detail, self.replies)

    # -- the decisions -----------------------------------------------------
    def _decide(self, parsed: ParsedMail, oversize: bool, size: int, limit: int, now: datetime) -> str:
        if parsed.automatic:
            bounced = self._bounce(now)
            if bounced is not None:
                return bounced
            raise _Outcome("ignored", f"not answered: {parsed.automatic}")
        watch = watch_line(parsed)  # `watch GAME` from any address: no seat, never verified
        if watch is not None:
            raise _Outcome(*self._watch(parsed, watch, now))
        if between.is_signup(parsed):  # join / confirm from an address that is no seat's yet
            return self._signup(parsed, now)
        seat = self._seat_named(parsed)
        if seat is None or not seat.email:
            why = parsed.error or (f"seat {seat.name} has no registered address" if seat else "no seat named")
            raise _Outcome("refused", why)
        from_seat = bool(parsed.sender) and parsed.sender == seat.email.lower()
        self.verified = (
            from_seat
            and bool(parsed.secret and seat.secret_hash)
            and check_secret(parsed.secret or "", seat.secret_hash or "")
        )
        rate = int_setting("PBEM_MAIL_RATE")
        if parsed.sender:
            with self.db.session() as session:
                recent = _recent_from(session, parsed.sender, parsed.message_id, now, self.verified)
            if recent >= rate:
                which = "verified" if self.verified else "unverified"
                raise _Outcome(
                    "ignored", f"rate limited: {recent} {which} messages from this sender in the last hour"
                )
        if self.verified:
            with self.db.session() as session:  # the seat's mail arrives: its address works again
                stored = session.get(Seat, seat.id)
                if stored is not None and clear_failing(session, stored):
                    session.commit()
        if not self.verified:
            # Nothing of an unverified message is quoted back: the note is in our words only, and in
            # the game's language (nothing in an unverified mail decides anything, its language neither).
            public = self.game_lang(seat.game_id)
            why = (
                public._(
                    "A message for seat %(seat)s came from an address that is not the seat's registered one.",
                    seat=seat.name,
                )
                if not from_seat
                else public._("The secret given for seat %(seat)s is wrong or missing.", seat=seat.name)
            )
            self._note_unverified(seat, parsed, why, foreign=not from_seat, now=now)
        lang = self.lang(seat)
        if oversize:
            self._refuse(
                seat,
                parsed,
                lang._(
                    "Your message is too large (%(size)s MB; the limit is %(limit)s KiB). "
                    "Send the orders as plain text without large attachments.",
                    size=f"{size / 1048576:.1f}",
                    limit=limit // 1024,
                ),
                now,
            )
        if parsed.error:
            # the parser's messages are in the catalogue (with their values apart, when they have some)
            error = (
                lang._(parsed.error_message, **parsed.error_params)
                if parsed.error_message
                else lang.gettext(parsed.error)
            )
            self._refuse(seat, parsed, lang._("Your message could not be read: %(error)s.", error=error), now)
        assert parsed.game is not None and parsed.seat is not None
        if parsed.lang is not None or parsed.command == "lang":
            if seat.name == REFEREE_SEAT:
                self._refuse(seat, parsed, lang._(REFEREE_COMMANDS), now)
            if parsed.command == "lang" or (parsed.command is None and not parsed.orders.strip()):
                return self._command(parsed, seat, now)
            assert parsed.lang is not None
            seat = set_language(self, parsed, seat, parsed.lang, now)  # then the rest, in the new language
        if is_press(parsed):  # `press to ...`: relayed to the seats named (the referee may write too)
            return handle_press(self, parsed, seat, now)
        if parsed.command and in_context.reads_as_orders(self.referee, parsed, seat):
            parsed.command = None  # the game's orders use the word, and the seat owes them now
        if parsed.command:
            if seat.name == REFEREE_SEAT:
                self._refuse(seat, parsed, lang._(REFEREE_COMMANDS), now)
            return self._command(parsed, seat, now)
        return self._orders(parsed, seat, now)

    def _bounce(self, now: datetime) -> str | None:
        """A delivery report about one of our messages (matched by its bounce address): the
        seat is marked as failing; never answered. ``None`` for any other machine's mail."""
        with self.db.session() as session:
            bounce = read_bounce(session, self.kept)
            if bounce is None:
                return None
            seat = mark_failing(session, bounce, now)
            if seat is not None:
                game = session.get(Game, seat.game_id)
                if game is not None:
                    self.replies += int(tell_the_referee(session, game, seat))
            session.commit()
        kind = "permanent" if bounce.permanent else "temporary"
        log.warning(
            "%s delivery failure for %s (%s): %s", kind, bounce.to_addr, bounce.game_id, bounce.reason
        )
        where = f"{bounce.game_id}/{bounce.seat}" if bounce.seat else "no seat"
        raise _Outcome(
            "bounce", f"{kind} delivery failure of outbox message {bounce.row_id} ({where}): {bounce.reason}"
        )

    def _watch(self, parsed: ParsedMail, line: WatchLine, now: datetime) -> tuple[str, str]:
        """An observer's request, under the same flood limit as any unverified mail."""
        if parsed.sender:
            with self.db.session() as session:
                recent = _recent_from(session, parsed.sender, parsed.message_id, now, False)
            if recent >= int_setting("PBEM_MAIL_RATE"):
                return (
                    "ignored",
                    f"rate limited: {recent} unverified messages from this sender in the last hour",
                )
        return handle_watch(self, parsed, line, now)

    def lang(self, seat: Seat) -> Language:
        """The language ``seat`` reads: its own, else its game's."""
        with self.db.session() as session:
            game = session.get(Game, seat.game_id)
        return reader_language(game, seat)

    def said(self, seat: Seat, error: RefereeError) -> str:
        """What a refusal of the referee says, in ``seat``'s language (a turn's label in the game's
        words for it)."""
        with self.db.session() as session:
            game = session.get(Game, seat.game_id)
            lang = reader_language(game, seat)
            ruleset = self.referee.ruleset_of(game) if game is not None else None
        if ruleset is None:
            return error.in_language(lang)
        return error.in_language(lang, Spoken(ruleset, lang).label)

    def game_lang(self, game_id: str) -> Language:
        """The game's language: what is written to a reader the message does not prove to be."""
        with self.db.session() as session:
            return game_language(session.get(Game, game_id))

    def _seat_named(self, parsed: ParsedMail) -> Seat | None:
        """The seat the message names, or ``None`` (then nobody can be answered)."""
        if not parsed.game or not parsed.seat:
            if parsed.error:
                raise _Outcome("refused", parsed.error)
            return None
        try:
            check_game_id(parsed.game)
        except RefereeError as exc:
            raise _Outcome("refused", str(exc)) from None
        with self.db.session() as session:
            game = session.get(Game, parsed.game)
            if game is None:
                raise _Outcome("refused", f"no game {parsed.game!r}")
            if parsed.seat == REFEREE_SEAT:
                return referee_seat(game)
            seat = session.exec(select(Seat).where(Seat.game_id == game.id, Seat.name == parsed.seat)).first()
            if seat is None:
                raise _Outcome("refused", f"no seat {parsed.seat[:64]!r} in game {game.id!r}")
            return seat

    def _note_unverified(
        self, seat: Seat, parsed: ParsedMail, reason: str, *, foreign: bool, now: datetime
    ) -> None:
        """Stop with ``refused``; a fixed note to the seat's registered address (limited apart)."""
        assert seat.email
        public = self.game_lang(seat.game_id)  # read before the transaction (SQLite: one writer)
        with self.db.session() as session:
            if _recent_refusals(session, seat, now, "unverified") >= REFUSALS_PER_SEAT_PER_HOUR:
                raise _Outcome("refused", f"{reason} (no note: limit for this seat reached)")
            row = acks.queue_refusal(
                session,
                seat=seat,
                reason=reason,
                inbound_id=parsed.message_id,
                tip=public.gettext(UNVERIFIED_TIP),
                foreign_sender=foreign,
                kind="unverified",
            )
            if row is not None:
                row.created_at = now  # the referee's clock decides the window
                self.replies += 1
        raise _Outcome("refused", f"{reason} (note to {seat.email})")

    def _refuse(self, seat: Seat, parsed: ParsedMail, reason: str, now: datetime) -> NoReturn:
        """Stop with ``refused``; one short reply to the seat's registered address, rate limited.

        Only for a verified message: the reason may quote it (its sender wrote it)."""
        assert self.verified and seat.email
        lang = self.lang(seat)  # read before the transaction (SQLite: one writer)
        with self.db.session() as session:
            if _recent_refusals(session, seat, now) >= REFUSALS_PER_SEAT_PER_HOUR:
                raise _Outcome("refused", f"{reason} (no reply: refusal limit for this seat reached)")
            row = acks.queue_refusal(
                session, seat=seat, reason=reason, inbound_id=parsed.message_id, tip=tip(lang)
            )
            if row is not None:
                row.created_at = now  # the referee's clock decides the refusal window
                self.replies += 1
        raise _Outcome("refused", f"{reason} (reply to {seat.email})")

    # -- orders --------------------------------------------------------------
    def _orders(self, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
        late: str | None = None
        open_turn: int | None = None
        with self.db.session() as session:  # read only; a refusal is queued after it ends
            game = self.referee.game(session, seat.game_id)
            if game.status in ("running", "paused"):
                turn = self.referee.turn(session, game.id)
                open_turn = turn.number if turn.status == "open" else None
            if game.status == "running":
                deadline = deadline_with_grace(turn, game)
                received = self.received or now  # lateness is decided by the time of receipt
                if turn.status == "open" and deadline is not None and received > deadline:
                    local = local_time(deadline, seat.timezone)
                    late = reader_language(game, seat)._(
                        "Your orders arrived after the deadline of turn %(turn)s "
                        "(%(deadline)s UTC%(local)s); the turn is closing without them.",
                        turn=turn.number,
                        deadline=f"{deadline:%Y-%m-%d %H:%M}",
                        local=", " + local if local else "",
                    )
        written_for, replied = replies.turn_meant(parsed)
        if open_turn is not None:
            with self.db.session() as session:
                current = replied is None or replies.on_the_line_of_play(session, seat.game_id, replied)
            if written_for != open_turn or not current:
                why = replies.wrong_turn_reason(
                    parsed.turn, written_for, replied, open_turn, seat.game_id, seat.name, self.lang(seat)
                )
                self._refuse(seat, parsed, why, now)
        if late is not None:
            self._refuse(seat, parsed, late, now)

        def ack_with_the_orders(session: Session, game: Game, turn: Turn, result: SubmitResult) -> bool:
            """The acknowledgement queued in the transaction that stores the orders (one commit), unless
            the orders are final: then the ack waits to say whether they closed the turn."""
            if result.final:
                return False
            row = session.get(Seat, seat.id) if seat.id is not None else None
            if row is not None and acks.queue_ack(
                session, game, row, turn, result, parsed.message_id, parsed.authentication
            ):
                self.replies += 1
            return row is not None

        try:
            result = self.referee.submit(
                seat.game_id,
                seat.name,
                parsed.orders,
                parsed.secret,
                request_key=parsed.request,
                source="mail",
                turn_number=written_for,
                on_stored=ack_with_the_orders,
                received_at=self.received,
            )
        except RefereeError as exc:
            self._refuse(seat, parsed, self.said(seat, exc), now)
            raise  # unreachable: _refuse always raises
        except (SQLAlchemyError, OSError):
            raise  # the database or the disk: a passing failure, the message is tried again
        except Exception as exc:  # the ruleset crashed on these orders: a bug, logged and answered
            log.exception("the %s order reader crashed on %s", seat.game_id, parsed.message_id)
            self._fail(seat, parsed, exc, now)
        if not result.stored_hook_done:
            with self.db.session() as session:
                game = self.referee.game(session, seat.game_id)
                turn = session.exec(
                    select(Turn).where(Turn.game_id == game.id, Turn.number == result.turn)
                ).one()
                row = session.get(Seat, seat.id) if seat.id is not None else seat
                assert row is not None
                if acks.queue_ack(session, game, row, turn, result, parsed.message_id, parsed.authentication):
                    self.replies += 1
        if not result.accepted:
            raise _Outcome("refused", f"orders rejected: {len(result.problems)} problem(s); ack sent")
        closed = f"; turn {result.closed_turn} closed" if result.closed_turn else ""
        where = f"{seat.game_id}/{seat.name}, turn {result.turn}"
        return f"orders accepted for {where}, receipt {result.receipt}{closed}"

    def _fail(self, seat: Seat, parsed: ParsedMail, exc: Exception, now: datetime) -> None:
        """A bug met on one message: ``failed`` (kept, logged, not tried again) and the player told."""
        try:
            self._refuse(
                seat,
                parsed,
                self.lang(seat)._(
                    "The referee's program could not read these orders (an error on our side, logged for "
                    "the referee). Nothing was stored; your previous orders stay in force. Please tell the "
                    "referee and try writing the orders differently."
                ),
                now,
            )
        except _Outcome as outcome:
            raise _Outcome("failed", f"{type(exc).__name__}: {exc}; {outcome.detail}") from exc

    # -- commands ------------------------------------------------------------
    def _command(self, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
        """A verified seat's command, answered by its module (:data:`~adjudicator.mail.commands.COMMANDS`)."""
        command = COMMANDS.get(parsed.command or "")
        if command is None:
            self._refuse(
                seat,
                parsed,
                self.lang(seat)._("There is no command %(command)s.", command=repr(parsed.command)),
                now,
            )
        try:
            return command(self, parsed, seat, now)
        except RefereeError as exc:  # the referee refuses what the command asks: said to the seat
            self._refuse(seat, parsed, self.said(seat, exc), now)

    def refuse(self, seat: Seat, parsed: ParsedMail, reason: str, now: datetime) -> NoReturn:
        """A command's refusal: the seat is told why (within its allowance) and the handling ends."""
        self._refuse(seat, parsed, reason, now)

    def _signup(self, parsed: ParsedMail, now: datetime) -> str:
        """Sign-up by mail (``mail/between.py``): never verified, so counted against the sender's
        unverified allowance; nothing is sent but the one code mail."""
        if parsed.sender:
            with self.db.session() as session:
                recent = _recent_from(session, parsed.sender, parsed.message_id, now, False)
            if recent >= int_setting("PBEM_MAIL_RATE"):
                raise _Outcome("ignored", f"rate limited: {recent} unverified messages from this sender")
        done = between.handle_signup(self.db, self.referee, parsed, now)
        self.replies += done.replies
        if done.status != "handled":
            raise _Outcome(done.status, done.detail)
        return done.detail


def handle_message(
    db: Database, raw: bytes, via: str = "stdin", referee: Referee | None = None, size: int | None = None
) -> Handled:
    """Handle one raw message (see :class:`MailHandler`); never raises."""
    return MailHandler(db, referee).handle(raw, via, size)


__all__ = ["Handled", "MailHandler", "handle_message"]
