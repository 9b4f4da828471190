"""The ``pbem`` command: thin. It parses arguments and calls the engine.

Every refusal is printed as one clear sentence on standard error with a
non-zero exit code; no traceback reaches a user (set ``PBEM_DEBUG=1`` to see
one when reporting a bug).
"""

from __future__ import annotations

import importlib
import itertools
import os
import sqlite3
import sys
from datetime import timedelta
from pathlib import Path
from typing import Annotated

import typer
from sqlalchemy.exc import DBAPIError, OperationalError

import adjudicator.publish  # noqa: F401  (registers the report hooks every Referee here uses)
from adjudicator import __version__
from adjudicator.core.engine import Referee, RefereeError, check_game_id
from adjudicator.core.store import Database, as_utc

app = typer.Typer(
    help="pbem: a play-by-email referee. Sealed orders, committed dice, verifiable archives.",
    no_args_is_help=True,
    add_completion=True,  # `pbem --install-completion` / `--show-completion` (bash, zsh, fish)
    pretty_exceptions_enable=False,
)
game_app = typer.Typer(help="Create, join, start and inspect games.", no_args_is_help=True)
orders_app = typer.Typer(help="Submit sealed orders and see who is in.", no_args_is_help=True)
turn_app = typer.Typer(help="The referee's turn controls.", no_args_is_help=True)
seat_app = typer.Typer(help="The referee's seat controls.", no_args_is_help=True)
battle_app = typer.Typer(help="Results of battles fought on the table (referee).", no_args_is_help=True)
app.add_typer(game_app, name="game")
app.add_typer(orders_app, name="orders")
app.add_typer(turn_app, name="turn")
app.add_typer(seat_app, name="seat")
app.add_typer(battle_app, name="battle")

#: Modules that add their own commands with ``register(app)``.
EXTENSIONS: tuple[str, ...] = (
    "adjudicator.cli.schedule",
    "adjudicator.cli.mail",
    "adjudicator.cli.archive",
    "adjudicator.cli.doctor",  # after cli_mail: it adds `pbem mail test`
    "adjudicator.cli.campaign",
    "adjudicator.cli.press",  # pbem press, pbem game watch/unwatch/watchers, pbem templates
    "adjudicator.cli.between",  # pbem seat approve / absence
)

DbOption = Annotated[
    str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="One JSON document for scripts (see README, Output for scripts).")
]


LangOption = Annotated[
    str, typer.Option("--lang", help="The language of the game's mail, e.g. fr (the record stays English).")
]


def language_name(code: str | None) -> str:
    """A language's own name (``français``), for what the commands print."""
    from adjudicator.games.language import NAMES

    return NAMES.get(code or "", code or "")


def print_json(document: object) -> None:
    """A ``--json`` document: indented, keys in their documented order, UTF-8 as is."""
    import json

    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))


def _db(url: str | None = None) -> Database:
    return Database(url)


def referee(url: str | None = None) -> Referee:
    return Referee(_db(url))


def fail(message: str, code: int = 2) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def read_text(source: str | None, limit: int = 64 * 1024) -> str:
    """Orders from a file or ``-`` (stdin); refuses binary, huge or unreadable input clearly."""
    if source in (None, "-"):
        data = sys.stdin.buffer.read(limit + 1)
    else:
        path = Path(source)
        if not path.is_file():
            fail(f"no such orders file: {source}")
        data = path.open("rb").read(limit + 1)
    if len(data) > limit:
        fail(f"orders are too long: at most {limit // 1024} KiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        fail("orders must be UTF-8 text")
    return ""  # unreachable


def parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(f"invalid option {pair!r}: write KEY=VALUE, e.g. --option nations=6")
        options[key.strip()] = value.strip()
    return options


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pbem {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", help="Print the version and exit.", callback=_version, is_eager=True)
    ] = False,
    db: Annotated[str | None, typer.Option("--db", help="Database URL for every command.")] = None,
) -> None:
    if db:
        os.environ["PBEM_DB"] = db


@app.command()
def init(db: DbOption = None) -> None:
    """Create the database, or upgrade it to the newest schema."""
    database = _db(db)
    database.migrate()
    typer.echo(f"database ready: {database.url}")


@app.command()
def rulesets() -> None:
    """List the installed rulesets (games)."""
    from adjudicator.games import available

    for name, cls in available().items():
        seats = f"{cls.min_seats}-{cls.max_seats}" if cls.min_seats != cls.max_seats else str(cls.min_seats)
        typer.echo(f"{name:18} {seats:>4} seats  {cls.title}")


# -- game ------------------------------------------------------------------
@game_app.command("new")
def game_new(
    ruleset: Annotated[str, typer.Argument(help="Ruleset name, see `pbem rulesets`.")],
    game_id: Annotated[str, typer.Argument(help="A short id: lower-case letters, digits, '-'.")],
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    deadline: Annotated[
        str, typer.Option(help="48h, 90m, 2d or a weekly slot 'sun 20:00 Europe/Paris'.")
    ] = "48h",
    grace: Annotated[
        str | None, typer.Option(help="Grace period after the deadline (none by default).")
    ] = None,
    nmr: Annotated[
        str | None,
        typer.Option(help="Missing orders: 'default' at the deadline, or 'wait' out the --grace."),
    ] = None,
    reminders: Annotated[
        str, typer.Option(help="Reminders before each deadline to seats owing orders, e.g. 24h,2h or none.")
    ] = "24h,2h",
    civil_disorder: Annotated[int, typer.Option(help="Missed turns in a row before civil disorder.")] = 3,
    referee_email: Annotated[str | None, typer.Option(help="The referee's address (table results).")] = None,
    scenario: Annotated[
        Path | None,
        typer.Option(help="Start from this position (a TOML scenario file, see orders/<game>.md)."),
    ] = None,
    press: Annotated[
        str, typer.Option(help="Press between the seats: none, white (signed), grey (anonymous) or public.")
    ] = "white",
    signup: Annotated[
        str,
        typer.Option(help="Sign-up by mail: closed, open (join by mail), approve (the referee approves)."),
    ] = "closed",
    start_when_full: Annotated[
        bool, typer.Option("--start-when-full", help="Start the game when sign-up has filled every seat.")
    ] = False,
    absence: Annotated[
        str, typer.Option(help="Days of absence each player may take, e.g. 14d (0: none).")
    ] = "0",
    lang: LangOption = "en",
    db: DbOption = None,
) -> None:
    """Create a game; prints its seats and the referee's secret."""
    from adjudicator.cli.between import absence_days
    from adjudicator.cli.campaign import read_file
    from adjudicator.table.press import check_mode, set_mode
    from adjudicator.table.signup import SIGNUP_MODES, set_terms

    press = check_mode(press)

    days = absence_days(absence)  # checked before the game is created
    if signup not in SIGNUP_MODES:
        fail(f"--signup is one of {', '.join(SIGNUP_MODES)}")
    scenario_text = read_file(scenario, "scenario") if scenario is not None else None
    game, seats, secret = referee(db).new_game(
        ruleset,
        game_id,
        parse_options(option or []),
        deadline=deadline,
        grace=grace,
        nmr=nmr,
        civil_disorder_after=civil_disorder,
        referee_email=referee_email,
        reminders=reminders,
        scenario=scenario_text,
        lang=lang,
    )
    set_mode(_db(db), game.id, press)
    if signup != "closed" or start_when_full or days:
        set_terms(_db(db), game.id, signup=signup, start_when_full=start_when_full, absence_days=days)
    typer.echo(
        f"game {game.id} created ({game.ruleset})" + (f" from the scenario {scenario}" if scenario else "")
    )
    typer.echo(f"press: {press}")
    typer.echo(f"language: {game.lang} ({language_name(game.lang)})")
    typer.echo(f"seats: {', '.join(seats)}")
    typer.echo(f"referee secret: {secret}  (shown this once)")
    typer.echo(f"setup commitment: {game.setup_commitment}")


@game_app.command("join")
def game_join(
    game_id: str,
    seat: str,
    email: Annotated[
        str | None, typer.Option(help="The player's address; orders are taken from it only.")
    ] = None,
    name: Annotated[str | None, typer.Option(help="The player's name, for reports.")] = None,
    bot: Annotated[bool, typer.Option("--bot", help="Seat a bot that plays random legal orders.")] = False,
    tz: Annotated[str, typer.Option("--tz", help="The player's time zone, e.g. Europe/Paris.")] = "UTC",
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="The language of the player's mail, e.g. fr (default: the game's)."),
    ] = None,
    db: DbOption = None,
) -> None:
    """Take a seat; prints the seat's secret (shown this once)."""
    secret = referee(db).join(game_id, seat, email=email, name=name, bot=bot, timezone=tz, lang=lang)
    typer.echo(f"seat {seat} of {game_id} taken")
    if secret:
        typer.echo(f"secret: {secret}")


@game_app.command("set-lang")
def game_set_lang(
    game_id: str,
    lang: Annotated[str, typer.Argument(help="A language code (en, fr); for a seat, 'default': the game's.")],
    seat: Annotated[
        str | None, typer.Option("--seat", help="Change this seat's language, not the game's.")
    ] = None,
    db: DbOption = None,
) -> None:
    """Change the language of a game's mail, or of one seat's (the record stays as it is)."""
    code = referee(db).set_language(game_id, lang, seat)
    if seat is None:
        typer.echo(f"game {game_id}: language {code} ({language_name(code)})")
    elif code is None:
        typer.echo(f"seat {seat} of {game_id}: the game's language")
    else:
        typer.echo(f"seat {seat} of {game_id}: language {code} ({language_name(code)})")


@game_app.command("start")
def game_start(game_id: str, db: DbOption = None) -> None:
    """Set the game up and open turn 1 (every seat must be taken)."""
    turn = referee(db).start(game_id)
    typer.echo(f"game {game_id} started: turn {turn.number} ({turn.label}) open")
    typer.echo(f"deadline: {as_utc(turn.deadline_at):%Y-%m-%d %H:%M} UTC")
    typer.echo(f"commitment: {turn.commitment}")


@game_app.command("list")
def game_list(json_out: JsonOption = False, db: DbOption = None) -> None:
    """List the games with their status and current turn."""
    from adjudicator.cli import documents

    document = documents.game_list(_db(db))
    if json_out:
        print_json(document)
        return
    if not document["games"]:
        typer.echo("no games yet: `pbem game new RULESET GAME_ID`")
        return
    typer.echo(f"{'GAME':24} {'RULESET':18} {'STATUS':8} {'TURN':>4} {'SEATS':>5}")
    for g in document["games"]:
        typer.echo(f"{g['id']:24} {g['ruleset']:18} {g['status']:8} {g['turn']:>4} {g['seats']:>5}")


@game_app.command("show")
def game_show(game_id: str, json_out: JsonOption = False, db: DbOption = None) -> None:
    """Show a game: options, seats (never secrets), the open turn."""
    from adjudicator.core.store import loads

    ref = referee(db)
    if json_out:
        from adjudicator.cli import documents

        with ref.db.session() as session:
            running = ref.game(session, game_id).status in ("running", "paused")
        print_json(documents.game(ref.db, game_id, ref.status(game_id) if running else None))
        return
    with ref.db.session() as session:
        game = ref.game(session, game_id)
        typer.echo(f"game {game.id} ({game.ruleset} v{game.ruleset_version}), {game.status}")
        typer.echo(f"language: {game.lang} ({language_name(game.lang)})")
        options = loads(game.options_json)
        scenario = options.pop("scenario", None)  # the whole position: in the archive's game.json
        typer.echo(f"options: {options}")
        if isinstance(scenario, dict):
            typer.echo(f"started from the scenario {scenario.get('title') or '(untitled)'!r}")
        from adjudicator.table.adjustments import entry_rows

        adjusted = entry_rows(session, game_id)
        if adjusted:
            typer.echo(
                f"referee adjustments: {len(adjusted)} (the last before turn {adjusted[-1].turn_number})"
            )
        typer.echo(
            f"deadline rule: {game.deadline_rule}; grace: {game.grace or 'none'}; nmr: {game.nmr}; "
            f"reminders: {game.reminders or 'none'}"
        )
        from adjudicator.mail.bounces import failing_line
        from adjudicator.table.signup import terms_line

        if line := terms_line(session, game_id):
            typer.echo(line)
        for s in ref.seats(session, game_id):
            who = "bot" if s.is_bot else (s.player_name or "") + (f" <{s.email}>" if s.email else "")
            extra = f", missed {s.missed_turns}" if s.missed_turns else ""
            if s.lang:
                extra += f", language {s.lang}"
            if s.mail_failing_turn is not None:
                extra += f", {failing_line(s)}"
            typer.echo(f"  seat {s.name:14} {s.status:15} {who}{extra}")
        if game.outcome_json:
            from adjudicator.games.base import Outcome

            typer.echo(f"outcome: {Outcome.from_json(loads(game.outcome_json))}")
    if game.status in ("running", "paused"):
        _print_status(ref.status(game_id))


@game_app.command("pause")
def game_pause(game_id: str, db: DbOption = None) -> None:
    """Pause a running game: no deadline closes a turn until it resumes."""
    referee(db).set_status(game_id, "paused")
    typer.echo(f"game {game_id} paused")


@game_app.command("resume")
def game_resume(game_id: str, db: DbOption = None) -> None:
    """Resume a paused game."""
    referee(db).set_status(game_id, "running")
    typer.echo(f"game {game_id} resumed")


# -- seats -----------------------------------------------------------------
@seat_app.command("replace")
def seat_replace(
    game_id: str,
    seat: str,
    email: Annotated[str, typer.Option(help="The new player's address.")],
    name: Annotated[str | None, typer.Option(help="The new player's name.")] = None,
    tz: Annotated[str, typer.Option("--tz", help="Time zone.")] = "UTC",
    db: DbOption = None,
) -> None:
    """Hand a seat (e.g. one in civil disorder) to a new player; prints the new secret."""
    secret = referee(db).replace_seat(game_id, seat, email=email, name=name, timezone=tz)
    typer.echo(f"seat {seat} of {game_id} handed over")
    typer.echo(f"secret: {secret}")


# -- orders ----------------------------------------------------------------
def _print_submit(result: object) -> None:
    from adjudicator.core.engine import SubmitResult

    assert isinstance(result, SubmitResult)
    if result.accepted:
        typer.echo(f"accepted: {result.request_key}, turn {result.turn}{' (final)' if result.final else ''}")
        for number, line in result.lines:
            typer.echo(f"  {number:3}: {line}")
        typer.echo(f"receipt: {result.receipt}")
        for problem in result.problems:  # the lines left out, and warnings (which reject nothing)
            typer.echo(f"  {'warning' if problem.kind == 'warning' else 'not taken'} {problem}")
        if result.closed_turn is not None:
            typer.echo(f"every owed order is in and final: turn {result.closed_turn} closed")
        return
    typer.echo(
        f"rejected: {result.request_key}, turn {result.turn}; your previous orders stay in force", err=True
    )
    faulty = {problem.line for problem in result.problems}
    for number, line in result.lines:  # understood, yet not taken: the text is rejected whole
        if number not in faulty:
            typer.echo(f"  understood, not taken {number:3}: {line}", err=True)
    for problem in result.problems:
        typer.echo(f"  problem {problem}", err=True)
    raise typer.Exit(5)


@orders_app.command("submit")
def orders_submit(
    game_id: str,
    seat: str,
    file: Annotated[str | None, typer.Argument(help="Orders file, or '-' for standard input.")] = None,
    secret: Annotated[str | None, typer.Option(help="The seat's secret.", envvar="PBEM_SECRET")] = None,
    final: Annotated[bool, typer.Option("--final", help="Mark final: the turn may close early.")] = False,
    request: Annotated[str | None, typer.Option(help="Which request, when a seat owes several.")] = None,
    db: DbOption = None,
) -> None:
    """Submit sealed orders; prints the receipt (the last valid submission counts)."""
    if not secret:
        fail("a secret is needed: --secret S (or $PBEM_SECRET)")
    text = read_text(file)
    _print_submit(referee(db).submit(game_id, seat, text, secret, request_key=request, final=final))


@orders_app.command("status")
def orders_status(game_id: str, json_out: JsonOption = False, db: DbOption = None) -> None:
    """Who is in for the open turn (never what they ordered)."""
    status = referee(db).status(game_id)
    if json_out:
        from adjudicator.cli import documents

        print_json(documents.orders_status(status))
        return
    _print_status(status)


def _print_status(status: dict) -> None:
    if status["turn"] is None:
        typer.echo(f"game {status['game']} has not started")
        return
    deadline = status["deadline"]
    typer.echo(
        f"turn {status['turn']} ({status['label']}), {status['turn_status']}; "
        f"deadline {deadline:%Y-%m-%d %H:%M} UTC"
        if deadline
        else ""
    )
    for row in status["requests"]:
        state = ("in, final" if row["final"] else "in") if row["in"] else "waiting"
        typer.echo(
            f"  {row['seat']:14} {row['request']:28} {state}{' (optional)' if row['optional'] else ''}"
        )


@battle_app.command("result")
def battle_result(
    game_id: str,
    file: Annotated[str | None, typer.Argument(help="Results file, or '-' for standard input.")] = None,
    db: DbOption = None,
) -> None:
    """Enter the results of battles fought on the table (the referee's sealed request)."""
    from adjudicator.games.base import REFEREE

    text = read_text(file)
    _print_submit(referee(db).submit(game_id, REFEREE, text, as_referee=True, final=True, source="referee"))


# -- turns -----------------------------------------------------------------
@turn_app.command("close")
def turn_close(
    game_id: str,
    turn: Annotated[int | None, typer.Option(help="The turn number (default: the open turn).")] = None,
    db: DbOption = None,
) -> None:
    """Close the open turn now: missing orders become defaults, then it resolves."""
    ref = referee(db)
    closed = ref.close_turn(game_id, turn, reason="referee")
    if closed is None:
        with ref.db.session() as session:
            number = turn if turn is not None else ref.game(session, game_id).current_turn
        fail(f"turn {number} of {game_id} is not open (closed already?)", 4)
        return
    typer.echo(f"turn {closed.number} ({closed.label}) closed: {len(closed.events)} events")
    if closed.outcome:
        typer.echo(f"game over: {closed.outcome}")
    else:
        typer.echo(f"turn {closed.next_turn} open")


@turn_app.command("extend")
def turn_extend(
    game_id: str,
    by: str,
    turn: Annotated[int | None, typer.Option(help="The turn number (default: the open turn).")] = None,
    db: DbOption = None,
) -> None:
    """Push the open turn's deadline back, e.g. `pbem turn extend rome-27 24h` (from now if it has passed)."""
    ref = referee(db)
    when = as_utc(ref.extend(game_id, by, turn))
    assert when is not None
    left = when - ref.clock()
    typer.echo(f"deadline now {when:%Y-%m-%d %H:%M:%S} UTC ({when.isoformat()}), in {_span(left)}")


def _span(delta: timedelta) -> str:
    """``1d 2h 3m 4s``: a time span to the second."""
    seconds = max(int(delta.total_seconds()), 0)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [f"{days}d"] if days else []
    parts += [f"{hours}h"] if hours or days else []
    return " ".join([*parts, f"{minutes}m", f"{seconds}s"])


# -- reports ---------------------------------------------------------------
@app.command()
def report(
    game_id: str,
    seat: Annotated[str | None, typer.Option(help="The seat whose view to show (default: public).")] = None,
    turn: Annotated[int | None, typer.Option(help="The turn (default: the last closed one).")] = None,
    format: Annotated[str, typer.Option("--format", help="text or html.")] = "text",
    lang: Annotated[
        str | None, typer.Option("--lang", help="In this language (default: the seat's, or the game's).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Print a turn report as a seat (or the public) sees it."""
    from sqlmodel import select

    from adjudicator.core.engine import checked_language
    from adjudicator.core.store import Turn
    from adjudicator.games.language import language
    from adjudicator.publish.reports import render_report

    if format not in ("text", "html"):
        fail(f"unknown format {format!r}: use text or html")
    spoken = language(checked_language(lang)) if lang is not None else None
    ref = referee(db)
    with ref.db.session() as session:
        game = ref.game(session, game_id)
        if seat is not None:
            ref.seat(session, game_id, seat)
        if turn is None:
            last = session.exec(
                select(Turn)
                .where(Turn.game_id == game_id, Turn.status == "closed")
                .order_by(Turn.number.desc())  # type: ignore[attr-defined]
            ).first()
            if last is None:
                fail(f"game {game_id} has no closed turn yet")
                return
            row = last
        else:
            row = ref.turn(session, game_id, turn)
            if row.status != "closed":
                fail(f"turn {turn} of {game_id} is still open: its orders are sealed")
        typer.echo(render_report(session, game, row, seat, format, spoken), nl=False)


# -- demo ------------------------------------------------------------------
@app.command()
def demo(
    ruleset: Annotated[str | None, typer.Argument(help="Which game (default: mare-nostrum).")] = None,
    turns: Annotated[
        int | None, typer.Option(help="Stop after this many turns (default: play to the end).")
    ] = None,
    seats: Annotated[
        int | None, typer.Option(help="How many bot seats (default: the game's most, max 6).")
    ] = None,
    game_id: Annotated[str | None, typer.Option(help="The demo game's id.")] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress bar, even on a terminal.")
    ] = False,
    db: DbOption = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    lang: LangOption = "en",
) -> None:
    """Play a whole sample campaign with bots: mail to ./outbox/, the archive to ./turns/."""
    from adjudicator.cli.demo_campaign import run_demo
    from adjudicator.core.engine import checked_language

    run_demo(
        ruleset,
        turns=turns,
        seats=seats,
        game_id=game_id,
        db_url=db,
        echo=typer.echo,
        options=parse_options(option or []),
        quiet=quiet,
        lang=checked_language(lang),
    )


def _register_extensions() -> None:
    for name in EXTENSIONS:
        importlib.import_module(name).register(app)


_register_extensions()


#: What ``pbem mail ingest`` exits with when the database fails: the mail server keeps the message
#: and delivers it again later (most treat the other codes as a permanent bounce).
EX_TEMPFAIL = 75


def _is_mail_ingest(argv: list[str] | None) -> bool:
    args = list(sys.argv[1:] if argv is None else argv)
    return any(a == "mail" and b == "ingest" for a, b in itertools.pairwise(args))


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``pbem`` console script; returns the exit code."""
    try:
        app(args=argv, prog_name="pbem")  # standalone: usage errors are shown and exit 2
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except RefereeError as exc:
        typer.echo(f"error: {exc}", err=True)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except (DBAPIError, sqlite3.Error) as exc:  # a full disk, a read-only file: say which, never the SQL
        if os.environ.get("PBEM_DEBUG"):
            raise
        from adjudicator.core import dbfaults

        fault = dbfaults.explain(exc, Database.last_url)
        if fault is None and isinstance(exc, (OperationalError, sqlite3.OperationalError)):
            fault = dbfaults.unavailable(exc, Database.last_url)
        if fault is not None:
            typer.echo(f"error: {fault.message}", err=True)
            return EX_TEMPFAIL if _is_mail_ingest(argv) else fault.exit_code
        orig = getattr(exc, "orig", None) or exc
        typer.echo(
            f"internal error: {type(orig).__name__}: {str(orig).splitlines()[0][:300] if str(orig) else ''}"
            " (set PBEM_DEBUG=1 for details)",
            err=True,
        )
        return 70
    except Exception as exc:  # no traceback reaches a user
        if os.environ.get("PBEM_DEBUG"):
            raise
        typer.echo(f"internal error: {type(exc).__name__}: {exc} (set PBEM_DEBUG=1 for details)", err=True)
        return 70
    return 0


__all__ = ["app", "check_game_id", "main"]
