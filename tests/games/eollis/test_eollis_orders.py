"""The order language: every verb, precise problems with their line, hostile input."""

from __future__ import annotations

from eollis_helpers import RULES, at_event, new_game, play, problems, scene
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.dice import Dice
from adjudicator.games.eollis import orders as grammar
from adjudicator.games.eollis.orders import VERBS


def test_every_example_parses_in_its_request_and_its_canonical_form_parses_the_same() -> None:
    for kind in VERBS:
        for verb in grammar.allowed(kind):
            example = grammar.EXAMPLES[verb].split("  (")[0]
            parsed = grammar.parse(kind, example)
            assert parsed.ok, (kind, verb, parsed.problems)
            again = grammar.parse(kind, grammar.canonical(parsed.orders))
            assert again.orders == parsed.orders


def test_a_bad_line_is_reported_with_its_number_and_the_good_lines_are_kept() -> None:
    parsed = grammar.parse("test", "test barbe-grise\n\nflap the sails\nplay bravoure  # my card")
    assert [o["verb"] for o in parsed.orders] == ["test", "play"]
    (problem,) = parsed.problems
    assert problem.line == 3 and problem.kind == "invalid" and "unknown order 'flap'" in problem.message


def test_an_answer_of_another_moment_is_illegal_here_and_says_what_is_accepted() -> None:
    (problem,) = grammar.parse("lookout", "continue").problems
    assert problem.kind == "illegal" and "reveal" in problem.suggestion


def test_names_are_matched_without_accents_or_case() -> None:
    parsed = grammar.parse("election", "CANDIDATE  Touré   L'Éventreuse")
    assert parsed.orders[0]["name"] == "toure-l-eventreuse"


def test_posts_accept_the_books_names_and_english_ones() -> None:
    parsed = grammar.parse("election", "posts Cuistot, lookout, Alti-Maître, marins")
    assert parsed.orders[0]["posts"] == ["cuisinier", "vigie", "alti-maitre", "marin"]
    (problem,) = grammar.parse("election", "posts galley").problems
    assert "unknown post 'galley'" in problem.message


def test_recruit_mutiny_side_and_brawl_say_what_they_expect() -> None:
    assert "the skill comes last" in grammar.parse("muster", "recruit combat, le borgne").problems[0].message
    assert grammar.parse("election", "recruit le borgne, total").orders[0]["names"] == ["le-borgne"]
    assert (
        "no pirate 'charm' in the game" in problems(new_game(3), "election:rouge", "recruit charm")[0].message
    )
    assert "mutiny if continue" in grammar.parse("decision", "mutiny now").problems[0].message
    assert "side captain" in grammar.parse("decision", "side nobody").problems[0].message
    brawl = grammar.parse("brawl", "brawl defi on bleu pirate le borgne with bravoure").orders[0]
    assert brawl == {
        "verb": "brawl",
        "card": "defi",
        "seat": "bleu",
        "pirate": "le-borgne",
        "with": "bravoure",
        "line": 1,
    }


def test_check_names_the_card_not_in_hand_with_a_suggestion() -> None:
    state = at_event(
        scene(crews={"rouge": ["P01"], "bleu": ["P03"], "vert": ["P05"]}, posts={"capitaine": "P01"}), "E05"
    )
    state["clans"]["rouge"]["hand"] = ["A06"]
    (problem,) = problems(state, "test:rouge", "play bravour")
    assert "no card 'bravour'" in problem.message and "bravoure" in problem.suggestion
    (problem,) = problems(state, "test:rouge", "test mirelle la rousse")
    assert "no pirate 'mirelle-la-rousse' of yours aboard" in problem.message
    assert "no clan 'noir'" in problems(state, "test:rouge", "hinder noir with bravoure")[0].message


def test_check_one_card_for_ones_own_roll() -> None:
    state = at_event(
        scene(crews={"rouge": ["P01"], "bleu": ["P03"], "vert": ["P05"]}, posts={"capitaine": "P01"}), "E05"
    )
    state["clans"]["rouge"]["hand"] = ["A06", "A07"]
    found = problems(state, "test:rouge", "play bravoure\nplay bravoure")
    assert any("one card at most" in p.message for p in found)


def test_a_silent_clan_gets_the_default_and_standing_answers_are_kept() -> None:
    state = new_game(3)
    state, _ = play(state, {"election:rouge": "recruit bagou\nposts vigie, second"})
    assert state["clans"]["rouge"]["standing"]["recruit"] == "bagou"
    assert state["clans"]["rouge"]["standing"]["posts"] == ["vigie", "second"]
    state, _ = play(state, {})
    assert state["clans"]["rouge"]["standing"]["posts"] == ["vigie", "second"]


def test_an_order_no_longer_possible_is_skipped_with_an_event_never_silently() -> None:
    state = at_event(
        scene(crews={"rouge": ["P01"], "bleu": ["P03"], "vert": ["P05"]}, posts={"capitaine": "P01"}), "E05"
    )
    r = next(x for x in RULES.requests(state) if x.key == "test:rouge")
    parsed = RULES.parse(r, "repair with rustine")
    state, events = RULES.resolve(state, {r.key: parsed.orders}, Dice(b"x"))
    assert any(e.kind == "order-skipped" and "rustine" in e.text for e in events)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(list(VERBS)), text=st.text(max_size=400))
def test_property_any_text_gets_orders_and_problems_never_an_exception(kind: str, text: str) -> None:
    parsed = grammar.parse(kind, text)
    for problem in parsed.problems:
        assert problem.line is None or 1 <= problem.line <= max(1, len(text.splitlines()))
    again = grammar.parse(kind, grammar.canonical(parsed.orders))
    assert again.orders == parsed.orders and again.ok


WORDS = st.sampled_from(
    [
        "test",
        "play",
        "hinder",
        "help",
        "with",
        "on",
        "and",
        "if",
        "mutiny",
        "brawl",
        "posts",
        "side",
        "captain",
        "bleu",
        "rouge",
        "bravoure",
        "le borgne",
        ",",
        "#",
        "no",
        "keep",
        "all",
        "recruit",
        "total",
        "swap",
        "pirate",
    ]
)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(list(VERBS)), lines=st.lists(st.lists(WORDS, max_size=8), max_size=6))
def test_property_near_miss_lines_parse_or_fail_alone_and_check_never_raises(
    kind: str, lines: list[list[str]]
) -> None:
    text = "\n".join(" ".join(words) for words in lines)
    parsed = grammar.parse(kind, text)
    bad_lines = {p.line for p in parsed.problems}
    assert not bad_lines & {o["line"] for o in parsed.orders}
    state = scene(
        crews={"rouge": ["P01", "P06"], "bleu": ["P03"], "vert": ["P05"]}, posts={"capitaine": "P01"}
    )
    state["pending"] = {"kind": kind, "seats": state["seats"], "optional": []}
    if kind == "test":
        at_event(state, "E05")
    elif kind == "lookout":
        state["event"] = {"uid": "E05", "revealed": False}
        state["piles"]["events"].remove("E05")
    r = next(x for x in RULES.requests(state) if x.seat == "rouge")
    RULES.check(state, r, parsed.orders)
    RULES.resolve(state, {r.key: parsed.orders}, Dice(b"h"))


def test_hostile_input_huge_and_binary_text_is_bounded() -> None:
    parsed = grammar.parse("test", "test " + "x" * 5000 + "\n" * 300 + "\x00\ufeffplay bravoure")
    assert any(p.line == 1 and "longer than 300" in p.message for p in parsed.problems)
    assert any("more than 200 lines" in p.message for p in parsed.problems)
    ok = grammar.parse("test", "\x00\ufeff\nplay bravoure")
    assert [o["verb"] for o in ok.orders] == ["play"] and ok.problems[0].line == 1


def test_the_example_order_files_parse_clean() -> None:
    from pathlib import Path

    files = sorted((Path(__file__).parents[3] / "orders" / "eollis").glob("*.txt"))
    assert len(files) >= 5
    for path in files:
        kind = path.stem.split("-")[0]
        assert kind in VERBS, path
        parsed = grammar.parse(kind, path.read_text(encoding="utf-8"))
        assert parsed.ok, (path.name, parsed.problems)


def test_check_refuses_what_would_otherwise_be_ignored() -> None:
    crews = {"rouge": ["P01", "P06"], "bleu": ["P03"], "vert": ["P05"]}
    state = at_event(
        scene(crews=crews, posts={"capitaine": "P01", "second": "P06", "harponneur": "P03"}), "E16"
    )
    assert "special Event" in problems(state, "test:rouge", "test le borgne")[0].message
    state = at_event(scene(crews=crews, posts={"capitaine": "P01", "second": "P06"}), "E05")
    (found,) = problems(state, "test:rouge", "power le borgne")
    assert "(survive) is not used here" in found.message and "act alone" in found.suggestion


def test_a_clans_own_report_recalls_its_standing_answers_and_no_other_clans() -> None:
    state = new_game(3)
    state, _ = play(
        state, {"election:rouge": "recruit bagou\nlookout refuse above 9\nmutiny if return with le borgne"}
    )
    mine = RULES.board_text(RULES.view(state, "rouge"))
    assert "Your standing answers: recruit bagou" in mine and "lookout refuse above 9" in mine
    assert "mutiny if return with le-borgne" in mine
    assert "mutiny if return" not in RULES.board_text(RULES.view(state, "bleu"))
    assert "standing" not in RULES.view(state, None)["clans"]["rouge"]
