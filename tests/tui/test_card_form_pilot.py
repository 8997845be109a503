"""The app's card form (``chronicle.tui.screens.card_form``), driven with Pilot: fields made
from any game's card schema (a die's ``faces`` table included), a new card saved to the group's
cards, a bad value refused naming its field with nothing saved, and a correction that would
break a saved force shown with its list and saved only after the confirmation; on SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import dbfixtures as fx
from textual.widgets import Input, Static

from chronicle.catalog import group
from chronicle.services import players
from chronicle.services.cardfront import catalog_of, use_group
from chronicle.services.db import open_database
from chronicle.systems import registry
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.card_form import CardFormScreen
from chronicle.tui.screens.confirm import ConfirmScreen
from tui.helpers import settle, until

GHOUL = ("--army", "Bone Tide", "--cost", "25", "--power", "3", "--accuracy", "3", "--speed",
         "4", "--wounds", "1", "--range", "0", "--defense", "4")


def _card(url: str, game: str, name: str) -> Any:
    system = registry.system(game)
    use_group(url, [system])
    found = catalog_of(system).get(name)
    group.forget()
    return found


_until = until


def test_a_new_card_and_a_bad_value_in_the_form(db_url: str) -> None:
    url = db_url
    open_database(url).close()
    saved: list[Any] = []

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(100, 40)) as pilot:
            await settle(pilot)
            form = CardFormScreen(registry.system("hunters-of-arcfall"), name="Bone die",
                                  kind="die")
            await app.push_screen(form, saved.append)
            await settle(pilot)
            faces = form.query_one("#cf-faces", Input)
            faces.value = "hit=500"
            await pilot.press("ctrl+s")
            await _until(pilot, lambda: "faces" in str(
                form.query_one("#cf-problems", Static).render()))
            assert app.screen is form and not saved
            faces.value = "hit=2, wound=1, miss=3"
            await pilot.press("ctrl+s")
            await _until(pilot, lambda: bool(saved))

    asyncio.run(scenario())
    assert saved[0].cards[0].data["faces"] == {"hit": 2, "wound": 1, "miss": 3}
    die = _card(url, "hunters-of-arcfall", "Bone die")
    assert die is not None and die.data["faces"]["miss"] == 3


def test_a_correction_breaking_a_force_is_listed_and_saved_only_when_confirmed(
        db_url: str) -> None:
    url = db_url
    db = open_database(url)
    players.add_player(db, "Ann")
    db.close()
    assert fx.cli("--db", url, "army", "unit", "Ghoul", *GHOUL)[0] == 0
    assert fx.cli("--db", url, "force", "new", "Horde", "--player", "Ann", "--army",
                  "Bone Tide", "--limit", "100")[0] == 0
    assert fx.cli("--db", url, "force", "add", "Horde", "Ghoul", "--count", "4")[0] == 0
    ghoul = _card(url, "tales-of-arcadia", "Ghoul")
    saved: list[Any] = []

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(100, 40)) as pilot:
            await settle(pilot)
            form = CardFormScreen(registry.system("tales-of-arcadia"), ghoul)
            await app.push_screen(form, saved.append)
            await settle(pilot)
            assert form.query_one("#cf-power", Input).value == "3"
            form.query_one("#cf-cost", Input).value = "30"
            await pilot.press("ctrl+s")
            await _until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            listed = str(form.query_one("#cf-problems", Static).render())
            assert "battle force Horde (Ann)" in listed and "roster.over_limit" in listed
            await pilot.press("n")                                  # not saved
            await settle(pilot)
            assert app.screen is form and not saved
            assert _card(url, "tales-of-arcadia", "Ghoul").data["cost"] == 25
            await pilot.press("ctrl+s")
            await _until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("y")                                  # saved anyway
            await _until(pilot, lambda: bool(saved))

    asyncio.run(scenario())
    assert saved[0].corrected == {"Ghoul": ["cost"]} and saved[0].breaches
    after = _card(url, "tales-of-arcadia", "Ghoul")
    assert after.data["cost"] == 30 and after.data["power"] == 3 and after.data["defense"] == 4
