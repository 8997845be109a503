"""``chronicle force`` and ``chronicle battle`` through the real entry point on SQLite (every edit
checked, refused edits writing nothing, export → check → import, the printed roster read back,
the group's battles with undo), and the storage of forces on PostgreSQL."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import dbfixtures as fx
import pytest

from chronicle.cli import main
from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.systems.tales_of_arcadia import service
from chronicle.systems.tales_of_arcadia.force import RosterLine

GOLDEN = Path(__file__).parent / "golden"


def run(url: str, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["--db", url, *argv])
        except SystemExit as exc:  # argparse refusing an argument
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def as_json(url: str, *argv: str) -> Any:
    code, out, err = run(url, *argv, "--json")
    assert code in (0, 1), err
    return json.loads(out)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite database with the players Ann and Bob, made once."""
    path = tmp_path_factory.mktemp("toa-template") / "group.db"
    db = open_database(f"sqlite:///{path}")
    players.add_player(db, "Ann")
    players.add_player(db, "Bob")
    db.engine.dispose()
    return path


@pytest.fixture
def url(template: Path, tmp_path: Path) -> str:
    shutil.copyfile(template, tmp_path / "group.db")
    return f"sqlite:///{tmp_path / 'group.db'}"


def test_force_commands_check_every_edit_and_round_trip_the_roster(url: str,
                                                                  tmp_path: Path) -> None:
    from pypdf import PdfReader

    code, out, err = run(url, "force", "new", "Iron Vanguard", "--player", "Ann", "--army",
                         "clockwork legion", "--limit", "200")
    assert code == 0 and "Clockwork Legion at 200 points" in out, err
    assert run(url, "force", "add", "Iron Vanguard", "Gearknight", "--variant", "Lancer",
               "--option", "Tower Shield")[0] == 0
    # Over the limit: refused with the rule and its fix, nothing written.
    code, out, err = run(url, "force", "add", "Iron Vanguard", "Orrery Engine", "--count", "3")
    assert code == 1 and "roster.over_limit" in err, err
    # The fix is the add with fewer units, never "remove ... unit #2", a line never added.
    assert 'fix: chronicle force add "Iron Vanguard" "Orrery Engine" --option ' \
        '"Governor Valve"' in err and "unit #2" not in err, err
    shown = as_json(url, "force", "show", "Iron Vanguard")
    assert shown["summary"]["points_spent"] == 60 and shown["version"] == 2
    assert [v["code"] for v in shown["violations"]] == ["roster.points_unspent"]
    copy = as_json(url, "force", "copy", "Iron Vanguard", "Vanguard 750", "--limit", "750",
                   "--to-player", "Bob")
    assert copy["player"] == "Bob" and copy["summary"]["limit"] == 750
    listed = as_json(url, "force", "list")
    assert [(f["player"], f["name"], f["points_spent"]) for f in listed] == [
        ("Ann", "Iron Vanguard", 60), ("Bob", "Vanguard 750", 60)]
    roster = tmp_path / "vanguard.toml"
    assert run(url, "force", "export", "Vanguard 750", "-o", str(roster))[0] == 0
    code, out, _err = run(url, "check", str(roster), "--json")
    assert code == 0 and json.loads(out)["summary"]["points_spent"] == 60
    broken = GOLDEN / "broken" / "limit-text.toml"
    code, _out, err = run(url, "force", "import", str(broken), "--player", "Ann")
    assert code == 2 and "limit-text.toml" in err and "limit" in err
    pdf = tmp_path / "vanguard.pdf"
    code, out, err = run(url, "export", "force", "Iron Vanguard", "--out", str(pdf),
                         "--paper", "a4")
    assert code == 0, err
    pages = [page.extract_text() for page in PdfReader(pdf).pages]
    assert "Iron Vanguard" in pages[0] and "Activated" in pages[0]
    assert "Rules at a glance" in pages[1]


def test_edits_through_the_service(url: str, tmp_path: Path) -> None:
    from chronicle.errors import BadInput, Conflict, NotFound, Refused

    db = open_database(url)
    service.new_force(db, "Ann", "Iron Vanguard", "Clockwork Legion", 200)
    service.add_unit(db, "Iron Vanguard", RosterLine(unit="Brass Hound", count=2))
    with pytest.raises(NotFound, match=r"no unit is called 'Nowhere Knight'") as unknown:
        service.add_unit(db, "Iron Vanguard", RosterLine(unit="Nowhere Knight"))
    assert unknown.value.report.codes == ["card.unknown"]            # an unknown name: exit 2
    # A unit added without options takes those it must (Governor Valve, min 1).
    view = service.add_unit(db, "Iron Vanguard", RosterLine(unit="Orrery Engine"))
    assert view.roster.units[1].options == ("Governor Valve",)
    view = service.remove_unit(db, "Iron Vanguard", 2)
    view = service.set_force(db, "Iron Vanguard", line=1, count=3)
    assert view.report.summary["points_spent"] == 60 and view.version == 5
    with pytest.raises(Refused, match=r"unit\.option_group"):
        service.add_unit(db, "Iron Vanguard", RosterLine(
            unit="Gearknight", options=("Tower Shield", "Repeater Pistol")))
    with pytest.raises(Conflict):
        service.set_force(db, "Iron Vanguard", limit=100, expected_version=1)
    with pytest.raises(BadInput, match=r"count.*less than or equal to 1000"):
        service.add_unit(db, "Iron Vanguard", RosterLine(unit="Gearknight", count=10**8))
    with pytest.raises(BadInput, match="no unit line #9"):
        service.remove_unit(db, "Iron Vanguard", 9)
    with pytest.raises(NotFound, match="did you mean 'Clockwork Legion'"):
        service.set_force(db, "Iron Vanguard", army="Clockwork Legon")
    assert service.armies_of(db, "Ann") == ["Clockwork Legion"]
    for path in sorted((GOLDEN / "broken").glob("*.toml")):
        with pytest.raises(BadInput, match=path.name):
            service.import_force(db, path, "Ann")
    with pytest.raises(BadInput):
        service.import_force(db, Path("/dev/zero"), "Ann")
    assert [v.name for v in service.list_forces(db)] == ["Iron Vanguard"]
    assert service.rename_force(db, "iron vanguard", "Steel Vanguard").name == "Steel Vanguard"
    service.delete_force(db, "Steel Vanguard")
    with pytest.raises(NotFound):
        service.get_force(db, "Steel Vanguard")


def test_the_groups_battles_with_undo(url: str) -> None:
    import datetime as dt

    from chronicle.errors import BadInput, NotFound, Refused
    from chronicle.systems.tales_of_arcadia.battles import Side

    db = open_database(url)
    service.new_force(db, "Ann", "Iron Vanguard", "Clockwork Legion", 100)
    service.add_unit(db, "Iron Vanguard", RosterLine(unit="Gearknight"))
    won = as_json(url, "battle", "record", "--date", "2026-11-28", "--side",
                  "Ann:Iron Vanguard", "--side", "bob", "--limit", "100", "--victory",
                  "regicide", "--winner", "Ann")
    assert won["number"] == 1 and won["sides"][0]["points"] == 40
    assert won["sides"][1]["player"] == "Bob"
    day = dt.date(2026, 11, 29)
    service.record_battle(db, date=day, limit=100, sides=(Side(player="Ann"),
                                                          Side(player="Bob")), winner="Bob")
    with pytest.raises(Refused, match="needs two or more"):
        service.record_battle(db, date=day, limit=100, sides=(Side(player="Ann"),
                                                              Side(player="ann")))
    with pytest.raises(NotFound, match="Cid"):
        service.record_battle(db, date=day, limit=100, sides=(Side(player="Ann"),
                                                              Side(player="Cid")))
    with pytest.raises(BadInput, match="not a plausible battle date"):
        service.record_battle(db, date=dt.date(1, 1, 1), limit=100,
                              sides=(Side(player="Ann"), Side(player="Bob")))
    service.undo_battle(db, 2)
    with pytest.raises(NotFound, match="already undone"):
        service.undo_battle(db, 2)
    assert [b["number"] for b in as_json(url, "battle", "list")] == [1]
    assert [b.undone for b in service.list_battles(db, undone=True)] == [False, True]
    code, out, _err = run(url, "battle", "standings")
    assert code == 0 and "Ann" in out
    code, out, err = run(url, "army", "unit", "Bone Walker", "--army", "Bone Tide", "--cost",
                         "15", "--wounds", "0")
    assert code == 1 and "Wounds 0" in err
    assert run(url, "army", "unit", "Bone Walker", "--army", "Bone Tide", "--cost", "15",
               "--wounds", "1", "--keyword", "Rise Again 2:6")[0] == 0
    shown = as_json(url, "army", "show", "bone tide")
    assert [u["name"] for u in shown["units"]] == ["Bone Walker"]
    assert {v["code"] for v in shown["violations"]} == {"card.incomplete"}
    assert as_json(url, "army", "list", "--player", "Ann") == [
        {"army": "Clockwork Legion", "units": 5}]
    assert [(s.player, s.won, s.lost) for s in service.standings(db)] == [("Ann", 1, 0),
                                                                          ("Bob", 0, 1)]


@pytest.mark.parametrize("backend", [b for b in fx.BACKENDS if b != "sqlite"] or
                         [pytest.param("postgresql", marks=pytest.mark.skip(
                             "CHRONICLE_TEST_POSTGRES is not set"))])
def test_forces_are_stored_on_postgresql(db_url: str) -> None:
    db = open_database(db_url)
    players.add_player(db, "Ann")
    service.new_force(db, "Ann", "Iron Vanguard", "Clockwork Legion", 100)
    view = service.add_unit(db, "Iron Vanguard", RosterLine(unit="Gearknight", count=2))
    assert view.report.summary["points_spent"] == 80 and view.version == 2
    with pytest.raises(Exception, match=r"roster\.over_limit"):
        service.add_unit(db, "Iron Vanguard", RosterLine(unit="Gearknight"))
    copy = service.copy_force(db, "Iron Vanguard", "Iron Vanguard 750", limit=750)
    assert copy.roster.limit == 750 and copy.roster.units == view.roster.units
    assert [v.name for v in service.list_forces(db, "Ann")] == ["Iron Vanguard",
                                                               "Iron Vanguard 750"]
    assert service.get_force(db, "Iron Vanguard").version == 2


def test_cards_new_enters_every_kind_of_a_sourcebook_list(tmp_path: Path) -> None:
    """``chronicle cards new --system tales-of-arcadia`` (the generic card front, its options
    read from the schema): an army card, a unit with variants and options, a keyword and a
    terrain, each into the group's cards (read back by the catalog), with ``--json``; a field
    of another kind, a bad variant and a rule broken save nothing."""
    from chronicle.services.groupcards import use_group_cards
    from chronicle.systems.tales_of_arcadia import KEY
    from chronicle.systems.tales_of_arcadia.cards import Army, Keyword, Terrain, Unit
    from chronicle.systems.tales_of_arcadia.entry import user_catalog
    from chronicle.systems.tales_of_arcadia.stored import clear_cache

    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    new = ("cards", "new")
    game = ("--system", KEY)
    assert run(url, *new, "Bone Tide", *game, "--kind", "army", "--summary", "[b]ours")[0] == 0
    saved = as_json(url, *new, "Grave Hound", *game, "--kind", "unit", "--army", "bone tide",
                    "--cost", "10", "--power", "1", "--accuracy", "5", "--speed", "6",
                    "--wounds", "1", "--range", "0", "--defense", "2", "--keyword", "Glowing",
                    "--variant", "Alpha:cost=15, power=2", "--option",
                    "Collar:cost=3,group=Neck,keyword=Shroud/Flying", "--option",
                    "Spikes:cost=2,max=2")
    (card,) = saved["cards"]
    assert saved["game"] == KEY and card["kind"] == "unit" and card["corrected"] is None
    assert card["option"][0] == {"name": "Collar", "cost": 3, "group": "Neck",
                                 "keywords": ["Shroud", "Flying"]}
    code, out, _err = run(url, *new, "Mist", *game, "--kind", "keyword", "--parameter",
                          "chance")
    assert code == 0 and "group's cards" in out
    assert run(url, *new, "Bog", *game, "--kind", "terrain", "--hindering", "--movement-cost",
               "2", "--ignored-by", "Swimming")[0] == 0
    code, _out, err = run(url, *new, "Bog", *game, "--kind", "terrain", "--power", "3")
    assert code == 2 and "power: a terrain card of Tales of Arcadia has no such field" in err
    code, _out, err = run(url, *new, "X", *game, "--kind", "unit", "--army", "Bone Tide",
                          "--variant", "V:speed=fast")
    assert code == 2 and "variant.0.speed" in err
    code, _out, err = run(url, *new, "X", *game, "--kind", "unit", "--army", "Bone Tide",
                          "--option", "O:min=2,max=1")
    assert code == 2 and "min 2 is above max 1" in err
    code, _out, err = run(url, *new, "Wight", *game, "--kind", "unit", "--army", "Bone Tide",
                          "--cost", "5", "--wounds", "0")
    assert code == 1 and "unit.no_wounds" in err
    assert use_group_cards(url, KEY) is None
    clear_cache()
    cards = user_catalog()
    assert cards.get("X", "unit") is None and cards.get("Wight", "unit") is None
    army = cards.get("Bone Tide", "army")
    assert isinstance(army, Army) and army.summary == "[b]ours"
    hound = cards.get("grave hound", "unit")
    assert isinstance(hound, Unit) and hound.resolved(hound.variant("alpha")) [0] == 15
    assert [(o.name, o.max, o.group) for o in hound.options] == [("Collar", 1, "Neck"),
                                                                 ("Spikes", 2, None)]
    mist = cards.get("Mist", "keyword")
    assert isinstance(mist, Keyword) and mist.parameter == "chance"
    bog = cards.get("Bog", "terrain")
    assert isinstance(bog, Terrain) and bog.movement_cost == 2 and bog.ignored_by == ("Swimming",)


def test_a_refused_add_names_no_line_it_never_added(url: str) -> None:
    """Issue 27, 10: the fixes of a refused add are the add itself, changed; a mandatory
    option's fix is the option to add; an unknown unit, variant or option is exit 2 with the
    nearest name and the add that works."""
    assert run(url, "force", "new", "IV", "--player", "Ann", "--army", "Clockwork Legion",
               "--limit", "200")[0] == 0
    assert run(url, "force", "add", "IV", "Gearknight", "--variant", "Lancer", "--option",
               "Tower Shield")[0] == 0
    assert run(url, "force", "add", "IV", "Brass Hound", "--count", "2")[0] == 0
    code, _out, err = run(url, "force", "add", "IV", "Brass Hound", "--count", "6")
    assert code == 1 and "roster.over_limit: fix: chronicle force add IV " \
        '"Brass Hound" --count 5' in err and "unit #3" not in err, err
    code, _out, err = run(url, "force", "add", "IV", "Orrery Engine", "--option", "Star Mortar")
    assert code == 1 and "unit #3" not in err and "the Orrery Engine being added" in err, err
    assert 'unit.option_under_min: fix: chronicle force add IV "Orrery Engine" --option ' \
        '"Star Mortar" --option "Governor Valve"' in err, err
    for argv, fix in (
            (("Gearknigt",), "chronicle force add IV Gearknight"),
            (("Gearknight", "--variant", "Lancr"), "chronicle force add IV Gearknight "
                                                   "--variant Lancer"),
            (("Gearknight", "--option", "Tower Shild"), 'chronicle force add IV Gearknight '
                                                        '--option "Tower Shield"')):
        code, _out, err = run(url, "force", "add", "IV", *argv)
        assert code == 2 and f"fix: {fix}" in err, err
        assert "did you mean" in err or "its options" in err or "its variants" in err, err
    code, _out, err = run(url, "force", "set", "IV", "--line", "1", "--option", "Tower Shild")
    assert code == 2 and 'fix: chronicle force set IV --line 1 --option "Tower Shield"' in err
    shown = as_json(url, "force", "show", "IV")
    assert shown["version"] == 3 and shown["summary"]["points_spent"] == 100   # untouched


def test_unknown_names_exit_2_with_the_nearest(url: str) -> None:
    """An unknown army list, player or winner: exit 2 (not 1), the nearest name said."""
    code, _out, err = run(url, "army", "show", "Clockwork Legio")
    assert code == 2 and "did you mean 'Clockwork Legion'?" in err, err
    code, _out, err = run(url, "battle", "list", "--player", "Anne")
    assert code == 2 and "did you mean 'Ann'?" in err, err
    code, _out, err = run(url, "battle", "record", "--date", "2026-11-28", "--side", "Anne",
                          "--side", "Bob", "--limit", "200")
    assert code == 2 and "did you mean 'Ann'?" in err, err
    code, _out, err = run(url, "battle", "record", "--date", "2026-11-28", "--side", "Ann",
                          "--side", "Bob", "--limit", "200", "--winner", "Bobby")
    assert code == 2 and "battle.winner_unknown" in err and "did you mean 'Bob'?" in err, err
    assert as_json(url, "battle", "list") == []                           # nothing written


def test_army_show_lists_variants_and_options_with_their_costs(url: str) -> None:
    code, out, err = run(url, "army", "show", "Clockwork Legion")
    assert code == 0, err
    for line in ("variant Lancer: 50 points (P4 A4 S7 W3 R1 D5)",
                 "option Tower Shield: +10 points (one of Off hand)",
                 "option Spare Springs: +5 points (up to 2)",
                 "variant Comet Lance: 115 points",
                 "option Governor Valve: +0 points (must take 1)"):
        assert line in out, out
    shown = as_json(url, "army", "show", "Clockwork Legion")
    knight = next(u for u in shown["units"] if u["name"] == "Gearknight")
    assert knight["variants"][0] == {"name": "Lancer", "cost": 50, "power": 4, "speed": 7}
    assert {"name": "Spare Springs", "cost": 5, "min": 0, "max": 2, "group": None,
            "keywords": []} in knight["options"]


def test_a_copy_to_a_lower_limit_is_made_and_says_what_no_longer_fits(
        url: str, tmp_path: Path) -> None:
    """Issue 27, 11: the copy is made (exit 0) and kept to be trimmed; it says what no longer
    fits and how to trim it; it exports, checks, imports and restores as it is; once it fits
    the limit is the rule again."""
    assert run(url, "force", "new", "IV", "--player", "Ann", "--army", "Clockwork Legion",
               "--limit", "250")[0] == 0
    for argv in (("Gearknight", "--variant", "Lancer", "--option", "Tower Shield"),
                 ("Brass Hound", "--count", "2"), ("Orrery Engine",)):
        assert run(url, "force", "add", "IV", *argv)[0] == 0
    code, out, err = run(url, "force", "copy", "IV", "IV 150", "--limit", "150")
    assert code == 0, err
    assert "The copy is made, 60 points over its limit" in out and \
        "being trimmed, 60 points over its limit" in out and "roster.over_limit" in out, out
    copy = as_json(url, "force", "show", "IV 150")
    assert copy["summary"]["trimming"] and copy["legal"]
    assert [(v["code"], v["severity"]) for v in copy["violations"]] == [
        ("roster.over_limit", "warning")]
    code, _out, err = run(url, "force", "add", "IV 150", "Brass Hound")   # grows: refused
    assert code == 1 and "roster.over_limit" in err
    path = tmp_path / "copy.toml"
    assert run(url, "force", "export", "IV 150", "-o", str(path))[0] == 0
    assert "trim_from = 210" in path.read_text(encoding="utf-8")
    assert run(url, "check", str(path))[0] == 0
    assert run(url, "force", "import", str(path), "--name", "IV again")[0] == 0
    dump = tmp_path / "all.json"
    assert run(url, "db", "export", str(dump))[0] == 0
    code, _out, err = run(f"sqlite:///{tmp_path / 'other.db'}", "db", "import", str(dump))
    assert code == 0, err                                    # every way in takes it the same
    code, out, err = run(url, "force", "remove", "IV 150", "3")          # trimmed: it fits
    assert code == 0 and "legal" in out, err
    assert "trimming" not in as_json(url, "force", "show", "IV 150")["summary"] or not \
        as_json(url, "force", "show", "IV 150")["summary"]["trimming"]
    assert run(url, "force", "export", "IV 150", "-o", str(path), "--force")[0] == 0
    assert "trim_from" not in path.read_text(encoding="utf-8")        # the mark is gone
    code, _out, err = run(url, "force", "add", "IV 150", "Orrery Engine")
    assert code == 1 and "roster.over_limit" in err                     # the limit again
