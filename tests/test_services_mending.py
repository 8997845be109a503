"""Mending mistakes: rename and delete players, characters and games; what has a chronicle is
archived, never erased; a delete that would break another record is refused and names it;
seats change until the result is recorded; backups carry the archive."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import dbfixtures as fx
import pytest

from chronicle.errors import AlreadyExists, BadInput, Conflict, NotFound, Refused
from chronicle.services import playermending as mending
from chronicle.services import players
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.services import characters, collection, games, ledger, usercards
from chronicle.systems.wyld_hunt.services import chroniclemending as wh_mending

EDPT = "Even Dragons Pay Taxes"
ORACLE = "Seek the Oracle's Advice"


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    yield from fx.database(db_url)


def two_characters(db: Database) -> None:
    """Tim with Winerdria and Josh with Annoyicus, both legal, nothing played yet."""
    fx.winerdria(db)
    fx.annoyicus(db)
    collection.add_cards(db, "Tim", [(EDPT, 1)])
    collection.add_cards(db, "Josh", [(ORACLE, 1)])


@pytest.fixture
def group(databases: fx.Databases) -> Iterator[Database]:
    """``two_characters``, built once per run and backend, copied for each test."""
    yield from fx.database(databases.built("mending-group", two_characters))


def test_a_player_is_renamed_and_keeps_everything(group: Database) -> None:
    before = {p.name: (p.cards, p.holdings) for p in players.list_players(group)}
    info = mending.rename_player(group, "tim", "  Timothy   the Bold ")
    assert info.name == "Timothy the Bold"
    assert (info.cards, info.holdings) == before["Tim"]
    assert [h.names for h in info.holdings] == [("Winerdria",)]
    assert characters.show_character(group, "Winerdria").player == "Timothy the Bold"
    mending.rename_player(group, "Timothy the Bold", "timothy THE bold")  # only the case
    with pytest.raises(AlreadyExists, match="'Josh'"):
        mending.rename_player(group, "timothy the bold", "JOSH")
    with pytest.raises(BadInput, match="control character"):
        mending.rename_player(group, "Josh", "Jo\x1b[2Jsh")
    with pytest.raises(NotFound, match="did you mean 'Josh'"):
        mending.rename_player(group, "Jsoh", "Joss")


def test_a_player_with_characters_is_not_deleted(group: Database) -> None:
    with fx.unchanged(group):
        plan = mending.plan_player_delete(group, "Tim")
        assert plan.action == "refuse" and "Winerdria" in plan.describe()
        with pytest.raises(Refused, match="Winerdria"):
            mending.delete_player(group, "Tim")


def test_a_player_without_characters_is_deleted_with_their_cards(db: Database) -> None:
    players.add_player(db, "Mara")
    collection.add_cards(db, "Mara", [("Fae Armor", 2)])
    plan = mending.plan_player_delete(db, "mara")
    assert plan.action == "delete" and plan.holds == ["a collection of 2 cards"]
    mending.delete_player(db, "Mara")
    assert players.list_players(db) == []
    with fx.unchanged(db), pytest.raises(NotFound):
        mending.delete_player(db, "Mara")
    players.add_player(db, "Mara")  # the name is free again; the old cards are gone
    assert collection.list_collection(db, "Mara") == []


def test_a_players_cards_of_every_game_are_counted_and_deleted(db: Database) -> None:
    """The plan counts what the delete removes: the player's cards of every game."""
    from chronicle.services.ownership import add_cards_by_card, owned_cards

    players.add_player(db, "Mara")
    collection.add_cards(db, "Mara", [("Fae Armor", 2)])
    add_cards_by_card(db, "Mara", {("Core Box", "product"): 3}, "another-game")
    assert [p.cards for p in players.list_players(db)] == [5]
    plan = mending.plan_player_delete(db, "Mara")
    assert plan.holds == ["a collection of 5 cards"]
    mending.delete_player(db, "Mara")
    players.add_player(db, "Mara")
    assert collection.list_collection(db, "Mara") == []
    assert owned_cards(db, "Mara", "another-game") == []


def test_a_character_never_played_is_deleted(group: Database) -> None:
    characters.new_character(group, "Tim", "Throwaway", icon="Sidhe Female")
    plan = wh_mending.plan_character_delete(group, "Throwaway")
    assert plan.action == "delete"
    done = wh_mending.delete_character(group, "Throwaway", expected="delete")
    assert done.action == "delete"
    assert [v.name for v in characters.list_characters(group)] == [
        "Annoyicus", "Winerdria"]
    assert characters.list_characters(group, archived=True) == []
    characters.new_character(group, "Tim", "Throwaway")  # the name is free again


def test_a_character_with_a_chronicle_is_archived_and_restored(group: Database) -> None:
    ledger.record_game(group, "Winerdria", [EDPT], [EDPT], opponent="Josh")
    plan = wh_mending.plan_character_delete(group, "Winerdria")
    assert plan.action == "archive"
    assert "a chronicle of 1 event: 1 game" in plan.describe()
    wh_mending.delete_character(group, "Winerdria", expected="archive")
    assert [v.name for v in characters.list_characters(group)] == ["Annoyicus"]
    assert [v.name for v in characters.list_characters(group, archived=True)] == ["Winerdria"]
    assert [p.holdings for p in players.list_players(group) if p.name == "Tim"] == [()]
    with pytest.raises(NotFound, match="archived; bring it back with 'chronicle character "
                                       "restore-archived Winerdria'"):
        characters.show_character(group, "Winerdria")
    with pytest.raises(AlreadyExists):  # the archived one keeps its name
        characters.new_character(group, "Tim", "Winerdria")
    # its cards are no longer in use: another character may take Tim's one Fae Armor
    characters.new_character(group, "Tim", "Heir", icon="Sidhe Female")
    heir = characters.edit_character(group, "Heir", add_merits=("Fae Armor",))
    assert "collection.shared_copy" not in fx.codes(heir.report)
    wh_mending.delete_character(group, "Heir", expected="delete")
    # bringing her back is checked by the rules: not while Tim lacks a card she uses
    collection.add_cards(group, "Tim", [("Fae Armor", -1)])
    with fx.unchanged(group), pytest.raises(Refused, match="Fae Armor") as refused:
        wh_mending.restore_character(group, "Winerdria")
    assert set(fx.codes(refused.value.report)) == {"collection.not_owned"}
    collection.add_cards(group, "Tim", [("Fae Armor", 1)])
    back = wh_mending.restore_character(group, "winerdria")
    assert back.name == "Winerdria" and back.report.summary["xp_earned"] == 1
    assert len(back.history) == 1 and back.report.valid
    with pytest.raises(NotFound, match="not archived"):
        wh_mending.restore_character(group, "Winerdria")


def test_a_delete_that_would_break_a_game_is_refused(group: Database) -> None:
    games.new_game(group, "Friday", [("Tim", "Winerdria"), ("Josh", "Annoyicus")])
    with fx.unchanged(group):
        plan = wh_mending.plan_character_delete(group, "Winerdria")
        assert plan.action == "refuse" and "Friday" in plan.describe()
        assert "chronicle game seat Friday Tim" in plan.describe()
        with pytest.raises(Refused, match="Friday"):
            wh_mending.delete_character(group, "Winerdria")


def test_a_confirmed_plan_that_changed_meanwhile_is_refused(group: Database) -> None:
    plan = wh_mending.plan_character_delete(group, "Winerdria")
    assert plan.action == "delete"
    ledger.record_game(group, "Winerdria", [EDPT], [EDPT], opponent="Josh")
    with fx.unchanged(group), pytest.raises(Conflict, match="archived, not deleted"):
        wh_mending.delete_character(group, "Winerdria", expected="delete")


def test_a_game_is_renamed_deleted_or_archived(group: Database) -> None:
    games.new_game(group, "Fridya", [("Tim", "Winerdria"), ("Josh", "Annoyicus")])
    view = wh_mending.rename_game(group, "fridya", "Friday")
    assert view.name == "Friday" and view.version == 2
    games.new_game(group, "Spare", [("Tim", None), ("Josh", None)])
    with pytest.raises(AlreadyExists):
        wh_mending.rename_game(group, "Spare", "FRIDAY")
    assert wh_mending.plan_game_delete(group, "Spare").action == "delete"
    wh_mending.delete_game(group, "Spare", expected="delete")
    assert [g.name for g in games.list_games(group)] == ["Friday"]
    games.choose(group, "Friday", "Tim", quests=[EDPT])
    games.choose(group, "Friday", "Josh", quests=[ORACLE])
    games.record_result(group, "Friday", {"Tim": [EDPT]})
    plan = wh_mending.plan_game_delete(group, "Friday")
    assert plan.action == "archive" and "its result is recorded" in plan.describe()
    wh_mending.delete_game(group, "Friday", expected="archive")
    assert games.list_games(group) == []
    assert [g.name for g in games.list_games(group, archived=True)] == ["Friday"]
    # the chronicles keep the game they played
    assert characters.show_character(group, "Winerdria").report.summary["xp_earned"] == 1
    with pytest.raises(NotFound, match="restore-archived Friday"):
        games.show_game(group, "Friday")
    assert wh_mending.restore_game(group, "friday").name == "Friday"
    assert [g.name for g in games.list_games(group)] == ["Friday"]


def test_seats_change_until_the_result_is_recorded(group: Database) -> None:
    characters.new_character(group, "Tim", "Second", icon="Sidhe Female")
    games.new_game(group, "Friday", [("Tim", "Winerdria"), ("Josh", None)])
    view = wh_mending.seat(group, "Friday", "Tim", "Second")
    assert [(s.player, s.character) for s in view.seats] == [("Tim", "Second"), ("Josh", None)]
    view = wh_mending.seat(group, "Friday", "josh", "Annoyicus")
    assert view.seats[1].character == "Annoyicus"
    with pytest.raises(NotFound, match="no character is called 'Annoyicus' for Tim"):
        wh_mending.seat(group, "Friday", "Tim", "Annoyicus")  # not Tim's character
    players.add_player(group, "Mara")
    view = wh_mending.seat(group, "Friday", "Mara")
    assert [s.player for s in view.seats] == ["Tim", "Josh", "Mara"]
    games.choose(group, "Friday", "Tim", target="Mara")
    view = wh_mending.unseat(group, "Friday", "Mara")
    assert [(s.player, s.target) for s in view.seats] == [("Tim", None), ("Josh", None)]
    wh_mending.unseat(group, "Friday", "Josh")
    with pytest.raises(Refused, match="only seat"):
        wh_mending.unseat(group, "Friday", "Tim")
    wh_mending.seat(group, "Friday", "Josh", "Annoyicus")
    wh_mending.seat(group, "Friday", "Tim", "Winerdria")
    games.choose(group, "Friday", "Tim", quests=[EDPT])
    games.choose(group, "Friday", "Josh", quests=[ORACLE])
    games.record_result(group, "Friday", {"Tim": [EDPT]})
    with fx.unchanged(group):
        with pytest.raises(Refused, match="result is recorded"):
            wh_mending.seat(group, "Friday", "Tim", "Second")
        with pytest.raises(Refused, match="result is recorded"):
            wh_mending.unseat(group, "Friday", "Josh")


def test_a_seat_change_is_checked_by_the_rules(group: Database) -> None:
    games.new_game(group, "Friday", [("Tim", None), ("Josh", None)])
    games.choose(group, "Friday", "Tim", treasures=["Fae Armor"])
    view = wh_mending.seat(group, "Friday", "Tim", "Winerdria")  # she wears the only Fae Armor
    assert "collection.shared_copy" in fx.codes(view.report.warnings)


def test_backups_carry_the_archive(group: Database, tmp_path: Path,
                                   databases: fx.Databases) -> None:
    from chronicle.services import transfer

    ledger.record_game(group, "Winerdria", [EDPT], [EDPT], opponent="Josh")
    wh_mending.delete_character(group, "Winerdria")
    games.new_game(group, "Old", [("Josh", "Annoyicus")], solo=True)
    games.choose(group, "Old", "Josh", quests=[ORACLE])
    games.record_result(group, "Old", {})
    wh_mending.delete_game(group, "Old")
    document = transfer.export_all(group)
    assert {c["name"]: c["archived_at"] is not None for c in document["characters"]} == {
        "Winerdria": True, "Annoyicus": False}
    path = tmp_path / "group.json"
    transfer.write_export(group, path)
    other = fx.open_database(databases.url("other"))
    try:
        transfer.import_all(other, path)
        assert [v.name for v in characters.list_characters(other)] == ["Annoyicus"]
        assert [v.name for v in characters.list_characters(other, archived=True)] == [
            "Winerdria"]
        assert [g.name for g in games.list_games(other, archived=True)] == ["Old"]
        assert wh_mending.restore_character(other, "Winerdria").report.summary["xp_earned"] == 1
    finally:
        other.close()
        usercards.forget_group()  # the imported group cards belong to this test only
