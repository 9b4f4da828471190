"""``pbem demo``: a whole sample campaign played by the rulesets' bots.

It uses the configured database (``pbem.db`` by default), writes every email
as an ``.eml`` file into ``./outbox/`` (a Maildir) and exports the archive to
``./turns/`` when the archive module is available.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.engine import Referee
from adjudicator.core.progress import progress_bar
from adjudicator.core.store import Database, Game
from adjudicator.games import available, get_ruleset
from adjudicator.mail.delivery import deliver_to_maildir
from adjudicator.post.outbox import outbox_dir

PREFERRED = ("mare-nostrum", "far-side", "master-commander", "eollis", "planet-masters")
#: A game that has not ended after this many turns is stopped (bots can be aimless).
SAFETY_TURNS = 2000


def default_ruleset() -> str:
    names = list(available())
    for name in PREFERRED:
        if name in names:
            return name
    if not names:
        raise SystemExit("no ruleset installed")
    return names[0]


def free_game_id(db: Database, base: str) -> str:
    with db.session() as session:
        candidate, n = base, 1
        while session.get(Game, candidate) is not None:
            n += 1
            candidate = f"{base}-{n}"
        return candidate


def run_demo(
    ruleset_name: str | None = None,
    *,
    turns: int | None = None,
    seats: int | None = None,
    game_id: str | None = None,
    db_url: str | None = None,
    echo: Callable[[str], None] = print,
    quiet: bool = False,
    options: dict[str, str] | None = None,
    lang: str = "en",
) -> str:
    """Create, play and report a bot game; returns its id.

    ``options`` are the game's options; they override the ruleset's ``demo_options`` (if it has any).
    ``lang`` is the language of the game's mail and archive site (the record stays the same).
    """
    db = Database(db_url)
    db.migrate()
    ruleset_name = ruleset_name or default_ruleset()
    ruleset = get_ruleset(ruleset_name)
    referee = Referee(db)
    game_id = game_id or free_game_id(db, f"demo-{ruleset.name}")
    options = {**getattr(ruleset, "demo_options", {}), **(options or {})}
    if seats is not None and "players" in getattr(ruleset, "options", {}) and "players" not in options:
        # games whose seat count is their `players` option, kept within the game's limits
        options["players"] = str(max(ruleset.min_seats, min(seats, ruleset.max_seats)))
    _game, seat_names, _secret = referee.new_game(ruleset.name, game_id, options, deadline="48h", lang=lang)
    wanted = seats if seats is not None else min(ruleset.max_seats, 6)
    wanted = max(ruleset.min_seats, min(wanted, len(seat_names)))
    if wanted != len(seat_names):
        # Games whose seat count is an option get it through their own option name.
        echo(f"note: {ruleset.name} seats are fixed by its options; playing {len(seat_names)} seats")
    for name in seat_names:
        referee.join(game_id, name, email=f"{name}@demo.invalid", name=f"{name} (bot)", bot=True)
    referee.start(game_id)
    echo(f"demo game {game_id}: {ruleset.title}, seats {', '.join(seat_names)}")
    limit = turns if turns is not None else SAFETY_TURNS
    played = 0
    closed = None
    with progress_bar("playing", total=turns, quiet=quiet) as advance:
        while played < limit:
            closed = referee.close_turn(game_id, reason="demo")
            if closed is None:
                break
            played += 1
            advance(description=f"turn {closed.number} ({closed.label})")
            if closed.outcome is not None:
                break
    sent = deliver_to_maildir(db)
    echo(f"played {played} turns; {sent} emails written to {outbox_dir()}/new/")
    if closed is not None and closed.outcome is not None:
        echo(f"game over: {closed.outcome}")
    elif turns is None:
        echo(f"stopped after {played} turns without an outcome")
    try:
        from adjudicator.publish import archive
    except ImportError:
        archive = None  # type: ignore[assignment]
    if archive is not None:
        folder = archive.export_game(db, game_id)
        echo(f"archive written to {folder}")
    return game_id
