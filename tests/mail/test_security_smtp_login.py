"""A login is never sent in clear: with a user and password, STARTTLS is required unless the URL
says ``?starttls=0``; `pbem doctor` says which."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from mailkit import Sink

from adjudicator.cli import main
from adjudicator.core.store import Database, OutboxMessage
from adjudicator.mail.outbound import SmtpConfig, flush_smtp

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")


class PlainAuthSink(Sink):
    """An SMTP server that offers no STARTTLS and takes a login in clear (what a stripped
    connection looks like); it records every login it was sent."""

    def start(self) -> PlainAuthSink:
        self.logins: list[tuple[bytes, bytes]] = []

        def authenticator(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
            if isinstance(data, LoginPassword):
                self.logins.append((data.login, data.password))
            return AuthResult(success=True, handled=False)

        self.controller = Controller(
            self,
            hostname="127.0.0.1",
            port=self.port,
            authenticator=authenticator,
            auth_required=True,
            auth_require_tls=False,
        )
        self.controller.start()
        return self


@pytest.fixture
def plain() -> Iterator[PlainAuthSink]:
    server = PlainAuthSink().start()
    yield server
    server.stop()


def queued(db: Database) -> None:
    with db.session() as session:
        session.add(
            OutboxMessage(
                message_id="<m1@pbem.test>",
                raw=b"From: referee@pbem.test\r\nTo: a@example.org\r\nSubject: s\r\n\r\nhello\r\n",
                to_addr="a@example.org",
                subject="s",
                kind="reply",
            )
        )


def test_a_password_is_not_sent_to_a_server_without_starttls_unless_the_url_says_so(
    db: Database, plain: PlainAuthSink
) -> None:
    queued(db)
    config = SmtpConfig.from_url(f"smtp://referee:s3cret@127.0.0.1:{plain.port}?timeout=5")
    assert config.start_tls is True
    result = flush_smtp(db, config)
    assert result.sent == 0
    assert plain.logins == [] and plain.received == []  # the password never went out
    explicit = SmtpConfig.from_url(f"smtp://referee:s3cret@127.0.0.1:{plain.port}?starttls=0&timeout=5")
    assert flush_smtp(db, explicit).sent == 1
    assert plain.logins == [(b"referee", b"s3cret")]


def test_doctor_fails_on_a_login_that_would_go_in_clear_and_names_one_allowed_on_purpose(
    plain: PlainAuthSink, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    database = Database(url)
    database.migrate()
    database.dispose()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PBEM_FROM", "Referee <referee@club.example.org>")
    monkeypatch.setenv("PBEM_SMTP_URL", f"smtp://referee:s3cret@127.0.0.1:{plain.port}?timeout=5")
    code = main(["doctor", "--json", "--db", url])
    smtp = {c["name"]: c for c in json.loads(capsys.readouterr().out)["checks"]}["smtp"]
    assert code == 78 and smtp["status"] == "fail", smtp
    assert "no STARTTLS" in smtp["detail"] and "?starttls=0" in smtp["fix"]
    assert plain.logins == []
    monkeypatch.setenv("PBEM_SMTP_URL", f"smtp://referee:s3cret@127.0.0.1:{plain.port}?starttls=0&timeout=5")
    main(["doctor", "--json", "--db", url])
    smtp = {c["name"]: c for c in json.loads(capsys.readouterr().out)["checks"]}["smtp"]
    assert smtp["status"] == "warn" and "in clear" in smtp["detail"]
