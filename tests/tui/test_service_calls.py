"""The app's calls of the services (``ChronicleApp.call_service``): a call cancelled by a
newer one of its group (``exclusive``) never delivers its result, even though its thread runs
on to the end. This is what keeps a list reloaded before a change was saved from showing its
stale rows over the reload made after it (an archived character still listed)."""

from __future__ import annotations

import asyncio
import threading

from chronicle.services.db import Database
from chronicle.tui.app import ChronicleApp
from tui.helpers import settle


def calls(demo_url: str, *, exclusive: bool) -> list[str]:
    """Start a slow call, then a quick one of the same group; let the slow one end last.
    Returns the results delivered, in order."""
    shown: list[str] = []

    async def main() -> None:
        app = ChronicleApp(demo_url)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            started, release, ended = threading.Event(), threading.Event(), threading.Event()

            def slow(_db: Database) -> str:
                started.set()
                release.wait(10)
                ended.set()
                return "stale"

            first = app.call_service(slow, shown.append, description="Slow", group="t",
                                     exclusive=exclusive)
            assert await asyncio.to_thread(started.wait, 10)
            second = app.call_service(lambda _db: "fresh", shown.append, description="Quick",
                                      group="t", exclusive=exclusive)
            while "fresh" not in shown:
                await pilot.pause(0.01)
            assert first.is_cancelled == exclusive and not second.is_cancelled
            release.set()
            assert await asyncio.to_thread(ended.wait, 10)
            for _ in range(20):
                await pilot.pause(0.01)
            await settle(pilot)

    asyncio.run(main())
    return shown


def test_a_cancelled_calls_result_is_never_delivered(demo_url: str) -> None:
    assert calls(demo_url, exclusive=True) == ["fresh"]


def test_calls_not_exclusive_all_deliver(demo_url: str) -> None:
    assert calls(demo_url, exclusive=False) == ["fresh", "stale"]
