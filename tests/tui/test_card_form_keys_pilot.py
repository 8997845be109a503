"""Every game's card form driven by the keyboard alone, as a new user would (issue 26, items 2
and 6 from the app), on SQLite and PostgreSQL: from the Cards area, ``g`` to the game, ``n``,
the name and kind, tab from field to field in bursts of keys (tab goes from the kind straight
to its first field), hostile text (markup, emoji, Arabic) saved as typed, 10,000 characters
pasted into each field refused naming the field with nothing saved, and the home game's own
form (Wyld Hunt's ``e``) going through the card front too: a correction breaking a saved
character is listed and saved only when confirmed."""

from __future__ import annotations

import asyncio
from typing import Any

import dbfixtures as fx
import pytest
from textual import events
from textual.widgets import Input, Static

from chronicle.catalog import group
from chronicle.catalog.front import kind_fields
from chronicle.services import players
from chronicle.services.cardfront import catalog_of, schema_of, use_group
from chronicle.services.db import open_database
from chronicle.systems import registry
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.card_form import CardFormScreen
from chronicle.tui.screens.cards import GameCardsScreen
from chronicle.tui.screens.confirm import ConfirmScreen
from tui.helpers import burst, settle, until

NAME = "[/x] Dé 🎲 نرد"
SUMMARY = "[b]bold[/b] 🎲 ملخص"
LONG = "x" * 10_000


def card(url: str, game: str, name: str, kind: str | None = None) -> Any:
    system = registry.system(game)
    use_group(url, [system])
    try:
        return catalog_of(system).get(name, kind)
    finally:
        group.forget()


async def paste(pilot: Any, text: str) -> None:
    """Paste ``text`` into the focused widget, as a terminal sends a paste."""
    driver = pilot.app._driver
    event = events.Paste(text)
    event.set_sender(pilot.app)
    driver.send_message(event)
    await settle(pilot)


@pytest.fixture
def url(db_url: str, private_data_dir: object) -> str:
    db = open_database(db_url)
    try:
        players.add_player(db, "Ann")
    finally:
        db.close()
    return db_url


@pytest.mark.parametrize(("game", "kind"), [("tales-of-arcadia", "keyword"),
                                            ("arcadia-quest", "upgrade"),
                                            ("hunters-of-arcfall", "bounty")])
def test_a_new_card_of_every_game_by_keys_alone(url: str, game: str, kind: str) -> None:
    schema = schema_of(registry.system(game))
    kinds = list(schema.kinds)
    texts = [s.name for s in kind_fields(schema, kind) if s.shape == "text"]
    assert "summary" in texts

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await burst(pilot, "1", "g")
            for _ in range(8):
                shown = app.screen
                assert isinstance(shown, GameCardsScreen)
                if shown.choice == game:
                    break
                await burst(pilot, "g")
            assert isinstance(app.screen, GameCardsScreen) and app.screen.choice == game
            await burst(pilot, "n")
            form = app.screen
            assert isinstance(form, CardFormScreen)
            downs = ["down"] * (kinds.index(kind) - kinds.index(form.kind))
            await paste(pilot, NAME)
            await burst(pilot, "tab", "enter", *downs, "enter")
            assert form.kind == kind
            await burst(pilot, "tab")       # from the kind, straight to its first field
            first = form.specs[0].name
            assert app.focused is form.query_one(f"#cf-{first}")
            # 10,000 characters into each text field: refused, the field named, nothing saved
            for name in texts:
                form.query_one(f"#cf-{name}", Input).focus()
                await paste(pilot, LONG)
                await burst(pilot, "ctrl+s")
                said = str(form.query_one("#cf-problems", Static).render())
                assert app.screen is form and f"{name}:" in said and "at most" in said, said
                assert len(said) < 600                  # the value echoed is cut
                assert card(url, game, NAME, kind) is None
                form.query_one(f"#cf-{name}", Input).value = ""
            # a name over the shared limit: refused naming it
            form.query_one("#cf-name", Input).focus()
            await paste(pilot, LONG)
            await burst(pilot, "ctrl+s")
            said = str(form.query_one("#cf-problems", Static).render())
            assert app.screen is form and "name" in said and "200" in said, said
            form.query_one("#cf-name", Input).value = NAME
            form.query_one("#cf-summary", Input).focus()
            await paste(pilot, SUMMARY)     # emoji come from a terminal as text, like a paste
            await burst(pilot, "ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, GameCardsScreen))
            listing = app.screen
            assert isinstance(listing, GameCardsScreen)
            await until(pilot, lambda: listing.current_card() is not None
                        and listing.current_card().name == NAME)   # the card just saved

    asyncio.run(scenario())
    saved = card(url, game, NAME, kind)
    assert saved is not None and saved.data.get("summary") == SUMMARY


def test_the_home_games_own_form_lists_a_broken_character_and_asks(db_url: str,
                                                                   private_data_dir: object,
                                                                   ) -> None:
    db = open_database(db_url)
    try:
        fx.winerdria(db)
    finally:
        db.close()
    before = card(db_url, registry.DEFAULT, "Fae Armor", "merit").data["cost"]

    async def scenario() -> None:
        from chronicle.systems.wyld_hunt.screens.card_edit import CardEditScreen

        app = ChronicleApp(db_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await burst(pilot, "1", "slash", *"Fae Armor", "enter", "e")
            form = app.screen
            assert isinstance(form, CardEditScreen)
            form.query_one("#field-cost", Input).focus()
            await burst(pilot, "ctrl+u", "9", "ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            asked = " ".join(str(w.render()) for w in app.screen.query(".confirm-text"))
            assert "the character Winerdria" in asked, asked
            await burst(pilot, "n")                             # not saved
            assert app.screen is form
            assert card(db_url, registry.DEFAULT, "Fae Armor", "merit").data["cost"] == before
            await burst(pilot, "ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await burst(pilot, "y")                             # saved anyway
            await until(pilot, lambda: not isinstance(app.screen, CardEditScreen
                                                      | ConfirmScreen))

    asyncio.run(scenario())
    assert card(db_url, registry.DEFAULT, "Fae Armor", "merit").data["cost"] == 9
