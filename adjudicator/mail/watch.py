"""``watch GAME`` / ``watch GAME CODE`` / ``unwatch GAME CODE`` by mail, from any address.

An observer chooses the language of its reports with a ``lang: fr`` line in a ``watch GAME CODE``
mail: the code proves the address, as it does for the confirmation, so the language is set only
then (a ``lang:`` line in a ``watch GAME`` mail, which proves nothing, is not read). The observer is
answered in the new language; a code the referee does not write gets the list of those it writes.

Such a mail names no seat and carries no seat secret, so it is never *verified* in the handler's
sense: it is kept only in the bounded log of unverified mail (its code redacted), nothing of it is
quoted back, and the only mail it can ever cause is the one code mail of
:func:`adjudicator.table.observers.request_watch` (limited per address and per game). A confirmation or
an ``unwatch`` with a wrong code changes nothing and is not answered.
"""

from __future__ import annotations

import email
import re
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlmodel import Session

from adjudicator.core.engine import RefereeError, check_game_id
from adjudicator.core.store import Game
from adjudicator.games.language import LanguageError, language, parse_language
from adjudicator.mail.inbound import ParsedMail
from adjudicator.mail.list_headers import unsubscribe_tag_of
from adjudicator.table import observers

if TYPE_CHECKING:
    from adjudicator.mail.handler import MailHandler

_WATCH_LINE = re.compile(
    r"^\s*(?P<verb>watch|unwatch)\s+(?P<game>\S{1,64})(?:\s+(?P<code>[A-Za-z0-9_-]{4,64}))?\s*$",
    re.IGNORECASE,
)


@dataclass
class WatchLine:
    verb: str  # watch | unwatch
    game: str
    code: str | None


def watch_line(parsed: ParsedMail) -> WatchLine | None:
    """The watch request of a mail that names no seat: its first line of text, or ``None``."""
    if parsed.seat is not None or parsed.automatic:
        return None
    for line in parsed.orders.split("\n"):
        if line.strip():
            match = _WATCH_LINE.match(line)
            if match is None:
                return None
            return WatchLine(match.group("verb").lower(), match.group("game").lower(), match.group("code"))
    return None


def handle_watch(handler: MailHandler, parsed: ParsedMail, line: WatchLine, now: datetime) -> tuple[str, str]:
    """``(status, detail)`` for the inbound log; never answers anything but the one code mail."""
    if line.code:
        parsed.secret = line.code  # redacted from the stored record like a seat's secret
    if not parsed.sender:
        return "ignored", "watch: no sender address"
    try:
        check_game_id(line.game)
    except RefereeError:
        return "ignored", "watch: not a game id"
    with handler.db.session() as session:
        if line.verb == "unwatch":
            if line.code and observers.stop_watch(session, line.game, parsed.sender, line.code):
                return "handled", f"unwatch: {line.game} stopped for this address"
            tagged = unsubscribe_tag_of(email.message_from_bytes(handler.kept), line.game, parsed.sender)
            if not line.code and tagged and observers.stop_watch(session, line.game, parsed.sender, None):
                # the List-Unsubscribe link of a public report: its keyed tag is the proof
                return "handled", f"unwatch: {line.game} stopped for this address (unsubscribe link)"
            return "refused", "unwatch: no observer with this code (nothing sent)"
        if line.code:
            if observers.confirm_watch(session, line.game, parsed.sender, line.code, now):
                if parsed.lang is not None:
                    return _set_language(handler, session, parsed, line)
                return "handled", f"watch: {line.game} confirmed for this address"
            return "refused", "watch: wrong code (nothing sent)"
        try:
            what = observers.request_watch(session, line.game, parsed.sender, now)
        except RefereeError:
            return "ignored", "watch: no such game, a finished game or an unusable address (nothing sent)"
    if what == "code sent":
        handler.replies += 1
        return "handled", f"watch: code sent for {line.game}"
    return "ignored", f"watch: {what}"


def _set_language(
    handler: MailHandler, session: Session, parsed: ParsedMail, line: WatchLine
) -> tuple[str, str]:
    """A confirmed observer's ``lang:`` line: its language set and confirmed, or the languages listed."""
    from adjudicator.mail.commands.lang import known, shown
    from adjudicator.post.letters import queue_letter

    assert parsed.lang is not None and line.code is not None
    now = handler.referee.clock()
    try:
        code = parse_language(parsed.lang)
    except LanguageError:
        game = session.get(Game, line.game)
        lang = observers.observer_language(session, line.game, parsed.sender)
        if game is not None and queue_letter(
            session,
            game=game,
            to=parsed.sender,
            title=lang._("Language"),
            text=lang._(
                "The referee does not write the language %(asked)s. Write one of these codes after "
                "lang: %(known)s. Nothing was changed.",
                asked=shown(parsed.lang),
                known=known(),
            ),
            kind="watch-lang",
            key=(line.game, "unknown", f"{now:%Y%m%d%H%M%S}"),
        ):
            handler.replies += 1
        return "refused", f"watch: {line.game} confirmed; unknown language (answered)"
    if observers.set_language(session, line.game, parsed.sender, line.code, language(code), now):
        handler.replies += 1
        return "handled", f"watch: {line.game} confirmed for this address; language {code}"
    return "handled", f"watch: {line.game} confirmed for this address"


__all__ = ["WatchLine", "handle_watch", "watch_line"]
