"""Templates read ``value.name`` from a plain dict's key without a failed attribute look-up first:
every result is the one Jinja's own environment gives."""

from __future__ import annotations

from typing import Any

import pytest
from jinja2 import Environment, StrictUndefined, UndefinedError

from adjudicator.post.render import _environment


class Row(dict):  # type: ignore[type-arg]
    """A dict subclass: read as Jinja reads it (attribute first)."""

    label = "the attribute"


CASES: list[tuple[str, dict[str, Any]]] = [
    ("{{ d.label }}", {"d": {"label": "x"}}),
    ("{{ d.items is callable }}", {"d": {"items": 3}}),  # a dict's own attribute wins, as in Jinja
    ("{{ d.get('a') }}", {"d": {"a": 1}}),
    ("{{ d.label }}", {"d": Row(label="the key")}),
    ("{{ d.upper() }}", {"d": "text"}),
    ("{{ d.number }}", {"d": {"number": 0}}),
    (
        "{% for r in rows %}{{ r.a }}{{ r['b'] }};{% endfor %}",
        {"rows": [{"a": 1, "b": 2}, {"a": None, "b": ""}]},
    ),
    ("{{ d.missing is defined }}", {"d": {}}),
    ("{{ d[1] }}{{ d.x }}", {"d": {1: "one", "x": "ex"}}),
]


@pytest.mark.parametrize(("source", "context"), CASES)
def test_a_dict_key_is_read_as_jinja_reads_it(source: str, context: dict[str, Any]) -> None:
    ours = _environment("").from_string(source).render(**context)
    plain = Environment(undefined=StrictUndefined).from_string(source).render(**context)
    assert ours == plain


def test_a_missing_key_is_still_an_error() -> None:
    with pytest.raises(UndefinedError):
        _environment("").from_string("{{ d.missing }}").render(d={})
