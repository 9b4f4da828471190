"""``orders``: the seat's own submissions for the open turn, with their receipts."""

from __future__ import annotations

from datetime import datetime

from adjudicator.core.store import Seat, Submission, as_utc, loads
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.commands.reply import answer
from adjudicator.mail.inbound import ParsedMail


def orders_text(desk: Desk, game_id: str, seat: Seat, secret: str | None) -> str:
    rows: list[Submission] = desk.referee.my_orders(game_id, seat.name, secret)
    if not rows:
        return "You have sent no orders for the open turn yet."
    lines = []
    for row in rows:
        when = as_utc(row.created_at)
        stamp = f"{when:%Y-%m-%d %H:%M} UTC" if when else ""
        final = ", final" if row.final else ""
        lines.append(f"--- {row.request_key}: {row.status}{final}, {stamp} via {row.source}")
        lines.append(row.canonical if row.status == "accepted" or row.canonical else row.text)
        if row.status == "accepted":  # the lines of that mail left out beside the ones taken
            for problem in loads(row.problems_json or "[]"):
                if problem.get("kind") != "warning":
                    lines.append(f"    not taken: line {problem.get('line')}: {problem.get('message')}")
        if row.receipt:
            lines.append(f"    receipt {row.receipt}")
        lines.append("")
    return "\n".join(lines).rstrip()


def run(desk: Desk, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    with desk.db.session() as session:
        game = desk.referee.game(session, seat.game_id)
    text = orders_text(desk, game.id, seat, parsed.secret)
    return answer(desk, parsed, game, seat, "Your orders this turn", text)
