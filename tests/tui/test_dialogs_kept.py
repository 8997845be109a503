"""Dialogs built once and refilled at each opening (``chronicle.tui.screens.dialog``): a reopened
dialog is the same one, and shows nothing of its last use; ``compact`` gives exactly Textual's
compact widget."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Button, Input, Label, Select

from chronicle.systems.wyld_hunt.screens.pack import PackScreen
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.dialog import COMPACT, compact
from tui.helpers import settle


@pytest.mark.parametrize("make", [lambda **k: Input(**k), lambda **k: Button("Save", **k),
                                  lambda **k: Select([("a", "a")], allow_blank=False, **k)])
def test_compact_is_textuals_compact(make: Any) -> None:
    """The class and the reactive Textual's ``compact=True`` sets (Textual names the class)."""
    theirs, ours = make(compact=True), compact(make())
    assert COMPACT in theirs.classes
    assert ours.classes == theirs.classes and ours.compact is True


def test_pack_dialog_reopens_empty(demo_url: str) -> None:
    """The pack dialog opened again is the same one, emptied: no card typed, no status, the
    first card focused, the Character Pack chosen."""
    async def scenario() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("o")
            await settle(pilot)
            first = app.screen
            assert isinstance(first, PackScreen)
            await pilot.press(*"zzz unknown", "enter")
            first.query_one("#pack-type", Select).value = "story"
            await settle(pilot)
            assert first.entries()[0].has_class("unknown")
            assert "unknown" in str(first.query_one("#pack-status", Label).render())
            await pilot.press("escape", "o")
            await settle(pilot)
            assert app.screen is first
            assert [e.value for e in first.entries()] == [""] * len(first.entries())
            assert not any(e.has_class("unknown") for e in first.entries())
            assert str(first.query_one("#pack-status", Label).render()) == ""
            assert first.query_one("#pack-type", Select).value == "character"
            assert first.focused is first.entries()[0]
            await pilot.press(*"indecis", "tab")
            assert first.entries()[0].value == "Indecisive"

    asyncio.run(scenario())
