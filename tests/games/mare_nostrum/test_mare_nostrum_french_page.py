"""The French order page's examples are read by the parser: every order the page's tables and code
blocks show a French player (``orders/mare-nostrum.fr.md``) parses without a problem, and reads to
the same canonical (English) order as its English twin on the page, so that the page cannot drift
from the order language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mare_nostrum_helpers import RS, request

from adjudicator.games.base import REFEREE, OrderRequest
from adjudicator.games.language import language
from adjudicator.games.mare_nostrum.glossary import GLOSSARY

FR = language("fr")
ROME = request("rome")
RESULTS = OrderRequest("battles", REFEREE, "battle-results")
PAGE = (Path(__file__).resolve().parents[3] / "orders" / "mare-nostrum.fr.md").read_text(encoding="utf-8")

#: the words a purchase or a choice starts with, as the page writes them
CHOICES = ("achète ", "embauche ", "ordre de bataille ", "gouvernement ", "trêve ")
UNIT = re.compile(r"^[AF]\d+ ")
SPAN = re.compile(r"`([^`]+)`")
TABLES = (
    "### Ordres des unités (un par unité ; une unité sans ordre reste en garnison)",
    "### Achats et choix",
)


def _section(heading: str) -> str:
    return PAGE.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]


def _rows(heading: str) -> list[list[str]]:
    """The table rows under ``heading``: each row's cells (the header and rule lines left out)."""
    rows = [
        line.strip().strip("|").split(" | ")
        for line in _section(heading).splitlines()
        if line.startswith("|")
    ]
    return [[cell.strip() for cell in row] for row in rows[2:]]


def _is_order(text: str) -> bool:
    return bool(UNIT.match(text)) or text.startswith(CHOICES)


def _canonical(req: OrderRequest, text: str) -> str:
    parsed = RS.parse(req, text)
    assert not parsed.problems and parsed.lines, (text, [str(p) for p in parsed.problems])
    return RS.canonical(req, parsed.orders)


def _order_rows() -> list[tuple[str, list[str], str]]:
    """Each row of the two order tables whose first cell shows orders: (first order, every order
    of the cell, the order its options follow) - a row of options (``... contrôle``) gives the
    options written after the last whole move above it."""
    out = []
    for heading in TABLES:
        move = ""
        for cells in _rows(heading):
            spans = SPAN.findall(cells[0])
            if cells[0].startswith("..."):
                out.append((spans[0], [f"{move} {span}" for span in spans], move))
            elif spans and _is_order(spans[0]):
                out.append((spans[0], spans, ""))
                if " mouvement " in spans[0]:
                    move = spans[0]
    return out


ROWS = _order_rows()


def test_the_page_shows_every_order_of_its_two_tables() -> None:
    firsts = [first for first, _, _ in ROWS]
    assert len(firsts) == 23, firsts  # 9 unit orders, 5 rows of options, 9 purchases and choices
    assert "A1 garnison" in firsts and "achète armée Latium" in firsts and "trêve Pannonia" in firsts


@pytest.mark.parametrize(("first", "orders", "after"), ROWS, ids=[first for first, _, _ in ROWS])
def test_every_order_of_a_row_of_the_french_page_reads_to_one_canonical_order(
    first: str, orders: list[str], after: str
) -> None:
    canonicals = {_canonical(ROME, order) for order in orders}
    if after:  # a row of options: each option changes the order it follows
        assert _canonical(ROME, after) not in canonicals
    else:  # a row of one order written several ways (and its English twin): one order
        assert len(canonicals) == 1, canonicals


def test_the_english_twin_a_row_names_is_the_same_order() -> None:
    cells = [cells[0] for heading in TABLES for cells in _rows(heading) if "anglais `" in cells[0]]
    pairs = [(SPAN.findall(cell)[0], cell.split("anglais `")[1].split("`")[0]) for cell in cells]
    assert [english for _, english in pairs] == [
        "A1 hold",
        "A1 move Etruria",
        "buy army Latium",
        "battle order A2 A1",
    ]
    for french, english in pairs:
        assert _canonical(ROME, french) == _canonical(ROME, english), (french, english)


def test_the_small_words_example_orders_are_read() -> None:
    prose = _section("## Écrire ses ordres")
    examples = [
        s for s in SPAN.findall(prose.split("Les petits mots", 1)[1].split("\n\n", 1)[0]) if UNIT.match(s)
    ]
    assert examples == ["A1 va vers Etruria", "A1 embarque sur F1", "A4 débarque en Sicilia"]
    assert _canonical(ROME, examples[0]) == "A1 move Etruria"
    assert _canonical(ROME, examples[1]) == "A1 embark F1"
    assert _canonical(ROME, examples[2]) == "A4 land Sicilia"


def test_the_canonical_form_the_page_shows_is_the_echo_of_the_french_order() -> None:
    prose = _section("### Forme canonique")
    english, french = [s for s in SPAN.findall(prose) if UNIT.match(s)]
    assert _canonical(ROME, french) == _canonical(ROME, english) == english
    assert RS.canonical_text(ROME, english, FR) == french


def test_the_referee_s_battle_results_block_is_read_as_its_english_words() -> None:
    section = PAGE.split("\n## Batailles sur table (`battles=table`)\n", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"```\n(.*?)```", section, re.S)
    lines = block.strip().splitlines()
    assert len(lines) == 3
    parsed = RS.parse(RESULTS, block)
    assert not parsed.problems and [n for n, _ in parsed.lines] == [1, 2, 3]
    english = SPAN.findall(section.split("(en anglais :", 1)[1].split(")", 1)[0])[0]
    assert _canonical(RESULTS, lines[0]) == _canonical(RESULTS, english)
    for line in lines:  # each result echoed to a French referee as the page writes it
        assert RS.canonical_text(RESULTS, _canonical(RESULTS, line), FR) == line


def test_every_word_of_the_page_s_word_table_is_a_word_of_its_english_twin() -> None:
    rows = _rows("### Les mots des ordres, en français et en anglais")
    assert len(rows) == 21
    for french, english in rows:
        keys = {GLOSSARY.key(word) for word in SPAN.findall(english)}
        for word in SPAN.findall(french):
            assert GLOSSARY.key(word) in keys and None not in keys, (word, english)


def test_the_problems_the_page_quotes_are_the_parser_s_problems_in_french() -> None:
    prose = _section("## Écrire ses ordres")
    quoted = [" ".join(s.split()) for s in SPAN.findall(prose) if "inconnu" in s or "plusieurs lieux" in s]
    said = [
        RS.problem_text(problem, FR).split(" : ", 1)[1]  # without its "ligne 1 : "
        for text in ("A1 mouvement Galia", "A1 mouvement Sy")
        for problem in RS.parse(ROME, text).problems
    ]
    assert quoted == said
