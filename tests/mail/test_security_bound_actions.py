"""Votes, proposals, absences and press are bound to what they answer, as orders are: a vote to the
proposal it names, the others to the open turn (``turn: N``). An old message sent again is refused."""

from __future__ import annotations

from between_kit import letters, seat_mail
from mailkit import outbox_rows
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, PressMessage, Proposal
from adjudicator.mail.handler import MailHandler
from adjudicator.table.signup import set_terms


def three_seats(referee: Referee) -> dict[str, str]:
    referee.new_game("toy-guess", "toy", {"seats": "3", "points": "9"}, deadline="48h")
    secrets = {s: referee.join("toy", s, email=f"{s}@example.org") for s in ("north", "south", "east")}
    referee.start("toy")
    return secrets  # type: ignore[return-value]


def test_an_old_vote_yes_never_counts_on_a_later_proposal(db: Database, referee: Referee) -> None:
    three = three_seats(referee)
    handler = MailHandler(db, referee)
    handler.handle(seat_mail("north", three["north"], "propose draw"))
    handler.handle(seat_mail("south", three["south"], "vote no 1"))
    first_yes = seat_mail("east", three["east"], "vote yes 1")
    assert handler.handle(first_yes).status == "handled"  # proposal 1 fails (south said no)
    with db.session() as session:
        assert [p.status for p in session.exec(select(Proposal)).all()] == ["failed"]
    second = seat_mail("north", three["north"], "propose draw").replace(b"Subject: orders", b"Subject: again")
    assert handler.handle(second).status == "handled"  # proposal 2, same turn
    old = first_yes.replace(b"Subject: orders", b"Subject: Re: orders")  # east's yes to 1, again
    assert handler.handle(old).status == "refused"
    assert handler.handle(seat_mail("east", three["east"], "vote yes")).status == "refused"  # names none
    with db.session() as session:
        assert session.get(Game, "toy").status == "running"  # type: ignore[union-attr]
        assert [p.status for p in session.exec(select(Proposal)).all()] == ["failed", "open"]
    invite = [r for r in letters(db, "proposal") if r.to_addr == "east@example.org"][-1]
    assert b"vote yes 2" in invite.raw


def test_an_old_press_sent_again_in_a_later_turn_is_not_relayed_again(db: Database, referee: Referee) -> None:
    three = three_seats(referee)
    handler = MailHandler(db, referee)
    press = seat_mail("north", three["north"], "press to south\nMeet at dawn.")
    assert handler.handle(press).status == "handled"
    referee.close_turn("toy")
    again = press.replace(b"Subject: orders", b"Subject: Fwd: orders")  # another Message-ID
    assert handler.handle(again).status == "refused"
    unbound = seat_mail("north", three["north"], "press to south\nMeet at dawn.", turn=None)
    assert handler.handle(unbound).status == "refused"
    with db.session() as session:
        assert len(session.exec(select(PressMessage)).all()) == 1
    assert len(outbox_rows(db, "press")) == 1


def test_an_old_absence_or_proposal_sent_again_in_a_later_turn_is_refused(
    db: Database, referee: Referee
) -> None:
    three = three_seats(referee)
    set_terms(db, "toy", absence_days=10)
    handler = MailHandler(db, referee)
    referee.close_turn("toy")
    for body in ("absence 2026-12-01 2026-12-02", "propose draw"):
        assert handler.handle(seat_mail("north", three["north"], body, turn=1)).status == "refused"
    with db.session() as session:
        assert session.exec(select(Proposal)).all() == []
    assert handler.handle(seat_mail("north", three["north"], "propose draw", turn=2)).status == "handled"
