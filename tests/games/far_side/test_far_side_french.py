"""Far Side in French: the glossary of the book's words, French order words read to the same
canonical (English) orders, the order forms and the canonical echo said in French."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from far_side_helpers import GAME, new_state
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.base import Event, OrderRequest, forms_for
from adjudicator.games.dice import Dice
from adjudicator.games.far_side import orders as O
from adjudicator.games.far_side.glossary import GLOSSARY, ORDER_TERMS
from adjudicator.games.language import ENGLISH, fold, language

FR = language("fr")
KINDS = ("turn", "standing", "drift", "reaction", "continue", "attack")


def _request(kind: str, seat: str = "british") -> OrderRequest:
    return OrderRequest(f"{kind}:{seat}", seat, kind)


def bot_game(
    seed: int, limit: int = 80, **options: str
) -> Iterator[tuple[dict[str, Any], OrderRequest, str]]:
    """Every request of a bot game (up to ``limit`` engine turns) with the state it was asked in
    and the bot's order text; the game's events are kept in ``EVENTS[seed]``."""
    rng = random.Random(seed)
    state = new_state(**options)
    for n in range(1, limit + 1):
        if GAME.outcome(state) is not None:
            return
        orders = {}
        for req in GAME.requests(state):
            text = GAME.bot(state, req, rng)
            yield state, req, text
            orders[req.key] = GAME.parse(req, GAME.canonical(req, GAME.parse(req, text).orders)).orders
        state, events = GAME.resolve(state, orders, Dice(f"{seed}:{n}".encode()))
        EVENTS.setdefault(seed, []).extend(events)


EVENTS: dict[int, list[Event]] = {}


# -- the glossary -------------------------------------------------------------------------------
def test_glossary_names_the_books_words() -> None:
    book = {
        "Seamanship": "sea",
        "Gunnery": "gun",
        "Command Authority": "cmd",
        "Morale": "mor",
        "Marksmanship": "aim",
        "Boarding": "brd",
        "weather gage": "gage",
        "windward position": "windward",
        "kedge": "kedge",
        "tow": "tow",
        "ram": "ram",
        "dock": "dock",
        "anchor": "anchor",
        "broadside": "broadside",
        "heavy broadside": "heavy-broadside",
        "Rake the Bow": "rake",
        "bow-chasers": "bow-chasers",
        "hull strength": "hull",
        "broken masts": "mast",
        "engagement token": "engagement",
        "grapple": "grapple",
        "repel": "repel",
        "MOVE": "move",
    }
    for word, key in book.items():
        assert GLOSSARY.key(word) == key, word
    french = {
        "bordée": "broadside",
        "abordage": "brd",
        "mât": "mast",
        "allure": "move",
        "avantage du vent": "gage",
    }
    for word, key in french.items():
        assert GLOSSARY.key(word) == key, word
    assert GAME.glossary is GLOSSARY


def test_every_term_is_named_in_english_and_in_french() -> None:
    for term in GLOSSARY.terms:
        assert term.en.strip() and term.fr.strip(), term.key
        assert GLOSSARY.word(term.key, FR) == term.fr and GLOSSARY.word(term.key, ENGLISH) == term.en


def test_every_word_an_order_line_starts_with_is_a_term_of_the_glossary() -> None:
    english = {fold(GLOSSARY.term(k).en) for k in ORDER_TERMS}
    for kind in KINDS:
        for word in O._Parser("british", kind).accepted():
            assert word in english or f"{word} fire" in english, (kind, word)


def test_no_french_order_word_is_an_english_word_the_parser_reads() -> None:
    english = {w for k in ORDER_TERMS for w in fold(GLOSSARY.term(k).en).split()}
    english |= set(O.TASKS) | set(O.SKILL_WORDS) | {"levels", "command", "any", "on"}
    for phrase, meant in O._FRENCH.items():
        for word in phrase:
            assert word not in english or [word] == meant, (phrase, meant)


# -- French orders ----------------------------------------------------------------------------
@pytest.mark.parametrize("seat", ["british", "french"])
@pytest.mark.parametrize("form", O.ORDER_FORMS, ids=lambda f: f.example)
def test_the_french_example_of_every_form_reads_to_the_english_canonical_text(form: Any, seat: str) -> None:
    english = next(f for f in GAME.order_forms(_request(form.kinds[0], seat)) if f.syntax == form.syntax)
    french = O.say(english.example, FR)
    assert french != english.example
    request = _request(form.kinds[0], seat)
    said, meant = GAME.parse(request, french), GAME.parse(request, english.example)
    assert said.problems == meant.problems and said.lines == meant.lines and said.lines
    assert GAME.canonical(request, said.orders) == GAME.canonical(request, meant.orders)


FRENCH_TURN = """
# Tour 7 de l'escadre
NAVIGUER 1 d7 d6 e5
remorquer 3 5
éperonner f4
si allure > route : demander
au vent F4
avantage du vent allure e4
réparer B2 pompes 1 gréement 1 de canonnage 1 manœuvre 1
transférer 6 commandement 1 à 8 de tir 1
feu 2 sur F4
feu 4 sur le plus proche
feu à volonté
grappiner 7 sur 2
repousser 8
dérive ignorer
cessez le feu
fin
"""

ENGLISH_TURN = """
# Turn 7
SAIL 1 d7 d6 e5
tow 3 5
ram f4
if move > path: ask
windward F4
gage move e4
repair B2 pumps 1 rigging 1 from gun 1 sea 1
transfer 6 cmd 1 to 8 from aim 1
fire 2 at F4
fire 4 at nearest
fire at will
grapple 7 at 2
repel 8
drift ignore
hold fire
final
"""


def test_a_whole_french_turn_reads_as_the_same_english_turn() -> None:
    request = _request("turn")
    french, english = GAME.parse(request, FRENCH_TURN), GAME.parse(request, ENGLISH_TURN)
    assert french.ok and english.ok, french.problems
    assert french.lines == english.lines
    assert GAME.canonical(request, french.orders) == GAME.canonical(request, english.orders)


def test_french_words_are_read_without_accents_and_in_any_case() -> None:
    request = _request("turn")
    for text in ("DEHALER 3 A c7", "déhaler 3 à c7", "Déhaler 3 vers c7", "se déhaler B3 à c7"):
        assert GAME.parse(request, text).lines == [(1, "kedge B3 to c7")], text
    standing = _request("standing")
    assert GAME.parse(standing, "PERMANENT Feu A Volonte").lines == [(1, "standing fire at will")]
    assert GAME.parse(standing, "priorite 3 aucun").lines == [(1, "priority B3 none")]


def test_a_french_line_with_a_fault_is_refused_as_the_english_one_is() -> None:
    request = _request("turn")
    for french, english in (
        ("naviguer 3 c7 a1", "sail 3 c7 a1"),
        ("réparer 3 pompes 2 de cdt 2", "repair 3 pumps 2 from cmd 2"),
        ("feu 3 sur B4", "fire 3 at B4"),
        ("grappiner 3", "grapple 3"),
    ):
        said, meant = GAME.parse(request, french).problems, GAME.parse(request, english).problems
        assert said and [(p.kind, p.rule) for p in said] == [(p.kind, p.rule) for p in meant], french


FRENCH_WORDS = sorted({w for k in ORDER_TERMS for w in GLOSSARY.term(k).words()})


@settings(max_examples=300, deadline=None)
@given(
    words=st.lists(
        st.one_of(
            st.sampled_from(FRENCH_WORDS),
            st.sampled_from(["B3", "F4", "3", "c7", "h9", "0", "-1", ">", ":", "#", "999", "Ŝ", "é"]),
            st.text(max_size=6),
        ),
        max_size=10,
    ),
    kind=st.sampled_from(KINDS),
    seat=st.sampled_from(["british", "french"]),
)
def test_french_worded_hostile_input_gives_problems_never_a_crash(
    words: list[str], kind: str, seat: str
) -> None:
    request = _request(kind, seat)
    parsed = GAME.parse(request, " ".join(words) + "\n" + "\n".join(words))
    for problem in parsed.problems:
        assert problem.message and problem.kind in ("invalid", "illegal", "ambiguous", "warning")
    again = GAME.parse(request, GAME.canonical(request, parsed.orders))
    assert GAME.canonical(request, again.orders) == GAME.canonical(request, parsed.orders)


# -- the order forms and the canonical echo in French -----------------------------------------
@pytest.mark.parametrize("seat", ["british", "french"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_french_order_form_is_said_in_french_and_its_example_is_read(kind: str, seat: str) -> None:
    request = _request(kind, seat)
    english, french = GAME.order_forms(request), GAME.order_forms(request, FR)
    assert len(english) == len(french) == len(forms_for(O.ORDER_FORMS, kind)) > 0
    for en, fr in zip(english, french, strict=True):
        assert fr.syntax != en.syntax and fr.meaning != en.meaning and fr.kinds == en.kinds
        parsed = GAME.parse(request, fr.example)
        wrong = [p for p in parsed.problems if p.kind in ("invalid", "ambiguous")]
        assert not wrong and parsed.lines, (fr.example, wrong)
        assert parsed.lines == GAME.parse(request, en.example).lines


def test_the_english_order_forms_are_the_table_s_own() -> None:
    request = _request("turn")
    assert GAME.order_forms(request) == GAME.order_forms(request, ENGLISH) == forms_for(O.ORDER_FORMS, "turn")
    assert O.say_syntax("anchor [ship]", FR) == "mouiller [navire]"
    assert O.say_syntax("standing <standing order>", FR) == "permanent <ordre permanent>"


def test_the_canonical_text_of_a_whole_turn_in_french_reads_back_to_the_same_canonical() -> None:
    request = _request("turn")
    canonical = GAME.canonical(request, GAME.parse(request, ENGLISH_TURN).orders)
    french = GAME.canonical_text(request, canonical, FR)
    assert GAME.canonical_text(request, canonical, ENGLISH) == canonical
    assert "naviguer B1 d7 d6 e5" in french and "feu B4 sur le plus proche" in french
    assert "sail" not in french and "fire" not in french
    assert GAME.canonical(request, GAME.parse(request, french).orders) == canonical


@pytest.mark.parametrize(("seed", "reactions"), [(1, "standing"), (2, "live"), (3, "live")])
def test_the_canonical_text_of_every_bot_order_in_french_reads_back_to_the_same_canonical(
    seed: int, reactions: str
) -> None:
    kinds = set()
    for _state, request, text in bot_game(seed, reactions=reactions):
        canonical = GAME.canonical(request, GAME.parse(request, text).orders)
        french = GAME.canonical_text(request, canonical, FR)
        assert GAME.canonical(request, GAME.parse(request, french).orders) == canonical, (canonical, french)
        kinds.add(request.kind)
    assert {"turn", "standing"} <= kinds


# -- the French order page ----------------------------------------------------------------------
ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "orders" / "far-side.fr.md"
ENGLISH_PAGE = ROOT / "orders" / "far-side.md"


def _section(text: str, heading: str) -> str:
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_the_french_page_s_example_turns_are_the_example_files_in_french() -> None:
    blocks = re.findall(r"```\n(.*?)```", _section(PAGE.read_text("utf-8"), "Exemples de tours"), re.S)
    files = {
        0: ("01-british-opening.txt", "turn", "british"),
        1: ("02-french-opening.txt", "turn", "french"),
        3: ("05-british-battle.txt", "turn", "british"),
    }
    assert len(blocks) == 4
    for index, (name, kind, seat) in files.items():
        request = _request(kind, seat)
        english = (ROOT / "orders" / "far-side" / name).read_text("utf-8")
        english = english.split("# Answer to")[0]  # the battle file ends with the answer to a continue
        french, meant = GAME.parse(request, blocks[index]), GAME.parse(request, english)
        assert french.ok and meant.ok, (name, french.problems)
        assert GAME.canonical(request, french.orders) == GAME.canonical(request, meant.orders), name
    follow = GAME.parse(_request("continue"), blocks[2])
    assert follow.ok and follow.lines == [(1, "continue c4 b4")]


def test_the_french_page_has_the_english_page_s_sections_readings_and_figures() -> None:
    french, english = PAGE.read_text("utf-8"), ENGLISH_PAGE.read_text("utf-8")

    def shape(text: str) -> list[int]:
        return [len(m) for m in re.findall(r"^(#+) ", text, re.M)]

    def readings(text: str) -> list[str]:
        return re.findall(r"^(\d+)\. \*\*", text, re.M)

    assert shape(french) == shape(english)
    assert readings(french) == readings(english) == [str(n) for n in range(1, 26)]
    figures = re.compile(r"```\n(Far Side.*?)```", re.S)
    assert figures.findall(french) == figures.findall(english) != []
    assert "[English version](far-side.md)" in french and "[Version française](far-side.fr.md)" in english


def test_the_french_page_shows_every_french_order_form() -> None:
    text = PAGE.read_text("utf-8").replace("\\|", "|").replace(" : ", ": ")
    for kind in KINDS:
        for form in GAME.order_forms(_request(kind), FR):
            head = re.split(r" [<\[|]", form.syntax)[0]
            assert f"`{head}" in text, (kind, form.syntax)
    assert "Les mots anglais sont aussi acceptés" in text


def test_the_french_page_ships_with_the_package_beside_the_english_one() -> None:
    from importlib import resources

    shipped = resources.files("adjudicator") / "pages" / "far-side.fr.md"
    assert shipped.read_text(encoding="utf-8") == PAGE.read_text("utf-8")


# -- prompts, labels, problems and the outcome in French --------------------------------------
@pytest.mark.parametrize(("seed", "reactions"), [(4, "standing"), (5, "live"), (6, "live")])
def test_every_prompt_and_label_of_a_bot_game_is_said_in_french(seed: int, reactions: str) -> None:
    seen = set()
    for _state, request, _text in bot_game(seed, limit=120, reactions=reactions):
        prompt, label = GAME.prompt_text(request, FR), GAME.label_text(request.label, FR)
        assert prompt and prompt != request.prompt, request.prompt
        assert label and label != request.label, request.label
        assert GAME.prompt_text(request, ENGLISH) == request.prompt
        assert not re.search(r"\b(British|French|Turn|sail|drift|fire)\b", prompt + label), (prompt, label)
        seen.add(request.kind)
    assert {"turn", "standing"} <= seen
    if reactions == "live":
        assert {"attack", "reaction"} & seen


BAD_LINES = {
    "turn": [
        "naviguerr 3",
        "rep 3",
        "sail 3",
        "sail",
        "sail 9 c7",
        "sail F3 c7",
        "sail 3 z9",
        "sail 3 c7 c5",
        "sail 3 c7 c8",
        "sail 1 a7\nsail 2 b7",
        "kedge 3 to dock",
        "kedge 3",
        "kedge 3 to d4",
        "anchor 1 2",
        "tow",
        "tow 3 3",
        "tow 3\ntow 4",
        "tow 3",
        "ram",
        "ram F4\nram F5",
        "if move > path: stop",
        "if move > path: maybe",
        "if move > path: ask\nif move > path: ask",
        "windward",
        "gage move",
        "fire 3",
        "fire 3 at F4\nfire 3 at F5",
        "repair 3",
        "repair 3 pumps 2 from cmd 2",
        "repair 3 pumps 2 from gun 1",
        "repair 3 pumps from gun",
        "repair 3 pumps x from gun 1",
        "repair 3 oars 1 from gun 1",
        "repair 3 pumps 1 from luck 1",
        "repair 3 pumps 0 from gun 0",
        "repair 3 pumps 1 from gun 1\nrepair 3 rigging 1 from sea 1",
        "transfer 3 cmd 1",
        "transfer 3 cmd 0 to 4 from gun 0",
        "transfer 3 cmd 1 to 3 from gun 1",
        "transfer 3 cmd 1 to 4 5 from gun 1",
        "transfer 3 cmd 1 to 4 from gun 1\ntransfer 3 cmd 1 to 2 from gun 1",
        "grapple 3",
        "grapple 3 at 4\ngrapple 3 at 5",
        "repel",
        "repel 3\nrepel 3",
        "hold",
        "return",
        "priority 3",
        "standing xx",
        "drift",
        "final 3",
        "sail 1 a7 a6 dock\nram F2",
        "sail 1 a7 a6\ntow 1",
        "sail 1 a7 a6\nram F2\nfire 1 at F3",
        "sail 1 b7 a7 dock",
        "sail 3 c7 d6 e5\ntow 5 4",
        "transfer 1 cmd 2 to 2 from gun 1 sea 1\nsail 2 b7",
        "grapple 1 at 1",
        "repel 2",
        "repair 1 pumps 3 from brd 3",
        "anchor 1\nrepair 1 pumps 3 from brd 3\ngrapple 1 at 1",
    ],
    "continue": [
        "continue",
        "continue straight\ncontinue straight",
        "stop",
        "continue straight 3",
        "continue c4 c6",
    ],
    "standing": ["fire 3 at 4", "drift xx", "priority 3 9"],
    "reaction": ["drift ignore"],
}


def _problems_of_the_corpus() -> list[Any]:
    from far_side_helpers import board

    state = board(
        {"B1": "a8", "B2": "b8", "B3": "c8", "B4": "d8", "B5": "e8", "F1": "a5", "F2": "a6", "F4": "h1"},
        B1={"engaged": "short"},
        F2={"engaged": "short"},
        B2={"skills": {"BRD": -2}},
    )
    state["grapples"] = [["F2", "B1"]]
    state["wind"] = {**state["wind"], "skill_red": True, "storm": True}
    found = []
    for kind, lines in BAD_LINES.items():
        request = _request(kind, "french" if kind in ("standing", "reaction") else "british")
        for text in lines:
            parsed = GAME.parse(request, text)
            found.extend(parsed.problems)
            if kind == "turn":
                found.extend(GAME.check(state, request, parsed.orders))
    live = board({"B1": "a8", "F1": "a1"})
    live["options"]["reactions"] = "live"
    found.extend(GAME.check(live, _request("turn"), GAME.parse(_request("turn"), "fire at will").orders))
    found.extend(GAME.check(live, _request("turn", "french"), GAME.parse(_request("turn"), "anchor").orders))
    found.extend(GAME.check(live, _request("turn"), "not orders"))
    return found


def test_the_problems_of_a_corpus_of_bad_lines_are_all_said_in_french() -> None:
    from adjudicator.games.far_side.texts import PROBLEMS, said

    problems = _problems_of_the_corpus()
    assert len(problems) > 60 and {p.kind for p in problems} >= {"invalid", "illegal", "ambiguous", "warning"}
    matched = set()
    for problem in problems:
        for english in (problem.message, problem.suggestion):
            if english:
                french = said(english, FR, PROBLEMS)
                assert french != english, english
                matched.update(s.msgid for s in PROBLEMS if s.pattern.fullmatch(english))
        text = GAME.problem_text(problem, FR)
        assert text.startswith("ligne ") or problem.line is None
    assert len(matched) > 100  # most of the table's shapes are met by the corpus


@given(st.text(max_size=80))
def test_a_problem_of_no_known_shape_is_shown_in_english_never_refused(message: str) -> None:
    from adjudicator.games.base import Problem

    text = GAME.problem_text(Problem(2, "invalid", message, message), FR)
    assert text.startswith("ligne 2 : ")


def test_the_outcome_is_said_in_french_with_the_sides_named_from_the_glossary() -> None:
    from adjudicator.games.base import Outcome

    won = Outcome(("british",), "no ships left to capture or sink; most ships captured (3 to 1)")
    assert GAME.outcome_text(won, FR) == (
        "gagnée par Anglais (plus aucun navire à capturer ni à couler ;"
        " le plus de navires capturés (3 contre 1))"
    )
    tied = Outcome(
        (), "turn limit of 600 player turns reached (option max-turns); captures (2) and sinkings (1) tied"
    )
    assert GAME.outcome_text(tied, FR) == (
        "partie nulle (limite de 600 tours de joueur atteinte (option max-turns) ;"
        " captures (2) et navires coulés (1) à égalité)"
    )
    assert GAME.outcome_text(won, ENGLISH) == f"won by british ({won.reason})"


# -- the events in French ---------------------------------------------------------------------
#: English words an event said in French must not hold (ships, squares and numbers aside)
ENGLISH_WORDS = re.compile(
    r"\b(the|is|and|of|to|ship|ships|fire|fires|with|at|turn|Turn|British|French|sails|no|not|has|MOVE"
    r"|DAMAGE|HIT|dice|BRD|GUN|SEA|CMD|AIM|row|white|red|wind|Wind|drift|gust|storm|hull|mast|masts)\b"
)


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (11, {}),
        (12, {"reactions": "live"}),
        (13, {"ram-opens": "yes"}),
        (14, {"reactions": "live", "first": "french"}),
    ],
)
def test_every_event_of_a_bot_game_is_said_in_french(seed: int, options: dict[str, str]) -> None:
    for _ in bot_game(seed, limit=400, **options):
        pass
    events = EVENTS.pop(seed)
    kinds = set()
    for event in events:
        before = json.dumps(event.to_json(), sort_keys=True)
        french = GAME.event_text(event, FR)
        assert french != event.text and not ENGLISH_WORDS.search(french), (event.text, french)
        assert GAME.event_text(event, ENGLISH) == event.text
        assert json.dumps(event.to_json(), sort_keys=True) == before
        kinds.add(event.kind)
    assert {"turn", "wind", "move", "attack", "damage"} <= kinds, kinds


def test_the_end_of_the_game_and_the_published_wind_are_said_in_french() -> None:
    from adjudicator.games.far_side.wind import wind_text

    over = Event(
        "The game is over: won by french (no ships left to capture or sink; most ships captured (2 to 1))."
    )
    assert GAME.event_text(over, FR) == (
        "La partie est finie : gagnée par Français (plus aucun navire à capturer ni à couler ;"
        " le plus de navires capturés (2 contre 1))."
    )
    wind = {"turn": 5, "seat": "french", "white": 1, "red": 5, "move": 2, "skill_white": True,
            "skill_red": False, "gusts": 0, "repair": False, "storm": True}  # fmt: skip
    french = GAME.event_text(Event(wind_text(wind), "wind"), FR)
    assert french.startswith("Vent du tour 5 (Français) : blanc 1, rouge 5 : allure 2; blanc 1 : +1 à une")
    assert french.endswith("(Se déhaler fait renoncer à l'allure, pas aux événements.)")
    assert not ENGLISH_WORDS.search(french)


def test_an_event_of_no_known_shape_is_shown_in_english() -> None:
    event = Event("Something the tables do not know.", "other")
    assert GAME.event_text(event, FR) == event.text


# -- the board in French ----------------------------------------------------------------------
def _mid_game() -> dict[str, Any]:
    """A state of a bot game once a fight is on (a ship engaged), as the board shows it."""
    from adjudicator.games.far_side import board as B

    for state, _request, _text in bot_game(21, limit=400):
        if any(s["engaged"] for s in B.afloat(state)) and state["turn"] > 10:
            return GAME.view(state, None)
    raise AssertionError("no fight in the bot game")


def test_the_board_in_french_names_things_with_the_glossary_s_french_words() -> None:
    view = _mid_game()
    english, french = GAME.board_text(view), GAME.board_text(view, FR)
    assert GAME.board_text(view, ENGLISH) == english
    for word in (
        "British",
        "French",
        " SEA ",
        " GUN ",
        " BRD",
        "Ranges (",
        "Standing orders in force",
        "captured",
    ):
        assert word in english and word not in french, word
    for word in (
        "Anglais",
        "Français",
        " MAN ",
        " CAN ",
        " ABO",
        "Portées (",
        "Ordres permanents en vigueur",
    ):
        assert word in french, word
    assert "Tour " in french.splitlines()[0] and "Vent du tour" in french
    assert re.search(r"\b(courte|longue)\b", french) and not re.search(r"\b(short|long)\b", french)
    # the grid and the ships' figures are the same facts
    grid = lambda text: [line for line in text.splitlines() if re.match(r"^\d   |^[BF]\d ", line)]  # noqa: E731
    assert len(grid(english)) == len(grid(french)) > 8
    assert [line[:30] for line in grid(english) if "--" not in line] == [
        line[:30] for line in grid(french) if "--" not in line
    ]


def test_the_french_board_says_a_ship_without_an_enemy_in_range_in_french() -> None:
    board = GAME.board_text(new_state(), FR)
    assert board.count("aucun navire ennemi à portée") == 16  # no ship in range of another at the start
    assert "no enemy ship in range" not in board
    assert GAME.board_text(new_state(), ENGLISH).count("no enemy ship in range") == 16


def test_the_title_is_said_in_french() -> None:
    assert FR.gettext(GAME.title) == "Master & Commander : De l'autre côté du monde"
    assert ENGLISH.gettext(GAME.title) == GAME.title == "Master & Commander: Far Side of the World"


def test_a_french_word_out_of_place_is_quoted_as_the_player_wrote_it() -> None:
    request = _request("turn")
    for text, quoted in (
        ("feu à volonté B3", "'volonté'"),
        ("dérive à F4", "'à'"),
        ("mouiller au port", "'au port'"),
        ("feu B3 sur au vent", "'au vent'"),
    ):
        [problem] = GAME.parse(request, text).problems
        said = GAME.problem_text(problem, FR)
        assert f"{quoted} n'est pas un navire" in said and problem.message == f"{quoted} is not a ship", said
    [english] = GAME.parse(request, "fire at will B3").problems  # an English line quotes its English
    assert english.message == "'will' is not a ship"
    [first] = GAME.parse(_request("drift"), "feu à volonté").problems
    assert "ordre inconnu 'feu'" in GAME.problem_text(first, FR)
