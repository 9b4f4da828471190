"""Sign-up, absences, resignation and draws end to end over real SMTP on loopback: mails sent to the
listener, the referee's answers received by an SMTP server (aiosmtpd), hostile cases included."""

from __future__ import annotations

import smtplib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from between_kit import REFEREE_HOME, SECRET, club_game, plain_mail, seat_mail
from mailkit import REFEREE, Sink, free_port, outbox_rows, parts

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.service import flush_outbox
from adjudicator.mail.sources import Listener
from adjudicator.publish.archive import export_game
from adjudicator.publish.verify import verify_archive
from adjudicator.table.signup import set_terms


class Post:
    """The listener (real SMTP in), the sink (real SMTP out) and what each address received."""

    def __init__(self, db: Database, referee: Referee, sink: Sink) -> None:
        self.db = db
        self.sink = sink
        self.listener = Listener(db, "127.0.0.1", free_port(), handler=MailHandler(db, referee)).start()

    def send(self, raw: bytes, sender: str) -> Any:
        count = len(self.listener.results)
        with smtplib.SMTP("127.0.0.1", self.listener.port, timeout=10) as client:
            client.sendmail(sender, [REFEREE], raw)
        end = time.monotonic() + 10
        while len(self.listener.results) == count and time.monotonic() < end:
            time.sleep(0.02)
        assert len(self.listener.results) > count, "the listener did not answer"
        flush_outbox(self.db)
        return self.listener.results[-1]

    def inbox(self, address: str) -> list[dict[str, Any]]:
        return [parts(raw) for _, rcpts, raw in self.sink.received if rcpts == [address]]

    def everything(self) -> list[tuple[list[str], bytes]]:
        return [(rcpts, raw) for _, rcpts, raw in self.sink.received]


@pytest.fixture
def post(db: Database, referee: Referee, sink: Sink, monkeypatch: pytest.MonkeyPatch) -> Iterator[Post]:
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    box = Post(db, referee, sink)
    yield box
    box.listener.stop()


def code_from(mail: dict[str, Any]) -> str:
    import re

    found = re.search(r"confirm ([A-Z0-9-]{14})", mail["text"])
    assert found, mail["text"]
    return found.group(1)


def test_signup_by_mail_over_smtp_sends_one_code_then_the_seat(
    post: Post, db: Database, referee: Referee
) -> None:
    club_game(referee, db)
    hostile = plain_mail(
        "ana@example.org", "join club north", subject="=?utf-8?q?=3Cscript=3E=0D=0ABcc=3A_x=40y.z?="
    )
    hostile = hostile.replace(
        b"From: ana@example.org", b'From: "<script>alert(1)</script>" <ana@example.org>'
    )
    assert post.send(hostile, "ana@example.org").status == "handled"
    # asked again, with markup, or confirmed from another address: nothing more is ever sent
    post.send(plain_mail("ana@example.org", "join club south", message_id="<again@x.org>"), "ana@example.org")
    post.send(plain_mail("ben@example.org", "join club <script>alert(1)</script>"), "ben@example.org")
    [code_mail] = post.inbox("ana@example.org")
    assert str(code_mail["msg"]["Subject"]) == "[club] Your sign-up code"
    code = code_from(code_mail)
    assert post.send(plain_mail("eve@example.org", f"confirm {code}"), "eve@example.org").status == "ignored"
    assert post.everything() == [(["ana@example.org"], post.sink.received[0][2])]  # the one code mail, only
    # the code comes back from its address: the seat and its secret
    assert post.send(
        plain_mail("ana@example.org", f"confirm {code}", message_id="<ok@x.org>"), "ana@example.org"
    )
    seat_mail_ = post.inbox("ana@example.org")[1]
    assert "seat: north" in seat_mail_["text"] and SECRET.search(seat_mail_["text"])
    assert any("Seat north taken" in str(m["msg"]["Subject"]) for m in post.inbox(REFEREE_HOME))
    secret = SECRET.search(seat_mail_["text"]).group(1)  # type: ignore[union-attr]
    kept = [r.raw for r in outbox_rows(db)]  # once sent, the letter with the secret keeps only its headers
    assert kept and not any(secret.encode() in raw for raw in kept)
    # the second player fills the game, which starts: both seats get turn 1's notice
    post.send(plain_mail("ben@example.org", "join club", message_id="<b1@x.org>"), "ben@example.org")
    ben_code = code_from(post.inbox("ben@example.org")[0])
    result = post.send(
        plain_mail("ben@example.org", f"confirm {ben_code}", message_id="<b2@x.org>"), "ben@example.org"
    )
    assert "started" in result.detail
    assert any("Turn 1" in str(m["msg"]["Subject"]) for m in post.inbox("ben@example.org"))
    for _rcpts, raw in post.everything():
        head = raw.split(b"\r\n\r\n", 1)[0].lower()
        assert b"script" not in head and b"bcc" not in head
        html = parts(raw).get("html") or ""
        assert "<script" not in html


def test_absence_over_smtp_moves_the_deadline_or_is_refused_with_the_allowance_left(
    post: Post, db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    set_terms(db, "toy", absence_days=3)
    forged = seat_mail("north", toy_game["north"], "absence 2026-11-24 2026-11-25", sender="eve@example.org")
    assert post.send(forged, "eve@example.org").status == "refused"
    assert post.inbox("eve@example.org") == []
    ok = post.send(
        seat_mail("north", toy_game["north"], "absence 2026-11-24 2026-11-25"), "north@example.org"
    )
    assert ok.status == "handled", ok.detail
    for seat in ("north", "south"):
        [moved] = [m for m in post.inbox(f"{seat}@example.org") if "New deadline" in str(m["msg"]["Subject"])]
        assert "2026-11-26 00:00 UTC" in moved["text"]
    too_long = seat_mail("north", toy_game["north"], "absence 2026-12-01 2026-12-05")
    assert post.send(too_long, "north@example.org").status == "refused"
    [refusal] = [m for m in post.inbox("north@example.org") if "Not taken" in str(m["msg"]["Subject"])][-1:]
    assert "1 of 3 days" in refusal["text"]


def test_resign_over_smtp_needs_the_code_and_a_forged_one_changes_nothing(
    post: Post, db: Database, referee: Referee
) -> None:
    referee.new_game("toy-guess", "toy", {"points": "9"}, referee_email=REFEREE_HOME)
    secrets = {s: referee.join("toy", s, email=f"{s}@example.org") for s in ("north", "south")}
    referee.start("toy")
    assert post.send(seat_mail("south", "wrong", "resign"), "south@example.org").status == "refused"
    assert post.send(
        seat_mail("south", secrets["south"], "resign", sender="eve@example.org"), "eve@example.org"
    )
    assert not [m for m in post.inbox("south@example.org") if "resignation" in str(m["msg"]["Subject"])]
    post.send(seat_mail("south", secrets["south"], "resign", game="toy"), "south@example.org")
    [code_mail] = [
        m for m in post.inbox("south@example.org") if "Confirm your resignation" in str(m["msg"]["Subject"])
    ]
    confirm = seat_mail("south", secrets["south"], f"confirm {code_from(code_mail)}")
    assert post.send(confirm, "south@example.org").status == "handled"
    assert any("Seat south resigned" in str(m["msg"]["Subject"]) for m in post.inbox(REFEREE_HOME))
    # the resigned player's secret no longer works
    late = seat_mail("south", secrets["south"], "propose draw")
    assert post.send(late, "south@example.org").status == "refused"


def test_a_draw_over_smtp_ends_the_game_and_the_archive_verifies(
    post: Post, db: Database, referee: Referee, toy_game: dict[str, str], tmp_path: Path
) -> None:
    assert post.send(seat_mail("north", "wrong", "propose draw"), "north@example.org").status == "refused"
    forged = seat_mail("north", toy_game["north"], "propose draw", sender="eve@example.org")
    assert post.send(forged, "eve@example.org").status == "refused"
    assert not [m for m in post.inbox("south@example.org") if "proposal" in str(m["msg"]["Subject"]).lower()]
    post.send(seat_mail("north", toy_game["north"], "propose draw"), "north@example.org")
    [invite] = [m for m in post.inbox("south@example.org") if "proposal" in str(m["msg"]["Subject"]).lower()]
    assert "vote yes" in invite["text"]
    post.send(seat_mail("south", toy_game["south"], "vote yes 1"), "south@example.org")
    with db.session() as session:
        assert session.get(Game, "toy").status == "over"  # type: ignore[union-attr]
    for seat in ("north", "south"):
        assert any("The game is over" in str(m["msg"]["Subject"]) for m in post.inbox(f"{seat}@example.org"))
    results = verify_archive(export_game(db, "toy", tmp_path / "turns"))
    assert all(r.ok for r in results), [r.problem for r in results]
