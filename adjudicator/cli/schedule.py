"""The time side of the ``pbem`` command: ``pbem tick``, ``pbem serve``, ``pbem turn deadline``
and ``pbem seat timezone``."""

from __future__ import annotations

import logging
import sys
from typing import Annotated

import typer

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def _logging(level: int) -> None:
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter(LOG_FORMAT))
        root.addHandler(handler)
    root.setLevel(level)
    logging.getLogger("apscheduler").setLevel(logging.WARNING)


def tick_command(
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
    ] = None,
    poll: Annotated[bool, typer.Option("--poll/--no-poll", help="Poll the configured mailboxes.")] = True,
    flush: Annotated[bool, typer.Option("--flush/--no-flush", help="Send the queued mail.")] = True,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print nothing when nothing happened, and no progress bar.")
    ] = False,
) -> None:
    """One pass: close due turns, send due reminders, poll mail, flush the outbox (for cron)."""
    from adjudicator.clock.tick import tick
    from adjudicator.core.progress import progress_bar
    from adjudicator.core.store import Database

    _logging(logging.WARNING)
    database = Database(db)
    try:
        with progress_bar("closing due turns", total=None, quiet=quiet):
            summary = tick(database, poll=poll, flush=flush)
    finally:
        database.dispose()
    busy = summary.closed or summary.reminders or summary.polled or summary.flushed or summary.errors
    if busy or not quiet:
        typer.echo(str(summary))
    if summary.errors:
        for error in summary.errors:
            typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1)


def serve_command(
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
    ] = None,
    listen: Annotated[
        str | None, typer.Option("--listen", help="Inbound SMTP listener HOST:PORT, e.g. 127.0.0.1:2525.")
    ] = None,
    interval: Annotated[
        float, typer.Option("--interval", help="Seconds between mail polls, outbox flushes and reconciles.")
    ] = 60.0,
) -> None:
    """Run the referee's clock: deadlines, reminders, mail in and out, until SIGTERM."""
    from adjudicator.clock.schedule import parse_listen, serve
    from adjudicator.core.store import Database

    if not 0.2 <= interval <= 86400:
        typer.echo(f"error: --interval must be between 0.2 and 86400 seconds, not {interval}", err=True)
        raise typer.Exit(2)
    address = None
    if listen is not None:
        try:
            address = parse_listen(listen)
        except ValueError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
    _logging(logging.INFO)
    raise typer.Exit(serve(Database(db), interval=interval, listen=address))


def deadline_command(
    game_id: Annotated[str, typer.Argument(help="The game.")],
    when: Annotated[
        str,
        typer.Argument(
            help="The new deadline: 'YYYY-MM-DD HH:MM [Time/Zone]', e.g. '2026-11-29 20:00 Europe/Paris'."
        ),
    ],
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
    ] = None,
) -> None:
    """Set the open turn's deadline to an absolute time (it must be in the future)."""
    from adjudicator.cli import referee
    from adjudicator.core.deadlines import DeadlineError, absolute, parse_when
    from adjudicator.core.engine import RefereeError

    try:
        moment = parse_when(when)
    except DeadlineError as exc:
        raise RefereeError(str(exc)) from exc
    referee(db).set_deadline(game_id, moment)
    typer.echo(f"deadline now {absolute(moment)}")


def timezone_command(
    game_id: Annotated[str, typer.Argument(help="The game.")],
    seat: Annotated[str, typer.Argument(help="Your seat.")],
    tz: Annotated[str, typer.Argument(help="An IANA time zone, e.g. Europe/Paris, America/New_York, UTC.")],
    secret: Annotated[str | None, typer.Option(help="The seat's secret.", envvar="PBEM_SECRET")] = None,
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
    ] = None,
) -> None:
    """Choose the time zone your messages show deadlines in (always next to UTC)."""
    from adjudicator.cli import referee

    referee(db).set_timezone(game_id, seat, tz, secret)
    typer.echo(f"seat {seat} of {game_id}: times are shown in UTC and {tz}")


def register(app: typer.Typer) -> None:
    """Add ``tick``, ``serve``, ``turn deadline`` and ``seat timezone`` to the ``pbem`` command."""
    app.command("tick")(tick_command)
    app.command("serve")(serve_command)
    from adjudicator import cli

    cli.turn_app.command("deadline")(deadline_command)
    cli.seat_app.command("timezone")(timezone_command)


__all__ = ["register"]
