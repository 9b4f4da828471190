"""``absence``, ``resign``, ``confirm``, ``propose``, ``vote``: a seat's actions between turns
(:mod:`adjudicator.mail.between` does each)."""

from __future__ import annotations

from datetime import datetime

from adjudicator.core.store import Seat
from adjudicator.mail import between
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.inbound import ParsedMail

WORDS = between.SEAT_ACTIONS


def run(desk: Desk, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    try:
        done = between.handle_seat_action(desk.referee, parsed, seat, desk.lang(seat))
    except between.Refusal as exc:
        desk.refuse(seat, parsed, str(exc), now)
    desk.replies += done.replies
    return done.detail
