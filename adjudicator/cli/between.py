"""``pbem seat approve`` and ``pbem seat absence``: the referee's side of sign-up and absences."""

from __future__ import annotations

from typing import Annotated

import typer

from adjudicator.core.durations import DurationError, parse_duration
from adjudicator.core.engine import RefereeError

DbOption = Annotated[
    str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
]


def absence_days(text: str) -> int:
    """``--absence 14d`` (or ``2w``, or ``0`` for none) as whole days."""
    if text.strip() in ("0", "none", "off"):
        return 0
    try:
        span = parse_duration(text)
    except DurationError as exc:
        raise RefereeError(f"--absence: {exc}") from exc
    if span.total_seconds() % 86400:
        raise RefereeError("--absence is given in whole days, e.g. 14d or 2w")
    return span.days


def seat_approve(
    game_id: str,
    seat: str,
    refuse: Annotated[bool, typer.Option("--refuse", help="Turn the sign-up down instead.")] = False,
    db: DbOption = None,
) -> None:
    """Let the address that confirmed a sign-up for SEAT play (games with --signup approve)."""
    from adjudicator.cli import _db, referee
    from adjudicator.table.signup import approve

    typer.echo(approve(_db(db), referee(db), game_id, seat, refuse=refuse))


def seat_absence(
    game_id: str,
    seat: str,
    first: Annotated[str, typer.Argument(metavar="FROM", help="First day away, YYYY-MM-DD.")],
    last: Annotated[str, typer.Argument(metavar="TO", help="Last day away, YYYY-MM-DD.")],
    db: DbOption = None,
) -> None:
    """Record a player's absence (within the game's allowance); a deadline inside it moves to its end."""
    from adjudicator.cli import referee
    from adjudicator.table.absence import declare, read_day

    done = declare(referee(db), game_id, seat, read_day(first), read_day(last))
    typer.echo(f"absence of {seat} from {first} to {last} recorded ({done.days} days; {done.left} left)")
    if done.deadline is not None:
        typer.echo(
            f"the open turn's deadline moved to {done.deadline:%Y-%m-%d %H:%M} UTC; every seat is told"
        )


def register(app: typer.Typer) -> None:
    from adjudicator.cli import seat_app

    seat_app.command("approve")(seat_approve)
    seat_app.command("absence")(seat_absence)
