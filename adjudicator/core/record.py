"""The turn record: everything needed to re-check a closed turn, as JSON.

The engine computes each record's hash when the turn closes and chains it to
the previous turn's; the archive publishes the records and ``pbem verify``
re-derives every receipt, the seed and the resolution from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, select

from adjudicator.core.seal import canonical_json, sha256_hex
from adjudicator.core.store import DiceRoll, EventRecord, Game, Seat, Submission, Turn, loads

RECORD_FORMAT = 1


@dataclass(frozen=True)
class Recorded:
    """What a close has just recorded for turn ``number``, handed to the close's hooks (the
    reports stage) so that they do not read it back: the game's seats by position, the counting
    submissions (in :func:`counting_submissions` order), the dice rolls (``key``, ``index``,
    ``sides``, ``value``) and the events, in their order; and the next turn the close opened."""

    game_id: str
    number: int
    seats: list[Seat]
    submissions: list[Submission]
    dice: list[Any]
    events: list[Any]
    #: the turn the close has just opened (``None`` when the game is over) and its requests
    next_turn: Turn | None = None
    next_requests: list[Any] | None = None
    #: the parsed state after the turn (the engine's copy: it reads it no more)
    state: Any = None


def counting_submissions(session: Session, game_id: str, number: int) -> list[Submission]:
    """The submissions that were resolved: the last accepted one per request, and the defaults."""
    rows = session.exec(
        select(Submission)
        .where(Submission.game_id == game_id, Submission.turn_number == number)
        .where(Submission.status.in_(["accepted", "default"]))  # type: ignore[attr-defined]
        .order_by(Submission.request_key, Submission.id)  # type: ignore[arg-type]
    ).all()
    return list(rows)


def turn_record(
    session: Session,
    game: Game,
    turn: Turn,
    *,
    known: tuple[list[Submission], list[Any], list[dict[str, Any]]] | None = None,
    states: tuple[Any, Any] | None = None,
    press: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The full record of a closed turn (hidden information included).

    The close passes what it holds already, so nothing is read back: ``known`` is (the counting
    submissions in :func:`counting_submissions` order, the dice log's rolls, the event rows as
    inserted: ``text``, ``kind``, ``data_json``, ``seats_json``), and
    ``states`` the parsed states before and after, ``press`` the turn's press entries (the close
    passes ``[]`` when its read of the game found no press for the turn). Without them everything
    is read from the database; both ways give the same record (the engine's tests check the hash against a
    record read back).
    """
    if known is None:
        submissions = counting_submissions(session, game.id, turn.number)
        dice: list[Any] = list(
            session.exec(
                select(DiceRoll)
                .where(DiceRoll.game_id == game.id, DiceRoll.turn_number == turn.number)
                .order_by(DiceRoll.seq)  # type: ignore[arg-type]
            ).all()
        )
        events = [
            {"text": e.text, "kind": e.kind, "data": loads(e.data_json), "seats": loads(e.seats_json)}
            for e in session.exec(
                select(EventRecord)
                .where(EventRecord.game_id == game.id, EventRecord.turn_number == turn.number)
                .order_by(EventRecord.seq)  # type: ignore[arg-type]
            ).all()
        ]
    else:
        submissions, dice, stored = known
        # as read back: the rows' JSON parsed, all of it in one parse (the same values as one by one)
        pairs = ",".join(f"[{e['data_json']},{e['seats_json'] or 'null'}]" for e in stored)
        values = loads(f"[{pairs}]")
        events = [
            {"text": e["text"], "kind": e["kind"], "data": data, "seats": seats}
            for e, (data, seats) in zip(stored, values, strict=True)
        ]
    before, after = states if states is not None else (loads(turn.state_json), loads(turn.result_state_json))
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "game": game.id,
        "ruleset": game.ruleset,
        "ruleset_version": game.ruleset_version,
        "turn": turn.number,
        "label": turn.label,
        "requests": loads(turn.requests_json),
        "submissions": [
            {
                "request": s.request_key,
                "seat": s.seat,
                "text": s.canonical,
                "salt": s.salt,
                "receipt": s.receipt,
                "default": s.status == "default",
            }
            for s in submissions
        ],
        "turn_secret": turn.secret,
        "commitment": turn.commitment,
        "seed": turn.seed_hex,
        "dice": [{"key": d.key, "index": d.index, "sides": d.sides, "value": d.value} for d in dice],
        "events": events,
        "state_before": before,
        "state_before_hash": turn.state_hash,
        "state_after": after,
        "state_after_hash": turn.result_state_hash,
        "prev_record_hash": turn.prev_record_hash,
    }
    from adjudicator.core.press_record import press_digest, press_entries

    if press is None:
        press = press_entries(session, game.id, turn.number)
    if press:  # only a turn with press carries its hash: records without press are unchanged
        record["press_hash"] = press_digest(press)
    return record


def record_hash(record: dict[str, Any]) -> str:
    """SHA-256 of the canonical record without its own hash."""
    body = {k: v for k, v in record.items() if k != "record_hash"}
    return sha256_hex(canonical_json(body))
