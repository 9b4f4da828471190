"""The press of one turn as the record and the archive hold it.

The turn record carries ``press_hash``, the SHA-256 of the canonical list below, whenever the turn
had press; the record's own hash covers it, so the press published later (``NNN/press.json``, at the
end of the game or at once under public press) is checked by ``pbem verify`` against the chain.
A turn without press has no ``press_hash``: records of games without press are unchanged.
The press of turns a rollback moved off the main line keeps its branch number (``branch``, 0 is the
main line) and is published under ``branches/<n>/NNN/press.json`` on the same terms.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from adjudicator.core.seal import canonical_json, sha256_hex
from adjudicator.core.store import PressMessage, as_utc, loads


def entry_of(row: PressMessage) -> dict[str, Any]:
    """One message as archived: the sender is recorded even when the recipients saw "a seat"."""
    when = as_utc(row.created_at)
    return {
        "seq": row.seq,
        "from": row.sender,
        "signed": row.signed,
        "to": loads(row.to_json),
        "sent": loads(row.sent_json),
        "held": loads(row.held_json),
        "text": row.text,
        "at": when.isoformat() if when else None,
    }


def press_rows(session: Session, game_id: str, number: int, branch: int = 0) -> list[PressMessage]:
    """The press of turn ``number`` on the main line (``branch=0``) or in a rollback's branch."""
    return list(
        session.exec(
            select(PressMessage)
            .where(PressMessage.game_id == game_id, PressMessage.turn_number == number)
            .where(PressMessage.branch == branch)
            .order_by(PressMessage.seq)  # type: ignore[arg-type]
        ).all()
    )


def press_entries(session: Session, game_id: str, number: int, branch: int = 0) -> list[dict[str, Any]]:
    return [entry_of(row) for row in press_rows(session, game_id, number, branch)]


def press_digest(entries: list[dict[str, Any]]) -> str:
    """SHA-256 of the canonical JSON of a turn's press (what ``press.json`` holds)."""
    return sha256_hex(canonical_json(entries))
