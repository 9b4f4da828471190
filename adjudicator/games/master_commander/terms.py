"""The terms of a trade agreement: « indiquez les termes de l'accord » (book, "Etablir un nouvel accord").

The book does not list kinds of terms. The project's reading: the proposer may state, in its
``agreement <card> by <character>`` order, terms the referee enforces for the agreement's life (until it
is refuted or otherwise leaves play), each a share of the doublons the agreement produces at each of
its holder's collections:

* ``pay <n> to <seat>``: n doublons to that seat at each collection;
* ``pay <n> to each voter for``: n doublons to each other seat at least one of whose characters voted
  for the agreement in its referendum (the voters are fixed when the referendum passes).

Written after the word ``terms``, separated by ``;`` (or ``and``): ``agreement trade treaty by segundo
terms pay 1 to french; pay 1 to each voter for``. The terms are public: they are printed with the card
when it is proposed and in every ballot request. A share is paid out of the agreement's production only
(never from the holder's other doublons): the seats named first, then the voters, each in turn order
from the holder, while that collection's production of the agreement lasts. Named shares may not add
up to more than the production, and no share may exceed it. Terms without ``terms`` (the default) are
the card's printed ones only.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from adjudicator.games.language import ENGLISH, N_, Language
from adjudicator.games.master_commander.glossary import GLOSSARY

if TYPE_CHECKING:
    from adjudicator.games.master_commander.table import Table

Term = dict[str, Any]

VOTERS = "each voter for"
MAX_TERMS = 8
MAX_SHARE = 99
EXAMPLE = "terms pay 1 to french; pay 1 to each voter for"

_TERM = re.compile(
    r"pay\s+(?P<n>\S+?)(?:\s+doublons?)?\s+to\s+(?P<who>.+?)(?:\s+(?:at\s+)?each\s+collection)?",
    re.IGNORECASE,
)
_VOTERS = re.compile(r"(?:each|every|all)?\s*voters?\s+for(?:\s+it)?", re.IGNORECASE)
_SEAT = re.compile(r"[a-z][a-z0-9-]{0,39}")


class TermError(ValueError):
    """A term that cannot be read; the message says which and why."""

    def __init__(self, message: str, suggestion: str = f"write them like: {EXAMPLE}") -> None:
        super().__init__(message)
        self.suggestion = suggestion


def parse_terms(text: str | None) -> list[Term]:
    """``pay 1 to french; pay 1 to each voter for`` -> ``[{"pay": 1, "to": "french"}, ...]``."""
    parts = [p.strip() for p in re.split(r";|\band\b", text or "", flags=re.IGNORECASE)]
    parts = [" ".join(p.split()) for p in parts if p.strip()]
    if not parts:
        raise TermError("'terms' is written but no term follows it")
    if len(parts) > MAX_TERMS:
        raise TermError(f"{len(parts)} terms: at most {MAX_TERMS}")
    terms: list[Term] = []
    for part in parts:
        shown = part[:40]
        if not part.lower().startswith("pay"):
            raise TermError(
                f"unknown term {shown!r}: the referee enforces 'pay <n> to <seat>' and "
                "'pay <n> to each voter for'"
            )
        m = _TERM.fullmatch(part)
        if not m:
            raise TermError(f"cannot read the term {shown!r}: say how much and to whom")
        if not (m["n"].isascii() and m["n"].isdigit()) or not 1 <= int(m["n"]) <= MAX_SHARE:
            raise TermError(
                f"in {shown!r} the share must be a whole number of doublons from 1 to {MAX_SHARE}",
                "pay 1 to french",
            )
        who = m["who"].strip().lower()
        if _VOTERS.fullmatch(who):
            who = VOTERS
        elif not _SEAT.fullmatch(who):
            raise TermError(
                f"in {shown!r}, {who[:30]!r} is not a seat", "pay 1 to <seat> / pay 1 to each voter for"
            )
        if any(t["to"] == who for t in terms):
            raise TermError(f"two terms pay {who}", "one term per seat")
        terms.append({"pay": int(m["n"]), "to": who})
    return terms


def terms_text(terms: list[Term]) -> str:
    """The canonical text of terms (read back by :func:`parse_terms` to the same terms)."""
    return "; ".join(f"pay {t['pay']} to {t['to']}" for t in terms)


def described_terms(terms: list[Term], lang: Language = ENGLISH) -> str:
    """Terms as printed in reports: « terms: pay 1 doublon to french at each collection »."""
    if lang.code != "en":
        voters = GLOSSARY.word("each-voter-for", lang)
        shares = [
            lang._("%(pay)s doublon(s) to %(to)s", pay=t["pay"], to=voters if t["to"] == VOTERS else t["to"])
            for t in terms
        ]
        return lang._(
            "terms: pay %(shares)s out of its production at each collection",
            shares=lang.gettext(N_(", then ")).join(shares),
        )
    shares = [f"{t['pay']} doublon(s) to {t['to']}" for t in terms]
    return "terms: pay " + ", then ".join(shares) + " out of its production at each collection"


def checked_terms(table: Table, seat: str, agreement: str, terms: list[Term]) -> list[Term]:
    """The terms with their seats named as the table names them (raises Refused if not enforceable)."""
    from adjudicator.games.master_commander.table import Refused

    production = int(table.card(agreement).get("production", 0))
    out: list[Term] = []
    for term in terms:
        who = term["to"] if term["to"] == VOTERS else table.seat_named(term["to"])
        if who == seat:
            raise Refused(f"the terms cannot pay {seat}, the agreement's own holder", "pay another seat")
        if any(t["to"] == who for t in out):
            raise Refused(f"two terms pay {who}", "one term per seat", "ambiguous")
        if int(term["pay"]) > production:
            raise Refused(
                f"{table.name(agreement)} produces {production} doublon(s) a collection; a share of "
                f"{term['pay']} is more than that",
                f"pay {production} at most" if production else "no terms: it produces nothing to share",
            )
        out.append({"pay": int(term["pay"]), "to": who})
    named = sum(t["pay"] for t in out if t["to"] != VOTERS)
    if named > production:
        raise Refused(
            f"the terms give {named} doublons to named seats; {table.name(agreement)} produces {production}",
            "smaller shares",
        )
    return out


def settle_voters(table: Table, referendum: dict[str, Any]) -> None:
    """When the referendum passes: the seats (other than the holder) with a character that voted for."""
    inst = table.inst(referendum["agreement"])
    if not any(t["to"] == VOTERS for t in inst.get("terms", [])):
        return
    seat = referendum["seat"]
    for_seats = {table.controller(u) for u, side in referendum["voted"].items() if side == "for"}
    inst["voters"] = [s for s in table.seats_from(seat)[1:] if s in for_seats]
    shown = ", ".join(inst["voters"]) or "nobody"
    table.tell(f"Voters for {table.name(referendum['agreement'])} under its terms: {shown}.", "terms")


def pay_terms(table: Table, seat: str) -> None:
    """At ``seat``'s collection: each of its agreements pays its terms out of its production."""
    for agreement in table.player(seat)["agreements"]:
        inst = table.inst(agreement)
        terms = inst.get("terms") or []
        if not terms:
            continue
        budget = int(table.card(agreement).get("production", 0))
        payees: list[tuple[str, int]] = []
        order = table.seats_from(seat)[1:]
        for s in order:  # named seats first, in turn order from the holder
            payees += [(s, int(t["pay"])) for t in terms if t["to"] == s]
        for t in terms:
            if t["to"] == VOTERS:
                payees += [(s, int(t["pay"])) for s in order if s in inst.get("voters", [])]
        for payee, share in payees:
            amount = min(share, budget, table.player(seat)["doublons"])
            if amount <= 0:
                table.tell(
                    f"Nothing is left of {table.name(agreement)}'s production for {payee}'s share.", "terms"
                )
                continue
            budget -= amount
            table.pay_bank(seat, amount)
            table.gain(payee, amount)
            table.tell(
                f"{seat} pays {amount} doublon(s) to {payee} under the terms of {table.name(agreement)}.",
                "terms",
                amount=amount,
            )
