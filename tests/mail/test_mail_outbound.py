"""Sending the outbox over real SMTP (aiosmtpd on loopback): once each, kept on failure, backoff, status."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mailkit import Sink, free_port, outbox_rows
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.core.store import Database
from adjudicator.mail.outbound import SmtpConfig, SmtpConfigError, backoff, flush_smtp, redact, retry_failed
from adjudicator.mail.service import flush_outbox
from adjudicator.post import outbox
from adjudicator.post.compose import compose, stable_message_id

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def queue_some(db: Database, count: int, to: str = "ana@example.org") -> list[str]:
    ids = []
    with db.session() as session:
        for i in range(count):
            message_id = stable_message_id("g", 1, f"seat{i}", "report")
            msg = compose(
                to=to,
                subject=f"[g] Report {i}",
                text=f"text {i}",
                html=f"<p>html {i}</p>",
                message_id=message_id,
            )
            outbox.queue(
                session,
                message_id=message_id,
                raw=msg.as_bytes(),
                to_addr=to,
                subject="s",
                kind="report",
                game_id=None,
            )
            ids.append(message_id)
    return ids


def test_smtp_urls() -> None:
    config = SmtpConfig.from_url("smtp://ref%40x.org:p%3Ass@mail.example.org:587?starttls=1")
    assert (config.host, config.port, config.username, config.password) == (
        "mail.example.org",
        587,
        "ref@x.org",
        "p:ss",
    )
    assert config.start_tls is True and config.use_tls is False
    tls = SmtpConfig.from_url("smtps://u:p@mail.example.org")
    assert (tls.port, tls.use_tls, tls.start_tls) == (465, True, False)
    plain = SmtpConfig.from_url("smtp://127.0.0.1:2525?starttls=0")
    assert (plain.username, plain.start_tls) == (None, False)
    with pytest.raises(SmtpConfigError):
        SmtpConfig.from_url("http://mail.example.org")
    assert redact("smtp://u:secret@h:587") == "smtp://u:***@h:587"


def test_backoff_doubles_up_to_six_hours() -> None:
    assert [backoff(n) for n in (1, 2, 3)] == [
        timedelta(minutes=1),
        timedelta(minutes=2),
        timedelta(minutes=4),
    ]
    assert backoff(30) == timedelta(hours=6)


def test_each_message_is_sent_once_with_its_message_id(db: Database, sink: Sink) -> None:
    ids = queue_some(db, 7)
    result = flush_smtp(db, SmtpConfig.from_url(sink.url), now=NOW, parallel=3)
    assert (result.sent, result.failed) == (7, 0)
    assert 1 <= sink.connections <= 3  # each connection is reused for several messages
    assert sorted(sink.message_ids()) == sorted(ids)
    assert all(rcpts == ["ana@example.org"] for _, rcpts, _ in sink.received)
    # each message's envelope sender is its own bounce address, so a bounce names the message
    from adjudicator.mail.bounces import bounce_address

    expected = {
        r.message_id: bounce_address(r.id or 0, r.message_id, "referee@pbem.test") for r in outbox_rows(db)
    }
    assert sorted(sender for sender, _, _ in sink.received) == sorted(expected.values())
    assert all(sender.startswith("referee+b") for sender, _, _ in sink.received)
    assert flush_smtp(db, SmtpConfig.from_url(sink.url), now=NOW).sent == 0
    assert {r.status for r in outbox_rows(db)} == {"sent"}


def test_with_verp_off_the_envelope_sender_is_the_referees_plain_address(
    db: Database, sink: Sink, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_VERP", "off")
    queue_some(db, 2)
    assert flush_smtp(db, SmtpConfig.from_url(sink.url), now=NOW).sent == 2
    assert [sender for sender, _, _ in sink.received] == ["referee@pbem.test"] * 2


def test_smtp_server_stopped_mid_flush_loses_nothing_and_sends_nothing_twice(db: Database) -> None:
    port = free_port()
    first = Sink(port).start()
    ids = queue_some(db, 6)
    config = SmtpConfig.from_url(first.url)
    assert flush_smtp(db, config, now=NOW, limit=2, parallel=1).sent == 2  # part of the flush
    first.stop()  # the server goes away

    down = flush_smtp(db, config, now=NOW)
    assert (down.sent, down.failed) == (0, 0) and down.unreachable  # one failure of the flush
    waiting = [r for r in outbox_rows(db) if r.status != "sent"]
    assert len(waiting) == 4 and {r.status for r in waiting} == {"queued"}  # kept, not dropped
    assert all(r.attempts == 0 and r.claimed_by is None for r in waiting)  # no attempt counted

    second = Sink(port).start()  # back
    try:
        assert flush_smtp(db, config, now=NOW + timedelta(seconds=30)).sent == 4
        assert flush_smtp(db, config, now=NOW + timedelta(hours=1)).sent == 0
    finally:
        second.stop()
    delivered = first.message_ids() + second.message_ids()
    assert sorted(delivered) == sorted(ids)  # every message exactly once
    assert {r.status for r in outbox_rows(db)} == {"sent"}


class Busy(Sink):
    """A server that takes the connection but answers every recipient with a passing failure."""

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: list[str]
    ) -> str:
        return "451 4.3.0 try again later"


def test_after_n_failures_a_message_is_marked_and_shown(
    db: Database, monkeypatch: pytest.MonkeyPatch, sqlite_url: str
) -> None:
    monkeypatch.setenv("PBEM_SMTP_MAX_ATTEMPTS", "3")
    [message_id] = queue_some(db, 1)
    server = Busy().start()
    config = SmtpConfig.from_url(server.url)
    now = NOW
    try:
        for _ in range(3):
            assert flush_smtp(db, config, now=now).failed == 1
            now += timedelta(hours=7)
    finally:
        server.stop()
    [row] = outbox_rows(db)
    assert (row.status, row.attempts) == ("failed", 3)
    monkeypatch.setenv("PBEM_SMTP_URL", f"smtp://u:hunter2@127.0.0.1:{config.port}")
    result = CliRunner().invoke(app, ["mail", "status", "--db", sqlite_url])
    assert result.exit_code == 0, result.output
    assert "1 failed" in result.output and "FAILED" in result.output and message_id in result.output
    assert "hunter2" not in result.output
    assert retry_failed(db) == 1
    assert outbox_rows(db)[0].status == "queued"


class Refusing(Sink):
    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: list[str]
    ) -> str:
        if address.startswith("gone@"):
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"


def test_a_permanent_refusal_is_marked_failed_at_once_and_others_still_go(db: Database) -> None:
    server = Refusing().start()
    try:
        queue_some(db, 1, to="gone@example.org")
        with db.session() as session:
            msg = compose(to="ana@example.org", subject="s", text="t", message_id="<ok@pbem.test>")
            outbox.queue(
                session,
                message_id="<ok@pbem.test>",
                raw=msg.as_bytes(),
                to_addr="ana@example.org",
                subject="s",
                kind="ack",
            )
        result = flush_smtp(db, SmtpConfig.from_url(server.url), now=NOW, parallel=1)
    finally:
        server.stop()
    assert (result.sent, result.failed) == (1, 1)
    statuses = {r.to_addr: (r.status, r.attempts) for r in outbox_rows(db)}
    assert statuses == {"gone@example.org": ("failed", 1), "ana@example.org": ("sent", 1)}
    assert server.message_ids() == ["<ok@pbem.test>"]


def test_flush_outbox_writes_a_maildir_without_smtp(db: Database, mail_env: Path) -> None:
    ids = queue_some(db, 2)
    assert flush_outbox(db) == 2
    files = sorted((mail_env / "new").glob("*.eml"))
    assert len(files) == 2
    assert {
        f.read_bytes().split(b"Message-ID: ", 1)[1].split(b"\n", 1)[0].strip().decode() for f in files
    } == set(ids)


def test_flush_outbox_uses_smtp_when_configured(
    db: Database, sink: Sink, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    queue_some(db, 3)
    assert flush_outbox(db) == 3
    assert len(sink.received) == 3


def test_flush_command(db: Database, sink: Sink, monkeypatch: pytest.MonkeyPatch, sqlite_url: str) -> None:
    queue_some(db, 2)
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    result = CliRunner().invoke(app, ["mail", "flush", "--db", sqlite_url])
    assert result.exit_code == 0, result.output
    assert "2 message(s) sent" in result.output


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80), st.sampled_from(["smtp://", "smtps://", "imap://", "imaps://", ""]))
def test_server_urls_are_read_or_refused_clearly(text: str, scheme: str) -> None:
    from adjudicator.mail.sources import ImapConfig, MailSourceError

    for parse, error in ((SmtpConfig.from_url, SmtpConfigError), (ImapConfig.from_url, MailSourceError)):
        try:
            parse(scheme + text)
        except error as exc:
            assert str(exc)
    assert isinstance(redact(scheme + text), str)


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    import shutil
    import subprocess

    if shutil.which("openssl") is None:
        pytest.skip(
            "the openssl command is not installed; the TLS tests need it for a self-signed certificate"
        )
    folder = tmp_path_factory.mktemp("tls")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem"),
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return folder / "cert.pem", folder / "key.pem"


class TlsSink(Sink):
    def __init__(self, context: Any, implicit: bool) -> None:
        super().__init__()
        self.context, self.implicit = context, implicit

    def start(self) -> TlsSink:
        from aiosmtpd.controller import Controller

        if self.implicit:  # smtps://: TLS from the first byte
            self.controller = Controller(self, hostname="127.0.0.1", port=self.port, ssl_context=self.context)
        else:  # STARTTLS required before MAIL FROM
            self.controller = Controller(
                self, hostname="127.0.0.1", port=self.port, tls_context=self.context, require_starttls=True
            )
        self.controller.start()
        return self


@pytest.mark.parametrize("implicit", [True, False], ids=["smtps", "starttls"])
def test_sending_over_tls(db: Database, certificate: tuple[Path, Path], implicit: bool) -> None:
    import ssl

    cert, key = certificate
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server = TlsSink(context, implicit).start()
    try:
        ids = queue_some(db, 3)
        scheme = "smtps" if implicit else "smtp"
        query = f"cafile={cert}" + ("" if implicit else "&starttls=1")
        config = SmtpConfig.from_url(f"{scheme}://127.0.0.1:{server.port}?{query}")
        assert flush_smtp(db, config, now=NOW).sent == 3
    finally:
        server.stop()
    assert sorted(server.message_ids()) == sorted(ids)


def test_a_batch_claim_gives_each_message_to_one_flusher_only(db: Database) -> None:
    with db.session() as session:
        for n in range(5):
            outbox.queue(
                session, message_id=f"<b{n}@x>", raw=b"x", to_addr="a@example.org", subject="s", kind="ack"
            )
    now = datetime.now(UTC)
    ids = outbox.due_ids(db, now)
    first = outbox.claim_many(db, ids[:3], now, "host-a:1")
    assert [r.id for r in first] == ids[:3]
    second = outbox.claim_many(db, ids, now, "host-b:2")  # what host a holds stays its own
    assert [r.id for r in second] == ids[3:]
    outbox.release(db, ids[0])
    assert [r.id for r in outbox.claim_many(db, ids, now, "host-b:2")] == [ids[0], *ids[3:]]


def test_a_flush_larger_than_one_claim_batch_sends_everything_once(db: Database, sink: Sink) -> None:
    from adjudicator.mail.outbound import CLAIM_BATCH

    count = 2 * CLAIM_BATCH + 3
    with db.session() as session:
        for n in range(count):
            msg = compose(to=f"p{n}@example.org", subject="s", text="t", message_id=f"<many{n}@x>")
            outbox.queue_message(session, msg, kind="ack")
    result = flush_smtp(db, SmtpConfig.from_url(sink.url), parallel=2)
    assert result.sent == count
    assert sorted(sink.message_ids()) == sorted(f"<many{n}@x>" for n in range(count))
    # each recorded `sent` with its connection's next `sending`, the last ones at the end of the flush
    assert {(r.status, r.attempts, r.claimed_by) for r in outbox_rows(db)} == {("sent", 1, None)}
    assert flush_smtp(db, SmtpConfig.from_url(sink.url), parallel=2).sent == 0


def test_a_message_sent_just_before_a_refused_one_is_recorded_sent(db: Database) -> None:
    server = Refusing().start()
    try:
        with db.session() as session:
            for n, to in enumerate(["ana@example.org", "gone@example.org", "ben@example.org"]):
                msg = compose(to=to, subject="s", text="t", message_id=f"<seq{n}@pbem.test>")
                outbox.queue_message(session, msg, kind="ack")
        result = flush_smtp(db, SmtpConfig.from_url(server.url), now=NOW, parallel=1)
    finally:
        server.stop()
    assert (result.sent, result.failed) == (2, 1)
    statuses = {r.to_addr: (r.status, r.attempts, r.claimed_by) for r in outbox_rows(db)}
    assert statuses == {
        "ana@example.org": ("sent", 1, None),
        "gone@example.org": ("failed", 1, None),
        "ben@example.org": ("sent", 1, None),
    }


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([b".", b"..", b"a", b"\r\n", b"\n", b"\r", b" ", b"=", b"\x00"]), max_size=40)
)
def test_the_data_sent_is_what_aiosmtplib_would_send_dot_stuffed(parts: list[bytes]) -> None:
    from aiosmtplib.protocol import PERIOD_REGEX, normalize_message_line_endings

    from adjudicator.mail.outbound import wire_form

    raw = b"".join(parts)
    library = PERIOD_REGEX.sub(b"..", normalize_message_line_endings(raw)) + b".\r\n"
    ours = wire_form(raw)
    if ours is None:  # not every line ends in CRLF: the library's own `data` sends it
        assert b"\r" in raw.replace(b"\r\n", b"") or b"\n" in raw.replace(b"\r\n", b"")
    else:
        assert ours == library


def test_lines_beginning_with_a_dot_arrive_as_written(db: Database, sink: Sink) -> None:
    text = ".\n..two dots\n.one dot\nend.\n"
    with db.session() as session:
        msg = compose(to="ana@example.org", subject="s", text=text, message_id="<dots@pbem.test>")
        outbox.queue_message(session, msg, kind="ack")
        bare = b"Subject: bare\nMessage-ID: <bare@pbem.test>\n\n.a lone LF line\r.and a CR\n"
        outbox.queue(
            session,
            message_id="<bare@pbem.test>",
            raw=bare,
            to_addr="ben@example.org",
            subject="s",
            kind="ack",
        )
    assert flush_smtp(db, SmtpConfig.from_url(sink.url), now=NOW, parallel=1).sent == 2
    received = {m["Message-ID"]: m for m in sink.messages()}
    assert received["<dots@pbem.test>"].get_content().replace("\r\n", "\n") == text
    assert (
        received["<bare@pbem.test>"].get_payload() == ".a lone LF line\r\n.and a CR\r\n"
    )  # the library's path


def test_connections_marking_at_the_same_moment_share_one_transaction(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from adjudicator.mail.outbound import _Marks

    ids = queue_some(db, 4)
    rows = outbox.claim_many(db, outbox.due_ids(db, NOW), NOW, "host:1")
    first, second, third, fourth = (r.id for r in rows)
    assert outbox.begin_sending(db, first, "host:1") and outbox.begin_sending(db, second, "host:1")
    transactions: list[list[tuple[int, int | None]]] = []
    real = outbox.begin_sending_many

    def counted(database: Database, requests: list[tuple[int, int | None]], me: str) -> list[bool]:
        transactions.append(list(requests))
        return real(database, requests, me)

    monkeypatch.setattr(outbox, "begin_sending_many", counted)

    async def two_connections() -> list[bool]:
        marks = _Marks(db, "host:1")  # each connection: its next message, and the one it handed over
        return list(
            await asyncio.gather(marks.begin_sending(third, first), marks.begin_sending(fourth, second))
        )

    assert asyncio.run(two_connections()) == [True, True]
    assert transactions == [[(third, first), (fourth, second)]]  # one commit for both
    statuses = {r.message_id: r.status for r in outbox_rows(db)}
    assert [statuses[m] for m in ids] == ["sent", "sent", "sending", "sending"]
