"""What a seat owes, as every mail that asks for orders says it.

A turn notice, a report announcing the next turn and a reminder each stand on their own: for
each request the seat owes, what is asked, what happens if nothing arrives, and the order forms
it may write now. The forms come from the game's own order-language table
(:meth:`~adjudicator.games.base.Ruleset.order_forms`), which the game's tests parse example by
example, so what a mail prints cannot drift from what the parser reads. No mail sends a player
to a file: ``help`` by mail answers with the full order page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.games.base import HELP_HINT, OrderRequest, Ruleset, Spoken
from adjudicator.games.language import ENGLISH, Language


@dataclass(frozen=True)
class Owed:
    """One request as a mail shows it to the seat that owes it."""

    key: str
    label: str
    prompt: str
    optional: bool
    #: the lines that run if nothing arrives (empty: none)
    default: tuple[str, ...]
    #: ``(syntax, meaning, example)`` of each form the request accepts; the example is ``""`` when
    #: it is the syntax itself
    forms: tuple[tuple[str, str, str], ...]
    #: the reader's language, which :attr:`silence` is said in
    lang: Language = field(default=ENGLISH, compare=False)

    @property
    def silence(self) -> str:
        """What silence does, in a sentence."""
        lang = self.lang
        if self.optional:
            return lang._("If you send nothing, this stays as it is and the turn does not wait for you.")
        if not self.default:
            return lang._("If you send nothing by the deadline, your seat sends no orders.")
        if len(self.default) == 1:
            return lang._(
                "If you send nothing by the deadline, your seat plays: %(orders)s", orders=self.default[0]
            )
        return lang._("If you send nothing by the deadline, your seat plays these orders:")


#: "(see orders/mare-nostrum.md)" in a request's prompt: the recorded prompts of released rulesets
#: keep it (a replay compares them byte for byte), a mail leaves it out
_REPOSITORY_FILE = re.compile(r"\s*\(see [^()]*\.md[^()]*\)")


def for_player(text: str) -> str:
    """``text`` as a mail shows it: without a pointer to a file of the repository."""
    return _REPOSITORY_FILE.sub("", text)


def as_mailed(request: OrderRequest) -> OrderRequest:
    """``request`` with its prompt as a mail shows it (:func:`for_player`)."""
    prompt = for_player(request.prompt)
    return request if prompt == request.prompt else replace(request, prompt=prompt)


def default_lines(request: OrderRequest) -> tuple[str, ...]:
    """The request's default orders, one line each (blank lines left out)."""
    return tuple(line.strip() for line in request.default.splitlines() if line.strip())


def owed_by(
    ruleset: Ruleset, requests: list[OrderRequest], seat: str | None, lang: Language = ENGLISH
) -> list[Owed]:
    """Every request of ``requests`` that ``seat`` owes, with its default and its order forms,
    in ``lang`` (the game's words through :class:`~adjudicator.games.base.Spoken`)."""
    if seat is None:
        return []
    spoken = Spoken(ruleset, lang)
    out = []
    for request in requests:
        if request.seat != seat:
            continue
        forms = tuple(
            (form.syntax, form.meaning, "" if form.example == form.syntax else form.example)
            for form in (  # none: older rules
                getattr(ruleset, "order_forms", lambda _request: ())(request)
                if lang.code == "en"
                else spoken.order_forms(request)
            )
        )
        out.append(
            Owed(
                key=request.key,
                label=spoken.label(request.label) if request.label else request.key,
                prompt=for_player(spoken.prompt(request)),
                optional=request.optional,
                default=default_lines(
                    request
                    if lang.code == "en"
                    else replace(request, default=spoken.canonical(request, request.default))
                ),
                forms=forms,
                lang=lang,
            )
        )
    return out


def owed_text(owed: list[Owed], lang: Language = ENGLISH) -> str:
    """The plain-text section a mail prints for ``owed`` (``""`` when the seat owes nothing)."""
    out: list[str] = []
    for item in owed:
        out.append(
            lang._("YOU OWE: %(label)s", label=item.label) + (lang._(" (optional)") if item.optional else "")
        )
        if item.prompt:
            out.append(item.prompt)
        out.append(item.silence)
        if len(item.default) > 1 or (item.optional and item.default):
            out.extend(f"    {line}" for line in item.default)
        if item.forms:
            out.append(lang._("What you may write now, one order per line:"))
            for syntax, meaning, example in item.forms:
                what = f" - {meaning}" if meaning else ""
                ex = lang._(" (e.g. %(example)s)", example=example) if example else ""
                out.append(f"  {syntax}{what}{ex}")
        out.append("")
    if out:
        hint = lang.gettext(HELP_HINT)
        out.append(hint[0].upper() + hint[1:] + ".")
    return "\n".join(out)


def owed_context(
    ruleset: Ruleset, requests: list[OrderRequest], seat: str | None, lang: Language = ENGLISH
) -> dict[str, Any]:
    """What the templates read: the seat's requests and their text, in ``lang``."""
    owed = owed_by(ruleset, requests, seat, lang)
    return {"you_owe": owed, "you_owe_text": owed_text(owed, lang), "help_hint": lang.gettext(HELP_HINT)}
