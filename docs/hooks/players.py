"""mkdocs hook: the site's home page is the README, and its players' pages are the game pages
under ``orders/``, in English and in each language a game's translators wrote them in
(``orders/<game>.<lang>.md``, e.g. ``mare-nostrum.fr.md``): those are added to the navigation
under their language, as many as there are (a game not translated yet has none).

The same pages are what a player gets by mail with ``help``; the site shows them under
``players/`` without a copy to keep in step. A link from them to a file that is not a page (an
example order file, a scenario) becomes the file's name in code, since the site does not carry it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
ORDERS = ROOT / "orders"
#: A translated page: ``<name>.<lang>.md``.
TRANSLATED = re.compile(r"^(?P<name>.+)\.(?P<lang>[a-z]{2})\.md$")
#: The players' section of the navigation, and each language's own title for its pages.
PLAYERS_SECTION = "The players' pages"
LANGUAGES = {"fr": "En français"}
LINK = re.compile(r"\[([^\]]+)\]\(([^)#]+)(#[^)]*)?\)")


def _page_links_only(text: str) -> str:
    def keep_or_name(match: re.Match[str]) -> str:
        label, target, anchor = match.group(1), match.group(2), match.group(3) or ""
        if target.endswith(".md") and (ORDERS / target).is_file():
            found = TRANSLATED.match(target)
            if target == "README.md":
                target = "index.md"
            elif found is not None and found["name"] == "README":
                target = f"index.{found['lang']}.md"
            return f"[{label}]({target}{anchor})"
        if "://" in target:
            return match.group(0)
        return f"{label} (`orders/{target}`)"

    return LINK.sub(keep_or_name, text)


def _home(text: str) -> str:
    """The README with its links made the site's own: docs/x.md -> x.md, orders/ -> players/."""

    def site_link(match: re.Match[str]) -> str:
        label, target, anchor = match.group(1), match.group(2), match.group(3) or ""
        if target.startswith("docs/"):
            return f"[{label}]({target.removeprefix('docs/')}{anchor})"
        if target in ("orders/", "orders/README.md"):
            return f"[{label}](players/index.md{anchor})"
        if target.startswith("orders/") and target.endswith(".md"):
            return f"[{label}](players/{target.removeprefix('orders/')}{anchor})"
        if "://" in target:
            return match.group(0)
        return f"{label} (`{target}`)"

    return LINK.sub(site_link, text)


def _title(page: Path) -> str:
    """A page's title: its first heading (its file name when it has none)."""
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return page.stem


def translated_pages() -> dict[str, list[tuple[str, str]]]:
    """The translated players' pages by language: ``(title, site path)`` each, sorted by name."""
    out: dict[str, list[tuple[str, str]]] = {}
    for page in sorted(ORDERS.glob("*.md")):
        found = TRANSLATED.match(page.name)
        if found is None:
            continue
        name = "index" if found["name"] == "README" else found["name"]
        out.setdefault(found["lang"], []).append((_title(page), f"players/{name}.{found['lang']}.md"))
    return out


def on_config(config: Any) -> Any:
    """The translated players' pages in the navigation, under the players' section."""
    pages = translated_pages()
    for section in config["nav"] or []:
        if isinstance(section, dict) and PLAYERS_SECTION in section:
            for code, entries in sorted(pages.items()):
                title = LANGUAGES.get(code, code)
                section[PLAYERS_SECTION].append({title: [{t: path} for t, path in entries]})
    return config


def on_files(files: Files, config: Any) -> Files:
    files.append(File.generated(config, "index.md", content=_home((ROOT / "README.md").read_text("utf-8"))))
    for page in sorted(ORDERS.glob("*.md")):
        found = TRANSLATED.match(page.name)
        if page.name == "README.md":
            name = "index.md"
        elif found is not None and found["name"] == "README":
            name = f"index.{found['lang']}.md"
        else:
            name = page.name
        content = _page_links_only(page.read_text(encoding="utf-8"))
        files.append(File.generated(config, f"players/{name}", content=content))
    return files
