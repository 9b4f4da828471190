"""A Mare Nostrum game played by mail, end to end on loopback (orders sent by SMTP to the listener,
every answer received by a real SMTP server), with one seat reading French (``pbem game join
--lang fr``) and one reading English: every mail each seat receives - the turn notice, the
acknowledgements, a reminder, the turn reports - is in its own language, and both seats' reports
hold the same record (the same events, each said in its reader's words, and the same receipts).

Checked: the referee's framing (the French words it must say, and the English framing phrases that
must never reach the French seat, and the French ones never the English seat), and the game's own
words: the French seat writes its orders in the book's French words and reads the board, the
events and the echo of its orders in them."""

from __future__ import annotations

import json
import re
import smtplib
import time
from typing import Any

import pytest
from mailkit import REFEREE, Sink, free_port, orders_mail, parts
from sqlmodel import select

from adjudicator.cli import main
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, EventRecord, Game, Seat, Submission, Turn
from adjudicator.games import get_ruleset
from adjudicator.games.base import Event, Spoken
from adjudicator.games.language import language
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.service import flush_outbox
from adjudicator.mail.sources import Listener
from adjudicator.post.acks import queue_reminder

GAME = "mn"
FRENCH, ENGLISH = "rome", "carthage"

#: What the referee says in French in each kind of mail, and must say.
FRENCH_MARKERS = {
    "notice": ("Date limite :", "Pour envoyer des ordres", "VOUS DEVEZ", "(votre secret)"),
    "ack": ("ORDRES PRIS", "REÇU", "Date limite :"),
    "reminder": ("Rappel pour rome", "Envoyez vos ordres", "Date limite :"),
    "report": ("CE QUI S'EST PASSÉ", "ORDRES (tous révélés)", "GRAINE", "empreinte du registre"),
}
ENGLISH_MARKERS = {
    "notice": ("Deadline:", "To send orders", "YOU OWE", "(your secret)"),
    "ack": ("ORDERS TAKEN", "RECEIPT", "Deadline:"),
    "reminder": ("Reminder for carthage", "Send your orders", "Deadline:"),
    "report": ("WHAT HAPPENED", "ORDERS (all revealed)", "SEED", "record hash"),
}
#: The referee's English framing: none of it may reach the French seat.
ENGLISH_FRAMING = (
    "Deadline",
    "WHAT HAPPENED",
    "ORDERS TAKEN",
    "LINES NOT TAKEN",
    "RECEIPT",
    "Keep the record hash",
    "Seed commitment",
    "To send orders",
    "YOU OWE",
    "What you may write now",
    "If you send nothing",
    "Reply to this mail",
    "NEXT: turn",
    "Reminder for",
    "Send your orders",
    "Every owed order",
    "The last valid orders",
    "report for",
    "(your secret)",
    "DICE (",
)
ENGLISH_SUBJECT_WORDS = ("Report", "Orders accepted", "Reminder", "open:")
#: Mare Nostrum's own English words (board, prompts, events) that the French seat must not read,
#: and their French that the English seat must not read.
ENGLISH_GAME_WORDS = ("Treasury", "Armies", "Fleets", "Provinces (owner", " BC (turn", "stays in garrison")
FRENCH_GAME_WORDS = ("Trésor", "Armées", "Flottes", "av. J.-C.", "garnison")
FRENCH_FRAMING = (
    "Date limite",
    "CE QUI S'EST PASSÉ",
    "ORDRES PRIS",
    "REÇU",
    "GRAINE",
    "Rappel",
    "VOUS DEVEZ",
)
#: The French HTML framing that must be there, and English that must not.
FRENCH_HTML = ('<html lang="fr">', "Date limite")
ENGLISH_HTML = ('<html lang="en">', "Deadline", "What happened", "Orders taken", "Seed commitment")


def send(port: int, raw: bytes, sender: str) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        client.sendmail(sender, [REFEREE], raw)


def wait_for(predicate: Any, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def kind_of(mail: dict[str, Any]) -> str:
    return str(mail["msg"]["Message-ID"]).split("@")[0].split(".")[3]


def received(sink: Sink, seat: str) -> list[dict[str, Any]]:
    return [parts(raw) for _, rcpts, raw in sink.received if rcpts == [f"{seat}@example.org"]]


def join(capsys: pytest.CaptureFixture[str], db: Database, seat: str, *lang: str) -> str:
    """``pbem game join`` as the referee types it; the seat's secret."""
    code = main(["game", "join", GAME, seat, "--email", f"{seat}@example.org", *lang, "--db", db.url])
    out, err = capsys.readouterr()
    assert code == 0, err
    return re.search(r"^secret: (\S+)$", out, re.MULTILINE).group(1)  # type: ignore[union-attr]


def orders(secret: str, seat: str, turn: int, body: str, n: str) -> bytes:
    return orders_mail(
        sender=f"{seat}@example.org",
        game=GAME,
        seat=seat,
        secret=secret,
        turn=turn,
        body=body,
        message_id=f"<{seat}-{turn}-{n}@example.org>",
    )


def report_section(text: str, heading: str, end: str) -> list[str]:
    """The numbered lines of a report's events section (``1. ...``)."""
    section = text.split(heading, 1)[1].split(end, 1)[0]
    return [re.sub(r"^\d+\. ", "", line) for line in section.splitlines() if re.match(r"^\d+\. ", line)]


def test_each_seat_receives_every_mail_in_its_own_language_and_the_same_record(
    db: Database,
    referee: Referee,
    sink: Sink,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    referee.new_game("mare-nostrum", GAME, {"nations": "3"}, deadline="48h")
    with db.session() as session:
        seats = [s.name for s in session.exec(select(Seat).where(Seat.game_id == GAME)).all()]
    assert FRENCH in seats and ENGLISH in seats
    secrets = {FRENCH: join(capsys, db, FRENCH, "--lang", "fr"), ENGLISH: join(capsys, db, ENGLISH)}
    for seat in seats:
        if seat not in secrets:
            referee.join(GAME, seat, bot=True)
    referee.start(GAME)
    listener = Listener(db, "127.0.0.1", free_port(), handler=MailHandler(db, referee)).start()
    try:
        flush_outbox(db)  # the turn notices
        for turn in (1, 2):
            send(
                listener.port,
                orders(secrets[FRENCH], FRENCH, turn, "A1 garnison", "a"),
                f"{FRENCH}@example.org",
            )
            send(
                listener.port,
                orders(secrets[ENGLISH], ENGLISH, turn, "A1 hold\nA2 fly to the moon", "a"),
                f"{ENGLISH}@example.org",
            )
            wait_for(lambda turn=turn: len(listener.results) == 2 * turn)
            assert all(r.status == "handled" for r in listener.results), [r.detail for r in listener.results]
            with db.session() as session:  # a reminder of the deadline to each seat
                game = session.get(Game, GAME)
                row = session.exec(select(Turn).where(Turn.game_id == GAME, Turn.number == turn)).one()
                for seat in (FRENCH, ENGLISH):
                    queue_reminder(session, game, row, seat, "24h")  # type: ignore[arg-type]
            closed = referee.close_turn(GAME, reason="deadline")
            assert closed is not None and closed.outcome is None
            flush_outbox(db)
    finally:
        listener.stop()

    kinds: dict[str, dict[str, int]] = {}
    for seat, markers, absent, html_markers, html_absent in (
        (FRENCH, FRENCH_MARKERS, ENGLISH_FRAMING, FRENCH_HTML, ENGLISH_HTML),
        (ENGLISH, ENGLISH_MARKERS, FRENCH_FRAMING, ENGLISH_HTML[:2], FRENCH_HTML),
    ):
        for mail in received(sink, seat):
            kind = kind_of(mail)
            kinds.setdefault(seat, {}).setdefault(kind, 0)
            kinds[seat][kind] += 1
            subject = str(mail["msg"]["Subject"])
            for marker in markers[kind]:
                assert marker in mail["text"], (seat, kind, marker)
            for phrase in absent + (ENGLISH_GAME_WORDS if seat == FRENCH else FRENCH_GAME_WORDS):
                assert phrase not in mail["text"], (seat, kind, phrase)
            for marker in html_markers:
                assert marker in mail["html"], (seat, kind, marker)
            for phrase in html_absent:
                assert phrase not in mail["html"], (seat, kind, phrase)
            if seat == FRENCH:
                assert not any(word in subject for word in ENGLISH_SUBJECT_WORDS), subject
    # every kind of mail reached both seats: a notice, an ack and a reminder each turn... and reports
    assert kinds[FRENCH] == kinds[ENGLISH] == {"notice": 1, "ack": 2, "reminder": 2, "report": 2}
    french_ack = next(m for m in received(sink, FRENCH) if kind_of(m) == "ack")
    english_ack = next(m for m in received(sink, ENGLISH) if kind_of(m) == "ack")
    assert "Ordres acceptés" in str(french_ack["msg"]["Subject"])
    assert "LINES NOT TAKEN" in english_ack["text"] and "ligne 2 : " not in english_ack["text"]
    # the French orders were taken as the English ones are, and echoed in the book's French words
    assert re.search(r"^ *(?:\d+ +)?A1 garnison\r?$", french_ack["text"], re.MULTILINE), french_ack["text"]
    assert re.search(r"^ *(?:\d+ +)?A1 hold\r?$", english_ack["text"], re.MULTILINE), english_ack["text"]
    with db.session() as session:
        sealed = {
            s.seat: s.canonical for s in session.exec(select(Submission).where(Submission.game_id == GAME))
        }
    assert sealed[FRENCH] == "A1 hold"  # the receipt seals the canonical form, whatever the language

    # the same record: each report's events are the record's events, each said in its reader's
    # words, and both reports list the same receipts
    ruleset = get_ruleset("mare-nostrum")
    for number in (1, 2):
        with db.session() as session:
            events = [
                Event.from_json({"text": e.text, "kind": e.kind, "data": json.loads(e.data_json)})
                for e in session.exec(
                    select(EventRecord)
                    .where(EventRecord.game_id == GAME, EventRecord.turn_number == number)
                    .order_by(EventRecord.seq)  # type: ignore[arg-type]
                ).all()
            ]
        assert events
        (french,) = [
            m
            for m in received(sink, FRENCH)
            if kind_of(m) == "report" and f"tour {number}," in str(m["msg"]["Subject"])
        ]
        (english,) = [
            m
            for m in received(sink, ENGLISH)
            if kind_of(m) == "report" and f"turn {number}," in str(m["msg"]["Subject"])
        ]
        said_in_french = report_section(french["text"], "CE QUI S'EST PASSÉ", "DÉS (")
        said_in_english = report_section(english["text"], "WHAT HAPPENED", "DICE (")
        assert said_in_french == [Spoken(ruleset, language("fr")).event(e) for e in events]
        assert said_in_english == [e.text for e in events]
        assert all(f != e for f, e in zip(said_in_french, said_in_english, strict=True))
        receipts = re.findall(r"^ {4}reçu ([0-9a-f]{64})\r?$", french["text"], re.MULTILINE)
        assert receipts == re.findall(r"^ {4}receipt ([0-9a-f]{64})\r?$", english["text"], re.MULTILINE)
        assert len(receipts) == 3  # every seat's orders, bots' too
