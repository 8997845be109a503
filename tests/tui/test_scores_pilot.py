"""The app's part of effective scores: the character view shows each score's base and effective
value with the cards that change it (as text, never markup), unknown ones marked; the card form
takes a Merit's score changes as typed and refuses what it cannot read."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.cards import Merit
from chronicle.systems.wyld_hunt.screens.card_edit import CardEditScreen
from chronicle.systems.wyld_hunt.screens.character import open_character
from chronicle.systems.wyld_hunt.screens.collection import CollectionScreen
from chronicle.systems.wyld_hunt.services import characters, collection, usercards
from chronicle.systems.wyld_hunt.services.common import catalog
from chronicle.tui.app import ChronicleApp
from tui.helpers import settle

HOSTILE = "[red]Ring[/red] of [b]"
"""A card name that is markup if it were read as such."""


@pytest.fixture(autouse=True)
def _no_group_layer() -> Iterator[None]:
    yield
    usercards.forget_group()


def run(url: str, scenario: Any) -> None:
    async def main() -> None:
        async with ChronicleApp(url).run_test(size=(100, 40)) as pilot:
            await settle(pilot)
            await scenario(pilot)
            await settle(pilot)

    asyncio.run(main())


def scores_of(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#scores", Static).render())


def test_character_view_shows_base_effective_and_the_cards(demo_url: str) -> None:
    db = open_database(demo_url)
    usercards.create_card({"name": HOSTILE, "kind": "merit", "type": "treasure", "cost": 1,
                           "score_changes": "Might+1, Savvy-1 always"}, db)
    players.add_player(db, "Kim")
    collection.add_cards(db, "Kim", [("Human Female", 1), (HOSTILE, 1)])
    characters.new_character(db, "Kim", "Sly", icon="Human Female")
    characters.edit_character(db, "Sly", player="Kim", add_merits=(HOSTILE,))

    async def scenario(pilot: Pilot[Any]) -> None:
        open_character(pilot.app.screen, "Sly", "Kim")
        await settle(pilot)
        shown = scores_of(pilot)
        assert "Might    2 → 3" in shown and f"{HOSTILE} +1" in shown
        assert f"Savvy    2 → 1  {HOSTILE} -1 always" in shown
        assert f"Combat   2 → 3  {HOSTILE} +1 (Might)" in shown
        assert "Resolve  2\n" in shown  # no card changes it: the base alone
        open_character(pilot.app.screen, "Annoyicus", "Josh")
        await settle(pilot)
        shown = scores_of(pilot)
        assert "Combat   2 → ?" in shown
        assert "Score changes not known yet: Fuddle, Willow-Whisper, Protocol, Chameleon" in shown

    run(demo_url, scenario)


def test_card_form_takes_score_changes_as_typed(demo_url: str) -> None:
    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        screen = app.screen
        assert isinstance(screen, CollectionScreen)
        screen.query_one("#search", Input).value = "fuddle"
        await pilot.pause()
        await pilot.press("escape", "e")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, CardEditScreen)
        field = dialog.query_one("#field-score_changes", Input)
        assert field.value == "" and "Might+1" in str(field.placeholder)
        field.value = "Mite+1"
        await pilot.press("ctrl+s")
        await settle(pilot)
        said = " ".join(str(n.message) for n in app._notifications)
        assert "not a score change" in said and app.screen is dialog
        field.value = "Resolve+2, combat-1 always"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, CollectionScreen)
        card = app.screen.catalog.get("Fuddle", "merit")
        assert isinstance(card, Merit) and card.score_changes is not None
        assert [c.describe() for c in card.score_changes] == ["Resolve+2", "Combat-1 always"]
        await pilot.press("e")  # opened again: the changes as they are typed
        await settle(pilot)
        again = app.screen
        assert isinstance(again, CardEditScreen)
        assert again.query_one("#field-score_changes", Input).value == \
            "Resolve+2, Combat-1 always"

    run(demo_url, scenario)
    stored = catalog().get("Fuddle", "merit")
    assert isinstance(stored, Merit) and stored.score_changes is not None
