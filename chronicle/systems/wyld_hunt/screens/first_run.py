"""The first-run dialog, shown when the database has no players yet."""

from __future__ import annotations

from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Markdown

Choice = Literal["demo", "player", "browse"]

WELCOME = """\
# Welcome to Arcadia Chronicle

Your database is empty. Arcadia Chronicle keeps your play group's cards, characters,
chronicles and games, and checks every step against the rulebook.

* **d**: load the rulebook's example (Tim with Winerdria, Josh with Annoyicus, their packs
  and a first game) to see everything working at once;
* **a**: add the first player of your group and start recording your cards;
* **escape**: just browse the card catalog for now.
"""


class FirstRunScreen(ModalScreen[Choice]):
    """What to do with an empty database."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "choose('demo')", "Demo data"),
        Binding("a", "choose('player')", "Add a player"),
        Binding("escape", "choose('browse')", "Browse"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="first-run"):
            yield Markdown(WELCOME)
            with Horizontal(classes="buttons"):
                yield Button("Demo data (d)", id="demo", variant="primary")
                yield Button("Add a player (a)", id="player")
                yield Button("Browse (esc)", id="browse")
            yield Label("")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose(str(event.button.id))

    def action_choose(self, choice: str) -> None:
        if choice in ("demo", "player", "browse"):
            self.dismiss(choice)  # type: ignore[arg-type]
