"""What the Tales of Arcadia dialogs share (not a screen): labelled fields whose labels stay
visible however much is typed, each message on a line just under its field, and the
service refusals said in the app's terms (keys, never ``chronicle ...`` commands or flags).

A bad value never closes a dialog nor clears a field: ``say`` shows the message beside the
field concerned and moves the focus there; everything typed stays as typed.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from textual.widgets import Input

from chronicle.tui.widgets.form_grid import FormGrid

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.screen import Screen
    from textual.widget import Widget

    from chronicle.services.db import Database

FIELD_CSS = """
.toa-note { color: $error; height: auto; max-height: 6; }
.toa-note.ok { color: $text-muted; }
"""
"""The look of a dialog's note under its fields (each dialog adds it to its own CSS)."""


def fields(*children: Widget, id: str | None = None, columns: str | None = None) -> FormGrid:
    """A dialog's labelled fields (``form_grid.labelled``, each field with an id
    ``<prefix>-<key>``), in two columns or ``columns`` (as ``FormGrid`` takes them, the first
    the labels'); what is wrong with one shows under its row on the line
    ``#<field id>-problem`` (class ``toa-problem``), made when something first is."""
    first = (columns or "12").split()[0]
    return FormGrid(*children, problem_classes="toa-problem", id=id, columns=columns,
                    label_width=int(first) if first.isdigit() else 12)


def say(screen: Screen[Any], widget_id: str, text: str, *, focus: bool = True) -> None:
    """Show ``text`` beside the field ``widget_id`` (and move there), keeping what is typed."""
    field = screen.query_one(f"#{widget_id}", Input)
    grid = next(a for a in field.ancestors if isinstance(a, FormGrid))
    grid.say(widget_id, text, focus=focus)


def clear(screen: Screen[Any]) -> None:
    """Take every field's message away (the lines stay, empty, for the next ones)."""
    for grid in screen.query(FormGrid):
        grid.clear()


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


def next_or_save(screen: Any, event: Input.Submitted, last: str) -> None:
    """Enter in a field: on to the next field, or save (``screen.action_save``) from the last
    one (``last``: its id)."""
    event.stop()
    if event.input.id == last:
        screen.action_save()
    else:
        screen.focus_next()


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


__all__ = ["FIELD_CSS", "app_words", "clear", "fields", "next_or_save", "said", "save", "say"]
