"""What every screen and dialog shares: typed access to the app, and screens kept between
openings."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from chronicle.tui.app import ChronicleApp

S = TypeVar("S", bound=Screen[Any])
K = TypeVar("K", bound=Hashable)


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


def kept_row(keys: Sequence[K], current: K | None, index: int, *,
             renamed: K | None = None) -> int:
    """The row to highlight after a list is read again: the one now showing ``renamed`` (what
    the highlighted row was just renamed to), else the highlighted one (``current``) where it
    is now, else the same position (``index``, within the rows: a row deleted leaves the
    highlight on its neighbour), never a jump to the top."""
    for wanted in (renamed, current):
        if wanted is not None and wanted in keys:
            return keys.index(wanted)
    return max(0, min(index, len(keys) - 1))


def areas_changed(node: DOMNode) -> None:
    """Something shown in several areas changed (a player renamed or deleted): every area's
    list but the one of ``node`` reads its rows again now, hidden, so that it shows the change
    at once when visited (a character opened right after shows its new owner)."""
    app = chronicle_app(node)
    own = node if isinstance(node, Screen) else node.screen
    for area in app.areas:
        try:
            stack = app.get_screen_stack(area.mode)
        except KeyError:  # not entered yet: it reads its rows when it is
            continue
        for screen in stack[:1]:
            reload = getattr(screen, "action_reload", None)
            if screen is not own and screen.is_attached and callable(reload):
                reload()
