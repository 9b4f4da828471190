"""What went wrong with the database, in words a referee can act on, with an exit code.

A full disk, a read-only database file, a read-only folder (SQLite writes ``pbem.db-wal`` and
``pbem.db-shm`` beside the database) or a leftover ``pbem.db-shm`` another user owns all reach
the command as a driver error with a statement attached. :func:`explain` turns such an error into
one sentence naming the file and what to do, and never shows the SQL or its parameters (they
can hold the setup secret and secret hashes).

Exit codes (sysexits.h, also in the README's command section):

* 73 ``EX_CANTCREAT``: the database cannot be written (read-only file, folder, -wal or -shm);
* 74 ``EX_IOERR``: the disk is full, or another input/output error;
* 75 ``EX_TEMPFAIL``: the database stayed locked by another process past the busy timeout;
* 69 ``EX_UNAVAILABLE``: the database cannot be reached or opened for another reason.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

EXIT_UNAVAILABLE = 69
EXIT_READ_ONLY = 73
EXIT_DISK_FULL = 74
EXIT_LOCKED = 75

_READ_ONLY = ("readonly database", "read-only", "unable to open database file", "readonly")
_FULL = ("database or disk is full", "no space left on device", "disk full", "could not extend file")
_IO = ("disk i/o error",)
_LOCKED = ("database is locked", "database table is locked")


@dataclass
class DatabaseFault:
    """One database problem: the sentence to print and the exit code."""

    message: str
    exit_code: int


def sqlite_path(url: str | None) -> Path | None:
    """The database file of a SQLite URL (``None`` for another database or ``:memory:``)."""
    if not url:
        return None
    try:
        parsed = make_url(url)
    except Exception:
        return None
    if not parsed.drivername.startswith("sqlite") or not parsed.database or parsed.database == ":memory:":
        return None
    database = parsed.database
    if database.startswith("file:"):  # a URI: file:pbem.db?mode=ro
        database = database.removeprefix("file:").split("?", 1)[0]
    return Path(database)


def _safe_url(url: str | None) -> str:
    try:
        return make_url(url or "").render_as_string(hide_password=True)
    except Exception:
        return "(the database)"


def _first_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).strip().splitlines()
    return text[0][:300] if text else type(orig).__name__


def _try_write(path: Path) -> str | None:
    """Why ``path`` (an existing file) cannot be opened for writing, or ``None`` if it can."""
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    return None


def _try_create_in(folder: Path) -> str | None:
    """Why nothing can be created in ``folder``, or ``None`` if a file can be."""
    probe = folder / f".pbem-write-test-{secrets.token_hex(4)}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    with contextlib.suppress(OSError):
        probe.unlink()
    return None


def unwritable(path: Path) -> str | None:
    """Which file or folder of the SQLite database at ``path`` cannot be written, and why."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if path.exists():
        why = _try_write(path)
        if why:
            return f"the database file {path} cannot be written ({why}); make it writable for this user"
    for suffix, advice in (
        (
            "-shm",
            "a leftover of a process run by another user, or made read-only; when no pbem process "
            "runs, delete it or make it writable (SQLite rebuilds it)",
        ),
        (
            "-wal",
            "make it writable for this user; do NOT delete it: it can hold committed turns not yet "
            "copied into the database",
        ),
        ("-journal", "make it writable for this user; do not delete it while a pbem process runs"),
    ):
        side = path.with_name(path.name + suffix)
        if side.exists():
            why = _try_write(side)
            if why:
                return f"the file {side} cannot be written ({why}): {advice}"
    why = _try_create_in(folder)
    if why:
        return (
            f"the folder {folder} is read-only ({why}); SQLite creates {path.name}-wal and "
            f"{path.name}-shm beside the database, so the folder must be writable"
        )
    return None


#: Less free space than this beside the database makes an I/O error a full disk.
LOW_SPACE = 1024 * 1024


def _free_bytes(path: Path | None) -> int | None:
    if path is None:
        return None
    try:
        return shutil.disk_usage(path.parent if str(path.parent) else ".").free
    except OSError:
        return None


def explain(exc: BaseException, url: str | None) -> DatabaseFault | None:
    """The fault behind a database error, or ``None`` when it is none of the known ones."""
    text = _first_line(exc)
    lower = text.lower()
    path = sqlite_path(url)
    where = str(path) if path is not None else _safe_url(url)
    os_errno = getattr(getattr(exc, "orig", None), "errno", None) or getattr(exc, "errno", None)
    free = _free_bytes(path)
    # SQLite in WAL mode reports a full disk as a plain I/O error when the -wal or -shm cannot grow
    nearly_full = free is not None and free < LOW_SPACE and any(word in lower for word in _IO)
    if any(word in lower for word in _FULL) or os_errno == errno.ENOSPC or nearly_full:
        free_text = f", {free // 1024} KiB free" if free is not None else ""
        return DatabaseFault(
            f"the disk holding the database {where} is full ({text}{free_text}); nothing was changed: "
            "free some space, then run the command again",
            EXIT_DISK_FULL,
        )
    if any(word in lower for word in _READ_ONLY):
        if path is not None:
            culprit = unwritable(path)
            if culprit is None and "mode=ro" in (url or ""):
                culprit = f"the database URL opens {path} read-only (mode=ro)"
            if culprit is None:
                culprit = f"SQLite cannot open {path} for writing ({text})"
        else:
            culprit = f"{where} refuses writes ({text})"
        return DatabaseFault(f"the database cannot be written: {culprit}", EXIT_READ_ONLY)
    if any(word in lower for word in _IO):
        return DatabaseFault(
            f"the disk failed while writing the database {where} ({text}); check the disk "
            "(it may be full or failing), then run the command again",
            EXIT_DISK_FULL,
        )
    if any(word in lower for word in _LOCKED):
        return DatabaseFault(
            f"the database {where} stayed locked by another process ({text}); run the command again",
            EXIT_LOCKED,
        )
    return None


def unavailable(exc: BaseException, url: str | None) -> DatabaseFault:
    """Any other operational database error: named without its SQL."""
    path = sqlite_path(url)
    where = str(path) if path is not None else _safe_url(url)
    return DatabaseFault(f"the database {where} cannot be used: {_first_line(exc)}", EXIT_UNAVAILABLE)


def is_database_error(exc: BaseException) -> bool:
    """A driver error (its text, and its traceback in a log, carry the SQL and its parameters)."""
    import sqlite3

    from sqlalchemy.exc import DBAPIError

    return isinstance(exc, (DBAPIError, sqlite3.Error))


def describe(exc: BaseException, url: str | None) -> str:
    """Any error in one line for a log or a summary: a database fault in words, never its SQL
    (a statement's parameters can hold secrets, or a whole mail)."""
    if is_database_error(exc):
        return (explain(exc, url) or unavailable(exc, url)).message
    return f"{type(exc).__name__}: {exc}"


__all__ = [
    "EXIT_DISK_FULL",
    "EXIT_LOCKED",
    "EXIT_READ_ONLY",
    "EXIT_UNAVAILABLE",
    "DatabaseFault",
    "describe",
    "explain",
    "is_database_error",
    "sqlite_path",
    "unavailable",
    "unwritable",
]
