"""The Cards area shows every game's cards (issue 26, item 6): the game switcher (``g``) and
its choice kept across restarts, search across games, the schema's fields (tables included)
in the detail, hostile card names shown as typed, and nothing cut at 80x24 or 60x20. The toy
game under tests/ shows with no code of its own."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from chronicle.systems import registry
from chronicle.systems.protocol import GameSystem
from chronicle.systems.wyld_hunt.screens.collection import CollectionScreen
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.cards import EVERY, GameCardsScreen
from chronicle.tui.settings import load_settings, settings_path
from chronicle.tui.widgets.card_list import CardList
from chronicle.tui.widgets.detail_pane import DetailPane
from tui.helpers import HOSTILE, screen_text, settle


def game_screen(app: ChronicleApp) -> GameCardsScreen:
    screen = app.screen
    assert isinstance(screen, GameCardsScreen), screen
    return screen


async def to_game(pilot: object, app: ChronicleApp, key: str) -> GameCardsScreen:
    """Press ``g`` until the switcher shows ``key``."""
    for _ in range(12):
        if isinstance(app.screen, GameCardsScreen) and app.screen.choice == key:
            break
        await pilot.press("g")  # type: ignore[attr-defined]
        await settle(pilot)  # type: ignore[arg-type]
    return game_screen(app)


def test_the_switcher_cycles_every_game_and_is_kept_across_restarts(demo_url: str,
                                                                    toy: GameSystem) -> None:
    seen: list[str] = []

    async def first() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, CollectionScreen)
            await pilot.press("g")
            await settle(pilot)
            screen = game_screen(app)
            keys = [key for key, _label in screen.games]
            assert keys[0] == registry.DEFAULT and keys[-1] == EVERY
            assert {toy.key, "arcadia-quest", "tales-of-arcadia"} <= set(keys)
            while isinstance(app.screen, GameCardsScreen):
                shown = game_screen(app)
                seen.append(shown.choice)
                if shown.choice not in (EVERY,):
                    assert shown.shown and {c.game for c in shown.shown} == {shown.choice}
                await pilot.press("g")
                await settle(pilot)
            assert isinstance(app.screen, CollectionScreen)  # the home game: its own area
            assert load_settings().cards_game == ""
            await to_game(pilot, app, toy.key)
            assert load_settings().cards_game == toy.key
            app.show_player("Josh")  # the Players area's enter: the home game's collection
            await settle(pilot)
            assert isinstance(app.screen, CollectionScreen) and app.screen.player == "Josh"
            await to_game(pilot, app, toy.key)

    async def again() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            screen = game_screen(app)  # reopened on the game chosen last time
            assert screen.choice == toy.key
            assert sorted(c.name for c in screen.shown) == sorted(HOSTILE)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, CollectionScreen)

    asyncio.run(first())
    assert seen == [key for key in seen if key != registry.DEFAULT] and EVERY in seen
    assert json.loads(settings_path().read_text())["cards_game"] == toy.key
    asyncio.run(again())
    assert load_settings().cards_game == ""


def test_search_across_games_and_the_schemas_tables_in_the_detail(demo_url: str,
                                                                  private_data_dir: Path,
                                                                  ) -> None:
    folder = private_data_dir / "cards" / "hunters-of-arcfall"
    folder.mkdir(parents=True)
    (folder / "dice.toml").write_text(
        'version = 1\n\n[[card]]\nname = "Lucky die"\nkind = "die"\n'
        'faces = {hit = 2, wound = 1, miss = 1, heal = 1, stun = 1}\n', encoding="utf-8")

    async def scenario() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            await pilot.press("g")
            screen = await to_game(pilot, app, EVERY)
            await pilot.press("slash", *"gus")
            await settle(pilot)
            assert "Gus" in [c.name for c in screen.shown]
            assert all("gus" in f"{c.name}\n{c.summary or ''}".casefold()
                       for c in screen.shown)
            screen.query_one("#gc-search").value = "blade"  # type: ignore[attr-defined]
            await settle(pilot)
            games = {c.game for c in screen.shown}
            assert {"wyld-hunt", "arcadia-quest"} <= games  # one search, two games
            screen.query_one("#gc-search").value = "lucky die"  # type: ignore[attr-defined]
            await settle(pilot)
            await pilot.press("enter")
            die = screen.current_card()
            assert die is not None and die.kind == "die" and die.game == "hunters-of-arcfall"
            text = screen_text(pilot)
            assert "Lucky die" in text and " HoA " in text  # the game's initials in the list
            assert "faces:" in text and "  hit: 2" in text  # a table field, key by key
            assert "ability: ?" in text  # a value the card leaves out
            await pilot.press("e")  # the card form of its game, on the card under the cursor
            await settle(pilot)
            from chronicle.tui.screens.card_form import CardFormScreen

            form = app.screen
            assert isinstance(form, CardFormScreen) and form.game.key == "hunters-of-arcfall"
            assert form.card is not None and form.card.name == "Lucky die"
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is screen
            await pilot.press("n")  # a new card of the game shown
            await settle(pilot)
            assert isinstance(app.screen, CardFormScreen) and app.screen.card is None

    asyncio.run(scenario())


def lines(app: ChronicleApp) -> list[str]:
    """The screen's lines as drawn, one string per row of cells."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def cells(line: str, start: int, end: int) -> str:
    """The text of ``line`` between two cell columns."""
    from rich.cells import cell_len

    out, column = "", 0
    for char in line:
        if start <= column < end:
            out += char
        column += cell_len(char)
    return out


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
def test_hostile_names_are_shown_as_typed_and_nothing_is_cut(demo_url: str, toy: GameSystem,
                                                              size: tuple[int, int]) -> None:
    async def scenario() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("g")
            screen = await to_game(pilot, app, toy.key)
            cards = screen.query_one(CardList)
            detail = screen.query_one(DetailPane)
            for name in HOSTILE:
                screen.query_one("#gc-search").value = name.split()[-1]  # type: ignore[attr-defined]
                await settle(pilot)
                card = screen.current_card()
                assert card is not None and card.name == name
                drawn = lines(app)
                box = detail.content_region
                shown = " ".join(cells(line, box.x, box.right).strip()
                                 for line in drawn[box.y:box.bottom])
                assert shown.startswith(f"{name} {toy.label}")  # whole (wrapped), as typed
                row = cells(drawn[cards.region.y], cards.region.x, cards.region.right)
                assert row.startswith(name)  # the list's name column holds it whole
                assert f"weight: {HOSTILE.index(name) + 1}" in "\n".join(drawn)
            drawn = lines(app)
            bar = screen.query_one("#gc-game")
            assert cells(drawn[bar.region.y], bar.region.x, bar.region.right).strip() == (
                f"{toy.label} ({[k for k, _l in screen.games].index(toy.key) + 1}/"
                f"{len(screen.games)})")
            footer = drawn[-1]
            assert all(key in footer for key in ("g Game", "/ Search", "esc Back", "n New"))
            for widget in (cards, detail, bar):
                assert widget.region.right <= size[0] and widget.region.bottom <= size[1]

    asyncio.run(scenario())


@pytest.mark.parametrize("kept", [7, None, ["arcadia-quest"], "x" * 65, "bad\x1b[2Jkey"])
def test_a_hand_broken_game_choice_falls_back_to_the_home_games_cards(kept: object) -> None:
    from chronicle.tui.settings import save_settings

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"theme": "textual-light", "cards_game": kept}))
    settings = load_settings()
    assert settings.cards_game == "" and settings.theme == "textual-light"
    settings.cards_game = "arcadia-quest"
    assert save_settings(settings) and load_settings().cards_game == "arcadia-quest"


def test_a_game_no_longer_installed_opens_the_next_game(demo_url: str) -> None:
    from chronicle.tui.settings import save_settings

    settings = load_settings()
    settings.cards_game = "uninstalled-game"
    assert save_settings(settings)

    async def scenario() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = game_screen(app)
            assert screen.choice == screen.games[1][0] != registry.DEFAULT

    asyncio.run(scenario())


def test_random_keys_on_every_games_cards_never_crash(demo_url: str, toy: GameSystem) -> None:
    import random

    keys = ["g", "g", "slash", "escape", "n", "e", "enter", "up", "down", "pagedown", "end",
            "backspace", "shift+down", "[", "]", "/", "x", "ة", "🪨"]
    chooser = random.Random(26)

    async def scenario() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(60, 20)) as pilot:
            await settle(pilot)
            await pilot.press("g")
            await settle(pilot)
            for _ in range(60):
                if not isinstance(app.screen, GameCardsScreen):
                    await pilot.press("escape", "g")  # back from a notification, or home
                await pilot.press(chooser.choice(keys))
            await settle(pilot)
            assert app.is_running and app._exception is None

    asyncio.run(scenario())


def test_the_groups_cards_show_in_the_cards_area_on_every_backend(db_url: str) -> None:
    """A card entered on the command line is the group's: the Cards area shows it, found by
    its other name in a search across every game, with its values, on SQLite and PostgreSQL."""
    import dbfixtures as fx

    code, _out, err = fx.cli("--db", db_url, "cards", "new", "Fire Sword", "--system",
                             "arcadia-quest", "--kind", "upgrade", "--cost", "4", "--aliases",
                             "Espada de fuego [b]")
    assert code == 0, err

    async def scenario() -> None:
        app = ChronicleApp(db_url)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            app.push_screen(GameCardsScreen(EVERY))
            await settle(pilot)
            screen = game_screen(app)
            screen.query_one("#gc-search").value = "espada de fuego [b]"  # type: ignore[attr-defined]
            await settle(pilot)
            assert [(c.game, c.name) for c in screen.shown] == [("arcadia-quest", "Fire Sword")]
            text = screen_text(pilot)
            assert "Fire Sword" in text and "cost: 4" in text and "Espada de fuego" in text

    asyncio.run(scenario())
