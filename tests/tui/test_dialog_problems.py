"""The shared dialogs keep what was typed on a bad value and say what is wrong beside the field
(issue 31, item 1): the one-line prompt with a ``check``, the form dialogs on a refusal by the
services, the name dialog; keys typed after a bad value go on into the dialog, never to the
screen below."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Static

from chronicle.systems.wyld_hunt.screens.character import CharacterViewScreen
from chronicle.systems.wyld_hunt.screens.record_game import RecordGameScreen
from chronicle.tui.app import ChronicleApp
from chronicle.tui.screens.dialog import PROBLEM
from chronicle.tui.screens.prompt import PromptScreen
from tui.helpers import burst, screen_text, settle


def run(url: str, scenario: Any, size: tuple[int, int] = (80, 24)) -> None:
    async def main() -> None:
        async with ChronicleApp(url).run_test(size=size) as pilot:
            await settle(pilot)
            await scenario(pilot)
            await settle(pilot)

    asyncio.run(main())


def whole_number(text: str) -> str | None:
    return None if text.isdigit() else f"{text!r} is not a whole number: type digits, like 3."


def test_a_prompt_keeps_a_bad_value_and_says_why(demo_url: str) -> None:
    """``abc`` Enter: the prompt stays with "abc" and the reason under it; ``3 1`` Enter
    typed next (as a player would) goes into the field, not to the area keys."""
    answers: list[str | None] = []

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        screen_below = app.screen
        prompt = PromptScreen("Fortune", "Fortune gained:", check=whole_number)
        await app.push_screen(prompt, answers.append)
        await settle(pilot)
        await burst(pilot, "a", "b", "c", "enter")
        assert app.screen is prompt
        assert prompt.query_one(Input).value == "abc"
        assert "'abc' is not a whole number" in str(prompt.query_one("#prompt-problem",
                                                                     Static).render())
        assert prompt.query_one("#prompt-problem").has_class("wrong")
        await burst(pilot, "ctrl+u", "3", "space", "1", "enter")
        assert app.screen is prompt and prompt.query_one(Input).value == "3 1"
        assert app.screen_stack[-2] is screen_below and answers == []
        await burst(pilot, "backspace", "backspace", "enter")
        assert answers == ["3"] and app.screen is screen_below

    run(demo_url, scenario)


def test_a_prompt_without_a_check_answers_as_before(demo_url: str) -> None:
    answers: list[str | None] = []

    async def scenario(pilot: Pilot[Any]) -> None:
        await pilot.app.push_screen(PromptScreen("Name", "A name:", "  Sam  "), answers.append)
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert answers == ["Sam"]

    run(demo_url, scenario)


def test_a_form_says_a_bad_value_beside_its_field_before_saving(demo_url: str) -> None:
    """Record a game with a date the engine would refuse: "Ready" is not said, ctrl+s keeps
    the dialog with every value as typed and says why under the date, focused."""
    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await pilot.press("2")
        await settle(pilot)
        await app.push_screen(CharacterViewScreen("Winerdria", "Tim"))
        await settle(pilot)
        await pilot.press("g")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, RecordGameScreen)
        await burst(pilot, "space", "tab", "S", "a", "m", "tab", "ctrl+u", *"not-a-date",
                    "tab", *"close one")
        ready = str(dialog.query_one("#game-ready").render())
        assert "Ready" not in ready and "not-a-date" in ready
        await burst(pilot, "ctrl+s")
        assert app.screen is dialog
        values = [field.value for field in dialog.query(Input).results(Input)]
        assert values == ["Sam", "not-a-date", "close one"]
        lines = list(dialog.query(f".{PROBLEM}").results(Static))
        assert len(lines) == 1 and "not-a-date" in str(lines[0].render())
        assert dialog.focused is dialog.query_one("#game-date")
        await burst(pilot, "ctrl+u", *"2026-11-20")
        assert "Ready" in str(dialog.query_one("#game-ready").render())

    run(demo_url, scenario)


def test_a_refused_form_keeps_every_value_and_says_why_in_the_dialog(demo_url: str) -> None:
    """A new character with a name taken: the services refuse, the dialog stays with the
    name as typed and says why under it."""
    from chronicle.systems.wyld_hunt.screens.new_character import NewCharacterScreen

    async def scenario(pilot: Pilot[Any]) -> None:
        app = pilot.app
        dialog = NewCharacterScreen(["Tim", "Josh"], "Tim")
        await app.push_screen(dialog)
        await settle(pilot)
        await burst(pilot, "enter")
        assert app.screen is dialog and "name first" in screen_text(pilot)
        await burst(pilot, *"Winerdria", "enter")
        assert app.screen is dialog
        assert dialog.query_one("#new-name", Input).value == "Winerdria"
        lines = list(dialog.query(f".{PROBLEM}").results(Static))
        assert len(lines) == 1 and "Not saved" in str(lines[0].render())
        assert "Not saved" in screen_text(pilot)
        dialog.problem("")
        await settle(pilot)
        assert not list(dialog.query(f".{PROBLEM}"))

    run(demo_url, scenario)
