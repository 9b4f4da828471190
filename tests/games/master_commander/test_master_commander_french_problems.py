"""Every problem Master & Commander can answer an order with is said in French to a French reader.

Two ways of making sure of it: a corpus of orders written at every request of whole bot games (the
cards, characters and seats of the moment put into every form of order line, alone and in pairs
that break the once-a-turn rules), whose every problem must come out French; and a reading of the
package's source, where every message a problem can carry (each ``Refused``, ``Problem`` and
once-a-turn message, each "what a card should be" of the checker) must have its English shape in
the catalogue's templates, so a message added without its template fails here.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest
from mc_helpers import RULES, bot_game

from adjudicator.games.base import OrderRequest, Problem
from adjudicator.games.language import ENGLISH, language
from adjudicator.games.master_commander import speech

FRENCH = language("fr")
PACKAGE = Path(speech.__file__).parent

#: every form of order line, with holes for a card, a character, a seat and a number
FORMS = (
    "keep",
    "mulligan {card}",
    "attach {card} to {char}",
    "reassign {card} to {char}",
    "play {card}",
    "play {card} on {char}",
    "play {card} challenge {char} with {char2}",
    "use {card}",
    "use {card} on {char}",
    "event {card}",
    "explore with {char}",
    "explore with {char} from {seat}",
    "raid {card} with {char}",
    "raid {card} with {char} pillage gold",
    "raid {card} with {char} pillage free {char2}",
    "raid {card} with {char} allies {seat}",
    "refute {card} with {char}",
    "agreement {card} by {char}",
    "agreement {card} by {char} terms pay {n} to {seat}",
    "agreement {card} by {char} terms pay 1 to {seat}; pay 1 to {seat}",
    "buy {n} gold",
    "sell {n} gold",
    "sell to {seat}",
    "ransom {card}",
    "recruit {card}",
    "enlist",
    "dismiss {card}",
    "rally {card}",
    "discard {card}",
    "wait",
    "pass",
    "later",
    "bid {n}",
    "for {char}",
    "against {char}",
    "abstain",
    "play {card} for",
    "oppose with {char}",
    "no opposition",
    "ask {seat}",
    "capture {char}",
    "send {char}",
    "decline",
    "accept",
    "refuse",
    "stop",
    "pay",
    "offer {n}",
    "offer {n} keep",
    "no offer",
    "standing bid {n}",
    "standing ally with {seat}",
    "standing vote for {seat}",
    "standing use {card} at end of opponents' turns",
    "standing supports of {char} to {card}",
    # lines a player mistypes
    "plya {card}",
    "raid",
    "bid lots",
    "play ''",
)

#: pairs that break a once-a-turn or once-an-answer rule, or two answers that contradict
PAIRS = (
    "discard {card}\ndiscard {card2}",
    "buy 1 gold\nsell 1 gold",
    "explore with {char}\nexplore with {char2}",
    "event {card}\nevent {card2}",
    "ransom {card}\nransom {card2}",
    "play {card}\npass",
    "pass\nplay {card}",
    "accept\nrefuse",
    "stop\nplay {card}",
    "keep\nmulligan {card}",
    "recruit {card}\nattach {card2} to {card}",
    "oppose with {char}\nno opposition",
    "for {char}\nagainst {char}",
)


def _names(state: dict[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """The card names of the game (any zone), the characters in play, and the seats."""
    from adjudicator.games.master_commander.table import Table

    table = Table(state)
    cards = sorted({table.card(uid)["name"].lower() for uid in state["cards"]})
    chars = sorted(
        {table.card(uid)["name"].lower() for p in state["players"].values() for uid in p["characters"]}
    )
    return cards, chars or cards, [*table.order, "nobody"]


def _lines(state: dict[str, Any], rng: random.Random, count: int) -> list[str]:
    cards, chars, seats = _names(state)
    written = []
    for _ in range(count):
        form = rng.choice(FORMS + PAIRS)
        written.append(
            form.format(
                card=rng.choice(cards),
                card2=rng.choice(cards),
                char=rng.choice(chars),
                char2=rng.choice(chars),
                seat=rng.choice(seats),
                n=rng.choice((0, 1, 2, 3, 9, 40)),
            )
        )
    return written


def _corpus() -> list[Problem]:
    """The problems of orders written at each request of bot games, and the requests not asked."""
    found: list[Problem] = []
    rng = random.Random(11)

    def each(state: dict[str, Any]) -> None:
        requests = RULES.requests(state)
        for r in requests:
            for text in _lines(state, rng, 25):
                parsed = RULES.parse(r, text)
                found.extend(parsed.problems + RULES.check(state, r, parsed.orders))
        if requests:
            stale = OrderRequest("bid:nobody", "nobody", "bid")
            found.extend(RULES.check(state, stale, []))

    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 5)):
        bot_game(seed, players, each, max_steps=150)
    return found


@pytest.fixture(scope="module")
def corpus() -> list[Problem]:
    return _corpus()


def test_the_corpus_provokes_many_kinds_of_problem(corpus: list[Problem]) -> None:
    shapes = {_shape(p.message) for p in corpus}
    assert len(shapes) >= 45, sorted(shapes)


def test_every_problem_of_the_corpus_is_said_in_french(corpus: list[Problem]) -> None:
    english = []
    for problem in corpus:
        message = speech.problem(problem.message, FRENCH)
        hint = speech.suggestion(problem.suggestion, FRENCH)
        if message == problem.message or (hint == problem.suggestion and _has_english(hint)):
            english.append(str(problem))
    assert not english, sorted(set(english))[:20]


def test_every_problem_of_the_corpus_stays_english_for_an_english_reader(corpus: list[Problem]) -> None:
    for problem in corpus[:2000]:
        assert RULES.problem_text(problem, ENGLISH) == str(problem)


#: words that, left in a suggestion, show it was not said in French (names and numbers apart)
_ENGLISH_WORDS = re.compile(
    r"\b(the|with|or|and|at most|choose among|write|play|pass|use|bid|offer|sell|buy|drop|ask)\b"
)


def _has_english(text: str) -> bool:
    return bool(_ENGLISH_WORDS.search(text))


def _shape(message: str) -> str:
    for pattern, template in speech._patterns(tuple(speech.PROBLEMS)):
        if pattern.fullmatch(message):
            return template
    return message


# -- the source: every message a problem can carry has its template --------------------------------


def _literal_parts(node: ast.expr) -> list[str]:
    """The words an expression making a message writes as they are (an f-string's literal parts)."""
    parts: list[str] = []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        parts.append(node.value)
    elif isinstance(node, ast.JoinedStr):
        parts.extend(v.value for v in node.values if isinstance(v, ast.Constant))
    elif isinstance(node, ast.BinOp):
        return _literal_parts(node.left) + _literal_parts(node.right)
    elif isinstance(node, ast.IfExp):
        return _literal_parts(node.body) + _literal_parts(node.orelse)
    return [p.strip(" ;,:(") for p in parts if len(p.strip(" ;,:(")) >= 4]


def _messages() -> list[tuple[str, int, str]]:
    """Every literal part of the messages the package's problems carry, where it is written."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in ("speech.py", "cards.py", "bot.py", "board.py", "picture.py", "glossary.py"):
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = ast.unparse(node.func).split(".")[-1]
            if name == "Refused" and node.args:
                message = node.args[0]
            elif name == "_once" and len(node.args) == 3:
                message = node.args[2]
            elif name in ("Problem", "TermError") and node.args:
                message = node.args[2] if name == "Problem" and len(node.args) > 2 else node.args[0]
            else:
                continue
            found.extend((path.name, node.lineno, part) for part in _literal_parts(message))
    return found


def _whats() -> list[tuple[str, int, str]]:
    """Every literal part of what the checker says a named card should be (``table.find``'s third
    argument, and the kinds a hand card is looked for as)."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            called = ast.unparse(node.func).split(".")[-1] if isinstance(node, ast.Call) else ""
            if called in ("find", "_hand_card") and len(node.args) >= 3:  # type: ignore[attr-defined]
                found.extend((path.name, node.lineno, part) for part in _literal_parts(node.args[-1]))
    return found


def test_every_message_the_rules_can_refuse_an_order_with_has_a_french_template() -> None:
    templates = [t for t in speech.PROBLEMS if FRENCH.gettext(t) != t]
    missing = [m for m in _messages() if not any(m[2] in t for t in templates)]
    assert len(_messages()) > 100
    assert not missing, missing


def test_everything_the_checker_says_a_card_should_be_has_a_french_text() -> None:
    whats = [t for t in speech.WHATS if FRENCH.gettext(t) != t]
    missing = [w for w in _whats() if not any(w[2] in t for t in whats)]
    assert len(_whats()) > 20
    assert not missing, missing


def test_a_problem_inside_an_event_is_said_in_french() -> None:
    event = "english's order 'buy 2 gold' is skipped: only one transaction with the India Company a turn."
    assert speech.event(event, FRENCH) == (
        "L'ordre 'acheter 2 Or' de english est sauté : une seule transaction avec la Compagnie des Indes "
        "par tour."
    )
    event = "spanish's ballot is not valid any more ('zzz' is not a card in your hand): it abstains."
    assert "'zzz' n'est pas une carte de votre main" in speech.event(event, FRENCH)


def test_a_suggested_order_line_is_written_with_the_french_order_words() -> None:
    assert speech.suggestion("play rum ration on <character>", FRENCH) == "jouer rum ration sur <personnage>"
    assert speech.suggestion("buy 2 gold", FRENCH) == "acheter 2 Or"
    assert speech.suggestion("bid 3 at most", FRENCH) == "miser 3 au plus"


@pytest.mark.parametrize(
    ("english", "french"),
    [
        (
            "the preparation interval is over (this is the recruitment)",
            "l'étape « intervalle de préparation » est passée (nous en sommes à l'étape « recrutement »)",
        ),
        (
            "Teniente #4 has no rank in diplomacy and cannot take part in a refutation",
            "Teniente #4 n'a pas de rang en diplomatie et ne peut pas prendre part à une réfutation",
        ),
        (
            "name at least one character for the exploration",
            "nommez au moins un personnage pour l'exploration",
        ),
        (
            "Jean Bart is not spanish and costs 1 gold more; you hold 0",
            "Jean Bart n'est pas de votre faction (marine espagnole) et coûte 1 Or de plus ; "
            "vous en détenez 0",
        ),
        ("Cutlass #12 is an item, not an action", "Cutlass #12 est un objet, pas une action"),
        (
            "'teniente' comes into play only in the recruitment ('recruit teniente', line 2), after the "
            "raid interval where this order runs: the phases run in the book's order, whatever the order "
            "of the lines",
            "'teniente' n'entre en jeu qu'à l'étape « recrutement » ('recruter teniente', ligne 2), après "
            "l'étape « intervalle de raid » où cet ordre s'exécute : les phases se déroulent dans l'ordre du "
            "livre, quel que soit l'ordre des lignes",
        ),
        ("pillage 'silver'?", "pillage 'silver' ?"),
        ("english's exploration pile is empty", "la pile exploration de english est vide"),
        (
            "Feint #9 is an engagement manoeuvre, played in the engagement segment only; this is the "
            "manoeuvre segment",
            "Feint #9 est une manœuvre d'engagement, jouée au segment d'engagement seulement ; ceci est le "
            "segment de manœuvre",
        ),
        ("french already fights for english", "french combat déjà pour english"),
        (
            "Trade Treaty #20 produces 2 doublon(s) a collection; a share of 3 is more than that",
            "Trade Treaty #20 produit 2 doublon(s) par collecte ; une part de 3 dépasse cela",
        ),
        ("spanish holds 1 doublons, not 3", "spanish a 1 doublons, pas 3"),
    ],
)
def test_the_rules_problems_of_rarer_moments_are_said_in_french(english: str, french: str) -> None:
    assert speech.problem(english, FRENCH) == french
