"""What every screen and dialog shares: typed access to the app, and screens kept between
openings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from chronicle.tui.app import ChronicleApp

S = TypeVar("S", bound=Screen[Any])


def chronicle_app(node: DOMNode) -> ChronicleApp:
    """The running ``ChronicleApp`` of a screen or widget."""
    return cast("ChronicleApp", node.app)


def on_a_stack(node: DOMNode, screen: Screen[Any]) -> bool:
    """Whether ``screen`` is on the screen stack of any area (shown, or under another)."""
    app = node.app
    for mode in {app.current_mode, *(area.mode for area in chronicle_app(node).areas)}:
        try:
            if screen in app.get_screen_stack(mode):
                return True
        except KeyError:  # an area not entered yet
            continue
    return False


def kept_screen(node: DOMNode, key: str, kind: type[S], make: Callable[[], S]) -> tuple[S, bool]:
    """A screen built once per app and shown again on each opening (installed under ``key``,
    so Textual keeps it when it is closed): opening it again composes and mounts nothing.
    Returns the screen and whether it is new (built by ``make``). While the kept screen is on
    a stack (it cannot be shown twice) a new, uninstalled one is made."""
    app = node.app
    if not app.is_screen_installed(key):
        made = make()
        app.install_screen(made, key)
        return made, True
    screen = app.get_screen(key)
    if isinstance(screen, kind) and not on_a_stack(node, screen):
        return screen, False
    return make(), True
