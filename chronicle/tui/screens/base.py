"""What every screen and dialog shares: typed access to the app."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from chronicle.tui.app import ChronicleApp


def chronicle_app(node: DOMNode) -> ChronicleApp:
    """The running ``ChronicleApp`` of a screen or widget."""
    return cast("ChronicleApp", node.app)
