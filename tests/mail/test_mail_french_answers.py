"""What a French seat reads back by mail is French: the referee's refusals, the answers to its
commands, the notes about a mail it could not take, the heading of every mail.

Each game is played in French (its language set at setup, every seat reading it) through the real
mail handler, the seat writing the French header lines (``partie:``, ``place:``, ``secret:``,
``tour:``); every answer is searched for English phrases of the referee's framing that must never
reach a French reader. The engine's own refusals (orders empty, too long, a request not owed, a
game not started or over) are said in French too, while ``str()`` of the error stays English for the
referee's logs and command line.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mailkit import mail_bytes, orders_mail, outbox_rows, parts
from sqlmodel import select

sys.path.insert(0, str(Path(__file__).parent / "players"))

import playerkit

from adjudicator.core.engine import Referee, RefereeError, Refused
from adjudicator.core.store import Database, Game, Seat
from adjudicator.games import get_ruleset
from adjudicator.games.language import N_, language
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.inbound import parse_message, split_headers
from adjudicator.mail.words import HEADER_WORDS, header_of

FR = language("fr")

#: game -> (suite's game id, options, the seat that writes, a seat that owes nothing in turn 1)
GAMES = {
    "planet-masters": ("pm-1", {"players": "3"}, "terre", "mors"),
    "eollis": ("eol-1", {}, "rouge", None),
    "far-side": ("fs-1", {}, "british", None),
    "mare-nostrum": ("mn-1", {}, "rome", None),
    "master-commander": ("mc-1", {}, "spanish", None),
}

#: The referee's English framing in the answers to commands and in refusals and notes: none of it
#: may reach a French seat.
ENGLISH = (
    "Status (for",
    "History (for",
    "Report (for",
    "Your orders this turn",
    "You have sent no orders",
    "No turn has closed",
    "waiting",
    "running",
    "Deadline",
    "Seed commitment",
    "Turn 1 (",
    "(deadline)",
    "record ",
    "your message was not taken",
    "Nothing was stored",
    "Nothing was changed",
    "Start the message",
    "The secret given",
    "came from an address",
    "arrived after the deadline",
    "were written for turn",
    "then your orders",
    "Replying to the referee",
    "the turn is closing",
    "game: ",
    "seat: ",
    "turn: ",
    "orders are",
    "owes no",
    "has not started",
    "is over",
    "--- previous",
    "+++ now",
    "par mail",
    "an order starts",
)


def french_mail(
    game: str, seat: str, secret: str, body: str, *, turn: int | None = 1, number: int = 0
) -> bytes:
    """A French player's mail: the header lines in French, then ``body``."""
    msg = EmailMessage()
    msg["From"] = f"{seat}@example.org"
    msg["To"] = playerkit.REFEREE
    msg["Subject"] = "Ordres"
    msg["Message-ID"] = f"<fr-{number}@example.org>"
    lines = [f"partie: {game}", f"place: {seat}", f"secret: {secret}"]
    if turn is not None:
        lines.append(f"tour: {turn}")
    msg.set_content("\n".join(lines) + "\n\n" + body + "\n")
    return msg.as_bytes()


@pytest.fixture(scope="module")
def french_games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, playerkit.Started]]:
    """Each game started once, its language French."""
    folder = tmp_path_factory.mktemp("french")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PBEM_FROM", f"Referee <{playerkit.REFEREE}>")
        env.setenv("PBEM_OUTBOX", str(folder / "outbox"))
        env.setenv("PBEM_CONFIG", str(folder / "no-such-pbem.toml"))
        yield {
            name: playerkit.start(folder, name, game_id, options, "fr")
            for name, (game_id, options, _seat, _idle) in GAMES.items()
        }


def english_in(text: str) -> list[str]:
    return [phrase for phrase in ENGLISH if phrase in text]


# -- every game, played in French -----------------------------------------------------------
@pytest.mark.parametrize("name", list(GAMES))
def test_a_french_seat_reads_no_english_framing_in_any_answer(
    name: str, french_games: dict[str, playerkit.Started], tmp_path: Path
) -> None:
    started = french_games[name]
    _game_id, _options, seat, _idle = GAMES[name]
    secret = started.secrets[seat]
    db = playerkit.copy_of(started, tmp_path)
    referee = Referee(db, clock=playerkit.clock)

    def at(hours: int) -> Referee:
        """The referee a few hours on (a seat gets at most three refusals an hour)."""
        return Referee(db, clock=lambda: playerkit.clock() + timedelta(hours=hours))

    title = FR.gettext(get_ruleset(name).title)
    answers: list[tuple[str, str, str]] = []
    mails = [
        (referee, secret, "état", 1),
        (referee, secret, "ordres", 1),
        (referee, secret, "historique", 1),
        (referee, secret, "rapport", 1),
        (at(1), secret, "", 1),  # an empty mail
        (at(2), secret, "xyzzy", 7),  # for a turn that is not open
        (at(3), "x" * 22, "état", 1),  # a wrong secret
        (at(24 * 30), secret, "xyzzy", 1),  # after the deadline
    ]
    try:
        for number, (judge, key, body, turn) in enumerate(mails):
            status, detail, replies = playerkit.answer(
                db, judge, french_mail(started.game, seat, key, body, turn=turn, number=number)
            )
            assert replies, (body, status, detail)
            answers += [(f"{body or 'empty'} ({kind})", text, html) for kind, text, html in replies]
        referee.close_turn(started.game, 1, reason="deadline")
        for number, body in enumerate(("xyzzy", "historique", "rapport", "état"), start=30):
            status, detail, replies = playerkit.answer(
                db, at(4), french_mail(started.game, seat, secret, body, turn=1, number=number)
            )
            assert replies, (body, status, detail)
            answers += [(f"{body} after the close ({kind})", text, html) for kind, text, html in replies]
    finally:
        db.dispose()
    found = {what: english_in(text) for what, text, _html in answers if english_in(text)}
    assert found == {}, found
    for what, text, _html in answers:
        if "(unverified)" not in what and "(refusal)" not in what:  # a refusal or note has no heading
            assert text.splitlines()[0].startswith(f"{started.game} - {title}"), what


@pytest.mark.parametrize("name", list(GAMES))
def test_the_status_answer_names_each_request_as_the_game_does_in_french(
    name: str, french_games: dict[str, playerkit.Started], tmp_path: Path
) -> None:
    started = french_games[name]
    _game_id, _options, seat, _idle = GAMES[name]
    db = playerkit.copy_of(started, tmp_path)
    referee = Referee(db, clock=playerkit.clock)
    try:
        with db.session() as session:
            game = session.get(Game, started.game)
            assert game is not None
            requests = referee.requests_of(referee.turn(session, started.game))
            ruleset = referee.ruleset_of(game)
        _status, _detail, replies = playerkit.answer(
            db, referee, french_mail(started.game, seat, started.secrets[seat], "état")
        )
    finally:
        db.dispose()
    (text,) = [text for kind, text, _ in replies if kind == "reply"]
    assert "attendus" in text
    for request in requests:
        assert request.label  # every game labels its requests
        assert ruleset.label_text(request.label, FR) in text
    assert all(f" {request.key} " not in text for request in requests if request.label)


def test_a_french_seats_own_orders_and_their_changes_are_said_in_french(
    french_games: dict[str, playerkit.Started], tmp_path: Path
) -> None:
    """The ``ordres`` answer says the lines not taken in the game's French, and where the orders
    came from; the acknowledgement of new orders names the two sides of its changes in French."""
    started = french_games["mare-nostrum"]
    seat = GAMES["mare-nostrum"][2]
    db = playerkit.copy_of(started, tmp_path)
    referee = Referee(db, clock=playerkit.clock)
    texts = []
    try:
        bodies = ("A1 tient\nachète armée Latium\nzzz", "ordres", "A1 tient")
        for number, body in enumerate(bodies):
            _status, detail, replies = playerkit.answer(
                db, referee, french_mail(started.game, seat, started.secrets[seat], body, number=number)
            )
            assert len(replies) == 1, detail
            texts.append(replies[0][1])
    finally:
        db.dispose()
    _first, mine, again = texts
    assert "non retenu : ligne 3 : " in mine and "par courriel" in mine
    assert "--- avant" in again and "+++ maintenant" in again
    assert [english_in(text) for text in texts] == [[], [], []]


# -- the engine's refusals ------------------------------------------------------------------
def refusal_text(db: Database) -> str:
    rows = [row for row in outbox_rows(db) if row.kind == "refusal"]
    assert len(rows) == 1, [row.kind for row in outbox_rows(db)]
    return str(parts(mail_bytes(rows[0], db))["text"])


def french_toy(db: Database) -> None:
    with db.session() as session:
        game = session.get(Game, "toy")
        assert game is not None
        game.lang = "fr"
        session.add(game)


def test_empty_orders_are_refused_in_french_by_the_engine(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    french_toy(db)
    handled = handler.handle(orders_mail(secret=toy_game["north"], body="final"))
    assert handled.status == "refused"
    text = refusal_text(db)
    assert "les ordres sont vides : écrivez au moins un ordre (répondez `aide`" in text
    assert "the orders are empty" not in text


def test_orders_too_long_are_refused_in_french_by_the_engine(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    french_toy(db)
    body = "\n".join(["guess 3 é" + "é" * 60] * 600)  # under the mail's limit, over the engine's 64 KiB
    handled = handler.handle(orders_mail(secret=toy_game["north"], body=body))
    assert handled.status == "refused"
    text = refusal_text(db)
    assert "les ordres sont trop longs : 64 Kio au plus" in text
    assert "too long" not in text


def test_a_request_not_owed_is_refused_in_french_by_the_engine(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    french_toy(db)
    raw = orders_mail(secret=toy_game["north"], body="guess 3", headers=None)
    raw = raw.replace(b"turn: 1\n", b"turn: 1\nrequest: bid:north\n")
    handled = handler.handle(raw)
    assert handled.status == "refused", handled.detail
    text = refusal_text(db)
    assert "la place 'north' ne doit pas la demande 'bid:north' au tour 1 ; elle doit :" in text
    assert "owes no request" not in text


def test_orders_of_a_game_not_started_are_refused_in_french_by_the_engine(
    db: Database, referee: Referee, handler: MailHandler
) -> None:
    referee.new_game("toy-guess", "toy", {"points": "2"}, deadline="48h")
    secret = referee.join("toy", "north", email="north@example.org", name="Ana")
    french_toy(db)
    handled = handler.handle(orders_mail(secret=secret, body="guess 3"))
    assert handled.status == "refused"
    text = refusal_text(db)
    assert "la partie 'toy' n'a pas commencé ; les ordres sont pris une fois qu'elle a commencé" in text
    assert "has not started" not in text


def test_orders_of_a_game_over_are_refused_in_french_by_the_engine(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    french_toy(db)
    with db.session() as session:
        game = session.get(Game, "toy")
        assert game is not None
        game.status = "over"
        session.add(game)
    handled = handler.handle(orders_mail(secret=toy_game["north"], body="guess 3"))
    assert handled.status == "refused"
    text = refusal_text(db)
    assert "la partie 'toy' est terminée ; plus aucun ordre n'est pris" in text
    assert "is over" not in text


def test_orders_from_a_seat_that_owes_none_are_refused_in_french_with_the_turn_in_french(
    french_games: dict[str, playerkit.Started], tmp_path: Path
) -> None:
    started = french_games["planet-masters"]
    idle = GAMES["planet-masters"][3]
    assert idle is not None
    db = playerkit.copy_of(started, tmp_path)
    try:
        referee = Referee(db, clock=playerkit.clock)
        with db.session() as session:
            turn = referee.turn(session, started.game)
            label = referee.ruleset_of(session.get(Game, started.game)).label_text(turn.label, FR)
        status, _detail, replies = playerkit.answer(
            db, referee, french_mail(started.game, idle, started.secrets[idle], "xyzzy")
        )
    finally:
        db.dispose()
    assert status == "refused"
    (text,) = [text for kind, text, _ in replies if kind == "refusal"]
    said = f"la place '{idle}' ne doit pas d'ordres au tour 1 ({label}) ; les ordres sont attendus de :"
    assert said in text
    assert label != turn.label  # the game's French for its turn, not the record's English


def test_a_command_the_engine_refuses_is_answered_in_french(
    db: Database, referee: Referee, handler: MailHandler
) -> None:
    referee.new_game("toy-guess", "toy", {"points": "2"}, deadline="48h")
    secret = referee.join("toy", "north", email="north@example.org", name="Ana")
    french_toy(db)
    handled = handler.handle(orders_mail(secret=secret, body="ordres", turn=None))
    assert handled.status == "refused", handled.detail
    text = refusal_text(db)
    assert "la partie 'toy' n'a pas de tour 0" in text


def test_a_refusal_stays_english_for_the_log_and_is_said_in_french_to_a_french_reader() -> None:
    error = Refused(N_("game %(game)s is over; no more orders are taken"), {"game": "'mn'"})
    assert str(error) == "game 'mn' is over; no more orders are taken"
    assert error.in_language(language("en")) == str(error)
    assert error.in_language(FR) == "la partie 'mn' est terminée ; plus aucun ordre n'est pris"
    plain = RefereeError("a text no catalogue holds")
    assert plain.in_language(FR) == "a text no catalogue holds"


# -- the game's title -----------------------------------------------------------------------
def test_every_mail_to_a_french_seat_is_headed_by_the_title_in_french(
    db: Database, handler: MailHandler, toy_game: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The heading is the ruleset's title looked up in the reader's catalogue (here a title the
    catalogue translates), never the English title."""
    ruleset = type(get_ruleset("toy-guess"))
    monkeypatch.setattr(ruleset, "title", "Status")
    assert FR.gettext("Status") != "Status"
    french_toy(db)
    handler.handle(orders_mail(secret=toy_game["north"], body="état"))
    handler.handle(orders_mail(secret=toy_game["north"], body="guess 3", message_id="<g@example.org>"))
    handler.handle(orders_mail(secret=toy_game["north"], body="historique", message_id="<h@example.org>"))
    rows = [row for row in outbox_rows(db) if row.seat == "north" and row.kind in ("reply", "ack")]
    assert len(rows) == 3
    for row in rows:
        assert str(parts(mail_bytes(row, db))["text"]).splitlines()[0] == f"toy - {FR.gettext('Status')}"


# -- the French header lines ----------------------------------------------------------------
def test_french_header_lines_are_taken_as_the_english_ones_by_the_real_handler(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg["To"] = playerkit.REFEREE
    msg["Subject"] = "ordres"
    msg.set_content(f"Partie : toy\nSiège: north\nsecret: {toy_game['north']}\nTOUR: 1\n\nguess 3\n")
    handled = handler.handle(msg.as_bytes())
    assert handled.status == "handled", handled.detail
    with db.session() as session:
        seat = session.exec(select(Seat).where(Seat.game_id == "toy", Seat.name == "north")).one()
    assert seat.lang is None
    acks = [row for row in outbox_rows(db) if row.kind == "ack"]
    assert len(acks) == 1


def test_a_langue_line_sets_the_seats_language_by_the_real_handler(
    db: Database, handler: MailHandler, toy_game: dict[str, str]
) -> None:
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg["To"] = playerkit.REFEREE
    msg["Subject"] = "langue"
    msg.set_content(f"partie: toy\nplace: north\nsecret: {toy_game['north']}\nlangue: fr\n")
    handled = handler.handle(msg.as_bytes())
    assert handled.status == "handled", handled.detail
    with db.session() as session:
        seat = session.exec(select(Seat).where(Seat.game_id == "toy", Seat.name == "north")).one()
    assert seat.lang == "fr"


def test_an_ordres_subject_over_an_empty_body_is_no_command() -> None:
    msg = EmailMessage()
    msg["From"] = "north@example.org"
    msg["Subject"] = "Ordres"
    msg.set_content("partie: toy\nplace: north\nsecret: s\ntour: 1\n")
    parsed = parse_message(msg.as_bytes())
    assert parsed.command is None
    assert parsed.orders == ""


#: The header words of each language: a French word gives the header the English one gives.
FRENCH_HEADERS = {"partie": "game", "place": "seat", "siège": "seat", "tour": "turn", "langue": "lang"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    word=st.sampled_from(sorted(FRENCH_HEADERS)),
    upper=st.booleans(),
    before=st.sampled_from(["", " ", "\t"]),
    between=st.sampled_from(["", " ", "  "]),
    sign=st.sampled_from([":", "="]),
    value=st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=60),
)
def test_a_french_header_line_reads_as_its_english_one_however_it_is_written(
    word: str, upper: bool, before: str, between: str, sign: str, value: str
) -> None:
    written = word.upper() if upper else word
    english = FRENCH_HEADERS[word]
    french, _ = split_headers(f"{before}{written}{between}{sign} {value}\nA1 hold")
    as_english, _ = split_headers(f"{english}: {value}\nA1 hold")
    assert french == as_english


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_a_line_is_a_header_only_when_it_starts_with_a_header_word_and_a_colon(line: str) -> None:
    headers, rest = split_headers(line)
    if headers:
        (key,) = headers
        word = line.strip().split(":")[0].split("=")[0].strip()
        assert header_of(word) == key
        assert rest == ""
    assert set(headers) <= set(HEADER_WORDS.values())


def order_lines() -> list[str]:
    """Every order line the games' order forms show, in English and in French."""
    import importlib

    lines = []
    for name in GAMES:
        ruleset = get_ruleset(name)
        forms = importlib.import_module(type(ruleset).__module__.rsplit(".", 1)[0] + ".orders").ORDER_FORMS
        for form in forms:
            for text in (form.syntax, form.example, FR.gettext(form.syntax)):
                lines += [line for line in text.splitlines() if line.strip()]
            if form.example:
                lines += [line for line in FR.gettext(form.example).splitlines() if line.strip()]
    return lines


def test_no_order_line_of_any_game_is_read_as_a_header_line() -> None:
    lines = order_lines()
    assert len(lines) > 50
    for line in lines:
        headers, rest = split_headers(line)
        assert headers == {}, line
        assert rest == line.strip("\n"), line
