"""Observers: addresses that receive a game's public report after each turn, and nothing else.

An address asks to watch (a mail ``watch GAME`` from it, or the referee's ``pbem game watch GAME
--email ADDR``); the referee sends that address *one* mail, with a code, and nothing else until the
code comes back from the same address (``watch GAME CODE``). The code is stored hashed and is also
the key to stop (``unwatch GAME CODE``): a forged ``unwatch`` without it changes nothing.

What an unverified address can make the referee send is bounded: one code mail per game and
address (another only after ``CODE_AGAIN_AFTER``, at most ``CODES_PER_ADDRESS`` in all), at most
``CODES_PER_ADDRESS_PER_DAY`` code mails a day to one address across all games, and at most
``PBEM_WATCH_CODES_PER_HOUR`` code mails an hour per game. The code mail is our words only: the
game's id (a checked id of an existing game) and the code; nothing of the asking mail is quoted.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

from sqlalchemy import func
from sqlmodel import Session, select

from adjudicator.core.engine import RefereeError, check_email, check_game_id
from adjudicator.core.naming import mailbox_of
from adjudicator.core.readers import game_language, reader_language
from adjudicator.core.store import (
    Game,
    Observer,
    OutboxMessage,
    as_utc,
    check_secret,
    hash_secret,
    new_secret,
)
from adjudicator.games.language import Language
from adjudicator.post import outbox
from adjudicator.post.compose import compose, stable_message_id
from adjudicator.post.config import int_setting
from adjudicator.post.render import render

CODE_KIND = "watch-code"
CODE_AGAIN_AFTER = timedelta(days=1)
CODES_PER_ADDRESS = 3  # per game, ever
CODES_PER_ADDRESS_PER_DAY = 3  # across games
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


def _tag(address: str) -> str:
    """A header-safe stand-in for an address in our Message-IDs (the address itself never goes there)."""
    return hashlib.sha256(address.encode()).hexdigest()[:16]


def codes_per_game_hour() -> int:
    return int_setting("PBEM_WATCH_CODES_PER_HOUR") or 10


def _row(session: Session, game_id: str, address: str) -> Observer | None:
    return session.exec(
        select(Observer).where(Observer.game_id == game_id, Observer.email == address)
    ).first()


def _codes_sent(
    session: Session, *, since: datetime, game_id: str | None = None, to: str | None = None
) -> int:
    query = (
        select(func.count())
        .select_from(OutboxMessage)
        .where(OutboxMessage.kind == CODE_KIND, OutboxMessage.created_at >= since)  # type: ignore[arg-type]
    )
    if game_id is not None:
        query = query.where(OutboxMessage.game_id == game_id)
    if to is None:
        return session.exec(query).one()
    # to one mailbox, whatever its +tag or case: a stranger cannot multiply the limit by tags
    mailbox = mailbox_of(to)
    addresses = session.exec(
        select(OutboxMessage.to_addr)
        .where(OutboxMessage.kind == CODE_KIND, OutboxMessage.created_at >= since)  # type: ignore[arg-type]
        .where(OutboxMessage.to_addr.like(f"%@{mailbox.rpartition('@')[2]}"))  # type: ignore[attr-defined]
    ).all()
    return sum(1 for found in addresses if mailbox_of(found) == mailbox)


def request_watch(session: Session, game_id: str, address: str, now: datetime) -> str:
    """Ask to watch: at most the one code mail to ``address``. Returns what happened (for the log).

    Raises :class:`RefereeError` for a malformed game id or address (the referee's command);
    by mail such a request is simply not answered.
    """
    check_game_id(game_id)
    address = check_email(address).lower()
    game = session.get(Game, game_id)
    if game is None:
        raise RefereeError(f"no game {game_id!r}")
    if game.status == "over":
        raise RefereeError(f"game {game_id} is over: there is nothing left to watch")
    row = _row(session, game_id, address)
    if row is not None and row.status == "active":
        return "already watching: nothing sent"
    if row is not None and row.status == "pending":
        last = as_utc(row.code_sent_at)
        if last is not None and now - last < CODE_AGAIN_AFTER:
            return "a code was sent less than a day ago: nothing sent"
    if row is not None and row.codes_sent >= CODES_PER_ADDRESS:
        return f"{row.codes_sent} codes were sent to this address for this game already: nothing sent"
    if _codes_sent(session, since=now - DAY, to=address) >= CODES_PER_ADDRESS_PER_DAY:
        return "the daily limit of code mails to this address is reached: nothing sent"
    if _codes_sent(session, since=now - HOUR, game_id=game_id) >= codes_per_game_hour():
        return "the hourly limit of code mails for this game is reached: nothing sent"
    code = new_secret()
    if row is None:
        row = Observer(game_id=game_id, email=address, created_at=now)
    row.status = "pending"
    row.code_hash = hash_secret(code)
    row.codes_sent += 1
    row.code_sent_at = now
    row.confirmed_at = None
    session.add(row)
    context = {"game_id": game.id, "code": code}
    lang = game_language(game)  # the asking mail proves nothing: the game's language
    msg = compose(
        to=address,
        subject=f"[{game.id}] " + lang._("Confirm: watch this game?"),
        text=render("watch-code.txt.j2", game.ruleset, lang=lang, **context),
        html=render("watch-code.html.j2", game.ruleset, lang=lang, **context),
        message_id=stable_message_id(game.id, "watch", _tag(address), row.codes_sent),
        date=now,
    )
    queued = outbox.queue_message(session, msg, kind=CODE_KIND, game_id=game.id)
    if queued is not None:
        queued.created_at = now  # the referee's clock decides the windows
    return "code sent"


def confirm_watch(session: Session, game_id: str, address: str, code: str, now: datetime) -> bool:
    """The code came back from the address it was sent to: the address watches. Sends nothing."""
    row = _row(session, game_id, address.lower())
    if row is None or row.status == "stopped" or not row.code_hash or not check_secret(code, row.code_hash):
        return False
    if row.status != "active":
        row.status = "active"
        row.confirmed_at = now
        session.add(row)
    return True


def set_language(
    session: Session, game_id: str, address: str, code: str, lang: Language, now: datetime
) -> bool:
    """The observer whose code came back from its address reads ``lang`` from now on; it is told
    so, in that language (one letter to the address that proved itself with the code)."""
    from adjudicator.post.letters import queue_letter

    row = _row(session, game_id, address.lower())
    if row is None or row.status != "active" or not row.code_hash or not check_secret(code, row.code_hash):
        return False
    game = session.get(Game, game_id)
    if game is None:
        return False
    row.lang = lang.code
    session.add(row)
    queue_letter(
        session,
        game=game,
        to=row.email,
        title=lang._("Language"),
        text=lang._(
            "From now on the reports of %(game)s come to you in %(name)s (%(code)s).",
            game=game.id,
            name=lang.name,
            code=lang.code,
        ),
        kind="watch-lang",
        key=(_tag(row.email), lang.code, f"{now:%Y%m%d%H%M%S}"),
    )
    return True


def observer_language(session: Session, game_id: str, address: str) -> Language:
    """The language an observer reads: its own, else the game's."""
    game = session.get(Game, game_id)
    return reader_language(game, _row(session, game_id, address.lower()))


def stop_watch(session: Session, game_id: str, address: str, code: str | None) -> bool:
    """Stop sending reports to ``address``; by mail only with its code (``code=None``: the referee)."""
    row = _row(session, game_id, address.lower())
    if row is None or row.status == "stopped":
        return False
    if code is not None and (not row.code_hash or not check_secret(code, row.code_hash)):
        return False
    row.status = "stopped"
    session.add(row)
    return True


def watchers(session: Session, game_id: str) -> list[Observer]:
    return list(
        session.exec(
            select(Observer).where(Observer.game_id == game_id).order_by(Observer.id)  # type: ignore[arg-type]
        ).all()
    )


__all__ = ["confirm_watch", "observer_language", "request_watch", "set_language", "stop_watch", "watchers"]
