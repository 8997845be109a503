"""docs/rules.md documents every violation code the engine can report."""

from __future__ import annotations

import re
from pathlib import Path

from chronicle.systems.wyld_hunt.codes import ALL_CODES

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def test_every_code_is_documented_with_its_severity() -> None:
    text = DOC.read_text(encoding="utf-8")
    documented = dict(re.findall(r"^### `([a-z_.]+)` — (error|warning)", text, re.MULTILINE))
    assert set(documented) == {code.code for code in ALL_CODES}
    for code in ALL_CODES:
        assert documented[code.code] == code.severity.value, code.code


def test_codes_are_unique_and_dotted() -> None:
    codes = [code.code for code in ALL_CODES]
    assert len(codes) == len(set(codes))
    assert all(re.fullmatch(r"[a-z]+\.[a-z_]+", code) for code in codes)
    assert all(code.section for code in ALL_CODES)
