"""Planet Masters in French: the glossary of the book's words, French orders read as the same English
canonical orders, the order forms and the canonical echo in French words."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pm_helpers import ALL_ON, RULES, play

from adjudicator.games.base import Event, OrderRequest
from adjudicator.games.dice import Dice
from adjudicator.games.language import ENGLISH, Glossary, Term, fold, language
from adjudicator.games.planet_masters.glossary import GLOSSARY
from adjudicator.games.planet_masters.orders import ORDER_FORMS, canonical, parse_orders

FR = language("fr")


def bot_history(seed: int, players: int = 4, steps: int = 400, **options: str) -> list[dict[str, Any]]:
    """Every engine turn of a bot game: the state before, the requests, the texts and the events."""
    opts = RULES.parse_options({"players": str(players), **options})
    state = RULES.setup(opts, RULES.seat_names(opts), Dice(f"setup-{seed}".encode()))
    rng = random.Random(seed)
    history: list[dict[str, Any]] = []
    for step in range(steps):
        if RULES.outcome(state):
            break
        requests = RULES.requests(state)
        texts = {r.key: RULES.bot(state, r, rng) for r in requests}
        before = state
        state, events = play(state, texts, seed=f"turn-{seed}-{step}".encode())
        history.append({"state": before, "requests": requests, "texts": texts, "events": events})
    history.append({"state": state, "requests": [], "texts": {}, "events": []})
    return history


# -- the glossary -------------------------------------------------------------------------------
def test_every_term_has_both_languages() -> None:
    for term in GLOSSARY.terms:
        assert term.en.strip() and term.fr.strip(), term.key
        assert term.name("en", 2).strip() and term.name("fr", 2).strip(), term.key


def test_glossary_words_name_one_term_each() -> None:
    Glossary(GLOSSARY.terms)  # the constructor refuses a word naming two terms
    seen: dict[str, str] = {}
    for term in GLOSSARY.terms:
        for word in term.words():
            assert seen.setdefault(fold(word), term.key) == term.key, word
    doubled = (*GLOSSARY.terms, Term("cruiser-again", en="light cruiser", fr="Croiseur"))
    with pytest.raises(ValueError, match="names both"):
        Glossary(doubled)


def test_glossary_names_the_books_words() -> None:
    book = {
        "immunity": "Immunité",
        "vote": "vote",
        "planet": "planète",
        "fleet": "flotte",
        "stars-of-hope": "Stars of Hope",
        "shattered-throne": "Shattered Throne",
        "exploration": "Exploration",
        "battleship": "Cuirassé",
        "station": "Station Orbitale",
        "defence": "Défense planétaire",
        "fighters": "Chasseurs",
        "exhausted": "Épuisé",
        "power": "Pouvoir Total",
        "pressure": "Pression Diplomatique",
        "trait": "Trait racial",
        "unknown-sectors": "Secteurs Inconnus",
        "sonic-deflector": "Défecteur Sonique",
        "lightning-infantry": "Infanterie Éclair",
    }
    for key, word in book.items():
        assert word in GLOSSARY.term(key).words(), (key, word)
    assert GLOSSARY.word("fighters", FR, 2) == "Chasseurs"
    assert GLOSSARY.word("weapon", FR, 2) == "armes" and GLOSSARY.word("weapon", ENGLISH, 2) == "weapons"
    assert RULES.glossary is GLOSSARY


# -- French orders ----------------------------------------------------------------------------------
#: A French line for each order form's English example, as a player writes it (capitals, accents).
FRENCH: dict[str, str] = {
    "build": "Construire",
    "rebuild cruiser": "reconstruire Croiseur",
    "tech": "technologie",
    "reroll all exhausted": "relancer tous Épuisés",
    "attack mors": "attaquer mors",
    "vote mors": "voter mors",
    "politics": "Politique",
    "deflect mors": "dévier mors",
    "on win invade resource": "si victoire invasion ressource",
    "if weapon < 3 rebuild": "si arme < 3 reconstruire",
    "for": "pour",
    "cancel": "annuler",
    "sacrifice transporter, cruiser": "sacrifier transporteur, croiseur",
}


def _kind(form_kinds: tuple[str, ...]) -> str:
    return form_kinds[0] if form_kinds else "turn"


@pytest.mark.parametrize("form", ORDER_FORMS, ids=lambda f: f.example)
def test_the_french_of_every_order_form_reads_as_its_english_example(form) -> None:
    kind = _kind(form.kinds)
    english = parse_orders(kind, form.example)
    assert english.ok and english.lines
    for french in (FRENCH[form.example], fold(FRENCH[form.example]), FRENCH[form.example].upper()):
        parsed = parse_orders(kind, french)
        assert parsed.ok, (french, [str(p) for p in parsed.problems])
        assert parsed.orders == english.orders
        assert canonical(parsed.orders) == canonical(english.orders)


@pytest.mark.parametrize(
    ("french", "english"),
    [
        ("si mère n'est pas influence relancer mère", "if home is not influence reroll home"),
        ("si planète mère est ressource relancer tous infanterie", "if home is resource reroll all infantry"),
        ("si pouvoir total > mors attaquer mors", "if power > mors attack mors"),
        ("si technologie est Défecteur Sonique dévier mors", "if tech is sonic-deflector deflect mors"),
        ("si armes >= 2 et galaxie = 0 voter roach", "if weapons >= 2 and galaxy = 0 vote roach"),
        ("si ressources > 1 alors reconstruire technologie", "if resources > 1 then rebuild tech"),
        ("en cas de victoire destruction station orbitale, cuirassé", "on win destroy station battleship"),
        ("si victoire pression diplomatique", "on win pressure"),
        ("sacrifier chasseurs, défense planétaire", "sacrifice fighters, defence"),
        ("si arme est Cuirasse reconstruire", "if weapon is battleship rebuild"),
    ],
)
def test_french_statements_give_the_english_canonical_text(french: str, english: str) -> None:
    parsed, expected = parse_orders("turn", french), parse_orders("turn", english)
    assert parsed.ok and expected.ok, [str(p) for p in parsed.problems + expected.problems]
    assert canonical(parsed.orders) == canonical(expected.orders)


def test_a_french_word_out_of_place_is_quoted_as_written() -> None:
    parsed = parse_orders("turn", "pour")
    assert [p.message for p in parsed.problems] == ["'pour' answers a vote, not this request"]
    parsed = parse_orders("turn", "reconstruire planète")
    assert "unknown weapon 'planète'" in parsed.problems[0].message


FRENCH_WORDS = st.sampled_from(
    [
        "construire",
        "reconstruire",
        "relancer",
        "tous",
        "si",
        "et",
        "alors",
        "est",
        "n'est",
        "pas",
        "arme",
        "armes",
        "mère",
        "planète",
        "Pouvoir",
        "total",
        "galaxie",
        "si victoire",
        "invasion",
        "destruction",
        "pression",
        "pour",
        "contre",
        "annuler",
        "accepter",
        "sacrifier",
        "croiseur",
        "Cuirassé",
        "station orbitale",
        "Défecteur",
        "Sonique",
        "épuisé",
        "mors",
        "<",
        ">=",
        "3",
        ",",
        ";",
        "’",
        "\u0301",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["turn", "vote", "immunity"]),
    lines=st.lists(st.lists(st.one_of(FRENCH_WORDS, st.text(max_size=6)), max_size=8), max_size=6),
)
def test_hostile_french_text_gives_orders_or_problems_never_a_crash(
    kind: str, lines: list[list[str]]
) -> None:
    text = "\n".join(" ".join(words) for words in lines)
    parsed = parse_orders(kind, text)
    for problem in parsed.problems:
        assert problem.kind in ("invalid", "illegal", "ambiguous") and problem.message
    again = parse_orders(kind, canonical(parsed.orders))
    assert again.ok and again.orders == parsed.orders


# -- the order forms and the canonical echo in French -------------------------------------------
@pytest.mark.parametrize("kind", ["turn", "vote", "immunity"])
def test_french_order_forms_parse_and_match_the_english_ones(kind: str) -> None:
    request = OrderRequest(f"{kind}:mors", "mors", kind)
    english, french = RULES.order_forms(request), RULES.order_forms(request, FR)
    assert len(english) == len(french) > 0
    for en, fr in zip(english, french, strict=True):
        assert fr.meaning != en.meaning and fr.kinds == en.kinds
        parsed = RULES.parse(request, fr.example)
        assert parsed.ok and parsed.lines, (fr.example, [str(p) for p in parsed.problems])
        expected = RULES.parse(request, en.example)
        assert RULES.canonical(request, parsed.orders) == RULES.canonical(request, expected.orders)
    assert "voter <joueur>" in [f.syntax for f in french] or kind != "turn"
    assert RULES.order_forms(request, ENGLISH) == english


def test_the_canonical_echo_in_french_reads_back_to_the_same_canonical() -> None:
    seen = 0
    for seed in (1, 2):
        for turn in bot_history(seed, 4, 150, **ALL_ON):
            for request in turn["requests"]:
                parsed = RULES.parse(request, turn["texts"][request.key])
                text = RULES.canonical(request, parsed.orders)
                french = RULES.canonical_text(request, text, FR)
                again = RULES.parse(request, french)
                assert again.ok, (french, [str(p) for p in again.problems])
                assert RULES.canonical(request, again.orders) == text
                assert RULES.canonical_text(request, text, ENGLISH) == text
                if text.strip():
                    seen += 1
                    assert french != text or text.split()[0] in ("influence",), text
    assert seen > 50


def test_the_canonical_echo_of_every_statement_kind_is_french() -> None:
    text = (
        "sacrifice fighters, defence, station\nbuild\nrebuild\nrebuild tech\ntech\n"
        "if weapon = transporter rebuild\nreroll home\nreroll all exhausted\n"
        "if home != trait reroll home\nif tech = sonic-deflector deflect mors\n"
        "if power > mors attack mors\nvote roach\npolitics\n"
        "on win invade influence infantry\non win destroy cruiser\non win pressure\n"
    )
    request = OrderRequest("turn:terre", "terre", "turn")
    english = RULES.parse(request, text)
    assert english.ok
    french = RULES.canonical_text(request, RULES.canonical(request, english.orders), FR)
    assert "sacrifier chasseurs, défense planétaire, station orbitale" in french
    assert "si victoire invasion influence infanterie" in french and "voter roach" in french
    for word in ("build", "rebuild", "reroll", "attack", "weapon", "home", "on win", "if "):
        assert word not in french, word
    again = RULES.parse(request, french)
    assert again.ok and RULES.canonical(request, again.orders) == RULES.canonical(request, english.orders)


def _events_of(history: list[dict[str, Any]]) -> list[Event]:
    return [e for turn in history for e in turn["events"]]


def _french_page_examples() -> list[str]:
    """The statements of the French order page's tables: the orders without placeholders (first
    column of the statements table) and the examples of the conditions table (last column)."""
    from pathlib import Path

    page = (Path(__file__).parents[3] / "orders" / "planet-masters.fr.md").read_text(encoding="utf-8")
    found: list[str] = []
    header = ""
    for line in page.splitlines():
        if not line.startswith("| "):
            header = ""
            continue
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        if not header:
            header = cells[0]
            continue
        column = {"ordre": 0, "sujet": -1}.get(header)
        if column is None or cells[0].startswith("---"):
            continue
        for snippet in re.findall(r"`([^`]+)`", cells[column]):
            if not re.search(r"[<\[]|\.\.\.", snippet):
                found.append(snippet)
    return found


def test_the_french_pages_statements_parse_to_english_canonical_orders() -> None:
    examples = _french_page_examples()
    assert "si mère n'est pas influence relancer mère" in examples and "construire" in examples
    for example in examples:
        parsed = parse_orders("turn", example)
        assert parsed.ok and parsed.lines, (example, [str(p) for p in parsed.problems])
        assert all(fold(w) not in ("si", "relancer", "arme") for w in canonical(parsed.orders).split())


def test_the_french_page_is_a_page_of_the_package_and_links_the_english_one() -> None:
    from importlib import resources

    from adjudicator.post.order_pages import for_players

    pages = resources.files("adjudicator") / "pages"
    french = (pages / "planet-masters.fr.md").read_text(encoding="utf-8")
    english = (pages / "planet-masters.md").read_text(encoding="utf-8")
    assert "(planet-masters.md)" in french and "(planet-masters.fr.md)" in english
    for heading in ("\n## ", "\n### "):
        assert french.count(heading) == english.count(heading)
    mailed = for_players(french)
    assert "Votes et réponses d'Immunité" in mailed and "shared/rules" not in mailed


# -- prompts, labels, problems, outcomes and events in French -----------------------------------
GAMES = [
    (1, 4, ALL_ON),
    (2, 3, ALL_ON),
    (3, 2, {}),
    (4, 5, {"politics": "on"}),
    (5, 4, {"exploration": "on"}),
]


@pytest.fixture(scope="module")
def histories() -> list[list[dict[str, Any]]]:
    return [bot_history(seed, players, 300, **options) for seed, players, options in GAMES]


def _bare(text: str) -> str:
    """A text without players' names and numbers: what is left is the language's words."""
    return re.sub(r"\b(terre|mors|roach|pacal|matriks|freebooters)(-\d+)?\b|-?\d+", "", text)


def test_every_prompt_and_label_of_bot_games_is_said_in_french(histories) -> None:
    from pm_helpers import new_game, put

    from adjudicator.games.planet_masters.french import LABELS, PROMPTS, say

    state = new_game(3, **ALL_ON)
    put(state, "mors", home=5)
    put(state, "terre", weapons=[3])  # an attack that may win on a defender of more Influence
    state, _ = play(state, {"turn:terre": "attack mors"}, {"unknown-sectors:terre": 1})
    kinds = set()
    for history in [*histories, [{"requests": RULES.requests(state)}]]:
        for turn in history:
            for request in turn["requests"]:
                kinds.add(request.kind)
                assert say(request.prompt, PROMPTS, FR) is not None, request.prompt
                assert say(request.label, LABELS, FR) is not None, request.label
                prompt, label = RULES.prompt_text(request, FR), RULES.label_text(request.label, FR)
                assert _bare(prompt) != _bare(request.prompt) and _bare(label) != _bare(request.label)
                assert RULES.prompt_text(request, ENGLISH) == request.prompt
                assert RULES.label_text(request.label, ENGLISH) == request.label
    assert kinds == {"turn", "vote", "immunity"}


def test_every_event_of_bot_games_is_said_in_french(histories) -> None:
    from adjudicator.games.planet_masters.french import EVENTS, say

    kinds = set()
    for history in histories:
        for event in _events_of(history):
            kinds.add(event.kind)
            assert say(event.text, EVENTS, FR) is not None, event.text
            french = RULES.event_text(event, FR)
            assert _bare(french) != _bare(event.text), event.text
            assert RULES.event_text(event, ENGLISH) == event.text
    assert {"turn", "battle", "vote", "planet", "weapon", "end", "unknown-sectors", "politics"} <= kinds


def test_a_french_event_says_the_things_by_the_books_words() -> None:
    from adjudicator.games.base import Event

    said = RULES.event_text(Event("'rebuild cruiser': mors has no cruiser.", "skipped"), FR)
    assert said == "« reconstruire croiseur » : mors n'a pas d'Arme Croiseur."
    said = RULES.event_text(Event("mors's Technology die: 6, sonic deflector.", "technology"), FR)
    assert said == "Dé de Technologie de mors : 6, Défecteur Sonique."
    said = RULES.event_text(Event("mors has 2 resource(s) to spend.", "resources"), FR)
    assert said == "Ressources à dépenser pour mors : 2."
    said = RULES.event_text(
        Event(
            "The game is over: won by mors (5 planets, home included, all on Influence or Resource).", "end"
        ),
        FR,
    )
    assert "mors" in said and "planète mère incluse" in said and "won by" not in said


def test_events_and_their_json_stay_the_same_whatever_the_reader(histories) -> None:
    import json

    for event in _events_of(histories[0]):
        before = json.dumps(event.to_json(), sort_keys=True)
        RULES.event_text(event, FR)
        assert json.dumps(event.to_json(), sort_keys=True) == before


def test_the_outcome_of_a_bot_game_is_said_in_french(histories) -> None:
    for history in histories:
        outcome = RULES.outcome(history[-1]["state"])
        assert outcome is not None
        french = RULES.outcome_text(outcome, FR)
        assert "planète mère incluse" in french and outcome.reason not in french
    limited = RULES.outcome_text(
        __import__("adjudicator.games.base", fromlist=["Outcome"]).Outcome(
            ("mors", "roach"), "round limit 3 reached (club rule): most planets (4)"
        ),
        FR,
    )
    assert "limite de 3 manches atteinte" in limited and "mors, roach" in limited


#: Bad lines of each request kind: every problem the parser gives them is said in French.
BAD_LINES: dict[str, list[str]] = {
    "turn": [
        "reconstruire planète",
        "construire croiseur",
        "relancer",
        "relancer tous croiseur chasseurs",
        "relancer galaxie",
        "attaquer",
        "attack mors roach",
        "voter Mors!",
        "si",
        "si arme",
        "si arme < ",
        "si arme < 3",
        "si arme < croiseur construire",
        "si galaxie est croiseur construire",
        "si bogus < 3 construire",
        "si technologie = warp dévier mors",
        "si mère est croiseur relancer mère",
        "si victoire",
        "si victoire pression mors",
        "si victoire fuite",
        "si victoire invasion croiseur",
        "pour",
        "annuler",
        "pour pour",
        "sacrifier",
        "sacrifier croiseur croiseur",
        "sacrifier mors",
        "bâtir",
        "build now",
        "reconstruire croiseur cuirassé",
        "x" * 301,
        "\n" * 201 + "construire",
    ],
    "vote": ["pour\ncontre", "annuler", "construire", "pour contre"],
    "immunity": ["pour", "accepter\nannuler", "attaquer mors"],
}


def _problems_of_bad_lines() -> list:
    from pm_helpers import new_game, put

    found = []
    for kind, lines in BAD_LINES.items():
        for line in lines:
            parsed = parse_orders(kind, line)
            assert parsed.problems, (kind, line)
            found += parsed.problems
    state = new_game(2, politics="on")
    state["politics"] = 1  # Ceasefire
    request = OrderRequest("turn:terre", "terre", "turn")
    for text in (
        "attaquer terre",
        "attaquer roach",
        "attaquer mors",
        "technologie",
        "dévier mors",
        "reconstruire",
        "si victoire invasion\nvoter mors",
    ):
        found += RULES.check(state, request, RULES.parse(request, text).orders)
    state["politics"] = 2  # Council Censure
    found += RULES.check(state, request, RULES.parse(request, "voter mors").orders)
    state["politics"] = 3
    found += RULES.check(state, request, RULES.parse(request, "construire").orders)
    state["politics"] = 4
    found += RULES.check(state, request, RULES.parse(request, "relancer mère").orders)
    found += RULES.check(state, OrderRequest("turn:mors", "mors", "turn"), RULES.parse(request, "").orders)
    found += RULES.check(state, request, None)
    put(state, "terre")
    return found


def test_every_problem_of_a_corpus_of_bad_lines_is_said_in_french() -> None:
    from adjudicator.games.planet_masters.french import PROBLEMS, SUGGESTIONS, say

    problems = _problems_of_bad_lines()
    assert len({p.message for p in problems}) > 30
    for problem in problems:
        assert say(problem.message, PROBLEMS, FR) is not None, problem.message
        if problem.suggestion:
            assert (
                say(problem.suggestion, SUGGESTIONS, FR) is not None
                or FR.gettext(problem.suggestion) != problem.suggestion
            ), problem.suggestion
        french = RULES.problem_text(problem, FR)
        assert french != str(problem), french
        assert RULES.problem_text(problem, ENGLISH) == str(problem)


def test_a_problem_of_an_unknown_shape_is_said_in_english_in_a_french_frame() -> None:
    from adjudicator.games.base import Problem

    problem = Problem(4, "invalid", "a message the game never wrote", "nor this hint")
    assert RULES.problem_text(problem, FR) == "ligne 4 : a message the game never wrote (nor this hint)"


def test_french_problems_name_the_order_words_in_french() -> None:
    parsed = parse_orders("turn", "construire croiseur")
    said = RULES.problem_text(parsed.problems[0], FR)
    assert said.startswith("ligne 1 : « construire » ne prend rien après lui, pas 'croiseur'"), said
    parsed = parse_orders("turn", "relancer galaxie")
    assert (
        "vouliez-vous dire" in RULES.problem_text(parsed.problems[0], FR)
        or parsed.problems[0].suggestion == ""
    )


# -- the board in French --------------------------------------------------------------------------
def test_the_board_in_french_names_things_by_the_glossarys_words() -> None:
    from pm_helpers import new_game, put

    from adjudicator.games.planet_masters.board import board_text

    state = new_game(3, **ALL_ON)
    put(state, "terre", planets=[1, 2, 5], weapons=[1, 2, 6], tech=6)
    put(state, "mors", home=1, planets=[6], weapons=[3, 5])
    state["politics"] = 3  # Fleet Regulations
    view = RULES.view(state, None)
    english, french = RULES.board_text(view), RULES.board_text(view, FR)
    assert english == RULES.board_text(view, ENGLISH) == board_text(view)
    for key, n in [
        ("home", 1),
        ("exhausted", 1),
        ("resource", 1),
        ("influence", 1),
        ("infantry", 1),
        ("cruiser", 1),
        ("battleship", 1),
        ("station", 1),
        ("defence", 1),
        ("fighters", 2),
        ("sonic-deflector", 1),
        ("fleet-regulations", 1),
        ("trait", 1),
        ("power", 1),
        ("round", 1),
    ]:
        word = GLOSSARY.word(key, FR, n)
        assert word.casefold() in french.casefold(), word
    for english_word in (
        "home planet",
        "weapons (red)",
        "Total Power",
        "battleship",
        "cruiser",
        "exhausted",
        "sonic deflector",
        "fleet regulations",
        "Galaxy",
        "Round",
        "trait:",
        "none",
    ):
        assert english_word in english and english_word not in french, english_word
    assert french.count("\n") == english.count("\n")


def test_the_board_in_french_shows_the_same_numbers(histories) -> None:
    for history in histories:
        view = RULES.view(history[len(history) // 2]["state"], None)
        english, french = RULES.board_text(view), RULES.board_text(view, FR)
        assert re.findall(r"\d+", english) == re.findall(r"\d+", french)


def test_a_planet_taken_by_an_invasion_is_said_in_french_with_its_defender() -> None:
    event = Event("pacal gains a planet (invaded from mors): placed on resource (3).", "planet")
    french = "pacal gagne une planète (envahie chez mors) : placée sur Ressource (3)."
    assert RULES.event_text(event, FR) == french
    assert RULES.event_text(event, ENGLISH) == event.text


def test_the_french_picture_says_the_books_words_and_the_english_one_is_unchanged() -> None:
    history = bot_history(3, players=3, steps=30, **ALL_ON)
    view = RULES.view(history[-1]["state"], None)
    english, french = RULES.board_svg(view), RULES.board_svg(view, FR)
    assert english is not None and french is not None
    assert RULES.board_svg(view, ENGLISH) == english
    texts = " ".join(re.findall(r">([^<]*)</text>", french))
    for word in ("Galaxie", "planètes", "Armes", "Ressources", "Influence", "Pouvoir", "Manche"):
        assert word in texts, word
    for word in ("Galaxy", "planets ", "weapons", "resources", "power ", "Round"):
        assert word not in texts, word
    assert re.sub(r">[^<]*</text>", "", english) == re.sub(r">[^<]*</text>", "", french)
