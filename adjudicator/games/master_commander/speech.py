"""Master & Commander's texts said in a reader's language, read from their English shape.

The record keeps every text the game writes (a request's prompt and label, an outcome's reason, a
problem) in English; a reader of another language gets it here, when it is shown. Each text the
game writes has one shape, an English template with ``%(name)s`` holes (the catalogue's message
id); the template is read back as a pattern, the holes give the names, seats and numbers, and the
catalogue's translation of the template is filled with them. The holes that hold words of the game
(a side, a value, a phase) are said in the reader's language from the glossary; names and seats
stay as written. A text of no known shape stays English: never a crash, never a wrong word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from adjudicator.games.language import ANY, N_, Hole, Language, Shape, say_or_keep, shapes
from adjudicator.games.master_commander.glossary import GLOSSARY

#: what each hole of a template may hold (a name's hole, the default, holds anything)
_HOLES = {
    "seat": r"[\w-]+",
    "holder": r"[\w-]+",
    "captor": r"[\w-]+",
    "owner": r"[\w-]+",
    "main": r"[\w-]+",
    "payer": r"[\w-]+",
    "attacker": r"[\w-]+",
    "other": r"[\w-]+",
    "before": r"[\w-]+(?:, [\w-]+)*",
    "side": r"attacker|defender",
    "stat": r"conquest|diplomacy",
    "manoeuvre": r"(?:tactical|economic) (?:battle|engagement)",
    "timing": r"battle|engagement",
    "phase": r"preparation interval|raid interval|trade phase|recruitment|end of turn",
    "turn": r"[0-9]+",
    "round": r"[0-9]+",
    "price": r"[0-9]+",
    "yes": r"[0-9]+",
    "no": r"[0-9]+",
    "num": r"[0-9]+",
    "gold": r"[0-9]+",
    "limit": r"[0-9]+",
    "max": r"[0-9]+",
    "n": r"[0-9]+",
    "attackers_power": r"-?[0-9]+",
    "defenders_power": r"-?[0-9]+",
    "line": r"'.*'|\".*\"",
    "text": r"'.*'|\".*\"",
    "ref": r"[0-9]+",
    "verb": r"'.*'|\".*\"",
    "order": r"'.*'|\".*\"",
    "defender": r"[\w-]+",
    "buyer": r"[\w-]+",
    "payee": r"[\w-]+",
    "bidder": r"[\w-]+",
    "rallier": r"[\w-]+",
    "active": r"[\w-]+",
    "controller": r"[\w-]+",
    "pile": r"[\w-]+",
    "seats": r"[\w-]+(?:, [\w-]+)*",
    "side_vote": r"for|against",
    "amount": r"-?[0-9]+",
    "total": r"-?[0-9]+",
    "rate": r"[0-9]+",
    "icroe": r"[0-9]+",
    "uid": r"[0-9]+",
    "cost": r"[0-9]+",
    "votes": r"[0-9]+",
    "held": r"[0-9]+",
    "held_bid": r"[0-9]+",
    "power": r"-?[0-9]+",
    "attack": r"-?[0-9]+",
    "defence": r"-?[0-9]+",
    "difference": r"-?[0-9]+",
    "paid": r"[0-9]+",
    "extra": r"[0-9]+",
    "bid_a": r"[0-9]+",
    "bid_b": r"[0-9]+",
    "given": r"[0-9]+",
    "other_order": r"'.*'|\".*\"",
    "current": r"preparation interval|raid interval|trade phase|recruitment|end of turn",
    "faction": r"[\w-]+",
    "command": r"-?[0-9]+",
    "stock": r"[0-9]+",
    "production": r"-?[0-9]+",
    "named": r"-?[0-9]+",
    "pay": r"-?[0-9]+",
    "a_kind": r"an? [\w-]+",
    "task": r"the exploration|a raid|a refutation|proposing an agreement|the defence|the battle",
}

#: the English words of the game a hole may hold, said in the reader's language
_WORDS = {
    "tactical battle": N_("tactical battle manoeuvre"),
    "tactical engagement": N_("tactical engagement manoeuvre"),
    "economic battle": N_("economic battle manoeuvre"),
    "economic engagement": N_("economic engagement manoeuvre"),
    "battle": N_("battle manoeuvre"),
    "engagement": N_("engagement manoeuvre"),
}


def _hole_pattern(name: str) -> str:
    """What the hole ``name`` of a template may hold (anything for a name's hole)."""
    return _HOLES.get(name, ANY)


def _patterns(templates: tuple[str, ...]) -> tuple[Shape, ...]:
    """The templates' shapes, each a ``(pattern, template)`` pair, compiled once per table."""
    return shapes(templates, _hole_pattern)


def word(english: str, lang: Language) -> str:
    """A word of the game (a side, a value, a phase, a kind of manoeuvre) in ``lang``."""
    if english in _WORDS:
        return lang.gettext(_WORDS[english])
    key = GLOSSARY.key(english)
    if key is None:
        return english
    plural = english.endswith("s") and english != GLOSSARY.term(key).en
    return GLOSSARY.word(key, lang, 2 if plural else 1)


@cache
def _card_texts() -> tuple[tuple[str, re.Pattern[str], dict[str, Any]], ...]:
    """Each packaged card: its name, the pattern of its English text after its name and number."""
    from adjudicator.games.master_commander.cards import card_text, catalogue

    return tuple(
        (
            card["name"],
            re.compile(re.escape(card["name"]) + r"( #[0-9]+ \()" + re.escape(card_text(card))),
            card,
        )
        for card in catalogue().values()
    )


def described(text: str, lang: Language) -> str:
    """Cards named with their text (« Cutlass #12 (item on a character...) ») with their text in
    ``lang``; a card of a club's own file keeps its English text."""
    from adjudicator.games.master_commander.cards import card_text_in

    for name, pattern, card in _card_texts():
        if name in text:
            said = card_text_in(card, lang)
            text = pattern.sub(lambda m, name=name, said=said: name + m.group(1) + said, text)
    return text


def _hole(name: str, value: str, lang: Language) -> str:
    if name == "described":
        return described(value, lang)
    if name in ("side", "stat", "manoeuvre", "timing", "phase", "current", "faction"):
        return word(value, lang)
    if name == "fleets":
        return say(value, FLEETS, lang)
    if name == "title":
        return say(value, TITLES, lang)
    return value


def say(text: str, templates: Iterable[str], lang: Language, hole: Hole = _hole) -> str:
    """``text`` in ``lang`` if it has the shape of one of ``templates``, else as it is."""
    if lang.code == "en":
        return text
    return say_or_keep(_patterns(tuple(templates)), text, lang, hole)


#: what a battle's fleets are, inside a prompt
FLEETS = (
    N_("attackers %(attackers)s; defenders %(defenders)s"),
    N_("nobody"),
)


def _fleet_hole(name: str, value: str, lang: Language) -> str:
    return lang.gettext(N_("nobody")) if value == "nobody" else value


def fleets(text: str, lang: Language) -> str:
    return say(text, FLEETS[:1], lang, _fleet_hole)


#: the turn's title inside a label (``Turn 7, english: <title>``)
TITLES = (
    N_("rally bids for %(name)s"),
    N_("referendum on %(name)s"),
    N_("battle for %(name)s: the attacker's allies"),
    N_("battle for %(name)s: the defence"),
    N_("battle for %(name)s: the defender's allies"),
    N_("battle for %(name)s: engagement segment, %(seat)s"),
    N_("battle for %(name)s: manoeuvre segment, %(seat)s"),
    N_("battle for %(name)s: duel, %(challenger)s v %(challenged)s"),
    N_("battle for %(name)s"),
    N_("ransom of %(name)s: the captor's choice"),
    N_("ransom of %(name)s"),
)

#: every label the game writes (the turn's and each request's)
LABELS = (
    N_("Turn %(turn)s, %(seat)s: the rest of your turn"),
    N_("Turn %(turn)s, %(seat)s"),
    N_("Turn %(turn)s, %(seat)s: %(title)s"),
    N_("Game over"),
    N_("Opening hands: mulligan"),
    N_("Mulligan, %(seat)s"),
    N_("Rally bid for %(name)s, %(seat)s"),
    N_("Referendum on %(name)s, round %(round)s, %(seat)s"),
    N_("Ransom for %(name)s, %(seat)s"),
    N_("Ransom auction for %(name)s, %(seat)s"),
    N_("Ransom of %(name)s: your choice, %(seat)s"),
    N_("%(main)s asks your help in battle, %(seat)s"),
    N_("Defence of %(name)s, %(seat)s"),
    N_("Battle for %(name)s, %(timing)s manoeuvre, %(seat)s (if %(before)s passes)"),
    N_("Battle for %(name)s, %(timing)s manoeuvre, %(seat)s (if %(before)s pass)"),
    N_("Battle for %(name)s, %(timing)s manoeuvre, %(seat)s"),
    N_("Duel, %(seat)s"),
)

#: every prompt the game writes
PROMPTS = (
    N_(
        "Your whole turn: attachments, actions, an event, explore or raid, refute or propose an agreement, "
        "one gold transaction, a ransom, recruits and rallies, a discard; 'wait' to decide the rest after "
        "a raid, vote, ransom or rally."
    ),
    N_(
        "You asked to decide after the outcome ('wait'): the rest of your turn, from the %(phase)s on. "
        "The default is the orders you had written."
    ),
    N_(
        "Keep your opening hand, or put cards under your deck and draw back to 6: 'keep', 'mulligan all' "
        "or 'mulligan <card>, <card>'."
    ),
    N_(
        "%(seat)s tries to rally %(name)s (held by %(holder)s). Bid doublons of your own: 'bid <n>'. "
        "The higher bid wins and pays the bank; on a tie the holder keeps the character."
    ),
    N_(
        "The agreement: %(described)s. Ballot so far: %(yes)s for, %(no)s against. Vote with characters "
        "in activity that have not voted: 'for <characters>', 'against <characters>' (a character's votes "
        "are never split, a vote is final); political reactions: 'play <reaction> for|against'. 'abstain' "
        "(the default): you have finished voting; without it you are asked again if others vote or react."
    ),
    N_("%(captor)s asks %(price)s doublons for %(name)s: 'pay' or 'refuse'."),
    N_(
        "%(captor)s sells %(name)s (owner %(owner)s). Offer at least %(price)s doublons: 'offer <n>' (not "
        "the owner: add 'keep' to hold the captive, 'return' to free it), or 'no offer'."
    ),
    N_(
        "Offers: %(offers)s. « le ravisseur doit choisir à qui il vend son prisonnier »: 'sell to <seat>' "
        "(the default: the best offer)."
    ),
    N_(
        "%(main)s (%(side)s) asks for help: 'send <untapped characters with %(stat)s>' (paid 1 doublon "
        "each by %(payer)s) or 'decline'. Engaged so far: %(fleets)s."
    ),
    N_(
        "%(attacker)s attacks %(target)s; engaged: %(fleets)s. 'oppose with <untapped characters with "
        "%(stat)s>' or 'no opposition'; optionally 'ask <seats>' for allies and "
        "'capture best|none|<character>'."
    ),
    N_(
        "%(attacker)s attacks %(target)s; engaged: %(fleets)s. 'oppose with <untapped characters with "
        "%(stat)s>' or 'no opposition'; optionally 'ask <seats>' for allies."
    ),
    N_(
        "Engaged: %(fleets)s; power so far: attackers %(attackers_power)s, defenders "
        "%(defenders_power)s. Play a %(manoeuvre)s manoeuvre from your hand ('play <card>', "
        "'play <card> on <character>', 'play <card> challenge <opposing character> with <your "
        "character>'), use the ability of a card you control in play ('use <card> [on <character>]', "
        "manoeuvre segment) or 'pass'. When every player passes in turn the battle ends. You may write "
        "several plays, one per line: the first is played now, each next one at your next turn of the "
        "segment while nobody else plays. End with 'pass' to stop after them; without it you are asked "
        "again once they are played and the others pass."
    ),
    N_(
        "Engaged: %(fleets)s; power so far: attackers %(attackers_power)s, defenders "
        "%(defenders_power)s. Play a %(manoeuvre)s manoeuvre from your hand ('play <card>', "
        "'play <card> on <character>', 'play <card> challenge <opposing character> with <your "
        "character>'), use the ability of a card you control in play ('use <card> [on <character>]', "
        "manoeuvre segment) or 'pass'. When every player passes in turn the battle ends."
    ),
    N_(
        "Asked at the same time as %(before)s, who play before you (you need not answer: 'later', the "
        "default, asks you at your turn): your answer counts only if it passes; if one of them plays, "
        "your answer is dropped and you are asked again, seeing the play. Engaged: %(fleets)s; power so "
        "far: attackers %(attackers_power)s, defenders %(defenders_power)s. Play a %(manoeuvre)s "
        "manoeuvre from your hand ('play <card>', 'play <card> on <character>', 'play <card> challenge "
        "<opposing character> with <your character>'), use the ability of a card you control in play "
        "('use <card> [on <character>]', manoeuvre segment) or 'pass'."
    ),
    N_(
        "Asked at the same time as %(before)s, who play before you (you need not answer: 'later', the "
        "default, asks you at your turn): your answer counts only if they all pass; if one of them "
        "plays, your answer is dropped and you are asked again, seeing the play. Engaged: %(fleets)s; "
        "power so far: attackers %(attackers_power)s, defenders %(defenders_power)s. Play a "
        "%(manoeuvre)s manoeuvre from your hand ('play <card>', 'play <card> on <character>', 'play <card> "
        "challenge <opposing character> with <your character>'), use the ability of a card you control "
        "in play ('use <card> [on <character>]', manoeuvre segment) or 'pass'."
    ),
    N_(
        "%(challenger)s challenges %(challenged)s. 'refuse' (your character leaves the battle, tapped) or "
        "'accept', then 'play <card>' (face down; its duel value adds to your combat) or 'stop' (reveal "
        "now)."
    ),
    N_(
        "Duel: %(other)s has played %(n)s card(s) face down. 'play <card>' face down, or 'stop' to reveal "
        "the cards."
    ),
)

#: how a game ends
OUTCOMES = (
    N_("%(seat)s starts a turn with %(gold)s gold"),
    N_("%(seat)s holds the seven seas"),
    N_("turn limit of %(limit)s rounds: most gold"),
)


def _prompt_hole(name: str, value: str, lang: Language) -> str:
    if name == "fleets":
        return fleets(value, lang)
    return _hole(name, value, lang)


def prompt(text: str, lang: Language) -> str:
    return say(text, PROMPTS, lang, _prompt_hole)


def label(text: str, lang: Language) -> str:
    return say(text, LABELS, lang)


def outcome(reason: str, lang: Language) -> str:
    return say(reason, OUTCOMES, lang)


#: the problems the order parser finds in a line, and what it suggests
PROBLEMS = (
    N_("cannot read %(line)s"),
    N_("unknown order %(verb)s"),
    N_("a name is missing in %(line)s"),
    N_("orders must be text"),
    N_("%(order)s contradicts line %(n)s (%(other_order)s)"),
    N_("'terms' is written but no term follows it"),
    N_("%(n)s terms: at most %(max)s"),
    N_("unknown term %(term)s: the referee enforces 'pay <n> to <seat>' and 'pay <n> to each voter for'"),
    N_("cannot read the term %(term)s: say how much and to whom"),
    N_("in %(term)s the share must be a whole number of doublons from 1 to %(max)s"),
    N_("in %(term)s, %(who)s is not a seat"),
    N_("two terms pay %(who)s"),
    N_("%(key)s is not asked now"),
    # the rules': an order well written that the game does not allow now
    N_("%(name)s has no ability usable outside battles"),
    N_("%(name)s is tapped until your return to port"),
    N_("%(name)s has no ability"),
    N_("%(name)s's ability is a battle ability"),
    N_("an ability used outside battles has no target"),
    N_("%(name)s is not a manoeuvre"),
    N_("%(name)s is a tactical manoeuvre and this is an economic battle"),
    N_("%(name)s is an economic manoeuvre and this is a tactical battle"),
    N_(
        "%(name)s is an engagement manoeuvre, played in the engagement segment only; this is the manoeuvre "
        "segment"
    ),
    N_("%(name)s is an battle manoeuvre; this is the engagement segment"),
    N_("%(name)s taps an opposing character"),
    N_("%(name)s needs an untapped character of yours with combat and an opponent"),
    N_("%(name)s is a challenge"),
    N_("%(name)s has no rank in combat and cannot challenge"),
    N_("%(name)s needs an untapped opposing character"),
    N_("'stop' ends the duel: a card after it is never played"),
    N_("the challenge has already been answered"),
    N_("you are already %(seat)s's ally in this phase"),
    N_("a duel card is played face down, without target"),
    N_("no capture after an economic battle (bankruptcy instead)"),
    N_("%(seat)s cannot be your ally here"),
    N_("%(seat)s already fights for %(other)s"),
    N_("a transaction is 1 to %(max)s gold, not %(n)s"),
    N_("the India Company holds only %(stock)s gold, you cannot buy %(n)s"),
    N_("%(n)s gold cost %(cost)s doublons at the ICROE, %(seat)s holds %(held)s"),
    N_("%(seat)s holds %(gold)s gold, not %(n)s"),
    N_("you have already explored or raided this turn"),
    N_("pillage %(text)s?"),
    N_("you have already refuted or proposed an agreement this turn"),
    N_("one ransom a turn"),
    N_("%(name)s has command %(command)s and already holds %(n)s attachment(s)"),
    N_("a challenge is a manoeuvre, played during a battle"),
    N_("you already have a face-down event in play"),
    N_("name at least one character for %(task)s"),
    N_("their conquest is %(total)s; an exploration needs more than %(n)s"),
    N_("%(seat)s's exploration pile is empty"),
    N_("pillage is for a raid on a haven; a territory won is conquered"),
    N_("only one transaction with the India Company a turn"),
    N_("'sell to' answers a ransom auction"),
    N_("%(name)s is not %(faction)s and costs %(gold)s gold more; you hold %(held)s"),
    N_("your crew pile is empty"),
    N_("a new recruit costs %(n)s gold; you hold %(held)s"),
    N_("%(name)s is dead and can never be recruited again"),
    N_("%(name)s is not in activity with an opponent"),
    N_("only one card may be discarded at the end of the turn"),
    N_("the %(phase)s is over (this is the %(current)s)"),
    N_("%(name)s is tapped and cannot be tapped to take it"),
    N_("only a character's card can be moved to a place"),
    N_("%(name)s untaps one of your characters"),
    N_("%(name)s has no rank in %(stat)s and cannot take part in %(task)s"),
    N_("%(seat)s cannot be asked to help %(other)s here"),
    N_("%(name)s is already in play (named characters are unique)"),
    N_(
        "%(text)s comes into play only in the %(phase)s ('%(order_line)s', line %(n)s), after the "
        "%(current)s where this order runs: the phases run in the book's order, whatever the order of "
        "the lines"
    ),
    N_("%(name)s is tapped and cannot be tapped to give up its card"),
    N_("'pass' with a play"),
    N_("'later' answers only a request for the case the players before you pass"),
    N_("one engagement manoeuvre each"),
    N_("you bid %(amount)s doublons but hold %(held)s"),
    N_("the ransom is %(price)s doublons and you hold %(held)s"),
    N_("the ransom printed on %(name)s is %(price)s; offer at least that"),
    N_("you offer %(amount)s doublons but hold %(held)s"),
    N_("%(seat)s made no offer"),
    N_("%(name)s has already voted (a vote once cast cannot change, a character's votes are not split)"),
    N_("the terms give %(named)s doublons to named seats; %(name)s produces %(production)s"),
    N_("the terms cannot pay %(seat)s, the agreement's own holder"),
    N_("%(name)s produces %(production)s doublon(s) a collection; a share of %(pay)s is more than that"),
    # a card of one kind named where another is needed (« Cutlass is an item, not an action »)
    N_("%(name)s is %(a_kind)s, not %(what)s"),
    # the checker's: a card, a seat or doublons that are not what the order needs
    N_("#%(ref)s is not %(what)s"),
    N_("%(text)s is not %(what)s"),
    N_("%(text)s names several cards"),
    N_("no seat named %(text)s"),
    N_("%(seat)s holds %(held)s doublons, not %(amount)s"),
)

#: what a card named in an order should be (the checker's words)
WHATS = (
    N_("a card in your hand"),
    N_("a card of yours in play"),
    N_("a character in your tavern"),
    N_("a character you hold captive"),
    N_("a legal new holder you control"),
    N_("a named character in your tavern"),
    N_("a political reaction in your hand"),
    N_("a tapped character of yours"),
    N_("an agreement held by an opponent"),
    N_("an attachment on a card you control"),
    N_("an attacker within the power difference"),
    N_("an opposing character in this battle"),
    N_("an opposing character"),
    N_("an opposing haven or territory"),
    N_("an untapped card of yours in play with a battle ability"),
    N_("an untapped card of yours in play with an ability"),
    N_("an untapped character of yours in this battle"),
    N_("an untapped opposing character in this battle"),
    N_("an untapped opposing character"),
    N_("another character or a place you control"),
    N_("your character"),
    N_("a character you control"),
    N_("a place you control"),
    N_("a character or place you control"),
    N_("a character of yours captured by %(seat)s"),
    N_("a character of %(seat)s in activity"),
    N_("an untapped character of %(seat)s"),
    N_("an item or support in your hand"),
    N_("an action in your hand"),
    N_("an event in your hand"),
    N_("a trade agreement in your hand"),
    # what a card of the hand should have been, when it is of another kind
    N_("an item or support"),
    N_("an action"),
    N_("an event"),
    N_("a trade agreement"),
)
SUGGESTIONS = (
    N_("write it like: %(example)s"),
    N_("did you mean: %(example)s"),
    N_("valid orders here: %(verbs)s"),
    N_("keep only one of them"),
    N_("write them like: terms pay 1 to french; pay 1 to each voter for"),
    N_("pay 1 to french"),
    N_("pay 1 to <seat> / pay 1 to each voter for"),
    N_("one term per seat"),
    N_("answer: %(keys)s"),
    N_("choose among %(cards)s ..."),
    N_("choose among %(cards)s"),
    N_("there is none"),
    N_("say which: %(cards)s"),
    N_("did you mean %(seat)s?"),
    N_("seats: %(seats)s"),
    N_("name a card whose ability draws, gives doublons or gold"),
    N_("use it in the manoeuvre segment of a battle you take part in"),
    N_("play a manoeuvre, or pass"),
    N_("play a manoeuvre of this battle's type, or pass"),
    N_("play another manoeuvre, or pass"),
    N_("write stop last"),
    N_("play <card> or stop"),
    N_("drop this line"),
    N_("ask a third player"),
    N_("ask another player"),
    N_("the Company has no gold to sell"),
    N_("you cannot afford any gold now"),
    N_("pillage gold, pillage doublons or pillage free <character>"),
    N_("attach it to a card with command to spare"),
    N_("play it in a manoeuvre round"),
    N_("explore from %(seat)s"),
    N_("drop the pillage part"),
    N_("orders of this phase or a later one"),
    N_("reassign a card held by a character"),
    N_("use it from your next turn, or drop this line"),
    N_("play, or pass"),
    N_("bid %(n)s at most"),
    N_("offer %(n)s at most"),
    N_("sell to one of %(seats)s"),
    N_("smaller shares"),
    N_("pay another seat"),
    N_("pay %(n)s at most"),
    N_("no terms: it produces nothing to share"),
)

#: what a card named where another kind is needed is (« Cutlass is an item »)
KINDS = {
    "an item": N_("an item"),
    "a support": N_("a support"),
    "an agreement": N_("an agreement"),
    "an action": N_("an action"),
    "a manoeuvre": N_("a manoeuvre"),
    "an event": N_("an event"),
    "a reaction": N_("a reaction"),
    "a character": N_("a character"),
    "a haven": N_("a haven"),
    "a territory": N_("a territory"),
}

#: what a character named in an order takes part in
TASKS = {
    "the exploration": N_("the exploration"),
    "a raid": N_("a raid"),
    "a refutation": N_("a refutation"),
    "proposing an agreement": N_("proposing an agreement"),
    "the defence": N_("the defence"),
    "the battle": N_("the battle"),
}

#: the placeholders of a suggested order line (``play <card> on <character>``)
PLACEHOLDERS = {
    "<character>": N_("<character>"),
    "<opponent>": N_("<opponent>"),
    "<yours>": N_("<yours>"),
    "<card>": N_("<card>"),
}


def _placeholders(text: str, lang: Language) -> str:
    for english, message in PLACEHOLDERS.items():
        text = text.replace(english, lang.gettext(message))
    return text


def _order_in(quoted: str, lang: Language) -> str:
    """A quoted canonical order line, quoted again in ``lang`` (as it is if no request kind reads it)."""
    line = quoted[1:-1]
    said = _order_line(line, lang)
    return repr(said) if said is not None else quoted


def _order_line(line: str, lang: Language) -> str | None:
    """One order line said with ``lang``'s words, or ``None`` if no request kind reads it as one order."""
    from adjudicator.games.master_commander import orders

    if "\n" in line or "\r" in line:
        return None
    for kind in orders.VERBS:
        parsed = orders.parse(kind, line)
        if parsed.ok and len(parsed.orders) == 1:
            return orders.order_words(parsed.orders[0], lang)
    return None


def _verbs_in(text: str, lang: Language) -> str:
    """``keep, no opposition, standing use`` in ``lang``: each order word from the glossary."""
    said = []
    for verb in text.split(", "):
        key = GLOSSARY.key(verb)
        said.append(GLOSSARY.word(key, lang) if key else " ".join(word(w, lang) for w in verb.split()))
    return ", ".join(said)


def _problem_hole(name: str, value: str, lang: Language) -> str:
    from adjudicator.games.master_commander import orders

    if name in ("order", "other_order"):
        return _order_in(value, lang)
    if name == "example":
        verb = next((v for v, text in orders.EXAMPLES.items() if text == value), None)
        return orders.example(verb, lang) if verb else value
    if name == "verbs":
        return _verbs_in(value, lang)
    if name == "what":
        return say(value, WHATS, lang)
    if name == "a_kind" and value in KINDS:
        return lang.gettext(KINDS[value])
    if name == "task" and value in TASKS:
        return lang.gettext(TASKS[value])
    if name == "order_line":
        return _order_line(value, lang) or value
    return _hole(name, value, lang)


def problem(message: str, lang: Language) -> str:
    return say(message, PROBLEMS, lang, _problem_hole)


def suggestion(text: str, lang: Language) -> str:
    """A problem's suggestion in ``lang``: one of :data:`SUGGESTIONS`, or an order's example line."""
    if lang.code == "en" or not text:
        return text
    if _problem_hole("example", text, lang) != text:
        return _problem_hole("example", text, lang)
    said = say(text, SUGGESTIONS, lang, _problem_hole)
    if said == text:  # an order line suggested as it is to be written (« use spyglass »)
        said = _order_line(text, lang) or text
    return _placeholders(said, lang)


#: every event the game tells, by its English shape (the most particular shapes first)
EVENTS = (
    N_("Turn %(turn)s (round %(round)s): %(seat)s to play."),
    N_("%(seat)s starts the turn with %(gold)s gold and wins the game!"),
    N_("%(seat)s holds a place in each of the seven seas and wins the game!"),
    N_("The turn limit of %(limit)s rounds is reached: %(seats)s win(s) on gold."),
    N_("%(seat)s collects %(amount)s doublons (now %(total)s)."),
    N_("%(seat)s's face-down event has %(n)s token(s)."),
    N_("%(name)s is no longer active."),
    N_("%(seat)s reveals the event %(described)s; it is now active."),
    N_("%(seat)s gains %(amount)s doublons."),
    N_("%(name)s is untapped."),
    N_("%(seat)s attaches %(described)s to %(target)s."),
    N_("%(seat)s moves %(name)s from %(host)s to %(target)s."),
    N_("%(seat)s plays an event face down."),
    N_("%(seat)s plays %(described)s face down."),
    N_("%(seat)s plays a card face down in the duel."),
    N_("%(seat)s plays %(described)s: %(votes)s votes %(side_vote)s."),
    N_("%(seat)s plays %(described)s."),
    N_("%(seat)s explores %(pile)s's pile and finds a barren island (#%(uid)s)."),
    N_("#%(uid)s was %(name)s, already in play: it stays face down."),
    N_("%(seat)s explores %(pile)s's pile and now governs %(described)s."),
    N_("%(seat)s recruits %(described)s for %(cost)s doublons and %(gold)s gold."),
    N_("%(seat)s recruits %(described)s for %(cost)s doublons."),
    N_("%(seat)s enlists a new recruit (#%(uid)s) for %(gold)s gold."),
    N_("%(seat)s sends %(name)s from the tavern under the crew pile."),
    N_("%(seat)s discards %(name)s down to %(n)s cards."),
    N_("%(seat)s discards %(name)s."),
    N_("End of %(seat)s's turn: %(described)s."),
    N_("%(seat)s's order %(order)s is skipped: %(reason)s."),
    N_("%(seat)s withdraws its standing answers."),
    N_("%(seat)s's standing answer is dropped: %(reason)s."),
    N_("%(seat)s gives the standing answer %(order)s."),
    N_("%(seat)s's standing answer: use %(name)s at the start of %(active)s's turn."),
    N_("%(seat)s's standing answer: use %(name)s at the end of %(active)s's turn."),
    N_("%(seat)s's standing answer: bid %(amount)s."),
    N_("%(seat)s's standing answer: vote for %(other)s's agreement."),
    N_("%(seat)s's standing answer: against on %(other)s's agreement."),
    N_("%(seat)s's standing answer: abstain on %(other)s's agreement."),
    N_("%(seat)s's standing answer: %(orders)s."),
    N_("%(controller)s's chosen holder %(name)s cannot take %(support)s: the first legal holder takes it."),
    N_("%(seat)s draws %(n)s card(s)."),
    N_("%(seat)s draws %(described)s."),
    N_("%(name)s is reassigned from %(host)s to %(target)s."),
    N_("%(name)s is discarded from %(host)s (a conquered territory's supports are discarded)."),
    N_("%(name)s is discarded from %(host)s."),
    N_("The new recruit #%(uid)s goes back under %(owner)s's crew pile."),
    N_("%(name)s dies and goes to %(owner)s's dead pile."),
    N_("%(captor)s captures %(name)s."),
    N_("%(seat)s takes %(amount)s gold from the reserve: %(why)s (the reserve held only %(given)s)."),
    N_("%(seat)s takes %(amount)s gold from the reserve: %(why)s."),
    N_("Voters for %(name)s under its terms: %(seats)s."),
    N_("Nothing is left of %(name)s's production for %(payee)s's share."),
    N_("%(seat)s pays %(amount)s doublon(s) to %(payee)s under the terms of %(name)s."),
    N_("%(seat)s buys 1 gold for %(rate)s doublons; the ICROE is now %(icroe)s."),
    N_("%(seat)s sells 1 gold for %(rate)s doublons; the ICROE is now %(icroe)s."),
    N_("%(seat)s taps %(described)s and uses its ability (%(why)s)."),
    N_("%(seat)s taps %(described)s and uses its ability."),
    N_("%(seat)s's 'use %(card)s' is skipped: %(reason)s."),
    N_("%(attacker)s raids %(target)s of %(defender)s with %(names)s, asking %(seats)s for help."),
    N_("%(attacker)s raids %(target)s of %(defender)s with %(names)s."),
    N_("%(attacker)s refutes %(target)s of %(defender)s with %(names)s, asking %(seats)s for help."),
    N_("%(attacker)s refutes %(target)s of %(defender)s with %(names)s."),
    N_("Every player passes in turn: the manoeuvres are over."),
    N_("%(seat)s is not asked to help %(main)s (already %(other)s's ally in this phase): no help."),
    N_("%(seat)s is not asked to help %(main)s (already fights for %(other)s): no help."),
    N_("%(seat)s is not asked to help %(main)s (no untapped character with %(stat)s): no help."),
    N_("%(seat)s is not asked to help %(main)s (%(payer)s has no doublon to pay an ally): no help."),
    N_("%(defender)s has no untapped character with %(stat)s and nobody to ask: not asked, no opposition."),
    N_("%(seat)s's defence is not valid any more (%(reason)s): no opposition, capture best."),
    N_("%(seat)s opposes with %(names)s."),
    N_("%(seat)s does not oppose."),
    N_("%(seat)s asks %(seats)s for help."),
    N_("%(seat)s's answer is not valid any more (%(reason)s): it declines."),
    N_("%(seat)s declines to help %(main)s."),
    N_("%(main)s cannot pay for %(n)s of %(seat)s's characters; they stay out."),
    N_("%(seat)s joins %(main)s with %(names)s; %(payer)s pays %(n)s doublons."),
    N_(
        "%(seat)s's answer, written in case the players before it passed, is dropped: a manoeuvre was "
        "played since; it is asked again."
    ),
    N_("%(seat)s's answer stands: the players before it passed."),
    N_("%(seat)s passes (no card in hand and no card in play to use: not asked)."),
    N_("%(seat)s passes (as it wrote: nothing new since its last answer)."),
    N_("%(seat)s passes (nothing new since its last answer)."),
    N_("%(seat)s passes."),
    N_("%(seat)s's next written play: %(line_order)s."),
    N_("%(seat)s's further written plays are dropped: another player played since."),
    N_("%(seat)s's 'use %(card)s' cannot be done now (%(reason)s): a pass."),
    N_("%(seat)s's '%(card)s' cannot be played now (%(reason)s): a pass."),
    N_("The attacker's fleet gains %(power)s power."),
    N_("The defender's fleet gains %(power)s power."),
    N_("%(name)s is tapped and no longer counts."),
    N_("%(hero)s challenges %(victim)s to a duel!"),
    N_("%(seat)s has no card in hand: not asked, it ends the duel."),
    N_("%(seat)s's next duel step, written in advance: %(line_order)s."),
    N_("%(seat)s's duel answer is not valid any more (%(reason)s): the default applies."),
    N_("%(seat)s refuses the duel: %(name)s leaves the battle, tapped."),
    N_("%(seat)s accepts the duel."),
    N_("%(seat)s's written duel card cannot be played (%(reason)s): it stops."),
    N_("You play %(name)s face down in the duel."),
    N_("%(seat)s reveals %(shown)s: %(hero)s totals %(total)s."),
    N_("The duel is a draw: both characters stay in the battle."),
    N_("%(winner)s wins and spares %(loser)s: it leaves the battle."),
    N_("%(winner)s wins the duel."),
    N_("Battle: %(attacker)s %(attack)s against %(defender)s %(defence)s."),
    N_("%(attacker)s: %(parts_a)s = %(attack)s; %(defender)s: %(parts_d)s = %(defence)s."),
    N_("%(seat)s wins the battle."),
    N_("%(attacker)s frees %(name)s."),
    N_("%(attacker)s pillages %(n)s gold from %(defender)s (1 + %(extra)s from the fleet's cards)."),
    N_("%(attacker)s pillages %(n)s gold from %(defender)s."),
    N_("%(attacker)s pillages %(n)s doublons from %(defender)s."),
    N_("%(attacker)s conquers %(name)s."),
    N_("%(name)s is refuted and discarded."),
    N_("No attacker is left in the battle: no capture."),
    N_("No attacker has a command of %(n)s or less: no capture."),
    N_("%(name)s cannot be captured (command above %(n)s); %(defender)s takes the best."),
    N_(
        "Bankruptcy: %(attacker)s pays %(paid)s doublons to the bank (difference %(difference)s, "
        "max %(max)s)."
    ),
    N_("%(seat)s's mulligan is not valid (%(reason)s): the hand is kept."),
    N_("%(seat)s keeps the opening hand."),
    N_("%(seat)s puts %(n)s card(s) under the deck and draws again."),
    N_("%(seat)s reveals %(name)s from the tavern and tries to rally %(target)s from %(holder)s."),
    N_("%(seat)s holds no doublon: not asked, its rally bid is 0."),
    N_("Rally bids revealed: %(rallier)s %(bid_a)s, %(holder)s %(bid_b)s."),
    N_("%(rallier)s wins the rally and puts %(name)s into play; %(holder)s's copy returns to the tavern."),
    N_("%(holder)s keeps %(name)s and pays %(amount)s doublons."),
    N_("%(seat)s bid %(amount)s doublons but holds %(held)s: the bid is %(held_bid)s."),
    N_("%(seat)s proposes the trade agreement %(described)s through %(name)s: a referendum opens."),
    N_("No vote or reaction left can change the result: the ballot closes."),
    N_("%(seat)s's ballot is not valid any more (%(reason)s): it abstains."),
    N_("%(seat)s: %(name)s votes %(side_vote)s with %(votes)s."),
    N_("%(seat)s casts nothing."),
    N_("The referendum passes %(yes)s to %(no)s: %(name)s is in play."),
    N_("The referendum fails %(yes)s to %(no)s: %(name)s is discarded."),
    N_("%(captor)s asks a ransom of %(price)s doublons for %(name)s."),
    N_("Nobody can pay %(price)s doublons: nobody is asked, %(name)s stays captive."),
    N_("%(owner)s refuses to pay; %(name)s stays captive."),
    N_("%(bidder)s's offer is not valid any more (%(reason)s)."),
    N_("Nobody offers a ransom; %(name)s stays captive."),
    N_("Ransom offers revealed: %(offers)s."),
    N_("One offer only: %(captor)s sells to %(buyer)s."),
    N_("No bidder can pay any more; %(name)s stays captive."),
    N_("%(captor)s cannot sell to %(buyer)s: sold to the best offer."),
    N_("%(buyer)s pays %(amount)s doublons to %(captor)s; %(name)s returns to %(owner)s, tapped."),
    N_("%(buyer)s pays %(amount)s doublons to %(captor)s and now holds %(name)s captive."),
)

#: the words an event's hole may hold
_EVENT_WORDS = {
    "no card": N_("no card"),
    "out of its turn": N_("out of its turn"),
    "a card": N_("a card"),
    "nothing": N_("nothing"),
}


def _event_hole(name: str, value: str, lang: Language) -> str:
    if name in ("seats", "shown", "why", "parts_a", "parts_d") and value in _EVENT_WORDS:
        return lang.gettext(_EVENT_WORDS[value])
    if name == "seats" and value == "nobody":
        return lang.gettext(N_("nobody"))
    if name in ("parts_a", "parts_d"):
        parts = value.split(" + ")
        return " + ".join(
            word("manoeuvres", lang) + part[10:] if part.startswith("manoeuvres ") else part for part in parts
        )
    if name == "side_vote":
        return word(value, lang)
    if name == "reason":
        return problem(value, lang)
    if name == "order":
        return _order_in(value, lang)
    if name == "line_order":
        return _order_in(repr(value), lang)[1:-1]
    if name == "orders":
        return "; ".join(_order_in(repr(line), lang)[1:-1] for line in value.split("; "))
    return _hole(name, value, lang)


def event(text: str, lang: Language) -> str:
    return say(text, EVENTS, lang, _event_hole)
