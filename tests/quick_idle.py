"""Textual's Pilot waits for the app to be idle in slices of 5 ms instead of 20 ms.

``Pilot.press`` waits for idle twice per key and ``Pilot.pause`` once: Textual's
``wait_for_idle`` sleeps 20 ms at a time until a slice passes with the process's CPU time
nearly still, so each key cost at least 40 ms of sleeping, most of the app tests' time (a
snapshot test slept three quarters of its wall time) while the core stood idle. Here the slice
is 5 ms (the same 1/20 of it counts as still), and a slice is still only when, besides, no
message waits in the queue of the app or of any node of its screens: a chain of messages (a
key, the field's change, the list's highlight, the detail shown) is always followed to its end,
which the CPU-time heuristic alone did not promise (a busy host's stolen slice looked idle),
and the current screen has no update pending (its refresh runs on a timer, not a message: a
5 ms slice between two ticks looked idle with a footer not yet drawn).
Nothing is skipped: every wait still ends only when the app is quiet, it ends sooner."""

from __future__ import annotations

from asyncio import sleep
from time import monotonic, process_time

SLICE = 0.005
"""Seconds per slice of waiting (Textual's own: 0.02)."""
STILL = SLICE / 20
"""CPU seconds a slice may use and still count as idle (Textual's ratio)."""
QUIET = SLICE
"""Seconds of still slices in a row that make the app idle (one slice: a screen's pending
update, which runs on a timer and not a message, is seen by ``_queues_empty`` instead)."""

PENDING = ("_layout_required", "_scroll_required", "_repaint_required", "_recompose_required",
           "_dirty_widgets", "_callbacks")
"""What Textual's ``Screen._on_idle`` reads to tell that the screen's update timer has work
(a layout, a repaint, a widget to draw, a call after the refresh): not idle while any is set."""


def _queues_empty() -> bool:
    """No message waiting for the active app, its screens or their widgets."""
    from textual._context import active_app

    try:
        app = active_app.get()
    except LookupError:
        return True
    nodes = [app]
    for screen in getattr(app, "_screen_stack", []):
        nodes.extend(screen.walk_children(with_self=True))
    if not all(node.message_queue_size == 0 and node._pending_message is None for node in nodes):
        return False
    try:
        screen = app.screen
    except Exception:  # no screen yet, or the app is closing
        return True
    return not any(getattr(screen, name) for name in PENDING)


async def wait_for_idle(min_sleep: float = SLICE, max_sleep: float = 1) -> None:
    """Textual's ``wait_for_idle`` in slices of ``SLICE``, idle only with every queue empty
    through ``QUIET`` seconds of still slices in a row."""
    start = monotonic()
    still_since: float | None = None
    while True:
        cpu = process_time()
        await sleep(SLICE)
        used = process_time() - cpu
        now = monotonic()
        if now - start >= max_sleep:
            return
        if used < STILL and _queues_empty():
            still_since = now - SLICE if still_since is None else still_since
            if now - start > min_sleep and now - still_since >= QUIET:
                return
        else:
            still_since = None


def install() -> None:
    """Put ``wait_for_idle`` in place of Textual's where Pilot and the app call it."""
    import textual._wait
    import textual.app
    import textual.pilot

    # What this replaces must be there: a Textual that moved or renamed it fails every app test
    # here at once (pyproject pins Textual to the versions this is written against; a screen
    # without one of ``PENDING`` raises AttributeError in ``_queues_empty``).
    for module, name in ((textual._wait, "SLEEP_GRANULARITY"), (textual._wait, "SLEEP_IDLE"),
                         (textual._wait, "wait_for_idle"), (textual.app, "wait_for_idle"),
                         (textual.pilot, "wait_for_idle")):
        if not hasattr(module, name):
            raise RuntimeError(f"tests/quick_idle.py: {module.__name__}.{name} is gone; "
                               "Textual changed how Pilot waits for idle")
    textual._wait.SLEEP_GRANULARITY = SLICE
    textual._wait.SLEEP_IDLE = STILL
    for module in (textual._wait, textual.app, textual.pilot):
        module.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
