"""Fixtures of the mail tests: a clean mail environment, a handler and a real SMTP sink."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from mailkit import REFEREE, Sink

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.mail.handler import MailHandler


@pytest.fixture(autouse=True)
def mail_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No SMTP server, the outbox in tmp, no config file from the working directory."""
    for key in ("PBEM_SMTP_URL", "PBEM_POLL_MAILDIR", "PBEM_IMAP_URL", "PBEM_LISTEN", "PBEM_MAIL_RATE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("PBEM_FROM", f"Referee <{REFEREE}>")
    monkeypatch.setenv("PBEM_OUTBOX", str(tmp_path / "outbox"))
    monkeypatch.setenv("PBEM_MAIL_SPOOL", str(tmp_path / "spool"))
    monkeypatch.setenv("PBEM_CONFIG", str(tmp_path / "no-such-pbem.toml"))
    return tmp_path / "outbox"


@pytest.fixture
def handler(db: Database, referee: Referee) -> MailHandler:
    return MailHandler(db, referee)


@pytest.fixture
def sink() -> Iterator[Sink]:
    server = Sink().start()
    yield server
    server.stop()
