"""What Planet Masters says to a reader, in the reader's language.

The record keeps every text in English (events, labels, prompts, problems, outcomes): they are
sealed and replayed byte for byte. A reader of another language gets each text said again in that
language when it is shown: the text is matched against its shape (a table of ``(pattern, message)``
below, one per sentence the game writes) and the message is translated with the parts the pattern
found. A part's group name says how it is translated:

* ``o_<name>``: order words (a statement, ``'rebuild cruiser'``) in the reader's order words;
* ``t_<name>``: a thing of the game named in the tables (``exhausted``, ``sonic deflector``), in the
  glossary's word;
* ``r_<name>``: a reason or a label, itself matched against the table;
* any other name (a player, a number) is kept.

A text of no known shape is shown in English: a reader always gets a text, never an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from adjudicator.games.base import Outcome, outcome_text
from adjudicator.games.language import N_, Language, Shape, fold
from adjudicator.games.language import say as say_shape
from adjudicator.games.planet_masters.glossary import GLOSSARY, key_of_name
from adjudicator.games.planet_masters.orders import order_text

S = r"[\w-]+"  # a seat
N = r"-?\d+"  # a number


def shape(pattern: str, message: str) -> Shape:
    """One sentence of the game: its English pattern and the message that says it."""
    return Shape.written(pattern, message, flags=0)


def thing(name: str, lang: Language) -> str:
    """A thing of the tables (``exhausted``, ``sonic deflector``) by the glossary's word in ``lang``."""
    key = key_of_name(name)
    if key is None:
        return name
    term = GLOSSARY.term(key)
    plural = fold(name) == fold(term.name("en", 2)) != fold(term.en)  # the book's "Chasseurs"
    return GLOSSARY.word(key, lang, 2 if plural else 1)


def _ballots(detail: str, lang: Language) -> str:
    """``mors for (2), roach against (1)``: each ballot in ``lang``."""
    words = {"for": N_("for"), "against": N_("against"), "not asked": N_("not asked")}

    def ballot(match: re.Match[str]) -> str:
        return f"{match.group(1)} {lang.gettext(words[match.group(2)])} ({match.group(3)})"

    return re.sub(r"([\w-]+) (for|against|not asked) \((\d+)\)", ballot, detail)


def _convert(group: str, value: str, lang: Language) -> str:
    """A part said by its group's prefix (``o_``, ``t_``, ``r_``...), or kept."""
    prefix, _, name = group.partition("_")
    convert = CONVERT.get(prefix) if name else None
    return convert(value, lang) if convert else value


def _placeholder(group: str) -> str:
    """The message's placeholder a group fills: its name without the prefix (``o_word``: ``word``)."""
    return group.partition("_")[2] or group


def say(text: str, shapes: Sequence[Shape], lang: Language) -> str | None:
    """``text`` in ``lang`` by the first shape it has, or ``None`` when it has none."""
    return say_shape(shapes, text, lang, _convert, placeholder=_placeholder)


def _outcome(text: str, lang: Language) -> str:
    """``won by mors (reason)`` or ``draw (reason)`` (an :class:`Outcome` written out) in ``lang``."""
    won = re.fullmatch(r"won by (?P<winners>[^()]+) \((?P<reason>.*)\)", text)
    drawn = re.fullmatch(r"draw \((?P<reason>.*)\)", text)
    if won:
        outcome = Outcome(tuple(won["winners"].split(", ")), won["reason"])
    elif drawn:
        outcome = Outcome((), drawn["reason"])
    else:
        return text
    return outcome_text(outcome, lang, _reason(outcome.reason, lang))


def _reason(text: str, lang: Language) -> str:
    said = say(text, REASONS, lang)
    if said is not None:
        return said
    key = key_of_name(text)
    return GLOSSARY.word(key, lang) if key else text


CONVERT: dict[str, Callable[[str, Language], str]] = {
    "o": order_text,
    "t": thing,
    "r": _reason,
    "d": _ballots,
    "w": _outcome,
}

#: The turn's labels (``Round 3, mors``).
LABELS: tuple[Shape, ...] = (
    shape(rf"Round (?P<round>\d+), (?P<seat>{S})", N_("Round %(round)s, %(seat)s")),
    shape(
        rf"Round (?P<round>\d+): (?P<defender>{S})'s Immunity against (?P<attacker>{S})",
        N_("Round %(round)s: %(defender)s's Immunity against %(attacker)s"),
    ),
    shape(
        rf"Round (?P<round>\d+): the vote on (?P<target>{S}) \(called by (?P<proposer>{S})\)",
        N_("Round %(round)s: the vote on %(target)s (called by %(proposer)s)"),
    ),
)

#: The reasons and causes inside a sentence (why a statement is skipped, why a planet is gained...).
REASONS: tuple[Shape, ...] = (
    *LABELS,
    shape(r"the condition does not hold", N_("the condition does not hold")),
    shape(r"no resource left", N_("no resource left")),
    shape(r"no weapon was rolled yet this turn", N_("no weapon was rolled yet this turn")),
    shape(
        rf"fleet maintenance, (?P<seat>{S}) has one weapon per planet already",
        N_("fleet maintenance, %(seat)s has one weapon per planet already"),
    ),
    shape(rf"(?P<seat>{S}) has no (?P<t_weapon>[a-z ]+)", N_("%(seat)s has no %(weapon)s")),
    shape(r"the Technology option is not in play", N_("the Technology option is not in play")),
    shape(r"the Politics option is not in play", N_("the Politics option is not in play")),
    shape(
        r"only one technology per game; write 'rebuild tech' to reroll it",
        N_("only one technology per game; write 'rebuild tech' to reroll it"),
    ),
    shape(r"no Technology die to reroll", N_("no Technology die to reroll")),
    shape(
        r"the home planet was rerolled already this phase",
        N_("the home planet was rerolled already this phase"),
    ),
    shape(
        rf"no planet of (?P<seat>{S}) may be rerolled for it",
        N_("no planet of %(seat)s may be rerolled for it"),
    ),
    shape(rf"(?P<seat>{S}) is not another player", N_("%(seat)s is not another player")),
    shape(r"Ceasefire: there is no Conquest", N_("Ceasefire: there is no Conquest")),
    shape(r"Council Censure: there is no Vote", N_("Council Censure: there is no Vote")),
    shape(r"no Sonic Deflector", N_("no Sonic Deflector")),
    shape(
        rf"(?P<target>{S}) has no weapon to lose, so the vote changes nothing",
        N_("%(target)s has no weapon to lose, so the vote changes nothing"),
    ),
    shape(
        rf"(?P<proposer>{S})'s own (?P<own>\d+) of (?P<total>\d+) votes pass it",
        N_("%(proposer)s's own %(own)s of %(total)s votes pass it"),
    ),
    shape(r"home Transporter", N_("home Transporter")),
    shape(rf"invaded from (?P<seat>{S})", N_("invaded from %(seat)s")),
    shape(r"The vote", N_("The vote")),
    shape(
        r"(?P<n>\d+) planets, home included, all on Influence or Resource",
        N_("%(n)s planets, home included, all on Influence or Resource"),
    ),
    shape(
        r"round limit (?P<limit>\d+) reached \(club rule\): most planets \((?P<best>\d+)\)",
        N_("round limit %(limit)s reached (club rule): most planets (%(best)s)"),
    ),
)

#: Every event of the game (``turn.py``, ``rules.py``).
EVENTS: tuple[Shape, ...] = (
    shape(rf"(?P<r_label>Round .+): (?P<seat>{S}) plays\.", N_("%(label)s: %(seat)s plays.")),
    shape(r"The game is over: (?P<w_outcome>.+)\.", N_("The game is over: %(outcome)s.")),
    shape(
        rf"(?P<seat>{S}) has (?P<n>\d+) resource\(s\) to spend\.",
        N_("Resources %(seat)s may spend: %(n)s."),
    ),
    shape(
        rf"(?P<defender>{S}) invokes Immunity: the attack is cancelled\.",
        N_("%(defender)s invokes Immunity: the attack is cancelled."),
    ),
    shape(rf"(?P<defender>{S}) lets the attack go ahead\.", N_("%(defender)s lets the attack go ahead.")),
    shape(r"Referee's note: (?P<note>.*)", N_("Referee's note: %(note)s")),
    shape(
        rf"The referee ends the game \(club rule, not the book's\): when (?P<seat>{S})'s turn is over, "
        r"the most planets win\.",
        N_(
            "The referee ends the game (club rule, not the book's): when %(seat)s's turn is over, "
            "the most planets win."
        ),
    ),
    shape(
        r"The referee sets the round limit to 0 \(club rule, not the book's\): no limit\.",
        N_("The referee sets the round limit to 0 (club rule, not the book's): no limit."),
    ),
    shape(
        r"The referee sets the round limit to (?P<limit>\d+) \(club rule, not the book's\): "
        r"after round (?P=limit) the most planets win\.",
        N_(
            "The referee sets the round limit to %(limit)s (club rule, not the book's): "
            "after round %(limit)s the most planets win."
        ),
    ),
    shape(
        rf"(?P<seat>{S}): (?P<r_why>.+), but the galaxy has no planet left\.",
        N_("%(seat)s: %(why)s, but the galaxy has no planet left."),
    ),
    shape(
        rf"(?P<seat>{S}) gains a planet \((?P<r_why>.+)\): rolled on (?P<t_face>[a-z]+) \((?P<value>\d)\)\.",
        N_("%(seat)s gains a planet (%(why)s): rolled on %(face)s (%(value)s)."),
    ),
    shape(
        rf"(?P<seat>{S}) gains a planet \((?P<r_why>.+)\): placed on (?P<t_face>[a-z]+) \((?P<value>\d)\)\.",
        N_("%(seat)s gains a planet (%(why)s): placed on %(face)s (%(value)s)."),
    ),
    shape(
        rf"Deep Space for (?P<seat>{S}): (?P<value>\d), (?P<t_name>[a-z ]+)\.",
        N_("Deep Space for %(seat)s: %(value)s, %(name)s."),
    ),
    shape(
        rf"(?P<seat>{S}) rerolls a Technology die \(developed society\)\.",
        N_("%(seat)s rerolls a Technology die (developed society)."),
    ),
    shape(
        rf"(?P<seat>{S}) receives a Technology die \(developed society\)\.",
        N_("%(seat)s receives a Technology die (developed society)."),
    ),
    shape(rf"Radiation: (?P<seat>{S}) loses every weapon\.", N_("Radiation: %(seat)s loses every weapon.")),
    shape(
        rf"(?P<seat>{S})'s Technology die: (?P<value>\d), (?P<t_name>[a-z ]+)\.",
        N_("%(seat)s's Technology die: %(value)s, %(name)s."),
    ),
    shape(
        rf"(?P<seat>{S})'s home planet: (?P<value>\d), trait \((?P<t_face>[a-z]+)\)\.",
        N_("%(seat)s's home planet: %(value)s, racial trait (%(face)s)."),
    ),
    shape(
        rf"(?P<seat>{S})'s home planet: (?P<value>\d), (?P<t_name>[a-z]+)\.",
        N_("%(seat)s's home planet: %(value)s, %(name)s."),
    ),
    shape(
        r"The Transporter has no effect on a forced reroll\.",
        N_("The Transporter has no effect on a forced reroll."),
    ),
    shape(
        rf"Battle: (?P<attacker>{S}) (?P<power>{N}) in attack against (?P<defender>{S}) (?P<guard>{N}) "
        rf"in defence: (?P=attacker) wins\.",
        N_(
            "Battle: %(attacker)s %(power)s in attack against %(defender)s %(guard)s in defence: "
            "%(attacker)s wins."
        ),
    ),
    shape(
        rf"Battle: (?P<attacker>{S}) (?P<power>{N}) in attack against (?P<defender>{S}) (?P<guard>{N}) "
        rf"in defence: (?P=defender) holds\.",
        N_(
            "Battle: %(attacker)s %(power)s in attack against %(defender)s %(guard)s in defence: "
            "%(defender)s holds."
        ),
    ),
    shape(
        rf"Invasion: (?P<attacker>{S}) captures (?P<defender>{S})'s planet on (?P<t_face>[a-z]+)\.",
        N_("Invasion: %(attacker)s captures %(defender)s's planet on %(face)s."),
    ),
    shape(
        rf"Destruction: (?P<attacker>{S}) destroys (?P<defender>{S})'s (?P<t_weapon>[a-z]+)\.",
        N_("Destruction: %(attacker)s destroys %(defender)s's %(weapon)s."),
    ),
    shape(
        rf"Diplomatic Pressure: (?P<attacker>{S}) forces (?P<defender>{S}) to reroll its home\.",
        N_("Diplomatic Pressure: %(attacker)s forces %(defender)s to reroll its home."),
    ),
    shape(
        rf"(?P<r_why>[A-Za-z ]+): (?P<seat>{S}) has no weapon to lose\.",
        N_("%(why)s: %(seat)s has no weapon to lose."),
    ),
    shape(
        rf"(?P<r_why>[A-Za-z ]+): (?P<seat>{S}) loses a (?P<t_weapon>[a-z]+)\.",
        N_("%(why)s: %(seat)s loses a %(weapon)s."),
    ),
    shape(
        rf"The vote on (?P<target>{S}): (?P<yes>\d+) of (?P<total>\d+) votes for "
        r"\((?P<d_detail>.*)\): it passes\.",
        N_("The vote on %(target)s: %(yes)s of %(total)s votes for (%(detail)s): it passes."),
    ),
    shape(
        rf"The vote on (?P<target>{S}): (?P<yes>\d+) of (?P<total>\d+) votes for "
        r"\((?P<d_detail>.*)\): it fails\.",
        N_("The vote on %(target)s: %(yes)s of %(total)s votes for (%(detail)s): it fails."),
    ),
    shape(
        r"Fleet Regulations: there is no Construction phase\.",
        N_("Fleet Regulations: there is no Construction phase."),
    ),
    shape(
        r"Planetary Conscription: there is no Management phase\.",
        N_("Planetary Conscription: there is no Management phase."),
    ),
    shape(r"'(?P<o_step>[^']*)': (?P<r_why>.+)\.", N_("'%(step)s': %(why)s.")),
    shape(
        rf"(?P<seat>{S}) builds a weapon: (?P<value>\d), (?P<t_weapon>[a-z]+)\.",
        N_("%(seat)s builds a weapon: %(value)s, %(weapon)s."),
    ),
    shape(
        rf"(?P<seat>{S}) rebuilds a weapon: (?P<value>\d), (?P<t_weapon>[a-z]+)\.",
        N_("%(seat)s rebuilds a weapon: %(value)s, %(weapon)s."),
    ),
    shape(
        rf"(?P<seat>{S}) rerolls a planet: (?P<value>\d), (?P<t_face>[a-z]+)\.",
        N_("%(seat)s rerolls a planet: %(value)s, %(face)s."),
    ),
    shape(rf"(?P<seat>{S}) neither attacks nor votes\.", N_("%(seat)s neither attacks nor votes.")),
    shape(
        rf"(?P<seat>{S}) chose no Conquest or Vote: a vote is called on the leader, (?P<target>{S})\.",
        N_("%(seat)s chose no Conquest or Vote: a vote is called on the leader, %(target)s."),
    ),
    shape(r"The ballots are not asked: (?P<r_why>.+)\.", N_("The ballots are not asked: %(why)s.")),
    shape(rf"(?P<seat>{S}) attacks (?P<defender>{S})\.", N_("%(seat)s attacks %(defender)s.")),
    shape(
        rf"(?P<defender>{S}) has more Influence than (?P<seat>{S}), but the attack cannot win: "
        r"Immunity is not asked \(cancelled or fought, nothing would change\)\.",
        N_(
            "%(defender)s has more Influence than %(seat)s, but the attack cannot win: "
            "Immunity is not asked (cancelled or fought, nothing would change)."
        ),
    ),
    shape(
        rf"(?P<defender>{S}) has more Influence than (?P<seat>{S}) and may cancel the attack \(Immunity\)\.",
        N_("%(defender)s has more Influence than %(seat)s and may cancel the attack (Immunity)."),
    ),
    shape(
        r"Unknown Sectors: (?P<value>\d), (?P<t_name>[a-z ]+)\.",
        N_("Unknown Sectors: %(value)s, %(name)s."),
    ),
    shape(
        rf"(?P<seat>{S}) will play again at the end of this turn\.",
        N_("%(seat)s will play again at the end of this turn."),
    ),
    shape(rf"Supernova: (?P<seat>{S})'s turn ends at once\.", N_("Supernova: %(seat)s's turn ends at once.")),
    shape(
        rf"(?P<seat>{S}) calls a vote: shall (?P<target>{S}) lose a weapon\?",
        N_("%(seat)s calls a vote: shall %(target)s lose a weapon?"),
    ),
    shape(
        rf"(?P<seat>{S}) rolls the Politics die: (?P<value>\d), (?P<t_name>[a-z ]+)\.",
        N_("%(seat)s rolls the Politics die: %(value)s, %(name)s."),
    ),
    shape(
        rf"(?P<seat>{S})'s Sonic Deflector forces (?P<target>{S}) to reroll its home\.",
        N_("%(seat)s's Sonic Deflector forces %(target)s to reroll its home."),
    ),
)

#: What a request asks (``OrderRequest.prompt``).
PROMPTS: tuple[Shape, ...] = (
    shape(
        rf"(?P<attacker>{S}) attacks you and you have more Influence: 'cancel' the attack \(Immunity\) or "
        r"'allow' it\. Silence cancels it\.",
        N_(
            "%(attacker)s attacks you and you have more Influence: 'cancel' the attack (Immunity) or "
            "'allow' it. Silence cancels it."
        ),
    ),
    shape(
        rf"(?P<proposer>{S}) calls a vote: shall (?P<target>{S}) lose a weapon of its choice\? Answer 'for' "
        r"or 'against'\. Silence votes against\.",
        N_(
            "%(proposer)s calls a vote: shall %(target)s lose a weapon of its choice? Answer 'for' or "
            "'against'. Silence votes against."
        ),
    ),
    shape(
        r"Your whole turn: Construction \(build, rebuild\), Management \(reroll\), then attack, vote \(or "
        r"politics, deflect\), with conditions on the dice\. Silence: nothing built or rerolled, and a vote "
        r"on the leader\.",
        N_(
            "Your whole turn: Construction (build, rebuild), Management (reroll), then attack, vote (or "
            "politics, deflect), with conditions on the dice. Silence: nothing built or rerolled, and a vote "
            "on the leader."
        ),
    ),
)

#: The problems of a line (``orders.py``, ``legality.py``): their messages...
PROBLEMS: tuple[Shape, ...] = (
    *REASONS,
    shape(r"unknown planet face (?P<word>.+)", N_("unknown planet face %(word)s")),
    shape(r"unknown weapon (?P<word>.+)", N_("unknown weapon %(word)s")),
    shape(r"(?P<word>.+) is not a player's name", N_("%(word)s is not a player's name")),
    shape(r"unknown technology (?P<word>.+)", N_("unknown technology %(word)s")),
    shape(
        r"(?P<o_subject>[a-z]+) is compared with a number, not (?P<word>.+)",
        N_("%(subject)s is compared with a number, not %(word)s"),
    ),
    shape(r"a condition needs an action after it", N_("a condition needs an action after it")),
    shape(r"unknown condition subject (?P<word>.+)", N_("unknown condition subject %(word)s")),
    shape(
        r"(?P<o_subject>[a-z]+) needs a comparison after it", N_("%(subject)s needs a comparison after it")
    ),
    shape(r"nothing to compare (?P<o_subject>[a-z]+) with", N_("nothing to compare %(subject)s with")),
    shape(
        r"(?P<o_subject>[a-z]+) (?P<op>\S+) (?P<o_value>\S+): a face is compared with 'is' or 'is not'",
        N_("%(subject)s %(op)s %(value)s: a face is compared with 'is' or 'is not'"),
    ),
    shape(r"unknown order (?P<word>.+)", N_("unknown order %(word)s")),
    shape(
        r"'(?P<o_verb>[a-z]+)' takes nothing after it, not (?P<o_rest>.+)",
        N_("'%(verb)s' takes nothing after it, not %(rest)s"),
    ),
    shape(r"rebuild one weapon at a time", N_("rebuild one weapon at a time")),
    shape(r"reroll what\?", N_("reroll what?")),
    shape(r"reroll one planet face", N_("reroll one planet face")),
    shape(r"'(?P<o_verb>[a-z]+)' names one player", N_("'%(verb)s' names one player")),
    shape(
        r"write 'on win invade', 'on win destroy \[weapon\]' or 'on win pressure'",
        N_("write 'on win invade', 'on win destroy [weapon]' or 'on win pressure'"),
    ),
    shape(r"unknown reward (?P<word>.+)", N_("unknown reward %(word)s")),
    shape(r"'on win pressure' takes nothing after it", N_("'on win pressure' takes nothing after it")),
    shape(r"too many lines \(at most (?P<n>\d+)\)", N_("too many lines (at most %(n)s)")),
    shape(r"line longer than (?P<n>\d+) characters", N_("line longer than %(n)s characters")),
    shape(r"'(?P<o_word>[^']*)' stands alone on its line", N_("'%(word)s' stands alone on its line")),
    shape(
        r"'(?P<o_word>[^']*)' answers a vote, not this request",
        N_("'%(word)s' answers a vote, not this request"),
    ),
    shape(
        r"'(?P<o_word>[^']*)' answers an Immunity request, not this request",
        N_("'%(word)s' answers an Immunity request, not this request"),
    ),
    shape(r"one answer only", N_("one answer only")),
    shape(r"sacrifice which weapons first\?", N_("sacrifice which weapons first?")),
    shape(
        r"a weapon is named twice in the sacrifice order",
        N_("a weapon is named twice in the sacrifice order"),
    ),
    shape(
        r"(?P<o_text>.+) is not an answer to this request", N_("%(text)s is not an answer to this request")
    ),
    shape(r"no player named (?P<word>.+)", N_("no player named %(word)s")),
    shape(r"you cannot target yourself", N_("you cannot target yourself")),
    shape(rf"it is not (?P<seat>{S})'s turn", N_("it is not %(seat)s's turn")),
    shape(
        r"Fleet Regulations: there is no Construction phase",
        N_("Fleet Regulations: there is no Construction phase"),
    ),
    shape(
        r"Planetary Conscription: there is no Management phase",
        N_("Planetary Conscription: there is no Management phase"),
    ),
    shape(
        r"'rebuild' alone rerolls the weapon last built or rebuilt, and none is before it",
        N_("'rebuild' alone rerolls the weapon last built or rebuilt, and none is before it"),
    ),
    shape(r"'on win' without an attack", N_("'on win' without an attack")),
    shape(r"no orders understood", N_("no orders understood")),
)

#: ... and their suggestions.
SUGGESTIONS: tuple[Shape, ...] = (
    shape(r"did you mean (?P<o_word>.+)\?", N_("did you mean %(word)s?")),
    shape(r"name a player as their seat is named", N_("name a player as their seat is named")),
    shape(r"write e\.g\. 'if weapon < 3 rebuild'", N_("write e.g. 'if weapon < 3 rebuild'")),
    shape(r"one of: (?P<o_words>.+)", N_("one of: %(words)s")),
    shape(
        r"e\.g\. 'rebuild cruiser', 'rebuild tech' or 'rebuild'",
        N_("e.g. 'rebuild cruiser', 'rebuild tech' or 'rebuild'"),
    ),
    shape(
        r"e\.g\. 'reroll home', 'reroll exhausted' or 'reroll all infantry'",
        N_("e.g. 'reroll home', 'reroll exhausted' or 'reroll all infantry'"),
    ),
    shape(
        r"e\.g\. 'reroll exhausted' or 'reroll all infantry'",
        N_("e.g. 'reroll exhausted' or 'reroll all infantry'"),
    ),
    shape(r"e\.g\. '(?P<o_example>[^']*)'", N_("e.g. '%(example)s'")),
    shape(r"invade, destroy or pressure", N_("invade, destroy or pressure")),
    shape(r"for/against", N_("for/against")),
    shape(r"cancel/allow", N_("cancel/allow")),
    shape(r"players: (?P<players>.+)", N_("players: %(players)s")),
    shape(r"wait for your turn", N_("wait for your turn")),
    shape(r"name another player", N_("name another player")),
    shape(
        r"write 'build' first, or name the weapon: 'rebuild cruiser'",
        N_("write 'build' first, or name the weapon: 'rebuild cruiser'"),
    ),
    shape(r"vote instead", N_("vote instead")),
    shape(r"attack instead", N_("attack instead")),
    shape(r"add 'attack <player>'", N_("add 'attack <player>'")),
)


def said(text: str, shapes: Sequence[Shape], lang: Language) -> str:
    """``text`` in ``lang`` by its shape; a text of no known shape as the catalogue has it, else as is."""
    if lang.code == "en" or not text:
        return text
    found = say(text, shapes, lang)
    return found if found is not None else lang.gettext(text)


def event_text(text: str, lang: Language) -> str:
    """An event of the game in ``lang``."""
    return said(text, EVENTS, lang)
