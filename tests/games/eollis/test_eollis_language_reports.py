"""Eollis in French beyond the orders: prompts, labels, outcomes and problems said in French, from
the English texts the record keeps."""

from __future__ import annotations

import pytest
from eollis_helpers import RULES, at_event, scene
from test_eollis_language import FR, played

from adjudicator.games.base import OrderRequest, Outcome, Problem
from adjudicator.games.eollis import orders as grammar
from adjudicator.games.eollis import speech
from adjudicator.games.language import ENGLISH

GAMES = {seed: played(seed, players) for seed, players in ((3, 3), (4, 4), (5, 5))}


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_every_prompt_and_label_of_a_bot_game_has_a_french_text(seed: int) -> None:
    seen = 0
    for turn in GAMES[seed]:
        for request, _ in turn["asked"]:
            assert RULES.prompt_text(request, ENGLISH) == request.prompt
            assert RULES.label_text(request.label, ENGLISH) == request.label
            french = RULES.prompt_text(request, FR)
            assert french != request.prompt and french.strip(), request.prompt
            label = RULES.label_text(request.label, FR)
            assert label != request.label and label.startswith("Expédition "), request.label
            seen += 1
    assert seen > 30


def test_a_label_names_the_event_and_its_number_in_french() -> None:
    assert RULES.label_text("Expedition 2, Event 3: Bal du Gouverneur", FR) == (
        "Expédition 2, Événement 3 : Bal du Gouverneur"
    )
    assert RULES.label_text("Game over", FR) == "Partie terminée"
    assert RULES.label_text("something else", FR) == "something else"


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_the_outcome_of_a_bot_game_is_said_in_french(seed: int) -> None:
    outcome = RULES.outcome(GAMES[seed][-1]["after"])
    assert outcome is not None
    french = RULES.outcome_text(outcome, FR)
    assert french != str(outcome) and all(w in french for w in outcome.winners)
    assert "renommée" in french and outcome.reason not in french
    assert RULES.outcome_text(outcome, ENGLISH) == str(outcome)


@pytest.mark.parametrize(
    "reason",
    [
        "most fame (12) after three Expeditions",
        "fame 12, tie broken by the most living pirates (4)",
        "fame 12 and 4 living pirates, tie broken by a duel of Bagou",
    ],
)
def test_every_reason_a_game_ends_is_said_in_french(reason: str) -> None:
    said = RULES.outcome_text(Outcome(("rouge",), reason), FR)
    assert "renommée" in said and reason not in said


BAD_LINES = {
    "muster": ["pass now", "keep some", "release", "discard", "sacrifice", "zzz", "swap a and b"],
    "election": [
        "recruit",
        "recruit combat, le borgne",
        "posts nowhere",
        "posts ,",
        "order",
        "gift",
        "side both",
        "mutiny now",
        "no way",
        "repair roll sometimes",
        "lookout maybe",
        "plan soon",
        "x" * 400,
        "aide bleu coup de chance",
        "passe maintenant",
    ],
    "test": ["help rouge", "repair with", "accident x", "hinder bleu", "continue"],
    "decision": ["swap a", "swap a and a", "continue now", "échange a"],
    "brawl": ["brawl x", "bagarre x sur"],
}


def _bad_states() -> list[tuple[dict, str, str]]:
    crews = {"rouge": ["P01", "P06"], "bleu": ["P03"], "vert": ["P05"]}
    hands = {"rouge": ["A06", "A07", "A22", "A24", "A29", "A30", "A31"]}
    event = at_event(scene(crews=crews, posts={"capitaine": "P01", "second": "P06"}, hands=hands), "E05")
    special = at_event(
        scene(crews=crews, posts={"capitaine": "P01", "second": "P06", "harponneur": "P03"}, hands=hands),
        "E16",
    )
    election = scene(crews=crews, hands=hands)
    election["pending"] = {"kind": "election", "seats": election["seats"], "optional": []}
    decision = scene(crews=crews, posts={"capitaine": "P03", "second": "P06"}, hands=hands)
    decision["pending"] = {"kind": "decision", "seats": decision["seats"], "optional": []}
    decision["swap_used"] = True
    used = scene(crews=crews, hands=hands)
    used["pending"] = {"kind": "election", "seats": used["seats"], "optional": []}
    used["pirates"]["P01"]["used"] = True
    hold = at_event(scene(crews=crews, posts={"capitaine": "P01"}, hold=["P06"], hands=hands), "E05")
    captain = scene(crews=crews, posts={"capitaine": "P01", "second": "P03", "vigie": "P06"}, hands=hands)
    captain["pending"] = {"kind": "decision", "seats": captain["seats"], "optional": []}
    captain["swap_used"] = True
    brawl = scene(crews=crews, hands=hands)
    brawl["pending"] = {"kind": "brawl", "seats": brawl["seats"], "optional": []}
    return [
        (event, "test:rouge", "play bravour\ntest mirelle la rousse\nhinder noir with bravoure"),
        (event, "test:rouge", "hinder rouge with bravoure\nplay accident"),
        (event, "test:rouge", "play bravoure\nplay bravoure"),
        (event, "test:rouge", "hinder bleu with bravoure\nhinder bleu with croc-en-jambe"),
        (event, "test:rouge", "power le borgne\naccident toure l'eventreuse with accident"),
        (special, "test:rouge", "test le borgne"),
        (
            election,
            "election:rouge",
            "gift rouge\ngift noir\nrelease nobody\ncandidate nobody\nmutiny if continue with x",
        ),
        (decision, "decision:rouge", "swap le borgne and toure l'eventreuse\ncontinue\nreturn"),
        (used, "election:rouge", "power toure l'eventreuse"),
        (hold, "test:rouge", "power le borgne"),
        (captain, "decision:rouge", "swap le borgne and mirelle la rousse\nmutiny if continue with x"),
        (brawl, "brawl:rouge", "brawl vol a la tire on bleu\nbrawl defi on bleu\nbrawl defi on bleu"),
    ]


def corpus() -> list[Problem]:
    found: list[Problem] = []
    for kind, lines in BAD_LINES.items():
        found += grammar.parse(kind, "\n".join(lines)).problems
    found += grammar.parse("test", "pass\n" * 201).problems
    found += grammar.parse("test", b"bytes").problems  # type: ignore[arg-type]
    for state, key, text in _bad_states():
        request = next(r for r in RULES.requests(state) if r.key == key)
        found += RULES.check(state, request, RULES.parse(request, text).orders)
    state = _bad_states()[0][0]
    found += RULES.check(state, OrderRequest("brawl:rouge", "rouge", "brawl"), [])
    found += RULES.check(
        state, RULES.requests(state)[0], [{"verb": "power", "name": "le-borgne", "line": 1}] * 2
    )
    return found


def test_the_problems_of_a_corpus_of_bad_lines_are_all_said_in_french() -> None:
    problems = corpus()
    shapes = {
        i for p in problems for i, (shape, _) in enumerate(speech.PROBLEMS) if shape.fullmatch(p.message)
    }
    assert len(shapes) >= len(speech.PROBLEMS) - 3  # the corpus reaches nearly every shape of problem
    for problem in problems:
        message = speech.problem_words(problem.message, FR)
        assert message is not None and message != problem.message, problem.message
        suggestion = speech.suggestion_words(problem.suggestion, FR)
        assert suggestion is not None, problem.suggestion
        same = problem.suggestion in ("", "continue", "refuse")  # the same word in both languages
        assert suggestion != problem.suggestion or same, problem.suggestion
        text = RULES.problem_text(problem, FR)
        assert (text.startswith("ligne ") or problem.line is None) and message in text


def test_a_problem_is_said_with_the_glossarys_words_and_names_kept() -> None:
    problem = Problem(3, "illegal", "no card 'bravour' left in your hand", "did you mean bravoure?")
    assert (
        RULES.problem_text(problem, FR)
        == "ligne 3 : aucune carte 'bravour' dans votre main (vouliez-vous dire bravoure ?)"
    )
    problem = Problem(1, "invalid", "write: help bleu with coup de chance", "help bleu with coup de chance")
    assert RULES.problem_text(problem, FR) == (
        "ligne 1 : écrivez : aide bleu avec coup-de-chance (aide bleu avec coup-de-chance)"
    )
    problem = Problem(
        2, "illegal", "'swap' is not an answer to this request (tavern)", "accepted: pass, discard"
    )
    assert RULES.problem_text(problem, FR) == (
        "ligne 2 : « échange » ne répond pas à cette demande (Taverne) (acceptés : passe, défausse)"
    )


def test_a_problem_of_no_known_shape_stays_english_and_never_fails() -> None:
    problem = Problem(2, "invalid", "a message the parser never wrote", "some hint")
    assert RULES.problem_text(problem, FR) == "ligne 2 : a message the parser never wrote (some hint)"
    assert RULES.problem_text(problem, ENGLISH) == str(problem)
