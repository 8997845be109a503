"""The new-character dialog: the player (a choice of the group's players), the name and the game
system. Returns the created character; a refused name leaves the dialog open as typed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Label, Select, Static

from chronicle.tui.screens.dialog import FormDialog, buttons, compact, field
from chronicle.tui.text import plain
from chronicle.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.wyld_hunt.services.characters import CharacterView


def systems() -> list[tuple[str, str]]:
    """Every game system a character may use, as (label, key)."""
    import chronicle.systems.wyld_hunt  # noqa: F401  (registers its editions)
    from chronicle.rules.editions import edition_keys, find_edition

    found = []
    for key in edition_keys():
        edition = find_edition(key)
        found.append((edition.label if edition else key, key))
    return found


SPACED = "margin-bottom: 1;"
"""A field row with a blank line under it."""


class NewCharacterScreen(FormDialog["CharacterView"]):
    """Create a character for one of the players."""

    BINDINGS: ClassVar[list[BindingType]] = [  # after the dialog's escape
        Binding("ctrl+s", "save", "Create"),
    ]

    def __init__(self, players: list[str], player: str | None = None) -> None:
        super().__init__()
        self.players = players
        self.player = player if player in players else players[0]

    def compose(self) -> ComposeResult:
        # Inline styles, not screen CSS: Textual loads a screen's CSS by restyling every widget
        # of the app the first time the screen is shown.
        with Vertical(classes="dialog"):
            yield Label("[b]A new character[/b]  [dim]enter or ctrl+s creates · esc cancels"
                        "[/dim]")
            yield Label("")
            yield field("player", compact(Select([(plain(p), p) for p in self.players],
                                                 value=self.player, allow_blank=False,
                                                 id="new-player"))).set_styles(SPACED)
            yield field("name", compact(Input(id="new-name", placeholder="e.g. Winerdria"))
                        ).set_styles(SPACED)
            options = systems()
            yield field("system", compact(Select(options, value=options[0][1], allow_blank=False,
                                                 id="new-system"))).set_styles(SPACED)
            yield Static("The builder opens next: icon, Merits and Flaws from the player's own "
                         "cards, then court and background.", id="new-status", classes="hint")
            yield buttons("Create (ctrl+s)")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#new-name", Input).focus()

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.action_save()

    def action_save(self) -> None:
        """Create the character in a worker; stay open (values kept) if it is refused."""
        from chronicle.systems.wyld_hunt.services.characters import new_character

        field = self.query_one("#new-name", Input)
        name = field.value.strip()
        if not name:
            self.problem("Type the character's name first.", field)
            return
        player = str(self.query_one("#new-player", Select).value)
        system = str(self.query_one("#new-system", Select).value)

        def work(db: Database) -> CharacterView:
            return new_character(db, player, name, system=system)

        self.save_with(work, "Creating the character", near=field)

    def commands(self) -> Iterable[SystemCommand]:
        """Command palette entries of this dialog."""
        yield SystemCommand("Create the character", "And open the builder (ctrl+s)",
                            self.action_save)
        yield SystemCommand("Cancel the new character", "Close without creating (esc)",
                            self.action_cancel)
