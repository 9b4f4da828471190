"""The SMTP connections' TLS context is made once per process for the same settings: loading the
CA certificates is most of a small flush's CPU, and every turn's mail is a flush."""

from __future__ import annotations

import ssl

from adjudicator.mail.outbound import SmtpConfig


def test_every_flush_with_the_same_settings_gets_the_same_context() -> None:
    first = SmtpConfig.from_url("smtp://127.0.0.1:2525")
    second = SmtpConfig.from_url("smtp://127.0.0.1:2526")
    context = first.tls_context()
    assert context is not None
    assert second.tls_context() is context
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname


def test_an_insecure_url_gets_a_context_of_its_own_that_checks_nothing() -> None:
    checked = SmtpConfig.from_url("smtp://127.0.0.1:2525").tls_context()
    unchecked = SmtpConfig.from_url("smtp://127.0.0.1:2525?insecure=1").tls_context()
    assert unchecked is not None and unchecked is not checked
    assert unchecked.verify_mode == ssl.CERT_NONE and not unchecked.check_hostname
    assert checked is not None and checked.verify_mode == ssl.CERT_REQUIRED


def test_plain_smtp_without_starttls_has_no_context() -> None:
    assert SmtpConfig.from_url("smtp://127.0.0.1:2525?starttls=0").tls_context() is None
