"""The golden campaign cases: every file under ``golden/campaigns`` and ``golden/broken`` checked
against ``golden/cases.toml``, with ``golden/cards`` (test data) as the user's card folder.

Every violation code a campaign file can produce appears in some case, and every file has one.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from chronicle.systems.arcadia_quest import codes
from chronicle.systems.arcadia_quest.check import check_path

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES: list[dict[str, Any]] = tomllib.loads((GOLDEN / "cases.toml").read_text("utf-8"))["case"]
KEYS = {"file", "about", "codes", "exit", "summary", "problem", "line"}
LEDGER_ONLY = {"ledger.undo", "ledger.bad_record"}  # tested in test_aq_ledger, test_aq_record
"""Codes only a ledger (not a campaign file) can produce: see test_aq_ledger.py."""


def _null(value: Any) -> Any:
    if value == "null":
        return None
    if isinstance(value, list):
        return [_null(v) for v in value]
    if isinstance(value, dict):
        return {k: _null(v) for k, v in value.items()}
    return value


def _at(summary: dict[str, Any], dotted: str) -> Any:
    here: Any = summary
    for part in dotted.split("."):
        here = here[part]
    return here


@pytest.mark.parametrize("case", CASES, ids=[c["file"] for c in CASES])
def test_golden_case(case: dict[str, Any]) -> None:
    assert set(case) <= KEYS, set(case) - KEYS
    outcome = check_path(GOLDEN / case["file"], GOLDEN / "cards")
    assert outcome.catalog_problems == []
    assert outcome.exit_code == case["exit"], (outcome.problems, outcome.report)
    if case["exit"] == 2:
        assert outcome.report is None
        shown = [str(p) for p in outcome.problems]
        matching = [p for p in outcome.problems if case["problem"] in str(p)]
        assert matching, shown
        if "line" in case:
            assert any(p.line == case["line"] for p in matching), shown
        json.dumps(outcome.to_dict())
        return
    report = outcome.report
    assert report is not None
    assert Counter(report.codes) == Counter(case["codes"]), [v.message for v in report]
    for violation in report:
        assert violation.message and violation.section and violation.fix
        assert violation.severity.value == next(
            c.severity.value for c in codes.ALL_CODES if c.code == violation.code)
    for key, value in case.get("summary", {}).items():
        assert _at(report.summary, key) == _null(value), key
    assert json.loads(json.dumps(outcome.to_dict()))["summary"] == report.summary


def test_every_code_has_a_golden_case() -> None:
    covered = {code for case in CASES for code in case.get("codes", [])}
    wanted = {c.code for c in codes.ALL_CODES} - LEDGER_ONLY
    assert covered >= wanted, wanted - covered


def test_every_golden_file_has_a_case() -> None:
    files = {str(p.relative_to(GOLDEN)) for folder in ("campaigns", "broken")
             for p in (GOLDEN / folder).glob("*.toml")}
    assert files == {case["file"] for case in CASES}


def test_legal_campaigns_report_no_error_and_no_warning() -> None:
    legal = [case for case in CASES if case["file"].startswith("campaigns/legal-")]
    assert len(legal) >= 4
    for case in legal:
        outcome = check_path(GOLDEN / case["file"], GOLDEN / "cards")
        assert outcome.report is not None and outcome.report.violations == []


def test_golden_summary_has_every_field_the_issue_names() -> None:
    outcome = check_path(GOLDEN / "campaigns/legal-full-campaign.toml", GOLDEN / "cards")
    assert outcome.report is not None
    summary = outcome.report.summary
    assert list(summary["guilds"]) == ["blue", "green", "red", "orange"]
    for guild in summary["guilds"].values():
        assert {"coins_earned", "coins_carried", "upgrades", "slots", "curses", "titles",
                "death_tokens"} <= set(guild)
        assert len(guild["coins_earned"]) == 6
        assert guild["upgrades"] <= 12
        assert all(len(cards) <= 4 for cards in guild["slots"].values())
    assert {"circle", "choices", "chosen_by", "first_player", "monster_level",
            "campaign_winner"} <= set(summary["next"])
    assert [s["name"] for s in summary["scenarios"]][-1] == "The Temple of Dawning Twilight"
