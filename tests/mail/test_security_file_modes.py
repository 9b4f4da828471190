"""The database, its WAL and shared-memory files, the outbox Maildir and the listener's spool are
the referee's alone: they hold sealed orders, turn secrets, hidden hands and seats' secrets."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import select

from adjudicator.cli import main
from adjudicator.core.store import Database, Game
from adjudicator.mail.sources import ListenerHandler
from adjudicator.post.outbox import write_maildir


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def usual_umask() -> Iterator[None]:
    """The umask most accounts have (022): what is not made private on purpose is world-readable."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def test_a_new_database_and_its_wal_are_created_readable_by_the_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "data" / "pbem.db"
    db = Database(f"sqlite:///{path}")
    db.migrate()
    with db.session() as session:  # a write: the WAL and the shared-memory file exist now
        session.exec(select(Game)).all()
        session.add(Game(id="g1", ruleset="toy-guess", title="t", referee_email="r@example.org"))
    try:
        assert Path(f"{path}-wal").exists() and Path(f"{path}-shm").exists()
        assert mode(path) == 0o600
        assert mode(Path(f"{path}-wal")) == 0o600
        assert mode(Path(f"{path}-shm")) == 0o600
        assert mode(path.parent) == 0o700
    finally:
        db.dispose()


def test_the_outbox_maildir_is_created_0700_with_its_letters_0600(tmp_path: Path) -> None:
    folder = tmp_path / "outbox"
    target = write_maildir(folder, "<letter@pbem.test>", b"Subject: your secret\r\n\r\nsecret: abc\r\n")
    assert mode(target) == 0o600
    for where in (folder, folder / "tmp", folder / "new", folder / "cur"):
        assert mode(where) == 0o700, where


def test_the_listener_spool_is_private(tmp_path: Path, db: Database) -> None:
    from adjudicator.mail.handler import MailHandler

    spool = tmp_path / "spool-private"
    listener = ListenerHandler(MailHandler(db), spool)
    written = listener.spool_message(b"Subject: x\r\n\r\nhello\r\n")
    assert mode(written) == 0o600
    assert mode(spool) == mode(spool / "new") == mode(spool / "tmp") == 0o700


def doctor(url: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, dict[str, str]]]:
    code = main(["doctor", "--json", "--db", url])
    document = json.loads(capsys.readouterr().out)
    return code, {c["name"]: c for c in document["checks"]}


def test_doctor_fails_on_a_database_or_outbox_others_can_read_and_says_how_to_fix_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PBEM_FROM", "Referee <referee@club.example.org>")
    path = tmp_path / "pbem.db"
    url = f"sqlite:///{path}"
    db = Database(url)
    db.migrate()
    db.dispose()
    write_maildir(tmp_path / "outbox", "<a@pbem.test>", b"Subject: a\r\n\r\na\r\n")
    code, checks = doctor(url, capsys)
    assert checks["files"]["status"] == "ok", checks["files"]
    assert code == 0

    path.chmod(0o644)  # a database copied in with the usual umask
    code, checks = doctor(url, capsys)
    assert code == 78
    assert checks["files"]["status"] == "fail"
    assert str(path) in checks["files"]["detail"]
    assert "chmod 600" in checks["files"]["fix"]

    path.chmod(0o600)
    (tmp_path / "outbox" / "new").chmod(0o755)
    code, checks = doctor(url, capsys)
    assert checks["files"]["status"] == "fail"
    assert f"{tmp_path / 'outbox' / 'new'}/" in checks["files"]["detail"]
