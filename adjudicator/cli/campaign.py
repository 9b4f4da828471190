"""``pbem referee adjust``: the referee's adjustments between turns, as recorded steps."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

referee_app = typer.Typer(help="The referee's campaign steps between turns.", no_args_is_help=True)

MAX_FILE_BYTES = 64 * 1024


def read_file(path: Path, what: str) -> str:
    """A referee's file (scenario, adjustment): a plain UTF-8 file of at most 64 KiB."""
    from adjudicator.core.engine import RefereeError

    if not path.is_file():
        raise RefereeError(f"no such {what} file: {path}")
    with path.open("rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise RefereeError(f"the {what} file {path} is larger than {MAX_FILE_BYTES // 1024} KiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RefereeError(f"the {what} file {path} is not UTF-8 text (byte {exc.start})") from exc


def adjust(
    game_id: Annotated[str, typer.Argument(help="The game whose open turn the adjustment precedes.")],
    file: Annotated[Path, typer.Argument(help="The adjustment file (TOML, see orders/<game>.md).")],
    by: Annotated[
        str | None, typer.Option("--by", help="Who adjusts, for the record (default: the referee's address).")
    ] = None,
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
    ] = None,
) -> None:
    """Apply a referee's adjustment (income, upkeep, bands, arsenals...) to the open turn, recorded
    and hash-chained in the turn history, shown in the next report, replayed by `pbem verify`."""
    from adjudicator.core.store import Database
    from adjudicator.table.adjustments import apply_adjustment

    text = read_file(file, "adjustment")
    done = apply_adjustment(Database(db), game_id, text, by=by or "")
    after = f"turn {done.after_turn}" if done.after_turn else "the setup"
    typer.echo(
        f"adjustment {done.number} of {done.game_id} recorded after {after}; "
        f"turn {done.turn} starts from the adjusted state"
    )
    for event in done.events:
        typer.echo(f"  {event.text}")
    typer.echo(f"record hash: {done.record_hash}")
    if done.bots_replayed:
        typer.echo(f"bots that wrote new orders against the adjusted state: {', '.join(done.bots_replayed)}")
    for seat, problems in sorted(done.stale_orders.items()):
        typer.echo(f"warning: the sealed orders of {seat} no longer pass; ask the player to send them again:")
        for problem in problems:
            typer.echo(f"  {problem}")


def register(app: typer.Typer) -> None:
    referee_app.command("adjust")(adjust)
    app.add_typer(referee_app, name="referee")
