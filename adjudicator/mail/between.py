"""The one-line actions between the players, by mail: sign-up, absence, resignation, proposals.

Two kinds, called from :mod:`adjudicator.mail.handler`:

- :func:`handle_signup` - ``join GAME [SEAT]`` and ``confirm CODE`` from an address that is not
  a seat's (no ``secret:`` line). Nothing of the message is ever quoted back; the only mail an
  unverified address can get is the one code mail (:mod:`adjudicator.table.signup`).
- :func:`handle_seat_action` - ``absence FROM TO``, ``resign``, ``confirm CODE``,
  ``propose draw``, ``propose concede SEAT``, ``vote yes|no`` in a *verified* message (the seat's
  address and secret; the handler has checked both before calling). A refusal is raised as
  :class:`Refusal` for the handler's rate-limited reply to the seat's registered address.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from adjudicator.core.engine import Referee, RefereeError, check_game_id
from adjudicator.core.store import Database, Seat
from adjudicator.games.language import ENGLISH, Language
from adjudicator.mail.inbound import ParsedMail
from adjudicator.mail.words import PROPOSALS, VOTES, answer_of, command_of
from adjudicator.post.acks import answer_tag
from adjudicator.post.letters import queue_letter
from adjudicator.table import absence, proposals, resignation, signup
from adjudicator.table.refusals import in_language

SIGNUP_ACTIONS = ("join", "confirm")
SEAT_ACTIONS = ("absence", "resign", "confirm", "propose", "vote")


class Refusal(Exception):
    """A verified action refused; the message is for the seat (it may quote what the seat wrote)."""


@dataclass
class Done:
    status: str  # handled or ignored
    detail: str
    replies: int = 0


def words_of(parsed: ParsedMail) -> list[str]:
    """The action's words; ``command: resign`` on a header line is ``resign`` alone."""
    return parsed.orders.split()[:8] or ([parsed.command] if parsed.command else [])


def is_signup(parsed: ParsedMail) -> bool:
    """A sign-up mail: ``join ...``, or ``confirm CODE`` without a seat's secret."""
    return parsed.command == "join" or (parsed.command == "confirm" and not parsed.secret)


def handle_signup(db: Database, referee: Referee, parsed: ParsedMail, now: datetime) -> Done:
    if not parsed.sender:
        return Done("ignored", "sign-up without a readable sender; nothing sent")
    words = words_of(parsed)
    if parsed.command == "confirm":
        if len(words) != 2:
            return Done("ignored", "confirm without one code; nothing sent")
        try:
            answer = signup.confirm_join(db, referee, parsed.sender, words[1], now)
        except RefereeError as exc:  # the seat went to someone else between two steps
            return Done("ignored", f"confirm: {exc}")
        return Done(answer.status, answer.detail, answer.replies)
    game_id = (words[1] if len(words) > 1 else parsed.game or "").lower()
    seat = (words[2] if len(words) > 2 else parsed.seat or "").lower() or None
    if len(words) > 3 or not game_id:
        return Done("ignored", "sign-up: write 'join GAME' or 'join GAME SEAT'; nothing sent")
    try:
        check_game_id(game_id)
    except RefereeError:
        return Done("ignored", "sign-up for a game id that cannot exist; nothing sent")
    answer = signup.ask_to_join(db, game_id, seat, parsed.sender, now)
    return Done(answer.status, answer.detail, answer.replies)


def open_turn_of(referee: Referee, game_id: str) -> int | None:
    """The open turn of a running (or paused) game, else ``None``."""
    with referee.db.session() as session:
        game = referee.game(session, game_id)
        if game.status not in ("running", "paused"):
            return None
        turn = referee.turn(session, game_id)
        return turn.number if turn.status == "open" else None


def check_bound_to_turn(
    referee: Referee, parsed: ParsedMail, game_id: str, what: str, lang: Language = ENGLISH
) -> None:
    """An action of a running game answers its open turn, as orders do: the message says
    ``turn: N`` for the open turn, so an old message sent again (or read late) is never taken for
    a later turn. A reply to the referee's mail of the open turn says it as well as the line
    (:func:`adjudicator.mail.replies.turn_meant`). Raises :class:`Refusal` saying which line to write."""
    from adjudicator.mail.replies import turn_meant

    open_turn = open_turn_of(referee, game_id)
    if open_turn is None:
        return
    written, _ = turn_meant(parsed)
    if written == open_turn:
        return
    if parsed.turn is None:
        raise Refusal(
            lang._(
                "Your %(what)s does not say which turn it is for. Add the line 'turn: %(open)s' under the "
                "secret: line and send it again (turn %(open)s is open). Nothing was changed.",
                what=what,
                open=open_turn,
            )
        )
    raise Refusal(
        lang._(
            "Your %(what)s was written for turn %(written)s, but the open turn is %(open)s: an old message "
            "is never taken again. Nothing was changed.",
            what=what,
            written=written if written is not None else repr(parsed.turn[:12]),
            open=open_turn,
        )
    )


def handle_seat_action(referee: Referee, parsed: ParsedMail, seat: Seat, lang: Language = ENGLISH) -> Done:
    """A verified seat's action; raises :class:`Refusal` with what to tell the seat (in ``lang``).

    Each is bound to what it answers: absences, resignations and proposals to the open turn
    (``turn: N``), a vote to the proposal it names (``vote yes N``). The words may be French
    (``absent``, ``démission``, ``proposer nulle``, ``vote oui 3``: :mod:`adjudicator.mail.words`)."""
    words = words_of(parsed)
    command = parsed.command
    if command in ("absence", "resign", "propose"):  # a vote is bound to the proposal it names
        written = words[0] if words and command_of(words[0]) == command else command
        check_bound_to_turn(referee, parsed, seat.game_id, f"'{written}'", lang)
    try:
        if command == "absence":
            return _absence(referee, seat, words, lang)
        if command == "resign":
            if len(words) != 1:
                raise Refusal(lang._("write 'resign' alone on its line"))
            sent = resignation.ask(referee, seat.game_id, seat.name)
            return Done("handled", f"resignation of {seat.name} asked; code sent", sent)
        if command == "confirm":
            if len(words) != 2:
                raise Refusal(lang._("write 'confirm CODE' with the code you were sent"))
            sent = resignation.confirm(referee, seat.game_id, seat.name, words[1])
            if sent is None:
                raise Refusal(
                    lang._("that code is not a pending confirmation of this seat (wrong, used or expired)")
                )
            return Done("handled", f"{seat.name} resigned; civil disorder", sent)
        if command == "propose":
            kind = answer_of(PROPOSALS, words[1]) if len(words) >= 2 else None
            if kind not in proposals.KINDS or len(words) > 3:
                raise Refusal(lang._("write 'propose draw' or 'propose concede SEAT'"))
            assert kind is not None
            to = words[2].lower() if len(words) == 3 else None
            result = proposals.propose(referee, seat.game_id, seat.name, kind, to)
            what = proposals.made_text(result, seat.name, lang)
            return Done("handled", result.detail, result.replies + _ack(referee, seat, parsed, what, lang))
        if command == "vote":
            number = words[2].removeprefix("#") if len(words) == 3 else ""
            if len(words) != 3 or not (number.isascii() and number.isdigit() and len(number) <= 9):
                raise Refusal(
                    lang._(
                        "write 'vote yes N' or 'vote no N' with the number of the proposal you were mailed"
                    )
                )
            choice = answer_of(VOTES, words[1]) or words[1]  # `vote oui 3` is `vote yes 3`
            result = proposals.vote(referee, seat.game_id, seat.name, choice, proposal=int(number))
            return Done(
                "handled",
                result.detail,
                result.replies + _ack(referee, seat, parsed, lang._("vote recorded"), lang),
            )
    except RefereeError as exc:
        raise Refusal(in_language(exc, lang)) from exc
    raise Refusal(lang._("unknown action %(command)s", command=repr(command)))


def _absence(referee: Referee, seat: Seat, words: list[str], lang: Language = ENGLISH) -> Done:
    if len(words) != 3:
        raise Refusal(lang._("write 'absence FROM TO' with two dates, e.g. absence 2026-12-24 2026-12-27"))
    first, last = absence.read_day(words[1]), absence.read_day(words[2])
    declared = absence.declare(referee, seat.game_id, seat.name, first, last)
    moved = (
        lang._(
            " The deadline of the open turn moved to %(deadline)s UTC; every seat was told.",
            deadline=f"{declared.deadline:%Y-%m-%d %H:%M}",
        )
        if declared.deadline
        else ""
    )
    text = lang._(
        "Your absence from %(first)s to %(last)s (%(days)s days) is recorded; you have %(left)s "
        "days of absence left.%(moved)s",
        first=first,
        last=last,
        days=declared.days,
        left=declared.left,
        moved=moved,
    )
    replies = declared.replies
    with referee.db.session() as session:
        game = referee.game(session, seat.game_id)
        if seat.email and queue_letter(
            session,
            game=game,
            to=seat.email,
            title=lang._("Absence recorded"),
            text=text,
            kind="absence",
            key=(seat.name, f"{declared.starts_at:%Y%m%d%H%M}", f"{declared.ends_at:%Y%m%d%H%M}"),
            seat=seat.name,
        ):
            replies += 1
    return Done("handled", f"absence of {seat.name} {first}..{last} recorded", replies)


def _ack(referee: Referee, seat: Seat, parsed: ParsedMail, what: str, lang: Language = ENGLISH) -> int:
    """A short receipt to the seat for a proposal or a vote (its content is not repeated: sealed)."""
    with referee.db.session() as session:
        game = referee.game(session, seat.game_id)
        if seat.email and queue_letter(
            session,
            game=game,
            to=seat.email,
            title=lang._("Received"),
            text=lang._("Your message was taken: %(what)s.", what=what),
            kind="proposal-ack",
            key=(seat.name, answer_tag(parsed.message_id)),
            seat=seat.name,
            in_reply_to=parsed.message_id,
        ):
            return 1
    return 0


__all__ = [
    "SEAT_ACTIONS",
    "SIGNUP_ACTIONS",
    "Done",
    "Refusal",
    "handle_seat_action",
    "handle_signup",
    "is_signup",
]
