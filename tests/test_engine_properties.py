"""Hostile orders never crash the engine and never lose a player's previous valid orders."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import select

from adjudicator.core.engine import Referee, RefereeError, strip_final
from adjudicator.core.store import Database, Submission

hostile_text = st.one_of(
    st.text(max_size=300),
    st.lists(
        st.sampled_from(
            ["guess 3", "guess 9", "secret x", "final", "FINAL", "pass", "\x00", "<script>", "\r\n", " "]
        ),
        max_size=8,
    ).map("\n".join),
)


@given(st.text(max_size=200))
def test_strip_final_keeps_line_numbers(text: str) -> None:
    body, _ = strip_final(text)
    assert body.count("\n") == text.count("\n")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(hostile_text, min_size=1, max_size=4))
def test_any_submission_is_accepted_or_rejected_and_the_last_valid_one_stays(
    tmp_path_factory, texts: list[str]
) -> None:  # type: ignore[no-untyped-def]
    folder: Path = tmp_path_factory.mktemp("prop")
    referee = Referee(Database(f"sqlite:///{folder / 'p.db'}"), reports=False)
    referee.db.migrate()
    referee.new_game("toy-guess", "p")
    secret = referee.join("p", "north", email="n@example.org")
    referee.join("p", "south", bot=True)
    referee.start("p")
    assert referee.submit("p", "north", "guess 1", secret).accepted
    last_valid = "guess 1"
    for text in texts:
        try:
            result = referee.submit("p", "north", text, secret)
        except RefereeError:
            continue  # empty or oversized: a clear refusal, nothing stored
        if result.accepted:
            last_valid = result.canonical
        else:
            assert result.problems and all(p.line is None or p.line >= 1 for p in result.problems)
        if result.closed_turn is not None:
            return  # a final submission closed the turn; the engine tests cover what follows
    with referee.db.session() as session:
        in_force = session.exec(
            select(Submission).where(Submission.seat == "north", Submission.status == "accepted")
        ).all()
        assert [s.canonical for s in in_force] == [last_valid]
    referee.db.dispose()
