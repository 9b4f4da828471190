"""The plain answer of a command: a titled text mailed to the seat."""

from __future__ import annotations

from adjudicator.core.store import Game, Seat
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.inbound import ParsedMail
from adjudicator.post import acks


def answer(desk: Desk, parsed: ParsedMail, game: Game, seat: Seat, title: str, text: str) -> str:
    """Queue ``text`` under ``title`` for the seat; the line the handler records."""
    command = parsed.command or ""
    with desk.db.session() as session:
        if acks.queue_reply(
            session,
            game=game,
            seat=seat,
            title=title,
            text=text,
            inbound_id=parsed.message_id,
            command=command,
        ):
            desk.replies += 1
    return f"command {command} answered for {game.id}/{seat.name}"
