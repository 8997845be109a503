"""The detail pane keeps the lines of the texts it showed last: searching back, or moving up
and down the list, shows a card again without wrapping its text again; another theme or size
wraps anew."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.content import Content
from textual.visual import Visual

from chronicle.tui.widgets.detail_pane import KEPT, DetailPane


class PaneApp(App[None]):
    CSS = "DetailPane { height: 6; border-left: solid red; }"

    def compose(self) -> ComposeResult:
        yield DetailPane(id="pane")


def test_a_text_shown_again_is_not_wrapped_again(monkeypatch: pytest.MonkeyPatch) -> None:
    asyncio.run(shown_again(monkeypatch))


async def shown_again(monkeypatch: pytest.MonkeyPatch) -> None:
    wrapped: list[str] = []
    original = Visual.to_strips

    def counted(widget: Any, visual: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(widget, DetailPane):
            wrapped.append(getattr(visual, "plain", ""))
        return original(widget, visual, *args, **kwargs)

    monkeypatch.setattr(Visual, "to_strips", staticmethod(counted))
    app = PaneApp()
    async with app.run_test(size=(40, 10)) as pilot:
        pane = app.query_one(DetailPane)
        short = Content("[/x] a short card")
        tall = Content("\n".join(f"line {i}" for i in range(20)))
        for _ in range(2):  # kept by text, size and whether the bar was shown before
            pane.show(short)
            pane.show(tall)
        await pilot.pause()
        assert pane.bar and pane.text_height == 20
        first = len(wrapped)
        pane.show(short)
        pane.show(tall)
        await pilot.pause()
        assert len(wrapped) == first  # both kept
        assert pane.bar and pane.text_height == 20 and pane.max_scroll_y > 0
        pane.show(short)
        await pilot.pause()
        assert not pane.bar and pane.text_height == 1
        for number in range(KEPT + 1):  # the oldest are let go
            pane.show(Content(f"card {number}"))
        before = len(wrapped)
        pane.show(short)
        assert len(wrapped) > before
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        before = len(wrapped)
        pane.show(tall)
        await pilot.pause()
        assert len(wrapped) > before  # another theme: wrapped anew in its colours
        await pilot.resize_terminal(60, 12)
        await pilot.pause()
        assert pane.text_height == 20 and wrapped[-1].startswith("line 0")


def test_the_scroll_bar_is_clicked_and_its_thumb_dragged() -> None:
    asyncio.run(bar_by_mouse())


async def click(pilot: Any, pane: DetailPane, offset: tuple[int, int]) -> None:
    await pilot.click(pane, offset=offset)
    await pilot.pause()


async def bar_by_mouse() -> None:
    app = PaneApp()
    async with app.run_test(size=(40, 10)) as pilot:
        pane = app.query_one(DetailPane)
        pane.show(Content("\n".join(f"line {i}" for i in range(30))))  # 6 rows: thumb of 1.2
        await pilot.pause()
        assert pane.bar and pane.scroll_y == 0 and pane.max_scroll_y == 24
        bar = pane.region.width - 1  # the pane's last column: the bar
        await click(pilot, pane, (bar, 4))  # below the thumb: a page down
        assert pane.scroll_y == 6
        for row in (1, 2):  # on the thumb (rows 1.2 to 2.4, drawn in rows 1 and 2): nothing
            await click(pilot, pane, (bar, row))
            assert pane.scroll_y == 6
        await click(pilot, pane, (bar, 0))  # above it: a page up
        assert pane.scroll_y == 0
        await click(pilot, pane, (2, 4))  # on the text: nothing
        assert pane.scroll_y == 0
        # The thumb (row 0) grabbed, moved down 3 rows: 3 / 6 of the text's 30 lines.
        await pilot.mouse_down(pane, offset=(bar, 0))
        await pilot.hover(pane, offset=(bar, 3))
        await pilot.pause()
        assert pane.scroll_y == 15
        await pilot.hover(pane, offset=(bar, 9))  # past the end, outside the pane: held there
        await pilot.pause()
        assert pane.scroll_y == 24
        await pilot.mouse_up(pane, offset=(bar, 9))
        await pilot.hover(pane, offset=(bar, 0))  # let go: moving no longer scrolls
        await pilot.pause()
        assert pane.scroll_y == 24
        lines = pane.render_lines(pane.region.reset_offset)
        assert "line 29" in lines[-1].text
