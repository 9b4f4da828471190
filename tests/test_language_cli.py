"""Choosing a language from the command line: a game's (``game new --lang``), a seat's (``game join
--lang``, ``game set-lang``), an observer's (``game watch --lang``), the demo's and the archive
site's; unknown codes refused with the list of languages; the record the same in every language."""

from __future__ import annotations

import email
import email.policy
import json
import re
from pathlib import Path

import jsonschema
import pytest
from sqlmodel import select

from adjudicator.cli import documents, main
from adjudicator.core.store import Database, Game, Observer, Seat

#: The referee's English framing words: none of them may reach a French reader's mail (the game's
#: own words - events, board - are the game's translators' and may still be English).
ENGLISH_FRAMING = (
    "WHAT HAPPENED",
    "ORDERS (all revealed)",
    "Keep the record hash",
    "Seed commitment",
    "Deadline:",
    "To send orders",
    "NEXT: turn",
    "YOU OWE",
    "What you may write now",
    "If you send nothing",
    "Reply to this mail",
    "record hash",
    "turn secret",
    "DICE (",
    "Report: turn",
    "open: ",
)
ENGLISH_HTML_FRAMING = ("What happened", "Orders (all revealed)", "Seed commitment", '<html lang="en">')


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PBEM_SMTP_URL", raising=False)
    monkeypatch.setenv("PBEM_CONFIG", str(tmp_path / "absent.toml"))
    assert main(["init"]) == 0
    capsys.readouterr()
    return tmp_path


def _seat(name: str) -> Seat:
    with Database().session() as session:
        return session.exec(select(Seat).where(Seat.game_id == "g", Seat.name == name)).one()


def test_a_game_made_in_french_says_so_in_show_and_in_its_json(
    club: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "game", "new", "toy-guess", "g", "--lang", "fr")
    assert code == 0, err
    assert "language: fr (français)" in out
    code, out, _ = run(capsys, "game", "show", "g")
    assert code == 0 and "language: fr (français)" in out
    code, out, _ = run(capsys, "game", "show", "g", "--json")
    document = json.loads(out)
    jsonschema.validate(document, documents.schema("game"))
    assert document["lang"] == "fr"
    assert {s["lang"] for s in document["seats"]} == {None}  # the seats read the game's language


def test_a_game_made_without_lang_is_english(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "game", "new", "toy-guess", "g")[0] == 0
    _, out, _ = run(capsys, "game", "show", "g", "--json")
    assert json.loads(out)["lang"] == "en"


def test_a_seat_joins_in_its_own_language_and_set_lang_changes_it(
    club: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "game", "new", "toy-guess", "g")
    code, _, err = run(capsys, "game", "join", "g", "north", "--email", "n@example.org", "--lang", "FR")
    assert code == 0, err
    run(capsys, "game", "join", "g", "south", "--email", "s@example.org")
    assert _seat("north").lang == "fr" and _seat("south").lang is None
    _, out, _ = run(capsys, "game", "show", "g")
    assert re.search(r"seat north .*language fr", out) and not re.search(r"seat south .*language", out)
    code, out, _ = run(capsys, "game", "set-lang", "g", "français", "--seat", "south")
    assert code == 0 and "seat south of g: language fr (français)" in out
    assert _seat("south").lang == "fr"
    code, out, _ = run(capsys, "game", "set-lang", "g", "default", "--seat", "north")
    assert code == 0 and "the game's language" in out
    assert _seat("north").lang is None
    code, out, _ = run(capsys, "game", "set-lang", "g", "fr")
    assert code == 0 and "game g: language fr" in out
    _, out, _ = run(capsys, "game", "show", "g", "--json")
    document = json.loads(out)
    jsonschema.validate(document, documents.schema("game"))
    assert document["lang"] == "fr"
    assert {s["name"]: s["lang"] for s in document["seats"]} == {"north": None, "south": "fr"}


@pytest.mark.parametrize(
    "args",
    [
        ("game", "new", "toy-guess", "h", "--lang", "klingon"),
        ("game", "join", "g", "north", "--email", "n@example.org", "--lang", "xx"),
        ("game", "set-lang", "g", "de"),
        ("game", "set-lang", "g", "tlh", "--seat", "north"),
        ("game", "watch", "g", "--email", "w@example.org", "--lang", "zz"),
        ("archive", "export", "g", "--lang", "esperanto"),
        ("demo", "toy-guess", "--lang", "nope", "--turns", "1", "-q"),
        ("report", "g", "--lang", "fr_XX_toolong"),
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_an_unknown_language_is_refused_with_the_list_of_languages(
    club: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    run(capsys, "game", "new", "toy-guess", "g")
    code, _, err = run(capsys, *args)
    assert code != 0
    assert "unknown language" in err and "en (English), fr (français)" in err
    assert "Traceback" not in err
    with Database().session() as session:
        assert [g.id for g in session.exec(select(Game)).all()] == ["g"]  # nothing else made
        assert all(s.lang is None for s in session.exec(select(Seat)).all())
        assert session.exec(select(Observer)).all() == []


def test_a_game_language_cannot_be_set_to_default(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "game", "new", "toy-guess", "g")
    code, _, err = run(capsys, "game", "set-lang", "g", "default")
    assert code != 0 and "'default' is for a seat" in err


def test_an_observer_added_in_french_is_stored_with_its_language(
    club: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "game", "new", "toy-guess", "g")
    code, out, err = run(capsys, "game", "watch", "g", "--email", "Watcher@Example.org", "--lang", "fr")
    assert code == 0 and "code sent" in out, err
    with Database().session() as session:
        (row,) = session.exec(select(Observer)).all()
        assert (row.email, row.lang, row.status, row.codes_sent) == (
            "watcher@example.org",
            "fr",
            "pending",
            1,
        )
    _, out, _ = run(capsys, "game", "watchers", "g")
    assert "language: fr" in out


def _mails(folder: Path) -> list[email.message.EmailMessage]:
    return [
        email.message_from_bytes(path.read_bytes(), policy=email.policy.default)  # type: ignore[misc]
        for path in sorted((folder / "new").iterdir())
    ]


def test_the_demo_in_french_writes_french_mails(club: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "demo", "mare-nostrum", "--lang", "fr", "--turns", "2", "-q")
    assert code == 0, err
    mails = _mails(club / "outbox")
    subjects = [str(m["Subject"]) for m in mails]
    assert any("Tour 1 ouvert" in s for s in subjects) and any("Compte rendu : tour 2" in s for s in subjects)
    for mail in mails:
        text = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        html = mail.get_body(("html",)).get_content()  # type: ignore[union-attr]
        assert "Date limite" in text or "CE QUI S'EST PASSÉ" in text, mail["Subject"]
        assert '<html lang="fr">' in html
        for phrase in ENGLISH_FRAMING:
            assert phrase not in text, (mail["Subject"], phrase)
        for phrase in ENGLISH_HTML_FRAMING:
            assert phrase not in html, (mail["Subject"], phrase)
    reports = [m for m in mails if "Compte rendu" in str(m["Subject"])]
    assert reports and all("GRAINE" in m.get_body(("plain",)).get_content() for m in reports)  # type: ignore[union-attr]


def test_an_archive_exported_in_french_has_french_pages_and_the_same_records(
    club: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "demo", "mare-nostrum", "--game-id", "g", "--turns", "2", "-q")[0] == 0
    assert run(capsys, "archive", "export", "g", "--to", "en")[0] == 0
    code, _, err = run(capsys, "archive", "export", "g", "--to", "fr", "--lang", "fr")
    assert code == 0, err
    english, french = club / "en" / "g", club / "fr" / "g"
    records = sorted(p.relative_to(english) for p in english.rglob("record.json"))
    assert len(records) == 2
    assert records == sorted(p.relative_to(french) for p in french.rglob("record.json"))
    for name in [*records, Path("game.json")]:
        assert (english / name).read_bytes() == (french / name).read_bytes(), name
    index = (french / "index.html").read_text()
    assert '<html lang="fr">' in index and "Tours" in index and "Vérifiez vous-même" in index
    assert "Check it yourself" not in index and "No turn has closed yet" not in index
    assert "Check it yourself" in (english / "index.html").read_text()
    page = (french / "001" / "index.html").read_text()
    assert "Ce qui s&#39;est passé" in page or "Ce qui s'est passé" in page
    assert "What happened" not in page
    for folder in (english, french):
        assert run(capsys, "verify", str(folder))[0] == 0


def test_a_report_is_printed_in_the_seats_language_or_the_one_asked(
    club: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "game", "new", "toy-guess", "g")
    run(capsys, "game", "join", "g", "north", "--bot", "--lang", "fr")
    run(capsys, "game", "join", "g", "south", "--bot")
    run(capsys, "game", "start", "g")
    assert run(capsys, "turn", "close", "g")[0] == 0
    _, french, _ = run(capsys, "report", "g", "--seat", "north")
    _, english, _ = run(capsys, "report", "g", "--seat", "south")
    _, asked, _ = run(capsys, "report", "g", "--seat", "south", "--lang", "fr")
    assert "CE QUI S'EST PASSÉ" in french and "WHAT HAPPENED" not in french
    assert "WHAT HAPPENED" in english and "CE QUI S'EST PASSÉ" not in english
    assert "CE QUI S'EST PASSÉ" in asked and "compte rendu pour south" in asked


def test_the_french_site_of_a_game_with_hidden_information_names_what_is_withheld_in_french(
    club: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "demo", "master-commander", "--game-id", "g", "--turns", "1", "-q")[0] == 0
    assert run(capsys, "archive", "export", "g", "--to", "fr", "--lang", "fr")[0] == 0
    index = (club / "fr" / "g" / "index.html").read_text()
    hidden = re.search(r"Information cachée : [^<]*", index)
    assert hidden is not None
    assert "secret du tour" in hidden.group(0) and "turn_secret" not in hidden.group(0)
    english = (club / "turns" / "g" / "index.html").read_text()  # the demo's own export, in English
    assert "turn_secret" in english and "Hidden information" in english
