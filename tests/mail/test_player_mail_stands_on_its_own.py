"""What a player receives, in every game: each notice, report and reminder says what the seat owes,
what silence does and the order forms it may write now; nothing names a file of the repository;
reports carry the game's own table, never a data dump; codes come with their legend."""

from __future__ import annotations

import email
import json
import re
from datetime import timedelta
from email.message import EmailMessage
from email.policy import default

import pytest
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Game, OutboxMessage, Seat, Turn, loads
from adjudicator.games import get_ruleset
from adjudicator.games.base import HELP_HINT, OrderRequest
from adjudicator.mail.delivery import message_bytes
from adjudicator.post.acks import ack_context, ack_record
from adjudicator.post.render import render

GAMES = ("mare-nostrum", "far-side", "master-commander", "eollis", "planet-masters")
#: a repository path a player cannot open: an order page, a README, any .md file
REPOSITORY_FILE = re.compile(r"orders/|README|\.md\b")
#: what a JSON or Python-literal dump looks like in a text part
DUMP = re.compile(r'^\s*[{}\[\]],?\s*$|"\w+": ', re.MULTILINE)


def _campaign(referee: Referee, ruleset: str, closes: int) -> tuple[str, list[str]]:
    """A game of ``ruleset`` with bot seats that have addresses (they get every mail), ``closes``
    turns closed; the game id and its seats."""
    game_id = f"g-{ruleset}"
    _game, seats, _secret = referee.new_game(ruleset, game_id, {}, deadline="48h")
    for name in seats:
        referee.join(game_id, name, email=f"{name}@example.org", bot=True)
    referee.start(game_id)
    for _ in range(closes):
        if referee.close_turn(game_id, reason="test") is None:
            break
    return game_id, seats


def _mails(
    referee: Referee, game_id: str, kinds: tuple[str, ...]
) -> list[tuple[OutboxMessage, EmailMessage]]:
    with referee.db.session() as session:
        rows = session.exec(
            select(OutboxMessage)
            .where(OutboxMessage.game_id == game_id, OutboxMessage.kind.in_(kinds))  # type: ignore[attr-defined]
            .order_by(OutboxMessage.id)  # type: ignore[arg-type]
        ).all()
    return [(r, email.message_from_bytes(message_bytes(referee.db, r), policy=default)) for r in rows]  # type: ignore[misc]


def _requests(referee: Referee, game_id: str, number: int) -> list[OrderRequest]:
    with referee.db.session() as session:
        turn = session.exec(select(Turn).where(Turn.game_id == game_id, Turn.number == number)).one()
        return [OrderRequest.from_json(r) for r in loads(turn.requests_json)]


def _check_owed(text: str, html: str, requests: list[OrderRequest], seat: str, ruleset: str) -> None:
    """``seat``'s requests, each with its silence, its default lines and its order forms."""
    rules = get_ruleset(ruleset)
    for request in [r for r in requests if r.seat == seat]:
        assert f"YOU OWE: {request.label or request.key}" in text
        assert f"You owe: {request.label or request.key}" in html
        assert "If you send nothing" in text
        for line in request.default.splitlines():
            if line.strip():
                assert line.strip() in text  # the orders silence runs are listed
        forms = rules.order_forms(request)
        assert forms, f"{ruleset} gives no order forms for {request.kind}"
        assert "What you may write now, one order per line:" in text
        for form in forms:
            assert f"  {form.syntax}" in text
    assert HELP_HINT[1:] in text


@pytest.mark.parametrize("ruleset", GAMES)
def test_every_turn_notice_and_report_says_what_the_seat_owes_and_how_to_write_it(
    referee: Referee, ruleset: str
) -> None:
    game_id, _seats = _campaign(referee, ruleset, closes=2)
    mails = _mails(referee, game_id, ("notice", "report"))
    assert {r.kind for r, _ in mails} == {"notice", "report"}
    for row, msg in mails:
        text = msg.get_body(("plain",)).get_content()
        html = msg.get_body(("html",)).get_content()
        announced = row.turn_number if row.kind == "notice" else row.turn_number + 1
        requests = _requests(referee, game_id, announced)
        if any(r.seat == row.seat for r in requests):
            _check_owed(text, html, requests, row.seat, ruleset)
        else:
            assert "YOU OWE" not in text
        assert not REPOSITORY_FILE.search(text), REPOSITORY_FILE.search(text)
        assert not REPOSITORY_FILE.search(html)


@pytest.mark.parametrize("ruleset", GAMES)
def test_reminders_before_and_after_the_deadline_say_what_the_seat_owes(
    referee: Referee, ruleset: str
) -> None:
    from adjudicator.clock.reminders import GRACE, reminder_text
    from adjudicator.post.acks import queue_reminder

    game_id, _seats = _campaign(referee, ruleset, closes=1)
    with referee.db.session() as session:
        game = session.get(Game, game_id)
        assert game is not None
        turn = session.exec(select(Turn).where(Turn.game_id == game_id, Turn.status == "open")).one()
        requests = referee.requests_of(turn)
        owing = next(r for r in requests if not r.optional and r.seat != "referee")
        seat = session.exec(select(Seat).where(Seat.game_id == game_id, Seat.name == owing.seat)).one()
        assert queue_reminder(session, game, turn, seat, "24h") is not None
        game.grace = "12h"  # the late notice: the grace period runs after the deadline
        grace, _subject = reminder_text(
            referee, session, game, turn, seat, GRACE, referee.clock() + timedelta(days=3)
        )
        session.commit()
    ((_row, msg),) = _mails(referee, game_id, ("reminder",))
    text, html = msg.get_body(("plain",)).get_content(), msg.get_body(("html",)).get_content()
    _check_owed(text, html, requests, owing.seat, ruleset)
    _check_owed(grace, f"You owe: {owing.label}", requests, owing.seat, ruleset)
    for body in (text, html, grace):
        assert not REPOSITORY_FILE.search(body)


@pytest.mark.parametrize("ruleset", GAMES)
def test_reports_carry_the_games_table_and_no_data_dump(referee: Referee, ruleset: str) -> None:
    game_id, _seats = _campaign(referee, ruleset, closes=4)
    for row, msg in _mails(referee, game_id, ("report",)):
        text = msg.get_body(("plain",)).get_content()
        assert not DUMP.search(text), f"{row.seat}: {DUMP.search(text)}"
        if re.search(r"\bC\d D\d F\d Cmd\d", text):  # master-commander's character values
            assert "Character values: C conquest, D diplomacy, F combat (fighting), Cmd command." in text


def test_the_master_commander_rest_of_your_turn_request_lists_the_orders_it_runs_by_default() -> None:
    from adjudicator.post.owed import owed_by, owed_text

    rules = get_ruleset("master-commander")
    request = OrderRequest(
        "turn:spanish",
        "spanish",
        "turn",
        "Turn 3, spanish: the rest of your turn",
        default="\nbuy 1 gold\nrecruit teniente\n",
        prompt="the rest of your turn",
    )
    text = owed_text(owed_by(rules, [request], "spanish"))
    assert (
        "If you send nothing by the deadline, your seat plays these orders:\n"
        "    buy 1 gold\n    recruit teniente" in text
    )


def test_the_acknowledgement_of_a_game_with_hidden_information_says_orders_stay_sealed(
    referee: Referee,
) -> None:
    game_id, _seats = _campaign(referee, "master-commander", closes=0)
    turn_requests = _requests(referee, game_id, 1)
    seat = turn_requests[0].seat
    result = referee.submit(game_id, seat, "keep", as_referee=True)
    assert result.accepted
    record = ack_record(
        game_id=game_id,
        ruleset="master-commander",
        seat=seat,
        timezone="UTC",
        turn_label="Opening hands",
        deadline=None,
        result=result,
        inbound_id="<m@example.org>",
    )
    text = render("ack.txt.j2", "master-commander", **ack_context(json.loads(record)))
    assert "Orders stay sealed until the game ends" in text
    assert "the turn report reveals every order" not in text
    open_game = render(
        "ack.txt.j2",
        "mare-nostrum",
        **ack_context({**json.loads(record), "game": {"id": game_id, "ruleset": "mare-nostrum"}}),
    )
    assert "the turn report reveals every order and its receipt" in open_game
