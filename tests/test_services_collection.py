"""Players and their collections: adding players, counting cards in and out, opening packs."""

from __future__ import annotations

from collections.abc import Iterator

import dbfixtures as fx
import pytest

from chronicle.errors import AlreadyExists, BadInput, NotFound
from chronicle.services import players
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.services import characters, collection, usercards

STORY_PACK = ["Even Dragons Pay Taxes", "Balanvale", "Huntinglane", "Irondew Road",
              "The Kyrrian Tower", "Raxis", "Crystal Falls", "Court of Praxis Tynon",
              "Forest Spiders", "Manticora", "Spike Trap", "Pirates", "Unseelie Knight",
              "Sphinx's Riddle", "Hurricane"]
"""A standard Story Pack: 1 Quest, 7 Leagues and 7 Waylays."""


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    yield from fx.database(db_url)


@pytest.fixture
def tim(db: Database) -> Database:
    players.add_player(db, "Tim")
    return db


def owned(db: Database, player: str) -> dict[tuple[str, str], int]:
    return {(o.name, o.kind): o.count for o in collection.list_collection(db, player)}


# --- players -----------------------------------------------------------------------------------


def test_add_player_and_list_players_with_cards_and_characters(db: Database) -> None:
    added = players.add_player(db, "  Tim   the  Player ")
    assert (added.name, added.cards, added.holdings) == ("Tim the Player", 0, ())
    players.add_player(db, "Josh")
    collection.add_cards(db, "Josh", [("Imp", 1), ("Fuddle", 2)])
    characters.new_character(db, "Josh", "Annoyicus")
    listed = players.list_players(db)
    assert [p.to_dict() for p in listed] == [
        {"name": "Josh", "cards": 3, "holdings": [
            {"game": "wyld-hunt", "what": "character", "names": ["Annoyicus"]}]},
        {"name": "Tim the Player", "cards": 0, "holdings": []},
    ]


@pytest.mark.parametrize("again", ["Tim", "tim", "  TIM ", "tIm"])
def test_a_players_name_is_taken_whatever_its_case(tim: Database, again: str) -> None:
    with fx.unchanged(tim), pytest.raises(AlreadyExists, match="already a player called"):
        players.add_player(tim, again)
    assert [p.name for p in players.list_players(tim)] == ["Tim"]


@pytest.mark.parametrize("name", ["", "   ", "x" * 201])
def test_a_players_name_has_1_to_200_characters(db: Database, name: str) -> None:
    with fx.unchanged(db), pytest.raises(BadInput, match=r"1 to 200|at most 200"):
        players.add_player(db, name)


def test_no_players_at_first(db: Database) -> None:
    assert players.list_players(db) == []


# --- adding and removing cards -----------------------------------------------------------------


def test_cards_are_counted_in_and_out(tim: Database) -> None:
    done = collection.add_cards(tim, "Tim", [("Fae Armor", 2), ("lightning quick", 1)])
    assert done.player == "Tim"
    assert done.counts == [("Fae Armor", "merit", 2), ("Lightning Quick", "merit", 1)]
    assert done.warnings == []
    again = collection.add_cards(tim, "tim", [("Fae Armor", 1), ("Lightning Quick", -1)])
    assert again.counts == [("Fae Armor", "merit", 3), ("Lightning Quick", "merit", 0)]
    assert owned(tim, "Tim") == {("Fae Armor", "merit"): 3}
    listed = collection.list_collection(tim, "Tim")
    assert listed[0].to_dict() == {"name": "Fae Armor", "kind": "merit", "count": 3,
                                   "set": "wyld-hunt", "in_catalog": True}
    assert players.list_players(tim)[0].cards == 3


def test_the_same_card_twice_in_one_change_counts_both(tim: Database) -> None:
    done = collection.add_cards(tim, "Tim", [("Fae Armor", 2), ("Fae Armor", -1)])
    assert done.counts == [("Fae Armor", "merit", 2), ("Fae Armor", "merit", 1)]
    assert owned(tim, "Tim") == {("Fae Armor", "merit"): 1}


def test_removing_more_than_owned_is_refused_and_nothing_changes(tim: Database) -> None:
    collection.add_cards(tim, "Tim", [("Fae Armor", 1), ("Indecisive", 1)])
    with fx.unchanged(tim), pytest.raises(BadInput, match="owns 1 Fae Armor; cannot remove 2"):
        collection.add_cards(tim, "Tim", [("Indecisive", -1), ("Fae Armor", -2)])
    with fx.unchanged(tim), pytest.raises(BadInput, match="owns 0 Imp"):
        collection.add_cards(tim, "Tim", [("Imp", -1)])
    assert owned(tim, "Tim") == {("Fae Armor", "merit"): 1, ("Indecisive", "flaw"): 1}


@pytest.mark.parametrize("count", [0, 1001, -1001])
def test_a_count_is_between_1_and_1000(tim: Database, count: int) -> None:
    with fx.unchanged(tim), pytest.raises(BadInput, match="between 1 and 1000"):
        collection.add_cards(tim, "Tim", [("Fae Armor", 1), ("Imp", count)])


def test_an_unknown_card_is_refused_with_the_nearest_name(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(NotFound, match="did you mean 'Fae Armor'"):
        collection.add_cards(tim, "Tim", [("Imp", 1), ("Fae Armr", 1)])
    with fx.unchanged(tim), pytest.raises(NotFound, match="create it from the physical card"):
        collection.add_cards(tim, "Tim", [("Qqqqqqqqqqqqqqq Zzzzzzzz", 1)])
    assert owned(tim, "Tim") == {}


def test_an_ambiguous_name_needs_a_kind(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(NotFound) as info:
        collection.add_cards(tim, "Tim", [("Slavers", 1)])
    assert "several cards" in str(info.value)
    assert "quest" in str(info.value) and "waylay" in str(info.value)
    assert collection.add_cards(tim, "Tim", [("Slavers", 2)], kind="waylay").counts == [
        ("Slavers", "waylay", 2)]
    assert collection.add_cards(tim, "Tim", [("slavers", 1)], kind="quest").counts == [
        ("Slavers", "quest", 1)]
    assert owned(tim, "Tim") == {("Slavers", "quest"): 1, ("Slavers", "waylay"): 2}


def test_a_kind_restricts_the_names_and_must_be_a_kind(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(NotFound, match="no waylay card is called 'Imp'"):
        collection.add_cards(tim, "Tim", [("Imp", 1)], kind="waylay")
    with fx.unchanged(tim), pytest.raises(BadInput, match="kind is one of"):
        collection.add_cards(tim, "Tim", [("Imp", 1)], kind="monster")


def test_cards_of_an_unknown_player_are_refused_with_the_nearest_name(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(NotFound, match="did you mean 'Tim'"):
        collection.add_cards(tim, "Tom", [("Imp", 1)])
    with pytest.raises(NotFound, match="chronicle player add Zebedee"):
        collection.list_collection(tim, "Zebedee")


def test_a_card_of_the_users_own_can_be_collected(tim: Database) -> None:
    usercards.create_card({"name": "Silver Whistle", "kind": "merit", "type": "treasure",
                           "cost": 1})
    assert collection.add_cards(tim, "Tim", [("silver whistle", 1)]).counts == [
        ("Silver Whistle", "merit", 1)]


def test_a_card_no_longer_in_the_catalog_is_still_listed(tim: Database) -> None:
    usercards.create_card({"name": "Silver Whistle", "kind": "merit", "cost": 1})
    collection.add_cards(tim, "Tim", [("Silver Whistle", 1)])
    usercards.managed_file().unlink()
    (entry,) = collection.list_collection(tim, "Tim")
    assert (entry.card, entry.name, entry.count) == (None, "Silver Whistle", 1)
    assert entry.to_dict()["in_catalog"] is False


# --- packs -------------------------------------------------------------------------------------


def test_the_rulebooks_character_pack_is_standard(tim: Database) -> None:
    fx.define("Clear Thinking", "Pansy", "Allergies")
    done = collection.open_pack(tim, "Tim", "character", fx.TIM_CHARACTER_PACK)
    assert done.warnings == []
    assert len(done.counts) == 15
    assert ("Sidhe Female", "icon", 1) in done.counts
    assert ("Indecisive", "flaw", 1) in done.counts
    assert sum(owned(tim, "Tim").values()) == 15


def test_a_character_pack_of_other_contents_is_recorded_with_a_warning(tim: Database) -> None:
    names = [*fx.TIM_CHARACTER_PACK[:10], "Fae Armor", "Fae Armor", "Manticora"]
    done = collection.open_pack(tim, "Tim", "character", names)
    assert fx.codes(done.warnings) == ["pack.contents"]
    assert "1 icon(s), 11 Merits and Flaws and 1 other card(s)" in done.warnings[0].message
    assert done.to_dict()["warnings"][0]["severity"] == "warning"
    assert ("Fae Armor", "merit", 2) in done.counts
    assert owned(tim, "Tim")[("Fae Armor", "merit")] == 2
    assert sum(owned(tim, "Tim").values()) == 13


def test_the_story_pack_is_standard(tim: Database) -> None:
    done = collection.open_pack(tim, "Tim", "story", STORY_PACK)
    assert done.warnings == []
    assert sum(count for _n, _k, count in done.counts) == 15


def test_a_story_pack_of_other_contents_is_recorded_with_a_warning(tim: Database) -> None:
    done = collection.open_pack(tim, "Tim", "story", [*STORY_PACK[:-1], "Prove Yourself"])
    assert fx.codes(done.warnings) == ["pack.contents"]
    assert "2 quest(s), 7 league(s), 6 waylay(s)" in done.warnings[0].message
    assert owned(tim, "Tim")[("Prove Yourself", "quest")] == 1


def test_a_pack_with_unknown_cards_records_nothing(tim: Database) -> None:
    collection.add_cards(tim, "Tim", [("Imp", 1)])
    names = [*STORY_PACK[:5], "Fae Armr", "Nothing Like Any Card At All", "Slavers"]
    with fx.unchanged(tim), pytest.raises(BadInput) as info:
        collection.open_pack(tim, "Tim", "story", names)
    message = str(info.value)
    assert message.startswith("nothing was recorded")
    assert "did you mean 'Fae Armor'" in message
    assert "'Nothing Like Any Card At All'" in message
    assert "several cards" in message
    assert owned(tim, "Tim") == {("Imp", "icon"): 1}


def test_a_pack_is_a_character_or_a_story_pack(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(BadInput, match="'character' or 'story'"):
        collection.open_pack(tim, "Tim", "booster", STORY_PACK)


def test_a_pack_of_an_unknown_player_records_nothing(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(NotFound, match="no player is called 'Josh'"):
        collection.open_pack(tim, "Josh", "story", STORY_PACK)


def test_a_pack_names_the_kind_of_an_ambiguous_card(tim: Database) -> None:
    done = collection.open_pack(tim, "Tim", "story", [*STORY_PACK[:-1], "waylay:Slavers"])
    assert done.warnings == []
    assert owned(tim, "Tim")[("Slavers", "waylay")] == 1
