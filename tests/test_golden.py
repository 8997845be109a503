"""The golden rule suite: every file under ``tests/golden`` checked against ``cases.toml``.

Each ``[[case]]`` names a character or setup file and the exact multiset of violation codes,
the exit code and (optionally) summary values that ``chronicle check`` must give for it. Each
``[[odds]]`` pins the exact chances of a Test or Trial. A case the engine gets wrong keeps the
correct expectation and carries ``xfail = "reason"``: it runs as a strict xfail, so fixing the
engine turns it into a failure until the ``xfail`` line is removed.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from chronicle.rules import dice
from chronicle.systems.wyld_hunt.check import CheckResult, check_file
from chronicle.systems.wyld_hunt.codes import ALL_CODES

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES_FILE = GOLDEN / "cases.toml"
SUBJECT_DIRS = ("characters", "setups")

CASE_KEYS = {"file", "about", "codes", "exit", "summary", "players", "messages", "problem",
             "catalog_problem", "xfail"}
ODDS_KEYS = {"about", "kind", "a", "b", "dice", "win", "tie", "lose", "pass", "fail", "needed",
             "xfail"}


def _load() -> dict[str, Any]:
    with CASES_FILE.open("rb") as handle:
        return tomllib.load(handle)


DATA = _load()
CASES: list[dict[str, Any]] = DATA.get("case", [])
ODDS: list[dict[str, Any]] = DATA.get("odds", [])


def _params(items: list[dict[str, Any]], ids: list[str]) -> list[Any]:
    params = []
    for item, ident in zip(items, ids, strict=True):
        marks = ([pytest.mark.xfail(strict=True, reason=item["xfail"])]
                 if "xfail" in item else [])
        params.append(pytest.param(item, id=ident, marks=marks))
    return params


def _odds_id(item: dict[str, Any]) -> str:
    return f"{item['kind']}-{item['a']}-vs-{item['b']}-{item['dice']}d6"


@pytest.fixture(autouse=True)
def empty_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user data directory, so the developer's own card files never leak in."""
    data = tmp_path / "chronicle-data"
    data.mkdir()
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(data))
    return data


def _check(case: dict[str, Any]) -> CheckResult:
    return check_file(GOLDEN / case["file"])


def _subset(expected: dict[str, Any], actual: dict[str, Any], where: str) -> list[str]:
    """Every expected key whose actual value differs, described."""
    wrong = []
    for key, value in expected.items():
        if key not in actual:
            wrong.append(f"{where}{key}: expected {value!r}, missing from the summary")
        elif actual[key] != value:
            wrong.append(f"{where}{key}: expected {value!r}, got {actual[key]!r}")
    return wrong


@pytest.mark.parametrize("case", _params(CASES, [c["file"] for c in CASES]))
def test_golden_case(case: dict[str, Any]) -> None:
    result = _check(case)
    about = f"{case['file']} ({case['about']})"
    if case["exit"] == 2:
        assert result.exit_code == 2, f"{about}: expected an unusable file, got a report"
        assert result.report is None
        assert case["codes"] == [], "an unusable file has no violation codes"
        shown = [str(p) for p in result.problems]
        if "problem" in case:
            assert any(case["problem"] in p for p in shown), (
                f"{about}: no file problem mentions {case['problem']!r}: {shown}")
        return
    assert result.problems == [], f"{about}: unusable: {[str(p) for p in result.problems]}"
    assert result.report is not None
    found = [str(p) for p in result.catalog_problems]
    if "catalog_problem" in case:
        assert any(case["catalog_problem"] in p for p in found), (
            f"{about}: no card problem mentions {case['catalog_problem']!r}: {found}")
    else:
        assert found == [], f"{about}: card definitions clash: {found}"
    actual = Counter(result.report.codes)
    expected = Counter(case["codes"])
    messages = [f"{v.code}: {v.message}" for v in result.report]
    assert actual == expected, (
        f"{about}: expected codes {sorted(expected.elements())}, got "
        f"{sorted(actual.elements())}:\n  " + "\n  ".join(messages))
    assert result.exit_code == case["exit"], f"{about}: exit code"
    summary = result.report.summary
    wrong = _subset(case.get("summary", {}), summary, "")
    players = {p["name"]: p for p in summary.get("players", [])}
    for name, values in case.get("players", {}).items():
        if name not in players:
            wrong.append(f"player {name}: not in the summary ({sorted(players)})")
            continue
        wrong += _subset(values, players[name], f"player {name}: ")
    assert not wrong, f"{about}:\n  " + "\n  ".join(wrong)
    for text in case.get("messages", []):
        assert any(text in m for m in messages), (
            f"{about}: no violation message contains {text!r}:\n  " + "\n  ".join(messages))


@pytest.mark.parametrize("item", _params(ODDS, [_odds_id(o) for o in ODDS]))
def test_golden_odds(item: dict[str, Any]) -> None:
    if item["kind"] == "test":
        odds = dice.test_odds(item["a"], item["b"], item["dice"])
        got = {"win": odds.win, "tie": odds.tie, "lose": odds.lose}
        assert got == {k: Fraction(item[k]) for k in ("win", "tie", "lose")}, item["about"]
        assert odds.win + odds.tie + odds.lose == 1
    else:
        assert item["kind"] == "trial", f"unknown odds kind {item['kind']!r}"
        trial = dice.trial_odds(item["a"], item["b"], item["dice"])
        assert (trial.passes, trial.fails) == (Fraction(item["pass"]),
                                               Fraction(item["fail"])), item["about"]
        if "needed" in item:
            assert trial.needed == item["needed"], item["about"]


def test_every_code_is_expected_by_a_case() -> None:
    """The suite proves every code can fire: each is expected by a case that is not an xfail."""
    expected = {code for case in CASES if "xfail" not in case for code in case["codes"]}
    missing = sorted(c.code for c in ALL_CODES if c.scope == "file" and c.code not in expected)
    assert not missing, f"no passing golden case expects: {missing}"


def test_cases_name_only_known_codes_and_keys() -> None:
    known = {c.code for c in ALL_CODES}
    for case in CASES:
        assert set(case) <= CASE_KEYS, f"{case.get('file')}: unknown keys {set(case) - CASE_KEYS}"
        assert {"file", "about", "codes", "exit"} <= set(case), case.get("file")
        assert case["exit"] in (0, 1, 2), case["file"]
        unknown = [c for c in case["codes"] if c not in known]
        assert not unknown, f"{case['file']}: unknown codes {unknown}"
    for item in ODDS:
        assert set(item) <= ODDS_KEYS, f"{item.get('about')}: unknown keys {set(item) - ODDS_KEYS}"


def test_every_subject_file_has_a_case_and_an_opening_comment() -> None:
    listed = [case["file"] for case in CASES]
    duplicates = sorted(f for f, n in Counter(listed).items() if n > 1)
    assert not duplicates, f"listed more than once: {duplicates}"
    on_disk = sorted(p.relative_to(GOLDEN).as_posix() for folder in SUBJECT_DIRS
                     for p in (GOLDEN / folder).glob("*.toml"))
    assert sorted(set(listed) - set(on_disk)) == [], "cases.toml names files that do not exist"
    assert sorted(set(on_disk) - set(listed)) == [], "golden files without a case"
    for name in on_disk:
        first = (GOLDEN / name).read_text(encoding="utf-8").lstrip().splitlines()[0]
        assert first.startswith("#"), f"{name} does not open with a comment saying what it tests"


def test_check_shows_the_house_rule_and_the_card_problem(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """The command line shows what the summary records: the house rule and the order epic
    quests must be completed in, and each card problem with its line."""
    from chronicle.cli import main

    assert main(["check", str(GOLDEN / "setups" / "epic-house-rule.toml")]) == 0
    out = capsys.readouterr().out
    assert "Played under: epic quests completed in increasing Waylay rating" in out
    assert "complete in this order: Golden Quest VII, Golden Quest III" in out
    assert main(["check", str(GOLDEN / "setups" / "waylay-no-attribute.toml")]) == 1
    err = capsys.readouterr().err
    assert "waylay-no-attribute.toml:45: card 'Golden Blank'" in err
