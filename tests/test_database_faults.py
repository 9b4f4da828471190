"""A full disk, a read-only database and a leftover read-only -shm are named, with a clear
exit code (73 cannot write, 74 disk full), never an "internal error" with raw SQL.

Tests run as root here, and chmod does not stop root: files and folders are made immutable with
``chattr +i`` (ext4, tmpfs), or with chmod when the tests run as another user. The full disk is a
real tmpfs of 400 KiB when this user may mount one, and SQLite's own SQLITE_FULL (``PRAGMA
max_page_count``) everywhere.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from adjudicator.core import dbfaults
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database

pytestmark = pytest.mark.slow


def pbem(*args: str, cwd: Path) -> tuple[int, str]:
    env = dict(os.environ)
    env.pop("PBEM_DB", None)
    env.pop("PBEM_DEBUG", None)
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", *args], cwd=cwd, env=env, capture_output=True, timeout=120
    )
    return done.returncode, (done.stdout + done.stderr).decode(errors="replace")


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` (a file or a folder) cannot be written, even by root, for the duration."""
    if os.geteuid() == 0:
        if shutil.which("chattr") is None:
            pytest.skip("running as root without chattr: nothing makes a file read-only for root")
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
        if done.returncode != 0:
            pytest.skip(f"chattr +i does not work here: {done.stderr.decode(errors='replace').strip()}")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        mode = path.stat().st_mode
        path.chmod(stat.S_IMODE(mode) & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
        try:
            yield
        finally:
            path.chmod(stat.S_IMODE(mode))


def _made(tmp_path: Path) -> tuple[Path, str]:
    folder = tmp_path / "games"
    folder.mkdir()
    url = f"sqlite:///{folder / 'pbem.db'}"
    code, out = pbem("init", "--db", url, cwd=tmp_path)
    assert code == 0, out
    code, out = pbem("game", "new", "mare-nostrum", "first", "--db", url, cwd=tmp_path)
    assert code == 0, out
    return folder, url


def _no_sql(out: str) -> None:
    assert "internal error" not in out and "INSERT" not in out and "[SQL" not in out and "scrypt" not in out


def test_a_read_only_database_file_is_named_with_exit_73(tmp_path: Path) -> None:
    folder, url = _made(tmp_path)
    with read_only(folder / "pbem.db"):
        code, out = pbem("game", "new", "mare-nostrum", "second", "--db", url, cwd=tmp_path)
    assert code == dbfaults.EXIT_READ_ONLY == 73, out
    assert f"the database file {folder / 'pbem.db'} cannot be written" in out
    _no_sql(out)
    code, out = pbem("game", "new", "mare-nostrum", "second", "--db", url, cwd=tmp_path)
    assert code == 0, out  # writable again: nothing stays broken


def test_a_read_only_folder_is_named_with_exit_73(tmp_path: Path) -> None:
    folder, url = _made(tmp_path)
    for leftover in ("pbem.db-wal", "pbem.db-shm"):
        (folder / leftover).unlink(missing_ok=True)
    with read_only(folder):
        code, out = pbem("game", "list", "--db", url, cwd=tmp_path)
    assert code == 73, out
    assert f"the folder {folder} is read-only" in out and "pbem.db-wal" in out
    _no_sql(out)


def test_a_leftover_read_only_shm_is_named_and_removing_it_repairs(tmp_path: Path) -> None:
    folder, url = _made(tmp_path)
    shm = folder / "pbem.db-shm"
    shm.touch()
    with read_only(shm):
        for command in (["game", "list"], ["game", "new", "mare-nostrum", "second"]):
            code, out = pbem(*command, "--db", url, cwd=tmp_path)
            assert code == 73, out
            assert f"the file {shm} cannot be written" in out and "delete it" in out
            _no_sql(out)
    shm.unlink()
    code, out = pbem("game", "list", "--db", url, cwd=tmp_path)
    assert code == 0 and "first" in out, out


@contextmanager
def tiny_disk(folder: Path) -> Iterator[None]:
    folder.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def test_a_full_disk_is_named_with_exit_74_and_nothing_is_lost(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    with tiny_disk(disk):
        url = f"sqlite:///{disk / 'pbem.db'}"
        assert pbem("init", "--db", url, cwd=tmp_path)[0] == 0
        assert pbem("game", "new", "mare-nostrum", "first", "--db", url, cwd=tmp_path)[0] == 0
        filler = disk / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
        try:  # fill the disk to the last block
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        code, out = pbem("game", "new", "mare-nostrum", "second", "--db", url, cwd=tmp_path)
        assert code == dbfaults.EXIT_DISK_FULL == 74, out
        assert f"the disk holding the database {disk / 'pbem.db'} is full" in out
        _no_sql(out)
        filler.unlink()
        code, out = pbem("game", "list", "--db", url, cwd=tmp_path)
        assert code == 0 and "first" in out and "second" not in out, out


def test_sqlite_full_is_explained_as_a_full_disk(tmp_path: Path) -> None:
    """SQLite's own SQLITE_FULL: the database may not grow by one page (PRAGMA max_page_count)."""
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    db = Database(url)
    db.migrate()
    with db.engine.connect() as connection:
        pages = connection.exec_driver_sql("PRAGMA page_count").scalar()
    db.dispose()

    @event.listens_for(db.engine, "connect")
    def _cap(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    referee = Referee(db)
    with pytest.raises(OperationalError) as caught:
        for n in range(200):  # each game takes room; the database may not grow
            referee.new_game("mare-nostrum", f"g{n}")
    assert "database or disk is full" in str(caught.value)
    fault = dbfaults.explain(caught.value, url)
    assert fault is not None and fault.exit_code == 74
    assert f"the disk holding the database {tmp_path / 'pbem.db'} is full" in fault.message
    assert "INSERT" not in fault.message
    db.dispose()


def test_tick_in_a_read_only_folder_names_it(tmp_path: Path) -> None:
    folder, url = _made(tmp_path)
    for leftover in ("pbem.db-wal", "pbem.db-shm"):
        (folder / leftover).unlink(missing_ok=True)
    with read_only(folder):
        code, out = pbem("tick", "--no-poll", "--no-flush", "--db", url, cwd=tmp_path)
    assert code == 73, out
    assert f"the folder {folder} is read-only" in out
    _no_sql(out)


def test_a_tick_step_that_fails_on_the_database_is_described_without_sql(tmp_path: Path) -> None:
    from adjudicator.clock.tick import describe

    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    db = Database(url)
    db.migrate()
    db.dispose()
    with read_only(tmp_path / "pbem.db"):
        fresh = Database(url)
        with pytest.raises(OperationalError) as caught:
            Referee(fresh).new_game("mare-nostrum", "g1")
        fresh.dispose()
    text = describe(caught.value, url)
    assert text.startswith("the database cannot be written") and "INSERT" not in text and "scrypt" not in text


def test_mail_ingest_on_a_read_only_database_asks_the_mail_server_to_retry(tmp_path: Path) -> None:
    folder, url = _made(tmp_path)
    mail = tmp_path / "orders.eml"
    mail.write_bytes(b"From: ana@example.org\r\nTo: referee@example.org\r\nSubject: x\r\n\r\ngame: first\r\n")
    with read_only(folder / "pbem.db"):
        code, out = pbem("mail", "ingest", str(mail), "--db", url, cwd=tmp_path)
    assert code == 75, out  # EX_TEMPFAIL: the message stays with the mail server
    assert f"the database file {folder / 'pbem.db'} cannot be written" in out
    _no_sql(out)
