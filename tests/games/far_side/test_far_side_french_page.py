"""The French order page's orders are read by the parser: every order the tables of
``orders/far-side.fr.md`` show a French player - each form written with ships and squares in place
of its ``<placeholders>`` - and every line of its example turns is read as an order of its request,
never as an unknown or ambiguous word, so that the page cannot drift from the order language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from far_side_helpers import GAME

from adjudicator.games.base import OrderRequest
from adjudicator.games.language import fold, language

PAGE = (Path(__file__).resolve().parents[3] / "orders" / "far-side.fr.md").read_text(encoding="utf-8")
SPAN = re.compile(r"`([^`]+)`")
FR = language("fr")

#: each order table of the page and the request its orders answer
TABLES = {
    "### Ordres du tour (`turn:<camp>`)": "turn",
    "### Ordres permanents (dans tout courriel ; `standing:<camp>`)": "standing",
}

#: what each placeholder of a form is written as in an order (a British player's ships, in turn)
FILL = {"<ennemi>": "F4", "<case>": "c7", "<tâche>": "pompes", "<compétence>": "can", "<n>": "1"}


def _section(heading: str) -> str:
    return PAGE.split(f"\n{heading}\n", 1)[1].split("\n#", 1)[0]


def written(form: str) -> str:
    """``form`` as a player writes it: the optional parts and repeats left out, the first of its
    alternatives taken, each placeholder filled (each ``<navire>`` another of your ships)."""
    text = form.replace("\\|", "|").split(" | ")[0]
    text = re.sub(r"\s*\[[^\]]*\]", "", text).replace(" ...", "")
    ships = iter(("B3", "B4", "B5"))
    text = re.sub(r"<navire>", lambda _: next(ships), text)
    for placeholder, value in FILL.items():
        text = text.replace(placeholder, value)
    assert "<" not in text, form
    return text


def _orders() -> list[tuple[str, str]]:
    out = []
    for heading, kind in TABLES.items():
        for line in _section(heading).splitlines():
            if line.startswith("| `"):
                cell = line.split(" | ")[0]
                out += [(kind, form) for form in SPAN.findall(cell.replace("\\|", "|"))]
    return out


ORDERS = _orders()


def test_the_page_s_order_tables_show_every_order_of_their_requests() -> None:
    assert [kind for kind, _ in ORDERS].count("turn") == 15
    assert [kind for kind, _ in ORDERS].count("standing") == 10
    assert (
        written("réparer <navire> <tâche> <n> ... de <compétence> <n> ...") == "réparer B3 pompes 1 de can 1"
    )
    assert written("transférer <navire> cdt <n> à <navire> de <compétence> <n> ...") == (
        "transférer B3 cdt 1 à B4 de can 1"
    )
    assert (
        written("si allure > route : continuer tout droit | demander")
        == "si allure > route : continuer tout droit"
    )


@pytest.mark.parametrize(("kind", "form"), ORDERS, ids=[form for _, form in ORDERS])
def test_every_order_of_the_page_s_tables_is_read_as_an_order_of_its_request(kind: str, form: str) -> None:
    request = OrderRequest(f"{kind}:british", "british", kind)
    text = written(form)
    parsed = GAME.parse(request, text)
    unread = [str(p) for p in parsed.problems if p.kind in ("invalid", "ambiguous")]
    assert not unread, (text, unread)
    assert parsed.lines or parsed.problems, text  # read as an order, or refused by a rule of the book
    if parsed.lines:  # echoed in French with the page's word, and the echo reads back to the same order
        canonical = GAME.canonical(request, parsed.orders)
        echo = GAME.canonical_text(request, canonical, FR)
        assert fold(echo.split()[0]) == fold(text.split()[0]), (text, echo)
        assert GAME.canonical(request, GAME.parse(request, echo).orders) == canonical


def test_every_line_of_the_page_s_example_turns_is_an_order() -> None:
    section = PAGE.split("\n## Exemples de tours\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```\n(.*?)```", section, re.S)
    asked = [("turn", "british"), ("turn", "french"), ("continue", "french"), ("turn", "british")]
    assert len(blocks) == len(asked)
    for block, (kind, seat) in zip(blocks, asked, strict=True):
        request = OrderRequest(f"{kind}:{seat}", seat, kind)
        lines = [n for n, line in enumerate(block.splitlines(), 1) if line.split("#")[0].strip()]
        parsed = GAME.parse(request, block)
        assert [n for n, _ in parsed.lines] == lines, parsed.problems
