"""The key footer of every screen: Textual's ``Footer``, drawn the same, built only when what it
shows changes.

Textual's footer throws its keys away and builds them anew whenever the screen's bindings are
said to have changed: on every focus change, every screen switch and every dialog closed, even
when the keys shown are exactly the same. Each key is a widget, and in a compact footer each one
is restyled on its own as it mounts (its ``-compact`` class is set by a watcher after it is
styled). On a screen switch that was a third of the time (bench/tui.py). This footer remembers
what it shows (key, label, enabled, tooltip of each key) and rebuilds only when that changes; its
keys are born with their compact class, so they are styled once, together. Under a dialog it
waits: the area keys the dialog disables rebuilt the hidden footer twice per dialog.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby
from typing import TYPE_CHECKING, Any

from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

from chronicle.tui.widgets.narrow import footer_hidden

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.binding import Binding
    from textual.screen import Screen

Shown = tuple[tuple[str, str, str, str, bool, str, str], ...]
"""What the footer shows: per key its key, display, label, action, enabled, tooltip, group."""


class Footer(TextualFooter):
    """Textual's footer (same look, keys, tooltips and clicks), rebuilt only on a change."""

    def __init__(self, *, compact: bool = False, show_command_palette: bool = True) -> None:
        super().__init__(compact=compact, show_command_palette=show_command_palette)
        self._shown: Shown | None = None

    def shown(self) -> Shown:
        """The keys the footer would show now."""
        app = self.app
        active = self.screen.active_bindings
        palette = (active.get(app.COMMAND_PALETTE_BINDING)
                   if self.show_command_palette and app.ENABLE_COMMAND_PALETTE else None)
        hidden = footer_hidden(self.screen)  # left out on a narrow screen (``narrow``)
        keys: list[tuple[str, str, str, str, bool, str, str]] = []
        for entry in [*active.values(), palette]:
            if entry is None or not (entry[1].show or entry is palette):
                continue
            if entry is not palette and entry[1].action in hidden:
                continue
            _node, binding, enabled, tooltip = entry
            group = binding.group.description if binding.group is not None else ""
            keys.append((binding.key, app.get_key_display(binding), binding.description,
                         binding.action, enabled, tooltip or binding.tooltip, group))
        return tuple(keys)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        """Build the keys again, when they differ from those shown. Not while its screen is
        under another (a dialog: the keys it disables there are hidden anyway, and they are
        looked at again when the screen is shown again)."""
        if not self.is_attached:
            return
        app = self.app
        if self.screen is not app.screen and self.screen in app.screen_stack:
            return
        shown = self.shown()
        if shown != self._shown:
            self._shown = shown
            await self.recompose()

    async def prepare_hidden(self) -> None:
        """Build the keys of a screen built in idle time while it is hidden, once it is filled
        (``speed.finish_hidden``), instead of at its first showing (Textual builds none until
        the screen says its bindings changed); that showing rebuilds them only if they
        differ then. Run from the app's idle-time worker, the keys are composed as the footer's
        own (Textual binds their ``compact`` to the active message pump, which would be the
        app there: "Unable to bind data; Footer is not defined on ChronicleApp")."""
        from textual._context import active_message_pump

        self._bindings_ready = True
        token = active_message_pump.set(self)
        try:
            await self._rebuild()
        finally:
            active_message_pump.reset(token)

    def compose(self) -> ComposeResult:
        """Textual's ``Footer.compose`` (8.2.8), with each key given its compact class at
        birth instead of by a watcher after it is mounted, and the keys a narrow screen leaves
        out (``narrow.fit_footer``) left out."""
        if not self._bindings_ready:
            return
        compact = "-compact" if self.compact else ""
        active_bindings = self.screen.active_bindings
        hidden = footer_hidden(self.screen)
        action_to_bindings: defaultdict[str, list[tuple[Binding, bool, str]]]
        action_to_bindings = defaultdict(list)
        for _node, binding, enabled, tooltip in active_bindings.values():
            if binding.show and binding.action not in hidden:
                action_to_bindings[binding.action].append((binding, enabled, tooltip))

        self.styles.grid_size_columns = len(action_to_bindings)

        for group, grouped in groupby(action_to_bindings.values(),
                                      lambda multi: multi[0][0].group):
            multi_bindings = list(grouped)
            if group is not None and len(multi_bindings) > 1:
                with KeyGroup(classes="-compact" if group.compact else ""):
                    for multi in multi_bindings:
                        binding, enabled, tooltip = multi[0]
                        yield FooterKey(
                            binding.key, self.app.get_key_display(binding), "",
                            binding.action, disabled=not enabled,
                            tooltip=tooltip or binding.description,
                            classes=f"-grouped {compact}",
                        ).data_bind(compact=TextualFooter.compact)
                yield FooterLabel(group.description)
            else:
                for multi in multi_bindings:
                    binding, enabled, tooltip = multi[0]
                    yield FooterKey(
                        binding.key, self.app.get_key_display(binding), binding.description,
                        binding.action, disabled=not enabled, tooltip=tooltip,
                        classes=compact,
                    ).data_bind(compact=TextualFooter.compact)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            try:
                _node, binding, enabled, tooltip = active_bindings[
                    self.app.COMMAND_PALETTE_BINDING]
            except KeyError:
                pass
            else:  # not bound to the footer's compact: Textual's watcher makes it compact
                yield FooterKey(
                    binding.key, self.app.get_key_display(binding), binding.description,
                    binding.action, classes="-command-palette -compact",
                    disabled=not enabled, tooltip=binding.tooltip or binding.description,
                )
