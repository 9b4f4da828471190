"""Grey press is alike whoever wrote it: every header, the Message-ID, the MIME parts and the time
it is relayed are the same, byte for byte, for the same words from another seat."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes
from email.policy import default
from pathlib import Path

from mailkit import orders_mail, outbox_rows

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, as_utc
from adjudicator.mail.handler import MailHandler
from adjudicator.table.press import grey_slot, set_mode

ADDRESSES = {"north": "north@example.org", "south": "south@example.org", "east": "east@example.org"}
WRITTEN = datetime(2026, 11, 22, 12, 7, tzinfo=UTC)


def grey_press_to_south(folder: Path, sender: str, other: str, at: datetime) -> bytes:
    """In a fresh three-seat grey game, ``sender`` writes to south and ``other``; what south gets."""
    folder.mkdir()
    db = Database(f"sqlite:///{folder / 'pbem.db'}")
    db.migrate()
    try:
        referee = Referee(db, clock=lambda: at)
        referee.new_game("toy-guess", "club", {"seats": "3", "points": "5"}, deadline="48h")
        secrets = {name: referee.join("club", name, email=address) for name, address in ADDRESSES.items()}
        referee.start("club")
        set_mode(db, "club", "grey")
        raw = orders_mail(
            game="club",
            seat=sender,
            secret=secrets[sender],
            sender=ADDRESSES[sender],
            turn=1,
            body=f"press to south, {other}\nMeet me at the river.",
            message_id=f"<press-{sender}@x.org>",
        )
        assert MailHandler(db, referee).handle(raw).status == "handled"
        [row] = [r for r in outbox_rows(db, "press") if r.to_addr == ADDRESSES["south"]]
        assert as_utc(row.next_attempt_at) == grey_slot(at)  # held until its slot, not sent at once
        return row.raw
    finally:
        db.dispose()


def test_grey_press_from_two_different_seats_is_byte_for_byte_the_same(tmp_path: Path) -> None:
    from_north = grey_press_to_south(tmp_path / "a", "north", "east", WRITTEN)
    from_east = grey_press_to_south(tmp_path / "b", "east", "north", WRITTEN.replace(minute=41))
    assert from_north == from_east
    mail = message_from_bytes(from_north, policy=default)
    assert mail["Date"] == "Sun, 22 Nov 2026 13:00:00 +0000"  # the slot, not the time it was written
    text = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "To: you and 1 other seat(s)" in text
    for name in ("north", "east"):
        assert name not in from_north.decode().lower()


def test_grey_press_is_relayed_at_the_next_full_slot() -> None:
    assert grey_slot(datetime(2026, 11, 22, 12, 7, tzinfo=UTC)) == datetime(2026, 11, 22, 13, 0, tzinfo=UTC)
    assert grey_slot(datetime(2026, 11, 22, 23, 59, tzinfo=UTC)) == datetime(2026, 11, 23, 0, 0, tzinfo=UTC)
