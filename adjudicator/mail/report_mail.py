"""Report mails composed when they are sent, from what the close stored once.

The close (:func:`adjudicator.reports.on_close`) stores each seat's text and HTML report and
each distinct board of the turn (:class:`~adjudicator.store.TurnPicture`), and queues a
reference. Here the MIME is built from those: the PNG of a board is converted the first time
a mail needs it and kept with the turn, so every seat showing the same board shares one
conversion and one stored picture. The Message-ID, recipient and subject are the queued
row's; the Date is when the mail was queued, so composing the same row again gives the same
bytes (a Maildir rewritten after a crash holds the same message).
"""

from __future__ import annotations

import hashlib
import re

from sqlmodel import Session, select

from adjudicator.mail.compose import compose
from adjudicator.mail.ics import turn_deadline_attachment
from adjudicator.pictures import svg_to_png
from adjudicator.store import OutboxMessage, Report, TurnPicture, as_utc

#: Where a stored HTML report had its board: the drawing is kept once per turn (TurnPicture), not
#: once per seat. Player text is escaped in every HTML report, so it can never write this mark.
_BOARD = re.compile(r"<!--pbem-board:([0-9a-f]{64})-->")


def board_mark(digest: str) -> str:
    return f"<!--pbem-board:{digest}-->"


def expand_boards(session: Session, game_id: str, number: int, body: str) -> str:
    """``body`` with every board mark replaced by the drawing kept with turn ``number``."""
    if "<!--pbem-board:" not in body:
        return body
    drawings: dict[str, str] = {}

    def drawing(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in drawings:
            drawings[key] = (
                session.exec(
                    select(TurnPicture.svg).where(
                        TurnPicture.game_id == game_id,
                        TurnPicture.turn_number == number,
                        TurnPicture.digest == key,
                    )
                ).first()
                or ""
            )
        return drawings[key]

    return _BOARD.sub(drawing, body)


class ComposeError(RuntimeError):
    """What a queued reference points to is gone (its turn was rolled back): the mail is failed."""


def picture_png(session: Session, game_id: str, number: int, digest: str) -> bytes | None:
    """The PNG of a kept board, converted (and kept) the first time it is asked for."""
    row = session.exec(
        select(TurnPicture).where(
            TurnPicture.game_id == game_id, TurnPicture.turn_number == number, TurnPicture.digest == digest
        )
    ).first()
    if row is None:
        return None
    if row.png is None:
        png = svg_to_png(row.svg)
        if png is None:
            return None
        row.png = png
        session.add(row)
    return row.png


def picture_name(game_id: str, number: int) -> str:
    return f"{game_id}-turn-{number:03d}.png"


def composed(session: Session, row: OutboxMessage) -> bytes:
    """The MIME bytes of a mail queued by reference: a report, or an acknowledgement of orders
    (``compose = 'ack'``: :func:`adjudicator.mail.acks.composed_ack`)."""
    if row.compose == "ack":
        from adjudicator.mail.acks import composed_ack

        return composed_ack(row)
    if row.compose != "report" or row.game_id is None or row.turn_number is None or row.seat is None:
        raise ComposeError(f"{row.message_id}: not a report queued by reference")
    bodies = {
        r.format: expand_boards(session, row.game_id, row.turn_number, r.body)
        for r in session.exec(
            select(Report).where(
                Report.game_id == row.game_id, Report.turn_number == row.turn_number, Report.seat == row.seat
            )
        ).all()
    }
    if "text" not in bodies:
        raise ComposeError(
            f"{row.message_id}: the report of turn {row.turn_number} for {row.seat} is gone (rolled back?)"
        )
    attachments: list[tuple[str, str, bytes]] = []
    if row.picture:
        png = picture_png(session, row.game_id, row.turn_number, row.picture)
        if png:
            attachments.append((picture_name(row.game_id, row.turn_number), "image/png", png))
    attachments += turn_deadline_attachment(session, row.game_id, row.turn_number + 1, row.seat)
    msg = compose(
        to=row.to_addr,
        subject=row.subject,
        text=bodies["text"],
        html=bodies.get("html"),
        message_id=row.message_id,
        date=as_utc(row.created_at),
        attachments=attachments,
    )
    for n, part in enumerate(p for p in msg.walk() if p.is_multipart()):
        # the email package draws boundaries at random: derive them, so the same row gives the same bytes
        part.set_boundary("=_" + hashlib.sha256(f"{row.message_id}:{n}".encode()).hexdigest()[:40])
    return msg.as_bytes()
