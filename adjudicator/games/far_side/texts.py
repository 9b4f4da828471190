"""Far Side's texts said in a reader's language, from the English the record keeps.

The record holds every text in English (the prompts of the requests, the labels, the problems of
a line, the outcome's reason); a reader of another language is shown them through the tables
below. Each entry is the English text's *shape*: a catalogue message whose ``%(name)s``
placeholders stand for what varies (a ship, a square, a number). An English text is matched
against every shape (the most literal first), and the one it fits is said in the reader's
language with its parts carried over; a text that fits no shape is shown as it is, in English,
never refused.

A part is carried over by its name: ``side*`` is a side (British, French) named from the glossary,
``order*`` and ``what`` are order words said by the glossary, ``words`` a list of order words,
``skill*`` a skill's abbreviation from the glossary, ``nested_*`` a text of another shape (said in
turn), ``phrase`` one of the fixed phrases of ``PHRASES``; any other part (ships, squares, numbers,
a player's own words) is kept as written. Rule names (``4 Movement: Sail``) stay the book's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from adjudicator.games.far_side.glossary import GLOSSARY, ORDER_TERMS
from adjudicator.games.far_side.orders import PLACEHOLDERS, say, say_syntax
from adjudicator.games.language import N_, Language, fold


@dataclass(frozen=True)
class Shape:
    """One English text's shape (a catalogue message) and the pattern the English text fits."""

    msgid: str
    pattern: re.Pattern[str]

    @classmethod
    def of(cls, msgid: str) -> Shape:
        escaped = re.escape(msgid)
        pattern = re.sub(r"%\\\(([a-z_0-9]+)\\\)s", r"(?P<\1>.*?)", escaped)
        return cls(msgid, re.compile(pattern, re.DOTALL))

    @property
    def literal(self) -> int:
        return len(re.sub(r"%\([a-z_0-9]+\)s", "", self.msgid))


def _table(*msgids: str) -> tuple[Shape, ...]:
    """The shapes of ``msgids``, the most literal first (a specific text before a general one)."""
    return tuple(sorted((Shape.of(m) for m in msgids), key=lambda s: -s.literal))


#: fixed phrases that appear inside the texts above, said as a whole
PHRASES: dict[str, str] = {
    text: text
    for text in (
        N_("a red 1"),
        N_("a storm"),
        N_("a red 1 and a storm"),
        N_("one of its towed ships"),
        N_("nowhere"),
        N_("none"),
        N_("no ship"),
        N_("ordered to grapple"),
    )
}

# -- the turn's labels and the requests' prompts (rules.py) -----------------------------------
LABELS = _table(
    N_("Turn %(turn)s, %(side)s"),
    N_("Turn %(turn)s, %(side)s: the rest of the sail"),
    N_("Turn %(turn)s, %(side)s: the %(side2)s attacks"),
    N_("Turn %(turn)s, %(side)s: the %(side2)s reaction"),
    N_("Turn %(turn)s, %(side)s: the %(side2)s choice of drift"),
    N_("%(nested_label)s (standing orders of the %(side)s)"),
)

PROMPTS = _table(
    N_("Optional: change your standing orders (%(order)s)."),
    N_(
        "Your ships have moved (see the board). Your attacks this round, sealed with the %(side)s"
        " reaction: %(order)s. Nothing sent: fire at will, and every grappled ship repels."
    ),
    N_(
        "The %(side)s have moved (see the board). How do your ships fire this round? %(order)s."
        " Nothing sent: your standing fire orders apply."
    ),
    N_(
        "1 Drift & Tides: select one %(side)s ship to drift (%(ships)s), or 'drift ignore'."
        " Nothing sent: drift is ignored."
    ),
    N_(
        "%(ship)s is at %(square)s with %(move)s MOVE left: 'continue <squares> [dock]' or"
        " 'continue straight' (a ship sails its whole MOVE)."
    ),
    N_("Your whole turn: movement (anchor, kedge or sail), repairs, attacks, grapple and repel."),
)

# -- the outcome's reason (rules.py) ----------------------------------------------------------
REASONS = _table(
    N_("no ships left to capture or sink"),
    N_("turn limit of %(limit)s player turns reached (option max-turns)"),
    N_("%(nested_why)s; most ships captured (%(most)s to %(fewer)s)"),
    N_("%(nested_why)s; captures tied at %(captured)s, most ships sunk (%(most)s to %(fewer)s)"),
    N_("%(nested_why)s; captures (%(captured)s) and sinkings (%(sunk)s) tied"),
)

# -- the problems of a line: the parser (orders.py), the checks (legality.py, rules.py) --------
PROBLEMS = _table(
    # the parser's words, ships, squares and numbers
    N_("unknown order %(word)s"),
    N_("orders start with one of: %(words)s"),
    N_("%(word)s could be %(words)s"),
    N_("write %(words)s in full"),
    N_("%(ship)s is not one of the ships this order can name"),
    N_("one of your ships: %(ships)s"),
    N_("an enemy ship: %(ships)s"),
    N_("%(word)s is not a ship"),
    N_("one of your ships: a number 1-8 or %(ships)s"),
    N_("an enemy ship: a number 1-8 or %(ships)s"),
    N_("%(word)s is not a square of the board"),
    N_("squares are a1-h8; sail off your own edge with 'dock'"),
    N_("%(word)s is not a number of levels"),
    N_("%(word)s is not a number of tasks"),
    N_("%(word)s is not a number of skills"),
    N_("write levels as a number, e.g. 1"),
    N_("write tasks as a number, e.g. 1"),
    N_("write skills as a number, e.g. 1"),
    N_("tasks must be pairs of name and number"),
    N_("skills must be pairs of name and number"),
    N_("e.g. %(order)s"),
    N_("%(skill)s can not be allocated to repairs"),
    N_("allocate SEA, GUN, AIM or BRD"),
    N_("unknown task %(word)s"),
    N_("unknown skill %(word)s"),
    N_("one of: %(words)s"),
    N_("allocate at least 1 to %(skill)s"),
    N_("leave it out instead"),
    N_("'final' stands alone on its line"),
    # 4 MOVEMENT
    N_("a second movement order (line %(line)s already moves)"),
    N_("sail, kedge or anchor only one ship a turn"),
    N_("anchor takes at most one ship"),
    N_("anchor, or anchor B1 (the ship that meets the wind)"),
    N_("you can not kedge into a dock"),
    N_("kedge to an adjacent square, or sail to dock"),
    N_("kedge needs a ship and a square"),
    N_("sail needs a ship and its path"),
    N_("sail needs a path of squares"),
    N_("%(order)s (each square adjacent)"),
    N_("tow needs the ships in line"),
    N_("a second tow line"),
    N_("name the whole line once: %(order)s"),
    N_("a ship can be towed only once"),
    N_("ram needs one enemy ship"),
    N_("a second ram"),
    N_("a ship attacks only one target"),
    N_("a ship sails its whole MOVE unless a rule stops it (an occupied square, the edge, a ram, a dock)"),
    N_("not a path policy"),
    N_("a second path policy"),
    N_("give one policy"),
    N_("%(what)s needs a sail order"),
    N_("add: %(order)s"),
    N_("a ship can not both ram and dock"),
    N_("ram or dock"),
    N_("the sailing ship can not tow itself"),
    N_("tow other ships"),
    N_("%(ship)s is not adjacent to %(other)s"),
    N_("each square of a path is next to the one before (diagonals count)"),
    N_("each square of the path is next to the one before"),
    N_("the path returns to %(square)s, the square it just left"),
    N_("the path returns to %(square)s, the square just left"),
    N_("the ship can not return to the last square from which it just sailed"),
    N_("%(square)s is occupied by %(nested_what)s"),
    N_("sail through unoccupied squares: from %(square)s to %(nested_squares)s"),
    N_(
        "%(square)s is not on your own edge (rank %(rank)s); a ship can only sail off the board to dock there"
    ),
    N_("end the path on rank %(rank)s, then dock"),
    N_("%(ship)s is engaged and can not dock"),
    N_("sail out of range first"),
    N_("%(ship)s is bound by a command transfer and can not move"),
    N_("anchor it"),
    N_("%(ship)s can not kedge to %(square)s"),
    N_("kedge to one of: %(squares)s"),
    N_("%(ship)s has no mast standing and can not sail"),
    N_("kedge or repair the rigging"),
    N_("tow ships next to the last in line"),
    N_("%(ship)s (class %(class)s) is not of a smaller class than %(other)s (class %(other_class)s)"),
    N_("each further ship in tow must be of a smaller class than the one before it"),
    N_("%(ship)s is bound by a command transfer"),
    N_("leave it out of the tow"),
    N_("%(ship)s is not adjacent to %(square)s, the end of the path"),
    N_("end the path next to the ship to ram"),
    N_(
        "%(ship)s has no engagement token: no ship can win the weather gage while engagement tokens"
        " are in play, so the ram will be refused and the ship sails on"
    ),
    N_(
        "%(ship)s has no engagement token: the ram is made only if %(other)s wins the weather gage at"
        " step 6, otherwise it is called off"
    ),
    N_("ram a ship with an engagement token, or win the weather gage first"),
    # 6 WINDWARD, 12 WEATHER GAGE
    N_("windward needs one enemy ship"),
    N_("gage move needs one square"),
    # 7 REPAIRS & DAMAGE CONTROL
    N_("repair needs a ship, tasks and the skills they come from"),
    N_("a second repair line for ship %(ship)s"),
    N_("put all its repairs on one line"),
    N_("%(needed)s repair point(s) asked but %(given)s skill level(s) allocated"),
    N_("one skill level makes one repair token"),
    N_("not a command transfer"),
    N_("transfer at least one level"),
    N_("a ship can not transfer command to itself"),
    N_("name an adjacent ship"),
    N_("a second transfer from that ship"),
    N_("transfer to a single adjacent ship"),
    N_("transfer command to a single adjacent ship"),
    N_("%(ship)s moves this turn and can not take part in a command transfer"),
    N_("neither ship may move"),
    N_("%(ship)s already has a command transfer pending"),
    N_("wait for it to take place"),
    N_("%(ship)s has CMD %(cmd)s, not %(levels)s level(s) to transfer"),
    N_("transfer at most its positive CMD levels"),
    N_(
        "%(ship)s can not lend %(levels)s level(s) of %(skill)s (it has %(available)s; no skill goes"
        " below -3)"
    ),
    N_("lend at most %(levels)s"),
    N_(
        "the published wind brings %(phrase)s to %(ship)s, the ship in turn, before the repairs: if it"
        " lowers %(skill)s (%(left)s after lending %(levels)s), the repair is cut from its last task"
    ),
    N_("lend less %(skill)s, or let another ship meet the wind"),
    N_(
        "%(ship)s is %(nested_where)s: lending %(lent)s BRD to repairs leaves it BRD %(after)s for the"
        " boarding until your next turn%(nested_lose)s"
    ),
    N_("grappled with %(ships)s"),
    N_("; it is beaten at BRD %(limit)s: it would lose the boarding before the first round"),
    N_("lend SEA, GUN or AIM instead, or keep BRD aboard"),
    # 13 ATTACKS, 26 GRAPPLE, 27 REPEL
    N_("fire needs your ship and a target"),
    N_("%(ship)s already attacks on line %(line)s"),
    N_("no ship may attack more than one target in a combat round"),
    N_("%(ship)s rams %(other)s and can not attack another target"),
    N_("%(order)s (used only if the ram fails)"),
    N_("grapple needs your ship and the target"),
    N_("a ship grapples only one target"),
    N_("one grapple line per ship"),
    N_("repel needs one of your grappled ships"),
    N_("a second repel for that ship"),
    N_("one repel per grappled ship"),
    N_("%(ship)s moves this turn and can not grapple"),
    N_("neither ship may have moved this turn"),
    N_("%(ship)s is already grappled"),
    N_("repel instead"),
    N_("grapple a ship engaged at short range"),
    N_("%(ship)s is not grappled"),
    N_("repel only with a ship that carries a grapple token"),
    N_(
        "with reactions=live your attacks, grapples and repels are not written in the turn email: they"
        " are asked after your movement, sealed together with the enemy's reaction"
    ),
    N_("leave them out; send them in answer to the request %(key)s when it comes"),
    # standing orders, the follow-up
    N_("not a standing order"),
    N_(
        "standing fire orders are 'fire at will', 'return fire', 'hold fire [ships]' or"
        " 'priority <ship> <targets>'"
    ),
    N_("drift is not part of a reaction"),
    N_("drift needs 'ignore', 'ask' or enemy ships"),
    N_("did you mean 'return fire'?"),
    N_("did you mean 'hold fire'?"),
    N_("priority needs your ship and the enemy ships it fires at, in order"),
    N_("a second continue line"),
    N_("continue once"),
    N_("continue needs squares"),
    N_("'continue straight' stands alone"),
    N_("%(ship)s is not on the board (%(what)s)"),
    N_("%(ship)s is not on the board"),
    N_("your ships afloat: %(words)s"),
    N_("enemy ships afloat: %(words)s"),
    N_("it is not the %(side)s turn"),
    N_("wait for your turn"),
    N_("no orders understood"),
    N_("reply `help` for the full order page"),
    N_("%(order)s, or %(order2)s"),
    N_("%(order)s, %(order2)s, or %(order3)s"),
)


@cache
def _first_words() -> dict[str, str]:
    """Each word an order line may start with (``return``, ``hold``) and the term it begins."""
    out: dict[str, str] = {}
    for key in ORDER_TERMS:
        english = fold(GLOSSARY.term(key).en)
        out.setdefault(english, key)
        out.setdefault(english.split()[0], key)
    return out


def _words(text: str, lang: Language) -> str:
    """A list of order words (``anchor, kedge``; ``repair or repel``; ``'sail'``) in ``lang``."""

    def word(match: re.Match[str]) -> str:
        if match[0] == "or":
            return lang.gettext(N_("or"))
        key = _first_words().get(fold(match[0]))
        if key is None:
            return match[0]
        said = GLOSSARY.word(key, lang)
        return said.lower() if match[0].islower() else said

    return re.sub(r"[A-Za-z]+", word, text)


def _part(name: str, value: str, lang: Language, table: tuple[Shape, ...]) -> str:
    if name.startswith("side"):
        key = GLOSSARY.key(value)
        return GLOSSARY.word(key, lang, 2) if key in ("british", "french") else value
    if name.startswith(("order", "what")):
        return say_syntax(value, lang)
    if name == "words":
        return _words(value, lang)
    if name.startswith("skill"):
        key = GLOSSARY.key(value)
        return GLOSSARY.word(key, lang) if key in ORDER_TERMS else value
    if name == "phrase":
        return lang.gettext(PHRASES[value]) if value in PHRASES else value
    if name.startswith("nested_"):
        return said(value, lang, table) if value else value
    return value


def said(text: str, lang: Language, table: tuple[Shape, ...]) -> str:
    """``text`` in ``lang`` by the first shape of ``table`` it fits; unchanged if it fits none."""
    if lang.code == "en" or not text:
        return text
    if text in PHRASES:
        return lang.gettext(PHRASES[text])
    for shape in table:
        match = shape.pattern.fullmatch(text)
        if match is not None:
            parts = {name: _part(name, value, lang, table) for name, value in match.groupdict().items()}
            return lang.gettext(shape.msgid) % parts
    if _is_order_text(text):
        return say_syntax(text, lang)
    return text


def _is_order_text(text: str) -> bool:
    """Whether ``text`` is order words only (an example line such as ``kedge 3 to d7``)."""
    english = {w for k in ORDER_TERMS for w in fold(GLOSSARY.term(k).en).split()} | set(PLACEHOLDERS)
    for word in re.split(r"[\s,;:|.()\[\]]+", re.sub(r"<[a-z ]+>", " ", text)):
        if word and not (fold(word) in english or re.fullmatch(r"[BbFf]?\d+|[a-h][1-8]|>", word)):
            return False
    return True


__all__ = ["LABELS", "PROBLEMS", "PROMPTS", "REASONS", "Shape", "said", "say"]
