"""One member's own card files cannot block the group (issue 25, item 6): a Tales of Arcadia
force built from an army list in member A's own card folder, and a Hunters of Arcfall game
with a hunter of A's own, are written with those cards copied into the group's cards, so
member B (another data folder, the same database) backs up in both formats (exit 0, B's own
processes), a third machine restores the backup and the records check the same; a force
written before the copy (its cards found nowhere) is kept by a backup with a warning naming it
and ``card.unknown``. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from chronicle.persistence.engine import normalise_url

ARMY_LIST = """version = 1
game = "tales-of-arcadia"

[[card]]
name = "Moss Folk"
kind = "army"

[[card]]
name = "Mossling"
kind = "unit"
army = "Moss Folk"
cost = 30
power = 2
accuracy = 4
speed = 5
wounds = 2
range = 1
defense = 4

[[card]]
name = "Gearknight"
kind = "unit"
cost = 35
"""
"""Ann's own army list, and her own correction of a bundled unit (which stays hers)."""


HUNTERS = Path(__file__).resolve().parent / "hunters_of_arcfall" / "golden" / "cards"


def _member(tmp_path: Path, name: str, army: bool = False) -> Path:
    folder = tmp_path / name
    cards = folder / "cards" / "tales-of-arcadia"
    cards.mkdir(parents=True)
    if army:  # Ann's own Tales army list, and her own Hunters of Arcfall hunters and bounties
        (cards / "moss-folk.toml").write_text(ARMY_LIST, encoding="utf-8")
        shutil.copytree(HUNTERS, folder / "cards" / "hunters-of-arcfall")
    return folder


def _as(monkeypatch: pytest.MonkeyPatch, folder: Path, url: str,
        *argv: str) -> tuple[int, str, str]:
    """``chronicle`` in this process, as the member whose data folder is ``folder``."""
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(folder))
    return fx.cli("--db", url, *argv)


def _process(folder: Path, url: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """``chronicle`` in a process of its own, as the member whose data folder is ``folder``."""
    env = {**os.environ, "CHRONICLE_DATA_DIR": str(folder)}
    env.pop("CHRONICLE_DB", None)
    return subprocess.run([sys.executable, "-m", "chronicle", "--db", url, *argv], env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def _group_cards(url: str) -> list[str]:
    engine = create_engine(normalise_url(url), poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return sorted(name for (name,) in connection.execute(
                text("SELECT name FROM group_card")))
    finally:
        engine.dispose()


def _hunt(shown: str) -> dict[str, Any]:
    found = json.loads(shown)
    return {"valid": found["valid"], "codes": sorted(v["code"] for v in found["violations"])}


def _checked(shown: str) -> dict[str, Any]:
    found = json.loads(shown)
    return {"valid": found["valid"], "points": found["summary"]["points_spent"],
            "codes": sorted(v["code"] for v in found["violations"])}


def test_a_force_from_one_members_army_list_travels_with_the_group(
        databases: fx.Databases, backend: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    url = databases.url()
    ann, bob, third = (_member(tmp_path, "ann", army=True), _member(tmp_path, "bob"),
                       _member(tmp_path, "third"))
    for argv in (("player", "add", "Ann"),
                 ("force", "new", "Moss", "--player", "Ann", "--army", "Moss Folk", "--limit",
                  "100"),
                 ("force", "add", "Moss", "Mossling", "--count", "2"),
                 ("force", "new", "Brass", "--player", "Ann", "--army", "Clockwork Legion",
                  "--limit", "100"),
                 ("force", "add", "Brass", "Gearknight"),
                 ("hunt", "new", "Night", "--seat", "Ana:Gus", "--seat", "Bo:Hunter B"),
                 ("hunt", "turn", "Night")):
        code, _out, err = _as(monkeypatch, ann, url, *argv)
        assert code == 0, (argv, err)
    # What the records name and nobody else has; not her correction of Gearknight (bundled),
    # not the bundled Gus, not the bounties no record names.
    assert _group_cards(url) == ["Hunter B", "Moss Folk", "Mossling"]
    hunt = _hunt(_as(monkeypatch, ann, url, "hunt", "show", "Night", "--json")[1])
    code, out, err = _as(monkeypatch, ann, url, "force", "show", "Moss", "--json")
    expected = _checked(out)
    assert expected == {"valid": True, "points": 60, "codes": ["roster.points_unspent"]}
    # Bob, whose folder has no such army list, sees the force as Ann does ...
    code, out, err = _as(monkeypatch, bob, url, "force", "show", "Moss", "--json")
    assert code == 0 and _checked(out) == expected, err
    # ... and backs it up in his own processes, in every format the database allows.
    kinds = [".json", ".db"] if backend == "sqlite" else [".json"]
    for suffix in kinds:
        done = _process(bob, url, "backup", str(tmp_path / f"bob{suffix}"))
        assert done.returncode == 0 and "Backed up" in done.stdout, done.stderr
        assert "warning" not in done.stderr, done.stderr
    # A third machine with no card files restores each backup; the force checks the same.
    for suffix in kinds:
        target = databases.url(f"third{suffix[1:]}")
        code, _out, err = _as(monkeypatch, third, target, "restore", str(tmp_path / f"bob{suffix}"))
        assert code == 0, err
        code, out, err = _as(monkeypatch, third, target, "force", "show", "Moss", "--json")
        assert code == 0 and _checked(out) == expected, err
        code, out, err = _as(monkeypatch, third, target, "hunt", "show", "Night", "--json")
        assert code == 0 and _hunt(out) == hunt, err
    fx.record("group cards", backend, members=3, backups=len(kinds), restores=len(kinds))


def test_a_force_whose_cards_are_found_nowhere_does_not_block_a_backup(
        databases: fx.Databases, backend: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    url = databases.url()
    ann, bob = _member(tmp_path, "ann", army=True), _member(tmp_path, "bob")
    for argv in (("player", "add", "Ann"),
                 ("force", "new", "Moss", "--player", "Ann", "--army", "Moss Folk", "--limit",
                  "100"),
                 ("force", "add", "Moss", "Mossling"),
                 ("hunt", "new", "Night", "--seat", "Ana:Gus", "--seat", "Bo:Hunter B"),
                 ("hunt", "turn", "Night")):
        assert _as(monkeypatch, ann, url, *argv)[0] == 0
    engine = create_engine(normalise_url(url), poolclass=NullPool)
    try:  # as a force written before the cards were shared: they are in Ann's folder only
        with engine.begin() as connection:
            connection.execute(text("DELETE FROM group_card"))
    finally:
        engine.dispose()
    done = _process(bob, url, "backup", str(tmp_path / "bob.json"))
    assert done.returncode == 0 and "Backed up" in done.stdout, done.stderr
    assert "battle force Moss (Ann)" in done.stderr and "card.unknown" in done.stderr
    assert "Arcfall Night needs cards" in done.stderr  # a history too: its end is judged
    target = databases.url("third")
    code, _out, err = _as(monkeypatch, bob, target, "restore", str(tmp_path / "bob.json"))
    assert code == 0 and "card.unknown" in err, err
    code, out, _err = _as(monkeypatch, bob, target, "force", "show", "Moss", "--json")
    assert code == 1 and "card.unknown" in _checked(out)["codes"]
    # Ann's next write shares the cards again, and the force is whole for everyone.
    assert _as(monkeypatch, ann, url, "force", "set", "Moss", "--limit", "90")[0] == 0
    code, out, err = _as(monkeypatch, bob, url, "force", "show", "Moss", "--json")
    assert code == 0 and _checked(out)["valid"], err
