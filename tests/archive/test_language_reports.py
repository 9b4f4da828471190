"""A close writes each seat's report in the seat's language: seats of one language share one
rendering of what they see alike, seats of another language have their own, and every stored
report is the seat's report rendered whole in its language, byte for byte. The record is the same
whatever the languages of the seats (the mail test of two languages checks it)."""

from __future__ import annotations

import email
import email.policy
import json
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.readers import reader_language
from adjudicator.core.store import Game, Report, Seat, Turn
from adjudicator.games import get_ruleset
from adjudicator.games.base import Spoken
from adjudicator.games.language import ENGLISH, language
from adjudicator.publish.pictures import clean_svg, digest
from adjudicator.publish.report_mail import board_mark
from adjudicator.publish.reports import mark_picture, render_context, report_context, seen_by


@pytest.fixture(autouse=True)
def no_club(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.delenv("PBEM_TEMPLATES", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def play(referee: Referee, ruleset: str, options: dict[str, str], game_lang: str = "en") -> list[str]:
    """A bot game whose first seat reads French (the others the game's language), started."""
    _game, seats, _secret = referee.new_game(ruleset, "g", options, deadline="48h", lang=game_lang)
    for i, seat in enumerate(seats):
        referee.join("g", seat, email=f"p{i}@example.org", bot=True, lang="fr" if i == 0 else None)
    referee.start("g")
    return seats


def stored(session: Any, number: int, seat: str | None, fmt: str) -> str:
    return session.exec(
        select(Report.body).where(
            Report.game_id == "g",
            Report.turn_number == number,
            Report.seat == (seat or ""),
            Report.format == fmt,
        )
    ).one()


def whole(session: Any, game: Game, turn: Turn, seat: str | None, fmt: str) -> str:
    """``seat``'s report rendered in one piece in its language, as a close stores it."""
    row = session.exec(select(Seat).where(Seat.game_id == "g", Seat.name == seat)).first() if seat else None
    lang = reader_language(game, row)
    context = report_context(session, game, turn, seat, lang=lang)
    if seat is not None:
        mark_picture(context, lang=lang)
    if fmt == "html" and context["board_svg"]:
        context["board_svg"] = board_mark(digest(context["board_svg"]))
    return render_context("report", game.ruleset, context, fmt, lang)


@pytest.mark.parametrize(
    ("ruleset", "options"), [("mare-nostrum", {"nations": "6"}), ("master-commander", {})]
)
def test_each_seat_gets_its_report_rendered_whole_in_its_language(
    referee: Referee, ruleset: str, options: dict[str, str]
) -> None:
    seats = play(referee, ruleset, options)
    for _ in range(2):
        closed = referee.close_turn("g", reason="test")
        assert closed is not None
        with referee.db.session() as session:
            game = session.get(Game, "g")
            turn = session.exec(select(Turn).where(Turn.game_id == "g", Turn.number == closed.number)).one()
            for seat in [None, *seats]:
                for fmt in ("text", "html"):
                    assert stored(session, turn.number, seat, fmt) == whole(session, game, turn, seat, fmt), (
                        seat,
                        fmt,
                    )
            french = stored(session, turn.number, seats[0], "text")
            assert "CE QUI S'EST PASSÉ" in french and "GRAINE" in french
            assert "WHAT HAPPENED" not in french and "Keep the record hash" not in french
            for seat in [None, *seats[1:]]:
                english = stored(session, turn.number, seat, "text")
                assert "WHAT HAPPENED" in english and "CE QUI S'EST PASSÉ" not in english
            assert '<html lang="fr">' in stored(session, turn.number, seats[0], "html")
            assert '<html lang="en">' in stored(session, turn.number, seats[1], "html")


def test_seats_of_one_language_share_one_rendering_and_each_language_has_its_own(referee: Referee) -> None:
    seats = play(referee, "mare-nostrum", {"nations": "6"})
    referee.close_turn("g", reason="test")
    with referee.db.session() as session:
        game = session.get(Game, "g")
        turn = session.exec(select(Turn).where(Turn.game_id == "g", Turn.number == 1)).one()
        shared: dict[str, Any] = {}
        keys = [seen_by(session, game, turn, seat, shared)[0] for seat in [None, *seats]]  # type: ignore[arg-type]
        # every seat sees the same board: one rendering in English (the public report and five
        # seats), one in French (the first seat)
        assert len(set(keys)) == 2 == len(shared["common"])
        assert keys[1][0] == "fr" and {k[0] for k in keys[2:]} == {"en"} and keys[0] == keys[2]


def _outbox(referee: Referee, kind: str) -> list[Any]:
    from adjudicator.core.store import OutboxMessage

    with referee.db.session() as session:
        return list(session.exec(select(OutboxMessage).where(OutboxMessage.kind == kind)).all())


def test_an_observer_gets_the_public_report_in_its_own_language(referee: Referee) -> None:
    from adjudicator.core.store import Observer

    play(referee, "mare-nostrum", {"nations": "3"})
    with referee.db.session() as session:
        for address, lang in (("fr@example.org", "fr"), ("en@example.org", None)):
            session.add(Observer(game_id="g", email=address, status="active", lang=lang))
    referee.close_turn("g", reason="test")
    mails = {
        row.to_addr: email.message_from_bytes(row.raw, policy=email.policy.default)
        for row in _outbox(referee, "observer")
    }
    french = mails["fr@example.org"].get_body(("plain",)).get_content()  # type: ignore[union-attr]
    english = mails["en@example.org"].get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "compte rendu public" in french and "CE QUI S'EST PASSÉ" in french and "Vous suivez g" in french
    assert "WHAT HAPPENED" not in french and "You watch" not in french
    assert "public report" in english and "WHAT HAPPENED" in english and "You watch g" in english
    assert str(mails["fr@example.org"]["Subject"]).startswith("[g] Compte rendu public : tour 1")
    assert str(mails["en@example.org"]["Subject"]).startswith("[g] Public report: turn 1")


def test_the_referee_is_told_of_civil_disorder_in_the_games_language(referee: Referee) -> None:
    referee.new_game(
        "toy-guess", "g", {"points": "2"}, deadline="48h", civil_disorder_after=1,
        referee_email="ref@example.org", lang="fr",
    )  # fmt: skip
    for seat in ("north", "south"):
        referee.join("g", seat, email=f"{seat}@example.org")
    referee.start("g")
    referee.close_turn("g", reason="deadline")
    rows = _outbox(referee, "civil-disorder")
    assert sorted(row.subject for row in rows) == [
        "[g] La place north est en désordre civil",
        "[g] La place south est en désordre civil",
    ]
    text = (
        email.message_from_bytes(rows[0].raw, policy=email.policy.default).get_body(("plain",)).get_content()
    )  # type: ignore[union-attr]
    assert "n'a envoyé aucun ordre pendant 1 tour" in text and "pbem seat replace g" in text
    assert "civil disorder" not in text


@pytest.mark.parametrize("ruleset", ["eollis", "planet-masters"])
def test_a_board_picture_with_words_is_drawn_in_each_readers_language(referee: Referee, ruleset: str) -> None:
    seats = play(referee, ruleset, {})
    referee.close_turn("g", reason="test")
    rules = get_ruleset(ruleset)
    with referee.db.session() as session:
        game = session.get(Game, "g")
        turn = session.exec(select(Turn).where(Turn.game_id == "g", Turn.number == 1)).one()
        for seat in seats[:2]:  # the first reads French, the second English
            row = session.exec(select(Seat).where(Seat.game_id == "g", Seat.name == seat)).one()
            lang = reader_language(game, row)
            drawn = report_context(session, game, turn, seat, lang=lang)["board_svg"]
            view = rules.view(json.loads(turn.result_state_json or "{}"), seat)
            other = ENGLISH if lang.code == "fr" else language("fr")
            assert drawn == clean_svg(Spoken(rules, lang).board_svg(view))
            assert drawn != clean_svg(Spoken(rules, other).board_svg(view))
