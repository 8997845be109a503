"""The printable documents by value: what the sheet, the chronicle log and the game sheet say,
checked on the document model before any PDF exists; and safe file names.

The helpers at the top (an in-memory character and the demo database) are shared with
``test_export_pdf.py``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronicle.catalog.store import Catalog
from chronicle.export.safefiles import MAX_STEM, RESERVED, safe_name
from chronicle.rules.report import Report
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.cards import (
    Attribute,
    Card,
    Court,
    Flaw,
    FlawType,
    Icon,
    Kind,
    Merit,
    MeritType,
)
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild
from chronicle.systems.wyld_hunt.rules.character import CharacterState, check_character
from chronicle.systems.wyld_hunt.services.characters import CharacterView, show_character
from chronicle.systems.wyld_hunt.services.demo import run_demo
from chronicle.systems.wyld_hunt.services.games import show_game
from chronicle.systems.wyld_hunt.sheets.document import (
    CardGrid,
    CardLine,
    Document,
    FieldGrid,
    HistoryEntry,
    ItemList,
    Mark,
    Note,
    Part,
    Table,
    Tally,
    TextBox,
    against,
    character_sheet,
    chronicle_log,
    game_sheet,
    player_document,
    sheet_document,
    total,
)

REPO = Path(__file__).resolve().parent.parent

# --- shared helpers ----------------------------------------------------------------------------


@dataclass
class Character:
    """A character built in memory, shaped like the services' ``CharacterView``."""

    name: str
    player: str
    build: CharacterBuild
    report: Report
    state: CharacterState
    history: Sequence[HistoryEntry] = field(default_factory=list)


def in_memory_character(name: str = "Sample", *, player: str = "Pat",
                        merits: Sequence[Merit] = (), flaws: Sequence[Flaw] = (),
                        icon: Icon | None = None, background: str | None = None) -> Character:
    """A character checked by the rules against a catalog of exactly these cards."""
    icon = icon or Icon(name="Sample Icon", kind=Kind.ICON, race="Sidhe", gender="female",
                        might=2, savvy=3, resolve=2, special="Glamour sight")
    cards: list[Card] = [icon, *merits, *flaws]
    build = CharacterBuild(name=name, icons=(icon.name,), court=Court.SEELIE,
                           merits=tuple(m.name for m in merits),
                           flaws=tuple(f.name for f in flaws), background=background)
    report, state = check_character(build, Catalog(cards))
    return Character(name, player, build, report, state)


def merit(name: str, kind: MeritType | None = MeritType.ABILITY, cost: int | None = 1,
          attribute: Attribute | None = Attribute.MIGHT, court: Court | None = Court.SEELIE,
          ) -> Merit:
    """A Merit card."""
    return Merit(name=name, kind=Kind.MERIT, type=kind, cost=cost, attribute=attribute,
                 court=court)


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """The demo's database (Tim with Winerdria, Josh with Annoyicus, a played and a prepared
    game), shared by a module's tests, which only read it."""
    folder = tmp_path_factory.mktemp("demo")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CHRONICLE_DATA_DIR", str(folder / "data"))
        db = open_database(f"sqlite:///{folder / 'demo.db'}")
        run_demo(db)
    yield db
    db.close()


@pytest.fixture(scope="module")
def winerdria(demo_db: Database) -> CharacterView:
    """The demo's Winerdria, as the services show her."""
    return show_character(demo_db, "Winerdria", "Tim")


def fields_of(part: Part) -> dict[str, object]:
    """Every labelled value of a part, by label (the first of each label)."""
    found: dict[str, object] = {}
    for block in part.blocks:
        if isinstance(block, FieldGrid):
            for row in block.rows:
                for item in row:
                    found.setdefault(item.label, item.value)
    return found


def only(part: Part, kind: type[object]) -> list[object]:
    """The blocks of one kind."""
    return [b for b in part.blocks if isinstance(b, kind)]


def grid_of(part: Part) -> CardGrid:
    """The card grid of a sheet."""
    (grid,) = [b for b in part.blocks if isinstance(b, CardGrid)]
    return grid


def boxes(part: Part) -> dict[str, tuple[CardLine, ...]]:
    """The cards of each box, by title."""
    return {box.title: box.cards for pair in grid_of(part).rows for box in pair}


# --- the character sheet -----------------------------------------------------------------------


def test_the_document_model_is_pure() -> None:
    """Building documents loads neither reportlab nor the database or TUI stacks."""
    probe = ("import chronicle.systems.wyld_hunt.sheets.document, sys, json\n"
             "print(json.dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=REPO)
    loaded = json.loads(done.stdout)
    heavy = {"reportlab", "sqlmodel", "sqlalchemy", "textual", "PIL"}
    assert [m for m in loaded if m.split(".")[0] in heavy] == []
    assert not [m for m in loaded if m.startswith(("chronicle.services", "chronicle.cli"))]


def test_the_demo_sheet_says_what_the_rulebook_sheet_asks(winerdria: CharacterView) -> None:
    part = character_sheet(winerdria)
    assert (part.kind, part.title) == ("Character Sheet", "Winerdria")
    assert "Tim's character" in part.caption and "Icon: Sidhe Female" in part.caption
    values = fields_of(part)
    assert {k: values[k] for k in ("Name", "Race", "Gender", "Might", "Savvy", "Resolve")} == {
        "Name": "Winerdria", "Race": "Sidhe", "Gender": "Female", "Might": "2", "Savvy": "3",
        "Resolve": "2"}
    special, background = only(part, TextBox)
    assert special == TextBox("Special Ability", Mark.UNKNOWN, lines=2)  # nobody knows it
    assert isinstance(background, TextBox) and str(background.text).startswith("Fights only")
    assert background.shrink  # may be set smaller, or moved whole, to keep one page
    assert part.one_page and part.brand == "ARCADIA · THE WYLD HUNT"
    grid = grid_of(part)
    assert [(a.title, b.title) for a, b in grid.rows] == [
        ("Abilities", "Allies"), ("Advantages", "Arts"), ("Treasures", "Enemies"),
        ("Weaknesses", "Curses")]
    assert [(a.side, b.side) for a, b in grid.rows][2] == ("merits", "flaws")
    cards = boxes(part)
    assert cards["Abilities"] == (
        CardLine("Lightning Quick", "2", Mark.UNKNOWN, "Unseelie"),
        CardLine("Eloquent Speech", "3", Mark.UNKNOWN, "Seelie"))
    assert cards["Treasures"] == (CardLine("Fae Armor", "2", "", ""),)
    assert cards["Weaknesses"] == (CardLine("Indecisive", "2", "Resolve", "Seelie"),)
    assert all(not cards[t] for t in ("Allies", "Advantages", "Arts", "Enemies", "Curses"))
    assert values["Court"] == "Seelie (at creation: 2 Seelie, 1 Unseelie)"
    assert values["Creation points"] == "7 of 7 spent (5 starting + 2 from Flaws)"
    (quests,) = only(part, ItemList)
    assert quests == ItemList("Quests Completed", ("Even Dragons Pay Taxes",), 0, "none yet",
                              max_lines=2)
    assert {k: values[k] for k in ("Experience earned", "Spent", "Unspent", "Waylay bonus")} \
        == {"Experience earned": "1", "Spent": "0", "Unspent": "1",
            "Waylay bonus": "+0 per Quest"}
    notes = only(part, Note)
    assert len(notes) == 1 and isinstance(notes[0], Note) and '"?"' in notes[0].text
    assert "chronicle " not in notes[0].text  # no command on paper


def test_the_pencil_sheet_carries_the_chronicle_forward_as_a_play_aid(
        winerdria: CharacterView) -> None:
    part = character_sheet(winerdria, pencil=True)
    values = fields_of(part)
    assert part.kind == "Character Sheet (pencil)"
    assert {k: values[k] for k in ("Experience earned", "Spent", "Unspent", "Waylay bonus")} \
        == {"Experience earned": "1", "Spent": "0", "Unspent": "1",
            "Waylay bonus": "+0 per Quest"}
    (quests,) = only(part, ItemList)
    assert isinstance(quests, ItemList) and quests.items == ("Even Dragons Pay Taxes",)
    assert quests.blank_lines == 1
    grid = grid_of(part)
    assert grid.exhaust  # an "exhausted" box beside every Merit and Flaw
    assert all(box.blank_lines == 2 for pair in grid.rows for box in pair)
    (tally,) = only(part, Tally)
    assert isinstance(tally, Tally) and tally.boxes >= 30
    assert any(isinstance(b, TextBox) and b.title == "Quest Treasures" for b in part.blocks)
    assert values["Might"] == "2" and boxes(part)["Treasures"][0].name == "Fae Armor"


def test_unknown_values_are_marked_never_zero() -> None:
    icon = Icon(name="Odd Icon", kind=Kind.ICON, race=None, gender="male", might=None,
                savvy=0, resolve=1, special=None)
    character = in_memory_character(
        icon=icon, merits=[merit("Mystery", cost=None, attribute=None, court=None),
                           merit("Old Sword", MeritType.TREASURE, cost=None, attribute=None,
                                 court=None)],
        flaws=[Flaw(name="Hex", kind=Kind.FLAW, type=FlawType.CURSE, bonus=None),
               Flaw(name="Frail", kind=Kind.FLAW, type=FlawType.WEAKNESS, bonus=1)])
    part = character_sheet(character)
    values = fields_of(part)
    assert values["Might"] is Mark.UNKNOWN and values["Race"] is Mark.UNKNOWN
    assert values["Savvy"] == "0"  # a real zero stays a zero
    assert values["Creation points"] is Mark.UNKNOWN
    cards = boxes(part)
    assert cards["Abilities"] == (CardLine("Mystery", Mark.UNKNOWN, Mark.UNKNOWN,
                                           Mark.UNKNOWN),)
    assert cards["Treasures"] == (CardLine("Old Sword", Mark.UNKNOWN, "", ""),)
    assert cards["Curses"] == (CardLine("Hex", Mark.UNKNOWN, "", ""),)
    assert cards["Weaknesses"] == (CardLine("Frail", "1", Mark.UNKNOWN, Mark.UNKNOWN),)
    assert "0" not in [c.points for box in cards.values() for c in box]
    assert total([1, None, 2]) == "3 + ?" and total([None]) is Mark.UNKNOWN
    assert total([]) == "0" and against(Mark.UNKNOWN, "10") == "? of 10"


def test_merits_and_flaws_of_unknown_type_get_a_row_of_their_own() -> None:
    character = in_memory_character(
        merits=[merit("Strange Gift", kind=None)],
        flaws=[Flaw(name="Strange Bane", kind=Kind.FLAW, type=None, bonus=2)])
    rows = grid_of(character_sheet(character)).rows
    assert len(rows) == 5
    left, right = rows[-1]
    assert (left.title, left.side, [c.name for c in left.cards]) == (
        "Merits of unknown type", "merits", ["Strange Gift"])
    assert (right.title, right.side, [c.name for c in right.cards]) == (
        "Flaws of unknown type", "flaws", ["Strange Bane"])


def test_user_text_stays_exactly_as_typed_in_the_model() -> None:
    name = "<b>Zoë</b> & Ωμέγα Жанна 名前ひらがな"
    character = in_memory_character(name, player="Pat & <Co>", background="a < b & c > d",
                                     merits=[merit("</para><font name='x'>")])
    document = sheet_document(character)
    texts = list(document.texts())
    assert name in texts and "a < b & c > d" in texts and "</para><font name='x'>" in texts
    assert "Pat & <Co>'s character" in document.parts[0].caption


# --- the chronicle log -------------------------------------------------------------------------


@pytest.fixture
def busy_db(tmp_path: Path) -> Iterator[Database]:
    """The demo, then Winerdria's chronicle grows: a correction, a buy-off and its undo."""
    from chronicle.systems.wyld_hunt.services import ledger

    db = open_database(f"sqlite:///{tmp_path / 'busy.db'}")
    run_demo(db)
    ledger.correct(db, "Winerdria", "found notes <&>", xp=2)
    ledger.buy_off(db, "Winerdria", "Indecisive")
    ledger.undo(db, "Winerdria")
    yield db
    db.close()


def test_the_log_lists_every_event_with_running_totals(busy_db: Database) -> None:
    part = chronicle_log(show_character(busy_db, "Winerdria"))
    (table,) = only(part, Table)
    assert isinstance(table, Table)
    assert [c.title for c in table.columns] == [
        "#", "Date", "Event", "XP", "Earned", "Spent", "Unspent", "Bonus"]
    assert table.title == "Games and purchases" and "Waylay bonus" in table.legend
    assert table.blank_rows >= 5  # for the next games
    first, *events = table.rows
    assert first.cells[0] == "0" and str(first.cells[2]).startswith("Created: Sidhe Female")
    assert "Merits Fae Armor, Lightning Quick, Eloquent Speech" in str(first.cells[2])
    rows = [(r.cells[0], r.cells[2], *r.cells[3:], r.tone) for r in events]
    assert rows[0][0] == "1" and str(rows[0][1]).startswith("Game: quests Even Dragons")
    assert rows[0][2:] == ("+1", "1", "0", "1", "+0", "normal")
    assert rows[1][1] == "Correction (found notes <&>): +2 experience"
    assert rows[1][2:] == ("+2", "3", "0", "3", "+1", "normal")
    assert rows[2][1] == "Bought off Indecisive (undone by event 4)"
    assert rows[2][2:] == ("", "3", "0", "3", "+1", "muted")
    assert rows[3][1] == "Undo of event 3"
    assert rows[4] == ("", "Now", "", "3", "0", "3", "+1", "total")
    # the demo records its events without a day: they print "—", never the day they were
    # typed in (issue 33: a log read 2024-01-19, 2026-12-02, 2024-01-26)
    assert [r.cells[1] for r in events[:4]] == ["—", "—", "—", "—"]
    assert fields_of(part)["Experience earned"] == "3"


def test_an_empty_chronicle_has_its_starting_build_and_rows_to_fill_in() -> None:
    part = chronicle_log(in_memory_character())
    (table,) = only(part, Table)
    assert isinstance(table, Table) and table.blank_rows > 0
    assert [r.cells[2] for r in table.rows] == [
        "Created: Sample Icon; creation points 0 of 5 spent, 5 unspent (5 starting)", "Now"]


# --- the game-preparation sheet ----------------------------------------------------------------


def table_rows(table: object) -> list[tuple[object, ...]]:
    """The cells of each row of a table block."""
    assert isinstance(table, Table)
    return [r.cells for r in table.rows]


def test_the_game_sheet_shows_ratings_choices_totals_and_who_waylays_whom(
        demo_db: Database) -> None:
    part = game_sheet(show_game(demo_db, "Example of Play"))
    assert (part.kind, part.title) == ("Game Preparation", "Example of Play")
    assert "2 players" in part.caption and "played" in part.caption
    tables = only(part, Table)
    table_fields = next(b for b in part.blocks if isinstance(b, FieldGrid))
    assert [f.label for f in table_fields.rows[0]] == ["Base Camp", "First player", "Result"]
    assert table_rows(tables[0]) == [("Tim", "Winerdria", "Josh", "Josh", "1", "+0"),
                                     ("Josh", "Annoyicus", "Tim", "Tim", "0", "+0")]
    tim_quests, tim_waylays, tim_treasures, tim_leagues = tables[1:5]
    assert table_rows(tim_quests) == [
        ("Even Dragons Pay Taxes", "7", "10", "+0", "10", "5", "yes"),
        ("Total", "", "", "", "10", "5", "")]
    assert table_rows(tim_waylays)[0] == ("Pirates", "3", "Combat 2", Mark.UNKNOWN)
    assert table_rows(tim_waylays)[-1] == ("Total", "10", "", "")
    assert isinstance(tim_treasures, Table) and tim_treasures.rows == ()
    assert tim_treasures.blank_rows > 0  # rows to write in, not "No Treasures chosen yet."
    assert isinstance(tim_quests, Table) and tim_quests.title == "Tim: Winerdria"
    assert tim_waylays.context == "Tim: Winerdria (continued)"  # type: ignore[attr-defined]
    assert [r[0] for r in table_rows(tim_leagues)] == [
        "Balanvale", "Court of Praxis Tynon", "Crystal Falls", "Huntinglane", "Raxis"]
    assert ("Raxis", "Fields, Forest, Road, Town", "yes") in table_rows(tim_leagues)
    limits = [b for b in part.blocks if isinstance(b, FieldGrid)][1:]
    assert [(f.label, f.value) for f in limits[0].rows[0]] == [
        ("Waylays against Josh", "10 of 10"), ("Treasures", "0 of 5"), ("Leagues", "5 of 5")]
    assert [(f.label, f.value) for f in limits[1].rows[0]] == [
        ("Waylays against Tim", "10 of 10"), ("Treasures", "3 of 3"), ("Leagues", "5 of 5")]
    notes = [n for n in part.blocks if isinstance(n, Note)]
    assert any("Tim's Treasures total 0 of a Treasure rating of 5" in n.text for n in notes)
    grouped = [n.text for n in notes if "have no known terrain" in n.text]
    assert len(grouped) == 1 and grouped[0].startswith("7 Waylays have no known terrain")
    for note in notes:  # a player's words: no rule codes, commands or file syntax
        assert not re.search(r"[a-z]+\.[a-z_]+:|\[\[|chronicle |--|= '", note.label + note.text)


def test_a_prepared_game_without_choices_says_what_is_missing(demo_db: Database) -> None:
    part = game_sheet(show_game(demo_db, "Rematch"))
    empties = [t for t in only(part, Table) if isinstance(t, Table) and not t.rows]
    assert len(empties) >= 6 and all(t.blank_rows > 0 for t in empties)
    assert "prepared" in part.caption


def test_a_solo_game_waylays_its_own_quests(busy_db: Database) -> None:
    from chronicle.systems.wyld_hunt.services import games

    games.new_game(busy_db, "Alone <&>", [("Tim", "Winerdria")], solo=True)
    part = game_sheet(show_game(busy_db, "Alone <&>"))
    assert part.title == "Alone <&>" and "solo" in part.caption
    empties = [t for t in only(part, Table) if isinstance(t, Table) and not t.rows]
    assert any(t.title == "Tim: Winerdria" and t.blank_rows for t in empties)
    games.choose(busy_db, "Alone <&>", "Tim", quests=["Even Dragons Pay Taxes"])
    part = game_sheet(show_game(busy_db, "Alone <&>"))
    limits = [b for b in part.blocks if isinstance(b, FieldGrid)][1].rows[0]
    # Winerdria has earned 3: a Waylay bonus of 1 on her quest rated 10
    assert [(f.label, f.value) for f in limits] == [
        ("Waylays (solo: your own)", "0 of 11"), ("Treasures", "0 of 5"),
        ("Leagues", "0 of 10")]


def test_a_players_document_has_a_part_per_character(winerdria: CharacterView) -> None:
    other = in_memory_character("Second", player="Tim")
    document = player_document("Tim", [winerdria, other])
    assert isinstance(document, Document)
    assert [p.title for p in document.parts] == ["Winerdria", "Second"]
    assert document.title == "Tim: character sheets"


# --- safe file names ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "expected"), [
    ("Winerdria", "winerdria"),
    ("Zoë d'Arc", "zoe-d-arc"),
    ("../../etc/passwd", "etc-passwd"),
    ("..", None),
    ("a/b\\c:d*e?f", "a-b-c-d-e-f"),
    ("CON", "con-file"),
    ("nul", "nul-file"),
    ("COM1", "com1-file"),
    ("  --Ωμέγα--  ", "ωμέγα"),
    ("Жар-птица", "жар-птица"),
    ("  !!! ", None),
    ("Example of Play", "example-of-play"),
])
def test_safe_names(name: str, expected: str | None) -> None:
    stem = safe_name(name, "character")
    if expected is None:
        assert re.fullmatch(r"character-[0-9a-f]{8}", stem)
    else:
        assert stem == expected


def test_names_in_other_scripts_keep_their_script_and_stay_distinct() -> None:
    assert safe_name("名前", "character") == "名前"
    assert safe_name("שלום עליכם") == "שלום-עליכם" and safe_name("한국어 이름") == "한국어-이름"
    first, second = safe_name("🐉", "character"), safe_name("🔥", "character")
    assert first != second and first.startswith("character-")  # nothing readable left
    assert safe_name("🐉", "character") == first  # stable
    assert len(safe_name("名" * 200).encode()) <= 150


def test_very_long_names_are_cut() -> None:
    stem = safe_name("Aelindra " * 100)
    assert len(stem) <= MAX_STEM and not stem.endswith("-")


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_a_safe_name_never_leaves_its_folder(name: str) -> None:
    stem = safe_name(name)
    assert stem[0].isalnum() and stem == stem.lower()
    assert all(c.isalnum() or c in "-_" or unicodedata.category(c) in ("Mn", "Mc")
               for c in stem), stem
    assert not any(c in stem for c in "/\\:*?\"<>|\x00")
    assert len(stem) <= MAX_STEM + 5 and stem.lower() not in RESERVED
    assert len(stem.encode("utf-8")) <= 160
    folder = Path("/exports")
    assert (folder / f"{stem}.pdf").parent == folder


# --- player language ---------------------------------------------------------------------------


def test_a_king_ironhearts_madness_character_carries_its_editions_title() -> None:
    from dataclasses import replace

    from chronicle.rules.editions import find_edition

    base = in_memory_character("Courtier")
    build = replace(base.build, system="ironheart")
    icon = base.state.icon
    assert icon is not None
    report, state = check_character(build, Catalog([icon]))
    part = character_sheet(Character("Courtier", "Pat", build, report, state))
    edition = find_edition("ironheart")
    assert edition is not None and part.brand == edition.label.upper()
    assert "WYLD HUNT" not in part.brand and edition.label in part.caption
    assert character_sheet(base).brand == "ARCADIA · THE WYLD HUNT"


def test_one_creation_points_figure_counts_everything_available() -> None:
    from chronicle.systems.wyld_hunt.sheets.document import creation_points

    # a Human Male sheet: 8 spent of 5 starting + 3 from Flaws + 2 granted by a card
    summary: dict[str, object] = {"points_complete": True, "points_start": 5,
                                  "points_flaws": 3, "points_extra": 2, "points_spent": 8}
    assert creation_points(summary) == \
        "8 of 10 spent, 2 unspent (5 starting + 3 from Flaws + 2 from cards)"
    assert creation_points({**summary, "points_spent": 11}) == \
        "11 of 10 spent, 1 over (5 starting + 3 from Flaws + 2 from cards)"
    assert creation_points({**summary, "points_complete": False}) is Mark.UNKNOWN


@pytest.mark.parametrize(("ally", "others", "expected"), [
    (2, 6, "8 of 10 spent, 2 unspent (5 starting + 3 from Flaws + 2 points for Allies "
           "from Leader Icon)"),
    (0, 8, "8 of 10 spent, 2 unspent (5 starting + 3 from Flaws + 2 points for Allies "
           "from Leader Icon)"),
    (0, 10, "10 of 10 spent, 2 over, 2 unspent (5 starting + 3 from Flaws + 2 points for "
            "Allies from Leader Icon)"),  # points for Allies cannot pay for an Ability
])
def test_points_granted_for_some_merits_are_counted_as_the_rules_count_them(
        ally: int, others: int, expected: str) -> None:
    from chronicle.systems.wyld_hunt.cards import ExtraPoints

    icon = Icon(name="Leader Icon", kind=Kind.ICON, race="Human", gender="male", might=2,
                savvy=2, resolve=2, special="Leader",
                effects=(ExtraPoints(points=2, merit_type=MeritType.ALLY,
                                     counts_toward_total=False),))
    merits = [merit("Pricey", cost=others)]
    if ally:
        merits.append(merit("Friend", MeritType.ALLY, cost=ally, attribute=None, court=None))
    character = in_memory_character(icon=icon, merits=merits, flaws=[
        Flaw(name="Frail", kind=Kind.FLAW, type=FlawType.WEAKNESS, bonus=3,
             attribute=Attribute.MIGHT, court=Court.SEELIE)])
    assert fields_of(character_sheet(character))["Creation points"] == expected
    over = [v for v in character.report.violations if v.code == "points.over_budget"]
    assert bool(over) == ("over" in expected)  # the rules and the sheet agree


def test_the_sheet_states_points_once_and_never_repeats_them_as_a_finding() -> None:
    character = in_memory_character(merits=[merit("Cheap", cost=1)])  # 4 of 5 unspent
    assert "points.unspent" in character.report.codes
    part = character_sheet(character)
    assert fields_of(part)["Creation points"] == "1 of 5 spent, 4 unspent (5 starting)"
    assert not any(isinstance(n, Note) and "unspent" in n.text for n in part.blocks)


def test_a_bought_off_flaw_is_struck_through_with_the_quest_after_which_it_went() -> None:
    from chronicle.systems.wyld_hunt.cards import Quest
    from chronicle.systems.wyld_hunt.chronicle import FlawBoughtOff, GamePlayed

    base = in_memory_character(flaws=[Flaw(name="Frail", kind=Kind.FLAW,
                                           type=FlawType.WEAKNESS, bonus=1,
                                           attribute=Attribute.MIGHT, court=Court.SEELIE)])
    quest = Quest(name="Prove Yourself", kind=Kind.QUEST, number=1, waylay_rating=7,
                  treasure_rating=5, experience=2)
    from dataclasses import replace

    build = replace(base.build, events=(
        GamePlayed(quests=("Prove Yourself",), completed=("Prove Yourself",)),
        FlawBoughtOff(flaw="Frail")))
    assert base.state.icon is not None
    catalog = Catalog([base.state.icon, quest, *base.state.flaws])
    report, state = check_character(build, catalog)
    character = Character("Sample", "Pat", build, report, state)
    part = character_sheet(character, card_named=catalog.get)
    (line,) = boxes(part)["Weaknesses"]
    assert line.struck and line.name == "Frail" and line.note == "bought off after Prove Yourself"


def test_the_special_abilitys_effect_prints_beside_its_name() -> None:
    icon = Icon(name="Dragonkin Male", kind=Kind.ICON, race="Dragonkin", gender="male",
                might=2, savvy=1, resolve=3, special="Dragon Breath",
                summary="Exhaust a Might Ability for a fire blast.")
    part = character_sheet(in_memory_character(icon=icon))
    special = next(b for b in part.blocks if isinstance(b, TextBox))
    assert special.text == "Dragon Breath: Exhaust a Might Ability for a fire blast."
