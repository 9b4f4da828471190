"""Turn reports and turn notices: what each seat may see, rendered and queued.

:func:`on_close` runs inside the close transaction (the engine's hook), so the
reports and their emails are stored together with the new state or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from sqlalchemy import bindparam, exists, func
from sqlalchemy import select as core_select
from sqlalchemy.sql import Select
from sqlmodel import Session, select

from adjudicator.core import driver_sql
from adjudicator.core.disclosure import disclosure
from adjudicator.core.naming import branch_generation, branch_tag, game_context, local_time
from adjudicator.core.readers import game_language, reader_language
from adjudicator.core.record import Recorded, counting_submissions
from adjudicator.core.seal import canonical_json
from adjudicator.core.store import (
    DiceRoll,
    EventRecord,
    Game,
    OutboxMessage,
    Report,
    Seat,
    Submission,
    Turn,
    TurnPicture,
    as_utc,
    loads,
    utcnow,
)
from adjudicator.games import get_ruleset
from adjudicator.games.base import Event, OrderRequest, Outcome, Ruleset, Spoken
from adjudicator.games.language import ENGLISH, N_, Language
from adjudicator.post import outbox
from adjudicator.post.compose import compose, header_text, mail_domain, stable_message_id
from adjudicator.post.ics import turn_deadline_attachment
from adjudicator.post.owed import as_mailed, for_player, owed_context
from adjudicator.post.render import club_key, render
from adjudicator.post.render import shared as shared_template
from adjudicator.publish.pictures import clean_svg, convertible, digest, png_unavailable_reason
from adjudicator.publish.report_mail import board_mark, expand_boards, picture_name
from adjudicator.table.observers import _tag, watchers

#: Why a turn closed, as the reports say it (a reason not listed is shown as stored).
CLOSE_REASONS = {
    "deadline": N_("deadline"),
    "early": N_("early"),
    "referee": N_("referee"),
    "agreement": N_("agreement"),
    "demo": N_("demo"),
    "grace": N_("grace"),
}


def close_reason(reason: str, lang: Language) -> str:
    """A turn's close reason in ``lang``."""
    return lang.gettext(CLOSE_REASONS[reason]) if reason in CLOSE_REASONS else reason


def next_context(
    session: Session,
    game: Game,
    number: int,
    tz_name: str = "UTC",
    shared: dict[str, Any] | None = None,
    spoken: Spoken | None = None,
) -> dict[str, Any] | None:
    """Turn ``number`` as a notice or report announces it, its deadline also in ``tz_name``
    (``shared``: a close's cache, where the turn row and its requests are read once), in the
    language of ``spoken`` (the game's words: labels and prompts); ``asked``: the requests as
    recorded, which the seat's owed section says in its own words."""
    cache: dict[str, Any] = {} if shared is None else shared
    if "next_turn" not in cache:
        turn = session.exec(select(Turn).where(Turn.game_id == game.id, Turn.number == number)).first()
        requests = [] if turn is None else [OrderRequest.from_json(r) for r in loads(turn.requests_json)]
        cache["next_turn"] = (turn, requests)
    turn, requests = cache["next_turn"]
    asked = [as_mailed(r) for r in requests]  # as a mail shows them (no file of the repository)
    if turn is None or turn.number != number:
        return None
    shown = asked
    if spoken is not None and spoken.lang.code != "en":
        shown = [
            replace(
                r,
                label=spoken.label(r.label) if r.label else r.label,
                prompt=for_player(spoken.prompt(r)) if r.prompt else r.prompt,
            )
            for r in requests
        ]
    return {
        "number": turn.number,
        "label": spoken.label(turn.label) if spoken is not None else turn.label,
        "deadline": as_utc(turn.deadline_at),
        "local_deadline": local_time(
            turn.deadline_at, tz_name, spoken.lang if spoken is not None else ENGLISH
        ),
        "commitment": turn.commitment,
        "requests": shown,
        "asked": asked,
    }


def _message_id(
    session: Session,
    game_id: str,
    number: int,
    seat: str,
    kind: str,
    generation: int | None = None,
    domain: str | None = None,
) -> str:
    if generation is None:
        generation = branch_generation(session, game_id, number)
    return stable_message_id(
        game_id, number, seat, kind, f"b{generation}" if generation else None, domain=domain
    )


@dataclass(frozen=True)
class CloseLookups:
    """What a turn's reports need to know of the game's other tables, read in one statement."""

    #: the game allows absences (its terms give days): each report shows the seat's allowance
    absences: bool
    #: the referee adjusted the game before this turn was resolved (its adjustment rows are read)
    adjusted: bool
    #: :func:`branch_generation` of the turn
    generation: int
    #: the game has an active observer (the public report is queued for it)
    watched: bool


@cache
def _lookups_statement() -> Select[Any]:
    """One SELECT of scalar subqueries (PostgreSQL and SQLite alike), built once; its parameters
    are ``game_id`` and ``number``."""
    from adjudicator.core.store import Branch, GameTerms, Observer
    from adjudicator.table.adjustments import STATUS

    game_id, number = bindparam("game_id"), bindparam("number")
    return core_select(
        core_select(GameTerms.absence_days)
        .where(GameTerms.game_id == game_id)
        .scalar_subquery()
        .label("days"),
        exists()
        .where(Submission.game_id == game_id, Submission.turn_number == number, Submission.status == STATUS)
        .label("adjusted"),
        core_select(func.count())
        .select_from(Branch)
        .where(Branch.game_id == game_id, Branch.after_turn < number)
        .scalar_subquery()
        .label("generation"),
        exists().where(Observer.game_id == game_id, Observer.status == "active").label("watched"),
    )


def close_lookups(session: Session, game_id: str, number: int) -> CloseLookups:
    """The game's terms, adjustments before turn ``number``, rollbacks and observers as the
    reports of ``number`` need them: one round trip instead of one SELECT per table (the rows are
    read only where there are some: the adjustments' when the turn has any)."""
    (row,) = driver_sql.rows(
        session.connection(), _lookups_statement(), {"game_id": game_id, "number": number}
    )
    absence_days, adjusted, generation, watched = row.values()
    return CloseLookups(
        bool(absence_days and absence_days > 0), bool(adjusted), int(generation), bool(watched)
    )


def private_text_of(
    ruleset: Ruleset, state: Any, view: Any, seat: str | None, lang: Language = ENGLISH
) -> str:
    """What ``seat`` alone sees, in the game's words in ``lang``; for a ruleset of an earlier
    release, which has no words for it, its private part as plain ``key: value`` lines."""
    if seat is None:
        return ""
    words = getattr(ruleset, "private_text", None)
    if words is not None:
        return str(words(view) if lang.code == "en" else Spoken(ruleset, lang).private_text(view))
    part = private_view(ruleset, state, seat) if isinstance(state, dict) else {}
    return "\n".join(f"{key}: {canonical_json(value)}" for key, value in sorted(part.items()))


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


#: The parts of a report that differ between seats seeing the same thing: the report templates
#: keep them in blocks of these names, rendered per seat; the rest is rendered once per distinct
#: view (:func:`on_close`).
SEAT_BLOCKS = ("seat_header", "seat_picture", "seat_private", "seat_deadline", "seat_owed", "seat_absence")


def report_context(
    session: Session,
    game: Game,
    turn: Turn,
    seat: str | None,
    shared: dict[str, Any] | None = None,
    lang: Language | None = None,
) -> dict[str, Any]:
    """Everything a report shows to ``seat`` (``None``: the public report).

    What is withheld while a game with hidden information runs follows
    :mod:`adjudicator.core.disclosure`: each seat sees its own orders; other seats' orders, the
    dice, the turn secret and the seed come with the game-over report and the full archive.

    ``shared`` is a cache kept across the seats of one close: what every seat's report reads
    (events, dice, seats, orders, the next turn) is read once, and the board drawn and cleaned
    once per distinct view, not once per seat. ``lang``: the language it is written in (by default
    the seat's, the game's for the public report).
    """
    _key, common, own = seen_by(session, game, turn, seat, shared, lang)
    return {**common, **own}


def _said(shared: dict[str, Any], lang: Language) -> dict[str, Any]:
    """What every report of the turn in ``lang`` says alike, said once per language: the turn's
    framing (its label, close reason, outcome) and the events in the game's words."""
    said: dict[str, dict[str, Any]] = shared.setdefault("said", {})
    if lang.code not in said:
        spoken = Spoken(shared["ruleset"], lang)
        base = shared["turn_context"]
        outcome: Outcome | None = shared["outcome"]
        english = lang.code == "en"
        said[lang.code] = {
            "spoken": spoken,
            "events": shared["events"]
            if english
            else [
                (spoken.event(e), to)
                for e, (_text, to) in zip(shared["event_rows"], shared["events"], strict=True)
            ],
            "turn_context": base
            if english
            else {
                **base,
                "turn": {
                    **base["turn"],
                    "label": spoken.label(base["turn"]["label"]),
                    "close_reason": close_reason(base["turn"]["close_reason"], lang),
                },
                "outcome": spoken.outcome(outcome) if outcome else "",
            },
        }
    return said[lang.code]


def seen_by(
    session: Session,
    game: Game,
    turn: Turn,
    seat: str | None,
    shared: dict[str, Any] | None = None,
    lang: Language | None = None,
) -> tuple[tuple[Any, ...], dict[str, Any], dict[str, Any]]:
    """``seat``'s report context in two parts, and the key of the first: ``(key, common, own)``.

    ``common`` is what every seat with the same ``key`` sees alike (the view of the game, the
    events, the orders and adjustments shown to it...); ``own`` is what is this seat's alone
    (its name and player, its private part, the picture note, the next deadline in its time
    zone, its absence allowance: the values of the templates' :data:`SEAT_BLOCKS`). ``common``
    leaves out ``own``'s keys, and its ``next`` has no ``local_deadline``.

    A report is written in its reader's language (``lang``, by default the seat's own, else the
    game's; the public report the game's): the key holds the language, so seats of one language
    share their report's rendering and seats of another have theirs.
    """
    shared = {} if shared is None else shared
    if "seats" not in shared:
        shared.update(_turn_facts(session, game, turn))
    ruleset: Ruleset = shared["ruleset"]
    seats: dict[str, Seat] = shared["seats"]
    if lang is None:
        lang = reader_language(game, seats.get(seat)) if seat is not None else game_language(game)
    said = _said(shared, lang)
    spoken: Spoken = said["spoken"]
    tz_name = seats[seat].timezone if seat is not None and seat in seats else "UTC"
    shown = shared["shown"]
    view, view_key = _view_of(shared, seat)
    # what the seat alone sees, in the game's words (never its data: they stay in the record)
    private = private_text_of(ruleset, shared["state"], view, seat, lang)  # before the board is drawn
    if (view_key, lang.code) not in shared["boards"]:
        # the drawing: one per view, and per language where the game writes words on it
        drawn = ("drawing", view_key, lang.code if spoken.draws_in_language() else "")
        if drawn not in shared["boards"]:
            shared["boards"][drawn] = clean_svg(spoken.board_svg(view))
        words = ruleset.board_text(view) if lang.code == "en" else spoken.board_text(view)
        shared["boards"][(view_key, lang.code)] = (words, shared["boards"][drawn])
    board_text, board_svg = shared["boards"][(view_key, lang.code)]
    visible = tuple(text for text, to in said["events"] if to is None or (seat is not None and seat in to))
    orders_shown = tuple(shown.orders or s.seat == seat for s in shared["submissions"])
    adjustments = adjustments_shown(session, game.id, turn.number, seat, shared["adjustments"], spoken)
    key = (lang.code, view_key, visible, orders_shown, canonical_json(adjustments))
    names = {name: row.player_name or "" for name, row in seats.items()}
    nxt = _next_for(session, game, turn, shared, tz_name, spoken)
    if key not in shared["common"]:
        asked = shared["requests"]
        shared["common"][key] = {
            **said["turn_context"],
            "submissions": [
                {
                    "seat": s.seat,
                    "player": names.get(s.seat, ""),
                    "request": s.request_key,
                    "text": _orders_said(spoken, asked.get((s.seat, s.request_key)), s.canonical)
                    if show
                    else None,
                    "receipt": s.receipt,
                    "default": s.status == "default",
                    # a default because the seat's mail bounces, not a plain missed turn
                    "mail_failing": seats[s.seat].mail_failing_turn
                    if s.status == "default" and s.seat in seats
                    else None,
                }
                for s, show in zip(shared["submissions"], orders_shown, strict=True)
            ],
            "events": list(visible),
            "board_text": board_text,
            "board_svg": board_svg,
            "next": None
            if nxt is None
            else {k: v for k, v in nxt.items() if k not in ("local_deadline", "asked")},
            "adjustments": adjustments,
        }
    own = {
        "seat": seat,
        "player": names.get(seat, "") if seat else "",
        "private": private,
        "picture": {
            "filename": picture_name(game.id, turn.number) if board_svg else "",
            "attached": False,
            "note": "",
        },
        "next": nxt,
        "absence": absence_shown(session, game, seat) if shared["absences"] else "",
        **owed_context(ruleset, [] if nxt is None else nxt["asked"], seat, lang),
    }
    return key, shared["common"][key], own


def _orders_said(spoken: Spoken, request: OrderRequest | None, canonical: str | None) -> str | None:
    """A submission's canonical text as a reader of ``spoken``'s language reads it (the record and
    the receipt keep the English canonical text; the game's parser reads both)."""
    if not canonical or request is None or spoken.lang.code == "en":
        return canonical
    return spoken.canonical(request, canonical)


def _view_of(shared: dict[str, Any], seat: str | None) -> tuple[Any, int]:
    """``seat``'s view of the turn's result and the key its board is kept under: one number per
    distinct content, views equal in content sharing it.

    A ruleset that shows every seat the very state (Mare Nostrum: no hidden information) gives the
    same object each time: it is known by its identity and never serialised. Only when a view is
    another object is its canonical JSON compared with the others' (each serialised once)."""
    view = shared["ruleset"].view(shared["state"], seat)
    views: list[list[Any]] = shared["views"]  # [view, key, canonical JSON or None until needed]
    for seen, key, _text in views:
        if seen is view:  # the very object another seat got (kept alive in the list, so never reused)
            return view, key
    if not views:  # the first view: nothing to compare it with yet
        views.append([view, 0, None])
        return view, 0
    text = canonical_json(view)
    for entry in views:
        if entry[2] is None:
            entry[2] = canonical_json(entry[0])
        if entry[2] == text:
            views.append([view, entry[1], text])
            return view, entry[1]
    key = len({entry[1] for entry in views})
    views.append([view, key, text])
    return view, key


def _next_for(
    session: Session, game: Game, turn: Turn, shared: dict[str, Any], tz_name: str, spoken: Spoken
) -> dict[str, Any] | None:
    """The next turn as the report shows it in ``tz_name`` and ``spoken``'s language (``None``
    when the game is over)."""
    if shared["outcome"]:
        return None
    key = (tz_name, spoken.lang.code)
    if key not in shared["next"]:
        shared["next"][key] = next_context(session, game, turn.number + 1, tz_name, shared, spoken)
    return shared["next"][key]


def absence_shown(session: Session, game: Game, seat: str | None) -> str:
    """The seat's absence allowance left, in a game that allows absences (else ``""``)."""
    from adjudicator.table.absence import allowance_line

    return allowance_line(session, game, seat) or ""


def _turn_facts(session: Session, game: Game, turn: Turn, recorded: Recorded | None = None) -> dict[str, Any]:
    """What every seat's report of ``turn`` reads, read once (what the close ``recorded``, not read back)."""
    from adjudicator.table.adjustments import entry_rows

    ruleset = get_ruleset(game.ruleset, game.ruleset_version)
    state_json = turn.result_state_json or turn.state_json
    shown = disclosure(ruleset, game_over=game.status == "over")
    mine = recorded is not None and (recorded.game_id, recorded.number) == (game.id, turn.number)
    if recorded is not None and mine:
        seats: list[Seat] = recorded.seats
        dice: list[Any] = recorded.dice
        event_rows = list(recorded.events)
        submissions = recorded.submissions
    else:
        seats = list(session.exec(select(Seat).where(Seat.game_id == game.id).order_by(Seat.position)).all())  # type: ignore[arg-type]
        dice = list(
            session.exec(
                select(DiceRoll)
                .where(DiceRoll.game_id == game.id, DiceRoll.turn_number == turn.number)
                .order_by(DiceRoll.seq)  # type: ignore[arg-type]
            ).all()
        )
        event_rows = [
            Event(
                e.text,
                e.kind,
                loads(e.data_json) if e.data_json else {},
                None if e.seats_json is None else tuple(loads(e.seats_json)),
            )
            for e in session.exec(
                select(EventRecord)
                .where(EventRecord.game_id == game.id, EventRecord.turn_number == turn.number)
                .order_by(EventRecord.seq)  # type: ignore[arg-type]
            ).all()
        ]
        submissions = counting_submissions(session, game.id, turn.number)
    # (text, the seats it is shown to: None for everyone), in English; other languages: :func:`_said`
    events = [(e.text, None if e.seats is None else set(e.seats)) for e in event_rows]
    outcome = (
        Outcome.from_json(loads(game.outcome_json)) if game.outcome_json and game.status == "over" else None
    )
    facts: dict[str, Any] = {}
    held = recorded if mine else None  # what the close holds: the turn it opened, the state it parsed
    if held is not None and held.next_turn is not None:
        facts["next_turn"] = (held.next_turn, held.next_requests or [])
    state = held.state if held is not None and held.state is not None else loads(state_json)
    lookups = close_lookups(session, game.id, turn.number)
    return facts | {
        "lookups": lookups,
        "ruleset": ruleset,
        "shown": shown,
        "state": state,  # one copy, read by every seat's view (views do not change it)
        "seats": {s.name: s for s in seats},
        "events": events,
        "event_rows": event_rows,
        "requests": {
            (r.seat, r.key): r for r in (OrderRequest.from_json(j) for j in loads(turn.requests_json))
        },
        "submissions": submissions,
        "outcome": outcome,
        "absences": lookups.absences,
        "turn_context": {
            "game": game_context(game),
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
            "dice": (
                [
                    {
                        "label": d.key if d.index == 0 else f"{d.key}#{d.index}",
                        "sides": d.sides,
                        "value": d.value,
                    }
                    for d in dice
                ]
                if shown.dice
                else []
            ),
            "outcome": str(outcome) if outcome else "",
        },
        "next": {},
        "views": [],
        "boards": {},
        "common": {},
        "adjustments": entry_rows(session, game.id, turn.number) if lookups.adjusted else [],
    }


def adjustments_shown(
    session: Session,
    game_id: str,
    number: int,
    seat: str | None,
    rows: list[Submission] | None = None,
    spoken: Spoken | None = None,
) -> list[dict[str, Any]]:
    """The referee's adjustments made before ``number`` was resolved, as ``seat`` may see them
    (``rows``: those adjustments' rows, when read already), their events in ``spoken``'s language."""
    from adjudicator.table.adjustments import entry_of, entry_rows

    shown = []
    for row in entry_rows(session, game_id, number) if rows is None else rows:
        entry = entry_of(row)
        events = [Event.from_json(e) for e in entry.get("events", [])]
        shown.append(
            {
                "number": entry["number"],
                "by": entry["by"],
                "at": entry["at"],
                "record_hash": entry["record_hash"],
                "events": [
                    e.text if spoken is None or spoken.lang.code == "en" else spoken.event(e)
                    for e in events
                    if e.visible_to(seat)
                ],
            }
        )
    return shown


def render_context(
    name: str, ruleset_name: str, context: dict[str, Any], fmt: str, lang: Language = ENGLISH
) -> str:
    return render(f"{name}.{'html' if fmt == 'html' else 'txt'}.j2", ruleset_name, lang=lang, **context)


def render_report(
    session: Session, game: Game, turn: Turn, seat: str | None, fmt: str, lang: Language | None = None
) -> str:
    """A report rendered again, in ``lang`` (by default its reader's language)."""
    if lang is None:
        row = None
        if seat is not None:
            row = session.exec(select(Seat).where(Seat.game_id == game.id, Seat.name == seat)).first()
        lang = reader_language(game, row) if seat is not None else game_language(game)
    context = report_context(session, game, turn, seat, lang=lang)
    return render_context("report", game.ruleset, context, fmt, lang)


def mark_picture(
    context: dict[str, Any], checked: dict[str, bool] | None = None, lang: Language = ENGLISH
) -> str | None:
    """Say in the context whether its board goes with the mail as a PNG; the board's SVG if so.

    The PNG itself is made when the mail is sent (:mod:`adjudicator.publish.report_mail`), once per
    distinct board of the turn, and kept with the turn."""
    svg = context.get("board_svg")
    if not svg:
        return None
    checked = {} if checked is None else checked
    if svg not in checked:
        checked[svg] = convertible(svg)
    attached = checked[svg]
    context["picture"]["attached"] = attached
    if not attached:
        reason = png_unavailable_reason() or lang._("the board picture could not be converted to PNG")
        context["picture"]["note"] = lang._("%(reason)s; the HTML report shows it inline", reason=reason)
    return svg if attached else None


def keep_picture(session: Session, game_id: str, number: int, svg: str, kept: dict[str, str]) -> str:
    """Keep the board ``svg`` with the turn once (its PNG is made at send time); its digest.

    ``kept`` maps each drawing already kept in this close to its digest (hashed once)."""
    key = kept.get(svg)
    if key is None:
        key = digest(svg)
        row = {"game_id": game_id, "turn_number": number, "digest": key, "svg": svg, "created_at": utcnow()}
        insert_new(session, TurnPicture, [row])  # kept already (the same drawing, same turn): left as it is
        kept[svg] = key
    return key


def insert_new(session: Session, model: Any, rows: list[dict[str, Any]]) -> None:
    """Insert ``rows`` of ``model`` (each with the same columns) in one statement, leaving out (not
    failing on) any row that a row already stored matches on a unique column: ``INSERT ... ON
    CONFLICT DO NOTHING`` (PostgreSQL and SQLite both), instead of a look-up before the insert.
    The rows are plain values written as they are, on the session's own driver connection
    (:mod:`adjudicator.core.driver_sql`: no ORM objects or bulk bookkeeping; what the session holds is
    flushed at the next query or the commit)."""
    if rows:
        what = driver_sql.Insert(model.__table__, tuple(rows[0]), do_nothing=True)
        driver_sql.insert_rows(session.connection(), what, rows)


_report = Report.__table__  # type: ignore[attr-defined]
_INSERT_REPORTS = driver_sql.Insert(_report, tuple(c.key for c in _report.c if c.key != "id"))


def on_close(session: Session, game: Game, turn: Turn, recorded: Recorded | None = None) -> None:
    """Render every seat's report (and the public one), store them, queue the emails.

    The stages: the seats are grouped by what they see (:func:`seen_by`: same view of the game,
    same events, orders and adjustments shown); each group's report is rendered once per format,
    and per seat only the templates' :data:`SEAT_BLOCKS` (its name, time zone, private part...)
    - a Mare Nostrum close renders one text and one HTML body, not fourteen; a game with hidden
    information renders each distinct view distinctly. The reports are stored in one statement,
    each distinct board once with the turn, and each seat's email is queued as a reference to its
    stored reports and the board: the MIME (and the PNG, made once per board) is composed when
    the mail is sent (:mod:`adjudicator.publish.report_mail`), so the database does not keep a copy
    of the picture per recipient. ``recorded``: what the close has just recorded (not read back).
    """
    shared: dict[str, Any] = _turn_facts(session, game, turn, recorded)
    checked: dict[str, bool] = {}
    kept: dict[str, str] = {}
    pictures: dict[str, str | None] = {}
    parts: list[tuple[str | None, tuple[Any, ...], dict[str, Any]]] = []
    languages: dict[str, Language] = {}  # each seat's (and the public report's) language
    for seat_name in [None, *shared["seats"]]:
        row = shared["seats"].get(seat_name) if seat_name is not None else None
        lang = reader_language(game, row) if seat_name is not None else game_language(game)
        languages[seat_name or ""] = lang
        key, common, own = seen_by(session, game, turn, seat_name, shared, lang)
        if seat_name is not None:
            pictures[seat_name] = mark_picture({**common, **own}, checked, lang)
        parts.append((seat_name, key, own))
    now = utcnow()
    rows: list[dict[str, Any]] = []
    club = club_key()  # the club's templates folder, looked for once for both formats
    for fmt in ("text", "html"):
        name = "report.html.j2" if fmt == "html" else "report.txt.j2"
        templates = {  # one shared rendering per language: readers of two languages share nothing
            lang.code: shared_template(name, game.ruleset, SEAT_BLOCKS, club, lang)
            for lang in {lang.code: lang for lang in languages.values()}.values()
        }
        bodies: dict[tuple[Any, ...], tuple[dict[str, Any], list[str] | None]] = {}
        for seat_name, key, own in parts:
            lang = languages[seat_name or ""]
            template = templates[lang.code]
            if key not in bodies:  # once per distinct view and language
                common = shared["common"][key]
                if fmt == "html" and common["board_svg"]:  # the HTML keeps a mark; the drawing is kept once
                    mark = board_mark(keep_picture(session, game.id, turn.number, common["board_svg"], kept))
                    common = {**common, "board_svg": mark}
                bodies[key] = (common, template.common(common))
            common, pieces = bodies[key]
            context = {**common, **own}
            body = (
                template.fill(pieces, context)
                if pieces is not None
                else render_context(
                    "report", game.ruleset, context, fmt, lang
                )  # a template that cannot share
            )
            rows.append(
                {
                    "game_id": game.id,
                    "turn_number": turn.number,
                    "seat": seat_name or "",
                    "format": fmt,
                    "body": body,
                    "created_at": now,
                }
            )
    # one statement for every seat's reports (plain rows, on the session's driver connection)
    driver_sql.insert_rows(session.connection(), _INSERT_REPORTS, rows)
    kind = "game-over" if game.status == "over" else "report"
    lookups: CloseLookups = shared["lookups"]
    domain = mail_domain()  # read once for every seat's Message-ID
    subjects: dict[str, str] = {}
    for lang in languages.values():
        if lang.code not in subjects:
            label = _said(shared, lang)["turn_context"]["turn"]["label"]
            said = (
                lang._("Game over: turn %(number)s, %(label)s", number=turn.number, label=label)
                if kind == "game-over"
                else lang._("Report: turn %(number)s, %(label)s", number=turn.number, label=label)
            )
            subjects[lang.code] = header_text(f"[{game.id}] {said}")
    mails = [  # the rows outbox.queue would add, as plain values (no model object per mail)
        {
            "message_id": _message_id(
                session, game.id, turn.number, seat.name, kind, lookups.generation, domain
            ),
            "game_id": game.id,
            "turn_number": turn.number,
            "seat": seat.name,
            "kind": kind,
            "to_addr": seat.email,
            "subject": subjects[languages[seat.name].code],
            "raw": b"",
            "status": "queued",
            "attempts": 0,
            "created_at": now,
            "compose": "report",
            "picture": keep_picture(session, game.id, turn.number, svg, kept) if svg else None,
        }
        for seat in shared["seats"].values()
        if seat.email
        for svg in [pictures.get(seat.name)]
    ]
    _queue_all(session, mails)
    if lookups.watched:
        queue_public_reports(session, game, turn)  # observers: the public report, nothing else


def _queue_all(session: Session, mails: list[dict[str, Any]]) -> None:
    """Queue ``mails`` (rows of :class:`OutboxMessage`) in one statement, as
    :func:`adjudicator.post.outbox.queue` queues one: a Message-ID already queued is not queued
    again."""
    if mails:
        insert_new(session, OutboxMessage, mails)  # a Message-ID queued already: left out


def on_civil_disorder(session: Session, game: Game, turn: Turn, fell: list[Seat]) -> None:
    """Seats that fell into civil disorder at this close: their notices are queued with the reports."""
    queue_civil_disorder_notices(session, game, turn, fell)


def on_open(session: Session, game: Game, turn: Turn) -> None:
    """At the start of a game, every player gets the turn notice (later turns ride on the report)."""
    if turn.number != 1:
        return
    ruleset = get_ruleset(game.ruleset, game.ruleset_version)
    seats = session.exec(select(Seat).where(Seat.game_id == game.id).order_by(Seat.position)).all()  # type: ignore[arg-type]
    for seat in seats:
        if not seat.email:
            continue
        lang = reader_language(game, seat)
        spoken = Spoken(ruleset, lang)
        view = ruleset.view(loads(turn.state_json), seat.name)
        label = spoken.label(turn.label)
        context = {
            "game": game_context(game),
            "seat": seat.name,
            "next": next_context(session, game, turn.number, seat.timezone, spoken=spoken),
            "board_text": ruleset.board_text(view) if lang.code == "en" else spoken.board_text(view),
            "board_svg": clean_svg(spoken.board_svg(view)),
            **owed_context(
                ruleset, [OrderRequest.from_json(r) for r in loads(turn.requests_json)], seat.name, lang
            ),
        }
        text = render("notice.txt.j2", game.ruleset, lang=lang, **context)
        html = render("notice.html.j2", game.ruleset, lang=lang, **context)
        said = lang._("Turn %(number)s open: %(label)s", number=turn.number, label=label)
        subject = header_text(f"[{game.id}] {said}")
        message_id = _message_id(session, game.id, turn.number, seat.name, "notice")
        ics = turn_deadline_attachment(session, game.id, turn.number, seat.name, lang, label)  # the deadline
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
    """A stored report as sent: the board drawing put back where the HTML keeps its mark."""
    row = session.exec(
        select(Report).where(
            Report.game_id == game_id,
            Report.turn_number == number,
            Report.seat == (seat or ""),
            Report.format == fmt,
        )
    ).first()
    return expand_boards(session, game_id, number, row.body) if row else None


def queue_civil_disorder_notices(session: Session, game: Game, turn: Turn, seats: list[Seat]) -> None:
    """Tell the referee (``referee_email``) that a seat fell into civil disorder (inside the close)."""
    lang = game_language(game)  # the referee reads the game's language
    label = Spoken(get_ruleset(game.ruleset, game.ruleset_version), lang).label(turn.label)
    for seat in seats:
        text = (
            lang.n_(
                "Game %(game)s: seat %(seat)s sent no orders for %(num)d turn in a row "
                "(up to turn %(number)s, %(label)s) and is now in civil disorder.",
                "Game %(game)s: seat %(seat)s sent no orders for %(num)d turns in a row "
                "(up to turn %(number)s, %(label)s) and is now in civil disorder.",
                seat.missed_turns,
                game=game.id,
                seat=seat.name,
                number=turn.number,
                label=label,
            )
            + "\n"
            + lang._("Its orders are the ruleset's defaults each turn until orders come again.")
            + "\n\n"
            + lang._("The referee can hand the seat to a new player:")
            + "\n"
            f"    pbem seat replace {game.id} {seat.name} --email NEW-PLAYER@EXAMPLE.ORG\n"
        )
        subject = header_text(f"[{game.id}] " + lang._("Seat %(seat)s is in civil disorder", seat=seat.name))
        for address in [game.referee_email]:
            if not address:
                continue
            message_id = stable_message_id(
                game.id, turn.number, seat.name, "civil-disorder", branch_tag(session, game.id, turn.number)
            )
            msg = compose(to=address, subject=subject, text=text, message_id=message_id)
            outbox.queue_message(
                session,
                msg,
                kind="civil-disorder",
                game_id=game.id,
                turn_number=turn.number,
                seat=seat.name,
            )


def queue_public_reports(session: Session, game: Game, turn: Turn) -> int:
    """Inside the close: each confirmed observer gets the turn's public report, and nothing else."""
    active = [o for o in watchers(session, game.id) if o.status == "active"]
    if not active:
        return 0
    public = game_language(game)  # the stored public report's language
    spoken_in: dict[str, tuple[str, str | None, str]] = {}
    count = 0
    for watcher in active:
        lang = reader_language(game, watcher)
        if lang.code not in spoken_in:
            if lang.code == public.code:
                text = stored_report(session, game.id, turn.number, None, "text") or ""
                html = stored_report(session, game.id, turn.number, None, "html")
            else:  # an observer of another language: the public report rendered in theirs
                text = render_report(session, game, turn, None, "text", lang)
                html = render_report(session, game, turn, None, "html", lang)
            label = Spoken(get_ruleset(game.ruleset, game.ruleset_version), lang).label(turn.label)
            said = (
                lang._("Game over: turn %(number)s, %(label)s", number=turn.number, label=label)
                if game.status == "over"
                else lang._("Public report: turn %(number)s, %(label)s", number=turn.number, label=label)
            )
            spoken_in[lang.code] = (text, html, header_text(f"[{game.id}] {said}"))
        text, html, subject = spoken_in[lang.code]
        footer = (
            "\n\n--\n"
            + lang._(
                "You watch %(game)s: you receive its public report after each turn. To stop, send a "
                "mail to the referee whose first line is: unwatch %(game)s CODE (the code of your "
                "confirmation mail).",
                game=game.id,
            )
            + "\n"
        )
        msg = compose(
            to=watcher.email,
            subject=subject,
            text=text + footer,
            html=html,
            message_id=_message_id(session, game.id, turn.number, f"watch-{_tag(watcher.email)}", "public"),
        )
        if outbox.queue_message(session, msg, kind="observer", game_id=game.id, turn_number=turn.number):
            count += 1
    return count
