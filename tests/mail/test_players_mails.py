"""The players' mails: for each game, the mails a new player would plausibly write, each with the
answer it must get, through the real mail handler (tests/mail/players/<game>.toml), and the mails a
French player would write in a game whose language is French (``<game>.fr.toml``, ``lang = "fr"``).

Each mail is handled in a copy of the same started game (its setup pinned), so every mail is
answered as the first mail of the turn. What the answer must say is checked in its plain text
part, and its HTML part must never carry the seat's secret.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent / "players"))

import playerkit

from adjudicator.core.engine import Referee
from adjudicator.mail.delivery import message_bytes

PLAYERS = Path(__file__).parent / "players"
GAMES = ("planet-masters", "eollis", "far-side", "mare-nostrum", "master-commander")
SUITES = {
    path.name.removesuffix(".toml"): tomllib.loads(path.read_text(encoding="utf-8"))
    for path in sorted(PLAYERS.glob("*.toml"))
}
CASES = [
    pytest.param(game, n, id=f"{game}: {mail['name']}")
    for game, suite in SUITES.items()
    for n, mail in enumerate(suite["mail"])
]


def test_every_game_has_at_least_twenty_players_mails() -> None:
    assert {game: len(SUITES[game]["mail"]) >= 20 for game in GAMES} == dict.fromkeys(GAMES, True)


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, playerkit.Started]]:
    folder = tmp_path_factory.mktemp("players")
    with pytest.MonkeyPatch.context() as env:  # as every mail test's environment (conftest.mail_env)
        env.setenv("PBEM_FROM", f"Referee <{playerkit.REFEREE}>")
        env.setenv("PBEM_OUTBOX", str(folder / "outbox"))
        env.setenv("PBEM_CONFIG", str(folder / "no-such-pbem.toml"))
        yield {
            game: playerkit.start(
                folder, suite["ruleset"], suite["game"], suite.get("options", {}), suite.get("lang", "en")
            )
            for game, suite in SUITES.items()
        }


@pytest.mark.parametrize(("game", "number"), CASES)
def test_a_players_mail_gets_the_answer_it_must(
    game: str, number: int, started: dict[str, playerkit.Started], tmp_path: Path
) -> None:
    suite = SUITES[game]
    mail: dict[str, Any] = suite["mail"][number]
    db = playerkit.copy_of(started[game], tmp_path)
    try:
        seat = mail.get("seat", suite["seat"])
        notice = playerkit.notice_of(db, seat)
        notice_text, _ = playerkit.text_of(message_bytes(db, notice))
        secret = started[game].secrets[seat]
        raw = playerkit.player_mail(
            mail,
            game=started[game].game,
            seat=seat,
            secret=secret,
            notice=notice,
            notice_text=notice_text,
            number=number,
        )
        status, detail, replies = playerkit.answer(db, Referee(db, clock=playerkit.clock), raw)
    finally:
        db.dispose()
    expect = mail["expect"]
    assert status == expect["status"], detail
    if expect["reply"] == "none":  # nobody to answer (no such seat): nothing is sent at all
        assert replies == []
        return
    answers = [(text, html) for kind, text, html in replies if kind == expect["reply"]]
    assert len(answers) == 1, [kind for kind, _, _ in replies]
    text, html = answers[0]
    for words in expect.get("contains", []):
        assert words in text, f"{words!r} not in the answer:\n{text}"
    for words in expect.get("absent", []):
        assert words not in text, f"{words!r} in the answer:\n{text}"
    assert secret not in text and secret not in html
