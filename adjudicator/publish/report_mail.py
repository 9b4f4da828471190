"""Report mails composed when they are sent, from what the close stored once.

The close (:func:`adjudicator.publish.reports.on_close`) stores each seat's text and HTML report and
each distinct board of the turn (:class:`~adjudicator.core.store.TurnPicture`), and queues a
reference. Here the MIME is built from those: the PNG of a board is converted the first time
a mail needs it and kept with the turn, so every seat showing the same board shares one
conversion and one stored picture. The Message-ID, recipient and subject are the queued
row's; the Date is when the mail was queued, so composing the same row again gives the same
bytes (a Maildir rewritten after a crash holds the same message).

Composing holds no transaction: what a mail needs is read in one short transaction and the
MIME is built outside it (the flush's other connections record their messages meanwhile); a
PNG made for the first mail of a turn is converted outside any transaction and kept in one of
its own. A turn's board (its drawing, and its PNG as a base64-encoded MIME part) stays in
memory for the next seats' mails (:class:`_Boards`): every mail of a turn shows the same board,
so it is read from the database and encoded once, not once per seat.

One picture per mail: when the board goes as a PNG, the HTML part shows that PNG in place
(``<img src="cid:...">``, the PNG a related part of the message) instead of the drawing inline.
Most webmail and phone clients (Gmail, Outlook, Yahoo, many Android clients) drop inline SVG but
show a PNG referenced by Content-ID, and a text-only client lists it as an attachment; the
drawing inline as well would double the weight of every mail for nothing. Only a board without
a PNG (the conversion failed) is inlined as SVG.
"""

from __future__ import annotations

import copy
import re
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from email.message import MIMEPart

from sqlalchemy import Connection, and_, bindparam, update
from sqlmodel import Session, select

from adjudicator.core.readers import language_for
from adjudicator.core.store import (
    Database,
    Game,
    OutboxMessage,
    Report,
    Seat,
    Turn,
    TurnPicture,
    as_utc,
    loads,
)
from adjudicator.games import get_ruleset
from adjudicator.games.base import OrderRequest, Spoken
from adjudicator.games.language import ENGLISH, Language
from adjudicator.post.compose import MAIL_POLICY, as_bytes, attach, compose, stable_boundaries
from adjudicator.post.ics import deadline_attachment
from adjudicator.publish.pictures import svg_to_png

#: Where a stored HTML report had its board: the drawing is kept once per turn (TurnPicture), not
#: once per seat. Player text is escaped in every HTML report, so it can never write this mark.
_BOARD = re.compile(r"<!--pbem-board:([0-9a-f]{64})-->")


def board_mark(digest: str) -> str:
    return f"<!--pbem-board:{digest}-->"


def expand_boards(session: Session, game_id: str, number: int, body: str) -> str:
    """``body`` with every board mark replaced by the drawing kept with turn ``number``."""
    if "<!--pbem-board:" not in body:
        return body
    drawings: dict[str, str] = {}

    def drawing(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in drawings:
            drawings[key] = (
                session.exec(
                    select(TurnPicture.svg).where(
                        TurnPicture.game_id == game_id,
                        TurnPicture.turn_number == number,
                        TurnPicture.digest == key,
                    )
                ).first()
                or ""
            )
        return drawings[key]

    return _BOARD.sub(drawing, body)


class ComposeError(RuntimeError):
    """What a queued reference points to is gone (its turn was rolled back): the mail is failed."""


#: The statements a report mail reads with, built once (a mail is composed for every seat of every
#: turn; building a statement costs more than running it): the seat's report bodies, the turn's
#: boards, and in one row the next turn (whose deadline goes as a calendar event, when it is open)
#: with the languages the seat reads (the game's, the seat's own).
_BODIES = select(Report.format, Report.body).where(  # type: ignore[call-overload]
    Report.game_id == bindparam("game"),
    Report.turn_number == bindparam("number"),
    Report.seat == bindparam("seat"),
)
_BOARDS = select(TurnPicture.digest, TurnPicture.id).where(  # type: ignore[call-overload]
    TurnPicture.game_id == bindparam("game"), TurnPicture.turn_number == bindparam("number")
)
_READER = (
    select(  # type: ignore[call-overload]
        Turn.label, Turn.status, Turn.deadline_at, Game.ruleset, Game.ruleset_version, Game.lang, Seat.lang
    )
    .select_from(Game)
    .join(Seat, Seat.game_id == Game.id)  # type: ignore[arg-type]
    .outerjoin(Turn, and_(Turn.game_id == Game.id, Turn.number == bindparam("next")))  # type: ignore[arg-type]
    .where(Game.id == bindparam("game"), Seat.name == bindparam("seat"))
)


def picture_name(game_id: str, number: int) -> str:
    return f"{game_id}-turn-{number:03d}.png"


@dataclass(frozen=True)
class _Board:
    """One board of a turn kept in memory: its drawing, and its PNG as a MIME part encoded once
    (``None`` when it has no PNG, or it was not asked for) with the ``<img>`` that shows it.

    The part a mail holds is a stand-in whose body is one line, :attr:`token`; once the mail is
    written out, that line is replaced by :attr:`wire`, the PNG's base64 lines as the generator
    would write them (CRLF line ends). The generator then never walks the picture's 7,000 lines
    once per mail (nor copies them at each level of the MIME tree)."""

    svg: str
    part: MIMEPart | None
    img: str = ""
    wire: bytes = b""
    token: bytes = b""


#: A kept board: the database (its URL) and the board's row (a turn rolled back and closed again
#: has new rows, so nothing read before it is taken for them).
BoardKey = tuple[str, int]


class _Boards:
    """The boards of the last few turns mailed, shared by the flush's threads."""

    SIZE = 16

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: OrderedDict[BoardKey, _Board] = OrderedDict()
        self.locks: dict[BoardKey, threading.Lock] = {}

    def get(self, key: BoardKey) -> _Board | None:
        with self.lock:
            board = self.kept.get(key)
            if board is not None:
                self.kept.move_to_end(key)
            return board

    def converting(self, key: BoardKey) -> threading.Lock:
        """The lock held while board ``key``'s PNG is made (one conversion per board)."""
        with self.lock:
            return self.locks.setdefault(key, threading.Lock())

    def put(self, key: BoardKey, board: _Board) -> None:
        with self.lock:
            self.kept[key] = board
            self.kept.move_to_end(key)
            while len(self.kept) > self.SIZE:
                gone, _board = self.kept.popitem(last=False)
                self.locks.pop(gone, None)


_boards = _Boards()


@dataclass(frozen=True)
class _Read:
    """A board read from the database, not kept in memory yet."""

    key: BoardKey
    svg: str
    png: bytes | None
    digest: str = ""


def picture_cid(digest: str) -> str:
    """The Content-ID of a board's PNG in a mail: from the drawing's digest, so the same mail
    composed again gives the same bytes."""
    return f"board-{digest[:32]}@pbem.invalid"


def _png_width(png: bytes) -> int:
    return int.from_bytes(png[16:20], "big") if png[12:16] == b"IHDR" else 0


#: What marks the line a board's PNG takes in a mail being written (:class:`_Board`): drawn at
#: random once per process, so no text of a mail (a player's included) can hold it.
_TOKEN = "pbem-png-" + secrets.token_hex(16)


def _png_part(png: bytes, filename: str, digest: str) -> tuple[MIMEPart, str, bytes, bytes]:
    """The PNG as an inline related part (as the HTML part's ``add_related`` makes it) whose body
    is a stand-in line, the ``<img>`` of the HTML part that shows it where the drawing was, the
    part's body as written out, and the stand-in line as written out (see :class:`_Board`)."""
    part = MIMEPart(policy=MAIL_POLICY)
    cid = picture_cid(digest)
    part.set_content(
        png, maintype="image", subtype="png", disposition="inline", filename=filename, cid=f"<{cid}>"
    )
    wire = str(part.get_payload()).replace("\n", "\r\n").encode("ascii")
    token = f"{_TOKEN}-{digest[:16]}"
    part.set_payload(token + "\n")
    width = _png_width(png)
    size = f' width="{width}"' if width else ""
    img = f'<img src="cid:{cid}" alt="The board: {filename}"{size} style="max-width:100%;height:auto">'
    return part, img, wire, (token + "\r\n").encode("ascii")


def _kept_board(connection: Connection, key: BoardKey, png: bool, digest: str) -> _Board | _Read:
    """Board ``key`` as kept in memory (with its PNG part when ``png``), else read in ``connection``."""
    board = _boards.get(key)
    if board is not None and (board.part is not None or not png):
        return board
    where = TurnPicture.id == key[1]
    if not png:
        return _Read(key, connection.execute(select(TurnPicture.svg).where(where)).scalar_one(), None, digest)  # type: ignore[arg-type]
    svg, data = connection.execute(select(TurnPicture.svg, TurnPicture.png).where(where)).one()  # type: ignore[call-overload,arg-type]
    return _Read(key, svg, data, digest)


def _board(db: Database, read: _Read, filename: str, png: bool) -> _Board:
    """A board read from the database, kept in memory from now on. A PNG asked for and not made
    yet is made now (outside any transaction) and kept with the turn (:func:`_keep_png`), by one
    thread: the flush composes the next mail while it sends one, and a second mail of the turn
    waits for the first one's PNG instead of converting the same board again."""
    if png and read.png is None:
        with _boards.converting(read.key):
            kept = _boards.get(read.key)
            if kept is not None and kept.part is not None:
                return kept
            made = svg_to_png(read.svg)
            return _keep_board(
                read, _keep_png(db, read.key[1], made) if made is not None else None, filename, png
            )
    return _keep_board(read, read.png, filename, png)


def _keep_board(read: _Read, data: bytes | None, filename: str, png: bool) -> _Board:
    board = _Board(read.svg, *_png_part(data, filename, read.digest)) if data else _Board(read.svg, None)
    if board.part is not None or not png:
        _boards.put(read.key, board)
    return board


def _keep_png(db: Database, row_id: int, png: bytes) -> bytes:
    """Keep a PNG just made with its board, unless one was kept meanwhile: returns the one kept.

    Its own short transaction (SQLite allows one writer: the caller's read is not held open
    as a write). A PNG of the same drawing is the same picture either way."""
    with db.session() as session:
        session.execute(
            update(TurnPicture)
            .where(TurnPicture.id == row_id, TurnPicture.png.is_(None))  # type: ignore[arg-type,union-attr]
            .values(png=png)
        )
        kept = session.exec(select(TurnPicture.png).where(TurnPicture.id == row_id)).first()  # type: ignore[call-overload,arg-type]
    return kept or png


def _ack_reader(db: Database, row: OutboxMessage) -> tuple[Language | None, list[OrderRequest]]:
    """The language an acknowledgement's reader reads now, and (for a language other than
    English) the turn's requests, to echo the orders in it; ``None``: not known (no such seat)."""
    if row.game_id is None or row.seat is None:
        return None, []
    with db.reading() as connection:
        found = connection.execute(
            select(Game.ruleset, Game.lang, Seat.lang)  # type: ignore[call-overload]
            .join(Seat, Seat.game_id == Game.id)  # type: ignore[arg-type]
            .where(Game.id == row.game_id, Seat.name == row.seat)
        ).first()
        if found is None:
            return None, []
        lang = language_for(found[1], found[2])
        if lang.code == "en" or row.turn_number is None:
            return lang, []
        asked = connection.execute(
            select(Turn.requests_json).where(  # type: ignore[call-overload]
                Turn.game_id == row.game_id, Turn.number == row.turn_number
            )
        ).first()
    return lang, [] if asked is None else [OrderRequest.from_json(r) for r in loads(asked[0])]


def composed(db: Database, row: OutboxMessage) -> bytes:
    """The MIME bytes of a mail queued by reference: a report (what it needs is read in one short
    transaction, the MIME built outside it), or an acknowledgement of orders (``compose = 'ack'``:
    :func:`adjudicator.post.acks.composed_ack`, which needs nothing but the row)."""
    if row.compose == "ack":
        from adjudicator.post.acks import composed_ack

        return composed_ack(row, *_ack_reader(db, row))
    game_id, number, seat = row.game_id, row.turn_number, row.seat
    if row.compose != "report" or game_id is None or number is None or seat is None:
        raise ComposeError(f"{row.message_id}: not a report queued by reference")
    with db.reading() as connection:  # no write lock waited for; no ORM: this runs once per mail sent
        where = {"game": game_id, "number": number, "seat": seat}
        bodies: dict[str, str] = dict(connection.execute(_BODIES, where).all())  # type: ignore[arg-type]
        if "text" not in bodies:
            raise ComposeError(
                f"{row.message_id}: the report of turn {number} for {seat} is gone (rolled back?)"
            )
        marks = set(_BOARD.findall("".join(bodies.values())))
        wanted = marks | ({row.picture} if row.picture else set())
        found: dict[str, int] = {}
        if wanted:  # the turn's boards are few: read them all, keep the ones this mail shows
            found = {d: i for d, i in connection.execute(_BOARDS, where).all() if d in wanted}  # type: ignore[arg-type]
        boards = {
            digest: _kept_board(connection, (db.url, row_id), png=digest == row.picture, digest=digest)
            for digest, row_id in sorted(found.items())
        }
        reader = connection.execute(_READER, {**where, "next": number + 1}).first()  # type: ignore[arg-type]
    next_turn = None if reader is None or reader[1] is None else (reader[0], reader[1], reader[2])
    speaker = None if reader is None else reader[3:]
    filename = picture_name(game_id, number)
    kept = {
        digest: _board(db, board, filename, png=digest == row.picture) if isinstance(board, _Read) else board
        for digest, board in boards.items()
    }
    picture = kept.get(row.picture) if row.picture else None
    shown = picture is not None and picture.part is not None
    drawings = {  # the PNG shown in place of its drawing; any other board inline
        digest: (kept[digest].img if shown and digest == row.picture else kept[digest].svg)
        if digest in kept
        else ""
        for digest in marks
    }
    if drawings:
        bodies = {fmt: _BOARD.sub(lambda m: drawings[m.group(1)], body) for fmt, body in bodies.items()}
    msg = compose(
        to=row.to_addr,
        subject=row.subject,
        text=bodies["text"],
        html=bodies.get("html"),
        message_id=row.message_id,
        date=as_utc(row.created_at),
    )
    if picture is not None and picture.part is not None:
        # a copy of the part encoded once per board: the generator sets a policy on what it writes
        html_part = msg.get_body(("html",)) if "html" in bodies and row.picture in marks else None
        if html_part is not None:  # what add_related does: multipart/related {HTML, PNG}
            html_part.make_related()
            html_part.attach(copy.copy(picture.part))
        else:  # no HTML part shows it: an attachment
            msg.make_mixed()
            msg.attach(copy.copy(picture.part))
    if next_turn is not None and next_turn[1] == "open":  # the next turn's deadline, as a calendar event
        label, _status, deadline = next_turn
        lang = ENGLISH
        if speaker is not None:
            lang = language_for(speaker[2], speaker[3])
            if lang.code != "en":  # the label as the record keeps it is the English one
                label = Spoken(get_ruleset(speaker[0], speaker[1]), lang).label(label)
        for filename, mime, data in deadline_attachment(game_id, number + 1, label, deadline, seat, lang):
            attach(msg, filename, mime, data)
    stable_boundaries(msg, row.message_id)  # the same row gives the same bytes
    raw = as_bytes(msg)
    if picture is not None and picture.part is not None:  # the PNG's lines where its stand-in is
        if raw.count(picture.token) != 1:
            raise ComposeError(f"{row.message_id}: the picture's place in the mail is not found once")
        raw = raw.replace(picture.token, picture.wire)
    return raw
