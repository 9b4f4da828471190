"""``help [topic]`` by mail: the game's order page as a mail client shows it, plain text and HTML,
naming no file of the repository; end to end over SMTP for every game (the listener receives
the mail, a real SMTP server on loopback receives the answer)."""

from __future__ import annotations

import smtplib
import time
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mailkit import REFEREE, Sink, free_port, orders_mail, parts

from adjudicator.core.engine import Referee
from adjudicator.core.store import Database
from adjudicator.games import available
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.service import flush_outbox
from adjudicator.mail.sources import Listener
from adjudicator.post.order_pages import REPOSITORY_REFERENCE, for_players, help_for, sections

#: a phrase of each game's order syntax its help must carry, and a seat of each game
GAMES = {
    "mare-nostrum": ("buy army", {}),
    "far-side": ("fire at will", {}),
    "master-commander": ("mulligan", {}),
    "planet-masters": ("vote <player>", {"players": "3"}),
    "eollis": ("recruit le borgne, barbe-grise, combat", {}),
}


def wait_for(predicate, timeout: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_help_by_mail_answers_with_the_games_order_page_end_to_end(
    game: str, db: Database, referee: Referee, sink: Sink, monkeypatch: pytest.MonkeyPatch
) -> None:
    phrase, options = GAMES[game]
    _, seats, _ = referee.new_game(game, "g1", options, deadline="48h")
    secrets = {seat: referee.join("g1", seat, email=f"{seat}@example.org") for seat in seats}
    referee.start("g1")
    seat = seats[0]
    monkeypatch.setenv("PBEM_SMTP_URL", sink.url)
    flush_outbox(db)  # the turn notices
    sink.received.clear()
    listener = Listener(db, "127.0.0.1", free_port(), handler=MailHandler(db, referee)).start()
    try:
        raw = orders_mail(
            sender=f"{seat}@example.org",
            game="g1",
            seat=seat,
            secret=secrets[seat],
            turn=None,
            body="help",
            message_id="<help-1@player.example>",
        )
        with smtplib.SMTP("127.0.0.1", listener.port, timeout=10) as client:
            client.sendmail(f"{seat}@example.org", [REFEREE], raw)
        wait_for(lambda: len(listener.results) == 1)
        assert listener.results[0].status == "handled", listener.results[0].detail
    finally:
        listener.stop()
    assert flush_outbox(db) == 1
    [(_, rcpts, data)] = sink.received
    assert rcpts == [f"{seat}@example.org"]
    mail = parts(data)
    assert mail["msg"]["In-Reply-To"] == "<help-1@player.example>"
    assert "the order page" in str(mail["msg"]["Subject"])
    assert phrase in mail["text"]
    assert phrase.replace("<", "&lt;").replace(">", "&gt;") in mail["html"]
    for body in (mail["text"], mail["html"]):
        assert REPOSITORY_REFERENCE.search(body) is None
        assert secrets[seat] not in body


def test_every_game_ships_its_order_page_with_the_package() -> None:
    pages = resources.files("adjudicator") / "pages"
    assert {name for name in available() if (pages / f"{name}.md").is_file()} >= set(GAMES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_help_page_names_no_repository_file(game: str) -> None:
    answer = help_for(game, game)
    assert REPOSITORY_REFERENCE.search(answer.text) is None
    assert REPOSITORY_REFERENCE.search(answer.html) is None
    assert GAMES[game][0] in answer.text


def test_help_on_a_topic_sends_only_the_sections_about_it() -> None:
    answer = help_for("planet-masters", "Planet Masters", "immunity")
    assert "help on immunity" in answer.title
    assert "cancel" in answer.text and "Readings of the book" not in answer.text
    whole = help_for("planet-masters", "Planet Masters")
    assert len(answer.text) < len(whole.text) / 3


def test_a_sentence_naming_a_file_is_left_out_and_the_rest_kept() -> None:
    page = (
        "# Game\n\nThe rule book is `shared/rules/001.txt`. Orders are one per line.\n\n"
        "## Orders\n\n| order | example |\n| --- | --- |\n| `hold` | `orders/game/hold.txt` |\n\n"
        "* Each reading is pinned [`test_hold_holds`]. Silence holds.\n\n"
        "## Bench\n\nRun `bench/game.py`.\n"
    )
    cleaned = for_players(page)
    assert "Orders are one per line." in cleaned and "rule book" not in cleaned
    assert "| `hold` |" in cleaned and "hold.txt" not in cleaned
    assert "Silence holds." in cleaned and "test_hold_holds" not in cleaned
    assert [s.title for s in sections(cleaned)] == ["Game", "Orders"]  # the emptied section goes


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=120) | st.just("<script>alert(1)</script>") | st.just("*vote* <b>x</b>"))
def test_help_on_any_topic_never_raises_nor_carries_markup(topic: str) -> None:
    answer = help_for("eollis", "Eollis", topic)
    assert "<script" not in answer.html.lower() and "<b>" not in answer.html
    assert "\x00" not in answer.text and "<" not in answer.title
