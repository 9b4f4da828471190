"""Report mails are queued by reference and composed when sent; the board picture is kept once per turn."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from pathlib import Path

import pytest
from mailkit import Sink, orders_mail, outbox_rows
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, OutboxMessage, Report, TurnPicture
from adjudicator.mail.delivery import deliver_to_maildir, message_bytes
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.outbound import SmtpConfig, flush_smtp


def close_one_mare_nostrum_turn(referee: Referee, game_id: str = "mn") -> None:
    _game, seats, _secret = referee.new_game("mare-nostrum", game_id, {"nations": "4"}, deadline="48h")
    for seat in seats:
        referee.join(game_id, seat, email=f"{seat.lower()}@example.org", name=seat)
    referee.start(game_id)
    assert referee.close_turn(game_id) is not None


def report_rows(db: Database) -> list[OutboxMessage]:
    with db.session() as session:
        return list(
            session.exec(
                select(OutboxMessage).where(OutboxMessage.kind == "report").order_by(OutboxMessage.id)  # type: ignore[arg-type]
            ).all()
        )


def pictures(db: Database) -> list[TurnPicture]:
    with db.session() as session:
        return list(session.exec(select(TurnPicture)).all())


def stored_report(db: Database, seat: str, fmt: str) -> str:
    with db.session() as session:
        row = session.exec(select(Report).where(Report.seat == seat, Report.format == fmt)).one()
        return row.body


def png_of(msg: EmailMessage) -> bytes:
    [png] = [p for p in msg.walk() if p.get_content_type() == "image/png"]
    return bytes(png.get_content())


def test_a_close_keeps_one_board_picture_for_every_seat_and_no_mime(referee: Referee) -> None:
    close_one_mare_nostrum_turn(referee)
    rows = report_rows(referee.db)
    assert len(rows) == 4
    assert all(r.raw == b"" and r.compose == "report" for r in rows)  # no copy of the mail per recipient
    [kept] = pictures(referee.db)
    assert {r.picture for r in rows} == {kept.digest}
    assert kept.png is None  # the PNG is made when a mail first needs it, not inside the close


def test_a_report_mail_is_composed_the_same_every_time_with_its_picture(referee: Referee) -> None:
    close_one_mare_nostrum_turn(referee)
    rows = report_rows(referee.db)
    first = message_bytes(referee.db, rows[0])
    assert message_bytes(referee.db, rows[0]) == first  # a Maildir rewrite holds the same message
    msgs = [message_from_bytes(message_bytes(referee.db, r), policy=default) for r in rows]
    for row, msg in zip(rows, msgs, strict=True):
        assert msg["Message-ID"] == row.message_id and msg["To"] == row.to_addr
        stored = stored_report(referee.db, row.seat or "", "text")
        text = msg.get_body(("plain",)).get_content().replace("\r\n", "\n")
        assert text.strip() == stored.strip()  # the seat's own report
        html = msg.get_body(("html",))
        [cid] = [p["Content-ID"] for p in msg.walk() if p.get_content_type() == "image/png"]
        assert "<svg" not in html.get_content()  # one picture per mail: the PNG, shown in place
        assert f'src="cid:{cid.strip("<>")}"' in html.get_content()
        assert msg.get_body(("related",)).get_content_type() == "multipart/related"
        assert [p.get_filename() for p in msg.walk() if p.get_filename()] == [
            "mn-turn-001.png",
            "deadline.ics",
        ]
    assert len({png_of(m) for m in msgs}) == 1  # one board, converted once
    [kept] = pictures(referee.db)
    assert kept.png is not None and kept.png == png_of(msgs[0])


def test_maildir_delivery_composes_report_mails_and_sends_nothing_twice(
    referee: Referee, tmp_path: Path
) -> None:
    close_one_mare_nostrum_turn(referee)
    folder = tmp_path / "box"
    delivered = deliver_to_maildir(referee.db, folder)
    assert delivered >= 4
    files = sorted((folder / "new").iterdir())
    reports = [
        m
        for m in (message_from_bytes(f.read_bytes(), policy=default) for f in files)
        if "Report" in m["Subject"]
    ]
    assert len(reports) == 4 and all(png_of(m).startswith(b"\x89PNG") for m in reports)
    assert deliver_to_maildir(referee.db, folder) == 0
    assert all(r.status == "sent" for r in report_rows(referee.db))


def test_smtp_delivery_sends_each_composed_report_once(referee: Referee, sink: Sink) -> None:
    close_one_mare_nostrum_turn(referee)
    result = flush_smtp(referee.db, SmtpConfig.from_url(sink.url))
    assert result.sent >= 4 and result.failed == 0
    assert flush_smtp(referee.db, SmtpConfig.from_url(sink.url)).sent == 0
    ids = [i for i in sink.message_ids() if ".report" in i]
    assert sorted(ids) == sorted(r.message_id for r in report_rows(referee.db))
    for msg in sink.messages():
        if msg["Message-ID"] in ids:
            assert png_of(msg).startswith(b"\x89PNG")  # type: ignore[arg-type]


def test_the_archive_uses_the_picture_kept_with_the_turn(
    referee: Referee, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from adjudicator.publish import archive

    close_one_mare_nostrum_turn(referee)
    message_bytes(referee.db, report_rows(referee.db)[0])  # the first mail made the PNG
    [kept] = pictures(referee.db)

    def no_conversion(svg: str | None) -> bytes | None:
        raise AssertionError("the board was converted again")

    monkeypatch.setattr(archive, "svg_to_png", no_conversion)
    folder = archive.export_game(referee.db, "mn", tmp_path / "turns")
    assert (folder / archive.turn_folder(1) / "board.png").read_bytes() == kept.png


def test_orders_by_mail_and_their_acknowledgement_are_stored_together_or_not_at_all(
    db: Database, handler: MailHandler, toy_game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from adjudicator.core.store import Submission
    from adjudicator.post import acks

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the ack could not be queued")

    monkeypatch.setattr(acks, "ack_record", broken)  # both the one-transaction path and the general one
    handled = handler.handle(
        orders_mail(secret=toy_game["north"], message_id="<atomic@example.org>"), "stdin"
    )
    assert handled.status != "handled"
    with db.session() as session:
        assert session.exec(select(Submission).where(Submission.status == "accepted")).all() == []
    monkeypatch.undo()
    again = handler.handle(orders_mail(secret=toy_game["north"], message_id="<atomic2@example.org>"), "stdin")
    assert again.status == "handled"
    with db.session() as session:
        assert len(session.exec(select(Submission).where(Submission.status == "accepted")).all()) == 1
    assert [r.kind for r in outbox_rows(db, "ack")] == ["ack"]


def test_the_stored_reports_keep_the_board_drawing_once_per_turn(referee: Referee) -> None:
    from adjudicator.publish.reports import stored_report

    close_one_mare_nostrum_turn(referee)
    [kept] = pictures(referee.db)
    with referee.db.session() as session:
        rows = session.exec(select(Report).where(Report.format == "html")).all()
        assert len(rows) == 5 and all("<svg" not in r.body and kept.digest in r.body for r in rows)
        for row in rows:  # as read and sent: the drawing back in its place
            html = stored_report(session, "mn", 1, row.seat, "html") or ""
            assert f'<div class="board" id="board">{kept.svg}</div>' in html


def test_a_queued_report_of_a_rolled_back_turn_is_failed_not_lost(referee: Referee, tmp_path: Path) -> None:
    from adjudicator.publish.rollback import rollback

    close_one_mare_nostrum_turn(referee)
    rollback(referee.db, "mn", 0, reason="test")
    folder = tmp_path / "box"
    deliver_to_maildir(referee.db, folder)  # the other mail still goes; these cannot be made any more
    rows = report_rows(referee.db)
    assert len(rows) == 4
    assert all(r.status == "failed" and "rolled back" in (r.last_error or "") for r in rows)
    assert not [f for f in (folder / "new").iterdir() if b"Report: turn 1" in f.read_bytes()]


def test_a_report_mail_is_the_mime_the_email_package_writes_itself(referee: Referee) -> None:
    """The composer's shortcuts (the board's PNG part encoded once per turn, bodies written in one
    piece) change no byte: each mail is made again with the email package's plain calls, the PNG
    related to the HTML part that shows it in place of the drawing."""
    import hashlib

    from adjudicator.core.store import as_utc
    from adjudicator.post.compose import attach, compose
    from adjudicator.post.ics import turn_deadline_attachment
    from adjudicator.publish.report_mail import board_mark, picture_cid, picture_name

    close_one_mare_nostrum_turn(referee)
    close_one_mare_nostrum_turn(referee, "mn2")  # two turns in memory at once
    rows = report_rows(referee.db)
    from adjudicator.publish.report_mail import composed

    ours = [composed(referee.db, r) for r in rows]  # as composed, before the list headers of sending
    pngs = {
        p.game_id: p.png for p in pictures(referee.db)
    }  # one board a turn, its PNG kept by the first mail
    with referee.db.session() as session:
        for row, made in zip(rows, ours, strict=True):
            assert row.game_id and row.turn_number and row.seat and row.picture
            stored = session.exec(
                select(Report).where(Report.game_id == row.game_id, Report.seat == row.seat)
            ).all()
            bodies = {r.format: r.body for r in stored}
            png = pngs[row.game_id]
            assert png is not None
            filename = picture_name(row.game_id, row.turn_number)
            cid = picture_cid(row.picture)
            width = int.from_bytes(png[16:20], "big")
            img = (
                f'<img src="cid:{cid}" alt="The board: {filename}" width="{width}"'
                ' style="max-width:100%;height:auto">'
            )
            assert board_mark(row.picture) in bodies["html"]
            msg = compose(
                to=row.to_addr,
                subject=row.subject,
                text=bodies["text"],
                html=bodies["html"].replace(board_mark(row.picture), img),
                message_id=row.message_id,
                date=as_utc(row.created_at),
            )
            html = msg.get_body(("html",))
            assert html is not None
            html.add_related(
                png, maintype="image", subtype="png", disposition="inline", filename=filename, cid=f"<{cid}>"
            )
            for name, mime, data in turn_deadline_attachment(
                session, row.game_id, row.turn_number + 1, row.seat
            ):
                attach(msg, name, mime, data)
            for n, part in enumerate(p for p in msg.walk() if p.is_multipart()):
                part.set_boundary("=_" + hashlib.sha256(f"{row.message_id}:{n}".encode()).hexdigest()[:40])
            assert made == msg.as_bytes()


def test_a_report_mail_is_composed_while_another_transaction_holds_the_write_lock(referee: Referee) -> None:
    """Composing reads in a deferred transaction: it does not wait for the flush's own writes (the
    other connections marking their messages) nor for a close."""
    close_one_mare_nostrum_turn(referee)
    first, second = report_rows(referee.db)[:2]
    made = message_bytes(referee.db, first)  # the turn's PNG is made and kept here (a write)
    with referee.db.session() as writing:
        writing.exec(select(OutboxMessage)).first()  # SQLite: BEGIN IMMEDIATE, the write lock held
        assert f"Message-ID: {second.message_id}".encode() in message_bytes(referee.db, second)
        assert message_bytes(referee.db, first) == made
