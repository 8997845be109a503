"""Every bundled card file of every installed game obeys that game's own rules: its format
(the game's ``card_schema``, with every rule the format holds) and what the game's rules say of
the folder's cards by themselves (its ``card_check``). The games and their folders come from the
registry, so a fifth game is covered without an edit here (issue 27, 9)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from chronicle import paths
from chronicle.catalog.loader import card_files, load_card_file
from chronicle.domain.values import Origin
from chronicle.rules.report import Report
from chronicle.systems import registry
from chronicle.systems.protocol import GameSystem, load_name

SYSTEMS = registry.systems()


def _folder(system: GameSystem) -> Path:
    return paths.bundled_cards_dir(system.key)


def test_every_installed_game_is_covered() -> None:
    assert len(SYSTEMS) >= 4
    for system in SYSTEMS:
        assert system.card_schema, f"{system.key} declares no card schema"
        assert card_files(_folder(system)), f"{system.key} bundles no card file"


@pytest.mark.parametrize("system", SYSTEMS, ids=[s.key for s in SYSTEMS])
def test_every_bundled_card_file_reads_without_a_problem(system: GameSystem) -> None:
    schema = load_name(system.card_schema or "")
    for path in card_files(_folder(system)):
        _entries, problems = load_card_file(path, schema, Origin.BUNDLED)
        assert problems == [], [str(p) for p in problems]


@pytest.mark.parametrize("system", [s for s in SYSTEMS if s.card_check],
                         ids=[s.key for s in SYSTEMS if s.card_check])
def test_every_bundled_folder_obeys_its_games_rules(system: GameSystem) -> None:
    report: Report = load_name(system.card_check or "")(_folder(system))
    assert report.errors == [], [f"{v.code}: {v.message}" for v in report.errors]
    assert report.summary["problems"] == []


def test_a_bundled_list_breaking_its_own_rules_is_caught(tmp_path: Path) -> None:
    """The check can fail: the example list with an engine whose two mandatory options are of
    one exclusive group (no engine can carry both), and a hunter given 4 wounds."""
    tales = registry.system("tales-of-arcadia")
    folder = tmp_path / "tales"
    shutil.copytree(_folder(tales), folder)
    example = folder / "example-clockwork-legion.toml"
    example.write_text(example.read_text(encoding="utf-8") + (
        '\n[[card.option]]\nname = "Star Mortar"\ncost = 20\nmin = 1\ngroup = "Mechanism"\n'
        '\n[[card.option]]\nname = "Comet Lance"\ncost = 25\nmin = 1\ngroup = "Mechanism"\n'),
        encoding="utf-8")
    report: Report = load_name(tales.card_check or "")(folder)
    assert "unit.option_group" in {v.code for v in report.errors}
    hunters = registry.system("hunters-of-arcfall")
    folder = tmp_path / "hunters"
    shutil.copytree(_folder(hunters), folder)
    gus = folder / "hunters.toml"
    gus.write_text(gus.read_text(encoding="utf-8").replace("wounds = 3", "wounds = 4"),
                   encoding="utf-8")
    _entries, problems = load_card_file(gus, load_name(hunters.card_schema or ""),
                                        Origin.BUNDLED)
    assert [p.code for p in problems] == ["card.hunter_wounds"]
    assert load_name(hunters.card_check or "")(folder).summary["problems"]
