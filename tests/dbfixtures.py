"""Shared helpers for the service-layer tests: a throwaway database, snapshots proving that a
refused use case wrote nothing, the cards the tests need, and the rulebook's play group.

The bundled catalog leaves many values unknown; the cards below fill in what a test needs
through ``usercards.create_card``. Values the rulebook prints are used as printed (Forest
Spiders are a Might 2 Waylay rated 2, Indecisive is a 2-point Seelie Weakness); the rest are
test values, chosen only to make each scenario work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from chronicle.services import characters, collection, players, usercards
from chronicle.services.characters import CharacterView
from chronicle.services.db import Database, open_database

CARDS: dict[str, dict[str, Any]] = {
    # Waylays (rulebook: Forest Spiders rated 2, Might 2; the Manticora is Combat 4)
    "Forest Spiders": {"name": "Forest Spiders", "kind": "waylay", "rating": 2,
                       "terrain": ["forest"], "tests": ["might"], "might": 2},
    "Manticora": {"name": "Manticora", "kind": "waylay", "rating": 4,
                  "terrain": ["hills", "forest"], "tests": ["combat"], "combat": 4},
    "Hurricane": {"name": "Hurricane", "kind": "waylay", "rating": 5, "terrain": ["any"],
                  "tests": ["might"], "might": 3},
    "Spike Trap": {"name": "Spike Trap", "kind": "waylay", "terrain": ["road", "forest"]},
    "Pirates": {"name": "Pirates", "kind": "waylay", "terrain": ["ocean", "river"]},
    "Jealous Redcap": {"name": "Jealous Redcap", "kind": "waylay", "terrain": ["forest"]},
    "Oathfriend": {"name": "Oathfriend", "kind": "waylay", "terrain": ["road"]},
    "Magical Barrier": {"name": "Magical Barrier", "kind": "waylay", "terrain": ["any"]},
    # Leagues
    "Irondew Road": {"name": "Irondew Road", "kind": "league", "terrain": ["road", "forest"],
                     "unique": False},
    "The Kyrrian Tower": {"name": "The Kyrrian Tower", "kind": "league",
                          "terrain": ["road", "town"], "unique": False},
    "Huntinglane": {"name": "Huntinglane", "kind": "league", "unique": False},
    "Balanvale": {"name": "Balanvale", "kind": "league", "unique": False},
    "Sibylline Swamp": {"name": "Sibylline Swamp", "kind": "league", "terrain": ["marsh"],
                        "unique": True},
    # Merits and Flaws
    "Clear Thinking": {"name": "Clear Thinking", "kind": "merit", "cost": 1,
                       "court": "seelie", "attribute": "resolve"},
    "Pansy": {"name": "Pansy", "kind": "flaw", "bonus": 1, "court": "unseelie"},
    "Allergies": {"name": "Allergies", "kind": "flaw", "bonus": 1},
    "Pearl of Wisdom": {"name": "Pearl of Wisdom", "kind": "merit", "cost": 3},
    "Wooden Horse": {"name": "Wooden Horse", "kind": "merit", "cost": 2},
}

TIM_CHARACTER_PACK = [
    "Sidhe Female", "Lightning Quick", "Clear Thinking", "Eloquent Speech",
    "Davelon, Gleeful Satyr", "Doppelganger", "Mirror, Mirror", "Hopscotch", "Pearl of Wisdom",
    "Wooden Horse", "Coin of Clarity", "Fae Armor", "Pansy", "Indecisive", "Allergies"]
"""The rulebook's Example of Character Creation: 1 icon, 11 Merits and 3 Flaws."""

WINERDRIA_MERITS = ("Fae Armor", "Lightning Quick", "Eloquent Speech")
WINERDRIA_FLAWS = ("Indecisive",)

ANNOYICUS_CARDS = ["Imp", "Fuddle", "Willow-Whisper", "Protocol", "Chameleon"]
"""Josh's Imp with four Arts worth 5 points (no Abilities or Weaknesses: a court tie)."""

TIM_STORY = ["Even Dragons Pay Taxes", "Prove Yourself", "Seek the Oracle's Advice",
             "Forest Spiders", "Forest Spiders", "Manticora", "Sphinx's Riddle",
             "Hurricane", "Balanvale", "Huntinglane", "Irondew Road", "The Kyrrian Tower",
             "Raxis", "Pixie Dust", "Pixie Dust", "Bag of Gold", "Glamour Dust", "Dem Bones"]
JOSH_STORY = ["Seek the Oracle's Advice", "Even Dragons Pay Taxes", "Prove Yourself",
              "Oathfriend", "Pirates", "Flock of Harpies", "Magical Barrier", "Cog Dragoon",
              "Unseelie Knight", "Balath Castle", "Sibylline Swamp", "Marsh of Grey Filth",
              "Unnamed League (web map 8,4)", "Unnamed League (web map 10,7)", "Raxis",
              "Pixie Dust", "Bag of Gold", "Glamour Dust"]
TIM_LEAGUES = ["Balanvale", "Huntinglane", "Irondew Road", "The Kyrrian Tower", "Raxis"]
JOSH_LEAGUES = ["Balath Castle", "Sibylline Swamp", "Marsh of Grey Filth",
                "Unnamed League (web map 8,4)", "Unnamed League (web map 10,7)"]


def database(tmp_path: Path) -> Iterator[Database]:
    """A fresh, migrated SQLite database in ``tmp_path`` (for a fixture to yield from)."""
    db = open_database(f"sqlite:///{tmp_path}/t.db")
    try:
        yield db
    finally:
        db.close()


_DEFINED: dict[tuple[bytes | None, tuple[str, ...]], bytes] = {}
"""The user's card file after ``define``, by the file before it and the names defined."""


def define(*names: str) -> None:
    """Save the test values of ``names`` (keys of ``CARDS``) as the user's own cards, with
    ``usercards.create_card``. The card file that results depends only on the file before and
    the names, so later tests reuse it instead of validating the catalog once per card."""
    target = usercards.managed_file()
    before = target.read_bytes() if target.exists() else None
    made = _DEFINED.get((before, names))
    if made is not None:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(made)
        return
    for name in names:
        usercards.create_card(CARDS[name])
    _DEFINED[(before, names)] = target.read_bytes()


# --- proving that nothing was written --------------------------------------------------------

def snapshot(db: Database) -> dict[str, Any]:
    """Rows per table and every row of every table (the databases of these tests are tiny)."""
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        counts = repo.table_counts(session)
    rows: dict[str, list[tuple[Any, ...]]] = {}
    with db.engine.connect() as connection:
        for table in [*counts, "alembic_version"]:
            order = "version_num" if table == "alembic_version" else "id"
            found = connection.execute(text(f'SELECT * FROM "{table}" ORDER BY {order}'))
            rows[table] = [tuple(row) for row in found]
    return {"counts": counts, "rows": rows}


def file_bytes(db: Database) -> bytes:
    """The bytes of the SQLite file once the write-ahead log is checkpointed into it."""
    from chronicle.persistence.engine import sqlite_path

    with db.engine.connect() as connection:
        busy, _log, _done = connection.execute(text("PRAGMA wal_checkpoint(FULL)")).one()
        assert busy == 0
    path = sqlite_path(db.url)
    assert path is not None
    return path.read_bytes()


@contextmanager
def unchanged(db: Database, *files: Path) -> Iterator[dict[str, Any]]:
    """Assert that the block leaves the database (rows and file bytes) and ``files`` as they
    were. Yields the snapshot taken before."""
    before = snapshot(db)
    raw = file_bytes(db)
    others = {path: path.read_bytes() if path.exists() else None for path in files}
    yield before
    assert snapshot(db) == before
    assert file_bytes(db) == raw
    for path, content in others.items():
        assert (path.read_bytes() if path.exists() else None) == content, path


@contextmanager
def meanwhile(monkeypatch: pytest.MonkeyPatch, module: Any,
              other: Callable[[], object]) -> Iterator[list[object]]:
    """Run ``other`` (another client's whole use case, on its own connection) while the use
    case in the block runs: when the block's use case first loads the catalog in ``module``,
    after its first reads and before its writes. Yields what ``other`` returned, once run."""
    original = module.catalog
    ran: list[object] = []
    started: list[bool] = []

    def interleaved() -> object:
        if not started:
            started.append(True)
            ran.append(other())
        return original()

    monkeypatch.setattr(module, "catalog", interleaved)
    try:
        yield ran
    finally:
        monkeypatch.setattr(module, "catalog", original)
    assert ran, "the other client never ran"


def second_client(db: Database) -> Database:
    """Another connection to the same database, as another process would have."""
    return open_database(db.url)


def codes(violations: Any) -> list[str]:
    """The codes of a report or a list of violations."""
    return [v.code for v in violations]


def setup_codes(report: Any) -> list[str]:
    """The codes of a game report's errors that come from the setup rules."""
    return [v.code for v in report.errors if v.code.startswith("setup.")]


# --- the rulebook's play group -----------------------------------------------------------------

def tim_opens_his_pack(db: Database) -> None:
    """Tim joins and records the rulebook's Character Pack."""
    define("Clear Thinking", "Pansy", "Allergies", "Pearl of Wisdom", "Wooden Horse")
    players.add_player(db, "Tim")
    collection.open_pack(db, "Tim", "character", TIM_CHARACTER_PACK)


def build_winerdria(db: Database) -> CharacterView:
    """Tim's Winerdria as the rulebook builds her (Tim must exist and own the cards)."""
    characters.new_character(db, "Tim", "Winerdria", icon="Sidhe Female")
    return characters.edit_character(db, "Winerdria", add_merits=WINERDRIA_MERITS,
                                     add_flaws=WINERDRIA_FLAWS)


def winerdria(db: Database) -> CharacterView:
    """Tim, his pack, and Winerdria built from it."""
    tim_opens_his_pack(db)
    return build_winerdria(db)


def annoyicus(db: Database) -> CharacterView:
    """Josh, his cards, and his Imp Annoyicus (5 points of Arts, Unseelie by choice)."""
    players.add_player(db, "Josh")
    collection.add_cards(db, "Josh", [(name, 1) for name in ANNOYICUS_CARDS])
    characters.new_character(db, "Josh", "Annoyicus", icon="Imp", court="unseelie")
    return characters.edit_character(db, "Annoyicus", player="Josh",
                                     add_merits=tuple(ANNOYICUS_CARDS[1:]))
