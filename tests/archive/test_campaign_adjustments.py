"""A real campaign through the CLI: a game started from a scenario, referee adjustments between
turns recorded in the hash-chained turn history, shown in the next report, published in the
archive and replayed by `pbem verify`, which names the adjustment when one byte of it changes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from archive_kit import play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import select
from toy_ruleset import ClosestGuess

from adjudicator.cli import main
from adjudicator.core.engine import Referee, RefereeError, Refused
from adjudicator.core.store import Database, Game, Turn, loads
from adjudicator.games import register
from adjudicator.games.base import AdjustmentError, Event
from adjudicator.games.mare_nostrum.rules import MareNostrum
from adjudicator.publish.archive import export_game
from adjudicator.publish.rollback import rollback
from adjudicator.publish.verify import summary, verify_archive
from adjudicator.table.adjustments import apply_adjustment, entry_rows

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "orders" / "scenarios" / "mare-nostrum-example.toml"
EXAMPLE_ADJUSTMENT = ROOT / "orders" / "adjustments" / "mare-nostrum-example.toml"
#: an adjustment that applies whatever the bots did in turn 1
LATER_ADJUSTMENT = """note = "Economic phase of 215 BC <b>after the harvest</b>"
brigands = ["Gallaecia"]
arsenals = ["Picenum"]

[income]
rome = 30
syracuse = 12

[treasury]
carthage = 200
"""


def pbem(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def start_campaign(url: str, game_id: str = "punic", humans: tuple[str, ...] = ()) -> None:
    """A Mare Nostrum game from the example scenario, three nations (bots but ``humans``), turn 1 open."""
    assert main(["init", "--db", url]) == 0
    assert main(["game", "new", "mare-nostrum", game_id, "--scenario", str(SCENARIO), "--db", url]) == 0
    for seat in ("rome", "carthage", "syracuse"):
        who = ["--email", f"{seat}@example.org"] if seat in humans else ["--bot"]
        assert main(["game", "join", game_id, seat, *who, "--db", url]) == 0
    assert main(["game", "start", game_id, "--db", url]) == 0


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The exported archive of a campaign: scenario, adjustment 1 after turn 0 (the example file),
    turn 1, adjustment 2 after turn 1, turn 2; made once, copied per test."""
    base = tmp_path_factory.mktemp("campaign")
    url = f"sqlite:///{base / 'pbem.db'}"
    start_campaign(url)
    assert main(["referee", "adjust", "punic", str(EXAMPLE_ADJUSTMENT), "--by", "Livia", "--db", url]) == 0
    assert main(["turn", "close", "punic", "--db", url]) == 0
    later = write(base, "later.toml", LATER_ADJUSTMENT)
    assert main(["referee", "adjust", "punic", str(later), "--db", url]) == 0
    assert main(["turn", "close", "punic", "--db", url]) == 0
    assert main(["archive", "export", "punic", "--to", str(base / "turns"), "--db", url]) == 0
    return base / "turns" / "punic"


@pytest.fixture
def archive(pristine: Path, tmp_path: Path) -> Path:
    target = tmp_path / "turns" / "punic"
    shutil.copytree(pristine, target)
    return target


def failure(folder: Path) -> tuple[str, str]:
    results = verify_archive(folder)
    assert not results[-1].ok, [r.line() for r in results]
    assert all(r.ok for r in results[:-1])
    return results[-1].where, results[-1].problem


# -- end to end -------------------------------------------------------------------
def test_game_new_with_a_scenario_and_referee_adjust_work_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    pbem(capsys, "init", "--db", url)
    code, out, _ = pbem(
        capsys, "game", "new", "mare-nostrum", "punic", "--scenario", str(SCENARIO), "--db", url
    )
    assert code == 0 and "seats: rome, carthage, syracuse" in out and "from the scenario" in out
    for seat in ("rome", "carthage", "syracuse"):
        pbem(capsys, "game", "join", "punic", seat, "--bot", "--db", url)
    code, out, _ = pbem(capsys, "game", "start", "punic", "--db", url)
    assert code == 0 and "turn 1 (216 BC) open" in out  # the scenario's turn 3 is 216 BC
    code, out, _ = pbem(capsys, "turn", "close", "punic", "--db", url)
    assert code == 0
    adjustment = write(tmp_path, "adjust.toml", LATER_ADJUSTMENT)
    code, out, err = pbem(capsys, "referee", "adjust", "punic", str(adjustment), "--by", "Livia", "--db", url)
    assert code == 0, err
    assert "adjustment 1 of punic recorded after turn 1; turn 2 starts from the adjusted state" in out
    assert "record hash: " in out
    assert "Carthage's treasury is corrected" in out and "A band of brigands appears in Gallaecia." in out
    code, out, _ = pbem(capsys, "turn", "close", "punic", "--db", url)
    assert code == 0
    code, out, _ = pbem(capsys, "game", "show", "punic", "--db", url)
    assert "started from the scenario '216 BC: Hannibal in Italy'" in out
    assert "referee adjustments: 1 (the last before turn 2)" in out
    code, out, _ = pbem(capsys, "report", "punic", "--turn", "2", "--db", url)
    assert "REFEREE ADJUSTMENTS BEFORE THIS TURN" in out and "--- adjustment 1 by Livia" in out
    assert "Rome receives 30 PO of income" in out
    code, out, _ = pbem(capsys, "report", "punic", "--turn", "1", "--db", url)
    assert "REFEREE ADJUSTMENTS" not in out  # shown in the report of the turn it precedes only
    code, out, _ = pbem(capsys, "archive", "export", "punic", "--to", str(tmp_path / "turns"), "--db", url)
    assert code == 0
    code, out, _ = pbem(capsys, "verify", str(tmp_path / "turns" / "punic"))
    assert code == 0, out
    assert "adjustment 1 (after turn 001) (by Livia): ok" in out
    assert "verified: the setup and 2 turns and 1 referee adjustments replayed byte for byte" in out


def test_pbem_referee_adjust_runs_as_a_command(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    start_campaign(url)
    adjustment = write(tmp_path, "adjust.toml", "[income]\nrome = 5\n")
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "referee", "adjust", "punic", str(adjustment), "--db", url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Rome receives 5 PO of income (treasury 45 PO)." in done.stdout


def test_verify_passes_on_an_archive_with_adjustments(
    archive: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = verify_archive(archive)
    assert [r.where for r in results] == [
        "setup",
        "adjustment 1 (after turn 000)",
        "turn 001",
        "adjustment 2 (after turn 001)",
        "turn 002",
        "files",
    ]
    line, code = summary(results)
    assert code == 0 and "2 turns and 2 referee adjustments" in line
    assert pbem(capsys, "verify", str(archive))[0] == 0


def test_the_archive_publishes_the_scenario_and_the_adjustments(archive: Path) -> None:
    game = json.loads((archive / "game.json").read_text())
    assert game["options"]["scenario"]["title"] == "216 BC: Hannibal in Italy"
    assert [(a["number"], a["after_turn"]) for a in game["adjustments"]] == [(1, 0), (2, 1)]
    entry = json.loads((archive / "adjustments" / "0001.json").read_text())
    assert entry["by"] == "Livia" and entry["text"] == EXAMPLE_ADJUSTMENT.read_text()
    assert entry["prev_record_hash"] is None  # the first step after the setup
    second = json.loads((archive / "adjustments" / "0002.json").read_text())
    turn1 = json.loads((archive / "001" / "record.json").read_text())
    turn2 = json.loads((archive / "002" / "record.json").read_text())
    assert turn1["prev_record_hash"] == entry["record_hash"]
    assert second["prev_record_hash"] == turn1["record_hash"]
    assert turn2["prev_record_hash"] == second["record_hash"]
    assert turn2["state_before_hash"] == second["state_after_hash"]
    page = (archive / "002" / "index.html").read_text()
    assert '<a href="../adjustments/0002.json">Adjustment 2</a> by referee' in page
    assert "&lt;b&gt;after the harvest&lt;/b&gt;" in page  # the note, escaped


# -- one byte changed ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("rome = 35", "rome = 36", "the adjustment read again from its text differs from the recorded one"),
        ('"by": "Livia"', '"by": "Livio"', "the adjustment's hash does not match its content"),
        ("receives 35 PO", "receives 36 PO", "the events differ from the replay"),
        ('"rome": 35', '"rome": 36', "the adjustment read again from its text differs"),
        ('"after_turn": 0', '"after_turn": 1', "is not adjustment 1 after turn 0"),
    ],
)
def test_verify_fails_naming_the_adjustment_when_one_byte_changes(
    archive: Path, old: str, new: str, expected: str
) -> None:
    path = archive / "adjustments" / "0001.json"
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))
    where, problem = failure(archive)
    assert where == "adjustment 1 (after turn 000)"
    assert expected in problem


def test_verify_fails_when_an_adjustment_is_taken_out(archive: Path) -> None:
    game = json.loads((archive / "game.json").read_text())
    game["adjustments"] = game["adjustments"][1:]
    game["adjustments"][0]["number"] = 1
    (archive / "game.json").write_text(json.dumps(game))
    where, problem = failure(archive)
    assert where == "turn 001" and "chain broken" in problem  # turn 1 chains to the adjustment taken out


def test_verify_fails_when_the_adjustment_file_is_missing(archive: Path) -> None:
    (archive / "adjustments" / "0002.json").unlink()
    where, problem = failure(archive)
    assert where == "adjustment 2 (after turn 001)" and "adjustments/0002.json is missing" in problem


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_verify_property_any_changed_letter_or_digit_of_an_adjustment_is_found(
    pristine: Path, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    target = tmp_path_factory.mktemp("edit") / "punic"
    shutil.copytree(pristine, target)
    number = data.draw(st.sampled_from([1, 2]))
    path = target / "adjustments" / f"{number:04d}.json"
    raw = path.read_bytes()
    spots = [i for i, b in enumerate(raw) if chr(b).isalnum()]
    at = data.draw(st.sampled_from(spots))
    alphabet = [c for c in b"0123456789abcdefxyzAZ" if c != raw[at]]
    path.write_bytes(raw[:at] + bytes([data.draw(st.sampled_from(alphabet))]) + raw[at + 1 :])
    where, _ = failure(target)
    assert where.startswith(f"adjustment {number} ")


def test_verify_fails_when_the_published_scenario_changes(archive: Path) -> None:
    game = json.loads((archive / "game.json").read_text())
    game["options"]["scenario"]["nations"]["rome"]["treasury"] = 41
    (archive / "game.json").write_text(json.dumps(game))
    where, problem = failure(archive)
    assert where == "archive"
    assert "setup: the published setup state differs from the replay at $.nations.rome.treasury" in problem


# -- the engine's side ------------------------------------------------------------------
def test_an_adjustment_is_a_chained_entry_and_the_open_turn_starts_from_it(referee: Referee) -> None:
    start_campaign(referee.db.url)
    with referee.db.session() as session:
        before = referee.turn(session, "punic")
        old_hash, old_state = before.state_hash, loads(before.state_json)
    done = apply_adjustment(referee.db, "punic", "[upkeep]\nrome = 15\n", by="Livia", clock=referee.clock)
    with referee.db.session() as session:
        turn = referee.turn(session, "punic")
        rows = entry_rows(session, "punic")
        entry = loads(rows[0].canonical)
        assert turn.prev_record_hash == done.record_hash == rows[0].receipt
        assert entry["state_before_hash"] == old_hash and entry["state_after_hash"] == turn.state_hash
        assert entry["by"] == "Livia" and entry["at"].startswith(referee.clock().date().isoformat())
        assert (
            loads(turn.state_json)["nations"]["rome"]["treasury"]
            == old_state["nations"]["rome"]["treasury"] - 15
        )
        assert (
            "Treasury 25 PO" in loads(turn.requests_json)[0]["prompt"]
        )  # the request shows the new treasury
    closed = referee.close_turn("punic")
    assert closed is not None
    with referee.db.session() as session:
        record_turn = session.exec(select(Turn).where(Turn.game_id == "punic", Turn.number == 1)).one()
        assert record_turn.prev_record_hash == done.record_hash


def test_sealed_orders_that_no_longer_pass_are_named(referee: Referee) -> None:
    start_campaign(referee.db.url, humans=("carthage",))
    referee.submit("punic", "carthage", "A2 move Campania", as_referee=True)
    done = apply_adjustment(referee.db, "punic", 'disband = ["carthage:A2"]\n', clock=referee.clock)
    assert list(done.stale_orders) == ["carthage"] and done.bots_replayed == []
    assert "you have no army A2" in str(done.stale_orders["carthage"][0])
    with referee.db.session() as session:  # the sealed orders stay as they were
        sub = referee._accepted(session, "punic", 1, "orders:carthage")
        assert sub is not None and sub.canonical == "A2 move Campania"


def test_a_bot_whose_orders_no_longer_pass_writes_new_ones(referee: Referee) -> None:
    start_campaign(referee.db.url)
    referee.submit("punic", "rome", "hire priest A1", as_referee=True)  # 25 PO of its 40
    done = apply_adjustment(referee.db, "punic", "[treasury]\nrome = 0\n", clock=referee.clock)
    assert done.stale_orders == {} and done.bots_replayed == ["rome"]
    ruleset = MareNostrum()
    with referee.db.session() as session:
        turn = referee.turn(session, "punic")
        request = next(r for r in referee.requests_of(turn) if r.seat == "rome")
        sub = referee._accepted(session, "punic", 1, "orders:rome")
        assert sub is not None and sub.source == "bot"
        orders = ruleset.parse(request, sub.canonical).orders
        assert ruleset.check(loads(turn.state_json), request, orders) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[upkeep]\nrome = 41\n", "adjustment not applied: [upkeep] rome: Rome pays 41 PO of upkeep"),
        ("[income]\nrome = five\n", "adjustment not applied: not valid TOML"),
        ("gold = 1\n", "unknown key 'gold'"),
    ],
)
def test_a_refused_adjustment_changes_nothing(referee: Referee, text: str, expected: str) -> None:
    start_campaign(referee.db.url)
    with referee.db.session() as session:
        before = referee.turn(session, "punic")
        state_hash, prev = before.state_hash, before.prev_record_hash
    with pytest.raises(RefereeError) as caught:
        apply_adjustment(referee.db, "punic", text, clock=referee.clock)
    assert expected in str(caught.value)
    with referee.db.session() as session:
        after = referee.turn(session, "punic")
        assert (after.state_hash, after.prev_record_hash) == (state_hash, prev)
        assert entry_rows(session, "punic") == []


def test_adjust_refuses_games_it_cannot_adjust(referee: Referee, tmp_path: Path) -> None:
    referee.new_game("toy-guess", "toy", {"points": "2"})
    with pytest.raises(Refused, match="toy-guess takes no referee adjustments"):
        apply_adjustment(referee.db, "toy", "[income]\nrome = 1\n")
    referee.new_game("mare-nostrum", "early", scenario=SCENARIO.read_text())
    with pytest.raises(Refused, match="has not started"):
        apply_adjustment(referee.db, "early", "[income]\nrome = 1\n")


def test_the_cli_explains_bad_scenarios_and_adjustments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    pbem(capsys, "init", "--db", url)
    bad = write(tmp_path, "bad.toml", SCENARIO.read_text().replace('"Massalia"]', '"Atlantis"]'))
    code, _, err = pbem(capsys, "game", "new", "mare-nostrum", "g1", "--scenario", str(bad), "--db", url)
    assert code == 2 and "error: scenario: [nation.rome] provinces: unknown province 'Atlantis'" in err
    code, _, err = pbem(capsys, "game", "new", "toy-guess", "g2", "--scenario", str(SCENARIO), "--db", url)
    assert code == 2 and "toy-guess does not start from scenario files" in err
    code, _, err = pbem(capsys, "game", "new", "mare-nostrum", "g3", "--scenario", str(tmp_path / "no.toml"))
    assert code == 2 and "no such scenario file" in err
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe[income]")
    start_campaign(url, "g4")
    code, _, err = pbem(capsys, "referee", "adjust", "g4", str(binary), "--db", url)
    assert code == 2 and "is not UTF-8 text" in err
    code, _, err = pbem(
        capsys,
        "referee",
        "adjust",
        "g4",
        str(write(tmp_path, "n.toml", "[upkeep]\nrome = -1\n")),
        "--db",
        url,
    )
    assert code == 2 and "[upkeep] rome cannot be negative (-1)" in err
    with Database(url).session() as session:
        assert session.get(Game, "g1") is None  # nothing created from a bad scenario


def test_an_adjustment_note_is_escaped_in_the_html_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'pbem.db'}"
    start_campaign(url)
    pbem(capsys, "referee", "adjust", "punic", str(write(tmp_path, "a.toml", LATER_ADJUSTMENT)), "--db", url)
    pbem(capsys, "turn", "close", "punic", "--db", url)
    code, out, _ = pbem(capsys, "report", "punic", "--format", "html", "--db", url)
    assert code == 0 and "Referee adjustments before this turn" in out
    assert "&lt;b&gt;after the harvest&lt;/b&gt;" in out and "<b>after the harvest" not in out


# -- rollback ---------------------------------------------------------------------------
def test_rollback_keeps_the_adjustments_made_after_the_kept_turn(referee: Referee, tmp_path: Path) -> None:
    start_campaign(referee.db.url)
    referee.close_turn("punic")
    done = apply_adjustment(referee.db, "punic", LATER_ADJUSTMENT, by="Livia", clock=referee.clock)
    with referee.db.session() as session:
        adjusted_hash = referee.turn(session, "punic").state_hash
    referee.close_turn("punic")
    result = rollback(referee.db, "punic", 1, reason="misread order", clock=referee.clock)
    assert result.reopened == 2
    with referee.db.session() as session:
        turn = referee.turn(session, "punic")
        assert turn.prev_record_hash == done.record_hash and turn.state_hash == adjusted_hash
    referee.close_turn("punic")
    folder = export_game(referee.db, "punic", tmp_path / "turns")
    results = verify_archive(folder)
    assert all(r.ok for r in results), [r.line() for r in results]
    assert [r.where for r in results][-2:] == ["branch 1 turn 002", "files"]


def test_rollback_past_an_adjustment_moves_it_into_the_branch(referee: Referee, tmp_path: Path) -> None:
    start_campaign(referee.db.url)
    referee.close_turn("punic")
    apply_adjustment(referee.db, "punic", LATER_ADJUSTMENT, by="Livia", clock=referee.clock)
    referee.close_turn("punic")
    before = export_game(referee.db, "punic", tmp_path / "turns")
    assert (before / "adjustments" / "0001.json").is_file()
    rollback(referee.db, "punic", 0, reason="a wrong scenario treasury", clock=referee.clock)
    with referee.db.session() as session:
        assert entry_rows(session, "punic") == []  # off the main line, kept in the branch
        turn = referee.turn(session, "punic")
        assert turn.number == 1 and turn.prev_record_hash is None
    again = apply_adjustment(referee.db, "punic", "[treasury]\nrome = 45\n", clock=referee.clock)
    assert again.number == 2  # a number is never given twice
    referee.close_turn("punic")
    folder = export_game(referee.db, "punic", tmp_path / "turns")  # the same folder: append-only holds
    assert not (folder / "adjustments" / "0001.json").exists()
    assert json.loads((folder / "branches" / "1" / "adjustments" / "0001.json").read_text())["by"] == "Livia"
    results = verify_archive(folder)
    assert all(r.ok for r in results), [r.line() for r in results]
    assert [r.where for r in results] == [
        "setup",
        "adjustment 2 (after turn 000)",
        "turn 001",
        "branch 1 turn 001",
        "branch 1 adjustment 1 (after turn 001)",
        "branch 1 turn 002",
        "files",
    ]
    line, code = summary(results)
    assert code == 0 and "and 2 referee adjustments" in line


def test_verify_names_a_changed_adjustment_of_a_branch(referee: Referee, tmp_path: Path) -> None:
    start_campaign(referee.db.url)
    referee.close_turn("punic")
    apply_adjustment(referee.db, "punic", LATER_ADJUSTMENT, by="Livia", clock=referee.clock)
    referee.close_turn("punic")
    rollback(referee.db, "punic", 1, clock=referee.clock)  # adjustment 1 stays on the main line
    referee.close_turn("punic")
    apply_adjustment(referee.db, "punic", "[income]\nrome = 1\n", clock=referee.clock)
    referee.close_turn("punic")
    rollback(referee.db, "punic", 1, clock=referee.clock)  # adjustment 2 (after turn 2) goes into branch 2
    folder = export_game(referee.db, "punic", tmp_path / "turns")
    assert summary(verify_archive(folder))[1] == 0
    path = folder / "branches" / "2" / "adjustments" / "0002.json"
    path.write_text(path.read_text().replace("rome = 1", "rome = 2"))
    where, problem = failure(folder)
    assert where == "branch 2 adjustment 2 (after turn 002)"
    assert "differs from the recorded one" in problem


def test_adjustments_on_postgresql(pg_db: Database, tmp_path: Path) -> None:
    start_campaign(pg_db.url)
    apply_adjustment(pg_db, "punic", "[income]\nrome = 5\n", by="Livia")
    Referee(pg_db).close_turn("punic")
    results = verify_archive(export_game(pg_db, "punic", tmp_path / "turns"))
    assert summary(results)[1] == 0 and results[1].where == "adjustment 1 (after turn 000)"


# -- any ruleset may take adjustments: a hidden-information test game ---------------------
class AdjustableGuess(ClosestGuess):
    """toy-guess whose referee may award points between rounds (``north = 1``, one per line)."""

    name = "toy-adjust"
    accepts_adjustments = True

    def parse_adjustment(self, text: str) -> dict[str, Any]:
        bonus: dict[str, int] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            seat, sep, value = line.partition("=")
            if not sep or not value.strip().isdigit():
                raise AdjustmentError(f"line {number}: write seat = points")
            bonus[seat.strip()] = int(value)
        return {"bonus": bonus}

    def adjust(self, state: dict[str, Any], adjustment: dict[str, Any]) -> tuple[dict[str, Any], list[Event]]:
        events = []
        for seat, points in adjustment["bonus"].items():
            if seat not in state["score"]:
                raise AdjustmentError(f"no seat {seat!r}")
            state["score"][seat] += points
            events.append(Event(f"The referee awards {seat} {points} point(s).", "adjustment"))
        events.append(Event("A private word for north.", "adjustment", seats=("north",)))
        return state, events


register(AdjustableGuess)


def test_a_hidden_information_game_publishes_adjustments_when_it_publishes_its_records(
    referee: Referee, tmp_path: Path
) -> None:
    play(referee, "hid", 1, ruleset="toy-adjust", points=50)
    apply_adjustment(referee.db, "hid", "south = 2\n", by="Livia", clock=referee.clock)
    referee.close_turn("hid")
    running = export_game(referee.db, "hid", tmp_path / "turns")
    entry = json.loads((running / "adjustments" / "0001.json").read_text())
    assert entry["public"] is True and "text" not in entry
    assert [e["text"] for e in entry["events"]] == ["The referee awards south 2 point(s)."]
    results = verify_archive(running)
    line, code = summary(results)
    assert code == 0 and line.startswith("partly verified")
    adjustment = next(r for r in results if r.where.startswith("adjustment"))
    assert adjustment.checked == ["chain"] and "replay" in adjustment.skipped[0]
    full = export_game(referee.db, "hid", tmp_path / "full", full=True)
    results = verify_archive(full)
    assert summary(results) == (
        "verified: the setup and 2 turns and 1 referee adjustments replayed byte for byte"
        " with toy-adjust version 1",
        0,
    )
    assert json.loads((full / "adjustments" / "0001.json").read_text())["text"] == "south = 2\n"


def test_a_seat_sees_its_own_private_adjustment_events_only(referee: Referee) -> None:
    play(referee, "hid", 1, ruleset="toy-adjust", points=50)
    apply_adjustment(referee.db, "hid", "south = 2\n", clock=referee.clock)
    referee.close_turn("hid")
    from adjudicator.publish.reports import render_report

    with referee.db.session() as session:
        game = session.get(Game, "hid")
        turn = referee.turn(session, "hid", 2)
        assert game is not None
        assert "A private word for north." in render_report(session, game, turn, "north", "text")
        assert "A private word for north." not in render_report(session, game, turn, "south", "text")
        assert "The referee awards south 2 point(s)." in render_report(session, game, turn, None, "text")


def test_an_adjustment_and_a_close_at_once_on_postgresql_never_interleave(
    pg_db: Database, tmp_path: Path
) -> None:
    """Whichever wins the open turn's row, the history stays a chain that verifies."""
    import threading

    start_campaign(pg_db.url)
    referee = Referee(pg_db)
    errors: list[BaseException] = []

    def adjust() -> None:
        try:
            apply_adjustment(pg_db, "punic", "[income]\nrome = 5\n")
        except Refused:
            pass  # the close took the turn first: the turn the adjustment waited for is closed
        except BaseException as exc:  # anything else is a failure of the test
            errors.append(exc)

    threads = [threading.Thread(target=adjust), threading.Thread(target=lambda: referee.close_turn("punic"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    referee.close_turn("punic")
    results = verify_archive(export_game(pg_db, "punic", tmp_path / "turns"))
    assert summary(results)[1] == 0, [r.line() for r in results]


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    steps=st.lists(st.sampled_from(["adjust", "close"]), min_size=1, max_size=5),
    amounts=st.lists(st.integers(0, 30), min_size=5, max_size=5),
)
def test_verify_property_any_interleaving_of_adjustments_and_closes_verifies(
    tmp_path_factory: pytest.TempPathFactory, steps: list[str], amounts: list[int]
) -> None:
    base = tmp_path_factory.mktemp("mix")
    db = Database(f"sqlite:///{base / 'pbem.db'}")
    db.migrate()
    referee = Referee(db, reports=False)
    referee.new_game("mare-nostrum", "mix", scenario=SCENARIO.read_text())
    for seat in ("rome", "carthage", "syracuse"):
        referee.join("mix", seat, bot=True)
    referee.start("mix")
    done = []
    for step, amount in zip(steps, amounts, strict=False):
        if step == "adjust":
            apply_adjustment(db, "mix", f"[income]\nrome = {amount}\n")
        elif referee.close_turn("mix").outcome is not None:  # type: ignore[union-attr]
            break  # a nation won already: nothing more to adjust
        done.append(step)
    results = verify_archive(export_game(db, "mix", base / "turns"))
    db.dispose()
    assert summary(results)[1] == 0, [r.line() for r in results]
    assert sum(1 for r in results if r.where.startswith("adjustment ")) == done.count("adjust")


def test_the_history_by_mail_lists_the_adjustments_in_the_chain(referee: Referee) -> None:
    from adjudicator.mail.commands.history import history_text
    from adjudicator.mail.handler import MailHandler

    start_campaign(referee.db.url)
    done = apply_adjustment(referee.db, "punic", "[income]\nrome = 5\n", by="Livia", clock=referee.clock)
    with referee.db.session() as session:
        game = session.get(Game, "punic")
        assert game is not None
    text = history_text(MailHandler(referee.db, referee), game)
    lines = text.splitlines()
    at = lines.index("adjustment 1 by Livia (pbem referee adjust)")
    assert lines[at + 1].strip() == f"record {done.record_hash}"
    assert lines[at + 2].startswith("turn   1")
