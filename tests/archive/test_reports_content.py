"""Turn reports: what each seat sees, the board picture as PNG attachment, and escaping."""

from __future__ import annotations

import email
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

import pytest
from archive_kit import play
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import OutboxMessage, Report
from adjudicator.mail.delivery import message_bytes
from adjudicator.publish import pictures
from adjudicator.publish.archive import export_game

XSS = "<script>alert(1)</script>"


def outbox(referee: Referee, kind: str = "report") -> list[tuple[OutboxMessage, EmailMessage]]:
    with referee.db.session() as session:
        rows = session.exec(
            select(OutboxMessage).where(OutboxMessage.kind == kind).order_by(OutboxMessage.id)
        ).all()  # type: ignore[arg-type]
    # a report is composed when it is sent: read it as the flusher hands it over
    return [
        (r, email.message_from_bytes(message_bytes(referee.db, r), policy=default))  # type: ignore[misc]
        for r in rows
    ]


def report(referee: Referee, game: str, turn: int, seat: str, fmt: str) -> str:
    from adjudicator.publish.reports import stored_report  # the board is kept once per turn and put back here

    with referee.db.session() as session:
        body = stored_report(session, game, turn, seat, fmt)
    assert body is not None
    return body


def test_every_report_email_carries_the_board_as_png(referee: Referee) -> None:
    play(referee, "camp", 1, points=50)
    messages = outbox(referee)
    assert {r.seat for r, _ in messages} == {"north", "south"}
    for _, msg in messages:
        pngs = [p for p in msg.walk() if p.get_content_type() == "image/png"]
        assert len(pngs) == 1 and pngs[0].get_filename() == "camp-turn-001.png"
        assert pngs[0].get_content().startswith(b"\x89PNG")
        html = msg.get_body(("html",)).get_content()  # the PNG shown in place: one picture a mail
        assert "<svg" not in html and f'src="cid:{pngs[0]["Content-ID"].strip("<>")}"' in html
        assert "Board picture: attached as camp-turn-001.png" in msg.get_body(("plain",)).get_content()


def test_without_png_conversion_reports_still_go_out_and_say_so(
    referee: Referee, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pictures, "_renderer", lambda: None)
    play(referee, "camp", 1, points=50)
    for _, msg in outbox(referee):
        assert not [p for p in msg.iter_attachments() if p.get_content_type() == "image/png"]
        assert "resvg-py is not installed" in msg.get_body(("plain",)).get_content()


def test_what_each_seat_sees_while_hidden_information_lasts(referee: Referee) -> None:
    play(referee, "camp", 2, points=50)
    north, south, public = (report(referee, "camp", 1, seat, "text") for seat in ("north", "south", ""))
    assert "secret n1" in north and "ONLY YOU SEE THIS" in north and "Your private notes: n1" in north
    for other in (south, public):
        assert "secret n1" not in other and "Your private notes" not in other
        assert "(sealed: hidden information" in other
    for text in (north, south, public):
        assert "receipt " in text and "WHAT HAPPENED" in text and "The target is" in text
        assert "withheld until the game is over" in text and "turn secret and seed" in text
        assert "NEXT: turn 2" in text and "Deadline:" in text and "Seed commitment for turn 2" in text


def test_an_open_game_reports_everything(referee: Referee) -> None:
    play(referee, "open", 1, ruleset="toy-open", points=50)
    text = report(referee, "open", 1, "south", "text")
    assert "secret n1" in text and "guess 3" in text and "guess 5" in text
    assert "target: d6 = " in text and "turn secret " in text and "seed        " in text
    html = report(referee, "open", 1, "", "html")
    assert '<table class="dice">' in html and "<svg" in html


def test_the_game_over_report_reveals_everything(referee: Referee) -> None:
    play(referee, "camp")
    with referee.db.session() as session:
        last = max(r.turn_number for r in session.exec(select(Report).where(Report.game_id == "camp")).all())
    text = report(referee, "camp", last, "south", "text")
    assert "GAME OVER" in text and "guess 3" in text and "target: d6 = " in text and "turn secret " in text


def test_defaults_are_marked(referee: Referee) -> None:
    play(referee, "open", 3, ruleset="toy-open", points=50)  # south sends nothing on turn 3
    text = report(referee, "open", 3, "north", "text")
    assert "--- south (Ben) / guess:south [DEFAULT: no orders received]" in text


def test_player_text_is_escaped_in_every_html_page_and_email(referee: Referee, tmp_path: Path) -> None:
    referee.new_game("toy-open", "xss", {"points": "2"}, deadline="48h")
    referee.join("xss", "north", email="north@example.org", name=XSS)
    referee.join("xss", "south", email="south@example.org", name="Ben")
    referee.start("xss")
    for _ in range(20):
        if referee.status("xss")["status"] != "running":
            break
        result = referee.submit("xss", "north", f"secret {XSS}\nguess 3", as_referee=True)
        assert result.accepted, result.problems
        referee.submit("xss", "south", "guess 5", as_referee=True)
        referee.close_turn("xss")
    html_pages = [report(referee, "xss", 1, seat, "html") for seat in ("", "north", "south")]
    html_pages += [
        m.get_body(("html",)).get_content() for _, m in outbox(referee) + outbox(referee, "game-over")
    ]
    folder = export_game(referee.db, "xss", tmp_path)
    html_pages += [p.read_text() for p in folder.rglob("report*.html")] + [
        (folder / "index.html").read_text()
    ]
    assert len(html_pages) > 8
    for page in html_pages:  # the name or the order line is in each of these, escaped
        assert "<script" not in page.lower()
        assert "&lt;script&gt;" in page
    for page in folder.rglob("*.html"):  # and nothing in the site is markup from a player
        assert "<script" not in page.read_text().lower()
