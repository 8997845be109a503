"""The golden Hunters of Arcfall suite: every game log under ``golden/games`` checked against
``golden/cases.toml`` (codes, exit code, summary values, message and problem substrings)."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from chronicle.systems.hunters_of_arcfall.check import CheckResult, check_path
from chronicle.systems.hunters_of_arcfall.codes import ALL_CODES

GOLDEN = Path(__file__).resolve().parent / "golden"
CARDS = GOLDEN / "cards"
DATA = tomllib.loads((GOLDEN / "cases.toml").read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = DATA["case"]
CASE_KEYS = {"file", "about", "codes", "exit", "summary", "players", "messages", "problems",
             "problem_codes"}


def run(case: dict[str, Any]) -> CheckResult:
    return check_path(GOLDEN / case["file"], CARDS)


def _expected(value: Any) -> Any:
    """TOML has no null: an empty string in the index stands for None."""
    return None if value == "" else value


@pytest.mark.parametrize("case", CASES, ids=[c["file"].split("/")[-1][:-5] for c in CASES])
def test_golden_case(case: dict[str, Any]) -> None:
    assert set(case) <= CASE_KEYS, set(case) - CASE_KEYS
    result = run(case)
    assert result.exit_code == case["exit"], [str(p) for p in result.problems] or (
        result.report and result.report.to_dict())
    if case["exit"] == 2:
        text = "\n".join(str(p) for p in result.problems)
        for wanted in case.get("problems", []):
            assert wanted in text, (wanted, text)
        assert all(p.line is not None for p in result.problems), text
        assert Counter(p.code for p in result.problems if p.code) == \
            Counter(case.get("problem_codes", [])), text
        return
    assert result.report is not None
    assert Counter(result.report.codes) == Counter(case["codes"]), result.report.to_dict()
    summary = result.report.summary
    for key, value in case.get("summary", {}).items():
        assert summary[key] == _expected(value), (key, summary[key])
    players = {p["name"]: p for p in summary["players"]}
    for name, values in case.get("players", {}).items():
        for key, value in values.items():
            assert players[name][key] == value, (name, key, players[name][key])
    messages = [v.message for v in result.report.violations]
    for wanted in case.get("messages", []):
        assert any(wanted in m for m in messages), (wanted, messages)


def test_every_code_has_a_golden_case() -> None:
    covered = {code for case in CASES for code in (*case["codes"],
                                                    *case.get("problem_codes", []))}
    stored_only = {"game.unreadable"}   # a file breaking the format is exit 2: test_hoa_records
    assert {c.code for c in ALL_CODES} - covered == stored_only


def test_every_game_file_is_a_case() -> None:
    files = {str(p.relative_to(GOLDEN)) for p in (GOLDEN / "games").glob("*.toml")}
    assert files == {c["file"] for c in CASES}


def test_finished_games_with_a_winner_and_with_a_tie_are_covered() -> None:
    results = {case["summary"].get("result") for case in CASES if "summary" in case}
    assert {"won", "tie", "in_progress", "undecided"} <= results


def test_every_violation_names_its_section_and_the_json_is_plain() -> None:
    import json

    for case in CASES:
        if case["exit"] == 2:
            continue
        report = run(case).report
        assert report is not None
        assert all(v.section for v in report.violations)
        assert all(v.fix for v in report.errors), "every error says how to fix it"
        json.dumps(report.to_dict())
