"""The players' mails suite: each game started once (its setup pinned), copied for every mail.

A mail of the suite is written as a player would write it, in a TOML file per game
(``tests/mail/players/<game>.toml``). The body is a template: ``{game}``, ``{seat}``,
``{secret}``, ``{turn}`` are the game's, ``{quoted}`` is the seat's turn notice as a mail client
quotes it under a reply. A mail may reply to the seat's turn notice (``reply_to = "notice"``:
``In-Reply-To`` and ``References`` name it), carry an HTML part only, an attached orders file,
or a Latin-1 charset.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from pathlib import Path
from typing import Any

from sqlmodel import select

from adjudicator.core import seal
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game, OutboxMessage
from adjudicator.mail.handler import MailHandler

REFEREE = "referee@pbem.test"
SETUP_SECRET = "5e" * 32  # the pinned setup: every run starts from the same position


@dataclass
class Started:
    """A game started in a database file that each mail gets a copy of."""

    path: Path
    game: str
    secrets: dict[str, str]


def clock() -> datetime:
    """The referee's clock of the suite: two days before the first deadline."""
    return datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def start(folder: Path, ruleset: str, game_id: str, options: dict[str, str], lang: str = "en") -> Started:
    path = folder / f"{game_id}.db"
    db = Database(f"sqlite:///{path}")
    db.migrate()
    referee = Referee(db, clock=clock)
    _, seats, _ = referee.new_game(ruleset, game_id, options, deadline="48h")
    with db.session() as session:
        game = session.get(Game, game_id)
        assert game is not None
        game.setup_secret = SETUP_SECRET
        game.setup_commitment = seal.commitment(SETUP_SECRET)
        game.lang = lang  # every seat reads the game's language (none chose its own)
        session.add(game)
    secrets = {seat: referee.join(game_id, seat, email=f"{seat}@example.org") for seat in seats}
    referee.start(game_id)
    db.dispose()
    return Started(path, game_id, secrets)


def copy_of(started: Started, folder: Path) -> Database:
    target = folder / "mail.db"
    shutil.copyfile(started.path, target)
    return Database(f"sqlite:///{target}")


def notice_of(db: Database, seat: str) -> OutboxMessage:
    with db.session() as session:
        return session.exec(
            select(OutboxMessage).where(OutboxMessage.kind == "notice", OutboxMessage.seat == seat)
        ).one()


def text_of(raw: bytes) -> tuple[str, str]:
    """The plain text and HTML parts of a mail the referee sent."""
    msg = message_from_bytes(raw, policy=default)
    text = html = ""
    for part in msg.walk():
        if part.is_multipart() or part.get_filename():
            continue
        if part.get_content_type() == "text/plain" and not text:
            text = part.get_content()
        elif part.get_content_type() == "text/html" and not html:
            html = part.get_content()
    return text, html


def quoted(text: str) -> str:
    return "On Sun, 22 Nov 2026 at 12:00, Referee <referee@pbem.test> wrote:\n" + "\n".join(
        "> " + line for line in text.splitlines()
    )


def player_mail(
    spec: dict[str, Any],
    *,
    game: str,
    seat: str,
    secret: str,
    notice: OutboxMessage,
    notice_text: str,
    number: int,
) -> bytes:
    fields = {"game": game, "seat": seat, "secret": secret, "turn": "1", "quoted": quoted(notice_text)}
    body = spec.get("body", "").format(**fields)
    msg = EmailMessage()
    msg["From"] = spec.get("sender", f"{seat}@example.org")
    msg["To"] = REFEREE
    msg["Subject"] = spec.get("subject", "orders").format(**fields)
    msg["Message-ID"] = f"<player-{number}@example.org>"
    if spec.get("reply_to") == "notice":
        msg["In-Reply-To"] = notice.message_id
        msg["References"] = notice.message_id
    charset = spec.get("charset", "utf-8")
    if spec.get("html"):
        msg.set_content(body, subtype="html", charset=charset)
    else:
        msg.set_content(body, charset=charset)
    if "attachment" in spec:
        data = spec["attachment"].format(**fields).encode(charset)
        msg.add_attachment(
            data, maintype="text", subtype="plain", filename=spec.get("filename", "orders.txt")
        )
    return msg.as_bytes()


def answer(db: Database, referee: Referee, raw: bytes) -> tuple[str, str, list[tuple[str, str, str]]]:
    """Handle ``raw`` through the real handler: its status, detail and each reply (kind, text, html)."""
    from adjudicator.mail.delivery import message_bytes

    with db.session() as session:
        before = {row.id for row in session.exec(select(OutboxMessage)).all()}
    handled = MailHandler(db, referee).handle(raw)
    with db.session() as session:
        rows = [row for row in session.exec(select(OutboxMessage)).all() if row.id not in before]
    replies = []
    for row in rows:
        text, html = text_of(message_bytes(db, row))
        replies.append((row.kind, text, html))
    return handled.status, handled.detail, replies
