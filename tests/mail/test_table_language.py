"""The table's letters in each reader's language: a proposal and its result, an absence and the
moved deadline, a resignation, press and its receipt, sign-up (in the game's language: the asking
address proves nothing); the refusals of the table quoted to a seat in the seat's language, their
English text as it was; the record keeps the English words (a draw's reason, a vote's answer)."""

from __future__ import annotations

import json

import pytest
from between_kit import REFEREE_HOME, code_in, letters, plain_mail, seat_mail
from mailkit import mail_bytes, orders_mail, outbox_rows, parts
from sqlmodel import select

from adjudicator.core.engine import Referee, Refused
from adjudicator.core.store import Database, Game, OutboxMessage, Seat
from adjudicator.games.language import ENGLISH, language
from adjudicator.mail.handler import MailHandler
from adjudicator.table import proposals, resignation
from adjudicator.table.refusals import in_language
from adjudicator.table.signup import set_terms

FRENCH = language("fr")


def text(db: Database, row: OutboxMessage) -> str:
    return str(parts(mail_bytes(row, db))["text"])


def subject(db: Database, row: OutboxMessage) -> str:
    return str(parts(mail_bytes(row, db))["msg"]["Subject"])


@pytest.fixture
def three(referee: Referee, db: Database, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A started three-seat toy game ``toy``: north reads French, south and east the game's English."""
    monkeypatch.setenv("PBEM_MAIL_RATE", "1000")
    referee.new_game("toy-guess", "toy", {"seats": "3", "points": "9"}, referee_email=REFEREE_HOME)
    set_terms(db, "toy", absence_days=10)
    secrets = {s: referee.join("toy", s, email=f"{s}@example.org") for s in ("north", "south", "east")}
    referee.start("toy")
    with db.session() as session:
        north = session.exec(select(Seat).where(Seat.game_id == "toy", Seat.name == "north")).one()
        north.lang = "fr"
        session.add(north)
    return secrets  # type: ignore[return-value]


def to(db: Database, kind: str, address: str) -> OutboxMessage:
    [row] = letters(db, kind, to=address)
    return row


def test_a_proposal_is_mailed_to_each_voter_in_their_language(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    assert handler.handle(seat_mail("east", three["east"], "propose draw")).status == "handled"
    french = to(db, "proposal", "north@example.org")
    english = to(db, "proposal", "south@example.org")
    assert "Une proposition pour finir la partie" in subject(db, french)
    assert "Une place propose une partie nulle" in text(db, french)
    assert "vote oui" in text(db, french)
    assert "A seat proposes a draw" in text(db, english)
    assert "vote yes" in text(db, english)


def test_the_result_of_a_vote_is_told_in_each_language_and_recorded_in_english(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    handler.handle(seat_mail("east", three["east"], "propose draw"))
    with db.session() as session:
        number = session.exec(select(proposals.Proposal)).one().id
    assert handler.handle(seat_mail("north", three["north"], f"vote oui {number}")).status == "handled"
    assert handler.handle(seat_mail("south", three["south"], f"vote yes {number}")).status == "handled"
    french = to(db, "proposal-result", "north@example.org")
    english = to(db, "proposal-result", "south@example.org")
    assert "La partie est terminée" in subject(db, french)
    assert "partie nulle (partie nulle acceptée par toutes les places encore en jeu)" in text(db, french)
    assert "draw (draw agreed by every seat in the game)" in text(db, english)
    with db.session() as session:
        game = session.get(Game, "toy")
        assert game is not None
        assert json.loads(game.outcome_json or "{}")["reason"] == "draw agreed by every seat in the game"
    [receipt] = [r for r in outbox_rows(db, "proposal-ack") if r.to_addr == "north@example.org"]
    assert "Votre message a été pris en compte : vote enregistré." in text(db, receipt)


def test_the_proposers_receipt_is_in_its_language_and_unchanged_in_english(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    handler.handle(seat_mail("north", three["north"], "proposer abandon south"))
    [receipt] = outbox_rows(db, "proposal-ack")
    assert "proposition 1 (l'abandon de la partie à south) faite par north" in text(db, receipt)
    result = proposals.Result("", proposal=4, kind="draw")
    assert proposals.made_text(result, "east") == "proposal 4 (a draw) made by east"


def test_a_refusal_of_the_table_is_quoted_in_the_seats_language(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    assert handler.handle(seat_mail("north", three["north"], "vote oui 7")).status == "refused"
    [refusal] = outbox_rows(db, "refusal")
    assert "il n'y a pas de proposition à voter ce tour-ci" in text(db, refusal)


def test_a_refusal_of_the_table_keeps_its_english_text() -> None:
    error = proposals.refused(proposals.N_("seat %(seat)s does not vote on this proposal"), seat="east")
    assert isinstance(error, Refused)
    assert str(error) == "seat east does not vote on this proposal"
    assert in_language(error, ENGLISH) == "seat east does not vote on this proposal"
    assert in_language(error, FRENCH) == "la place east ne vote pas sur cette proposition"
    assert in_language(ValueError("plain"), FRENCH) == "plain"


def test_an_absence_is_recorded_in_the_seats_language_and_the_moved_deadline_told_in_each(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    result = handler.handle(seat_mail("north", three["north"], "absent 2026-11-23 2026-11-25"))
    assert result.status == "handled", result.detail
    recorded = to(db, "absence", "north@example.org")
    assert "Absence enregistrée" in subject(db, recorded)
    assert "Votre absence du 2026-11-23 au 2026-11-25 (3 jours) est enregistrée" in text(db, recorded)
    moved_fr = to(db, "deadline-moved", "north@example.org")
    moved_en = to(db, "deadline-moved", "south@example.org")
    assert "Nouvelle date limite pour le tour 1" in subject(db, moved_fr)
    assert "Un joueur est absent" in text(db, moved_fr)
    assert "A player is away" in text(db, moved_en)


def test_an_absence_beyond_the_allowance_is_refused_in_french(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    assert (
        handler.handle(seat_mail("north", three["north"], "absent 2026-12-01 2026-12-20")).status == "refused"
    )
    [refusal] = outbox_rows(db, "refusal")
    assert "une absence de 20 jours dépasse ce qu'il vous reste : 10 jours sur 10" in text(db, refusal)


def test_a_resignation_is_asked_and_confirmed_in_the_seats_language(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    assert handler.handle(seat_mail("north", three["north"], "démission")).status == "handled"
    code_mail = to(db, "resign-code", "north@example.org")
    assert "Confirmez votre démission" in subject(db, code_mail)
    assert "    confirmer " in text(db, code_mail)
    code = text(db, code_mail).split("confirmer ")[1].split()[0]
    assert handler.handle(seat_mail("north", three["north"], f"confirmer {code}")).status == "handled"
    [done] = [r for r in outbox_rows(db, "resigned") if r.to_addr == "north@example.org"]
    assert "Vous avez quitté la place north de toy" in text(db, done)
    [told] = [r for r in outbox_rows(db, "resigned") if r.to_addr == REFEREE_HOME]
    assert "pbem seat replace toy north" in text(db, told)
    assert "The player of seat north of toy resigned" in text(db, told)  # the game's language


def test_the_english_resignation_letter_is_unchanged(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    resignation.ask(referee, "toy", "south")
    code_mail = to(db, "resign-code", "south@example.org")
    assert code_in(code_mail)
    assert "You asked to resign seat south of toy. The seat then goes to civil disorder at once and you" in (
        " ".join(text(db, code_mail).split())
    )


def test_press_is_relayed_to_each_seat_in_its_language(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    result = handler.handle(seat_mail("south", three["south"], "presse à tous\nSalut à tous."))
    assert result.status == "handled", result.detail
    [french] = [r for r in outbox_rows(db, "press") if r.to_addr == "north@example.org"]
    [english] = [r for r in outbox_rows(db, "press") if r.to_addr == "east@example.org"]
    assert "Presse de south, tour 1" in subject(db, french)
    assert "Press from south, turn 1" in subject(db, english)
    assert "Salut à tous." in text(db, french) and "Salut à tous." in text(db, english)


def test_the_press_receipt_and_its_refusals_are_in_the_senders_language(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    assert (
        handler.handle(seat_mail("north", three["north"], "press to south et east\nBonjour.")).status
        == "handled"
    )
    [receipt] = outbox_rows(db, "reply")
    assert "Presse transmise" in subject(db, receipt)
    assert "Votre message de presse 1 du tour 1 a été transmis." in text(db, receipt)
    assert "Envoyé à : south, east." in text(db, receipt)
    assert handler.handle(seat_mail("north", three["north"], "presse à nobody\nBonjour.")).status == "refused"
    [refusal] = outbox_rows(db, "refusal")
    assert "pas de place 'nobody' dans la partie toy" in text(db, refusal)


def test_grey_press_names_the_sender_as_a_seat_in_each_language(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    with db.session() as session:
        game = session.get(Game, "toy")
        assert game is not None
        game.press = "grey"
        session.add(game)
    handler = MailHandler(db, referee)
    assert handler.handle(seat_mail("east", three["east"], "press to all\nPsst.")).status == "handled"
    [french] = [r for r in outbox_rows(db, "press") if r.to_addr == "north@example.org"]
    [english] = [r for r in outbox_rows(db, "press") if r.to_addr == "south@example.org"]
    assert "Presse de une place, tour 1" in subject(db, french)
    assert "Press from a seat, turn 1" in subject(db, english)
    assert "east" not in subject(db, french) + text(db, french)


def test_a_sign_up_code_is_in_the_games_language(db: Database, referee: Referee) -> None:
    referee.new_game("toy-guess", "club", {"points": "9"}, deadline="48h", referee_email=REFEREE_HOME)
    set_terms(db, "club", signup="open")
    with db.session() as session:
        game = session.get(Game, "club")
        assert game is not None
        game.lang = "fr"
        session.add(game)
    handler = MailHandler(db, referee)
    assert handler.handle(plain_mail("ana@example.org", "rejoindre club")).status == "handled"
    [code_mail] = outbox_rows(db, "signup-code")
    assert "Votre code d'inscription" in subject(db, code_mail)
    assert "Quelqu'un a demandé à rejoindre la partie club" in text(db, code_mail)
    code = text(db, code_mail).split("confirmer ")[1].split()[0]
    assert handler.handle(plain_mail("ana@example.org", f"confirmer {code}")).status == "handled"
    [seat_letter] = outbox_rows(db, "seat")
    assert "Vous jouez la place" in text(db, seat_letter)


def test_the_status_answer_shows_the_absence_allowance_in_french(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    assert handler.handle(orders_mail(secret=three["north"], body="statut")).status == "handled"
    [reply] = outbox_rows(db, "reply")
    assert "Absences : il reste 10 sur 10 jours" in text(db, reply)
