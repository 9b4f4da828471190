"""Command words read in context: where the game's orders use the word, the line is orders.

A one-line mail ``vote mors`` is a draw-vote command in most games, but in Planet Masters it is
the turn's Vote statement; ``help bleu with coup de chance`` is an Eollis test answer, not a call
for the help page. The mail parser (:mod:`adjudicator.mail.inbound`) reads such a line as a
command, since it does not know the game; the handler asks :func:`reads_as_orders` once it knows
the seat: when the game's own order reader understands the line and finds it legal, for a request
the seat owes in the open turn, the mail is orders (``vote yes`` in Planet Masters names no
player: it stays the draw vote). A ``command:`` line is always a
command.
"""

from __future__ import annotations

from adjudicator.core.engine import Referee
from adjudicator.core.store import Seat, loads
from adjudicator.games import get_ruleset
from adjudicator.games.base import OrderRequest
from adjudicator.mail.inbound import ParsedMail


def reads_as_orders(referee: Referee, parsed: ParsedMail, seat: Seat) -> bool:
    """Whether the command line of ``parsed`` is an order the seat owes now, in its game's words."""
    if parsed.command is None or parsed.command_written or not parsed.orders.strip():
        return False
    with referee.db.session() as session:
        game = referee.game(session, seat.game_id)
        if game.status not in ("running", "paused"):
            return False
        turn = referee.turn(session, game.id)
        if turn.status != "open":
            return False
        requests = [OrderRequest.from_json(r) for r in loads(turn.requests_json)]
        ruleset = get_ruleset(game.ruleset)
        state_json = turn.state_json
    owed = [r for r in requests if r.seat == seat.name and (parsed.request in (None, r.key))]
    for request in owed:
        try:
            understood = ruleset.parse(request, parsed.orders)
            problems = list(understood.problems)
            if understood.orders is not None:
                problems += ruleset.check(loads(state_json), request, understood.orders)
        except Exception:  # a reader crashing here is met again (and answered) as orders or command
            continue
        if understood.lines and all(p.kind == "warning" for p in problems):
            return True
    return False
