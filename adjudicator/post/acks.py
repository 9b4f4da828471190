"""The messages mail handling sends back: acknowledgements, refusals, replies to commands, reminders.

Each is rendered from ``templates/common/<kind>.{txt,html}.j2`` and queued in
the outbox with a stable Message-ID derived from the message it answers, so a
message handled twice (a crash, a second poller) is answered once. Subjects
are built from our own words and the game id only: nothing a player wrote
ever reaches a header.

An acknowledgement of orders is queued *by reference* (``outboxmessage.compose = 'ack'``):
its row holds what it says (:func:`ack_record`, a small JSON document: the lines as
understood, problems, receipt, the previous orders, the turn and deadline) and the MIME is
built when it is sent (:func:`composed_ack`), with the row's Message-ID, recipient, subject
and Date and MIME boundaries derived from the Message-ID: composing the same row twice gives
the same bytes (as long as the templates and ``PBEM_FROM`` are the same), so the outbox's
"nothing sent twice" holds as for reports. Rendering and MIME cost about 5 ms a mail; they
are paid by the flush, not by the inbound handler.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from adjudicator.core.disclosure import disclosure
from adjudicator.core.engine import SubmitResult
from adjudicator.core.naming import branch_tag, game_context, local_time
from adjudicator.core.readers import reader_language
from adjudicator.core.store import Game, OutboxMessage, Seat, Turn, as_utc, dumps, loads
from adjudicator.games import get_ruleset
from adjudicator.games.base import OrderRequest, Problem, Spoken
from adjudicator.games.language import ENGLISH, N_, Language, language
from adjudicator.post import outbox
from adjudicator.post.compose import as_bytes, compose, header_text, stable_boundaries, stable_message_id
from adjudicator.post.ics import deadline_attachment
from adjudicator.post.owed import for_player, owed_context
from adjudicator.post.render import render

#: ``outboxmessage.compose`` of an acknowledgement queued by reference (see the module's docstring).
ACK = "ack"


def answer_tag(inbound_id: str) -> str:
    """A short, header-safe tag of the message answered (part of our Message-ID)."""
    return hashlib.sha256(inbound_id.encode()).hexdigest()[:16]


def turn_context(turn: Turn, tz_name: str, spoken: Spoken | None = None) -> dict[str, Any]:
    return {
        "number": turn.number,
        "label": spoken.label(turn.label) if spoken is not None else turn.label,
        "deadline": as_utc(turn.deadline_at),
        "local_deadline": local_time(
            turn.deadline_at, tz_name, spoken.lang if spoken is not None else ENGLISH
        ),
    }


def _queue(
    session: Session,
    *,
    kind: str,
    to_addr: str,
    subject: str,
    template: str,
    context: dict[str, Any],
    message_id: str,
    ruleset: str | None = None,
    in_reply_to: str | None = None,
    game_id: str | None = None,
    turn_number: int | None = None,
    seat: str | None = None,
    attachments: list[tuple[str, str, bytes]] | None = None,
    lang: Language = ENGLISH,
) -> OutboxMessage | None:
    text = render(f"{template}.txt.j2", ruleset, lang=lang, **context)
    html = render(f"{template}.html.j2", ruleset, lang=lang, **context)
    msg = compose(
        to=to_addr,
        subject=subject,
        text=text,
        html=html,
        message_id=message_id,
        in_reply_to=in_reply_to,
        attachments=attachments,
    )
    return outbox.queue_message(
        session,
        msg,
        kind=kind,
        game_id=game_id,
        turn_number=turn_number,
        seat=seat,
    )


#: the names of the two sides of the changes an acknowledgement shows
PREVIOUS, NOW = N_("previous"), N_("now")


def changes(previous: str | None, current: str, lang: Language = ENGLISH) -> list[str]:
    """What changed since the previous accepted orders, as unified-diff lines (empty: nothing), the
    two sides named in ``lang``."""
    if previous is None or previous == current or not current:
        return []
    diff = difflib.unified_diff(
        previous.splitlines(),
        current.splitlines(),
        lang.gettext(PREVIOUS),
        lang.gettext(NOW),
        lineterm="",
        n=1,
    )
    return list(diff)


def ack_message_id(game_id: str, turn: int, seat: str, inbound_id: str, branch: str | None) -> str:
    """The acknowledgement's Message-ID: one per (game, turn, seat, message answered, line of play)."""
    return stable_message_id(game_id, turn, seat, "ack", answer_tag(inbound_id), branch)


def ack_subject(game_id: str, seat: str, result: SubmitResult, lang: Language = ENGLISH) -> str:
    left_out = len({p.line for p in result.problems if p.kind != "warning"}) if result.accepted else 0
    return _subject(game_id, seat, result.turn, result.accepted, left_out, lang)


def _subject(game_id: str, seat: str, turn: int, accepted: bool, left_out: int, lang: Language) -> str:
    if not accepted:
        said = lang._("Orders REJECTED: turn %(number)s, %(seat)s", number=turn, seat=seat)
    elif left_out:
        said = lang.n_(
            "Orders accepted, %(num)d line NOT taken: turn %(number)s, %(seat)s",
            "Orders accepted, %(num)d lines NOT taken: turn %(number)s, %(seat)s",
            left_out,
            number=turn,
            seat=seat,
        )
        if lang.code == "en":  # the English subject as it always read
            said = f"Orders accepted, {left_out} line(s) NOT taken: turn {turn}, {seat}"
    else:
        said = lang._("Orders accepted: turn %(number)s, %(seat)s", number=turn, seat=seat)
    return header_text(f"[{game_id}] {said}")


def subject_of(record: dict[str, Any], lang: Language) -> str:
    """An acknowledgement's subject, in ``lang``, from its stored :func:`ack_record`."""
    result = record["result"]
    problems = record["problems"]
    left_out = len({p["line"] for p in problems if p["kind"] != "warning"}) if result["accepted"] else 0
    return _subject(
        record["game"]["id"], record["seat"], record["turn"]["number"], result["accepted"], left_out, lang
    )


def ack_record(
    *,
    game_id: str,
    ruleset: str,
    seat: str,
    timezone: str,
    turn_label: str,
    deadline: datetime | None,
    result: SubmitResult,
    inbound_id: str,
    authentication: tuple[str, ...] = (),
    lang: str = "en",
    request: OrderRequest | None = None,
) -> bytes:
    """What an acknowledgement says, as stored in its outbox row (``raw``) until it is sent
    (``authentication``: the DKIM/DMARC failures the referee's server found, said in the ack;
    ``lang``: the reader's language, and ``request`` what was answered, so that the game's words
    are said in it when the mail is composed; an English ack's row holds neither)."""
    moment = as_utc(deadline)
    extra: dict[str, Any] = {"authentication": list(authentication)} if authentication else {}
    if lang != "en":
        extra["lang"] = lang
        if request is not None:
            extra["request"] = request.to_json()
    return dumps(
        {
            **extra,
            "v": 1,
            "game": {"id": game_id, "ruleset": ruleset},
            "seat": seat,
            "timezone": timezone,
            "turn": {
                "number": result.turn,
                "label": turn_label,
                "deadline": moment.isoformat() if moment else None,
            },
            "result": {
                "accepted": result.accepted,
                "request_key": result.request_key,
                "final": result.final,
                "previous": result.previous,
                "canonical": result.canonical,
                "lines": [list(line) for line in result.lines],
                "receipt": result.receipt,
                "closed_turn": result.closed_turn,
            },
            "problems": [p.to_json() for p in result.problems],
            "in_reply_to": inbound_id,
        }
    ).encode()


def _as_mailed(problem: dict[str, Any]) -> dict[str, Any]:
    suggestion = for_player(problem.get("suggestion") or "") or None
    return {**problem, "message": for_player(problem["message"]), "suggestion": suggestion}


def ack_language(record: dict[str, Any]) -> Language:
    """The language an ack is written in (English for a row without one, or one no longer spoken)."""
    try:
        return language(record.get("lang") or "en")
    except ValueError:
        return ENGLISH


def _problem_said(spoken: Spoken, problem: dict[str, Any]) -> dict[str, Any]:
    """A problem as the ack shows it: in English its message and suggestion apart, as they always
    were; in another language the game's words for both (the template frames line and rule)."""
    message = for_player(problem["message"])
    suggestion = for_player(problem.get("suggestion") or "") or None
    if spoken.lang.code == "en":
        return {**problem, "message": message, "suggestion": suggestion}
    bare = Problem(None, problem["kind"], message, suggestion or "")
    return {**problem, "message": spoken.problem(bare), "suggestion": None}


def ack_context(record: dict[str, Any]) -> dict[str, Any]:
    """The template context of ``ack.{txt,html}.j2`` from a stored :func:`ack_record`."""
    result = record["result"]
    turn = record["turn"]
    deadline = datetime.fromisoformat(turn["deadline"]) if turn["deadline"] else None
    game = record["game"]
    ruleset = get_ruleset(game["ruleset"])
    lang = ack_language(record)
    spoken = Spoken(ruleset, lang)
    diff = changes(result["previous"], result["canonical"]) if result["accepted"] else []
    if lang.code != "en" and record.get("request") is not None:
        request = OrderRequest.from_json(record["request"])
        result = {**result, "lines": [[n, spoken.canonical(request, line)] for n, line in result["lines"]]}
        if diff:  # the changes as the reader reads the orders (the same lines differ)
            said = [spoken.canonical(request, text) for text in (result["previous"], result["canonical"])]
            diff = changes(*said, lang)
    return {
        "game": {
            **game,
            "title": ruleset.title,
            # what a running game's reports show of the orders (hidden information: only the receipts)
            "sealed_until_end": not disclosure(ruleset, game_over=False).orders,
        },
        "seat": record["seat"],
        "turn": {
            "number": turn["number"],
            "label": spoken.label(turn["label"]),
            "deadline": deadline,
            "local_deadline": local_time(deadline, record["timezone"], lang),
        },
        "result": result,
        # a released ruleset's own words may point at a repository file: a mail leaves it out
        "problems": [_problem_said(spoken, p) for p in record["problems"]],
        "diff": diff,
        "authentication": record.get("authentication", []),
    }


def composed_ack(
    row: OutboxMessage, lang: Language | None = None, requests: list[OrderRequest] | None = None
) -> bytes:
    """The MIME bytes of an acknowledgement queued by reference: the same bytes every time (as
    long as its reader's language is the same).

    ``lang``: the reader's language now (the flush reads it; without it, the one the row was
    queued with, else English), ``requests``: the turn's, to say the canonical orders in it. A
    reader of another language than English gets the subject in their language too."""
    record = json.loads(row.raw)
    if lang is not None:
        record["lang"] = lang.code
    lang = ack_language(record)
    if lang.code != "en" and "request" not in record and requests:
        key, seat = record["result"]["request_key"], record["seat"]
        asked = next((r for r in requests if r.key == key and r.seat == seat), None)
        if asked is not None:
            record["request"] = asked.to_json()
    context = ack_context(record)
    ruleset = record["game"]["ruleset"]
    msg = compose(
        to=row.to_addr,
        subject=row.subject if lang.code == "en" else subject_of(record, lang),
        text=render("ack.txt.j2", ruleset, lang=lang, **context),
        html=render("ack.html.j2", ruleset, lang=lang, **context),
        message_id=row.message_id,
        in_reply_to=record["in_reply_to"],
        date=as_utc(row.created_at),
    )
    stable_boundaries(msg, row.message_id)
    return as_bytes(msg)


def queue_ack(
    session: Session,
    game: Game,
    seat: Seat,
    turn: Turn,
    result: SubmitResult,
    inbound_id: str,
    authentication: tuple[str, ...] = (),
) -> OutboxMessage | None:
    """The acknowledgement of a mail submission (lines as understood, problems, receipt, changes),
    queued by reference: composed when sent (:func:`composed_ack`)."""
    if not seat.email:
        return None
    lang = reader_language(game, seat)
    request = None
    if lang.code != "en":
        request = next(
            (
                r
                for r in (OrderRequest.from_json(j) for j in loads(turn.requests_json))
                if r.key == result.request_key and r.seat == seat.name
            ),
            None,
        )
    return outbox.queue(
        session,
        message_id=ack_message_id(
            game.id, result.turn, seat.name, inbound_id, branch_tag(session, game.id, result.turn)
        ),
        raw=ack_record(
            game_id=game.id,
            ruleset=game.ruleset,
            seat=seat.name,
            timezone=seat.timezone,
            turn_label=turn.label,
            deadline=turn.deadline_at,
            result=result,
            inbound_id=inbound_id,
            authentication=authentication,
            lang=lang.code,
            request=request,
        ),
        to_addr=seat.email,
        subject=ack_subject(game.id, seat.name, result, lang),
        kind="ack",
        game_id=game.id,
        turn_number=result.turn,
        seat=seat.name,
        compose=ACK,
    )


def queue_refusal(
    session: Session,
    *,
    seat: Seat,
    reason: str,
    inbound_id: str,
    tip: str = "",
    foreign_sender: bool = False,
    kind: str = "refusal",
) -> OutboxMessage | None:
    """One short reply to the seat's registered address (never to an unverified sender).

    ``kind`` is ``refusal`` for a verified message, ``unverified`` for the fixed note about a message
    that was not (then it is not threaded to that message either)."""
    if not seat.email:
        return None
    lang = reader_language(session.get(Game, seat.game_id), seat)
    context = {
        "game_id": seat.game_id,
        "seat": seat.name,
        "reason": reason,
        "tip": tip,
        "foreign_sender": foreign_sender,
    }
    return _queue(
        session,
        kind=kind,
        to_addr=seat.email,
        subject=header_text(
            f"[{seat.game_id}] " + lang._("Not taken: your message for %(seat)s", seat=seat.name)
        ),
        template="refusal",
        lang=lang,
        context=context,
        message_id=stable_message_id(
            seat.game_id, seat.name, kind, answer_tag(inbound_id), branch_tag(session, seat.game_id)
        ),
        in_reply_to=None if foreign_sender or kind != "refusal" else inbound_id,
        game_id=seat.game_id,
        seat=seat.name,
    )


def queue_reply(
    session: Session,
    *,
    game: Game,
    seat: Seat,
    title: str,
    text: str,
    inbound_id: str,
    command: str,
) -> OutboxMessage | None:
    """The answer to a command (status, history, orders): preformatted text in the reply frame."""
    if not seat.email:
        return None
    context = {"game": game_context(game), "seat": seat.name, "title": title, "text": text}
    return _queue(
        session,
        kind="reply",
        to_addr=seat.email,
        subject=f"[{game.id}] {title}",
        template="reply",
        context=context,
        ruleset=game.ruleset,
        lang=reader_language(game, seat),
        message_id=stable_message_id(
            game.id, seat.name, command, answer_tag(inbound_id), branch_tag(session, game.id)
        ),
        in_reply_to=inbound_id,
        game_id=game.id,
        seat=seat.name,
    )


def queue_report_copy(
    session: Session, *, game: Game, seat: Seat, turn: Turn, text: str, html: str | None, inbound_id: str
) -> OutboxMessage | None:
    """The ``report`` command: the seat's last stored report, sent again."""
    if not seat.email:
        return None
    message_id = stable_message_id(
        game.id,
        turn.number,
        seat.name,
        "report-copy",
        answer_tag(inbound_id),
        branch_tag(session, game.id, turn.number),
    )
    lang = reader_language(game, seat)
    label = Spoken(get_ruleset(game.ruleset, game.ruleset_version), lang).label(turn.label)
    subject = header_text(
        f"[{game.id}] " + lang._("Report (copy): turn %(number)s, %(label)s", number=turn.number, label=label)
    )
    msg = compose(
        to=seat.email, subject=subject, text=text, html=html, message_id=message_id, in_reply_to=inbound_id
    )
    return outbox.queue_message(
        session,
        msg,
        kind="reply",
        game_id=game.id,
        turn_number=turn.number,
        seat=seat.name,
    )


def queue_reminder(
    session: Session, game: Game, turn: Turn, seat: Seat | str, hours_left: str
) -> OutboxMessage | None:
    """A deadline reminder for one seat (``reminder.*.j2``), queued once per (turn, seat, label).

    ``hours_left`` is the scheduler's label, e.g. ``"24h"`` or ``"2h"``; it is part of the Message-ID,
    so the 24h and the 2h reminders are two messages but each is sent once. Returns ``None`` when the
    seat has no address or this reminder was queued already.
    """
    if isinstance(seat, str):
        row = session.exec(select(Seat).where(Seat.game_id == game.id, Seat.name == seat)).first()
        if row is None:
            return None
        seat = row
    if not seat.email:
        return None
    requests = [OrderRequest.from_json(r) for r in loads(turn.requests_json)]
    owed = [r for r in requests if r.seat == seat.name]
    lang = reader_language(game, seat)
    ruleset = get_ruleset(game.ruleset, game.ruleset_version)
    spoken = Spoken(ruleset, lang)
    label = spoken.label(turn.label)
    context = {
        "game": game_context(game),
        "seat": seat.name,
        "turn": turn_context(turn, seat.timezone, spoken),
        "hours_left": hours_left,
        "owed": owed,
        **owed_context(ruleset, owed, seat.name, lang),
    }
    said = lang._(
        "Reminder: %(left)s left for turn %(number)s, %(label)s",
        left=hours_left,
        number=turn.number,
        label=label,
    )
    return _queue(
        session,
        kind="reminder",
        to_addr=seat.email,
        subject=header_text(f"[{game.id}] {said}"),
        template="reminder",
        context=context,
        ruleset=game.ruleset,
        lang=lang,
        message_id=stable_message_id(
            game.id, turn.number, seat.name, "reminder", hours_left, branch_tag(session, game.id, turn.number)
        ),
        game_id=game.id,
        turn_number=turn.number,
        seat=seat.name,
        attachments=deadline_attachment(game.id, turn.number, label, turn.deadline_at, seat.name, lang),
    )
