"""``history``: the game's turns, with their record hashes and the referee's adjustments."""

from __future__ import annotations

import logging
from datetime import datetime

from sqlmodel import select

from adjudicator.core.store import Game, Seat, Turn, as_utc
from adjudicator.games.base import Spoken
from adjudicator.games.language import ENGLISH, N_, Language
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.commands.reply import answer
from adjudicator.mail.inbound import ParsedMail
from adjudicator.publish.reports import close_reason
from adjudicator.table.adjustments import entry_of, entry_rows

log = logging.getLogger(__name__)

#: a game's status, as the ``history`` answer names it
GAME_STATUS = {"setup": N_("setup"), "running": N_("running"), "paused": N_("paused"), "over": N_("over")}


def history_text(desk: Desk, game: Game, lang: Language = ENGLISH) -> str:
    try:  # the archive's own summary, when the archive module provides `summary(db, game_id) -> str`
        from adjudicator.publish import archive

        summary = getattr(archive, "summary", None)
        if callable(summary):
            return str(summary(desk.db, game.id))
    except Exception:  # no archive, or its summary failed: the plain list of turns below
        log.warning("the archive's summary of %s is not available", game.id, exc_info=True)
    with desk.db.session() as session:
        turns = session.exec(
            select(Turn).where(Turn.game_id == game.id).order_by(Turn.number)  # type: ignore[arg-type]
        ).all()
        spoken = Spoken(desk.referee.ruleset_of(game), lang)
        word = lang._("turn")
        status = lang.gettext(GAME_STATUS[game.status]) if game.status in GAME_STATUS else game.status
        lines = [f"{game.id}: {game.ruleset}, {status}", ""]
        adjusted = [entry_of(row) for row in entry_rows(session, game.id)]
        for turn in turns:
            for entry in (e for e in adjusted if e["after_turn"] == turn.number - 1):
                lines.append(
                    lang._(
                        "adjustment %(number)s by %(by)s (pbem referee adjust)",
                        number=entry["number"],
                        by=entry["by"],
                    )
                )
                lines.append("          " + lang._("record %(hash)s", hash=entry["record_hash"]))
            when = as_utc(turn.closed_at)
            closed = (
                lang._(
                    "closed %(when)s UTC (%(reason)s)",
                    when=f"{when:%Y-%m-%d %H:%M}",
                    reason=close_reason(turn.close_reason or "", lang),
                )
                if when
                else lang._("open")
            )
            label = spoken.label(turn.label)
            lines.append(f"{word} {turn.number:3}  {label:30} {closed}")
            if turn.record_hash:
                lines.append("          " + lang._("record %(hash)s", hash=turn.record_hash))
    return "\n".join(lines)


def run(desk: Desk, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    lang = desk.lang(seat)
    with desk.db.session() as session:
        game = desk.referee.game(session, seat.game_id)
    return answer(desk, parsed, game, seat, lang._("History"), history_text(desk, game, lang))
