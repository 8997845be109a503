"""Each game's violation codes are data (``codes.json`` beside its ``codes`` module), read by
``chronicle.rules.codes.code_table``: a table that says too much, too little or a code twice is
refused, and each game's named codes are the codes of its table."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from chronicle.rules.codes import Code, code_named, code_table
from chronicle.rules.report import Severity

GAMES = ("arcadia_quest", "hunters_of_arcfall", "tales_of_arcadia", "wyld_hunt")


def _table(tmp_path: Path, text: str) -> tuple[Code, ...]:
    (tmp_path / "codes.json").write_text(text, encoding="utf-8")
    return code_table(str(tmp_path / "codes.py"), "codes.json")


def test_a_table_reads_in_order_with_its_scope(tmp_path: Path) -> None:
    codes = _table(tmp_path, '{"b.one": {"severity": "warning", "section": "S", "title": "T"},'
                             ' "a.two": {"severity": "error", "section": "R", "title": "U",'
                             ' "scope": "database"}}')
    assert codes == (Code("b.one", Severity.WARNING, "S", "T"),
                     Code("a.two", Severity.ERROR, "R", "U", scope="database"))
    assert code_named(codes, "a.two") is codes[1]
    with pytest.raises(KeyError):
        code_named(codes, "c.three")


@pytest.mark.parametrize("text", [
    '{"a.b": {"severity": "error", "section": "S"}}',
    '{"a.b": {"severity": "error", "section": "S", "title": "T", "fix": "x"}}',
    '{"a.b": "error"}',
    '{"a.b": {"severity": "error", "section": "S", "title": "T"},'
    ' "a.b": {"severity": "warning", "section": "S", "title": "T"}}',
    '{"a.b": {"severity": "fatal", "section": "S", "title": "T"}}',
])
def test_a_table_that_says_too_much_too_little_or_twice_is_refused(tmp_path: Path,
                                                                     text: str) -> None:
    with pytest.raises(ValueError):
        _table(tmp_path, text)


@pytest.mark.parametrize("game", GAMES)
def test_every_named_code_is_a_code_of_the_table_and_every_code_is_named(game: str) -> None:
    module = importlib.import_module(f"chronicle.systems.{game}.codes")
    named = [v for k, v in vars(module).items() if isinstance(v, Code) and k.isupper()]
    assert {c.code for c in named} == {c.code for c in module.ALL_CODES}
    assert all(any(c is n for c in module.ALL_CODES) for n in named)
