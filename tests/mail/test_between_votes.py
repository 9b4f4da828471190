"""Resignation (``resign`` + ``confirm CODE``) and ending a game by a sealed, unanimous vote."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from between_kit import REFEREE_HOME, code_in, letters, seat_mail, text_of
from hypothesis import given
from hypothesis import strategies as st
from mailkit import orders_mail, outbox_rows
from sqlmodel import select

from adjudicator.clock.tick import tick
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, Proposal, Seat, Submission, Turn
from adjudicator.mail.handler import MailHandler
from adjudicator.publish.archive import export_game
from adjudicator.publish.verify import verify_archive
from adjudicator.table.proposals import agreed_outcome, check_agreement


@pytest.fixture
def three(referee: Referee, db: Database) -> dict[str, str]:
    """A started three-seat toy game ``toy`` whose referee has an address."""
    referee.new_game("toy-guess", "toy", {"seats": "3", "points": "9"}, referee_email=REFEREE_HOME)
    secrets = {s: referee.join("toy", s, email=f"{s}@example.org") for s in ("north", "south", "east")}
    referee.start("toy")
    return secrets  # type: ignore[return-value]


def game(db: Database) -> Game:
    with db.session() as session:
        return session.get(Game, "toy")  # type: ignore[return-value]


def seat(db: Database, name: str) -> Seat:
    with db.session() as session:
        return session.exec(select(Seat).where(Seat.game_id == "toy", Seat.name == name)).one()


def verified_ok(db: Database, tmp_path: Path) -> tuple[bool, list[Any], Path]:
    folder = export_game(db, "toy", tmp_path / "turns")
    results = verify_archive(folder)
    return all(r.ok for r in results), results, folder


# -- resignation ---------------------------------------------------------------------
def test_resign_then_confirm_puts_the_seat_in_civil_disorder_and_tells_the_referee(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    handler.handle(orders_mail(sender="east@example.org", seat="east", secret=three["east"], body="guess 4"))
    assert handler.handle(seat_mail("east", three["east"], "resign")).status == "handled"
    assert seat(db, "east").status == "taken"  # not before the confirmation
    [code_mail] = letters(db, "resign-code", to="east@example.org")
    result = handler.handle(seat_mail("east", three["east"], f"confirm {code_in(code_mail)}"))
    assert result.status == "handled", result.detail
    east = seat(db, "east")
    assert (east.status, east.email, east.secret_hash) == ("civil_disorder", None, None)
    assert any("resigned" in r.subject for r in letters(db, "resigned", to=REFEREE_HOME))
    with db.session() as session:
        kept = session.exec(
            select(Submission).where(Submission.seat == "east", Submission.status == "accepted")
        ).all()
    assert kept == []  # its orders for the open turn are withdrawn: the defaults stand in
    referee.close_turn("toy")
    assert seat(db, "east").status == "civil_disorder"


def test_a_forged_resign_or_a_wrong_code_changes_nothing(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    assert handler.handle(seat_mail("east", "not-the-secret", "resign")).status == "refused"
    assert (
        handler.handle(seat_mail("east", three["east"], "resign", sender="eve@example.org")).status
        == "refused"
    )
    assert letters(db, "resign-code") == []
    handler.handle(seat_mail("east", three["east"], "resign"))
    [code_mail] = letters(db, "resign-code")
    code = code_in(code_mail)
    # the right code in a forged mail, a wrong code in a true one
    assert handler.handle(seat_mail("east", "not-the-secret", f"confirm {code}")).status == "refused"
    assert handler.handle(
        seat_mail("east", three["east"], f"confirm {code}", sender="eve@example.org")
    ).status == ("refused")
    assert handler.handle(seat_mail("east", three["east"], "confirm AAAA-BBBB-CCCC")).status == "refused"
    # another seat cannot use east's code
    assert handler.handle(seat_mail("north", three["north"], f"confirm {code}")).status == "refused"
    assert seat(db, "east").status == "taken" and seat(db, "north").status == "taken"


def _resign(db: Database, referee: Referee, seat_name: str, secret: str) -> None:
    handler = MailHandler(db, referee)
    assert handler.handle(seat_mail(seat_name, secret, "resign")).status == "handled"
    [code_mail] = letters(db, "resign-code", to=f"{seat_name}@example.org")
    assert handler.handle(seat_mail(seat_name, secret, f"confirm {code_in(code_mail)}")).status == "handled"
    assert seat(db, seat_name).status == "civil_disorder"


def test_resigned_seat_does_not_hold_up_early_close(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    _resign(db, referee, "east", three["east"])
    assert referee.submit("toy", "north", "guess 2", three["north"], final=True).closed_turn is None
    assert referee.submit("toy", "south", "guess 5", three["south"], final=True).closed_turn == 1
    # every later turn too: the two players left are all it waits for
    assert referee.submit("toy", "south", "guess 1", three["south"], final=True).closed_turn is None
    assert referee.submit("toy", "north", "guess 6", three["north"], final=True).closed_turn == 2
    with db.session() as session:
        turns = session.exec(select(Turn).where(Turn.game_id == "toy").order_by(Turn.number)).all()  # type: ignore[arg-type]
        assert [(t.number, t.close_reason) for t in turns] == [(1, "early"), (2, "early"), (3, None)]


def test_the_turn_of_a_resignation_closes_at_the_next_pass_when_the_others_are_final(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    referee.submit("toy", "north", "guess 2", three["north"], final=True)
    referee.submit("toy", "south", "guess 5", three["south"], final=True)
    referee.submit("toy", "east", "guess 3", three["east"])  # not final: the turn waits for east
    assert tick(db, referee.clock(), referee=referee, poll=False, flush=False).closed == []
    _resign(db, referee, "east", three["east"])  # east's orders are withdrawn, its seat abandoned
    assert tick(db, referee.clock(), referee=referee, poll=False, flush=False).closed == [("toy", 1)]
    with db.session() as session:
        first = session.exec(select(Turn).where(Turn.game_id == "toy", Turn.number == 1)).one()
        assert first.close_reason == "early"


# -- proposals -----------------------------------------------------------------------
def test_a_draw_voted_by_every_seat_ends_the_game_and_verify_passes(
    db: Database, referee: Referee, three: dict[str, str], tmp_path: Path
) -> None:
    referee.close_turn("toy")  # one turn played: the agreement follows its record
    handler = MailHandler(db, referee)
    assert handler.handle(seat_mail("north", three["north"], "propose draw", turn=2)).status == "handled"
    invites = letters(db, "proposal")
    assert sorted(r.to_addr for r in invites) == ["east@example.org", "south@example.org"]
    assert "north" not in text_of(invites[0]).split("(")[0]  # the proposer is not named
    assert handler.handle(seat_mail("south", three["south"], "vote yes 1", turn=2)).status == "handled"
    assert game(db).status == "running"
    assert handler.handle(seat_mail("east", three["east"], "vote yes 1", turn=2)).status == "handled"
    over = game(db)
    assert over.status == "over" and json.loads(over.outcome_json or "") == {
        "winners": [],
        "reason": "draw agreed by every seat in the game",
    }
    with db.session() as session:
        turn = session.exec(select(Turn).where(Turn.game_id == "toy", Turn.number == 2)).one()
    assert (turn.status, turn.close_reason) == ("ended", "agreement")
    assert len(letters(db, "proposal-result")) == 4  # the three voters and the referee
    ok, results, folder = verified_ok(db, tmp_path)
    assert ok, [r.problem for r in results]
    assert json.loads((folder / "game.json").read_text())["agreement"]["votes"] == {
        "east": "yes",
        "north": "yes",
        "south": "yes",
    }


def test_a_concession_names_the_winner_and_verify_passes(
    db: Database, referee: Referee, three: dict[str, str], tmp_path: Path
) -> None:
    handler = MailHandler(db, referee)
    handler.handle(seat_mail("north", three["north"], "propose concede south"))
    handler.handle(seat_mail("south", three["south"], "vote yes 1"))
    handler.handle(seat_mail("east", three["east"], "vote yes 1"))
    assert json.loads(game(db).outcome_json or "")["winners"] == ["south"]
    ok, results, _ = verified_ok(db, tmp_path)
    assert ok, [r.problem for r in results]


def test_one_no_vote_fails_the_proposal_without_saying_whose(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    handler.handle(seat_mail("north", three["north"], "propose draw"))
    handler.handle(seat_mail("south", three["south"], "vote no 1"))
    assert letters(db, "proposal-result") == []  # sealed: nothing is said until every vote is in
    handler.handle(seat_mail("east", three["east"], "vote yes 1"))
    results = letters(db, "proposal-result")
    assert len(results) == 3 and all("did not pass" in text_of(r) for r in results)
    assert all("south" not in text_of(r) for r in results if r.seat != "south")
    assert game(db).status == "running"
    # a vote is given once; a new proposal may follow
    assert handler.handle(seat_mail("south", three["south"], "vote yes 1")).status == "refused"
    assert handler.handle(seat_mail("south", three["south"], "propose draw")).status == "handled"


def test_a_proposal_lapses_when_its_turn_closes(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    handler.handle(seat_mail("north", three["north"], "propose draw"))
    handler.handle(seat_mail("south", three["south"], "vote yes 1"))
    referee.close_turn("toy")
    assert handler.handle(seat_mail("east", three["east"], "vote yes 1", turn=2)).status == "refused"
    assert game(db).status == "running"
    with db.session() as session:
        assert [p.status for p in session.exec(select(Proposal)).all()] == ["lapsed"]


def test_a_seat_in_civil_disorder_neither_votes_nor_is_waited_for(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    with db.session() as session:
        east = session.exec(select(Seat).where(Seat.name == "east")).one()
        east.status = "civil_disorder"
        session.add(east)
    handler = MailHandler(db, referee)
    handler.handle(seat_mail("north", three["north"], "propose draw"))
    assert handler.handle(seat_mail("east", three["east"], "vote no 1")).status == "refused"
    handler.handle(seat_mail("south", three["south"], "vote yes 1"))
    assert game(db).status == "over"


def test_a_forged_proposal_or_vote_changes_nothing(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    handler = MailHandler(db, referee)
    assert handler.handle(seat_mail("north", "not-the-secret", "propose draw")).status == "refused"
    assert handler.handle(
        seat_mail("north", three["north"], "propose draw", sender="eve@example.org")
    ).status == ("refused")
    with db.session() as session:
        assert session.exec(select(Proposal)).all() == []
    handler.handle(seat_mail("north", three["north"], "propose draw"))
    handler.handle(seat_mail("south", three["south"], "vote yes 1"))
    for forged in (
        seat_mail("east", "not-the-secret", "vote yes 1"),
        seat_mail("east", three["east"], "vote yes 1", sender="eve@example.org"),
    ):
        assert handler.handle(forged).status == "refused"
    assert game(db).status == "running"
    assert not [r for r in outbox_rows(db) if r.to_addr == "eve@example.org"]


@pytest.mark.parametrize(
    "body", ["propose", "propose peace", "propose concede", "propose concede westeros", "vote maybe", "vote"]
)
def test_malformed_proposals_are_refused(
    db: Database, referee: Referee, three: dict[str, str], body: str
) -> None:
    handler = MailHandler(db, referee)
    if body.startswith("vote"):
        handler.handle(seat_mail("north", three["north"], "propose draw"))
    assert handler.handle(seat_mail("south", three["south"], body)).status == "refused"
    assert game(db).status == "running"


@pytest.mark.parametrize(
    "tamper",
    [
        lambda a: a["votes"].update(south="no"),
        lambda a: a.update(proposal="concede", conceded_to="north"),
        lambda a: a["voters"].append("west"),
        lambda a: a.update(during_turn=7),
        lambda a: a.update(after_record_hash="0" * 64),
    ],
)
def test_verify_refuses_a_tampered_agreement(
    db: Database, referee: Referee, three: dict[str, str], tmp_path: Path, tamper: Any
) -> None:
    referee.close_turn("toy")
    handler = MailHandler(db, referee)
    handler.handle(seat_mail("north", three["north"], "propose draw", turn=2))
    handler.handle(seat_mail("south", three["south"], "vote yes 1", turn=2))
    handler.handle(seat_mail("east", three["east"], "vote yes 1", turn=2))
    ok, _, folder = verified_ok(db, tmp_path)
    assert ok
    path = folder / "game.json"
    data = json.loads(path.read_text())
    tamper(data["agreement"])
    path.write_text(json.dumps(data))
    results = verify_archive(folder)
    assert not all(r.ok for r in results)
    assert any("agreement" in (r.problem or "") for r in results)


def test_a_game_ended_by_agreement_still_answers_the_referee_and_the_players(
    db: Database,
    referee: Referee,
    three: dict[str, str],
    sqlite_url: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    from adjudicator.cli import main

    referee.close_turn("toy")
    handler = MailHandler(db, referee)
    handler.handle(seat_mail("north", three["north"], "propose concede east"))
    handler.handle(seat_mail("south", three["south"], "vote yes 1"))
    handler.handle(seat_mail("east", three["east"], "vote yes 1"))
    for command in ("status", "history", "report", "orders"):
        result = handler.handle(seat_mail("south", three["south"], command))
        assert result.status == "handled", (command, result.detail)
    monkeypatch.setenv("PBEM_DB", sqlite_url)
    for args in (["game", "show", "toy"], ["game", "list"], ["orders", "status", "toy"]):
        assert main(args) == 0, args
    assert main(["archive", "export", "toy", "--to", str(tmp_path / "site")]) == 0
    assert main(["verify", str(tmp_path / "site" / "toy")]) == 0


def test_resign_may_also_be_written_as_a_command_line(
    db: Database, referee: Referee, three: dict[str, str]
) -> None:
    result = MailHandler(db, referee).handle(seat_mail("east", three["east"], "command: resign"))
    assert result.status == "handled" and len(letters(db, "resign-code", to="east@example.org")) == 1


@given(
    names=st.lists(
        st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True), min_size=2, max_size=6, unique=True
    ),
    data=st.data(),
)
def test_an_agreement_does_not_depend_on_seat_names_or_the_order_of_votes(
    names: list[str], data: Any
) -> None:
    order = data.draw(st.permutations(names))
    to = data.draw(st.sampled_from(names))
    for kind, conceded_to in (("draw", None), ("concede", to)):
        agreement = {
            "proposal": kind,
            "conceded_to": conceded_to,
            "during_turn": 3,
            "after_record_hash": "ab" * 32,
            "voters": list(order),
            "votes": {name: "yes" for name in reversed(order)},
        }
        outcome = agreed_outcome(kind, conceded_to).to_json()
        assert outcome["winners"] == ([] if kind == "draw" else [to])
        found = check_agreement(agreement, outcome, closed_turns=2, last_record_hash="ab" * 32, seats=names)
        assert found.to_json() == outcome
        one_no = dict(agreement, votes={**agreement["votes"], data.draw(st.sampled_from(names)): "no"})
        with pytest.raises(ValueError):
            check_agreement(one_no, outcome, closed_turns=2, last_record_hash="ab" * 32, seats=names)
