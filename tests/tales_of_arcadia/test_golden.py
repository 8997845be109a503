"""The golden roster cases: every file under ``golden/rosters`` and ``golden/broken`` checked
against ``golden/cases.toml``, with the test army lists of ``golden/cards`` as the user's cards.

Every violation code of ``codes.py`` that a roster can report appears in some case, and every
roster file has a case.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from chronicle.systems.tales_of_arcadia import codes
from chronicle.systems.tales_of_arcadia.check import check_path

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES: list[dict[str, Any]] = tomllib.loads((GOLDEN / "cases.toml").read_text("utf-8"))["case"]
KEYS = {"file", "about", "codes", "exit", "summary", "costs", "problem", "line", "warnings"}
ROSTER_CODES = {c.code for c in codes.ALL_CODES
                if not c.code.startswith(("battle.", "ledger.")) and c.scope == "file"}
# roster.unreadable (scope "database") is the store's: test_stored.py feeds it damaged records.


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
        return
    report = outcome.report
    assert report is not None
    assert Counter(report.codes) == Counter(case["codes"]), [v.message for v in report]
    for violation in report:
        assert violation.message and violation.section
        assert violation.severity.value == ("warning" if violation.code in case.get(
            "warnings", []) else next(c.severity.value for c in codes.ALL_CODES
                                      if c.code == violation.code))
    for key, value in case.get("summary", {}).items():
        assert report.summary[key] == value, key
    if "costs" in case:
        got = [-1 if u["cost"] is None else u["cost"] for u in report.summary["units"]]
        assert got == case["costs"]


def test_every_roster_code_has_a_golden_case() -> None:
    covered = {code for case in CASES for code in case.get("codes", [])}
    assert covered >= ROSTER_CODES, ROSTER_CODES - covered


def test_every_golden_file_has_a_case() -> None:
    files = {str(p.relative_to(GOLDEN)) for folder in ("rosters", "broken")
             for p in (GOLDEN / folder).glob("*.toml")}
    assert files == {case["file"] for case in CASES}


def test_legal_rosters_report_no_error_code() -> None:
    legal = [case for case in CASES if case["exit"] == 0]
    assert len(legal) >= 5
    for case in legal:
        outcome = check_path(GOLDEN / case["file"], GOLDEN / "cards")
        assert outcome.report is not None and outcome.report.valid
        assert not outcome.report.errors


def test_an_army_list_checked_by_itself() -> None:
    from chronicle.systems.tales_of_arcadia.catalog import load_catalog
    from chronicle.systems.tales_of_arcadia.rules import check_army

    report = check_army(load_catalog(GOLDEN / "cards"), "golden host")
    assert Counter(report.codes) == Counter({
        "unit.no_wounds": 2,          # Spearman (Broken), Skeleton
        "unit.never_hits": 2,         # Spearman (Blind), Blind Archer
        "keyword.chance_missing": 2,  # Ghoul, Revenant
        "keyword.unknown": 2,         # Wisp's Glowing, the Hexer's Torch's Burning
        "card.incomplete": 3,         # Golem's Defense, Mercenary's cost, Hexer's Curse
    }), [v.message for v in report]
    assert report.summary["units"] == 10
    assert check_army(load_catalog(GOLDEN / "cards"), "Nobody").codes == ["card.unknown"]


FILE_FIX = re.compile(r"^(?:\[\[unit\]\] #(\d+): )?(\w+) = (.*)$")


@pytest.mark.parametrize("case", [c for c in CASES if c["exit"] != 2],
                         ids=[c["file"] for c in CASES if c["exit"] != 2])
def test_file_fixes_remove_their_violation(case: dict[str, Any]) -> None:
    """Writing the key a fix names into the roster makes that violation go away."""
    from chronicle.rules.report import Front
    from chronicle.systems.tales_of_arcadia.catalog import load_catalog
    from chronicle.systems.tales_of_arcadia.rosterfile import load_roster
    from chronicle.systems.tales_of_arcadia.rules import check_roster

    loaded = load_roster(GOLDEN / case["file"])
    assert loaded.roster is not None
    catalog = load_catalog(GOLDEN / "cards", loaded.cards)
    report = check_roster(loaded.roster, catalog)
    for violation in report:
        if violation.fixes is None or violation.fixes.file is None:
            continue
        match = FILE_FIX.match(violation.fix_for(Front.FILE) or "")
        assert match, violation.fix_for(Front.FILE)
        number, key, text = match.groups()
        value = tomllib.loads(f"v = {text}")["v"]
        if number is None:
            fixed = replace(loaded.roster, **{key: value})
        else:
            index = int(number) - 1
            line = loaded.roster.units[index]
            new = replace(line, **{key: tuple(value) if isinstance(value, list) else value})
            fixed = loaded.roster.set_line(index, new)
        after = check_roster(fixed, catalog).codes
        assert after.count(violation.code) < report.codes.count(violation.code), violation


def test_what_fits_leaves_out_units_that_cannot_be_fielded() -> None:
    from chronicle.systems.tales_of_arcadia.catalog import load_catalog
    from chronicle.systems.tales_of_arcadia.rosterfile import load_roster
    from chronicle.systems.tales_of_arcadia.rules import what_fits

    loaded = load_roster(GOLDEN / "rosters" / "points-unspent.toml")  # 15 points left
    assert loaded.roster is not None
    fits = what_fits(loaded.roster, load_catalog(GOLDEN / "cards"))
    assert [(f.name, f.variant, f.cost, f.most) for f in fits] == [
        ("Wisp", None, 5, 3), ("Blind Archer", None, 10, 1), ("Spearman", None, 10, 1),
        ("Spearman", "Blind", 10, 1), ("Spearman", "Veteran", 15, 1)]


BATTLES: list[dict[str, Any]] = tomllib.loads(
    (GOLDEN / "cases.toml").read_text("utf-8"))["battles"]


@pytest.mark.parametrize("case", BATTLES, ids=[c["file"] for c in BATTLES])
def test_golden_battle_files(case: dict[str, Any]) -> None:
    from chronicle.systems.tales_of_arcadia.battles import BattleRecorded, replay
    from chronicle.systems.tales_of_arcadia.rosterfile import load_battles

    battles, problems = load_battles(GOLDEN / case["file"])
    assert problems == []
    standing, report = replay([BattleRecorded(battle=b) for b in battles])
    assert Counter(report.codes) == Counter(case["codes"]), [v.message for v in report]
    assert len(standing) == case["standing"]


def test_every_battle_code_has_a_golden_case() -> None:
    wanted = {c.code for c in codes.ALL_CODES if c.code.startswith("battle.")}
    assert {code for case in BATTLES for code in case["codes"]} == wanted
    files = {str(p.relative_to(GOLDEN)) for p in (GOLDEN / "battles").glob("*.toml")}
    assert files == {case["file"] for case in BATTLES}


_LINE_REFERENCES = re.compile(r"(?:unit #|--line |\[\[unit\]\] #|force remove \S+ )(\d+)")


def _lines_named(report: Any) -> set[int]:
    from chronicle.rules.report import Front

    found: set[int] = set()
    for violation in report:
        for front in Front:
            text = f"{violation.message} {violation.fix_for(front, game='F') or ''}"
            found.update(int(n) for n in _LINE_REFERENCES.findall(text))
    return found


@pytest.mark.parametrize("case", [c for c in CASES if c["exit"] != 2],
                         ids=[c["file"] for c in CASES if c["exit"] != 2])
def test_no_fix_names_a_line_the_force_has_not(case: dict[str, Any]) -> None:
    """Issue 27, 10: every line a message or fix names exists; when the last line is the one
    being added (a refused ``force add``), nothing names it as a line at all."""
    from chronicle.systems.tales_of_arcadia.catalog import load_catalog
    from chronicle.systems.tales_of_arcadia.rosterfile import load_roster
    from chronicle.systems.tales_of_arcadia.rules import check_roster

    loaded = load_roster(GOLDEN / case["file"])
    assert loaded.roster is not None
    catalog = load_catalog(GOLDEN / "cards", loaded.cards)
    count = len(loaded.roster.units)
    assert _lines_named(check_roster(loaded.roster, catalog)) <= set(range(1, count + 1))
    if count:
        adding = check_roster(loaded.roster, catalog, pending=count - 1)
        assert _lines_named(adding) <= set(range(1, count))
        assert adding.codes == check_roster(loaded.roster, catalog).codes  # the same rules
