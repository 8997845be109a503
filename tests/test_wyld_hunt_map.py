"""The League map of a prepared game (issue 29, item 2): the sides' terrains as card data, the
map ledger kept with the game and checked as it is made (service, CLI, app), printed on the game
sheet. The rules themselves have golden cases: ``tests/golden/setups/map-*.toml``.

On SQLite and PostgreSQL (the ``db_url`` fixture); the app test drives keys only on SQLite.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import dbfixtures as fx
import pytest
from pypdf import PdfReader

from chronicle.cli import main
from chronicle.errors import BadInput, Conflict, Refused
from chronicle.export.pdf import render_pdf
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.rules.map_ledger import check_record
from chronicle.systems.wyld_hunt.services import collection, games, maps, usercards

GAME = "Map Night"
EDPT = "Even Dragons Pay Taxes"
ORACLE = "Seek the Oracle's Advice"
STORY_CARDS = ("Forest Spiders", "Manticora", "Hurricane", "Pirates", "Oathfriend",
               "Magical Barrier", "Irondew Road", "The Kyrrian Tower", "Huntinglane",
               "Balanvale", "Sibylline Swamp")
FIELDS_AND_ROADS = [["fields"], ["forest", "road"], ["fields"], ["forest", "road"]]
HOSTILE = "Fen <b>& Moor</b>"
"""A League named with markup characters: shown and printed as written."""


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    yield from fx.database(db_url)


def sides(db: Database, league: str, value: list[list[str]]) -> None:
    """Enter a League's sides from 'the physical card' into the group's cards."""
    usercards.create_card({"name": league, "kind": "league", "sides": value}, db)


@pytest.fixture
def table(databases: fx.Databases) -> Iterator[Database]:
    """``prepare``'s table, built once per run and backend, copied for each test."""
    yield from fx.database(databases.built("map-table", prepare))


def prepare(db: Database) -> Database:
    """The Example of Play prepared with legal choices; every League's sides entered but
    Raxis's (Tim's last League), which stays unknown."""
    fx.define(*STORY_CARDS)
    fx.winerdria(db)
    fx.annoyicus(db)
    collection.add_cards(db, "Tim", list(Counter(fx.TIM_STORY).items()))
    collection.add_cards(db, "Josh", list(Counter(fx.JOSH_STORY).items()))
    games.new_game(db, GAME, [("Tim", "Winerdria"), ("Josh", "Annoyicus")])
    games.choose(db, GAME, "Tim", quests=[EDPT], treasures=["Glamour Dust", "Bag of Gold"],
                 leagues=fx.TIM_LEAGUES)
    games.choose(db, GAME, "Josh", quests=[ORACLE], treasures=["Glamour Dust"],
                 leagues=fx.JOSH_LEAGUES)
    for league in fx.TIM_LEAGUES[:-1] + fx.JOSH_LEAGUES:
        sides(db, league, FIELDS_AND_ROADS)
    return db


def codes_of(exc: pytest.ExceptionInfo[Refused]) -> list[str]:
    return [v.code for v in exc.value.report.violations]


def test_sides_are_card_data_on_every_way_in(db: Database) -> None:
    card = usercards.create_card({"name": "Balanvale", "kind": "league",
                                  "sides": [["Fields", "road"], ["swamp"], ["border"],
                                            ["ocean"]]}, db)
    assert [[str(t) for t in side] for side in card.sides or ()] == [
        ["fields", "road"], ["marsh"], ["border"], ["ocean"]]
    with pytest.raises(BadInput, match="sides"):
        usercards.create_card({"name": "Balanvale", "kind": "league",
                               "sides": [["fields"], ["fields"], ["fields"]]}, db)


def test_a_legal_map_is_laid_step_by_step_and_kept_as_a_ledger(table: Database) -> None:
    view = maps.place(table, GAME, "Balath Castle", at=(0, 0))          # Josh's, found alone
    assert view.state.cells[(0, 0)].player == "Josh"
    view = maps.place(table, GAME, "Balanvale", at=(1, 0), turn=180)
    view = maps.place(table, GAME, "Sibylline Swamp", at=(0, 1))
    assert sorted(view.state.cells) == [(0, 0), (0, 1), (1, 0)]
    assert view.report.valid and view.leagues["Tim"] == fx.TIM_LEAGUES[1:]
    view = maps.undo(table, GAME)                                       # compensating event
    assert (0, 1) not in view.state.cells
    assert [e["kind"] for e in view.events] == ["place", "place", "place", "undo"]
    view = maps.place(table, GAME, "Sibylline Swamp", at=(2, 0))
    assert maps.show_map(table, GAME).state.cells[(2, 0)].league == "Sibylline Swamp"


def test_an_illegal_placement_is_refused_with_its_code_and_nothing_is_written(
        table: Database) -> None:
    maps.place(table, GAME, "Balath Castle", at=(0, 0))
    for kwargs, code in (({"at": (0, 0)}, "map.occupied"), ({"at": (5, 5)}, "map.detached"),
                         ({"at": (1, 0), "turn": 90}, "map.turn")):
        with pytest.raises(Refused) as exc:
            maps.place(table, GAME, "Balanvale", **kwargs)  # type: ignore[arg-type]
        assert code in codes_of(exc)
    sides(table, "Huntinglane", [["mountains"]] * 4)
    with pytest.raises(Refused) as exc:
        maps.place(table, GAME, "Huntinglane", at=(1, 0))
    assert codes_of(exc) == ["map.terrain_mismatch"]
    assert len(maps.show_map(table, GAME).events) == 1


def test_unknown_sides_are_asked_for_naming_the_league(table: Database) -> None:
    maps.place(table, GAME, "Balath Castle", at=(0, 0))
    with pytest.raises(Refused) as exc:
        maps.place(table, GAME, "Raxis", at=(1, 0), player="Tim")
    assert codes_of(exc) == ["map.sides_unknown"]
    violation = exc.value.report.violations[0]
    assert violation.cards == ("Raxis",)
    assert "chronicle cards new Raxis --kind league --sides" in (violation.fix_for("cli") or "")
    sides(table, "Raxis", FIELDS_AND_ROADS)                              # entered, then laid
    assert (1, 0) in maps.place(table, GAME, "Raxis", at=(1, 0), player="Tim").state.cells


def test_treasures_and_base_camps_follow_the_leagues(table: Database) -> None:
    order = [("Balath Castle", "Josh"), ("Balanvale", "Tim"), ("Sibylline Swamp", "Josh"),
             ("Huntinglane", "Tim"), ("Marsh of Grey Filth", "Josh"), ("Irondew Road", "Tim"),
             ("Unnamed League (web map 8,4)", "Josh"), ("The Kyrrian Tower", "Tim"),
             ("Unnamed League (web map 10,7)", "Josh")]
    for x, (league, who) in enumerate(order):
        maps.place(table, GAME, league, at=(x, 0), player=who)
    sides(table, "Raxis", FIELDS_AND_ROADS)
    maps.place(table, GAME, "Raxis", at=(0, 1), player="Tim")
    maps.treasure(table, GAME, "Glamour Dust", player="Tim", on="Balanvale")
    with pytest.raises(Refused) as exc:
        maps.treasure(table, GAME, "Bag of Gold", player="Tim", on="Balanvale")
    assert codes_of(exc) == ["map.treasure_stacked"]
    maps.treasure(table, GAME, "Bag of Gold", player="Tim", at=(2, 0))
    maps.treasure(table, GAME, "Glamour Dust", player="Josh", on="Raxis")
    with pytest.raises(Refused) as exc:
        maps.camp(table, GAME, "Tim", by="Tim", on="Raxis")
    assert codes_of(exc) == ["map.camp_chooser"]
    maps.camp(table, GAME, "Tim", on="Raxis")                  # Josh chooses, by default
    view = maps.camp(table, GAME, "Josh", on="Huntinglane")
    assert view.report.violations == [] and view.state.camps == {"Tim": (0, 1),
                                                                  "Josh": (3, 0)}
    record = check_record({"game": GAME}, view.events)         # what db import checks
    assert record.valid


def test_the_map_stays_with_its_game_through_a_rename_and_not_a_new_one(
        table: Database) -> None:
    from chronicle.systems.wyld_hunt.services import chroniclemending as wh_mending

    maps.place(table, GAME, "Balath Castle", at=(0, 0))
    wh_mending.rename_game(table, GAME, "Renamed Night")
    assert list(maps.show_map(table, "Renamed Night").state.cells) == [(0, 0)]
    wh_mending.delete_game(table, "Renamed Night")
    games.new_game(table, GAME, [("Tim", "Winerdria"), ("Josh", "Annoyicus")])
    assert maps.show_map(table, GAME).state.cells == {}


def test_a_stored_map_is_checked_on_its_own_as_import_and_restore_do(db: Database) -> None:
    from chronicle.services import recordstore as records

    place = {"league": "Balath Castle", "player": "Josh", "x": 0, "y": 0, "turn": 0}
    good = records.create(db, "wyld-hunt", "map", "imported", {"game": "Imported"},
                          events=[("place", place), ("undo", {"seq": 1})])
    assert [e.kind for e in good.events] == ["place", "undo"]
    for events, code in (([("place", place), ("place", place)], "map.occupied"),
                         ([("place", {**place, "x": "0"})], "map.bad_undo"),
                         ([("undo", {"seq": 1})], "map.bad_undo")):
        with pytest.raises(Refused) as exc:
            records.create(db, "wyld-hunt", "map", "broken", {"game": "Broken"},
                           events=events)
        assert code in codes_of(exc)


def test_hostile_steps_are_refused_and_nothing_is_written(table: Database) -> None:
    maps.place(table, GAME, "Balath Castle", at=(0, 0))
    with pytest.raises(BadInput, match="within 1000"):
        maps.place(table, GAME, "Balanvale", at=(10**12, 0))
    with pytest.raises(Refused) as exc:
        maps.place(table, GAME, "Balanvale", at=(1, 0), player="Stranger\x1b[2J")
    assert "map.not_chosen" in codes_of(exc)
    with pytest.raises(Refused) as exc:
        maps.treasure(table, GAME, "Glamour Dust", player="Stranger", on="Balath Castle")
    assert "map.treasure_not_chosen" in codes_of(exc)
    with pytest.raises(Refused) as exc:
        maps.camp(table, GAME, "Tim", by="Stranger", on="Balath Castle")
    assert codes_of(exc) == ["map.camp_chooser"]
    with pytest.raises(Refused) as exc:
        maps.place(table, GAME, "No Such League", at=(1, 0), player="Tim")
    assert "card.unknown" in codes_of(exc)
    assert len(maps.show_map(table, GAME).events) == 1


def test_a_write_from_a_stale_version_is_refused(table: Database) -> None:
    first = maps.place(table, GAME, "Balath Castle", at=(0, 0))
    maps.place(table, GAME, "Balanvale", at=(1, 0))
    with pytest.raises((Refused, Conflict)):
        maps.place(table, GAME, "Sibylline Swamp", at=(0, 1), expected_version=first.version)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refusing a value
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_map_commands(table: Database, db_url: str,
                          capsys: pytest.CaptureFixture[str]) -> None:
    base = ("--db", db_url, "map")
    code, out, _err = run(capsys, *base, "place", GAME, "Balath Castle", "--at", "0,0")
    assert code == 0 and "Balath Castle" in out
    code, _out, err = run(capsys, *base, "place", GAME, "Raxis", "--at", "1,0")
    assert code == 1 and "map.sides_unknown" in err and "--sides" in err
    code, _out, err = run(capsys, *base, "place", GAME, "Balanvale", "--at", "one")
    assert code == 2 and "X,Y" in err
    code, out, _err = run(capsys, *base, "place", GAME, "Balanvale", "--at", "1,0", "--turn",
                          "180", "--json")
    shown = json.loads(out)
    assert code == 0 and [(p["league"], p["turn"]) for p in shown["leagues"]] == [
        ("Balath Castle", 0), ("Balanvale", 180)]
    code, out, _err = run(capsys, *base, "undo", GAME)
    assert code == 0 and "Balanvale" not in out.split("to lay")[0]
    code, out, _err = run(capsys, *base, "show", GAME)
    assert code == 0 and "Tim to lay: Balanvale" in out and "map.incomplete" in out
    code, _out, err = run(capsys, *base, "show", "No Such Game")
    assert code == 2


def test_the_game_sheet_prints_the_map_with_names_escaped(table: Database) -> None:
    from chronicle.systems.wyld_hunt.printing import game as game_sheet

    usercards.create_card({"name": HOSTILE, "kind": "league", "terrain": ["marsh"],
                           "unique": False, "sides": FIELDS_AND_ROADS}, table)
    collection.add_cards(table, "Josh", [(HOSTILE, 1)])
    games.choose(table, GAME, "Josh", leagues=[*fx.JOSH_LEAGUES[:-1], HOSTILE])
    maps.place(table, GAME, "Balath Castle", at=(0, 0))
    maps.place(table, GAME, "Balanvale", at=(1, 0))
    maps.place(table, GAME, HOSTILE, at=(2, 0))
    buffer = io.BytesIO()
    render_pdf(game_sheet(table, GAME), buffer)
    texts = [page.extract_text() for page in PdfReader(io.BytesIO(buffer.getvalue())).pages]
    page = next(t for t in texts if "League map" in t)
    flat = "".join(page.split())
    for name in ("Balath Castle", "Balanvale", HOSTILE):
        assert "".join(name.split()) in flat
    assert "themapisnotfinished" in "".join("".join(texts).split())


def test_a_league_is_laid_by_keys_in_the_app(tmp_path: Path) -> None:
    from chronicle.systems.wyld_hunt.screens.game_map import GameMapScreen
    from chronicle.systems.wyld_hunt.screens.game_prep import GamePrepScreen
    from chronicle.tui.app import ChronicleApp
    from chronicle.tui.widgets.card_list import CardList

    url = f"sqlite:///{tmp_path}/t.db"
    database = next(fx.database(url))
    prepare(database)
    database.close()

    async def settle(pilot: object) -> None:
        for _ in range(4):
            await pilot.app.workers.wait_for_complete()  # type: ignore[attr-defined]
            await pilot.pause()  # type: ignore[attr-defined]

    async def scenario() -> None:
        async with ChronicleApp(url).run_test(size=(100, 30)) as pilot:
            await pilot.press("3")
            await settle(pilot)
            names = [g.name for g in pilot.app.screen.games]  # type: ignore[attr-defined]
            pilot.app.screen.query_one(CardList).focus()
            await pilot.press("home", *["down"] * names.index(GAME), "enter")
            await settle(pilot)
            assert isinstance(pilot.app.screen, GamePrepScreen)
            await pilot.press("m")
            await settle(pilot)
            screen = pilot.app.screen
            assert isinstance(screen, GameMapScreen)
            first = screen.choices()[0]
            await pilot.press("enter")                      # the first League, at 0,0
            await settle(pilot)
            await pilot.press("right", "right_square_bracket", "t", "enter")
            await settle(pilot)
            assert screen.view is not None
            laid = {c: (p.league, p.turn) for c, p in screen.view.state.cells.items()}
            assert laid[(0, 0)] == (first[1], 0) and laid[(1, 0)][1] == 180
            await pilot.press("right", "right", "right", "enter")   # beside nothing
            await settle(pilot)
            assert "map.detached" in str(screen.query_one("#map-status").content)
            await pilot.press("u")
            await settle(pilot)
            assert sorted(screen.view.state.cells) == [(0, 0)]

    asyncio.run(scenario())
    database = next(fx.database(url))
    assert [e["kind"] for e in maps.show_map(database, GAME).events] == ["place", "place",
                                                                         "undo"]
    database.close()


def test_the_map_bench_runs_quick(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "bench" / "wyld_hunt_map.py"
    spec = importlib.util.spec_from_file_location("map_bench", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--quick"])
    out = capsys.readouterr().out
    assert out.count(" x") >= 4 and "replay of 100 placements" in out and "growth" in out


def test_sides_are_entered_in_the_apps_card_form(tmp_path: Path) -> None:
    from chronicle.services.db import open_database
    from chronicle.systems.wyld_hunt.cards import League
    from chronicle.systems.wyld_hunt.screens.collection import CollectionScreen
    from chronicle.systems.wyld_hunt.services.demo import run_demo
    from chronicle.tui.app import ChronicleApp

    url = f"sqlite:///{tmp_path}/t.db"
    run_demo(open_database(url))

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(3):
                await app.workers.wait_for_complete()
                await pilot.pause()
            assert isinstance(app.screen, CollectionScreen)
            app.screen.query_one("#search").value = "balanvale"  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.press("escape", "e")
            await pilot.pause()
            form = app.screen
            form.query_one("#field-sides").value = "road/Hills,road/mountains/swamp"  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            for _ in range(3):
                await app.workers.wait_for_complete()
                await pilot.pause()
            assert isinstance(app.screen, CollectionScreen), app.screen
            card = app.screen.catalog.get("Balanvale", "league")
            assert isinstance(card, League) and [[str(t) for t in side]
                                                 for side in card.sides or ()] == [
                ["road"], ["hills", "road"], ["mountains"], ["marsh"]]

    try:
        asyncio.run(scenario())
    finally:
        usercards.forget_group()


def test_every_map_code_has_a_golden_case() -> None:
    import tomllib

    from chronicle.systems.wyld_hunt.codes import ALL_CODES

    golden = Path(__file__).resolve().parent / "golden" / "cases.toml"
    cases = tomllib.loads(golden.read_text(encoding="utf-8"))["case"]
    found = {code for case in cases if case["file"].startswith("setups/map-")
             for code in case["codes"]}
    assert {c.code for c in ALL_CODES if c.code.startswith("map.")} <= found


def test_play_reads_which_leagues_are_adjacent_from_a_whole_map(table: Database) -> None:
    """A game in play checks moves against the map once every League is laid (item 3's
    ``play.neighbours``); a map still being laid leaves adjacency to the table."""
    from chronicle.systems.wyld_hunt.services import play

    assert play.neighbours(table, GAME) is None                     # no map yet
    order = [("Balath Castle", "Josh"), ("Balanvale", "Tim"), ("Sibylline Swamp", "Josh"),
             ("Huntinglane", "Tim"), ("Marsh of Grey Filth", "Josh"), ("Irondew Road", "Tim"),
             ("Unnamed League (web map 8,4)", "Josh"), ("The Kyrrian Tower", "Tim"),
             ("Unnamed League (web map 10,7)", "Josh")]
    maps.place(table, GAME, order[0][0], at=(0, 0), player=order[0][1])
    assert play.neighbours(table, GAME) is None                     # one League laid
    for x, (league, who) in enumerate(order[1:], start=1):
        maps.place(table, GAME, league, at=(x, 0), player=who)
    sides(table, "Raxis", FIELDS_AND_ROADS)
    view = maps.place(table, GAME, "Raxis", at=(0, 1), player="Tim")
    assert not any(view.leagues.values()), view.leagues             # the map is whole
    found = play.neighbours(table, GAME)
    assert found is not None
    assert found["Balanvale"] == {"Balath Castle", "Sibylline Swamp"}
    assert found["Balath Castle"] == {"Balanvale", "Raxis"}
    assert found["Raxis"] == {"Balath Castle"}


def test_play_takes_its_base_camps_and_treasures_from_the_map(table: Database) -> None:
    """What the map says of the table (each player's Base Camp, the Treasures under the
    Leagues) is what ``play start`` takes when it is not given; what is given wins."""
    from chronicle.systems.wyld_hunt.services import play

    assert play.from_map(table, GAME) == ({}, {})                   # no map: nothing said
    order = [("Balath Castle", "Josh"), ("Balanvale", "Tim"), ("Sibylline Swamp", "Josh")]
    for x, (league, who) in enumerate(order):
        maps.place(table, GAME, league, at=(x, 0), player=who)
    maps.treasure(table, GAME, "Glamour Dust", player="Tim", on="Balanvale")
    maps.camp(table, GAME, "Tim", on="Sibylline Swamp")
    maps.camp(table, GAME, "Josh", on="Balanvale")
    assert play.from_map(table, GAME) == (
        {"Tim": "Sibylline Swamp", "Josh": "Balanvale"}, {"Tim": {"Balanvale": "Glamour Dust"}})
