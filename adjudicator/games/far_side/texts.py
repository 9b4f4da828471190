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
from functools import cache

from adjudicator.games.far_side.glossary import GLOSSARY, ORDER_TERMS
from adjudicator.games.far_side.orders import PLACEHOLDERS, say, say_syntax
from adjudicator.games.language import N_, Language, Shape, fold
from adjudicator.games.language import say as say_shape

#: the parts of a shape that may hold several words (see :meth:`Shape.of`)
WIDE = (
    "nested_",
    "list_",
    "order",
    "what",
    "words",
    "phrase",
    "skills",
    "winners",
    "reason",
    "tows",
    "term",
    "ships",
    "squares",
    "path",
    "rolls",
    "rest",
)
#: what a published wind's text ends with when it has events
KEDGING = N_(" (Kedging forfeits the MOVE, not the events.)")


def _hole(name: str) -> str:
    """What a part of a shape may hold: a part named in ``WIDE`` may hold spaces, a quoted ``word``
    is what the player wrote (a French phrase such as ``'au port'`` may hold a space), any other part
    (a ship, a square, a number) is one word, so that a text fits only the shape it was written by."""
    if name == "word":
        return "'[^']*'|\"[^\"]*\"|\\S+?"
    return ".*?" if name.startswith(WIDE) else "\\S+?"


def _table(*msgids: str) -> tuple[Shape, ...]:
    """The shapes of ``msgids``, the most literal first (a specific text before a general one)."""
    return tuple(sorted((Shape.of(m, _hole) for m in msgids), key=lambda s: -s.literal))


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
        N_("published last turn"),
        N_("rolled now"),
        N_("up"),
        N_("down"),
        N_("left"),
        N_("right"),
        N_("controlled"),
        N_("uncontrolled"),
        N_("long"),
        N_("short"),
        N_("ram"),
        N_("burn"),
        N_("fires its bow-chasers"),
        N_("fires a broadside at long range"),
        N_("fires a broadside at short range"),
        N_("fires a heavy broadside at long range"),
        N_("fires a heavy broadside at short range"),
        N_("hull damage"),
        N_("a broken mast"),
        N_("no damage"),
        N_("the edge"),
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

# -- the events of a turn (turn.py, combat.py, wind.py, rules.py) ------------------------------
EVENTS = _table(
    # the turn, the end, the standing orders (rules.py)
    N_("%(nested_label)s."),
    N_("The game is over: %(nested_outcome)s."),
    N_("won by %(winners)s (%(reason)s)"),
    N_("draw (%(reason)s)"),
    N_("The %(side)s standing orders now: drift ask."),
    N_("The %(side)s standing orders now: ignore drift."),
    N_("The %(side)s standing orders now: %(nested_ships)s hold fire."),
    N_("The %(side)s standing orders now: %(ship)s fires at %(nested_ships)s first."),
    N_("The %(side)s standing orders now: %(order)s."),
    # 2 WIND, as published (wind.py) and as played
    N_("Wind for turn %(turn)s (%(side)s): white %(white)s, red %(red)s: MOVE %(move)s%(rest)s"),
    N_("no event (both dice even)"),
    N_("white 1: +1 %(skill)s to the ship in turn"),
    N_("white 1: +1 to a skill to the ship in turn (the skill rolled at resolution)"),
    N_("red 1: -1 %(skill)s of the ship in turn"),
    N_("red 1: -1 to a skill of the ship in turn (the skill rolled at resolution)"),
    N_("%(gusts)s gust(s): a gust roll per GUST for every MOVE expended"),
    N_("white 5: +1 hull strength to the ship in turn"),
    N_("red 5: storm damage (%(face)s, %(nested_what)s) to the ship in turn"),
    N_("the loss of a level of %(skill)s"),
    N_("red 5: storm damage to the ship in turn (1 DAMAGE, short row, rolled at resolution)"),
    N_("Wind (%(phrase)s): white %(white)s, red %(red)s: MOVE %(move)s."),
    N_(
        "Wind (%(phrase)s): white %(white)s, red %(red)s: its MOVE is forfeited to kedge; its events still"
        " fall on the ship in turn."
    ),
    # 1 DRIFT & TIDES
    N_("The %(side)s ignore drift."),
    N_("red %(red)s (%(phrase)s), white %(white)s (%(phrase2)s)"),
    N_("%(ship)s is picked to drift: %(nested_dice)s; it stays at %(square)s."),
    N_("%(ship)s is picked to drift: %(nested_dice)s; off the map or occupied, ignored."),
    N_("%(ship)s is picked to drift: %(nested_dice)s; it drifts from %(square)s to %(square2)s."),
    # 3 EVENT
    N_("Wind event, white 1: %(nested_change)s."),
    N_("Wind event, red 1: %(nested_change)s."),
    N_("%(ship)s gains a level of %(skill)s (now %(level)s)"),
    N_("%(ship)s loses a level of %(skill)s (now %(level)s)"),
    N_("%(ship)s's %(skill)s stays at %(level)s (limit)"),
    N_("Wind event: %(gusts)s gust(s) and shifting winds: a roll per GUST for every MOVE expended."),
    N_("Wind event, white 5: %(ship)s repairs its hull (hull %(hull)s)."),
    N_("Wind event, white 5: %(ship)s repairs its hull (hull %(hull)s), already at its class."),
    N_("Wind event, red 5: storm damage on %(ship)s."),
    # 4 MOVEMENT
    N_("The %(side)s anchor: no ship moves."),
    N_("%(ship)s is not on the board; no ship moves."),
    N_("%(ship)s is bound by a command transfer and can not move."),
    N_("%(ship)s can not kedge to %(square)s: not an unoccupied adjacent square."),
    N_("%(ship)s kedges (roll %(roll)s, total %(total)s) from %(square)s to %(square2)s."),
    N_("%(ship)s fails to kedge (roll %(roll)s, total %(total)s)."),
    N_("%(ship)s has no mast standing and can not sail."),
    N_("%(ship)s can not be taken in tow."),
    N_("%(ship)s is not of a smaller class than %(other)s; the tow stops there."),
    N_("No movement remains to take %(ship)s in tow."),
    N_("%(ship)s sails with MOVE %(move)s (wind %(wind)s, broken masts %(broken)s, SEA %(sea)s%(tows)s)."),
    N_(", tow %(ship)s %(change)s"),
    N_("%(ship)s drifted before sailing: its path is sailed shifted with it (%(path)s -> %(nested_path)s)."),
    N_("%(ship)s can not sail to %(square)s: not adjacent."),
    N_("%(ship)s can not return to %(square)s, the square it just left."),
    N_("%(ship)s can not sail into %(square)s: occupied; it stops at %(square2)s."),
    N_("Gust after MOVE %(n)s (%(roll)s): %(change)s MOVE, %(left)s left."),
    N_("%(ship)s's MOVE is spent at %(square)s, before the end of its path."),
    N_("%(ship)s sails to %(square)s."),
    N_("%(ship)s has no movement left to sail off the board and dock."),
    N_("%(ship)s has no MOVE left to ram %(other)s (a ram needs movement left after the path): no ram."),
    N_("%(ship)s is not adjacent to %(other)s: no ram, %(ship2)s sails on."),
    N_("%(ship)s is not on the board; no ram."),
    N_("%(ship)s has %(move)s MOVE left after its path; the %(side)s are asked how to go on."),
    N_("%(ship)s has no heading to continue; it stops."),
    N_("%(ship)s continues straight to %(square)s."),
    N_("%(ship)s is not on its own edge and can not dock."),
    N_("%(ship)s is engaged and can not dock."),
    N_("%(ship)s sails off the board from %(square)s and docks: it is out of the game."),
    N_(
        "%(ship)s has no engagement token and no ship can win the weather gage while engagement tokens"
        " are in play: %(other)s can not ram it (12 Weather Gage)."
    ),
    N_(
        "%(ship)s has no engagement token and %(other)s will not have the weather gage: the ram would be"
        " called off, so %(other2)s sails on (12 Weather Gage)."
    ),
    N_(
        "%(ship)s has no engagement token and %(other)s will not have the weather gage (windward position"
        " %(wp)s on %(target)s): the ram would be called off, so %(other2)s sails on (12 Weather Gage)."
    ),
    N_("%(ship)s comes alongside %(target)s to ram it."),
    # 6 WINDWARD POSITION, the live round
    N_("Windward position of %(ship)s on %(target)s: %(wp)s."),
    N_("Windward position of %(ship)s on %(target)s: %(wp)s: it has the weather gage."),
    N_("%(ship)s takes its optional weather-gage MOVE to %(square)s."),
    N_("Live reactions: %(nested_who)s this round are asked, in one sealed round."),
    N_("the %(side)s for their attacks"),
    N_("the %(side)s how their ships fire"),
    N_("the %(side)s for their attacks and the %(side2)s how their ships fire"),
    # 7 REPAIRS & DAMAGE CONTROL, 8 BURN, 9 SINKING, 10 SUNK
    N_(
        "%(ship)s has %(tokens)s repair token(s) for the %(ordered)s ordered: the repair is cut from its"
        " last task."
    ),
    N_("%(ship)s can not lend all it was ordered to (short: %(skills)s)."),
    N_("%(ship)s can not lend %(levels)s level(s) of %(skill)s to repairs."),
    N_("%(ship)s turns %(skills)s to repairs & damage control."),
    N_("%(ship)s mans the pumps (%(roll)s): the ship is kept afloat."),
    N_("%(ship)s mans the pumps (%(roll)s): keep pumping."),
    N_("%(ship)s unfouls its rigging (%(roll)s): a mast is restored."),
    N_("%(ship)s works at its rigging (%(roll)s): no mast restored."),
    N_("%(ship)s has no fire to fight."),
    N_("%(ship)s fights a %(phrase)s fire (%(roll)s): extinguished."),
    N_("%(ship)s fights an uncontrolled fire (%(roll)s): now controlled."),
    N_("%(ship)s fights a %(phrase)s fire (%(roll)s): the fire rages on."),
    N_("A command transfer names a ship not on the board; no transfer."),
    N_("%(ship)s is not adjacent to %(other)s; no transfer."),
    N_("%(ship)s or %(other)s moved this turn; no transfer."),
    N_("%(ship)s has not %(levels)s level(s) of command to transfer."),
    N_("%(ship)s prepares to transfer %(levels)s level(s) of command to %(other)s."),
    N_("Command passes from %(ship)s to %(other)s (CMD %(cmd)s)."),
    N_("The command transfer from %(ship)s fails; the levels stay aboard."),
    N_("%(fires)s controlled fire(s) aboard %(ship)s were not attended: uncontrolled."),
    N_("Fire aboard %(ship)s spreads (%(roll)s)."),
    N_("Fire aboard %(ship)s ignites powder (%(roll)s): +1 DAMAGE."),
    N_("%(ship)s is taking on water (%(roll)s) but remains afloat."),
    N_("%(ship)s sinks (%(roll)s) at %(square)s!"),
    N_("%(ship)s rescues a crew member of %(other)s (%(roll)s): +1 %(skill)s."),
    N_("A crew member of %(ship)s (%(skill)s) is drowned or captured (%(roll)s)."),
    # 23 DAMAGE DISTRIBUTION
    N_("%(ship)s takes hull damage (hull %(hull)s)"),
    N_("%(ship)s takes hull damage (hull %(hull)s), ignored"),
    N_("%(ship)s loses a level of %(skill)s (now %(level)s)."),
    N_("%(ship)s has a mast broken (%(masts)s)."),
    N_("%(ship)s has a mast broken (%(masts)s), ignored."),
    N_("The damage to %(ship)s misses (x)."),
    # 11-28 the fight (combat.py)
    N_("%(ship)s is out of range of every engaged enemy ship: its engagement token is removed."),
    N_("The grapple of %(ship)s on %(other)s is cast off."),
    N_(
        "%(ship)s has no engagement token and %(other)s has not the weather gage: the ram is called off"
        " (12 Weather Gage)."
    ),
    N_("%(ship)s has no target %(other)s in range; it holds fire."),
    N_("%(ship)s is not engaged and %(other)s has not the weather gage; it holds fire."),
    N_("%(ship)s has no fair target in range; it holds fire."),
    N_("%(ship)s has no fair target %(other)s in range; it holds fire."),
    N_("%(ship)s has the weather gage and attacks %(other)s first."),
    N_(
        "Tactical advantage %(ship)s v %(other)s: white %(white)s -> %(w)s, red %(red)s -> %(r)s:"
        " TACT %(tact)s, %(term)s."
    ),
    N_("%(ship)s rams %(other)s with %(dice)s attack dice."),
    N_("%(ship)s %(phrase)s on %(other)s: %(dice)s attack dice."),
    N_("Attack dice %(rolls)s: %(hits)s HIT."),
    N_("Accuracy dice %(rolls)s: -%(missed)s HIT."),
    N_("Poor aim on the fighting tops %(rolls)s: -%(missed)s HIT."),
    N_("Inept gun crews %(rolls)s: -%(missed)s HIT."),
    N_("%(ship)s blunders: -1 HIT and -1 GUN."),
    N_("%(ship)s blunders: -1 HIT and -1 %(skill)s."),
    N_("%(ship)s blunders: -1 HIT, otherwise it went as planned."),
    N_("No damage to %(ship)s."),
    N_("%(hits)s DAMAGE on %(ship)s (%(phrase)s row): %(skills)s."),
    N_("Heated shot sets %(ship)s on fire (%(roll)s)."),
    N_("Grapeshot & cannister: %(ship)s loses another level, of %(skill)s."),
    N_("%(ship)s now: hull %(hull)s, masts broken %(masts)s, %(skills)s, fires %(fires)s."),
    N_("%(ship)s is already grappled."),
    N_("%(ship)s or %(other)s moved this turn: no grapple."),
    N_("%(ship)s is not engaged with %(other)s at short range: no grapple."),
    N_("%(ship)s grapples %(other)s (%(roll)s)."),
    N_("%(ship)s fails to grapple %(other)s (%(roll)s)."),
    N_("%(ship)s repels the boarders of %(other)s (%(roll)s): ungrappled."),
    N_("%(ship)s fails to repel %(other)s (%(roll)s)."),
    N_("%(ship)s does not try to repel %(other)s."),
    N_(
        "%(ship)s boards %(other)s! BRD %(brd)s against %(brd2)s; a ship is beaten at BRD %(limit)s"
        " (%(ship2)s) and %(limit2)s (%(other2)s)."
    ),
    N_("Boarding round %(round)s: %(list_rounds)s. BRD now %(ship)s %(brd)s, %(other)s %(brd2)s."),
    N_("%(ship)s %(dice)s dice, %(hits)s HIT on %(other)s: %(skills)s"),
    N_("%(ship)s %(dice)s dice, %(hits)s HIT"),
    N_("Hand-to-hand after %(rounds)s round(s): %(ship)s BRD %(brd)s, %(other)s BRD %(brd2)s."),
    N_("%(ship)s is captured by %(other)s!"),
    N_("%(ship)s's boarders are beaten back; the hand-to-hand is over."),
    N_("The hand-to-hand ends without a decision."),
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


#: the book's skill abbreviations, as a word of a text
_SKILL = re.compile(r"\b(SEA|GUN|CMD|MOR|AIM|BRD)\b")


def _skills(text: str, lang: Language) -> str:
    """``text`` with every skill abbreviation (``GUN 2, SEA 1``; ``S (MOR), H``) said in ``lang``."""
    return _SKILL.sub(lambda m: GLOSSARY.word(fold(m[0]), lang), text)


def _part(name: str, value: str, lang: Language, table: tuple[Shape, ...]) -> str:
    if name == "winners":
        return ", ".join(_part("side", w, lang, table) for w in value.split(", "))
    if name == "reason":
        return said(value, lang, REASONS)
    if name == "nested_label":
        return said(value, lang, LABELS)
    if name == "nested_outcome":
        return said(value, lang, table)
    if name.startswith("list_"):
        return "; ".join(said(p, lang, table) for p in value.split("; "))
    if name == "rest":  # the published wind's events: "; <event>; <event>." and a note
        note = lang.gettext(KEDGING) if value.endswith(KEDGING) else ""
        value = value.removesuffix(KEDGING).removesuffix(".")
        return "; ".join(said(p, lang, table) for p in value.split("; ")) + "." + note
    if name == "tows":
        return re.sub(
            r", tow (\S+) (\S+)",
            lambda m: lang.gettext(N_(", tow %(ship)s %(change)s")) % {"ship": m[1], "change": m[2]},
            value,
        )
    if name == "term":
        key = GLOSSARY.key(value)
        return GLOSSARY.word(key, lang) if key is not None else value
    if name.startswith("skills"):
        return _skills(value, lang)
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
    if name.startswith("phrase"):
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
    found = say_shape(table, text, lang, lambda name, value, lang: _part(name, value, lang, table))
    if found is not None:
        return found
    if _is_order_text(text):
        return say_syntax(text, lang)
    return text


#: every English word of an order line, and the placeholders of a syntax
_ORDER_WORDS = frozenset(
    {w for k in ORDER_TERMS for w in fold(GLOSSARY.term(k).en).split()} | set(PLACEHOLDERS)
)


def _is_order_text(text: str) -> bool:
    """Whether ``text`` is order words only (an example line such as ``kedge 3 to d7``)."""
    english = _ORDER_WORDS
    for word in re.split(r"[\s,;:|.()\[\]]+", re.sub(r"<[a-z ]+>", " ", text)):
        if word and not (fold(word) in english or re.fullmatch(r"[BbFf]?\d+|[a-h][1-8]|>", word)):
            return False
    return True


__all__ = ["EVENTS", "LABELS", "PROBLEMS", "PROMPTS", "REASONS", "Shape", "said", "say"]
