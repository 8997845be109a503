"""Helpers of the app's Pilot tests: letting workers settle, reading the screen as text, the
steps before a snapshot."""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from textual.pilot import Pilot

HOSTILE = ("[/x] Bold [b]pebble[/b]", "🪨 Emoji rock 👍🏽", "حصاة عربية")
"""The toy game's pebbles in the ``toy`` fixture (``conftest``): markup, emoji, right-to-left."""


async def settle(pilot: Pilot[Any]) -> None:
    """Let every worker finish, and those their results start too."""
    quiet = 0
    for _ in range(12):
        await pilot.pause()
        if pilot.app.workers:
            quiet = 0
            await pilot.app.workers.wait_for_complete()
        else:
            quiet += 1
            if quiet == 2:
                return


def screen_text(pilot: Pilot[Any]) -> str:
    """Everything on screen as plain text (from the SVG screenshot)."""
    svg = pilot.app.export_screenshot()
    text = re.sub(r"<[^>]+>", "", svg)
    return html.unescape(text).replace("\xa0", " ")


async def burst(pilot: Pilot[Any], *keys: str) -> None:
    """Send ``keys`` as a terminal sends keys typed fast (``tmux send-keys``, a paste): all in
    the app's queue at once, none waiting for the one before to be handled (``pilot.press``
    waits for the app to be idle after each key); then let the app settle."""
    import unicodedata

    from textual import events
    from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

    driver = pilot.app._driver
    assert driver is not None
    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        try:
            char: str | None = unicodedata.lookup(
                _get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(pilot.app)
        driver.send_message(event)
    await settle(pilot)


async def until(pilot: Pilot[Any], test: Any) -> None:
    """Let the app work until ``test()`` holds (a worker's result shown, a dialog opened)."""
    import asyncio

    for _ in range(100):
        await settle(pilot)
        if test():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the app never got there")


async def steady_shot(pilot: Pilot[Any], steps: Callable[[Pilot[Any]], Awaitable[None]], *,
                      past_welcome: bool = False) -> None:
    """What a snapshot test runs before its shot: the app settled (past the welcome dialog, if
    any, with ``past_welcome``), ``steps``, settled again, no blinking cursor in any field
    (it would make the shot flaky), and the animations finished."""
    from textual.widgets import Input

    await settle(pilot)
    if past_welcome and pilot.app.screen.is_modal:
        await pilot.press("escape")
        await settle(pilot)
    await steps(pilot)
    await settle(pilot)
    for shown in pilot.app.screen_stack:
        for field in shown.query(Input):
            field.cursor_blink = False
    await pilot.wait_for_scheduled_animations()
    await pilot.pause(0.1)
    await settle(pilot)


@contextmanager
def folders_of_its_own(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Data and cache folders of its own for a session fixture's work (it runs before any
    test's ``private_data_dir``)."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("CHRONICLE_DATA_DIR", str(tmp_path_factory.mktemp("session-data")))
        env.setenv("CHRONICLE_CACHE_DIR", str(tmp_path_factory.mktemp("session-cache")))
        yield
