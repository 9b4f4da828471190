"""Non-interference of Master & Commander, driven through the real engine.

:func:`what_others_get` plays one prepared table through :class:`~adjudicator.core.engine.Referee`
on a SQLite file with reports on, an observer watching, every seat answering each request it gets
with a fixed text (the same in every run), and returns everything a seat other than ``hidden``, the
observer and the public archive receive: every mail queued for them (composed as the flusher hands
it over), the public report of each turn, who was asked what at each turn (and which requests were
optional), whether the turn closed early (every owed answer in) or at its deadline, and the archive
exported as files. Two tables that differ only in ``hidden``'s secret cards must give the same
bytes: that is the property the tests check.

The referee's randomness (turn secrets, salts, codes, MIME boundaries) is made deterministic for the
run, so two runs of the same table give the same bytes; the clock is a fixed one moved by hand.

What the book lets through is allowed, and only that: the archive of a running game commits to the
full state with ``state_commitment`` (an HMAC with the turn's secret, revealing nothing), the one
field that differs by construction (see ``ALLOWED_FIELDS``).
"""

from __future__ import annotations

import copy
import email
import hashlib
import itertools
import json
import re
import secrets
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from email.policy import default
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select

import adjudicator.publish  # noqa: F401  (registers the report hooks the referee needs)
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Observer, OutboxMessage, hash_secret
from adjudicator.games.base import OrderRequest
from adjudicator.games.master_commander.rules import MasterCommander
from adjudicator.mail.delivery import message_bytes
from adjudicator.publish.archive import export_game
from adjudicator.publish.reports import stored_report
from adjudicator.table.observers import request_watch

OBSERVER = "observer@example.org"
GAME = "mc-ni"
#: the fields that commit to the full (hidden) state: they differ by construction and reveal
#: nothing, being keyed by the turn's secret (``state_commitment``: an HMAC with it; a record hash:
#: the SHA-256 of a record that holds it), published when the game is over
ALLOWED_FIELDS = (
    "state_commitment",
    "state_after_commitment",
    "result_state_commitment",
    "record_hash",
    "prev_record_hash",
)
#: the same commitments printed in a report, a mail or a page of the archive
ALLOWED_TEXT = re.compile(
    r"((?:record hash|previous record|previous|record_hash)\W*(?:<code[^>]*>)?)[0-9a-f]{64}"
)


def blank_commitments(text: str) -> str:
    return ALLOWED_TEXT.sub(r"\1<commitment>", text)


Answer = Callable[[OrderRequest], str | None]


@contextmanager
def deterministic_referee(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The referee's secrets, salts and codes drawn from a counter, so a run is repeatable."""
    hash_secret("warm-up")  # the pepper file is made (with a real random key) before counting starts
    # one counter per calling function: a draw made once per process elsewhere shifts nothing here
    counters: dict[str, itertools.count[int]] = {}

    def draw(kind: str) -> str:
        caller = sys._getframe(2).f_code
        site = f"{kind}:{caller.co_filename}:{caller.co_name}"
        n = next(counters.setdefault(site, itertools.count()))
        return hashlib.sha256(f"{site}:{n}".encode()).hexdigest()

    def token_hex(n: int | None = 32) -> str:
        return draw("hex")[: 2 * (n or 32)]

    def token_urlsafe(n: int | None = 32) -> str:
        return draw("url")[: n or 32]

    with monkeypatch.context() as patch:
        patch.setattr(secrets, "token_hex", token_hex)
        patch.setattr(secrets, "token_urlsafe", token_urlsafe)
        yield


def _strip_allowed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: ("<commitment>" if k in ALLOWED_FIELDS else _strip_allowed(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_strip_allowed(v) for v in value]
    return value


def _archive_files(folder: Path) -> dict[str, bytes]:
    """The exported archive, file by file; JSON with the allowed commitments blanked.

    The manifests hash the other files (so they would differ through the commitments): they are
    left out, the files they list are all compared."""
    out: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        rel = str(path.relative_to(folder))
        if "manifest" in rel.lower() or rel.endswith(".sha256"):
            continue
        data = path.read_bytes()
        if path.suffix == ".json":
            data = json.dumps(_strip_allowed(json.loads(data)), sort_keys=True).encode()
        elif path.suffix in (".html", ".txt", ".md"):
            data = blank_commitments(data.decode()).encode()
        out[rel] = data
    return out


def what_others_get(
    tmp: Path,
    monkeypatch: pytest.MonkeyPatch,
    state: dict[str, Any],
    hidden: str,
    answer: Answer,
    turns: int,
) -> dict[str, Any]:
    """Play ``state`` for at most ``turns`` engine turns; what everyone but ``hidden`` receives."""
    tmp.mkdir(parents=True, exist_ok=True)
    seats = list(state["order"])
    now = [datetime(2030, 1, 7, 12, 0, tzinfo=UTC)]
    transcript: list[Any] = []
    with deterministic_referee(monkeypatch), monkeypatch.context() as patch:
        prepared = copy.deepcopy(state)
        patch.setattr(MasterCommander, "setup", lambda self, options, names, dice: copy.deepcopy(prepared))
        db = Database(f"sqlite:///{tmp / 'pbem.db'}")
        db.migrate()
        referee = Referee(db, clock=lambda: now[0])
        referee.new_game("master-commander", GAME, {"players": str(len(seats))}, deadline="48h")
        for seat in sorted(seats, key=seats.index):
            referee.join(GAME, seat, email=f"{seat}@example.org", name=seat.title())
        with db.session() as session:
            request_watch(session, GAME, OBSERVER, now[0])
            session.commit()
        with db.session() as session:
            row = session.exec(select(Observer).where(Observer.email == OBSERVER)).one()
            row.status = "active"  # the code came back (confirm_watch checks it; here it is taken as read)
            session.add(row)
            session.commit()
        referee.start(GAME)
        for _ in range(turns):
            status = referee.status(GAME)
            if status.get("status") != "running":
                break
            with db.session() as session:
                turn = referee.turn(session, GAME)
                requests = referee.requests_of(turn)
            transcript.append(
                ("asked", turn.number, turn.label, [(r.key, r.seat, bool(r.optional)) for r in requests])
            )
            early = False
            for r in requests:
                text = answer(r)
                if text is not None:
                    result = referee.submit(
                        GAME, r.seat, text, request_key=r.key, final=True, as_referee=True
                    )
                    assert result.accepted, (r.key, text, [str(p) for p in result.problems])
                    early = early or result.closed_turn == turn.number
            if not early:  # somebody owes an answer: the deadline closes the turn
                now[0] += timedelta(hours=49)
                referee.close_turn(GAME, reason="deadline")
            transcript.append(("closes", turn.number, "early" if early else "deadline"))
            now[0] += timedelta(minutes=5)
        with db.session() as session:
            rows = [
                r
                for r in session.exec(select(OutboxMessage).order_by(OutboxMessage.id)).all()  # type: ignore[arg-type]
                if r.seat != hidden and r.to_addr != f"{hidden}@example.org"
            ]
            last = referee.turn(session, GAME).number
            public = [
                (n, blank_commitments(stored_report(session, GAME, n, "", fmt) or ""))
                for n in range(1, last + 1)
                for fmt in ("text", "html")
            ]
        mails = [(r.to_addr, r.kind, r.subject, r.turn_number, _mail_text(db, r)) for r in rows]
        archive = _archive_files(export_game(db, GAME, tmp / "turns"))
        db.dispose()
    return {"transcript": transcript, "mails": mails, "public reports": public, "archive": archive}


def _mail_text(db: Database, row: OutboxMessage) -> str:
    """A queued mail as it is handed over, its headers and every text part decoded."""
    msg = email.message_from_bytes(message_bytes(db, row), policy=default)
    # the MIME boundary is the email package's own random choice and some mails are dated by the
    # wall clock when composed: neither depends on the game
    parts = [re.sub(r'boundary="[^"]*"', "boundary", f"{k}: {v}") for k, v in msg.items() if k != "Date"]
    for part in msg.walk():
        if part.get_content_maintype() == "text":
            parts.append(part.get_content())
        elif not part.is_multipart():
            parts.append(hashlib.sha256(part.get_payload(decode=True) or b"").hexdigest())
    return blank_commitments("\n".join(parts))


def first_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    """Where two runs differ, said briefly for an assertion message."""
    for key in a:
        if a[key] == b[key]:
            continue
        left, right = a[key], b[key]
        if isinstance(left, dict):
            for name in sorted(set(left) | set(right)):
                if left.get(name) != right.get(name):
                    return f"{key}: {name} differs"
        for x, y in zip(left, right, strict=False):
            if x != y:
                return f"{key}: {_diff_lines(str(x), str(y))}"
        return f"{key}: {len(left)} against {len(right)} items"
    return "no difference"


def _diff_lines(x: str, y: str) -> str:
    import difflib

    lines = [
        d for d in difflib.unified_diff(x.splitlines(), y.splitlines(), lineterm="", n=0) if d[:1] in "+-"
    ]
    return " | ".join(lines[2:8])
