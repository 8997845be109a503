"""What the app's first paint imports is part of its cold start (``bench/tui.py``): the Cards
screen paints its search box, list header and keys before the catalog is read, so neither the
card classes (``wyld_hunt.cards``: some twenty dataclasses built at import), the search, nor
the catalog and its cache, nor the database stack, nor any other game is imported by then.
Checked in a fresh interpreter, the modules taken when the app first asks to exit after its
first paint (``CHRONICLE_EXIT_AFTER_PAINT``, as the bench runs it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

RUN = """
import json, sys
from textual.app import App

seen = {}
original = App.exit

def exit(self, *args, **kwargs):
    seen.setdefault("modules", sorted(sys.modules))
    return original(self, *args, **kwargs)

App.exit = exit
from chronicle.tui.app import ChronicleApp

ChronicleApp(sys.argv[2]).run(headless=True, size=(80, 24))
with open(sys.argv[1], "w", encoding="utf-8") as handle:
    json.dump(seen["modules"], handle)
"""

NOT_BEFORE_THE_FIRST_PAINT = (
    "chronicle.systems.wyld_hunt.cards", "chronicle.systems.wyld_hunt.query",
    "chronicle.systems.wyld_hunt.search", "chronicle.systems.wyld_hunt.services.catalog",
    "chronicle.catalog.loader", "chronicle.catalog.store", "chronicle.services",
    "chronicle.persistence", "sqlalchemy", "sqlmodel", "pydantic", "alembic", "reportlab",
    "chronicle.systems.tales_of_arcadia", "chronicle.systems.arcadia_quest",
    "chronicle.systems.hunters_of_arcfall")
"""Loaded once the screen has painted: the catalog (read just after the first paint), the
database (the players, in a worker), the PDF code and the other games (when used)."""


def modules_at_exit(tmp_path: Path, until: str) -> list[str]:
    """The modules a fresh app has imported when it first asks to exit (``until``: ``1``,
    right after the first paint; ``cards``, once the cards are listed)."""
    out = tmp_path / f"modules-{until}.json"
    env = {**os.environ, "CHRONICLE_EXIT_AFTER_PAINT": until,
           "CHRONICLE_DATA_DIR": str(tmp_path / "data"),
           "CHRONICLE_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", RUN, str(out),
                           f"sqlite:///{tmp_path / 'group.db'}"],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert out.is_file(), done.stderr[-2000:]
    found: list[str] = json.loads(out.read_text(encoding="utf-8"))
    return found


def within(modules: list[str], *prefixes: str) -> list[str]:
    return [name for name in modules
            if any(name == prefix or name.startswith(f"{prefix}.") for prefix in prefixes)]


@pytest.mark.parametrize("cache", ["cold", "warm"])
def test_the_first_paint_imports_no_catalog_no_cards_and_no_database(
        tmp_path: Path, cache: str) -> None:
    if cache == "warm":  # the catalog's cache written by an earlier start
        modules_at_exit(tmp_path, "cards")
    modules = modules_at_exit(tmp_path, "1")
    assert "chronicle.systems.wyld_hunt.screens.collection" in modules  # it painted
    assert within(modules, *NOT_BEFORE_THE_FIRST_PAINT) == []


def test_the_cards_are_listed_right_after(tmp_path: Path) -> None:
    """The check above can fail: once the cards are listed, the catalog and the card classes
    are in (and the database still is not: the players come after)."""
    modules = modules_at_exit(tmp_path, "cards")
    assert {"chronicle.systems.wyld_hunt.cards", "chronicle.systems.wyld_hunt.services.catalog",
            "chronicle.systems.wyld_hunt.query"} <= set(modules)
    assert within(modules, "sqlalchemy", "chronicle.persistence") == []
