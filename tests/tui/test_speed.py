"""What ``chronicle.tui.speed`` relies on in Textual, and that the app looks and behaves the same
with it: a dialog hides the screen below (which catches up when shown again), a screen shown for
the first time is not restyled unless something changed, the areas' screens built in idle time
are the ones shown and look exactly as when built on the spot.

Each test of Textual's behaviour fails when Textual changes what an override relies on: the
override must then be revised (or dropped, when Textual no longer does the needless work)."""

from __future__ import annotations

import asyncio
from typing import Any

from textual import events
from textual.app import App
from textual.css.model import RuleSet
from textual.screen import Screen
from textual.widgets import Input, Static

from chronicle.systems.protocol import load_name
from chronicle.tui import speed
from chronicle.tui.app import ChronicleApp, app_areas, home_system
from chronicle.tui.screens.help import HelpScreen
from chronicle.tui.screens.players import PlayersScreen
from chronicle.tui.widgets.footer import Footer
from tui.helpers import screen_text, settle


def test_textual_still_has_what_the_overrides_use() -> None:
    assert speed.supported()
    assert speed.install()
    for name in ("_on_screen_resume", "_screen_resized"):
        assert hasattr(getattr(Screen, name), "chronicle_original"), name
    from textual.widget import AwaitMount

    for name in ("__await__", "__call__"):
        assert hasattr(getattr(AwaitMount, name), "chronicle_original"), name
    # rules hash by identity, now at C speed: two equal rules are still two rules
    first, second = RuleSet(), RuleSet()
    assert RuleSet.__hash__ is object.__hash__
    assert first == second and len({first, second}) == 2


def count(monkeypatch: Any, owner: Any, name: str, who: Any) -> list[Any]:
    """Record the first argument of each call of ``owner.name`` that ``who`` accepts (called
    with the other arguments)."""
    calls: list[Any] = []
    original = getattr(owner, name)

    def spy(node: Any, *args: Any, **kwargs: Any) -> Any:
        if who(node, *args):
            calls.append(node)
        return original(node, *args, **kwargs)

    monkeypatch.setattr(owner, name, spy)
    return calls


def test_dialogs_hide_the_screen_below_and_it_catches_up(demo_url: str, monkeypatch: Any
                                                          ) -> None:
    async def main() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            cards = app.screen
            status = cards.query_one("#collection-status", Static)
            # its footer waits under the dialog (which disables the area keys)
            footer = cards.query_one(Footer)
            rebuilt = count(monkeypatch, Footer, "recompose", lambda f, *_: f is footer)
            await pilot.press("question_mark")
            await settle(pilot)
            assert isinstance(app.screen, HelpScreen)
            # Textual counts the screen below an opaque dialog as visible (the override's
            # reason); the app does not
            assert App._background_screens.fget(app) == [cards]  # type: ignore[attr-defined]
            assert app._background_screens == []
            laid_out = count(monkeypatch, Screen, "_refresh_layout", lambda s, *_: s is cards)
            status.update("changed while hidden")
            status.styles.height = 2  # a change of layout too
            await settle(pilot)
            assert laid_out == [] and rebuilt == []
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is cards and laid_out
            assert "changed while hidden" in screen_text(pilot)
            assert status.region.height == 2
            # the help is kept: opened over another screen it shows that screen's keys
            kept = app.get_screen("help")
            await pilot.press("2")
            await settle(pilot)
            await pilot.press("question_mark")
            await settle(pilot)
            assert app.screen is kept and "Keys here: Characters" in screen_text(pilot)

    asyncio.run(main())


def test_a_new_screen_is_styled_once_and_laid_out_once(demo_url: str, monkeypatch: Any
                                                       ) -> None:
    async def main() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            restyled = count(monkeypatch, App, "update_styles",
                             lambda _app, node, *_: isinstance(node, HelpScreen))
            # at a given size: when shown, and again on its Resize (the timer's layouts of
            # widgets asking for one are not counted)
            laid_out = count(monkeypatch, Screen, "_refresh_layout",
                             lambda s, *size: isinstance(s, HelpScreen) and size)
            resized: list[HelpScreen] = []
            monkeypatch.setattr(HelpScreen, "on_resize",
                                lambda screen, _event: resized.append(screen), raising=False)
            await pilot.press("question_mark")
            await settle(pilot)
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            # Textual asks it to restyle and sends it a Resize after its first layout (what
            # the overrides skip); it was styled and laid out once
            assert restyled == [] and len(laid_out) == 1 and resized
            # Textual's own resume still restyles: the override is what skips it
            original = Screen._on_screen_resume.chronicle_original  # type: ignore[attr-defined]
            original(help_screen, events.ScreenResume(refresh_styles=True))
            assert len(restyled) == 1
            # a change of theme since it was styled restyles it when shown again
            setattr(help_screen, speed.STAMP, speed.style_state(app))
            app.theme = "textual-light"
            await settle(pilot)
            Screen._on_screen_resume(help_screen, events.ScreenResume(refresh_styles=True))
            assert len(restyled) == 2

    asyncio.run(main())


def test_areas_built_in_idle_time_are_shown_as_built_on_the_spot(demo_url: str,
                                                                  monkeypatch: Any) -> None:
    import functools

    from chronicle.tui import prebuild, speed

    # what is tested is what a built screen shows, not how long a busy machine may take to
    # build one (past its patience the app builds a screen when it is shown, by design)
    for name in ("build_hidden", "finish_hidden"):
        monkeypatch.setattr(prebuild, name,
                            functools.partial(getattr(speed, name), patience=60.0))
    kept: list[Screen[Any]] = []

    def prebuilt_screens(_screen: Screen[Any]) -> list[Screen[Any]]:
        kept.append(HelpScreen())
        return kept

    async def visit(prebuild: bool) -> tuple[dict[str, Screen[Any]], list[str]]:
        app = ChronicleApp(demo_url)
        app.prebuild_set = prebuild
        shots: list[str] = []
        kept.clear()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for _ in range(200 if prebuild else 0):  # idle time comes late on a busy machine
                if {"characters", "games", "players", "other"} <= set(app._built) and all(
                        getattr(s, "players", True) for s in app._built.values()):
                    break
                await asyncio.sleep(0.02)
                await settle(pilot)
            built = dict(app._built)
            assert all(s.is_mounted and s.size == app.size for s in built.values())
            if prebuild:  # warmed: its data loaded once while hidden
                players = built["players"]
                assert isinstance(players, PlayersScreen) and players.players
            # what an area's screen asks for is built too (a dialog kept between openings)
            assert [s.is_mounted for s in kept] == ([True] if prebuild else [])
            for key in "2345":
                await pilot.press(key)
                await settle(pilot)
                shots.append(app.export_screenshot())
                if prebuild:
                    assert app.screen is built[app.current_mode]
        return built, shots

    async def main() -> None:
        # the areas alone (what the other screens ask for is tested with them), and one extra
        for area in app_areas(home_system()):
            kind = load_name(area.screen)
            if hasattr(kind, "prebuilt_screens"):
                monkeypatch.setattr(kind, "prebuilt_screens", lambda _screen: [])
        monkeypatch.setattr(PlayersScreen, "prebuilt_screens", prebuilt_screens, raising=False)
        built, shots = await visit(True)
        assert set(built) == {"characters", "games", "players", "other"}
        none, plain = await visit(False)
        assert none == {}
        assert shots == plain

    asyncio.run(main())


def test_screens_built_ahead_open_first_as_they_open_later(demo_url: str, monkeypatch: Any
                                                           ) -> None:
    """A dialog or an area's screen built in idle time and finished there (``finish_hidden``)
    is neither laid out nor drawn more at its first opening than at a later one (the area's
    footer has its keys before it is shown). Built only (not finished), Textual lays a dialog
    out once more when first shown and draws every widget (the override's reason)."""
    from textual._styles_cache import StylesCache
    from textual.widgets._footer import FooterKey

    async def main() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            # the Cards screen's pack and card dialogs, as the app builds them (not record a game)
            finished, built_only, record = app.screen.prebuilt_screens()  # type: ignore[attr-defined]
            players = app._keep_built(next(a for a in app.areas if a.mode == "players"))
            assert isinstance(players, PlayersScreen)
            for screen in (finished, built_only, players, record):
                assert await speed.build_hidden(app, screen)
            players.prebuilt()  # as the app warms them: data loaded or drawn while hidden
            record.prebuilt()
            for field in (*finished.query(Input), *built_only.query(Input)):
                field.cursor_blink = False  # a blink draws its line again (counted by time)
            await settle(pilot)
            assert speed.layout_pending(built_only)  # what the hidden layout leaves
            for screen in (finished, players, record):  # record a game's list asks for a
                assert await speed.finish_hidden(app, screen)  # layout as it is first drawn
                assert not speed.layout_pending(screen) and not speed.shown(app, screen)
                for widget, (region, clip) in screen._compositor.visible_widgets.items():
                    cache = widget._styles_cache  # each line in sight drawn, none dirty
                    assert widget is screen or (len(cache._cache) >= region.intersection(
                        clip).height and not cache._dirty_lines), widget
            footer = players.query_one(Footer)
            assert footer.query(FooterKey) and footer._shown == footer.shown()
            layouts = count(monkeypatch, Screen, "_refresh_layout", lambda s, *_: True)
            lines = count(monkeypatch, StylesCache, "render_line", lambda *_: True)

            async def opening(key: str, screen: Screen[Any], back: str) -> tuple[int, int]:
                layouts.clear()
                lines.clear()
                await pilot.press(key)
                await settle(pilot)
                assert app.screen is screen
                drawn = (len(layouts), len(lines))
                await pilot.press(back)
                await settle(pilot)
                return drawn

            for key, screen, back in (("o", finished, "escape"), ("4", players, "1")):
                first = await opening(key, screen, back)
                again, last = await opening(key, screen, back), await opening(key, screen, back)
                later = (max(again[0], last[0]), max(again[1], last[1]))
                assert first[0] <= later[0] and first[1] <= later[1], (key, first, later)
            first = await opening("n", built_only, "escape")
            later = await opening("n", built_only, "escape")
            assert first[0] > later[0] and first[1] > later[1], (first, later)

    asyncio.run(main())


def test_a_mounting_awaited_asks_for_its_layout_once() -> None:
    """The app's overrides: the caller's wait asks for the layout once all are mounted, the
    queue's wait of the same mounting does not ask again; a mounting nobody awaits still gets
    its layout from the queue's wait."""
    from tui.test_textual_patches import mount_layouts

    assert speed.install()
    plain = mount_layouts(steers=False, awaited=False)
    assert mount_layouts(steers=True, awaited=True) == plain
    assert mount_layouts(steers=True, awaited=False) == plain
