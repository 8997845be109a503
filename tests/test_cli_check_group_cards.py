"""``chronicle check`` and ``chronicle odds`` read the play group's own cards (table
``group_card``) of the database configured (``--db``, ``CHRONICLE_DB``, or the default file when
it exists), on every backend; a SQLite file without the database stack; no database is fine."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import dbfixtures as fx
import pytest

from chronicle.persistence import repository as repo
from chronicle.services.db import DEFAULT_FILE, open_database
from chronicle.systems.wyld_hunt.services import usercards

LANCE = {"name": "Moonlit Lance", "kind": "merit", "type": "treasure", "cost": 1}
DIE = {"name": "Custom die", "kind": "die",
       "faces": {"hit": 2, "wound": 1, "miss": 1, "heal": 1, "stun": 1}}
"""Test values, as a group would enter them from its own dice (unknown in the public record)."""
NOVA = 'name = "Nova"\nicon = "Sidhe Female"\nmerits = ["Moonlit Lance"]\n'


def group_database(url: str) -> None:
    """A group database holding a Wyld Hunt card and a Hunters of Arcfall die of its own."""
    db = open_database(url)
    try:
        usercards.create_card(LANCE, db)
        with db.transaction() as session:
            repo.save_group_card(session, "hunters-of-arcfall", DIE)
    finally:
        db.close()


def unknown_cards(*argv: str) -> list[str]:
    code, out, err = fx.cli(*argv)
    assert code in (0, 1), err
    report = json.loads(out)
    return [card for v in report["violations"] if v["code"] == "card.unknown"
            for card in v["cards"]]


def test_check_and_odds_read_the_groups_cards(db_url: str, tmp_path: Path) -> None:
    group_database(db_url)
    nova = tmp_path / "nova.toml"
    nova.write_text(NOVA, encoding="utf-8")
    assert unknown_cards("check", str(nova), "--json") == ["Moonlit Lance"]
    assert unknown_cards("--db", db_url, "check", str(nova), "--json") == []
    assert unknown_cards("check", str(nova), "--json") == ["Moonlit Lance"]  # not kept after

    bust = ("odds", "bust", "--dice", "3", "--wounds", "1")
    code, out, _err = fx.cli(*bust)
    assert code == 1 and "card.incomplete" in out  # the die's faces are not public
    code, out, err = fx.cli("--db", db_url, *bust, "--json")
    assert code == 0, err
    assert json.loads(out)["bust"] == "1/216"  # three Wounds of 6 faces with one Wound


def test_the_configured_and_the_default_database_count(tmp_path: Path,
                                                       private_data_dir: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    nova = tmp_path / "nova.toml"
    nova.write_text(NOVA, encoding="utf-8")
    elsewhere = f"sqlite:///{tmp_path / 'group.db'}"
    group_database(elsewhere)
    monkeypatch.setenv("CHRONICLE_DB", elsewhere)
    assert unknown_cards("check", str(nova), "--json") == []
    monkeypatch.delenv("CHRONICLE_DB")
    assert unknown_cards("check", str(nova), "--json") == ["Moonlit Lance"]
    group_database(f"sqlite:///{private_data_dir / DEFAULT_FILE}")
    assert unknown_cards("check", str(nova), "--json") == []


def test_a_missing_or_foreign_database_is_not_an_error(tmp_path: Path) -> None:
    nova = tmp_path / "nova.toml"
    nova.write_text(NOVA, encoding="utf-8")
    missing = f"sqlite:///{tmp_path / 'nowhere' / 'x.db'}"
    code, out, err = fx.cli("--db", missing, "check", str(nova))
    assert code == 1 and "Moonlit Lance" in out and not err, err
    assert not (tmp_path / "nowhere").exists()
    foreign = tmp_path / "foreign.db"
    foreign.write_bytes(b"not a database at all" * 100)
    code, out, err = fx.cli("--db", f"sqlite:///{foreign}", "check", str(nova))
    fx.assert_handled(code, out, err)
    assert code == 1 and "warning" in err and "going on without them" in err, err


def test_check_reads_a_sqlite_database_without_the_database_stack(tmp_path: Path,
                                                                   private_data_dir: Path
                                                                   ) -> None:
    """Start-up matters: the group's cards of a SQLite file cost no SQLAlchemy import."""
    url = f"sqlite:///{tmp_path / 'group.db'}"
    group_database(url)
    nova = tmp_path / "nova.toml"
    nova.write_text(NOVA, encoding="utf-8")
    probe = ("import sys\nfrom chronicle.cli import main\n"
             f"code = main(['--db', {url!r}, 'check', {str(nova)!r}, '--json'])\n"
             "print('sqlalchemy' in sys.modules, 'sqlmodel' in sys.modules, code)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=False, env={"CHRONICLE_DATA_DIR": str(private_data_dir),
                                            "CHRONICLE_CACHE_DIR": os.environ[
                                                "CHRONICLE_CACHE_DIR"],
                                            "PATH": "/usr/bin:/bin"})
    assert done.stdout.strip().splitlines()[-1] == "False False 1", done.stderr
    assert '"card.unknown"' not in done.stdout
