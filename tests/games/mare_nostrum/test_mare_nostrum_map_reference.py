"""State format 2: a state names its map (name, SHA-256, where the text is) instead of carrying
its 18 KB of TOML; format-1 states, which carry it, still load and resolve the same."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path

import pytest
from mare_nostrum_helpers import RS

from adjudicator.games.dice import Dice
from adjudicator.games.mare_nostrum import map as map_module
from adjudicator.games.mare_nostrum.map import DEFAULT_MAP, MapError, default_map, map_of

#: every packaged map a state of format 2 may name, by SHA-256 of its text: a state stored with
#: one of these must load for ever (a changed packaged map keeps its old text in data/retired/)
PUBLISHED = {"0638eecbf4489e1f3aaea73b3ee67c2055fcf68172a0752fa1f63652939e2342": "mediterranean.toml"}


def state_of(options: dict[str, str] | None = None) -> dict:
    opts = RS.parse_options(options or {"nations": "3"})
    return RS.setup(opts, RS.seat_names(opts), Dice(b"setup"))


def test_a_new_state_names_the_packaged_map_instead_of_carrying_it() -> None:
    state = state_of()
    game_map = default_map()
    assert state["map"] == {"name": game_map.name, "sha": game_map.sha, "packaged": DEFAULT_MAP.name}
    assert map_of(state) is game_map
    assert len(json.dumps(state)) < len(game_map.source)  # the whole state, smaller than the map was


@pytest.mark.parametrize(("sha", "name"), sorted(PUBLISHED.items()))
def test_every_packaged_map_a_state_may_name_still_loads(sha: str, name: str) -> None:
    map_module._CACHE.pop(sha, None)  # read from the package's files, not from memory
    assert map_of({"map": {"name": "", "sha": sha, "packaged": name}}).sha == sha


def test_a_retired_packaged_map_is_found_by_its_sha(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = DEFAULT_MAP.read_text(encoding="utf-8").replace("Mediterranean", "Old Mediterranean", 1)
    (tmp_path / "mediterranean-2026.toml").write_text(old, encoding="utf-8")
    monkeypatch.setattr(map_module, "RETIRED", tmp_path)
    sha = hashlib.sha256(old.encode()).hexdigest()
    found = map_of({"map": {"name": "", "sha": sha, "packaged": "mediterranean.toml"}})
    assert found.sha == sha and found.source == old


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ({"sha": "ab" * 32, "packaged": "mediterranean.toml"}, "not in this installation"),
        ({"sha": default_map().sha, "packaged": "../../etc/passwd.toml"}, "not the name of a packaged map"),
        ({"sha": default_map().sha, "club": True}, "do not carry the map"),
    ],
)
def test_a_state_naming_a_map_that_is_not_here_is_refused(record: dict, words: str) -> None:
    with pytest.raises(MapError, match=words):
        map_of({"map": record, "options": {"map": ""}})


def test_a_club_map_that_is_not_the_states_map_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(DEFAULT_MAP.read_text(encoding="utf-8"), encoding="utf-8")
    state = state_of({"nations": "2", "map": str(path)})
    assert state["map"]["club"] is True and map_of(state).sha == state["map"]["sha"]
    state["map"]["sha"] = "cd" * 32
    with pytest.raises(MapError, match="not the map of the state"):
        map_of(state)


def test_a_format_1_state_and_the_same_state_in_format_2_resolve_alike() -> None:
    """Options from before format 2 (no state_format) give states that carry the map's text;
    played from either form, a turn has the same outcome."""
    options = RS.parse_options({"nations": "4"})
    del options["state_format"]
    old = RS.setup(options, RS.seat_names(options), Dice(b"setup"))
    assert old["map"]["source"] == default_map().source and old["map"]["path"] == ""
    new = copy.deepcopy(old)
    new["map"] = {"name": default_map().name, "sha": default_map().sha, "packaged": DEFAULT_MAP.name}
    rng = random.Random(7)
    for turn in range(6):
        orders = {}
        for request in RS.requests(old):
            assert RS.requests(new) == RS.requests(old)
            orders[request.key] = RS.parse(request, RS.bot(copy.deepcopy(old), request, rng)).orders
        old, old_events = RS.resolve(copy.deepcopy(old), orders, Dice(f"t{turn}".encode()))
        new, new_events = RS.resolve(copy.deepcopy(new), orders, Dice(f"t{turn}".encode()))
        assert {k: v for k, v in old.items() if k != "map"} == {k: v for k, v in new.items() if k != "map"}
        assert old_events == new_events
    assert "source" in old["map"] and "source" not in new["map"]
