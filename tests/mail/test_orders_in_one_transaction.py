"""Authenticated orders by mail are handled in one transaction (adjudicator/mail/orders_path.py):
both or neither, never twice, and stored exactly as the general path stores them."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from mailkit import mail_bytes, orders_mail, outbox_rows, parts
from sqlalchemy import event
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, InboundMessage, Submission
from adjudicator.mail import orders_path
from adjudicator.mail.handler import MailHandler


def commits(db: Database) -> list[str]:
    """A list that grows by one at every COMMIT on ``db`` (SQLite: as its driver runs it)."""
    seen: list[str] = []
    if not db.is_sqlite:
        event.listen(db.engine, "commit", lambda _connection: seen.append("COMMIT"))
        return seen
    db.engine.dispose()  # every connection from now on is traced

    def trace(connection: Any, _record: Any) -> None:
        connection.set_trace_callback(
            lambda sql: seen.append(sql) if sql.upper().startswith("COMMIT") else None
        )

    event.listen(db.engine, "connect", trace)
    return seen


def stored(db: Database) -> dict[str, list[Any]]:
    with db.session() as session:
        return {
            "submissions": list(session.exec(select(Submission).order_by(Submission.id)).all()),  # type: ignore[arg-type]
            "inbound": list(session.exec(select(InboundMessage).order_by(InboundMessage.id)).all()),  # type: ignore[arg-type]
        }


def test_authenticated_orders_take_one_commit(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    seen = commits(db)
    handled = handler.handle(
        orders_mail(secret=toy_game["north"], body="guess 3", message_id="<o1@example.org>")
    )
    assert handled.status == "handled" and handled.replies == 1
    assert len(seen) == 1
    handled = handler.handle(
        orders_mail(secret=toy_game["north"], body="gues 4", message_id="<o2@example.org>")
    )
    assert handled.status == "refused" and "orders rejected: 1 problem(s); ack sent" in handled.detail
    assert len(seen) == 2  # rejected orders too: stored as rejected, the ack says why


def test_a_forged_mail_is_left_to_the_general_path_and_never_counted_as_verified(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    forged = handler.handle(orders_mail(sender="mallory@example.org", secret=toy_game["north"]))
    wrong = handler.handle(orders_mail(secret="not-the-secret", message_id="<w@example.org>"))
    assert forged.status == wrong.status == "refused"
    rows = stored(db)
    assert rows["submissions"] == [] and [r.verified for r in rows["inbound"]] == [False, False]
    notes = outbox_rows(db, "unverified")
    assert len(notes) == 2 and all(r.to_addr == "north@example.org" for r in notes)  # the registered address
    assert outbox_rows(db, "ack") == []


def test_a_process_killed_mid_mail_leaves_nothing_and_the_mail_is_handled_once_when_it_comes_again(
    db: Database, handler: MailHandler, toy_game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = orders_mail(secret=toy_game["north"], body="guess 3", message_id="<killed@example.org>")

    def killed(*_args: object, **_kwargs: object) -> bytes:
        raise SystemExit("killed")  # not an Exception: nothing in the handler catches it

    monkeypatch.setattr(orders_path, "record_of", killed)  # the last step before the commit
    with pytest.raises(SystemExit):
        handler.handle(raw, "maildir")
    assert stored(db) == {"submissions": [], "inbound": []} and outbox_rows(db, "ack") == []
    monkeypatch.undo()
    assert handler.handle(raw, "maildir").status == "handled"
    assert handler.handle(raw, "maildir").status == "duplicate"
    rows = stored(db)
    assert len(rows["submissions"]) == 1 and len(rows["inbound"]) == 1 and len(outbox_rows(db, "ack")) == 1


def _same_mails_both_ways(
    tmp_path: Path, clock: Any, fast: bool, monkeypatch: pytest.MonkeyPatch
) -> Database:
    db = Database(f"sqlite:///{tmp_path / ('fast' if fast else 'general')}.db")
    db.migrate()
    referee = Referee(db, clock=clock)
    referee.new_game("toy-guess", "toy", {"points": "2"}, deadline="48h")
    secret = referee.join("toy", "north", email="north@example.org", name="Ana") or ""
    referee.join("toy", "south", email="south@example.org", name="Ben")
    referee.start("toy")
    with monkeypatch.context() as patch:
        if not fast:
            patch.setattr(orders_path, "eligible", lambda *_: False)
        handler = MailHandler(db, referee)
        mails = ["guess 3", "guess 3\ngues 4", "guess 9\ngues 4", "# plan\nguess 5", "guess 5", "pass"]
        for n, body in enumerate(mails):  # the second has a line left out, the third none taken
            handler.handle(orders_mail(secret=secret, body=body, message_id=f"<m{n}@example.org>"))
    return db


def test_the_one_transaction_path_stores_what_the_general_path_stores(
    tmp_path: Path, clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    both = [_same_mails_both_ways(tmp_path, clock, fast, monkeypatch) for fast in (True, False)]

    def receipt_free(text: str) -> str:
        return re.sub(r"\b[0-9a-f]{64}\b", "RECEIPT", text)

    def seen(db: Database) -> list[Any]:
        rows = stored(db)
        subs = [
            (
                s.seat,
                s.request_key,
                s.text,
                s.canonical,
                s.status,
                s.final,
                s.problems_json,
                s.lines_json,
                s.source,
            )
            for s in rows["submissions"]
        ]
        inbound = [
            (r.message_id, r.status, receipt_free(r.result or ""), r.verified, r.raw) for r in rows["inbound"]
        ]
        acks = []
        for row in outbox_rows(db, "ack"):
            record = json.loads(row.raw)
            record["result"]["receipt"] = ""
            text = parts(mail_bytes(row))
            acks.append((row.message_id, row.to_addr, row.subject, record, receipt_free(text["text"])))
        return [subs, inbound, acks]

    fast, general = (seen(db) for db in both)
    assert fast == general
    times = [
        [
            sqlite3.connect(db.url.split("///", 1)[1]).execute(query).fetchall()
            for query in (
                "SELECT created_at FROM submission ORDER BY id",
                "SELECT received_at FROM inboundmessage ORDER BY id",
                "SELECT length(created_at), substr(created_at, 11, 1) FROM outboxmessage WHERE kind = 'ack'",
            )
        ]
        for db in both
    ]
    assert times[0] == times[1]  # stored as SQLAlchemy stores them: the rate limit and expiry compare them
    statuses = ["superseded", "superseded", "rejected", "superseded", "superseded", "accepted"]
    assert [s[4] for s in fast[0]] == statuses
    assert [json.loads(s[6])[0]["line"] for s in fast[0][1:3]] == [2, 1]  # the lines not taken, both ways


def test_authenticated_orders_take_one_commit_on_postgresql(pg_db: Database, clock: Any) -> None:
    referee = Referee(pg_db, clock=clock)
    referee.new_game("toy-guess", "toy", {"points": "2"}, deadline="48h")
    secret = referee.join("toy", "north", email="north@example.org", name="Ana") or ""
    referee.join("toy", "south", email="south@example.org", name="Ben")
    referee.start("toy")
    handler = MailHandler(pg_db, referee)
    seen = commits(pg_db)
    raw = orders_mail(secret=secret, body="guess 3", message_id="<pg1@example.org>")
    assert handler.handle(raw).status == "handled" and len(seen) == 1
    assert (
        handler.handle(orders_mail(secret=secret, body="guess 4", message_id="<pg2@example.org>")).replies
        == 1
    )
    assert handler.handle(raw).status == "duplicate"
    assert [s.status for s in stored(pg_db)["submissions"]] == ["superseded", "accepted"]
    second = parts(mail_bytes(outbox_rows(pg_db, "ack")[1]))["text"]
    assert "-guess 3" in second and "+guess 4" in second
