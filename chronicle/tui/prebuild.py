"""The app's screens built in idle time: after the first paint, the areas' screens and what
each asks for (its ``prebuilt_screens()``), one at a time while the app has nothing else to do;
and later, one screen at a time again when a screen asks for it (``again``: a game's screen
closed is built anew for its next opening). A screen built this way opens by being shown
(``speed.build_hidden`` composes, mounts, styles and lays it out; ``speed.finish_hidden``
draws it), so its opening costs what showing it does.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING, Any

from chronicle.tui.speed import build_hidden, finish_hidden

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from textual.app import App
    from textual.screen import Screen

GROUP = "prebuild"
"""The workers' group of the building (``bench/tui.py`` waits for it)."""


async def quiet(app: App[Any]) -> None:
    """Until no other worker of the app is running."""
    while any(w.group != GROUP and not w.is_finished for w in app.workers):
        await asyncio.sleep(0.05)


async def build(app: App[Any], make: Callable[[], Screen[Any] | None], *,
                lasting: bool = True) -> bool:
    """Build the screen ``make`` gives (None: nothing to build) once the app is quiet, let it
    warm what its first showing needs (its ``prebuilt()``), then draw it while hidden; False
    when it could not be built (it is then built as usual when shown). A ``lasting`` screen
    (one living as long as the app) is then put out of the collector's sight; one that goes
    away (a game's screen closed, a form) is not: frozen, its cycles would never be freed."""
    await quiet(app)
    screen = make()
    built = screen is None or await build_hidden(app, screen)
    warm = getattr(screen, "prebuilt", None)
    if built and callable(warm):
        warm()
    await asyncio.sleep(0.02)
    if built and screen is not None:  # its data in (warmed), laid out and drawn
        await quiet(app)
        await finish_hidden(app, screen)
        freeze = getattr(app, "freeze_memory", None)
        if lasting and callable(freeze):
            # it lives as long as the app: out of the collector's sight at once (a full
            # collection falling inside the building walked every screen built so far)
            freeze()
    return built


async def build_all(app: App[Any], steps: Iterable[Callable[[], Screen[Any] | None]], *,
                    lasting: bool = True) -> bool:
    """Build each screen ``steps`` make, in turn; False at the first that could not be."""
    for make in steps:
        if not await build(app, make, lasting=lasting):
            return False
    return True


def _same(screen: Screen[Any]) -> Screen[Any]:
    return screen


def again(app: App[Any], screens: list[Screen[Any]]) -> None:
    """Build ``screens`` in idle time now, one after the other (when the app builds in idle
    time at all: not in tests unless asked); they go away once shown or dropped, so they are
    not frozen (``build``'s ``lasting``)."""
    if not screens or not getattr(app, "prebuilds", False):
        return

    async def run() -> None:
        await build_all(app, [partial(_same, one) for one in screens], lasting=False)

    app.run_worker(run(), group=GROUP, description="Building a screen again",
                   exit_on_error=False)


__all__ = ["GROUP", "again", "build", "build_all", "quiet"]
