"""Collections as CSV: round trips, tolerant headers, replace mode, and every bad row reported
with its line while nothing is imported."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from chronicle.errors import BadInput, NotFound
from chronicle.services import players
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.services import collection, csvio
from chronicle.systems.wyld_hunt.services.usercards import create_card


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = open_database(db_url)
    create_card({"name": "Golden Ogre", "kind": "waylay", "set": "ironheart", "rating": 6,
                 "terrain": ["road"], "tests": ["combat"], "combat": 6})
    for name in ("Tim", "Josh"):
        players.add_player(database, name)
    collection.add_cards(database, "Tim", [("Fae Armor", 2), ("Eloquent Speech", 1),
                                           ("Indecisive", 1), ("Golden Ogre", 3)])
    collection.add_cards(database, "Tim", [("Slavers", 1)], kind="quest")
    collection.add_cards(database, "Tim", [("Slavers", 4)], kind="waylay")
    yield database
    database.close()


def held(db: Database, player: str) -> list[tuple[str, str, int]]:
    return [(o.name, o.kind, o.count) for o in collection.list_collection(db, player)]


def write(tmp_path: Path, text: str, name: str = "collection.csv", *,
          encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def test_export_has_one_row_per_card_with_set_and_kind(db: Database) -> None:
    text = csvio.export_collection_csv(db, "Tim")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["card", "set", "kind", "count"]
    assert sorted(rows[1:]) == sorted([
        ["Fae Armor", "wyld-hunt", "merit", "2"], ["Eloquent Speech", "wyld-hunt", "merit", "1"],
        ["Indecisive", "wyld-hunt", "flaw", "1"], ["Golden Ogre", "ironheart", "waylay", "3"],
        ["Slavers", "wyld-hunt", "quest", "1"], ["Slavers", "", "waylay", "4"]])


def test_export_of_an_empty_collection_is_the_header(db: Database) -> None:
    assert csvio.export_collection_csv(db, "Josh") == "card,set,kind,count\n"


def test_round_trip_into_another_player(db: Database, tmp_path: Path) -> None:
    path = write(tmp_path, csvio.export_collection_csv(db, "Tim"))
    result = csvio.import_collection_csv(db, "Josh", path)
    assert held(db, "Josh") == held(db, "Tim")
    assert result.rows == 6 and result.player == "Josh" and result.mode == "add"
    assert ("Slavers", "waylay", 4) in result.counts
    assert result.to_dict()["cards"][0].keys() == {"name", "kind", "count"}
    assert str(result).startswith("Added the 6 rows of the file to Josh's collection.\n  ")


def test_add_mode_adds_to_what_is_held_and_sums_repeated_rows(db: Database,
                                                               tmp_path: Path) -> None:
    path = write(tmp_path, "card,count\nFae Armor,1\nFae Armor,2,,\n")
    csvio.import_collection_csv(db, "Tim", path)
    assert ("Fae Armor", "merit", 5) in held(db, "Tim")


def test_bom_header_order_case_blank_lines_notes_and_aliases(db: Database,
                                                              tmp_path: Path) -> None:
    text = ("\ufeff Count ,KIND,Card,Notes, SET \r\n\r\n"
            "3,merit,fae armor,\"my note, with a comma\",Wyld Hunt\r\n"
            "   ,  ,  \r\n"
            "2,waylay,Slavers,,\r\n"
            "\r\n")
    path = write(tmp_path, text)
    result = csvio.import_collection_csv(db, "Josh", path)
    assert held(db, "Josh") == [("Fae Armor", "merit", 3), ("Slavers", "waylay", 2)]
    assert result.rows == 2
    aliased = write(tmp_path, "Name;Quantity\nIndecisive;2\n", "semicolons.csv")
    csvio.import_collection_csv(db, "Josh", aliased)
    assert ("Indecisive", "flaw", 2) in held(db, "Josh")


def test_every_bad_row_is_reported_at_once_and_nothing_is_imported(
        db: Database, tmp_path: Path) -> None:
    text = "\n".join([
        "card,set,kind,count,notes",   # 1
        "Fae Armor,,,1,",               # 2 good
        "Fae Armour,,,1,",              # 3 misspelt
        "Slavers,,,1,",                 # 4 two kinds share the name
        "Fae Armor,,spell,1,",          # 5 unknown kind
        "Fae Armor,,,two,",             # 6 not a number
        "Fae Armor,,,0,",               # 7 zero when adding
        "Fae Armor,,,1001,",            # 8 too many
        "Fae Armor,ironheart,,1,",      # 9 contradicts the catalog's set
        "Fae Armor,wyld hnt,,1,",       # 10 unknown set
        ",,,1,",                        # 11 no card name
        "Fae Armor,,,1,a,extra",        # 12 too many values
        "Indecisive,,merit,1,",         # 13 right name, wrong kind
        "Totally Unheard Of Card,,,1,",  # 14 nothing near
        "Fae Armor,,,,",                # 15 no count
        "Golden Ogre,wyld-hunt,,1.5,",  # 16 two problems on one line
        "Slavers,,waylay,2,",           # 17 good
    ]) + "\n"
    path = write(tmp_path, text)
    before = held(db, "Tim")
    with pytest.raises(BadInput) as caught:
        csvio.import_collection_csv(db, "Tim", path)
    message = str(caught.value)
    where = f"{path} line"
    expected = [
        (3, "unknown card 'Fae Armour' (did you mean 'Fae Armor'?)"),
        (4, "'Slavers' is the name of several cards (quest, waylay); say which in a kind "
            "column"),
        (5, "unknown kind 'spell'"),
        (6, "count 'two' for 'Fae Armor' is not a whole number from 1 to 1000"),
        (7, "count 0 for 'Fae Armor' adds nothing"),
        (8, "count '1001' for 'Fae Armor' is not a whole number from 1 to 1000"),
        (9, "'Fae Armor' is from the wyld-hunt set, not 'ironheart'"),
        (10, "unknown set 'wyld hnt'"),
        (11, "no card name"),
        (12, "has 6 values but the header names 5 columns"),
        (13, "no merit is called 'Indecisive' (there is a flaw of that name)"),
        (14, "unknown card 'Totally Unheard Of Card'; create it first with 'chronicle cards "
             "new'"),
        (15, "no count for 'Fae Armor'"),
        (16, "count '1.5' for 'Golden Ogre' is not a whole number"),
        (16, "'Golden Ogre' is from the ironheart set, not 'wyld-hunt'"),
    ]
    for line, reason in expected:
        assert f"{where} {line}: {reason}" in message, (line, reason, message)
    assert message.startswith(f"nothing was imported from {path}; fix these 15 rows")
    for good in (1, 2, 17):
        assert f"{where} {good}:" not in message
    assert held(db, "Tim") == before


def test_replace_mode_makes_the_collection_exactly_the_files(db: Database,
                                                             tmp_path: Path) -> None:
    path = write(tmp_path, "card,kind,count\nFae Armor,merit,5\nSlavers,waylay,0\n"
                           "Clear Thinking,merit,1\n")
    result = csvio.import_collection_csv(db, "Tim", path, mode="replace")
    assert held(db, "Tim") == [("Clear Thinking", "merit", 1), ("Fae Armor", "merit", 5)]
    assert sorted(result.removed) == [("Eloquent Speech", "merit"), ("Golden Ogre", "waylay"),
                                      ("Indecisive", "flaw"), ("Slavers", "quest")]
    assert ("Slavers", "waylay", 0) in result.counts
    assert result.to_dict()["mode"] == "replace"
    assert str(result).splitlines()[0] == \
        "Replaced Tim's collection with the 3 rows of the file."
    assert "  Fae Armor (merit): 5" in str(result).splitlines()
    assert "  Indecisive (flaw): 0 (not in the file)" in str(result).splitlines()


def test_replace_mode_refuses_a_card_listed_twice(db: Database, tmp_path: Path) -> None:
    before = held(db, "Tim")
    path = write(tmp_path, "card,count\nFae Armor,1\nfae armor,2\nFae Armor,1001\n")
    with pytest.raises(BadInput) as caught:
        csvio.import_collection_csv(db, "Tim", path, mode="replace")
    assert f"{path} line 3: Fae Armor (merit) is also on line 2" in str(caught.value)
    assert f"{path} line 4: count '1001' for 'Fae Armor' is not a whole number from 0 to " \
        "1000" in str(caught.value)
    assert held(db, "Tim") == before


@pytest.mark.parametrize(("text", "expected"), [
    ("", r"collection\.csv is empty"),
    ("\n\n", r"collection\.csv is empty"),
    ("Fae Armor,2\n", r"line 1: unknown column 'Fae Armor'"),
    ("card,amount\n", r"line 1: unknown column 'amount'.*the columns are card, set, kind"),
    ("card,set\nFae Armor,wyld-hunt\n", r"line 1: .*no 'count' column"),
    ("card,count,Card\n", r"line 1: the column 'card' appears twice"),
    ("\n\ncard,cuont\n", r"line 3: unknown column 'cuont' \(did you mean 'count'\?\)"),
])
def test_unusable_headers_are_refused(db: Database, tmp_path: Path, text: str,
                                      expected: str) -> None:
    with pytest.raises(BadInput, match=expected):
        csvio.import_collection_csv(db, "Josh", write(tmp_path, text))
    assert held(db, "Josh") == []


def test_a_header_only_file_adds_nothing_and_replaces_everything(db: Database,
                                                                 tmp_path: Path) -> None:
    path = write(tmp_path, "card,set,kind,count\n")
    assert csvio.import_collection_csv(db, "Tim", path).counts == []
    assert len(held(db, "Tim")) == 6
    csvio.import_collection_csv(db, "Tim", path, mode="replace")
    assert held(db, "Tim") == []


def test_file_problems_are_refused(db: Database, tmp_path: Path) -> None:
    with pytest.raises(BadInput, match=r"cannot read .*missing\.csv"):
        csvio.import_collection_csv(db, "Tim", tmp_path / "missing.csv")
    latin = write(tmp_path, "card,count\nFaé,1\n", "latin.csv", encoding="latin-1")
    with pytest.raises(BadInput, match=r"latin\.csv is not UTF-8 text.*CSV UTF-8"):
        csvio.import_collection_csv(db, "Tim", latin)
    quotes = write(tmp_path, 'card,count\nFae Armor,1\n"Indecisive,1\n\nSlavers,1\n',
                   "quotes.csv")
    with pytest.raises(BadInput, match=r"quotes\.csv line 3: cannot be read as CSV"):
        csvio.import_collection_csv(db, "Tim", quotes)
    stray = write(tmp_path, 'card,count\n"Fae" Armor,1\n', "stray.csv")
    with pytest.raises(BadInput, match=r"stray\.csv line 2: cannot be read as CSV"):
        csvio.import_collection_csv(db, "Tim", stray)
    assert len(held(db, "Tim")) == 6


def test_unknown_player_and_mode(db: Database, tmp_path: Path) -> None:
    path = write(tmp_path, "card,count\nFae Armor,1\n")
    with pytest.raises(NotFound, match="no player is called 'Tmi'; did you mean 'Tim'"):
        csvio.import_collection_csv(db, "Tmi", path)
    with pytest.raises(NotFound):
        csvio.export_collection_csv(db, "Nobody")
    with pytest.raises(BadInput, match="'add' or 'replace', not 'merge'"):
        csvio.import_collection_csv(db, "Tim", path, mode="merge")


FORMULAS = ["=cmd|' /C calc'!A0", "+SUM(A1)", "-2+3", "@IMPORT(x)"]


@pytest.mark.parametrize("name", FORMULAS)
def test_formula_cells_are_neutralised_and_read_back_unchanged(db: Database, tmp_path: Path,
                                                              name: str) -> None:
    create_card({"name": name, "kind": "merit", "cost": 1}, db)
    collection.add_cards(db, "Tim", [(name, 2)])
    text = csvio.export_collection_csv(db, "Tim")
    cells = [row[0] for row in csv.reader(io.StringIO(text))]
    assert f"'{name}" in cells and name not in cells  # a spreadsheet shows it as text
    assert not [cell for cell in cells if cell.startswith(csvio.FORMULA_STARTS)]
    csvio.import_collection_csv(db, "Josh", write(tmp_path, text))
    assert held(db, "Josh") == held(db, "Tim")
    assert (name, "merit", 2) in held(db, "Josh")


def test_counts_are_capped_in_total_not_only_per_row(db: Database, tmp_path: Path) -> None:
    rows = "".join("Fae Armor,1000\n" for _ in range(3000))
    path = write(tmp_path, "card,count\n" + rows)
    before = held(db, "Tim")
    with pytest.raises(BadInput, match="at most 1000 copies"):
        csvio.import_collection_csv(db, "Tim", path)
    assert held(db, "Tim") == before
    with pytest.raises(BadInput, match="at most 1000 copies"):
        collection.add_cards(db, "Tim", [("Fae Armor", 999)])
    collection.add_cards(db, "Tim", [("Fae Armor", 998)])
    again = write(tmp_path, csvio.export_collection_csv(db, "Tim"), "again.csv")
    csvio.import_collection_csv(db, "Josh", again)  # its own export imports again
    assert ("Fae Armor", "merit", 1000) in held(db, "Josh")
