"""Sign-up by mail: a game open for sign-up takes players who write ``join GAME [SEAT]``.

The steps, as a club's referee would run them:

1. ``join GAME [SEAT]`` from an address no seat has: if the game is open for sign-up and has a
   free seat, one mail goes to that address, with a confirmation code and nothing else (not a word
   of what was written). Nothing at all is sent when the game is not open, has no free seat, the
   address already has a code out for the game, or the address or the game has had too many codes
   lately (:data:`CODES_PER_ADDRESS_PER_DAY`, :data:`CODES_PER_GAME_PER_HOUR`).
2. ``confirm CODE`` from the same address: the address is now shown to receive its mail. Under
   ``--signup open`` it takes the seat asked for (or the first free one, in the seats' order) and
   the seat's secret goes to that address; under ``--signup approve`` the referee is told and
   ``pbem seat approve GAME SEAT`` does the same.
3. With ``--start-when-full`` the game starts when its last seat is taken.

Codes are kept as scrypt hashes only and expire after :data:`CODE_LIFETIME`.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func
from sqlmodel import Session, select

from adjudicator.core.engine import Referee, RefereeError, Refused, check_email
from adjudicator.core.naming import mailbox_of
from adjudicator.core.readers import game_language
from adjudicator.core.store import (
    Confirmation,
    Database,
    Game,
    GameTerms,
    Seat,
    as_utc,
    check_secret,
    hash_secret,
)
from adjudicator.games.base import HELP_HINT
from adjudicator.post.letters import queue_letter

SIGNUP_MODES = ("closed", "open", "approve")
CODE_LIFETIME = timedelta(hours=48)
CODES_PER_ADDRESS_PER_DAY = 3
CODES_PER_GAME_PER_HOUR = 10
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
log = logging.getLogger(__name__)
#: Unambiguous letters and digits (no 0/O, 1/I/L): 12 of them are 60 bits.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 12


def new_code() -> str:
    """A confirmation code, e.g. ``K7QF-M2XD-9PZR``."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i : i + 4] for i in range(0, CODE_LENGTH, 4))


def normal_code(text: str) -> str:
    """The code as typed, in the form it was issued (case and dashes forgiven)."""
    raw = "".join(c for c in text.upper() if c.isalnum())[: CODE_LENGTH + 1]
    return "-".join(raw[i : i + 4] for i in range(0, len(raw), 4))


# -- the game's terms -------------------------------------------------------------
def terms(session: Session, game_id: str) -> GameTerms:
    """The game's sign-up and absence terms (closed and none when it has no row).

    A game without a row is remembered for the rest of the transaction: a close asks once per
    seat's report, and the session's identity map keeps only rows that exist (terms are written
    by :func:`set_terms`, in a transaction of its own)."""
    none: set[str] = session.info.setdefault("pbem_games_without_terms", set())
    if game_id not in none:
        row = session.get(GameTerms, game_id)
        if row is not None:
            return row
        none.add(game_id)
    return GameTerms(game_id=game_id)


def terms_line(session: Session, game_id: str) -> str | None:
    """``pbem game show``'s line about sign-up and absences, for a game that has terms."""
    row = session.get(GameTerms, game_id)
    if row is None:
        return None
    full = ", starts when full" if row.start_when_full else ""
    away = f"{row.absence_days} days per player" if row.absence_days else "none"
    return f"sign-up by mail: {row.signup}{full}; absences: {away}"


def set_terms(
    db: Database,
    game_id: str,
    *,
    signup: str = "closed",
    start_when_full: bool = False,
    absence_days: int = 0,
) -> GameTerms:
    if signup not in SIGNUP_MODES:
        raise RefereeError(f"invalid sign-up mode {signup!r}: use one of {', '.join(SIGNUP_MODES)}")
    if absence_days < 0 or absence_days > 366:
        raise RefereeError("the absence allowance is 0 to 366 days per player")
    with db.session() as session:
        if session.get(Game, game_id) is None:
            raise RefereeError(f"no game {game_id!r}")
        row = session.get(GameTerms, game_id) or GameTerms(game_id=game_id)
        row.signup = signup
        row.start_when_full = start_when_full
        row.absence_days = absence_days
        session.add(row)
        return row


# -- codes --------------------------------------------------------------------------
def issue(
    session: Session, *, game_id: str, kind: str, address: str, seat: str | None, now: datetime
) -> tuple[Confirmation, str]:
    """Store a new confirmation (its code hashed); returns it and the code, to be mailed once."""
    code = new_code()
    row = Confirmation(
        game_id=game_id,
        kind=kind,
        address=address,
        seat=seat,
        code_hash=hash_secret(code),
        status="pending",
        created_at=now,
        expires_at=now + CODE_LIFETIME,
    )
    session.add(row)
    session.flush()
    return row, code


def redeem(
    session: Session, *, kind: str, address: str, code: str, now: datetime, game_id: str | None = None
) -> Confirmation | None:
    """The pending confirmation of ``kind`` for ``address`` whose code this is, or ``None``."""
    query = (
        select(Confirmation)
        .where(Confirmation.kind == kind, Confirmation.address == address, Confirmation.status == "pending")
        .order_by(Confirmation.id)  # type: ignore[arg-type]
    )
    if game_id is not None:
        query = query.where(Confirmation.game_id == game_id)
    wanted = normal_code(code)
    for row in session.exec(query).all()[:10]:
        expires = as_utc(row.expires_at)
        if expires is not None and expires <= now:
            row.status = "expired"
            session.add(row)
            continue
        if check_secret(wanted, row.code_hash):
            return row
    return None


def _codes_since(session: Session, since: datetime, **where: str) -> int:
    query = select(func.count()).select_from(Confirmation).where(Confirmation.kind == "join")
    query = query.where(Confirmation.created_at >= since)  # type: ignore[arg-type]
    for column, value in where.items():
        query = query.where(getattr(Confirmation, column) == value)
    return int(session.exec(query).one())


def _codes_to_mailbox(session: Session, since: datetime, address: str) -> int:
    """Sign-up codes sent since ``since`` to the mailbox of ``address``, whatever its ``+tag`` or case."""
    mailbox = mailbox_of(address)
    sent = session.exec(
        select(Confirmation.address)
        .where(Confirmation.kind == "join", Confirmation.created_at >= since)  # type: ignore[arg-type]
        .where(Confirmation.address.like(f"%@{mailbox.rpartition('@')[2]}"))  # type: ignore[attr-defined]
    ).all()
    return sum(1 for found in sent if mailbox_of(found) == mailbox)


def _tell_referee_signup_paused(session: Session, game: Game, now: datetime) -> int:
    """Sign-up by mail for ``game`` is paused for the hour: the referee is told (once an hour), as
    a player whose code never came would otherwise wait without anyone knowing why."""
    if not game.referee_email:
        return 0
    log.warning("sign-up by mail for %s is paused: %d codes this hour", game.id, CODES_PER_GAME_PER_HOUR)
    lang = game_language(game)
    text = lang._(
        "Sign-up by mail for %(game)s reached its limit of %(limit)s code mails this "
        "hour; further join mails are ignored until the hour is over. If you did not expect that many "
        "sign-ups, someone may be sending join mails in others' names; players can also be seated with "
        "`pbem game join %(game)s SEAT --email ADDRESS`.",
        game=game.id,
        limit=CODES_PER_GAME_PER_HOUR,
    )
    queued = queue_letter(
        session,
        game=game,
        to=game.referee_email,
        title=lang._("Sign-up for %(game)s paused for the hour", game=game.id),
        text=text,
        kind="signup-paused",
        key=(f"{now:%Y%m%d%H}",),
    )
    return 1 if queued else 0


# -- step 1: join --------------------------------------------------------------------
@dataclass
class Answer:
    """What a sign-up mail came to: ``status`` handled or ignored, and how many mails were queued."""

    status: str
    detail: str
    replies: int = 0


def free_seats(session: Session, game_id: str) -> list[Seat]:
    return list(
        session.exec(
            select(Seat).where(Seat.game_id == game_id, Seat.status == "open").order_by(Seat.position)  # type: ignore[arg-type]
        ).all()
    )


def ask_to_join(db: Database, game_id: str, seat_wish: str | None, address: str, now: datetime) -> Answer:
    """Step 1: one code mail to ``address``, or nothing (the reason is for the referee's log only)."""
    try:
        address = check_email(address)
    except RefereeError:
        return Answer("ignored", "sign-up: the sender's address is not a plain address; nothing sent")
    with db.session() as session:
        game = session.get(Game, game_id)
        if game is None:
            return Answer("ignored", "sign-up for an unknown game; nothing sent")
        mode = terms(session, game.id).signup
        if mode == "closed" or game.status == "over":
            return Answer("ignored", f"sign-up: {game.id} is not open for sign-up; nothing sent")
        seats = free_seats(session, game.id)
        if seat_wish is not None and seat_wish not in {s.name for s in seats}:
            return Answer("ignored", f"sign-up: no free seat of that name in {game.id}; nothing sent")
        if not seats:
            return Answer("ignored", f"sign-up: {game.id} has no free seat; nothing sent")
        taken = session.exec(select(Seat).where(Seat.game_id == game.id, Seat.email == address)).first()
        if taken is not None:
            return Answer("ignored", f"sign-up: this address already plays in {game.id}; nothing sent")
        pending = session.exec(
            select(Confirmation)
            .where(Confirmation.kind == "join", Confirmation.game_id == game.id)
            .where(Confirmation.address == address, Confirmation.status.in_(["pending", "approval"]))  # type: ignore[attr-defined]
            .where(Confirmation.expires_at > now)  # type: ignore[arg-type]
        ).first()
        if pending is not None:
            return Answer("ignored", "sign-up: a code for this address and game is out already; nothing sent")
        if _codes_to_mailbox(session, now - DAY, address) >= CODES_PER_ADDRESS_PER_DAY:
            return Answer("ignored", "sign-up: rate limited (codes to this mailbox today); nothing sent")
        if _codes_since(session, now - HOUR, game_id=game.id) >= CODES_PER_GAME_PER_HOUR:
            told = _tell_referee_signup_paused(session, game, now)
            return Answer(
                "ignored",
                f"sign-up: rate limited (codes for {game.id} this hour); nothing sent",
                replies=told,
            )
        row, code = issue(session, game_id=game.id, kind="join", address=address, seat=seat_wish, now=now)
        lang = game_language(game)  # the asking mail proves nothing: the game's language
        text = lang._(
            "Someone asked to join the game %(game)s with this address.\n\n"
            "If it was you, reply with this one line (and nothing else is needed):\n\n"
            "    confirm %(code)s\n\n"
            "The code is valid for %(hours)s hours. If it was not you, "
            "ignore this mail: nothing more will be sent to this address.",
            game=game.id,
            code=code,
            hours=int(CODE_LIFETIME.total_seconds() // 3600),
        )
        queue_letter(
            session,
            game=game,
            to=address,
            title=lang._("Your sign-up code"),
            text=text,
            kind="signup-code",
            key=(row.id,),
        )
        return Answer("handled", f"sign-up: code sent for {game.id}", replies=1)


# -- step 2: confirm -----------------------------------------------------------------
def confirm_join(db: Database, referee: Referee, address: str, code: str, now: datetime) -> Answer:
    """Step 2: the code came back from its address; take the seat (or wait for the referee)."""
    with db.session() as session:
        row = redeem(session, kind="join", address=address, code=code, now=now)
        if row is None:
            return Answer(
                "ignored", "confirm: no pending sign-up with this code for this address; nothing sent"
            )
        game = session.get(Game, row.game_id)
        assert game is not None
        seats = free_seats(session, game.id)
        names = [s.name for s in seats]
        seat = row.seat if row.seat in names else (names[0] if names else None)
        row.done_at = now
        lang = game_language(game)
        if seat is None:
            row.status = "refused"
            session.add(row)
            queue_letter(
                session,
                game=game,
                to=row.address,
                title=lang._("No free seat"),
                text=lang._(
                    "Every seat of %(game)s was taken before you confirmed; nothing more follows.",
                    game=game.id,
                ),
                kind="signup-full",
                key=(row.id,),
            )
            return Answer("handled", f"confirm: {game.id} is full", replies=1)
        row.seat = seat
        if terms(session, game.id).signup == "approve":
            row.status = "approval"
            session.add(row)
            queue_letter(
                session,
                game=game,
                to=row.address,
                title=lang._("Waiting for the referee"),
                text=lang._(
                    "Your sign-up for seat %(seat)s of %(game)s is confirmed; the referee approves new "
                    "players by hand. The seat's secret will follow when they have.",
                    seat=seat,
                    game=game.id,
                ),
                kind="signup-wait",
                key=(row.id,),
            )
            replies = 1
            if game.referee_email:
                queue_letter(
                    session,
                    game=game,
                    to=game.referee_email,
                    title=lang._("Sign-up to approve: %(seat)s", seat=seat),
                    text=lang._(
                        "The address %(address)s confirmed a sign-up for seat %(seat)s of %(game)s.\n\n"
                        "To let them play:    pbem seat approve %(game)s %(seat)s\n"
                        "To refuse:           pbem seat approve %(game)s %(seat)s --refuse\n",
                        address=row.address,
                        seat=seat,
                        game=game.id,
                    ),
                    kind="signup-approve",
                    key=(row.id,),
                )
                replies += 1
            return Answer("handled", f"confirm: {seat} of {game.id} waits for the referee", replies=replies)
        session.add(row)
    return _seat_player(db, referee, row.id, now)  # type: ignore[arg-type]


def _seat_player(db: Database, referee: Referee, confirmation_id: int, now: datetime) -> Answer:
    """Give the confirmed address its seat and its secret (by mail), then start the game if full."""
    with db.session() as session:
        row = session.get(Confirmation, confirmation_id)
        assert row is not None and row.seat is not None
        game_id, seat, address = row.game_id, row.seat, row.address
    try:
        secret = referee.join(game_id, seat, email=address)
    except RefereeError as exc:
        with db.session() as session:
            row = session.get(Confirmation, confirmation_id)
            assert row is not None
            row.status = "refused"
            session.add(row)
        raise Refused(f"seat {seat} of {game_id} could not be taken: {exc}") from exc
    assert secret is not None
    replies = 0
    with db.session() as session:
        row = session.get(Confirmation, confirmation_id)
        game = session.get(Game, game_id)
        assert row is not None and game is not None
        row.status = "done"
        row.done_at = now
        session.add(row)
        lang = game_language(game)
        text = lang._(
            "You play seat %(seat)s of %(game)s.\n\n"
            "    game: %(game)s\n    seat: %(seat)s\n    secret: %(secret)s\n\n"
            "Start every mail to the referee with these lines (and turn: N for orders); "
            "%(hint)s of the game. Keep the secret to yourself: it is what proves a mail is yours. "
            "It is shown this once.",
            seat=seat,
            game=game.id,
            secret=secret,
            hint=lang.gettext(HELP_HINT),
        )
        queue_letter(
            session,
            game=game,
            to=address,
            title=lang._("Your seat: %(seat)s", seat=seat),
            text=text,
            kind="seat",
            key=(row.id,),
            seat=seat,
        )
        replies += 1
        if game.referee_email:
            queue_letter(
                session,
                game=game,
                to=game.referee_email,
                title=lang._("Seat %(seat)s taken", seat=seat),
                text=lang._(
                    "Seat %(seat)s of %(game)s was taken by sign-up by mail (%(address)s).",
                    seat=seat,
                    game=game.id,
                    address=address,
                ),
                kind="signup-taken",
                key=(row.id,),
            )
            replies += 1
        full = not free_seats(session, game.id)
        start = full and game.status == "setup" and terms(session, game.id).start_when_full
    if start:
        try:
            referee.start(game_id)
        except RefereeError as exc:  # started meanwhile by the referee or another worker
            return Answer("handled", f"confirm: {seat} of {game_id} taken; not started: {exc}", replies)
        return Answer("handled", f"confirm: {seat} of {game_id} taken; the game is full and started", replies)
    return Answer("handled", f"confirm: {seat} of {game_id} taken", replies)


def approve(db: Database, referee: Referee, game_id: str, seat: str, *, refuse: bool = False) -> str:
    """``pbem seat approve``: the referee lets the confirmed address waiting for ``seat`` play."""
    now = referee.clock()
    with db.session() as session:
        row = session.exec(
            select(Confirmation)
            .where(Confirmation.game_id == game_id, Confirmation.kind == "join", Confirmation.seat == seat)
            .where(Confirmation.status == "approval")
            .order_by(Confirmation.id)  # type: ignore[arg-type]
        ).first()
        if row is None:
            raise RefereeError(f"no confirmed sign-up waits for seat {seat!r} of {game_id!r}")
        if refuse:
            row.status = "refused"
            row.done_at = now
            session.add(row)
            game = session.get(Game, game_id)
            assert game is not None
            queue_letter(
                session,
                game=game,
                to=row.address,
                title=game_language(game)._("Sign-up not approved"),
                text=game_language(game)._(
                    "The referee of %(game)s did not approve your sign-up for seat %(seat)s.",
                    game=game.id,
                    seat=seat,
                ),
                kind="signup-refused",
                key=(row.id,),
            )
            return f"sign-up of {row.address} for {seat} refused"
        confirmation_id = row.id
    assert confirmation_id is not None
    answer = _seat_player(db, referee, confirmation_id, now)
    return answer.detail.removeprefix("confirm: ")


__all__ = [
    "SIGNUP_MODES",
    "Answer",
    "approve",
    "ask_to_join",
    "confirm_join",
    "issue",
    "new_code",
    "redeem",
    "set_terms",
    "terms",
]
