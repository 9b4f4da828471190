"""Resignation: ``resign`` by mail, confirmed by a second mail giving back a code.

The first mail (verified: the seat's address and secret) sends a code to the seat's registered
address. The second (verified again) carries ``confirm CODE``: the seat goes to civil disorder at
once - its orders for the open turn are withdrawn (the ruleset's defaults stand in), its secret
and address are dropped so nothing more is taken from or sent to the player - and the referee is
told, so they can hand the seat on with ``pbem seat replace``. Any proposal being voted on lapses
(its voters have changed).
"""

from __future__ import annotations

from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.readers import game_language, reader_language
from adjudicator.core.store import Confirmation, Proposal, Submission
from adjudicator.games.language import N_
from adjudicator.post.letters import queue_letter
from adjudicator.table.refusals import refused
from adjudicator.table.signup import issue, redeem


def ask(referee: Referee, game_id: str, seat_name: str) -> int:
    """Send the seat a code to confirm its resignation; returns the mails queued."""
    now = referee.clock()
    with referee.db.session() as session:
        game = referee.game(session, game_id)
        seat = referee.seat(session, game_id, seat_name)
        if game.status == "over":
            raise refused(N_("game %(game)s is over"), game=repr(game_id))
        if seat.status != "taken" or not seat.email:
            raise refused(N_("seat %(seat)s is not held by a player"), seat=seat_name)
        out = session.exec(
            select(Confirmation)
            .where(Confirmation.game_id == game_id, Confirmation.kind == "resign")
            .where(Confirmation.seat == seat.name, Confirmation.status == "pending")
            .where(Confirmation.expires_at > now)  # type: ignore[arg-type]
        ).first()
        if out is not None:
            raise refused(
                N_("a code to confirm your resignation was sent already; reply with it (confirm CODE)")
            )
        row, code = issue(
            session, game_id=game_id, kind="resign", address=seat.email, seat=seat.name, now=now
        )
        lang = reader_language(game, seat)
        text = lang._(
            "You asked to resign seat %(seat)s of %(game)s. The seat then goes to civil disorder at once "
            "and you cannot play it again.\n\n"
            "To confirm, send your game:, seat: and secret: lines and this line:\n\n"
            "    confirm %(code)s\n\n"
            "If you do not want to resign, do nothing: the code expires.",
            seat=seat.name,
            game=game.id,
            code=code,
        )
        queue_letter(
            session,
            game=game,
            to=seat.email,
            title=lang._("Confirm your resignation"),
            text=text,
            kind="resign-code",
            key=(row.id,),
            seat=seat.name,
        )
        return 1


def confirm(referee: Referee, game_id: str, seat_name: str, code: str) -> int | None:
    """The code came back: civil disorder. ``None`` when the code is not this seat's pending one."""
    now = referee.clock()
    with referee.db.session() as session:
        game = referee.game(session, game_id, lock=True)
        seat = referee.seat(session, game_id, seat_name)
        if not seat.email:
            return None
        row = redeem(session, kind="resign", address=seat.email, code=code, now=now, game_id=game_id)
        if row is None or row.seat != seat.name:
            return None
        row.status = "done"
        row.done_at = now
        session.add(row)
        address = seat.email
        lang = reader_language(game, seat)
        seat.status = "civil_disorder"
        seat.secret_hash = None
        seat.email = None
        session.add(seat)
        for sub in session.exec(
            select(Submission)
            .where(Submission.game_id == game_id, Submission.turn_number == game.current_turn)
            .where(Submission.seat == seat.name, Submission.status == "accepted")
        ).all():
            sub.status = "superseded"
            session.add(sub)
        for proposal in session.exec(
            select(Proposal).where(Proposal.game_id == game_id, Proposal.status == "open")
        ).all():
            proposal.status = "lapsed"
            session.add(proposal)
        sent = 0
        if queue_letter(
            session,
            game=game,
            to=address,
            title=lang._("You resigned"),
            text=lang._(
                "You resigned seat %(seat)s of %(game)s; it is in civil disorder. Thanks for playing.",
                seat=seat.name,
                game=game.id,
            ),
            kind="resigned",
            key=(row.id,),
        ):
            sent += 1
        if game.referee_email and queue_letter(
            session,
            game=game,
            to=game.referee_email,
            title=game_language(game)._("Seat %(seat)s resigned", seat=seat.name),
            text=game_language(game)._(
                "The player of seat %(seat)s of %(game)s resigned (confirmed by code); the seat is in "
                "civil disorder and plays the ruleset's defaults. To hand it to a new player:\n\n"
                "    pbem seat replace %(game)s %(seat)s --email NEW-PLAYER@EXAMPLE.ORG\n",
                seat=seat.name,
                game=game.id,
            ),
            kind="resigned",
            key=(row.id, "referee"),
        ):
            sent += 1
        return sent


__all__ = ["ask", "confirm"]
