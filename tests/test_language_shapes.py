"""The shapes of a message: an English text read back by the message that wrote it, said again."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adjudicator.games.language import Shape, language, read, say, say_or_keep, shapes

FR = language("fr")
ENGLISH = language("en")

#: Messages of the French catalogue (the shared ones every game's outcome uses).
DRAW = "draw (%(reason)s)"
WON = "won by %(winners)s (%(reason)s)"


def _digits(name: str) -> str:
    return r"\d+" if name.startswith("n") else r".+?"


def test_a_text_is_read_back_by_its_message_and_gives_the_text_again() -> None:
    table = shapes(("%(n)s orders owed by %(seat)s", "no orders"), _digits)
    found = read(table, "12 orders owed by rome")
    assert found == ("%(n)s orders owed by %(seat)s", {"n": "12", "seat": "rome"})
    message, values = found
    assert message % values == "12 orders owed by rome"


def test_the_first_message_of_a_table_that_fits_is_the_one_read() -> None:
    table = shapes(("%(a)s, then %(b)s", "%(all)s"))
    assert read(table, "x, then y") == ("%(a)s, then %(b)s", {"a": "x", "b": "y"})
    assert read(table[1:], "x, then y") == ("%(all)s", {"all": "x, then y"})


def test_a_text_is_said_in_the_readers_language_with_its_values() -> None:
    assert say(shapes((DRAW,)), "draw (agreed)", FR) == "partie nulle (agreed)"
    assert say(shapes((DRAW,)), "draw (agreed)", ENGLISH) == "draw (agreed)"


def test_values_are_converted_by_name_and_by_name_without_digits() -> None:
    table = shapes((WON,))
    convert = {"winners": lambda value, lang: value.upper(), "reason": lambda value, lang: f"<{value}>"}
    assert say(table, "won by rome (time)", FR, convert) == "gagnée par ROME (<time>)"
    two = Shape.of("%(seat)s and %(seat2)s")
    assert read((two,), "rome and carthage") == (
        "%(seat)s and %(seat2)s",
        {"seat": "rome", "seat2": "carthage"},
    )
    said = say((two,), "rome and carthage", ENGLISH, {"seat": lambda value, lang: value.title()})
    assert said == "Rome and Carthage"


def test_a_converter_may_be_one_function_of_the_name_and_the_value() -> None:
    def hole(name: str, value: str, lang: object) -> str:
        return f"{name}={value}"

    assert say(shapes((WON,)), "won by rome (time)", FR, hole) == "gagnée par winners=rome (reason=time)"


def test_group_names_may_map_to_other_placeholders() -> None:
    table = (Shape.written(r"draw because (?P<r_reason>.+)", DRAW),)
    said = say(table, "draw because time", FR, placeholder=lambda group: group.removeprefix("r_"))
    assert said == "partie nulle (time)"


def test_a_name_met_twice_must_hold_the_same_value() -> None:
    table = shapes(("%(seat)s attacks %(other)s: %(seat)s wins",))
    assert read(table, "rome attacks carthage: rome wins") is not None
    assert read(table, "rome attacks carthage: carthage wins") is None


def test_the_literal_parts_of_a_message_match_only_themselves() -> None:
    table = shapes(("cost (%(n)s+1) [x].*",), _digits)
    assert read(table, "cost (3+1) [x].*") == ("cost (%(n)s+1) [x].*", {"n": "3"})
    assert read(table, "cost (3+11) [x].*") is None
    assert read(table, "cost (3+1) x.*") is None


def test_a_text_of_no_known_shape_stays_english() -> None:
    assert say(shapes((DRAW,)), "a text the rules never wrote", FR) is None
    assert say_or_keep(shapes((DRAW,)), "a text the rules never wrote", FR) == "a text the rules never wrote"


def test_a_translation_that_cannot_be_filled_keeps_the_english_text() -> None:
    table = (Shape.written(r"draw: (?P<why>.+)", DRAW),)  # the message wants a reason, not a why
    assert say(table, "draw: time", FR) is None
    assert say_or_keep(table, "draw: time", FR) == "draw: time"


def test_an_optional_value_not_met_is_empty() -> None:
    shape = Shape.written(r"draw(?: \((?P<reason>.+)\))?", DRAW)
    assert shape.read("draw") == {"reason": ""}


def test_a_placeholder_that_is_no_name_is_literal_text() -> None:
    shape = Shape.of("%(1st)s and %(n)s")
    assert shape.read("%(1st)s and 4") == {"n": "4"}


def test_a_doubled_percent_sign_reads_one() -> None:
    shape = Shape.of("%(n)s%% of %%(all)s")
    assert shape.read("40% of %(all)s") == {"n": "40"}


def test_the_most_literal_shape_is_measured_by_its_fixed_text() -> None:
    assert Shape.of("Turn %(n)s, %(seat)s").literal == len("Turn , ")


HOSTILE = st.text(alphabet=st.sampled_from("ab .*+?()[]{}|^$\\%s\n\r\t'\"é"), max_size=300)


@given(message=HOSTILE, text=HOSTILE)
def test_any_message_compiles_and_any_text_is_said_or_kept_never_raises(message: str, text: str) -> None:
    table = (Shape.of(message), Shape.of(f"%(head)s{message}"), Shape.of(DRAW))
    said = say_or_keep(table, text, FR)
    assert isinstance(said, str)
    if read(table, text) is None:
        assert said == text


@given(st.text(max_size=200))
def test_a_message_with_metacharacters_reads_back_exactly_its_own_text(literal: str) -> None:
    message = literal.replace("%", "%%") + " %(value)s"
    shape = Shape.of(message)
    text = message % {"value": "x"}
    assert shape.read(text) == {"value": "x"}


def test_a_very_long_hostile_text_is_kept() -> None:
    text = ("(.*)+ [a-z]{1,2}\n" * 5000) + "\\"
    table = shapes((DRAW, WON, "%(a)s: %(b)s"))
    assert say_or_keep(table, text, FR) == text
