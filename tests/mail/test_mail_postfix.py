"""A real mail server end to end: Debian's Postfix on loopback port 25.

Postfix receives a player's mail on port 25 and delivers it through a pipe transport to
`pbem mail ingest`; it relays the referee's mails to the players' server (an aiosmtpd server on
loopback standing for the rest of the Internet); and when that server refuses a recipient, Postfix
bounces the mail to its envelope sender, the message's own bounce address, which comes back
through the same pipe and marks the seat as failing.

Postfix's pipe refuses to run a command as root, and the Python of the tests may live where an
unprivileged user cannot reach (a home folder of 0700); so the pipe runs, as ``nobody``, a relay of
a few lines under the system's ``/usr/bin/python3``, which hands each message to `pbem mail
ingest` run as the tests' own user and gives its exit status back to Postfix (75 still means
"try again later"). A referee's own server runs `pbem mail ingest` in the pipe directly (see the
operations guide).
"""

from __future__ import annotations

import os
import pwd
import shutil
import smtplib
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import default
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from mailkit import free_port
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, InboundMessage, Seat, Submission
from adjudicator.mail.outbound import SmtpConfig, flush_smtp

pytestmark = pytest.mark.slow

POSTFIX = shutil.which("postfix") or "/usr/sbin/postfix"
SYSTEM_PYTHON = "/usr/bin/python3"


def _why_not() -> str | None:
    if not Path(POSTFIX).exists():
        return "Postfix is not installed (apt-get install postfix)"
    if os.geteuid() != 0:
        return "a private Postfix instance needs root (it binds port 25 and drops to its own users)"
    if not Path(SYSTEM_PYTHON).exists():
        return f"{SYSTEM_PYTHON} is missing (the pipe's relay runs under it)"
    try:
        pwd.getpwnam("postfix"), pwd.getpwnam("nobody")
    except KeyError:
        return "the postfix or nobody user is missing"
    if _listening(25):
        return "port 25 on 127.0.0.1 is taken by another mail server"
    return None


RELAY = """\
import socket, sys
data = sys.stdin.buffer.read()
with socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=120) as s:
    s.sendall(data)
    s.shutdown(socket.SHUT_WR)
    answer = b"".join(iter(lambda: s.recv(4096), b""))
sys.exit(int(answer or b"75"))
"""


#: `pbem mail ingest`, in a process that also knows the tests' toy ruleset
INGEST = f"""
import sys
sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
from toy_ruleset import ClosestGuess
from adjudicator.games import register
register(ClosestGuess)
from adjudicator.cli import main
sys.exit(main(["mail", "ingest"]))
"""


class Ingest(socketserver.ThreadingTCPServer):
    """Runs `pbem mail ingest` for each message the pipe's relay hands over."""

    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.codes: list[int] = []

        outer = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                data = b"".join(iter(lambda: self.request.recv(65536), b""))
                done = subprocess.run(
                    [sys.executable, "-c", INGEST],
                    input=data,
                    env=outer.env,
                    capture_output=True,
                    timeout=120,
                )
                outer.codes.append(done.returncode)
                self.request.sendall(str(done.returncode).encode())

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def port(self) -> int:
        return int(self.server_address[1])


class Internet:
    """The players' mail server: takes mail for example.org, refuses the address ``gone``."""

    def __init__(self) -> None:
        self.port = free_port()
        self.received: list[tuple[str, list[str], bytes]] = []

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if address.lower().startswith("gone@"):
            return "550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.received.append((envelope.mail_from, list(envelope.rcpt_tos), bytes(envelope.original_content)))
        return "250 OK"

    def start(self) -> Internet:
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()


class Postfix:
    """A private Postfix instance: its own configuration, queue and log in a temporary folder."""

    def __init__(self, internet_port: int, ingest_port: int) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="pbem-postfix-"))
        self.root.chmod(0o755)
        self.conf = self.root / "conf"
        self.conf.mkdir()
        (self.root / "queue").mkdir()
        data = self.root / "data"
        data.mkdir()
        postfix_user = pwd.getpwnam("postfix")
        os.chown(data, postfix_user.pw_uid, postfix_user.pw_gid)
        relay = self.root / "relay.py"
        relay.write_text(RELAY)
        relay.chmod(0o755)
        (self.conf / "transport").write_text(
            f"pbem.test pbemingest:\nexample.org smtp:[127.0.0.1]:{internet_port}\n"
        )
        (self.conf / "main.cf").write_text(
            f"""compatibility_level = 3.6
queue_directory = {self.root}/queue
data_directory = {data}
command_directory = /usr/sbin
daemon_directory = /usr/lib/postfix/sbin
shlib_directory = /usr/lib/postfix
meta_directory = /etc/postfix
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.pbem.test
mydomain = pbem.test
myorigin = pbem.test
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
relay_domains = pbem.test
transport_maps = texthash:{self.conf}/transport
recipient_delimiter = +
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
smtputf8_enable = no
maillog_file = {self.root}/maillog
maillog_file_prefixes = {self.root}
alias_maps =
alias_database =
local_recipient_maps =
smtp_dns_support_level = disabled
append_dot_mydomain = no
biff = no
"""
        )
        master = Path("/etc/postfix/master.cf").read_text()
        master += (
            "pbemingest unix - n n - - pipe\n"
            f"  flags=Rq user=nobody argv={SYSTEM_PYTHON} {relay} {ingest_port}\n"
        )
        (self.conf / "master.cf").write_text(master)

    def command(self, *args: str) -> subprocess.CompletedProcess[str]:
        # Postfix reports its fatal errors on a terminal or to syslog: `script` gives it a terminal.
        line = " ".join([POSTFIX, "-c", str(self.conf), *args])
        return subprocess.run(
            ["script", "-qec", line, "/dev/null"], capture_output=True, text=True, timeout=60
        )

    def start(self) -> Postfix:
        done = self.command("start")
        if done.returncode != 0:
            raise RuntimeError(f"Postfix did not start: {done.stdout}{done.stderr}{self.log()}")
        wait_for(lambda: _listening(25), 20, "Postfix to listen on 127.0.0.1:25")
        return self

    def log(self) -> str:
        path = self.root / "maillog"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        self.command("stop")
        shutil.rmtree(self.root, ignore_errors=True)


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def wait_for(condition: Callable[[], bool], seconds: float, what: str, log: Callable[[], str] = str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.25)
    raise AssertionError(f"waited {seconds} s for {what}\n{log()}")


@pytest.fixture
def mail_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Postfix, Internet, Ingest, str]]:
    why = _why_not()
    if why:
        pytest.skip(why)
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    monkeypatch.setenv("PBEM_DB", url)
    monkeypatch.setenv("PBEM_FROM", "Referee <referee@pbem.test>")
    internet = Internet().start()
    ingest = Ingest(dict(os.environ))
    postfix = Postfix(internet.port, ingest.port)
    try:
        postfix.start()
        yield postfix, internet, ingest, url
    finally:
        postfix.stop()
        ingest.shutdown()
        internet.stop()


def test_postfix_takes_players_mail_to_ingest_relays_the_referees_and_brings_a_bounce_back(
    mail_system: tuple[Postfix, Internet, Ingest, str],
) -> None:
    postfix, internet, ingest, url = mail_system
    db = Database(url)
    db.migrate()
    referee = Referee(db)
    referee.new_game("toy-guess", "toy", {"points": "2"}, deadline="48h")
    north = referee.join("toy", "north", email="north@example.org")
    referee.join("toy", "south", email="gone@example.org")
    referee.start("toy")

    # The referee's notices go out through Postfix; the one to a gone address comes back.
    result = flush_smtp(db, SmtpConfig.from_url("smtp://127.0.0.1:25"))
    assert (result.sent, result.failed) == (2, 0)
    wait_for(lambda: internet.received, 30, "the notice to reach the players' server", postfix.log)
    [(envelope_from, rcpts, data)] = internet.received
    assert rcpts == ["north@example.org"] and envelope_from.startswith("referee+b")
    notice = BytesParser(policy=default).parsebytes(data)
    assert str(notice["List-Id"]) == '"pbem game toy" <toy.pbem.test>'
    assert str(notice["Auto-Submitted"]) == "auto-generated"
    assert notice["Message-ID"] and notice["Date"]
    assert "mx.pbem.test" in str(notice["Received"])  # relayed by Postfix, not sent around it

    def south_failing() -> bool:
        with db.session() as session:
            seat = session.exec(select(Seat).where(Seat.game_id == "toy", Seat.name == "south")).one()
            return seat.mail_failing_turn == 1

    wait_for(south_failing, 60, "the bounce to come back through the pipe", postfix.log)
    wait_for(lambda: 0 in ingest.codes, 30, "pbem mail ingest to exit 0 on the bounce")

    # A player's orders, sent to port 25 like any mail, reach `pbem mail ingest` through the pipe.
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg["To"] = "referee@pbem.test"
    msg["Subject"] = "orders"
    msg["Message-ID"] = "<orders-1@example.org>"
    msg.set_content(f"game: toy\nseat: north\nsecret: {north}\nturn: 1\n\nguess 3\n")
    with smtplib.SMTP("127.0.0.1", 25, timeout=30) as smtp:
        smtp.send_message(msg)

    def orders_in() -> bool:
        with db.session() as session:
            rows = session.exec(select(Submission).where(Submission.game_id == "toy")).all()
            return any(r.seat == "north" and r.status == "accepted" for r in rows)

    def handled() -> str:
        with db.session() as session:
            rows = session.exec(select(InboundMessage)).all()
            return "\n".join(f"{r.message_id} {r.status} {r.result}" for r in rows) + "\n" + postfix.log()

    wait_for(orders_in, 60, "the player's orders to reach the game", handled)
    db.dispose()
