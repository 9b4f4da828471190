"""How mail and pages name a game and its turns: the game's heading, a deadline in a seat's
own time zone, and the tag of the line of play that every stable Message-ID carries."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from adjudicator.core.deadlines import zone
from adjudicator.core.store import Branch, Game, as_utc
from adjudicator.games import get_ruleset
from adjudicator.games.language import ENGLISH, Language


def local_time(moment: datetime | None, tz_name: str, lang: Language = ENGLISH) -> str:
    """``2026-11-24 13:00 Europe/Paris`` for a seat's own time zone (empty for UTC), as ``lang``
    writes a moment (``24 nov. 2026, 13:00:00 Europe/Paris`` in French)."""
    if moment is None or tz_name in ("", "UTC"):
        return ""
    if lang.code != ENGLISH.code:
        return f"{lang.when(as_utc(moment), tz_name)} {tz_name}"
    return as_utc(moment).astimezone(zone(tz_name)).strftime(f"%Y-%m-%d %H:%M {tz_name}")  # type: ignore[union-attr]


def mailbox_of(address: str | None) -> str:
    """The mailbox an address reaches, for counting what goes to or comes from it: lower case,
    without a ``+tag`` (``Ana+x1@Example.org`` and ``ana+x2@example.org`` are one mailbox)."""
    text = (address or "").strip().strip("<>").lower()
    local, at, domain = text.rpartition("@")
    if not at:
        return text
    return f"{local.split('+', 1)[0]}@{domain}"


def game_context(game: Game) -> dict[str, Any]:
    ruleset = get_ruleset(game.ruleset, game.ruleset_version)
    # ``version``: the rules version the game follows (kept from its setup; reports name it)
    return {"id": game.id, "ruleset": game.ruleset, "title": ruleset.title, "version": game.ruleset_version}


def branch_generation(session: Session, game_id: str, number: int) -> int:
    """How many rollbacks took turn ``number`` off the main line (0 for a game never rolled back).

    It goes into the stable Message-IDs so that the report of a replayed turn is a new email,
    not a duplicate of the abandoned one.
    """
    rows = session.exec(select(Branch).where(Branch.game_id == game_id, Branch.after_turn < number)).all()
    return len(rows)


def branch_tag(session: Session, game_id: str, number: int | None = None) -> str | None:
    """The part of a Message-ID that names the line of play: ``b2`` once two rollbacks took turn
    ``number`` off the main line (``None`` for a game never rolled back there).

    Every Message-ID the referee builds carries it, so an email about a replayed turn (its
    notice, reminders, acks, report) is a new email, never dropped as a duplicate of the email
    about the abandoned one. Without a turn, every rollback of the game counts.
    """
    if number is None:
        generation = len(session.exec(select(Branch.id).where(Branch.game_id == game_id)).all())
    else:
        generation = branch_generation(session, game_id, number)
    return f"b{generation}" if generation else None
