"""DKIM signatures (RFC 6376) for a referee who sends mail directly, with dkimpy.

A referee who sends through a provider's relay is signed by the provider and needs none of this.
One who runs its own server, or hands mail to a relay that does not sign, sets:

- ``PBEM_DKIM_KEY``: the PEM file of the private key (RSA; mode 600), made e.g. with
  ``openssl genrsa -out dkim.pem 2048``;
- ``PBEM_DKIM_SELECTOR``: the selector, e.g. ``pbem2026``;
- ``PBEM_DKIM_DOMAIN``: the signing domain (default: the domain of ``PBEM_FROM``).

The public key is published as the TXT record ``<selector>._domainkey.<domain>``; ``pbem doctor``
prints the record to publish and checks the one it finds. Each message is signed just before
DATA, over the headers a receiver shows and the body, relaxed/simple.
"""

from __future__ import annotations

import base64
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from adjudicator.post.compose import mail_domain
from adjudicator.post.config import setting

#: the headers signed (those present in the message; RFC 6376 5.4.1)
SIGNED = (
    b"from",
    b"to",
    b"subject",
    b"date",
    b"message-id",
    b"in-reply-to",
    b"references",
    b"mime-version",
    b"content-type",
    b"auto-submitted",
    b"list-id",
    b"list-unsubscribe",
)


class DkimConfigError(ValueError):
    """The DKIM settings cannot sign: the message says which and how to fix it."""


@dataclass(frozen=True)
class DkimKey:
    selector: str
    domain: str
    private_pem: bytes

    def sign(self, raw: bytes) -> bytes:
        """``raw`` with its DKIM-Signature header first."""
        import dkim

        present = {name.lower() for name in re.findall(rb"(?m)^([A-Za-z-]+):", raw.split(b"\r\n\r\n", 1)[0])}
        headers = [h for h in SIGNED if h in present]
        signature = dkim.sign(
            raw,
            self.selector.encode(),
            self.domain.encode(),
            self.private_pem,
            include_headers=headers,
            linesep=b"\r\n",
        )
        return signature + raw

    def public_record(self) -> str:
        """The TXT record to publish at ``<selector>._domainkey.<domain>``."""
        return f"v=DKIM1; k=rsa; p={public_key_b64(self.private_pem)}"

    @property
    def record_name(self) -> str:
        return f"{self.selector}._domainkey.{self.domain}"


def public_key_b64(private_pem: bytes) -> str:
    """The base64 DER SubjectPublicKeyInfo of an RSA private key: a DKIM record's ``p=``."""
    from cryptography.hazmat.primitives import serialization

    key = serialization.load_pem_private_key(private_pem, password=None)
    der = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return base64.b64encode(der).decode()


def dkim_settings() -> tuple[str, str, str] | None:
    """``(key path, selector, domain)`` when DKIM is configured, else ``None``."""
    path = setting("PBEM_DKIM_KEY")
    if not path:
        return None
    selector = setting("PBEM_DKIM_SELECTOR") or ""
    domain = setting("PBEM_DKIM_DOMAIN") or mail_domain()
    return path, selector, domain


def load_key() -> DkimKey | None:
    """The configured key, or ``None`` when DKIM is not configured; :class:`DkimConfigError` when
    it is configured but cannot sign."""
    found = dkim_settings()
    if found is None:
        return None
    return _load(*found)


@functools.lru_cache(maxsize=4)
def _load(path: str, selector: str, domain: str) -> DkimKey:
    if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,62})", selector):
        raise DkimConfigError(
            f"PBEM_DKIM_SELECTOR {selector!r} is not a DNS label (set it, e.g. PBEM_DKIM_SELECTOR=pbem2026)"
        )
    if not re.fullmatch(r"[A-Za-z0-9.-]{1,253}", domain) or "." not in domain:
        raise DkimConfigError(f"the DKIM domain {domain!r} is not a domain (set PBEM_DKIM_DOMAIN)")
    try:
        pem = Path(path).read_bytes()
    except OSError as exc:
        raise DkimConfigError(f"PBEM_DKIM_KEY {path}: cannot read it ({exc.strerror})") from exc
    try:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey

        if not isinstance(serialization.load_pem_private_key(pem, password=None), RSAPrivateKey):
            raise TypeError("not an RSA key")
    except Exception as exc:
        raise DkimConfigError(
            f"PBEM_DKIM_KEY {path}: not a PEM RSA private key ({type(exc).__name__}); "
            "make one with: openssl genrsa -out dkim.pem 2048"
        ) from exc
    return DkimKey(selector, domain.lower(), pem)


def check_record(key: DkimKey, record: str) -> list[str]:
    """What is wrong with the published TXT ``record`` for ``key`` (empty: it is right)."""
    tags: dict[str, str] = {}
    for part in record.replace("\n", "").split(";"):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        if not sep:
            return [f"not a DKIM record: {part.strip()[:40]!r} is no tag=value"]
        tags[name.strip().lower()] = re.sub(r"\s+", "", value)
    problems = []
    if tags.get("v", "DKIM1") != "DKIM1":
        problems.append(f"v={tags['v']!r}: must be DKIM1")
    if tags.get("k", "rsa") != "rsa":
        problems.append(f"k={tags['k']!r}: this key is rsa")
    if "p" not in tags:
        problems.append("no p= tag (the public key)")
    elif not tags["p"]:
        problems.append("p= is empty: the key is revoked")
    elif tags["p"] != public_key_b64(key.private_pem):
        problems.append("p= is not the public key of PBEM_DKIM_KEY")
    return problems
