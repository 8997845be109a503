"""The sister games' forms built ahead in idle time (``chronicle.tui.readyforms``): the next
opening shows the form built from the data as it stands, empty; a form built from data that
changed since is dropped and the opening builds one from the data read then; nothing typed in
one opening shows in the next. As in a terminal, the app here builds in idle time
(``prebuild_set``)."""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from chronicle.services.db import open_database
from chronicle.tui import prebuild, speed
from chronicle.tui.app import ChronicleApp
from tui.helpers import burst, screen_text, settle
from tui.test_sister_snapshots import sister_url  # noqa: F401  (the fixture)
from tui.test_sister_walk import AQ, TOA, open_game


async def idle(app: ChronicleApp, pilot: Pilot[Any]) -> None:
    """Until what the app builds in idle time is built."""
    await settle(pilot)
    for _ in range(500):
        if all(w.is_finished for w in app.workers):
            break
        await asyncio.sleep(0.02)
    await app.workers.wait_for_complete()
    await settle(pilot)


def run(url: str, scenario: Any, monkeypatch: Any) -> None:
    for name in ("build_hidden", "finish_hidden"):  # what is built, not how fast (busy hosts)
        monkeypatch.setattr(prebuild, name,
                            functools.partial(getattr(speed, name), patience=60.0))

    async def main() -> None:
        app = ChronicleApp(url)
        app.prebuild_set = True
        async with app.run_test(size=(80, 24)) as pilot:
            await idle(app, pilot)
            await scenario(app, pilot)

    asyncio.run(main())


def test_arcadia_quests_forms_open_built_ahead_and_empty(sister_url: str,  # noqa: F811
                                                         monkeypatch: Any) -> None:
    async def scenario(app: ChronicleApp, pilot: Pilot[Any]) -> None:
        from chronicle.systems.arcadia_quest.screens.new_campaign import NewCampaignDialog
        from chronicle.systems.arcadia_quest.screens.scenario import ScenarioDialog

        await open_game(pilot, AQ)
        await idle(app, pilot)
        campaigns: Any = app.screen
        ready = {name: form for name, (_source, form) in campaigns.ready.forms.items()}
        assert {"new", "scenario", "upgrade"} <= set(ready)
        assert all(form.is_attached and not form.is_current for form in ready.values())
        await burst(pilot, "n")
        assert app.screen is ready["new"] and isinstance(app.screen, NewCampaignDialog)
        await burst(pilot, *"Winter [/x]")
        assert app.screen.query_one("#aq-name", Input).value == "Winter [/x]"
        await burst(pilot, "escape")
        await idle(app, pilot)
        await burst(pilot, "n")                          # a new one, built while the list showed
        assert app.screen is not ready["new"] and isinstance(app.screen, NewCampaignDialog)
        assert app.screen.query_one("#aq-name", Input).value == ""
        await burst(pilot, "escape")
        await idle(app, pilot)

        highlighted = campaigns.current().name
        built = campaigns.ready.forms["scenario"][1]
        db = open_database(sister_url)                   # another member undoes a scenario
        from chronicle.systems.arcadia_quest.screens.campaigns import last_undoable
        from chronicle.systems.arcadia_quest.service import show_campaign, undo

        view = show_campaign(db, highlighted)
        number = view.summary["next"]["number"]
        undo(db, highlighted, last_undoable(view).number)
        db.close()
        await burst(pilot, "s")                          # read again: the built one is stale
        assert isinstance(app.screen, ScenarioDialog) and app.screen is not built
        assert f"Scenario {number - 1} of" in screen_text(pilot)
        assert not built.is_attached                     # the stale one is gone
        await burst(pilot, "escape")
        await idle(app, pilot)
        left = [form for _source, form in campaigns.ready.forms.values()]
        assert left and all(form.is_attached for form in left)
        await burst(pilot, "escape")                     # back to the games: none is kept
        await settle(pilot)
        assert not campaigns.ready.forms and not any(form.is_attached for form in left)

    run(sister_url, scenario, monkeypatch)


def test_the_tales_forms_open_built_ahead_for_the_force_shown(sister_url: str,  # noqa: F811
                                                                     monkeypatch: Any) -> None:
    async def scenario(app: ChronicleApp, pilot: Pilot[Any]) -> None:
        from chronicle.systems.tales_of_arcadia.screens.unit_form import UnitFormScreen

        await open_game(pilot, TOA)
        await idle(app, pilot)
        builder: Any = app.screen
        source, built = builder.ready.forms["unit"]
        assert source == builder.view.roster.army
        await burst(pilot, "a")
        assert app.screen is built and isinstance(built, UnitFormScreen)
        assert built.query_one("#uf-army", Input).value == source
        await burst(pilot, *"Sprite", "tab", "tab", *"1x")
        assert "whole number" in screen_text(pilot)      # checked as typed, as a new one is
        await burst(pilot, "escape")
        await idle(app, pilot)
        await burst(pilot, "a")
        assert app.screen is not built and app.screen.query_one("#uf-name", Input).value == ""
        await burst(pilot, "escape")
        await idle(app, pilot)
        battle = builder.ready.forms["battle"][1]
        await burst(pilot, "g")                          # the battle form, the force first
        assert app.screen is battle
        assert battle.query_one("#bf-force1", Input).value == builder.view.name
        await burst(pilot, "escape")
        await idle(app, pilot)
        left = [form for _source, form in builder.ready.forms.values()]
        assert left
        await burst(pilot, "escape")                     # back to the games: none is kept
        await settle(pilot)
        assert not builder.ready.forms and not any(form.is_attached for form in left)

    run(sister_url, scenario, monkeypatch)



def test_keys_typed_while_a_form_reads_its_data_are_the_forms(sister_url: str,  # noqa: F811
                                                               monkeypatch: Any) -> None:
    """``n`` reads the group's cards before the form opens: the keys typed meanwhile wait for
    the form (``opening``) rather than reaching the list of campaigns and being lost."""
    import time

    from chronicle.systems.arcadia_quest import service

    read = service.group_catalog

    def slow(db: Any) -> Any:
        time.sleep(0.4)
        return read(db)

    monkeypatch.setattr(service, "group_catalog", slow)

    async def main() -> None:
        app = ChronicleApp(sister_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_game(pilot, AQ)
            await settle(pilot)
            await burst(pilot, "n", *"Fast", "tab", "tab", *"Ann")
            await settle(pilot)
            assert app.screen.query_one("#aq-name", Input).value == "Fast"
            assert app.screen.query_one("#aq-0-player", Input).value == "Ann"

    asyncio.run(main())


def test_screens_built_again_are_not_frozen(monkeypatch: Any) -> None:
    """A game's screen built anew and a form built ahead go away once shown or dropped: the
    building never puts them out of the collector's sight (``gc.freeze``), where their
    widgets' cycles would never be freed; the areas' screens, living as long as the app, are."""
    from textual.app import App
    from textual.screen import Screen

    frozen: list[bool] = []

    class Building(App[None]):
        prebuilds = True

        def freeze_memory(self) -> None:
            frozen.append(True)

    async def main() -> None:
        app = Building()
        async with app.run_test() as pilot:
            await pilot.pause()
            prebuild.again(app, [Screen()])
            await app.workers.wait_for_complete()
            assert frozen == []
            assert await prebuild.build(app, Screen)
            assert frozen == [True]

    asyncio.run(main())
