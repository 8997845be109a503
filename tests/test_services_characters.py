"""Characters in the database: creating, building from the player's own cards, locking the
creation cards, exporting and importing, and optimistic concurrency."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest

from chronicle.errors import AlreadyExists, BadInput, Conflict, NotFound, Refused
from chronicle.services import players
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.services import characters, collection, ledger, usercards
from chronicle.systems.wyld_hunt.services.characters import CharacterView


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    yield from fx.database(db_url)


@pytest.fixture
def tim(databases: fx.Databases) -> Iterator[Database]:
    """Tim with the rulebook's Character Pack, no character yet (built once per run and
    backend, copied for each test)."""
    yield from fx.database(databases.built("characters-tim", fx.tim_opens_his_pack))


def history(view: CharacterView) -> list[dict[str, Any]]:
    """A history without the times it was recorded at."""
    return [{k: v for k, v in line.to_dict().items() if k != "recorded_at"}
            for line in view.history]


# --- creating ----------------------------------------------------------------------------------


def test_a_new_character_is_an_empty_build(tim: Database) -> None:
    view = characters.new_character(tim, "tim", "  Winerdria ")
    assert (view.name, view.player, view.version) == ("Winerdria", "Tim", 1)
    assert view.build.icons == () and view.build.merits == () and view.build.flaws == ()
    assert {v.code for v in view.report.errors} == {"icon.missing", "court.tie"}
    assert view.report.summary["points_spent"] == 0
    assert view.history == []
    shown = characters.show_character(tim, "winerdria")
    assert shown.id == view.id and shown.to_dict()["valid"] is False


def test_a_new_character_may_start_with_icon_court_and_background(tim: Database) -> None:
    view = characters.new_character(tim, "Tim", "Winerdria", icon="sidhe female",
                                    court="Seelie", background="Fights only if she has to.")
    assert view.build.icons == ("sidhe female",)
    assert view.state.icon is not None and view.state.icon.name == "Sidhe Female"
    assert view.build.court is not None and view.build.court.value == "seelie"
    assert view.build.background == "Fights only if she has to."
    assert view.report.summary["court"] == "seelie"
    assert fx.codes(view.report.errors) == []


def test_a_king_ironhearts_madness_character_starts_with_10_points(tim: Database) -> None:
    view = characters.new_character(tim, "Tim", "Veteran", system="ironheart",
                                    icon="Sidhe Female", court="seelie")
    view = characters.edit_character(tim, "Veteran", add_merits=fx.WINERDRIA_MERITS)
    summary = view.report.summary
    assert (summary["system"], summary["points_start"], summary["points_spent"],
            summary["points_unspent"]) == ("ironheart", 10, 7, 3)
    assert view.report.valid and fx.codes(view.report.warnings) == ["points.unspent"]
    assert 'system = "ironheart"' in characters.export_character(tim, "Veteran")


def test_a_players_character_names_are_unique_whatever_their_case(tim: Database) -> None:
    characters.new_character(tim, "Tim", "Winerdria")
    with fx.unchanged(tim), pytest.raises(AlreadyExists, match="already has a character"):
        characters.new_character(tim, "Tim", "WINERDRIA")
    players.add_player(tim, "Josh")
    other = characters.new_character(tim, "Josh", "Winerdria")
    assert other.player == "Josh"
    with pytest.raises(NotFound, match="2 players have a character called 'Winerdria'"):
        characters.show_character(tim, "Winerdria")
    assert characters.show_character(tim, "Winerdria", player="josh").id == other.id
    assert sorted(c.player for c in characters.list_characters(tim)) == ["Josh", "Tim"]
    assert [c.name for c in characters.list_characters(tim, "Tim")] == ["Winerdria"]


@pytest.mark.parametrize(("player", "name", "system", "error", "match"), [
    ("Tim", "Winerdria", "wyld-hunt-2", BadInput, "unknown system"),
    ("Tim", "   ", "wyld-hunt", BadInput, "needs a name"),
    ("Tom", "Winerdria", "wyld-hunt", NotFound, "did you mean 'Tim'"),
])
def test_a_new_character_needs_a_system_a_name_and_a_player(
        tim: Database, player: str, name: str, system: str, error: type[Exception],
        match: str) -> None:
    with fx.unchanged(tim), pytest.raises(error, match=match):
        characters.new_character(tim, player, name, system=system)


def test_a_new_character_with_a_card_not_owned_is_not_created(tim: Database) -> None:
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        characters.new_character(tim, "Tim", "Annoyicus", icon="Imp")
    assert fx.codes(info.value.report) == ["collection.not_owned"]


def test_a_missing_character_is_named_with_the_nearest(tim: Database) -> None:
    fx.build_winerdria(tim)
    with pytest.raises(NotFound, match="did you mean 'Winerdria'"):
        characters.show_character(tim, "Winerdra")
    with fx.unchanged(tim), pytest.raises(NotFound, match="for Tim"):
        characters.edit_character(tim, "Annoyicus", player="Tim", background="x")


# --- building Winerdria ------------------------------------------------------------------------


def test_winerdria_is_built_step_by_step_from_tims_pack(tim: Database) -> None:
    # Step 1: Tim's only Character Icon.
    view = characters.new_character(tim, "Tim", "Winerdria")
    view = characters.edit_character(tim, "Winerdria", icon="Sidhe Female")
    assert view.version == 2 and view.build.icons == ("Sidhe Female",)
    # Step 2: 7 points of Merits; building passes through an over-budget state, shown only.
    spent = []
    for merit in fx.WINERDRIA_MERITS:
        view = characters.edit_character(tim, "Winerdria", add_merits=(merit,))
        spent.append(view.report.summary["points_spent"])
    assert spent == [2, 4, 7]
    assert "points.over_budget" in fx.codes(view.report.errors)
    stored = characters.show_character(tim, "Winerdria")
    assert stored.build.merits == fx.WINERDRIA_MERITS
    assert "points.over_budget" in fx.codes(stored.report.errors)
    # ... paid for with Indecisive's 2 points.
    view = characters.edit_character(tim, "Winerdria", add_flaws=("Indecisive",))
    # Step 3: two Seelie traits against one Unseelie.
    summary = view.report.summary
    assert (summary["seelie"], summary["unseelie"], summary["court"]) == (2, 1, "seelie")
    assert (summary["points_start"], summary["points_flaws"], summary["points_spent"],
            summary["points_unspent"]) == (5, 2, 7, 0)
    assert summary["merits"] == list(fx.WINERDRIA_MERITS)
    assert summary["flaws"] == ["Indecisive"]
    # Step 4: her identity.
    view = characters.edit_character(tim, "Winerdria", background="Resolves conflicts "
                                     "without violence.")
    assert view.report.valid and view.report.violations == []
    assert view.version == 7
    again = characters.show_character(tim, "Winerdria")
    assert again.report.summary == view.report.summary
    assert again.build == view.build


def test_removing_and_replacing_creation_cards(tim: Database) -> None:
    fx.build_winerdria(tim)
    view = characters.edit_character(tim, "Winerdria", remove_merits=("eloquent speech",),
                                     add_merits=("Clear Thinking",), remove_flaws=("Indecisive",))
    assert view.build.merits == ("Fae Armor", "Lightning Quick", "Clear Thinking")
    assert view.build.flaws == ()
    assert view.report.summary["points_spent"] == 5
    with fx.unchanged(tim), pytest.raises(BadInput, match="no creation Flaw called 'Pansy'"):
        characters.edit_character(tim, "Winerdria", remove_flaws=("Pansy",))


def test_clearing_the_icon_and_choosing_a_court(tim: Database) -> None:
    fx.build_winerdria(tim)
    view = characters.edit_character(tim, "Winerdria", icon="", court="unseelie")
    assert view.build.icons == ()
    assert "icon.missing" in fx.codes(view.report.errors)
    assert "court.overridden" in fx.codes(view.report.warnings)
    with fx.unchanged(tim), pytest.raises(BadInput, match="'seelie' or 'unseelie'"):
        characters.edit_character(tim, "Winerdria", court="neutral")


@pytest.mark.parametrize(("change", "code"), [
    ({"add_merits": ("Warhorse",)}, "collection.not_owned"),
    ({"add_merits": ("Fae Armor",)}, "collection.not_owned"),
    ({"icon": "Imp"}, "collection.not_owned"),
    ({"add_merits": ("Fae Armr",)}, "card.unknown"),
    ({"add_merits": ("Indecisive",)}, "card.wrong_kind"),
    ({"add_flaws": ("Fae Armor",)}, "card.wrong_kind"),
])
def test_a_change_breaking_a_building_rule_is_refused(tim: Database, change: dict[str, Any],
                                                      code: str) -> None:
    before = fx.build_winerdria(tim)
    with fx.unchanged(tim), pytest.raises(Refused) as info:
        characters.edit_character(tim, "Winerdria", **change)
    assert fx.codes(info.value.report) == [code]
    assert "Changing Winerdria would break the rules" in str(info.value)
    after = characters.show_character(tim, "Winerdria")
    assert (after.build, after.version) == (before.build, before.version)


def test_a_second_copy_of_a_card_is_allowed_once_owned(tim: Database) -> None:
    fx.build_winerdria(tim)
    collection.add_cards(tim, "Tim", [("Fae Armor", 1)])
    view = characters.edit_character(tim, "Winerdria", add_merits=("Fae Armor",))
    assert view.build.merits.count("Fae Armor") == 2
    assert "card.duplicate" in fx.codes(view.report.warnings)


def test_two_characters_sharing_tims_only_copy_are_warned(tim: Database) -> None:
    fx.build_winerdria(tim)
    other = characters.new_character(tim, "Tim", "Morwen", icon="Sidhe Female")
    assert fx.codes(other.report.warnings).count("collection.shared_copy") == 1
    (shared,) = [v for v in other.report.warnings if v.code == "collection.shared_copy"]
    assert shared.cards == ("Sidhe Female",)
    other = characters.edit_character(tim, "Morwen", add_merits=("Fae Armor", "Clear Thinking"))
    shared_cards = {v.cards for v in other.report.warnings if v.code == "collection.shared_copy"}
    assert shared_cards == {("Sidhe Female",), ("Fae Armor",)}
    first = characters.show_character(tim, "Winerdria")
    assert {v.cards for v in first.report.warnings if v.code == "collection.shared_copy"} == {
        ("Sidhe Female",), ("Fae Armor",)}
    assert first.report.valid
    collection.add_cards(tim, "Tim", [("Sidhe Female", 1), ("Fae Armor", 1)])
    assert "collection.shared_copy" not in fx.codes(
        characters.show_character(tim, "Winerdria").report)


def test_a_card_sold_after_building_makes_the_character_unfinished(tim: Database) -> None:
    fx.build_winerdria(tim)
    collection.add_cards(tim, "Tim", [("Fae Armor", -1)])
    view = characters.show_character(tim, "Winerdria")
    assert fx.codes(view.report.errors) == ["collection.not_owned"]
    with fx.unchanged(tim), pytest.raises(Refused, match="not finished"):
        ledger.record_game(tim, "Winerdria", ["Even Dragons Pay Taxes"], [])


def test_creation_cards_are_locked_once_the_chronicle_has_begun(tim: Database) -> None:
    fx.build_winerdria(tim)
    ledger.record_game(tim, "Winerdria", ["Even Dragons Pay Taxes"], [])
    for change in ({"add_merits": ("Clear Thinking",)}, {"remove_merits": ("Fae Armor",)},
                   {"add_flaws": ("Pansy",)}, {"remove_flaws": ("Indecisive",)},
                   {"icon": "Sidhe Female"}):
        with fx.unchanged(tim), pytest.raises(Refused, match="chronicle has begun"):
            characters.edit_character(tim, "Winerdria", **change)
    view = characters.edit_character(tim, "Winerdria", background="Now a veteran.")
    assert view.build.background == "Now a veteran."
    assert view.build.merits == fx.WINERDRIA_MERITS


# --- optimistic concurrency --------------------------------------------------------------------


def test_an_edit_from_a_stale_version_is_a_conflict(tim: Database) -> None:
    mine = fx.build_winerdria(tim)
    theirs = characters.show_character(tim, "Winerdria")
    assert mine.version == theirs.version == 3
    saved = characters.edit_character(tim, "Winerdria", background="first",
                                      expected_version=theirs.version)
    assert saved.version == 4
    with fx.unchanged(tim), pytest.raises(Conflict, match="version 3 -> 4"):
        characters.edit_character(tim, "Winerdria", add_merits=("Clear Thinking",),
                                  expected_version=mine.version)
    assert characters.show_character(tim, "Winerdria").build.background == "first"


def test_a_stale_version_conflicts_even_with_a_refused_change(tim: Database) -> None:
    fx.build_winerdria(tim)
    with fx.unchanged(tim), pytest.raises(Conflict):
        characters.edit_character(tim, "Winerdria", add_merits=("Warhorse",),
                                  expected_version=1)


def test_a_change_saved_meanwhile_by_another_client_is_not_overwritten(
        tim: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = fx.build_winerdria(tim)
    other = fx.second_client(tim)
    try:
        with fx.meanwhile(monkeypatch, characters, lambda: characters.edit_character(
                other, "Winerdria", remove_merits=("Fae Armor",),
                add_merits=("Clear Thinking",))), pytest.raises(Conflict, match="meanwhile"):
            characters.edit_character(tim, "Winerdria", add_merits=("Pearl of Wisdom",),
                                      expected_version=seen.version)
        after = characters.show_character(tim, "Winerdria")
        assert after.version == seen.version + 1
        assert after.build.merits == ("Lightning Quick", "Eloquent Speech", "Clear Thinking")
        # Without an expected version as well: the stale build would drop the other's Merit.
        with fx.meanwhile(monkeypatch, characters, lambda: characters.edit_character(
                other, "Winerdria", add_merits=("Wooden Horse",))), pytest.raises(Conflict):
            characters.edit_character(tim, "Winerdria", add_merits=("Pearl of Wisdom",))
        final = characters.show_character(tim, "Winerdria")
        assert final.version == after.version + 1
        assert final.build.merits == (*after.build.merits, "Wooden Horse")
    finally:
        other.close()


def test_the_chronicle_bumps_the_version_too(tim: Database) -> None:
    built = fx.build_winerdria(tim)
    ledger.record_game(tim, "Winerdria", ["Even Dragons Pay Taxes"], [])
    with fx.unchanged(tim), pytest.raises(Conflict):
        characters.edit_character(tim, "Winerdria", background="x",
                                  expected_version=built.version)


# --- export and import -------------------------------------------------------------------------


def chronicled_winerdria(db: Database) -> CharacterView:
    """Winerdria with every kind of event in her chronicle."""
    fx.build_winerdria(db)
    ledger.record_game(db, "Winerdria", ["Even Dragons Pay Taxes"], ["Even Dragons Pay Taxes"],
                       date="1996-07-01", opponent="Josh", note="the rulebook's example")
    ledger.record_game(db, "Winerdria", ["Prove Yourself", "Seek the Oracle's Advice",
                                         "Even Dragons Pay Taxes"],
                       ["Prove Yourself", "Seek the Oracle's Advice", "Even Dragons Pay Taxes"])
    ledger.buy(db, "Winerdria", "Clear Thinking", note="saved up")
    ledger.buy_off(db, "Winerdria", "Indecisive", date="1996-08-01")
    ledger.correct(db, "Winerdria", "scorekeeping slip", xp=-1)
    ledger.correct(db, "Winerdria", "found a Pansy", add_flaws=("Pansy",))
    ledger.undo(db, "Winerdria", note="Pansy was Josh's")
    return characters.show_character(db, "Winerdria")


def test_export_and_import_into_another_database_give_the_same_character(
        tim: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        databases: fx.Databases) -> None:
    original = chronicled_winerdria(tim)
    assert original.report.valid
    assert original.report.summary["xp_earned"] == 4
    text = characters.export_character(tim, "Winerdria")
    assert text == characters.export_character(tim, "Winerdria", player="Tim")
    assert 'name = "Clear Thinking"' in text  # the user's own cards travel with the file
    path = tmp_path / "winerdria.toml"
    path.write_text(text, encoding="utf-8")
    # Another machine: another card folder and another database.
    monkeypatch.setenv("CHRONICLE_DATA_DIR", str(tmp_path / "elsewhere"))
    other = open_database(databases.url("other"))
    try:
        players.add_player(other, "Ann")
        imported = characters.import_character(other, path, player="Ann", own_missing=True)
        assert imported.build == replace(original.build, player="Ann")
        assert imported.player == "Ann"
        assert history(imported) == history(original)
        assert imported.report.summary == original.report.summary
        assert imported.report.codes == original.report.codes
        have = {(o.name, o.count) for o in collection.list_collection(other, "Ann")}
        assert have == {("Sidhe Female", 1), ("Fae Armor", 1), ("Lightning Quick", 1),
                        ("Eloquent Speech", 1), ("Clear Thinking", 1)}
        assert characters.export_character(other, "Winerdria") == text.replace(
            "(Tim)", "(Ann)").replace('player = "Tim"', 'player = "Ann"')
    finally:
        other.close()


def test_import_into_another_player_of_the_same_database(tim: Database, tmp_path: Path) -> None:
    original = chronicled_winerdria(tim)
    path = tmp_path / "winerdria.toml"
    path.write_text(characters.export_character(tim, "Winerdria"), encoding="utf-8")
    players.add_player(tim, "Josh")
    imported = characters.import_character(tim, path, player="Josh", own_missing=True)
    assert imported.id != original.id and imported.version == 1
    assert imported.build == replace(original.build, player="Josh")
    assert history(imported) == history(original)
    assert imported.report.codes == original.report.codes
    assert characters.show_character(tim, "Winerdria", player="Tim").build == original.build


def test_an_import_uses_the_files_player(tim: Database, tmp_path: Path) -> None:
    path = tmp_path / "w.toml"
    path.write_text('name = "Nova"\nplayer = "tim"\nicon = "Sidhe Female"\n'
                    'merits = ["Fae Armor", "Eloquent Speech"]\ncourt = "seelie"\n',
                    encoding="utf-8")
    view = characters.import_character(tim, path)
    assert (view.player, view.name, view.version) == ("Tim", "Nova", 1)
    assert view.report.valid
    assert "collection.shared_copy" not in fx.codes(view.report)


def test_an_import_may_be_a_build_in_progress(tim: Database, tmp_path: Path) -> None:
    path = tmp_path / "w.toml"
    path.write_text('name = "Nova"\nplayer = "Tim"\nmerits = ["Pearl of Wisdom", "Fae Armor",'
                    ' "Eloquent Speech", "Lightning Quick"]\n', encoding="utf-8")
    view = characters.import_character(tim, path)
    assert {v.code for v in view.report.errors} == {"icon.missing", "points.over_budget",
                                                   "court.tie"}


def test_an_import_of_cards_not_owned_is_refused_and_changes_nothing(
        tim: Database, tmp_path: Path) -> None:
    path = tmp_path / "w.toml"
    path.write_text('name = "Nova"\nplayer = "Tim"\nicon = "Imp"\nmerits = ["Shiny Thing"]\n'
                    '[[card]]\nname = "Shiny Thing"\nkind = "merit"\ntype = "treasure"\n'
                    'cost = 5\n', encoding="utf-8")
    with fx.unchanged(tim, usercards.managed_file()), pytest.raises(Refused) as info:
        characters.import_character(tim, path)
    assert fx.codes(info.value.report) == ["collection.not_owned", "collection.not_owned"]
    assert {v.cards for v in info.value.report} == {("Imp",), ("Shiny Thing",)}
    view = characters.import_character(tim, path, own_missing=True)
    assert view.report.summary["points_spent"] == 5
    assert usercards.managed_file().read_text(encoding="utf-8").count("Shiny Thing") == 1


@pytest.mark.parametrize(("content", "code"), [
    ('icon = ["Sidhe Female", "Sidhe Female"]', "icon.multiple"),
    ('icon = "Sidhe Female"\nmerits = ["Fae Armor"]\n[[event]]\nbuy = "Clear Thinking"',
     "xp.overspent"),
    ('icon = "Sidhe Female"\nmerits = ["Fae Armr"]', "card.unknown"),
    ('icon = "Sidhe Female"\nmerits = ["Fae Armor"]\n[[event]]\nquests = ["Prove Yourself"]\n'
     '[[event]]\nbuy = "Clear Thinking"\n[[event]]\nundo = 1', "xp.overspent"),
])
def test_an_import_breaking_the_rules_is_refused(tim: Database, tmp_path: Path, content: str,
                                                 code: str) -> None:
    path = tmp_path / "w.toml"
    path.write_text(f'name = "Nova"\nplayer = "Tim"\ncourt = "seelie"\n{content}\n',
                    encoding="utf-8")
    with fx.unchanged(tim, usercards.managed_file()), pytest.raises(Refused) as info:
        characters.import_character(tim, path, own_missing=True)
    assert code in fx.codes(info.value.report)


@pytest.mark.parametrize(("content", "problem"), [
    ('name = "Nova"\nplayer = "Tim"\nmerrits = ["Fae Armor"]\n', "merits"),
    ('name = "Nova"\nplayer = "Tim"\ncourt = "neutral"\n', "court"),
    ('name = "Nova"\nplayer = "Tim"\n[[event]]\nbuy = "Clear Thinking"\nquests = ["X"]\n',
     "mixes"),
    ('name = "Nova"\nplayer = "Tim"\n[[card]]\nname = "Shiny"\nkind = "merit"\ncost = "two"\n',
     "cost"),
    ('name = "Nova"\nplayer = "Tim\n', "w.toml"),
])
def test_a_file_with_bad_content_is_refused_with_its_problems(
        tim: Database, tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "w.toml"
    path.write_text(content, encoding="utf-8")
    with fx.unchanged(tim, usercards.managed_file()), pytest.raises(BadInput) as info:
        characters.import_character(tim, path)
    message = str(info.value)
    assert message.startswith(f"cannot use {path}")
    assert problem in message
    assert f"{path}:" in message  # each problem names the file and line


def test_an_import_needs_a_character_file_with_a_player_and_a_free_name(
        tim: Database, tmp_path: Path) -> None:
    fx.build_winerdria(tim)
    nobody = tmp_path / "nobody.toml"
    nobody.write_text('name = "Nova"\n', encoding="utf-8")
    setup = tmp_path / "setup.toml"
    setup.write_text('[[player]]\nname = "Tim"\ncareer_xp = 0\ncharacter_points = 7\n',
                     encoding="utf-8")
    taken = tmp_path / "taken.toml"
    taken.write_text('name = "winerdria"\nplayer = "Tim"\n', encoding="utf-8")
    stranger = tmp_path / "stranger.toml"
    stranger.write_text('name = "Nova"\nplayer = "Zed"\n', encoding="utf-8")
    for path, error, match in ((nobody, BadInput, "names no player"),
                               (setup, BadInput, "game setup file"),
                               (taken, AlreadyExists, "already has a character"),
                               (stranger, NotFound, "no player is called 'Zed'"),
                               (tmp_path / "missing.toml", BadInput, "cannot use")):
        with fx.unchanged(tim, usercards.managed_file()), pytest.raises(error, match=match):
            characters.import_character(tim, path)
