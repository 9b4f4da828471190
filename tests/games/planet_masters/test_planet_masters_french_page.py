"""The French order page of Planet Masters (``orders/planet-masters.fr.md``, what ``aide`` mails a
French player) read by the game's parser: every order of its tables, its placeholders filled, parses
to the same English canonical order as the English words the table gives beside it, and each example
of the conditions table parses; so the page cannot drift from the parser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.games.planet_masters.orders import canonical, parse_orders

PAGE = Path(__file__).parents[3] / "orders" / "planet-masters.fr.md"
#: a placeholder of the page and a word that fills it in both languages
FILLERS = {
    "<joueur>": "mors",
    "<player>": "mors",
    "<arme>": "croiseur",
    "<weapon>": "cruiser",
    "<face>": "influence",
}
#: an optional part: ``[<face> ...]``
_OPTIONAL = re.compile(r"\s*\[([^\]]*)\]")


def _tables(page: str) -> list[tuple[tuple[str, ...], list[list[str]]]]:
    """Every table of the page: its headings and its body rows."""
    tables: list[tuple[tuple[str, ...], list[list[str]]]] = []
    inside = False
    for line in page.splitlines():
        if not line.startswith("| "):
            inside = False
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if not inside:
            tables.append((tuple(cells), []))
            inside = True
        elif not cells[0].startswith("---"):
            tables[-1][1].append(cells)
    return tables


def _filled(snippet: str) -> list[str]:
    """The order lines a form of the page stands for: each placeholder filled, ``, ...`` left off,
    an optional part left out and put in."""
    line = snippet.removesuffix(", ...")
    for hole, word in FILLERS.items():
        line = line.replace(hole, word)
    without = _OPTIONAL.sub("", line)
    with_it = _OPTIONAL.sub(lambda m: " " + m[1].replace(" ...", ""), line)
    return list(dict.fromkeys([without, with_it]))


def _code(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def statements() -> list[tuple[str, str]]:
    """(French order line, the English order line the table gives beside it) for every row of the
    statements table; the alternatives of a row (``relancer mère`` and ``relancer planète mère``,
    ``relancer <face>`` and ``relancer tous <face>``) beside their English words in the same order,
    or beside the row's one English form."""
    pairs: list[tuple[str, str]] = []
    for header, rows in _tables(PAGE.read_text(encoding="utf-8")):
        if header[:2] != ("ordre", "aussi (anglais)"):
            continue
        for cells in rows:
            french, english = _code(cells[0]), _code(cells[1])
            if len(english) == 1:
                english = english * len(french)
            assert len(french) == len(english), cells
            for f, e in zip(french, english, strict=True):
                pairs += list(zip(_filled(f), _filled(e), strict=True))
    return list(dict.fromkeys(pairs))


def condition_examples() -> list[str]:
    """The examples (last column) of the conditions table."""
    return [
        example
        for header, rows in _tables(PAGE.read_text(encoding="utf-8"))
        if header[:2] == ("sujet", "aussi (anglais)")
        for cells in rows
        for example in _code(cells[-1])
    ]


STATEMENTS = statements()
CONDITIONS = condition_examples()


def test_the_french_page_gives_every_statement_and_its_placeholders() -> None:
    french = {f for f, _ in STATEMENTS}
    for line in (
        "construire",
        "reconstruire croiseur",
        "relancer mère",
        "relancer planète mère",
        "relancer tous influence",
        "attaquer mors",
        "voter mors",
        "dévier mors",
        "si victoire invasion",
        "si victoire invasion influence",
        "si victoire destruction croiseur",
        "sacrifier croiseur",
    ):
        assert line in french, line
    assert "si mère n'est pas influence relancer mère" in CONDITIONS and len(CONDITIONS) >= 5
    assert not any("<" in f or "..." in f for f in french)


@pytest.mark.parametrize(("french", "english"), STATEMENTS, ids=[f for f, _ in STATEMENTS])
def test_every_statement_of_the_french_page_reads_as_the_english_beside_it(french: str, english: str) -> None:
    read = parse_orders("turn", french)
    assert read.ok and read.lines, [str(p) for p in read.problems]
    beside = parse_orders("turn", english)
    assert beside.ok and canonical(read.orders) == canonical(beside.orders)


@pytest.mark.parametrize("example", CONDITIONS)
def test_every_condition_example_of_the_french_page_parses(example: str) -> None:
    read = parse_orders("turn", example)
    assert read.ok and read.lines, [str(p) for p in read.problems]
    again = parse_orders("turn", canonical(read.orders))
    assert again.ok and canonical(again.orders) == canonical(read.orders)


def ballot_words() -> list[tuple[str, str, str]]:
    """(request kind, a word of the answer, the answer's first word) for each answer the page's
    ballots section gives: ``pour`` (``oui``, ``for``, ``yes``) ou ``contre`` (...)."""
    page = PAGE.read_text(encoding="utf-8")
    section = page.split("## Votes et réponses d'Immunité", 1)[1].split("\n## ", 1)[0]
    found: list[tuple[str, str, str]] = []
    for item in " ".join(section.split()).split("* ")[1:]:
        kind = _code(item)[0].split(":")[0]
        for answer, aliases in re.findall(r"`([^`]+)` \(([^)]*)\)", item.split(";")[0].split(". ")[0]):
            found += [(kind, word, answer) for word in [answer, *_code(aliases)]]
    return found


BALLOTS = ballot_words()


def test_the_french_page_gives_both_answers_of_each_ballot() -> None:
    assert {(kind, answer) for kind, _, answer in BALLOTS} == {
        ("vote", "pour"),
        ("vote", "contre"),
        ("immunity", "annuler"),
        ("immunity", "accepter"),
    }
    said = {answer: canonical(parse_orders(kind, answer).orders) for kind, _, answer in BALLOTS}
    assert said["pour"] != said["contre"] and said["annuler"] != said["accepter"]


@pytest.mark.parametrize(("kind", "word", "answer"), BALLOTS, ids=[f"{k}: {w}" for k, w, _ in BALLOTS])
def test_every_ballot_word_of_the_french_page_reads_as_its_answer(kind: str, word: str, answer: str) -> None:
    read = parse_orders(kind, word)
    assert read.ok and read.lines, [str(p) for p in read.problems]
    assert canonical(read.orders) == canonical(parse_orders(kind, answer).orders)
