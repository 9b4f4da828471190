"""Code mails to strangers are bounded per mailbox (``+tags`` and case do not multiply them), and a
sign-up paused by its hourly limit is visible to the referee."""

from __future__ import annotations

from between_kit import REFEREE_HOME, club_game, letters, plain_mail, text_of
from mailkit import outbox_rows

from adjudicator.core.engine import Referee
from adjudicator.core.naming import mailbox_of
from adjudicator.core.store import Database
from adjudicator.mail.handler import MailHandler
from adjudicator.table.signup import CODES_PER_ADDRESS_PER_DAY, CODES_PER_GAME_PER_HOUR, set_terms


def test_a_mailbox_is_its_address_without_tag_or_case() -> None:
    assert mailbox_of("Ana+x1@Example.org") == mailbox_of("ana+other@example.org") == "ana@example.org"
    assert mailbox_of("<bob@example.org>") == "bob@example.org"


def test_plus_addressing_does_not_multiply_sign_up_codes_to_one_mailbox(
    db: Database, referee: Referee
) -> None:
    for name in ("g0", "g1", "g2", "g3", "g4"):
        referee.new_game("toy-guess", name, {"seats": "4"})
        set_terms(db, name, signup="open")
    handler = MailHandler(db, referee)
    for i in range(5):
        handler.handle(plain_mail(f"victim+{i}@example.org", f"join g{i}", message_id=f"<j{i}@x.org>"))
    sent = [r for r in letters(db, "signup-code") if mailbox_of(r.to_addr) == "victim@example.org"]
    assert len(sent) == CODES_PER_ADDRESS_PER_DAY


def test_plus_addressing_does_not_multiply_watch_codes_to_one_mailbox(
    db: Database, referee: Referee, toy_game: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    for i in range(8):
        handler.handle(plain_mail(f"Victim+{i}@example.net", "watch toy", message_id=f"<w{i}@x.org>"))
    sent = [r for r in outbox_rows(db, "watch-code") if mailbox_of(r.to_addr) == "victim@example.net"]
    assert len(sent) == 3


def test_a_sign_up_paused_by_its_hourly_limit_is_told_to_the_referee_once(
    db: Database, referee: Referee
) -> None:
    club_game(referee, db)
    referee.new_game("toy-guess", "big", {"seats": "4"}, referee_email=REFEREE_HOME)
    set_terms(db, "big", signup="open")
    handler = MailHandler(db, referee)
    for i in range(CODES_PER_GAME_PER_HOUR + 4):  # forged joins in others' names
        handler.handle(plain_mail(f"forged{i}@example.org", "join big", message_id=f"<f{i}@x.org>"))
    [told] = letters(db, "signup-paused")
    assert told.to_addr == REFEREE_HOME
    assert "big" in text_of(told) and "forged" not in text_of(told)  # nothing of the mails quoted
