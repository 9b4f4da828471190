"""Eollis in French beyond the orders: prompts, labels, outcomes and problems said in French, from
the English texts the record keeps."""

from __future__ import annotations

import json
import re

import pytest
from eollis_helpers import RULES, at_event, scene
from test_eollis_language import FR, played

from adjudicator.games.base import Event, OrderRequest, Outcome, Problem, Spoken
from adjudicator.games.eollis import orders as grammar
from adjudicator.games.eollis import speech, telling
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
    assert RULES.label_text("Game over", FR) == FR.gettext("Game over") != "Game over"
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


def test_an_unknown_post_lists_the_posts_in_the_words_a_french_line_writes_and_they_parse() -> None:
    (problem,) = RULES.parse(
        OrderRequest("election:rouge", "rouge", "election"), "postes second, vigi"
    ).problems
    french = RULES.problem_text(problem, FR)
    assert "poste inconnu 'vigi'" in french and "pretre" in problem.message
    listed = french.split("les postes sont ", 1)[1].split(" (", 1)[0]
    assert "prêtre" in listed and "alti-maître" in listed and "pretre" not in listed
    again = RULES.parse(OrderRequest("election:rouge", "rouge", "election"), f"postes {listed}")
    assert again.ok and not again.problems


def test_a_problem_of_no_known_shape_stays_english_and_never_fails() -> None:
    problem = Problem(2, "invalid", "a message the parser never wrote", "some hint")
    assert RULES.problem_text(problem, FR) == "ligne 2 : a message the parser never wrote (some hint)"
    assert RULES.problem_text(problem, ENGLISH) == str(problem)


def _without_names(text: str, names: list[str]) -> str:
    for name in names:
        text = text.replace(name, "")
    return re.sub(r"[\d+\-=.,;:()' ]+", " ", text).strip()


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_every_event_of_a_bot_game_has_a_french_text_not_the_english_one(seed: int) -> None:
    turns = GAMES[seed]
    cards = turns[0]["state"]["cards"]
    names = sorted(
        {c["name"] for c in cards.values()} | set(turns[0]["state"]["seats"]), key=len, reverse=True
    )
    kinds = set()
    for turn in turns:
        for event in turn["events"]:
            recorded = json.dumps(event.to_json())
            french = RULES.event_text(event, FR)
            assert json.dumps(event.to_json()) == recorded  # the record's event is left as it was
            assert RULES.event_text(event, ENGLISH) == event.text
            assert Spoken(RULES, FR).event(event) == french
            assert speech.said(event.text, telling.EVENTS, FR, telling.CONVERT) is not None, event.text
            english_words = _without_names(event.text, names)
            assert _without_names(french, names) != english_words or not english_words, event.text
            kinds.add(event.kind)
    assert len(kinds) > 15


@pytest.mark.parametrize(
    ("english", "french"),
    [
        (
            "Event: Bal du Gouverneur: bagou 7+; balloon damage 2; success: 3 gold, kitty +3; "
            "failure: -1 fame.",
            "Événement : Bal du Gouverneur : bagou 7+ ; dégâts aux ballons 2 ; "
            "réussite : 3 or, cagnotte +3 ; échec : -1 de renommée.",
        ),
        (
            "rouge tests Le Borgne: die 4 + combat 3, bleu's Bravoure +2, power of Barbe-Grise +2 = 11 "
            "(needs 9); power of Mirelle la Rousse: a new die 5 = 12: success.",
            "rouge teste Le Borgne : dé 4 + combat 3, Bravoure de bleu +2, pouvoir de Barbe-Grise +2 = 11 "
            "(seuil 9) ; pouvoir de Mirelle la Rousse : un nouveau dé 5 = 12 : réussite.",
        ),
        ("bleu boards Le Borgne as Alti-Maitre.", "bleu embarque Le Borgne comme Alti-Maître."),
        (
            "Le Borgne (Marin 1) of vert dies (Tempete failed).",
            "Le Borgne (Marin 1) de vert meurt (échec de Tempete).",
        ),
        (
            "Mutiny dice: captain 3+2+0 = 5, mutineer 4+1-1 = 4.",
            "Dés de la mutinerie : Capitaine 3+2+0 = 5, mutin 4+1-1 = 4.",
        ),
        ("an English text of no known shape", "an English text of no known shape"),
    ],
)
def test_events_are_said_in_french_with_names_and_numbers_kept(english: str, french: str) -> None:
    assert RULES.event_text(Event(english, "test"), FR) == french


def _mid_game_view(seat: str | None) -> dict:
    turns = GAMES[4]
    state = next(t["state"] for t in turns[len(turns) // 2 :] if t["state"]["ship"]["hold"])
    return RULES.view(state, seat)


def test_the_board_in_french_names_the_glossarys_words_and_not_the_english_ones() -> None:
    view = _mid_game_view("rouge")
    english = RULES.board_text(view)
    french = RULES.board_text(view, FR)
    assert RULES.board_text(view, ENGLISH) == english
    for word in ("Expédition", "Dégâts aux ballons", "Cagnotte", "Prêtre", "Alti-Maître", "Fond de cale"):
        assert word in french, word
    for word in ("renommée", "Votre main", "Vos réponses permanentes", "jet de réparation", "vigie", "plan "):
        assert word in french, word
    for word in ("Expedition", "Kitty", "Fame track", "Hold", "Your hand", " gold", "Pretre", "Alti-Maitre"):
        assert word in english and word not in french, word
    for word in ("repair roll", "lookout", "gift", "side"):
        assert word not in french, word
    for seat in view["seats"]:  # the same facts: every clan, every pirate on the ship
        assert seat in french
    for uid in [u for u in view["ship"]["posts"].values() if u] + view["ship"]["hold"]:
        assert view["cards"][uid]["name"] in french


def test_the_public_board_in_french_shows_no_clans_own_part() -> None:
    french = RULES.board_text(_mid_game_view(None), FR)
    assert "Expédition" in french and "Votre main" not in french and "Vos réponses" not in french


def test_the_vigies_secret_draw_is_said_in_french_to_the_vigie_alone() -> None:
    crews = {"rouge": ["P01", "P06"], "bleu": ["P03"], "vert": ["P05"]}
    state = scene(crews=crews, posts={"capitaine": "P03", "vigie": "P06"})
    state["event"] = {"uid": "E05", "revealed": False}
    state["piles"]["events"].remove("E05")
    state["pending"] = {"kind": "lookout", "seats": ["rouge"], "optional": []}
    mine = RULES.view(state, "rouge")
    name = state["cards"]["E05"]["name"]
    assert RULES.private_text(mine) == f"As Vigie you drew the Event {name}: reveal it, or refuse it."
    assert (
        RULES.private_text(mine, FR)
        == f"En Vigie, vous avez pioché l'Événement {name} : révélez-le, ou refusez-le."
    )
    assert RULES.private_text(RULES.view(state, "bleu"), FR) == ""
