"""Snapshots of the sister games' screens and dialogs (Tales of Arcadia, Arcadia Quest, Hunters
of Arcfall) at 80x24 and at 60x20 (pytest-textual-snapshot), on data with hostile names: a
campaign, a game and a force named with markup (``[/x]``), emoji and Arabic, players likewise,
and a second record of each named at the longest a name may be (``NAME_MAX``); a 10,000
character name is typed into a form's name field (refused on saving, so it is typed, not
stored). Each shot is the game's main screen with its data, or one of its forms or dialogs, as
opened from the app's keys (5, the game, enter, then the key).

Review a changed snapshot in the HTML report before accepting it with ``--snapshot-update``:
nothing a player needs is cut (the footer keys and ``?``, the titles, the names as typed, the
fields' labels and messages).
"""

from __future__ import annotations

import shutil
import types
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from chronicle.domain.limits import NAME_MAX
from chronicle.services.db import open_database
from chronicle.tui.app import ChronicleApp
from tui.helpers import settle, steady_shot
from tui.test_snapshots import keys, then

SIZES = {"80x24": (80, 24), "60x20": (60, 20)}
Steps = Callable[[Pilot[Any]], Awaitable[None]]
HOSTILE = "[/x] Winter 🎲 شتاء"
LONGEST = ("Ж" * (NAME_MAX - 8) + " [/x] 🐉")[:NAME_MAX]
TYPED = "Ж" * 9_990 + "[/x] 🐉"
PLAYERS = ("Ana [b]", "صياد الظلال", "Bo 🐉")
HUNTERS = Path(__file__).resolve().parent.parent / "hunters_of_arcfall" / "golden" / "cards"


_BUILT: list[Path] = []
"""The demo with the sister games' records, built once per process (``sister_url``)."""


class FixedDay(date):
    """``date`` whose today is always the same day (the battle form's date field)."""

    @classmethod
    def today(cls) -> FixedDay:
        return cls(2026, 1, 15)


def sister_data(url: str) -> None:
    """The hostile records of the three games (their players added first)."""
    from chronicle.services.players import add_player
    from chronicle.systems.arcadia_quest.service import new_campaign, record_scenario
    from chronicle.systems.hunters_of_arcfall.service import new_hunt
    from chronicle.systems.tales_of_arcadia import service as tales
    from chronicle.systems.tales_of_arcadia.force import RosterLine

    db = open_database(url)
    for player in PLAYERS:
        add_player(db, player)
    for name in (HOSTILE, LONGEST):
        new_campaign(db, name, [
            {"color": "blue", "player": PLAYERS[0], "heroes": ["Diva", "Greensleeves", "Grom"]},
            {"color": "green", "player": PLAYERS[1], "heroes": ["Maya", "Zazu", "Kanga"]}])
    record_scenario(db, HOSTILE, {
        "name": "District of Hammers", "winner": "blue",
        "guild": [{"color": "blue", "quests": ["A", "B"], "first": ["A"], "monster_coins": 3},
                  {"color": "green", "deaths": {"Maya": 1}, "neutral_deaths": {"Maya": 1}}]})
    for name in (HOSTILE, LONGEST):
        new_hunt(db, name, [(PLAYERS[1], "Gus"), (PLAYERS[2], "Hunter B")])
    for name in (HOSTILE, LONGEST):
        tales.new_force(db, PLAYERS[1], name, "Clockwork Legion", 100)
        tales.add_unit(db, name, RosterLine(unit="Gearknight"))
    db.engine.dispose()


@pytest.fixture
def sister_url(demo_template: Path, tmp_path: Path, private_data_dir: Path,
               monkeypatch: pytest.MonkeyPatch,
               tmp_path_factory: pytest.TempPathFactory) -> str:
    """A copy of the demo with the sister games' hostile records (built once per process);
    the battle form's date is a fixed day."""
    from chronicle import paths
    from chronicle.systems.tales_of_arcadia.screens import battle_form

    folder = paths.user_cards_dir("hunters-of-arcfall")
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(HUNTERS / "table.toml", folder / "table.toml")  # the test cards (invented)
    if not _BUILT:  # built in the first test that asks (with the cards above), then copied
        template = tmp_path_factory.mktemp("sister-template") / "sister.db"
        shutil.copyfile(demo_template, template)
        sister_data(f"sqlite:///{template}")
        _BUILT.append(template)
    path = tmp_path / "sister.db"
    shutil.copyfile(_BUILT[0], path)
    url = f"sqlite:///{path}"
    monkeypatch.setattr(battle_form, "dt", types.SimpleNamespace(date=FixedDay))
    return url


def game(label: str, *pressed: str) -> Steps:
    """Area 5, the game called ``label`` opened (enter), then ``pressed`` (each key settled)."""
    async def steps(pilot: Pilot[Any]) -> None:
        from chronicle.tui.screens.other_games import OtherGamesScreen

        await pilot.press("5")
        await settle(pilot)
        listing = pilot.app.screen
        assert isinstance(listing, OtherGamesScreen)
        index = [one.label for one in listing.games].index(label)
        await pilot.press("home", *["down"] * index, "enter")
        await settle(pilot)
        for key in pressed:
            await pilot.press(key)
            await settle(pilot)

    return steps


def typed(text: str) -> Steps:
    """``text`` typed into the focused field at once (a paste: 10,000 key presses would take
    minutes)."""
    async def steps(pilot: Pilot[Any]) -> None:
        field = pilot.app.focused
        assert isinstance(field, Input), field
        field.insert_text_at_cursor(text)
        await settle(pilot)

    return steps


AQ, HOA, TOA = "Arcadia Quest", "Hunters of Arcfall", "Tales of Arcadia"
SCREENS: dict[str, Steps] = {
    "aq-campaigns": game(AQ),
    "aq-longest": game(AQ, "end"),
    "aq-new": then(game(AQ, "n"), typed(TYPED)),
    "aq-scenario": game(AQ, "s"),
    "aq-scenario-bad": then(game(AQ, "s"), typed("[/x] 🐉"), keys("tab", *"abc", "ctrl+s")),
    "aq-upgrade": game(AQ, "g"),
    "aq-rename": game(AQ, "r"),
    "aq-undo": game(AQ, "u"),
    "aq-help": game(AQ, "question_mark"),
    "hoa-games": game(HOA),
    "hoa-new": then(game(HOA, "n"), typed(TYPED), keys("ctrl+s")),
    "hoa-table": game(HOA, "enter"),
    "hoa-bounty-bad": then(game(HOA, "enter", "d"), typed("صياد [/x] 🐉"),
                           keys("enter", *"abc", "enter")),
    "hoa-help": game(HOA, "enter", "question_mark"),
    "toa-builder": game(TOA),
    "toa-new-force": then(game(TOA, "n"), typed(TYPED), keys("ctrl+s")),
    "toa-battle": game(TOA, "g"),
    "toa-battles": game(TOA, "h"),
    "toa-unit": game(TOA, "a"),
    "toa-forces": game(TOA, "f"),
    "toa-help": game(TOA, "question_mark"),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SCREENS)
def test_sister_screen(snap_compare: Callable[..., bool], sister_url: str, screen: str,
                       size: str) -> None:
    """Each sister game's screen or dialog fits its size: the footer, titles, fields, values
    and names whole (or cut with their ends shown where they cannot be whole)."""
    async def run_before(pilot: Pilot[Any]) -> None:
        await steady_shot(pilot, SCREENS[screen], past_welcome=True)

    assert snap_compare(ChronicleApp(sister_url), terminal_size=SIZES[size],
                        run_before=run_before)
