"""Hostile roster, card and battle files: every one gives located problems (exit 2) or a report,
never an exception; nothing is written anywhere."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronicle.systems.tales_of_arcadia.catalog import keywords, load_catalog
from chronicle.systems.tales_of_arcadia.check import check_path
from chronicle.systems.tales_of_arcadia.rosterfile import load_battles

GOOD = {"system": "tales-of-arcadia", "name": "Force", "army": "Clockwork Legion", "limit": 500}
HOSTILE_VALUES: list[Any] = [
    "", " ", "x" * 10_000, "Evil\x1b]0;pwned\x07", "nul\x00byte", "[/x] [bold red]", "🦾" * 300,
    "مرحبا", "\u202eevil", -1, 0, 10**30, -(10**30), 1.5, float("inf"), True, [], [1, "a"],
    {"a": 1}, {"unit": {"unit": {}}},
]


def toml_value(value: Any) -> str:
    """A TOML value for any of the hostile values (floats and nesting included)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "inf" if value == float("inf") else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"


def write(path: Path, top: dict[str, Any], units: Sequence[dict[str, Any]] = (),
          cards: Sequence[dict[str, Any]] = ()) -> Path:
    lines = [f"{k} = {toml_value(v)}" for k, v in top.items()]
    for table, rows in (("unit", units), ("card", cards)):
        for row in rows:
            lines.append(f"[[{table}]]")
            lines.extend(f"{k} = {toml_value(v)}" for k, v in row.items())
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def assert_usable_or_located(path: Path, user: Path) -> int:
    outcome = check_path(path, user)
    if outcome.exit_code == 2:
        assert outcome.report is None and outcome.problems
        assert all(p.path == str(path) or p.path.startswith(str(path.parent))
                   for p in outcome.problems)
        json.dumps(outcome.to_dict())
    else:
        assert outcome.report is not None
        json.dumps(outcome.to_dict())
    return outcome.exit_code


@pytest.fixture
def user(tmp_path: Path) -> Path:
    folder = tmp_path / "user"
    folder.mkdir()
    return folder


@pytest.mark.parametrize("key", ["system", "name", "army", "limit", "player", "notes", "unit",
                                 "card", "bogus"])
@pytest.mark.parametrize("index", range(len(HOSTILE_VALUES)))
def test_hostile_top_level_values(tmp_path: Path, user: Path, key: str, index: int) -> None:
    path = write(tmp_path / "r.toml", {**GOOD, key: HOSTILE_VALUES[index]})
    assert_usable_or_located(path, user)


@pytest.mark.parametrize("key", ["unit", "variant", "options", "count", "note", "extra"])
@pytest.mark.parametrize("index", range(len(HOSTILE_VALUES)))
def test_hostile_unit_lines(tmp_path: Path, user: Path, key: str, index: int) -> None:
    line = {"unit": "Gearknight", key: HOSTILE_VALUES[index]}
    path = write(tmp_path / "r.toml", GOOD, units=[line])
    assert_usable_or_located(path, user)


@pytest.mark.parametrize("key", ["name", "kind", "army", "cost", "power", "accuracy", "wounds",
                                 "keywords", "movement", "variant", "option", "types"])
@pytest.mark.parametrize("index", range(len(HOSTILE_VALUES)))
def test_hostile_inline_cards(tmp_path: Path, user: Path, key: str, index: int) -> None:
    card = {"name": "Thing", "kind": "unit", key: HOSTILE_VALUES[index]}
    path = write(tmp_path / "r.toml", GOOD, units=[{"unit": "Thing"}], cards=[card])
    assert_usable_or_located(path, user)


def test_long_and_control_names_are_refused_with_their_place(tmp_path: Path, user: Path) -> None:
    path = write(tmp_path / "r.toml", {**GOOD, "name": "x" * 10_000},
                 units=[{"unit": "Gearknight\x1b[31m"}])
    outcome = check_path(path, user)
    assert outcome.exit_code == 2
    fields = {p.field for p in outcome.problems}
    assert {"name", "unit #1: unit"} <= fields
    assert all("x" * 100 not in str(p) for p in outcome.problems)


def test_huge_numbers_and_deep_nesting(tmp_path: Path, user: Path) -> None:
    huge = tmp_path / "huge.toml"
    huge.write_text('name = "a"\narmy = "b"\nlimit = ' + "9" * 5000 + "\n", encoding="utf-8")
    assert check_path(huge, user).exit_code == 2
    deep = tmp_path / "deep.toml"
    deep.write_text('name = "a"\narmy = "b"\nlimit = 5\nnotes = ' + "[" * 5000 + "]" * 5000,
                    encoding="utf-8")
    assert check_path(deep, user).exit_code == 2


@pytest.mark.parametrize("kind", ["fifo", "directory", "dev-zero", "missing", "binary", "latin1"])
def test_special_and_broken_files(tmp_path: Path, user: Path, kind: str) -> None:
    path = tmp_path / "r.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "dev-zero":
        path = Path("/dev/zero")
    elif kind == "binary":
        path.write_bytes(bytes(range(256)) * 10)
    elif kind == "latin1":
        path.write_bytes('name = "Ejército"\n'.encode("latin-1"))
    outcome = check_path(path, user)
    assert outcome.exit_code == 2 and outcome.problems


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300))
def test_random_bytes_never_raise(tmp_path: Path, user: Path, data: bytes) -> None:
    path = tmp_path / "random.toml"
    path.write_bytes(data)
    assert_usable_or_located(path, user)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(top=st.dictionaries(st.sampled_from(["name", "army", "limit", "system", "x"]),
                           st.sampled_from(HOSTILE_VALUES), max_size=4),
       lines=st.lists(st.dictionaries(st.sampled_from(["unit", "variant", "options", "count"]),
                                      st.sampled_from([*HOSTILE_VALUES, "Gearknight", 2]),
                                      max_size=4), max_size=3))
def test_generated_rosters_never_raise(tmp_path: Path, user: Path, top: dict[str, Any],
                                       lines: list[dict[str, Any]]) -> None:
    path = write(tmp_path / "gen.toml", {**GOOD, **top}, units=lines)
    assert_usable_or_located(path, user)


@pytest.mark.parametrize("index", range(len(HOSTILE_VALUES)))
def test_hostile_user_card_files_skip_the_bad_card_only(tmp_path: Path, user: Path,
                                                        index: int) -> None:
    value = HOSTILE_VALUES[index]
    for number, key in enumerate(["name", "cost", "keywords", "option", "parameter"]):
        write(user / f"cards{number}.toml", {"version": 1},
              cards=[{"name": "Thing", "kind": "unit" if key != "parameter" else "keyword",
                      key: value}])
    (user / "garbage.toml").write_bytes(b"\xff\xfe\x00garbage")
    before = sorted(p.name for p in user.iterdir())
    catalog = load_catalog(user)
    assert any(p.path.endswith("garbage.toml") for p in catalog.problems)
    assert len(keywords(catalog)) >= 7
    assert sorted(p.name for p in user.iterdir()) == before


@pytest.mark.parametrize("index", range(len(HOSTILE_VALUES)))
def test_hostile_battle_files(tmp_path: Path, index: int) -> None:
    value = HOSTILE_VALUES[index]
    path = tmp_path / "battles.toml"
    for key in ("date", "limit", "victory", "winner", "side", "note"):
        row = {"date": "2026-11-28", "limit": 500, "side": [{"player": "Ann"}], key: value}
        write(path, {}, cards=[])
        path.write_text("\n".join(["[[battle]]"] + [f"{k} = {toml_value(v)}"
                                                    for k, v in row.items()]) + "\n",
                        encoding="utf-8")
        battles, problems = load_battles(path)
        assert battles or problems
