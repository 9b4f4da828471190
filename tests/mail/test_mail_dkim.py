"""DKIM for a referee who sends directly: mail signed before DATA, checked by dkimpy against the
published record; `pbem doctor` checks the key and the DNS record's format.

There is no DNS on the test machine: the record a receiver would look up is handed to dkimpy's
verifier, and doctor's look-up (``checks.dns_txt``) is replaced by one that answers from a dict.
"""

from __future__ import annotations

import json
import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import dkim
import pytest
from mailkit import Sink

from adjudicator.cli import checks, main
from adjudicator.core.store import Database
from adjudicator.mail.dkim_signing import DkimConfigError, _load, check_record, load_key
from adjudicator.mail.outbound import SmtpConfig, flush_smtp
from adjudicator.post.compose import compose
from adjudicator.post.outbox import queue_message

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    path = tmp_path / "dkim.pem"
    subprocess.run(["openssl", "genrsa", "-out", str(path), "2048"], check=True, capture_output=True)
    path.chmod(0o600)
    return path


@pytest.fixture
def dkim_env(key_file: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PBEM_DKIM_KEY", str(key_file))
    monkeypatch.setenv("PBEM_DKIM_SELECTOR", "pbem2026")
    monkeypatch.setenv("PBEM_DKIM_DOMAIN", "pbem.test")
    _load.cache_clear()
    return key_file


def test_sent_mail_carries_a_dkim_signature_that_verifies_against_the_published_key(
    db: Database, sink: Sink, dkim_env: Path
) -> None:
    key = load_key()
    assert key is not None
    with db.session() as session:
        msg = compose(
            to="ana@example.org", subject="[g] Turn 1", text="Your turn.", message_id="<m1@pbem.test>"
        )
        queue_message(session, msg, kind="notice", game_id="g", seat="ana")
    assert flush_smtp(db, SmtpConfig.from_url(sink.url), now=NOW).sent == 1
    [(_, _, data)] = sink.received
    assert data.startswith(b"DKIM-Signature:")
    record = key.public_record().encode()
    assert dkim.verify(
        data, dnsfunc=lambda name, timeout=5: record if name == b"pbem2026._domainkey.pbem.test." else None
    )
    tampered = data.replace(b"Your turn.", b"Your turn!")
    assert not dkim.verify(tampered, dnsfunc=lambda name, timeout=5: record)


def test_a_dkim_key_that_cannot_sign_stops_the_flush_with_its_reason(
    db: Database, sink: Sink, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.pem"
    bad.write_text("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n")
    monkeypatch.setenv("PBEM_DKIM_KEY", str(bad))
    monkeypatch.setenv("PBEM_DKIM_SELECTOR", "s1")
    _load.cache_clear()
    with db.session() as session:
        queue_message(session, compose(to="ana@example.org", subject="x", text="y"), kind="notice")
    with pytest.raises(DkimConfigError, match="not a PEM RSA private key"):
        flush_smtp(db, SmtpConfig.from_url(sink.url), now=NOW)
    assert sink.received == []


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        ("v=DKIM2; k=rsa; p={p}", "must be DKIM1"),
        ("v=DKIM1; k=ed25519; p={p}", "this key is rsa"),
        ("v=DKIM1; k=rsa", "no p= tag"),
        ("v=DKIM1; k=rsa; p=", "revoked"),
        ("v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", "not the public key"),
        ("hello world", "no tag=value"),
    ],
)
def test_a_published_record_in_the_wrong_format_is_named(dkim_env: Path, record: str, problem: str) -> None:
    key = load_key()
    assert key is not None
    p = key.public_record().split("p=")[1]
    found = check_record(key, record.format(p=p))
    assert found and problem in found[0]
    assert check_record(key, key.public_record()) == []
    assert check_record(key, key.public_record().replace("; ", ";\n  ")) == []  # split strings


def doctor_dkim(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> dict[str, str]:
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    Database(url).migrate()
    main(["doctor", "--json", "--db", url])
    document = json.loads(capsys.readouterr().out)
    return next(c for c in document["checks"] if c["name"] == "dkim")


def test_doctor_checks_the_dkim_key_and_its_record(
    dkim_env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    key = load_key()
    assert key is not None
    published: dict[str, str] = {}
    monkeypatch.setattr(checks, "dns_txt", lambda name: published.get(name))
    found = doctor_dkim(capsys, tmp_path)
    assert found["status"] == "warn" and key.public_record() in found["fix"]  # says what to publish
    published["pbem2026._domainkey.pbem.test"] = "v=DKIM1; k=rsa; p="
    assert doctor_dkim(capsys, tmp_path)["status"] == "fail"
    published["pbem2026._domainkey.pbem.test"] = key.public_record()
    assert doctor_dkim(capsys, tmp_path)["status"] == "ok"
    os.chmod(dkim_env, 0o644)
    found = doctor_dkim(capsys, tmp_path)
    assert found["status"] == "fail" and "chmod 600" in found["fix"]


def test_doctor_skips_dkim_when_it_is_not_configured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PBEM_DKIM_KEY", raising=False)
    assert doctor_dkim(capsys, tmp_path)["status"] == "skip"


def test_doctor_names_an_unreadable_key_and_a_bad_selector(
    dkim_env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PBEM_DKIM_KEY", str(tmp_path / "missing.pem"))
    _load.cache_clear()
    found = doctor_dkim(capsys, tmp_path)
    assert found["status"] == "fail" and "cannot read it" in found["detail"]
    monkeypatch.setenv("PBEM_DKIM_KEY", str(dkim_env))
    monkeypatch.setenv("PBEM_DKIM_SELECTOR", "bad selector;")
    _load.cache_clear()
    found = doctor_dkim(capsys, tmp_path)
    assert found["status"] == "fail" and "not a DNS label" in found["detail"]
