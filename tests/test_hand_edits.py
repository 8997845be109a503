"""Rows edited outside the program (issue 25, item 7): a record of every sister game's kind
damaged through raw SQL (``[1]``, ``null``, ``"x"``, ``{}``, wrong nested types, a number past
2^31, an event payload ``[]``, an unknown event kind, an owner pointing at no player) is named
with a stable code, the others still list, writes to it are refused, and no command of any
game ends in an internal error; ``chronicle db check`` names every damaged row, Wyld Hunt's
chronicle events included. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import dbfixtures as fx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from chronicle.persistence.engine import normalise_url
from chronicle.services.db import Database

AQ_CARDS = Path(__file__).resolve().parent / "arcadia_quest" / "golden" / "cards"
BROKEN = ("Broken",)

EDITS: dict[str, list[str]] = {
    # name: the SQL run on the database (each game's record called Broken, or its events)
    "a list": ["UPDATE record SET data = '[1]' WHERE name = 'Broken'"],
    "null": ["UPDATE record SET data = 'null' WHERE name = 'Broken'"],
    "text": ["""UPDATE record SET data = '"x"' WHERE name = 'Broken'"""],
    "empty object": ["UPDATE record SET data = '{}' WHERE name = 'Broken'"],
    "wrong nested types": ["""UPDATE record SET data = '{"army": 5, "limit": [], "unit": "x",
                              "guild": {"a": 1}, "player": [[]], "seat": 7}'
                              WHERE name = 'Broken'"""],
    "not JSON (SQLite)": ["UPDATE record SET data = 'nope{' WHERE name = 'Broken'"],
    "huge number": ["""UPDATE record SET data = '{"limit": 99999999999999999}'
                       WHERE name = 'Broken'"""],
    "payload a list": ["""UPDATE record_event SET payload = '[]' WHERE record_id IN
                          (SELECT id FROM record WHERE name IN ('Broken', 'battles'))"""],
    "unknown kind": ["""UPDATE record_event SET kind = 'zzz' WHERE record_id IN
                        (SELECT id FROM record WHERE name IN ('Broken', 'battles'))"""],
}
"""Each edit damages a record of every kind at once (the event edits: the hunt and the battle
history, the kinds that have events here)."""


def _build(db: Database) -> None:
    url = db.engine.url.render_as_string(hide_password=False)
    steps = [
        ("player", "add", "Ann"), ("player", "add", "Bob"),
        *(("force", "new", name, "--player", "Ann", "--army", "Clockwork Legion", "--limit",
           "200") for name in ("Good", "Broken")),
        ("battle", "record", "--date", "2026-11-28", "--side", "Ann", "--side", "Bob",
         "--limit", "100", "--winner", "Ann"),
        *(("hunt", "new", name, "--seat", "Ana:Gus", "--seat", "Bo:Kira", "--hunter", "Gus",
           "--hunter", "Kira") for name in ("Good", "Broken")),
        ("hunt", "turn", "Broken"),
        *(("campaign", "new", name, "--guild", "blue", "--player", "Ana", "--heroes", "Diva",
           "Greensleeves", "Grom", "--guild", "green", "--player", "Ben", "--heroes", "Maya",
           "Zazu", "Kanga") for name in ("Good", "Broken")),
    ]
    for argv in steps:
        code, _out, err = fx.cli("--db", url, *argv)
        assert code == 0, (argv, err)
    _settle(db)


def _settle(db: Database) -> None:
    """Let the database be copied: the in-process commands' engines are still open (SQLite:
    checkpoint their write-ahead log into the file; PostgreSQL: end their sessions)."""
    with db.engine.connect() as connection:
        if db.engine.dialect.name == "sqlite":
            connection.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
        else:
            connection.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                    "WHERE datname = current_database() "
                                    "AND pid <> pg_backend_pid()"))
        connection.commit()


@pytest.fixture
def aq_folder(private_data_dir: Path) -> Path:
    folder = private_data_dir / "cards" / "arcadia-quest"
    shutil.copytree(AQ_CARDS, folder)
    return folder


def _edit(url: str, statements: list[str]) -> None:
    engine = create_engine(normalise_url(url), poolclass=NullPool)
    try:
        with engine.begin() as connection:
            for statement in statements:
                connection.execute(text(statement))
    finally:
        engine.dispose()


READS = [("force", "list"), ("force", "show", "Broken", "--player", "Ann"),
         ("battle", "list"), ("hunt", "list"), ("hunt", "show", "Broken"),
         ("campaign", "list"), ("campaign", "show", "Broken")]
WRITES = [("force", "add", "Broken", "Gearknight", "--player", "Ann"), ("hunt", "turn", "Broken"),
          ("battle", "record", "--date", "2026-11-29", "--side", "Ann", "--side", "Bob",
           "--limit", "100", "--winner", "Bob")]


@pytest.mark.parametrize("edit", list(EDITS))
def test_a_hand_edited_record_is_named_and_the_others_still_list(
        databases: fx.Databases, aq_folder: Path, edit: str, tmp_path: Path,
        backend: str) -> None:
    if "SQLite" in edit and backend != "sqlite":
        pytest.skip("PostgreSQL's json type refuses text that is not JSON")
    url = databases.built("hand-edits", _build)
    _edit(url, EDITS[edit])
    outputs: dict[tuple[str, ...], tuple[int, str, str]] = {}
    for argv in [*READS, *WRITES, ("db", "check", "--json"),
                 ("backup", str(tmp_path / "b.json")), ("db", "export", str(tmp_path / "e.json"))]:
        code, out, err = outputs[argv] = fx.cli("--db", url, *argv)
        fx.assert_handled(code, out, err)            # 0, 1 or 2 with a message; never 3
    code, out, _err = outputs[("db", "check", "--json")]
    damaged = json.loads(out)["damaged"]
    assert code == 1 and damaged, edit
    assert all(row["code"].startswith(("record.", "row.not_json")) and row["table"] == "record"
               for row in damaged)
    named = {(row["game"], row["name"]) for row in damaged}
    assert all(name in ("Broken", "battles") for _game, name in named), named
    for argv in READS:                                # a list still shows the sound records
        code, out, err = outputs[argv]
        game = {"force": "tales-of-arcadia", "battle": "tales-of-arcadia",
                "hunt": "hunters-of-arcfall", "campaign": "arcadia-quest"}[argv[0]]
        hit = (game, "battles" if argv[0] == "battle" else "Broken") in named
        if argv[1] == "list" and argv[0] != "battle":
            assert "Good" in out, (argv, err)
        if hit:
            assert code == 2 and "is damaged" in err and "(record." in err, (argv, err)
            assert "Broken" in err or "battle history" in err, (argv, err)
    for argv in WRITES:                               # a write to a damaged record: refused
        code, _out, err = outputs[argv]
        game = "hunters-of-arcfall" if argv[0] == "hunt" else "tales-of-arcadia"
        if (game, "battles" if argv[0] == "battle" else "Broken") in named:
            assert code == 2 and "is damaged" in err and "(record." in err, (argv, err)
    code, out, err = outputs[("db", "export", str(tmp_path / "e.json"))]
    assert code == 2 and out.startswith("Wrote"), err  # the rest is carried, the damaged named
    assert "left out of the file" in err and "(record." in err, err
    code, out, err = outputs[("backup", str(tmp_path / "b.json"))]
    assert code == 2 and "left out of the file" in err and "(record." in err, err
    assert out.startswith("Backed up") or (  # or a readable edit that breaks a rule, named
        "would not restore" in err and "Broken breaks the rules" in err), err
    fx.record("hand edits", backend, edits=1, commands=len(outputs), damaged_rows=len(damaged))


def test_an_owner_pointing_nowhere_and_wyld_hunt_rows(databases: fx.Databases,
                                                     backend: str) -> None:
    url = databases.url()
    code, _out, err = fx.cli("--db", url, "demo")
    assert code == 0, err
    for argv in (("player", "add", "Ann"),
                 ("force", "new", "Lost", "--player", "Ann", "--army", "Clockwork Legion",
                  "--limit", "200")):
        assert fx.cli("--db", url, *argv)[0] == 0
    assert fx.cli("--db", url, "db", "check")[0] == 0
    statements = ["UPDATE ledger_event SET payload = '[]' WHERE id = "
                  "(SELECT MIN(id) FROM ledger_event)",
                  """UPDATE ledger_event SET payload = '{"xp": 99999999999}' WHERE id =
                     (SELECT MAX(id) FROM ledger_event)"""]
    if backend == "sqlite":  # PostgreSQL's foreign key stops this edit; SQLite's shell lets it
        statements += ["PRAGMA foreign_keys = OFF", "DELETE FROM player WHERE name = 'Ann'"]
    _edit(url, statements)
    code, out, err = fx.cli("--db", url, "db", "check", "--json")
    found = json.loads(out)["damaged"]
    assert code == 1, err
    codes = {(row["table"], row["code"]) for row in found}
    assert ("ledger_event", "row.not_object") in codes
    assert ("ledger_event", "row.beyond_limits") in codes
    assert all(row["game"] == "wyld-hunt" and "'s event" in row["name"]
               for row in found if row["table"] == "ledger_event")
    if backend == "sqlite":
        assert ("record", "record.owner_missing") in codes
        code, out, err = fx.cli("--db", url, "force", "list")
        assert code == 2 and "Lost is damaged" in err and "record.owner_missing" in err
    from chronicle.systems.wyld_hunt.services.checks import forget_checked

    forget_checked()  # as a new process: this one remembers the checks of the rows it wrote
    code, out, err = fx.cli("--db", url, "character", "list")  # the others still list
    assert code == 2 and "is damaged" in err and "row.beyond_limits" in err, err
    assert out.strip() and "Traceback" not in out + err
    for name in ("Winerdria", "Annoyicus"):
        fx.assert_handled(*fx.cli("--db", url, "character", "show", name))
    code, out, _err = fx.cli("--db", url, "db", "check")  # the table names the rows
    assert code == 1 and "ledger_event" in out and "damaged row(s)" in out


def test_the_apps_force_list_shows_the_sound_forces_and_names_the_damaged_one(
        tmp_path: Path) -> None:
    import asyncio

    from tales_of_arcadia.test_screens import BuilderApp
    from textual.widgets import Static
    from tui.helpers import settle

    from chronicle.services import players
    from chronicle.services.db import open_database
    from chronicle.systems.tales_of_arcadia import service
    from chronicle.systems.tales_of_arcadia.screens.builder import TalesBuilderScreen

    url = f"sqlite:///{tmp_path / 'group.db'}"
    db = open_database(url)
    players.add_player(db, "Ann")
    for name in ("Broken", "Good"):
        service.new_force(db, "Ann", name, "Clockwork Legion", 100)
    _edit(url, EDITS["a list"])

    async def main() -> list[str]:
        app = BuilderApp(db)
        async with app.run_test(size=(120, 40)) as pilot:
            await app.push_screen(TalesBuilderScreen())
            await settle(pilot)
            assert "Good · Ann's force" in str(app.screen.query_one("#toa-title", Static)
                                               .render())
            return [str(n.message) for n in app._notifications]

    said = asyncio.run(main())
    assert any("Broken (Ann) is damaged" in text and "record.not_object" in text
               for text in said), said
    db.close()
