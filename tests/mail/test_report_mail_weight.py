"""A report mail is light: one picture (a palette PNG shown in place of the drawing), and a
6-seat Mare Nostrum report mail weighs at most 150 KB with it."""

from __future__ import annotations

from email import message_from_bytes
from email.policy import default

from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import OutboxMessage
from adjudicator.mail.delivery import message_bytes

LIMIT = 150_000
PALETTE = 3  # the PNG colour type of an indexed image


def test_a_six_seat_mare_nostrum_report_mail_weighs_at_most_150_kb_with_one_picture(referee: Referee) -> None:
    _game, seats, _secret = referee.new_game("mare-nostrum", "light", {"nations": "6"}, deadline="48h")
    for seat in seats:
        referee.join("light", seat, email=f"{seat.lower()}@example.org", name=seat)
    referee.start("light")
    assert referee.close_turn("light") is not None
    with referee.db.session() as session:
        rows = session.exec(select(OutboxMessage).where(OutboxMessage.kind == "report")).all()
    assert len(rows) == 6
    for row in rows:
        raw = message_bytes(referee.db, row)
        assert len(raw) <= LIMIT, f"{row.seat}'s report mail weighs {len(raw)} bytes"
        msg = message_from_bytes(raw, policy=default)
        pictures = [p for p in msg.walk() if p.get_content_maintype() == "image"]
        assert len(pictures) == 1
        png = pictures[0].get_content()
        assert png[25] == PALETTE
        html = msg.get_body(("html",))
        assert html is not None and "<svg" not in html.get_content()
