"""Keys typed fast land where they were typed (issue 31, item 2): a burst of keys, all in the
app's queue at once as a terminal sends them (``tmux send-keys 'N1' Tab 'Tim'``), fills each
field with what was typed for it, whatever moves the focus between them (tab, enter, a dialog
opening)."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from chronicle.systems.wyld_hunt.screens.character import CharacterViewScreen
from chronicle.systems.wyld_hunt.screens.record_game import RecordGameScreen
from chronicle.tui.app import ChronicleApp
from tui.helpers import burst, settle


def run(url: str, scenario: Any, size: tuple[int, int] = (80, 24)) -> None:
    async def main() -> None:
        async with ChronicleApp(url).run_test(size=size) as pilot:
            await settle(pilot)
            await scenario(pilot)
            await settle(pilot)

    asyncio.run(main())


def values(pilot: Pilot[Any]) -> list[str]:
    return [field.value for field in pilot.app.screen.query(Input).results(Input)]


def test_record_game_form_takes_a_burst(demo_url: str) -> None:
    """``O1 Tab C-u D1`` in the record-a-game form: the opponent O1, the date replaced by
    D1 (Textual alone gave the opponent "O1D1" and cleared the date)."""
    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await pilot.press("2")
        await settle(pilot)
        await app.push_screen(CharacterViewScreen("Winerdria", "Tim"))
        await settle(pilot)
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, RecordGameScreen)
        app.screen.query_one("#game-opponent", Input).focus()
        await settle(pilot)
        await burst(pilot, "O", "1", "tab", "ctrl+u", "D", "1", "tab", "n", "o", "t", "e")
        assert values(pilot) == ["O1", "D1", "note"]

    run(demo_url, scenario)


def forms(url: str) -> list[tuple[str, Any]]:
    """Every form of every game with two text fields or more, made as their screens make
    them (a name for the failure message, a maker called inside the running app)."""
    from chronicle.services.db import open_database
    from chronicle.systems import registry
    from chronicle.systems.arcadia_quest.screens.new_campaign import NewCampaignDialog
    from chronicle.systems.arcadia_quest.service import group_catalog
    from chronicle.systems.tales_of_arcadia.screens.new_force import NewForceScreen
    from chronicle.systems.tales_of_arcadia.screens.unit_form import UnitFormScreen
    from chronicle.systems.wyld_hunt.screens.card_edit import CardEditScreen
    from chronicle.systems.wyld_hunt.screens.new_character import NewCharacterScreen
    from chronicle.systems.wyld_hunt.screens.new_game import NewGameScreen
    from chronicle.tui.screens.card_form import CardFormScreen

    db = open_database(url)
    quests = group_catalog(db)
    db.engine.dispose()
    made: list[tuple[str, Any]] = [
        ("Wyld Hunt new character", lambda: NewCharacterScreen(["Tim", "Sam"])),  # one field
        ("Wyld Hunt card", lambda: CardEditScreen(None, name="")),
        ("Wyld Hunt new game", NewGameScreen),
        ("Tales new force", NewForceScreen),
        ("Tales unit", UnitFormScreen),
        ("Arcadia Quest new campaign", lambda: NewCampaignDialog(quests)),
    ]
    for key in ("tales-of-arcadia", "arcadia-quest", "hunters-of-arcfall"):
        game = registry.system(key)
        if game.card_kinds:
            made.append((f"{game.label} card", lambda game=game: CardFormScreen(game)))
    return made


def two_fields(screen: Any) -> tuple[Input, Input, int] | None:
    """The first two enabled text fields of ``screen`` in focus order, and how many tabs take
    the focus from the first to the second."""
    chain = screen.focus_chain
    fields = [index for index, widget in enumerate(chain) if isinstance(widget, Input)]
    if len(fields) < 2:
        return None
    return chain[fields[0]], chain[fields[1]], fields[1] - fields[0]


def test_every_form_of_every_game_takes_a_burst(demo_url: str) -> None:
    """In each form, a burst typing a value, tabbing to the next text field and typing
    another: each value in its own field."""
    made = forms(demo_url)

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        checked = []
        for name, make in made:
            screen = make()
            await app.push_screen(screen)
            await settle(pilot)
            found = two_fields(screen)
            if found is None:
                app.pop_screen()
                await settle(pilot)
                continue
            first, second, tabs = found
            first.focus()
            await settle(pilot)
            await burst(pilot, "ctrl+u", "1", "2", *["tab"] * tabs, "ctrl+u", "3", "4")
            assert (first.value, second.value) == ("12", "34"), name
            checked.append(name)
            app.pop_screen()
            await settle(pilot)
        assert len(checked) >= 6, checked

    run(demo_url, scenario, size=(100, 40))


def test_a_burst_of_tabs_after_typing_moves_the_focus_each_time(demo_url: str) -> None:
    """In a card form, a letter typed then three tabs at once: the focus moves three fields
    on (last session the tabs after typing left it where it was)."""
    from chronicle.systems import registry
    from chronicle.tui.screens.card_form import CardFormScreen

    game = next(one for one in (registry.system(key) for key in registry.installed())
                if one.card_kinds and one.keys[0] != "wyld-hunt")

    async def scenario(pilot: Pilot[Any]) -> None:
        form = CardFormScreen(game)
        await pilot.app.push_screen(form)
        await settle(pilot)
        chain = form.focus_chain
        start = next(i for i, widget in enumerate(chain) if isinstance(widget, Input))
        chain[start].focus()
        await settle(pilot)
        await burst(pilot, "x", "tab", "tab", "tab")
        assert form.focused is chain[start + 3]
        first = chain[start]
        assert isinstance(first, Input) and first.value.endswith("x")

    run(demo_url, scenario, size=(100, 40))


def test_a_lost_marker_frees_the_keys_behind_it(demo_url: str, monkeypatch: Any) -> None:
    """A key whose marker never comes back (its widget removed meanwhile) holds the keys
    behind it at most ``PATIENCE`` seconds; none is lost."""
    from chronicle.tui import keys
    from chronicle.tui.screens.prompt import PromptScreen

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        prompt = PromptScreen("Name", "A name:")
        await app.push_screen(prompt)
        await settle(pilot)
        lost = [True]
        follow = keys.KeyOrder.follow

        def losing(order: keys.KeyOrder, marker: keys.KeyHandled) -> bool:
            if lost:
                lost.clear()
                return True  # as if posted to a widget removed before it read it
            return follow(order, marker)

        monkeypatch.setattr(keys.KeyOrder, "follow", losing)
        await burst(pilot, "a", "b", "c")
        field = prompt.query_one(Input)
        assert field.value == "a"  # b and c wait for a's marker
        await asyncio.sleep(keys.PATIENCE + 0.3)
        await settle(pilot)
        assert field.value == "abc"

    run(demo_url, scenario)


def test_keys_typed_while_a_dialog_saves_go_to_what_comes_after(demo_url: str) -> None:
    """``a Xia enter a Wen enter`` at once in Players: the second ``a`` waits for the first
    dialog to have saved and closed, and opens the next one: both players added."""
    from chronicle.services.db import open_database
    from chronicle.services.players import list_players
    from chronicle.tui.screens.players import PlayersScreen

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.press("4")
        await settle(pilot)
        assert isinstance(pilot.app.screen, PlayersScreen)
        await burst(pilot, "a", *"Xia", "enter", "a", *"Wen", "enter")
        assert isinstance(pilot.app.screen, PlayersScreen)

    run(demo_url, scenario)
    db = open_database(demo_url)
    assert {"Xia", "Wen"} <= {p.name for p in list_players(db)}
    db.engine.dispose()
