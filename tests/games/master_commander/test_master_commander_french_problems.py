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
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from mc_helpers import RULES, add, attach, bot_game, clear_board, engagement_passed, new_game, play, problems

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
    "play #{n}999",
    "agreement {card} by {char} terms",
    "agreement {card} by {char} terms pay 1 to a; pay 1 to b; pay 1 to c; pay 1 to d; pay 1 to e; pay 1 to f",
    "agreement {card} by {char} terms give {n} to {seat}",
    "agreement {card} by {char} terms pay lots to {seat}",
    "agreement {card} by {char} terms pay 1 to the king",
    "agreement {card} by {char} terms pay {n} to {seat}; pay 1 to {seat}",
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


def _spent(state: dict[str, Any]) -> None:
    """Every once-a-turn step of the turn already taken."""
    state["turn_state"].update(
        {k: True for k in ("explore_or_raid", "agreement_or_refute", "transaction", "ransom", "discarded")}
    )


def _later_phase(state: dict[str, Any]) -> None:
    """The turn already at its trade phase (the orders of the earlier phases are too late)."""
    state["turn_state"]["phase"] = 3


def _tapped(state: dict[str, Any]) -> None:
    """Every card in play tapped."""
    for p in state["players"].values():
        for uid in [p["haven"], *p["territories"], *p["characters"]]:
            state["cards"][uid]["tapped"] = True
            for attached in state["cards"][uid]["attached"]:
                state["cards"][attached]["tapped"] = True


def _poor(state: dict[str, Any]) -> None:
    """No gold, no doublons, no crew, nothing left to explore, nothing in the Company's stock."""
    for p in state["players"].values():
        p.update({"gold": 0, "doublons": 0, "crew": [], "exploration": []})
    state["company_gold"] = 0


def _mourning(state: dict[str, Any]) -> None:
    """Every named character of the taverns also lies in its owner's dead pile (a copy died)."""
    for p in state["players"].values():
        p["dead"] = [*p["dead"], *p["tavern"]]


def _crowded(state: dict[str, Any]) -> None:
    """Every card in play already holds as many attachments as its command allows (and more)."""
    for p in state["players"].values():
        spare = list(p["hand"])
        for uid in [p["haven"], *p["territories"], *p["characters"]]:
            state["cards"][uid]["attached"] = [*state["cards"][uid]["attached"], *spare[:6]]


#: the same moments, seen in states a bot game may not reach often
VARIANTS = (_spent, _later_phase, _tapped, _poor, _mourning, _crowded)


def _corpus() -> list[Problem]:
    """The problems of orders written at each request of bot games, in the states the games reach
    and in variants of them, and of requests no longer asked."""
    found: list[Problem] = []
    rng = random.Random(11)

    def each(state: dict[str, Any]) -> None:
        requests = RULES.requests(state)
        for r in requests:
            for text in _lines(state, rng, 25):
                parsed = RULES.parse(r, text)
                found.extend(parsed.problems + RULES.check(state, r, parsed.orders))
            for variant in VARIANTS:
                changed = json.loads(json.dumps(state))
                variant(changed)
                for text in _lines(changed, rng, 6):
                    parsed = RULES.parse(r, text)
                    found.extend(RULES.check(changed, r, parsed.orders))
        if requests:
            stale = OrderRequest("bid:nobody", "nobody", "bid")
            found.extend(RULES.check(state, stale, []))
            found.extend(RULES.parse(requests[0], 12).problems)  # type: ignore[arg-type]

    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 5)):
        bot_game(seed, players, each, max_steps=120)
    return found


@pytest.fixture(scope="module")
def corpus() -> list[Problem]:
    return _corpus()


def test_the_corpus_provokes_many_kinds_of_problem(corpus: list[Problem]) -> None:
    shapes = {_shape(p.message) for p in corpus}
    assert len(shapes) >= 50, sorted(shapes)


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
    assert speech.suggestion("sell to one of english, french", FRENCH) == (
        "vendre à l'un de ces joueurs : english, french"
    )
    assert speech.suggestion("explore from english", FRENCH) == "explorer depuis english"
    assert speech.suggestion("play boarding party challenge <opponent> with <yours>", FRENCH) == (
        "jouer boarding party défi <adversaire> avec <le vôtre>"
    )
    assert speech.suggestion("bid 3 at most", ENGLISH) == "bid 3 at most"


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
        ("spanish holds 1 doublons, not 3", "spanish détient 1 doublons, pas 3"),
    ],
)
def test_the_rules_problems_of_rarer_moments_are_said_in_french(english: str, french: str) -> None:
    assert speech.problem(english, FRENCH) == french


# -- the rarer refusals of a turn, each provoked in a state built for it -----------------------------


def _spain(*characters: str) -> tuple[dict[str, Any], list[str]]:
    """Spain to play, its hand and tavern empty, with these characters in activity."""
    state = new_game()
    clear_board(state)
    return state, [add(state, "spanish", card, "characters") for card in characters]


def _used_twice() -> tuple[dict[str, Any], str, str]:
    state = new_game(decks="smugglers,english")
    clear_board(state)
    add(state, "smugglers", "fence", "characters")
    return state, "turn:smugglers", "use fence\nuse fence"


def _battle_ability() -> tuple[dict[str, Any], str, str]:
    state, (captain,) = _spain("galleon-captain")
    attach(state, captain, "signal-flags", "spanish")
    return state, "turn:spanish", "use signal flags"


def _explored_twice() -> tuple[dict[str, Any], str, str]:
    state, uids = _spain(*["galleon-captain", "teniente", "segundo"] * 2)
    first, second = ", ".join(f"#{u}" for u in uids[:3]), ", ".join(f"#{u}" for u in uids[3:])
    return state, "turn:spanish", f"explore with {first}\nexplore with {second}"


def _nothing_to_explore() -> tuple[dict[str, Any], str, str]:
    state, uids = _spain("galleon-captain", "teniente", "segundo")
    state["players"]["spanish"]["exploration"] = []
    return state, "turn:spanish", "explore with " + ", ".join(f"#{u}" for u in uids)


def _no_command_to_spare() -> tuple[dict[str, Any], str, str]:
    state, (teniente,) = _spain("teniente")
    attach(state, teniente, "spyglass", "spanish")
    add(state, "spanish", "cutlass", "hand")
    return state, "turn:spanish", f"attach cutlass to #{teniente}"


def _foreign_recruit() -> tuple[dict[str, Any], str, str]:
    state, _ = _spain()
    add(state, "spanish", "post-captain", "tavern")
    state["players"]["spanish"]["gold"] = 0
    return state, "turn:spanish", "recruit post captain"


def _dead_recruit() -> tuple[dict[str, Any], str, str]:
    state, _ = _spain()
    add(state, "spanish", "blas-de-lezo", "tavern")
    add(state, "spanish", "blas-de-lezo", "dead")
    return state, "turn:spanish", "recruit blas de lezo"


def _unique_recruit() -> tuple[dict[str, Any], str, str]:
    state, _ = _spain()
    add(state, "spanish", "blas-de-lezo", "tavern")
    add(state, "english", "blas-de-lezo", "characters")
    return state, "turn:spanish", "recruit blas de lezo"


def _rally_nobody() -> tuple[dict[str, Any], str, str]:
    state, _ = _spain()
    add(state, "spanish", "blas-de-lezo", "tavern")
    return state, "turn:spanish", "rally blas de lezo"


def _two_ransoms() -> tuple[dict[str, Any], str, str]:
    state, _ = _spain()
    first = add(state, "english", "post-captain", "captured")
    second = add(state, "english", "post-captain", "captured")
    state["players"]["english"]["captured"].remove(first)
    state["players"]["english"]["captured"].remove(second)
    state["players"]["spanish"]["captured"] += [first, second]
    return state, "turn:spanish", f"ransom #{first}\nransom #{second}"


def _fleets(spanish: list[str], english: list[str], players: int = 2) -> dict[str, Any]:
    """Spain to play, each side with these characters in activity and 10 doublons."""
    state = new_game(players)
    clear_board(state)
    for card_id in spanish:
        add(state, "spanish", card_id, "characters")
    for card_id in english:
        add(state, "english", card_id, "characters")
    for p in state["players"].values():
        p["doublons"] = 10
    return state


def _refutation(defence: str = "") -> dict[str, Any]:
    """Spain refutes England's Trade Treaty (an economic battle); England holds two manoeuvres."""
    state = _fleets(["teniente"], ["colonial-governor"])
    add(state, "english", "trade-treaty", "agreements")
    add(state, "english", "bribe", "hand")
    add(state, "english", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "refute trade treaty with teniente"})
    if defence:
        return state
    state, _ = play(state, {"defend:english": "oppose with colonial governor"})
    state, _ = engagement_passed(state)
    return state


def _raid(*hand: str) -> dict[str, Any]:
    """Spain raids England's haven unopposed, holding these cards: the engagement segment."""
    state = _fleets(["galleon-captain", "teniente"], ["boatswain"])
    for card_id in hand:
        add(state, "spanish", card_id, "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "no opposition"})
    return state


def _tactical_in_economic() -> tuple[dict[str, Any], str, str]:
    return _refutation(), "manoeuvre:english", "play broadside"


def _capture_in_economic() -> tuple[dict[str, Any], str, str]:
    return _refutation("asked"), "defend:english", "oppose with colonial governor\ncapture best"


def _battle_manoeuvre_at_engagement() -> tuple[dict[str, Any], str, str]:
    return _raid("broadside"), "manoeuvre:spanish", "play broadside"


def _two_engagement_manoeuvres() -> tuple[dict[str, Any], str, str]:
    return (
        _raid("weather-gauge", "surprise-attack"),
        "manoeuvre:spanish",
        "play weather gauge\nplay surprise attack",
    )


def _engagement_manoeuvre_too_late() -> tuple[dict[str, Any], str, str]:
    state = _raid("weather-gauge", "broadside")
    state, _ = play(state, {"manoeuvre:spanish": "pass"})
    return state, "manoeuvre:spanish", "play weather gauge"


def _challenge_without_opponent_named() -> tuple[dict[str, Any], str, str]:
    state = _fleets(["galleon-captain", "teniente"], ["boatswain"])
    add(state, "spanish", "boarding-party", "hand")
    add(state, "spanish", "broadside", "hand")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain, teniente"})
    state, _ = play(state, {"defend:english": "oppose with boatswain"})
    state, _ = engagement_passed(state)
    return state, "manoeuvre:spanish", "play boarding party"


def _ally_of_both_sides() -> tuple[dict[str, Any], str, str]:
    state = _fleets(["galleon-captain"], ["boatswain"], players=3)
    add(state, "french", "capitaine-de-fregate", "characters")
    add(state, "french", "gouverneur", "characters")
    state, _ = play(state, {"turn:spanish": "raid english with galleon captain allies french"})
    state, _ = play(state, {"ally:french": "send capitaine de fregate"})
    return state, "defend:english", "no opposition\nask french"


@pytest.mark.parametrize(
    ("build", "french"),
    [
        (_tactical_in_economic, "est une manœuvre tactique et ceci est une bataille économique (jouez une"),
        (_capture_in_economic, "pas de capture après une bataille économique (la banqueroute à la place)"),
        (_battle_manoeuvre_at_engagement, "est une manœuvre de bataille ; ceci est le segment d'engagement"),
        (_two_engagement_manoeuvres, "une seule manœuvre d'engagement chacun (retirez cette ligne)"),
        (_engagement_manoeuvre_too_late, "jouée au segment d'engagement seulement ; ceci est le segment de"),
        (_challenge_without_opponent_named, "est un défi (jouer boarding party défi <adversaire> avec"),
        (_ally_of_both_sides, "french combat déjà pour spanish (demandez à un autre joueur)"),
    ],
)
def test_a_refusal_in_a_battle_is_said_in_french(build: Any, french: str) -> None:
    state, key, text = build()
    said = [RULES.problem_text(p, FRENCH) for p in problems(state, key, text)]
    assert any(french in s for s in said), said


@pytest.mark.parametrize(
    ("build", "french"),
    [
        (_used_twice, "est incliné jusqu'à votre retour au port"),
        (_battle_ability, "est une capacité de bataille (utilisez-la au segment de manœuvre"),
        (_explored_twice, "vous avez déjà exploré ou lancé un raid ce tour-ci"),
        (_nothing_to_explore, "la pile exploration de spanish est vide (explorer depuis english)"),
        (_no_command_to_spare, "a un commandement de 1 et porte déjà 1 attachement(s)"),
        (_foreign_recruit, "n'est pas de votre faction (marine espagnole) et coûte 2 Or de plus"),
        (_dead_recruit, "est mort et ne peut plus jamais être recruté"),
        (_unique_recruit, "est déjà en jeu (les personnages nommés sont uniques) (rallier blas de lezo)"),
        (_rally_nobody, "n'est pas en activité chez un adversaire (recruter blas de lezo)"),
        (_two_ransoms, "une seule rançon par tour"),
    ],
)
def test_a_rarer_refusal_of_a_turn_is_said_in_french(build: Any, french: str) -> None:
    state, key, text = build()
    found = problems(state, key, text)
    assert found, text
    said = [RULES.problem_text(p, FRENCH) for p in found]
    assert any(french in s for s in said), said


def test_the_reason_an_order_is_skipped_in_a_bot_game_is_said_in_french() -> None:
    """An order written before a sealed moment may not be legal any more when it runs: the event
    telling it is skipped carries the refusal, said in French as the acknowledgement says it."""
    events: list[Any] = []
    original = RULES.resolve

    def resolve(state: dict[str, Any], orders: dict[str, Any], dice: Any) -> Any:
        state, told = original(state, orders, dice)
        events.extend(told)
        return state, told

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RULES, "resolve", resolve)
        for seed in range(6):
            bot_game(seed, 2 + seed % 4, max_steps=300)
    skipped = [e.text for e in events if "is skipped: " in e.text]
    assert skipped
    for text in skipped:
        reason = text.split("is skipped: ", 1)[1].removesuffix(".")
        french = speech.event(text, FRENCH)
        assert reason not in french and speech.problem(reason, FRENCH) in french, french


def _suggestions() -> list[tuple[str, int, str]]:
    """Every suggestion the package's refusals write as a plain string."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] in ("Refused", "Problem"):
                at = 3 if ast.unparse(node.func).endswith("Problem") else 1
                if len(node.args) > at:
                    hint = node.args[at]
                    for text in (hint.body, hint.orelse) if isinstance(hint, ast.IfExp) else (hint,):
                        if isinstance(text, ast.Constant) and isinstance(text.value, str) and text.value:
                            found.append((path.name, node.lineno, text.value))
    return found


def test_every_plain_suggestion_of_a_refusal_is_said_in_french() -> None:
    suggestions = _suggestions()
    assert len(suggestions) > 20
    english = [s for s in suggestions if speech.suggestion(s[2], FRENCH) == s[2]]
    assert not english, english
