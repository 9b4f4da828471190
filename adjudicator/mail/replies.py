"""Which turn a mail answers when it has no ``turn:`` line: the referee's mail it replies to.

Every mail the referee sends about a turn has a stable Message-ID naming the game, the turn, the
seat and the kind of mail (:func:`adjudicator.post.compose.stable_message_id`), e.g.
``<rome-27.4.carthage.notice@referee.example>``, and a line of play after a rollback
(``.b1``). A player's client names that id in ``In-Reply-To`` and ``References`` when the
player presses "reply", so a reply says which turn it is for as surely as a ``turn:`` line:

=============  ==========================================================================
``notice``     the turn it opens (``<game.N.seat.notice>``: turn N)
``reminder``   the turn it reminds of (turn N)
``ack``        the turn of the orders it acknowledged (turn N: orders sent again)
``report``     the turn the report announces: the report of turn N opens turn N + 1
=============  ==========================================================================

Only the referee's own ids for *this* game and *this* seat count, on the referee's mail domain;
anything else in those headers (a thread with another player, a mailing list) is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlmodel import Session

from adjudicator.core.naming import branch_generation
from adjudicator.games.language import ENGLISH, N_, Language
from adjudicator.mail.inbound import ParsedMail
from adjudicator.post.compose import mail_domain

#: mail kind -> how many turns after the one in its Message-ID the reply is for
ANSWERED_TURN = {"notice": 0, "reminder": 0, "ack": 0, "report": 1}
_ID = re.compile(r"^<([^<>@\s]{1,400})@([^<>@\s]{1,255})>$")
_GENERATION = re.compile(r"^b([0-9]{1,6})$")


@dataclass(frozen=True)
class Replied:
    """The turn a reply is for, read from the referee's Message-ID it answers."""

    turn: int
    #: the line of play the answered mail belongs to (0: never rolled back)
    generation: int
    #: ``notice``, ``reminder``, ``ack`` or ``report``
    kind: str
    #: the turn number in the answered Message-ID (the report's own turn for a report)
    of_turn: int


def id_part(value: str) -> str:
    """A name as :func:`~adjudicator.post.compose.stable_message_id` writes it in a Message-ID."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", value)


def replied(message_id: str, game: str, seat: str, domain: str) -> Replied | None:
    """What one Message-ID says of the turn, when it is the referee's mail to this seat of this game."""
    match = _ID.match(message_id.strip())
    if match is None or match.group(2).lower() != domain.lower():
        return None
    parts = match.group(1).split(".")
    if len(parts) < 4 or parts[0] != id_part(game) or parts[2] != id_part(seat):
        return None
    number, kind = parts[1], parts[3]
    if kind not in ANSWERED_TURN or not (number.isascii() and number.isdecimal()) or len(number) > 9:
        return None
    generation = 0
    tail = parts[4:]
    if kind in ("reminder", "ack"):  # their label or answered mail's tag comes before the line of play
        tail = tail[1:]
    if tail:
        found = _GENERATION.match(tail[-1])
        if found is None or len(tail) > 1:
            return None
        generation = int(found.group(1))
    return Replied(int(number) + ANSWERED_TURN[kind], generation, kind, int(number))


def turn_replied_to(parsed: ParsedMail) -> Replied | None:
    """The turn ``parsed`` answers: its ``In-Reply-To``, else the nearest of its ``References``."""
    if not parsed.game or not parsed.seat:
        return None
    domain = mail_domain()
    candidates = ([parsed.in_reply_to] if parsed.in_reply_to else []) + list(reversed(parsed.references))
    for message_id in candidates:
        found = replied(message_id, parsed.game, parsed.seat, domain)
        if found is not None:
            return found
    return None


def turn_meant(parsed: ParsedMail) -> tuple[int | None, Replied | None]:
    """The turn a mail's orders are for: its ``turn:`` line, else the mail it replies to.

    ``(None, None)``: neither says (or the ``turn:`` line cannot be read). A ``turn:`` line wins
    over the reply: the player wrote it.
    """
    if parsed.turn is not None:
        return turn_number_of(parsed.turn), None
    found = turn_replied_to(parsed)
    return (found.turn, found) if found is not None else (None, None)


def turn_number_of(line: str | None) -> int | None:
    """The turn number of a ``turn:`` line (``4``, ``turn 4``, ``#4``), or ``None``."""
    if line is None:
        return None
    digits = line.strip().lower().removeprefix("turn").strip().lstrip("#").strip()
    return int(digits) if digits.isascii() and digits.isdecimal() and len(digits) <= 9 else None


def on_the_line_of_play(session: Session, game_id: str, found: Replied) -> bool:
    """Whether the answered mail belongs to the game's line of play now (no rollback took its turn
    off it since)."""
    return branch_generation(session, game_id, found.of_turn) == found.generation


def lines_to_write(game_id: str, seat: str, open_turn: int, lang: Language = ENGLISH) -> str:
    """The header lines a mail for the open turn starts with (the secret never written back)."""
    return lang._(
        "    game: %(game)s\n    seat: %(seat)s\n    secret: (your secret)\n    turn: %(turn)s\n\n"
        "then your orders, one per line. Replying to the referee's latest turn mail also names the "
        "turn. Send the word help alone for the order syntax of this game.",
        game=game_id,
        seat=seat,
        turn=open_turn,
    )


#: the kinds of the referee's turn mails, as a reply names them
KINDS = {
    "notice": N_("notice"),
    "reminder": N_("reminder"),
    "ack": N_("acknowledgement"),
    "report": N_("report"),
}


def wrong_turn_reason(
    line: str | None,
    written_for: int | None,
    found: Replied | None,
    open_turn: int,
    game_id: str,
    seat: str,
    lang: Language = ENGLISH,
) -> str:
    """Why orders not meant for the open turn are refused, and the lines to write (in ``lang``)."""
    write = lines_to_write(game_id, seat, open_turn, lang)
    kind = lang.gettext(KINDS[found.kind]) if found is not None and found.kind in KINDS else ""
    if found is not None and lang.code == "en":
        kind = found.kind  # the English mail names the kind by its word in the Message-ID
    if found is not None and found.turn == open_turn:
        return lang._(
            "You replied to the referee's %(kind)s of turn %(of_turn)s, but a rollback of the game "
            "has replaced that turn since: turn %(open)s is open again from another position. "
            "Nothing was changed. Read the new turn mail and send your orders again, starting with"
            "\n\n%(write)s",
            kind=kind,
            of_turn=found.of_turn,
            open=open_turn,
            write=write,
        )
    if found is not None:
        return lang._(
            "You replied to the referee's %(kind)s of turn %(of_turn)s, for turn %(turn)s, "
            "which is not open: turn %(open)s is. An answer to an earlier turn is never taken again. "
            "Nothing was changed. If you meant turn %(open)s, start your mail with\n\n%(write)s",
            kind=kind,
            of_turn=found.of_turn,
            turn=found.turn,
            open=open_turn,
            write=write,
        )
    if line is None:
        return lang._(
            "Your orders do not say which turn they are for: there is no turn: line, and the mail is "
            "not a reply to a turn mail of the referee (turn %(open)s is open). Nothing was changed. "
            "Start your mail with\n\n%(write)s",
            open=open_turn,
            write=write,
        )
    if written_for is None:
        return lang._(
            "The turn: line could not be read; write it as 'turn: %(open)s' (turn %(open)s is open). "
            "Nothing was changed. Start your mail with\n\n%(write)s",
            open=open_turn,
            write=write,
        )
    return lang._(
        "These orders were written for turn %(turn)s, but the open turn is %(open)s: an old "
        "message is never taken again. If you meant turn %(open)s, start your mail with\n\n%(write)s\n\n"
        "Nothing was changed.",
        turn=written_for,
        open=open_turn,
        write=write,
    )
