"""What the Tales of Arcadia dialogs share (not a screen): a labelled field row whose label
stays visible however much is typed, with its own message line just under it, and the
service refusals said in the app's terms (keys, never ``chronicle ...`` commands or flags).

A bad value never closes a dialog nor clears a field: ``say`` shows the message beside the
field concerned and moves the focus there; everything typed stays as typed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from chronicle.tui.text import plain

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.screen import Screen

    from chronicle.services.db import Database

FIELD_CSS = """
.toa-row { height: auto; }
.toa-field { height: 1; }
.toa-label { width: 12; color: $text-muted; }
.toa-field Input { width: 1fr; }
.toa-problem { color: $error; height: auto; max-height: 3; padding-left: 12; display: none; }
.toa-problem.-shown { display: block; }
.toa-note { color: $error; height: auto; max-height: 6; }
.toa-note.ok { color: $text-muted; }
"""
"""The look of a labelled field row (each dialog adds it to its own, scoped, CSS)."""


def field(label: str, widget: Input, *, label_width: int | None = None) -> Vertical:
    """One labelled field (``widget`` has an id ``<prefix>-<key>``) and, under it, the line
    where its message goes (id ``<widget id>-problem``)."""
    name = Label(label, classes="toa-label", markup=False)
    if label_width is not None:
        name.styles.width = label_width
    problem = Static("", id=f"{widget.id}-problem", classes="toa-problem")
    if label_width is not None:
        problem.styles.padding = (0, 0, 0, label_width)
    return Vertical(Horizontal(name, widget, classes="toa-field"), problem, classes="toa-row")


def say(screen: Screen[Any], widget_id: str, text: str, *, focus: bool = True) -> None:
    """Show ``text`` beside the field ``widget_id`` (and move there), keeping what is typed."""
    line = screen.query_one(f"#{widget_id}-problem", Static)
    line.update(plain(text))
    line.add_class("-shown")
    if focus:
        screen.query_one(f"#{widget_id}", Input).focus()


def clear(screen: Screen[Any]) -> None:
    """Take every field's message away."""
    for line in screen.query(".toa-problem.-shown"):  # an empty one stays (no new layout)
        if isinstance(line, Static):
            line.update("")
            line.remove_class("-shown")


_CLI = (
    (re.compile(r"; add one with 'chronicle player add [^']*'"),
     "; add them in Players (area 4, then a)"),
    (re.compile(r"bring it back with 'chronicle battle restore'"),
     "bring it back with h, then y"),
    (re.compile(r"\s*\(give --force to save it anyway\)"),
     " (ctrl+s again saves it anyway)"),
    (re.compile(r"\s*\(--condition\)"), " (the condition field)"),
    (re.compile(r"\s*\(--line N[^)]*\)"), " (highlight the line first)"),
    (re.compile(r"\s*\((\w+), --\w[\w-]*\)"), r" (\1)"),
    (re.compile(r"'chronicle ([^']*)'"), r"the command line's '\1'"),
    (re.compile(r"\[\[card\]\] table"), "card"),
    (re.compile(r"\[\[card\]\]"), "card"),
)
"""The command line's words in services' messages, and what the app says instead."""


def app_words(text: str) -> str:
    """``text`` (a service's message) in the app's terms: no commands, flags or file tables,
    validation said in plain words (``messages.people``)."""
    from chronicle.tui.messages import people

    text = people(text)
    for pattern, replacement in _CLI:
        text = pattern.sub(replacement, text)
    return text


def save(screen: Any, work: Callable[[Database], Any], description: str,
         field_for: Callable[[str], str]) -> None:
    """Save through the services once (``screen.saving`` guards a second press) and close
    ``screen`` with the result; a refusal is said beside the field ``field_for(message)``
    names (an id), everything typed kept."""
    from chronicle.errors import ChronicleError
    from chronicle.tui.screens.base import chronicle_app

    if screen.saving:
        return

    def failed(exc: Exception) -> None:
        screen.saving = False
        text = said(exc)
        say(screen, field_for(text), text)

    def done(result: Any) -> None:
        screen.saving = False
        screen.dismiss(result)

    screen.saving = True
    chronicle_app(screen).call_service(work, done, failed=failed, description=description,
                                       quiet=(ChronicleError,))


def said(exc: Exception) -> str:
    """A refusal or an error as the Tales screens say it (``messages.error_message``, in the
    app's terms)."""
    from chronicle.tui.messages import error_message

    return app_words(error_message(exc))


__all__ = ["FIELD_CSS", "app_words", "clear", "field", "said", "save", "say"]
