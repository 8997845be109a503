"""Helpers of the app's Pilot tests: letting workers settle, reading the screen as text."""

from __future__ import annotations

import html
import re
from typing import Any

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
