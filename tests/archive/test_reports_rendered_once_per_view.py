"""A close renders each distinct view's report once; per seat only the templates' seat blocks.

What a player receives must be the report rendered for that seat with the whole context, byte
for byte, in every game, hidden information or not; seats that see different things must get
different reports; a club template that reads a seat's own value outside the seat blocks is
rendered per seat.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlmodel import select

from adjudicator.core.engine import Referee
from adjudicator.core.store import Game, Report, Turn
from adjudicator.post.render import Shared, environment, render
from adjudicator.publish.pictures import digest
from adjudicator.publish.report_mail import board_mark
from adjudicator.publish.reports import SEAT_BLOCKS, mark_picture, render_context, report_context, seen_by


@pytest.fixture(autouse=True)
def no_club(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.delenv("PBEM_TEMPLATES", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def play(referee: Referee, ruleset: str, options: dict[str, str], turns: int) -> list[str]:
    """A bot game of ``ruleset`` closed ``turns`` times; its seats (the first in Paris time)."""
    _game, seats, _secret = referee.new_game(ruleset, "g", options, deadline="48h")
    for i, seat in enumerate(seats):
        zone = "Europe/Paris" if i == 0 else "UTC"
        referee.join("g", seat, email=f"p{i}@example.org", name=f"Player <{i}> & co", bot=True, timezone=zone)
    referee.start("g")
    for _ in range(turns):
        closed = referee.close_turn("g", reason="test")
        if closed is None or closed.outcome is not None:
            break
    return seats


def whole_report(session, game: Game, turn: Turn, seat: str | None, fmt: str) -> str:  # type: ignore[no-untyped-def]
    """The report of ``seat`` rendered in one piece from its whole context, as stored."""
    context = report_context(session, game, turn, seat)
    if seat is not None:
        mark_picture(context)
    if fmt == "html" and context["board_svg"]:
        context["board_svg"] = board_mark(digest(context["board_svg"]))
    return render_context("report", game.ruleset, context, fmt)


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("toy-guess", {"points": "3"}),
        ("mare-nostrum", {"nations": "6"}),
        ("master-commander", {}),
        ("eollis", {}),
        ("far-side", {}),
    ],
)
def test_every_stored_report_is_the_seats_report_rendered_whole(
    referee: Referee, ruleset: str, options: dict[str, str]
) -> None:
    seats = play(referee, ruleset, options, turns=0)
    compared = 0
    for _ in range(3):
        closed = referee.close_turn("g", reason="test")
        assert closed is not None
        with referee.db.session() as session:  # before the next close: what the game looked like then
            game = session.get(Game, "g")
            assert game is not None
            turn = session.exec(select(Turn).where(Turn.game_id == "g", Turn.number == closed.number)).one()
            for seat in [None, *seats]:
                for fmt in ("text", "html"):
                    stored = session.exec(
                        select(Report.body).where(
                            Report.game_id == "g",
                            Report.turn_number == turn.number,
                            Report.seat == (seat or ""),
                            Report.format == fmt,
                        )
                    ).one()
                    assert stored == whole_report(session, game, turn, seat, fmt), (turn.number, seat, fmt)
                    compared += 1
        if closed.outcome is not None:
            break
    assert compared >= 2 * (len(seats) + 1)


@pytest.mark.parametrize(
    ("ruleset", "options", "distinct"),
    [
        ("mare-nostrum", {"nations": "6"}, 1),  # every seat and the public see the same board
        ("master-commander", {}, 4),  # three hands of cards and the public table
    ],
)
def test_seats_that_see_the_same_thing_share_one_body_and_hidden_views_do_not(
    referee: Referee, ruleset: str, options: dict[str, str], distinct: int
) -> None:
    seats = play(referee, ruleset, options, turns=1)
    with referee.db.session() as session:
        game = session.get(Game, "g")
        turn = session.exec(select(Turn).where(Turn.game_id == "g", Turn.number == 1)).one()
        shared: dict = {}  # type: ignore[type-arg]
        keys = {seen_by(session, game, turn, seat, shared)[0] for seat in [None, *seats]}  # type: ignore[arg-type]
        assert len(keys) == distinct == len(shared["common"])
        if distinct > 1:
            texts = [
                session.exec(
                    select(Report.body).where(
                        Report.game_id == "g",
                        Report.turn_number == 1,
                        Report.seat == s,
                        Report.format == "text",
                    )
                ).one()
                for s in seats
            ]
            assert len(set(texts)) == len(seats)


def test_a_club_report_that_names_the_seat_outside_the_seat_blocks_is_rendered_for_each_seat(
    referee: Referee, toy_game: dict[str, str], no_club: Path
) -> None:
    club = no_club / "templates"
    club.mkdir()
    blocks = "".join(f"{{% block {name} %}}{{% endblock %}}" for name in SEAT_BLOCKS)
    (club / "report.txt.j2").write_text(f"CLUB {{{{ game.id }}}} for {{{{ seat or 'all' }}}}\n{blocks}")
    referee.submit("toy", "north", "guess 2", toy_game["north"])
    referee.submit("toy", "south", "guess 4", toy_game["south"])
    referee.close_turn("toy")
    with referee.db.session() as session:
        bodies = {
            r.seat: r.body
            for r in session.exec(
                select(Report).where(Report.game_id == "toy", Report.format == "text")
            ).all()
        }
    assert bodies == {
        "": "CLUB toy for all\n",
        "north": "CLUB toy for north\n",
        "south": "CLUB toy for south\n",
    }


def test_a_template_without_the_seat_blocks_cannot_be_shared() -> None:
    env = environment()
    whole = env.from_string("{{ game }} {{ seat }}")
    assert Shared(whole, ("seat_header",)).common({"game": "g"}) is None


def test_the_shared_text_filled_for_a_seat_is_the_text_rendered_for_it() -> None:
    env = environment()
    template = env.from_string(
        "{{ game }}:{% block seat_header %}[{{ seat | upper }}]{% endblock %}"
        "{% for i in items %}{{ i }}{% endfor %}\n"
        "{% block seat_private %}{% if private %}secret {{ private }}{% endif %}{% endblock %}end\n"
    )
    parted = Shared(template, ("seat_header", "seat_private"))
    pieces = parted.common({"game": "g", "items": [1, 2]})
    assert pieces is not None and len(pieces) == 5
    rng = random.Random(18)
    for seat in ["north", "south", "\x00not a mark\x00"]:
        context = {"game": "g", "items": [1, 2], "seat": seat, "private": rng.choice(["", "x < y"])}
        assert parted.fill(pieces, context) == template.render(**context)


def test_the_packaged_report_reads_no_seat_value_outside_its_seat_blocks(referee: Referee) -> None:
    seats = play(referee, "toy-guess", {"points": "2"}, turns=1)
    with referee.db.session() as session:
        game = session.get(Game, "g")
        turn = session.exec(select(Turn).where(Turn.game_id == "g", Turn.number == 1)).one()
        _key, common, own = seen_by(session, game, turn, seats[0])  # type: ignore[arg-type]
    for name in ("report.txt.j2", "report.html.j2"):
        from adjudicator.post.render import shared

        assert shared(name, "toy-guess", SEAT_BLOCKS).common(common) is not None, name
        assert render(name, "toy-guess", **{**common, **own})  # and the whole context renders too
