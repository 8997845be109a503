"""Each place the app works around Textual (8.2.x, pinned in pyproject) is checked against plain
Textual here: each test fails when Textual stops doing what the app works around (or changes
how), and the workaround must then be dropped or revised. ``tests/tui/test_speed.py`` checks
the others (``chronicle.tui.speed``: the screen below an opaque dialog, the restyle on resume,
the resize to the same size, the rules' hash)."""

from __future__ import annotations

import asyncio
import tomllib
from pathlib import Path
from typing import Any

import textual
from textual import events
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Input, Static

from chronicle.tui import speed

ROOT = Path(__file__).resolve().parents[2]


class Area(Screen[None]):
    """A screen counting the resumes it gets."""

    def __init__(self) -> None:
        super().__init__()
        self.resumes = 0

    def compose(self) -> ComposeResult:
        yield Static("area")

    def on_screen_resume(self, _event: events.ScreenResume) -> None:
        self.resumes += 1


class Plain(App[None]):
    """Plain Textual, two modes."""

    MODES = {"one": Area, "two": Area}  # noqa: RUF012 - Textual's own class attribute

    def on_mount(self) -> None:
        self.switch_mode("one")


def test_textual_is_pinned_to_the_version_the_workarounds_are_tested_with() -> None:
    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pin = next(one for one in wanted if one.startswith("textual"))
    assert pin.replace(" ", "") == "textual>=8.2.8,<8.3", pin
    assert textual.__version__.startswith("8.2."), textual.__version__
    assert speed.TESTED_WITH.startswith("8.2.")


def test_textual_resumes_a_new_modes_screen_twice_and_starts_it_unstyled() -> None:
    """Why ``ChronicleApp.switch_mode`` is its own: Textual's posts a ``ScreenResume`` to a
    mode's new screen twice (from ``_init_mode`` and again), so a screen loading its data
    when shown loaded it twice; and a mode's new screen starts with a stylesheet count that
    is never the app's (``chronicle.tui.app._screen`` sets it), so Textual restyled the whole
    app on the first and the second visit of every area."""
    async def main() -> None:
        app = Plain()
        async with app.run_test() as pilot:
            await pilot.pause()
            fresh = Area()
            assert fresh._css_update_count == -1 != app._css_update_count
            app.switch_mode("two")
            await pilot.pause()
            two = app.screen
            assert isinstance(two, Area) and two.resumes == 2
            app.switch_mode("one")
            await pilot.pause()
            one = app.screen
            assert isinstance(one, Area) and one.resumes == 3  # 2 first, 1 back

    asyncio.run(main())


def test_the_apps_own_switch_mode_resumes_once(demo_url: str) -> None:
    from chronicle.tui.app import ChronicleApp
    from tui.helpers import settle

    async def main() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            resumed: list[Any] = []
            original = Screen._on_screen_resume

            def spy(screen: Screen[Any], event: events.ScreenResume) -> None:
                resumed.append(screen)
                original(screen, event)

            Screen._on_screen_resume = spy  # type: ignore[method-assign,assignment]
            try:
                await pilot.press("4")
                await settle(pilot)
            finally:
                Screen._on_screen_resume = original  # type: ignore[method-assign]
            assert resumed.count(app.screen) == 1

    asyncio.run(main())


def test_textual_forwards_each_key_to_the_field_focused_when_it_arrives() -> None:
    """Why ``chronicle.tui.keys`` hands keys on one at a time: in plain Textual a burst
    ``1 tab 2`` puts "12" in the first field, the tab moving the focus only after."""
    class Form(App[None]):
        def compose(self) -> ComposeResult:
            yield Input(id="a")
            yield Input(id="b")

    async def main() -> None:
        app = Form()
        async with app.run_test() as pilot:
            await pilot.pause()
            driver = app._driver
            assert driver is not None
            for key, char in (("1", "1"), ("tab", "\t"), ("2", "2")):
                event = events.Key(key, char)
                event.set_sender(app)
                driver.send_message(event)
            await pilot.pause()
            await pilot.pause()
            assert [app.query_one("#a", Input).value, app.query_one("#b", Input).value] == [
                "12", ""]

    asyncio.run(main())


def test_textuals_rule_hash_is_identity_written_in_python() -> None:
    """Why ``speed`` gives ``RuleSet`` Python's own identity hash: Textual's answers the same
    (``id``) through a Python call, for every rule each time a widget is styled."""
    from textual.css.model import RuleSet

    assert speed.install()
    assert speed.TEXTUAL_HASH, "Textual's RuleSet hash changed: revise speed._identity_hash"
    probe = RuleSet()
    assert speed.TEXTUAL_HASH[0](probe) == id(probe)
    assert len({probe, RuleSet()}) == 2 and hash(probe) == hash(probe)


class Counted(Static):
    """A container counting the layouts asked of it."""

    def __init__(self) -> None:
        super().__init__()
        self.layouts = 0

    def refresh(self, *regions: Any, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:
        self.layouts += layout
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


class Mounting(App[None]):
    """Mounts three lines into a container, awaited or not (``steers``: with the app's
    overrides)."""

    def __init__(self, steers: bool) -> None:
        super().__init__()
        self.steers_textual = steers

    def compose(self) -> ComposeResult:
        yield Counted()


def mount_layouts(steers: bool, awaited: bool) -> int:
    """The layouts asked of a container by mounting three lines into it."""
    async def main() -> int:
        app = Mounting(steers)
        async with app.run_test() as pilot:
            await pilot.pause()
            box = app.query_one(Counted)
            box.layouts = 0
            lines = [Static(f"line {n}") for n in range(3)]
            if awaited:
                await box.mount_all(lines)
            else:
                box.mount_all(lines)
            for _ in range(3):
                await pilot.pause()
            assert all(line.is_mounted for line in lines)
            return box.layouts

    return asyncio.run(main())


def test_textual_waits_twice_for_a_mounting_its_caller_awaits() -> None:
    """Why ``speed`` skips the queued wait of an awaited mounting: Textual hands the same
    ``AwaitMount`` to the caller and to the widget's queue (``call_next``), and each wait ends
    asking the parent for a layout: twice for one mounting (a screen awaits its composed
    widgets, and its second ask came after its first layout: the screen laid out twice)."""
    assert speed.install()
    # one ask more than the same mounting not awaited (whose only wait is the queue's)
    assert mount_layouts(steers=False, awaited=True) == mount_layouts(steers=False,
                                                                     awaited=False) + 1


class Pushed(Screen[None]):
    """A screen counting the layouts asked of it."""

    def __init__(self) -> None:
        super().__init__()
        self.layouts = 0

    def compose(self) -> ComposeResult:
        yield Static("one")
        yield Static("two")

    def refresh(self, *regions: Any, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:
        self.layouts += layout
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


def push_layouts(steers: bool) -> int:
    """The layouts asked of a screen pushed, until it is shown and settled."""
    async def main() -> int:
        app = Mounting(steers)
        async with app.run_test() as pilot:
            await pilot.pause()
            screen = Pushed()
            app.push_screen(screen)
            for _ in range(4):
                await pilot.pause()
            assert screen.is_current and screen.query(Static)
            return screen.layouts

    return asyncio.run(main())


def test_textual_asks_a_pushed_screen_for_two_layouts_more_after_its_compose() -> None:
    """Why ``speed`` skips, for a screen pushed, the queued wait of its compose's mounting and
    the app's wait for the screen's own mounting (``App._get_screen``'s ``AwaitMount``, called
    back) once the wait of its compose asked: each ends asking the screen for one more
    layout, after the first."""
    assert speed.install()
    assert push_layouts(steers=False) == push_layouts(steers=True) + 2
