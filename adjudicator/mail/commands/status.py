"""``status``: the open turn, its deadline, who is in, the seat's absence allowance."""

from __future__ import annotations

from datetime import datetime

from adjudicator.core.naming import local_time
from adjudicator.core.store import Game, Seat
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.commands.reply import answer
from adjudicator.mail.inbound import ParsedMail
from adjudicator.table.absence import status_lines


def status_text(desk: Desk, game_id: str, seat: Seat) -> str:
    status = desk.referee.status(game_id)
    if status["turn"] is None:
        return f"Game {game_id} has not started yet."
    deadline = status["deadline"]
    lines = [f"Turn {status['turn']} ({status['label']}), {status['turn_status']}."]
    if deadline is not None:
        local = local_time(deadline, seat.timezone)
        lines.append(f"Deadline: {deadline:%Y-%m-%d %H:%M} UTC{' (' + local + ')' if local else ''}")
    lines.append("")
    for row in status["requests"]:
        state = ("in, final" if row["final"] else "in") if row["in"] else "waiting"
        optional = " (optional)" if row["optional"] else ""
        lines.append(f"  {row['seat']:14} {row['request']:28} {state}{optional}")
    lines.append("")
    with desk.db.session() as session:  # the seat's absence allowance, when the game has one
        game = session.get(Game, game_id)
        away = status_lines(session, game, seat.name, desk.referee.clock()) if game else []
    if away:
        lines += [*away, ""]
    lines.append(f"Seed commitment: {status['commitment']}")
    return "\n".join(lines)


def run(desk: Desk, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    with desk.db.session() as session:
        game = desk.referee.game(session, seat.game_id)
    return answer(desk, parsed, game, seat, "Status", status_text(desk, game.id, seat))
