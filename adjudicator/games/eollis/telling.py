"""The events of Eollis said in a reader's language.

The record keeps each event's English text (and its kind and data, unchanged); a reader in another
language is shown it said again, recognised by its shape: the rules write every event from a few
sentences (see ``Table.tell``), and each has its pattern here beside the message that says it in
the catalogue. The parts of a sentence that are themselves the game's words (a post, a skill, why a
pirate died, an Event's card) are said by smaller tables; names, clans, cards and numbers are kept.
An event of no known shape is shown as the record holds it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from adjudicator.games.base import Event
from adjudicator.games.eollis.glossary import GLOSSARY
from adjudicator.games.eollis.speech import Pattern, _p, reason_words, said, verb_word
from adjudicator.games.eollis.words import post_name, power_text, word
from adjudicator.games.language import N_, Language


def _word(text: str, lang: Language) -> str:
    return word(text, lang) if text in set(GLOSSARY.keys()) else text


def _sub(patterns: tuple[Pattern, ...]) -> Callable[[str, Language], str]:
    """A part said by ``patterns`` (kept as written when none has its shape)."""

    def say(text: str, lang: Language) -> str:
        return said(text, patterns, lang, CONVERT) or text

    return say


def _each(patterns: tuple[Pattern, ...], sep: str = ", ") -> Callable[[str, Language], str]:
    """A list of parts each said by ``patterns``."""
    one = _sub(patterns)

    def say(text: str, lang: Language) -> str:
        return sep.join(one(part, lang) for part in text.split(sep))

    return say


WHY: tuple[Pattern, ...] = (
    _p(r"the opening hand", N_("the opening hand")),
    _p(r"the Expedition's draw", N_("the Expedition's draw")),
    _p(r"the Taverne's draw", N_("the Taverne's draw")),
    _p(r"from the Bosco", N_("from the Bosco")),
    _p(r"an Event won", N_("an Event won")),
    _p(r"released", N_("released")),
    _p(r"the ghost is discarded at recruitment", N_("the ghost is discarded at recruitment")),
    _p(r"the ship destroyed", N_("the ship destroyed")),
    _p(r"an accident caused by (?P<seat>\S+)", N_("an accident caused by %(seat)s")),
    _p(r"mutiny", N_("mutiny")),
    _p(r"assassinated by (?P<seat>\S+)", N_("assassinated by %(seat)s")),
    _p(r"humiliated by (?P<seat>\S+)", N_("humiliated by %(seat)s")),
    _p(r"special Event won by the (?P<post>.+)", N_("special Event won by the %(post)s")),
    _p(r"Secret Mission (?P<card>.+)", N_("Secret Mission %(card)s")),
    _p(r"(?P<card>.+) failed", N_("%(card)s failed")),
)

HOW: tuple[Pattern, ...] = (
    _p(r"dealt", N_("dealt")),
    _p(
        r"chosen among the face-up pirates, named by the clan",
        N_("chosen among the face-up pirates, named by the clan"),
    ),
    _p(
        r"chosen among the face-up pirates, by (?P<skill>\S+)",
        N_("chosen among the face-up pirates, by %(skill)s"),
    ),
)

WHERE: tuple[Pattern, ...] = (
    _p(r"in the hold", N_("in the hold")),
    _p(r"as (?P<post>.+)", N_("as %(post)s")),
    _p(r" \((?P<post>[^)]+)\)", N_(" (%(post)s)")),
)

WIN: tuple[Pattern, ...] = (
    _p(r"(?P<gold>\d+) gold and (?P<cards>\d+) card\(s\)", N_("%(gold)s gold and %(cards)s card(s)")),
    _p(r"(?P<gold>\d+) gold", N_("%(gold)s gold")),
)

LOSS: tuple[Pattern, ...] = (
    _p(r"nothing", N_("nothing")),
    _p(
        r"-(?P<fame>\d+) fame and (?P<deaths>\d+) pirate\(s\) killed",
        N_("-%(fame)s fame and %(deaths)s pirate(s) killed"),
    ),
    _p(r"-(?P<fame>\d+) fame", N_("-%(fame)s fame")),
    _p(r"(?P<deaths>\d+) pirate\(s\) killed", N_("%(deaths)s pirate(s) killed")),
)

SPECIAL: tuple[Pattern, ...] = (_p(r"; special \((?P<post>.+) only\)", N_("; special (%(post)s only)")),)

EVENT_CARD: tuple[Pattern, ...] = (
    _p(
        r"(?P<card>.+?): (?P<skill>navigation|combat|bagou) (?P<threshold>\d+)\+; "
        r"balloon damage (?P<damage>\d+)(?P<special>; special \(.+ only\))?; "
        r"success: (?P<win>.+), kitty \+(?P<kitty>\d+); failure: (?P<loss>.+)",
        N_(
            "%(card)s: %(skill)s %(threshold)s+; balloon damage %(damage)s%(special)s; success: %(win)s, "
            "kitty +%(kitty)s; failure: %(loss)s"
        ),
    ),
)

NOTES: tuple[Pattern, ...] = (
    _p(r"power of (?P<pirate>.+) (?P<n>[+-]\d+)", N_("power of %(pirate)s %(n)s")),
    _p(r"(?P<seat>\S+)'s (?P<card>.+) (?P<n>[+-]\d+)", N_("%(seat)s's %(card)s %(n)s")),
)

KEPT: tuple[Pattern, ...] = (
    _p(r"the power of (?P<pirate>.+)", N_("the power of %(pirate)s")),
    _p(r"power of (?P<pirate>.+)", N_("power of %(pirate)s")),
)

REROLL: tuple[Pattern, ...] = (
    _p(
        r"; (?P<kept>.+): a new die (?P<die>\d+) = (?P<total>-?\d+)",
        N_("; %(kept)s: a new die %(die)s = %(total)s"),
    ),
)

ROLLS: tuple[Pattern, ...] = (_p(r"(?P<seat>\S+) rolls (?P<n>\d+)", N_("%(seat)s rolls %(n)s")),)

CAMPS: tuple[Pattern, ...] = (
    _p(r"captain (?P<roll>.+)", N_("captain %(roll)s")),
    _p(r"mutineer (?P<roll>.+)", N_("mutineer %(roll)s")),
)

SHARES: tuple[Pattern, ...] = (
    _p(r"(?P<post>.+) \((?P<seat>[^)]*)\) (?P<gold>\d+)", N_("%(post)s (%(seat)s) %(gold)s")),
)

ONS: tuple[Pattern, ...] = (_p(r" on (?P<seat>\S+)", N_(" on %(seat)s")),)

ACTS: tuple[Pattern, ...] = (
    _p(r"debauch", N_("debauched")),
    _p(r"assassinate", N_("assassinated")),
)

PILES: tuple[Pattern, ...] = (
    _p(r"events", N_("Event")),
    _p(r"actions", N_("Action")),
    _p(r"pirates", N_("Pirate")),
)


#: a pirate card as an event shows it: its skills and its power, ``(N1 C3 B3, election-bonus:2)``
_CARD = re.compile(r"\((N-?\d+ C-?\d+ B-?\d+), ([a-z-]+(?::-?\d+)?)\)")


def _cards(text: str, lang: Language) -> str:
    """Pirates named with their card (``Toure (N1 C3 B3, election-bonus:2)``) with each power in
    ``lang``'s words; any other name is kept."""
    return _CARD.sub(lambda m: f"({m[1]}, {power_text(m[2], lang)})", text)


def _notes(text: str, lang: Language) -> str:
    return ", " + _each(NOTES)(text.removeprefix(", "), lang) if text else ""


def _reason(text: str, lang: Language) -> str:
    return reason_words(text, lang)


#: How each named part of an event is said, by the name of its group.
CONVERT: dict[str, Callable[[str, Language], str]] = {
    "why": _sub(WHY),
    "how": _sub(HOW),
    "where": _sub(WHERE),
    "win": _sub(WIN),
    "loss": _sub(LOSS),
    "special": _sub(SPECIAL),
    "event": _sub(EVENT_CARD),
    "notes": _notes,
    "kept": _sub(KEPT),
    "reroll": _sub(REROLL),
    "rolls": _each(ROLLS),
    "camps": _each(CAMPS),
    "shares": _each(SHARES),
    "on": _sub(ONS),
    "act": _sub(ACTS),
    "pile": _sub(PILES),
    "post": post_name,
    "skill": _word,
    "answer": _word,
    "result": _word,
    "verb": verb_word,
    "reason": _reason,
    "pirate": _cards,
    "pirates": _cards,
}

EVENTS: tuple[Pattern, ...] = (
    # -- the Action draw, recruitment and election ---------------------------------------------------
    _p(
        r"(?P<seat>\S+): no card (?P<card>.+) left in hand to discard\.",
        N_("%(seat)s: no card %(card)s left in hand to discard."),
    ),
    _p(r"(?P<seat>\S+) discards (?P<card>.+)\.", N_("%(seat)s discards %(card)s.")),
    _p(
        r"(?P<pirate>.+) leaves (?P<seat>\S+)'s clan \((?P<why>.+)\)\.",
        N_("%(pirate)s leaves %(seat)s's clan (%(why)s)."),
    ),
    _p(r"Face up for the recruitment: (?P<pirates>.+)\.", N_("Face up for the recruitment: %(pirates)s.")),
    _p(
        r"(?P<seat>\S+) recruits (?P<pirate>.+\)) - (?P<how>.+)\.",
        N_("%(seat)s recruits %(pirate)s - %(how)s."),
    ),
    _p(r"Laid face up: (?P<pirate>.+)\.", N_("Laid face up: %(pirate)s.")),
    _p(
        r"(?P<seat>\S+)'s (?P<gold>\d+) gold kept from the last Taverne is shared over its pirates\.",
        N_("%(seat)s's %(gold)s gold kept from the last Taverne is shared over its pirates."),
    ),
    _p(
        r"(?P<seat>\S+) plays (?P<card>.+) for its candidate\.",
        N_("%(seat)s plays %(card)s for its candidate."),
    ),
    _p(
        r"(?P<seat>\S+) plays (?P<card>.+) against (?P<target>\S+)'s candidate\.",
        N_("%(seat)s plays %(card)s against %(target)s's candidate."),
    ),
    _p(
        r"(?P<pirate>.+) \((?P<seat>\S+)\) uses its power: \+(?P<n>\d+)\.",
        N_("%(pirate)s (%(seat)s) uses its power: +%(n)s."),
    ),
    _p(
        r"Election: (?P<seat>\S+) proposes (?P<pirate>.+): die (?P<die>\d+) \+ Bagou (?P<bagou>\d+)"
        r"(?P<mod>[+-]\d+) = (?P<score>-?\d+)\.",
        N_("Election: %(seat)s proposes %(pirate)s: die %(die)s + Bagou %(bagou)s%(mod)s = %(score)s."),
    ),
    _p(r"Tie: (?P<rolls>.+)\.", N_("Tie: %(rolls)s.")),
    _p(
        r"(?P<pirate>.+) \((?P<seat>\S+)\) is elected Capitaine\.",
        N_("%(pirate)s (%(seat)s) is elected Capitaine."),
    ),
    _p(
        r"(?P<seat>\S+) boards (?P<pirate>.+?) (?P<where>in the hold|as .+)\.",
        N_("%(seat)s boards %(pirate)s %(where)s."),
    ),
    # -- the Events ------------------------------------------------------------------------------------
    _p(
        r"No Event left to draw: the ship returns to port\.",
        N_("No Event left to draw: the ship returns to port."),
    ),
    _p(
        r"The Vigie \((?P<seat>\S+)\) draws an Event and looks at it alone\.",
        N_("The Vigie (%(seat)s) draws an Event and looks at it alone."),
    ),
    _p(
        r"The Vigie sees: (?P<event>.+)\. Reveal it, or refuse it "
        r"\(it goes under the pile and the next Event is played at once\)\.",
        N_(
            "The Vigie sees: %(event)s. Reveal it, or refuse it (it goes under the pile and the next Event "
            "is played at once)."
        ),
    ),
    _p(r"The Vigie's standing answer: (?P<answer>\S+)\.", N_("The Vigie's standing answer: %(answer)s.")),
    _p(
        r"There is no Vigie: the Capitaine draws the Event and plays it\.",
        N_("There is no Vigie: the Capitaine draws the Event and plays it."),
    ),
    _p(
        r"The Vigie refuses the Event: it goes under the pile; the next one is played at once\.",
        N_("The Vigie refuses the Event: it goes under the pile; the next one is played at once."),
    ),
    _p(r"The Vigie reveals the Event\.", N_("The Vigie reveals the Event.")),
    _p(r"Event: (?P<event>.+)\.", N_("Event: %(event)s.")),
    _p(
        r"Balloon damage: the Ballon marker moves (?P<damage>\d+) to cell (?P<cell>\d+)\.",
        N_("Balloon damage: the Ballon marker moves %(damage)s to cell %(cell)s."),
    ),
    _p(
        r"The Bosco \((?P<seat>\S+)\) gives the top Action card to (?P<target>\S+), unseen\.",
        N_("The Bosco (%(seat)s) gives the top Action card to %(target)s, unseen."),
    ),
    _p(r"(?P<seat>\S+) pays 1 gold to the Bosco\.", N_("%(seat)s pays 1 gold to the Bosco.")),
    _p(
        r"The Alti-Maitre \((?P<seat>\S+)\) does not try a repair on cell (?P<cell>\d+)\.",
        N_("The Alti-Maitre (%(seat)s) does not try a repair on cell %(cell)s."),
    ),
    _p(
        r"The Alti-Maitre repairs \((?P<die>\d+), needed (?P<need>\d+)\+\): "
        r"the Ballon is back to (?P<cell>\d+)\.",
        N_("The Alti-Maitre repairs (%(die)s, needed %(need)s+): the Ballon is back to %(cell)s."),
    ),
    _p(
        r"The Alti-Maitre's repair fails badly \((?P<die>\d+)\): the Ballon moves to (?P<cell>\d+)\.",
        N_("The Alti-Maitre's repair fails badly (%(die)s): the Ballon moves to %(cell)s."),
    ),
    _p(
        r"The Alti-Maitre's repair fails \((?P<die>\d+), needed (?P<need>\d+)\+\)\.",
        N_("The Alti-Maitre's repair fails (%(die)s, needed %(need)s+)."),
    ),
    _p(
        r"The balloons burst: the Arcadie is destroyed! The kitty is lost\.",
        N_("The balloons burst: the Arcadie is destroyed! The kitty is lost."),
    ),
    _p(
        r"(?P<pirate>.+) \((?P<seat>\S+)\) pays 1 gold to the Pretre and is saved\.",
        N_("%(pirate)s (%(seat)s) pays 1 gold to the Pretre and is saved."),
    ),
    _p(r"The Pretre (?P<pirate>.+) is always saved\.", N_("The Pretre %(pirate)s is always saved.")),
    _p(
        r"(?P<seat>\S+): no Bagarre card (?P<card>.+) in hand; the brawl line is skipped\.",
        N_("%(seat)s: no Bagarre card %(card)s in hand; the brawl line is skipped."),
    ),
    _p(
        r"(?P<seat>\S+): no (?P<verb>\S+) card (?P<card>.+) in hand\.",
        N_("%(seat)s: no %(verb)s card %(card)s in hand."),
    ),
    _p(
        r"(?P<seat>\S+) plays (?P<card>.+): the Ballon back to (?P<cell>\d+)\.",
        N_("%(seat)s plays %(card)s: the Ballon back to %(cell)s."),
    ),
    _p(
        r"(?P<seat>\S+): the roll succeeded; (?P<kept>.+) is kept for later\.",
        N_("%(seat)s: the roll succeeded; %(kept)s is kept for later."),
    ),
    _p(
        r"(?P<seat>\S+) tests (?P<pirate>.+?): die (?P<die>\d+) \+ "
        r"(?P<skill>navigation|combat|bagou) (?P<base>\d+)(?P<notes>(?:, .+?)?) = (?P<total>-?\d+) "
        r"\(needs (?P<need>\d+)\)(?P<reroll>; .+: a new die \d+ = -?\d+)?: (?P<result>success|failure)\.",
        N_(
            "%(seat)s tests %(pirate)s: die %(die)s + %(skill)s %(base)s%(notes)s = %(total)s "
            "(needs %(need)s)%(reroll)s: %(result)s."
        ),
    ),
    _p(
        r"(?P<seat>\S+)'s (?P<card>.+) finds no rival pirate aboard named (?P<name>.+): no effect\.",
        N_("%(seat)s's %(card)s finds no rival pirate aboard named %(name)s: no effect."),
    ),
    _p(
        r"(?P<seat>\S+)'s (?P<card>.+) strikes (?P<pirate>.+) \((?P<die>\d+)\)\.",
        N_("%(seat)s's %(card)s strikes %(pirate)s (%(die)s)."),
    ),
    _p(
        r"(?P<seat>\S+)'s (?P<card>.+) misses (?P<pirate>.+) \((?P<die>\d+)\)\.",
        N_("%(seat)s's %(card)s misses %(pirate)s (%(die)s)."),
    ),
    _p(r"(?P<pirate>.+)'s power: \+(?P<n>\d+) gold\.", N_("%(pirate)s's power: +%(n)s gold.")),
    _p(
        r"(?P<pirate>.+)'s power: \+(?P<n>\d+) in the brawl\.",
        N_("%(pirate)s's power: +%(n)s in the brawl."),
    ),
    _p(
        r"(?P<seat>\S+) wins (?P<gold>\d+) gold; the kitty rises by (?P<kitty>\d+) to (?P<total>\d+)\.",
        N_("%(seat)s wins %(gold)s gold; the kitty rises by %(kitty)s to %(total)s."),
    ),
    _p(
        r"The Pretre \((?P<seat>\S+)\) chooses who dies: (?P<pirate>.+)\.",
        N_("The Pretre (%(seat)s) chooses who dies: %(pirate)s."),
    ),
    _p(
        r"(?P<standin>.+), standing in for the Pretre, \((?P<seat>\S+)\) chooses who dies: (?P<pirate>.+)\.",
        N_("%(standin)s, standing in for the Pretre, (%(seat)s) chooses who dies: %(pirate)s."),
    ),
    # -- the Capitaine's decision and the mutiny --------------------------------------------------------
    _p(r"The Capitaine swaps (?P<a>.+) and (?P<b>.+)\.", N_("The Capitaine swaps %(a)s and %(b)s.")),
    _p(
        r"The Capitaine \((?P<seat>\S+)\) decides to continue the Expedition\.",
        N_("The Capitaine (%(seat)s) decides to continue the Expedition."),
    ),
    _p(
        r"The Capitaine \((?P<seat>\S+)\) decides to return to port\.",
        N_("The Capitaine (%(seat)s) decides to return to port."),
    ),
    _p(
        r"The Capitaine's clan \((?P<seat>\S+)\) follows its standing plan\.",
        N_("The Capitaine's clan (%(seat)s) follows its standing plan."),
    ),
    _p(
        r"Mutiny! (?P<seat>\S+) rises with (?P<pirate>.+) against the Capitaine\.",
        N_("Mutiny! %(seat)s rises with %(pirate)s against the Capitaine."),
    ),
    _p(
        r"Loyalties: with the Capitaine (?P<captain>.*); with the mutineer (?P<mutineer>.*)\.",
        N_("Loyalties: with the Capitaine %(captain)s; with the mutineer %(mutineer)s."),
    ),
    _p(r"(?P<seat>\S+) plays (?P<card>.+) in the mutiny\.", N_("%(seat)s plays %(card)s in the mutiny.")),
    _p(r"Mutiny dice: (?P<camps>.+)\.", N_("Mutiny dice: %(camps)s.")),
    _p(
        r"The mutiny wins: (?P<pirate>.+) becomes Capitaine\.",
        N_("The mutiny wins: %(pirate)s becomes Capitaine."),
    ),
    _p(
        r"The Capitaine's camp wins: the mutineers' leader dies\.",
        N_("The Capitaine's camp wins: the mutineers' leader dies."),
    ),
    _p(
        r"(?P<seat>\S+) reveals its Secret Mission (?P<card>.+)\.",
        N_("%(seat)s reveals its Secret Mission %(card)s."),
    ),
    # -- the table: fame, piles, hands, deaths ------------------------------------------------------------
    _p(
        r"(?P<seat>\S+): (?P<n>[+-]?\d+) fame \((?P<why>.+)\), now (?P<fame>\d+)\.",
        N_("%(seat)s: %(n)s fame (%(why)s), now %(fame)s."),
    ),
    _p(
        r"The (?P<pile>\S+) pile is rebuilt from its shuffled discard\.",
        N_("The %(pile)s pile is rebuilt from its shuffled discard."),
    ),
    _p(
        r"The Action pile and its discard are empty: no card\.",
        N_("The Action pile and its discard are empty: no card."),
    ),
    _p(
        r"(?P<seat>\S+) already holds 5 cards: the card drawn \((?P<why>.+)\) is discarded\.",
        N_("%(seat)s already holds 5 cards: the card drawn (%(why)s) is discarded."),
    ),
    _p(
        r"(?P<seat>\S+) draws a card from the Action pile \((?P<why>.+)\)\.",
        N_("%(seat)s draws a card from the Action pile (%(why)s)."),
    ),
    _p(r"Your Secret Mission: (?P<card>.+)\.", N_("Your Secret Mission: %(card)s.")),
    _p(r"You draw (?P<card>.+) \((?P<why>[^()]+)\)\.", N_("You draw %(card)s (%(why)s).")),
    _p(r"(?P<pirate>.+) is a ghost and cannot die\.", N_("%(pirate)s is a ghost and cannot die.")),
    _p(
        r"(?P<pirate>.+) \((?P<seat>\S+)\) escapes death: its power \(survive\) is spent\.",
        N_("%(pirate)s (%(seat)s) escapes death: its power (survive) is spent."),
    ),
    _p(
        r"(?P<pirate>.+), (?P<seat>\S+)'s last pirate, becomes a ghost pirate \((?P<why>.+)\)\.",
        N_("%(pirate)s, %(seat)s's last pirate, becomes a ghost pirate (%(why)s)."),
    ),
    _p(
        r"(?P<pirate>.+?)(?P<where> \([^)]*\))? of (?P<seat>\S+) dies \((?P<why>.+)\)\.",
        N_("%(pirate)s%(where)s of %(seat)s dies (%(why)s)."),
    ),
    _p(
        r"(?P<pirate>.+) \((?P<seat>\S+)\) leaves the (?P<post>.+) to be Capitaine\.",
        N_("%(pirate)s (%(seat)s) leaves the %(post)s to be Capitaine."),
    ),
    _p(
        r"(?P<pirate>.+) \((?P<seat>\S+)\) climbs from the hold to the (?P<post>.+)\.",
        N_("%(pirate)s (%(seat)s) climbs from the hold to the %(post)s."),
    ),
    # -- the Taverne ------------------------------------------------------------------------------------
    _p(
        r"No paid post is occupied: the kitty of (?P<kitty>\d+) stays for the next Expedition\.",
        N_("No paid post is occupied: the kitty of %(kitty)s stays for the next Expedition."),
    ),
    _p(
        r"The Capitaine shares the kitty of (?P<kitty>\d+) gold\.",
        N_("The Capitaine shares the kitty of %(kitty)s gold."),
    ),
    _p(r"Kitty shares: (?P<shares>.+)\.", N_("Kitty shares: %(shares)s.")),
    _p(
        r"(?P<seat>\S+)'s roll takes -(?P<n>\d+) from the Exploit played against it\.",
        N_("%(seat)s's roll takes -%(n)s from the Exploit played against it."),
    ),
    _p(
        r"(?P<seat>\S+) plays (?P<card>.+) against (?P<target>\S+): -(?P<n>\d+) on its next brawl roll\.",
        N_("%(seat)s plays %(card)s against %(target)s: -%(n)s on its next brawl roll."),
    ),
    _p(r"(?P<seat>\S+) plays (?P<card>.+) \(\+(?P<n>\d+)\)\.", N_("%(seat)s plays %(card)s (+%(n)s).")),
    _p(
        r"Brawl, round (?P<round>\d+): (?P<seat>\S+) plays (?P<card>.+?)(?P<on> on \S+)?\.",
        N_("Brawl, round %(round)s: %(seat)s plays %(card)s%(on)s."),
    ),
    _p(r"A clan cannot brawl with itself: no effect\.", N_("A clan cannot brawl with itself: no effect.")),
    _p(
        r"(?P<seat>\S+) steals (?P<n>\d+) gold from (?P<target>\S+)\.",
        N_("%(seat)s steals %(n)s gold from %(target)s."),
    ),
    _p(
        r"Challenge: (?P<seat>\S+) (?P<mine>-?\d+) against (?P<target>\S+) (?P<theirs>-?\d+)\.",
        N_("Challenge: %(seat)s %(mine)s against %(target)s %(theirs)s."),
    ),
    _p(
        r"(?P<seat>\S+) pays (?P<n>\d+) gold to (?P<target>\S+)\.",
        N_("%(seat)s pays %(n)s gold to %(target)s."),
    ),
    _p(
        r"(?P<seat>\S+) has no pirate that can be (?P<act>debauch|assassinate)ed\.",
        N_("%(seat)s has no pirate that can be %(act)s."),
    ),
    _p(
        r"(?P<pirate>.+) leaves (?P<target>\S+) for (?P<seat>\S+), with its (?P<n>\d+) gold\.",
        N_("%(pirate)s leaves %(target)s for %(seat)s, with its %(n)s gold."),
    ),
    _p(
        r"Assassination of (?P<pirate>.+): (?P<roll>-?\d+), it succeeds\.",
        N_("Assassination of %(pirate)s: %(roll)s, it succeeds."),
    ),
    _p(
        r"Assassination of (?P<pirate>.+): (?P<roll>-?\d+), it fails\.",
        N_("Assassination of %(pirate)s: %(roll)s, it fails."),
    ),
    _p(r"(?P<seat>\S+) digs up (?P<n>\d+) gold\.", N_("%(seat)s digs up %(n)s gold.")),
    _p(
        r"(?P<seat>\S+) locks (?P<n>\d+) gold in a strongbox\.",
        N_("%(seat)s locks %(n)s gold in a strongbox."),
    ),
    _p(
        r"(?P<seat>\S+) buys (?P<n>\d+) fame; fame (?P<fame>\d+), (?P<gold>\d+) gold kept\.",
        N_("%(seat)s buys %(n)s fame; fame %(fame)s, %(gold)s gold kept."),
    ),
    _p(r"Duel of Bagou: (?P<rolls>.+)\.", N_("Duel of Bagou: %(rolls)s.")),
    # -- the Expeditions and the end -----------------------------------------------------------------------
    _p(
        r"Expedition (?P<n>\d+): the ship returns to the Taverne\.",
        N_("Expedition %(n)s: the ship returns to the Taverne."),
    ),
    _p(
        r"Expedition (?P<n>\d+) begins; a repaired Arcadie waits at the port\.",
        N_("Expedition %(n)s begins; a repaired Arcadie waits at the port."),
    ),
    _p(
        r"The Second \((?P<seat>\S+)\) hides (?P<n>\d+) gold that cannot be stolen\.",
        N_("The Second (%(seat)s) hides %(n)s gold that cannot be stolen."),
    ),
    _p(
        r"The game is over: (?P<winners>.+) wins \((?P<reason>.+)\)\.",
        N_("The game is over: %(winners)s wins (%(reason)s)."),
    ),
)


def event_words(event: Event, lang: Language) -> str:
    """``event`` as ``lang`` says it (the English text when its shape is not known)."""
    if lang.code == "en":
        return event.text
    return said(event.text, EVENTS, lang, CONVERT) or event.text
