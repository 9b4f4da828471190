"""Non-interference for Far Side: a game played through the real engine (a SQLite file, reports
and mail queued) twice, with the same public inputs and one seat's sealed orders changed, and
everything another seat, an observer or the public receives, taken at each step.

Secrets, salts and the reports' clock are drawn from a counter and a fake clock, so two plays
with the same inputs give byte-identical mail: any difference between two plays comes from the
one input changed.
"""

from __future__ import annotations

import hashlib
import itertools
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from email.policy import default
from pathlib import Path
from typing import Any
from unittest import mock

from sqlmodel import select

import adjudicator.publish  # noqa: F401  (registers the report hooks)
from adjudicator.core import engine, seal
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Observer, OutboxMessage, Report, dumps, loads
from adjudicator.mail.delivery import message_bytes
from adjudicator.publish import reports
from adjudicator.publish.archive import export_game

START = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
GAME_ID = "fs"
OBSERVER = "watcher@example.org"


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@contextmanager
def deterministic(clock: Clock) -> Iterator[None]:
    """Secrets and salts from a counter, the reports' time from ``clock``: two plays alike."""
    counter = itertools.count()

    def token(n: int) -> str:
        return hashlib.sha256(str(next(counter)).encode()).hexdigest()[: 2 * n]

    with ExitStack() as stack:
        stack.enter_context(mock.patch.object(seal, "new_salt", lambda: token(16)))
        stack.enter_context(mock.patch.object(seal, "new_turn_secret", lambda: token(32)))
        stack.enter_context(mock.patch.object(engine, "new_secret", lambda: token(16)))
        stack.enter_context(mock.patch.object(reports, "utcnow", clock))
        yield


def mail_content(raw: bytes) -> list[tuple[list[tuple[str, str]], bytes]]:
    """A mail's headers and each part's decoded bytes, without what the mail library draws at
    random or from the real clock when composing (the MIME boundary, the ``Date`` header)."""
    msg = message_from_bytes(raw, policy=default)
    parts = []
    for part in msg.walk():
        headers = [
            (k, "" if k.lower() == "content-type" and "boundary" in v else v)
            for k, v in part.items()
            if k.lower() != "date"
        ]
        payload = part.get_payload(decode=True) if not part.is_multipart() else b""
        parts.append((headers, payload or b""))
    return parts


class Table:
    """One Far Side game on a fresh SQLite file, an observer watching, reports and mail on."""

    def __init__(self, folder: Path, options: dict[str, str], clock: Clock) -> None:
        self.folder = folder
        self.db = Database(f"sqlite:///{folder / 'pbem.db'}")
        self.db.migrate()
        self.clock = clock
        self.referee = Referee(self.db, clock=clock)
        self.referee.new_game("far-side", GAME_ID, options, deadline="48h")
        self.secret = {
            seat: self.referee.join(GAME_ID, seat, email=f"{seat}@example.org", name=seat.title())
            for seat in ("british", "french")
        }
        with self.db.session() as session:
            session.add(
                Observer(
                    game_id=GAME_ID, email=OBSERVER, status="active", created_at=START, confirmed_at=START
                )
            )
        self.referee.start(GAME_ID)

    def edit_state(self, change: Callable[[dict[str, Any]], None]) -> None:
        """Change the open turn's state before anyone has written (a position to play from)."""
        with self.db.session() as session:
            turn = self.referee.turn(session, GAME_ID)
            state = loads(turn.state_json)
            change(state)
            turn.state_json = dumps(state)
            session.add(turn)

    def open_requests(self) -> list[dict[str, Any]]:
        return list(self.referee.status(GAME_ID)["requests"])

    def submit(self, seat: str, text: str, key: str | None = None) -> bool:
        self.clock.advance(minutes=7)
        result = self.referee.submit(GAME_ID, seat, text, self.secret[seat], request_key=key)
        return bool(result.accepted)

    def seen_by_others(self, secret_seat: str) -> dict[str, Any]:
        """Everything anyone but ``secret_seat`` has received so far, byte for byte: the mail
        queued for the other seat and the observer, every report not addressed to
        ``secret_seat``, who is asked now and the public archive."""
        with self.db.session() as session:
            rows = list(session.exec(select(OutboxMessage).order_by(OutboxMessage.id)).all())  # type: ignore[arg-type]
            stored = list(session.exec(select(Report).order_by(Report.id)).all())  # type: ignore[arg-type]
        mail = [
            (row.seat, row.kind, row.to_addr, row.subject, mail_content(message_bytes(self.db, row)))
            for row in rows
            if row.seat != secret_seat and row.to_addr != f"{secret_seat}@example.org"
        ]
        shown = [(r.turn_number, r.seat, r.format, r.body) for r in stored if r.seat != secret_seat]
        status = self.referee.status(GAME_ID)
        asked = [(r["request"], r["seat"], r["optional"]) for r in status["requests"]]
        archive = export_game(self.db, GAME_ID, self.folder / "archive")
        files = {
            str(p.relative_to(archive)): p.read_bytes() for p in sorted(archive.rglob("*")) if p.is_file()
        }
        return {
            "mail": mail,
            "reports": shown,
            "turn": (status["turn"], status["label"]),
            "asked": asked,
            "ready": self.referee.ready_to_close(GAME_ID),
            "archive": files,
        }

    def close(self) -> None:
        self.db.dispose()


@contextmanager
def table(options: dict[str, str]) -> Iterator[Table]:
    clock = Clock()
    with tempfile.TemporaryDirectory() as folder, deterministic(clock):
        t = Table(Path(folder), options, clock)
        try:
            yield t
        finally:
            t.close()


def first_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    """Where two observations differ, in words (for the assertion message)."""
    for part in a:
        if a[part] != b[part]:
            if isinstance(a[part], dict):
                keys = sorted(set(a[part]) | set(b[part]))
                diff = [k for k in keys if a[part].get(k) != b[part].get(k)]
                return f"{part}: {diff[:5]}"
            if isinstance(a[part], list):
                for i, (x, y) in enumerate(zip(a[part], b[part], strict=False)):
                    if x != y:
                        return f"{part}[{i}]: {str(x)[:300]!r} != {str(y)[:300]!r}"
                return f"{part}: {len(a[part])} items != {len(b[part])}"
            return f"{part}: {a[part]!r} != {b[part]!r}"
    return "none"
