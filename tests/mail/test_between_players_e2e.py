"""Press and observers end to end over real SMTP on loopback: mail sent by SMTP to the referee's
listener, the referee's mail received by an SMTP server (aiosmtpd), the hostile cases included."""

from __future__ import annotations

import itertools
import re
import smtplib
import time
from collections.abc import Iterator
from email.message import EmailMessage

import pytest
from mailkit import REFEREE, Sink, free_port, orders_mail, parts

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.service import flush_outbox
from adjudicator.mail.sources import Listener

_ids = itertools.count()


def send(port: int, raw: bytes, sender: str) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        client.sendmail(sender, [REFEREE], raw)


def wait_for(predicate, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def plain(body: str, sender: str, subject: str = "hi") -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = REFEREE
    msg["Subject"] = subject
    msg["Message-ID"] = f"<e2e{next(_ids)}@example.net>"
    msg.set_content(body + "\n")
    return msg.as_bytes()


def header_block(raw: bytes) -> bytes:
    return re.split(rb"\r?\n\r?\n", raw, maxsplit=1)[0]


@pytest.fixture
def listener(
    db: Database, referee: Referee, sink: Sink, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Listener]:
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    running = Listener(db, "127.0.0.1", free_port(), handler=MailHandler(db, referee)).start()
    yield running
    running.stop()


def deliver(
    listener: Listener, db: Database, sink: Sink, raw: bytes, sender: str
) -> list[tuple[list[str], bytes]]:
    """Send one mail to the listener, wait for its handling, flush; what the sink received from it."""
    before, handled = len(sink.received), len(listener.results)
    send(listener.port, raw, sender)
    wait_for(lambda: len(listener.results) == handled + 1)
    flush_outbox(db)
    return [(rcpts, data) for _, rcpts, data in sink.received[before:]]


def test_press_over_smtp_signed_forged_and_hostile(
    db: Database, listener: Listener, sink: Sink, toy_game: dict[str, str]
) -> None:
    flush_outbox(db)  # the turn 1 notices
    # a seat's press: to the named seat only, signed, no address but the recipient's own
    press = orders_mail(secret=toy_game["north"], turn=1, body="press to south\nLet us both guess 3.")
    got = deliver(listener, db, sink, press, "north@example.org")
    by_rcpt = {rcpts[0]: parts(data) for rcpts, data in got}
    assert sorted(by_rcpt) == ["north@example.org", "south@example.org"]  # the relay and the receipt
    relayed = by_rcpt["south@example.org"]
    assert str(relayed["msg"]["Subject"]) == "[toy] Press from north, turn 1"
    assert "Let us both guess 3." in relayed["text"] and "north@example.org" not in relayed["text"]
    assert "Press relayed" in by_rcpt["north@example.org"]["text"]

    # forged From and wrong secret: a fixed note to north's registered address only, nothing relayed
    for raw, sender in (
        (
            orders_mail(
                secret=toy_game["north"], sender="mallory@evil.example", turn=None, body="press to south\nX1"
            ),
            "mallory@evil.example",
        ),
        (orders_mail(secret="wrong-secret", turn=None, body="press to south\nX2"), "north@example.org"),
    ):
        got = deliver(listener, db, sink, raw, sender)
        assert [rcpts for rcpts, _ in got] == [["north@example.org"]]
        assert b"X1" not in got[0][1] and b"X2" not in got[0][1] and b"mallory" not in got[0][1]
        assert listener.results[-1].status == "refused"

    # CR/LF and <script> in the text: never in a header, escaped in the HTML
    hostile = "press to south\nSubject: pwned\r\nBcc: victim@example.org\r\n<script>alert(1)</script>"
    got = deliver(
        listener,
        db,
        sink,
        orders_mail(secret=toy_game["north"], turn=1, body=hostile),
        "north@example.org",
    )
    [data] = [d for r, d in got if r == ["south@example.org"]]
    head = header_block(data)
    assert b"pwned" not in head and b"victim" not in head and b"Bcc" not in head
    mail = parts(data)
    assert "<script>" not in mail["html"] and "&lt;script&gt;" in mail["html"]


def test_watching_over_smtp_one_code_then_public_reports_only(
    db: Database, referee: Referee, listener: Listener, sink: Sink, toy_game: dict[str, str]
) -> None:
    flush_outbox(db)
    fan = "fan@example.net"
    got = deliver(listener, db, sink, plain("watch toy", fan, subject="<script>x</script>"), fan)
    assert [rcpts for rcpts, _ in got] == [[fan]]
    code_mail = parts(got[0][1])
    assert b"script" not in got[0][1]
    code = re.search(r"watch toy (\S+)", code_mail["text"]).group(1)  # type: ignore[union-attr]

    # asking again, hostile lines, wrong codes: the referee sends nothing more to anyone
    for body in ("watch toy", "watch toy\r\nBcc: victim@example.org", "watch toy wrongcode0", "unwatch toy"):
        assert deliver(listener, db, sink, plain(body, fan), fan) == []
    assert deliver(listener, db, sink, plain("watch toy", "victim@example.org"), "victim@example.org") != []
    assert deliver(listener, db, sink, plain("watch toy", "victim@example.org"), "victim@example.org") == []
    assert (
        deliver(listener, db, sink, plain(f"watch toy {code}", "victim@example.org"), "victim@example.org")
        == []
    )

    # the code comes back from the address it went to: reports of each turn follow, public ones only
    assert deliver(listener, db, sink, plain(f"watch toy {code}", fan), fan) == []
    referee.submit("toy", "north", "secret HIDDEN-NOTE\nguess 2", toy_game["north"])
    referee.submit("toy", "south", "guess 5", toy_game["south"])
    before = len(sink.received)
    referee.close_turn("toy")
    flush_outbox(db)
    to_fan = [data for _, rcpts, data in sink.received[before:] if rcpts == [fan]]
    assert len(to_fan) == 1
    report = parts(to_fan[0])
    assert "Public report: turn 1" in str(report["msg"]["Subject"])
    assert b"HIDDEN-NOTE" not in to_fan[0] and b"@example.org" not in to_fan[0]

    # unwatch with the code: no more reports
    assert deliver(listener, db, sink, plain(f"unwatch toy {code}", fan), fan) == []
    referee.submit("toy", "north", "guess 2", toy_game["north"])
    referee.submit("toy", "south", "guess 5", toy_game["south"])
    before = len(sink.received)
    referee.close_turn("toy")
    flush_outbox(db)
    assert [rcpts for _, rcpts, _ in sink.received[before:] if rcpts == [fan]] == []
