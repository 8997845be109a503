"""The app's builders flag what a player does not own, never refusing it (issue 26, item 5):
an Arcadia Quest guild's board and a Tales of Arcadia force in its builder show the
``collection.not_owned`` warning for the cards their player has not recorded; on SQLite and
PostgreSQL."""

from __future__ import annotations

import asyncio

from chronicle.services import players
from chronicle.services.collection import add_cards
from chronicle.services.db import open_database
from chronicle.tui.app import ChronicleApp
from tui.helpers import screen_text, settle

GUILDS = [{"color": "blue", "player": "Ana [b]", "heroes": ["Diva", "Greensleeves", "Grom"]},
          {"color": "green", "player": "Ben", "heroes": ["Maya", "Zazu", "Kanga"]}]


def test_a_guilds_board_flags_heroes_its_player_does_not_own(db_url: str) -> None:
    from chronicle.systems.arcadia_quest.screens.campaigns import CampaignsScreen
    from chronicle.systems.arcadia_quest.service import new_campaign, show_campaign

    url = db_url
    db = open_database(url)
    for name in ("Ana [b]", "Ben"):
        players.add_player(db, name)
    add_cards(db, "arcadia-quest", "Ana [b]", [("Diva", 1), ("Grom", 1)])
    new_campaign(db, "Spring", GUILDS)  # never refused
    flagged = [v for v in show_campaign(db, "Spring").report.violations
               if v.code == "collection.not_owned"]
    assert [(v.severity.value, v.cards) for v in flagged] == [("warning", ("Greensleeves",))]
    db.close()

    async def main() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            await app.push_screen(CampaignsScreen())
            await settle(pilot)
            shown = screen_text(pilot)
            assert "? Ana [b] uses 1 copy of Greensleeves (hero) but owns 0" in shown

    asyncio.run(main())


def test_a_forces_builder_flags_units_its_player_does_not_own(db_url: str) -> None:
    from chronicle.systems.tales_of_arcadia import service
    from chronicle.systems.tales_of_arcadia.force import RosterLine
    from chronicle.systems.tales_of_arcadia.screens.builder import TalesBuilderScreen

    url = db_url
    db = open_database(url)
    players.add_player(db, "Tim")
    add_cards(db, "tales-of-arcadia", "Tim", [("Gearknight", 1)])
    service.new_force(db, "Tim", "Iron", "Clockwork Legion", 500)
    service.add_unit(db, "Iron", RosterLine(unit="Brass Hound", count=2), player="Tim")
    db.close()

    async def main() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await app.push_screen(TalesBuilderScreen())
            await settle(pilot)
            assert "Tim uses 2 copies of Brass Hound (unit) but owns 0" in screen_text(pilot)

    asyncio.run(main())
