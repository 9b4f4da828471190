"""The readers' languages: catalogues complete, codes parsed, glossaries, plural forms, old rulesets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.cli.catalogue import PARTS, extract, problems
from adjudicator.games.base import Event, Outcome, Problem, Spoken
from adjudicator.games.language import (
    ENGLISH,
    SUPPORTED,
    Glossary,
    LanguageError,
    Term,
    fold,
    language,
    parse_language,
)


@pytest.mark.parametrize("code", [c for c in SUPPORTED if c != "en"])
def test_every_message_of_code_and_templates_has_a_translation(code: str) -> None:
    missing = problems(code)
    assert not missing, f"{len(missing)} messages lack a {code} translation:\n" + "\n".join(missing[:40])


def test_the_extraction_finds_messages_of_code_and_templates() -> None:
    found = {m.id for part in PARTS for m in extract(part)}
    assert "draw (%(reason)s)" in found  # a message of the code: the check above has something to check


def test_problems_reports_a_message_without_translation(tmp_path, monkeypatch) -> None:
    import adjudicator.cli.catalogue as catalogue

    monkeypatch.setattr(catalogue, "LOCALE", tmp_path)  # an empty catalogue folder
    assert any("no fr translation of 'draw (%(reason)s)'" in p for p in catalogue.problems("fr"))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("fr", "fr"),
        (" FR ", "fr"),
        ("fr_FR", "fr"),
        ("fr-CA", "fr"),
        ("Français", "fr"),
        ("francais", "fr"),
        ("en", "en"),
        ("English", "en"),
    ],
)
def test_language_codes_and_names_are_read(text: str, code: str) -> None:
    assert parse_language(text) == code


@given(st.text(max_size=60))
def test_any_text_is_a_language_or_a_clear_refusal(text: str) -> None:
    try:
        assert parse_language(text) in SUPPORTED
    except LanguageError as error:
        message = str(error)
        assert "the referee writes en (English), fr (français)" in message
        assert len(message) < 200 and "\n" not in message


def test_french_plural_forms_count_zero_and_one_as_singular() -> None:
    term = Term("legion", en="legion", fr="légion")
    assert [term.name("fr", n) for n in (0, 1, 2)] == ["légion", "légion", "légions"]
    assert [term.name("en", n) for n in (0, 1, 2)] == ["legions", "legion", "legions"]
    assert ENGLISH.n_("%(num)d order owed", "%(num)d orders owed", 1) == "1 order owed"


def test_numbers_and_dates_follow_the_locale() -> None:
    from datetime import UTC, datetime

    fr = language("fr")
    assert fr.number(1234.5).replace("\u202f", " ") == "1 234,5"
    assert ENGLISH.number(1234.5) == "1,234.5"
    moment = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)
    assert "nov." in fr.when(moment, "Europe/Paris") and "21:00" in fr.when(moment, "Europe/Paris")


def test_a_glossary_reads_words_of_either_language_without_accents() -> None:
    g = Glossary((Term("trireme", en="fleet", fr="trirème", en_words=("trireme",)),))
    assert g.key("TRIREME") == g.key("trirème") == g.key("Trireme") == g.key("fleets") == "trireme"
    assert g.word("trireme", language("fr"), 3) == "trirèmes"
    assert fold("Légion") == "legion"


def test_a_glossary_refuses_one_word_for_two_things() -> None:
    with pytest.raises(ValueError, match="names both"):
        Glossary((Term("a", en="ship", fr="navire"), Term("b", en="boat", fr="Navire")))


class _OldRules:
    """A ruleset of a past release: no language anywhere."""

    def board_text(self, view: object) -> str:
        return "board"

    def private_text(self, view: object) -> str:
        return "private"


def test_a_ruleset_of_a_past_release_speaks_english_with_the_words_it_had() -> None:
    spoken = Spoken(_OldRules(), language("fr"))
    assert spoken.board_text({}) == "board" and spoken.private_text({}) == "private"
    assert spoken.event(Event("Rome moves")) == "Rome moves"
    assert spoken.problem(Problem(3, "invalid", "bad")) == "ligne 3 : bad"
    assert spoken.outcome(Outcome((), "stalemate")) == "partie nulle (stalemate)"


PLURAL_PO = """msgid ""
msgstr ""
"Language: fr\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

#, python-format
msgid "%(num)d order owed"
msgid_plural "%(num)d orders owed"
msgstr[0] "%(num)d ordre dû"
msgstr[1] "%(num)d ordres dus"
"""


def test_a_plural_message_takes_the_french_plural_forms(tmp_path, monkeypatch) -> None:
    import io

    from babel.messages.mofile import write_mo
    from babel.support import Translations

    import adjudicator.games.language as lang_module

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "part.po").write_text(PLURAL_PO, encoding="utf-8")
    monkeypatch.setattr(lang_module, "LOCALE", tmp_path)
    buffer = io.BytesIO()
    write_mo(buffer, lang_module._catalogue("fr"))
    buffer.seek(0)
    fr = lang_module.Language("fr", Translations(buffer))
    owed = [fr.n_("%(num)d order owed", "%(num)d orders owed", n) for n in (0, 1, 2, 1000)]
    assert owed == ["0 ordre dû", "1 ordre dû", "2 ordres dus", "1000 ordres dus"]


def test_a_translated_plural_message_is_not_reported_missing(tmp_path, monkeypatch) -> None:
    import adjudicator.cli.catalogue as catalogue

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "part.po").write_text(PLURAL_PO, encoding="utf-8")
    monkeypatch.setattr(catalogue, "LOCALE", tmp_path)
    monkeypatch.setattr(catalogue, "PARTS", {"part": ()})
    monkeypatch.setattr(
        catalogue,
        "extract",
        lambda part: [catalogue.Message(("%(num)d order owed", "%(num)d orders owed"), "x:1")],
    )
    assert catalogue.problems("fr") == []


def test_two_parts_translating_one_message_otherwise_are_reported(tmp_path, monkeypatch) -> None:
    import adjudicator.cli.catalogue as catalogue

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    head = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
    (folder / "a.po").write_text(head + 'msgid "Action"\nmsgstr "Action"\n', encoding="utf-8")
    (folder / "b.po").write_text(head + 'msgid "Action"\nmsgstr "Carte Action"\n', encoding="utf-8")
    monkeypatch.setattr(catalogue, "LOCALE", tmp_path)
    monkeypatch.setattr(catalogue, "PARTS", {"a": (), "b": ()})
    monkeypatch.setattr(catalogue, "extract", lambda part: [])
    assert catalogue.problems("fr") == [
        "b.po: 'Action' is translated otherwise in another part's file; one must change"
    ]
