"""Helpers of the archive tests: an open variant of toy-guess, a scripted campaign, a game with press."""

from __future__ import annotations

from toy_ruleset import ClosestGuess

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game
from adjudicator.games import register
from adjudicator.table.press import addressed, send_press


class OpenGuess(ClosestGuess):
    """toy-guess without hidden information: its archive publishes everything from turn 1."""

    name = "toy-open"
    title = "Closest Guess, open (test game)"
    has_hidden_information = False


register(OpenGuess)


def play(
    referee: Referee, game_id: str, turns: int | None = None, *, ruleset: str = "toy-guess", points: int = 4
) -> None:
    """Create a 2-seat game with players who guess 3 and 5, and close turns (to the end by default)."""
    referee.new_game(ruleset, game_id, {"points": str(points)}, deadline="48h")
    referee.join(game_id, "north", email="north@example.org", name="Ana")
    referee.join(game_id, "south", email="south@example.org", name="Ben")
    referee.start(game_id)
    played = 0
    while turns is None or played < turns:
        number = referee.status(game_id)["turn"]
        referee.submit(game_id, "north", f"secret n{number}\nguess 3", as_referee=True)
        if number % 3 != 0:  # every third turn south sends nothing: a default counts
            referee.submit(game_id, "south", "guess 5", as_referee=True)
        closed = referee.close_turn(game_id)
        played += 1
        if closed is None or closed.outcome is not None:
            break


PRESS_SEATS = ("north", "south", "east")


def press_club(referee: Referee, points: int = 5) -> dict[str, str]:
    """A started three-seat toy game ``club`` (white press); the seats' secrets. ``points=1`` ends
    it at the first close (every turn someone scores)."""
    referee.new_game("toy-guess", "club", {"seats": "3", "points": str(points)}, deadline="48h")
    secrets = {name: referee.join("club", name, email=f"{name}@example.org") for name in PRESS_SEATS}
    referee.start("club")
    return secrets


def say(db: Database, referee: Referee, sender: str, to: str, text: str) -> None:
    """One press message of ``sender`` (a seat or the referee) in the open turn of ``club``."""
    with db.session() as session:
        game = session.get(Game, "club")
        assert game is not None
        send_press(session, game, sender, addressed(to), text, now=referee.clock())
        session.commit()


def close_round(referee: Referee, secrets: dict[str, str]) -> None:
    """Every seat guesses 3 and the turn of ``club`` closes."""
    for seat in PRESS_SEATS:
        referee.submit("club", seat, "guess 3", secrets[seat])
    referee.close_turn("club")
