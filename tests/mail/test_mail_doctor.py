"""`pbem doctor` and `pbem mail test` against real servers on loopback."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from mailkit import Sink, free_port

from adjudicator.cli import main
from adjudicator.core.store import Database

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")

USER, PASSWORD = "referee", "right-horse-battery"


class AuthSink(Sink):
    """An aiosmtpd server that requires a login (plain text is allowed: loopback only)."""

    def start(self) -> AuthSink:
        def authenticator(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
            ok = isinstance(data, LoginPassword) and (data.login, data.password) == (
                USER.encode(),
                PASSWORD.encode(),
            )
            return AuthResult(success=ok, handled=False)

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
def auth_sink() -> Iterator[AuthSink]:
    server = AuthSink().start()
    yield server
    server.stop()


@pytest.fixture
def ready(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A migrated database, the working directory in tmp: everything but SMTP is fine."""
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    database = Database(url)
    database.migrate()
    database.dispose()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PBEM_FROM", "Referee <referee@club.example.org>")
    return url


def doctor(url: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, dict[str, str]], str]:
    code = main(["doctor", "--json", "--db", url])
    out = capsys.readouterr().out
    document = json.loads(out)
    assert document["schema"] == "pbem.doctor/1"
    assert document["ok"] is (code == 0)
    return code, {c["name"]: c for c in document["checks"]}, out


def test_doctor_passes_when_the_smtp_server_answers(
    ready: str, sink: Sink, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    code, checks, _ = doctor(ready, capsys)
    assert code == 0
    assert checks["smtp"]["status"] == "ok"
    assert f"127.0.0.1:{sink.port} answers" in checks["smtp"]["detail"]
    assert checks["database"]["status"] == "ok"
    assert sink.received == []  # nothing was sent


def test_doctor_fails_on_a_closed_port_and_gives_the_fix(
    ready: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    port = free_port()  # nothing listens there
    monkeypatch.setenv("PBEM_SMTP_URL", f"smtp://127.0.0.1:{port}?starttls=0&timeout=5")
    code, checks, _ = doctor(ready, capsys)
    assert code == 78
    assert checks["smtp"]["status"] == "fail"
    assert "connection refused" in checks["smtp"]["detail"]
    assert "start the SMTP server" in checks["smtp"]["fix"]
    main(["doctor", "--db", ready])
    human = capsys.readouterr().out
    assert f"fail  smtp       nothing answers at 127.0.0.1:{port}" in human
    assert "fix: check the host and port" in human


def test_doctor_names_a_refused_login(
    ready: str, auth_sink: AuthSink, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(
        "PBEM_SMTP_URL", f"smtp://{USER}:wrong@127.0.0.1:{auth_sink.port}?starttls=0&timeout=5"
    )
    code, checks, out = doctor(ready, capsys)
    assert code == 78
    assert checks["smtp"]["status"] == "fail"
    assert "refused the login for 'referee'" in checks["smtp"]["detail"]
    assert "535" in checks["smtp"]["detail"]
    assert "wrong" not in out  # the password is never printed


def test_doctor_accepts_the_right_login(
    ready: str, auth_sink: AuthSink, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", f"smtp://127.0.0.1:{auth_sink.port}?starttls=0&timeout=5")
    monkeypatch.setenv("PBEM_SMTP_USER", USER)
    monkeypatch.setenv("PBEM_SMTP_PASSWORD", PASSWORD)
    code, checks, _ = doctor(ready, capsys)
    assert code == 0, checks
    assert "login as referee accepted" in checks["smtp"]["detail"]


def test_doctor_refuses_a_config_file_others_can_read(
    ready: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "pbem.toml"
    config.write_text('[mail]\nfrom = "Referee <referee@club.example.org>"\n')
    config.chmod(0o644)
    monkeypatch.setenv("PBEM_CONFIG", str(config))
    code, checks, _ = doctor(ready, capsys)
    assert code == 78
    assert checks["config"]["status"] == "fail"
    assert checks["config"]["fix"] == f"chmod 600 {config}"
    config.chmod(0o600)
    code, checks, _ = doctor(ready, capsys)
    assert code == 0
    assert checks["config"]["status"] == "ok"
    assert stat.S_IMODE(os.stat(config).st_mode) == 0o600


def test_doctor_fails_on_a_database_behind_the_newest_migration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, checks, _ = doctor(f"sqlite:///{tmp_path / 'absent.db'}", capsys)
    assert code == 78
    assert checks["database"]["fix"] == "run `pbem init` to create it"
    assert not (tmp_path / "absent.db").exists()  # the doctor never creates it


def test_doctor_with_smtp_needs_a_real_from_address(
    ready: str, sink: Sink, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    monkeypatch.setenv("PBEM_FROM", "referee@pbem.invalid")
    code, checks, _ = doctor(ready, capsys)
    assert code == 78
    assert checks["from"]["status"] == "fail"
    monkeypatch.delenv("PBEM_FROM")
    code, checks, _ = doctor(ready, capsys)
    assert checks["from"]["status"] == "fail"
    assert "not set" in checks["from"]["detail"]


def test_doctor_reads_a_real_imap_mailbox_or_says_why_not(
    ready: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    port = free_port()
    monkeypatch.setenv("PBEM_IMAP_URL", f"imap://u:p@127.0.0.1:{port}/INBOX?timeout=3")
    code, checks, _ = doctor(ready, capsys)
    assert code == 78
    assert checks["imap"]["status"] == "fail"
    assert "nothing answers" in checks["imap"]["detail"]


def test_mail_test_sends_one_real_message_and_prints_the_answer(
    sink: Sink, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    assert main(["mail", "test", "--to", "me@club.example.org"]) == 0
    out = capsys.readouterr().out
    assert f"through 127.0.0.1:{sink.port}: the server answered OK" in out
    assert len(sink.received) == 1
    _, rcpts, _ = sink.received[0]
    assert rcpts == ["me@club.example.org"]
    assert str(sink.messages()[0]["Subject"]) == "pbem: test message"


def test_mail_test_reports_a_refused_login(
    auth_sink: AuthSink, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", f"smtp://{USER}:nope@127.0.0.1:{auth_sink.port}?starttls=0&timeout=5")
    assert main(["mail", "test", "--to", "me@club.example.org"]) == 75
    assert "535" in capsys.readouterr().err
    assert auth_sink.received == []


@pytest.mark.parametrize("bad", ["nobody", "a@b", "x@y.org\r\nBcc: evil@z.org", "<a@b.org>"])
def test_mail_test_refuses_what_is_not_one_address(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mail", "test", "--to", bad]) == 2
    assert "is not an address" in capsys.readouterr().err
