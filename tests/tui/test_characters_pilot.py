"""The characters mode driven with Textual's Pilot at 80x24: the list, the builder, the
character view and its dialogs. Each test works on a throwaway SQLite database and checks the
outcome in the database afterwards, through the services."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from dbfixtures import snapshot, tim_opens_his_pack
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from chronicle.services import players
from chronicle.services.db import Database, open_database
from chronicle.systems.wyld_hunt.screens.builder import BuilderScreen
from chronicle.systems.wyld_hunt.screens.character import CharacterViewScreen
from chronicle.systems.wyld_hunt.screens.characters import CharactersScreen
from chronicle.systems.wyld_hunt.screens.new_character import NewCharacterScreen
from chronicle.systems.wyld_hunt.screens.record_game import RecordGameScreen
from chronicle.systems.wyld_hunt.screens.spend_xp import SpendXpScreen
from chronicle.systems.wyld_hunt.services import characters
from chronicle.systems.wyld_hunt.services.demo import run_demo
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.confirm import ConfirmScreen
from chronicle.tui.widgets.meter import Meter

Scenario = Callable[[Pilot[Any]], Awaitable[None]]


def database(tmp_path: Path, fill: Callable[[Database], object] | None = None,
             ) -> tuple[str, Database]:
    """A fresh database file, filled by ``fill``."""
    url = f"sqlite:///{tmp_path}/t.db"
    db = open_database(url)
    if fill is not None:
        fill(db)
    return url, db


def play(url: str, scenario: Scenario, *, prebuild: bool = False) -> None:
    """Run ``scenario`` against the app at 80x24 (``prebuild``: with the screens built in idle
    time, as in a terminal)."""
    async def main() -> None:
        app = ChronicleApp(url)
        app.prebuild_set = prebuild
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await scenario(pilot)
            await settle(pilot)

    asyncio.run(main())


async def settle(pilot: Pilot[Any]) -> None:
    """Let every worker finish, and those their results start too."""
    await pilot.pause()
    for _ in range(5):
        if not pilot.app.workers:
            return
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press keys, then settle."""
    await pilot.press(*keys)
    await settle(pilot)


async def to_characters(pilot: Pilot[Any]) -> CharactersScreen:
    """Leave the first-run dialog if it shows, and switch to the characters mode (2)."""
    if isinstance(pilot.app.screen, ModalScreen):
        await press(pilot, "escape")
    await press(pilot, "2")
    screen = pilot.app.screen
    assert isinstance(screen, CharactersScreen)
    return screen


async def open_character(pilot: Pilot[Any], name: str) -> CharacterViewScreen:
    """From the characters list, open ``name`` with the arrow keys and enter."""
    screen = await to_characters(pilot)
    for _ in range(10):
        entry = screen.current()
        if entry is not None and entry.name == name:
            break
        await pilot.press("down")
    await press(pilot, "enter")
    view = pilot.app.screen
    assert isinstance(view, CharacterViewScreen)
    assert view.view is not None and view.view.name == name
    return view


async def choose(pilot: Pilot[Any], builder: BuilderScreen, role: str, name: str) -> None:
    """Move the cursor of the builder's ``role`` list to the card ``name`` (arrow keys)."""
    names = [c.card.name for c in builder.shown[role]]
    assert name in names, f"{name} is not among the {role} candidates"
    current = builder.highlighted(role)
    assert current is not None
    steps = names.index(name) - names.index(current.card.name)
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps))
    candidate = builder.highlighted(role)
    assert candidate is not None and candidate.card.name == name


def text_of(static: Static) -> str:
    """The plain text a Static shows."""
    return str(static.render())


def test_empty_database_says_where_to_add_players(tmp_path: Path) -> None:
    url, _db = database(tmp_path)

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = await to_characters(pilot)
        empty = screen.query_one("#characters-empty", Static)
        assert empty.display
        assert "No players yet" in text_of(empty) and "Cards" in text_of(empty)
        await press(pilot, "n")
        assert pilot.app.screen is screen  # nothing to create a character for

    play(url, scenario)


def test_character_built_from_scratch_ends_valid(tmp_path: Path) -> None:
    url, db = database(tmp_path, tim_opens_his_pack)

    async def scenario(pilot: Pilot[Any]) -> None:
        await to_characters(pilot)
        await press(pilot, "n")
        assert isinstance(pilot.app.screen, NewCharacterScreen)
        await pilot.press(*"Winerdria")
        await press(pilot, "enter")
        builder = pilot.app.screen
        assert isinstance(builder, BuilderScreen)
        # Step 1: the icon
        await choose(pilot, builder, "icon", "Sidhe Female")
        await press(pilot, "a")
        # Step 2: Merits past the 5 starting points: the meter turns red
        await press(pilot, "m")
        for merit in ("Fae Armor", "Lightning Quick", "Eloquent Speech"):
            await choose(pilot, builder, "merit", merit)
            await press(pilot, "a")
        assert builder.query_one("#builder-points", Meter).has_class("over")
        # ... and a Flaw pays for them; a second one is taken and dropped again
        await press(pilot, "f")
        for flaw in ("Indecisive", "Pansy"):
            await choose(pilot, builder, "flaw", flaw)
            await press(pilot, "a")
        await press(pilot, "x")
        assert not builder.query_one("#builder-points", Meter).has_class("over")
        assert builder.data is not None and builder.data.view.report.valid
        assert "No rule is broken" in text_of(builder.query_one("#builder-violations",
                                                               Static)) \
            or not builder.data.view.report.errors
        # Step 4: a background
        await press(pilot, "c", "tab")
        await pilot.press(*"Kind")
        await press(pilot, "enter")
        await press(pilot, "escape")
        assert isinstance(pilot.app.screen, CharactersScreen)

    play(url, scenario)
    view = characters.show_character(db, "Winerdria", "Tim")
    assert view.report.valid
    assert view.build.icons == ("Sidhe Female",)
    assert sorted(view.build.merits) == ["Eloquent Speech", "Fae Armor", "Lightning Quick"]
    assert view.build.flaws == ("Indecisive",)
    assert view.build.background == "Kind"
    assert view.report.summary["court"] == "seelie"


def test_recorded_game_adds_experience(tmp_path: Path) -> None:
    url, db = database(tmp_path, run_demo)
    before = characters.show_character(db, "Winerdria", "Tim").report.summary["xp_earned"]

    async def scenario(pilot: Pilot[Any]) -> None:
        await open_character(pilot, "Winerdria")
        await press(pilot, "g")
        dialog = pilot.app.screen
        assert isinstance(dialog, RecordGameScreen)
        assert dialog.current_quest() == "Even Dragons Pay Taxes"  # her own quest first
        await press(pilot, "c")  # completed (and so undertaken)
        await pilot.press("tab", *"Josh")
        await press(pilot, "ctrl+s")
        view = pilot.app.screen
        assert isinstance(view, CharacterViewScreen)
        assert "#2" in text_of(view.query_one("#timeline", Static))

    play(url, scenario)
    after = characters.show_character(db, "Winerdria", "Tim")
    assert after.report.summary["xp_earned"] == before + 1
    last = after.history[-1]
    assert last.kind == "game" and last.xp_change == 1
    assert "against Josh" in last.text


def test_experience_spent_then_undone(tmp_path: Path) -> None:
    url, db = database(tmp_path, run_demo)

    async def scenario(pilot: Pilot[Any]) -> None:
        view = await open_character(pilot, "Winerdria")
        await press(pilot, "s")
        dialog = pilot.app.screen
        assert isinstance(dialog, SpendXpScreen)
        assert "Unspent experience: 1" in str(dialog.query_one("#spend-xp").render())
        chosen = dialog.current()
        assert chosen is not None and chosen.legal and chosen.card.name == "Mirror, Mirror"
        await press(pilot, "enter")
        assert pilot.app.screen is view
        bought = characters.show_character(db, "Winerdria", "Tim")
        assert "Mirror, Mirror" in bought.report.summary["merits"]
        assert bought.report.summary["xp_unspent"] == 0
        await press(pilot, "u")
        confirm = pilot.app.screen
        assert isinstance(confirm, ConfirmScreen)
        assert "Undo event 2" in confirm.question and "Mirror, Mirror" in confirm.detail
        await press(pilot, "y")
        assert pilot.app.screen is view
        # The undo, then the reload of the view, run in workers one after the other: on a
        # loaded machine the second may start after the first settles, so wait for it.
        for _ in range(100):
            if "undone by #3" in text_of(view.query_one("#timeline", Static)):
                break
            await settle(pilot)
            await asyncio.sleep(0.05)
        assert "undone by #3" in text_of(view.query_one("#timeline", Static))

    play(url, scenario)
    after = characters.show_character(db, "Winerdria", "Tim")
    assert [h.kind for h in after.history] == ["game", "buy", "undo"]
    assert after.history[1].undone_by == 3
    assert "Mirror, Mirror" not in after.report.summary["merits"]
    assert after.report.summary["xp_unspent"] == 1


def test_refused_purchase_changes_nothing_and_keeps_the_dialog(tmp_path: Path) -> None:
    url, db = database(tmp_path, run_demo)
    before = snapshot(db)

    async def scenario(pilot: Pilot[Any]) -> None:
        await open_character(pilot, "Winerdria")
        await press(pilot, "s")
        dialog = pilot.app.screen
        assert isinstance(dialog, SpendXpScreen)
        for _ in range(10):
            current = dialog.current()
            if current is not None and current.card.name == "Davelon, Gleeful Satyr":
                break
            await pilot.press("down")
        current = dialog.current()
        assert current is not None and not current.legal  # shown greyed, with the reason
        assert "only 1 is unspent" in str(dialog.query_one("#spend-detail").render())
        await pilot.press("tab", "tab", *"gift")
        await press(pilot, "enter")  # the rules refuse: 2 experience, 1 unspent
        assert not dialog.saving  # refused, and said so
        assert pilot.app.screen is dialog
        assert dialog.query_one("#spend-note", Input).value == "gift"
        await press(pilot, "escape")
        assert isinstance(pilot.app.screen, CharacterViewScreen)

    play(url, scenario)
    assert snapshot(db) == before


def test_refused_edits_change_nothing(tmp_path: Path) -> None:
    url, db = database(tmp_path, run_demo)
    before = snapshot(db)

    async def scenario(pilot: Pilot[Any]) -> None:
        # A name the player already uses: the dialog stays open with the name typed.
        screen = await to_characters(pilot)
        await pilot.press("down")
        entry = screen.current()
        assert entry is not None and entry.player == "Tim"
        await press(pilot, "n")
        dialog = pilot.app.screen
        assert isinstance(dialog, NewCharacterScreen)
        await pilot.press(*"Winerdria")
        await press(pilot, "enter")
        assert not dialog.saving  # refused, and said so
        assert pilot.app.screen is dialog
        assert dialog.query_one("#new-name", Input).value == "Winerdria"
        await press(pilot, "escape")
        # Her chronicle has begun: the builder is read-only and says why.
        await press(pilot, "b")
        builder = pilot.app.screen
        assert isinstance(builder, BuilderScreen)
        lock = builder.query_one("#builder-lock", Static)
        assert lock.display and "chronicle has begun" in text_of(lock)
        await press(pilot, "m", "a", "x", "f", "space")
        await press(pilot, "escape")

    play(url, scenario)
    assert snapshot(db) == before


def test_export_writes_the_file_and_asks_before_overwriting(tmp_path: Path,
                                                            private_data_dir: Path) -> None:
    url, _db = database(tmp_path, run_demo)
    target = private_data_dir / "exports" / "winerdria.toml"

    async def scenario(pilot: Pilot[Any]) -> None:
        await open_character(pilot, "Winerdria")
        await press(pilot, "e")
        assert 'name = "Winerdria"' in target.read_text(encoding="utf-8")
        target.write_text("mine\n", encoding="utf-8")
        await press(pilot, "e")
        assert isinstance(pilot.app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert target.read_text(encoding="utf-8") == "mine\n"
        await press(pilot, "e")
        await press(pilot, "y")
        assert 'name = "Winerdria"' in target.read_text(encoding="utf-8")

    play(url, scenario)


def test_every_action_is_in_the_command_palette(tmp_path: Path) -> None:
    def fill(db: Database) -> None:
        players.add_player(db, "Tim")

    url, _db = database(tmp_path, fill)

    async def scenario(pilot: Pilot[Any]) -> None:
        screen = await to_characters(pilot)
        titles = {c.title for c in screen.commands()}
        assert {"Open character", "New character", "Character builder"} <= titles
        view = CharacterViewScreen("Nobody", "Tim")
        titles = {c.title for c in view.commands()}
        assert {"Record a game", "Spend experience", "Undo the latest event",
                "Export the character file"} <= titles
        builder = BuilderScreen("Nobody", "Tim")
        titles = {c.title for c in builder.commands()}
        assert {"Add the highlighted card", "Remove the highlighted card"} <= titles

    play(url, scenario)


async def highlight(pilot: Pilot[Any], name: str) -> CharactersScreen:
    """The characters list with the cursor on ``name``."""
    screen = await to_characters(pilot)
    await pilot.press("home")
    for _ in range(12):
        entry = screen.current()
        if entry is not None and entry.name == name:
            return screen
        await pilot.press("down")
    raise AssertionError(f"{name} is not in the list")


def test_kept_screens_show_only_the_character_opened(tmp_path: Path) -> None:
    """The character view and the builder are built once per app (in idle time, blank) and
    refilled at each opening: the character opened is shown whole, and nothing of the one
    before (its sheet, its builder step, a background typed and left unsaved)."""
    def fill(db: Database) -> None:
        run_demo(db)
        characters.new_character(db, "Tim", "Aline", icon="Sidhe Female")

    url, db = database(tmp_path, fill)

    async def scenario(pilot: Pilot[Any]) -> None:
        await to_characters(pilot)
        built = [pilot.app.get_screen(key) for key in ("wyld-hunt-character",
                                                       "wyld-hunt-builder")]
        assert all(screen.is_mounted for screen in built)  # before any opening
        first = await open_character(pilot, "Winerdria")
        assert first is built[0]
        await press(pilot, "escape")
        second = await open_character(pilot, "Annoyicus")
        assert second is first  # the same screen, refilled
        sheet = text_of(second.query_one("#sheet", Static))
        assert "Annoyicus" in sheet and "Winerdria" not in sheet
        assert "Winerdria" not in text_of(second.query_one("#timeline", Static))
        await press(pilot, "escape")
        await highlight(pilot, "Aline")
        await press(pilot, "b")
        builder = pilot.app.screen
        assert builder is built[1] and isinstance(builder, BuilderScreen)
        assert builder.character == "Aline"
        assert not builder.query_one("#builder-lock", Static).display
        await press(pilot, "m")
        await press(pilot, "c", "tab")
        await pilot.press(*"half")
        await press(pilot, "escape")
        assert isinstance(pilot.app.screen, ConfirmScreen)  # unsaved: asks
        await press(pilot, "y")
        await highlight(pilot, "Winerdria")
        await press(pilot, "b")
        assert pilot.app.screen is builder  # kept, now Winerdria's, from the start
        assert builder.character == "Winerdria" and builder.step == "icon"
        assert builder.focused is builder.query_one("#step-icon")
        lock = builder.query_one("#builder-lock", Static)
        assert lock.display and "Winerdria" in text_of(lock)
        assert "Aline" not in text_of(builder.query_one("#builder-info", Static))
        saved = characters.show_character(db, "Winerdria", "Tim").build.background
        assert builder.typed_background() == saved and "half" not in (saved or "")
        chosen = builder.highlighted("icon")
        assert chosen is not None and chosen.card.name == "Sidhe Female"
        await press(pilot, "escape")  # nothing typed: leaves at once
        assert isinstance(pilot.app.screen, CharactersScreen)

    play(url, scenario, prebuild=True)
    assert characters.show_character(db, "Aline", "Tim").build.background is None
