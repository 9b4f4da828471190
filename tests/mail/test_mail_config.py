"""Mail settings: the environment first, then ``[mail]`` in pbem.toml, then the defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.mail.outbound import smtp_config
from adjudicator.post.compose import referee_address, referee_mailbox
from adjudicator.post.config import int_setting, setting
from adjudicator.post.outbox import outbox_dir


def test_config_file_then_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "pbem.toml"
    config.write_text(
        '[mail]\nfrom = "Rome referee <ref@example.org>"\nsmtp_url = "smtps://u:p@mail.example.org"\n'
        'outbox = "sent-mail"\nmail_rate = "not a number"\n'
    )
    monkeypatch.setenv("PBEM_CONFIG", str(config))
    monkeypatch.delenv("PBEM_FROM")
    monkeypatch.delenv("PBEM_OUTBOX")
    assert referee_address() == "Rome referee <ref@example.org>" and referee_mailbox() == "ref@example.org"
    assert outbox_dir() == Path("sent-mail")
    smtp = smtp_config()
    assert smtp is not None and (smtp.host, smtp.use_tls, smtp.password) == ("mail.example.org", True, "p")
    assert int_setting("PBEM_MAIL_RATE") == 20  # unreadable: the default
    monkeypatch.setenv("PBEM_FROM", "env@example.org")
    assert referee_address() == "env@example.org"  # the environment wins


def test_defaults_without_any_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken.toml").write_text("[mail\n")
    monkeypatch.setenv("PBEM_CONFIG", str(tmp_path / "broken.toml"))
    monkeypatch.delenv("PBEM_FROM")
    assert referee_address() == "referee@pbem.invalid"
    assert setting("PBEM_SMTP_URL") is None and smtp_config() is None
    assert int_setting("PBEM_MAIL_MAX_BYTES") == 1024 * 1024
