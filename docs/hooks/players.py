"""mkdocs hook: the site's home page is the README, and its players' pages are the game pages
under ``orders/``.

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
LINK = re.compile(r"\[([^\]]+)\]\(([^)#]+)(#[^)]*)?\)")


def _page_links_only(text: str) -> str:
    def keep_or_name(match: re.Match[str]) -> str:
        label, target, anchor = match.group(1), match.group(2), match.group(3) or ""
        if target.endswith(".md") and (ORDERS / target).is_file():
            return f"[{label}]({'index.md' if target == 'README.md' else target}{anchor})"
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


def on_files(files: Files, config: Any) -> Files:
    files.append(File.generated(config, "index.md", content=_home((ROOT / "README.md").read_text("utf-8"))))
    for page in sorted(ORDERS.glob("*.md")):
        name = "index.md" if page.name == "README.md" else page.name
        content = _page_links_only(page.read_text(encoding="utf-8"))
        files.append(File.generated(config, f"players/{name}", content=content))
    return files
