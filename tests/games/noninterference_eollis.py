"""Non-interference of Eollis through the real engine: what everyone but one seat receives.

:func:`transcript` plays an Eollis game through :class:`~adjudicator.core.engine.Referee` (a
SQLite file, reports on, every seat with an address, one confirmed observer) from a stacked
Action pile, and returns everything a seat other than ``hidden_seat``, the observer or the
public archive can see: the mails queued for them (composed as the flusher sends them), the
public reports and theirs, each turn's requests and label, the deadline and the moment and reason
of each close (after which submission it closed early), and the exported archive's public files.

Every source of chance outside the game is fixed (turn secrets, salts, the clock, the dates of
the mails), so two runs that differ only in the hidden seat's cards must give equal transcripts
until the book reveals a card of it. The hidden seat answers ``pass`` to everything (its cards are
never played, so never revealed by play); the other seats answer as the bot answers from their
own view in the first run, and send the very same text in the second.
"""

from __future__ import annotations

import email
import itertools
import json
import random
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.policy import default
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select

import adjudicator.publish  # noqa: F401  (registers the report hooks)
from adjudicator.core import engine, seal
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Observer, OutboxMessage, Report, Turn
from adjudicator.games.base import OrderRequest
from adjudicator.games.dice import Dice
from adjudicator.games.eollis.rules import Eollis
from adjudicator.mail.delivery import message_bytes
from adjudicator.publish import reports
from adjudicator.publish.archive import export_game

GAME = "sky"
OBSERVER = "fan@example.net"
START = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


class StackedDice(Dice):
    """Keyed dice whose Action pile is shuffled into the order a test chose."""

    def __init__(self, seed: bytes, actions: list[str]) -> None:
        super().__init__(seed)
        self.actions = list(actions)

    def shuffle(self, items: Any, key: str) -> list[Any]:
        if key == "shuffle:actions":
            assert sorted(items) == sorted(self.actions), "the stacked pile must hold the very cards"
            return list(self.actions)
        return super().shuffle(items, key)


@dataclass
class Transcript:
    """What everyone but the hidden seat received, turn by turn (see the module's docstring)."""

    turns: list[dict[str, Any]] = field(default_factory=list)
    mails: list[tuple[Any, ...]] = field(default_factory=list)
    reports: list[tuple[Any, ...]] = field(default_factory=list)
    submissions: list[tuple[Any, ...]] = field(default_factory=list)
    archive: dict[str, str] = field(default_factory=dict)
    #: the closed turns before the first in which the book revealed a card of the hidden seat
    compared_turns: int = 0
    #: the turns closed in all
    closed_turns: int = 0

    def upto(self, turns: int) -> dict[str, Any]:
        """The transcript restricted to what the turns before ``turns + 1`` produced."""
        return {
            "turns": [t for t in self.turns if t["number"] <= turns + 1],
            "mails": [m for m in self.mails if m[0] <= turns],
            "reports": [r for r in self.reports if r[0] <= turns],
            "submissions": [s for s in self.submissions if s[0] <= turns],
            "archive": {
                k: v
                for k, v in self.archive.items()
                if 0 < _archive_turn(k) <= turns or (_archive_turn(k) == 0 and turns >= self.closed_turns)
            },
        }


def _archive_turn(path: str) -> int:
    found = re.search(r"(?:^|/)(\d{3})(?:/|\.|$)", path)
    return int(found[1]) if found else 0


@contextmanager
def fixed_chance(monkeypatch: pytest.MonkeyPatch, actions: list[str]) -> Iterator[None]:
    """Turn secrets, salts and secrets counted, the mails dated by the test clock, the pile stacked."""
    counter = itertools.count()
    monkeypatch.setattr(seal, "new_turn_secret", lambda: f"{next(counter):064x}")
    monkeypatch.setattr(seal, "new_salt", lambda: f"{next(counter):032x}")
    monkeypatch.setattr(engine, "new_secret", lambda: f"secret-{next(counter)}")
    monkeypatch.setattr(reports, "utcnow", lambda: START)
    original = Eollis.setup

    def stacked(self: Eollis, options: dict[str, Any], seats: list[str], dice: Dice) -> Any:
        return original(self, options, seats, StackedDice(b"the setup", actions))

    monkeypatch.setattr(Eollis, "setup", stacked)
    yield


def opening_order(players: int) -> tuple[list[str], str]:
    """The seats and the clan that receives the first cards, as the setup above draws it."""
    ruleset = Eollis()
    options = ruleset.parse_options({"players": str(players)})
    seats = ruleset.seat_names(options)
    first = Dice(b"the setup").choice(list(seats), "youngest-player")
    return seats, first


def transcript(
    monkeypatch: pytest.MonkeyPatch,
    players: int,
    actions: list[str],
    hidden_seat: str,
    exchanges: int,
    texts: dict[tuple[int, str], str] | None = None,
) -> tuple[Transcript, dict[tuple[int, str], str]]:
    """Play ``exchanges`` engine turns from the stacked Action pile ``actions``; returns what the
    others saw and the texts the other seats sent (give them back as ``texts`` to replay them)."""
    sent: dict[tuple[int, str], str] = {}
    out = Transcript()
    clock = START
    with (
        tempfile.TemporaryDirectory() as folder,
        monkeypatch.context() as patch,
        fixed_chance(patch, actions),
    ):
        db = Database(f"sqlite:///{Path(folder) / 'pbem.db'}")
        db.create_all()
        referee = Referee(db, clock=lambda: clock)
        ruleset = Eollis()
        referee.new_game("eollis", GAME, {"players": str(players)}, deadline="48h")
        seats = ruleset.seat_names(ruleset.parse_options({"players": str(players)}))
        for seat in seats:
            referee.join(GAME, seat, email=f"{seat}@example.org", name=f"player {seat}")
        with db.session() as session:
            session.add(Observer(game_id=GAME, email=OBSERVER, status="active", created_at=START))
            session.commit()
        referee.start(GAME)
        revealed_at: int | None = None
        for _ in range(exchanges):
            with db.session() as session:
                turn = referee.turn(session, GAME)
                number, state = turn.number, json.loads(turn.state_json)
                requests = referee.requests_of(turn)
            if ruleset.outcome(state) is not None or not requests:
                break
            closed = False
            for i, request in enumerate(requests):
                if closed:
                    out.submissions.append((number, request.key, "not sent: the turn closed"))
                    continue
                text = _answer(ruleset, state, request, hidden_seat, number, i, texts, sent)
                result = referee.submit(
                    GAME, request.seat, text, as_referee=True, final=True, request_key=request.key
                )
                closed = result.closed_turn is not None
                shown = "(sealed)" if request.seat == hidden_seat else text
                out.submissions.append((number, request.key, shown, result.accepted, result.closed_turn))
            if not closed:
                clock += timedelta(days=3)
                referee.close_turn(GAME, number)
            with db.session() as session:
                done = referee.turn(session, GAME, number)
                after = json.loads(done.result_state_json or "{}")
            if revealed_at is None and after.get("clans", {}).get(hidden_seat, {}).get("revealed"):
                revealed_at = number
        with db.session() as session:
            rows = session.exec(select(Turn).where(Turn.game_id == GAME).order_by(Turn.number)).all()  # type: ignore[arg-type]
            out.closed_turns = sum(1 for t in rows if t.status == "closed")
            out.compared_turns = (revealed_at - 1) if revealed_at is not None else out.closed_turns
            for t in rows:
                out.turns.append(
                    {
                        "number": t.number,
                        "label": t.label,
                        "requests": t.requests_json,
                        "status": t.status,
                        "deadline": t.deadline_at.isoformat() if t.deadline_at else None,
                        "closed": t.closed_at.isoformat() if t.closed_at else None,
                        "reason": t.close_reason,
                    }
                )
            for r in session.exec(select(Report).order_by(Report.id)).all():  # type: ignore[arg-type]
                if r.seat != hidden_seat:
                    out.reports.append((r.turn_number, r.seat, r.format, masked(r.body)))
            queued = list(session.exec(select(OutboxMessage).order_by(OutboxMessage.id)).all())  # type: ignore[arg-type]
            session.expunge_all()
        for m in queued:  # composed as the flusher composes them (outside any open session)
            if m.seat == hidden_seat and m.kind != "observer":
                continue
            out.mails.append((m.turn_number or 0, m.kind, m.seat, m.to_addr, *_mail(db, m)))
        archive = export_game(db, GAME, Path(folder) / "turns")
        for path in sorted(archive.rglob("*")):
            if path.is_file():
                out.archive[str(path.relative_to(archive))] = _public(path)
        db.dispose()
    return out, sent


def _answer(
    ruleset: Eollis,
    state: dict[str, Any],
    request: OrderRequest,
    hidden_seat: str,
    number: int,
    i: int,
    texts: dict[tuple[int, str], str] | None,
    sent: dict[tuple[int, str], str],
) -> str:
    if request.seat == hidden_seat:
        return "pass"
    if texts is not None and (number, request.key) in texts:
        text = texts[(number, request.key)]
    else:
        text = ruleset.bot(json.loads(json.dumps(state)), request, random.Random(f"{number}:{i}"))
    sent[(number, request.key)] = text
    return text


def _mail(db: Database, row: OutboxMessage) -> tuple[str, ...]:
    """A queued mail as its recipient reads it: subject, Message-ID, and every part's content.

    Not its Date: a notice is dated by the wall clock when it is queued, and the two runs compared
    do not run in the same second."""
    msg = email.message_from_bytes(message_bytes(db, row), policy=default)
    parts = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        payload = part.get_payload(decode=True) or b""
        text = payload.decode("latin-1")
        parts.append(f"{part.get_content_type()} {part.get_filename() or ''}\n" + masked(text))
    return (str(msg["Subject"]), str(msg["Message-ID"]), *parts)


HASHED = re.compile(
    r"((?:hash|commitment|previous|record)(?:<code[^>]{0,80}>|</code>|\W){0,12})[0-9a-f]{64}", re.IGNORECASE
)
DIGEST = re.compile(r"[0-9a-f]{64}")


def masked(text: str) -> str:
    """``text`` with the SHA-256 commitments to the full state and record masked: they differ
    whenever anything hidden differs, and reveal nothing of it (see DESIGN.md, hidden information)."""
    return HASHED.sub(r"\1<hash>", text)


def _public(path: Path) -> str:
    """A public archive file, its commitments masked (:func:`masked`); a manifest's digests of
    the other files too (those files are compared themselves)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    return DIGEST.sub("<digest>", text) if path.name == "manifest.json" else masked(text)
