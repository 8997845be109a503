"""Footers that fit a narrow terminal: a screen names the keys its footer shows only when the
terminal is wide enough (``WIDE``), and ``fit_footer`` shows or hides them as the screen is
resized. The keys keep working either way, and the help (``?``) lists them all; only what the
footer shows changes, so the keys it keeps (and the app's ``?``) are never cut off.

Nothing of Textual's bindings is changed: the screen's ``FOOTER_HIDDEN`` (the actions left out
now) is read by the app's footer (``chronicle.tui.widgets.footer``), and the screen's
``refresh_bindings()`` tells the footer to look again.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from textual.screen import Screen

WIDE = 80
"""The width (cells) from which a screen's footer shows every key it marks shown."""

HIDDEN = "footer_hidden"
"""Attribute of a screen: the actions its footer leaves out now (a frozenset)."""


def footer_hidden(screen: object) -> frozenset[str]:
    """The actions the footer of ``screen`` leaves out now (``fit_footer``)."""
    found: object = getattr(screen, HIDDEN, None)
    return found if isinstance(found, frozenset) else frozenset()


def fit_footer(screen: Screen[Any], wide_only: Collection[str], width: int, *,
               wide: int = WIDE) -> None:
    """Show the keys ``wide_only`` (by action) in ``screen``'s footer when ``width`` is at
    least ``wide`` cells, else hide them (they still work)."""
    hidden = frozenset() if width >= wide else frozenset(wide_only)
    if hidden != footer_hidden(screen):
        setattr(screen, HIDDEN, hidden)
        screen.refresh_bindings()
