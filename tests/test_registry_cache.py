"""The registry remembers the installed entry points between processes (start-up): read once
per import-path state, read again when something is installed, never trusted when damaged."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from chronicle.systems import registry


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CHRONICLE_CACHE_DIR", str(tmp_path / "cache"))
    registry.forget()
    yield tmp_path / "cache" / "entry-points.json"
    registry.forget()


def test_the_entry_points_are_remembered_and_used(cache: Path) -> None:
    keys = registry.installed()
    assert "wyld-hunt" in keys
    saved = json.loads(cache.read_text(encoding="utf-8"))
    assert saved["points"]["wyld-hunt"] == "chronicle.systems.wyld_hunt.plugin:SYSTEM"
    saved["points"]["remembered-only"] = "nowhere:SYSTEM"
    cache.write_text(json.dumps(saved), encoding="utf-8")
    registry.forget()
    assert "remembered-only" in registry.installed()


def test_installing_something_reads_the_metadata_again(cache: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    registry.installed()
    saved = json.loads(cache.read_text(encoding="utf-8"))
    saved["points"]["remembered-only"] = "nowhere:SYSTEM"
    cache.write_text(json.dumps(saved), encoding="utf-8")
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.setattr(sys, "path", [*sys.path, str(site)])
    registry.forget()
    assert "remembered-only" not in registry.installed()
    assert "wyld-hunt" in registry.installed()


@pytest.mark.parametrize("damage", ["{not json", "[]", '{"stamp": 1, "points": {"a": 2}}'])
def test_a_damaged_cache_is_ignored_and_rewritten(cache: Path, damage: str) -> None:
    cache.parent.mkdir(parents=True)
    cache.write_text(damage, encoding="utf-8")
    assert "wyld-hunt" in registry.installed()
    assert "wyld-hunt" in json.loads(cache.read_text(encoding="utf-8"))["points"]
