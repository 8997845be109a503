"""``quickcheck`` vouches only for what the pydantic models accept, and returns what they return:
every key of every kind (nested variants and options, a roster and its lines too) is tried with
every value of a pool of good, borderline and hostile values, and each table the quick reader
vouches for must come out of the model equal, in the same key order. A checked valid roster
imports no pydantic at all."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from chronicle.domain.limits import NAME_MAX, TEXT_MAX
from chronicle.systems.tales_of_arcadia.filemodels import RosterFile, UnitLineModel
from chronicle.systems.tales_of_arcadia.quickcheck import FIELDS, NESTED, card_data, roster
from chronicle.systems.tales_of_arcadia.schema import (
    MODEL_SCHEMA,
    MODELS,
    OptionModel,
    VariantModel,
)

GOLDEN = Path(__file__).resolve().parent / "golden"
BUNDLED = Path(__file__).resolve().parents[2] / "cards" / "tales-of-arcadia"

POOL: list[Any] = [
    "Gearknight", " Gearknight", "Gearknight ", "", " ", "[/x] 🛡 ٱلعربية", "a\x1bb", "a\nb",
    "a\tb", "x" * NAME_MAX, "x" * (NAME_MAX + 1), "y" * TEXT_MAX, "y" * (TEXT_MAX + 1),
    "walking", "Flying", "swimming ", "chance", "tales-of-arcadia", 0, 1, -1, 6, 7, 10, 11,
    100, 1000, 1001, -1000, -1001, 100_000, 100_001, 1_000_000, 1_000_001, True, False, None,
    1.5, [], ["Shroud"], ["Shroud", " Shroud"], ["Shroud"] * 101, [1], ["a\x07"], {},
    {"name": "x"}, [{"name": "A"}], [{"name": "A"}, {"name": " a "}], [{"name": "A", "cost": 5}],
    [{"name": "A", "min": 2}], [{"name": "A", "min": 2, "max": 3}], [{"name": "A", "bad": 1}],
    [{"cost": 5}], [{"name": "A"}] * 101, ("a",),
]


def _model(data: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return MODEL_SCHEMA.validate(data)
    except ValueError:
        return None


def _same(table: dict[str, Any]) -> None:
    quick = card_data(table)
    if quick is None:
        return
    model = _model(table)
    assert model == quick, table
    assert list(model) == list(quick), table
    for key in NESTED:
        for mine, theirs in zip(quick.get(key, ()), model.get(key, ()), strict=True):
            assert list(mine) == list(theirs), table


def test_the_key_orders_are_the_models() -> None:
    for kind, model in MODELS.items():
        assert list(FIELDS[kind]) == list(model.model_fields), kind
    assert list(NESTED["variant"]) == list(VariantModel.model_fields)
    assert list(NESTED["option"]) == list(OptionModel.model_fields)


@pytest.mark.parametrize("kind", list(FIELDS))
def test_every_key_with_every_value_is_vouched_for_only_as_the_model_reads_it(kind: str) -> None:
    vouched = 0
    for key in FIELDS[kind]:
        for value in [*POOL, "x"]:
            table = {"name": "Gearknight", "kind": kind, key: value}
            _same(table)
            vouched += card_data(table) is not None
        _same({"name": "Gearknight", "kind": kind, key: 1, "stray": 1})
    for nested, fields in NESTED.items() if kind == "unit" else ():
        for key in fields:
            for value in POOL:
                _same({"name": "G", "kind": kind, nested: [{"name": "V", key: value}]})
                _same({"name": "G", "kind": kind, nested: [{"name": "V"}, {"name": "W",
                                                                              key: value}]})
    assert vouched > len(FIELDS[kind])  # it does vouch for plainly valid tables


def test_every_bundled_and_golden_card_reads_as_the_model_reads_it() -> None:
    files = [*BUNDLED.glob("*.toml"), *(GOLDEN / "cards").glob("*.toml")]
    tables = [t for f in files for t in tomllib.loads(f.read_text("utf-8")).get("card", [])]
    assert len(tables) > 20
    assert all(card_data(t) is not None for t in tables if _model(t) is not None)
    for table in tables:
        _same(table)


def _roster_same(document: dict[str, Any]) -> None:
    quick = roster(document)
    if quick is None:
        return
    model = RosterFile.model_validate(document)
    assert (model.to_roster(), model.card) == quick, document


def test_rosters_are_vouched_for_only_as_the_model_reads_them() -> None:
    base = {"system": "tales-of-arcadia", "name": "Force", "army": "Host", "limit": 100,
            "unit": [{"unit": "Gearknight"}]}
    for key in [*RosterFile.model_fields, "stray"]:
        for value in POOL:
            _roster_same({**base, key: value})
    for key in [*UnitLineModel.model_fields, "stray"]:
        for value in POOL:
            _roster_same({**base, "unit": [{"unit": "Gearknight", key: value}]})
    files = [*(GOLDEN / "rosters").glob("*.toml"), *(GOLDEN / "broken").glob("*.toml")]
    vouched = 0
    for path in files:
        try:
            document = tomllib.loads(path.read_text("utf-8"))
        except tomllib.TOMLDecodeError:
            continue
        _roster_same(document)
        vouched += roster(document) is not None
    assert vouched >= 5


def test_a_valid_roster_is_checked_without_pydantic(tmp_path: Path) -> None:
    path = tmp_path / "roster.toml"
    path.write_text('system = "tales-of-arcadia"\nname = "V"\narmy = "Clockwork Legion"\n'
                    'limit = 100\n[[unit]]\nunit = "Gearknight"\nvariant = "Lancer"\n'
                    'options = ["Tower Shield"]\n', encoding="utf-8")
    script = ("import sys\nfrom chronicle.cli import main\n"
              f"code = main(['check', {str(path)!r}])\n"
              "assert code == 0, code\n"
              "assert 'pydantic' not in sys.modules, 'pydantic was imported'\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False, env={"CHRONICLE_DATA_DIR": str(tmp_path),
                                            "CHRONICLE_CACHE_DIR": str(tmp_path / "cache"),
                                            "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
