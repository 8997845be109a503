"""The app's Tales of Arcadia screens driven with Pilot: the unit entry form (live problems,
saving to the group's cards, hostile text shown as written) and the force builder (adding
units with the points meter and live violations, odds against an enemy, what still fits)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.app import App
from textual.widgets import Input, Static

from chronicle import paths
from chronicle.services.db import open_database
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia.screens.unit_form import UnitFormScreen


class BuilderApp(App[None]):
    """The app's database services without the rest of the app (its areas load Wyld Hunt's
    catalog): what a game's screen reaches through ``self.app``."""

    from chronicle.tui.app import ChronicleApp

    call_service = ChronicleApp.call_service
    _service_failed = ChronicleApp._service_failed
    del ChronicleApp

    def __init__(self, db: Any) -> None:
        super().__init__()
        self._db = db

    def database(self) -> Any:
        return self._db


class FormApp(BuilderApp):
    """The unit form over a database (its save goes through the app's service calls)."""

    def __init__(self, db: Any) -> None:
        super().__init__(db)
        self.result: Any = "open"

    def on_mount(self) -> None:
        def done(saved: bool | None) -> None:
            self.result = saved

        self.push_screen(UnitFormScreen("Clockwork Legion"), done)


def problems(app: App[Any]) -> str:
    """Every problem the unit form shows: beside its fields and under the form."""
    shown = [str(line.render()) for line in app.screen.query(".toa-problem.-shown, #uf-problems")
             if isinstance(line, Static)]
    return "\n".join(shown)


def test_the_unit_form_checks_as_you_type_and_saves(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'group.db'}"
    db = open_database(url)

    async def main() -> None:
        app = FormApp(db)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "type the unit's name" in problems(app)
            app.screen.query_one("#uf-name", Input).value = "[/x] Sprit"
            await pilot.press("e")
            assert "has no cost" in problems(app)
            for key, value in (("cost", "10"), ("power", "1"), ("accuracy", "4"),
                               ("speed", "6"), ("wounds", "0"), ("range", "0"),
                               ("defense", "2")):
                app.screen.query_one(f"#uf-{key}", Input).value = value
            await pilot.pause()
            assert "[/x] Sprite has Wounds 0" in problems(app)
            await pilot.press("ctrl+s")
            for _ in range(50):
                await pilot.pause(0.02)
                if "breaks the rules" in problems(app):
                    break
            assert "breaks the rules" in problems(app) and app.result == "open"
            app.screen.query_one("#uf-wounds").focus()
            await pilot.press("backspace", "1")
            app.screen.query_one("#uf-keywords").focus()
            app.screen.query_one("#uf-keywords", Input).value = "Rise Again"
            await pilot.pause()
            assert "without its chance" in problems(app)
            app.screen.query_one("#uf-keywords", Input).value = "Rise Again 3:6"
            await pilot.pause()
            assert "Nothing is wrong" in problems(app)
            app.screen.query_one("#uf-option", Input).value = "Cog:cost=ten"
            await pilot.pause()
            assert "cost is a whole number" in problems(app)
            app.screen.query_one("#uf-option", Input).value = "Cog:min=2"
            await pilot.pause()
            assert "min 2 is above max 1" in problems(app)
            app.screen.query_one("#uf-option", Input).value = "Cog:cost=2,max=2; Bell:cost=1"
            app.screen.query_one("#uf-variant", Input).value = "Elder:cost=15,wounds=2"
            await pilot.pause()
            assert "Nothing is wrong" in problems(app)
            await pilot.press("ctrl+s")
            for _ in range(50):
                await pilot.pause(0.02)
                if app.result is True:
                    break
            assert app.result is True

    try:
        asyncio.run(main())
        with db.transaction() as session:
            from chronicle.persistence import repository as repo

            (card,) = [data for _id, _v, data in repo.group_cards(session, KEY)]
    finally:
        db.close()
    assert not (paths.user_cards_dir(KEY) / "clockwork-legion.toml").exists()
    assert card["name"] == "[/x] Sprite" and card["keywords"] == ["Rise Again 3:6"]
    assert card["wounds"] == 1 and card["army"] == "Clockwork Legion"
    assert card["variant"] == [{"name": "Elder", "cost": 15, "wounds": 2}]
    assert [(o["name"], o.get("max", 1)) for o in card["option"]] == [("Cog", 2), ("Bell", 1)]


def test_the_builder_adds_units_with_the_meter_violations_fits_and_odds(tmp_path: Path) -> None:
    from tui.helpers import settle

    from chronicle.services import players
    from chronicle.services.db import open_database
    from chronicle.systems.tales_of_arcadia import service
    from chronicle.systems.tales_of_arcadia.force import RosterLine
    from chronicle.systems.tales_of_arcadia.screens.builder import TalesBuilderScreen
    from chronicle.tui.widgets.meter import Meter

    url = f"sqlite:///{tmp_path / 'group.db'}"
    db = open_database(url)
    players.add_player(db, "[b]Ann")
    service.new_force(db, "[b]Ann", "Iron [/x] Vanguard", "Clockwork Legion", 100)
    service.add_unit(db, "Iron [/x] Vanguard", RosterLine(unit="Gearknight"))

    def text(app: App[Any], selector: str) -> str:
        return str(app.screen.query_one(selector, Static).render())

    async def main() -> None:
        app = BuilderApp(db)
        async with app.run_test(size=(120, 40)) as pilot:
            await app.push_screen(TalesBuilderScreen())
            await settle(pilot)
            assert "Iron [/x] Vanguard · [b]Ann's force" in text(app, "#toa-title")
            assert "40/100" in str(app.screen.query_one(Meter).render())
            assert "60 points left: Brass Hound 20" in text(app, "#toa-fits")
            search = app.screen.query_one("#toa-search", Input)
            search.value = "hound"
            await pilot.pause()
            search.focus()
            await pilot.press("enter", "enter")        # to the list, then add the Brass Hound
            await settle(pilot)
            assert "60/100" in str(app.screen.query_one(Meter).render())
            assert "40 of the 100 are unspent" in text(app, "#toa-violations")
            await pilot.press("e")                      # the Brass Hound as the enemy
            assert "Against Brass Hound:" in text(app, "#toa-odds")
            assert "Gearknight: hit 50%" in text(app, "#toa-odds")
            search.value = "orrery"
            await pilot.pause()
            app.screen.query_one("#toa-units").focus()
            await pilot.press("enter")                  # 90 points more: refused
            await settle(pilot)
            assert "60/100" in str(app.screen.query_one(Meter).render())
            app.screen.query_one("#toa-lines").focus()
            await pilot.press("down", "x")              # remove the Brass Hound line
            await settle(pilot)
            assert "40/100" in str(app.screen.query_one(Meter).render())

    asyncio.run(main())
    assert [line.unit for line in service.get_force(db, "Iron [/x] Vanguard").roster.units] \
        == ["Gearknight"]


def test_the_builder_renames_copies_and_deletes_forces_and_undoes_battles(
        tmp_path: Path) -> None:
    """r renames (a taken name keeps the dialog open with the reason), c copies at another
    limit, del archives after a confirmation (n keeps it), h undoes a battle after one; every
    change is the services' (read back from the database)."""
    import datetime as dt

    from tui.helpers import settle

    from chronicle.services import players
    from chronicle.services.db import open_database
    from chronicle.systems.tales_of_arcadia import service
    from chronicle.systems.tales_of_arcadia.battles import Side
    from chronicle.systems.tales_of_arcadia.force import RosterLine
    from chronicle.systems.tales_of_arcadia.screens.builder import TalesBuilderScreen

    db = open_database(f"sqlite:///{tmp_path / 'group.db'}")
    for name in ("Ann", "Bo"):
        players.add_player(db, name)
    service.new_force(db, "Ann", "Alpha", "Clockwork Legion", 100)   # the one shown first
    service.add_unit(db, "Alpha", RosterLine(unit="Gearknight"))
    service.new_force(db, "Ann", "Taken", "Clockwork Legion", 100)
    service.record_battle(db, date=dt.date(2026, 11, 28), limit=100,
                          sides=[Side(player="Ann", force="Alpha"), Side(player="Bo")],
                          winner="Ann")
    hostile = "[/x] Vanguard ٱلعربية 🛡"

    def names() -> list[str]:
        return sorted(v.name for v in service.list_forces(db))

    async def main() -> None:
        app = BuilderApp(db)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(TalesBuilderScreen())
            await settle(pilot)
            app.screen.query_one("#toa-lines").focus()
            await pilot.press("r")
            await settle(pilot)
            field = app.screen.query_one("#name-input", Input)
            field.value = "Taken"
            await pilot.press("enter")
            await settle(pilot)
            assert "already" in str(app.screen.query_one("#name-error", Static).render())
            field.value = hostile
            await pilot.press("enter")
            await settle(pilot)
            assert hostile in str(app.screen.query_one("#toa-title").render())
            await pilot.press("c")
            await settle(pilot)
            app.screen.query_one("#name-input", Input).value = "Copy @ 750"
            await pilot.press("enter")
            await settle(pilot)
            assert "750" in str(app.screen.query_one("#toa-meter").render())
            await pilot.press("delete", "n")            # asked, and kept
            await settle(pilot)
            assert names() == ["Copy", "Taken", hostile]
            await pilot.press("delete")
            await settle(pilot)
            asked = "".join(str(s.render()) for s in app.screen.query(".confirm-text"))
            assert "nothing of it is erased" in asked and "1 unit(s)" in asked
            await pilot.press("y")
            await settle(pilot)
            assert names() == ["Taken", hostile]
            assert [v.name for v in service.list_forces(db, archived=True)] == ["Copy"]
            await pilot.press("h")
            await settle(pilot)
            await pilot.press("u", "y")                  # undo battle #1, confirmed
            await settle(pilot)
            assert [b.undone for b in service.list_battles(db, undone=True)] == [True]

    asyncio.run(main())
