"""Each game's table of order forms (what mails print as "What you may write now") against its parser:
every example is read without an invalid or ambiguous line, and every word the parser accepts for a
request kind has a form there, so the summary a player gets cannot drift from the order language."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import adjudicator
from adjudicator.games import get_ruleset
from adjudicator.games.base import OrderRequest, forms_for
from adjudicator.games.eollis import orders as eollis_orders
from adjudicator.games.far_side import orders as far_side_orders
from adjudicator.games.master_commander import orders as mc_orders
from adjudicator.games.planet_masters import orders as pm_orders

#: every request kind of each game, and the seat that answers it in the test
KINDS: dict[str, tuple[str, ...]] = {
    "mare-nostrum": ("orders", "battle-results"),
    "far-side": ("turn", "standing", "drift", "reaction", "continue"),
    "master-commander": tuple(mc_orders.VERBS),
    "eollis": tuple(eollis_orders.VERBS),
    "planet-masters": ("turn", "vote", "immunity"),
}
CASES = [(game, kind) for game, kinds in KINDS.items() for kind in kinds]


def _request(game: str, kind: str, seat: str = "") -> OrderRequest:
    seat = seat or {"far-side": "british", "mare-nostrum": "rome"}.get(game, "rouge")
    if game == "mare-nostrum" and kind == "battle-results":
        seat = "referee"
    return OrderRequest(f"{kind}:{seat}", seat, kind)


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_every_example_of_the_order_forms_is_read_by_the_parser(game: str, kind: str) -> None:
    rules = get_ruleset(game)
    request = _request(game, kind)
    forms = rules.order_forms(request)
    assert forms, f"{game} shows no order form for a {kind} request"
    for form in forms:
        parsed = rules.parse(request, form.example)
        wrong = [p for p in parsed.problems if p.kind in ("invalid", "ambiguous")]
        assert not wrong and parsed.lines, f"{game} {kind}: {form.example!r}: {wrong}"


def test_far_side_examples_are_written_in_the_seats_own_ship_letters() -> None:
    rules = get_ruleset("far-side")
    french = _request("far-side", "turn", "french")
    examples = [f.example for f in rules.order_forms(french)]
    assert "sail F3 c7 c6 c5" in examples and "ram B4" in examples
    for example in examples:
        parsed = rules.parse(french, example)
        assert not [p for p in parsed.problems if p.kind in ("invalid", "ambiguous")], example


def _words(forms: tuple, kind: str) -> str:
    return " ".join(f.syntax for f in forms_for(forms, kind)).replace("|", " ")


@pytest.mark.parametrize("kind", sorted(mc_orders.VERBS))
def test_master_commander_forms_cover_every_verb_a_request_accepts(kind: str) -> None:
    shown = {f.syntax.split()[0] for f in forms_for(mc_orders.ORDER_FORMS, kind)}
    for verb in mc_orders.VERBS[kind]:
        first = mc_orders.EXAMPLES[verb].split()[0] if verb in mc_orders.EXAMPLES else "standing"
        assert first in shown, f"{kind}: {verb}"


@pytest.mark.parametrize("kind", sorted(eollis_orders.VERBS))
def test_eollis_forms_cover_every_verb_and_standing_answer(kind: str) -> None:
    words = _words(eollis_orders.ORDER_FORMS, kind).split()
    for verb in (*eollis_orders.VERBS[kind], *eollis_orders.STANDING, "pass"):
        assert all(w in words for w in verb.split("-")), f"{kind}: {verb}"


@pytest.mark.parametrize("kind", ["turn", "standing", "drift", "reaction", "continue", "attack"])
def test_far_side_forms_cover_every_first_word_a_request_accepts(kind: str) -> None:
    words = _words(far_side_orders.ORDER_FORMS, kind).split()
    accepted = far_side_orders._Parser("british", kind).accepted()
    for word in accepted:
        if word in ("straight", "stop"):  # read inside 'continue straight'; 'stop' is refused by rule
            continue
        assert word in words, f"{kind}: {word}"


def test_planet_masters_forms_cover_every_verb_ballot_and_immunity_answer() -> None:
    turn = _words(pm_orders.ORDER_FORMS, "turn").split()
    for verb in pm_orders.VERBS:
        assert verb in turn, verb
    assert set(pm_orders.BALLOTS.values()) <= set(_words(pm_orders.ORDER_FORMS, "vote").split())
    assert set(pm_orders.IMMUNITY.values()) <= set(_words(pm_orders.ORDER_FORMS, "immunity").split())


def _player_strings() -> list[tuple[str, int, str]]:
    """Every string literal of the package that is not a docstring, with where it is."""
    root = Path(adjudicator.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        if "migrations" in path.parts or "releases" in path.parts:
            # released migrations and the rulesets of past releases are kept byte for byte; a
            # released ruleset's prompts and problems reach a mail through post.owed.for_player
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found.append((str(path.relative_to(root)), node.lineno, node.value))
    return found


#: strings shown to the referee at the command line (the referee has the repository), not mailed
REFEREE_ONLY = ("cli/", "games/mare_nostrum/campaign.py")
#: the recorded prompt of a released ruleset, kept byte for byte so its archives replay; every mail
#: shows it through ``post.owed.for_player``, which leaves the file out (checked below)
RECORDED_PROMPTS = ("games/mare_nostrum/rules.py",)


def test_no_text_a_player_receives_names_a_file_of_the_repository() -> None:
    named = [
        (where, line, text)
        for where, line, text in _player_strings()
        if ("orders/" in text or "README.md" in text)
        and not where.startswith(REFEREE_ONLY + RECORDED_PROMPTS)
    ]
    assert named == []


def test_a_recorded_prompt_that_names_a_file_is_mailed_without_it() -> None:
    from adjudicator.games.base import REFEREE
    from adjudicator.games.dice import Dice
    from adjudicator.post.owed import as_mailed, for_player

    rules = get_ruleset("mare-nostrum")
    options = rules.parse_options({})
    state = rules.setup(options, rules.seat_names(options), Dice(b"seed"))
    for request in rules.requests(state):
        assert request.seat != REFEREE
        mailed = as_mailed(request).prompt
        assert "orders/" not in mailed and ".md" not in mailed
        assert mailed.startswith("Orders of ") and "purchases and moves, one per line. Treasury" in mailed
    assert for_player("a (see orders/x.md) b") == "a b"
