"""A press message by mail: ``press to carthage, macedon`` (or ``press to all``) and the message.

The handler calls :func:`handle_press` only for a *verified* message (the seat's registered
address and its secret, or the referee's address and secret with ``seat: referee``); anything
else was refused before, with a fixed note to the registered address. The sender is answered with
where the message went; a refusal says why (:class:`~adjudicator.table.press.PressRefused`).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from adjudicator.core.store import Game, Seat
from adjudicator.mail.between import Refusal, check_bound_to_turn
from adjudicator.mail.inbound import ParsedMail
from adjudicator.post import acks
from adjudicator.table.press import PressRefused, receipt_text, send_press, split_press
from adjudicator.table.refusals import in_language

if TYPE_CHECKING:
    from adjudicator.mail.handler import MailHandler


def is_press(parsed: ParsedMail) -> bool:
    """The message's text (after the game:, seat:, secret: lines) starts with ``press to``."""
    return parsed.command is None and split_press(parsed.orders) is not None


def handle_press(handler: MailHandler, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    assert handler.verified
    found = split_press(parsed.orders)
    assert found is not None
    to, text = found
    lang = handler.lang(seat)
    try:  # bound to the open turn, as orders are: an old press sent again is not relayed again
        check_bound_to_turn(handler.referee, parsed, seat.game_id, lang._("press message"), lang)
    except Refusal as exc:
        handler._refuse(seat, parsed, str(exc), now)
    try:
        with handler.db.session() as session:
            game = session.get(Game, seat.game_id)
            assert game is not None
            relayed = send_press(
                session,
                game,
                seat.name,
                to,
                text,
                now=now,
                db_is_sqlite=handler.db.is_sqlite,
                inbound_id=parsed.message_id,
            )
            if acks.queue_reply(
                session,
                game=game,
                seat=seat,
                title=lang._("Press relayed"),
                text=receipt_text(relayed, game, lang),
                inbound_id=parsed.message_id,
                command="press",
            ):
                handler.replies += 1
    except PressRefused as exc:
        handler._refuse(
            seat, parsed, in_language(exc, lang), now
        )  # raises: the refusal goes to the registered address
        raise  # unreachable
    return (
        f"press {relayed.seq} of {seat.game_id} turn {relayed.turn} from {seat.name}: "
        f"sent to {len(relayed.sent)}, kept for {len(relayed.held)}"
    )


__all__ = ["handle_press", "is_press"]
