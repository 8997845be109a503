"""What walking the sister games' screens at the table found (issue 31), each fixed and kept
so, with keys sent in bursts as a terminal sends them: Tales of Arcadia's new-force dialog says
a name longer than any name may be beside the name field, in the words the other games use,
and keeps what was typed; its unit form, refused on ctrl+s, keeps each field's message beside
that field (not one line at the bottom naming them all), moves to the first, and saves
nothing; every sister game's main screen starts with the focus on its records list and goes
back to the Other games list on escape."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from chronicle.services.db import open_database
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.other_games import OtherGamesScreen
from chronicle.tui.widgets.card_list import CardList
from tui.helpers import burst, screen_text, settle
from tui.test_sister_snapshots import TYPED, sister_url  # noqa: F401  (the fixture)

AQ, HOA, TOA = "Arcadia Quest", "Hunters of Arcfall", "Tales of Arcadia"


async def open_game(pilot: Pilot[Any], label: str) -> None:
    """Area 5, then the game called ``label`` (enter)."""
    await settle(pilot)
    if pilot.app.screen.is_modal:  # the welcome, if any
        await pilot.press("escape")
    await pilot.press("5")
    await settle(pilot)
    listing = pilot.app.screen
    assert isinstance(listing, OtherGamesScreen)
    index = [one.label for one in listing.games].index(label)
    await burst(pilot, "home", *["down"] * index, "enter")


def said(app: ChronicleApp, field: str) -> str:
    """The message shown beside the field ``field`` (its ``-problem`` line)."""
    return str(app.screen.query_one(f"#{field}-problem", Static).render())


def run(url: str, scenario: Any) -> None:
    async def main() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await scenario(app, pilot)

    asyncio.run(main())


def test_a_force_name_too_long_is_said_beside_the_name_as_the_other_games_say_it(
        sister_url: str) -> None:  # noqa: F811
    from chronicle.systems.tales_of_arcadia import service
    from chronicle.systems.tales_of_arcadia.screens.new_force import NewForceScreen

    before = {view.name for view in service.list_forces(open_database(sister_url))}

    async def scenario(app: ChronicleApp, pilot: Pilot[Any]) -> None:
        await open_game(pilot, TOA)
        await burst(pilot, "n")
        dialog = app.screen
        assert isinstance(dialog, NewForceScreen)
        name = dialog.query_one("#nf-name", Input)
        name.insert_text_at_cursor(TYPED)                  # a paste of 10,000 characters
        await burst(pilot, "tab", "ctrl+u", *"Tim", "ctrl+s")
        assert app.screen is dialog
        assert name.value == TYPED and dialog.query_one("#nf-player", Input).value == "Tim"
        assert said(app, "nf-name") == (f"The force's name has {len(TYPED):,} characters; at "
                                        "most 200 are allowed.")
        assert app.focused is name
        await burst(pilot, "ctrl+a", "ctrl+k", *"N1", "ctrl+s")  # set right: it saves
        assert app.screen is not dialog

    run(sister_url, scenario)
    after = {view.name for view in service.list_forces(open_database(sister_url))}
    assert after - before == {"N1"}


def test_the_unit_form_refused_keeps_each_message_beside_its_field(
        sister_url: str) -> None:  # noqa: F811
    from chronicle.systems.tales_of_arcadia import service
    from chronicle.systems.tales_of_arcadia.catalog import units_of
    from chronicle.systems.tales_of_arcadia.screens.unit_form import UnitFormScreen

    async def scenario(app: ChronicleApp, pilot: Pilot[Any]) -> None:
        await open_game(pilot, TOA)
        await burst(pilot, "a", *"[/x] Unit 🐉", "tab", "tab", *"abc", "tab", "minus", "1",
                    "tab", *"999999999999", "ctrl+s")
        form = app.screen
        assert isinstance(form, UnitFormScreen)
        assert form.query_one("#uf-name", Input).value == "[/x] Unit 🐉"
        assert form.query_one("#uf-cost", Input).value == "abc"
        assert form.query_one("#uf-power", Input).value == "-1"
        assert "a whole number, got 'abc'" in said(app, "uf-cost")
        assert "at most 1000, got 999999999999" in said(app, "uf-accuracy")
        assert "cost" not in str(form.query_one("#uf-problems", Static).render())
        assert app.focused is form.query_one("#uf-cost", Input)   # the first said, in order
        await burst(pilot, "escape")

    run(sister_url, scenario)
    cards = service.catalog(open_database(sister_url))
    assert "[/x] Unit 🐉" not in {unit.name for unit in units_of(cards, "Clockwork Legion")}


@pytest.mark.parametrize("label", [AQ, HOA, TOA])
def test_each_game_starts_on_its_records_and_escape_goes_back(
        sister_url: str, label: str) -> None:  # noqa: F811
    async def scenario(app: ChronicleApp, pilot: Pilot[Any]) -> None:
        await open_game(pilot, label)
        screen = app.screen
        assert type(screen).__name__ != "OtherGamesScreen"
        assert isinstance(app.focused, CardList), (label, app.focused)
        await burst(pilot, "escape")
        assert isinstance(app.screen, OtherGamesScreen), label

    run(sister_url, scenario)


@pytest.mark.parametrize(("label", "wide_only"), [(TOA, {"open_force", "battles"}),
                                                  (AQ, {"rename", "delete"}),
                                                  (HOA, {"rename", "delete"})])
def test_a_narrow_footer_leaves_keys_out_without_changing_the_bindings(
        sister_url: str, label: str, wide_only: set[str]) -> None:  # noqa: F811
    """Below 80 columns the footer leaves the screen's wide-only keys out; they still work
    and the help lists them; the screen's bindings themselves are never changed (the footer
    reads what to leave out: ``narrow.fit_footer``)."""
    from chronicle.tui.screens.help import screen_keys
    from chronicle.tui.widgets.footer import Footer

    async def scenario(app: ChronicleApp, pilot: Pilot[Any]) -> None:
        await open_game(pilot, label)
        screen = app.screen
        footer = screen.query_one(Footer)

        def shown() -> set[str]:
            return {entry[3] for entry in footer.shown()}

        def bound() -> dict[str, bool]:
            return {active.binding.action: active.binding.show
                    for active in screen.active_bindings.values()
                    if active.binding.action in wide_only}

        assert wide_only <= shown()
        assert set(bound()) == wide_only and all(bound().values())
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert not wide_only & shown()
        assert all(bound().values())              # Textual's bindings as declared
        keys = screen_keys(screen)
        for active in screen.active_bindings.values():
            if active.binding.action in wide_only:
                assert f"`{app.get_key_display(active.binding)}` " in keys
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert wide_only <= shown()

    run(sister_url, scenario)


def test_each_games_screen_built_in_idle_time_opens_first_and_fresh(
        sister_url: str, monkeypatch: Any) -> None:  # noqa: F811
    """The app builds each sister game's main screen in idle time; its first opening shows
    that one (built already), reading its data again: a campaign started and a player renamed
    after it was built show. Once closed, a new one is built in idle time while the list of
    games shows, and the next opening shows that one, fresh too."""
    import functools

    from chronicle.services.playermending import rename_player
    from chronicle.systems.arcadia_quest.service import new_campaign
    from chronicle.tui import prebuild, speed

    for name in ("build_hidden", "finish_hidden"):  # what is built, not how fast (busy hosts)
        monkeypatch.setattr(prebuild, name,
                            functools.partial(getattr(speed, name), patience=60.0))

    async def built_in_idle_time(app: ChronicleApp, other: Any = None) -> None:
        for _ in range(1000):  # until the idle-time building is done (the games' screens)
            other = other or app._built.get("other")   # the area's screen, built ahead
            if isinstance(other, OtherGamesScreen) and other.built and not any(
                    w.group == prebuild.GROUP and not w.is_finished for w in app.workers):
                break
            await asyncio.sleep(0.02)
        await app.workers.wait_for_complete()

    async def scenario(app: ChronicleApp, pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await built_in_idle_time(app)
        other = app._built.get("other")
        assert isinstance(other, OtherGamesScreen)
        built = dict(other.built)
        assert {AQ, HOA, TOA} <= {game.label for game in other.games
                                  if game.key in built}
        db = open_database(sister_url)
        new_campaign(db, "Spring", [
            {"color": "blue", "player": "Tim", "heroes": ["Diva", "Greensleeves", "Grom"]},
            {"color": "green", "player": "Bo 🐉", "heroes": ["Maya", "Zazu", "Kanga"]}])
        rename_player(db, "صياد الظلال", "Sayyad")
        db.close()
        for label, shows in ((AQ, "Spring"), (TOA, "Sayyad's force")):
            await open_game(pilot, label)
            key = next(game.key for game in other.games if game.label == label)
            assert app.screen is built[key]
            assert shows in screen_text(pilot), label
            await burst(pilot, "escape")
        await settle(pilot)
        await built_in_idle_time(app, other)
        aq = next(g.key for g in other.games if g.label == AQ)
        again = other.built[aq]
        assert again is not built[aq] and again.is_attached and not again.is_current
        db = open_database(sister_url)
        new_campaign(db, "Autumn", [
            {"color": "blue", "player": "Tim", "heroes": ["Diva", "Greensleeves", "Grom"]},
            {"color": "green", "player": "Sayyad", "heroes": ["Maya", "Zazu", "Kanga"]}])
        db.close()
        await open_game(pilot, AQ)
        assert app.screen is again
        assert "Autumn" in screen_text(pilot)

    async def main() -> None:
        app = ChronicleApp(sister_url)
        app.prebuild_set = True
        async with app.run_test(size=(80, 24)) as pilot:
            await scenario(app, pilot)

    asyncio.run(main())


def test_the_tales_title_keeps_the_army_at_60_columns(sister_url: str) -> None:  # noqa: F811
    """The builder's title (force, player, army) wraps to a second line rather than cutting
    the army's name off at 60 columns."""
    async def scenario(app: ChronicleApp, pilot: Pilot[Any]) -> None:
        await pilot.resize_terminal(60, 20)
        await open_game(pilot, TOA)
        lines = screen_text(pilot).splitlines()
        title = next(n for n, line in enumerate(lines) if "'s force" in line)
        assert "Clockwork Legion" in " ".join(" ".join(lines[title:title + 2]).split())

    run(sister_url, scenario)


def test_keys_typed_while_a_slow_form_opens_wait_for_it(
        sister_url: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """On a loaded machine a form may take longer than ``keys.PATIENCE`` to open: the keys
    typed behind the key that opened it wait for it (their marker is queued on screen, not
    lost) and land in its fields, none on the screen below."""
    from chronicle.systems.tales_of_arcadia.screens.unit_form import UnitFormScreen
    from chronicle.tui import keys

    opened = UnitFormScreen.on_mount if hasattr(UnitFormScreen, "on_mount") else None

    async def slow_mount(self: UnitFormScreen) -> None:
        await asyncio.sleep(keys.PATIENCE + 0.5)  # a busy host: the form is slow to mount
        if opened is not None:
            opened(self)

    monkeypatch.setattr(UnitFormScreen, "on_mount", slow_mount)

    async def scenario(app: ChronicleApp, pilot: Pilot[Any]) -> None:
        await open_game(pilot, TOA)
        await burst(pilot, "a", *"Slow Unit", "tab", "tab", *"7")
        form = app.screen
        assert isinstance(form, UnitFormScreen)
        assert form.query_one("#uf-name", Input).value == "Slow Unit"
        assert form.query_one("#uf-cost", Input).value == "7"
        await burst(pilot, "escape")

    run(sister_url, scenario)
