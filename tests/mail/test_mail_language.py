"""The reader's language by mail: ``lang: fr`` (or ``lang fr``, ``langue fr``) sets a seat's own
language from a verified mail and is answered in the new one; a code the referee does not write is
answered with the list of those it writes and changes nothing; an observer sets its own with its
code; ``help`` answers with the game's page in the reader's language; the refusals, the answers to
commands and the notes about unverified mail are written in the language of whoever reads them."""

from __future__ import annotations

import smtplib
import time
import uuid
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mailkit import REFEREE, Sink, free_port, mail_bytes, orders_mail, outbox_rows, parts
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, Observer, OutboxMessage, Seat
from adjudicator.games.language import SUPPORTED, LanguageError, parse_language
from adjudicator.mail.commands import help as help_command
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.service import flush_outbox
from adjudicator.mail.sources import Listener


def seat_lang(db: Database, name: str, game: str = "toy") -> str | None:
    with db.session() as session:
        return session.exec(select(Seat).where(Seat.game_id == game, Seat.name == name)).one().lang


def set_game_lang(db: Database, code: str, game: str = "toy") -> None:
    with db.session() as session:
        row = session.get(Game, game)
        assert row is not None
        row.lang = code
        session.add(row)


def set_seat_lang(db: Database, name: str, code: str | None, game: str = "toy") -> None:
    with db.session() as session:
        row = session.exec(select(Seat).where(Seat.game_id == game, Seat.name == name)).one()
        row.lang = code
        session.add(row)


def text(db: Database, row: OutboxMessage) -> str:
    return str(parts(mail_bytes(row, db))["text"])


def subject(db: Database, row: OutboxMessage) -> str:
    return str(parts(mail_bytes(row, db))["msg"]["Subject"])


def wait_for(predicate, timeout: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


# -- a seat's language by mail -------------------------------------------------------------
def test_a_lang_line_over_smtp_sets_the_seats_language_and_is_answered_in_french(
    db: Database, referee: Referee, toy_game: dict[str, str], sink: Sink, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    flush_outbox(db)  # the turn notices
    sink.received.clear()
    listener = Listener(db, "127.0.0.1", free_port(), handler=MailHandler(db, referee)).start()
    try:
        raw = orders_mail(secret=toy_game["north"], body="lang: fr", message_id="<lang-1@player.example>")
        with smtplib.SMTP("127.0.0.1", listener.port, timeout=10) as client:
            client.sendmail("north@example.org", [REFEREE], raw)
        wait_for(lambda: len(listener.results) == 1)
        assert listener.results[0].status == "handled", listener.results[0].detail
    finally:
        listener.stop()
    assert seat_lang(db, "north") == "fr"
    assert seat_lang(db, "south") is None  # one seat's choice
    assert flush_outbox(db) == 1
    [(_, rcpts, data)] = sink.received
    assert rcpts == ["north@example.org"]
    mail = parts(data)
    assert "Langue" in str(mail["msg"]["Subject"])
    assert "Désormais, l'arbitre vous écrit en français (fr)" in mail["text"]


@pytest.mark.parametrize("body", ["lang fr", "langue fr", "LANGUE Français", "language fr_FR"])
def test_the_lang_command_in_either_language_sets_the_seats_language(
    body: str, db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    result = handler.handle(orders_mail(secret=toy_game["north"], body=body))
    assert result.status == "handled", result.detail
    assert seat_lang(db, "north") == "fr"
    [reply] = outbox_rows(db, "reply")
    assert "Désormais, l'arbitre vous écrit en français" in text(db, reply)


def test_a_lang_line_with_orders_sets_the_language_then_takes_the_orders(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    result = handler.handle(orders_mail(secret=toy_game["north"], body="lang: fr\nguess 3"))
    assert result.status == "handled", result.detail
    assert "orders accepted" in result.detail
    assert seat_lang(db, "north") == "fr"
    [reply] = outbox_rows(db, "reply")
    assert "Désormais" in text(db, reply)
    assert len(outbox_rows(db, "ack")) == 1


def test_back_to_english_is_confirmed_in_english(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    set_game_lang(db, "fr")
    result = handler.handle(orders_mail(secret=toy_game["north"], body="lang en"))
    assert result.status == "handled", result.detail
    assert seat_lang(db, "north") == "en"
    [reply] = outbox_rows(db, "reply")
    assert "From now on the referee writes to you in English (en)." in text(db, reply)


def test_an_unknown_language_is_refused_with_the_list_and_changes_nothing(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    set_seat_lang(db, "north", "fr")
    result = handler.handle(orders_mail(secret=toy_game["north"], body="lang: klingon\nguess 3"))
    assert result.status == "refused"
    assert seat_lang(db, "north") == "fr"
    assert outbox_rows(db, "ack") == []  # nothing of the mail was taken, its orders neither
    [refusal] = outbox_rows(db, "refusal")
    body = text(db, refusal)
    assert "L'arbitre n'écrit pas la langue 'klingon'" in body  # in the language the seat reads
    assert "en (English), fr (français)" in body
    assert "Rien n'a été changé" in body


def test_lang_alone_says_the_language_in_force(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    set_game_lang(db, "fr")
    assert handler.handle(orders_mail(secret=toy_game["north"], body="lang")).status == "handled"
    assert seat_lang(db, "north") is None
    [reply] = outbox_rows(db, "reply")
    assert "L'arbitre vous écrit en français (fr)" in text(db, reply)


def test_a_lang_line_without_the_secret_changes_nothing(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    result = handler.handle(orders_mail(secret="not-the-secret", body="lang: fr"))
    assert result.status == "refused"
    assert seat_lang(db, "north") is None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    value=st.text(
        alphabet=st.characters(
            blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
        ),
        max_size=60,
    )
)
def test_a_hostile_lang_value_sets_a_spoken_language_or_changes_nothing(
    value: str, db: Database, referee: Referee, toy_game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PBEM_MAIL_RATE", "100000")
    set_seat_lang(db, "north", None)
    with db.session() as session:
        for row in session.exec(select(OutboxMessage)).all():
            session.delete(row)
    # a Message-ID of its own per example: hypothesis replays a value, and the same bytes twice are
    # one mail handled once (the second is a duplicate)
    unique = f"<lang-{uuid.uuid4().hex}@example.org>"
    mail = orders_mail(secret=toy_game["north"], body=f"lang: {value}", message_id=unique)
    result = MailHandler(db, referee).handle(mail)
    try:
        expected: str | None = parse_language(value) if value.strip() else None
    except LanguageError:
        expected = None
    assert result.status in ("handled", "refused"), result.detail
    assert seat_lang(db, "north") == expected
    assert seat_lang(db, "north") in (None, *SUPPORTED)
    if expected is None and value.strip():
        assert result.status == "refused"


# -- the language of the other answers ------------------------------------------------------
def test_a_refusal_is_written_in_the_seats_language(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    set_seat_lang(db, "north", "fr")
    result = handler.handle(orders_mail(secret=toy_game["north"], turn=None, body="guess 3"))
    assert result.status == "refused"
    [refusal] = outbox_rows(db, "refusal")
    body = text(db, refusal)
    assert "Vos ordres ne disent pas pour quel tour ils valent" in body
    assert "    tour: 1" in body  # the header line a French player writes


def test_the_english_refusal_is_unchanged_for_an_english_reader(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], turn=None, body="guess 3"))
    [refusal] = outbox_rows(db, "refusal")
    assert "Your orders do not say which turn they are for: there is no turn: line" in text(db, refusal)


def test_a_note_about_an_unverified_mail_is_in_the_games_language_not_the_seats(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    set_game_lang(db, "fr")
    set_seat_lang(db, "north", "en")
    result = handler.handle(orders_mail(secret="wrong-secret-here", body="guess 3"))
    assert result.status == "refused"
    [note] = outbox_rows(db, "unverified")
    assert "Le secret donné pour la place north est faux ou manquant." in text(db, note)


def test_the_status_command_answers_in_the_seats_language(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    set_seat_lang(db, "north", "fr")
    assert handler.handle(orders_mail(secret=toy_game["north"], body="état")).status == "handled"
    [reply] = outbox_rows(db, "reply")
    assert "État" in subject(db, reply)
    body = text(db, reply)
    assert "Tour 1" in body and "ouvert" in body
    assert "Engagement de la graine" in body


def test_the_orders_command_answers_in_the_seats_language(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 3"))
    set_seat_lang(db, "north", "fr")
    assert handler.handle(orders_mail(secret=toy_game["north"], body="ordres")).status == "handled"
    [reply] = outbox_rows(db, "reply")
    body = text(db, reply)
    assert "Vos ordres de ce tour" in subject(db, reply)
    assert ": accepté," in body and "reçu " in body


# -- an observer's language -------------------------------------------------------------------
def watch_mail(body: str, sender: str = "fan@example.org") -> bytes:
    return orders_mail(sender=sender, game=None, seat=None, secret=None, turn=None, body=body)


def observer(db: Database, address: str = "fan@example.org") -> Observer:
    with db.session() as session:
        return session.exec(select(Observer).where(Observer.email == address)).one()


def watch_code(db: Database) -> str:
    [row] = outbox_rows(db, "watch-code")
    found = [w for w in text(db, row).split() if len(w) >= 20]
    assert found
    return found[0]


def test_an_observer_sets_its_language_with_its_code_and_is_answered_in_it(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    assert handler.handle(watch_mail("watch toy\nlang: fr")).status == "handled"
    assert observer(db).lang is None  # the asking mail proves nothing
    code = watch_code(db)
    result = handler.handle(watch_mail(f"watch toy {code}\nlang: fr"))
    assert result.status == "handled", result.detail
    assert observer(db).status == "active"
    assert observer(db).lang == "fr"
    [letter] = outbox_rows(db, "watch-lang")
    assert letter.to_addr == "fan@example.org"
    assert "Désormais, les comptes rendus de toy vous arrivent en français (fr)." in text(db, letter)


def test_an_observers_unknown_language_is_answered_with_the_list_and_changes_nothing(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(watch_mail("watch toy"))
    code = watch_code(db)
    result = handler.handle(watch_mail(f"watch toy {code}\nlang: xx-nowhere"))
    assert result.status == "refused"
    assert observer(db).status == "active"
    assert observer(db).lang is None
    [letter] = outbox_rows(db, "watch-lang")
    assert "en (English), fr (français)" in text(db, letter)


def test_an_observers_lang_line_with_a_wrong_code_changes_nothing_and_sends_nothing(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    handler.handle(watch_mail("watch toy"))
    result = handler.handle(watch_mail("watch toy WRONGCODEWRONGCODE\nlang: fr"))
    assert result.status == "refused"
    assert observer(db).lang is None
    assert outbox_rows(db, "watch-lang") == []


def test_the_watch_code_mail_is_in_the_games_language(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    set_game_lang(db, "fr")
    handler.handle(watch_mail("watch toy\nlang: en"))
    [row] = outbox_rows(db, "watch-code")
    assert "Confirmation : suivre cette partie ?" in subject(db, row)


# -- help in the reader's language ------------------------------------------------------------
@pytest.fixture
def mare_nostrum(referee: Referee) -> dict[str, str]:
    _, seats, _ = referee.new_game("mare-nostrum", "mn", {}, deadline="48h")
    secrets = {seat: referee.join("mn", seat, email=f"{seat}@example.org") for seat in seats}
    referee.start("mn")
    return secrets  # type: ignore[return-value]


@pytest.fixture
def french_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A pages folder holding the English pages and a French page of Mare Nostrum."""
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "mare-nostrum.fr.md").write_text(
        "# Mare Nostrum : les ordres\n\n## Acheter\n\nÉcrivez `acheter légion` pour lever une légion.\n\n"
        "## Déplacer\n\nÉcrivez `déplacer` suivi de la province.\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(help_command, "PAGES", folder)
    return folder


def help_mail(seat: str, secret: str, body: str) -> bytes:
    return orders_mail(
        sender=f"{seat}@example.org", game="mn", seat=seat, secret=secret, turn=None, body=body
    )


def test_help_answers_a_french_reader_with_the_french_page(
    db: Database, handler: MailHandler, mare_nostrum: dict[str, str], french_page: Path
) -> None:
    seat = sorted(mare_nostrum)[0]
    set_seat_lang(db, seat, "fr", game="mn")
    assert handler.handle(help_mail(seat, mare_nostrum[seat], "aide")).status == "handled"
    [reply] = outbox_rows(db, "reply")
    assert "la page des ordres" in subject(db, reply)
    assert "acheter légion" in text(db, reply)


def test_help_on_a_topic_reads_the_french_page(
    db: Database, handler: MailHandler, mare_nostrum: dict[str, str], french_page: Path
) -> None:
    seat = sorted(mare_nostrum)[0]
    set_seat_lang(db, seat, "fr", game="mn")
    assert handler.handle(help_mail(seat, mare_nostrum[seat], "aide déplacer")).status == "handled"
    [reply] = outbox_rows(db, "reply")
    assert "aide sur déplacer" in subject(db, reply)
    body = text(db, reply)
    assert "suivi de la province" in body and "acheter légion" not in body


def test_help_answers_an_english_reader_with_the_english_page_beside_a_french_one(
    db: Database, handler: MailHandler, mare_nostrum: dict[str, str], french_page: Path
) -> None:
    seat = sorted(mare_nostrum)[0]
    assert handler.handle(help_mail(seat, mare_nostrum[seat], "help")).status == "handled"
    [reply] = outbox_rows(db, "reply")
    assert "the order page" in subject(db, reply)
    body = text(db, reply)
    assert "buy army" in body and "acheter légion" not in body


def test_help_without_a_french_page_sends_the_english_page_in_a_french_frame(
    db: Database,
    handler: MailHandler,
    mare_nostrum: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(help_command, "PAGES", tmp_path)  # no page in it
    seat = sorted(mare_nostrum)[0]
    set_seat_lang(db, seat, "fr", game="mn")
    assert handler.handle(help_mail(seat, mare_nostrum[seat], "aide")).status == "handled"
    [reply] = outbox_rows(db, "reply")
    assert "la page des ordres" in subject(db, reply)
    assert "buy army" in text(db, reply)


def test_help_on_an_unknown_topic_answers_in_french(
    db: Database, handler: MailHandler, mare_nostrum: dict[str, str], french_page: Path
) -> None:
    seat = sorted(mare_nostrum)[0]
    set_seat_lang(db, seat, "fr", game="mn")
    assert handler.handle(help_mail(seat, mare_nostrum[seat], "aide zeppelin")).status == "handled"
    [reply] = outbox_rows(db, "reply")
    assert "pas d'aide sur zeppelin" in subject(db, reply)
    body = text(db, reply)
    assert "Aucune partie de la page des ordres ne parle de" in body
    assert "Acheter" in body and "Déplacer" in body


def test_an_unknown_command_is_refused_in_the_seats_language(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    set_seat_lang(db, "north", "fr")
    assert handler.handle(orders_mail(secret=toy_game["north"], body="command: danser")).status == "refused"
    [refusal] = outbox_rows(db, "refusal")
    assert "Votre message n'a pas pu être lu : commande inconnue 'danser'" in text(db, refusal)


def test_an_unknown_command_keeps_its_english_refusal(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    assert handler.handle(orders_mail(secret=toy_game["north"], body="command: dance")).status == "refused"
    [refusal] = outbox_rows(db, "refusal")
    assert (
        "Your message could not be read: unknown command 'dance': use one of status, report, history, "
        "orders, help, lang." in " ".join(text(db, refusal).split())
    )


def test_the_referees_letter_about_a_failing_address_is_in_the_games_language(
    db: Database, toy_game: dict[str, str]
) -> None:
    from adjudicator.mail.bounces import failing_line, tell_the_referee

    set_game_lang(db, "fr")
    with db.session() as session:
        game = session.get(Game, "toy")
        assert game is not None
        game.referee_email = "ref@club.example"
        seat = session.exec(select(Seat).where(Seat.game_id == "toy", Seat.name == "north")).one()
        seat.lang = "en"  # the referee reads the game's language, not the seat's
        seat.mail_failing_turn = 1
        seat.mail_failing_reason = "550 5.1.1 user unknown"
        assert tell_the_referee(session, game, seat)
        assert failing_line(seat) == "mail failing since turn 1 (550 5.1.1 user unknown)"
        session.commit()
    [letter] = outbox_rows(db, "mail-failing")
    assert "Le courrier à la place north échoue" in subject(db, letter)
    assert "courrier en échec depuis le tour 1 (550 5.1.1 user unknown)" in text(db, letter)
