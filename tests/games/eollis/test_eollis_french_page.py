"""The French order page of Eollis (``orders/eollis.fr.md``, what ``aide`` mails a French clan) read
by the game's parser: every order line its tables give as an example parses, in the requests the page
says it answers, to the English canonical order, and its French echo reads back the same; so the page
cannot drift from the parser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from eollis_helpers import RULES

from adjudicator.games.base import OrderRequest
from adjudicator.games.eollis import orders as grammar
from adjudicator.games.eollis import words
from adjudicator.games.language import language

FR = language("fr")
PAGE = Path(__file__).parents[3] / "orders" / "eollis.fr.md"
KINDS = tuple(grammar.VERBS)
#: the first word of an English canonical order (``repair roll ...``, ``no mutiny``, ``lookout ...``)
ENGLISH_FIRST_WORDS = {
    verb.split("-")[0] for verbs in (*grammar.VERBS.values(), grammar.STANDING) for verb in verbs
} | {"pass", "lookout", "no"}

#: a parenthesis holding code: the English words of an order, or parts of a line (``(`si rentre`)``)
_ASIDE = re.compile(r"\((?:[^()`]*`[^`]*`)+[^()]*\)")


def _rows(page: str) -> list[tuple[tuple[str, ...], list[str]]]:
    """Every body row of the page's tables as (its table's headings, its cells)."""
    rows: list[tuple[tuple[str, ...], list[str]]] = []
    header: tuple[str, ...] = ()
    for line in page.splitlines():
        if not line.startswith("| "):
            header = ()
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if not header:
            header = tuple(cells)
        elif not cells[0].startswith("---"):
            rows.append((header, cells))
    return rows


def _lines(cell: str) -> list[str]:
    """The order lines a cell gives: its code, without the asides in parentheses; ``, ...`` (and so
    on) left off; a syntax with ``...`` for its names is not an example and is left out."""
    found = []
    for snippet in re.findall(r"`([^`]+)`", _ASIDE.sub("", cell)):
        line = snippet.removesuffix(", ...")
        if "..." not in line and "<" not in line:
            found.append(line)
    return found


def _kinds(where: str) -> tuple[str, ...]:
    return KINDS if where == "toutes" else tuple(k.strip() for k in where.split(","))


def page_examples() -> list[tuple[str, str]]:
    """(request kind, order line) for every example order line of the French page's tables: the
    standing answers (accepted in every request), the order lines (in the requests of their ``dans``
    column) and the answer a silent clan gives (the ``par défaut`` column of the requests table,
    where it is an order line)."""
    examples: list[tuple[str, str]] = []
    for header, cells in _rows(PAGE.read_text(encoding="utf-8")):
        if header[:2] == ("ligne", "dans"):
            examples += [(kind, line) for kind in _kinds(cells[1]) for line in _lines(cells[0])]
        elif header[:2] == ("ligne", "sens"):  # the standing answers: accepted in every request
            examples += [(kind, line) for kind in KINDS for line in _lines(cells[0])]
        elif header[0] == "demande" and cells[-1].startswith("`"):
            kind = cells[0].strip("`").split(":")[0]
            examples += [(kind, line) for line in _lines(cells[-1])[:1]]
    return examples


EXAMPLES = list(dict.fromkeys(page_examples()))


def test_the_french_page_gives_the_examples_of_every_table() -> None:
    lines = {line for _, line in EXAMPLES}
    for line in (
        "recrute le borgne, barbe-grise, combat",
        "postes second, vigie, marin",
        "jet de réparation jusqu'à la case 6",
        "vigie refuse au-dessus de 9",
        "mutinerie si continue avec gros nestor",
        "pas de mutinerie",
        "défausse coup de chance",
        "conserve tout",
        "gêne rouge avec croc-en-jambe",
        "accident gros nestor avec accident",
        "bagarre vol a la tire sur rouge",
        "révèle",
    ):
        assert line in lines, line
    assert ("lookout", "révèle") in EXAMPLES and ("tavern", "passe") in EXAMPLES
    assert not any("..." in line or "`" in line for line in lines)


@pytest.mark.parametrize(("kind", "line"), EXAMPLES, ids=[f"{k}: {line}" for k, line in EXAMPLES])
def test_every_order_line_of_the_french_page_parses_to_the_english_canonical(kind: str, line: str) -> None:
    request = OrderRequest(f"{kind}:rouge", "rouge", kind)
    parsed = RULES.parse(request, line)
    assert parsed.ok and not parsed.problems, [p.message for p in parsed.problems]
    canonical = RULES.canonical(request, parsed.orders)
    assert canonical and canonical.split()[0] in ENGLISH_FIRST_WORDS, canonical
    again = RULES.parse(request, canonical)
    assert again.ok and RULES.canonical(request, again.orders) == canonical
    echo = words.canonical_text(kind, canonical, FR)
    echoed = RULES.parse(request, echo)
    assert echoed.ok and RULES.canonical(request, echoed.orders) == canonical, echo
