"""Master & Commander in French: the glossary of the book's words, French order lines read to the
very orders (and canonical English text) of their English twins, the order forms and the echo of a
canonical text in French."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mc_helpers import RULES, bot_game

from adjudicator.games.base import OrderRequest
from adjudicator.games.language import ENGLISH, language
from adjudicator.games.master_commander import orders as grammar
from adjudicator.games.master_commander.glossary import GLOSSARY

FRENCH = language("fr")

#: a French line for every verb, the kind of request it answers, and the English line it must equal
TWINS: tuple[tuple[str, str, str], ...] = (
    ("mulligan", "garder", "keep"),
    ("mulligan", "Refaire cutlass, feint", "mulligan cutlass, feint"),
    ("mulligan", "refaire tout", "mulligan all"),
    ("turn", "attacher cutlass à teniente", "attach cutlass to teniente"),
    ("turn", "affecter cutlass a teniente", "attach cutlass to teniente"),
    ("turn", "réaffecter cutlass à #12", "reassign cutlass to #12"),
    ("turn", "jouer smuggling run", "play smuggling run"),
    ("turn", "jouer rum ration sur teniente", "play rum ration on teniente"),
    ("turn", "jouer boarding party défi #7 avec #3", "play boarding party challenge #7 with #3"),
    ("turn", "utiliser spyglass sur teniente", "use spyglass on teniente"),
    ("turn", "Évènement treasure galleon", "event treasure galleon"),
    (
        "turn",
        "explorer avec teniente, contramaestre depuis english",
        "explore with teniente, contramaestre from english",
    ),
    (
        "turn",
        "lancer un raid port antonio avec teniente, segundo alliés french pillage Or",
        "raid port antonio with teniente, segundo allies french pillage gold",
    ),
    (
        "turn",
        "raid port antonio avec teniente pillage libérer jean bart",
        "raid port antonio with teniente pillage free jean bart",
    ),
    (
        "turn",
        "réfuter trade treaty avec governor of cartagena alliés french",
        "refute trade treaty with governor of cartagena allies french",
    ),
    (
        "turn",
        "accord trade treaty par segundo termes payer 1 à french; payer 1 à chaque votant pour",
        "agreement trade treaty by segundo terms pay 1 to french; pay 1 to each voter for",
    ),
    ("turn", "acheter 2 or", "buy 2 gold"),
    ("turn", "vendre 1 Or", "sell 1 gold"),
    ("turn", "demander une rançon jean bart", "ransom jean bart"),
    ("turn", "recruter teniente", "recruit teniente"),
    ("turn", "enrôler", "enlist"),
    ("turn", "recruter nouvelle recrue", "enlist"),
    ("turn", "écarter contramaestre", "dismiss contramaestre"),
    ("turn", "rallier anne bonny", "rally anne bonny"),
    ("turn", "défausser feint", "discard feint"),
    ("turn", "attendre", "wait"),
    ("turn", "PASSER", "pass"),
    ("turn", "consigne jamais s'opposer", "standing never oppose"),
    ("turn", "consigne s'allier avec french", "standing ally with french"),
    ("turn", "consigne jamais s'allier", "standing never ally"),
    ("turn", "consigne voter pour french", "standing vote for french"),
    ("turn", "consigne vendre au meilleur offrant", "standing sell to best offer"),
    ("turn", "consigne passer manœuvres sous 2", "standing pass manoeuvres below 2"),
    ("turn", "consigne passer manoeuvres", "standing pass manoeuvres"),
    ("turn", "consigne passer réactions politiques", "standing pass reactions"),
    ("turn", "consigne s'opposer avec tous", "standing oppose with all"),
    ("turn", "consigne miser 2", "standing bid 2"),
    ("turn", "consigne offrir rançon pour les miens", "standing offer ransom for mine"),
    ("turn", "consigne offrir rien", "standing offer nothing"),
    ("turn", "consigne voter contre les autres", "standing vote against others"),
    ("turn", "consigne s'abstenir sur les autres", "standing abstain on others"),
    (
        "turn",
        "consigne utiliser fence à la fin des tours adverses",
        "standing use fence at end of opponents' turns",
    ),
    (
        "turn",
        "consigne utiliser fence au début des tours adverses",
        "standing use fence at start of opponents' turns",
    ),
    ("turn", "consigne cesser d'utiliser fence", "standing stop using fence"),
    ("turn", "consigne soutiens de teniente à la habana", "standing supports of teniente to la habana"),
    ("turn", "consigne effacer", "standing clear"),
    ("bid", "miser 3", "bid 3"),
    ("bid", "3 doublons", "bid 3"),
    ("vote", "pour teniente, segundo", "for teniente, segundo"),
    ("vote", "contre galleon captain", "against galleon captain"),
    ("vote", "s'abstenir", "abstain"),
    ("vote", "jouer lobbying pour", "play lobbying for"),
    ("defend", "s'opposer avec teniente, segundo", "oppose with teniente, segundo"),
    ("defend", "pas d'opposition", "no opposition"),
    ("defend", "demander french, english", "ask french, english"),
    ("defend", "capturer le meilleur", "capture best"),
    ("defend", "capturer aucun", "capture none"),
    ("ally", "envoyer teniente, contramaestre", "send teniente, contramaestre"),
    ("ally", "décliner", "decline"),
    ("manoeuvre", "plus tard", "later"),
    ("duel", "accepter", "accept"),
    ("duel", "refuser", "refuse"),
    ("duel", "mettre fin au duel", "stop"),
    ("ransom", "payer", "pay"),
    ("offer", "proposer 4 garder", "offer 4 keep"),
    ("offer", "offrir 4 rendre", "offer 4 return"),
    ("offer", "Aucune offre", "no offer"),
    ("choice", "vendre à english", "sell to english"),
)


def _request(kind: str) -> OrderRequest:
    return OrderRequest(f"{kind}:spanish", "spanish", kind)


# -- the glossary ----------------------------------------------------------------------------------


def test_every_term_is_named_in_english_and_in_french() -> None:
    for term in GLOSSARY.terms:
        assert term.en.strip() and term.fr.strip(), term.key
        assert term.name("en", 2) and term.name("fr", 2), term.key


def test_the_ruleset_reads_the_glossary_and_its_words_are_unique() -> None:
    assert RULES.glossary is GLOSSARY
    for term in GLOSSARY.terms:
        for word in term.words():
            assert GLOSSARY.key(word) == term.key, word


def test_glossary_names_the_books_words() -> None:
    book = {
        "repaire": "haven",
        "pile équipage": "crew-pile",
        "pile exploration": "exploration-pile",
        "deck aventure": "adventure-deck",
        "taverne": "tavern",
        "nouvelle recrue": "new-recruit",
        "Doublons": "doublon",
        "Or": "gold",
        "ICROE": "icroe",
        "Compagnie des Indes": "india-company",
        "accord commercial": "agreement",
        "manœuvre": "manoeuvre",
        "évènement": "event",
        "soutien": "support",
        "objet": "item",
        "Maitre d'équipage": "bosun",
        "Bosco": "boatswain",
        "Capitaine": "captain",
        "Gouverneur": "governor",
        "voix": "vote",
        "attaquant": "attacker",
        "défenseur": "defender",
        "alliés": "ally",
        "ravisueur": "captor",
        "Banqueroute": "bankruptcy",
        "Phase de négoce": "trade-phase",
        "Intervalle de Raid": "raid-interval",
        "pile des morts": "dead-pile",
        "marine espagnole": "spanish",
        "frères de la côte": "brethren",
    }
    for word, key in book.items():
        assert GLOSSARY.key(word) == key, word
    assert GLOSSARY.word("gold", FRENCH) == "Or" and GLOSSARY.word("doublon", FRENCH, 3) == "doublons"


# -- French orders ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "french", "english"), TWINS)
def test_a_french_line_gives_the_orders_and_canonical_text_of_its_english_twin(
    kind: str, french: str, english: str
) -> None:
    request = _request(kind)
    read = RULES.parse(request, french)
    twin = RULES.parse(request, english)
    assert read.ok and twin.ok, (read.problems, twin.problems)
    assert read.orders == twin.orders
    assert RULES.canonical(request, read.orders) == RULES.canonical(request, twin.orders)
    assert read.lines == twin.lines


def test_every_verb_has_a_french_twin() -> None:
    verbs = {RULES.parse(_request(kind), english).orders[0]["verb"] for kind, _, english in TWINS}
    assert set(grammar.EXAMPLES) <= verbs


@pytest.mark.parametrize("form", grammar.ORDER_FORMS, ids=lambda f: f.syntax)
def test_the_french_version_of_every_order_forms_example_reads_as_the_english_one(form) -> None:
    french = dict(zip(grammar.ORDER_FORMS, grammar.order_forms(FRENCH), strict=True))[form]
    for kind in form.kinds or tuple(grammar.VERBS):
        request = _request(kind)
        english = RULES.parse(request, form.example)
        read = RULES.parse(request, french.example)
        assert read.ok and english.ok, (kind, french.example, read.problems)
        assert french.example != form.example or form.example.isdigit()
        assert RULES.canonical(request, read.orders) == RULES.canonical(request, english.orders)


def test_english_lines_are_read_as_before() -> None:
    request = _request("turn")
    parsed = RULES.parse(request, "play rum ration sur teniente")  # an English verb: English grammar
    assert parsed.lines == [(1, "play rum ration sur teniente")]
    assert RULES.parse(request, "final").lines == [] and RULES.parse(request, "fin").ok


def test_a_bad_french_line_is_quoted_as_written() -> None:
    problems = RULES.parse(_request("turn"), "raid avec teniente").problems
    assert problems and "'raid avec teniente'" in problems[0].message


_FRENCH_WORDS = sorted({w for t in GLOSSARY.terms for w in (t.fr, t.name("fr", 2), *t.fr_words)})


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(sorted(grammar.VERBS)),
    words=st.lists(
        st.one_of(
            st.sampled_from(_FRENCH_WORDS),
            st.text(alphabet="àéèêçœ'’,;#0123456789 -abcdefz\u00a0\n", max_size=12),
            st.integers(-5, 10**7).map(str),
        ),
        max_size=12,
    ),
)
def test_french_worded_hostile_input_gives_problems_never_a_crash(kind: str, words: list[str]) -> None:
    text = " ".join(words)
    parsed = RULES.parse(_request(kind), text)
    for problem in parsed.problems:
        assert problem.kind in ("invalid", "ambiguous") and problem.message
    again = RULES.parse(_request(kind), RULES.canonical(_request(kind), parsed.orders))
    assert again.orders == parsed.orders


# -- order forms and the canonical echo in French ------------------------------------------------


@pytest.mark.parametrize("kind", sorted(grammar.VERBS))
def test_french_order_forms_are_french_and_their_examples_are_read(kind: str) -> None:
    request = _request(kind)
    english = RULES.order_forms(request)
    french = RULES.order_forms(request, FRENCH)
    assert len(french) == len(english) and RULES.order_forms(request, ENGLISH) == english
    for form in french:
        parsed = RULES.parse(request, form.example)
        assert parsed.ok and parsed.lines, (form.example, parsed.problems)
    assert [f.example for f in french] != [f.example for f in english]


def test_french_forms_explain_in_french() -> None:
    forms = RULES.order_forms(_request("turn"), FRENCH)
    meanings = " ".join(f.meaning for f in forms)
    assert "en option" in meanings and "optionally" not in meanings


def _canonicals(seed: int) -> list[tuple[OrderRequest, str]]:
    """The canonical texts of every order a bot game's seats wrote."""
    seen: list[tuple[OrderRequest, str]] = []
    rng = random.Random(seed)

    def each(state: dict) -> None:
        for request in RULES.requests(state):
            parsed = RULES.parse(request, RULES.bot(state, request, rng))
            seen.append((request, RULES.canonical(request, parsed.orders)))
            seen.append((request, request.default))

    bot_game(seed, 3, each, max_steps=150)
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_a_canonical_text_echoed_in_french_is_read_back_to_the_same_canonical(seed: int) -> None:
    checked = 0
    for request, canonical in _canonicals(seed):
        french = RULES.canonical_text(request, canonical, FRENCH)
        read = RULES.parse(request, french)
        assert read.ok, (canonical, french, read.problems)
        assert read.orders == RULES.parse(request, canonical).orders
        if canonical.strip():
            checked += 1
            assert french != canonical or canonical.strip().isdigit(), canonical
    assert checked > 20
    assert RULES.canonical_text(_request("turn"), "pass\n", ENGLISH) == "pass\n"


def test_every_order_written_in_french_is_read_back_to_itself() -> None:
    for kind, _, english in TWINS:
        request = _request(kind)
        canonical = RULES.canonical(request, RULES.parse(request, english).orders)
        french = RULES.canonical_text(request, canonical, FRENCH)
        assert RULES.canonical(request, RULES.parse(request, french).orders) == canonical, french


# -- the French order page -------------------------------------------------------------------------

PAGES = Path(__file__).resolve().parents[3] / "orders"


def test_the_french_page_has_the_english_pages_sections_and_links_to_it() -> None:
    english = (PAGES / "master-commander.md").read_text(encoding="utf-8")
    french = (PAGES / "master-commander.fr.md").read_text(encoding="utf-8")
    heads = [re.match(r"#+", line).group(0) for line in english.splitlines() if line.startswith("#")]
    french_heads = [re.match(r"#+", line).group(0) for line in french.splitlines() if line.startswith("#")]
    assert heads == french_heads
    assert "(master-commander.md)" in french and "(master-commander.fr.md)" in english
    link = Path(__file__).resolve().parents[3] / "adjudicator" / "pages" / "master-commander.fr.md"
    assert link.resolve() == (PAGES / "master-commander.fr.md").resolve()


def test_the_whole_order_lines_of_the_french_page_are_read() -> None:
    """The standing answers' table (its whole lines, without a placeholder) and the terms example."""
    french = (PAGES / "master-commander.fr.md").read_text(encoding="utf-8")
    lines = re.findall(r"^\| `(consigne [^`<\[]+)` \|", french, flags=re.MULTILINE)
    lines += re.findall(r"Exemple : `(accord [^`]+)`", french)
    assert len(lines) >= 8 and any(line.startswith("accord ") for line in lines)
    for line in lines:
        parsed = RULES.parse(_request("turn"), line)
        assert parsed.ok and parsed.lines, (line, parsed.problems)
