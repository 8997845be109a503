"""The collection screen driven with Textual's Pilot, asserting on the database afterwards."""

from __future__ import annotations

import asyncio
from pathlib import Path

from chronicle.services import players
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.screens.collection import CollectionScreen
from chronicle.systems.wyld_hunt.screens.first_run import FirstRunScreen
from chronicle.systems.wyld_hunt.screens.pack import PackScreen
from chronicle.systems.wyld_hunt.services import collection
from chronicle.tui.app import ChronicleApp
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.detail_pane import DetailPane


def demo_db(url: str) -> tuple[str, Database]:
    """The demo's copy at ``url`` (the ``demo_url`` fixture), opened."""
    return url, open_database(url)


def owned(db: Database, player: str, card: str) -> int:
    return sum(o.count for o in collection.list_collection(db, player) if o.name == card)


async def settle(app: ChronicleApp) -> None:
    for _ in range(3):
        await app.workers.wait_for_complete()
        await asyncio.sleep(0.05)


def test_search_as_you_type_with_filters(demo_url: str) -> None:
    url, _db = demo_db(demo_url)

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            screen = app.screen
            assert isinstance(screen, CollectionScreen)
            everything = len(screen.shown)
            await pilot.press("slash", *"fae")
            await pilot.pause()
            assert screen.shown and all("fae" in f"{c.name} {c.summary}".lower()
                                        for c in screen.shown)
            await pilot.press(*" kind:merit")
            await pilot.pause()
            assert [c.name for c in screen.shown] == ["Fae Armor", "Fae Blade"]
            # Each search redraws the list and the detail without laying the screen out: the
            # list's rows, the detail's lines and their scroll ranges still follow.
            cards = screen.query_one(CardList)
            detail = screen.query_one(DetailPane)
            screen.query_one("#search").value = "o"  # type: ignore[attr-defined]
            for typed in ("r", "b", "backspace", "backspace", "f"):
                await pilot.press(typed)
                await pilot.pause()
                assert cards.virtual_size.height == len(screen.shown)
                assert cards.show_vertical_scrollbar == (len(screen.shown) > cards.size.height)
                assert detail.virtual_size.height == detail.text_height
                assert detail.bar == (detail.text_height > detail.size.height)
                assert detail.max_scroll_y == max(0, detail.text_height - detail.size.height)
            # A list scrolled to its end and given fewer rows (the cursor kept) scrolls back.
            screen.query_one("#search").value = ""  # type: ignore[attr-defined]
            cards.focus()
            await pilot.pause()
            await pilot.press("end")
            await pilot.pause()
            rows = list(screen.shown)
            assert cards.scroll_offset.y == len(rows) - cards.size.height
            cards.set_source(len(rows) - 5, lambda i: screen.row(rows[i]), keep=len(rows) - 6)
            await pilot.pause()
            assert cards.scroll_offset.y == cards.max_scroll_y == len(rows) - 5 - cards.size.height
            screen.query_one("#search").value = "kind:waylay owned"  # type: ignore[attr-defined]
            await pilot.pause()
            assert screen.shown and len(screen.shown) < everything
            assert all(c.kind.value == "waylay" and screen.owned_count(c) > 0
                       for c in screen.shown)

    asyncio.run(scenario())


def test_owned_counts_change_in_place(demo_url: str) -> None:
    url, db = demo_db(demo_url)
    before = owned(db, "Josh", "Army Ant Platoon")

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            screen = app.screen
            assert isinstance(screen, CollectionScreen)
            assert screen.player == "Josh"
            assert screen.current_card() is not None
            assert screen.current_card().name == "Army Ant Platoon"  # type: ignore[union-attr]
            await pilot.press("plus", "plus")
            await settle(app)
            row = screen.query_one(CardList).row(0)
            assert row[2] == str(before + 2)
            await pilot.press("minus")
            await settle(app)

    asyncio.run(scenario())
    assert owned(db, "Josh", "Army Ant Platoon") == before + 1


def test_a_pack_opened_in_the_dialog_is_recorded(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/pack.db"
    db = open_database(url)
    players.add_player(db, "Tim")
    cards = ["Sidhe Female", "Lightning Quick", "Clear Thinking", "Eloquent Speech",
             "Fae Armor", "Indecisive"]

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            await pilot.press("o")
            await pilot.pause()
            assert isinstance(app.screen, PackScreen)
            for name in cards:
                await pilot.press(*name.lower()[:8], "right", "enter")
            await pilot.press(*"fae armour", "enter")
            await pilot.pause()
            assert "unknown: fae armour" in str(app.screen.query_one("#pack-status")
                                                 .render())
            await pilot.press("ctrl+s")  # refused: an unknown card; nothing recorded
            await pilot.pause()
            assert isinstance(app.screen, PackScreen)
            typed = [i.value for i in app.screen.entries() if i.value]
            assert len(typed) == len(cards) + 1  # nothing typed was lost
            last = next(i for i in app.screen.entries() if i.value == "fae armour")
            last.value = ""
            await pilot.press("ctrl+s")
            await settle(app)
            assert isinstance(app.screen, CollectionScreen)

    asyncio.run(scenario())
    got = {o.name: o.count for o in collection.list_collection(db, "Tim")}
    assert got == {name: 1 for name in cards}


def test_first_run_offers_the_demo(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/empty.db"

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            assert isinstance(app.screen, FirstRunScreen)
            await pilot.press("d")
            await settle(app)
            assert isinstance(app.screen, CollectionScreen)

    asyncio.run(scenario())
    names = [p.name for p in players.list_players(open_database(url))]
    assert names == ["Josh", "Tim"]


def test_filling_in_an_unknown_value_makes_a_group_card(demo_url: str) -> None:
    """The card editor saves into the group's cards of the database (like the CLI), not into
    the user's card file: another member opening the same database sees the value."""
    from chronicle.persistence import repository as repo
    from chronicle.systems.wyld_hunt.services import usercards

    url, _db = demo_db(demo_url)

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            screen = app.screen
            assert isinstance(screen, CollectionScreen)
            screen.query_one("#search").value = "clear thinking"  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.press("escape", "e")
            await pilot.pause()
            dialog = app.screen
            dialog.query_one("#field-type").value = "ability"  # type: ignore[attr-defined]
            dialog.query_one("#field-cost").value = "1"  # type: ignore[attr-defined]
            dialog.query_one("#field-court").value = "seelie"  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            await settle(app)
            assert isinstance(app.screen, CollectionScreen)
            shown = app.screen.catalog.get("Clear Thinking", "merit")  # type: ignore[union-attr]
            assert getattr(shown, "cost", None) == 1

    try:
        asyncio.run(scenario())
        assert not usercards.managed_file().exists()
        usercards.forget_group()
        with open_database(url).transaction() as session:
            stored = [data for _id, _version, data in repo.group_cards(session, "wyld-hunt")]
        assert [(c["name"], c["kind"], c.get("cost"), c.get("court")) for c in stored] == [
            ("Clear Thinking", "merit", 1, "seelie")]
        from chronicle.systems.wyld_hunt.services.common import catalog

        card = catalog().get("Clear Thinking", "merit")
        assert card is not None and card.origin.value == "corrected"
    finally:
        usercards.forget_group()


def test_missing_lists_the_cards_the_catalog_lacks_values_for(demo_url: str) -> None:
    url, _db = demo_db(demo_url)

    async def scenario() -> str:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            screen = app.screen
            assert isinstance(screen, CollectionScreen)
            everything = len(screen.shown)
            screen.query_one("#search").value = "missing kind:merit"  # type: ignore[attr-defined]
            await pilot.pause()
            assert screen.shown and len(screen.shown) < everything
            assert all(c.kind.value == "merit" and c.missing() for c in screen.shown)
            return str(screen.query_one("#collection-status").render())

    status = asyncio.run(scenario())
    assert "complete: " in status and "merit " in status


def test_a_cards_details_taller_than_the_window_scroll(demo_url: str) -> None:
    """At 80x24 a card's details can be taller than the window: they scroll (shift+down,
    shift+up), and the next card's start at their top."""
    url, _db = demo_db(demo_url)

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            screen = app.screen
            assert isinstance(screen, CollectionScreen)
            pane = screen.query_one("#card-detail-pane", DetailPane)
            await pilot.press("slash", *"kind:waylay", "enter")
            await pilot.pause()
            tall = next(i for i, card in enumerate(screen.shown) if card.source)
            screen.query_one(CardList).cursor = tall
            await pilot.pause()
            assert pane.max_scroll_y > 0, "the details fit: pick a taller card"
            await pilot.press("shift+down")
            await pilot.pause()
            assert pane.scroll_y > 0
            await pilot.press("shift+up", "shift+up", "shift+up")
            await pilot.pause()
            assert pane.scroll_y == 0
            await pilot.press("shift+down", "down")
            await pilot.pause()
            assert pane.scroll_y == 0
            # A click on the scroll bar (drawn by the pane, in its last column) moves a page.
            await pilot.click(DetailPane, offset=(pane.region.width - 2, pane.size.height - 1))
            await pilot.pause()
            assert pane.scroll_y == min(pane.size.height, pane.max_scroll_y) > 0

    asyncio.run(scenario())


def test_a_keystroke_shows_another_detail_without_a_layout(demo_url: str) -> None:
    """The detail keeps its size whatever the card's height: a keystroke that finds a card of
    another height draws the pane (its rule beside the text only), and neither it nor the
    search box lays the screen out (a detail of ``height: auto`` laid it out three times)."""
    from tui.helpers import screen_text

    url, _db = demo_db(demo_url)

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            screen = app.screen
            assert isinstance(screen, CollectionScreen)
            pane = screen.query_one(DetailPane)
            layouts: list[object] = []
            screen.screen_layout_refresh_signal.subscribe(screen, layouts.append)
            await pilot.press("slash")
            screen.query_one("#search").value = "hu"  # type: ignore[attr-defined]
            await settle(app)  # the list's scroll bar went: a layout
            tall = pane.text_height
            assert tall > pane.size.height and pane.bar, "pick other keys"
            layouts.clear()
            await pilot.press("m")  # a short card: the detail's text shrinks below the pane
            await pilot.pause()
            assert pane.text_height < pane.size.height and not pane.bar
            assert not layouts
            drawn = [strip.text for strip in pane.render_lines(pane.region.reset_offset)]
            await pilot.press("backspace", "m", "backspace")
            await pilot.pause()
            assert pane.text_height == tall and pane.bar and pane.scroll_y == 0
            assert not layouts
            # Below a short text the rule stops: the rows under it are blank.
            assert drawn[0].startswith("│ Human Female") and drawn[-1] == " " * pane.region.width
            assert len(drawn) == pane.region.height and drawn[-2] == drawn[-1]
            # Text is never markup, and a resize still lays the screen out (the spy works).
            pane.show("[/x] [b]Bold")
            await pilot.pause()
            assert "[/x] [b]Bold" in screen_text(pilot)
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            assert layouts

    asyncio.run(scenario())


def test_the_owned_counts_follow_the_player_shown(demo_url: str) -> None:
    """Another player (p) or the first load changes the owned counts of the same cards: every
    row is drawn again (the list once kept the first player's counts on screen)."""
    from tui.helpers import screen_text

    url, _db = demo_db(demo_url)

    def row(text: str, name: str) -> str:
        return next(line for line in text.splitlines() if line.strip().startswith(name))

    async def scenario() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app)
            screen = app.screen
            assert isinstance(screen, CollectionScreen) and screen.player == "Josh"
            text = screen_text(pilot)
            assert row(text, "Imp").split()[2] == "1" and "Sidhe Female" in text
            assert row(text, "Sidhe Female").split()[3] != "1"  # Josh owns none
            await pilot.press("p")
            await settle(app)
            assert screen.player == "Tim"
            text = screen_text(pilot)
            assert row(text, "Sidhe Female").split()[3] == "1"
            assert row(text, "Imp").split()[2] != "1"

    asyncio.run(scenario())
