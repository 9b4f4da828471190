"""What a command gets from the mail handler: its desk (database, referee, replies, refusal)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import NoReturn, Protocol

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Seat
from adjudicator.games.language import Language
from adjudicator.mail.inbound import ParsedMail


class Desk(Protocol):
    """The handler as a command sees it."""

    db: Database
    referee: Referee
    #: replies queued while handling this message
    replies: int

    def refuse(self, seat: Seat, parsed: ParsedMail, reason: str, now: datetime) -> NoReturn:
        """Answer the seat with ``reason`` (within its refusal allowance) and end the handling."""
        ...

    def lang(self, seat: Seat) -> Language:
        """The language ``seat`` reads (its own, else its game's)."""
        ...


#: desk, parsed mail, seat, moment -> the line the handler records
Command = Callable[[Desk, ParsedMail, Seat, datetime], str]
