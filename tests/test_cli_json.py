"""`--json`: one stable document per command, validated against the schemas shipped in the package."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from adjudicator.cli import documents, main


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code = main([*args, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    document = json.loads(out)
    name = document["schema"].removeprefix("pbem.").split("/")[0]
    jsonschema.validate(document, documents.schema(name), format_checker=jsonschema.FormatChecker())
    return document


@pytest.fixture
def club(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> dict[str, str]:
    """A started two-seat toy game in a fresh working directory; returns the seats' secrets."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PBEM_SMTP_URL", raising=False)
    monkeypatch.setenv("PBEM_CONFIG", str(tmp_path / "absent.toml"))
    assert main(["init"]) == 0
    assert main(["game", "new", "toy-guess", "club-1", "--option", "points=2"]) == 0
    secrets = {}
    for seat in ("north", "south"):
        main(["game", "join", "club-1", seat, "--email", f"{seat}@example.org", "--tz", "Europe/Paris"])
        secrets[seat] = re.search(r"^secret: (\S+)$", capsys.readouterr().out, re.MULTILINE).group(1)  # type: ignore[union-attr]
    assert main(["game", "start", "club-1"]) == 0
    capsys.readouterr()
    return secrets


def test_every_schema_is_a_valid_json_schema() -> None:
    for name in documents.SCHEMAS:
        jsonschema.Draft202012Validator.check_schema(documents.schema(name))


def test_game_list_json(club: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "game", "list")
    assert document["games"] == [
        {
            "id": "club-1",
            "ruleset": "toy-guess",
            "status": "running",
            "turn": 1,
            "seats": 2,
            "created_at": document["games"][0]["created_at"],
        }
    ]


def test_game_list_human_output_is_a_table(club: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["game", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["GAME", "RULESET", "STATUS", "TURN", "SEATS"]
    assert lines[1].split() == ["club-1", "toy-guess", "running", "1", "2"]


def test_orders_status_json_says_who_is_in_never_what(
    club: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    orders = tmp_path / "north.txt"
    orders.write_text("guess 4\n")
    assert main(["orders", "submit", "club-1", "north", str(orders), "--secret", club["north"]]) == 0
    capsys.readouterr()
    document = run_json(capsys, "orders", "status", "club-1")
    assert document["turn"] == 1
    rows = {row["seat"]: row for row in document["requests"]}
    assert rows["north"]["in"] is True and rows["north"]["final"] is False
    assert rows["south"]["in"] is False
    assert "guess 4" not in json.dumps(document)
    assert document["deadline"].endswith("+00:00")


def test_game_show_json_never_carries_a_secret(
    club: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    document = run_json(capsys, "game", "show", "club-1")
    assert [s["name"] for s in document["seats"]] == ["north", "south"]
    assert document["seats"][0]["timezone"] == "Europe/Paris"
    assert document["open_turn"]["turn"] == 1
    assert (document["press"], document["signup"], document["absence_days"]) == ("white", "closed", 0)
    text = json.dumps(document)
    for secret in club.values():
        assert secret not in text
    assert "secret_hash" not in text and "scrypt" not in text and "hmac-sha256" not in text


def test_mail_status_json(club: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "mail", "status")
    assert document["outgoing"]["via"] == "maildir"
    assert set(document["outbox"]) == {"queued", "sent", "failed"}


def test_json_of_a_game_not_started(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    main(["init"])
    main(["game", "new", "toy-guess", "g"])
    capsys.readouterr()
    assert run_json(capsys, "game", "show", "g")["open_turn"] is None
    main(["game", "new", "toy-guess", "h", "--press", "grey", "--signup", "open", "--absence", "14d"])
    capsys.readouterr()
    shown = run_json(capsys, "game", "show", "h")
    assert (shown["press"], shown["signup"], shown["absence_days"]) == ("grey", "open", 14)
    assert run_json(capsys, "orders", "status", "g")["turn"] is None


def test_json_of_an_empty_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    main(["init"])
    capsys.readouterr()
    assert run_json(capsys, "game", "list")["games"] == []
