"""The app's garbage collection: what lives as long as the app is frozen out of the collector's
sight, and full collections wait for the user to pause.

With 10,000 cards and the screens built in idle time, a full (generation 2) collection walked
everything alive: 50-100 ms at whatever moment it fell, a keystroke or a screen opening
(bench/tui.py showed every opening over ~130 ms had one inside it). :meth:`Collector.freeze`
moves what is alive now out of the collector's sight (``gc.freeze``: the catalog, the built
screens) and makes full collections rarer while the app runs (the third threshold, 10 -> 100);
:meth:`Collector.at_rest` runs the full collection that would have been due once the user has
not touched a key or the mouse for :data:`REST` seconds. Young garbage is collected as usual.
:meth:`Collector.restore` puts the collector's thresholds back when the app ends.
"""

from __future__ import annotations

import gc
import time

FULL_EVERY = 100
"""The third threshold while the app runs (Python's default is 10): full collections happen
on their own ten times less often."""

DUE = 10
"""A full collection is due at rest after this many collections of the middle generation since
the last full one (what Python's default threshold would have done)."""

REST = 2.0
"""Seconds without input after which a due full collection runs."""


class Collector:
    """The app's use of the garbage collector (one per app)."""

    def __init__(self) -> None:
        self.last_input = time.monotonic()
        self.thresholds: tuple[int, int, int] | None = None
        self.collected = 0
        """How many full collections ran at rest (for tests and figures)."""

    def freeze(self) -> None:
        """Freeze what is alive now; the first time, make full collections rarer."""
        gc.freeze()
        if self.thresholds is None:
            self.thresholds = gc.get_threshold()
            first, middle, full = self.thresholds
            gc.set_threshold(first, middle, max(full, FULL_EVERY))

    def input_seen(self) -> None:
        """The user pressed a key or used the mouse."""
        self.last_input = time.monotonic()

    def at_rest(self) -> bool:
        """Run a due full collection if the user has paused; whether one ran."""
        if self.thresholds is None or time.monotonic() - self.last_input < REST \
                or gc.get_count()[2] < DUE:
            return False
        gc.collect()
        self.collected += 1
        return True

    def restore(self) -> None:
        """Put the collector's thresholds back as they were before :meth:`freeze`."""
        if self.thresholds is not None:
            gc.set_threshold(*self.thresholds)
            self.thresholds = None
