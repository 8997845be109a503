"""The command palette (ctrl+p): Textual's own, kept between openings and shown already filled.

Textual builds a new ``CommandPalette`` at each opening: it composes and styles its widgets,
binds its command providers to the screen under it, gathers their commands in a worker, and
then shows its list through several class changes (the list made visible, the input's border
changed, the palette made ready), each restyling part of it and laying it out again. The app
keeps one palette instead (``kept_palette``), built in idle time (``prebuilt``):

- **bound at each showing**: as it is shown it makes its providers for the screen under it
  (what Textual's palette does as it mounts, ``reopen``), so its commands are that screen's;
- **filled before it is drawn**: the commands shown with nothing typed are gathered on the spot
  when every provider can give them without waiting (``discovered``: the app's providers
  never wait), and put in the list before the palette is drawn; the list is refilled only when
  they read differently from what it shows (else only the commands it runs are replaced), and
  it stays visible and ready between openings (no class changes, no restyle). A provider that
  has to wait is gathered in Textual's worker, as Textual does;
- **reset once closed** (``reset``): nothing typed, no search running, its providers shut down,
  its list gathered again for the screen it closed over (the next opening most likely finds
  the same commands and draws nothing new), laid out and drawn while hidden if it changed
  (``speed.finish_hidden``, as every screen built in idle time).

Typing searches as in Textual (its ``_gather_commands`` worker). Every reliance on Textual's
private palette (its private names and state, the handlers of its ``Mount`` and
``ScreenResume``) is checked by ``palette_kept`` when the palette is made: if Textual changed,
the app builds a new palette at each opening, as Textual does. ``tests/tui/test_palette.py``
fails when what it relies on changes. ``SafeCommandPalette`` also guards Textual's page keys
(an upstream bug).
"""

from __future__ import annotations

import contextlib
from functools import partial
from typing import TYPE_CHECKING, Any

from textual import events
from textual.command import Command, CommandInput, CommandList, CommandPalette, Provider
from textual.screen import Screen
from textual.widget import Widget

from chronicle.tui.speed import finish_hidden

if TYPE_CHECKING:
    from collections.abc import AsyncIterator, Iterable

    from textual.app import App
    from textual.command import DiscoveryHit, Hit

TESTED_WITH = "8.2.8"
"""The Textual version the kept palette was written against (its tests say if one broke)."""

_PALETTE_NAMES = ("_on_mount", "_on_unmount", "_gather_commands", "_cancel_gather_commands",
                  "_stop_busy_countdown", "_stop_no_matches_countdown", "_provider_classes",
                  "_refresh_command_list", "_start_no_matches_countdown")
_PALETTE_STATE = ("_providers", "_selected_command", "_hit_count", "_list_visible",
                  "_show_busy", "_calling_screen")


def handlers(kind: type, event: type[events.Event]) -> list[type]:
    """The classes of ``kind``'s lineage that handle ``event`` (Textual calls them in this
    order, each class's ``_on_<event>`` or else its ``on_<event>``, until one prevents the
    default)."""
    name = f"on_{event.handler_name.removeprefix('on_')}"
    return [cls for cls in kind.__mro__ if f"_{name}" in cls.__dict__ or name in cls.__dict__
            or event in (cls.__dict__.get("_decorated_handlers") or {})]


def palette_kept(palette: CommandPalette) -> bool:
    """Whether Textual's ``CommandPalette`` still works as ``KeptPalette`` expects (else the
    app builds a new palette at each opening, as Textual does): the handlers of its ``Mount``
    (Textual's palette's, skipped, then the screen's and the widget's, run), the private
    methods and state it uses."""
    kind = type(palette)
    return (handlers(kind, events.Mount) == [KeptPalette, CommandPalette, Screen, Widget]
            and handlers(kind, events.ScreenResume) == [KeptPalette, Screen]
            and all(callable(getattr(kind, name, None))
                    or isinstance(getattr(kind, name, None), property)
                    for name in _PALETTE_NAMES)
            and all(hasattr(palette, name) for name in _PALETTE_STATE))


def waits(kind: type[Provider]) -> bool:
    """Whether a provider of ``kind`` may have to wait before it gives its commands: it starts
    up or shuts down with work of its own (Textual's are no-ops)."""
    return kind.startup is not Provider.startup or kind.shutdown is not Provider.shutdown


def discovered(providers: Iterable[Provider]) -> list[DiscoveryHit | Hit] | None:
    """The commands ``providers`` show with nothing typed (``Provider.discover``), gathered
    on the spot; None when a provider has to wait (its commands are then gathered as Textual
    does, in a worker). A discovery that never waits finishes at its first step: its
    coroutine's ``send`` gives each command (``StopIteration``) until it is done."""
    hits: list[DiscoveryHit | Hit] = []
    for provider in providers:
        if waits(type(provider)):
            return None
        found: AsyncIterator[DiscoveryHit | Hit] = provider.discover().__aiter__()
        while True:
            step = found.__anext__()
            try:
                step.send(None)  # type: ignore[attr-defined]
            except StopIteration as given:
                if given.value is not NotImplemented:  # as Provider._search
                    hits.append(given.value)
                continue
            except StopAsyncIteration:
                break
            step.close()  # type: ignore[attr-defined]  # it waits: gathered in a worker
            return None
    return hits


def prompts(palette: CommandPalette, hits: Iterable[DiscoveryHit | Hit]) -> list[Command]:
    """The list's options for ``hits``, numbered and drawn as ``_gather_commands`` does (the
    title as Textual reads it, the help below in the palette's help style)."""
    from rich.text import Text
    from textual.content import Content
    from textual.style import Style

    help_style = Style.from_styles(palette.get_component_styles("command-palette--help-text"))
    made: list[Command] = []
    for number, hit in enumerate(hits):
        title = hit.prompt
        parts = [Content.from_rich_text(title) if isinstance(title, Text)
                 else Content.from_markup(title)]  # type: ignore[arg-type]  # as Textual
        if hit.help:
            parts.append(Content.from_markup(hit.help).stylize_before(help_style))
        made.append(Command(Content("\n").join(parts), hit, id=str(number)))
    return made


def _looks(prompt: Any) -> tuple[Any, ...]:
    """What an option shows (``Content`` compares its text only)."""
    return (getattr(prompt, "plain", prompt), tuple(getattr(prompt, "spans", ())))


class KeptPalette(CommandPalette):
    """Textual's command palette, which the app may keep between openings (``kept``): composed
    once, bound to the screen under it and filled at each showing, reset once closed."""

    def __init__(self, *args: Any, kept: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kept = kept and palette_kept(self)

    def _on_mount(self, event: events.Mount) -> None:
        """A kept palette mounts as any screen does, without ``CommandPalette._on_mount``
        (which binds it to the screen under it and gathers its commands: done at each showing
        by ``reopen``; the palette may be built hidden, over no screen). First of the lineage:
        the other handlers (checked by ``palette_kept``) are Textual's palette's, skipped, and
        the screen's and widget's, run."""
        if self.kept:
            event.prevent_default()
            Screen._on_mount(self, event)
            Widget._on_mount(self, event)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Shown: Textual's screen resumes first (restyled if something changed, focused),
        then the palette is bound to the screen under it and filled, before it is drawn."""
        if self.kept:
            event.prevent_default()
            Screen._on_screen_resume(self, event)
            if self._calling_screen is None and len(self.app.screen_stack) > 1:
                self.reopen(self.app.screen_stack[-2])

    async def on_screen_suspend(self) -> None:
        if self.kept and self not in self.app.screen_stack:
            await self.reset()

    def prebuilt(self) -> None:
        """Built in idle time: filled for the screen shown now (the first opening most likely
        finds the same commands); the app then finishes it hidden (``speed.finish_hidden``)."""
        if self.kept and self._calling_screen is None:
            self.refill(self.app.screen)

    def reopen(self, calling: Screen[Any]) -> None:
        """What Textual's palette does as it mounts (``CommandPalette._on_mount``), done again
        at each showing over ``calling``: it says it opened, makes its command providers for
        that screen and shows their commands (gathered on the spot when they need no wait)."""
        self.app.post_message(CommandPalette.Opened())
        self._calling_screen = calling
        match_style = self.get_visual_style("command-palette--highlight", partial=True)
        self._providers = [kind(calling, match_style) for kind in self._provider_classes]
        for provider in self._providers:
            provider._post_init()
        hits = discovered(self._providers)
        if hits is None:  # as a new palette: nothing shown until gathered
            self.query_one(CommandList).clear_options()
            self._list_visible = False
            self.remove_class("-ready")
            self._gather_commands("")
        else:
            self.show(hits)

    def refill(self, screen: Screen[Any]) -> bool:
        """While closed: the list filled with the commands of ``screen`` (most likely the
        next one it opens over), when its providers need no wait. True when filled anew."""
        if not screen.is_attached or screen is self:
            return False
        self._calling_screen = screen
        try:
            kinds = self._provider_classes
        finally:
            self._calling_screen = None
        hits = discovered(kind(screen) for kind in kinds)
        return hits is not None and self.show(hits)

    def show(self, hits: list[DiscoveryHit | Hit]) -> bool:
        """Show ``hits`` as ``_gather_commands`` does once done (highest score first, the first
        highlighted, then ready): the list is filled anew only when they read differently from
        what it shows, else its options run the new commands. True when filled anew."""
        commands = prompts(self, hits)
        ordered = sorted(commands, key=lambda command: command.hit.score, reverse=True)
        command_list = self.query_one(CommandList)
        shown = command_list.options
        same = (len(shown) == len(ordered) and self.has_class("-ready")
                and all(isinstance(old, Command) and _looks(old.prompt) == _looks(new.prompt)
                        for old, new in zip(shown, ordered, strict=True)))
        if same:
            for old, new in zip(shown, ordered, strict=True):
                assert isinstance(old, Command)
                old.hit = new.hit
            command_list.highlighted = 0 if ordered else None
            self._list_visible = bool(ordered)
            self._hit_count = len(ordered)
        else:
            self._refresh_command_list(command_list, commands, True)
        self._show_busy = False
        if not commands:
            self._hit_count = 0
            self._start_no_matches_countdown("")
        self.add_class("-ready")
        return not same

    async def reset(self) -> None:
        """Put the palette, just closed, back as Textual's is when new (no search running, no
        countdown, nothing typed or selected, its providers shut down:
        ``CommandPalette._on_unmount``), its list filled for the screen now shown."""
        from textual.widgets import Input

        self._cancel_gather_commands()
        for worker in [w for w in self.workers if w.node is self]:
            with contextlib.suppress(Exception):  # cancelled: it stops at its next step
                await worker.wait()
        await self._on_unmount()
        self._stop_busy_countdown()
        self._stop_no_matches_countdown()
        field = self.query_one(CommandInput)
        with self.prevent(Input.Changed):
            field.value = ""
        field.cursor_position = 0
        self._selected_command = None
        self._calling_screen = None
        if self.refill(self.app.screen):  # laid out and drawn while hidden, not at showing
            self.run_worker(finish_hidden(self.app, self), exit_on_error=False,
                            description="Finishing the closed palette")


class SafeCommandPalette(KeptPalette):
    """Textual's command palette (kept, see ``KeptPalette``), with PageDown and PageUp guarded.

    Upstream bug (Textual 8.2.8, ``OptionList._move_page``; to report to Textualize/textual):
    paging reads ``self._index_to_line[self.highlighted or 0]`` before the list has laid out
    its lines, so PageDown or PageUp within about 100 ms of opening the palette raises
    ``KeyError: 0`` and exits the app. Minimal reproduction (no other code needed)::

        from textual.app import App
        import asyncio

        async def main() -> None:
            async with App().run_test() as pilot:
                pilot.app.action_command_palette()
                await asyncio.sleep(0)
                await pilot.press("pagedown")   # KeyError: 0 in _move_page

        asyncio.run(main())

    Until it is fixed upstream, a page key pressed before the list is laid out does nothing
    (there is nothing to page through yet). ``tests/tui/test_hostile_pilot.py`` keeps the
    reproduction.
    """

    def _action_command_list(self, action: str) -> None:
        try:
            super()._action_command_list(action)
        except (KeyError, IndexError):
            return


def kept_palette(app: App[Any]) -> SafeCommandPalette:
    """The app's palette, built once and kept between openings (installed as "palette"); a
    new one, as in Textual, while the kept one is on a screen stack, or if Textual's palette
    is not what ``KeptPalette`` expects."""
    from chronicle.tui.screens.base import kept_screen

    kept = kept_screen(app, "palette", SafeCommandPalette,
                       partial(SafeCommandPalette, id="--command-palette", kept=True))[0]
    if kept.kept and app.get_screen("palette") is kept:
        return kept
    return SafeCommandPalette(id="--command-palette")


def prebuilt_palette(app: App[Any]) -> list[Screen[Any]]:
    """The kept palette, to be built in idle time (none if it cannot be kept, or is open)."""
    kept = kept_palette(app)
    return [kept] if kept.kept else []
