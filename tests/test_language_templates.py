"""The templates in the reader's language: French framing in French, English as it always read,
player text escaped in every language, French plurals, and the players' pages of every language
published by the site's hook."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from adjudicator.games.language import ENGLISH, language
from adjudicator.post.render import render

FR = language("fr")


@pytest.fixture(autouse=True)
def no_club(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("PBEM_TEMPLATES", raising=False)
    monkeypatch.chdir(tmp_path)


REFUSAL = {"game_id": "g", "seat": "north", "reason": "R.", "tip": "T.", "foreign_sender": True}


def test_a_refusal_in_english_reads_as_it_always_did() -> None:
    assert render("refusal.txt.j2", None, lang=ENGLISH, **REFUSAL) == (
        "g: your message was not taken (seat north).\n\nR.\n\nNothing was stored. T.\n\n"
        "This message came from an address that is not the one registered for your seat, so this\n"
        "answer goes to the registered address only. If you did not send it, you may ignore this.\n"
    )


def test_a_refusal_in_french_is_french() -> None:
    text = render("refusal.txt.j2", None, lang=FR, **REFUSAL)
    assert text.startswith("g: votre message n'a pas été pris (place north).")
    assert "Rien n'a été enregistré. T." in text and "adresse inscrite" in text
    for english in ("your message", "Nothing was stored", "registered address"):
        assert english not in text
    assert '<html lang="fr">' in render("refusal.html.j2", None, lang=FR, **REFUSAL)


@pytest.mark.parametrize("lang", [ENGLISH, FR], ids=lambda lang: lang.code)
def test_player_text_in_a_translated_sentence_is_escaped_in_html(lang) -> None:  # type: ignore[no-untyped-def]
    hostile = '<script>alert("x")</script>'
    html = render("press.html.j2", None, lang=lang, game={"id": "g", "title": "G"}, sender=hostile,
                  turn=1, to=hostile, public=True, text=hostile)  # fmt: skip
    assert "<script>" not in html and "&lt;script&gt;" in html
    text = render("press.txt.j2", None, lang=lang, game={"id": "g", "title": "G"}, sender=hostile,
                  turn=1, to=hostile, public=False, text="hi")  # fmt: skip
    assert hostile in text  # plain text is not markup: shown as written


def test_the_watch_code_mail_in_french_keeps_the_commands_as_they_are_typed() -> None:
    text = render("watch-code.txt.j2", None, lang=FR, game_id="g", code="c0de")
    assert "    watch g c0de\n" in text and "    unwatch g c0de\n" in text
    assert "Pour confirmer" in text and "To confirm" not in text


def test_french_plurals_follow_french_rules() -> None:
    assert FR.n_("DICE (%(num)d roll)", "DICE (%(num)d rolls)", 0) == "DÉS (0 jet)"
    assert FR.n_("DICE (%(num)d roll)", "DICE (%(num)d rolls)", 1) == "DÉS (1 jet)"
    assert FR.n_("DICE (%(num)d roll)", "DICE (%(num)d rolls)", 2) == "DÉS (2 jets)"
    assert ENGLISH.n_("DICE (%(num)d roll)", "DICE (%(num)d rolls)", 0) == "DICE (0 rolls)"


def test_dates_in_a_french_template_are_written_as_french_writes_them() -> None:
    from datetime import UTC, datetime

    turn = {"number": 2, "label": "217 BC", "deadline": datetime(2026, 11, 24, 12, 0, tzinfo=UTC),
            "local_deadline": ""}  # fmt: skip
    text = render("reminder.txt.j2", None, lang=FR, game={"id": "g", "title": "G"}, seat="rome",
                  turn=turn, hours_left="24h", you_owe_text="")  # fmt: skip
    assert "Date limite : 24 nov. 2026, 12:00:00 UTC" in text
    english = render("reminder.txt.j2", None, lang=ENGLISH, game={"id": "g", "title": "G"}, seat="rome",
                     turn=turn, hours_left="24h", you_owe_text="")  # fmt: skip
    assert "Deadline: 2026-11-24 12:00 UTC" in english


def _hook() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "docs" / "hooks" / "players.py"
    spec = importlib.util.spec_from_file_location("players_hook", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_lists_every_translated_players_page_under_its_language(tmp_path: Path) -> None:
    hook = _hook()
    hook.ORDERS = tmp_path
    (tmp_path / "README.md").write_text("# Orders by mail\n")
    (tmp_path / "README.fr.md").write_text("# Les ordres par courrier\n")
    (tmp_path / "eollis.md").write_text("# Eollis\n")
    (tmp_path / "eollis.fr.md").write_text("# Eollis : les ordres\n\nVoir [le sommaire](README.fr.md).\n")
    assert hook.translated_pages() == {
        "fr": [
            ("Les ordres par courrier", "players/index.fr.md"),
            ("Eollis : les ordres", "players/eollis.fr.md"),
        ]
    }
    config = {"nav": [{"Home": "index.md"}, {"The players' pages": [{"Eollis": "players/eollis.md"}]}]}
    hook.on_config(config)
    assert config["nav"][1]["The players' pages"][-1] == {
        "En français": [
            {"Les ordres par courrier": "players/index.fr.md"},
            {"Eollis : les ordres": "players/eollis.fr.md"},
        ]
    }
    assert "[le sommaire](index.fr.md)" in hook._page_links_only((tmp_path / "eollis.fr.md").read_text())


@pytest.mark.parametrize("lang", [ENGLISH, FR], ids=lambda lang: lang.code)
def test_a_messages_own_markup_is_kept_and_the_values_in_it_escaped(lang) -> None:  # type: ignore[no-untyped-def]
    from markupsafe import Markup

    html = render("help.html.j2", None, lang=lang, game={"id": "g", "title": "G"}, title="<i>t</i>",
                  seat="<b>north</b>", page_html=Markup("<p>page</p>"))  # fmt: skip
    assert lang._("for %(seat)s", seat="&lt;b&gt;north&lt;/b&gt;") in html
    assert "<b>north</b>" not in html and "<i>t</i>" not in html
    assert ("<code>help WORD</code>" if lang is ENGLISH else "<code>aide MOT</code>") in html
    assert "<p>page</p>" in html


def test_a_template_says_in_french_what_jinjas_own_gettext_would() -> None:
    """The literal messages translated when a template is compiled give the text Jinja's gettext
    gives at render time (the same lookup, the same formatting)."""
    from jinja2 import Environment

    source = '{{ _("Turn %(number)s: %(label)s", number=n, label=l) }}|{{ _("ORDERS TAKEN") }}|{{ x }}'
    jinja = Environment(extensions=["jinja2.ext.i18n"])
    jinja.install_gettext_translations(FR.translations, newstyle=True)  # type: ignore[attr-defined]
    from adjudicator.post.render import environment

    ours = environment(FR).from_string(source)
    values = {"n": 2, "l": "217 av. J.-C.", "x": "%(label)s"}
    assert ours.render(**values) == jinja.from_string(source).render(**values)
    assert ours.render(**values) == "Tour 2 : 217 av. J.-C.|ORDRES PRIS|%(label)s"


def test_a_deadline_in_the_seats_time_zone_is_written_as_its_language_writes_it() -> None:
    from datetime import UTC, datetime

    from adjudicator.core.naming import local_time

    moment = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
    assert local_time(moment, "Europe/Paris") == "2026-11-24 13:00 Europe/Paris"
    assert local_time(moment, "Europe/Paris", FR) == "24 nov. 2026, 13:00:00 Europe/Paris"
    assert local_time(moment, "UTC", FR) == ""  # the deadline in UTC is written beside it already
