"""``status``: the open turn, its deadline, who is in (each request named as the game names it to the
reader), the seat's absence allowance."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from adjudicator.core.naming import local_time
from adjudicator.core.store import Game, Seat
from adjudicator.games.base import Spoken
from adjudicator.games.language import ENGLISH, N_, Language
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.commands.reply import answer
from adjudicator.mail.inbound import ParsedMail
from adjudicator.table.absence import status_lines

#: a turn's status, as the ``status`` answer names it
TURN_STATUS = {"open": N_("open"), "closed": N_("closed"), "ended": N_("ended")}


def asked(row: dict[str, Any], spoken: Spoken | None) -> str:
    """What a request of the turn asks, as the reader reads it: its label in the game's words for the
    reader (the key, ``orders:rome``, where it has none)."""
    if not row.get("label"):
        return str(row["request"])
    return spoken.label(row["label"]) if spoken is not None else str(row["label"])


def status_text(desk: Desk, game_id: str, seat: Seat, lang: Language = ENGLISH) -> str:
    status = desk.referee.status(game_id)
    if status["turn"] is None:
        return lang._("Game %(game)s has not started yet.", game=game_id)
    with desk.db.session() as session:
        game = session.get(Game, game_id)
        spoken = Spoken(desk.referee.ruleset_of(game), lang) if game is not None else None
    deadline = status["deadline"]
    turn_status = status["turn_status"]
    lines = [
        lang._(
            "Turn %(turn)s (%(label)s), %(status)s.",
            turn=status["turn"],
            label=spoken.label(status["label"]) if spoken else status["label"],
            status=lang.gettext(TURN_STATUS[turn_status]) if turn_status in TURN_STATUS else turn_status,
        )
    ]
    if deadline is not None:
        local = local_time(deadline, seat.timezone)
        lines.append(
            lang._(
                "Deadline: %(deadline)s UTC%(local)s",
                deadline=f"{deadline:%Y-%m-%d %H:%M}",
                local=" (" + local + ")" if local else "",
            )
        )
    lines.append("")
    for row in status["requests"]:
        state = (lang._("in, final") if row["final"] else lang._("in")) if row["in"] else lang._("waiting")
        optional = lang._(" (optional)") if row["optional"] else ""
        lines.append(f"  {row['seat']:14} {asked(row, spoken):28} {state}{optional}")
    lines.append("")
    with desk.db.session() as session:  # the seat's absence allowance, when the game has one
        game = session.get(Game, game_id)
        away = status_lines(session, game, seat.name, desk.referee.clock(), lang) if game else []
    if away:
        lines += [*away, ""]
    lines.append(lang._("Seed commitment: %(commitment)s", commitment=status["commitment"]))
    return "\n".join(lines)


def run(desk: Desk, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    lang = desk.lang(seat)
    with desk.db.session() as session:
        game = desk.referee.game(session, seat.game_id)
    return answer(desk, parsed, game, seat, lang._("Status"), status_text(desk, game.id, seat, lang))
