"""Helpers of the archive tests: an open variant of toy-guess and a scripted campaign."""

from __future__ import annotations

from toy_ruleset import ClosestGuess

from adjudicator.engine import Referee
from adjudicator.games import register


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
