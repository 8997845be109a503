"""The group's own cards live in the shared database (revision 0004): every member reads them,
every backup carries them, and a member's card files are a personal layer on top."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import dbfixtures as fx
import pytest

from chronicle.services import backup, players
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.services import characters, collection, ledger, usercards

LANCE = {"name": "Moonlit Lance", "kind": "merit", "type": "treasure", "cost": 1}


@pytest.fixture
def shared(db_url: str) -> Iterator[Database]:
    yield from fx.database(db_url)


def as_member(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Another member's machine: their own data folder, nothing of the group read yet."""
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(folder))
    usercards.forget_group()


def test_a_card_one_member_creates_serves_every_member(
        shared: Database, db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fx.winerdria(shared)
    code, out, err = fx.cli("--db", db_url, "cards", "new", "Moonlit Lance", "--kind", "merit",
                            "--type", "treasure", "--cost", "1")
    assert code == 0, err
    assert "group's cards" in out
    assert "Moonlit" not in usercards.managed_file().read_text(encoding="utf-8")
    collection.add_cards(shared, "Tim", [("Moonlit Lance", 1)])
    ledger.record_game(shared, "Winerdria", ["Even Dragons Pay Taxes"],
                       ["Even Dragons Pay Taxes"])
    ledger.buy(shared, "Winerdria", "Moonlit Lance")

    as_member(monkeypatch, tmp_path / "member-b")  # member B: no card file of their own
    other = open_database(db_url)
    try:
        view = ledger.record_game(other, "Winerdria", ["Prove Yourself"], [])
        assert "Moonlit Lance" in view.report.summary["merits"]
        code, out, err = fx.cli("--db", db_url, "cards", "show", "Moonlit Lance")
        assert code == 0 and "Moonlit Lance" in out, err
    finally:
        other.close()


def test_the_members_own_card_file_wins_over_the_groups(
        shared: Database, user_cards: Path) -> None:
    usercards.create_card(LANCE, shared)
    (user_cards / "mine.toml").write_text(
        'version = 1\n[[card]]\nname = "Moonlit Lance"\nkind = "merit"\ncost = 3\n',
        encoding="utf-8")
    with shared.transaction():
        pass
    card = usercards.layered_catalog().get("Moonlit Lance", "merit")
    assert card is not None and card.cost == 3 and card.type is not None


@pytest.mark.parametrize("kind", [".json", ".db"])
def test_every_backup_carries_the_groups_cards(shared: Database, databases: fx.Databases,
                                               tmp_path: Path, kind: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    if kind == ".db" and databases.backend != "sqlite":
        pytest.skip("a SQLite copy is taken of SQLite databases only")
    players.add_player(shared, "Tim")
    usercards.create_card(LANCE, shared)
    written = backup.backup(shared, tmp_path / f"group{kind}")
    as_member(monkeypatch, tmp_path / "elsewhere")
    target = open_database(databases.url("restored"))
    try:
        backup.restore(target, written.path)
        with target.transaction():
            pass
        card = usercards.layered_catalog().get("Moonlit Lance", "merit")
        assert card is not None and card.cost == 1
        assert not usercards.managed_file().exists()
    finally:
        target.close()


def test_a_character_files_own_cards_join_the_group(shared: Database, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    db_url: str) -> None:
    fx.tim_opens_his_pack(shared)
    path = tmp_path / "nova.toml"
    path.write_text('name = "Nova"\nplayer = "Tim"\nicon = "Sidhe Female"\n'
                    'merits = ["Shiny Thing"]\n[[card]]\nname = "Shiny Thing"\nkind = "merit"\n'
                    'type = "treasure"\ncost = 1\n', encoding="utf-8")
    characters.import_character(shared, path, own_missing=True)
    as_member(monkeypatch, tmp_path / "member-b")
    other = open_database(db_url)
    try:
        view = characters.show_character(other, "Nova")
        assert not [v for v in view.report.errors if v.code == "card.unknown"]
    finally:
        other.close()
