"""Headless Chromium for the tests that look at a page the way a player's browser draws it.

Every such test skips, with the reason, where Chromium is not installed or cannot run; `.ci/run`
installs it, so there nothing is skipped.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
NOT_INSTALLED = "Chromium is not installed (Debian: apt-get install chromium)"


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium with a private profile under ``tmp_path`` and the given arguments."""
    if CHROMIUM is None:
        pytest.skip(NOT_INSTALLED)
    profile = tmp_path / "profile"
    profile.mkdir(exist_ok=True)
    command = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        *args,
    ]
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=90, check=False)
    except subprocess.TimeoutExpired:
        pytest.skip("Chromium did not finish within 90 s on this machine")
