"""``pbem mail ...``: mail in (ingest, poll), mail out (flush, retry) and what is waiting (status)."""

from __future__ import annotations

from typing import Annotated

import typer

DbOption = Annotated[
    str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
]

mail_app = typer.Typer(
    help="Email both ways: orders in, acknowledgements and reports out.", no_args_is_help=True
)


def _db(url: str | None):  # type: ignore[no-untyped-def]
    from adjudicator.core.store import Database

    return Database(url)


def _fail(message: str, code: int = 2) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


@mail_app.command("ingest")
def mail_ingest(
    file: Annotated[str, typer.Argument(help="One RFC 5322 message file, or '-' for standard input.")] = "-",
    db: DbOption = None,
) -> None:
    """Handle one message (for a .forward or procmail pipe: `| pbem mail ingest -`).

    Exits 0 whenever the message was taken (even when it was refused or ignored: a reply,
    if any, is queued), so the mail system never bounces it back to the sender.
    """
    from adjudicator.mail.service import flush_outbox
    from adjudicator.mail.sources import MailSourceError, ingest

    database = _db(db)
    try:
        handled = ingest(database, file)
    except MailSourceError as exc:
        _fail(str(exc))
        return
    typer.echo(str(handled))
    if handled.status == "error":
        raise typer.Exit(75)  # EX_TEMPFAIL: the MTA keeps the message and tries again
    if handled.replies:
        flush_outbox(database)


@mail_app.command("poll")
def mail_poll(
    maildir: Annotated[
        str | None, typer.Option("--maildir", help="A Maildir to read new messages from.")
    ] = None,
    imap: Annotated[
        str | None,
        typer.Option("--imap", help="imaps://user:password@host/INBOX (unseen messages are read)."),
    ] = None,
    flush: Annotated[bool, typer.Option(help="Send the acknowledgements right away.")] = True,
    db: DbOption = None,
) -> None:
    """Read new mail from a Maildir or an IMAP mailbox (default: PBEM_POLL_MAILDIR / PBEM_IMAP_URL)."""
    from adjudicator.mail.handler import MailHandler
    from adjudicator.mail.service import flush_outbox
    from adjudicator.mail.sources import MailSourceError, poll_imap, poll_maildir
    from adjudicator.post.config import setting

    database = _db(db)
    if maildir is None and imap is None:
        maildir, imap = setting("PBEM_POLL_MAILDIR"), setting("PBEM_IMAP_URL")
        if not maildir and not imap:
            _fail(
                "nothing to poll: give --maildir DIR or --imap URL (or set PBEM_POLL_MAILDIR / PBEM_IMAP_URL)"
            )
    handler = MailHandler(database)
    total = 0
    for kind, source in (("maildir", maildir), ("imap", imap)):
        if not source:
            continue
        try:
            result = (
                poll_maildir(database, source, handler)
                if kind == "maildir"
                else poll_imap(database, source, handler)
            )
        except MailSourceError as exc:
            _fail(str(exc))
            return
        for handled in result.handled:
            typer.echo(str(handled))
        for error in result.errors:
            typer.echo(f"skipped: {error}", err=True)
        total += len(result)
    typer.echo(f"{total} message(s) read")
    if flush and total:
        sent = flush_outbox(database)
        typer.echo(f"{sent} message(s) sent")


@mail_app.command("flush")
def mail_flush(
    db: DbOption = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress bar, even on a terminal.")
    ] = False,
) -> None:
    """Send what is queued: SMTP when PBEM_SMTP_URL is set, else .eml files into ./outbox/."""
    from adjudicator.core.progress import progress_bar
    from adjudicator.mail.delivery import deliver_to_maildir
    from adjudicator.mail.outbound import SmtpConfigError, flush_smtp, smtp_config
    from adjudicator.post.outbox import outbox_dir

    database = _db(db)
    try:
        config = smtp_config()
    except SmtpConfigError as exc:
        _fail(str(exc))
        return
    if config is None:
        with progress_bar("writing mail", total=None, quiet=quiet):
            count = deliver_to_maildir(database)
        typer.echo(f"{count} message(s) written to {outbox_dir()}/new/ (no PBEM_SMTP_URL set)")
        return
    with progress_bar("sending mail", total=None, quiet=quiet):
        result = flush_smtp(database, config)
    if result.unreachable:
        typer.echo(
            f"the server {config.host}:{config.port} cannot be reached: {result.unreachable}", err=True
        )
    doubt = f", {result.in_doubt} in doubt (see pbem mail status)" if result.in_doubt else ""
    typer.echo(
        f"{result.sent} message(s) sent to {config.host}:{config.port}, {result.failed} failed (kept){doubt}"
    )
    if result.failed or result.unreachable:
        raise typer.Exit(75)


@mail_app.command("retry")
def mail_retry(
    message_id: Annotated[
        list[str] | None, typer.Argument(help="Message-IDs to retry (default: every failed one).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Put messages marked failed or in doubt back in the queue (the next flush sends them)."""
    from adjudicator.mail.outbound import retry_failed

    count = retry_failed(_db(db), message_id or None)
    typer.echo(f"{count} message(s) queued again")


@mail_app.command("status")
def mail_status(
    limit: Annotated[int, typer.Option(help="How many recent incoming messages to list.")] = 10,
    json_out: Annotated[bool, typer.Option("--json", help="One JSON document for scripts.")] = False,
    db: DbOption = None,
) -> None:
    """What is waiting to go out, what failed, and the last messages that came in."""
    if json_out:
        import json

        from adjudicator.cli import documents

        typer.echo(json.dumps(documents.mail_status(_db(db), limit), indent=2, ensure_ascii=False))
        return
    from sqlalchemy import func
    from sqlmodel import select

    from adjudicator.core.store import InboundMessage, OutboxMessage, as_utc
    from adjudicator.mail.outbound import redact
    from adjudicator.post.config import setting

    database = _db(db)
    smtp = setting("PBEM_SMTP_URL")
    typer.echo(
        f"outgoing: {'SMTP ' + redact(smtp) if smtp else 'Maildir ' + (setting('PBEM_OUTBOX') or 'outbox')}"
    )
    for key in ("PBEM_FROM", "PBEM_POLL_MAILDIR", "PBEM_IMAP_URL", "PBEM_LISTEN"):
        value = setting(key)
        if value:
            typer.echo(f"  {key}={redact(value) if '://' in value else value}")
    with database.session() as session:
        counts = dict(
            session.exec(select(OutboxMessage.status, func.count()).group_by(OutboxMessage.status)).all()  # type: ignore[arg-type]
        )
        shown = ("queued", "sending", "sent", "failed", "in-doubt")
        typer.echo("outbox: " + ", ".join(f"{counts.get(s, 0)} {s}" for s in shown))
        waiting = session.exec(
            select(OutboxMessage)
            .where(OutboxMessage.status.in_(["queued", "failed", "in-doubt"]))  # type: ignore[attr-defined]
            .where((OutboxMessage.attempts > 0) | (OutboxMessage.status == "in-doubt"))  # type: ignore[arg-type]
            .order_by(OutboxMessage.id)  # type: ignore[arg-type]
        ).all()
        for row in waiting:
            nxt = as_utc(row.next_attempt_at)
            when = f", next try {nxt:%Y-%m-%d %H:%M} UTC" if nxt and row.status == "queued" else ""
            typer.echo(
                f"  {row.status.upper():6} {row.kind:9} to {row.to_addr}  {row.message_id}  "
                f"attempts {row.attempts}{when}\n         last error: {row.last_error or '-'}"
            )
        incoming = dict(
            session.exec(select(InboundMessage.status, func.count()).group_by(InboundMessage.status)).all()  # type: ignore[arg-type]
        )
        typer.echo("inbound: " + (", ".join(f"{n} {s}" for s, n in sorted(incoming.items())) or "none"))
        from adjudicator.cli.documents import failing_seats
        from adjudicator.mail.bounces import failing_line

        for seat in failing_seats(session):
            typer.echo(f"  MAIL FAILING {seat.game_id}/{seat.name} <{seat.email}>: {failing_line(seat)}")
        recent = session.exec(
            select(InboundMessage).order_by(InboundMessage.id.desc()).limit(limit)  # type: ignore[union-attr]
        ).all()
        for row in recent:
            when = as_utc(row.received_at)
            detail = (row.result or "")[:120]
            typer.echo(f"  {when:%Y-%m-%d %H:%M} {row.via:7} {row.status:8} {row.sender or '-'}: {detail}")
    if counts.get("failed"):
        typer.echo(f"{counts['failed']} message(s) failed: fix the cause, then `pbem mail retry`", err=True)
    if counts.get("in-doubt"):
        typer.echo(
            f"{counts['in-doubt']} message(s) in doubt (the server may have them): "
            "`pbem mail retry MESSAGE-ID` sends one again",
            err=True,
        )


def register(app: typer.Typer) -> None:
    """Add the ``mail`` commands to the ``pbem`` app."""
    app.add_typer(mail_app, name="mail")
