"""The JSON documents ``--json`` prints, for scripts: one stable shape per command.

Each document names its shape in ``"schema"`` (``pbem.game-list/1`` ...); the JSON Schemas are
in ``adjudicator/cli/schemas/`` and README's "Output for scripts" lists them. A field is only ever
added within a version; renaming or removing one makes a new version. Times are ISO 8601 in UTC.
Secrets never appear; addresses appear only in the referee's own commands (``game show``,
``mail status``).

>>> iso(None) is None
True
"""

from __future__ import annotations

import json
from datetime import datetime
from importlib import resources
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, select

from adjudicator.core.store import (
    Database,
    Game,
    GameTerms,
    InboundMessage,
    OutboxMessage,
    Seat,
    as_utc,
    loads,
)

SCHEMAS = ("game-list", "game", "orders-status", "mail-status", "doctor")


def iso(moment: datetime | None) -> str | None:
    """A time as ISO 8601 in UTC (``2026-11-23T20:00:00+00:00``), or ``None``."""
    return as_utc(moment).isoformat() if moment is not None else None


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of a document, e.g. ``schema("game-list")``."""
    if name not in SCHEMAS:
        raise KeyError(name)
    text = resources.files("adjudicator.cli").joinpath("schemas", f"{name}.schema.json").read_text("utf-8")
    return json.loads(text)


def game_list(db: Database) -> dict[str, Any]:
    """``pbem game list --json``."""
    with db.session() as session:
        games = session.exec(select(Game).order_by(Game.created_at)).all()  # type: ignore[arg-type]
        seats = dict(
            session.exec(select(Seat.game_id, func.count()).group_by(Seat.game_id)).all()  # type: ignore[arg-type]
        )
        return {
            "schema": "pbem.game-list/1",
            "games": [
                {
                    "id": g.id,
                    "ruleset": g.ruleset,
                    "status": g.status,
                    "turn": g.current_turn,
                    "seats": int(seats.get(g.id, 0)),
                    "created_at": iso(g.created_at),
                }
                for g in games
            ],
        }


def orders_status(status: dict[str, Any]) -> dict[str, Any]:
    """``pbem orders status --json``: who is in for the open turn, never what they ordered."""
    return {
        "schema": "pbem.orders-status/1",
        "game": status["game"],
        "status": status["status"],
        "turn": status["turn"],
        "label": status.get("label"),
        "turn_status": status.get("turn_status"),
        "deadline": iso(status.get("deadline")),
        "commitment": status.get("commitment"),
        "requests": [
            {
                "seat": row["seat"],
                "request": row["request"],
                "label": row["label"],
                "optional": bool(row["optional"]),
                "in": bool(row["in"]),
                "final": bool(row["final"]),
            }
            for row in status["requests"]
        ],
    }


def game(db: Database, game_id: str, status: dict[str, Any] | None) -> dict[str, Any]:
    """``pbem game show --json``: options, seats (never secrets), the open turn, the outcome."""
    from adjudicator.core.engine import Referee

    ref = Referee(db)
    with db.session() as session:
        row = ref.game(session, game_id)
        seats = ref.seats(session, game_id)
        terms = session.get(GameTerms, game_id)  # sign-up and absences; no row: closed, none
        return {
            "schema": "pbem.game/1",
            "id": row.id,
            "ruleset": row.ruleset,
            "ruleset_version": row.ruleset_version,
            "status": row.status,
            "options": loads(row.options_json),
            "deadline_rule": row.deadline_rule,
            "grace": row.grace,
            "nmr": row.nmr,
            "reminders": row.reminders,
            "lang": row.lang,
            "turn": row.current_turn,
            "seats": [
                {
                    "name": s.name,
                    "status": s.status,
                    "player": s.player_name,
                    "email": s.email,
                    "bot": bool(s.is_bot),
                    "timezone": s.timezone,
                    "lang": s.lang,
                    "missed_turns": s.missed_turns,
                    "mail_failing": failing(s),
                }
                for s in seats
            ],
            "outcome": loads(row.outcome_json) if row.outcome_json else None,
            "open_turn": orders_status(status) if status and status["turn"] is not None else None,
            "press": row.press,
            "signup": terms.signup if terms else "closed",
            "start_when_full": bool(terms.start_when_full) if terms else False,
            "absence_days": terms.absence_days if terms else 0,
        }


def failing(seat: Seat) -> dict[str, Any] | None:
    """A seat's mark of failing mail: since which turn and when, and what the server said."""
    if seat.mail_failing_turn is None:
        return None
    return {
        "since_turn": seat.mail_failing_turn,
        "at": iso(seat.mail_failing_at),
        "reason": seat.mail_failing_reason,
    }


def failing_seats(session: Session) -> list[Seat]:
    """Seats whose mail bounces, by game and seat."""
    return list(
        session.exec(
            select(Seat).where(Seat.mail_failing_turn != None).order_by(Seat.game_id, Seat.name)  # type: ignore[arg-type]  # noqa: E711
        ).all()
    )


def mail_status(db: Database, limit: int) -> dict[str, Any]:
    """``pbem mail status --json``: what is waiting, what failed, what came in last."""
    from adjudicator.mail.outbound import redact
    from adjudicator.post.config import setting

    smtp = setting("PBEM_SMTP_URL")
    with db.session() as session:
        counts = dict(
            session.exec(select(OutboxMessage.status, func.count()).group_by(OutboxMessage.status)).all()  # type: ignore[arg-type]
        )
        waiting = session.exec(
            select(OutboxMessage)
            .where(OutboxMessage.status.in_(["queued", "failed"]))  # type: ignore[attr-defined]
            .where(OutboxMessage.attempts > 0)
            .order_by(OutboxMessage.id)  # type: ignore[arg-type]
        ).all()
        incoming = dict(
            session.exec(select(InboundMessage.status, func.count()).group_by(InboundMessage.status)).all()  # type: ignore[arg-type]
        )
        recent = session.exec(
            select(InboundMessage).order_by(InboundMessage.id.desc()).limit(max(0, limit))  # type: ignore[union-attr]
        ).all()
        bouncing = failing_seats(session)
        return {
            "schema": "pbem.mail-status/1",
            "outgoing": {
                "via": "smtp" if smtp else "maildir",
                "target": redact(smtp) if smtp else (setting("PBEM_OUTBOX") or "outbox"),
            },
            "outbox": {s: int(counts.get(s, 0)) for s in ("queued", "sent", "failed")},
            "waiting": [
                {
                    "message_id": m.message_id,
                    "status": m.status,
                    "kind": m.kind,
                    "to": m.to_addr,
                    "attempts": m.attempts,
                    "next_attempt_at": iso(m.next_attempt_at) if m.status == "queued" else None,
                    "last_error": m.last_error,
                }
                for m in waiting
            ],
            "inbound": {str(k): int(v) for k, v in sorted(incoming.items())},
            "recent": [
                {
                    "received_at": iso(m.received_at),
                    "via": m.via,
                    "status": m.status,
                    "sender": m.sender,
                    "result": (m.result or "")[:120],
                }
                for m in recent
            ],
            "failing_seats": [
                {"game": s.game_id, "seat": s.name, "email": s.email, **(failing(s) or {})} for s in bouncing
            ],
        }
