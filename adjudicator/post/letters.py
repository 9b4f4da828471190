"""Short letters from the referee (sign-up codes, secrets, absences, resignations, proposals).

Each is the ``reply`` template (text, and HTML where every value is escaped) with a stable
Message-ID, queued in the outbox inside the caller's transaction. Subjects are our own words and
the game id; nothing a player wrote ever reaches a header.
"""

from __future__ import annotations

from sqlmodel import Session, select

from adjudicator.core.readers import reader_language
from adjudicator.core.store import Game, OutboxMessage, Seat
from adjudicator.games.language import Language
from adjudicator.post.render import render


def seat_language(session: Session, game: Game, seat: str | None) -> Language:
    """The language of seat ``seat`` of ``game`` (the game's for no seat, or a seat not found)."""
    row = None
    if seat is not None:
        row = session.exec(select(Seat).where(Seat.game_id == game.id, Seat.name == seat)).first()
    return reader_language(game, row)


def queue_letter(
    session: Session,
    *,
    game: Game,
    to: str,
    title: str,
    text: str,
    kind: str,
    key: tuple[object, ...],
    seat: str | None = None,
    in_reply_to: str | None = None,
    lang: Language | None = None,
) -> OutboxMessage | None:
    """Queue one letter; ``key`` makes its Message-ID (the same letter is queued once). It is
    written in ``lang``, by default the seat's language (the game's for a letter to no seat)."""
    # The mail side is imported when a letter is written, not when the engine (which consults
    # absences and sign-up terms as turns open) imports this module: the engine stays mail-free.
    from adjudicator.core.naming import game_context
    from adjudicator.post import outbox
    from adjudicator.post.compose import compose, stable_message_id

    if lang is None:
        lang = seat_language(session, game, seat)
    context = {"game": game_context(game), "seat": seat, "title": title, "text": text}
    msg = compose(
        to=to,
        subject=f"[{game.id}] {title}",
        text=render("reply.txt.j2", game.ruleset, lang=lang, **context),
        html=render("reply.html.j2", game.ruleset, lang=lang, **context),
        message_id=stable_message_id(game.id, kind, *key),
        in_reply_to=in_reply_to,
    )
    return outbox.queue_message(session, msg, kind=kind, game_id=game.id, seat=seat)


__all__ = ["queue_letter", "seat_language"]
