"""Wyld Hunt's ``quickcheck`` vouches only for what the pydantic models accept, and returns what
they return: every key of a character file, of an ``[[event]]`` and of every card kind is tried
with every value of a pool of good, borderline and hostile values, and each table the quick
reader vouches for must come out of the model equal (cards in the same key order). Every golden
character file reads the same both ways, and a checked valid character imports no pydantic."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from chronicle.domain.limits import NAME_MAX, TEXT_MAX
from chronicle.systems.wyld_hunt.filemodels import CharacterFile, EventModel
from chronicle.systems.wyld_hunt.quickcheck import CHARACTER, EVENT, FIELDS, card_data
from chronicle.systems.wyld_hunt.quickcheck import character_file as quick_file
from chronicle.systems.wyld_hunt.schema import MODELS, SCHEMA

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "characters"
WINERDRIA = GOLDEN / "winerdria.toml"

POOL: list[Any] = [
    "Winerdria", " Winerdria", "Winerdria ", "", " ", "[/x] 🛡 ٱلعربية", "a\x1bb", "a\nb",
    "a\tb", "x" * NAME_MAX, "x" * (NAME_MAX + 1), "y" * TEXT_MAX, "y" * (TEXT_MAX + 1),
    "seelie", "Seelie", "unseelie ", "ability", "curse", "might", "swamp", "forest", "none",
    "None", "wyld-hunt", "kings-ironheart", "quest_number", "waylay_rating", "Waylay_Rating",
    "2026-11-30", "2026-02-30", " 2026-11-30", "spring 1997", 0, 1, -1, 2, 1000, 1001, -1000,
    -1001, 10**12, True, False, None, 1.5, [], ["Fae Armor"], ["Fae Armor", " Fae Armor"],
    ["Fae Armor"] * 501, ["a"] * 21, [1], ["a\x07"], ["swamp", "forest"], ["Swamp"],
    ["might", "savvy"], ["might"] * 5, {}, {"name": "x"}, [{"effect": "fixed_court",
                                                           "court": "seelie"}], ("a",),
]


def _model_card(data: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return SCHEMA.validate(data)
    except (ValueError, KeyError):
        return None


def _same_card(table: dict[str, Any]) -> None:
    quick = card_data(table)
    if quick is None:
        return
    model = _model_card(table)
    assert model == quick, table
    assert list(model) == list(quick), table
    assert [type(v) for v in model.values()] == [type(v) for v in quick.values()], table


def test_the_key_orders_are_the_models() -> None:
    for kind, model in MODELS.items():
        assert list(FIELDS[kind]) == list(model.model_fields), kind
    assert list(CHARACTER) == list(CharacterFile.model_fields)
    assert list(EVENT) == list(EventModel.model_fields)


@pytest.mark.parametrize("kind", list(FIELDS))
def test_every_card_key_with_every_value_is_vouched_for_only_as_the_model_reads_it(
        kind: str) -> None:
    vouched = 0
    for key in FIELDS[kind]:
        for value in POOL:
            table = {"name": "Fae Armor", "kind": kind, key: value}
            _same_card(table)
            vouched += card_data(table) is not None
        _same_card({"name": "Fae Armor", "kind": kind, key: 1, "stray": 1})
    assert vouched > len(FIELDS[kind])


def _model_file(document: dict[str, Any]) -> tuple[Any, list[Any]] | None:
    try:
        model = CharacterFile.model_validate(document)
    except ValueError:
        return None
    return model.to_build(), model.card


def _same_file(document: dict[str, Any]) -> bool:
    quick = quick_file(document)
    if quick is None:
        return False
    assert _model_file(document) == quick, document
    return True


EVENTS: list[dict[str, Any]] = [
    {"quests": ["Q"]}, {"quests": ["Q"], "completed": ["Q"]}, {"buy": "M"}, {"buy_off": "F"},
    {"undo": 1}, {"xp": 3, "note": "why"}, {"add_merits": ["M"], "note": "why"},
]


def test_every_file_and_event_key_with_every_value_is_vouched_for_only_as_the_model_reads_it(
        ) -> None:
    base: dict[str, Any] = {"name": "Winerdria", "event": [{"buy": "Clear Thinking"}]}
    vouched = 0
    for key in [*CHARACTER, "stray"]:
        for value in POOL:
            vouched += _same_file({**base, key: value})
    for event in EVENTS:
        for key in [*EVENT, "stray"]:
            for value in POOL:
                vouched += _same_file({**base, "event": [{**event, key: value}]})
    assert vouched > 100


def test_every_golden_character_reads_as_the_model_reads_it() -> None:
    vouched = 0
    for path in sorted(GOLDEN.glob("*.toml")):
        try:
            document = tomllib.loads(path.read_text("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        if isinstance(document.get("player"), list):
            continue
        vouched += _same_file(document)
        for table in document.get("card", []) if isinstance(document.get("card"), list) else []:
            if isinstance(table, dict):
                _same_card(table)
    assert vouched >= 5


def test_a_valid_character_is_checked_without_pydantic(tmp_path: Path) -> None:
    """(Once the card catalog's cache is warm: the first run builds it.)"""
    check = f"main(['check', {str(WINERDRIA)!r}])"
    script = ("import sys\nfrom chronicle.cli import main\n"
              f"code = {check}\n"
              "assert code == 0, code\n"
              "assert 'pydantic' not in sys.modules, 'pydantic was imported'\n")
    env = {"CHRONICLE_DATA_DIR": str(tmp_path), "CHRONICLE_CACHE_DIR": str(tmp_path / "cache"),
           "PATH": "/usr/bin:/bin"}
    warm = f"from chronicle.cli import main\nassert {check} == 0"
    for code in (warm, script):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=False, env=env)
        assert done.returncode == 0, done.stderr
