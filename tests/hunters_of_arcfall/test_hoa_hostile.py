"""Hostile game logs and card files: every one gives located problems (exit status 2) or a
report, never an exception, and never a problem without its file."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.systems.hunters_of_arcfall.catalog import load_catalog
from chronicle.systems.hunters_of_arcfall.check import check_path
from tests.hostile_files import (
    GARBAGE,
    LONG,
    Outcome,
    assert_located,
    assert_refused,
    check_text,
    hostile_card_folder,
    special_paths,
)

GOLDEN = Path(__file__).resolve().parent / "golden"
CARDS = GOLDEN / "cards"
HEAD = 'system = "hunters-of-arcfall"\nname = "Hostile"\n'
SEATS = '[[player]]\nname = "Ana"\nhunter = "Gus"\n[[player]]\nname = "Bo"\nhunter = "Hunter B"\n'

CASES: dict[str, tuple[str, str]] = {
    # name: (file text, a substring of some problem)
    "empty": ("", "is required"),
    "not toml": ("system = = =\n", "not valid TOML"),
    "name a number": ('system = "hunters-of-arcfall"\nname = 5\n' + SEATS, "valid string"),
    "player a string": (HEAD + 'player = "Ana"\n', "valid list"),
    "turn a number": (HEAD + "turn = 3\n" + SEATS, "valid list"),
    "limit as text": (HEAD + 'limit = "15"\n' + SEATS, "valid integer"),
    "limit zero": (HEAD + "limit = 0\n" + SEATS, "greater than or equal to 1"),
    "limit huge": (HEAD + "limit = 9223372036854775807\n" + SEATS, "less than or equal"),
    "heals huge": (HEAD + SEATS + '[[turn]]\nplayer = "Ana"\nend = "claimed"\n'
                   "heals = 9223372036854775807\n", "less than or equal"),
    "heals float": (HEAD + SEATS + '[[turn]]\nplayer = "Ana"\nend = "claimed"\nheals = 1.5\n',
                    "valid integer"),
    "heals negative": (HEAD + SEATS + '[[turn]]\nplayer = "Ana"\nend = "claimed"\nheals = -1\n',
                       "greater than or equal to 0"),
    "ability text": (HEAD + SEATS + '[[turn]]\nplayer = "Ana"\nend = "claimed"\n'
                     'ability = "yes"\n', "valid boolean"),
    "drawn a string": (HEAD + SEATS + '[[turn]]\nplayer = "Ana"\nend = "claimed"\n'
                       'drawn = "Vex"\n', "valid list"),
    "undo zero": (HEAD + SEATS + "[[turn]]\nundo = 0\n", "greater than or equal to 1"),
    "unknown top key": (HEAD + "limt = 15\n" + SEATS, "did you mean 'limit'?"),
    "unknown player key": (HEAD + '[[player]]\nname = "Ana"\nhunter = "Gus"\nhuntr = "x"\n',
                           "did you mean 'hunter'?"),
    "no players": (HEAD, "is required"),
    "thirteen players": (HEAD + "".join(f'[[player]]\nname = "P{i}"\nhunter = "H{i}"\n'
                                        for i in range(13)), "at most 12"),
    "long player name": (HEAD + f'[[player]]\nname = "{LONG}"\nhunter = "Gus"\n',
                         "at most 200"),
    "long bounty name": (HEAD + SEATS + f'[[turn]]\nplayer = "Ana"\nend = "claimed"\n'
                         f'drawn = ["{LONG}"]\n', "at most 200"),
    "control character": (HEAD + '[[player]]\nname = "Ana\\u001b[31m"\nhunter = "Gus"\n',
                          "control character"),
    "bidi override": (HEAD + '[[player]]\nname = "Ana\\u202e"\nhunter = "Gus"\n',
                      "control character"),
    "empty name": (HEAD + '[[player]]\nname = "  "\nhunter = "Gus"\n', "at least 1"),
    "deep nesting": (HEAD + SEATS + "note = " + "[" * 5000 + "]" * 5000 + "\n", ""),
    "bad card": (HEAD + SEATS + '[[card]]\nname = "Vex"\nkind = "bounty"\nfortune = -3\n',
                 "greater than or equal to 0"),
    "card kind typo": (HEAD + SEATS + '[[card]]\nname = "Vex"\nkind = "bonty"\n', "'bounty'"),
    "wrong system type": ('system = 3\nname = "x"\n' + SEATS, "hunters-of-arcfall"),
}


def check_game_text(tmp_path: Path, text: str | bytes) -> Outcome:
    return check_text(tmp_path, "game.toml", text, lambda path: check_path(path, CARDS))


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_game_logs_give_located_problems(tmp_path: Path, name: str) -> None:
    text, wanted = CASES[name]
    assert_located(check_game_text(tmp_path, text), wanted, "game.toml")


@pytest.mark.parametrize("data", list(GARBAGE.values()), ids=list(GARBAGE))
def test_garbage_bytes_are_refused(tmp_path: Path, data: bytes) -> None:
    assert_refused(check_game_text(tmp_path, data))


def test_special_files_and_missing_files_are_refused(tmp_path: Path) -> None:
    for path in special_paths(tmp_path):
        assert_refused(check_path(path, CARDS))


def test_hostile_user_card_files_never_stop_the_catalog(tmp_path: Path) -> None:
    user = hostile_card_folder(tmp_path, "hunter",
                               '[[card]]\nname = "Ok"\nkind = "bounty"\nfortune = 2\n')
    catalog = load_catalog(user)
    assert len(catalog.problems) == 4
    assert catalog.get("Ok") is not None and catalog.get("Gus") is not None


# -- generated: any value in any key of a valid log ------------------------------------------

VALID = tomllib.loads(HEAD + SEATS + '[[turn]]\nplayer = "Ana"\ndrawn = ["Bounty 1"]\n'
                      'captured = ["Bounty 1"]\nend = "claimed"\nheals = 1\n')
values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=6)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value) if isinstance(value, int) else f"{value!r}".replace("inf", "inf")
    if isinstance(value, str):
        return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}"
                             for c in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml(k)} = {_toml(v)}" for k, v in value.items()
                               if v is not None) + "}"
    return '""'


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from(["name", "limit", "ended", "player.name", "player.hunter",
                        "turn.player", "turn.drawn", "turn.captured", "turn.end", "turn.heals",
                        "turn.ability", "turn.undo", "player", "turn"]), values)
def test_any_value_anywhere_never_raises(key: str, value: Any) -> None:
    import tempfile

    lines = ['system = "hunters-of-arcfall"']
    top, _, sub = key.partition(".")
    for name in ("name", "limit", "ended"):
        if name == top:
            lines.append(f"{name} = {_toml(value)}")
        elif name == "name":
            lines.append('name = "Hostile"')
    for table in ("player", "turn"):
        rows = [dict(r) for r in VALID[table]]
        if top == table and not sub:
            lines.append(f"{table} = {_toml(value)}")
            continue
        for row in rows:
            if top == table:
                row[sub] = value
            lines.append(f"[[{table}]]")
            lines.extend(f"{k} = {_toml(v)}" for k, v in row.items() if v is not None)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.toml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        result = check_path(path, CARDS)
    assert result.exit_code in (0, 1, 2)
    assert (result.report is None) == bool(result.problems)


def test_a_table_with_too_many_entries_points_at_its_first_line(tmp_path: Path) -> None:
    result = check_game_text(tmp_path, CASES["thirteen players"][0])
    (problem,) = result.problems
    assert problem.line == 3 and problem.field == "player"
