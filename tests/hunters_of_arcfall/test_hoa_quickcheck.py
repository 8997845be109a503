"""Hunters of Arcfall's ``quickcheck`` vouches only for what the pydantic models accept, and
returns what they return: every key of a game log, a player, a turn and every card kind is tried
with every value of a pool of good, borderline and hostile values, and each table the quick
reader vouches for must come out of the models equal (cards in the same key order). A checked
valid game log imports no pydantic."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from chronicle.domain.limits import NAME_MAX, TEXT_MAX
from chronicle.systems.hunters_of_arcfall import gamelogfile as files
from chronicle.systems.hunters_of_arcfall import quickcheck as q
from chronicle.systems.hunters_of_arcfall import schema

GOLDEN = Path(__file__).resolve().parent / "golden"
BUNDLED = Path(__file__).resolve().parents[2] / "cards" / "hunters-of-arcfall"
GAME = ('system = "hunters-of-arcfall"\nname = "Friday night"\nlimit = 15\n'
        '[[player]]\nname = "Ana"\nhunter = "Gus"\n[[player]]\nname = "Ben"\nhunter = "Gus"\n'
        '[[turn]]\nplayer = "Ana"\nend = "wounded"\n')

POOL: list[Any] = [
    "Ana", " Ana", "Ana ", "ana", "Ben", "Cy", "", " ", "[/x] 🛡 ٱلعربية", "a\x1bb", "a\nb",
    "a\tb", "x" * NAME_MAX, "x" * (NAME_MAX + 1), "y" * TEXT_MAX, "y" * (TEXT_MAX + 1),
    "claimed", "Claimed", " wounded", "no_dice", "hit", "Hit", "stun", "hunters-of-arcfall",
    "2026-11-30", "x" * 41, 0, 1, -1, 2, 3, 20, 21, 50, 51, 100, 101, 1000, 1001, 10_000, 10_001,
    True, False, None, 1.5, [], ["Vex"], ["Vex", " Vex"], ["a"] * 21, ["a"] * 501, [1], [1, 1],
    [1, 2], [3], [0], ["hit", "wound"], ["Hit"], ["a\x07"], {}, {"hit": 1}, {"hit": 0},
    {"hit": 0, "wound": 0, "miss": 0, "heal": 0, "stun": 0}, {"hit": 101}, {"bad": 1},
    {"stun": 2, "hit": 1}, [{"name": "Cy", "hunter": "Gus"}], [{"name": "ana", "hunter": "G"}],
    [{"undo": 1}], [{"undo": 1, "player": "Ana"}], [{"player": "Ana"}],
    [{"player": "Zed", "end": "claimed"}], ("a",),
]


def _model_card(data: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return schema.SCHEMA.validate(data)
    except (ValueError, KeyError):
        return None


def _same_card(table: dict[str, Any]) -> bool:
    quick = q.card_data(table)
    if quick is None:
        return False
    model = _model_card(table)
    assert model == quick, table
    assert list(model) == list(quick), table
    return True


def _same_game(document: dict[str, Any]) -> bool:
    quick = q.game(document)
    if quick is None:
        return False
    model = files.GameFile.model_validate(document)  # the cards are judged by the card schema
    loaded = files.read_document({k: v for k, v in document.items() if k != "card"},
                                 Path("game.toml"))
    assert not loaded.problems, document
    assert (loaded.log, model.card) == quick, document
    return True


def test_the_keys_are_the_models() -> None:
    for kind, model in schema.MODELS.items():
        assert list(q.FIELDS[kind]) == list(model.model_fields), kind
    assert list(q.GAME) == list(files.GameFile.model_fields)
    assert list(q.PLAYER) == list(files.PlayerModel.model_fields)
    assert list(q.TURN) == list(files.TurnModel.model_fields)
    assert (q.SCHEMA.game, q.SCHEMA.version, q.SCHEMA.kinds) == (
        schema.SCHEMA.game, schema.SCHEMA.version, schema.SCHEMA.kinds)


@pytest.mark.parametrize("kind", list(q.FIELDS))
def test_every_card_key_with_every_value_is_vouched_for_only_as_the_model_reads_it(
        kind: str) -> None:
    vouched = 0
    for key in q.FIELDS[kind]:
        for value in POOL:
            vouched += _same_card({"name": "Vex", "kind": kind, key: value})
            _same_card({"name": "Vex", "kind": kind, "slots": ["hit", "wound"], key: value})
        _same_card({"name": "Vex", "kind": kind, key: 1, "stray": 1})
    assert vouched > len(q.FIELDS[kind])


def test_every_game_key_with_every_value_is_vouched_for_only_as_the_models_read_it() -> None:
    base = tomllib.loads(GAME)
    vouched = 0
    for key in [*q.GAME, "stray"]:
        for value in POOL:
            vouched += _same_game({**base, key: value})
    for key in [*q.PLAYER, "stray"]:
        for value in POOL:
            vouched += _same_game({**base, "player": [base["player"][0], {"name": "Ben",
                                                                          key: value}]})
    for turn in ({"player": "Ana", "end": "claimed"}, {"undo": 1}):
        for key in [*q.TURN, "stray"]:
            for value in POOL:
                vouched += _same_game({**base, "turn": [{**turn, key: value}]})
    assert vouched > 50


def test_every_golden_and_bundled_table_reads_as_the_models_read_it() -> None:
    games = 0
    for path in sorted([*GOLDEN.rglob("*.toml"), *BUNDLED.glob("*.toml")]):
        try:
            document = tomllib.loads(path.read_text("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        if "player" in document:
            games += _same_game(document)
        for table in document.get("card", []) if isinstance(document.get("card"), list) else []:
            if isinstance(table, dict):
                _same_card(table)
    assert games >= 3


def test_a_valid_game_log_is_checked_without_pydantic(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text(GAME + '[[card]]\nname = "Gus"\nkind = "hunter"\n', encoding="utf-8")
    check = f"main(['check', {str(path)!r}])"
    warm = f"from chronicle.cli import main\n{check}"
    script = (f"import sys\nfrom chronicle.cli import main\ncode = {check}\n"
              "assert code in (0, 1), code\n"
              "assert 'pydantic' not in sys.modules, 'pydantic was imported'\n")
    env = {"CHRONICLE_DATA_DIR": str(tmp_path), "CHRONICLE_CACHE_DIR": str(tmp_path / "cache"),
           "PATH": "/usr/bin:/bin"}
    for code in (warm, script):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=False, env=env)
        assert done.returncode == 0, done.stderr
