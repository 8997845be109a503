"""docs/games/arcadia-quest.md documents every code of the game, with its severity."""

from __future__ import annotations

import re
from pathlib import Path

from chronicle.systems.arcadia_quest.codes import ALL_CODES

DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "arcadia-quest.md"
SEED = Path("/work/shared/seeds/arcadia-quest-rules-es.txt")


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


def test_sections_are_the_seeds_headings() -> None:
    if not SEED.is_file():  # the seed is not shipped with the repository
        return
    headings = {re.sub(r"^\d+\.\s*", "", line.strip())
                for line in SEED.read_text(encoding="utf-8").splitlines()}
    for code in ALL_CODES:
        if code.section.startswith("not in the rulebook"):
            continue
        for part in code.section.split("; "):
            # a heading, or a heading and its sub-heading ("Descanso: Reorganizar elementos")
            assert part in headings or all(h in headings for h in part.split(": ")), \
                (code.code, part)
