"""The acknowledgement states each line's fate truthfully: the lines taken, and apart, the lines
not taken with their problems; a rejected text says that none of its lines is taken."""

from __future__ import annotations

from mailkit import mail_bytes, orders_mail, outbox_rows, parts

from adjudicator.core.store import Database
from adjudicator.mail.handler import MailHandler


def ack(db: Database) -> dict:
    [row] = outbox_rows(db, "ack")
    return {"subject": row.subject, **parts(mail_bytes(row))}


def sections(text: str) -> tuple[str, str]:
    taken, _, rest = text.partition("LINES NOT TAKEN")
    return taken, rest


def test_the_acknowledgement_lists_the_lines_taken_and_apart_the_lines_not_taken(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(orders_mail(secret=toy_game["north"], body="guess 3\ngues 4\nsecret gold"))
    assert handled.status == "handled", handled.detail
    mail = ack(db)
    assert "accepted, 1 line(s) NOT taken" in mail["subject"]
    taken, not_taken = sections(mail["text"])
    assert "ORDERS TAKEN" in taken and "guess 3" in taken and "secret gold" in taken
    assert "gues 4" not in taken and "line 2" not in taken
    assert "line 2: cannot read 'gues 4'" in not_taken and "guess 3" not in not_taken
    html = mail["html"]
    assert "Lines not taken" in html and "line 2: cannot read" in html
    assert html.index("guess 3") < html.index("Lines not taken") < html.index("gues 4")


def test_final_orders_with_a_bad_line_keep_their_good_lines_too(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(orders_mail(secret=toy_game["north"], body="guess 3\ngues 4\nfinal"))
    assert handled.status == "handled", handled.detail
    taken, not_taken = sections(ack(db)["text"])
    assert "guess 3" in taken and "marked final" in taken and "line 2" in not_taken


def test_a_rejected_acknowledgement_says_none_of_its_lines_is_taken(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handled = handler.handle(orders_mail(secret=toy_game["north"], body="gues 3\nguess 7"))
    assert handled.status == "refused"
    mail = ack(db)
    assert "REJECTED" in mail["subject"]
    assert "none of them is taken" in mail["text"] and "ORDERS TAKEN" not in mail["text"]
    assert "line 1" in mail["text"] and "line 2" in mail["text"]
    assert "none of them is taken" in mail["html"]


def test_the_orders_command_lists_the_lines_not_taken_beside_the_orders_taken(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 3\ngues 4", message_id="<o1@x.org>"))
    handler.handle(orders_mail(secret=toy_game["north"], turn=None, body="orders", message_id="<o2@x.org>"))
    [row] = outbox_rows(db, "reply")
    text = parts(mail_bytes(row))["text"]
    assert "guess 3" in text and "not taken: line 2: cannot read 'gues 4'" in text
