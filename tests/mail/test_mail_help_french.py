"""`help` by mail in French serves each game's own French order page, the English one otherwise."""

from __future__ import annotations

import pytest

from adjudicator.games import get_ruleset
from adjudicator.games.language import ENGLISH, language
from adjudicator.mail.commands.help import help_in, page_in
from adjudicator.post.order_pages import for_players

GAMES = ["mare-nostrum", "far-side", "master-commander", "eollis", "planet-masters"]


@pytest.mark.parametrize("game", GAMES)
def test_help_in_french_serves_the_games_french_order_page(game: str) -> None:
    from adjudicator.mail.commands.help import PAGES

    french = (PAGES / f"{game}.fr.md").read_text(encoding="utf-8")
    assert page_in(game, language("fr")) == for_players(french)
    assert page_in(game, ENGLISH) != page_in(game, language("fr"))
    answer = help_in(game, get_ruleset(game).title, "", language("fr"))
    assert answer.title.endswith(": la page des ordres")
    assert "ordre" in answer.text.lower()
