"""The offline copy's conflicts in the app (palette: "Sync conflicts"): listed with their rule
codes, a hostile name shown as typed (never markup), ``a`` applies a value both sides changed
(the copy's value back in the copy, the conflict gone), ``a`` on a history's entry is refused by
the rules (kept), ``d`` drops one."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from chronicle.services import players, sync
from chronicle.services.db import open_database
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.sync_conflicts import SyncConflictsScreen
from tui.helpers import screen_text, settle


def copy_with_conflicts(tmp_path: Path) -> str:
    """A copy whose players 'Carl' and '[b]Mallory[/b]' were renamed here and in the group
    differently, and an entry kept as if the rules had refused it."""
    from chronicle.persistence import syncstore

    group = open_database(f"sqlite:///{tmp_path}/group.db")
    players.add_player(group, "Carl")
    players.add_player(group, "[b]Mallory[/b]")
    copy = tmp_path / "copy.db"
    sync.checkout(group, copy)
    from chronicle.services import playermending as mending

    mending.rename_player(group, "Carl", "Carlos")
    mending.rename_player(group, "[b]Mallory[/b]", "[i]Mal[/i]")
    url = f"sqlite:///{copy}"
    db = open_database(url)
    mending.rename_player(db, "Carl", "Charles")
    mending.rename_player(db, "[b]Mallory[/b]", "[b]Molly[/b]")
    db.close()
    result = sync.sync(copy, group)
    assert [c.code for c in result.conflicts] == ["sync.both_changed"] * 2
    db = open_database(url)
    with db.transaction() as session:
        syncstore.add_conflict(session, uid="0" * 32, subject="character X (Tim)",
                               what="entry", code="xp.overspent", message="spent twice",
                               section="Experience", entry={"section": "characters"})
    db.close()
    group.close()
    return url


async def opened(pilot: Any) -> SyncConflictsScreen:
    await settle(pilot)
    if pilot.app.screen.is_modal:
        await pilot.press("escape")
    assert "Sync conflicts" in [c.title for c in pilot.app.get_system_commands(pilot.app.screen)]
    pilot.app.action_sync_conflicts()
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, SyncConflictsScreen)
    return screen


def test_conflicts_are_listed_applied_and_dropped(tmp_path: Path) -> None:
    url = copy_with_conflicts(tmp_path)

    async def main() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(120, 30)) as pilot:
            screen = await opened(pilot)
            shown = screen_text(pilot)
            assert "sync.both_changed" in shown and "xp.overspent" in shown
            assert "[b]Molly[/b]" in shown  # as typed, not bold
            assert len(screen.found) == 3
            await pilot.press("a")  # the first: Carl's name, the copy's value applied
            await settle(pilot)
            assert [c.code for c in screen.found] == ["sync.both_changed", "xp.overspent"]
            await pilot.press("down", "a")  # an entry against the rules: refused, kept
            await settle(pilot)
            assert len(screen.found) == 2
            await pilot.press("d")  # dropped
            await settle(pilot)
            assert [c.code for c in screen.found] == ["sync.both_changed"]

    asyncio.run(main())
    db = open_database(url)
    try:
        names = sorted(p.name for p in players.list_players(db))
        assert "Charles" in names  # applied: the copy's value, sent at the next sync
    finally:
        db.close()


def test_a_database_that_is_no_copy_lists_none(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/plain.db"
    open_database(url).close()

    async def main() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await opened(pilot)
            assert screen.found == []
            assert "No conflicts" in screen_text(pilot)

    asyncio.run(main())
