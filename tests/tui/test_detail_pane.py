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
