"""What the receiving server said of a player's mail: its Authentication-Results (RFC 8601).

The referee's own mail server (or provider) checks DKIM, SPF and DMARC of every incoming mail and
writes what it found in an ``Authentication-Results`` header. That header can be forged by a
sender like any other, so only one is read: the one whose authentication service id is
``PBEM_AUTHSERV_ID`` (the referee's server's name), or, when that is not set, the topmost one
(the last server to handle the mail writes it on top). A DKIM or DMARC failure for the domain of
the mail's From is shown in the acknowledgement and logged for the referee; the seat's secret
still decides whether the mail is taken.
"""

from __future__ import annotations

import logging
from email.message import Message

from adjudicator.post.config import setting

log = logging.getLogger(__name__)
FAILED = ("fail", "permerror", "temperror", "policy")


def _ours(msg: Message) -> str | None:
    headers = [str(h) for h in msg.get_all("Authentication-Results", []) or []]
    if not headers:
        return None
    wanted = (setting("PBEM_AUTHSERV_ID") or "").strip().lower()
    if not wanted:
        return headers[0]
    for header in headers:
        if header.split(";", 1)[0].strip().lower() == wanted:
            return header
    return None


def _of_domain(value: str, domain: str) -> bool:
    return value == domain or value.endswith("@" + domain) or value.endswith("." + domain)


def authentication_failures(msg: Message, from_domain: str) -> list[str]:
    """``["dkim=fail", "dmarc=fail"]`` for the From domain, by the trusted header; empty when
    all passed, nothing was checked, or no trusted header is present."""
    header = _ours(msg)
    if header is None or not from_domain:
        return []
    import authres

    try:
        parsed = authres.AuthenticationResultsHeader.parse_value(header)
    except Exception:  # an unreadable header says nothing either way
        return []
    domain = from_domain.lower()
    found = []
    for result in parsed.results:
        method, value = str(result.method).lower(), str(result.result).lower()
        if method not in ("dkim", "dmarc") or value not in FAILED:
            continue
        about = {
            str(p.value).lower()
            for p in result.properties
            if str(p.type) == "header" or str(p.name) == "from"
        }
        if method == "dkim":
            about |= {str(p.value).lower() for p in result.properties if str(p.name) in ("d", "i")}
        if not about or any(
            a == domain or a.endswith("@" + domain) or a.endswith("." + domain) for a in about
        ):
            found.append(f"{method}={value}")
    return sorted(set(found))
