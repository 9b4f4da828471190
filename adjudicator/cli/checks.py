"""``pbem doctor``: does this setup work? Each check says what it found and, when it fails, the fix.

The checks touch the real parts (the database, the SMTP server, the IMAP mailbox, the outbox
folder) but never send a message and never change the database. A check is *needed* when the
configured setup depends on it: with no ``PBEM_SMTP_URL`` mail goes to the outbox folder, so the
SMTP check is skipped and the outbox check is needed; with one, it is the other way round.

>>> Check("database", "ok", "sqlite:///pbem.db at migration 0001 (the newest)").line()
'ok    database   sqlite:///pbem.db at migration 0001 (the newest)'
"""

from __future__ import annotations

import asyncio
import contextlib
import imaplib
import os
import ssl
import stat
import tomllib
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass
from email.headerregistry import Address
from email.utils import parseaddr
from pathlib import Path
from typing import Literal

import aiosmtplib

from adjudicator.post.config import setting

Status = Literal["ok", "warn", "fail", "skip"]

#: Address endings that never receive mail (RFC 2606 / 6761): a From there is a setup mistake.
UNREAL_DOMAINS = (".invalid", ".localhost", ".test")


@dataclass(frozen=True)
class Check:
    """One finding: ``ok``, ``warn`` (works, but look), ``fail`` (needed and broken) or ``skip``."""

    name: str
    status: Status
    detail: str
    fix: str = ""

    def line(self) -> str:
        text = f"{self.status:5} {self.name:10} {self.detail}"
        return text + (f"\n      fix: {self.fix}" if self.fix else "")

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


# -- configuration file ----------------------------------------------------------------------------
def config_file() -> Check:
    """``pbem.toml`` (or ``$PBEM_CONFIG``) may hold passwords: it must parse and be private."""
    path = Path(os.environ.get("PBEM_CONFIG", "pbem.toml"))
    if not path.exists():
        return Check("config", "skip", f"no {path} (settings come from the environment)")
    try:
        mode = path.stat().st_mode
        with path.open("rb") as handle:
            tomllib.load(handle)
    except OSError as exc:
        return Check(
            "config", "fail", f"cannot read {path}: {exc.strerror}", f"check the permissions of {path}"
        )
    except tomllib.TOMLDecodeError as exc:
        return Check(
            "config",
            "fail",
            f"{path} is not valid TOML ({exc}); its settings are ignored",
            f'correct {path}: keys go under a [mail] table, e.g. smtp_url = "smtp://host:587"',
        )
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        return Check(
            "config",
            "fail",
            f"{path} can be read by others (mode {stat.filemode(mode)}); it may hold the SMTP password",
            f"chmod 600 {path}",
        )
    return Check("config", "ok", f"{path} is private (mode {stat.filemode(mode)})")


# -- database --------------------------------------------------------------------------------------
def database(url: str | None) -> Check:
    """The database opens and is at the newest migration (never creates or upgrades it)."""
    from adjudicator.core.migrate import current, head
    from adjudicator.core.store import database_url

    resolved = database_url(url)
    if resolved.startswith("sqlite"):
        path = resolved.split("///", 1)[-1]
        if path and path != ":memory:" and not Path(path).exists():
            return Check("database", "fail", f"no database file {path}", "run `pbem init` to create it")
    from adjudicator.core.store import Database

    try:
        db = Database(resolved)
        try:
            revision, newest = current(db), head()
        finally:
            db.dispose()
    except Exception as exc:  # any driver error: say which and where
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        return Check(
            "database",
            "fail",
            f"cannot open {_redact(resolved)}: {reason}",
            "check PBEM_DB (or --db), that the server runs and that the file or user may be read",
        )
    if revision is None:
        return Check("database", "fail", f"{_redact(resolved)} has no schema", "run `pbem init`")
    if revision != newest:
        return Check(
            "database",
            "fail",
            f"{_redact(resolved)} is at migration {revision}, the newest is {newest}",
            "run `pbem init` to upgrade it (back the file up first)",
        )
    return Check("database", "ok", f"{_redact(resolved)} at migration {revision} (the newest)")


def time_zones(url: str | None) -> Check:
    """Every time zone the games use (seats' zones, weekly deadline slots) exists on this host."""
    from sqlmodel import select

    from adjudicator.core.deadlines import DeadlineError, validate_rule, zone
    from adjudicator.core.store import Database, Game, Seat, database_url

    resolved = database_url(url)
    if resolved.startswith("sqlite"):
        path = resolved.split("///", 1)[-1]
        if path and path != ":memory:" and not Path(path).exists():
            return Check("timezones", "skip", "no database to read the games' time zones from")
    problems: list[str] = []
    names: set[str] = {"UTC"}
    try:
        db = Database(resolved)
        try:
            with db.session() as session:
                for seat in session.exec(select(Seat)).all():
                    names.add(seat.timezone)
                    try:
                        zone(seat.timezone)
                    except DeadlineError:
                        problems.append(f"seat {seat.name} of {seat.game_id}: {seat.timezone!r}")
                for game in session.exec(select(Game).where(Game.status != "over")).all():
                    try:
                        validate_rule(game.deadline_rule)
                    except DeadlineError:
                        problems.append(f"game {game.id}: deadline {game.deadline_rule!r}")
        finally:
            db.dispose()
    except Exception as exc:
        return Check("timezones", "skip", f"cannot read the games ({type(exc).__name__})")
    if problems:
        return Check(
            "timezones",
            "fail",
            "unknown time zone in " + "; ".join(problems),
            "install the tzdata package (apt-get install tzdata, or pip install tzdata) or correct the name",
        )
    return Check("timezones", "ok", f"{len(names)} time zone(s) in use, all known")


# -- mail out --------------------------------------------------------------------------------------
def from_address(smtp_configured: bool) -> Check:
    """``PBEM_FROM`` is set and an address that can receive replies."""
    raw = setting("PBEM_FROM") or ""
    explicit = os.environ.get("PBEM_FROM") or _file_has("from")
    status: Status = "fail" if smtp_configured else "warn"
    if not explicit:
        return Check(
            "from",
            status,
            f"PBEM_FROM is not set (mail would come from {raw})",
            'set PBEM_FROM="Referee <referee@your-club.org>" (or from = ... under [mail] in pbem.toml)',
        )
    _name, addr = parseaddr(raw)
    try:
        parsed = Address(addr_spec=addr) if addr else None
    except (ValueError, IndexError, TypeError):
        parsed = None
    if parsed is None or not parsed.domain or "." not in parsed.domain:
        return Check(
            "from",
            status,
            f"PBEM_FROM {raw!r} is not an address",
            'write PBEM_FROM="Referee <referee@your-club.org>"',
        )
    if parsed.domain.lower().endswith(UNREAL_DOMAINS):
        return Check(
            "from",
            status,
            f"PBEM_FROM {addr} is in a domain that never receives mail",
            "use an address players can reply to",
        )
    return Check("from", "ok", f"mail comes from {raw}")


def _file_has(key: str) -> bool:
    from adjudicator.post.config import _file_settings

    return bool(_file_settings().get(key))


def smtp_server() -> Check:
    """The SMTP server answers, its TLS works and the login is accepted; nothing is sent."""
    from adjudicator.mail.outbound import SmtpConfigError, redact, smtp_config

    try:
        config = smtp_config()
    except SmtpConfigError as exc:
        return Check("smtp", "fail", str(exc), "write PBEM_SMTP_URL=smtp://user:pass@host:587?starttls=1")
    if config is None:
        return Check("smtp", "skip", "no PBEM_SMTP_URL: mail is written to the outbox folder")
    where = f"{config.host}:{config.port}"
    url = redact(setting("PBEM_SMTP_URL") or "")

    async def probe() -> tuple[str, bool, bool]:
        client = config.client()
        response = await client.connect()
        try:
            tls = client.get_transport_info("sslcontext") is not None or config.use_tls
            return (response.message.splitlines()[0] if response.message else ""), tls, bool(config.username)
        finally:
            try:
                await client.quit()
            except aiosmtplib.SMTPException:
                client.close()

    try:
        banner, tls, logged_in = asyncio.run(probe())
    except aiosmtplib.SMTPAuthenticationError as exc:
        return Check(
            "smtp",
            "fail",
            f"{where} refused the login for {config.username!r}: {exc.code} {exc.message}",
            "check the user and password (in PBEM_SMTP_URL, PBEM_SMTP_USER/PBEM_SMTP_PASSWORD or pbem.toml)",
        )
    except (ssl.SSLError, aiosmtplib.SMTPException, OSError, TimeoutError) as exc:
        return _smtp_failure(where, url, exc)
    parts = [f"{where} answers ({banner[:80]})", "TLS" if tls else "no TLS"]
    parts.append(f"login as {config.username} accepted" if logged_in else "no login configured")
    if logged_in and not tls:
        parts.append("the login is sent in clear (?starttls=0)")
    loopback = config.host in ("127.0.0.1", "localhost", "::1")
    status: Status = "ok" if tls or (loopback and not logged_in) else "warn"
    fix = "" if status == "ok" else "use smtps:// (465) or ?starttls=1 (587): the password travels in clear"
    return Check("smtp", status, ", ".join(parts), fix)


def _smtp_failure(where: str, url: str, exc: BaseException) -> Check:
    text = f"{type(exc).__name__}: {exc}"
    cause = exc.__cause__ or exc.__context__
    chain = f"{text} {cause!r}" if cause else text
    if "STARTTLS" in chain and "not supported" in chain:
        return Check(
            "smtp",
            "fail",
            f"{where} offers no STARTTLS: the login would go in clear, so none is sent",
            "use smtps:// on port 465 or a server with STARTTLS; only ?starttls=0 in PBEM_SMTP_URL "
            "sends the password in clear, on purpose",
        )
    if isinstance(exc, ssl.SSLError) or "SSL" in chain or "certificate" in chain.lower():
        return Check(
            "smtp",
            "fail",
            f"TLS with {where} failed: {exc}",
            "use smtps:// on port 465 or smtp://...:587?starttls=1; for a private CA add ?cafile=PATH",
        )
    if isinstance(exc, aiosmtplib.SMTPTimeoutError | TimeoutError):
        return Check(
            "smtp",
            "fail",
            f"{where} did not answer in time",
            "check the host and port of PBEM_SMTP_URL and any firewall between",
        )
    if "refused" in chain.lower() or isinstance(exc, ConnectionRefusedError):
        return Check(
            "smtp",
            "fail",
            f"nothing answers at {where} (connection refused)",
            f"check the host and port in PBEM_SMTP_URL ({url}), or start the SMTP server",
        )
    return Check("smtp", "fail", f"{where}: {text}", "check PBEM_SMTP_URL and that the server runs")


def outbox_folder(smtp_configured: bool) -> Check:
    """Without SMTP the messages are written into a Maildir: it must be writable."""
    from adjudicator.post.outbox import outbox_dir

    folder = outbox_dir()
    if smtp_configured:
        return Check("outbox", "skip", "mail goes out over SMTP, not into a folder")
    probe = folder / "tmp" / f".doctor-{uuid.uuid4().hex}"
    try:
        from adjudicator.post.outbox import private_maildir

        private_maildir(folder)
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        return Check(
            "outbox",
            "fail",
            f"cannot write into {folder}: {exc.strerror}",
            f"make {folder} writable, or set PBEM_OUTBOX to a folder that is",
        )
    return Check("outbox", "ok", f"{folder}/new/ is writable (no PBEM_SMTP_URL: mail is written there)")


# -- private files ---------------------------------------------------------------------------------
def _too_open(path: Path, folder: bool) -> str | None:
    """``path`` and its mode when others than the owner may read (or enter) it, else ``None``."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        return f"{path}{'/' if folder else ''} ({stat.filemode(mode)})"
    return None


def private_files(db_url: str | None) -> Check:
    """The database with its WAL and shared-memory files, the outbox Maildir and the listener's spool
    hold sealed orders, turn secrets, hidden hands and seats' secrets: the owner's alone (0600 files,
    0700 folders)."""
    from adjudicator.core.store import database_url
    from adjudicator.mail.sources import spool_dir
    from adjudicator.post.outbox import outbox_dir

    found: list[str] = []
    files: list[Path] = []
    folders: list[Path] = []
    resolved = database_url(db_url)
    if resolved.startswith("sqlite"):
        path = resolved.split("///", 1)[-1]
        if path and path != ":memory:":
            files += [Path(path + suffix) for suffix in ("", "-wal", "-shm", "-journal")]
    for folder in (outbox_dir(), spool_dir()):
        if folder.is_dir():
            folders.append(folder)
            for sub in ("tmp", "new", "cur"):
                if (folder / sub).is_dir():
                    folders.append(folder / sub)
                    with contextlib.suppress(OSError):
                        files += [p for p in (folder / sub).iterdir() if p.is_file()]
    found += [shown for p in folders if (shown := _too_open(p, True))]
    found += [shown for p in files if (shown := _too_open(p, False))]
    if found:
        more = f" and {len(found) - 5} more" if len(found) > 5 else ""
        return Check(
            "files",
            "fail",
            "others may read " + ", ".join(found[:5]) + more,
            "chmod 600 on those files and 700 on those folders (chmod -R go-rwx on the folders)",
        )
    return Check("files", "ok", f"{len(files)} file(s) and {len(folders)} folder(s) are private")


# -- mail in ---------------------------------------------------------------------------------------
def inbound() -> list[Check]:
    """The IMAP mailbox and/or the Maildir polled for orders are readable."""
    checks: list[Check] = []
    maildir, imap = setting("PBEM_POLL_MAILDIR"), setting("PBEM_IMAP_URL")
    if maildir:
        folder = Path(maildir)
        if not (folder / "new").is_dir():
            checks.append(
                Check(
                    "maildir",
                    "fail",
                    f"{folder} is not a Maildir (no new/)",
                    f"create {folder}/new, cur, tmp",
                )
            )
        elif not os.access(folder / "new", os.R_OK | os.W_OK | os.X_OK):
            checks.append(Check("maildir", "fail", f"cannot read {folder}/new", f"make {folder} readable"))
        else:
            checks.append(Check("maildir", "ok", f"{folder} is readable"))
    if imap:
        checks.append(_imap(imap))
    if not checks:
        listen = setting("PBEM_LISTEN")
        detail = f"orders come in by the SMTP listener on {listen}" if listen else "no inbound mail set up"
        checks.append(Check("inbound", "skip", detail + " (PBEM_POLL_MAILDIR / PBEM_IMAP_URL unset)"))
    return checks


def _imap(url: str) -> Check:
    from adjudicator.mail.sources import ImapConfig, MailSourceError

    try:
        config = ImapConfig.from_url(url)
    except MailSourceError as exc:
        return Check("imap", "fail", str(exc), "write PBEM_IMAP_URL=imaps://user:password@host/INBOX")
    where = f"{config.host}:{config.port}/{config.mailbox}"
    try:
        conn = config.connect()
    except imaplib.IMAP4.error as exc:
        return Check(
            "imap",
            "fail",
            f"{where} refused the login for {config.username!r}: {exc}",
            "check the user and password of PBEM_IMAP_URL",
        )
    except ssl.SSLError as exc:
        return Check("imap", "fail", f"TLS with {where} failed: {exc}", "add ?cafile=PATH for a private CA")
    except OSError as exc:
        return Check("imap", "fail", f"nothing answers at {where}: {exc}", "check the host and port")
    try:
        typ, data = conn.select(f'"{config.mailbox}"', readonly=True)
        if typ != "OK":
            return Check("imap", "fail", f"no mailbox {config.mailbox!r} at {where}", "check the URL's path")
        count = data[0].decode(errors="replace") if data and data[0] else "?"
    finally:
        with contextlib.suppress(imaplib.IMAP4.error, OSError):
            conn.logout()
    return Check("imap", "ok", f"{where} readable ({count} message(s))")


# -- rules ---------------------------------------------------------------------------------------
def compiled_rules() -> Check:
    """Mare Nostrum resolves with its military phase compiled at install (mypyc) when it can: the
    same results as the Python phase, about 1.4 times faster (``games/mare_nostrum/native``)."""
    from adjudicator.games.mare_nostrum import native

    chosen = native.choice()
    if chosen.compiled:
        return Check("rules", "ok", f"Mare Nostrum's military phase {chosen.why}")
    if native.PURE_VARIABLE in chosen.why:
        return Check("rules", "ok", f"Mare Nostrum's military phase in Python ({chosen.why})")
    return Check(
        "rules",
        "warn",
        f"Mare Nostrum's military phase in Python, the same results, slower: {chosen.why}",
        "reinstall with a C compiler present (`pip install -e .` in the checkout); "
        "`pip install -v -e .` shows why it could not compile (lines `adjudicator build:`)",
    )


def dns_txt(name: str) -> str | None:
    """The TXT record at ``name`` (its strings joined), or ``None`` when it cannot be looked up."""
    try:
        import dns.resolver

        answer = dns.resolver.resolve(name, "TXT", lifetime=5)
    except Exception:
        return None
    for rdata in answer:
        return b"".join(rdata.strings).decode("ascii", "replace")
    return None


def dkim() -> Check:
    """The DKIM key, when configured: readable, private, an RSA key; and its DNS record's format."""
    from adjudicator.mail.dkim_signing import DkimConfigError, check_record, dkim_settings, load_key

    found = dkim_settings()
    if found is None:
        return Check("dkim", "skip", "no PBEM_DKIM_KEY: mail is not signed here (a relay may sign it)")
    try:
        key = load_key()
    except DkimConfigError as exc:
        return Check("dkim", "fail", str(exc), "fix PBEM_DKIM_KEY, PBEM_DKIM_SELECTOR or PBEM_DKIM_DOMAIN")
    assert key is not None
    mode = stat.S_IMODE(Path(found[0]).stat().st_mode)
    if mode & 0o077:
        return Check(
            "dkim",
            "fail",
            f"{found[0]} is readable by others (mode {stat.filemode(mode)})",
            f"chmod 600 {found[0]}",
        )
    publish = f'publish the TXT record {key.record_name} = "{key.public_record()}"'
    record = dns_txt(key.record_name)
    if record is None:
        return Check(
            "dkim", "warn", f"signing as {key.domain} (selector {key.selector}); no record found", publish
        )
    problems = check_record(key, record)
    if problems:
        return Check("dkim", "fail", f"{key.record_name}: " + "; ".join(problems), publish)
    return Check("dkim", "ok", f"signing as {key.domain}; {key.record_name} holds this key")


# -- all -------------------------------------------------------------------------------------------
def run_checks(db_url: str | None = None) -> list[Check]:
    """Every check, in the order a referee would fix them."""
    from adjudicator.mail.outbound import SmtpConfigError, smtp_config

    try:
        smtp_configured = smtp_config() is not None
    except SmtpConfigError:
        smtp_configured = True
    steps: list[Callable[[], Check | list[Check]]] = [
        config_file,
        lambda: database(db_url),
        lambda: time_zones(db_url),
        lambda: private_files(db_url),
        lambda: from_address(smtp_configured),
        smtp_server,
        dkim,
        lambda: outbox_folder(smtp_configured),
        inbound,
        compiled_rules,
    ]
    checks: list[Check] = []
    for step in steps:
        found = step()
        checks.extend(found if isinstance(found, list) else [found])
    return checks


def healthy(checks: list[Check]) -> bool:
    return not any(check.status == "fail" for check in checks)


def _redact(url: str) -> str:
    from adjudicator.mail.outbound import redact

    return redact(url)
