"""`pbem verify` on an edited archive: it fails at the edited turn and says why, never with a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cli import main
from adjudicator.publish.verify import summary, verify_archive


def edit(folder: Path, name: str, change: Any) -> None:
    path = folder / name
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=2))


def failure(folder: Path) -> tuple[str, str]:
    results = verify_archive(folder)
    last = results[-1]
    assert not last.ok, [r.line() for r in results]
    assert all(r.ok for r in results[:-1])
    line, code = summary(results)
    assert code == 1 and line.startswith("FAILED")
    return last.where, last.problem


def test_one_character_of_one_order(finished: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        sub = next(s for s in record["submissions"] if s["seat"] == "north")
        sub["text"] = sub["text"].replace("guess 3", "guess 4")

    edit(finished, "003/record.json", change)
    where, problem = failure(finished)
    assert where == "turn 003"
    assert "order of north (guess:north) does not match its receipt" in problem


def test_one_die_value(finished: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        record["dice"][0]["value"] = record["dice"][0]["value"] % 6 + 1

    edit(finished, "002/record.json", change)
    where, problem = failure(finished)
    assert where == "turn 002"
    assert "dice log differs from the replay: roll 1 (target, d6)" in problem


def test_one_state_field(finished: Path) -> None:
    def change(record: dict[str, Any]) -> None:
        record["state_after"]["score"]["north"] += 1

    edit(finished, "002/record.json", change)
    where, problem = failure(finished)
    assert where == "turn 002"
    assert "state_after differs from the replay at $.score.north" in problem


def test_an_event(finished: Path) -> None:
    edit(finished, "001/record.json", lambda r: r["events"][0].update(text="The target is 9."))
    where, problem = failure(finished)
    assert where == "turn 001" and "event 1" in problem


def test_a_turn_secret_or_seed(finished: Path) -> None:
    edit(finished, "001/record.json", lambda r: r.update(seed="00" * 32))
    assert failure(finished) == ("turn 001", "the seed is not HMAC-SHA256(turn secret, sorted receipts)")


def test_the_setup(finished: Path) -> None:
    edit(finished, "game.json", lambda g: g["setup"]["state"]["order"].reverse())
    where, problem = failure(finished)
    assert where == "archive" and "setup" in problem and "order" in problem


def test_a_rewritten_history_breaks_the_chain(finished: Path) -> None:
    edit(finished, "002/record.json", lambda r: r.update(prev_record_hash="ab" * 32))
    where, problem = failure(finished)
    assert where == "turn 002" and "chain broken" in problem


def test_a_missing_turn(finished: Path) -> None:
    shutil.rmtree(finished / "002")
    where, problem = failure(finished)
    assert where == "turn 002" and "missing" in problem


def test_a_truncated_json_file(finished: Path) -> None:
    path = finished / "003" / "record.json"
    path.write_bytes(path.read_bytes()[:300])
    where, problem = failure(finished)
    assert where == "turn 003" and "not valid JSON (truncated?)" in problem


def test_a_wrong_type(finished: Path) -> None:
    edit(finished, "001/record.json", lambda r: r.update(submissions={"north": "guess 3"}))
    where, problem = failure(finished)
    assert where == "turn 001" and "'submissions' should be list" in problem


def test_a_path_traversal_game_id(finished: Path) -> None:
    edit(finished, "game.json", lambda g: g.update(game="../x"))
    where, problem = failure(finished)
    assert where == "archive" and "invalid game id '../x'" in problem


def test_an_extra_turn_folder(finished: Path) -> None:
    shutil.copytree(finished / "001", finished / "099")
    assert "099/" in failure(finished)[1]


def test_no_archive_at_all(tmp_path: Path) -> None:
    assert failure(tmp_path) == ("archive", f"game.json is missing ({tmp_path / 'game.json'})")


def test_the_cli_names_the_turn_and_exits_non_zero(
    finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(finished, "002/record.json", lambda r: r["dice"][0].update(value=r["dice"][0]["value"] % 6 + 1))
    assert main(["verify", str(finished)]) == 1
    captured = capsys.readouterr()
    assert "turn 001 (Round 1): ok" in captured.out
    assert "turn 002 (Round 2): MISMATCH - the dice log differs" in captured.out
    assert "turn 003" not in captured.out  # it stops at the first mismatch
    assert "FAILED at turn 002" in captured.err


# -- the reader is total: any damage gives a named problem, never an exception --------------
def _copy(pristine: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("damaged") / "camp"
    shutil.copytree(pristine, target)
    return target


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FILES = ["game.json", "001/record.json", "002/record.json"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(FILES), cut=st.integers(min_value=0, max_value=5000), data=st.binary(max_size=40))
def test_damaged_bytes_give_a_named_problem(
    pristine: Path, tmp_path_factory: pytest.TempPathFactory, name: str, cut: int, data: bytes
) -> None:
    folder = _copy(pristine, tmp_path_factory)
    path = folder / name
    raw = path.read_bytes()
    damaged = raw[:cut] + data + raw[cut + len(data) :]
    path.write_bytes(damaged)
    results = verify_archive(folder)
    if damaged != raw and not results[-1].ok:
        assert results[-1].problem
    if not all(r.ok for r in results):
        assert summary(results)[1] == 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(FILES), value=json_values, pick=st.integers(min_value=0, max_value=50))
def test_any_field_replaced_by_any_json_gives_a_named_problem(
    pristine: Path, tmp_path_factory: pytest.TempPathFactory, name: str, value: Any, pick: int
) -> None:
    folder = _copy(pristine, tmp_path_factory)
    path = folder / name
    document = json.loads(path.read_text())
    keys = sorted(document)
    key = keys[pick % len(keys)]
    if json.dumps(document[key], sort_keys=True) == json.dumps(value, sort_keys=True):
        return
    document[key] = value
    path.write_text(json.dumps(document))
    results = verify_archive(folder)
    harmless = name == "game.json" and key in ("title", "hidden_information", "published", "record_format")
    if not harmless:
        assert not results[-1].ok, (key, value, [r.line() for r in results])
        assert results[-1].problem
