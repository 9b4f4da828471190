"""What may be published about a closed turn, and when (DESIGN.md, "Hidden information").

One rule used by the reports, the archive and ``pbem verify``:

* a game without hidden information publishes everything from turn 1;
* a running game with hidden information publishes each turn's public view, its public
  events, the receipts and the SHA-256 of the full state - never the full state, the setup
  secret, or the turn secrets, seeds and dice (a seed reveals every roll of its turn,
  including the shuffle of a deck, hence future draws). Orders are shown to their own seat
  only, since they may name cards in a hand;
* once the game is over (or when the referee exports with ``--full`` on purpose) everything
  is published and every turn can be replayed.

A hidden-information ruleset may declare parts that are safe to publish at each close with
``publish_while_running = frozenset({"orders", "dice"})`` (either or both).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.games.base import Ruleset

PARTS = ("orders", "dice")


@dataclass(frozen=True)
class Disclosure:
    state: bool  # the full state before and after, the setup state and setup secret
    orders: bool  # every seat's order text and salt
    dice: bool  # the dice log, the turn secret and the seed

    @property
    def complete(self) -> bool:
        return self.state and self.orders and self.dice

    def withheld(self) -> list[str]:
        """Names of what is withheld, in the archive's words."""
        out = []
        if not self.state:
            out += ["state", "setup"]
        if not self.orders:
            out += ["orders"]
        if not self.dice:
            out += ["dice", "turn_secret", "seed"]
        return out


EVERYTHING = Disclosure(True, True, True)


def disclosure(ruleset: Ruleset, *, game_over: bool, full: bool = False) -> Disclosure:
    """What the public may see of a closed turn of this game now."""
    if full or game_over or not getattr(ruleset, "has_hidden_information", False):
        return EVERYTHING
    declared = set(getattr(ruleset, "publish_while_running", ())) & set(PARTS)
    return Disclosure(state=False, orders="orders" in declared, dice="dice" in declared)
