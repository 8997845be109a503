"""Golden Day sequences of a game in play (``tests/golden/play/days/*.toml``), legal and illegal,
judged by the rules engine (``rules/playevents.py``): the codes of the report and the state after
them; the one-replay ``steps`` agrees with ``check`` on every prefix."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import playtable
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.systems.wyld_hunt.rules.playevents import check, replay
from chronicle.systems.wyld_hunt.rules.playfold import steps

DAYS = playtable.GOLDEN / "days"
CASES = sorted(p for p in DAYS.glob("*.toml") if not p.name.startswith("_"))


def table(case: dict[str, Any]) -> dict[str, Any]:
    with (DAYS / "_table.toml").open("rb") as handle:
        data = tomllib.load(handle)
    data["adjacency"] = None
    data.update(case.get("data", {}))
    return data


def test_there_are_legal_and_illegal_cases() -> None:
    names = [p.stem for p in CASES]
    assert sum(n.startswith("legal") for n in names) >= 3
    assert sum(n.startswith("illegal") for n in names) >= 10


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_day_sequence(path: Path) -> None:
    with path.open("rb") as handle:
        case = tomllib.load(handle)
    data, events = table(case), case["events"]
    report = check(data, events)
    assert report.codes == case["codes"], [v.message for v in report.violations]
    if path.stem.startswith("legal"):
        assert not report.errors
    found = playtable.flat({**report.summary, "events": len(events)})
    for key, value in case.get("expect", {}).items():
        assert found.get(key, [] if key.startswith("waylays.") else None) == value, (key, found)
    every = list(steps(data, events))
    assert len(every) == len(events) + 1
    for count, step in enumerate(every):
        assert sorted(step.codes) == sorted(check(data, events[:count]).codes), count


def test_each_violation_names_its_section_and_a_fix() -> None:
    for path in CASES:
        with path.open("rb") as handle:
            case = tomllib.load(handle)
        for violation in check(table(case), case["events"]).violations:
            assert violation.section, violation.code
            if violation.severity.value == "error" and violation.code != "play.finished":
                assert violation.fix, violation.code


def test_unreadable_data_and_events_are_reported_not_raised() -> None:
    assert check({"game": "x"}, []).codes == ["play.unreadable"]
    data = table({})
    assert check(data, [{"kind": "fly", "payload": {}}]).codes == ["play.unreadable"]
    assert check(data, [{"kind": "move", "payload": {"player": "Ann"}}]).codes == [
        "play.unreadable"]
    assert replay(data, [])[0].current == "Ann"


_KINDS = [
    ("move", {"player": "Ann", "to": "Wood"}), ("move", {"player": "Ann", "to": "Camp A"}),
    ("move", {"player": "Bo", "to": "Wood"}), ("waylay", {"player": "Bo", "waylay": "Spiders"}),
    ("waylay", {"player": "Ann", "waylay": "Boar"}),
    ("test", {"player": "Ann", "waylay": "Spiders", "test": "might", "rolls": [1],
              "against": [6]}),
    ("test", {"player": "Bo", "waylay": "Boar", "test": "combat", "rolls": [6],
              "against": [1]}),
    ("exhaust", {"player": "Ann", "card": "Wit", "reason": "lost"}),
    ("exhaust", {"player": "Ann", "card": "Sword", "reason": "use"}),
    ("discard", {"player": "Ann", "card": "Sword"}), ("rest", {"player": "Ann", "card": "Wit"}),
    ("end", {"player": "Ann"}), ("end", {"player": "Bo"}), ("finish", {"completed": {}}),
]


@given(st.lists(st.one_of(st.sampled_from(_KINDS),
                          st.tuples(st.just("undo"), st.fixed_dictionaries(
                              {"seq": st.integers(0, 30)}))), max_size=30))
@settings(max_examples=60, deadline=None, database=None, derandomize=True)
def test_hostile_histories_steps_agree_with_check(chosen: list[tuple[str, dict[str, Any]]],
                                                  ) -> None:
    data = table({})
    events = [{"kind": kind, "payload": dict(payload)} for kind, payload in chosen]
    every = list(steps(data, events))
    for count, step in enumerate(every):
        assert sorted(step.codes) == sorted(check(data, events[:count]).codes), count
