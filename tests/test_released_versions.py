"""Campaigns outlive upgrades: every released ruleset version stays replayable by the package.

``tests/fixtures/archives/v<release>/<ruleset>/`` holds small archives made by each released
version's own code (``tests/fixtures/release_*/make.py`` says how); each one must verify with
today's package, with the ruleset version it was played with. A database made by the first
release is upgraded by ``pbem init`` and its running games go on with the first release's rules
to their end, then export and verify.
"""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.core.engine import Referee
from adjudicator.core.store import Database, Game
from adjudicator.games import RELEASED, UnknownRuleset, available, get_ruleset, versions
from adjudicator.publish.archive import export_game
from adjudicator.publish.verify import summary, verify_archive

FIXTURES = Path(__file__).parent / "fixtures"
ARCHIVES = FIXTURES / "archives"
FIRST_RELEASE = ("mare-nostrum", "far-side", "master-commander")
TODAY = ("mare-nostrum", "far-side", "master-commander", "eollis", "planet-masters")


def _copy(src: Path, tmp_path: Path) -> Path:
    target = tmp_path / src.name
    shutil.copytree(src, target)
    return target


def _verified(folder: Path) -> tuple[list[str], str]:
    results = verify_archive(folder)
    line, code = summary(results)
    assert code == 0, line
    assert all(r.ok for r in results)
    return [r.line() for r in results], line


# -- the registry ------------------------------------------------------------------------------
def test_a_game_of_a_released_version_gets_that_versions_frozen_rules() -> None:
    for name in FIRST_RELEASE:
        old = get_ruleset(name, "1")
        assert old.version == "1" and old.name == name
        assert type(old).__module__.startswith("adjudicator.games.releases.v0_1_0.")
        assert get_ruleset(name) is not old  # today's rules are another version
        assert get_ruleset(name).version != "1"


def test_no_released_version_is_today_s_version_under_the_same_number() -> None:
    for name, version in RELEASED:
        assert available()[name].version != version, (name, version)


def test_a_version_no_release_made_is_refused_naming_the_kept_ones() -> None:
    with pytest.raises(UnknownRuleset, match=r"no version '7' of the ruleset 'far-side'.*'1', '3'"):
        get_ruleset("far-side", "7")
    assert versions("far-side") == ["1", "3"]
    assert versions("eollis") == [available()["eollis"].version]


# -- the fixture archives ----------------------------------------------------------------------
@pytest.mark.parametrize("name", FIRST_RELEASE)
def test_a_first_release_archive_verifies_with_the_first_release_rules(name: str, tmp_path: Path) -> None:
    folder = _copy(ARCHIVES / "v0_1_0" / name, tmp_path)
    lines, line = _verified(folder)
    assert lines[0].startswith(f"setup ({name} version 1): ok")
    assert f"replayed byte for byte with {name} version 1" in line
    # that release wrote no manifests: the files step says it checked them not
    assert lines[-1].startswith("files: partly checked") and "NOT checked: reports and pages" in lines[-1]


@pytest.mark.parametrize("name", TODAY)
def test_a_release_0_2_0_archive_verifies_with_its_rules(name: str, tmp_path: Path) -> None:
    folder = _copy(ARCHIVES / "v0_2_0" / name, tmp_path)
    recorded = json.loads((folder / "game.json").read_text())["ruleset_version"]
    lines, line = _verified(folder)
    assert lines[0].startswith(f"setup ({name} version {recorded}): ok")
    assert lines[-1].startswith("files: ok")
    assert line.endswith(f"replayed byte for byte with {name} version {recorded}")


def test_a_changed_state_in_a_first_release_archive_is_a_mismatch(tmp_path: Path) -> None:
    folder = _copy(ARCHIVES / "v0_1_0" / "far-side", tmp_path)
    path = folder / "002" / "record.json"
    record = json.loads(path.read_text())
    state = record["state_after"]
    key = sorted(state)[0]
    state[key] = [state[key]]  # the state a replay must reach, changed
    path.write_text(json.dumps(record))
    line, code = summary(verify_archive(folder))
    assert code == 1 and line.startswith("FAILED")


def test_an_archive_naming_a_version_no_release_made_fails_clearly(tmp_path: Path) -> None:
    folder = _copy(ARCHIVES / "v0_1_0" / "far-side", tmp_path)
    data = json.loads((folder / "game.json").read_text())
    data["ruleset_version"] = "7"
    (folder / "game.json").write_text(json.dumps(data))
    line, code = summary(verify_archive(folder))
    assert code == 1
    assert "played with ruleset 'far-side' version '7', which this package cannot replay" in line


def test_removing_the_manifests_of_a_release_0_2_0_archive_fails_its_files_check(tmp_path: Path) -> None:
    """Only an archive of the first release's rules may come without manifests: deleting them
    from a later archive does not skip the check of its published files."""
    folder = _copy(ARCHIVES / "v0_2_0" / "far-side", tmp_path)
    for manifest in folder.rglob("manifest.json"):
        manifest.unlink()
    results = verify_archive(folder)
    assert summary(results)[1] == 1
    assert results[-1].where == "files" and "manifest.json is missing" in results[-1].problem


# -- a database made by the first release ------------------------------------------------------
def _release_1_database(tmp_path: Path) -> str:
    path = tmp_path / "club.db"
    with gzip.open(FIXTURES / "release_0_1_0" / "release_0_1_0.db.gz", "rb") as packed:
        path.write_bytes(packed.read())
    return f"sqlite:///{path}"


def test_a_first_release_database_upgrades_and_its_games_finish_with_their_rules(tmp_path: Path) -> None:
    url = _release_1_database(tmp_path)
    assert main(["init", "--db", url]) == 0
    db = Database(url)
    referee = Referee(db)
    for name in FIRST_RELEASE:
        game_id = f"club-{name}"
        with db.session() as session:
            game = session.get(Game, game_id)
            assert game is not None and game.status == "running" and game.ruleset_version == "1"
            assert type(referee.ruleset_of(game)).__module__.startswith("adjudicator.games.releases.v0_1_0.")
        for _ in range(200):
            closed = referee.close_turn(game_id, reason="test")
            assert closed is not None
            if closed.outcome is not None:
                break
        else:
            pytest.fail(f"{game_id} did not end")
        folder = export_game(db, game_id, tmp_path / "turns", full=True)
        lines, line = _verified(folder)
        assert lines[0].startswith(f"setup ({name} version 1): ok")
        assert f"with {name} version 1" in line
        data = json.loads((folder / "game.json").read_text())
        assert data["status"] == "over" and data["ruleset_version"] == "1"
        # the reports of the turns played after the upgrade name the rules version in force
        last = data["turns"][-1]["number"]
        assert "(rules version 1)" in (folder / f"{last:03d}" / "report.txt").read_text().splitlines()[0]
    # a game created after the upgrade records today's version
    _game, _seats, _secret = referee.new_game("far-side", "after-upgrade", {}, deadline="48h")
    with db.session() as session:
        game = session.get(Game, "after-upgrade")
        assert game is not None and game.ruleset_version == available()["far-side"].version


# -- the data a game was set up with -----------------------------------------------------------
def _changed_packaged_map(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, keep_old_text: bool) -> None:
    """The package's Mediterranean map file changed (as a data fix would), in a temporary copy;
    its old text kept in ``data/retired/`` or not."""
    from adjudicator.games.mare_nostrum import map as mn_map

    original = mn_map.DEFAULT_MAP.read_text(encoding="utf-8")
    changed = original.replace('name = "', 'name = "Changed ', 1)
    assert changed != original
    data = tmp_path / "data"
    (data / "retired").mkdir(parents=True)
    (data / mn_map.DEFAULT_MAP.name).write_text(changed, encoding="utf-8")
    if keep_old_text:
        (data / "retired" / "mediterranean-0.2.0.toml").write_text(original, encoding="utf-8")
    monkeypatch.setattr(mn_map, "DATA", data)
    monkeypatch.setattr(mn_map, "DEFAULT_MAP", data / mn_map.DEFAULT_MAP.name)
    monkeypatch.setattr(mn_map, "RETIRED", data / "retired")
    monkeypatch.setattr(mn_map, "_CACHE", {})
    monkeypatch.setattr(mn_map, "_DEFAULT", [])
    assert mn_map.default_map().name.startswith("Changed ")


def test_a_game_replays_with_the_map_it_was_set_up_with_after_the_map_file_changes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = _copy(ARCHIVES / "v0_2_0" / "mare-nostrum", tmp_path)
    assert "map_sha" in json.loads((folder / "game.json").read_text())["options"]
    _changed_packaged_map(monkeypatch, tmp_path, keep_old_text=True)
    _verified(folder)


def test_a_changed_map_file_without_its_old_text_kept_fails_naming_the_map(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = _copy(ARCHIVES / "v0_2_0" / "mare-nostrum", tmp_path)
    _changed_packaged_map(monkeypatch, tmp_path, keep_old_text=False)
    line, code = summary(verify_archive(folder))
    assert code == 1 and "the packaged map mediterranean.toml with SHA-256" in line
