"""Tactical battles by dice (``battles=dice``, the default).

The book leaves battles to DBA 3.0 on the table (and War Galley at sea). For play
by email without a table, the project resolves a battle with a documented dice
procedure that keeps the book's modifiers:

* An army has 12 elements; fighting in its nation's home province it has 13:
  the Sacred Guard ("quand une armee evolue dans son propre territoire, elle est
  forte de 13 socles au lieu de 12"). Mercenaries replace elements, they do not
  add any. A fleet has 12 galleys.
* As in DBA, a side breaks when it has lost a third of its elements, rounded up:
  4 of 12, 5 of 13 (the Sacred Guard makes an army harder to break).
* Each round both sides roll a d6 (``battle:<place>:<n>:<nation>``); the lower
  total loses one element, equal totals lose nothing.
* A war priest may "relancer un de ses jets de de" or "ajouter +1 a son jet de
  de", then is lost. Here the priest acts the first time its side would lose a
  round: +1 when that is enough to avoid losing the round, otherwise a reroll of
  its own die (``priest:<place>:<n>:<nation>``).
* After :data:`MAX_ROUNDS` rounds without a break the defender holds the field.

The loser of a battle is destroyed (book: "l'armee d'invasion est detruite";
"dans une bataille navale, le perdant est detruit"); the winner keeps no losses.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.games.releases.v0_1_0.dice import Dice

ELEMENTS = 12
SACRED_GUARD = 1
MAX_ROUNDS = 40


def break_point(elements: int) -> int:
    """A side breaks when it has lost a third of its elements, rounded up (4 of 12, 5 of 13)."""
    return -(-elements // 3)


@dataclass
class Fighter:
    """One army or fleet in a battle."""

    nation: str
    uid: str
    elements: int = ELEMENTS
    priest: bool = False
    priest_used: bool = False
    lost: int = 0


@dataclass
class BattleReport:
    winner: Fighter
    loser: Fighter
    rounds: int
    held: bool  # True when the defender held after MAX_ROUNDS


def _priest_helps(dice: Dice, key: str, me: Fighter, mine: int, theirs: int) -> int:
    """The war priest's one intervention, spent the first time its side would lose a round."""
    me.priest = False
    me.priest_used = True
    if mine + 1 >= theirs:
        return mine + 1
    return dice.d6(f"priest:{key.split(':', 1)[1]}:{me.nation}")


def tactical_battle(dice: Dice, key: str, attacker: Fighter, defender: Fighter) -> BattleReport:
    """Fight ``attacker`` against ``defender`` round by round until one side breaks.

    ``key`` is the rule and subject, e.g. ``battle:Pannonia:1``; each side's rolls are
    ``<key>:<nation>`` (the n-th round is roll n-1 of that key, pinnable as a list).
    """
    a_break, d_break = break_point(attacker.elements), break_point(defender.elements)
    for rounds in range(1, MAX_ROUNDS + 1):
        a = dice.d6(f"{key}:{attacker.nation}")
        d = dice.d6(f"{key}:{defender.nation}")
        if a < d and attacker.priest:
            a = _priest_helps(dice, key, attacker, a, d)
        elif d < a and defender.priest:
            d = _priest_helps(dice, key, defender, d, a)
        if a < d:
            attacker.lost += 1
        elif d < a:
            defender.lost += 1
        if attacker.lost >= a_break:
            return BattleReport(defender, attacker, rounds, False)
        if defender.lost >= d_break:
            return BattleReport(attacker, defender, rounds, False)
    return BattleReport(defender, attacker, MAX_ROUNDS, True)
