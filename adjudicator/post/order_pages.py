"""The game's order page, as a player reads it by mail (the ``help`` mail command).

Each game's page (``orders/<game>.md`` in the repository) ships with the package
(``adjudicator/pages/<game>.md``). A player has only a mailbox, so the page is mailed as a mail
client shows it: its Markdown rendered to HTML, and the same HTML turned into plain text. What
the page says for the project's developers is left out of what a player gets: every sentence,
table row or list item naming a file of the repository (a rule book's path, a test, a bench
script, an example file) and the bracketed test names that pin each reading.

``help TOPIC`` mails only the sections whose heading or text holds the topic's words.
"""

from __future__ import annotations

import html
import re
import textwrap
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources

#: What names a file of the repository in a page: a path under one of its folders, a file name
#: with an extension the repository holds, a test name, the README.
REPOSITORY_REFERENCE = re.compile(
    r"(?<![\w.])(?:\.venv|shared|tests|bench|tools|adjudicator|orders|scenarios|adjustments|turns|docs|cron)/"
    r"|[\w.*<>-]+\.(?:py|md|txt|toml|j2|json|sh)\b"
    r"|\btest_\w+"
    r"|(?<![\w/.<])[a-z][\w-]*/(?=[\s.,;:)`]|$)"  # a folder of examples: `mare-nostrum/`
    r"|\bREADME\b",
)
_BRACKETED_TESTS = re.compile(r"\s*\[(?:`test_\w+`(?:,\s*)?)+\]")
#: a sentence ends at . ! ? after a letter or a closing mark (not "8. La phase", a numbered title)
_SENTENCE_END = re.compile(r"(?<=[A-Za-z)\]\"'`*][.!?])\s+(?=[A-Z*`(\[])")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
MAX_TOPIC = 60
#: the width of the plain text's prose (tables and code keep their lines)
WIDTH = 78


@dataclass(frozen=True)
class Section:
    """One heading of the page and its Markdown (the heading line included)."""

    title: str
    level: int
    markdown: str


@dataclass(frozen=True)
class Help:
    """What the ``help`` command mails: a title, the plain text and the HTML of the same page."""

    title: str
    text: str
    html: str


def has_page(ruleset: str) -> bool:
    return (resources.files("adjudicator") / "pages" / f"{ruleset}.md").is_file()


@cache
def page_markdown(ruleset: str) -> str:
    """The game's order page for players: its Markdown without the repository's references."""
    if not re.fullmatch(r"[a-z0-9-]{1,40}", ruleset) or not has_page(ruleset):
        raise LookupError(f"no order page for {ruleset!r}")
    text = (resources.files("adjudicator") / "pages" / f"{ruleset}.md").read_text(encoding="utf-8")
    return for_players(text)


def for_players(markdown: str) -> str:
    """``markdown`` without what names a file of the repository (see the module's docstring)."""
    out: list[str] = []
    block: list[str] = []
    fenced = False

    def flush() -> None:
        if block:
            kept = _clean_block(block)
            if kept:
                out.extend(kept)
            block.clear()

    for line in markdown.splitlines():
        if line.strip().startswith("```"):
            flush()
            fenced = not fenced
            out.append(line)
            continue
        if fenced:
            if not REPOSITORY_REFERENCE.search(line):
                out.append(line)
            continue
        if not line.strip() or _HEADING.match(line) or line.lstrip().startswith("|"):
            flush()
            if line.lstrip().startswith("|"):
                line = _table_row(line)
            out.append(line)
            continue
        if re.match(r"^\s*([*-]|\d+\.)\s", line):  # a list item starts a block of its own
            flush()
        block.append(line)
    flush()
    text = "\n".join(out)
    while (emptied := _without_empty_sections(text)) != text:  # a heading whose only subheadings went
        text = emptied
    return text + "\n"


def _table_row(line: str) -> str:
    """A table row whose cells naming a repository file are left empty (the row's syntax stays)."""
    cells = _BRACKETED_TESTS.sub("", line).split("|")
    return "|".join(" " if REPOSITORY_REFERENCE.search(cell) else cell for cell in cells)


def _clean_block(lines: list[str]) -> list[str]:
    """A paragraph or list item without its sentences naming a repository file."""
    indent = re.match(r"^\s*(?:(?:[*-]|\d+\.)\s+)?", lines[0])
    lead = indent.group(0) if indent else ""
    text = " ".join(line.strip() for line in lines)[len(lead.strip()) :].strip()
    text = _BRACKETED_TESTS.sub("", text)
    sentences = [s for s in _SENTENCE_END.split(text) if not REPOSITORY_REFERENCE.search(s)]
    kept = " ".join(sentences).strip()
    if not kept or kept in (":",):
        return []
    return [lead + kept]


def _without_empty_sections(markdown: str) -> str:
    """Headings left with nothing under them (the next line with text is a heading of their level
    or above, or the end) dropped."""
    lines = markdown.splitlines()
    kept: list[str] = []
    for i, line in enumerate(lines):
        match = _HEADING.match(line)
        if match:
            following = next((other for other in lines[i + 1 :] if other.strip()), None)
            after = _HEADING.match(following) if following is not None else None
            if following is None or (after is not None and len(after.group(1)) <= len(match.group(1))):
                continue
        kept.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip()


def sections(markdown: str) -> list[Section]:
    """The page cut at each heading (the text before the first heading is the page's title section)."""
    found: list[Section] = []
    title, level, current = "", 0, []
    for line in markdown.splitlines():
        match = _HEADING.match(line)
        if match and current:
            found.append(Section(title, level, "\n".join(current).strip()))
            current = []
        if match:
            title, level = match.group(2).strip(), len(match.group(1))
        current.append(line)
    if current:
        found.append(Section(title, level, "\n".join(current).strip()))
    return found


def _folded(text: str) -> str:
    """Lower case without accents: ``Cuirassé`` and ``cuirasse`` are the same topic."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def clean_topic(topic: str) -> str:
    """A topic as asked (printable words, bounded): the reply may name it."""
    words = re.findall(r"[\w'-]+", topic, flags=re.UNICODE)
    return " ".join(words)[:MAX_TOPIC]


def topic_sections(markdown: str, topic: str) -> list[Section]:
    """The sections about ``topic`` (case and accents ignored): those whose heading holds every
    word of it, else those whose text does."""
    words = _folded(clean_topic(topic)).split()
    if not words:
        return []
    parts = [s for s in sections(markdown) if s.level > 1]
    titled = [s for s in parts if all(w in _folded(s.title) for w in words)]
    return titled or [s for s in parts if all(w in _folded(s.markdown) for w in words)]


def to_html(markdown: str) -> str:
    """The page's Markdown as HTML (tables included); raw HTML in it is shown as text, not markup."""
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown))


def to_text(page_html: str) -> str:
    """The HTML as a plain text mail shows it: headings, lists and tables laid out in text."""
    from inscriptis import get_text
    from inscriptis.css_profiles import CSS_PROFILES
    from inscriptis.model.config import ParserConfig

    # the reader keeps a <pre>'s lines, not those of a <code> inside it: the code's markup goes
    plain = re.sub(r"<pre><code[^>]*>", "<pre>", page_html).replace("</code></pre>", "</pre>")
    plain = re.sub(r"<h([1-3])>(.*?)</h\1>", _underlined, plain, flags=re.DOTALL)
    text = get_text(plain, ParserConfig(css=CSS_PROFILES["strict"]))
    lines = [wrapped for line in text.splitlines() for wrapped in _wrapped(line.rstrip())]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
    text = re.sub(r"(?m)^(\S[^\n]*)\n\n([=-]+)\n+", r"\1\n\2\n\n", text)  # the line under its heading
    return text.strip() + "\n"


def _underlined(match: re.Match[str]) -> str:
    """A heading followed by a line of ``=`` (``-`` under a third level) as long as its text."""
    title = html.unescape(re.sub(r"<[^>]*>", "", match.group(2))).strip()
    mark = "-" if match.group(1) == "3" else "="
    return (
        f"<h{match.group(1)}>{match.group(2)}</h{match.group(1)}><pre>{mark * min(len(title), WIDTH)}</pre>"
    )


def _wrapped(line: str, width: int = WIDTH) -> list[str]:
    """A line of prose (or a list item) in lines of at most ``width``; a table row (columns apart by
    runs of spaces) or a code line stays whole."""
    body = line.lstrip()
    indent = line[: len(line) - len(body)]
    if len(line) <= width or "   " in body:
        return [line]
    bullet = re.match(r"^([*+-]|\d+\.)\s+", body)
    hanging = indent + " " * (bullet.end() if bullet else 0)
    return textwrap.wrap(
        body, width, initial_indent=indent, subsequent_indent=hanging, break_on_hyphens=False
    )


def help_for(ruleset: str, title: str, topic: str = "") -> Help:
    """The ``help`` answer for a game: its whole order page, or the sections about ``topic``."""
    markdown = page_markdown(ruleset)
    asked = clean_topic(topic)
    if asked:
        found = topic_sections(markdown, asked)
        if found:
            body = "\n\n".join(s.markdown for s in found)
            heading = f"{title}: help on {asked}"
        else:
            names = [s.title for s in sections(markdown) if s.level == 2]
            body = (
                f"No part of the order page speaks of *{asked}*. Send `help` alone for the whole page, "
                "or `help` and one of these topics:\n\n" + "\n".join(f"* {n}" for n in names)
            )
            heading = f"{title}: no help on {asked}"
    else:
        body = markdown
        heading = f"{title}: the order page"
    page_html = to_html(body)
    return Help(heading, to_text(page_html), page_html)
