"""Turn reports and turn notices: what each seat may see, rendered and queued.

:func:`on_close` runs inside the close transaction (the engine's hook), so the
reports and their emails are stored together with the new state or not at all.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from adjudicator.deadlines import zone
from adjudicator.games import get_ruleset
from adjudicator.games.base import OrderRequest, Outcome
from adjudicator.mail import outbox
from adjudicator.mail.compose import compose, stable_message_id
from adjudicator.record import counting_submissions
from adjudicator.render import render
from adjudicator.store import DiceRoll, EventRecord, Game, Report, Seat, Turn, as_utc, loads


def local_time(moment: datetime | None, tz_name: str) -> str:
    """``2026-11-24 13:00 Europe/Paris`` for a seat's own time zone (empty for UTC)."""
    if moment is None or tz_name in ("", "UTC"):
        return ""
    return as_utc(moment).astimezone(zone(tz_name)).strftime(f"%Y-%m-%d %H:%M {tz_name}")  # type: ignore[union-attr]


def game_context(game: Game) -> dict[str, Any]:
    ruleset = get_ruleset(game.ruleset)
    return {"id": game.id, "ruleset": game.ruleset, "title": ruleset.title}


def next_context(session: Session, game: Game, number: int, tz_name: str = "UTC") -> dict[str, Any] | None:
    turn = session.exec(select(Turn).where(Turn.game_id == game.id, Turn.number == number)).first()
    if turn is None:
        return None
    return {
        "number": turn.number,
        "label": turn.label,
        "deadline": as_utc(turn.deadline_at),
        "local_deadline": local_time(turn.deadline_at, tz_name),
        "commitment": turn.commitment,
        "requests": [OrderRequest.from_json(r) for r in loads(turn.requests_json)],
    }


def report_context(session: Session, game: Game, turn: Turn, seat: str | None) -> dict[str, Any]:
    """Everything a report shows to ``seat`` (``None``: the public report)."""
    ruleset = get_ruleset(game.ruleset)
    tz_name = "UTC"
    if seat is not None:
        row = session.exec(select(Seat).where(Seat.game_id == game.id, Seat.name == seat)).first()
        tz_name = row.timezone if row is not None else "UTC"
    state = loads(turn.result_state_json) if turn.result_state_json else loads(turn.state_json)
    view = ruleset.view(state, seat)
    events = session.exec(
        select(EventRecord)
        .where(EventRecord.game_id == game.id, EventRecord.turn_number == turn.number)
        .order_by(EventRecord.seq)  # type: ignore[arg-type]
    ).all()
    visible = [
        e.text for e in events if e.seats_json is None or (seat is not None and seat in loads(e.seats_json))
    ]
    dice = session.exec(
        select(DiceRoll)
        .where(DiceRoll.game_id == game.id, DiceRoll.turn_number == turn.number)
        .order_by(DiceRoll.seq)  # type: ignore[arg-type]
    ).all()
    submissions = [
        {
            "seat": s.seat,
            "request": s.request_key,
            "text": s.canonical,
            "receipt": s.receipt,
            "default": s.status == "default",
        }
        for s in counting_submissions(session, game.id, turn.number)
    ]
    outcome = (
        Outcome.from_json(loads(game.outcome_json)) if game.outcome_json and game.status == "over" else None
    )
    nxt = None if outcome else next_context(session, game, turn.number + 1, tz_name)
    return {
        "game": game_context(game),
        "seat": seat,
        "turn": {
            "number": turn.number,
            "label": turn.label,
            "closed_at": as_utc(turn.closed_at),
            "close_reason": turn.close_reason or "",
            "secret": turn.secret,
            "commitment": turn.commitment,
            "seed": turn.seed_hex or "",
        },
        "submissions": submissions,
        "events": visible,
        "dice": [
            {"label": d.key if d.index == 0 else f"{d.key}#{d.index}", "sides": d.sides, "value": d.value}
            for d in dice
        ],
        "board_text": ruleset.board_text(view),
        "board_svg": ruleset.board_svg(view),
        "outcome": str(outcome) if outcome else "",
        "next": nxt,
    }


def render_report(session: Session, game: Game, turn: Turn, seat: str | None, fmt: str) -> str:
    context = report_context(session, game, turn, seat)
    return render(f"report.{'html' if fmt == 'html' else 'txt'}.j2", game.ruleset, **context)


def on_close(session: Session, game: Game, turn: Turn) -> None:
    """Render every seat's report (and the public one), store them, queue the emails."""
    seats = session.exec(select(Seat).where(Seat.game_id == game.id).order_by(Seat.position)).all()  # type: ignore[arg-type]
    for seat_name in [None, *[s.name for s in seats]]:
        for fmt in ("text", "html"):
            session.add(
                Report(
                    game_id=game.id,
                    turn_number=turn.number,
                    seat=seat_name or "",
                    format=fmt,
                    body=render_report(session, game, turn, seat_name, fmt),
                )
            )
    session.flush()
    kind = "game-over" if game.status == "over" else "report"
    for seat in seats:
        if not seat.email:
            continue
        text = stored_report(session, game.id, turn.number, seat.name, "text")
        html = stored_report(session, game.id, turn.number, seat.name, "html")
        what = "Game over" if kind == "game-over" else "Report"
        subject = f"[{game.id}] {what}: turn {turn.number}, {turn.label}"
        message_id = stable_message_id(game.id, turn.number, seat.name, kind)
        msg = compose(to=seat.email, subject=subject, text=text or "", html=html, message_id=message_id)
        outbox.queue(
            session,
            message_id=message_id,
            raw=msg.as_bytes(),
            to_addr=seat.email,
            subject=subject,
            kind=kind,
            game_id=game.id,
            turn_number=turn.number,
            seat=seat.name,
        )


def on_open(session: Session, game: Game, turn: Turn) -> None:
    """At the start of a game, every player gets the turn notice (later turns ride on the report)."""
    if turn.number != 1:
        return
    ruleset = get_ruleset(game.ruleset)
    seats = session.exec(select(Seat).where(Seat.game_id == game.id).order_by(Seat.position)).all()  # type: ignore[arg-type]
    for seat in seats:
        if not seat.email:
            continue
        view = ruleset.view(loads(turn.state_json), seat.name)
        context = {
            "game": game_context(game),
            "seat": seat.name,
            "next": next_context(session, game, turn.number, seat.timezone),
            "board_text": ruleset.board_text(view),
            "board_svg": ruleset.board_svg(view),
        }
        text = render("notice.txt.j2", game.ruleset, **context)
        html = render("notice.html.j2", game.ruleset, **context)
        subject = f"[{game.id}] Turn {turn.number} open: {turn.label}"
        message_id = stable_message_id(game.id, turn.number, seat.name, "notice")
        msg = compose(to=seat.email, subject=subject, text=text, html=html, message_id=message_id)
        outbox.queue(
            session,
            message_id=message_id,
            raw=msg.as_bytes(),
            to_addr=seat.email,
            subject=subject,
            kind="notice",
            game_id=game.id,
            turn_number=turn.number,
            seat=seat.name,
        )


def stored_report(session: Session, game_id: str, number: int, seat: str | None, fmt: str) -> str | None:
    row = session.exec(
        select(Report).where(
            Report.game_id == game_id,
            Report.turn_number == number,
            Report.seat == (seat or ""),
            Report.format == fmt,
        )
    ).first()
    return row.body if row else None
