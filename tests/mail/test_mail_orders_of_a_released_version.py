"""Orders by mail for a game that follows a released ruleset version are read by that version's
rules (adjudicator/mail/orders_path.py asks the registry for the game's recorded version)."""

from __future__ import annotations

import copy
import random

import pytest
from mailkit import orders_mail
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, Submission, Turn, dumps, loads
from adjudicator.games import get_ruleset
from adjudicator.games.base import Ruleset
from adjudicator.mail import orders_path
from adjudicator.mail.handler import MailHandler


def _first_release_game(db: Database, referee: Referee) -> dict[str, str]:
    """A Far Side game as the first release set it up: its options read by, and its version
    recorded as, far-side version 1."""
    referee.new_game("far-side", "old", {}, deadline="48h")
    with db.session() as session:
        game = session.get(Game, "old")
        assert game is not None
        game.ruleset_version = "1"
        game.options_json = dumps(get_ruleset("far-side", "1").parse_options({}))
        session.add(game)
        session.commit()
    secrets = {
        "british": referee.join("old", "british", email="north@example.org", name="Ana"),
        "french": referee.join("old", "french", email="south@example.org", name="Ben"),
    }
    referee.start("old")
    return secrets  # type: ignore[return-value]


def test_orders_by_mail_for_a_first_release_game_are_read_by_its_rules(
    db: Database, referee: Referee, handler: MailHandler, monkeypatch: pytest.MonkeyPatch
) -> None:
    secrets = _first_release_game(db, referee)
    asked: list[type] = []

    def watched(name: str, version: str | None = None) -> Ruleset:
        found = get_ruleset(name, version)
        asked.append(type(found))
        return found

    monkeypatch.setattr(orders_path, "get_ruleset", watched)
    old = get_ruleset("far-side", "1")
    with db.session() as session:
        turn = session.exec(select(Turn).where(Turn.game_id == "old", Turn.status == "open")).one()
        state = loads(turn.state_json)
        assert state == loads(dumps(state)) and turn.number == 1
    (request,) = [r for r in old.requests(copy.deepcopy(state)) if r.seat == "british"]
    body = old.bot(copy.deepcopy(state), request, random.Random(1))  # orders text, as a player writes
    parsed = old.parse(request, body)
    assert not parsed.problems
    handled = handler.handle(
        orders_mail(game="old", seat="british", secret=secrets["british"], body=body, message_id="<v1@x.org>")
    )
    assert handled.status == "handled", handled.detail
    assert asked == [type(old)]  # the orders were read by far-side version 1, not today's
    with db.session() as session:
        sub = session.exec(select(Submission).where(Submission.game_id == "old")).one()
        assert sub.seat == "british" and sub.canonical == old.canonical(request, parsed.orders)
