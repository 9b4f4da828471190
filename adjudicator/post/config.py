"""Mail settings: the environment first, then an optional config file.

Every key is an environment variable (``PBEM_SMTP_URL``...). A referee who
would rather not keep a password in the environment writes the same keys in a
TOML file, ``pbem.toml`` in the working directory or the file named by
``PBEM_CONFIG``, under a ``[mail]`` table, in lower case without the prefix::

    [mail]
    smtp_url = "smtp://referee:s3cret@mail.example.org:587?starttls=1"
    from = "Referee <referee@example.org>"

The environment wins over the file.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

#: Every key the mail module reads, with its default and what it is for (shown by `pbem mail status`).
KEYS: dict[str, tuple[str | None, str]] = {
    "PBEM_SMTP_URL": (None, "outgoing SMTP server; unset: write .eml files into PBEM_OUTBOX"),
    "PBEM_FROM": ("referee@pbem.invalid", "the referee's address (From of every message)"),
    "PBEM_OUTBOX": ("outbox", "Maildir the messages go to when no SMTP server is set"),
    "PBEM_SMTP_PARALLEL": ("3", "SMTP connections used at once by a flush"),
    "PBEM_SMTP_MAX_ATTEMPTS": ("8", "failed sends before a message is marked failed"),
    "PBEM_SMTP_TIMEOUT": ("30", "seconds before an SMTP operation is abandoned"),
    "PBEM_POLL_MAILDIR": (None, "a Maildir polled for incoming orders"),
    "PBEM_IMAP_URL": (None, "an IMAP mailbox polled for incoming orders (imaps://user:pass@host/INBOX)"),
    "PBEM_LISTEN": (None, "host:port of the inbound SMTP listener run by `pbem serve`"),
    "PBEM_MAIL_SPOOL": (
        "spool",
        "folder where the SMTP listener keeps a message from its 250 to its handling",
    ),
    "PBEM_MAIL_MAX_BYTES": (str(1024 * 1024), "largest incoming message handled; larger ones are refused"),
    "PBEM_LISTEN_PER_CLIENT": (
        "60",
        "messages per hour the SMTP listener takes from one client address for unknown senders",
    ),
    "PBEM_LISTEN_PER_SENDER": ("20", "messages per hour the SMTP listener takes from one unknown sender"),
    "PBEM_LISTEN_KNOWN_RATE": (
        "120",
        "messages per hour the SMTP listener takes from one seat's address and one client address",
    ),
    "PBEM_LISTEN_BACKLOG": (
        "500",
        "messages waiting in the spool above which the SMTP listener defers unknown senders (451)",
    ),
    "PBEM_MAIL_RATE": ("20", "incoming messages per sender per hour before the rest are ignored"),
    "PBEM_PRESS_RATE": ("10", "press messages one seat may send per hour"),
    "PBEM_GREY_PRESS_MINUTES": ("60", "grey press is relayed in batches at every full this many minutes"),
    "PBEM_PRESS_MAX_CHARS": ("8000", "longest press message relayed (characters)"),
    "PBEM_WATCH_CODES_PER_HOUR": ("10", "watch confirmation codes sent per game and hour, at most"),
}


def _file_settings() -> dict[str, Any]:
    path = Path(os.environ.get("PBEM_CONFIG", "pbem.toml"))
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    mail = data.get("mail", {})
    return mail if isinstance(mail, dict) else {}


def setting(key: str) -> str | None:
    """The value of ``key`` (``PBEM_...``): the environment, else the config file, else the default."""
    value = os.environ.get(key)
    if value not in (None, ""):
        return value
    short = key.removeprefix("PBEM_").lower()
    from_file = _file_settings().get(short)
    if from_file not in (None, ""):
        return str(from_file)
    return KEYS.get(key, (None, ""))[0]


def int_setting(key: str) -> int:
    value = setting(key)
    try:
        return int(value) if value is not None else 0
    except ValueError:
        default = KEYS.get(key, ("0", ""))[0] or "0"
        return int(default)
