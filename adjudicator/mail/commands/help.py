"""``help [topic]``: the game's order page, as a mail client shows it (plain text and HTML).

The page is the game's own (:mod:`adjudicator.post.order_pages`), in the reader's language: a
reader of French gets ``pages/<game>.fr.md`` where the game has that page, anyone else (or a game
without it) the English ``pages/<game>.md``. ``help vote`` (``aide vote``) sends only its parts
about votes. The answer names no file: a player has only a mailbox. Its title and the answer to a
topic the page does not speak of are in the reader's language too.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from markupsafe import Markup

from adjudicator.core.naming import branch_tag, game_context
from adjudicator.core.store import Seat
from adjudicator.games import get_ruleset
from adjudicator.games.language import SOURCE, Language
from adjudicator.mail.commands.desk import Desk
from adjudicator.mail.inbound import ParsedMail
from adjudicator.mail.words import command_of
from adjudicator.post import outbox
from adjudicator.post.acks import answer_tag
from adjudicator.post.compose import compose, header_text, stable_message_id
from adjudicator.post.order_pages import (
    Help,
    clean_topic,
    for_players,
    page_markdown,
    sections,
    to_html,
    to_text,
    topic_sections,
)
from adjudicator.post.render import render

#: The folder of the order pages: ``<game>.md`` in English, ``<game>.<code>.md`` in a language.
PAGES = Path(__file__).resolve().parent.parent.parent / "pages"


def topic_of(parsed: ParsedMail) -> str:
    """The words after ``help`` (or ``aide``) on its line (``command: help`` alone has none)."""
    words = parsed.orders.split()
    return " ".join(words[1:]) if words and command_of(words[0]) == "help" else ""


def page_in(ruleset: str, lang: Language) -> str:
    """The game's order page for players in ``lang`` when the game has one, else in English."""
    if lang.code != SOURCE and re.fullmatch(r"[a-z0-9-]{1,40}", ruleset):
        translated = PAGES / f"{ruleset}.{lang.code}.md"
        if translated.is_file():
            return for_players(translated.read_text(encoding="utf-8"))
    return page_markdown(ruleset)


def help_in(ruleset: str, title: str, topic: str, lang: Language) -> Help:
    """The ``help`` answer in ``lang``: the whole page, or the sections about ``topic``."""
    markdown = page_in(ruleset, lang)
    asked = clean_topic(topic)
    if asked:
        found = topic_sections(markdown, asked)
        if found:
            body = "\n\n".join(s.markdown for s in found)
            heading = lang._("%(title)s: help on %(topic)s", title=title, topic=asked)
        else:
            names = [s.title for s in sections(markdown) if s.level == 2]
            body = lang._(
                "No part of the order page speaks of *%(topic)s*. Send `help` alone for the whole page, "
                "or `help` and one of these topics:",
                topic=asked,
            )
            body += "\n\n" + "\n".join(f"* {n}" for n in names)
            heading = lang._("%(title)s: no help on %(topic)s", title=title, topic=asked)
    else:
        body = markdown
        heading = lang._("%(title)s: the order page", title=title)
    page_html = to_html(body)
    return Help(heading, to_text(page_html), page_html)


def run(desk: Desk, parsed: ParsedMail, seat: Seat, now: datetime) -> str:
    lang = desk.lang(seat)
    with desk.db.session() as session:
        game = desk.referee.game(session, seat.game_id)
        title = lang.gettext(get_ruleset(game.ruleset, game.ruleset_version).title)
        answer = help_in(game.ruleset, title, topic_of(parsed), lang)
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
            text=render("help.txt.j2", game.ruleset, lang=lang, **context),
            html=render("help.html.j2", game.ruleset, lang=lang, **context),
            message_id=stable_message_id(
                game.id, seat.name, "help", answer_tag(parsed.message_id), branch_tag(session, game.id)
            ),
            in_reply_to=parsed.message_id,
        )
        if seat.email and outbox.queue_message(session, msg, kind="reply", game_id=game.id, seat=seat.name):
            desk.replies += 1
    return f"command help answered for {game.id}/{seat.name}"
