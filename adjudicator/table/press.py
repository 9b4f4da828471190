"""Press: messages between the seats, relayed by the referee.

A seat writes ``press to carthage, macedon`` (or ``press to all``; in French ``presse à carthage et
macedon``, ``presse à tous``) and its message; the referee
stores it under the open turn and mails it to each named seat, signed with the sender's seat name
(white press) or as "a seat" (grey press). No player's address ever appears: each recipient gets
its own message, from the referee, to its own address. The game's ``press`` option decides:

* ``none``: no press between the seats (the referee may still write to all);
* ``white``: signed (the default, as on the classic judges);
* ``grey``: anonymous to the recipients; the referee still records the sender;
* ``public``: every message goes to all seats (``press to all`` only).

A message to a seat in civil disorder (or without an address, a bot) is kept, not sent. Each seat
may send ``PBEM_PRESS_RATE`` messages an hour of at most ``PBEM_PRESS_MAX_CHARS`` characters.
The press of a turn is part of its record (:mod:`adjudicator.core.press_record`).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, select

from adjudicator.core.engine import RefereeError
from adjudicator.core.naming import game_context
from adjudicator.core.readers import reader_language
from adjudicator.core.store import Database, Game, OutboxMessage, PressMessage, Seat, Turn, dumps
from adjudicator.games.base import REFEREE
from adjudicator.games.language import N_, Language
from adjudicator.post import outbox
from adjudicator.post.compose import compose, stable_message_id
from adjudicator.post.config import int_setting
from adjudicator.post.render import render
from adjudicator.table.refusals import refused

MODES = ("none", "white", "grey", "public")
DEFAULT_MODE = "white"
ALL = "all"
#: the words for every seat (``press to all``, ``presse à tous``)
ALL_WORDS = ("all", "tous", "toutes")
ANONYMOUS = N_("a seat")
THE_REFEREE = N_("the referee")
HOUR = timedelta(hours=1)
#: The first line of a press message: ``press to carthage, macedon`` or ``press to all``, in French
#: ``presse à carthage et macedon``, ``presse à tous``.
PRESS_LINE = re.compile(r"^\s*press(?:e)?\s+(?:to|à|a|pour)\s*:?\s*(?P<to>.*?)\s*$", re.IGNORECASE)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SEAT_WORD = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class PressRefused(RefereeError):
    """A press message that is not relayed, with the reason (to its verified sender only)."""


@dataclass
class Addressed:
    """What a press line asks for: ``all``, or the seats named (as written, lower case)."""

    to_all: bool
    seats: list[str] = field(default_factory=list)


@dataclass
class Relayed:
    """A stored press message: where it went and where it is kept unsent."""

    turn: int
    seq: int
    sent: list[str]
    held: list[str]
    relay_at: str | None = None  # grey press: when it goes out (``YYYY-MM-DD HH:MM``)


def check_mode(mode: str) -> str:
    mode = (mode or "").strip().lower()
    if mode not in MODES:
        raise RefereeError(f"unknown press option {mode[:20]!r}: use one of {', '.join(MODES)}")
    return mode


def set_mode(db: Database, game_id: str, mode: str) -> None:
    """The game's press option (``pbem game new --press``)."""
    mode = check_mode(mode)
    with db.session() as session:
        game = session.get(Game, game_id)
        if game is None:
            raise RefereeError(f"no game {game_id!r}")
        game.press = mode
        session.add(game)


def max_chars() -> int:
    return int_setting("PBEM_PRESS_MAX_CHARS") or 8000


def per_hour() -> int:
    return int_setting("PBEM_PRESS_RATE") or 10


def split_press(text: str) -> tuple[Addressed, str] | None:
    """``(addressed, message)`` when the text's first line is a press line, else ``None``."""
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines:
        return None
    match = PRESS_LINE.match(lines[0])
    if match is None:
        return None
    return addressed(match.group("to")), "\n".join(lines[1:])


def addressed(to: str) -> Addressed:
    """``all`` or seat names separated by commas, spaces or ``and``; the names are checked later."""
    words = [w for w in re.split(r"[\s,;]+", to.strip().lower()) if w and w not in ("and", "et")]
    if len(words) == 1 and words[0] in ALL_WORDS:
        return Addressed(to_all=True)
    return Addressed(to_all=False, seats=list(dict.fromkeys(words)))


def clean_text(text: str) -> str:
    """The message as relayed: line ends made ``\\n``, control characters dropped, outer blank lines cut."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub("", text).strip("\n").rstrip()


def _open_turn(session: Session, db_is_sqlite: bool, game: Game) -> Turn:
    """The open turn, locked against a close (PostgreSQL): press never slips into a sealed turn.

    On SQLite every transaction holds the write lock from its start (``BEGIN IMMEDIATE``).
    """
    for _ in range(3):
        query = select(Turn).where(
            Turn.game_id == game.id, Turn.number == game.current_turn, Turn.status == "open"
        )
        if not db_is_sqlite:
            query = query.with_for_update()
        turn = session.exec(query).first()
        if turn is not None:
            return turn
        session.expire_all()  # closed meanwhile: the next turn is open now
        refreshed = session.get(Game, game.id)
        if refreshed is None or refreshed.status not in ("running", "paused"):
            break
        game = refreshed
    raise refused(
        N_("game %(game)s has no open turn: press is taken while the game runs"), PressRefused, game=game.id
    )


def send_press(
    session: Session,
    game: Game,
    sender: str,
    to: Addressed,
    text: str,
    *,
    now: datetime,
    db_is_sqlite: bool = True,
    inbound_id: str | None = None,
) -> Relayed:
    """Store one press message under the open turn and queue it to each recipient.

    ``sender`` is a seat's name or ``referee``. Raises :class:`PressRefused` with the reason.
    """
    from_referee = sender == REFEREE
    mode = game.press or DEFAULT_MODE
    if game.status not in ("running", "paused"):
        raise refused(
            N_("game %(game)s is not running: press is taken while the game runs"), PressRefused, game=game.id
        )
    if mode == "none" and not from_referee:
        raise refused(
            N_("game %(game)s has no press between the seats (press: none)"), PressRefused, game=game.id
        )
    message = clean_text(text)
    if not message.strip():
        raise refused(N_("the press message is empty: write it under the 'press to ...' line"), PressRefused)
    if len(message) > max_chars():
        raise refused(
            N_("the press message is %(length)s characters long; the limit is %(limit)s"),
            PressRefused,
            length=len(message),
            limit=max_chars(),
        )
    if mode == "public" and not to.to_all:
        raise refused(
            N_("game %(game)s has public press only: write 'press to all'"), PressRefused, game=game.id
        )
    seats = list(session.exec(select(Seat).where(Seat.game_id == game.id).order_by(Seat.position)).all())  # type: ignore[arg-type]
    names = [s.name for s in seats]
    if to.to_all:
        wanted = [n for n in names if n != sender]
    else:
        if not to.seats:
            raise refused(N_("name the seats after 'press to' (or write 'press to all')"), PressRefused)
        unknown = [w for w in to.seats if w not in names]
        if unknown:
            shown = ", ".join(repr(w[:30]) for w in unknown[:5] if _SEAT_WORD.match(w[:64])) or "a name"
            raise refused(
                N_("no seat %(shown)s in game %(game)s; the seats are %(seats)s (or write 'all')"),
                PressRefused,
                shown=shown,
                game=game.id,
                seats=", ".join(names),
            )
        wanted = [n for n in names if n in to.seats and n != sender]  # the seats' own order
        if not wanted:
            raise refused(N_("the press names no seat but your own"), PressRefused)
    if not from_referee:
        recent = session.exec(
            select(func.count())
            .select_from(PressMessage)
            .where(PressMessage.game_id == game.id, PressMessage.sender == sender)  # type: ignore[arg-type]
            .where(PressMessage.created_at >= now - HOUR)  # type: ignore[arg-type]
        ).one()
        if recent >= per_hour():
            raise refused(
                N_(
                    "you have sent %(recent)s press messages in the last hour; the limit is %(limit)s. "
                    "Send this one later."
                ),
                PressRefused,
                recent=recent,
                limit=per_hour(),
            )
    turn = _open_turn(session, db_is_sqlite, game)
    last = session.exec(
        select(func.max(PressMessage.seq)).where(
            PressMessage.game_id == game.id, PressMessage.turn_number == turn.number
        )
    ).one()
    seq = (last or 0) + 1
    by_name = {s.name: s for s in seats}
    sent = [
        n
        for n in wanted
        if by_name[n].email and by_name[n].status != "civil_disorder" and not by_name[n].is_bot
    ]
    held = [n for n in wanted if n not in sent]
    signed = from_referee or mode != "grey"
    row = PressMessage(
        game_id=game.id,
        turn_number=turn.number,
        seq=seq,
        sender=sender,
        signed=signed,
        to_json=dumps([ALL] if to.to_all else wanted),
        sent_json=dumps(sent),
        held_json=dumps(held),
        text=message,
        inbound_id=inbound_id,
        created_at=now,
    )
    session.add(row)
    for name in sent:
        if signed:
            lang = reader_language(game, by_name[name])
            label = lang.gettext(THE_REFEREE) if from_referee else sender
            _queue_one(session, game, turn, seq, by_name[name], label, to, wanted, message, now, lang)
        else:
            _queue_grey(session, game, turn, by_name[name], to, len(wanted), message, now)
    session.flush()
    relay_at = None if signed else f"{grey_slot(now):%Y-%m-%d %H:%M}"
    return Relayed(turn=turn.number, seq=seq, sent=sent, held=held, relay_at=relay_at)


def _queue_one(
    session: Session,
    game: Game,
    turn: Turn,
    seq: int,
    seat: Seat,
    label: str,
    to: Addressed,
    wanted: list[str],
    message: str,
    now: datetime,
    lang: Language,
) -> None:
    assert seat.email
    context: dict[str, Any] = {
        "game": game_context(game),
        "seat": seat.name,
        "sender": label,
        "to": lang._("all seats") if to.to_all else ", ".join(wanted),
        "turn": turn.number,
        "text": message,
        "public": game.press == "public",
    }
    msg = compose(
        to=seat.email,
        subject=f"[{game.id}] "
        + lang._("Press from %(sender)s, turn %(turn)s", sender=label, turn=turn.number),
        text=render("press.txt.j2", game.ruleset, lang=lang, **context),
        html=render("press.html.j2", game.ruleset, lang=lang, **context),
        message_id=stable_message_id(game.id, turn.number, "press", seq, seat.name),
        date=now,
    )
    outbox.queue_message(session, msg, kind="press", game_id=game.id, turn_number=turn.number, seat=seat.name)


def grey_slot(now: datetime) -> datetime:
    """When grey press sent at ``now`` is relayed: the next full ``PBEM_GREY_PRESS_MINUTES``
    (60 by default) of the UTC day. Every grey press of a slot leaves together, so the time a
    message arrives says nothing of when, hence by whom, it was written."""
    minutes = max(1, min(int_setting("PBEM_GREY_PRESS_MINUTES") or 60, 24 * 60))
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    slots = int((now - day) / timedelta(minutes=minutes)) + 1
    return day + timedelta(minutes=minutes * slots)


def _queue_grey(
    session: Session,
    game: Game,
    turn: Turn,
    seat: Seat,
    to: Addressed,
    addressed_to: int,
    message: str,
    now: datetime,
) -> None:
    """Grey press to one seat, alike whoever wrote it: the recipient is shown only how many other
    seats it went to, the Message-ID counts the press this seat received in the turn (not the
    game's press), the Date and the sending are the relay slot's (:func:`grey_slot`), and the MIME
    boundary follows from the Message-ID."""
    assert seat.email
    slot = grey_slot(now)
    received = session.exec(
        select(func.count())
        .select_from(OutboxMessage)
        .where(OutboxMessage.game_id == game.id, OutboxMessage.turn_number == turn.number)  # type: ignore[arg-type]
        .where(OutboxMessage.kind == "press", OutboxMessage.seat == seat.name)  # type: ignore[arg-type]
    ).one()
    received += sum(
        1
        for o in session.new
        if isinstance(o, OutboxMessage) and o.kind == "press" and o.seat == seat.name and o.game_id == game.id
    )
    others = addressed_to - 1
    lang = reader_language(game, seat)
    shown = (
        lang._("all seats")
        if to.to_all
        else (lang._("you") if others < 1 else lang._("you and %(others)s other seat(s)", others=others))
    )
    anonymous = lang.gettext(ANONYMOUS)
    context: dict[str, Any] = {
        "game": game_context(game),
        "seat": seat.name,
        "sender": anonymous,
        "to": shown,
        "turn": turn.number,
        "text": message,
        "public": False,
    }
    message_id = stable_message_id(game.id, turn.number, "press", f"to{received + 1}", seat.name)
    msg = compose(
        to=seat.email,
        subject=f"[{game.id}] "
        + lang._("Press from %(sender)s, turn %(turn)s", sender=anonymous, turn=turn.number),
        text=render("press.txt.j2", game.ruleset, lang=lang, **context),
        html=render("press.html.j2", game.ruleset, lang=lang, **context),
        message_id=message_id,
        date=slot,
    )
    msg.set_boundary("=_" + hashlib.sha256(message_id.encode()).hexdigest()[:32])
    row = outbox.queue_message(
        session, msg, kind="press", game_id=game.id, turn_number=turn.number, seat=seat.name
    )
    if row is not None:
        row.next_attempt_at = slot  # sent with the rest of the slot, not now


def receipt_text(relayed: Relayed, game: Game, lang: Language | None = None) -> str:
    """What the sender is told: where the message went and where it is kept (in ``lang``, else
    the game's language)."""
    lang = lang or reader_language(game)
    lines = [
        lang._("Your press message %(seq)s of turn %(turn)s was relayed.", seq=relayed.seq, turn=relayed.turn)
    ]
    if relayed.sent:
        lines.append(lang._("Sent to: %(seats)s.", seats=", ".join(relayed.sent)))
    if relayed.held:
        lines.append(
            lang._(
                "Kept, not sent (civil disorder or no address): %(seats)s. "
                "It stays in the game's press archive.",
                seats=", ".join(relayed.held),
            )
        )
    if game.press == "grey":
        lines.append(
            lang._(
                "Grey press: the recipients see it from 'a seat'; the referee records who sent it. It goes "
                "out with the other grey press at %(at)s UTC.",
                at=relayed.relay_at or "?",
            )
        )
    if game.press == "public":
        lines.append(lang._("Public press: it is published in the game's archive with its turn."))
    else:
        lines.append(lang._("The press is archived with the turn and published when the game ends."))
    return "\n".join(lines)


__all__ = [
    "ALL",
    "MODES",
    "Addressed",
    "PressRefused",
    "Relayed",
    "addressed",
    "check_mode",
    "receipt_text",
    "send_press",
    "split_press",
]
