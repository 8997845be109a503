"""The command palette kept between openings (``chronicle.tui.palette``): what it relies on in
Textual, and that each opening shows exactly what Textual's own palette, built anew over the
same screen, shows: the commands of the screen it opens over (running on that screen), nothing
typed and every command listed again after a search, over an area or over a dialog.

The tests of Textual's behaviour fail when Textual changes what the kept palette relies on: it
must then be revised (the app meanwhile builds a new palette at each opening, as Textual does).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.command import (
    Command,
    CommandInput,
    CommandList,
    CommandPalette,
    DiscoveryHit,
    Hit,
    Hits,
    Provider,
)
from textual.content import Content
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from chronicle.tui import palette as kept
from chronicle.tui import speed
from chronicle.tui.app import ChronicleApp, ChronicleCommands
from chronicle.tui.palette import KeptPalette, SafeCommandPalette
from chronicle.tui.screens.name_dialog import NameDialog
from chronicle.tui.screens.players import PlayersScreen
from tui.helpers import settle


class Waiting(Provider):
    """A provider whose commands come only after a wait."""

    async def discover(self) -> Hits:
        await asyncio.sleep(0)
        yield DiscoveryHit("Later", print)

    async def search(self, query: str) -> Hits:
        yield Hit(1, query, print)


def test_textual_palette_is_what_the_kept_palette_relies_on() -> None:
    """Fails when Textual's palette changes what ``KeptPalette`` relies on: the handlers of
    its ``Mount`` and ``ScreenResume`` (the palette skips Textual's palette's ``_on_mount`` and
    runs the screen's), its private methods and state, and providers whose commands come
    without a wait (Textual's own start up and shut down with no work)."""
    palette = SafeCommandPalette(kept=True)
    assert palette.kept and kept.palette_kept(palette)
    assert kept.handlers(SafeCommandPalette, events.Mount) == [
        KeptPalette, CommandPalette, Screen, Widget]
    assert kept.handlers(SafeCommandPalette, events.ScreenResume) == [KeptPalette, Screen]
    assert callable(Screen.__dict__["_on_mount"]) and callable(Widget.__dict__["_on_mount"])
    assert not kept.waits(ChronicleCommands) and kept.waits(type("Starts", (Provider,), {
        "startup": lambda self: None, "search": Waiting.search}))
    # What the palette shows is compared by its looks: Content compares its text only.
    assert Content.from_markup("[b]Help[/b]") == Content("Help")
    assert kept._looks(Content.from_markup("[b]Help[/b]")) != kept._looks(Content("Help"))
    assert not SafeCommandPalette().kept  # a palette not asked to be kept is Textual's


class Quick(Provider):
    """A provider whose commands come at once (as Textual's and the app's)."""

    async def discover(self) -> Hits:
        yield DiscoveryHit("Now", print, help="at once")
        yield NotImplemented  # a provider may say it has nothing (Provider._search skips it)
        yield DiscoveryHit("Also now", print)

    async def search(self, query: str) -> Hits:
        yield Hit(1, query, print)


def test_commands_are_gathered_on_the_spot_only_without_a_wait() -> None:
    screen = Screen[None]()
    hits = kept.discovered([Quick(screen), Quick(screen)])
    assert hits is not None
    assert [hit.text for hit in hits if isinstance(hit, DiscoveryHit)] == ["Now", "Also now"] * 2
    assert kept.discovered([Quick(screen), Waiting(screen)]) is None
    assert kept.discovered([]) == []


class Own(Screen[None]):
    """A screen with a command of its own (two of them look the same)."""

    def compose(self) -> ComposeResult:
        yield Static("own")

    def commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Own command", "Runs on this screen", self.action_own)

    def action_own(self) -> None:
        self.app.notify(f"own {id(self)}")


def listed(palette: CommandPalette) -> list[tuple[Any, ...]]:
    """What the palette's list shows (text and styles) and what each line runs, on what."""
    def runs(command: Any) -> tuple[Any, ...]:
        func = getattr(command, "func", command)  # a partial: its function
        code = getattr(getattr(func, "__func__", func), "__code__", None)
        cells = tuple(cell.cell_contents for cell in getattr(func, "__closure__", None) or ())
        return (code, getattr(func, "__self__", None), cells, getattr(command, "args", ()))

    options = palette.query_one(CommandList).options
    assert all(isinstance(option, Command) for option in options)
    return [(kept._looks(option.prompt), type(option.hit), runs(option.hit.command))
            for option in options if isinstance(option, Command)]


async def textual_palette(pilot: Pilot[Any]) -> list[tuple[Any, ...]]:
    """What Textual's palette, built anew over the screen shown now, lists."""
    fresh = SafeCommandPalette()
    assert not fresh.kept
    await pilot.app.push_screen(fresh)
    await settle(pilot)
    assert fresh.has_class("-ready")
    found = listed(fresh)
    await pilot.press("escape")
    await settle(pilot)
    return found


async def opened(pilot: Pilot[Any]) -> SafeCommandPalette:
    calling = pilot.app.screen
    await pilot.press("ctrl+p")
    await settle(pilot)
    palette = pilot.app.screen
    assert isinstance(palette, SafeCommandPalette) and palette.kept
    assert palette._calling_screen is calling
    assert palette.query_one(CommandInput).value == ""
    return palette


def test_each_opening_shows_the_commands_of_the_screen_below(demo_url: str) -> None:
    """Over Cards, again after a search (nothing typed, every command), over Players (its
    commands, run on it), over a dialog (not the screen's below), back, and over two screens
    whose commands read the same: each opening lists what Textual's palette, built anew over
    the same screen, lists, and each command runs on the screen it opened over."""
    async def main() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            cards = await textual_palette(pilot)
            palette = await opened(pilot)
            assert listed(palette) == cards
            other = kept.kept_palette(app)  # while it is open: Textual's, made anew
            assert other is not palette and not other.kept
            await pilot.press(*"pl")
            await settle(pilot)
            searched = listed(palette)
            assert searched and searched != cards
            await pilot.press("escape")
            await settle(pilot)
            assert app.get_screen("palette") is palette and palette._providers == []
            assert await opened(pilot) is palette and listed(palette) == cards
            await pilot.press("escape", "4")
            await settle(pilot)
            players = app.screen
            assert isinstance(players, PlayersScreen)
            over_players = await textual_palette(pilot)
            assert over_players != cards
            assert await opened(pilot) is palette and listed(palette) == over_players
            await pilot.press("escape", "a")  # a dialog, then the palette over it
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, NameDialog)
            over_dialog = await textual_palette(pilot)
            assert await opened(pilot) is palette and listed(palette) == over_dialog
            assert over_dialog != over_players
            await pilot.press("escape", "escape")
            await settle(pilot)
            assert await opened(pilot) is palette and listed(palette) == over_players
            # A screen's command runs on that screen: "Add a player" (the first) opens its
            # dialog.
            assert over_players[0][0][0].startswith("Add a player")
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, NameDialog) and app.screen_stack[-2] is players
            # Two screens whose commands read the same: each opening runs its own screen's.
            await pilot.press("escape")
            for _ in range(2):
                await app.push_screen(Own())
                await settle(pilot)
                own = await textual_palette(pilot)
                assert await opened(pilot) is palette and listed(palette) == own
                assert any(line[2][1] is app.screen_stack[-2] for line in own)
                await pilot.press("escape")
                await settle(pilot)
                app.pop_screen()
                await settle(pilot)

    asyncio.run(main())


def test_the_palette_built_in_idle_time_is_shown_filled(demo_url: str) -> None:
    """Built in idle time (one of the app's own ``prebuilt_screens``) for the first screen and
    laid out hidden: its first opening lists what Textual's palette lists and is not laid out
    again."""
    layouts: list[bool] = []

    async def main() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            built = next(screen for screen in app.prebuilt_screens()
                         if isinstance(screen, SafeCommandPalette))
            assert built is app.get_screen("palette") and built.kept
            assert await speed.build_hidden(app, built)  # as ChronicleApp._prebuild
            built.prebuilt()
            await settle(pilot)
            assert await speed.finish_hidden(app, built)
            assert built.has_class("-ready") and built._calling_screen is None
            assert not (built._layout_required or built._layout_widgets)
            original = built._refresh_layout

            def spy(*args: Any, **kwargs: Any) -> None:
                layouts.append(True)
                original(*args, **kwargs)

            built._refresh_layout = spy  # type: ignore[method-assign]
            assert await opened(pilot) is built
            assert layouts == []
            await pilot.press("escape")
            await settle(pilot)
            assert listed(built) == await textual_palette(pilot)

    asyncio.run(main())
