"""``lang fr`` (or a ``lang: fr`` line): the language the referee writes to this seat in.

The seat's own language (``Seat.lang``) is set from a *verified* mail only; the answer confirms in
the new language. A code the referee does not write gets a clear answer listing the languages it
writes, in the seat's language as it was, and changes nothing (the rest of the mail is not taken
either). ``lang`` alone answers with the language in force and how to change it.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from adjudicator.core.store import Game, Seat
from adjudicator.games.language import NAMES, SUPPORTED, Language, LanguageError, language, parse_language
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.inbound import ParsedMail
from adjudicator.mail.words import command_of
from adjudicator.post import acks


def asked(parsed: ParsedMail) -> str:
    """The language a mail asks for: its ``lang:`` line, else the words after ``lang`` on its line."""
    if parsed.lang is not None:
        return parsed.lang
    words = parsed.orders.split()
    return " ".join(words[1:]) if words and command_of(words[0]) == "lang" else ""


def known() -> str:
    """The languages the referee writes, each with its own name: ``en (English), fr (français)``."""
    return ", ".join(f"{code} ({NAMES[code]})" for code in SUPPORTED)


def shown(text: str) -> str:
    """What a player wrote, quoted back short and printable."""
    cut = text[:40]
    return repr(cut if cut.isprintable() else cut.encode("ascii", "replace").decode())


def set_language(desk: Desk, parsed: ParsedMail, seat: Seat, wanted: str, now: datetime) -> Seat:
    """Set the seat's language to ``wanted`` and confirm in it; the seat as it is now.

    A code the referee does not write is refused (``desk.refuse`` ends the handling)."""
    try:
        code = parse_language(wanted)
    except LanguageError:
        lang = desk.lang(seat)
        desk.refuse(
            seat,
            parsed,
            lang._(
                "The referee does not write the language %(asked)s. Write one of these codes after "
                "lang: %(known)s. Nothing was changed.",
                asked=shown(wanted),
                known=known(),
            ),
            now,
        )
    new = language(code)
    with desk.db.session() as session:
        game = desk.referee.game(session, seat.game_id)
        row = session.get(Seat, seat.id) if seat.id is not None else None
        if row is None:  # the referee is no stored seat: the handler refuses it before
            return seat
        row.lang = code
        session.add(row)
        session.flush()
        _confirm(session, desk, parsed, game, row, new)
        session.expunge(row)
    return row


def _confirm(
    session: Session, desk: Desk, parsed: ParsedMail, game: Game, seat: Seat, lang: Language
) -> None:
    """The answer to a language set: in the new language."""
    text = lang._(
        "From now on the referee writes to you in %(name)s (%(code)s). To change it again, "
        "send a mail with the line lang: and one of %(known)s.",
        name=lang.name,
        code=lang.code,
        known=known(),
    )
    _answer(session, desk, parsed, game, seat, lang, text)


def _answer(
    session: Session, desk: Desk, parsed: ParsedMail, game: Game, seat: Seat, lang: Language, text: str
) -> None:
    """Reply to the seat's mail about its language, in ``lang``."""
    if acks.queue_reply(
        session,
        game=game,
        seat=seat,
        title=lang._("Language"),
        text=text,
        inbound_id=parsed.message_id,
        command="lang",
    ):
        desk.replies += 1


def run(desk: Desk, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    wanted = asked(parsed).strip()
    if not wanted:
        lang = desk.lang(seat)
        text = lang._(
            "The referee writes to you in %(name)s (%(code)s). To change it, send a mail with "
            "the line lang: and one of %(known)s.",
            name=lang.name,
            code=lang.code,
            known=known(),
        )
        with desk.db.session() as session:
            _answer(session, desk, parsed, desk.referee.game(session, seat.game_id), seat, lang, text)
        return f"command lang answered for {seat.game_id}/{seat.name}"
    row = set_language(desk, parsed, seat, wanted, now)
    return f"language of {seat.game_id}/{seat.name} set to {row.lang}"
