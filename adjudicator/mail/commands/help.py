"""``help [topic]``: the game's order page, as a mail client shows it (plain text and HTML).

The page is the game's own (:mod:`adjudicator.post.order_pages`); ``help vote`` sends only its
parts about votes. The answer names no file: a player has only a mailbox.
"""

from __future__ import annotations

from datetime import datetime

from markupsafe import Markup

from adjudicator.core.naming import branch_tag, game_context
from adjudicator.core.store import Seat
from adjudicator.games import get_ruleset
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.inbound import ParsedMail
from adjudicator.post import outbox
from adjudicator.post.acks import answer_tag
from adjudicator.post.compose import compose, header_text, stable_message_id
from adjudicator.post.order_pages import help_for
from adjudicator.post.render import render


def topic_of(parsed: ParsedMail) -> str:
    """The words after ``help`` on its line (``command: help`` alone has none)."""
    words = parsed.orders.split()
    return " ".join(words[1:]) if words and words[0].lower() == "help" else ""


def run(desk: Desk, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    with desk.db.session() as session:
        game = desk.referee.game(session, seat.game_id)
        answer = help_for(game.ruleset, get_ruleset(game.ruleset).title, topic_of(parsed))
        context = {
            "game": game_context(game),
            "seat": seat.name,
            "title": answer.title,
            "text": answer.text,
            "page_html": Markup(answer.html),  # rendered from the game's page, raw HTML in it escaped
        }
        msg = compose(
            to=seat.email or "",
            subject=header_text(f"[{game.id}] {answer.title}"),
            text=render("help.txt.j2", game.ruleset, **context),
            html=render("help.html.j2", game.ruleset, **context),
            message_id=stable_message_id(
                game.id, seat.name, "help", answer_tag(parsed.message_id), branch_tag(session, game.id)
            ),
            in_reply_to=parsed.message_id,
        )
        if seat.email and outbox.queue_message(session, msg, kind="reply", game_id=game.id, seat=seat.name):
            desk.replies += 1
    return f"command help answered for {game.id}/{seat.name}"
