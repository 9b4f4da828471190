"""Turn reports and turn notices: what each seat may see, rendered and queued.

:func:`on_close` runs inside the close transaction (the engine's hook), so the
reports and their emails are stored together with the new state or not at all.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from adjudicator.deadlines import zone
from adjudicator.disclosure import disclosure
from adjudicator.games import get_ruleset
from adjudicator.games.base import Event, OrderRequest, Outcome, Ruleset
from adjudicator.mail import outbox
from adjudicator.mail.compose import compose, stable_message_id
from adjudicator.mail.ics import turn_deadline_attachment
from adjudicator.pictures import clean_svg, png_unavailable_reason, svg_to_png
from adjudicator.record import counting_submissions
from adjudicator.render import render
from adjudicator.seal import canonical_json
from adjudicator.store import DiceRoll, EventRecord, Game, Report, Seat, Turn, as_utc, dumps, loads


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


def branch_generation(session: Session, game_id: str, number: int) -> int:
    """How many rollbacks took turn ``number`` off the main line (0 for a game never rolled back).

    It goes into the stable Message-IDs so that the report of a replayed turn is a new email,
    not a duplicate of the abandoned one.
    """
    from adjudicator.store import Branch

    rows = session.exec(select(Branch).where(Branch.game_id == game_id, Branch.after_turn < number)).all()
    return len(rows)


def branch_tag(session: Session, game_id: str, number: int | None = None) -> str | None:
    """The part of a Message-ID that names the line of play: ``b2`` once two rollbacks took turn
    ``number`` off the main line (``None`` for a game never rolled back there).

    Every Message-ID the referee builds carries it, so an email about a replayed turn (its
    notice, reminders, acks, report) is a new email, never dropped as a duplicate of the email
    about the abandoned one. Without a turn, every rollback of the game counts.
    """
    if number is None:
        from adjudicator.store import Branch

        generation = len(session.exec(select(Branch.id).where(Branch.game_id == game_id)).all())
    else:
        generation = branch_generation(session, game_id, number)
    return f"b{generation}" if generation else None


def _message_id(session: Session, game_id: str, number: int, seat: str, kind: str) -> str:
    return stable_message_id(game_id, number, seat, kind, branch_tag(session, game_id, number))


def private_view(ruleset: Ruleset, state: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """What ``seat`` sees that the public does not (its hand, treasury, notes), by top-level key."""
    if seat is None:
        return {}
    mine, public = ruleset.view(state, seat), ruleset.view(state, None)
    if not isinstance(mine, dict) or not isinstance(public, dict):
        return {}
    return {
        k: v for k, v in mine.items() if k not in public or canonical_json(public[k]) != canonical_json(v)
    }


def picture_name(game_id: str, number: int) -> str:
    return f"{game_id}-turn-{number:03d}.png"


def report_context(session: Session, game: Game, turn: Turn, seat: str | None) -> dict[str, Any]:
    """Everything a report shows to ``seat`` (``None``: the public report).

    What is withheld while a game with hidden information runs follows
    :mod:`adjudicator.disclosure`: each seat sees its own orders; other seats' orders, the
    dice, the turn secret and the seed come with the game-over report and the full archive.
    """
    ruleset = get_ruleset(game.ruleset)
    tz_name = "UTC"
    if seat is not None:
        row = session.exec(select(Seat).where(Seat.game_id == game.id, Seat.name == seat)).first()
        tz_name = row.timezone if row is not None else "UTC"
    shown = disclosure(ruleset, game_over=game.status == "over")
    state = loads(turn.result_state_json) if turn.result_state_json else loads(turn.state_json)
    view = ruleset.view(loads(dumps(state)), seat)
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
    names = {
        s.name: s.player_name or ""
        for s in session.exec(select(Seat).where(Seat.game_id == game.id)).all()  # type: ignore[arg-type]
    }
    submissions = [
        {
            "seat": s.seat,
            "player": names.get(s.seat, ""),
            "request": s.request_key,
            "text": s.canonical if (shown.orders or s.seat == seat) else None,
            "receipt": s.receipt,
            "default": s.status == "default",
        }
        for s in counting_submissions(session, game.id, turn.number)
    ]
    outcome = (
        Outcome.from_json(loads(game.outcome_json)) if game.outcome_json and game.status == "over" else None
    )
    nxt = None if outcome else next_context(session, game, turn.number + 1, tz_name)
    board_svg = clean_svg(ruleset.board_svg(view))
    private = private_view(ruleset, loads(dumps(state)), seat)
    return {
        "game": game_context(game),
        "seat": seat,
        "player": names.get(seat, "") if seat else "",
        "turn": {
            "number": turn.number,
            "label": turn.label,
            "closed_at": as_utc(turn.closed_at),
            "close_reason": turn.close_reason or "",
            "secret": turn.secret if shown.dice else "",
            "commitment": turn.commitment,
            "seed": (turn.seed_hex or "") if shown.dice else "",
            "record_hash": turn.record_hash or "",
            "prev_record_hash": turn.prev_record_hash or "",
            "state_hash": turn.result_state_hash or "",
        },
        "hidden": {
            "orders": not shown.orders,
            "dice": not shown.dice,
            "state": not shown.state,
            "rolls": len(dice),
        },
        "submissions": submissions,
        "events": visible,
        "dice": (
            [
                {"label": d.key if d.index == 0 else f"{d.key}#{d.index}", "sides": d.sides, "value": d.value}
                for d in dice
            ]
            if shown.dice
            else []
        ),
        "board_text": ruleset.board_text(view),
        "board_svg": board_svg,
        "private": json.dumps(private, indent=2, ensure_ascii=False, sort_keys=True) if private else "",
        "picture": {
            "filename": picture_name(game.id, turn.number) if board_svg else "",
            "attached": False,
            "note": "",
        },
        "outcome": str(outcome) if outcome else "",
        "next": nxt,
        "adjustments": adjustments_shown(session, game.id, turn.number, seat),
        "absence": absence_shown(session, game, seat),
    }


def absence_shown(session: Session, game: Game, seat: str | None) -> str:
    """The seat's absence allowance left, in a game that allows absences (else ``""``)."""
    from adjudicator.absence import allowance_line

    return allowance_line(session, game, seat) or ""


def adjustments_shown(session: Session, game_id: str, number: int, seat: str | None) -> list[dict[str, Any]]:
    """The referee's adjustments made before ``number`` was resolved, as ``seat`` may see them."""
    from adjudicator.adjustments import entry_of, entry_rows

    shown = []
    for row in entry_rows(session, game_id, number):
        entry = entry_of(row)
        events = [Event.from_json(e) for e in entry.get("events", [])]
        shown.append(
            {
                "number": entry["number"],
                "by": entry["by"],
                "at": entry["at"],
                "record_hash": entry["record_hash"],
                "events": [e.text for e in events if e.visible_to(seat)],
            }
        )
    return shown


def render_context(name: str, ruleset_name: str, context: dict[str, Any], fmt: str) -> str:
    return render(f"{name}.{'html' if fmt == 'html' else 'txt'}.j2", ruleset_name, **context)


def render_report(session: Session, game: Game, turn: Turn, seat: str | None, fmt: str) -> str:
    context = report_context(session, game, turn, seat)
    return render_context("report", game.ruleset, context, fmt)


def attach_picture(context: dict[str, Any]) -> bytes | None:
    """Convert the context's board to PNG, and say in the context whether it is attached."""
    svg = context.get("board_svg")
    if not svg:
        return None
    png = svg_to_png(svg)
    context["picture"]["attached"] = png is not None
    if png is None:
        context["picture"]["note"] = (
            png_unavailable_reason() or "the board picture could not be converted to PNG"
        ) + "; the HTML report shows it inline"
    return png


def on_close(session: Session, game: Game, turn: Turn) -> None:
    """Render every seat's report (and the public one), store them, queue the emails.

    Each email carries the text and HTML report and, where the game draws its board, the same
    picture as a PNG attachment for mail clients that block inline SVG.
    """
    seats = session.exec(select(Seat).where(Seat.game_id == game.id).order_by(Seat.position)).all()  # type: ignore[arg-type]
    pictures: dict[str, bytes | None] = {}
    for seat_name in [None, *[s.name for s in seats]]:
        context = report_context(session, game, turn, seat_name)
        if seat_name is not None:
            pictures[seat_name] = attach_picture(context)
        for fmt in ("text", "html"):
            session.add(
                Report(
                    game_id=game.id,
                    turn_number=turn.number,
                    seat=seat_name or "",
                    format=fmt,
                    body=render_context("report", game.ruleset, context, fmt),
                )
            )
    session.flush()
    kind = "game-over" if game.status == "over" else "report"
    for seat in seats:
        if not seat.email:
            continue
        text = stored_report(session, game.id, turn.number, seat.name, "text")
        html = stored_report(session, game.id, turn.number, seat.name, "html")
        title = "Game over" if kind == "game-over" else "Report"
        subject = f"[{game.id}] {title}: turn {turn.number}, {turn.label}"
        message_id = _message_id(session, game.id, turn.number, seat.name, kind)
        png = pictures.get(seat.name)
        attachments = [(picture_name(game.id, turn.number), "image/png", png)] if png else []
        attachments += turn_deadline_attachment(session, game.id, turn.number + 1, seat.name)  # next deadline
        msg = compose(
            to=seat.email,
            subject=subject,
            text=text or "",
            html=html,
            message_id=message_id,
            attachments=attachments,
        )
        outbox.queue_message(
            session,
            msg,
            kind=kind,
            game_id=game.id,
            turn_number=turn.number,
            seat=seat.name,
        )
    from adjudicator.observers import queue_public_reports

    queue_public_reports(session, game, turn)  # observers: the public report, nothing else


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
            "board_svg": clean_svg(ruleset.board_svg(view)),
        }
        text = render("notice.txt.j2", game.ruleset, **context)
        html = render("notice.html.j2", game.ruleset, **context)
        subject = f"[{game.id}] Turn {turn.number} open: {turn.label}"
        message_id = _message_id(session, game.id, turn.number, seat.name, "notice")
        ics = turn_deadline_attachment(session, game.id, turn.number, seat.name)  # the deadline as .ics
        msg = compose(
            to=seat.email, subject=subject, text=text, html=html, message_id=message_id, attachments=ics
        )
        outbox.queue_message(
            session,
            msg,
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
