"""A player's mail that the referee's server found failing DKIM or DMARC: said in the
acknowledgement and the log; the secret still decides. Only the trusted header is read."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mailkit import mail_bytes, orders_mail, outbox_rows, parts

from adjudicator.core.store import Database
from adjudicator.mail.authentication import authentication_failures
from adjudicator.mail.handler import MailHandler

FAILING = (
    "mx.pbem.test; dkim=fail (signature did not verify) header.d=example.org header.i=@example.org;"
    " spf=softfail smtp.mailfrom=example.org; dmarc=fail (p=quarantine) header.from=example.org"
)
PASSING = "mx.pbem.test; dkim=pass header.d=example.org; dmarc=pass header.from=example.org"


def ack_text(db: Database) -> str:
    [ack] = outbox_rows(db, "ack")
    return parts(mail_bytes(ack, db))["text"]


def test_a_dkim_and_dmarc_failure_is_said_in_the_ack_and_logged_and_the_secret_decides(
    db: Database, handler: MailHandler, toy_game: dict[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    raw = orders_mail(secret=toy_game["north"], headers={"Authentication-Results": FAILING})
    with caplog.at_level(logging.WARNING):
        assert handler.handle(raw).status == "handled"  # the secret matched: taken
    assert "failed dkim=fail, dmarc=fail for the domain of your address" in ack_text(db)
    assert "failed dkim=fail, dmarc=fail at the receiving server" in caplog.text


def test_a_passing_mail_gets_no_note(db: Database, handler: MailHandler, toy_game: dict[str, str]) -> None:
    assert handler.handle(orders_mail(secret=toy_game["north"], headers={"Authentication-Results": PASSING}))
    assert "failed" not in ack_text(db)


def test_only_the_referees_servers_header_is_read(
    db: Database, handler: MailHandler, toy_game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sender can write an Authentication-Results header too: with PBEM_AUTHSERV_ID set, only
    the one written by that server counts."""
    monkeypatch.setenv("PBEM_AUTHSERV_ID", "mx.club.example")
    forged = FAILING.replace("mx.pbem.test", "anyone.example")
    handler.handle(orders_mail(secret=toy_game["north"], headers={"Authentication-Results": forged}))
    assert "failed" not in ack_text(db)


def test_a_failure_for_another_domain_is_not_the_senders() -> None:
    from email import message_from_string

    msg = message_from_string(f"Authentication-Results: {FAILING}\nFrom: a@other.org\n\nhi\n")
    assert authentication_failures(msg, "other.org") == []
    assert authentication_failures(msg, "example.org") == ["dkim=fail", "dmarc=fail"]


@settings(max_examples=200, deadline=None)
@given(value=st.text(max_size=300))
def test_any_authentication_results_header_is_read_without_an_error(value: str) -> None:
    from email.message import Message

    msg = Message()
    msg["Authentication-Results"] = value.replace("\r", " ").replace("\n", " ")
    assert isinstance(authentication_failures(msg, "example.org"), list)
