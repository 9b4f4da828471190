"""``report``: the seat's report of the last closed turn, sent again."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import select

from adjudicator.core.store import Seat, Turn
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.inbound import ParsedMail
from adjudicator.post import acks
from adjudicator.publish.reports import stored_report


def run(desk: Desk, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    lang = desk.lang(seat)
    with desk.db.session() as session:
        game = desk.referee.game(session, seat.game_id)
        last = session.exec(
            select(Turn).where(Turn.game_id == game.id, Turn.status == "closed").order_by(Turn.number.desc())  # type: ignore[attr-defined]
        ).first()
        text = html = None
        if last is not None:
            text = stored_report(session, game.id, last.number, seat.name, "text")
            html = stored_report(session, game.id, last.number, seat.name, "html")
        if last is None or text is None:
            reply = lang._("No turn has closed yet, so there is no report to send.")
            if acks.queue_reply(
                session,
                game=game,
                seat=seat,
                title=lang._("Report"),
                text=reply,
                inbound_id=parsed.message_id,
                command="report",
            ):
                desk.replies += 1
            return f"command report: no report yet for {game.id}"
        if acks.queue_report_copy(
            session, game=game, seat=seat, turn=last, text=text, html=html, inbound_id=parsed.message_id
        ):
            desk.replies += 1
        return f"command report: turn {last.number} sent again to {seat.name}"
