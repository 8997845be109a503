"""Dialogs built once and refilled at each opening (``chronicle.tui.screens.dialog``): a reopened
dialog is the same one, and shows nothing of its last use; ``compact`` gives exactly Textual's
compact widget."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Button, Input, Label, OptionList, Select

from chronicle.systems.wyld_hunt.cards import card_to_dict
from chronicle.systems.wyld_hunt.screens import card_edit, pack, record_game
from chronicle.systems.wyld_hunt.screens.card_edit import CardEditScreen
from chronicle.systems.wyld_hunt.screens.character import CharacterViewScreen
from chronicle.systems.wyld_hunt.screens.collection import CollectionScreen
from chronicle.systems.wyld_hunt.screens.pack import PackScreen
from chronicle.systems.wyld_hunt.screens.record_game import RecordGameScreen
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.dialog import COMPACT, compact
from chronicle.tui.speed import build_hidden
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


def test_card_dialog_reopens_as_asked(demo_url: str) -> None:
    """The card dialog opened again is the same one, showing only what this opening asks: a
    new card's fields empty, a catalog card's values, each kind's fields built once."""
    async def scenario() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("n")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, CardEditScreen)
            dialog.query_one("#field-name", Input).value = "Zed"
            dialog.query_one("#field-cost", Input).value = "3"
            dialog.query_one("#field-kind", Select).value = "quest"
            await settle(pilot)
            assert dialog.query_one("#field-waylay_rating", Input).display
            await pilot.press("escape", "n")
            await settle(pilot)
            assert app.screen is dialog and dialog.kind == "merit"
            assert dialog.query_one("#field-name", Input).value == ""
            assert dialog.query_one("#field-cost", Input).value == ""
            assert dialog.query_one("#field-kind", Select).value == "merit"
            assert not dialog.boxes["quest"].display and dialog.boxes["merit"].display
            await pilot.press("escape")
            screen = app.screen
            assert isinstance(screen, CollectionScreen)
            card = screen.current_card()
            assert card is not None
            await pilot.press("e")
            await settle(pilot)
            assert app.screen is dialog and dialog.card is card
            assert dialog.query_one("#field-name", Input).disabled
            assert dialog.focused is dialog.boxes[dialog.kind].query(Input).first()
            assert dialog.query_one("#field-name", Input).value == card.name
            values = dialog.collected()
            assert {k: v for k, v in card_to_dict(card).items() if k in values} == values

    asyncio.run(scenario())


def test_dialogs_built_ahead_are_filled_when_shown(demo_url: str) -> None:
    """A dialog made empty ahead of time (``prebuilt``: built hidden, or only kept) is the one
    shown, filled for this opening: the players and the catalog of the pack, a new card, a
    character's quests."""
    async def scenario() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            built = {}
            for module in (pack, card_edit, record_game):
                screen = module.prebuilt(app)
                built[type(screen)] = screen
            await build_hidden(app, built[PackScreen])  # the card dialog is built when shown
            await build_hidden(app, built[RecordGameScreen])
            built[RecordGameScreen].prebuilt()  # the quests drawn ahead, in the catalog's order
            await settle(pilot)
            await pilot.press("o")
            await settle(pilot)
            assert app.screen is built[PackScreen]
            assert app.screen.query_one("#pack-player", Select).value == "Josh"
            await pilot.press(*"indecis", "tab", "escape", "n")
            await settle(pilot)
            assert app.screen is built[CardEditScreen]
            assert app.screen.query_one("#field-name", Input).value == ""
            await pilot.press("escape")
            await app.push_screen(CharacterViewScreen("Winerdria", "Tim"))
            await settle(pilot)
            await pilot.press("g")
            await settle(pilot)
            dialog = app.screen
            assert dialog is built[RecordGameScreen] and isinstance(dialog, RecordGameScreen)
            assert "Winerdria" in str(dialog.query_one("#game-title", Label).render())
            assert dialog.current_quest() == "Even Dragons Pay Taxes"  # her own quest first
            listing = dialog.query_one("#game-quests", OptionList)

            def first_line() -> str:
                return str(listing.get_option_at_index(0).prompt)

            assert "Even Dragons Pay Taxes" in first_line()  # drawn in her order
            await pilot.press("space")
            assert first_line().startswith("[x]") and dialog.undertaken
            await pilot.press("escape", "g")
            await settle(pilot)
            assert app.screen is dialog and not dialog.undertaken
            assert first_line().startswith("[ ]")  # redrawn, not left as marked

    asyncio.run(scenario())
