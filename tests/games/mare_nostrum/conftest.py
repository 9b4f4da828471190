"""Every Mare Nostrum test runs twice: resolving with the Python military phase, each indexed
lookup checked against its plain scan, and with the phase compiled at install (mypyc, see
``adjudicator/games/mare_nostrum/native``), skipped with the reason when this install has none."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import plain_scans
import pytest

from adjudicator.games.mare_nostrum import native
from adjudicator.games.mare_nostrum.phase import MilitaryPhase

CHECKED = {
    "units_at": plain_scans.units_at,
    "sides_at": plain_scans.sides_at,
    "battle_order": plain_scans.battle_order,
    "keeps_truce": plain_scans.keeps_truce,
    "invaders": plain_scans.invaders,
    "refuges": plain_scans.refuges,
    "seat_rank": plain_scans.seat_rank,
}


#: the modules that compare the two phases themselves: run once
BOTH_AT_ONCE = {"test_mare_nostrum_compiled"}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.module.__name__ not in BOTH_AT_ONCE:
        metafunc.parametrize("resolving_phase", ["python", "compiled"], indirect=True)


@pytest.fixture(autouse=True)
def resolving_phase(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The military phase ``MareNostrum.resolve`` uses in this run of the test (the modules of
    BOTH_AT_ONCE choose for themselves, each call)."""
    param = getattr(request, "param", None)
    if param is None:
        yield "both"
        return
    if param == "compiled":
        built = native.choice(pure=False)
        if not built.compiled:
            pytest.skip(f"no compiled military phase in this install: {built.why}")
        monkeypatch.setenv(native.PURE_VARIABLE, "0")
    else:
        monkeypatch.setenv(native.PURE_VARIABLE, "1")
    yield param


@pytest.fixture(autouse=True)
def lookups_checked_against_scans(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Python phase's lookups checked on every call (the compiled class cannot be patched:
    its runs are compared with the Python phase's instead, test_mare_nostrum_compiled.py)."""
    for name, plain in CHECKED.items():
        monkeypatch.setattr(MilitaryPhase, name, plain_scans.checked(name, plain))
    for name, kind in (("land_zones", "land"), ("naval_zones", "naval")):
        monkeypatch.setattr(
            MilitaryPhase, name, plain_scans.checked(name, lambda phase, k=kind: plain_scans.zones(phase, k))
        )
    for name, kind in (("land_battles", "land"), ("naval_battles", "naval")):
        fight = getattr(MilitaryPhase, name)

        def checked_battles(
            phase: MilitaryPhase, place: str, results: Any = None, fight: Any = fight, kind: str = kind
        ) -> None:
            kept = phase.zone_sides[kind].get(place)  # the sides its zones step found, kept for it
            if kept is not None:
                assert kept == plain_scans.sides_at(phase, kind, place), place
                # and still hostile: the battle step takes the zones step's word for it
                assert phase.hostile_pairs(place, kind, kept), place
            fight(phase, place, results)

        monkeypatch.setattr(MilitaryPhase, name, checked_battles)
    sieges = MilitaryPhase.sieges

    def checked_sieges(phase: MilitaryPhase) -> None:
        # the step looks only at the provinces filed under some army in sieges_by
        filed = {p for provinces in phase.sieges_by.values() for p in provinces}
        assert {p for p, rec in phase.provinces.items() if rec["siege"]} <= filed
        sieges(phase)

    monkeypatch.setattr(MilitaryPhase, "sieges", checked_sieges)
    hunters = MilitaryPhase.hunters

    def checked_hunters(phase: MilitaryPhase) -> dict[Any, list[str]]:
        found = hunters(phase)
        for band in phase.state["bands"]:
            assert found.get(band["at"], []) == plain_scans.hunters(phase, band["at"]), band
        return found

    monkeypatch.setattr(MilitaryPhase, "hunters", checked_hunters)
    destroy = MilitaryPhase.destroy

    def checked_destroy(phase: MilitaryPhase, key: str, why: str) -> None:
        destroy(phase, key, why)
        assert not any(rec["siege"] and rec["siege"]["army"] == key for rec in phase.provinces.values())

    monkeypatch.setattr(MilitaryPhase, "destroy", checked_destroy)
    yield
