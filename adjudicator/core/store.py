"""The tables and the database handle.

SQLite file by default (WAL, ``BEGIN IMMEDIATE`` for every transaction so two
processes never both think they closed a turn), PostgreSQL by URL. The schema
is owned by the Alembic migrations in ``adjudicator/core/migrations``; ``pbem init``
creates or upgrades it.

States, options, requests and problems are stored as canonical JSON text so
that what the archive publishes is byte for byte what was resolved.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Index,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    event,
    false,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import configure_mappers
from sqlmodel import Field, Session, SQLModel, create_engine

DEFAULT_URL = "sqlite:///pbem.db"


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; every time in this project is UTC."""
    if moment is None:
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _when() -> Any:
    return Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False))


def _maybe_when() -> Any:
    return Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


def _text(default: str | None = None, nullable: bool = False) -> Any:
    return Field(default=default, sa_column=Column(Text, nullable=nullable))


# -- secrets ---------------------------------------------------------------
#: Hashes of the first releases (``scrypt$salt$digest``): still accepted, and replaced by the
#: current scheme at their next good check (:func:`upgraded_hash`).
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}
#: The current scheme: ``hmac-sha256$<pepper id>$<digest>``, HMAC-SHA256 of the secret keyed by
#: the server's pepper. A secret is 128 random bits, so no slow hash is needed against guessing;
#: the pepper, kept outside the database, makes a stolen database useless for checking guesses.
HMAC_SCHEME = "hmac-sha256"
DEFAULT_PEPPER_FILE = "pbem-pepper"


def pepper() -> bytes:
    """The server's pepper: the environment's ``PBEM_PEPPER``, else the file named by
    ``PBEM_PEPPER_FILE`` (``./pbem-pepper`` by default, beside ``pbem.db`` and ``pbem.toml``),
    made with 32 random bytes the first time it is needed. Losing it means every seat's secret
    must be issued again (``pbem seat replace``): keep it with the database's backups, not in
    the database."""
    given = os.environ.get("PBEM_PEPPER")
    if given:
        return given.encode()
    path = Path(os.environ.get("PBEM_PEPPER_FILE") or DEFAULT_PEPPER_FILE)
    return _pepper_file(str(path.resolve()))


_PEPPERS: dict[str, bytes] = {}


def _pepper_file(path: str) -> bytes:
    if path not in _PEPPERS:
        file = Path(path)
        if not file.exists():
            try:
                fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                pass  # another process made it a moment ago
            else:
                with os.fdopen(fd, "w") as handle:
                    handle.write(secrets.token_hex(32) + "\n")
        text = file.read_text().strip()
        if len(text) < 32:
            raise RuntimeError(f"the pepper file {path} is shorter than 32 characters")
        _PEPPERS[path] = text.encode()
    return _PEPPERS[path]


def _pepper_id(key: bytes) -> str:
    """Names the pepper a hash was made with (not the pepper): a check under another pepper says so."""
    return hashlib.sha256(b"pbem pepper id\x00" + key).hexdigest()[:8]


def new_secret() -> str:
    """A player's or referee's secret: 128 bits, easy to paste into an email."""
    return secrets.token_urlsafe(16)


def hash_secret(secret: str) -> str:
    """HMAC-SHA256 under the server's pepper; only this string is stored, never the secret."""
    key = pepper()
    digest = hmac.new(key, secret.encode(), hashlib.sha256).hexdigest()
    return f"{HMAC_SCHEME}${_pepper_id(key)}${digest}"


def check_secret(secret: str, stored: str) -> bool:
    try:
        scheme, salt_hex, digest_hex = stored.split("$")
        if scheme == HMAC_SCHEME:
            key = pepper()
            if not hmac.compare_digest(salt_hex, _pepper_id(key)):
                return False  # made under another pepper: the secret must be issued again
            digest = hmac.new(key, secret.encode(), hashlib.sha256).digest()
        elif scheme == "scrypt":
            digest = hashlib.scrypt(secret.encode(), salt=bytes.fromhex(salt_hex), dklen=32, **_SCRYPT)
        else:
            return False
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(digest.hex(), digest_hex)


def upgraded_hash(secret: str, stored: str) -> str | None:
    """After a good check of ``secret`` against ``stored``: the hash to store instead when
    ``stored`` is of an older scheme (scrypt), else ``None``."""
    return hash_secret(secret) if stored.startswith("scrypt$") else None


# -- tables ----------------------------------------------------------------
class Game(SQLModel, table=True):
    id: str = Field(primary_key=True, max_length=64)
    ruleset: str = Field(max_length=64)
    ruleset_version: str = Field(default="1", max_length=32)
    options_json: str = _text("{}")
    status: str = Field(default="setup", max_length=16)  # setup, running, paused, over
    deadline_rule: str = Field(default="48h", max_length=64)
    grace: str | None = Field(default=None, max_length=32)
    nmr: str = Field(default="default", max_length=16)  # default | wait
    civil_disorder_after: int = 3
    reminders: str = Field(default="24h,2h", max_length=64)  # before the deadline; "" for none
    paused_at: datetime | None = _maybe_when()  # set while paused: resume shifts the deadline
    referee_email: str | None = Field(default=None, max_length=320)
    referee_secret_hash: str | None = Field(default=None, max_length=200)
    setup_secret: str | None = Field(default=None, max_length=64)
    setup_commitment: str | None = Field(default=None, max_length=64)
    setup_state_json: str | None = _text(None, nullable=True)
    current_turn: int = 0
    outcome_json: str | None = _text(None, nullable=True)
    created_at: datetime = _when()
    finished_at: datetime | None = _maybe_when()
    #: Press between the seats (migration 0004): none, white (signed), grey (anonymous), public.
    press: str = Field(default="white", sa_column=Column(String(8), nullable=False, server_default="white"))
    #: The language the game's mail is written in for a reader without one of their own (migration
    #: 0010): a code of ``adjudicator.games.language.SUPPORTED``.
    lang: str = Field(default="en", sa_column=Column(String(16), nullable=False, server_default="en"))


class Seat(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "name"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    name: str = Field(max_length=64)
    position: int = 0
    player_name: str | None = Field(default=None, max_length=200)
    email: str | None = Field(default=None, max_length=320)
    secret_hash: str | None = Field(default=None, max_length=200)
    timezone: str = Field(default="UTC", max_length=64)
    is_bot: bool = False
    status: str = Field(default="open", max_length=16)  # open, taken, civil_disorder
    missed_turns: int = 0
    joined_at: datetime | None = _maybe_when()
    #: mail to the seat's address bounced for good (migration 0009): the turn open when the first
    #: bounce came, when, and what the receiving server said; cleared by the seat's next mail
    mail_failing_turn: int | None = None
    mail_failing_at: datetime | None = _maybe_when()
    mail_failing_reason: str | None = Field(default=None, max_length=300)
    #: the seat's own language (migration 0010); ``None``: the game's
    lang: str | None = Field(default=None, max_length=16)


class Turn(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    number: int
    label: str = Field(default="", max_length=200)
    status: str = Field(default="open", max_length=16, index=True)  # open, closed
    opened_at: datetime = _when()
    deadline_at: datetime | None = _maybe_when()
    closed_at: datetime | None = _maybe_when()
    close_reason: str | None = Field(default=None, max_length=32)  # deadline, early, referee
    secret: str = Field(max_length=64)  # revealed in the record once closed
    commitment: str = Field(max_length=64)
    seed_hex: str | None = Field(default=None, max_length=64)
    requests_json: str = _text("[]")
    state_json: str = _text("{}")  # the state the turn's orders are given against
    state_hash: str = Field(default="", max_length=64)
    result_state_json: str | None = _text(None, nullable=True)
    result_state_hash: str | None = Field(default=None, max_length=64)
    prev_record_hash: str | None = Field(default=None, max_length=64)
    record_hash: str | None = Field(default=None, max_length=64)


class Submission(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    turn_number: int = Field(index=True)
    request_key: str = Field(max_length=120)
    seat: str = Field(max_length=64)
    text: str = _text("")  # as sent
    canonical: str = _text("")  # what the receipt seals and the resolution reads
    salt: str = Field(default="", max_length=64)
    receipt: str = Field(default="", max_length=64)
    status: str = Field(default="accepted", max_length=16)  # accepted, superseded, rejected, default
    final: bool = False
    problems_json: str = _text("[]")
    lines_json: str = _text("[]")
    source: str = Field(default="cli", max_length=16)  # cli, mail, bot, default, referee
    created_at: datetime = _when()


class DiceRoll(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    turn_number: int
    seq: int
    key: str = Field(max_length=200)
    index: int = 0
    sides: int
    value: int


class EventRecord(SQLModel, table=True):
    __tablename__ = "event"
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    turn_number: int
    seq: int
    text: str = _text("")
    kind: str = Field(default="", max_length=64)
    data_json: str = _text("{}")
    seats_json: str | None = _text(None, nullable=True)


class Report(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "turn_number", "seat", "format"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    turn_number: int
    seat: str = Field(default="", max_length=64)  # "" is the public report
    format: str = Field(max_length=8)  # text, html
    body: str = _text("")
    created_at: datetime = _when()


class OutboxMessage(SQLModel, table=True):
    #: Refusals counted per seat and hour (migration 0003).
    __table_args__ = (Index("ix_outboxmessage_seat_kind_created", "game_id", "seat", "kind", "created_at"),)
    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(unique=True, max_length=250)
    game_id: str | None = Field(default=None, index=True, max_length=64)
    turn_number: int | None = None
    seat: str | None = Field(default=None, max_length=64)
    kind: str = Field(max_length=32)  # notice, ack, reminder, report, game-over, refusal, reply
    to_addr: str = Field(max_length=320)
    subject: str = Field(default="", max_length=400)
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    # queued, sending (the server is receiving it), sent, failed, in-doubt (the sender died mid-DATA)
    status: str = Field(default="queued", max_length=16, index=True)
    attempts: int = 0
    last_error: str | None = _text(None, nullable=True)
    next_attempt_at: datetime | None = _maybe_when()
    created_at: datetime = _when()
    sent_at: datetime | None = _maybe_when()
    claimed_by: str | None = Field(default=None, max_length=200)  # host:pid of the flusher holding it
    #: ``report``: ``raw`` is empty and the MIME is composed when sent, from the stored reports of
    #: (game, turn, seat) and the turn's picture (migration 0006); ``None``: ``raw`` is the message.
    compose: str | None = Field(default=None, max_length=16)
    #: the digest of the board picture (a :class:`TurnPicture`) the composed mail attaches
    picture: str | None = Field(default=None, max_length=64)


class TurnPicture(SQLModel, table=True):
    """One board picture of a closed turn, kept once however many seats' mails attach it.

    ``svg`` is the cleaned drawing; ``png`` is converted from it the first time a mail needs it
    (at send time, not inside the close), then kept (migration 0006)."""

    __table_args__ = (UniqueConstraint("game_id", "turn_number", "digest"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    turn_number: int
    digest: str = Field(max_length=64)  # SHA-256 of the cleaned SVG
    svg: str = _text("")
    png: bytes | None = Field(default=None, sa_column=Column(LargeBinary, nullable=True))
    created_at: datetime = _when()


class InboundMessage(SQLModel, table=True):
    """One message received. ``raw`` is *not* the message as it came: it is its decoded headers and
    the text the parser read, with every secret redacted (see ``mail.inbound.record_of``); from an
    unverified sender only its first few KiB are kept, and only for a week."""

    # The rate limits and the expiry read these (migration 0003).
    __table_args__ = (
        Index("ix_inboundmessage_sender_verified_received", "sender", "verified", "received_at"),
        Index("ix_inboundmessage_verified_received", "verified", "received_at"),
    )
    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(unique=True, max_length=250)
    via: str = Field(max_length=16)  # stdin, maildir, imap, smtp
    sender: str | None = Field(default=None, max_length=320)
    raw: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    status: str = Field(default="new", max_length=16)  # new, handled, refused, ignored, failed, error
    result: str | None = _text(None, nullable=True)
    received_at: datetime = _when()
    #: The sender was the seat's registered address and the secret matched.
    verified: bool = Field(default=False, sa_column=Column(Boolean, nullable=False, server_default=false()))


class ReminderSent(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("game_id", "turn_number", "seat", "label"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    turn_number: int
    seat: str = Field(max_length=64)
    label: str = Field(max_length=32)  # e.g. "24h", "2h"
    sent_at: datetime = _when()


class Branch(SQLModel, table=True):
    """Turns a referee's rollback took off the main line, kept whole (history is never erased).

    ``data_json`` holds the full record of every abandoned closed turn (with its
    record hash, so the branch stays verifiable), its stored reports, and the
    abandoned open turn with its sealed submissions (never published).
    """

    __table_args__ = (UniqueConstraint("game_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    number: int  # 1, 2, ... per game
    after_turn: int  # the last main-line turn kept; the branch starts at after_turn + 1
    reason: str = _text("")
    head_record_hash: str | None = Field(default=None, max_length=64)
    data_json: str = _text("{}")
    created_at: datetime = _when()


class PressMessage(SQLModel, table=True):
    """One press message relayed between seats (migration 0004), archived under the turn it was
    sent in. ``sender`` is always recorded, also under grey press (the recipients saw "a seat")."""

    __tablename__ = "press"
    __table_args__ = (UniqueConstraint("game_id", "turn_number", "seq"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    turn_number: int
    seq: int
    sender: str = Field(max_length=64)  # a seat's name, or "referee"
    signed: bool = True  # False under grey press: the recipients were told "a seat"
    to_json: str = _text("[]")  # the seats it was addressed to
    sent_json: str = _text("[]")  # the seats it was mailed to
    held_json: str = _text("[]")  # kept, not sent: seats in civil disorder or without an address
    text: str = _text("")
    inbound_id: str | None = Field(default=None, max_length=250)
    created_at: datetime = _when()
    branch: int = 0  # 0 on the main line; a rollback moves the press of the turns it abandons to its branch


class Observer(SQLModel, table=True):
    """An address that receives a game's public report each turn, once it confirmed its code."""

    __table_args__ = (UniqueConstraint("game_id", "email"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    email: str = Field(max_length=320)
    status: str = Field(default="pending", max_length=16)  # pending, active, stopped
    code_hash: str = Field(default="", max_length=200)  # the code is also the key to unwatch
    codes_sent: int = 0
    code_sent_at: datetime | None = _maybe_when()
    created_at: datetime = _when()
    confirmed_at: datetime | None = _maybe_when()
    #: the observer's own language (migration 0010); ``None``: the game's
    lang: str | None = Field(default=None, max_length=16)


# -- between the players: sign-up, confirmations, absences, proposals ----------
class GameTerms(SQLModel, table=True):
    """How a game takes players by mail and how much absence it allows (migration 0005).

    A game without a row is closed to sign-up by mail and allows no absence."""

    game_id: str = Field(foreign_key="game.id", primary_key=True, max_length=64)
    signup: str = Field(default="closed", max_length=16)  # closed, open, approve
    start_when_full: bool = False
    absence_days: int = 0  # per player for the whole game; 0: absences are off


class Confirmation(SQLModel, table=True):
    """A code mailed to an address that a second mail must give back (sign-up, resignation).

    Only the code's scrypt hash is kept; it expires at ``expires_at``. ``status``: pending (the code
    is out), approval (confirmed, the referee must approve), done, refused, expired."""

    __table_args__ = (Index("ix_confirmation_address_created", "address", "created_at"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    kind: str = Field(max_length=16)  # join, resign
    address: str = Field(max_length=320)
    seat: str | None = Field(default=None, max_length=64)
    code_hash: str = Field(max_length=200)
    status: str = Field(default="pending", max_length=16)
    created_at: datetime = _when()
    expires_at: datetime = _when()
    done_at: datetime | None = _maybe_when()


class Absence(SQLModel, table=True):
    """A player's announced absence: deadlines falling in ``[starts_at, ends_at)`` move to its end."""

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    seat: str = Field(max_length=64)
    starts_at: datetime = _when()
    ends_at: datetime = _when()
    days: int
    created_at: datetime = _when()


class Proposal(SQLModel, table=True):
    """A proposal to end the game by agreement (draw, or concession to one seat), voted sealed."""

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=64)
    kind: str = Field(max_length=16)  # draw, concede
    conceded_to: str | None = Field(default=None, max_length=64)
    proposed_by: str = Field(max_length=64)
    turn_number: int
    voters_json: str = _text("[]")  # the seats still in the game when it was proposed
    status: str = Field(default="open", max_length=16)  # open, passed, failed, lapsed
    created_at: datetime = _when()
    closed_at: datetime | None = _maybe_when()


class Vote(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("proposal_id", "seat"),)
    id: int | None = Field(default=None, primary_key=True)
    proposal_id: int = Field(foreign_key="proposal.id", index=True)
    seat: str = Field(max_length=64)
    vote: str = Field(max_length=8)  # yes, no
    created_at: datetime = _when()


_mapped: list[bool] = []
#: each model's column keys, in its table's order (read once: a table's columns are a collection
#: costlier to walk than a tuple)
_column_keys: dict[Any, tuple[str, ...]] = {}


def detached(model: Any, values: Any) -> Any:
    """An instance of the table ``model`` holding ``values`` (a mapping with every column of its
    table, e.g. a Core row's ``_mapping``), made as the ORM's loader makes one - no ``__init__``,
    no defaults, no validation - but attached to no session: what a Core statement read or wrote,
    handed on as the model callers know. Setting its attributes stores nothing."""
    if not _mapped:  # the models' attributes are set up by the first ORM use; a Core-only process too
        configure_mappers()
        _mapped.append(True)
    keys = _column_keys.get(model)
    if keys is None:
        keys = _column_keys[model] = tuple(column.key for column in model.__table__.columns)
    instance = model.__mapper__.class_manager.new_instance()
    instance.__dict__.update({key: values[key] for key in keys})
    return instance


# -- the database handle ---------------------------------------------------
#: The database, its WAL and its shared-memory file hold sealed orders, turn secrets and hidden
#: state: readable by the referee's account only. SQLite creates the ``-wal`` and ``-shm`` files
#: with the mode of the database file, so creating that one private is enough.
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700


def create_private_file(path: Path) -> None:
    """Create ``path`` (and missing folders) readable by the owner only; an existing file is left as is."""
    if not path.parent.exists():
        path.parent.mkdir(parents=True, mode=PRIVATE_FOLDER, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    except FileExistsError:
        return
    os.close(fd)
    os.chmod(path, PRIVATE_FILE)  # whatever the umask


def database_url(url: str | None = None) -> str:
    return url or os.environ.get("PBEM_DB") or DEFAULT_URL


def _sqlite_tuning(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA busy_timeout=60000")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # A write lock from the start: a turn is closed by one process at a time. A read-only
        # transaction (`Database.reading`) is deferred: a snapshot of the WAL, no lock to wait for.
        reading = connection.get_execution_options().get("pbem_reading")
        connection.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")


class Database:
    """One database: SQLite file (default) or PostgreSQL URL."""

    #: The URL of the database opened last: the CLI names its file when a command fails on it.
    last_url: str | None = None

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        Database.last_url = self.url
        if self.url.startswith("postgresql://"):
            self.url = "postgresql+psycopg://" + self.url.removeprefix("postgresql://")
        self.is_sqlite = self.url.startswith("sqlite")
        if self.is_sqlite:
            path = self.url.split("///", 1)[-1]
            on_disk = "///" in self.url and path != ":memory:" and not path.startswith("file:")
            if on_disk and path and "?" not in path:
                create_private_file(Path(path))
            self.engine = create_engine(self.url, connect_args={"check_same_thread": False, "timeout": 60})
            _sqlite_tuning(self.engine)
        else:
            self.engine = create_engine(self.url, pool_pre_ping=True)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """One transaction: committed on success, rolled back on any error."""
        with Session(self.engine, expire_on_commit=False) as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A read-only transaction (Core statements). On SQLite it is deferred: it reads a snapshot
        and neither takes nor waits for the write lock every other transaction takes at its start.
        Writing in it is a mistake (SQLite may refuse it)."""
        with self.engine.connect() as connection:
            connection.execution_options(pbem_reading=True)
            with connection.begin():
                yield connection

    def create_all(self) -> None:
        """Tables straight from the models (tests only; real databases use ``migrate``)."""
        SQLModel.metadata.create_all(self.engine)

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest Alembic revision."""
        from adjudicator.core.migrate import upgrade

        upgrade(self)

    def dispose(self) -> None:
        self.engine.dispose()
