"""docs/games/hunters-of-arcfall.md documents every code of the game, with its severity."""

from __future__ import annotations

import re
from pathlib import Path

from chronicle.systems.hunters_of_arcfall.codes import ALL_CODES

DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "hunters-of-arcfall.md"


def test_every_code_is_documented_and_every_documented_code_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    documented = dict(re.findall(r"^### `([a-z_.]+)` — (error|warning)", text, re.MULTILINE))
    assert set(documented) == {code.code for code in ALL_CODES}
    for code in ALL_CODES:
        assert documented[code.code] == code.severity.value, code.code


def test_codes_are_unique_dotted_and_sourced() -> None:
    codes = [code.code for code in ALL_CODES]
    assert len(codes) == len(set(codes))
    assert all(re.fullmatch(r"[a-z]+\.[a-z_]+", code) for code in codes)
    assert all(code.section and code.title for code in ALL_CODES)


def test_the_documented_game_log_reads_and_checks(tmp_path: Path) -> None:
    from chronicle.systems.hunters_of_arcfall.check import check_path

    text = DOC.read_text(encoding="utf-8")
    (example,) = re.findall(r"```toml\n(.*?)```", text, re.DOTALL)
    path = tmp_path / "friday.toml"
    path.write_text(example, encoding="utf-8")
    result = check_path(path, tmp_path / "no-cards")
    assert result.problems == [] and result.report is not None
    # One player, said to be over with nobody at the limit; the only turn is taken back, so
    # its bounty is not looked up.
    assert sorted(result.report.codes) == ["catalog.incomplete_set", "game.ended_early",
                                           "setup.player_count"]
    assert result.report.summary["undone"] == [1]
