"""The message catalogues kept up to date and checked complete: ``pbem catalogue update|check``.

The messages are extracted with Babel from the code (``_``, ``n_``, ``N_``, ``gettext``,
``ngettext``) and the templates (Jinja2's ``{% trans %}`` and ``_()``), one part of the project at a
time: each part has its own ``.po`` file per language, so that parts can be translated apart.

``update LANG`` adds every new message of each part to its file (untranslated), keeps every
translation, and drops messages the code no longer has. ``check LANG`` lists every message of the
code and templates that has no translation in LANG, and every translation whose placeholders differ
from its message's; the test suite runs it for every supported language.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from adjudicator.games.language import LOCALE, SOURCE, SUPPORTED

PACKAGE = Path(__file__).resolve().parent.parent

#: The functions whose string arguments are messages (and which arguments).
KEYWORDS = {"_": None, "N_": None, "gettext": None, "n_": (1, 2), "ngettext": (1, 2)}

#: The parts of the project, each with its own catalogue file: name -> folders under the package.
#: The frozen rulesets of past releases are not translated (they speak as they were released).
PARTS: dict[str, tuple[str, ...]] = {
    "games": ("games",),
    "mare-nostrum": ("games/mare_nostrum",),
    "far-side": ("games/far_side",),
    "master-commander": ("games/master_commander",),
    "eollis": ("games/eollis",),
    "planet-masters": ("games/planet_masters",),
    "core": ("core",),
    "post": ("post",),
    "table": ("table",),
    "publish": ("publish",),
    "mail": ("mail",),
    "clock": ("clock",),
    "cli": ("cli",),
    "templates": ("templates",),
}

_NESTED = {"games": ("games/mare_nostrum", "games/far_side", "games/master_commander", "games/eollis",
                     "games/planet_masters", "games/releases")}  # fmt: skip


@dataclass(frozen=True)
class Message:
    """One message found in the source: its id (a tuple for plural forms) and where."""

    id: str | tuple[str, str]
    where: str


def _files_of(part: str) -> Iterator[tuple[str, str | tuple[str, str]]]:
    skip = tuple(PACKAGE / s for s in _NESTED.get(part, ()))
    for folder_name in PARTS[part]:
        folder = PACKAGE / folder_name
        method_map = [("**.py", "python"), ("**.j2", "jinja2.ext:babel_extract")]
        options = {"**.j2": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}
        for filename, lineno, message, _comments, _context in extract_from_dir(
            str(folder), method_map, options_map=options, keywords=KEYWORDS, strip_comment_tags=True
        ):
            path = folder / filename
            if any(path.is_relative_to(s) for s in skip) or "__pycache__" in filename:
                continue
            yield f"{path.relative_to(PACKAGE)}:{lineno}", message


def extract(part: str) -> list[Message]:
    """Every message of one part, in source order (a message used twice is listed twice)."""
    out: list[Message] = []
    for where, message in _files_of(part):
        if isinstance(message, tuple):
            singular, plural = message[0], message[1]
            if singular:
                out.append(Message((singular, plural), where))
        elif message:
            out.append(Message(message, where))
    return out


def po_path(code: str, part: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{part}.po"


#: Plural rules written as gettext tools expect them, where CLDR's differ (CLDR gives French a third
#: form for millions, which no translator of these mails needs).
PLURALS: dict[str, tuple[int, str]] = {"fr": (2, "(n > 1)")}


def _new(code: str) -> Catalog:
    catalog = Catalog(locale=code, project="adjudicator", version="", fuzzy=False,
                      copyright_holder="the adjudicator authors", msgid_bugs_address="")  # fmt: skip
    if code in PLURALS:
        catalog._num_plurals, catalog._plural_expr = PLURALS[code]  # the header's Plural-Forms
    return catalog


def _read(path: Path, code: str) -> Catalog:
    if not path.exists():
        return _new(code)
    with path.open("rb") as handle:
        return read_po(handle, locale=code)


def update(code: str, part: str) -> tuple[int, int]:
    """Bring ``part``'s file for ``code`` up to date; returns (messages, untranslated)."""
    old = _read(po_path(code, part), code)
    new = _new(code)
    new.creation_date = old.creation_date  # the file changes only when its messages do
    for message in extract(part):
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        kept = old.get(key)
        string = kept.string if kept is not None else ("", "") if isinstance(message.id, tuple) else ""
        file, line = message.where.rsplit(":", 1)
        if key in new:
            new[key].locations.append((file, int(line)))
            continue
        flags = ("python-format",) if "%(" in key else ()
        new.add(message.id, string, locations=[(file, int(line))], flags=flags)
    path = po_path(code, part)
    if not len(new):
        if path.exists():
            path.unlink()
        return 0, 0
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, new, width=100, omit_header=False, sort_output=False, include_lineno=False)
    missing = sum(1 for m in new if m.id and not _translated(m.string))
    return len(new), missing


def _translated(string: str | tuple[str, ...] | None) -> bool:
    if isinstance(string, tuple | list):
        return bool(string) and all(string)
    return bool(string)


_PLACEHOLDER = re.compile(r"%\((\w+)\)[sdrif]|\{(\w+)\}")


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in _PLACEHOLDER.findall(text)}


def _singular(message_id: str | tuple[str, ...] | list[str]) -> str:
    """A message's key: its id, or the singular of a plural message (as a catalogue keys it)."""
    return message_id if isinstance(message_id, str) else message_id[0]


def problems(code: str) -> list[str]:
    """Every message without a translation in ``code``, and every translation whose placeholders
    differ from its message's, each with where the message is used."""
    if code == SOURCE:
        return []
    out: list[str] = []
    catalogues = {part: _read(po_path(code, part), code) for part in PARTS}
    merged = {_singular(m.id): m for cat in catalogues.values() for m in cat if m.id}
    for part in PARTS:
        for message in extract(part):
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            entry = merged.get(key)
            if entry is None or not _translated(entry.string) or entry.fuzzy:
                out.append(f"{message.where}: no {code} translation of {key!r}")
                continue
            strings = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            wanted = set().union(*(placeholders(i) for i in ids)) - {"num"}
            for string in strings:
                got = placeholders(string) - {"num"}
                if got != wanted:
                    out.append(
                        f"{message.where}: {code} translation of {key!r} has placeholders {sorted(got)}"
                    )
    return sorted(set(out))


def main(argv: list[str]) -> int:
    usage = "usage: python -m adjudicator.cli.catalogue update|check LANG [PART ...]"
    if len(argv) < 2 or argv[0] not in ("update", "check") or argv[1] not in SUPPORTED:
        print(usage, file=sys.stderr)
        return 2
    command, code, parts = argv[0], argv[1], argv[2:] or list(PARTS)
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        print(f"unknown part {unknown[0]!r}; parts: {', '.join(PARTS)}", file=sys.stderr)
        return 2
    if command == "update":
        for part in parts:
            total, missing = update(code, part)
            if total:
                print(f"{part}: {total} messages, {missing} untranslated ({po_path(code, part).name})")
        return 0
    found = problems(code)
    for line in found:
        print(line)
    print(f"{len(found)} problems" if found else f"{code}: every message translated")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
