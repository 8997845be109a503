"""Footers that fit a narrow terminal: a screen names the keys its footer shows only when the
terminal is wide enough (``WIDE``), and ``fit_footer`` shows or hides them as the screen is
resized. The keys keep working either way, and the help (``?``) lists them all; only what the
footer shows changes, so the keys it keeps (and the app's ``?``) are never cut off.

The bindings changed are the screen's own copy (Textual gives each node one): the class's
bindings, and so every other screen, stay as they are.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any

from textual.screen import Screen

WIDE = 80
"""The width (cells) from which a screen's footer shows every key it marks shown."""


def fit_footer(screen: Screen[Any], wide_only: Collection[str], width: int) -> None:
    """Show the keys ``wide_only`` (by action) in ``screen``'s footer when ``width`` is at
    least ``WIDE`` cells, else hide them (they still work)."""
    show = width >= WIDE
    changed = False
    for key, bindings in screen._bindings.key_to_bindings.items():
        for index, binding in enumerate(bindings):
            if binding.action in wide_only and binding.show != show:
                bindings[index] = dataclasses.replace(binding, show=show)
                changed = True
        screen._bindings.key_to_bindings[key] = bindings
    if changed:
        screen.refresh_bindings()
