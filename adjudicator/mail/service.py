"""The mail service API for ``pbem serve`` and ``pbem tick``.

- :func:`flush_outbox` - send what is queued: over SMTP when ``PBEM_SMTP_URL``
  is set, else as ``.eml`` files into the ``PBEM_OUTBOX`` Maildir;
- :func:`poll_configured` - read new mail from ``PBEM_POLL_MAILDIR`` and/or
  ``PBEM_IMAP_URL``;
- :func:`start_listener` - the inbound SMTP listener (``PBEM_LISTEN`` gives
  ``host:port`` to callers that have no other setting);
- :func:`queue_reminder` - render and queue a deadline reminder.

All are synchronous and never raise for one bad message; a misconfigured
source or server is logged and reported through the return value.
"""

from __future__ import annotations

import logging
from datetime import datetime

from adjudicator.core.store import Database
from adjudicator.mail.delivery import deliver_to_maildir
from adjudicator.mail.handler import MailHandler
from adjudicator.mail.outbound import SmtpConfigError, flush_smtp, smtp_config
from adjudicator.mail.sources import Listener, MailSourceError, poll_imap, poll_maildir
from adjudicator.post.acks import queue_reminder
from adjudicator.post.config import setting

log = logging.getLogger(__name__)

DEFAULT_LISTEN = ("127.0.0.1", 2525)


def flush_outbox(db: Database, now: datetime | None = None) -> int:
    """Deliver every due queued message; returns how many went out (failures stay queued)."""
    try:
        config = smtp_config()
    except SmtpConfigError as exc:
        log.error("%s", exc)
        return 0
    if config is None:
        return deliver_to_maildir(db, now=now)
    return flush_smtp(db, config, now=now).sent


def poll_configured(db: Database, handler: MailHandler | None = None) -> int:
    """Poll ``PBEM_POLL_MAILDIR`` and ``PBEM_IMAP_URL`` (each when set); returns messages handled."""
    handler = handler or MailHandler(db)
    count = 0
    folder = setting("PBEM_POLL_MAILDIR")
    if folder:
        try:
            count += len(poll_maildir(db, folder, handler))
        except (MailSourceError, OSError) as exc:
            log.error("polling the Maildir %s failed: %s", folder, exc)
    url = setting("PBEM_IMAP_URL")
    if url:
        try:
            count += len(poll_imap(db, url, handler))
        except (MailSourceError, OSError) as exc:
            log.error("polling IMAP failed: %s", exc)
    return count


def listen_address() -> tuple[str, int]:
    """``PBEM_LISTEN`` as ``(host, port)``; ``127.0.0.1:2525`` when unset."""
    value = setting("PBEM_LISTEN")
    if not value:
        return DEFAULT_LISTEN
    host, _, port = value.rpartition(":")
    try:
        return (host.strip("[]") or DEFAULT_LISTEN[0], int(port))
    except ValueError as exc:
        raise MailSourceError(f"cannot read PBEM_LISTEN {value!r}: write host:port, e.g. 0.0.0.0:25") from exc


def start_listener(db: Database, host: str, port: int) -> Listener:
    """Start the inbound SMTP listener on ``host:port`` (a thread of its own); call ``.stop()`` to end it."""
    return Listener(db, host, port).start()


__all__ = ["flush_outbox", "listen_address", "poll_configured", "queue_reminder", "start_listener"]
