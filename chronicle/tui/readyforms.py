"""A game screen's forms built ahead, in idle time, for their next opening (not a screen).

A form made from the data it shows (a campaign's guilds, a force's army) is built while its
screen shows and the app has nothing else to do (``chronicle.tui.prebuild``), then handed out
by the next opening that asks for it made from the same data (``take``): the opening only
shows it, as Wyld Hunt's kept dialogs open. The screen's closing removes those not shown
(``clear``, from its ``on_unmount``). Asked for with other data (the data changed
meanwhile, another record highlighted), it is dropped and the opening builds one as usual. A
form is handed out once: the next one is built when its screen shows again. Nothing typed is
kept across openings (a form handed out was never shown).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from textual.app import App
    from textual.screen import Screen

Wanted = tuple[str, object, "Callable[[], Screen[Any]]"]
"""A form to have ready: its name, what it is made from (compared with ``==``), and how it is
made."""


class ReadyForms:
    """The forms built ahead for one screen, by name."""

    def __init__(self) -> None:
        self.forms: dict[str, tuple[object, Screen[Any]]] = {}

    def prepare(self, app: App[Any], wanted: Iterable[Wanted]) -> list[Screen[Any]]:
        """Have each form of ``wanted`` ready, built in idle time (one already ready from the
        same data is kept; one from other data is dropped): the forms made now."""
        from chronicle.tui.prebuild import again

        if not getattr(app, "prebuilds", False):
            return []
        made: list[Screen[Any]] = []
        for name, source, make in wanted:
            found = self.forms.get(name)
            if found is not None and found[0] == source and not found[1].is_current:
                continue
            self.drop(name)
            try:
                screen = make()
            except Exception:  # said when the form is opened and built as usual
                continue
            self.forms[name] = (source, screen)
            made.append(screen)
        again(app, made)
        return made

    def take(self, name: str, source: object) -> Screen[Any] | None:
        """The form ``name`` built ahead from ``source`` (then no longer ready), or None."""
        found = self.forms.pop(name, None)
        if found is None:
            return None
        if found[0] != source or found[1].is_current:
            _dispose(found[1])
            return None
        return found[1]

    def clear(self) -> None:
        """Forget every form (their screen closes: its forms would never be shown)."""
        for name in list(self.forms):
            self.drop(name)

    def drop(self, name: str) -> None:
        """Forget the form ``name`` (its hidden screen removed)."""
        found = self.forms.pop(name, None)
        if found is not None:
            _dispose(found[1])


def _dispose(screen: Screen[Any]) -> None:
    """Remove a form built ahead that will never be shown (it lives hidden in the app)."""
    from chronicle.tui.speed import shown

    if screen.is_attached and not shown(screen.app, screen):
        screen.remove()


__all__ = ["ReadyForms", "Wanted"]
