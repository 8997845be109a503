"""Tales of Arcadia at the table in the app (issue 31): the screens behave as Wyld Hunt's (the
focus starts on the list, so ``n`` on an empty screen starts a force; escape goes back to the
Other games list; undo asks first; ``?`` lists the keys the screen has), nothing is cut at
80x24 and everything stays usable at 60x20 (read from the rendered screen), every dialog keeps
what was typed on a bad value and says why beside the field, a battle is recorded in the app
with the command line's checks, a force is archived (and brought back) rather than erased, and
no message shows a command line's words."""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static
from tui.helpers import burst, settle

from chronicle.services import players
from chronicle.services.db import open_database
from chronicle.systems.tales_of_arcadia import service
from chronicle.systems.tales_of_arcadia.force import RosterLine
from chronicle.systems.tales_of_arcadia.screens.builder import TalesBuilderScreen
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.other_games import GameSystemList, OtherGamesScreen

HOSTILE = ("[/x]", "🛡 ⚔️", "ٱلعربية", "x" * 10_000)
"""Bad and hostile values typed into every field: markup, emoji, Arabic, a 10,000-char paste."""
SIZES = ((80, 24), (60, 20))


def lines(pilot: Pilot[Any]) -> list[str]:
    """The screen as rendered, one string per terminal row."""
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


def footer(pilot: Pilot[Any]) -> str:
    return lines(pilot)[-1]


def problems(pilot: Pilot[Any]) -> dict[str, str]:
    """The message shown beside each field (by the field's id), the dialog's note as ``""``."""
    found = {}
    for line in pilot.app.screen.query(".toa-problem, .toa-note"):
        assert isinstance(line, Static)
        text = str(line.render())
        if text and line.display and (line.has_class("-shown") or line.has_class("toa-note")):
            found[(line.id or "").removesuffix("-problem")] = text
    return found


def typed(pilot: Pilot[Any]) -> dict[str, str]:
    """Every field of the current dialog as it holds its text."""
    return {field.id or "": field.value for field in pilot.app.screen.query(Input)}


async def type_into(pilot: Pilot[Any], field_id: str, text: str) -> None:
    """Type ``text`` into a field as a player would: key by key, typed fast (a burst: every
    key in the app's queue at once, then the app settled), or a paste for a long one or one
    Pilot cannot press key by key (an emoji with its variation selector)."""
    field = pilot.app.screen.query_one(f"#{field_id}", Input)
    if len(text) > 40 or not text.isascii():
        field.focus()
        await pilot.pause()
        field.value = ""
        field.insert_text_at_cursor(text)
        await pilot.pause()
    else:  # focused now (what ``focus`` has the app do next): the keys queue behind it
        pilot.app.screen.set_focus(field)
        field.value = ""
        await burst(pilot, *text)


def group(url: str, *, forces: bool = True) -> None:
    db = open_database(url)
    for name in ("Ann", "Bo"):
        players.add_player(db, name)
    if forces:
        service.new_force(db, "Ann", "Iron Vanguard", "Clockwork Legion", 500)
        service.add_unit(db, "Iron Vanguard", RosterLine(unit="Gearknight"))
        service.add_unit(db, "Iron Vanguard", RosterLine(unit="Brass Hound", count=2))
    db.engine.dispose()


async def open_tales(pilot: Pilot[Any]) -> OtherGamesScreen:
    """Area 5, then enter on Tales of Arcadia; returns the Other games screen."""
    await settle(pilot)
    await pilot.press("5")
    await settle(pilot)
    games = pilot.app.screen
    assert isinstance(games, OtherGamesScreen)
    listing = games.query_one(GameSystemList)
    listing.cursor = [one.label for one in games.games].index("Tales of Arcadia")
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, TalesBuilderScreen)
    return games


@asynccontextmanager
async def tales(url: str, size: tuple[int, int]) -> AsyncIterator[tuple[ChronicleApp,
                                                                        Pilot[Any]]]:
    """The app over ``url`` at ``size``, at the Tales of Arcadia builder."""
    app = ChronicleApp(url)
    async with app.run_test(size=size) as pilot:
        await open_tales(pilot)
        yield app, pilot


@pytest.mark.parametrize("size", SIZES)
def test_the_builder_shows_every_column_and_its_keys_at_80x24_and_60x20(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """The unit rows keep their Defense and army, the force lines their statistics, the
    footer the keys it shows (and ``?``), the focus is on the units list, ``?`` lists the keys
    of the screen, escape goes back to the Other games list."""
    url = f"sqlite:///{tmp_path / 'group.db'}"
    group(url)

    async def main() -> None:
        app = ChronicleApp(url)
        async with app.run_test(size=size) as pilot:
            games = await open_tales(pilot)
            screen = app.screen
            assert screen.focused is screen.query_one("#toa-units")
            shown = lines(pilot)
            assert len(shown) == size[1] and all(len(row) == size[0] for row in shown)
            header = next(row for row in shown if "pts" in row and "army" in row)
            assert "pts  P  A  S  W  R  D  army" in header
            knight = next(row for row in shown if row.strip().startswith("Gearknight  "))
            assert "40   3  4  5  3  1  5  Clockwork Legion" in knight      # D 5, the army
            line = next(row for row in shown if "1× Gearknight" in row)
            assert line.rstrip().endswith("40   3  4  5  3  1  5")
            assert "Iron Vanguard · Ann's force · Clockwork Legion" in shown[0]
            keys = footer(pilot)
            wanted = ["⏎ Add", "n New force", "g Battle", "? Help"]
            if size[0] >= 80:
                wanted += ["f Forces", "h Battles"]
            for key in wanted:
                assert key in keys, (key, keys)
            assert "…" not in keys
            screen.query_one("#toa-lines").focus()
            await pilot.pause()
            assert "x Remove" in footer(pilot) and "? Help" in footer(pilot)
            screen.query_one("#toa-units").focus()
            await pilot.press("question_mark")
            await settle(pilot)
            helped = str(app.screen.query_one("#help-keys", Static).render())
            for label in ("Add", "Enemy for the odds", "New force", "Forces", "Battle",
                          "Battles", "Rename", "Copy", "Archive", "Bring back archived",
                          "New unit card", "Search", "Back"):
                assert f" {label}\n" in helped + "\n", (label, helped)
            assert "Delete" not in helped and "Remove" not in helped  # not a key here
            await pilot.press("escape")
            await settle(pilot)
            await pilot.press("slash", "h", "o", "u", "n", "d", "escape")
            await settle(pilot)
            assert app.screen is screen and screen.focused is screen.query_one("#toa-units")
            assert screen.query_one("#toa-search", Input).value == "hound"
            await pilot.press("escape")                    # back to the Other games list
            await settle(pilot)
            assert app.screen is games

    asyncio.run(main())


def test_an_empty_builder_takes_n_and_keeps_every_value_of_a_bad_new_force(
        tmp_path: Path) -> None:
    """On an empty group n opens the new-force dialog at once (the focus is on the list, not a
    search box); hostile and bad values stay as typed, each said beside its field; a burst of
    keys lands in the fields; the force is saved once everything is right."""
    url = f"sqlite:///{tmp_path / 'group.db'}"
    group(url, forces=False)

    async def main() -> None:
        async with tales(url, (60, 20)) as (app, pilot):
            assert "no force yet: n starts one" in lines(pilot)[0]
            await pilot.press("n", *"N1", "tab", *"Nobody", "tab", *"Clockwork Legion",
                              "tab", "ctrl+u", *"abc", "enter")    # a burst, as typed
            await settle(pilot)
            assert type(app.screen).__name__ == "NewForceScreen"
            assert typed(pilot) == {"nf-name": "N1", "nf-player": "Nobody",
                                    "nf-army": "Clockwork Legion", "nf-limit": "abc"}
            assert "whole number like 500, not 'abc'" in problems(pilot)["nf-limit"]
            await type_into(pilot, "nf-limit", "0")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert "1 to 1,000,000" in problems(pilot)["nf-limit"]
            await type_into(pilot, "nf-limit", "500")
            await pilot.press("ctrl+s")
            await settle(pilot)
            said = problems(pilot)
            assert "no player is called 'Nobody'" in said["nf-player"]
            assert "Players (4, then a)" in said["nf-player"]
            assert "chronicle" not in " ".join(said.values())
            for text in HOSTILE:
                await type_into(pilot, "nf-name", text)
                await type_into(pilot, "nf-army", text)
                await pilot.press("ctrl+s")
                await settle(pilot)
                assert typed(pilot)["nf-name"] == text and typed(pilot)["nf-army"] == text
                assert problems(pilot) and type(app.screen).__name__ == "NewForceScreen"
            await type_into(pilot, "nf-player", "Ann")
            await type_into(pilot, "nf-army", "Clockwrk")
            await type_into(pilot, "nf-name", "[/x] 🛡 ٱلعربية")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert "did you mean 'Clockwork Legion'" in problems(pilot)["nf-army"]
            assert "nf-player" not in problems(pilot)
            await type_into(pilot, "nf-army", "Clockwork Legion")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert isinstance(app.screen, TalesBuilderScreen)
            assert "[/x] 🛡 ٱلعربية · Ann's force" in lines(pilot)[0]

    asyncio.run(main())
    db = open_database(url)
    assert [v.name for v in service.list_forces(db)] == ["[/x] 🛡 ٱلعربية"]
    db.engine.dispose()


def test_a_battle_is_recorded_in_the_app_with_the_command_lines_checks(tmp_path: Path) -> None:
    """g records a battle: a bad date, limit, victory, an unknown player or force, one side
    twice, a winner who did not play, a force over the limit — each said beside its field, the
    dialog kept as typed — then the battle lands; h lists it and undoes it after asking (n
    keeps it)."""
    url = f"sqlite:///{tmp_path / 'group.db'}"
    group(url)

    async def main() -> None:
        async with tales(url, (80, 24)) as (app, pilot):
            builder = app.screen
            await pilot.press("g")
            await settle(pilot)
            assert type(app.screen).__name__ == "BattleFormScreen"
            values = typed(pilot)
            assert values["bf-player1"] == "Ann" and values["bf-force1"] == "Iron Vanguard"
            assert values["bf-limit"] == "500" and values["bf-date"] == dt.date.today().isoformat()
            shown = "\n".join(lines(pilot))
            for label in ("Date", "Point limit", "Player 1", "Force 1", "Player 2", "Victory",
                          "Winner"):
                assert label in shown
            cases = [("bf-date", "28/11/2026", "bf-date", "not a date like 2026-11-28"),
                     ("bf-limit", "lots", "bf-limit", "whole number above 0"),
                     ("bf-victory", "sudden death", "bf-victory", "one of last-unit-standing"),
                     ("bf-player2", "Nobody", "bf-player2", "no player is called 'Nobody'"),
                     ("bf-player2", "Ann", "bf-player2", "1 different side(s)"),
                     ("bf-force1", "Nope", "bf-force1", "no battle force is called 'Nope'"),
                     ("bf-winner", "Cy", "bf-winner", "the winner 'Cy' is not one of"),
                     ("bf-limit", "50", "bf-limit", "over the agreed limit of 50"),
                     ("bf-more", "Bo::900", "bf-limit", "Bo's force costs 900 points"),
                     ("bf-victory", "other", "bf-condition", "which condition")]
            good = {"bf-date": "2026-11-28", "bf-limit": "500", "bf-victory": "regicide",
                    "bf-player2": "Bo", "bf-force1": "Iron Vanguard", "bf-winner": "Ann",
                    "bf-more": ""}
            for key, value in good.items():
                await type_into(pilot, key, value)
            for key, bad, where, message in cases:
                await type_into(pilot, key, bad)
                before = typed(pilot)
                await pilot.press("ctrl+s")
                await settle(pilot)
                assert type(app.screen).__name__ == "BattleFormScreen", key
                assert typed(pilot) == before
                said = problems(pilot)
                assert message in said.get(where, ""), (key, said)
                assert "chronicle" not in " ".join(said.values())
                assert "--" not in " ".join(said.values())
                await type_into(pilot, key, good[key])
            for text in HOSTILE:
                await type_into(pilot, "bf-note", text)
                await type_into(pilot, "bf-date", text)
                await pilot.press("ctrl+s")
                await settle(pilot)
                assert typed(pilot)["bf-note"] == text and typed(pilot)["bf-date"] == text
            await type_into(pilot, "bf-date", "2026-11-28")
            await type_into(pilot, "bf-note", "[/x] 🛡 ٱلعربية")
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert app.screen is builder
            await pilot.press("h")
            await settle(pilot)
            shown = "\n".join(lines(pilot))
            assert "Ann (Iron Vanguard) v Bo" in shown and "Ann won" in shown
            assert "u Undo" in footer(pilot) and "g Battle" in footer(pilot)
            await pilot.press("u")
            await settle(pilot)
            assert "Undo battle #" in "\n".join(lines(pilot))
            await pilot.press("n")                          # asked, and kept
            await settle(pilot)
            assert type(app.screen).__name__ == "BattlesScreen"
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is builder

    asyncio.run(main())
    db = open_database(url)
    (entry,) = service.list_battles(db, undone=True)
    assert not entry.undone and entry.battle.note == "[/x] 🛡 ٱلعربية"
    assert entry.battle.winner == "Ann" and entry.battle.sides[0].points == 80
    db.engine.dispose()


def test_a_force_is_archived_and_brought_back_not_erased(tmp_path: Path) -> None:
    """del asks, then archives the force (even one no battle names); u brings it back."""
    url = f"sqlite:///{tmp_path / 'group.db'}"
    group(url)

    async def main() -> None:
        async with tales(url, (60, 20)) as (app, pilot):
            await pilot.press("delete")
            await settle(pilot)
            asked = "\n".join(lines(pilot))
            assert "Archive Iron Vanguard?" in asked and "u brings it back" in asked
            await pilot.press("y")
            await settle(pilot)
            db = open_database(url)
            assert service.list_forces(db) == []
            assert [v.name for v in service.list_forces(db, archived=True)] == ["Iron Vanguard"]
            db.engine.dispose()
            assert "no force yet: n starts one" in lines(pilot)[0]
            await pilot.press("u")
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
            assert "Iron Vanguard · Ann's force" in lines(pilot)[0]
            await pilot.press("h")                          # the battles, at 60x20
            await settle(pilot)
            shown = "\n".join(lines(pilot))
            assert "No battles recorded yet: g records one" in shown
            for key in ("esc Back", "u Undo", "g Battle"):
                assert key in footer(pilot)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, TalesBuilderScreen)

    asyncio.run(main())
    db = open_database(url)
    assert [v.name for v in service.list_forces(db)] == ["Iron Vanguard"]
    db.engine.dispose()


@pytest.mark.parametrize("size", SIZES)
def test_the_unit_form_keeps_its_labels_and_every_value_typed(tmp_path: Path,
                                                               size: tuple[int, int]) -> None:
    """Once filled the unit form still says which number is which; a problem is said beside
    its field; hostile values in every field stay as typed, the save refused, never lost."""
    url = f"sqlite:///{tmp_path / 'group.db'}"
    group(url)

    async def main() -> None:
        async with tales(url, size) as (app, pilot):
            await pilot.press("a")
            await settle(pilot)
            assert type(app.screen).__name__ == "UnitFormScreen"
            await type_into(pilot, "uf-name", "[/x] Sprite")
            for key, value in (("cost", "15"), ("power", "2"), ("accuracy", "5"),
                               ("speed", "4"), ("wounds", "0"), ("range", "0"),
                               ("defense", "3")):
                await type_into(pilot, f"uf-{key}", value)
            shown = "\n".join(lines(pilot))
            for label in ("Cost 15", "Power 2", "Accuracy 5", "Speed 4", "Wounds 0", "Range 0",
                          "Defense 3", "Name", "Army list", "Keywords", "Options",
                          "ctrl+s saves"):     # each label beside its value, in its column
                assert re.search(r" +".join(map(re.escape, label.split())), shown), (label,
                                                                                     shown)
            assert "has Wounds 0" in problems(pilot)["uf-wounds"]
            await type_into(pilot, "uf-wounds", "1")
            assert problems(pilot) == {"uf-problems": "Nothing is wrong: ctrl+s saves it."}
            await type_into(pilot, "uf-power", "lots")
            assert "whole number" in problems(pilot)["uf-power"]
            for text in HOSTILE:
                for field in app.screen.query(Input):
                    await type_into(pilot, field.id or "", text)
                before = typed(pilot)
                assert set(before.values()) == {text}
                await pilot.press("ctrl+s")
                await settle(pilot)
                assert type(app.screen).__name__ == "UnitFormScreen"
                assert typed(pilot) == before
                assert problems(pilot)
                if size[1] >= 24:                                      # the hint still shows
                    assert "ctrl+s saves" in "\n".join(lines(pilot))
                else:   # at 60x20 the form scrolls to the first field that has a problem
                    assert isinstance(app.focused, Input)
                    assert problems(pilot).get(app.focused.id or ""), app.focused.id
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, TalesBuilderScreen)

    asyncio.run(main())


def test_the_battle_form_stays_usable_at_60x20_with_every_field_wrong(tmp_path: Path) -> None:
    """Every field wrong at once: each message shows, the form scrolls to the field, its hint
    stays on screen, nothing typed is lost."""
    url = f"sqlite:///{tmp_path / 'group.db'}"
    group(url)

    async def main() -> None:
        async with tales(url, (60, 20)) as (app, pilot):
            await pilot.press("g")
            await settle(pilot)
            for key, value in (("date", "soon"), ("limit", "-5"), ("player1", ""),
                               ("victory", "other"), ("more", ":Their Force")):
                await type_into(pilot, f"bf-{key}", value)
            await pilot.press("ctrl+s")
            await settle(pilot)
            said = problems(pilot)
            assert {"bf-date", "bf-limit", "bf-player1", "bf-player2", "bf-victory",
                    "bf-more"} - {"bf-victory"} <= set(said) | {"bf-condition"}
            assert "bf-condition" in said
            shown = lines(pilot)
            assert any("escape cancels" in row for row in shown)
            assert app.screen.focused is app.screen.query_one("#bf-date")
            assert typed(pilot)["bf-more"] == ":Their Force"

    asyncio.run(main())


def test_the_app_says_the_services_refusals_in_its_own_terms(tmp_path: Path) -> None:
    """The services' refusals name command-line commands and flags; the Tales screens say the
    app's keys instead (never ``chronicle ...``, ``--force`` or a ``[[card]]`` table)."""
    from chronicle.errors import ChronicleError
    from chronicle.services.cardfront import enter_cards
    from chronicle.systems.tales_of_arcadia import KEY
    from chronicle.systems.tales_of_arcadia.battles import Side, Victory
    from chronicle.systems.tales_of_arcadia.screens.fields import said

    db = open_database(f"sqlite:///{tmp_path / 'group.db'}")
    players.add_player(db, "Ann")
    service.new_force(db, "Ann", "Iron Vanguard", "Clockwork Legion", 100)
    service.add_unit(db, "Iron Vanguard", RosterLine(unit="Gearknight"))
    attempts: list[Callable[[], object]] = [
        lambda: service.record_battle(db, date=dt.date(2026, 11, 28), limit=100,
                                      sides=[Side(player="Ann"), Side(player="Nobody")]),
        lambda: service.record_battle(db, date=dt.date(2026, 11, 28), limit=100,
                                      sides=[Side(player="Ann"), Side(player="Ann")],
                                      victory=Victory.OTHER),
        lambda: enter_cards(db, KEY, [{"kind": "unit", "name": "Gearknight", "cost": 400}]),
        lambda: service.add_unit(db, "Iron Vanguard", RosterLine(unit="Orrery Engine")),
    ]
    messages: list[str] = []
    for attempt in attempts:
        with pytest.raises(ChronicleError) as refused:
            attempt()
        messages.append(said(refused.value))
    db.engine.dispose()
    assert "Players (4, then a)" in messages[0]
    assert "(the condition field)" in messages[1]
    assert "save it anyway" in messages[2] and "--force" not in messages[2]
    assert "x removes a line, - lowers its count" in messages[3]
    for message in messages:
        assert "chronicle " not in message and "--" not in message
        assert "[[card]]" not in message


@pytest.mark.parametrize("size", SIZES)
def test_the_new_force_and_battle_dialogs_show_every_label_and_hint(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """Each dialog whole at 80x24 and at 60x20: every label, its values and its keys."""
    url = f"sqlite:///{tmp_path / 'group.db'}"
    group(url)

    async def main() -> None:
        async with tales(url, size) as (_app, pilot):
            await pilot.press("n")
            await settle(pilot)
            shown = "\n".join(lines(pilot))
            for label in ("New battle force", "Name ", "Player      Ann",
                          "Army list   Clockwork Legion", "Point limit 500", "escape cancels"):
                assert label in shown, (label, shown)
            await pilot.press("escape", "g")
            await settle(pilot)
            shown = "\n".join(lines(pilot))
            for label in ("Record a battle", "Date ", "Point limit 500", "Player 1    Ann",
                          "Force 1     Iron Vanguard", "Player 2", "Force 2", "More sides",
                          "Victory     last-unit-standing", "Condition", "Winner", "Note",
                          "escape cancels"):
                assert label in shown, (label, shown)

    asyncio.run(main())
