"""A seat's secret is not kept at rest: wherever a mail writes it (the subject, prose, a quoted
mail), and in a sign-up letter that could not be delivered."""

from __future__ import annotations

from mailkit import orders_mail
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, InboundMessage, OutboxMessage, utcnow
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.outbound import _mark_failed
from adjudicator.post import outbox


def test_a_secret_written_outside_a_secret_line_is_not_kept(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    secret = toy_game["north"]
    raw = orders_mail(
        sender="someone@elsewhere.example",  # not the seat's address: kept a week as unverified mail
        secret=None,
        subject=f"my secret is {secret}",
        body=f"guess 3\n\nI think my secret was {secret}, is that right?\n> secret was {secret}",
    )
    assert MailHandler(db, referee).handle(raw).status in ("refused", "ignored")
    with db.session() as session:
        [row] = session.exec(select(InboundMessage)).all()
    assert secret.encode() not in row.raw
    assert b"guess 3" in row.raw


def test_a_sign_up_letter_that_fails_for_good_does_not_keep_the_secret(db: Database) -> None:
    secret = "Zq3xY8wL1mN0pR7sT2uV5w"
    with db.session() as session:
        for n in (1, 2):
            outbox.queue(
                session,
                message_id=f"<seat-{n}@pbem.test>",
                raw=f"Subject: your seat\r\n\r\nsecret: {secret}\r\n".encode(),
                to_addr="new@example.org",
                subject="your seat",
                kind="seat",
            )
    with db.session() as session:
        first, second = session.exec(select(OutboxMessage).order_by(OutboxMessage.id)).all()  # type: ignore[arg-type]
    assert first.id is not None and second.id is not None
    _mark_failed(db, first.id, "550 no such user", utcnow(), permanent=True)  # refused by the server
    outbox.mark_failed(db, second.id, "cannot be composed")
    with db.session() as session:
        rows = session.exec(select(OutboxMessage)).all()
    assert [r.status for r in rows] == ["failed", "failed"]
    assert all(secret.encode() not in r.raw for r in rows)
