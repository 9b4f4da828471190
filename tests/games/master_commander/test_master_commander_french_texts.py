"""Master & Commander's prompts, labels, outcomes and problems said in French from their English
shape: what the record keeps stays English, a French reader reads every one of them in French."""

from __future__ import annotations

import json
import random
import re

import pytest
from mc_helpers import RULES, bot_game, new_game, play, problems

from adjudicator.games.base import Event, OrderRequest, Outcome, Problem, problem_text
from adjudicator.games.dice import Dice
from adjudicator.games.language import ENGLISH, language
from adjudicator.games.master_commander import speech
from adjudicator.games.master_commander.cards import card_text, card_text_in, catalogue
from adjudicator.games.master_commander.glossary import GLOSSARY

FRENCH = language("fr")


def _asked(seeds: range) -> list[tuple[OrderRequest, str]]:
    """Every request of bot games over ``seeds``, with the turn's label when it was asked."""
    seen: list[tuple[OrderRequest, str]] = []

    def each(state: dict) -> None:
        seen.extend((r, RULES.label(state)) for r in RULES.requests(state))

    for seed in seeds:
        bot_game(seed, 2 + seed % 4, each, max_steps=300)
    return seen


def test_every_prompt_and_label_of_bot_games_has_a_french_text() -> None:
    asked = _asked(range(4))
    kinds = {r.kind for r, _ in asked}
    assert {"mulligan", "turn", "manoeuvre", "defend"} <= kinds
    for request, label in asked:
        for english, french in (
            (request.prompt, RULES.prompt_text(request, FRENCH)),
            (request.label, RULES.label_text(request.label, FRENCH)),
            (label, RULES.label_text(label, FRENCH)),
        ):
            assert french != english, english
            assert RULES.prompt_text(request, ENGLISH) == request.prompt
        assert "Play a" not in RULES.prompt_text(request, FRENCH)


def test_french_prompts_name_the_orders_in_french() -> None:
    prompts = {r.kind: RULES.prompt_text(r, FRENCH) for r, _ in _asked(range(2))}
    assert "'refaire tout'" in prompts["mulligan"]
    assert "'attendre'" in prompts["turn"]
    assert "'passer'" in prompts["manoeuvre"] and "manœuvre" in prompts["manoeuvre"]


@pytest.mark.parametrize(
    ("reason", "french"),
    [
        ("spanish starts a turn with 10 gold", "spanish commence un tour avec 10 Or"),
        ("english holds the seven seas", "english contrôle les sept mers"),
        ("turn limit of 12 rounds: most gold", "limite de 12 tours de table : le plus d'Or"),
    ],
)
def test_every_way_a_game_ends_is_said_in_french(reason: str, french: str) -> None:
    said = RULES.outcome_text(Outcome(("spanish",), reason), FRENCH)
    assert french in said and said != RULES.outcome_text(Outcome(("spanish",), reason), ENGLISH)


#: bad lines for each kind of request: every problem the parser finds in them is said in French
BAD_LINES = [
    ("turn", "raid avec teniente"),
    ("turn", "fly away"),
    ("turn", "jouerr feint"),
    ("turn", "plya feint"),
    ("turn", "buy many gold"),
    ("turn", "play '"),
    ("turn", "agreement trade treaty by segundo terms"),
    ("turn", "agreement trade treaty by segundo terms give 1 to french"),
    ("turn", "agreement trade treaty by segundo terms pay 0 to french"),
    ("turn", "agreement trade treaty by segundo terms pay 1 to !!"),
    ("turn", "agreement trade treaty by segundo terms pay 1 to french; pay 2 to french"),
    ("turn", "accord trade treaty par segundo termes payer trop"),
    ("turn", "agreement x by y terms " + "; ".join(f"pay 1 to s{i}" for i in range(9))),
    ("mulligan", "keep\nmulligan all"),
    ("duel", "accepter\nrefuser"),
    ("bid", "miser beaucoup"),
    ("vote", "pour"),
    ("offer", "offrir\npas d'offre"),
]


@pytest.mark.parametrize(("kind", "text"), BAD_LINES)
def test_the_problems_of_bad_lines_are_all_said_in_french(kind: str, text: str) -> None:
    request = OrderRequest(f"{kind}:spanish", "spanish", kind)
    problems = RULES.parse(request, text).problems
    assert problems, text
    for problem in problems:
        french = RULES.problem_text(problem, FRENCH)
        assert speech.problem(problem.message, FRENCH) != problem.message, problem.message
        if problem.suggestion:
            assert speech.suggestion(problem.suggestion, FRENCH) != problem.suggestion, problem.suggestion
        assert french.startswith("ligne ") and french != str(problem)
        assert RULES.problem_text(problem, ENGLISH) == str(problem)


def test_orders_that_are_not_text_are_refused_in_french() -> None:
    problem = RULES.parse(OrderRequest("turn:spanish", "spanish", "turn"), 12).problems[0]  # type: ignore[arg-type]
    assert RULES.problem_text(problem, FRENCH) == "les ordres doivent être du texte"


def test_a_message_of_unknown_shape_stays_english_without_a_crash() -> None:
    rng = random.Random(7)
    for _ in range(200):
        text = "".join(rng.choice("ab %()s'\"#:;,.«»\n0123456789") for _ in range(rng.randint(0, 40)))
        problem = Problem(1, "illegal", text, text)
        said = RULES.problem_text(problem, FRENCH)
        assert said == problem_text(problem, FRENCH, text, text)
    assert RULES.label_text("something new", FRENCH) == "something new"


# -- events ------------------------------------------------------------------------------------------


def _events(seed: int, players: int) -> list:
    """Every event of a bot game (its dice and bots seeded by ``seed``)."""
    options = RULES.parse_options({"players": str(players)})
    state = RULES.setup(options, RULES.seat_names(options), Dice(f"events-{seed}".encode()))
    rng = random.Random(seed)
    told = []
    for step in range(400):
        if RULES.outcome(state):
            break
        texts = {r.key: RULES.bot(state, r, rng) for r in RULES.requests(state)}
        state, events = play(state, texts, Dice(f"events-{seed}-{step}".encode()))
        told.extend(events)
    return told


_NAMES = re.compile(
    "|".join(sorted((re.escape(c["name"]) for c in catalogue().values()), key=len, reverse=True))
    + r"|#?[0-9]+|\b(?:spanish|english|french|brethren|buccaneers)\b"
)


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 5)])
def test_every_event_of_bot_games_has_a_french_text(seed: int, players: int) -> None:
    events = _events(seed, players)
    assert len({e.kind for e in events}) > 15
    for event in events:
        record = json.dumps(event.to_json(), sort_keys=True)
        french = RULES.event_text(event, FRENCH)
        assert _NAMES.sub("", french) != _NAMES.sub("", event.text), event.text
        assert RULES.event_text(event, ENGLISH) == event.text
        assert json.dumps(event.to_json(), sort_keys=True) == record


def test_a_card_is_described_in_french_in_an_event() -> None:
    cutlass = catalogue()["cutlass"]
    event = Event(f"spanish attaches Cutlass #12 ({card_text(cutlass)}) to Teniente #3.", "attach")
    said = RULES.event_text(event, FRENCH)
    assert said == f"spanish attache Cutlass #12 ({card_text_in(cutlass, FRENCH)}) à Teniente #3."
    assert "objet sur un personnage" in said


# -- the board and the private text ----------------------------------------------------------------


def _mid_game_views() -> list[dict]:
    """Views of a bot game during a battle (each seat's and the public's) and at every 10th step."""
    views: list[dict] = []

    def each(state: dict) -> None:
        if state.get("battle") or len(views) % 10 == 0:
            views.extend(RULES.view(state, seat) for seat in (None, *state["order"]))

    bot_game(5, 3, each, max_steps=120)
    return views


def test_the_french_board_uses_the_glossarys_words_not_the_english_ones() -> None:
    views = _mid_game_views()
    assert any(v.get("battle") for v in views)
    replaced = {
        "India Company: ": "Compagnie des Indes : ",
        "   haven: ": "   repaire : ",
        "   tavern: ": "   taverne : ",
        "   in activity: ": "   en activité : ",
        "crew pile": "pile équipage",
        "exploration pile": "pile exploration",
        " gold, ": " Or, ",
    }
    for view in views:
        english, french = RULES.board_text(view), RULES.board_text(view, FRENCH)
        for word, mot in replaced.items():
            assert word in english and mot in french and word not in french, word
        if view.get("battle"):
            assert "Battle (" in english and "Battle (" not in french
            assert GLOSSARY.word(f"{view['battle']['type']}-battle", FRENCH) in french


def test_the_french_private_text_says_the_waiting_orders_in_french() -> None:
    view = {
        "cards": {},
        "catalogue": {},
        "you": {"queue": [{"verb": "recruit", "card": "teniente"}], "written_duel_steps": [{"verb": "stop"}]},
    }
    english, french = RULES.private_text(view), RULES.private_text(view, FRENCH)
    assert english == (
        "Your orders waiting for the rest of your turn: recruit teniente\n"
        "Your duel steps written in advance: stop"
    )
    assert french == (
        "Vos ordres en attente pour la suite de votre tour : recruter teniente\n"
        "Vos étapes de duel écrites à l'avance : mettre fin au duel"
    )


@pytest.mark.parametrize(
    ("line", "french"),
    [
        ("jouer zzz", "'zzz' n'est pas une action de votre main (choisissez parmi "),
        (
            "raid nowhere with teniente",
            "'nowhere' n'est pas un repaire ou territoire adverse (choisissez parmi ",
        ),
        ("recruter zzz", "'zzz' n'est pas un personnage de votre taverne (choisissez parmi "),
        ("explore with zzz", "'zzz' n'est pas un personnage redressé de spanish (il n'y en a aucun)"),
    ],
)
def test_the_checkers_problems_of_a_card_not_found_are_said_in_french(line: str, french: str) -> None:
    state = new_game(3)
    (problem,) = problems(state, "turn:spanish", line)
    assert RULES.problem_text(problem, FRENCH).startswith("ligne 1 : " + french)


def test_the_french_board_names_a_packaged_deck_in_french_and_once() -> None:
    state = new_game(3)
    french = RULES.board_text(RULES.view(state, "spanish"), FRENCH)
    english = RULES.board_text(RULES.view(state, "spanish"), ENGLISH)
    assert "== spanish (Marine espagnole) : 0 Or, " in french
    assert "Spanish navy" not in french and "navy" not in french
    assert "== spanish (Spanish navy, spanish): 0 gold, " in english
