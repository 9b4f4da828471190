"""Eollis in French: the glossary of the rule book's words, French order lines read as the same
canonical orders as the English ones, the order forms and the canonical echo in French."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from eollis_helpers import RULES, at_event, scene
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.base import OrderRequest
from adjudicator.games.dice import Dice
from adjudicator.games.eollis import orders as grammar
from adjudicator.games.eollis import words
from adjudicator.games.eollis.glossary import GLOSSARY
from adjudicator.games.language import ENGLISH, Glossary, Term, fold, language

FR = language("fr")


def _request(kind: str, seat: str = "rouge") -> OrderRequest:
    return OrderRequest(f"{kind}:{seat}", seat, kind)


def _canonical(kind: str, text: str) -> tuple[str, list[Any]]:
    request = _request(kind)
    parsed = RULES.parse(request, text)
    return RULES.canonical(request, parsed.orders), parsed.problems


def played(seed: int, players: int = 3) -> list[dict[str, Any]]:
    """Every turn of a bot game: the state before it, each request with its bot text, the events."""
    options = RULES.parse_options({"players": str(players)})
    state = RULES.setup(options, RULES.seat_names(options), Dice(f"fr{seed}".encode()))
    turns: list[dict[str, Any]] = []
    while RULES.outcome(state) is None:
        assert len(turns) < 600
        asked = []
        orders = {}
        for i, r in enumerate(RULES.requests(state)):
            text = RULES.bot(state, r, random.Random(f"{seed}:{len(turns)}:{i}"))
            parsed = RULES.parse(r, text)
            asked.append((r, RULES.canonical(r, parsed.orders)))
            orders[r.key] = parsed.orders
        before = state
        state, events = RULES.resolve(
            json.loads(json.dumps(state)), orders, Dice(f"{seed}:{len(turns)}".encode())
        )
        turns.append({"state": before, "asked": asked, "events": events, "after": state})
    return turns


# -- the glossary ---------------------------------------------------------------------------------------


def test_every_term_names_both_languages_in_singular_and_plural() -> None:
    for term in GLOSSARY.terms:
        assert term.en.strip() and term.fr.strip(), term.key
        assert term.name("en", 2) and term.name("fr", 2), term.key


def test_glossary_words_name_one_term_each_and_the_constructor_refuses_a_word_twice() -> None:
    index = GLOSSARY.index()
    for term in GLOSSARY.terms:
        for word in term.words():
            assert index[fold(word)] == term.key, word
    with pytest.raises(ValueError, match="names both"):
        Glossary((*GLOSSARY.terms, Term("lookout-tower", en="tower", fr="Vigie")))


def test_glossary_names_the_books_words() -> None:
    # as the rule book writes them: "Liste des Postes", "Mutinerie", "Déroulement général", "Les cartes"
    book = {
        "Vigie": "vigie",
        "Capitaine": "capitaine",
        "Prêtre": "pretre",
        "Alti-Maître": "alti-maitre",
        "Cuistot": "cuisinier",
        "Canonier": "canonnier",
        "fond de cale": "hold",
        "mutinerie": "mutiny",
        "mutin": "mutineer",
        "expédition": "expedition",
        "Aventure Aérienne": "adventure",
        "Taverne": "taverne",
        "cagnotte": "kitty",
        "renommée": "fame",
        "Pirates Minables": "pirates-minables",
        "Mission Secrète": "mission",
        "Évènement": "event",
        "carte Exploit": "exploit-card",
        "carte Bagarre": "bagarre-card",
        "Chasse au Dragon": "chasse-au-dragon",
        "Île Sauvage": "ile-sauvage",
        "Tempête": "tempete",
        "dégâts aux ballons": "balloon-damage",
        "jet de réparation": "repair-roll",
        "Bagou": "bagou",
    }
    for word, key in book.items():
        assert GLOSSARY.key(word) == key, word
    assert GLOSSARY.word("expedition", FR, 3) == "Expéditions"
    assert GLOSSARY.word("pretre", FR) == "Prêtre" and GLOSSARY.word("pretre", ENGLISH) == "Pretre"


def test_the_ruleset_names_things_from_the_glossary() -> None:
    assert RULES.glossary is GLOSSARY


# -- French orders ----------------------------------------------------------------------------------------

FORM_CASES = [
    (kind, i) for kind in grammar.VERBS for i, form in enumerate(grammar.ORDER_FORMS) if form.answers(kind)
]


@pytest.mark.parametrize(("kind", "index"), FORM_CASES)
def test_the_french_example_of_every_order_form_reads_as_the_english_one(kind: str, index: int) -> None:
    english = grammar.ORDER_FORMS[index].example
    french = words.fill(words.TEMPLATES[index][1], FR)
    assert french != english or english in ("plan", "continue")
    canonical, problems = _canonical(kind, english)
    assert not problems and canonical
    assert _canonical(kind, french) == (canonical, [])
    assert _canonical(kind, french.upper()) == (canonical, [])
    assert _canonical(kind, fold(french)) == (canonical, [])  # without accents


@pytest.mark.parametrize(
    ("kind", "french", "english"),
    [
        ("test", "GÊNE rouge AVEC Croc-en-Jambe", "hinder rouge with croc-en-jambe"),
        ("test", "gene rouge avec croc en jambe", "hinder rouge with croc-en-jambe"),
        ("test", "Aide bleu avec Coup de Chance", "help bleu with coup-de-chance"),
        ("test", "accident Gros Nestor avec Accident", "accident gros-nestor with accident"),
        ("test", "répare avec rustine", "repair with rustine"),
        ("test", "jet de reparation jusqu a la case 4", "repair roll up to cell 4"),
        ("test", "Jet de Réparation toujours", "repair roll always"),
        ("test", "jet de réparation jamais", "repair roll never"),
        ("test", "vigie refuse au dessus de 7", "lookout refuse above 7"),
        ("test", "Vigie Demande", "lookout ask"),
        ("test", "vigie révèle", "lookout reveal"),
        (
            "test",
            "plan rentre au ballon 5 ou apres 3 evenements",
            "plan return at balloon 5 or after 3 events",
        ),
        ("test", "plan demande", "plan ask"),
        ("decision", "mutinerie si toujours avec Le Borgne", "mutiny if always with le-borgne"),
        ("decision", "Mutinerie si rentre avec le borgne", "mutiny if return with le-borgne"),
        ("decision", "aucune mutinerie", "no mutiny"),
        ("decision", "échange barbe-grise et le borgne", "swap barbe-grise and le-borgne"),
        ("decision", "rentre", "return"),
        ("decision", "camp mutin", "side mutineer"),
        ("decision", "camp Capitaine", "side captain"),
        ("muster", "conserve tout", "keep all"),
        ("muster", "défausse Coup de Chance", "discard coup-de-chance"),
        ("muster", "renvoie barbe-grise", "release barbe-grise"),
        ("election", "recrute le borgne, Barbe-Grise, Bagou", "recruit le-borgne, barbe-grise, bagou"),
        ("election", "candidat Touré l'Éventreuse", "candidate toure-l-eventreuse"),
        ("election", "postes Prêtre, Alti-Maître, marins", "posts pretre, alti-maitre, marin"),
        ("election", "embarque barbe-grise, le borgne", "order barbe-grise, le-borgne"),
        ("election", "donne suivant", "gift next"),
        ("election", "sacrifie le borgne, gros nestor", "sacrifice le-borgne, gros-nestor"),
        ("election", "condamne le borgne", "condemn le-borgne"),
        ("brawl", "bagarre Vol a la Tire sur rouge", "brawl vol-a-la-tire on rouge"),
        ("brawl", "bagarre magot deterre sur soi", "brawl magot-deterre on self"),
        (
            "brawl",
            "bagarre assassinat sur bleu pirate le borgne avec bravoure",
            "brawl assassinat on bleu pirate le-borgne with bravoure",
        ),
        ("tavern", "passe", "pass"),
    ],
)
def test_french_words_read_as_the_english_canonical_order(kind: str, french: str, english: str) -> None:
    assert _canonical(kind, french) == (english, [])
    assert _canonical(kind, english) == (english, [])


def test_a_french_line_keeps_its_line_number_beside_english_lines() -> None:
    request = _request("test")
    parsed = RULES.parse(request, "play bravoure\n\naide bleu avec coup de chance\nnimporte quoi\n")
    assert parsed.lines == [(1, "play bravoure"), (3, "help bleu with coup-de-chance")]
    assert [p.line for p in parsed.problems] == [4]


def test_a_french_verb_the_request_does_not_take_is_illegal_as_its_english_one() -> None:
    french = RULES.parse(_request("tavern"), "échange barbe-grise et le borgne").problems
    english = RULES.parse(_request("tavern"), "swap barbe-grise and le borgne").problems
    assert [(p.kind, p.message) for p in french] == [(p.kind, p.message) for p in english]
    assert french[0].kind == "illegal"


def test_a_french_line_of_the_wrong_shape_is_refused_with_the_forms_example() -> None:
    (problem,) = RULES.parse(_request("test"), "aide bleu coup de chance").problems
    assert problem.kind == "invalid" and problem.message == "write: help bleu with coup de chance"


FRENCH_WORDS = st.sampled_from(
    [
        *sorted({w for t in GLOSSARY.terms for w in (t.fr, t.name("fr", 2), *t.fr_words)}),
        *(
            "rouge",
            "bleu",
            "bravoure",
            "le borgne",
            "barbe-grise",
            ",",
            "#",
            "6",
            "99",
            "'",
            "-",
            "é",
            "\x00",
        ),
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(list(grammar.VERBS)), lines=st.lists(st.lists(FRENCH_WORDS, max_size=10), max_size=6)
)
def test_property_french_worded_hostile_input_gives_problems_never_a_crash(
    kind: str, lines: list[list[str]]
) -> None:
    text = "\n".join(" ".join(ws) for ws in lines)
    parsed = grammar.parse(kind, text)
    assert not {p.line for p in parsed.problems} & {o["line"] for o in parsed.orders}
    canonical = grammar.canonical(parsed.orders)
    again = grammar.parse(kind, canonical)
    assert again.orders == parsed.orders and again.ok
    said = words.canonical_text(kind, canonical, FR)
    assert grammar.parse(kind, said).orders == parsed.orders
    state = scene(
        crews={"rouge": ["P01", "P06"], "bleu": ["P03"], "vert": ["P05"]}, posts={"capitaine": "P01"}
    )
    state["pending"] = {"kind": kind, "seats": state["seats"], "optional": []}
    if kind == "test":
        at_event(state, "E05")
    r = next(x for x in RULES.requests(state) if x.seat == "rouge")
    RULES.check(state, r, parsed.orders)


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(list(grammar.VERBS)), text=st.text(max_size=300))
def test_property_any_text_read_in_either_language_gives_orders_and_problems(kind: str, text: str) -> None:
    parsed = grammar.parse(kind, text)
    again = grammar.parse(kind, words.canonical_text(kind, grammar.canonical(parsed.orders), FR))
    assert again.orders == parsed.orders and again.ok


# -- order forms and the canonical echo in French ---------------------------------------------------------


@pytest.mark.parametrize("kind", list(grammar.VERBS))
def test_french_order_forms_say_the_forms_in_french_and_their_examples_parse(kind: str) -> None:
    request = _request(kind)
    english = RULES.order_forms(request)
    french = RULES.order_forms(request, FR)
    assert len(french) == len(english) and english == RULES.order_forms(request, ENGLISH)
    for en, fr in zip(english, french, strict=True):
        assert fr.kinds == en.kinds
        assert fr.meaning != en.meaning, en.meaning
        assert fr.syntax != en.syntax or en.syntax in ("plan",), en.syntax
        parsed = RULES.parse(request, fr.example)
        assert not [p for p in parsed.problems if p.kind in ("invalid", "ambiguous")] and parsed.lines
        assert RULES.canonical(request, parsed.orders) == _canonical(kind, en.example)[0]


def test_french_order_forms_use_the_books_words() -> None:
    syntax = " ".join(f.syntax for kind in grammar.VERBS for f in RULES.order_forms(_request(kind), FR))
    for word in ("mutinerie", "vigie", "capitaine", "jet de réparation", "bagarre", "défausse", "événements"):
        assert word in syntax, word
    for word in ("mutiny", "lookout", "captain", "repair roll", "brawl", "discard", "events"):
        assert word not in syntax.split(), word


@pytest.mark.parametrize("seed", [1, 2])
def test_every_canonical_text_of_a_bot_game_is_echoed_in_french_and_reads_back_the_same(seed: int) -> None:
    echoed = 0
    for turn in played(seed):
        for request, canonical in turn["asked"]:
            said = RULES.canonical_text(request, canonical, FR)
            assert RULES.canonical_text(request, canonical, ENGLISH) == canonical
            parsed = RULES.parse(request, said)
            assert parsed.ok and RULES.canonical(request, parsed.orders) == canonical, (canonical, said)
            if canonical.strip() and canonical.strip() not in ("continue", "refuse"):
                assert said != canonical, canonical
                echoed += 1
    assert echoed > 20


def test_the_french_echo_names_the_words_of_the_glossary() -> None:
    request = _request("test")
    canonical = "test le-borgne\nhinder bleu with bravoure\nrepair roll up to cell 6\nlookout refuse above 9"
    assert RULES.canonical_text(request, canonical, FR) == (
        "teste le-borgne\ngêne bleu avec bravoure\njet de réparation jusqu'à la case 6\n"
        "vigie refuse au-dessus de 9"
    )


def test_a_clan_named_like_a_french_word_is_echoed_in_the_canonical_words() -> None:
    canonical = "gift suivant"  # a clan named "suivant": the French "donne suivant" would mean the next clan
    assert RULES.canonical_text(_request("election"), canonical, FR) == canonical
