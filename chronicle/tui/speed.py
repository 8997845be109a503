"""Answering fast: where the app steers Textual past work that changes nothing on screen, and
the areas' screens built in idle time after the first paint.

Textual (8.2.x: pyproject pins it to the versions these are tested with) does some work twice
or for nothing; the app skips it here, in one place. Every reliance on Textual's private
behaviour is checked when it is installed (a name missing means Textual changed: the app then
runs on Textual's own behaviour, only slower), acts only in an app that asks for it
(``steers_textual``), and is covered by ``tests/tui/test_speed.py`` and
``tests/tui/test_textual_patches.py``, which fail when the behaviour relied on changes. The
app's other workarounds are its own subclass's (``ChronicleApp.switch_mode``, the keys handed
on in order by ``chronicle.tui.keys``), not Textual's classes changed for the whole process.

- **An opaque screen hides the screens below.** Textual counts the screen under the top one as
  visible whatever the top one's background (``App._background_screens``): under every dialog
  the screen below was laid out and drawn again on each change, its changed regions drawn
  once more through the dialog. A top screen with an opaque background shows nothing below.
  The screen below catches up when shown again (its pending layout and repaint run then).
- **A screen is not restyled when nothing could have changed its styles.** Shown for the first
  time (pushed, or a mode entered), a screen is restyled in full (``ScreenResume`` with
  ``refresh_styles``) although its widgets were styled a moment ago, as they mounted. The
  restyle is there to catch up what changed while a screen was hidden: the stylesheet (a
  theme, new CSS) and the app's own pseudo-classes (focus, dark). A screen built ahead of time
  is stamped with those once mounted; at its first showing (or any later one asking for a
  restyle) the restyle is skipped when they are unchanged. A screen pushed just now (never
  stamped) is shown as styled by its mounting.
- **A screen told it was resized to the size it was just laid out at is not laid out again.**
  The first layout of a new screen sends the screen a ``Resize``, which laid out and drew the
  whole screen a second time. Widgets asking for a layout get it as usual (the screen's
  update timer lays out what they asked for).
- **A mounting awaited is not waited for twice.** ``Widget.mount`` hands the same
  ``AwaitMount`` to the caller and, through ``call_next``, to the widget's own queue; each wait
  ends asking the parent for a layout. A screen awaits its composed widgets, so the second
  wait ended after the screen's first layout and laid the whole screen out again (a tenth of
  a form's opening). A mounting its caller awaits is not waited for again from the queue
  (the caller's wait asks for the layout once all are mounted); one nobody awaits is, as
  Textual does. The same for a screen pushed: the app's wait for the screen's own mounting
  asked it for a layout again, after its compose's wait had (once every widget in it was
  mounted) and mostly after its first layout; it is not waited for once that one ended.
- **Rules hash at C speed.** Styling a widget hashes every rule of the stylesheet (a few
  hundred) with Textual's ``RuleSet.__hash__``, a Python method returning ``id(self)``;
  ``object.__hash__`` answers the same (identity) without a Python call.
- **Pre-building** (``build_hidden``): an area's screen is composed, mounted, styled and laid
  out while hidden, one screen at a time between other events, so its first visit only shows
  it. The screen then loads its data when shown, as on every visit.
- **A screen built ahead is finished ahead** (``finish_hidden``): its hidden layout gives each
  widget its size, and a widget whose size changes asks for a layout (``Widget._size_updated``):
  a hidden screen keeps that request (Textual lays out only the current screen) and ran it when
  first shown, then drew every widget for the first time (nothing is drawn while hidden). Both
  were a third or more of a first opening (with the footer's keys, which Textual builds only
  when their screen is first shown). Once built (and filled), the layouts asked for are
  run while hidden, and each widget is drawn into its own cache of lines (as Textual's
  compositor does when it paints), so the first showing draws from those caches as later ones
  do. A widget changed afterwards is drawn again as usual (a change clears its cache).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual.app import App
from textual.css.model import RuleSet
from textual.geometry import Region
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widget import AwaitMount, Widget

if TYPE_CHECKING:
    from collections.abc import Callable

TESTED_WITH = "8.2.8"
"""The Textual version these overrides were written against (the tests say if one broke)."""

STAMP = "_chronicle_styled_at"
"""Attribute of a screen: ``style_state`` when its widgets were last styled in full."""

_SCREEN_NAMES = ("_on_screen_resume", "_screen_resized", "_refresh_layout", "_on_timer_update")
_APP_NAMES = ("_background_screens", "_screen_stack", "_register", "_load_screen_css")
AWAITED = "_chronicle_awaited"
"""Attribute of an ``AwaitMount``: its caller awaits it (set as the caller's wait starts)."""
QUEUED = "_chronicle_queued"
"""Attribute of an ``AwaitMount``: the wait its widget's queue runs (``call_next``)."""
COMPOSED = "_chronicle_composed"
"""Attribute of a widget: a wait its caller awaited ended with its children all mounted, and
asked it for a layout."""
_supported: list[bool] = []
TEXTUAL_HASH: list[Callable[[RuleSet], int]] = []
"""Textual's own ``RuleSet.__hash__``, once replaced (its test checks it still means identity)."""


def supported() -> bool:
    """Whether Textual still has everything the overrides rely on (the instance attributes
    are read with defaults that fall back to Textual's behaviour)."""
    if not _supported:
        _supported.append(
            all(callable(getattr(Screen, name, None)) for name in _SCREEN_NAMES)
            and all(hasattr(App, name) for name in _APP_NAMES)
            and "refresh_styles" in getattr(events.ScreenResume, "__dataclass_fields__", {})
            and _mount_wait_has_its_parent())
    return _supported[0]


def _mount_wait_has_its_parent() -> bool:
    """Whether Textual's ``AwaitMount`` is still called back and keeps its parent."""
    try:
        wait = AwaitMount(cast("Widget", None), [])
    except Exception:
        return False
    return (callable(wait) and getattr(wait, "_parent", 0) is None
            and hasattr(MessagePump, "_mounted_event"))


def steers(node: Any) -> bool:
    """Whether ``node``'s app asked for these overrides (other apps keep Textual's ways)."""
    try:
        return bool(getattr(node.app, "steers_textual", False))
    except Exception:  # no active app: Textual's own behaviour
        return False


# An opaque screen hides the screens below ---------------------------------------------------


def hides_below(screen: Screen[Any] | None) -> bool:
    """True when ``screen`` (the top one) has an opaque background: nothing below shows."""
    return screen is not None and screen.styles.background.a >= 1


def background_screens(app: App[Any], textual: Callable[[], list[Screen[Any]]]
                       ) -> list[Screen[Any]]:
    """The screens drawn under the top one: none under an opaque one, else Textual's."""
    stack = app._screen_stack
    if stack and hides_below(stack[-1]):
        return []
    return textual()


# A screen is not restyled when nothing could have changed its styles ------------------------


def style_state(app: App[Any]) -> tuple[object, ...]:
    """What a screen's styles depend on besides its own widgets: the stylesheet (its update
    count, its sources that apply everywhere) and the app's pseudo-classes with how often its
    focus changed. A source scoped to a widget or screen type (every ``DEFAULT_CSS``, and
    ``CSS`` by default) styles only what is inside one of that type, so none of a hidden
    screen's widgets: it was read when the first of them was built."""
    unscoped = sum(1 for source in app.stylesheet.source.values()
                   if not getattr(source, "scope", ""))
    return (getattr(app, "_css_update_count", None), unscoped, app.pseudo_classes,
            getattr(app, "focus_changes", 0))


def _resume(original: Callable[[Screen[Any], events.ScreenResume], None]
            ) -> Callable[[Screen[Any], events.ScreenResume], None]:
    def _on_screen_resume(self: Screen[Any], event: events.ScreenResume) -> None:
        if event.refresh_styles and steers(self):
            now = style_state(self.app)
            born = getattr(self, STAMP, None)
            first = getattr(self, "stack_updates", None) == 0
            if born == now or (born is None and first):
                event = events.ScreenResume(refresh_styles=False)
            setattr(self, STAMP, now)
        original(self, event)

    _on_screen_resume.chronicle_original = original  # type: ignore[attr-defined]
    return _on_screen_resume


def _resized(original: Callable[[Screen[Any], Any], None]
             ) -> Callable[[Screen[Any], Any], None]:
    def _screen_resized(self: Screen[Any], size: Any) -> None:
        if (steers(self) and getattr(self, "_size", None) == size
                and getattr(getattr(self, "_compositor", None), "size", None) == size):
            return  # laid out at this size already; a layout asked for runs on its timer
        original(self, size)

    _screen_resized.chronicle_original = original  # type: ignore[attr-defined]
    return _screen_resized


def _awaited(original: Callable[[AwaitMount], Any]) -> Callable[[AwaitMount], Any]:
    def __await__(self: AwaitMount) -> Any:
        if getattr(self, QUEUED, False):
            return original(self)
        setattr(self, AWAITED, True)  # the caller's own wait
        return _then(original(self), self)

    __await__.chronicle_original = original  # type: ignore[attr-defined]
    return __await__


def _then(wait: Any, mounting: AwaitMount) -> Any:
    """The caller's ``wait``, then its parent marked laid out after its children mounted."""
    result = yield from wait
    if mounting._widgets:
        setattr(mounting._parent, COMPOSED, True)
    return result


def _queued(original: Callable[[AwaitMount], Any]) -> Callable[[AwaitMount], Any]:
    async def __call__(self: AwaitMount) -> None:
        parent = self._parent
        if getattr(self, AWAITED, False) and steers(parent):
            return  # its caller's wait asks for the layout once all are mounted
        if isinstance(parent, Screen) and list(self._widgets) == [parent] and steers(parent):
            await parent._mounted_event.wait()  # what Textual's wait waits for
            if getattr(parent, COMPOSED, False):
                return  # a screen pushed: the wait of its compose asked for the layout

        setattr(self, QUEUED, True)
        await original(self)

    __call__.chronicle_original = original  # type: ignore[attr-defined]
    return __call__


def _identity_hash() -> None:
    """Textual's ``RuleSet`` hashes by identity with a method written in Python
    (``return id(self)``), called for every rule of the stylesheet each time a widget is
    styled: Python's own identity hash (``object.__hash__``) gives the same answers (equal
    only for the same rule) at C speed. Left alone if Textual's hash ever means more."""
    probe = RuleSet()
    if RuleSet.__hash__ is not object.__hash__ and hash(probe) == id(probe):
        TEXTUAL_HASH.append(RuleSet.__hash__)
        RuleSet.__hash__ = object.__hash__  # type: ignore[method-assign]


def install() -> bool:
    """Put the overrides in place (once); False, changing nothing, when Textual no longer has
    what they rely on."""
    if not supported():
        return False
    _identity_hash()
    for name, wrap in (("_on_screen_resume", _resume), ("_screen_resized", _resized)):
        original = getattr(Screen, name)
        if not hasattr(original, "chronicle_original"):
            setattr(Screen, name, wrap(original))
    for name, wrap_mount in (("__await__", _awaited), ("__call__", _queued)):
        original = getattr(AwaitMount, name)
        if not hasattr(original, "chronicle_original"):
            setattr(AwaitMount, name, wrap_mount(original))
    return True


# Pre-building ---------------------------------------------------------------------------------


def shown(app: App[Any], screen: Screen[Any]) -> bool:
    """Whether ``screen`` is in one of the app's screen stacks (shown now or earlier)."""
    stacks: dict[str, list[Screen[Any]]] = getattr(app, "_screen_stacks", {})
    return any(screen in stack for stack in stacks.values())


async def build_hidden(app: App[Any], screen: Screen[Any], *, patience: float = 3.0) -> bool:
    """Compose, mount, style and lay out ``screen`` without showing it, yielding to the event
    loop between its widgets (a key pressed meanwhile is answered between two of them). True
    when it is built (by now or before); False when it could not be (Textual changed, the app
    is not running, or it took longer than ``patience`` seconds): it is then built as usual
    when first shown."""
    if screen.is_running or screen.is_attached:
        return True
    if not (install() and app.is_running):
        return False
    app._load_screen_css(screen)
    before = style_state(app)
    app._register(app, screen)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience
    while not (screen.is_mounted and all(w.is_mounted for w in screen.walk_children(Widget))):
        if loop.time() > deadline or not screen.is_attached:
            return False
        await asyncio.sleep(0.01)
    after = style_state(app)  # styled as it mounted, unless something changed meanwhile
    setattr(screen, STAMP, after if after == before else ())
    if not shown(app, screen) and screen.is_attached:
        screen._refresh_layout(app.size)
    return True


STEP = 0.008
"""Processor seconds of drawing a hidden screen between two turns of the event loop (a key
pressed meanwhile waits at most about this long, plus one widget)."""


_HIDDEN = ("_layout_required", "_layout_widgets", "_compositor", "_message_queue")
"""What ``finish_hidden`` reads of a screen (Textual 8.2.8 attributes)."""


def _settled(screen: Screen[Any]) -> bool:
    """Whether every widget of ``screen`` has handed its requests (layout, repaint) to the
    screen, and the screen has read them."""
    return screen._message_queue.empty() and all(
        w._message_queue.empty() and not w._layout_required
        for w in screen.walk_children(Widget))


def layout_pending(screen: Screen[Any]) -> bool:
    """Whether ``screen`` will lay itself out when it is next current (Textual's
    ``Screen._on_timer_update``: a widget asked for a layout)."""
    return bool(screen._layout_required or screen._layout_widgets)


async def finish_hidden(app: App[Any], screen: Screen[Any], *, patience: float = 2.0) -> bool:
    """Run, while ``screen`` is hidden, the work its first showing would do that later ones
    do not: what its widgets prepare while hidden (``prepare_hidden()``: the footer builds its
    keys), the layouts its widgets asked for since it was laid out (each its own step), then
    the first drawing of each widget visible in it, into the widget's own cache of lines
    (``STEP`` at a time); again while a drawing asks for a layout (a list counting its lines
    as it draws them). True when done; False when ``screen`` was shown, removed or kept busy
    meanwhile (its first showing then does what is left, as usual)."""
    if not (supported() and steers(screen) and all(hasattr(screen, name) for name in _HIDDEN)):
        return False
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience

    def hidden() -> bool:
        return screen.is_attached and not shown(app, screen) and screen._compositor.size == app.size

    async def settled() -> bool:
        while not _settled(screen):
            if loop.time() > deadline or not hidden():
                return False
            await asyncio.sleep(0.01)
        return hidden()

    for widget in list(screen.walk_children(Widget)):
        prepare = getattr(widget, "prepare_hidden", None)  # the footer builds its keys
        if callable(prepare) and hidden():
            await prepare()
    for _round in range(6):
        if not await settled():
            return False
        if layout_pending(screen):
            screen._refresh_layout(app.size)
            screen._layout_required = False  # as Textual's timer does after a layout
            await asyncio.sleep(0)
            continue
        if await _draw_hidden(screen, hidden) and await settled() and not layout_pending(screen):
            return True
    return False


async def _draw_hidden(screen: Screen[Any], hidden: Callable[[], bool]) -> bool:
    """Draw each widget visible in hidden ``screen`` into its cache of lines, as Textual's
    compositor does when it paints (``Compositor._get_renders``), ``STEP`` at a time; False
    when stopped (shown, removed, or a layout asked for meanwhile)."""
    started = time.process_time()
    for widget, (region, clip) in list(screen._compositor.visible_widgets.items()):
        if widget is screen:
            continue  # drawn again when shown (``ScreenResume`` refreshes it): cheap
        if time.process_time() - started > STEP:
            await asyncio.sleep(0)
            if not hidden() or layout_pending(screen):
                return False
            started = time.process_time()
        if not widget.is_attached or widget not in screen._compositor.visible_widgets:
            continue
        x, y, width, height = region.intersection(clip)
        if width and height:
            widget.render_lines(Region(x - region.x, y - region.y, width, height))
    return True
