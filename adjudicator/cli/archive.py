"""``pbem archive export``, ``pbem verify`` and ``pbem turn rollback``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adjudicator.core.progress import progress_bar

archive_app = typer.Typer(
    help="The campaign archive: turns/GAME_ID/ with records, reports and a static site."
)


def export(
    game_id: Annotated[str, typer.Argument(help="The game to export.")],
    to: Annotated[
        Path, typer.Option("--to", help="The archive folder; the game goes in DIR/GAME_ID.")
    ] = Path("turns"),
    full: Annotated[
        bool,
        typer.Option(
            "--full",
            help="Publish everything although the game runs and has hidden information (referee's choice).",
        ),
    ] = False,
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress bar, even on a terminal.")
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="The language of the site's pages, e.g. fr (default: the game's)."),
    ] = None,
) -> None:
    """Write the game's archive: game.json, NNN/record.json, reports, board pictures, index.html."""
    from adjudicator.core.engine import check_game_id, checked_language
    from adjudicator.core.store import Database
    from adjudicator.games.language import language
    from adjudicator.publish.archive import archive_digest, export_game

    check_game_id(game_id)
    spoken = language(checked_language(lang)) if lang is not None else None
    with progress_bar("exporting", total=None, quiet=quiet):
        folder = export_game(Database(db), game_id, to, full=full, lang=spoken)
    typer.echo(f"archive written to {folder}")
    typer.echo(f"archive digest (SHA-256 of manifest.json): {archive_digest(folder)}")
    typer.echo(f"open {folder / 'index.html'} in a browser; check it with `pbem verify {folder}`")


def verify(
    folder: Annotated[
        Path, typer.Argument(help="The archive folder of one game (the one holding game.json).")
    ],
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress bar, even on a terminal.")
    ] = False,
) -> None:
    """Re-derive every receipt and seed and replay every turn; exit 1 at the first mismatch."""
    from adjudicator.publish.verify import summary, verify_archive

    target = folder
    if not (folder / "game.json").exists() and folder.is_dir():
        games = sorted(p for p in folder.iterdir() if p.is_dir() and (p / "game.json").is_file())
        if len(games) == 1:
            target = games[0]
        elif games:
            typer.echo(
                f"error: {folder} holds several games; name one: {', '.join(str(g) for g in games)}", err=True
            )
            raise typer.Exit(2)
    with progress_bar("verifying", total=None, quiet=quiet):
        results = verify_archive(target)
    for result in results:
        typer.echo(result.line())
    line, code = summary(results)
    typer.echo(line, err=code != 0)
    raise typer.Exit(code)


def rollback(
    game_id: Annotated[str, typer.Argument(help="The game.")],
    turn: Annotated[int, typer.Argument(help="The last turn to keep (0: back to the setup).")],
    reason: Annotated[str, typer.Option(help="Why, for the record (published with the branch).")] = "",
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
    ] = None,
) -> None:
    """Go back to the end of turn N: later turns become a recorded branch, turn N+1 opens again."""
    from adjudicator.core.store import Database
    from adjudicator.publish.rollback import rollback as do_rollback

    result = do_rollback(Database(db), game_id, turn, reason=reason)
    moved = ", ".join(str(n) for n in result.abandoned)
    typer.echo(f"branch {result.branch} of {game_id} recorded: turns {moved} kept there, not erased")
    if result.abandoned_open is not None:
        typer.echo(
            f"the open turn {result.abandoned_open} and its sealed orders were moved to the branch too"
        )
    typer.echo(f"turn {result.reopened} is open again (a fresh seed commitment; orders must be sent again)")


def register(app: typer.Typer) -> None:
    from adjudicator.cli import turn_app

    archive_app.command("export")(export)
    app.add_typer(archive_app, name="archive")
    app.command("verify")(verify)
    turn_app.command("rollback")(rollback)
