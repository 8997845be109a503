"""The chronicle pane of the character view shows each event's note and the day it happened
(issue 31, item 6: a spend-XP note typed in the app was nowhere to be seen), as plain text."""

from __future__ import annotations

from chronicle.services.db import open_database
from chronicle.systems.wyld_hunt.screens.character import timeline_markup
from chronicle.systems.wyld_hunt.services import characters, ledger


def test_the_pane_shows_each_events_note_and_day(demo_url: str) -> None:
    db = open_database(demo_url)
    ledger.correct(db, "Winerdria", "a receipt [b]found[/b]", player="Tim", xp=1,
                   date="2026-11-20")
    shown = timeline_markup(characters.show_character(db, "Winerdria", "Tim"))
    last = shown.splitlines()[-3:]
    assert any("2026-11-20" in line for line in last)
    assert any(r"a receipt \[b]found\[/b]" in line for line in last), last
