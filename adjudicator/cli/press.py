"""``pbem press``, ``pbem game watch|unwatch|watchers`` and ``pbem templates``: between the players."""

from __future__ import annotations

import re
import shutil
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from sqlmodel import Session, select

from adjudicator.post.render import CLUB_FOLDER, TEMPLATES, club_folder

press_app = typer.Typer(help="Press between the seats, relayed by the referee.", no_args_is_help=True)
templates_app = typer.Typer(help="A club's own look: override the packaged templates.", no_args_is_help=True)

DbOption = Annotated[
    str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
]
#: A template name as ``pbem templates copy`` takes it: one file name, no path.
_TEMPLATE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$")


def _database(url: str | None):  # type: ignore[no-untyped-def]
    from adjudicator.core.store import Database

    return Database(url)


@press_app.command("send")
def press_send(
    game_id: Annotated[str, typer.Argument(help="The game.")],
    file: Annotated[str, typer.Argument(help="The message, a UTF-8 text file ('-' for standard input).")],
    to: Annotated[str, typer.Option("--to", help="'all', or seat names separated by commas.")] = "all",
    db: DbOption = None,
) -> None:
    """The referee writes to all seats (or to the seats named), whatever the game's press option."""
    from adjudicator.cli import read_text
    from adjudicator.core.engine import Referee, check_game_id
    from adjudicator.core.store import Game
    from adjudicator.games.base import REFEREE
    from adjudicator.table.press import addressed, send_press

    check_game_id(game_id)
    text = read_text(file)
    database = _database(db)
    referee = Referee(database)
    with database.session() as session:
        game = referee.game(session, game_id)
        relayed = send_press(
            session, game, REFEREE, addressed(to), text, now=referee.clock(), db_is_sqlite=database.is_sqlite
        )
        assert isinstance(game, Game)
    typer.echo(f"press {relayed.seq} of turn {relayed.turn} queued to: {', '.join(relayed.sent) or 'nobody'}")
    if relayed.held:
        typer.echo(f"kept, not sent (civil disorder or no address): {', '.join(relayed.held)}")
    typer.echo("`pbem mail flush` sends it (or the scheduler's next flush).")


@press_app.command("list")
def press_list(
    game_id: Annotated[str, typer.Argument(help="The game.")],
    turn: Annotated[int | None, typer.Option("--turn", help="Only this turn's press.")] = None,
    db: DbOption = None,
) -> None:
    """The game's press as the referee keeps it (senders included, also under grey press)."""
    from sqlmodel import select

    from adjudicator.core.engine import Referee, check_game_id
    from adjudicator.core.press_record import entry_of
    from adjudicator.core.store import PressMessage

    check_game_id(game_id)
    database = _database(db)
    with database.session() as session:
        game = Referee(database).game(session, game_id)
        query = select(PressMessage).where(PressMessage.game_id == game_id, PressMessage.branch == 0)
        if turn is not None:
            query = query.where(PressMessage.turn_number == turn)
        rows = session.exec(query.order_by(PressMessage.turn_number, PressMessage.seq)).all()  # type: ignore[arg-type]
        typer.echo(f"{game.id}: press {game.press}, {len(rows)} message(s)")
        for row in rows:
            entry = entry_of(row)
            seen = "" if entry["signed"] else " (seen as 'a seat')"
            to = ", ".join(entry["to"])
            typer.echo(f"--- turn {row.turn_number} #{row.seq} from {entry['from']}{seen} to {to}")
            if entry["held"]:
                typer.echo(f"    kept for: {', '.join(entry['held'])}")
            typer.echo(entry["text"])


def game_watch(
    game_id: Annotated[str, typer.Argument(help="The game.")],
    email: Annotated[str, typer.Option("--email", help="The observer's address.")],
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="The language of the observer's mail, e.g. fr (default: the game's)."),
    ] = None,
    db: DbOption = None,
) -> None:
    """Add an observer: one mail with a code goes to the address; reports follow once it is confirmed."""
    from adjudicator.core.engine import Referee, checked_language
    from adjudicator.table.observers import request_watch

    code = checked_language(lang) if lang is not None else None
    database = _database(db)
    referee = Referee(database)
    with database.session() as session:
        if code is not None:
            _observer_language(session, game_id, email, code, referee.clock())
        what = request_watch(session, game_id, email, referee.clock())
    typer.echo(f"watch {game_id}: {what}")


def _observer_language(session: Session, game_id: str, email: str, code: str, now: datetime) -> None:
    """The observer's language stored before its code mail is written (so the mail is in it).

    A game or address that does not exist or is malformed is left to ``request_watch`` to refuse
    (the session then stores nothing, this row neither)."""
    from adjudicator.core.engine import check_email, check_game_id
    from adjudicator.core.store import Game, Observer

    check_game_id(game_id)
    address = check_email(email).lower()
    if session.get(Game, game_id) is None:
        return
    row = session.exec(select(Observer).where(Observer.game_id == game_id, Observer.email == address)).first()
    if row is None:
        row = Observer(game_id=game_id, email=address, created_at=now)
    row.lang = code
    session.add(row)


def game_unwatch(
    game_id: Annotated[str, typer.Argument(help="The game.")],
    email: Annotated[str, typer.Option("--email", help="The observer's address.")],
    db: DbOption = None,
) -> None:
    """Stop sending the public reports to an observer."""
    from adjudicator.core.engine import RefereeError, check_game_id
    from adjudicator.table.observers import stop_watch

    check_game_id(game_id)
    with _database(db).session() as session:
        if not stop_watch(session, game_id, email.strip(), None):
            raise RefereeError(f"{email.strip()[:80]!r} does not watch {game_id}")
    typer.echo(f"{email.strip()} no longer watches {game_id}")


def game_watchers(game_id: Annotated[str, typer.Argument(help="The game.")], db: DbOption = None) -> None:
    """The game's observers and their state (pending, active, stopped)."""
    from adjudicator.core.engine import check_game_id
    from adjudicator.table.observers import watchers

    check_game_id(game_id)
    with _database(db).session() as session:
        rows = watchers(session, game_id)
        for row in rows:
            language = f"  language: {row.lang}" if row.lang else ""
            typer.echo(f"{row.email:40} {row.status:8} codes sent: {row.codes_sent}{language}")
        if not rows:
            typer.echo(f"{game_id} has no observers")


def packaged_names() -> list[str]:
    """The packaged templates a club may override, by the name ``pbem templates copy`` takes."""
    return sorted(p.name for p in (TEMPLATES / "common").glob("*.j2"))


@templates_app.command("list")
def templates_list() -> None:
    """The packaged templates, and which the club's folder overrides."""
    folder = club_folder()
    typer.echo(
        f"club folder: {folder if folder else f'none (create ./{CLUB_FOLDER}/ or set PBEM_TEMPLATES)'}"
    )
    for name in packaged_names():
        mine = folder is not None and (folder / name).is_file()
        typer.echo(f"  {name:28} {'overridden by the club' if mine else 'packaged'}")


def check_template_name(name: str) -> str:
    from adjudicator.core.engine import RefereeError

    if "/" in name or "\\" in name or ".." in name or not _TEMPLATE_NAME.match(name):
        raise RefereeError(f"{name[:80]!r} is not a template name: give a name from `pbem templates list`")
    if name not in packaged_names():
        raise RefereeError(f"no packaged template {name!r}: `pbem templates list` shows them")
    return name


@templates_app.command("copy")
def templates_copy(
    name: Annotated[str, typer.Argument(help="A template name from `pbem templates list`.")],
    force: Annotated[bool, typer.Option("--force", help="Replace the club's copy.")] = False,
) -> None:
    """Copy a packaged template into the club's folder, to edit it there."""
    import os

    from adjudicator.core.engine import RefereeError

    check_template_name(name)
    named = os.environ.get("PBEM_TEMPLATES")
    folder = Path(named) if named else Path.cwd() / CLUB_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    if target.exists() and not force:
        raise RefereeError(f"{target} exists already (--force replaces it)")
    shutil.copyfile(TEMPLATES / "common" / name, target)
    typer.echo(f"copied {name} to {target}; edit it there, the referee uses it from now on")


def register(app: typer.Typer) -> None:
    from adjudicator.cli import game_app

    app.add_typer(press_app, name="press")
    app.add_typer(templates_app, name="templates")
    game_app.command("watch")(game_watch)
    game_app.command("unwatch")(game_unwatch)
    game_app.command("watchers")(game_watchers)
