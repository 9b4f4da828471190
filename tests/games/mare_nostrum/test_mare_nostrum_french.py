"""Mare Nostrum in French: the glossary of the rule book's words, French order words read to the same
canonical (English) orders as the English ones, the order forms and the canonical echo in French."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mare_nostrum_helpers import RS, request

from adjudicator.games.base import REFEREE, OrderRequest
from adjudicator.games.dice import Dice
from adjudicator.games.language import ENGLISH, fold, language
from adjudicator.games.mare_nostrum.glossary import GLOSSARY, ORDER_WORDS
from adjudicator.games.mare_nostrum.map import default_map
from adjudicator.games.mare_nostrum.orders import ORDER_FORMS, order_words

FR = language("fr")
ROME = request("rome")
RESULTS = OrderRequest("battles", REFEREE, "battle-results")


def _request_for(kind: str) -> OrderRequest:
    return RESULTS if kind == "battle-results" else ROME


# ----------------------------------------------------------------------------- the glossary


def test_every_term_names_its_thing_in_english_and_in_french() -> None:
    for term in GLOSSARY.terms:
        assert term.en.strip() and term.fr.strip(), term.key
        assert term.name("en", 2) and term.name("fr", 2), term.key


def test_every_word_of_the_glossary_names_one_term_only() -> None:
    for term in GLOSSARY.terms:
        for word in term.words():
            assert GLOSSARY.key(word) == term.key, (word, term.key)
            assert GLOSSARY.key(word.upper()) == term.key, word


def test_glossary_names_the_books_words() -> None:
    # each French word as the rule book (8. La phase militaire) writes it, with its English key
    book = {
        "army": "armée",
        "fleet": "flotte",
        "engineer": "ingénieur",
        "priest": "prêtre",
        "mercenaries": "mercenaires",
        "guard": "Garde Sacrée",
        "po": "PO",
        "blockade": "blocus",
        "siege": "siège",
        "exhausted": "Épuisé",
        "resistance": "Résistance",
        "market": "Marché Local",
        "demography": "facteur démographique",
        "home": "province d'origine",
        "brigands": "bande de brigands",
        "pirates": "navire pirate",
        "naval-battle": "bataille navale",
        "administrative-phase": "Phase Administrative",
        "hold": "garnison",
        "pillage": "pille",
        "retreat": "retraite",
        "embark": "embarque",
        "government": "gouvernement",
        "contested": "province contestée",
    }
    for key, word in book.items():
        assert GLOSSARY.key(word) == key, (word, key)
    assert GLOSSARY.word("army", FR, 2) == "armées"
    assert GLOSSARY.word("sea", FR, 2) == "zones maritimes"


def test_the_ruleset_names_things_from_the_glossary_its_parser_reads() -> None:
    assert RS.glossary is GLOSSARY
    assert all(key in {t.key for t in GLOSSARY.terms} for key in ORDER_WORDS)


def test_no_french_order_word_could_be_a_shortened_place() -> None:
    # "A1 <word>" is a move to a shortened place: no order word may begin a place's name
    names = [n.lower().replace("-", "") for n in default_map().places]
    for key in ORDER_WORDS:
        for word in GLOSSARY.term(key).words():
            folded = fold(word)
            assert not any(name.startswith(folded) for name in names), (word, key)


# ----------------------------------------------------------------------------- French orders


def _canonical(req: OrderRequest, text: str) -> str:
    parsed = RS.parse(req, text)
    assert not parsed.problems, [str(p) for p in parsed.problems]
    return RS.canonical(req, parsed.orders)


#: A French player's version of each ORDER_FORMS example, written by hand (other words the glossary
#: accepts, small words, no accents, any case), by English example.
FRENCH = {
    "A2 hold pillage cut": "A2 garnison piller couper",
    "A1 move Cisalpina pillage retreat Etruria": "A1 va vers Cisalpina pillage repli Etruria",
    "F1 move Mare-Ionium engage": "f1 DEPLACE mare-ion engager",
    "A3 embark F1": "A3 embarque sur F1",
    "A4 land Sicilia control": "A4 debarque en Sicilia controle",
    "F2 blockade Carthago": "F2 Blocus Carthago",
    "truce Pannonia": "treve Pannonia",
    "buy army Latium mercenaries 2": "achète armée Latium mercenaires 2",
    "buy fleet Latium Mare-Tyrrhenum": "acheter flotte Latium Mare-Tyrrhenum",
    "hire engineer A1": "embauche ingenieur A1",
    "hire mercenaries 3": "Embaucher Mercenaires 3",
    "battle order A2 A1": "ordre de bataille A2 A1",
    "government Campania": "gouvernement Campania",
    "battle Mare-Ionium: carthage wins, lost carthage:F2": (
        "bataille Mare-Ionium: carthage gagne, perdu carthage:F2"
    ),
    "battle Gallia: dice": "Bataille Gallia: des",
}


@pytest.mark.parametrize("form", ORDER_FORMS, ids=[f.example for f in ORDER_FORMS])
def test_french_version_of_every_order_form_reads_as_the_english_one(form) -> None:
    req = _request_for(form.kinds[0])
    english = _canonical(req, form.example)
    assert _canonical(req, FRENCH[form.example]) == english
    [shown] = [f for f in RS.order_forms(req, FR) if f.syntax == FR.gettext(form.syntax)]
    assert _canonical(req, shown.example) == english


def test_french_words_give_the_same_orders_as_english_ones() -> None:
    english = RS.parse(
        ROME,
        "A1 move Etruria siege retreat F1\nA2 hold pillage cut\n"
        "F1 move Mare-Ionium intercept drive Mare-Tyrrhenum",
    )
    french = RS.parse(
        ROME,
        "A1 mouvement Etruria assiège retraite F1\nA2 pille coupe\n"
        "F1 va Mare-Ionium intercepte chasse Mare-Tyrrhenum",
    )
    assert not english.problems and not french.problems
    assert french.orders == english.orders
    assert french.lines == english.lines


def test_french_results_of_table_battles_read_as_the_english_ones() -> None:
    english = RS.parse(RESULTS, "battle Pannonia: rome wins, lost rome:A2, priest rome:A1")
    french = RS.parse(RESULTS, "bataille Pannonia: rome remporte, perte rome:A2, prêtre rome:A1")
    assert not french.problems and french.orders == english.orders and french.lines == english.lines


def test_french_mistakes_are_problems_with_their_line() -> None:
    parsed = RS.parse(ROME, "A1 mouvement Galia\nachète légion Latium\nembauche prêtre\nA1 garnison")
    assert [p.line for p in parsed.problems] == [1, 2, 3]
    assert parsed.lines == [(4, "A1 hold")]


FRENCH_WORDS = sorted({w for key in ORDER_WORDS for w in GLOSSARY.term(key).words() if " " not in w})
TOKENS = st.one_of(
    st.sampled_from(FRENCH_WORDS),
    st.sampled_from(
        ["A1", "F1", "a0", "Latium", "Mare-Ionium", "sur", "de", "->", ":", ",", "99", "rome:A1"]
    ),
    st.text(max_size=8),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(TOKENS, max_size=8), max_size=6), st.sampled_from(["orders", "battle-results"]))
def test_hostile_french_orders_give_problems_never_a_crash(lines: list[list[str]], kind: str) -> None:
    text = "\n".join(" ".join(words) for words in lines)
    req = _request_for(kind)
    parsed = RS.parse(req, text)
    for problem in parsed.problems:
        assert problem.message and problem.kind in ("invalid", "ambiguous", "illegal", "warning")
        assert "could not read this line" not in problem.message
    canonical = RS.canonical(req, parsed.orders)
    if canonical:  # what was understood reads back, in French as in English
        assert _canonical(req, canonical) == canonical
        assert _canonical(req, RS.canonical_text(req, canonical, FR)) == canonical


# ----------------------------------------------------------------------------- forms and echo in French


@pytest.mark.parametrize("kind", ["orders", "battle-results"])
def test_french_order_forms_are_french_and_their_examples_parse(kind: str) -> None:
    req = _request_for(kind)
    english = RS.order_forms(req, ENGLISH)
    french = RS.order_forms(req, FR)
    assert len(french) == len(english) and english == RS.order_forms(req)
    for en, fr in zip(english, french, strict=True):
        assert fr.syntax != en.syntax and fr.meaning != en.meaning, en.syntax
        parsed = RS.parse(req, fr.example)
        assert not parsed.problems and parsed.lines, fr.example
        assert RS.canonical(req, parsed.orders) == _canonical(req, en.example)


def _bot_canonicals(seed: int, turns: int = 6) -> list[tuple[OrderRequest, str]]:
    opts = RS.parse_options({"nations": "6", "battles": "table"})
    state = RS.setup(opts, RS.seat_names(opts), Dice(b"setup"))
    rng = random.Random(seed)
    out = []
    for turn in range(turns):
        orders = {}
        for req in RS.requests(state):
            parsed = RS.parse(req, RS.bot(json.loads(json.dumps(state)), req, rng))
            orders[req.key] = parsed.orders
            out.append((req, RS.canonical(req, parsed.orders)))
        state, _ = RS.resolve(json.loads(json.dumps(state)), orders, Dice(f"{seed}:{turn}".encode()))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_canonical_text_in_french_reads_back_to_the_same_canonical(seed: int) -> None:
    french_words = set(order_words("fr").values()) - set(order_words("en").values())
    seen = 0
    for req, canonical in _bot_canonicals(seed):
        assert RS.canonical_text(req, canonical, ENGLISH) == canonical
        french = RS.canonical_text(req, canonical, FR)
        assert _canonical(req, french) == canonical
        if canonical:
            seen += 1
            assert french != canonical and any(w in french for w in french_words), french
    assert seen > 10


# ----------------------------------------------------------------------------- the French order page

ROOT = Path(__file__).resolve().parents[3]


def test_french_order_page_shows_the_french_word_of_every_order_word() -> None:
    page = (ROOT / "orders" / "mare-nostrum.fr.md").read_text(encoding="utf-8")
    for key, word in order_words("fr").items():
        assert f"`{word}" in page, (key, word)  # shown as order text, at the start of a code span
    for form in RS.order_forms(ROME, FR):
        first = form.example.split()[1 if form.example[0] in "AF" else 0]
        assert first in page, form.example
    assert "(mare-nostrum.fr.md)" in (ROOT / "orders" / "mare-nostrum.md").read_text(encoding="utf-8")


def test_french_order_page_ships_beside_the_english_one() -> None:
    from importlib import resources

    pages = resources.files("adjudicator") / "pages"
    assert (pages / "mare-nostrum.fr.md").read_text(encoding="utf-8").startswith("# Mare Nostrum")
    assert (pages / "mare-nostrum.md").is_file()


# ----------------------------------------------------------------------------- prompts, labels, problems


def _bot_game(seed: int, turns: int, battles: str = "table", nations: int = 6) -> tuple[list, list, dict]:
    """Every request and every event of a bot-played game, and its last state."""
    opts = RS.parse_options({"nations": str(nations), "battles": battles})
    state = RS.setup(opts, RS.seat_names(opts), Dice(b"setup"))
    rng = random.Random(seed)
    requests, events = [], []
    for turn in range(turns):
        if RS.outcome(state):
            break
        orders = {}
        for req in RS.requests(state):
            requests.append(req)
            orders[req.key] = RS.parse(req, RS.bot(json.loads(json.dumps(state)), req, rng)).orders
        state, said = RS.resolve(json.loads(json.dumps(state)), orders, Dice(f"{seed}:{turn}".encode()))
        events += said
    return requests, events, state


@pytest.mark.parametrize("seed", [3, 4])
def test_every_prompt_and_label_of_a_bot_game_has_a_french_text(seed: int) -> None:
    requests, _, state = _bot_game(seed, 8)
    labels = {req.label for req in requests} | {RS.label(state)}
    assert any(": battle results" in label for label in labels)
    for label in labels:
        french = RS.label_text(label, FR)
        assert french != label and "BC" not in french and RS.label_text(label, ENGLISH) == label, label
    for req in requests:
        french = RS.prompt_text(req, FR)
        assert RS.prompt_text(req, ENGLISH) == req.prompt
        assert french != req.prompt, req.prompt
        for english_line, french_line in zip(req.prompt.split("\n"), french.split("\n"), strict=True):
            assert english_line != french_line, english_line
        assert "elements" not in french and "Orders of" not in french and "battle of" not in french


#: Bad lines, in English and in French, each giving a problem of the parser, the order check or the
#: referee's results check.
BAD_ORDERS = """A1 mouvement Galia
A1 move Sy
achète légion Latium
embauche prêtre
xx
A1 pille siège
A1 frobnicate
A1 Mare
F1 pillage
A1 engage
A1 embark
A1 embark F1 now
A1 move
A1 move Etruria drive
A1 move Etruria retreat
A1 move Etruria sideways
buy
buy army
buy army Latium mercenaries x
buy army Latium mercenaries 20
buy fleet Syracusae
buy fleet Latium Mare-Tyrrhenum extra
hire engineer
hire mercenaries 500
hire spies
battle order
battle order A1 A1
battle order F1
government
truce
A1 move Gallia
A2 hold
A1 hold siege
A1 hold control
A1 hold intercept
A1 move Mare-Ionium
A1 land Sicilia
A1 embark F7
A1 hold pillage
A1 hold retreat Gallia
A1 hold retreat F7
A1 blockade Carthago
F1 move Latium
F1 move Mare-Aegaeum
F1 land Sicilia
F1 hold pillage
F1 hold intercept
F1 blockade Carthago
F1 blockade Massalia
buy army Syracusae
buy fleet Syracusae Mare-Ionium
buy fleet Etruria Mare-Tyrrhenum
buy fleet Latium Mare-Ionium
hire engineer A9
government Syracusae
truce Pannonia
A3 move Etruria
A3 move Campania siege
A3 move Campania control retreat Apulia
A3 move Campania intercept
A3 move Campania drive Apulia
A3 move Campania cut
buy army Latium mercenaries 5
"""

BAD_RESULTS = """battle Pannonia: rome wins
fight Pannonia
battle Gallia:
battle Gallia: nobody wins
battle Gallia: rome wins big
battle Gallia: rome wins, found rome:A1
battle Gallia: rome wins, lost A1
bataille Galia: dés
"""


def _position() -> dict:
    from mare_nostrum_helpers import army, fleet, give, new_game

    state = new_game(3)
    army(state, "rome", 1, "Latium")
    army(state, "rome", 3, "Latium", exhausted=1)
    fleet(state, "rome", 1, "Mare-Tyrrhenum")
    give(state, "Campania", "carthage")
    state["nations"]["rome"]["treasury"] = 60
    return state


def test_every_problem_of_a_corpus_of_bad_lines_is_said_in_french() -> None:
    from adjudicator.games.mare_nostrum import speech

    state = _position()
    problems = []
    for line in BAD_ORDERS.splitlines():
        parsed = RS.parse(ROME, line)
        problems += parsed.problems or RS.check(state, ROME, parsed.orders)
    results = RS.parse(RESULTS, BAD_RESULTS)
    problems += results.problems + RS.check(state, RESULTS, results.orders)
    problems += RS.parse(ROME, "A1 hold\n" * 501).problems
    problems += RS.parse(ROME, "A1 move " + "x" * 400).problems
    messages = {p.message for p in problems}
    assert len(messages) > 50
    for problem in problems:
        found = speech.read(speech.PROBLEMS, problem.message)
        assert found, problem.message
        message, values = found
        assert message % values == problem.message  # the shape gives the English text back
        if problem.suggestion:
            assert speech.read(speech.SUGGESTIONS, problem.suggestion), problem.suggestion
        french = RS.problem_text(problem, FR)
        assert french != str(problem) and RS.problem_text(problem, ENGLISH) == str(problem)
        assert speech.problem_message(problem.message, FR) != problem.message, problem.message


def test_a_message_of_no_known_shape_stays_english_and_never_fails() -> None:
    from adjudicator.games.base import Problem

    problem = Problem(2, "invalid", "a message the rules do not write", "nor this")
    assert RS.problem_text(problem, FR) == "ligne 2 : a message the rules do not write (nor this)"
    assert RS.label_text("a label of no known shape", FR) == "a label of no known shape"


def test_outcomes_are_said_in_french() -> None:
    from adjudicator.games.base import Outcome

    assert RS.outcome_text(Outcome(("rome",), "last nation standing"), FR) == (
        "gagnée par rome (dernière nation debout)"
    )
    limit = Outcome(("rome", "carthage"), "turn limit of 30 reached: most provinces (7), then richest")
    assert "limite de 30 tours" in RS.outcome_text(limit, FR)
    assert RS.outcome_text(limit, ENGLISH) == str(limit)


# ----------------------------------------------------------------------------- events


def _names_and_numbers_out(text: str, state: dict) -> str:
    """``text`` without its numbers, unit ids and the names of places and nations."""
    from adjudicator.games.mare_nostrum.map import map_of

    names = [*map_of(state).places, *(n["name"] for n in state["nations"].values()), *state["nations"]]
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    return re.sub(r"[AF]?\d+", "", text)


@pytest.mark.parametrize(("seed", "battles"), [(5, "dice"), (6, "table"), (7, "dice"), (8, "table")])
def test_every_event_of_a_bot_game_has_a_french_text(seed: int, battles: str) -> None:
    from adjudicator.games.mare_nostrum import speech

    _, events, state = _bot_game(seed, 20, battles, nations=2 + seed % 7)
    kinds = {e.kind for e in events}
    assert {"move", "invasion", "purchase", "income"} <= kinds
    for event in events:
        before = json.dumps(event.to_json(), sort_keys=True)
        found = speech.read(speech.EVENTS, event.text)
        assert found, event.text
        message, values = found
        assert message % values == event.text
        french = RS.event_text(event, FR)
        assert RS.event_text(event, ENGLISH) == event.text
        assert _names_and_numbers_out(french, state) != _names_and_numbers_out(event.text, state), event.text
        for english_word in (" army ", " fleet ", " elements", " battle of ", "resistance", "Exhausted I"):
            assert english_word not in french, (english_word, french)
        assert json.dumps(event.to_json(), sort_keys=True) == before  # the record's event is untouched


def test_the_referees_adjustments_are_said_in_french() -> None:
    from mare_nostrum_helpers import army, new_game

    state = new_game(3)
    army(state, "carthage", 2, "Carthago")
    text = (ROOT / "orders" / "adjustments" / "mare-nostrum-example.toml").read_text(encoding="utf-8")
    text = text.replace("syracuse = 55", "macedon = 55")
    _, events = RS.adjust(state, RS.parse_adjustment(text))
    assert len(events) >= 8
    for event in events:
        french = RS.event_text(event, FR)
        assert french != event.text, event.text
    said = "\n".join(RS.event_text(e, FR) for e in events)
    assert "Note de l'arbitre" in said and "Une bande de brigands apparaît en Lusitania." in said
    assert "Un arsenal est construit en Etruria" in said and "Carthage dissout A2." in said


def test_a_french_event_names_units_and_results_with_the_glossarys_words() -> None:
    from adjudicator.games.base import Event

    said = RS.event_text(
        Event("Rome army A1 retreats from Etruria to Latium with an Exhausted I marker (invasion repulsed)."),
        FR,
    )
    assert said == (
        "L'armée A1 de Rome retraite de Etruria vers Latium avec un marqueur Épuisé I (invasion repoussée)."
    )
    unknown = Event("Something no rule writes.")
    assert RS.event_text(unknown, FR) == unknown.text


# ----------------------------------------------------------------------------- the board


@pytest.mark.parametrize(("seed", "turns"), [(3, 8), (9, 6)])
def test_french_board_names_things_with_the_glossarys_french_words(seed: int, turns: int) -> None:
    _, _, state = _bot_game(seed, turns)
    english = RS.board_text(state)
    assert RS.board_text(state, ENGLISH) == english
    french = RS.board_text(state, FR)
    assert len(french.splitlines()) == len(english.splitlines())  # the same facts, line for line
    for word in ("Trésor", "Revenu", "Armées", "Flottes", "Zones maritimes :", "av. J.-C.", "(tour "):
        assert word in french, word
    for word in ("Treasury", "Income", "Armies", "Fleets", "Sea zones:", " BC", "(turn ", "Map:"):
        assert word in english and word not in french, word
    for english_word, key in (("(guard", "guard"), ("engineer", "engineer"), ("priest", "priest")):
        if english_word in english:
            assert GLOSSARY.word(key, FR) in french and english_word not in french, key
    if "brigands" in english:
        assert GLOSSARY.word("brigands", FR) in french
    if "closed to caravans" in english:
        assert "closed to caravans" not in french and "fermée aux caravanes" in french
    numbers = re.findall(r"\d+", english.split("\n", 1)[1].replace("BC", ""))
    assert re.findall(r"\d+", french.split("\n", 1)[1]) == numbers  # every count and number as it was


@pytest.mark.parametrize("form", ORDER_FORMS, ids=[f.example for f in ORDER_FORMS])
def test_an_example_said_word_by_word_in_french_reads_as_the_english_one(form) -> None:
    # the order forms of a club map, whose places the examples may not name, are said word by word
    from adjudicator.games.mare_nostrum import speech

    req = _request_for(form.kinds[0])
    french = speech.order_words_in(form.example, FR)
    assert french != form.example
    assert _canonical(req, french) == _canonical(req, form.example)


def test_a_french_fin_line_is_read_as_the_english_final_line_is() -> None:
    for word in ("fin", "FIN", "final", "Final"):
        parsed = RS.parse(ROME, f"A1 garnison\n{word}\nachète armée Latium")
        assert not parsed.problems and parsed.lines == [(1, "A1 hold"), (3, "buy army Latium")], word
    assert [p.line for p in RS.parse(ROME, "A1 garnison\nfinal fin").problems] == [2]


def test_the_packaged_map_is_named_in_french_and_a_club_map_as_written() -> None:
    from adjudicator.games.mare_nostrum.board import map_name

    state = RS.setup(RS.parse_options({"nations": "2"}), ["rome", "carthage"], Dice(b"setup"))
    assert "Carte : Mare Nostrum (carte du projet)" in RS.board_text(state, FR)
    assert "Map: Mare Nostrum (project map)" in RS.board_text(state, ENGLISH)
    assert map_name("Mare Nostrum (project map)", FR) == "Mare Nostrum (carte du projet)"
    assert map_name("Our club's sea", FR) == "Our club's sea"


def test_the_title_is_said_in_french() -> None:
    assert FR.gettext(RS.title) == "Mare Nostrum : la phase militaire"
    assert ENGLISH.gettext(RS.title) == RS.title == "Mare Nostrum: military phase"
