"""The inbound ways: `pbem mail ingest` (file and stdin pipe), a Maildir, a real IMAP server (Dovecot)."""

from __future__ import annotations

import imaplib
import mailbox
import os
import pwd
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from mailkit import free_port, orders_mail, outbox_rows
from sqlmodel import select
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, InboundMessage, Submission
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.service import poll_configured
from adjudicator.mail.sources import ImapConfig, MailSourceError, poll_imap, poll_maildir


def real_game(db: Database) -> dict[str, str]:
    """A started toy game on the real clock (for the CLI, which has no test clock)."""
    referee = Referee(db)
    referee.new_game("toy-guess", "live", {"points": "2"}, deadline="48h")
    secrets = {
        "north": referee.join("live", "north", email="north@example.org"),
        "south": referee.join("live", "south", email="south@example.org"),
    }
    referee.start("live")
    return secrets  # type: ignore[return-value]


def accepted(db: Database) -> list[Submission]:
    with db.session() as session:
        return list(session.exec(select(Submission).where(Submission.status == "accepted")).all())


# -- Maildir -----------------------------------------------------------------
def test_poll_maildir_handles_each_message_once_and_marks_it_seen(
    db: Database, referee: Referee, toy_game: dict[str, str], tmp_path: Path
) -> None:
    box = mailbox.Maildir(tmp_path / "in", create=True)
    box.add(orders_mail(secret=toy_game["north"], body="guess 1", message_id="<a@x.org>"))
    box.add(orders_mail(secret=toy_game["north"], body="guess 1", message_id="<a@x.org>"))  # delivered twice
    box.add(b"From: MAILER-DAEMON@mx.example.org\nSubject: failure\n\nundeliverable\n")
    handler = MailHandler(db, referee)
    result = poll_maildir(db, tmp_path / "in", handler)
    assert sorted(h.status for h in result.handled) == ["duplicate", "handled", "ignored"]
    assert list((tmp_path / "in" / "new").iterdir()) == []
    assert all(p.name.endswith(":2,S") for p in (tmp_path / "in" / "cur").iterdir())
    assert len(poll_maildir(db, tmp_path / "in", handler)) == 0
    assert len(accepted(db)) == 1


def test_poll_maildir_refuses_a_folder_that_is_not_one(db: Database, tmp_path: Path) -> None:
    with pytest.raises(MailSourceError, match="not a Maildir"):
        poll_maildir(db, tmp_path)


def test_poll_configured_reads_the_maildir_of_the_environment(
    db: Database, referee: Referee, toy_game: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    box = mailbox.Maildir(tmp_path / "in", create=True)
    box.add(orders_mail(secret=toy_game["north"], message_id="<c@x.org>"))
    monkeypatch.setenv("PBEM_POLL_MAILDIR", str(tmp_path / "in"))
    monkeypatch.setenv(
        "PBEM_IMAP_URL", f"imaps://u:p@127.0.0.1:{free_port()}/INBOX?timeout=2"
    )  # down: logged
    assert poll_configured(db, MailHandler(db, referee)) == 1


def test_poll_command_with_a_maildir(db: Database, sqlite_url: str, tmp_path: Path) -> None:
    secrets = real_game(db)
    box = mailbox.Maildir(tmp_path / "in", create=True)
    box.add(orders_mail(game="live", secret=secrets["north"], body="guess 6", message_id="<p@x.org>"))
    result = CliRunner().invoke(app, ["mail", "poll", "--maildir", str(tmp_path / "in"), "--db", sqlite_url])
    assert result.exit_code == 0, result.output
    assert "handled: orders accepted for live/north" in result.output
    assert "1 message(s) read" in result.output
    assert "3 message(s) sent" in result.output  # the two turn notices and the acknowledgement


# -- ingest ------------------------------------------------------------------
def test_ingest_command_reads_a_file(db: Database, sqlite_url: str, tmp_path: Path) -> None:
    secrets = real_game(db)
    path = tmp_path / "msg.eml"
    path.write_bytes(
        orders_mail(game="live", secret=secrets["south"], seat="south", sender="south@example.org")
    )
    result = CliRunner().invoke(app, ["mail", "ingest", str(path), "--db", sqlite_url])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("handled: orders accepted for live/south")
    assert [r.kind for r in outbox_rows(db)].count("ack") == 1
    missing = CliRunner().invoke(app, ["mail", "ingest", str(tmp_path / "nope.eml"), "--db", sqlite_url])
    assert missing.exit_code == 2 and "no such message file" in missing.output


def test_ingest_from_a_pipe_like_a_forward_file(db: Database, sqlite_url: str, tmp_path: Path) -> None:
    """What `"|pbem mail ingest -"` in ~/.forward does: one message on standard input."""
    secrets = real_game(db)
    raw = orders_mail(game="live", secret=secrets["north"], body="guess 4", message_id="<pipe@x.org>")
    env = {**os.environ, "PBEM_DB": sqlite_url}
    # `pbem mail ingest -`, with the test-only ruleset registered first
    tests = Path(__file__).parent.parent
    script = (
        f"import sys; sys.path.insert(0, {str(tests)!r}); from toy_ruleset import ClosestGuess; "
        "from adjudicator.games import register; register(ClosestGuess); "
        "from adjudicator.cli import main; raise SystemExit(main(['mail', 'ingest', '-']))"
    )
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, input=raw, capture_output=True, env=env, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    assert b"handled: orders accepted for live/north" in done.stdout
    again = subprocess.run(command, input=raw, capture_output=True, env=env, timeout=60, cwd=tmp_path)
    assert again.returncode == 0 and b"duplicate" in again.stdout
    assert len(accepted(db)) == 1
    # the acknowledgement (and the turn notices waiting before it) went out as .eml files: no SMTP here
    assert len(list((tmp_path / "outbox" / "new").glob("*.eml"))) == 3


# -- IMAP (a real Dovecot) -----------------------------------------------------
class Dovecot:
    """A private Dovecot IMAP server on a loopback port, TLS with a self-signed certificate."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        # Dovecot drops privileges to the mail user, who must reach the home folders: not under
        # pytest's private tmp (0700), so a folder of its own under the system temp.
        self.root = Path(tempfile.mkdtemp(prefix="pbem-dovecot-"))
        self.root.chmod(0o755)
        self.port = free_port()
        self.config = self.root / "dovecot.conf"

    def start(self) -> Dovecot:
        root = self.root
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-keyout", str(root / "key.pem"), "-out", str(root / "cert.pem"), "-subj", "/CN=localhost",
             "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
            check=True, capture_output=True, timeout=60,
        )  # fmt: skip
        if os.geteuid() == 0:
            internal, login = "dovecot", "dovenull"
            mail_user = pwd.getpwnam("dovecot")
        else:
            me = pwd.getpwuid(os.geteuid())
            internal = login = me.pw_name
            mail_user = me
        (root / "home").mkdir()
        os.chown(root / "home", mail_user.pw_uid, mail_user.pw_gid)
        (root / "passwd").write_text("ana:{PLAIN}pw-of-ana\n")
        (root / "run").mkdir()
        (root / "state").mkdir()
        self.config.write_text(
            f"""
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = required
ssl_cert = <{root}/cert.pem
ssl_key = <{root}/key.pem
auth_mechanisms = plain
auth_failure_delay = 0
default_internal_user = {internal}
default_login_user = {login}
first_valid_uid = 1
mail_location = maildir:~/Maildir
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={mail_user.pw_uid} gid={mail_user.pw_gid} home={root}/home/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    port = 0
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {self.port}
    ssl = yes
  }}
}}
service anvil {{
  chroot =
}}
"""
        )
        with (root / "start.log").open("wb") as log:  # not a pipe: the daemon keeps its descriptors open
            subprocess.run(
                [self.binary, "-c", str(self.config)], check=True, stdout=log, stderr=log, timeout=30
            )
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                self.client().logout()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("dovecot did not start: " + (root / "dovecot.log").read_text(errors="replace"))

    def client(self) -> imaplib.IMAP4_SSL:
        context = ssl.create_default_context(cafile=str(self.root / "cert.pem"))
        client = imaplib.IMAP4_SSL("127.0.0.1", self.port, ssl_context=context, timeout=5)
        client.login("ana", "pw-of-ana")
        return client

    def url(self) -> str:
        return f"imaps://ana:pw-of-ana@127.0.0.1:{self.port}/INBOX?cafile={self.root / 'cert.pem'}"

    def stop(self) -> None:
        subprocess.run(
            [self.binary, "-c", str(self.config), "stop"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=30,
        )
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="module")
def dovecot() -> Iterator[Dovecot]:
    binary = shutil.which("dovecot") or ("/usr/sbin/dovecot" if Path("/usr/sbin/dovecot").exists() else None)
    if binary is None:
        pytest.skip(
            "dovecot is not installed (Debian: apt-get install dovecot-imapd); the IMAP poll test needs it"
        )
    if shutil.which("openssl") is None:
        pytest.skip(
            "the openssl command is not installed; the IMAP test needs it for a self-signed certificate"
        )
    server = Dovecot(binary)
    try:
        server.start()
    except (subprocess.SubprocessError, RuntimeError, OSError, KeyError) as exc:
        server.stop()
        pytest.skip(f"dovecot could not be started here: {exc}")
    yield server
    server.stop()


def test_poll_a_real_imap_mailbox(
    db: Database, referee: Referee, toy_game: dict[str, str], dovecot: Dovecot
) -> None:
    client = dovecot.client()
    client.append(
        "INBOX", None, None, orders_mail(secret=toy_game["north"], body="guess 5", message_id="<i1@x.org>")
    )
    client.append("INBOX", None, None, orders_mail(secret="wrong", message_id="<i2@x.org>"))
    client.append(
        "INBOX", None, None, orders_mail(secret=toy_game["north"], message_id="<i1@x.org>")
    )  # again
    client.logout()

    result = poll_imap(db, dovecot.url(), MailHandler(db, referee))
    assert sorted(h.status for h in result.handled) == ["duplicate", "handled", "refused"]
    assert [s.canonical for s in accepted(db)] == ["guess 5"]
    with db.session() as session:
        assert {r.via for r in session.exec(select(InboundMessage)).all()} == {"imap"}

    client = dovecot.client()
    client.select("INBOX")
    assert client.uid("search", None, "UNSEEN")[1] == [b""]  # every handled message is marked \Seen
    client.logout()
    assert len(poll_imap(db, dovecot.url(), MailHandler(db, referee))) == 0


def test_imap_url_forms() -> None:
    config = ImapConfig.from_url("imaps://ref%40x.org:p%40ss@imap.example.org/Orders")
    assert (config.host, config.port, config.username, config.password, config.mailbox, config.tls) == (
        "imap.example.org", 993, "ref@x.org", "p@ss", "Orders", True,
    )  # fmt: skip
    plain = ImapConfig.from_url("imap://u:p@127.0.0.1?starttls=1")
    assert (plain.port, plain.tls, plain.starttls, plain.mailbox) == (143, False, True, "INBOX")
    with pytest.raises(MailSourceError):
        ImapConfig.from_url("imaps://imap.example.org/INBOX")  # no login


def test_a_wrong_imap_password_is_a_clear_error(db: Database, dovecot: Dovecot) -> None:
    with pytest.raises(MailSourceError, match="cannot log in"):
        poll_imap(db, dovecot.url().replace("pw-of-ana", "nope"))
