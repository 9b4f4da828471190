"""``pbem doctor`` and ``pbem mail test``: does mail flow, before the first real turn depends on it."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Annotated

import typer

DbOption = Annotated[
    str | None, typer.Option("--db", help="Database URL (default: $PBEM_DB or sqlite:///pbem.db).")
]

#: Exit code of ``pbem doctor`` when a needed check fails (EX_CONFIG).
EXIT_CONFIG = 78
#: Exit code of ``pbem mail test`` when the server could not be reached or refused (EX_TEMPFAIL).
EXIT_TEMPFAIL = 75

_ADDRESS = re.compile(r"^[^\s@<>()\[\],;:\"\\]+@[A-Za-z0-9.-]+\.[A-Za-z0-9-]+$")


def doctor(
    json_out: Annotated[bool, typer.Option("--json", help="One JSON document instead of lines.")] = False,
    db: DbOption = None,
) -> None:
    """Check the setup: database, PBEM_FROM, SMTP (answers, TLS, login), inbound, outbox, time zones.

    Nothing is sent and nothing is changed. Exits 0 when everything the configured setup needs holds,
    78 when something needed fails (each failure prints its fix).
    """
    from adjudicator.cli.checks import healthy, run_checks

    checks = run_checks(db)
    ok = healthy(checks)
    if json_out:
        typer.echo(
            json.dumps(
                {"schema": "pbem.doctor/1", "ok": ok, "checks": [c.as_dict() for c in checks]}, indent=2
            )
        )
    else:
        for check in checks:
            typer.echo(check.line())
        failed = sum(1 for c in checks if c.status == "fail")
        typer.echo("all needed checks pass" if ok else f"{failed} needed check(s) fail: see the fixes above")
    if not ok:
        raise typer.Exit(EXIT_CONFIG)


def mail_test(
    to: Annotated[str, typer.Option("--to", help="Where the test message goes (e.g. your own address).")],
) -> None:
    """Send one real test message through the configured path and print the server's answer."""
    from adjudicator.mail.outbound import SmtpConfigError, redact, smtp_config
    from adjudicator.post.compose import compose
    from adjudicator.post.outbox import outbox_dir, write_maildir

    if not _ADDRESS.match(to):
        typer.echo(f"error: {to!r} is not an address: write --to name@example.org", err=True)
        raise typer.Exit(2)
    try:
        config = smtp_config()
    except SmtpConfigError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    msg = compose(
        to=to,
        subject="pbem: test message",
        text=(
            "This is a test message from your pbem referee.\n"
            "If you read it, mail from the referee reaches this address.\n"
        ),
    )
    if config is None:
        path = write_maildir(outbox_dir(), str(msg["Message-ID"]), msg.as_bytes())
        typer.echo(f"no PBEM_SMTP_URL: the test message was written to {path}")
        return
    from adjudicator.post.compose import referee_mailbox

    async def send() -> tuple[dict, str]:
        client = config.client()
        await client.connect()
        try:
            return await client.sendmail(referee_mailbox(), [to], msg.as_bytes())
        finally:
            try:
                await client.quit()
            except Exception:
                client.close()

    import aiosmtplib

    where = f"{config.host}:{config.port}"
    try:
        _refused, answer = asyncio.run(send())
    except aiosmtplib.SMTPRecipientsRefused as exc:
        details = "; ".join(f"{r.recipient}: {r.code} {r.message}" for r in exc.recipients)
        typer.echo(f"error: {where} refused the recipient: {details}", err=True)
        raise typer.Exit(EXIT_TEMPFAIL) from None
    except aiosmtplib.SMTPResponseException as exc:
        typer.echo(f"error: {where} answered {exc.code} {exc.message}", err=True)
        raise typer.Exit(EXIT_TEMPFAIL) from None
    except (aiosmtplib.SMTPException, OSError) as exc:
        typer.echo(f"error: could not reach {where} ({redact(str(exc))}); try `pbem doctor`", err=True)
        raise typer.Exit(EXIT_TEMPFAIL) from None
    typer.echo(f"sent to {to} through {where}: the server answered {answer}")


def register(app: typer.Typer) -> None:
    """Add ``doctor`` to ``pbem`` and ``test`` to ``pbem mail``."""
    from adjudicator.cli.mail import mail_app

    app.command("doctor")(doctor)
    mail_app.command("test")(mail_test)
