"""Sealed means sealed: a ballot or an Immunity answer is known to nobody but its writer until the
close reveals it, through the real engine (SQLite file, reports on, an observer watching).

Hypothesis plays a game with bots' orders to a sealed moment, then runs the same public procedure
twice - the same seats answer in the same order, final or not, the same deadline - where one
seat's answer differs (for or against, cancel or allow, a standing sacrifice order or none).
Until the close, every other seat, the observer and the public report receive the same bytes,
the same requests, the same label and deadline, and the turn is ready to close at the same
moments. At the close the book reveals the answers: from then on the runs must differ (the count
names each ballot), which also shows the comparison sees the answers at all.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, loads
from adjudicator.games.base import OrderRequest
from adjudicator.games.planet_masters.rules import PlanetMasters

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from noninterference_mare_nostrum_planet_masters import HandClock, add_observer, pinned_secrets, snapshot

RULES = PlanetMasters()
GAME = "sealed"
#: the two answers of each sealed moment the runs differ by
ANSWERS = {"vote": ("for", "against"), "immunity": ("cancel", "allow")}


def email(seat: str) -> str:
    return f"{seat}@example.org"


def open_requests(referee: Referee) -> tuple[dict[str, Any], list[OrderRequest]]:
    with referee.db.session() as session:
        turn = referee.turn(session, GAME)
        return loads(turn.state_json), referee.requests_of(turn)


def to_sealed_moment(referee: Referee, secrets: dict[str, str], players: int, seed: int) -> bool:
    """Play bots' orders, each seat's mail final, until a ballot or an Immunity request is open."""
    referee.new_game("planet-masters", GAME, {"players": str(players)}, deadline="48h")
    for seat in RULES.seat_names(RULES.parse_options({"players": str(players)})):
        secret = referee.join(GAME, seat, email=email(seat))
        assert secret is not None
        secrets[seat] = secret
    add_observer(referee.db, GAME)
    referee.start(GAME)
    for step in range(40):
        state, requests = open_requests(referee)
        if state.get("over"):
            return False
        if requests[0].kind in ANSWERS:
            return True
        for request in requests:
            text = RULES.bot(state, request, random.Random(f"{seed}:{step}:{request.key}"))
            referee.submit(GAME, request.seat, text, secrets[request.seat], final=True)
    return False


def run(
    tmp_path: Path,
    name: str,
    *,
    seed: int,
    players: int,
    hidden: int,
    answer: str,
    others: list[int],
    hidden_final: bool,
    hidden_at: int,
    close_late: bool,
) -> tuple[list[dict[str, Any]], dict[str, Any]] | None:
    """One run: the snapshots of what others receive after each public step until the close, and
    the snapshot after the close (``None`` when the game reached no sealed moment)."""
    db = Database(f"sqlite:///{tmp_path / name}.db")
    db.migrate()
    clock = HandClock()
    referee = Referee(db, clock=clock)
    secrets: dict[str, str] = {}
    try:
        with pinned_secrets(seed.to_bytes(8, "big")):
            if not to_sealed_moment(referee, secrets, players, seed):
                return None
            _, requests = open_requests(referee)
            seats = [r.seat for r in requests]
            seat = seats[hidden % len(seats)]
            kind = requests[0].kind
            text = ANSWERS[kind][0] if answer == "first" else ANSWERS[kind][1]
            if answer == "sacrifice":
                text = ANSWERS[kind][0] + "\nsacrifice station, defence"
            number = open_requests(referee)[0]["turns"]
            steps: list[dict[str, Any]] = [snapshot(referee, GAME, seat, email(seat))]
            # the others' mails: 0 silent, 1 in but not final, 2 final; the hidden seat's comes in
            # at position hidden_at among them
            moves = [(s, how) for s, how in zip([s for s in seats if s != seat], others, strict=False)]
            moves.insert(min(hidden_at, len(moves)), (seat, -1))
            for who, how in moves:
                with referee.db.session() as session:
                    if referee.turn(session, GAME).status != "open":
                        break
                if who == seat:
                    referee.submit(GAME, seat, text, secrets[seat], final=hidden_final)
                elif how:
                    own = ANSWERS[kind][0]
                    referee.submit(GAME, who, own, secrets[who], final=how == 2)
                steps.append(snapshot(referee, GAME, seat, email(seat)))
            if close_late:  # the deadline passes: a close at the deadline (if none came early)
                clock.advance(hours=49)
            with referee.db.session() as session:
                still_open = referee.turn(session, GAME).status == "open"
            if still_open:
                referee.close_turn(GAME, reason="deadline")
            after = snapshot(referee, GAME, seat, email(seat))
            assert open_requests(referee)[0]["turns"] >= number
            return steps, after
    finally:
        db.dispose()


@pytest.mark.slow
@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(3, 4),
    hidden=st.integers(0, 7),
    answer=st.sampled_from(["second", "sacrifice"]),
    others=st.lists(st.integers(0, 2), min_size=7, max_size=7),
    hidden_final=st.booleans(),
    hidden_at=st.integers(0, 7),
    close_late=st.booleans(),
)
def test_a_sealed_answer_reaches_nobody_else_before_the_close(
    tmp_path_factory: Any,
    seed: int,
    players: int,
    hidden: int,
    answer: str,
    others: list[int],
    hidden_final: bool,
    hidden_at: int,
    close_late: bool,
) -> None:
    tmp_path = tmp_path_factory.mktemp("sealed")
    common = dict(
        seed=seed,
        players=players,
        hidden=hidden,
        others=others,
        hidden_final=hidden_final,
        hidden_at=hidden_at,
        close_late=close_late,
    )
    one = run(tmp_path, "one", answer="first", **common)
    assume(one is not None)
    other = run(tmp_path, "other", answer=answer, **common)
    assert one is not None and other is not None
    before_one, after_one = one
    before_other, after_other = other
    assert len(before_one) == len(before_other)
    sealed = before_one[0]["turn"]["number"]
    for step, (a, b) in enumerate(zip(before_one, before_other, strict=True)):
        # the turn closes (early, on every final answer) at the same step in both runs ...
        for key in ("number", "status"):
            assert a["turn"][key] == b["turn"][key], f"step {step}: the turn's {key} differs"
        if a["turn"]["number"] != sealed or a["turn"]["status"] != "open":
            break  # ... and its close reveals the answers: from here on the runs may differ
        for part in a:
            assert a[part] == b[part], f"step {step}: what others receive differs in {part}"
    # the close reveals the answers (the count, the Immunity decision): now the public report differs
    assert after_one["reports"] != after_other["reports"]


def test_the_snapshot_skips_only_the_hidden_seats_own_mail(tmp_path: Path) -> None:
    """The comparison reads every other recipient's mail: a ballot's request mails to the others
    and the observer's public reports are in it, the hidden seat's own mail is not."""
    db = Database(f"sqlite:///{tmp_path / 'look.db'}")
    db.migrate()
    referee = Referee(db, clock=HandClock())
    secrets: dict[str, str] = {}
    try:
        with pinned_secrets(b"look"):
            for seed in range(20):
                if to_sealed_moment(referee, secrets, 3, seed):
                    break
                db.dispose()
                db = Database(f"sqlite:///{tmp_path / f'look{seed}.db'}")
                db.migrate()
                referee = Referee(db, clock=HandClock())
                secrets.clear()
            else:
                raise AssertionError("no sealed moment in 20 games")
            _, requests = open_requests(referee)
            seat = requests[0].seat
            seen = snapshot(referee, GAME, seat, email(seat))
            addresses = {to for _, to, *_ in seen["mails"]}
            assert "observer@example.org" in addresses
            assert email(seat) not in addresses
            assert {email(s) for s in secrets if s != seat} <= addresses
    finally:
        db.dispose()
